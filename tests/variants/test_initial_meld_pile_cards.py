"""Cards from the pile in an owed initial meld: AS-23, CC-5, MS-10, PH-17.

After an initial pile take only the top card and the cards the player held count towards
the minimum, but the other cards that came with the pile may be melded at any point of the
turn: they count nothing, the hand cards melded beside them count. A take is legal when
some sequence of plays that turn reaches the minimum this way, and until it is reached a
play is legal when the minimum stays reachable after it.

Each test deals an arranged position (``HandSetup``) and plays it through the public API.
Piles are given bottom to top (the last card is the top); seat 0 plays first.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import canasta_family
from canasta_family import Game, HandSetup, IllegalActionError

# Filler hands for the seats that do not play (Pennies from Heaven deals six seats).
PH_FILLER = ("4d 5h 6s 8c", "4h 5s 6c 8d", "4s 5c 6d 8h", "9c 10d Jh Qs", "9d 10h Js Qc")


def start(variant: str, hand: str, *, pile: str, players: int = 2,
          melds: Sequence[Sequence[str]] | None = None) -> Game:
    """A game of ``variant`` where seat 0, whose side has not melded, holds ``hand`` and
    is to play with ``pile`` on the table."""
    if variant == "pennies":
        return canasta_family.new_game(
            variant, seed=1, start=HandSetup(
                hands=(hand, *PH_FILLER), pile=pile, stock="Kh Ks Qh Qs", melds=melds,
                feet=("Ac", "Kc", "Qd", "Jc", "10c", "9h"), dealer=5, to_play=0))
    return canasta_family.new_game(
        variant, players=players, seed=1, start=HandSetup(
            hands=(hand, "4c 4d 4h 8s 8d"), pile=pile, stock="Qs Qh Jd Jc Ks Kh",
            melds=melds, dealer=players - 1, to_play=0))


def legal(game: Game) -> set[str]:
    """The listed legal actions as text."""
    return {str(action) for action in game.legal_actions()}


# The take 9c 9d on a top 9s counts 30; the two aces beside the pile's joker count 40.
ACES_AND_NINES = "9c 9d Ac Ad 4s 5h 7c"
JOKER_BELOW_NINE = "JK 6c 9s"


@pytest.mark.parametrize(("variant", "rule"), [("american-samba", "AS-23"),
                                               ("canasta", "CC-5"), ("samba", "MS-10")])
def test_a_joker_from_the_pile_fills_out_two_hand_aces(variant: str, rule: str) -> None:
    """AS-23, CC-5, MS-10: the take is legal because the joker that comes with the pile
    makes a set of the hand's two aces; the aces count 40, the joker nothing, so the side
    opens with 70, not 120."""
    game = start(variant, ACES_AND_NINES, pile=JOKER_BELOW_NINE)
    assert "take-pile 9c 9d" in legal(game), rule
    game.apply("take-pile 9c 9d")
    assert game.owes_initial_meld()
    listed = legal(game)
    assert "meld Ac Ad JK" in listed, rule
    # Nothing but that meld reaches the minimum: no discard before it.
    assert not any(text.startswith("discard") for text in listed)
    game.apply("meld Ac Ad JK")
    assert game.initial_meld_count() == 70 and game.has_initial_meld(0), rule
    assert not game.owes_initial_meld()


@pytest.mark.parametrize(("variant", "rule"), [("american-samba", "AS-23"),
                                               ("canasta", "CC-5"), ("samba", "MS-10")])
def test_the_take_stays_refused_when_no_plays_reach_the_minimum(variant: str,
                                                                rule: str) -> None:
    """AS-23, CC-5, MS-10: with one ace in hand the pile's joker fills out nothing that
    counts enough (30 + 20 < 50): the take is refused, naming the rule, and the game is
    as it was."""
    game = start(variant, "9c 9d Ac 4s 5h 7c 8d", pile=JOKER_BELOW_NINE)
    assert not any(text.startswith("take-pile") for text in legal(game))
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        game.apply("take-pile 9c 9d")
    assert caught.value.rule == rule
    assert game.snapshot() == before


@pytest.mark.parametrize(("variant", "rule"), [("american-samba", "AS-23"),
                                               ("canasta", "CC-5")])
def test_pile_cards_may_be_melded_before_the_minimum(variant: str, rule: str) -> None:
    """AS-23, CC-5: three 6s from the pile make a meld at once, before the minimum is
    reached, while the hand's Ks can still reach it afterwards; the 6s count nothing."""
    game = start(variant, "9c 9d Kc Kd Kh 4s 5h", pile="6c 6d 6h 9s")
    game.apply("take-pile 9c 9d")
    assert game.initial_meld_count() == 30
    assert {"meld 6c 6d 6h", "meld Kc Kd Kh"} <= legal(game), rule
    game.apply("meld 6c 6d 6h")
    assert game.initial_meld_count() == 30 and game.owes_initial_meld(), rule
    game.apply("meld Kc Kd Kh")
    assert game.initial_meld_count() == 60 and not game.owes_initial_meld()


@pytest.mark.parametrize(("variant", "rule"), [("american-samba", "AS-23"),
                                               ("canasta", "CC-5")])
def test_a_pile_meld_that_spends_the_needed_wild_card_is_refused(variant: str,
                                                                 rule: str) -> None:
    """AS-23, CC-5: the pile's joker could join the pile's 6s, but then the aces could no
    longer be melded and the minimum would be out of reach: that meld is refused with the
    rule and the game is left as it was; the aces' meld is listed."""
    game = start(variant, ACES_AND_NINES, pile="6c 6d JK 9s")
    game.apply("take-pile 9c 9d")
    listed = legal(game)
    assert "meld 6c 6d JK" not in listed and "meld Ac Ad JK" in listed
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        game.apply("meld 6c 6d JK")
    assert caught.value.rule == rule
    assert game.snapshot() == before


def test_PH_17_pile_cards_fill_out_a_first_meld_but_count_nothing() -> None:
    """PH-17: in Pennies from Heaven the pile's joker joins the hand's two aces in the
    turn of the initial take; only the aces and the take count, and melds never go back
    to the hand."""
    game = start("pennies", ACES_AND_NINES, pile=JOKER_BELOW_NINE)
    assert "take-pile 9c 9d" in legal(game)
    game.apply("take-pile 9c 9d")
    listed = legal(game)
    assert "meld Ac Ad JK" in listed and "retract" not in listed
    game.apply("meld Ac Ad JK")
    assert game.initial_meld_count() == 70 and game.has_initial_meld(0)
