"""Dutch Samba: the differences from American Samba (rules DS-1 … DS-6, options DS-O1 …
DS-O3), the American rules it keeps, a full game and its record.

Every rule test starts from an arranged deal (``HandSetup``) and plays through the public
API. Four players: side 0 is seats 0 and 2, side 1 is seats 1 and 3. Stocks are written
top first and are exactly the stock (other cards are set aside); piles bottom to top.
With ``dealer=3`` seat 0 plays first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

import canasta_family
from canasta_family import (
    Game,
    HandSetup,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    PickUp,
    PlaceRedThree,
    SetupError,
)
from canasta_family.cards import Card, parse_cards
from canasta_family.players import GreedyPlayer, play_game

VARIANT = "dutch-samba"

# Natural canastas of kings and queens (70 card points each, +500 each).
CANASTA_K = "Kh Kh Kh Kd Kd Kd Ks"
CANASTA_Q = "Qh Qh Qh Qd Qd Qd Qs"
TWO_CANASTAS = (CANASTA_K, CANASTA_Q)


def start(hands: Sequence[str], *, options: Mapping[str, object] | None = None,
          variant: str = VARIANT, **setup: object) -> Game:
    """A four-player game (Dutch Samba unless told) from an arranged deal."""
    return canasta_family.new_game(
        variant, players=4, seed=3, options=options,
        start=HandSetup(hands=tuple(hands), **setup))  # type: ignore[arg-type]


def rule_of(game: Game, action: str) -> str:
    """Apply ``action`` expecting a rule break: return the rule ID, and check that the
    action is not listed and that the refusal changed nothing."""
    before = game.snapshot()
    assert action not in legal(game)
    assert not game.is_legal(action)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.snapshot() == before
    return info.value.rule


def legal(game: Game) -> set[str]:
    """The legal actions as canonical text."""
    return {str(action) for action in game.legal_actions()}


def cards(spec: str) -> Counter[Card]:
    """A multiset of cards from text."""
    return Counter(parse_cards(spec))


def hand(game: Game, seat: int) -> Counter[Card]:
    """A seat's hand as a multiset."""
    return Counter(game.hand_cards(seat))


def items(game: Game, side: int) -> dict[str, int]:
    """The last hand's score lines of ``side``: label -> points."""
    return {item.label: item.points for item in game.hand_results[-1].sides[side].items}


def item_rules(game: Game, side: int) -> dict[str, str]:
    """The last hand's score lines of ``side``: label -> rule ID."""
    return {item.label: item.rule for item in game.hand_results[-1].sides[side].items}


def pass_out(hands: Sequence[str], **setup: object) -> Game:
    """Seat 1 faces an exhausted stock under a black 3 and passes: the hand ends (AS-39)
    with nobody going out."""
    game = start(hands, stock="", pile="5d 3s", dealer=0, **setup)
    assert game.current_player == 1 and legal(game) == {"pass"}
    game.apply("pass")
    assert len(game.hand_results) == 1
    return game


# --- DS-1: the pile is always frozen ----------------------------------------------------------


def pile_game(variant: str = VARIANT) -> Game:
    """Side 0 has melded (a set of 9s); the pile holds no wild card and has a 9 on top."""
    return start(("9c 9h 5s 6s Jc", "4d", "6c", "7d"), variant=variant,
                 melds=(("9s 9s 9c",), ()), pile="Kd 5c 9d", stock="Qs Qc Jd Js", dealer=3)


def test_DS_1_pile_frozen_after_initial_meld_and_without_wild_cards() -> None:
    """Nothing in the pile freezes it and side 0 has melded, yet the pile is frozen for
    every side (in American Samba the same position is unfrozen for side 0)."""
    game = pile_game()
    assert game.pile_freezers == 0 and game.has_initial_meld(0)
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    assert game.observation(0).pile_frozen
    american = pile_game("american-samba")
    assert not american.pile_frozen_for(0)


def test_DS_1_pile_never_taken_by_laying_the_top_card_off() -> None:
    """``take-pile onto N`` (AS-20) does not exist: refused with DS-1 although the 9 fits
    side 0's set; American Samba allows it in the same position."""
    game = pile_game()
    assert rule_of(game, "take-pile onto 0") == "DS-1"
    assert legal(game) == {"draw", "take-pile 9c 9h"}
    american = pile_game("american-samba")
    assert "take-pile onto 0" in legal(american)


def test_DS_1_natural_pair_takes_the_whole_pile() -> None:
    """Two naturals of the top card's rank meld it as a new set; the rest of the pile goes
    to hand and the player goes on to meld."""
    game = pile_game()
    game.apply("take-pile 9c 9h")
    assert game.phase == "play" and game.current_player == 0
    assert game.pile == ()
    assert Counter(game.side_melds(0)[1].cards) == cards("9c 9d 9h")
    assert hand(game, 0) == cards("5s 6s Jc Kd 5c")
    assert game.stock_size == 4


