"""The going-out turn in every built-in variant: when a player may ask "may I go out?",
what a "yes" or a black-3 meld binds, and plays that leave fewer cards than a player must
keep (AS-33, AS-35, AS-36, DS via AS, MS-12…MS-14, CC-6, CC-8, PH-9, PH-22).

The reading these tests pin down: a player may ask whenever going out is possible this
turn by *some* sequence of legal plays; after "yes" (or after melding black 3s) every
play after which going out is still possible is allowed and nothing else; a play that
leaves a single card is legal when the turn can still end legally (modern Samba keeps
MS-13's literal two cards). Every test starts from an arranged deal and plays through the
public API; each refusal is checked to leave the game unchanged.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import canasta_family
from canasta_family import Game, HandSetup, IllegalActionError
from canasta_family.testing import going_out_sequence

KINGS = "Kh Kh Kd Kd Ks Ks Kc"
QUEENS = "Qh Qh Qd Qd Qs Qs Qc"
SIX_QUEENS = "Qh Qh Qd Qd Qs Qs"  # the seventh queen is Qc


def start(variant: str, hands: Sequence[str], players: int = 4, **setup: object) -> Game:
    """A game of ``variant`` from an arranged hand; seat 0 is to draw."""
    return canasta_family.new_game(
        variant, players=players, seed=3,
        start=HandSetup(hands=tuple(hands), pile="6h 9s", dealer=players - 1, to_play=0,
                        **setup))  # type: ignore[arg-type]


def listed(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def refused(game: Game, action: str) -> str:
    """Apply ``action``, expecting a refusal that is not listed and changes nothing."""
    before = game.snapshot()
    assert action not in listed(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.snapshot() == before
    return info.value.rule


SAMBAS = ["american-samba", "dutch-samba", "samba"]
ASK_RULE = {"american-samba": "AS-36", "dutch-samba": "AS-36", "samba": "MS-14",
            "canasta": "CC-8"}
BLACK_RULE = {"american-samba": "AS-33", "dutch-samba": "AS-33", "samba": "MS-12",
              "canasta": "CC-6"}


def three_melds_out(variant: str, extra: str = "") -> Game:
    """Side 0 (seats 0 and 2) holds the canastas it needs to go out; seat 0 draws into
    three sets that take it out only in three plays."""
    melds = ((KINGS, QUEENS), ()) if variant != "canasta" else ((KINGS,), ())
    stock = "4s 4h" if variant != "canasta" else "4s"
    hand = "5c 5d 5h 8s 8d 8h 4c" + (" 4d" if variant == "canasta" else "") + extra
    return start(variant, [hand, "6c 6d", "7c 7d", "9c 9d"], melds=melds, stock=stock + " Jc Jd")


@pytest.mark.parametrize("variant", [*SAMBAS, "canasta"])
def test_ask_when_some_sequence_of_plays_goes_out(variant: str) -> None:
    """AS-36 / MS-14 / CC-8: asking is allowed when going out takes several melds."""
    game = three_melds_out(variant)
    game.apply("draw")
    assert "ask 2" in listed(game)
    game.apply("ask 2")
    game.apply("answer yes")
    # After "yes" every play that keeps going out possible is allowed, not only the last.
    after_yes = listed(game)
    assert {"meld 5c 5d 5h", "meld 8d 8h 8s"} <= after_yes
    assert not any(text.startswith("discard") for text in after_yes)
    assert refused(game, "discard 4c") == ASK_RULE[variant]
    game.apply("meld 5c 5d 5h")
    game.apply("meld 8d 8h 8s")
    fours = [text for text in listed(game) if text.startswith("meld 4")]
    game.apply(fours[0])
    assert game.hand_results[-1].went_out == 0


@pytest.mark.parametrize("variant", [*SAMBAS, "canasta"])
def test_no_ask_when_no_sequence_goes_out(variant: str) -> None:
    """AS-36 / MS-14 / CC-8: two cards no play can take: going out is impossible, so no
    question may be asked."""
    game = three_melds_out(variant, extra=" 9h Jh")
    game.apply("draw")
    assert not any(text.startswith("ask") for text in listed(game))
    assert refused(game, "ask 2") == ASK_RULE[variant]


@pytest.mark.parametrize("variant", [*SAMBAS, "canasta"])
def test_answer_no_forbids_going_out_this_turn(variant: str) -> None:
    """AS-36: after "no" the player may not go out, nor leave a hand that must."""
    game = three_melds_out(variant)
    game.apply("draw")
    game.apply("ask 2")
    game.apply("answer no")
    game.apply("meld 5c 5d 5h")
    game.apply("meld 8d 8h 8s")
    assert not any(text.startswith("meld 4") for text in listed(game))
    assert any(text.startswith("discard") for text in listed(game))


@pytest.mark.parametrize("variant", [*SAMBAS, "canasta"])
def test_black_threes_early_in_the_going_out_turn(variant: str) -> None:
    """AS-33 / MS-12 / CC-6: black 3s may be melded at any point of the turn in which the
    player goes out; after them the turn must end by going out."""
    game = three_melds_out(variant, extra=" 3c 3s 3c")
    game.apply("draw")
    assert "meld 3c 3c 3s" in listed(game)
    game.apply("meld 3c 3c 3s")
    assert not any(text.startswith(("discard", "ask")) for text in listed(game))
    assert refused(game, "discard 4c") == BLACK_RULE[variant]
    game.apply("meld 5c 5d 5h")
    game.apply("meld 8d 8h 8s")
    game.apply(next(text for text in listed(game) if text.startswith("meld 4")))
    assert game.hand_results[-1].went_out == 0


@pytest.mark.parametrize("variant", [*SAMBAS, "canasta"])
def test_black_threes_refused_when_the_turn_cannot_go_out(variant: str) -> None:
    """AS-33 / MS-12 / CC-6: no black 3s while two cards could never be played."""
    game = three_melds_out(variant, extra=" 3c 3s 3c 9h Jh")
    game.apply("draw")
    assert refused(game, "meld 3c 3c 3s") == BLACK_RULE[variant]


def one_card_to_complete(variant: str, last: str) -> Game:
    """Side 0 has one canasta (two in classic Canasta with two players is not used:
    four players need one) and six queens; seat 0 draws into three sevens and ``last``."""
    melds = ((KINGS, SIX_QUEENS), ()) if variant != "canasta" else ((SIX_QUEENS,), ())
    stock = f"7h {last}" if variant != "canasta" else last
    hand = "7c 7d" if variant != "canasta" else "7c 7d 7h"
    return start(variant, [hand, "6c 6d", "5c 5d", "9c 9d"], melds=melds,
                 stock=stock + " Jc Jd")


@pytest.mark.parametrize("variant", ["american-samba", "dutch-samba", "canasta"])
def test_play_leaving_one_card_that_completes_the_canasta_and_goes_out(variant: str) -> None:
    """AS-35 (Dutch Samba as AS) / CC-8: a play that leaves a single card is legal when
    that card can still go out — here it lays off to complete the side's last canasta."""
    game = one_card_to_complete(variant, "Qc")
    game.apply("draw")
    assert "meld 7c 7d 7h" in listed(game)
    game.apply("meld 7c 7d 7h")
    queens = 1 if variant != "canasta" else 0
    assert f"lay-off {queens} Qc" in listed(game)
    game.apply(f"lay-off {queens} Qc")
    assert game.hand_results[-1].went_out == 0


