"""The action text notation: every action's text reads back to an equal action, the
reader is forgiving about case, suit symbols and short verbs, malformed text is an
InvalidActionError naming the bad field, and ``Game.apply`` takes text or values."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_family
from canasta_family import (
    Action,
    Answer,
    Ask,
    Card,
    Discard,
    Draw,
    HandSetup,
    InvalidActionError,
    LayOff,
    MakeMeld,
    Merge,
    Pass,
    PickUp,
    PlaceRedThree,
    Retract,
    TakePile,
    parse_action,
    parse_card,
    parse_cards,
)
from canasta_family.cards import card_from_code

ALL_CARDS = [card_from_code(code) for code in range(53)]

cards = st.sampled_from(ALL_CARDS)
card_lists = st.lists(cards, min_size=1, max_size=8)
indices = st.integers(0, 30)

actions: st.SearchStrategy[Action] = st.one_of(
    st.just(Draw()),
    st.just(Pass()),
    st.just(Retract()),
    st.builds(Answer, yes=st.booleans()),
    st.builds(Discard, card=cards),
    st.builds(PlaceRedThree, card=cards),
    st.builds(MakeMeld, cards=card_lists),
    st.builds(LayOff, meld=indices, cards=card_lists),
    st.builds(Merge, first=indices, second=indices),
    st.builds(PickUp, onto=indices),
    st.builds(Ask, partner=st.integers(0, 5)),
    st.builds(TakePile, onto=indices),
    st.builds(TakePile, cards=card_lists),
)

SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
CARD_TOKEN = re.compile(r"(?<!\S)(10|[2-9JQKA])([cdhs])(?!\S)")


def with_symbols(text: str) -> str:
    """The text with every card's suit letter written as a suit symbol."""
    return CARD_TOKEN.sub(lambda m: m.group(1) + SYMBOLS[m.group(2)], text)


# --- round trips ---------------------------------------------------------------------------


@given(actions)
def test_text_round_trip(action: Action) -> None:
    """str(action) parses back to an equal action, and the text is canonical."""
    text = str(action)
    back = parse_action(text)
    assert back == action
    assert type(back) is type(action)
    assert str(back) == text


@given(actions)
def test_forgiving_upper_case_and_suit_symbols(action: Action) -> None:
    """The same text in upper case, with suit symbols, or with extra spaces and commas
    reads the same."""
    text = str(action)
    assert parse_action(text.upper()) == action
    assert parse_action(with_symbols(text)) == action
    assert parse_action("  " + text.replace(" ", " ,  ") + "  ") == action


@given(card_lists)
def test_cards_are_canonical_in_any_order(hand: list[Card]) -> None:
    """Cards in an action are kept sorted, so any order gives the same action and text."""
    shuffled = list(reversed(hand))
    assert MakeMeld(hand) == MakeMeld(shuffled)
    assert str(MakeMeld(shuffled)) == "meld " + " ".join(
        str(c) for c in sorted(hand, key=lambda card: card.code))
    assert LayOff(2, hand) == parse_action("lay-off 2 " + " ".join(map(str, shuffled)))


def test_take_pile_with_further_melds_is_refused_with_a_pointer() -> None:
    """AS-23: a take no longer carries further melds after '+' (schema 1 wrote them); the
    error says to take the pile and then meld, and names the field."""
    with pytest.raises(InvalidActionError, match="then meld") as caught:
        parse_action("take-pile 9d 9c + Kh Kd Ks")
    assert caught.value.field == "cards"


def test_every_card_text_round_trips() -> None:
    """All 53 distinct cards read back from their text."""
    for card in ALL_CARDS:
        assert parse_card(str(card)) == card
        assert Card.parse(str(card).lower()) == card


# --- forgiving forms ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("DRAW", Draw()),
    ("Draw", Draw()),
    ("dr", Draw()),
    ("PASS", Pass()),
    ("Retract", Retract()),
    ("m 7h 7s 7c", MakeMeld(parse_cards("7c 7h 7s"))),
    ("MELD 7H 7S 7C", MakeMeld(parse_cards("7c 7h 7s"))),
    ("meld 7♥ 7♠ 7♣", MakeMeld(parse_cards("7c 7h 7s"))),
    ("meld 7♡ 7♤ 7♧", MakeMeld(parse_cards("7c 7h 7s"))),
    ("meld 7h,7s,7c", MakeMeld(parse_cards("7c 7h 7s"))),
    ("meld Td Jd Qd", MakeMeld(parse_cards("10d Jd Qd"))),
    ("meld td jd qd", MakeMeld(parse_cards("10d Jd Qd"))),
    ("meld 10D JD QD", MakeMeld(parse_cards("10d Jd Qd"))),
    ("d Ks", Discard(parse_card("Ks"))),
    ("D K♠", Discard(parse_card("Ks"))),
    ("discard Td", Discard(parse_card("10d"))),
    ("discard joker", Discard(parse_card("JK"))),
    ("discard jk", Discard(parse_card("JK"))),
    ("lo 0 7d JK", LayOff(0, parse_cards("7d JK"))),
    ("l 3 2c", LayOff(3, parse_cards("2c"))),
    ("layoff 1 7d", LayOff(1, parse_cards("7d"))),
    ("tp 9d 9c", TakePile(cards=parse_cards("9c 9d"))),
    ("take 9d 9c 2h", TakePile(cards=parse_cards("2h 9c 9d"))),
    ("TakePile ONTO 2", TakePile(onto=2)),
    ("take-pile onto 0", TakePile(onto=0)),
    ("take-pile", TakePile()),
    ("merge 3 1", Merge(1, 3)),
    ("pickup 2", PickUp(2)),
    ("pu 0", PickUp(0)),
    ("place 3h", PlaceRedThree(parse_card("3h"))),
    ("ASK 2", Ask(2)),
    ("answer Y", Answer(yes=True)),
    ("Answer No", Answer(yes=False)),
    ("answer n", Answer(yes=False)),
])
def test_forgiving_forms(text: str, expected: Action) -> None:
    """Short verbs, any case, suit symbols, T for ten, commas and joker words are read."""
    assert parse_action(text) == expected


