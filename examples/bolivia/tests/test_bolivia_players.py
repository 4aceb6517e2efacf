"""The computer players of canasta-family in Bolivia: they learn from the variant itself
that going out needs an escalera (BO-6), build sequences while their side lacks one, and
so go out in most hands."""

from __future__ import annotations

from collections.abc import Sequence

import canasta_family
from canasta_family import Game, HandSetup, LayOff
from canasta_family.players import HeuristicPlayer, decide, play_hand
from canasta_family.players.going_out import kinds_lacking, kinds_required

NATURAL_K = "Kh Kh Kh Kd Kd Kd Ks"
MIXED_9 = "9h 9h 9d 9d 9c 2c JK"
ESCALERA = "4s 5s 6s 7s 8s 9s 10s"
BOLIVIA = "JK JK JK 2c 2d 2h 2h"
STOCK = "8h 4h 8d 8s 10c 10h 4c 4d 5s 6s 7h 7s Qd Qh Kc"


def start(hands: Sequence[str], **setup: object) -> Game:
    """A game of Bolivia from an arranged hand, seat 0 to play after its draw."""
    game = canasta_family.new_game("bolivia", seed=11, start=HandSetup(
        hands=tuple(hands), dealer=3, **setup))  # type: ignore[arg-type]
    game.apply("draw")
    return game


def test_BO_6_the_escalera_is_the_kind_a_side_must_make() -> None:
    """Asked through the engine, the variant says what a side lacks to go out."""
    assert kinds_required("bolivia", 4, ()) == {"escalera"}
    assert kinds_lacking("bolivia", 4, ("mixed", "natural")) == {"escalera"}
    assert kinds_required("bolivia", 4, ("mixed", "natural")) == {"escalera"}
    assert kinds_lacking("bolivia", 4, ("escalera", "natural")) == frozenset()
    assert kinds_required("bolivia", 4, ("escalera",)) == frozenset()


def test_BO_6_a_card_that_grows_the_sequence_goes_there_not_on_a_set() -> None:
    """Two canastas but no escalera: the 9s extends the open sequence 4s-8s, and the
    player lays it there rather than on its side's nines."""
    game = start(("9s 5h 10d Qc Jc", "5c 6c", "6d 6h", "7c 7d"),
                 melds=((NATURAL_K, MIXED_9, "4s 5s 6s 7s 8s"), ()),
                 stock="Ac 4h 8h 8d", pile="5d")
    action = decide(HeuristicPlayer(), game)
    assert action == LayOff(meld=2, cards=(canasta_family.parse_card("9s"),))


def test_BO_6_no_shedding_of_wild_cards_before_the_escalera() -> None:
    """With two canastas (one a bolivia, which the wild cards were kept for) and no
    escalera the side may not go out, so a wild card is not
    laid off on an open set just to empty the hand; with an escalera it is (the stock is
    long: the hand is not about to end)."""
    hands = ("2s 5h 10d Qc Ac", "5c 6c", "6d 6h", "7c 7d")
    lacking = start(hands, melds=((NATURAL_K, BOLIVIA, "Jh Jd Jc"), ()),
                    stock=STOCK, pile="5d")
    escalera = start(hands, melds=((ESCALERA, BOLIVIA, "Jh Jd Jc"), ()),
                     stock=STOCK, pile="5d")
    shed = LayOff(meld=2, cards=(canasta_family.parse_card("2s"),))
    assert shed in lacking.legal_actions() and shed in escalera.legal_actions()
    assert decide(HeuristicPlayer(), lacking) != shed
    assert decide(HeuristicPlayer(), escalera) == shed


def test_heuristic_players_go_out_in_most_hands() -> None:
    """Over twelve dealt hands, the side that goes out ends most of them (seven; the
    players ended five before they built sequences for the escalera)."""
    went_out = 0
    for seed in range(12):
        game = canasta_family.new_game("bolivia", seed=seed)
        play_hand(game, [HeuristicPlayer() for _ in range(4)])
        went_out += game.hand_results[0].went_out is not None
    assert went_out >= 7