def test_DS_1_one_natural_and_a_wild_card_is_not_enough() -> None:
    """A natural and a wild card never take the pile; a natural pair may bring a wild
    card into the take meld (within DS-6)."""
    game = start(("9c 9h JK 2h 5s 6s", "4d", "6c", "7d"), melds=(("Ah Ad As",), ()),
                 pile="Kd 9d", stock="Qs Qc Jd Js", dealer=3)
    assert rule_of(game, "take-pile 9c JK") == "DS-1"
    assert rule_of(game, "take-pile 2h 9c") == "DS-1"
    assert rule_of(game, "take-pile 2h 9c JK") == "DS-1"
    assert "take-pile 9c 9h JK" in legal(game)
    game.apply("take-pile 9c 9h JK")
    assert game.side_melds(0)[1].wilds == 1


@pytest.mark.parametrize(("pile", "take"), [
    ("9d 2c", "take-pile 9c 9h"),
    ("9d JK", "take-pile 9c 9h"),
    ("9d 3s", "take-pile 3c 3c"),
])
def test_DS_1_wild_card_or_black_three_on_top_blocks_the_pile(pile: str, take: str) -> None:
    """Under a wild card or a black 3 nobody may take the pile. DS-1 repeats AS-17/AS-32;
    the plugin cites DS-1, AS-17 is accepted as the American rule behind it."""
    game = start(("9c 9h 3c 3c 5s", "4d", "6c", "7d"), melds=(("9s 9s 9c",), ()),
                 pile=pile, stock="Qs Qc Jd Js", dealer=3)
    assert rule_of(game, take) in {"DS-1", "AS-17"}
    assert legal(game) == {"draw"}


# --- DS-2: single-card pickup onto a sequence ---------------------------------------------


def pickup_game(options: Mapping[str, object] | None = None) -> Game:
    """Side 0 has the sequence 4h 5h 6h (meld 0); the 7h on top of the pile extends it."""
    return start(("5s 8c 9s", "4d", "6c", "7d"), options=options,
                 melds=(("4h 5h 6h",), ()), pile="Kd 9c 7h", stock="Qs Jc Jd Js", dealer=3)


def test_DS_2_single_card_pickup_draws_one_stock_card() -> None:
    """``pick-up 0`` lays the top card off on the sequence and draws ONE stock card; the
    rest of the pile stays where it is. The turn goes on with melding and a discard."""
    game = pickup_game()
    assert legal(game) == {"draw", "pick-up 0"}
    game.apply("pick-up 0")
    assert game.phase == "play" and game.current_player == 0
    assert Counter(game.side_melds(0)[0].cards) == cards("4h 5h 6h 7h")
    assert hand(game, 0) == cards("5s 8c 9s Qs")
    assert game.stock_cards() == tuple(parse_cards("Jc Jd Js"))
    assert game.pile == tuple(parse_cards("Kd 9c"))
    assert isinstance(game.actions[-1], PickUp)
    game.apply("discard 5s")
    assert game.current_player == 1
    assert game.pile == tuple(parse_cards("Kd 9c 5s"))


def test_DS_2_pickup_at_the_low_end_completes_a_samba() -> None:
    """A sequence of six takes a seventh card at either end; here the 4h below it makes a
    samba."""
    game = start(("5s 8c 9s", "4d", "6c", "7d"), melds=(("5h 6h 7h 8h 9h 10h",), ()),
                 pile="Kd 4h", stock="Qs Jc", dealer=3)
    game.apply("pick-up 0")
    meld = game.side_melds(0)[0]
    assert len(meld.cards) == 7 and meld.canasta == "samba"
    assert game.side_canastas(0) == 1


@pytest.mark.parametrize(("top", "onto"), [
    ("8h", 0),    # leaves a gap in 4h 5h 6h
    ("7s", 0),    # another suit
    ("9d", 1),    # onto a set: only sequences take a single card
    ("Jc", 2),    # a samba already holds 7 cards
    ("2h", 0),    # a wild card never joins a sequence
])
def test_DS_2_pickup_refused_when_the_top_card_does_not_extend_a_sequence(
        top: str, onto: int) -> None:
    """Only a natural card that extends one of the side's sequences (fewer than 7 cards)
    can be picked up. A wild card on top also blocks the pile (DS-1), so either ID is
    accepted there."""
    game = start(("5s 8c 9s", "4d", "6c", "7d"),
                 melds=(("4h 5h 6h", "9s 9s 9c", "4c 5c 6c 7c 8c 9c 10c"), ()),
                 pile=f"Kd {top}", stock="Qs Jc Jd Js", dealer=3)
    assert not any(isinstance(action, PickUp) for action in game.legal_actions())
    assert rule_of(game, f"pick-up {onto}") in ({"DS-2", "DS-1"} if top == "2h" else {"DS-2"})


def test_DS_2_pickup_only_instead_of_the_draw() -> None:
    """The pickup replaces the draw: after drawing it is refused (turn order, AS-15)."""
    game = pickup_game()
    game.apply("draw")
    assert rule_of(game, "pick-up 0") in {"AS-15", "DS-2"}
    with pytest.raises(InvalidActionError):
        pickup_game().apply("pick-up 5")  # no meld number 5