# --- malformed text -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "field"), [
    ("", "action"),
    ("   ", "action"),
    ("jump 7h", "action"),
    ("draw 2", "arguments"),
    ("pass now", "arguments"),
    ("retract 7h", "arguments"),
    ("meld", "cards"),
    ("meld 7x 7h", "card"),
    ("meld 1h 2h 3h", "card"),
    ("meld 11h", "card"),
    ("discard", "card"),
    ("discard 7h 7s", "card"),
    ("discard seven", "card"),
    ("lay-off 7h", "meld"),
    ("lay-off 0", "meld"),
    ("lay-off x 7h", "meld"),
    ("lay-off -1 7h", "meld"),
    ("lay-off 0 7z", "card"),
    ("merge 1", "meld"),
    ("merge a b", "meld"),
    ("merge 1 2 3", "meld"),
    ("take-pile 9c +", "cards"),
    ("take-pile + 9c 9d", "cards"),
    ("take-pile 9c 9d + + Kh Kd Ks", "cards"),
    ("take-pile onto", "onto"),
    ("take-pile onto x", "onto"),
    ("take-pile onto 1 2", "onto"),
    ("pick-up", "onto"),
    ("pick-up one", "onto"),
    ("place", "card"),
    ("place 3h 3d", "card"),
    ("ask", "partner"),
    ("ask two", "partner"),
    ("answer", "answer"),
    ("answer maybe", "answer"),
    ("answer yes no", "answer"),
])
def test_malformed_text_names_the_field(text: str, field: str) -> None:
    """Text that is not an action raises InvalidActionError (a ValueError) naming the bad
    field."""
    with pytest.raises(InvalidActionError) as err:
        parse_action(text)
    assert err.value.field == field
    assert isinstance(err.value, ValueError)
    assert str(err.value)


@pytest.mark.parametrize("value", [None, 7, ["draw"], b"draw"])
def test_non_text_is_refused(value: object) -> None:
    """Only text is parsed."""
    with pytest.raises(InvalidActionError) as err:
        parse_action(value)  # type: ignore[arg-type]
    assert err.value.field == "action"


def test_action_values_check_their_cards() -> None:
    """Action values hold Cards, not text."""
    with pytest.raises(InvalidActionError) as err:
        MakeMeld(("7h", "7s", "7c"))  # type: ignore[arg-type]
    assert err.value.field == "cards"


# --- apply takes text or values ---------------------------------------------------------------


def small_game() -> canasta_family.Game:
    return canasta_family.new_game("american-samba", players=2, seed=3, start=HandSetup(
        hands=("7c 7d 7h Kc Kd Ks 5h 9s", "4c 4d 4h 8s 8d"), pile="6c 9d",
        stock="Qs Qh Jd Jc", dealer=1, scores=(-50, 0)))


def test_AS_15_apply_accepts_text_or_value() -> None:
    """AS-15: a turn played as text (in forgiving forms) or as values gives equal games;
    the game stores canonical values."""
    by_text = small_game()
    by_value = small_game()
    for text, value in (("DRAW", Draw()),
                        ("m 7♥ 7♦ 7♣", MakeMeld(parse_cards("7c 7d 7h"))),
                        ("lo 0 7d", None),
                        ("d 9♠", Discard(parse_card("9s")))):
        if value is None:
            assert not by_text.is_legal(text)  # no second 7d in hand
            with pytest.raises(InvalidActionError) as err:
                by_text.apply(text)
            assert err.value.field == "cards"
            continue
        by_text.apply(text)
        by_value.apply(value)
        assert by_text == by_value
    assert by_text.actions == (Draw(), MakeMeld(parse_cards("7c 7d 7h")),
                               Discard(parse_card("9s")))
    assert by_text.record().actions == ("draw", "meld 7c 7d 7h", "discard 9s")
    assert by_text.current_player == 1