@pytest.mark.parametrize("variant", ["american-samba", "dutch-samba", "canasta"])
def test_play_leaving_one_card_that_cannot_go_out_is_refused(variant: str) -> None:
    """AS-35 / CC-8: leaving a single card that cannot finish the turn is refused."""
    game = one_card_to_complete(variant, "Jh")
    game.apply("draw")
    rule = refused(game, "meld 7c 7d 7h")
    assert rule == ("CC-8" if variant == "canasta" else "AS-35")


def test_MS_13_keeps_two_cards_literally() -> None:
    """MS-13: modern Samba keeps the literal rule: never down to one card before the side
    has the two canastas it needs, even when the last card would complete the second."""
    game = one_card_to_complete("samba", "Qc")
    game.apply("draw")
    assert refused(game, "meld 7c 7d 7h") == "MS-13"


def ph(hand: str, **setup: object) -> Game:
    """A Pennies from Heaven game: seat 0 has picked up its foot, its team holds the four
    kinds of canasta."""
    filler = ("9c 9c 10d", "4h 5c 6d", "6c 7h 8s", "4c 5s 8d", "Jc Qs Ah", "9d 10h Js")
    four = ("Kc Kc Kd Kd Kh Kh Ks", "Qc Qc Qd Qd 2c 2d JK", "2h 2h 2s 2s JK JK 2c",
            "7c 7c 7d 7d 7h 7h 7s")
    return canasta_family.new_game(
        "pennies", seed=1, start=HandSetup(
            hands=(hand, *filler[1:]), pile="5c 9c",
            feet=("", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "9h 9s"),
            melds=(four, ()), dealer=5, to_play=0, **setup))  # type: ignore[arg-type]


def test_PH_22_ask_when_several_melds_go_out() -> None:
    """PH-22 (as AS-36): asking is allowed when going out takes several melds."""
    game = ph("Ah Ah Ah 9d 9d", stock="9s 4d")
    game.apply("draw")
    assert {"ask 2", "ask 4"} <= listed(game)
    game.apply("ask 4")
    game.apply("answer yes")
    assert {"meld Ah Ah Ah", "meld 9d 9d 9s"} <= listed(game)
    game.apply("meld Ah Ah Ah")
    game.apply("meld 9d 9d 9s")
    game.apply("discard 4d")
    assert game.hand_results[-1].went_out == 0


def test_PH_9_black_threes_early_in_the_going_out_turn() -> None:
    """PH-9 (as AS-33): black 3s first, then the rest of the hand, then out."""
    game = ph("3c 3s 3c 9d 9d", stock="9s 4d")
    game.apply("draw")
    assert "meld 3c 3c 3s" in listed(game)
    game.apply("meld 3c 3c 3s")
    assert refused(game, "discard 4d") == "PH-9"
    game.apply("meld 9d 9d 9s")
    game.apply("discard 4d")
    assert game.hand_results[-1].went_out == 0