def test_DS_2_pickup_not_offered_in_american_samba() -> None:
    """The same position in American Samba has no single-card pickup (AS-15)."""
    game = start(("5s 8c 9s", "4d", "6c", "7d"), variant="american-samba",
                 melds=(("4h 5h 6h",), ()), pile="Kd 9c 7h", stock="Qs Jc Jd Js", dealer=3)
    assert rule_of(game, "pick-up 0") == "AS-15"


# --- DS-O2: stock cards drawn after a pickup -------------------------------------------------


def test_DS_O2_no_stock_card_after_pickup_with_option_0() -> None:
    """``pickup_stock_cards=0``: the pickup brings only the top card; the stock is untouched."""
    game = pickup_game({"pickup_stock_cards": 0})
    game.apply("pick-up 0")
    assert hand(game, 0) == cards("5s 8c 9s")
    assert game.stock_cards() == tuple(parse_cards("Qs Jc Jd Js"))
    assert game.pile == tuple(parse_cards("Kd 9c"))


@pytest.mark.parametrize(("stock_cards", "allowed"), [(1, True), (0, False)])
def test_DS_O2_pickup_must_leave_two_cards_before_two_canastas(
        stock_cards: int, allowed: bool) -> None:
    """With one card in hand and no canasta, a pickup that draws nothing would leave the
    player unable to discard without going out: refused by AS-35's keep-two-cards rule, and
    cited as AS-35 (nothing in DS-2 forbids it); with one stock card it is fine."""
    game = start(("5s", "4d", "6c", "7d"), options={"pickup_stock_cards": stock_cards},
                 melds=(("4h 5h 6h",), ()), pile="Kd 7h", stock="Qs Jc", dealer=3)
    if allowed:
        game.apply("pick-up 0")
        assert game.hand_size(0) == 2
    else:
        assert rule_of(game, "pick-up 0") == "AS-35"
        assert legal(game) == {"draw"}


@pytest.mark.parametrize("value", [2, True, "1", None])
def test_DS_O2_option_values_are_checked(value: object) -> None:
    """Only 1 (the default) and 0 are allowed."""
    assert canasta_family.new_game(VARIANT, seed=1).options["pickup_stock_cards"] == 1
    with pytest.raises(InvalidOptionError):
        canasta_family.new_game(VARIANT, seed=1, options={"pickup_stock_cards": value})


def test_DS_O2_record_replays_with_its_pickup_option() -> None:
    """The option is part of the record; the replay honours it, and the same actions with
    the other value give another game."""
    game = pickup_game({"pickup_stock_cards": 0})
    game.apply("pick-up 0")
    game.apply("discard 5s")
    data = game.record().to_json()
    assert data["options"]["pickup_stock_cards"] == 0
    again = canasta_family.replay(game.record().dumps())
    assert again == game and again.stock_size == 4
    data["options"]["pickup_stock_cards"] = 1
    del data["digest"]  # the digest would report the changed option as tampering
    other = canasta_family.replay(data)
    assert other.stock_size == 3 and other != game


# --- DS-3: red 3s stay in hand until placed; they may be discarded ---------------------------


def test_DS_3_dealt_red_threes_stay_in_hand_without_replacement() -> None:
    """Red 3s in a dealt hand are not put out at the first turn and not replaced."""
    game = start(("3h 3d 9c 9d 5s", "3h 4d 4c", "6c", "7d"), pile="Kd",
                 stock="Kc Qc Jd Js", dealer=3)
    assert game.current_player == 0 and game.phase == "draw"
    assert hand(game, 0) == cards("3h 3d 9c 9d 5s")
    assert game.side_red_threes(0) == ()
    assert game.stock_cards() == tuple(parse_cards("Kc Qc Jd Js"))
    game.apply("draw")
    game.apply("discard 5s")
    assert game.current_player == 1
    assert hand(game, 1) == cards("3h 4d 4c")
    assert game.side_red_threes(1) == ()


def test_DS_3_drawn_red_three_is_kept_in_hand() -> None:
    """A red 3 drawn from the stock counts as one of the two cards drawn and stays in hand."""
    game = start(("9c 9d 5s", "4d", "6c", "7d"), pile="Kd", stock="3h 4c Jd Js", dealer=3)
    game.apply("draw")
    assert hand(game, 0) == cards("9c 9d 5s 3h 4c")
    assert game.stock_cards() == tuple(parse_cards("Jd Js"))
    assert game.side_red_threes(0) == ()


def test_DS_3_place_puts_a_red_three_on_the_table_without_replacement() -> None:
    """``place 3h`` in the play phase moves the red 3 to the side's table; nothing is
    drawn for it. Placing before the draw is refused (turn order, AS-15)."""
    game = start(("3h 3d 9c 9d 5s", "4d", "6c", "7d"), pile="Kd", stock="4c Jc Jd Js",
                 dealer=3)
    assert rule_of(game, "place 3h") in {"AS-15", "DS-3"}
    game.apply("draw")
    assert {"place 3h", "place 3d"} <= legal(game)
    game.apply("place 3h")
    assert isinstance(game.actions[-1], PlaceRedThree)
    assert game.side_red_threes(0) == tuple(parse_cards("3h"))
    assert hand(game, 0) == cards("3d 9c 9d 5s 4c Jc")
    assert game.stock_cards() == tuple(parse_cards("Jd Js"))
    assert game.phase == "play" and game.current_player == 0
    game.apply("place 3d")
    assert Counter(game.side_red_threes(0)) == cards("3h 3d")