def test_apply_refuses_garbage_and_leaves_the_game_unchanged() -> None:
    """Malformed text, a wrong player and an illegal move all raise and change nothing."""
    game = small_game()
    before = game.snapshot()
    with pytest.raises(InvalidActionError) as err:
        game.apply("meld 7h 7h 7x")
    assert err.value.field == "card"
    with pytest.raises(InvalidActionError) as err:
        game.apply("draw", player=1)
    assert err.value.field == "player"
    with pytest.raises(canasta_family.IllegalActionError) as illegal:
        game.apply("discard Ks")
    assert illegal.value.rule == "AS-15"
    assert game.snapshot() == before
    game.apply("draw", player=0)
    assert game.phase == "play"


def test_verify_and_is_legal_accept_text_and_values() -> None:
    """verify and is_legal read text the same way as apply."""
    game = small_game()
    assert game.is_legal("DR") and game.is_legal(Draw())
    game.verify("draw")
    assert not game.is_legal("nonsense") and not game.is_legal("meld 7h 7h")
    game.apply(Draw())
    assert game.is_legal("meld 7♣ 7♦ 7♥") and game.is_legal("M 7C 7D 7H")
    legal = game.legal_actions()
    assert all(parse_action(str(a)) in legal for a in legal)
    assert all(game.is_legal(str(a)) for a in legal)


# --- values of the wrong type cannot be built ------------------------------------------------

KS = parse_card("Ks")


@pytest.mark.parametrize(("build", "field"), [
    (lambda: Answer(yes="no"), "answer"),  # type: ignore[arg-type]
    (lambda: Answer(yes=1), "answer"),  # type: ignore[arg-type]
    (lambda: LayOff(meld=False, cards=(KS,)), "meld"),
    (lambda: LayOff(meld="0", cards=(KS,)), "meld"),  # type: ignore[arg-type]
    (lambda: LayOff(meld=0.0, cards=(KS,)), "meld"),  # type: ignore[arg-type]
    (lambda: LayOff(meld=0, cards=()), "cards"),
    (lambda: LayOff(meld=10**5000, cards=(KS,)), "meld"),
    (lambda: TakePile(onto=True), "onto"),
    (lambda: TakePile(cards=(KS,), onto=0), "onto"),
    (lambda: PickUp(onto=2.5), "onto"),  # type: ignore[arg-type]
    (lambda: Ask(partner=True), "partner"),
    (lambda: Ask(partner=1.0), "partner"),  # type: ignore[arg-type]
    (lambda: Merge(first=0, second=None), "meld"),  # type: ignore[arg-type]
    (lambda: Discard(card="Ks"), "card"),  # type: ignore[arg-type]
    (lambda: PlaceRedThree(card=None), "card"),  # type: ignore[arg-type]
    (lambda: MakeMeld(cards="7c 7d 7h"), "cards"),  # type: ignore[arg-type]
    (lambda: MakeMeld(cards=5), "cards"),  # type: ignore[arg-type]
    (lambda: MakeMeld(cards=()), "cards"),
    (lambda: MakeMeld(cards=(KS, "7h")), "cards"),  # type: ignore[arg-type]
])
def test_action_values_refuse_wrong_field_types(build: Any, field: str) -> None:
    """An action value with a field of the wrong type cannot be built: it would be stored
    as one thing and written in its record as another (``Answer(yes="no")`` reads "yes"),
    or fail later with an unrelated error. The error names the field."""
    with pytest.raises(InvalidActionError) as err:
        build()
    assert err.value.field == field


def test_integral_numbers_of_other_types_are_welcome() -> None:
    """Values with ``__index__`` (NumPy integers, for instance) are read as ints, so the
    value equals, prints and replays as the plain-int one."""
    numpy = pytest.importorskip("numpy")
    built = LayOff(meld=numpy.int64(2), cards=(KS,))
    assert built == LayOff(meld=2, cards=(KS,)) and type(built.meld) is int
    assert str(Ask(partner=numpy.int32(1))) == "ask 1"
    assert TakePile(onto=numpy.uint8(0)) == TakePile(onto=0)


@pytest.mark.parametrize("text", [
    "pick-up ²", "pick-up ٣", "lay-off ① 7h", "ask 1.0", "merge 0 " + "9" * 5000,
    "pick-up " + "9" * 4000, "discard " + "K" * 10_000, "x" * 100_000, "meld 7h\x00 7s",
])
def test_odd_text_is_an_invalid_action_everywhere(text: str) -> None:
    """Text with non-ASCII digits, numbers beyond any meld, or absurd length is an
    InvalidActionError from parse, verify and apply; is_legal answers False and never
    raises; messages quote only a short excerpt; the game is unchanged."""
    game = small_game()
    before = game.snapshot()
    with pytest.raises(InvalidActionError) as err:
        parse_action(text)
    assert len(str(err.value)) < 300
    assert game.is_legal(text) is False
    with pytest.raises(InvalidActionError):
        game.verify(text)
    with pytest.raises(InvalidActionError):
        game.apply(text)
    assert game.snapshot() == before


def test_leading_zeros_read_as_the_number() -> None:
    """A meld number written with leading zeros is that number (and no longer than six
    digits once they are dropped)."""
    assert parse_action("pick-up 0000003") == PickUp(onto=3)
    assert parse_action("merge 999999 0") == Merge(first=0, second=999_999)