# --- the engine's search against the brute-force reference -----------------------------------

TABLES = {"american-samba": (KINGS, QUEENS), "dutch-samba": (KINGS, QUEENS),
          "samba": (KINGS, QUEENS), "canasta": (KINGS,)}


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variant=st.sampled_from(sorted(TABLES)), seed=st.integers(0, 2**32),
       size=st.integers(3, 8), with_canastas=st.booleans())
def test_ask_listed_exactly_when_some_sequence_goes_out(
        variant: str, seed: int, size: int, with_canastas: bool) -> None:
    """AS-36 / MS-14 / CC-8: on random small hands, ``ask`` is listed (and legal) exactly
    when :func:`canasta_family.testing.going_out_sequence` — every order of the legal
    plays, apart from the engine's search — finds a way out; and after "yes" the
    player can still go out."""
    rng = random.Random(seed)
    table = TABLES[variant] if with_canastas else (TABLES[variant][0][:17],)
    used = Counter(canasta_family.parse_cards(" ".join(table)
                                              + " 6c 6d 7c 7d 9c 9d 6h 9s"))
    deck = Counter(canasta_family.new_game(variant, players=4, seed=1).deck) - used
    pool = [card for card, count in deck.items() if not card.is_red_three
            for _ in range(count)]
    rng.shuffle(pool)
    # Hands built mostly of groups of one rank, so that many can go out.
    chosen: list[canasta_family.Card] = []
    while len(chosen) < size:
        first = pool.pop()
        group = [first, *[c for c in pool if c.rank == first.rank][:rng.randint(0, 3)]]
        for card in group[1:]:
            pool.remove(card)
        chosen.extend(group)
    hand = " ".join(str(card) for card in chosen[:size])
    pool.extend(chosen[size:])
    stock = " ".join(str(card) for card in pool[:6])
    game = start(variant, [hand, "6c 6d", "7c 7d", "9c 9d"], melds=(table, ()), stock=stock)
    game.apply("draw")
    assume(game.phase == "play" and game.current_player == 0)
    asked = "ask 2" in listed(game)
    event(f"ask listed: {asked}")
    assert asked == game.is_legal("ask 2")
    witness = going_out_sequence(game)
    assert asked == (witness is not None and game.hand_size(0) >= 2)
    if asked:
        game.apply("ask 2")
        game.apply("answer yes")
        assert going_out_sequence(game) is not None


def test_MS_13_literal_keep_binds_the_going_out_turn_too() -> None:
    """MS-13 / MS-14: the literal two cards hold after "yes" as well: the way out lays the
    queen off first (the second canasta), then melds the sevens; keeping only the queen
    is refused."""
    game = one_card_to_complete("samba", "Qc")
    game.apply("draw")
    assert "ask 2" in listed(game)
    game.apply("ask 2")
    game.apply("answer yes")
    assert "lay-off 1 Qc" in listed(game)
    assert refused(game, "meld 7c 7d 7h") == "MS-13"
    game.apply("lay-off 1 Qc")
    game.apply("meld 7c 7d 7h")
    assert game.hand_results[-1].went_out == 0


def two_cards_each_completing() -> Game:
    """Modern Samba: side 0 holds six kings, six queens and three fives, no canasta; seat
    0 draws into Kc, Qc and 5d. Each of the king and queen completes a canasta of its
    own, and going out needs both (MS-12)."""
    return start("samba", ["Kc", "6c 6d", "5s 9s", "9c 9d"],
                 melds=(("Kh Kh Kd Kd Ks Ks", SIX_QUEENS, "5c 5h 5h"), ()),
                 stock="Qc 5d Jc Jd")


def test_MS_13_last_two_cards_each_completing_a_canasta_cannot_go_out() -> None:
    """MS-13 / MS-14: with two cards left, each completing one of the two canastas the
    side needs, the turn cannot end by going out: the first lay-off would leave one card
    before the side has its canastas. So "ask" is not listed (the brute-force reference
    agrees), the lay-offs are refused and a discard ends the turn; with a third card that
    can be discarded, the player asks, and after "yes" the play that would leave those two
    cards is refused."""
    game = two_cards_each_completing()
    game.apply("draw")
    assert "ask 2" in listed(game)
    game.apply("lay-off 2 5d")
    assert going_out_sequence(game) is None
    assert not any(action.startswith("ask") for action in listed(game))
    assert refused(game, "lay-off 0 Kc") == "MS-13"
    assert refused(game, "lay-off 1 Qc") == "MS-13"
    assert "discard Kc" in listed(game)

    game = two_cards_each_completing()
    game.apply("draw")
    game.apply("ask 2")
    game.apply("answer yes")
    assert refused(game, "lay-off 2 5d") == "MS-14"
    game.apply("lay-off 1 Qc")
    game.apply("lay-off 0 Kc")
    game.apply("discard 5d")
    assert game.hand_results[-1].went_out == 0