def test_DS_3_place_needs_a_red_three_from_hand() -> None:
    """Only a red 3 the player holds can be placed."""
    game = start(("3h 3s 9c 9d 5s", "4d", "6c", "7d"), pile="Kd", stock="4c Jc Jd Js",
                 dealer=3)
    game.apply("draw")
    with pytest.raises(InvalidActionError):
        game.apply("place 3d")  # not held
    with pytest.raises(InvalidActionError):
        game.apply("place 3s")  # not a red 3
    assert legal(game) >= {"place 3h"} and "place 3s" not in legal(game)


def test_DS_3_red_three_may_be_discarded() -> None:
    """A red 3 is a legal discard and lands on top of the pile."""
    game = start(("3h 9c 9d 5s", "4d", "6c", "7d"), pile="Kd", stock="4c Jc Jd Js",
                 dealer=3)
    game.apply("draw")
    assert "discard 3h" in legal(game)
    game.apply("discard 3h")
    assert game.pile_top == parse_cards("3h")[0]
    assert game.current_player == 1
    assert game.side_red_threes(0) == ()


def test_DS_3_red_threes_in_a_taken_pile_go_to_hand() -> None:
    """A red 3 upcard (covered at the deal, AS-7) goes into the taker's hand with the rest
    of the pile, not onto the table."""
    game = start(("9c 9c 5s 6s", "4d", "6c", "7d"), melds=(("Ah Ad As",), ()), pile="",
                 stock="3h 9d Kc Qc Jd Js", dealer=3)
    assert game.pile == tuple(parse_cards("3h 9d"))
    game.apply("take-pile 9c 9c")
    assert hand(game, 0) == cards("3h 5s 6s")
    assert game.side_red_threes(0) == ()
    assert game.stock_size == 4


def test_DS_3_red_threes_are_never_melded() -> None:
    """Red 3s are placed, never melded or laid off (AS-28 still holds)."""
    game = start(("3h 3h 3d 9c 9d 5s", "4d", "6c", "7d"), melds=(("9s 9s 9h",), ()),
                 pile="Kd", stock="4c Jc Jd Js", dealer=3)
    game.apply("draw")
    assert rule_of(game, "meld 3h 3d 3h") in {"AS-28", "DS-3"}
    assert rule_of(game, "meld 3h 9c 9d") in {"AS-28", "DS-3"}
    assert rule_of(game, "lay-off 0 3h") in {"AS-28", "DS-3"}


def test_DS_3_placing_a_red_three_must_keep_two_cards() -> None:
    """Like a meld, placing a red 3 may not leave fewer than two cards while the side
    cannot go out (one canasta only, AS-35)."""
    game = start(("3h 9c 9d", "4d", "6c", "7d"), melds=((CANASTA_K,), ()),
                 pile="4s", stock="9s 4c 8s 8s", dealer=3)
    game.apply("draw")
    game.apply("meld 9c 9d 9s")
    assert hand(game, 0) == cards("3h 4c")
    assert rule_of(game, "place 3h") == "AS-35"
    assert legal(game) == {"discard 3h", "discard 4c"}


def test_DS_3_placing_a_red_three_then_discarding_goes_out() -> None:
    """With two canastas the red 3 may be placed leaving one card, which is discarded to
    go out; the placed red 3 scores (DS-5)."""
    game = start(("3h 9c 9d", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 pile="4s", stock="9s 4c 8s 8s", dealer=3)
    game.apply("draw")
    game.apply("meld 9c 9d 9s")
    assert "place 3h" in legal(game)
    game.apply("place 3h")
    game.apply("discard 4c")
    assert game.hand_results[-1].went_out == 0
    assert items(game, 0)["1 red 3"] == 100
    assert items(game, 0)["going out"] == 200


def test_DS_3_placing_the_last_card_goes_out() -> None:
    """Engine reading: placing a red 3 is a play like a meld, so placing the last card of
    the hand (with two canastas) goes out at once, without a discard."""
    game = start(("3h 9c 9d", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 pile="4s", stock="9s Kc 8s 8s", dealer=3)
    game.apply("draw")
    game.apply("meld 9c 9d 9s")
    game.apply("lay-off 0 Kc")
    assert legal(game) == {"discard 3h", "place 3h"}
    game.apply("place 3h")
    result = game.hand_results[-1]
    assert result.went_out == 0
    assert items(game, 0)["1 red 3"] == 100
    assert items(game, 0)["melded cards"] == 140 + 30 + 10


def test_DS_3_after_partner_says_yes_a_red_three_may_be_placed_before_going_out() -> None:
    """After "yes" (AS-36) only plays leaving at most one card are allowed. Placing the red
    3 leaves one card, which is then discarded to go out, so it must be allowed: otherwise
    the red 3 can only be thrown away and its 100 points are lost."""
    game = start(("3h 9c 9d", "4d", "6c", "7d"), melds=((*TWO_CANASTAS, "5c 6c 7c"), ()),
                 pile="Jd", stock="9s 4c 8s 8h", dealer=3)
    game.apply("draw")
    game.apply("meld 9c 9d 9s")
    assert hand(game, 0) == cards("3h 4c")
    game.apply("ask 2")
    game.apply("answer yes")
    assert game.current_player == 0
    assert "place 3h" in legal(game)
    game.apply("place 3h")
    game.apply("discard 4c")
    assert game.hand_results[-1].went_out == 0
    assert items(game, 0)["1 red 3"] == 100


# --- DS-O3: a red 3 on top of the pile ---------------------------------------------------------


def test_DS_O3_red_three_on_top_blocks_the_pile() -> None:
    """After a red 3 is discarded nobody can take the pile, not even with a pair of red 3s
    (red 3s are never melded), and it cannot be picked up onto a sequence. The plugin maps
    a blocked pile to DS-1; DS-O3 is the rule naming this case, so both are accepted."""
    game = start(("3h 9c 9d 5s", "3h 3d 7s", "6c", "7d"), melds=((), ("4s 5s 6s",)),
                 pile="Kd 7s", stock="4c Jc Jd Js", dealer=3)
    game.apply("draw")
    game.apply("discard 3h")
    assert game.current_player == 1
    assert legal(game) == {"draw"}
    assert rule_of(game, "take-pile 3h 3d") in {"DS-1", "DS-O3"}
    assert rule_of(game, "pick-up 0") in {"DS-1", "DS-2", "DS-O3"}


def test_DS_O3_covered_red_three_goes_to_the_takers_hand() -> None:
    """Once another card covers the discarded red 3, the pile can be taken with a natural
    pair again; the red 3 goes into the taker's hand, not onto the table."""
    game = start(("3h 9c 5s", "4d 7c 7c", "4c 4c 5c", "6d"), melds=(("Ah Ad As",), ()),
                 pile="Kd", stock="Jc Qc 7s 6s 8s 8h Js Jd", dealer=3)
    game.apply("draw")
    game.apply("discard 3h")
    game.apply("draw")
    game.apply("discard 4d")
    assert game.current_player == 2
    assert legal(game) == {"draw", "take-pile 4c 4c"}
    game.apply("take-pile 4c 4c")
    assert hand(game, 2) == cards("3h 5c Kd")
    assert game.side_red_threes(0) == ()


def test_DS_O3_red_three_on_top_at_the_end_of_the_stock_ends_the_hand() -> None:
    """With the stock gone and a red 3 on top, the next player can only pass; the player
    who discarded the red 3 is not charged for it (DS-4)."""
    game = start(("3h 5c 6c", "8c 8c 4d", "6d", "7d"), melds=((), ("8s 8s 8h",)),
                 pile="8d", stock="9s 9h", dealer=3)
    game.apply("draw")
    game.apply("discard 3h")
    assert game.stock_size == 0
    assert legal(game) == {"pass"}
    game.apply("pass")
    assert game.hand_results[-1].went_out is None
    assert not any(item.rule == "DS-4" for item in game.hand_results[-1].sides[0].items)


# --- DS-4: red 3s still in hand cost a flat 750 per player ---------------------------------


def test_DS_4_red_threes_held_cost_750_per_player_holding_any() -> None:
    """Seat 0 goes out. Seat 2 holds three red 3s: one flat 750 for side 0. Seats 1 and 3
    hold some each: 750 each, 1500 for side 1. No AS-31 line (100 per red 3)."""
    game = start(("Jc Jd", "3h 3h 9h", "3d 3d 3h 5s", "3d 6s"), melds=(TWO_CANASTAS, ()),
                 stock="Jh 4c 9s 9s", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    game.apply("discard 4c")
    result = game.hand_results[-1]
    assert result.went_out == 0
    side0 = [item for item in result.sides[0].items if item.rule == "DS-4"]
    side1 = [item for item in result.sides[1].items if item.rule == "DS-4"]
    assert [item.points for item in side0] == [-750]
    assert [item.points for item in side1] == [-1500]
    for side in (0, 1):
        assert not any(item.rule in {"AS-31", "AS-30", "DS-5"}
                       for item in result.sides[side].items)
    assert items(game, 0)["cards left in hand"] == -5
    assert items(game, 1)["cards left in hand"] == -15
    assert result.sides[0].total == 140 + 30 + 1000 + 200 - 5 - 750
    assert result.sides[1].total == -15 - 1500


def test_DS_4_red_threes_in_hand_and_on_table_are_scored_apart() -> None:
    """A side with red 3s on the table and one in a hand: the table ones score by DS-5,
    the held one costs the flat 750 (DS-4)."""
    game = pass_out(("5c", "9s", "3d 6c", "8s"), melds=(TWO_CANASTAS, ()),
                    red_threes=("3h 3h", ""))
    assert items(game, 0)["2 red 3s"] == 200
    assert item_rules(game, 0)["2 red 3s"] == "DS-5"
    penalty = [item.points for item in game.hand_results[-1].sides[0].items
               if item.rule == "DS-4"]
    assert penalty == [-750]
    assert game.hand_results[-1].sides[0].total == 140 + 1000 + 200 - 10 - 750


# --- DS-5: red 3s on the table ------------------------------------------------------------------


def test_DS_5_red_threes_score_100_each_with_two_canastas() -> None:
    """Two red 3s with two canastas: +200; one red 3 without a canasta: -100."""
    game = pass_out(("5c", "9s", "6c", "8s"), melds=(TWO_CANASTAS, ()),
                    red_threes=("3h 3d", "3h"))
    assert items(game, 0)["2 red 3s"] == 200
    assert items(game, 1)["1 red 3"] == -100
    assert item_rules(game, 1)["1 red 3"] == "DS-5"
    assert game.hand_results[-1].sides[0].total == 140 + 1000 + 200 - 10
    assert game.hand_results[-1].sides[1].total == -100 - 10 - 10


def test_DS_5_all_six_red_threes_score_1000_with_two_canastas() -> None:
    """All six red 3s with two canastas (here a samba and a canasta) score 1000."""
    game = pass_out(("5c", "9s", "6c", "8s"),
                    melds=((CANASTA_K, "4h 5h 6h 7h 8h 9h 10h"), ()),
                    red_threes=("3h 3h 3h 3d 3d 3d", ""))
    assert items(game, 0)["6 red 3s"] == 1000


def test_DS_5_all_six_red_threes_cost_600_with_fewer_than_two_canastas() -> None:
    """With one canasta all six red 3s cost 100 each, -600 (American Samba: -1000)."""
    hands = ("5c", "9s", "6c", "8s")
    setup: dict[str, object] = {"melds": ((), (CANASTA_K,)),
                                "red_threes": ("", "3h 3h 3h 3d 3d 3d")}
    game = pass_out(hands, **setup)
    assert items(game, 1)["6 red 3s"] == -600
    assert game.hand_results[-1].sides[1].total == 70 + 500 - 600 - 10 - 10
    american = canasta_family.new_game(
        "american-samba", players=4, seed=3,
        start=HandSetup(hands=hands, stock="", pile="5d 3s", dealer=0,
                        **setup))  # type: ignore[arg-type]
    american.apply("pass")
    assert items(american, 1)["6 red 3s"] == -1000


def test_DS_5_three_red_threes_without_canasta_cost_300() -> None:
    """No canasta at all: 100 per red 3 on the table as a penalty."""
    game = pass_out(("5c", "9s", "6c", "8s"), red_threes=("3h 3d 3d", ""))
    assert items(game, 0)["3 red 3s"] == -300


# --- DS-6: twice as many naturals as wild cards in a set -----------------------------------


@pytest.mark.parametrize(("meld", "ok"), [
    ("9c 9d 2c", True),             # 2 naturals + 1 wild
    ("9c 9d 2c JK", False),         # 2 + 2: legal in American Samba, not here
    ("9c 9d 9s 2c JK", False),      # 3 + 2
    ("9c 9d 9s 9h 2c JK", True),    # 4 + 2
    ("9c 9c 9d 9d 9s 2c JK", True),  # 5 + 2: a mixed canasta
])
def test_DS_6_set_needs_twice_as_many_naturals_as_wilds(meld: str, ok: bool) -> None:
    """A new set needs naturals >= 2 x wild cards (and AS-8's limits)."""
    game = start(("9c 9c 9d 9d 9s 9h 2c JK 5s 6s", "4d", "6c", "7d"),
                 melds=(("Ah Ad As",), ()), stock="10c 10d 10s", pile="4s", dealer=3)
    game.apply("draw")
    if ok:
        game.apply(f"meld {meld}")
        new = game.side_melds(0)[-1]
        assert Counter(new.cards) == cards(meld)
        assert new.canasta == ("mixed" if len(new.cards) == 7 else None)
    else:
        assert rule_of(game, f"meld {meld}") == "DS-6"


def test_DS_6_lay_off_keeps_the_ratio() -> None:
    """Adding a wild card to 9-9-2 is refused (2 + 2), and so is 9 + wild (3 + 2); two
    naturals and a wild card (4 + 2) are fine."""
    game = start(("9c 9d 9s 9h 2c JK 5s 6s", "4d", "6c", "7d"),
                 melds=(("Ah Ad As",), ()), stock="10c 10d 10s", pile="4s", dealer=3)
    game.apply("draw")
    game.apply("meld 9c 9d 2c")
    assert rule_of(game, "lay-off 1 JK") == "DS-6"
    assert rule_of(game, "lay-off 1 9s JK") == "DS-6"
    game.apply("lay-off 1 9s 9h JK")
    assert game.side_melds(0)[1].wilds == 2 and len(game.side_melds(0)[1].cards) == 6


def test_DS_6_take_pile_meld_keeps_the_ratio() -> None:
    """The take meld counts the top card: pair + top + one wild (3 + 1) is fine, pair +
    top + two wilds (3 + 2) is refused."""
    game = start(("9c 9c 2c JK 5s 6s 8c", "4d", "6c", "7d"), melds=(("Ah Ad As",), ()),
                 stock="10c 10d 10s", pile="4s 9d", dealer=3)
    assert rule_of(game, "take-pile 9c 9c 2c JK") == "DS-6"
    game.apply("take-pile 9c 9c JK")
    assert Counter(game.side_melds(0)[1].cards) == cards("9c 9c 9d JK")


def test_DS_6_arranged_meld_must_keep_the_ratio() -> None:
    """An arrangement holding a 2 + 2 set is not a legal Dutch Samba position (it is one in
    American Samba)."""
    hands = ("5c", "6c", "7c", "8c")
    with pytest.raises(SetupError):
        start(hands, melds=(("9c 9d 2c JK",), ()))
    american = start(hands, variant="american-samba", melds=(("9c 9d 2c JK",), ()))
    assert american.side_melds(0)[0].wilds == 2


def test_DS_6_merge_of_two_legal_sets_stays_legal() -> None:
    """Two 2 + 1 sets of nines merge into a 4 + 2 set (AS-13 still applies)."""
    game = start(("5s 6s 8c", "4d", "6c", "7d"), melds=(("9c 9d 2c", "9s 9h JK"), ()),
                 stock="10c 10d 10s", pile="4s", dealer=3)
    game.apply("draw")
    game.apply("merge 0 1")
    merged = game.side_melds(0)[0]
    assert len(merged.cards) == 6 and merged.wilds == 2


# --- DS-O1: the initial-meld table ---------------------------------------------------------------


@pytest.mark.parametrize(("scores", "minimums"), [
    ((-5, 0), (15, 50)),
    ((1495, 1500), (50, 90)),
    ((2995, 3000), (90, 120)),
    ((4995, 5000), (120, 150)),
    ((6995, 7000), (150, 150)),
])
def test_DS_O1_default_table_needs_150_from_5000(
        scores: tuple[int, int], minimums: tuple[int, int]) -> None:
    """Default (seed 000): 15 / 50 / 90 / 120 / 150 from <0 / 0 / 1500 / 3000 / 5000."""
    game = start(("5c", "6c", "7c", "8c"), scores=scores)
    assert game.options["top_minimum_from"] == 5000
    assert (game.initial_minimum(0), game.initial_minimum(1)) == minimums


@pytest.mark.parametrize(("scores", "minimums"), [
    ((-5, 0), (15, 50)),
    ((2995, 3000), (90, 120)),
    ((4995, 5000), (120, 120)),
    ((6995, 7000), (120, 150)),
])
def test_DS_O1_option_7000_moves_the_150_row(
        scores: tuple[int, int], minimums: tuple[int, int]) -> None:
    """``top_minimum_from=7000``: 5000 … 6995 need 120, 7000 or more 150."""
    game = start(("5c", "6c", "7c", "8c"), options={"top_minimum_from": 7000}, scores=scores)
    assert (game.initial_minimum(0), game.initial_minimum(1)) == minimums


@pytest.mark.parametrize(("top_from", "complete"), [(5000, False), (7000, True)])
def test_DS_O1_option_decides_whether_140_opens_at_5000(top_from: int, complete: bool) -> None:
    """At 5000 a 140-point first meld is short under the default table (discard refused,
    AS-24) and enough with the 7000 option."""
    game = start(("Ah Ad As Kh Kd Ks JK 5c 6c", "4d", "6c", "7d"),
                 options={"top_minimum_from": top_from}, scores=(5000, 0),
                 stock="9c 9d 9s", pile="4s", dealer=3)
    game.apply("draw")
    game.apply("meld Ah Ad As")
    game.apply("meld JK Kh Kd Ks")
    assert game.initial_meld_count() == 140
    assert game.has_initial_meld(0) is complete
    if complete:
        game.apply("discard 5c")
        assert game.current_player == 1
    else:
        assert rule_of(game, "discard 5c") == "AS-24"


@pytest.mark.parametrize("value", [6000, 0, "7000", 7000.0])
def test_DS_O1_option_values_are_checked(value: object) -> None:
    """Only 5000 (the default) and 7000 are allowed."""
    with pytest.raises(InvalidOptionError):
        canasta_family.new_game(VARIANT, seed=1, options={"top_minimum_from": value})


# --- as in American Samba -----------------------------------------------------------------------


def test_AS_22_short_initial_meld_is_completed_or_retracted() -> None:
    """A first meld below the minimum blocks the discard (AS-24); retracting takes it back
    and raises the minimum by 100."""
    game = start(("9c 9d 9s 5s 6s", "4d", "6c", "7d"), pile="Kd", stock="4c Jc Jd Js",
                 dealer=3)
    assert game.initial_minimum(0) == 50
    game.apply("draw")
    game.apply("meld 9c 9d 9s")
    assert not game.has_initial_meld(0)
    assert rule_of(game, "discard 5s") == "AS-24"
    game.apply("retract")
    assert game.initial_minimum(0) == 150
    assert hand(game, 0) == cards("9c 9d 9s 5s 6s 4c Jc")


def test_AS_23_taking_the_pile_for_the_initial_meld_must_reach_the_minimum() -> None:
    """Without an initial meld the take (top card + hand cards) must reach 50 with melds
    from hand in the same turn; the kings in the pile do not count."""
    game = start(("9c 9c Ah Ad As 5s", "4d", "6c", "7d"), pile="Kd Kc Ks 9d",
                 stock="4c Jc Jd Js", dealer=3)
    assert "take-pile 9c 9c" in legal(game)
    game.apply("take-pile 9c 9c")
    assert game.initial_meld_count() == 30
    assert rule_of(game, "meld Kc Kd Ks") == "AS-23"
    assert rule_of(game, "discard 5s") == "AS-23"
    game.apply("meld Ad Ah As")
    assert game.has_initial_meld(0)
    assert len(game.side_melds(0)) == 2
    no_aces = start(("9c 9c 4h 6d 8s 5s", "4d", "6c", "7d"), pile="Kd Kc Ks 9d",
                    stock="4c Jc Jd Js", dealer=3)
    assert rule_of(no_aces, "take-pile 9c 9c") == "AS-23"


def test_AS_9_sequences_are_melded_without_wild_cards() -> None:
    """Sequences exist as in American Samba; wild cards never join them."""
    game = start(("4h 5h 6h 2c 8s 8s", "4d", "6c", "7d"), melds=(("Ah Ad As",), ()),
                 pile="Kd", stock="4c Jc Jd Js", dealer=3)
    game.apply("draw")
    assert rule_of(game, "meld 2c 4h 5h") == "AS-9"
    game.apply("meld 4h 5h 6h")
    assert game.side_melds(0)[1].suit is not None


def test_AS_35_two_canastas_needed_to_go_out() -> None:
    """With one canasta no play may leave fewer than two cards; with two the player goes
    out and the side scores +200 (AS-37)."""
    one = start(("Jc Jd", "4d", "6c", "7d"), melds=((CANASTA_K,), ()),
                stock="Jh 4c 9s 9s", pile="10d", dealer=3)
    one.apply("draw")
    assert rule_of(one, "meld Jc Jd Jh") == "AS-35"
    two = start(("Jc Jd", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                stock="Jh 4c 9s 9s", pile="10d", dealer=3)
    two.apply("draw")
    two.apply("meld Jc Jd Jh")
    two.apply("discard 4c")
    assert two.hand_results[-1].went_out == 0
    assert items(two, 0)["going out"] == 200
    assert item_rules(two, 0)["going out"] == "AS-37"


def test_AS_39_no_forced_take_at_the_end_of_the_stock() -> None:
    """With the stock exhausted American Samba forces a lay-off take (AS-39); Dutch Samba
    has no lay-off take (DS-1), so the player may pass."""
    hands = ("4d", "8c 5d", "6c", "7d")
    setup: dict[str, object] = {"melds": ((), ("8s 8s 8h",)), "pile": "5c 8d", "stock": "",
                                "dealer": 0}
    game = start(hands, **setup)
    assert "pass" in legal(game)
    assert rule_of(game, "take-pile onto 0") == "DS-1"
    game.apply("pass")
    assert game.hand_results[-1].went_out is None
    american = start(hands, variant="american-samba", **setup)
    assert rule_of(american, "pass") == "AS-39"


@pytest.mark.parametrize("house_rule", [False, True])
def test_AS_10_no_wild_on_natural_canasta_option_is_kept(house_rule: bool) -> None:
    """The American house-rule option works in Dutch Samba too."""
    game = start(("JK 5s 6s", "4d", "6c", "7d"), melds=((CANASTA_K,), ()),
                 options={"no_wild_on_natural_canasta": house_rule},
                 stock="4c Jc Jd Js", pile="10d", dealer=3)
    game.apply("draw")
    if house_rule:
        assert rule_of(game, "lay-off 0 JK") == "AS-10"
    else:
        game.apply("lay-off 0 JK")
        assert game.side_melds(0)[0].canasta == "mixed"


# --- a whole game -------------------------------------------------------------------------------


def test_DS_full_game_between_greedy_players_ends_with_a_winner_and_replays() -> None:
    """Four greedy players finish a game with non-default options; the record keeps the
    options and replays to an equal game."""
    options = {"pickup_stock_cards": 0, "top_minimum_from": 7000,
               "no_wild_on_natural_canasta": True}
    game = canasta_family.new_game(VARIANT, players=4, seed=2, options=options)
    play_game(game, [GreedyPlayer() for _ in range(4)])
    assert game.is_over and game.phase == "over"
    result = game.result
    assert result is not None and not result.is_draw and len(result.winners) == 1
    winner = result.winners[0]
    assert game.scores[winner] == max(game.scores) >= 10_000
    assert game.scores[winner] > min(game.scores)
    data = game.record().to_json()
    assert data["variant"] == VARIANT
    assert data["options"] == options
    again = canasta_family.replay(game.record().dumps())
    assert again == game
    assert dict(again.options) == options
    assert again.scores == game.scores and again.result == game.result
