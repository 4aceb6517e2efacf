"""AS-23 in random play: after an initial pile take short of the minimum, the player to
move is never stuck, lists exactly what is legal, and reaches the minimum before the
turn's discard — in every built-in variant.

Positions are found by random play (half greedy, half uniform, through the testing
toolkit) and the take is forced whenever one is listed for a side without its initial
meld, so that owed positions come up often.
"""

from __future__ import annotations

import random

import pytest

import canasta_family
from canasta_family import Discard, Game, HandSetup, TakePile
from canasta_family.players import GreedyPlayer
from canasta_family.plugins import BUILTIN_VARIANTS
from canasta_family.testing import (
    check_listing_complete,
    check_refusal_leaves_state,
    hand_limit_reached,
)


def _initial_takes(game: Game) -> list[TakePile]:
    side = game.side_of(game.current_player)
    if game.phase != "draw" or game.has_initial_meld(side):
        return []
    return [a for a in game.legal_actions() if isinstance(a, TakePile) and a.onto is None]


def _owed_positions(variant: str, wanted: int, seed: int) -> list[Game]:
    """Up to ``wanted`` positions right after an initial take that fell short."""
    rng = random.Random(seed)
    greedy = GreedyPlayer()
    found: list[Game] = []
    for game_seed in range(seed, seed + 40):
        game = canasta_family.new_game(variant, seed=game_seed)
        for _ in range(400):
            if game.is_over or hand_limit_reached(game, 24) or len(found) >= wanted:
                break
            takes = _initial_takes(game)
            if takes:
                game.apply(rng.choice(takes))
                if game.owes_initial_meld():
                    found.append(game.clone())
                continue
            listed = game.legal_actions()
            if rng.random() < 0.5:
                game.apply(greedy.choose(game.observation(game.current_player), listed))
            else:
                game.apply(rng.choice(listed))
        if len(found) >= wanted:
            break
    return found


@pytest.mark.parametrize("variant", BUILTIN_VARIANTS)
def test_AS_23_owed_initial_meld_is_always_completable(variant: str) -> None:
    """From every owed position, random plays among the listed ones always reach the
    minimum before a discard is allowed; no position runs out of legal actions (the
    engine would raise), and nothing but plays is listed while the meld is owed."""
    positions = _owed_positions(variant, 12, seed=101)
    assert positions, f"no owed initial meld arose in {variant}"
    rng = random.Random(7)
    for start in positions:
        for _ in range(3):
            game = start.clone()
            side = game.side_of(game.current_player)
            seat = game.current_player
            while game.owes_initial_meld():
                listed = game.legal_actions()
                assert listed
                assert not any(isinstance(a, Discard) or str(a) in ("retract",)
                               or str(a).startswith("ask") for a in listed)
                game.apply(rng.choice(listed))
            assert game.has_initial_meld(side) or game.current_player != seat \
                or game.phase != "play", "the owed meld ended without the minimum"


@pytest.mark.parametrize("variant", BUILTIN_VARIANTS)
def test_AS_23_owed_positions_list_exactly_the_legal_actions(variant: str) -> None:
    """Brute force on owed positions with small hands: every candidate action is legal
    exactly when it is listed (``check_listing_complete``)."""
    positions = [g for g in _owed_positions(variant, 20, seed=202)
                 if g.hand_size(g.current_player) <= 13]
    assert positions, f"no small owed position arose in {variant}"
    for game in positions[:2]:
        before = game.snapshot()
        check_listing_complete(game, max_meld=6)
        assert game.snapshot() == before


def test_AS_23_CC_5_no_question_while_the_initial_meld_is_owed() -> None:
    """AS-23 (CC-5 in classic Canasta): after a pile take short of the minimum, no
    question comes before the minimum is reached — ``ask`` is neither listed nor
    accepted, and the refusal leaves the game as it was."""
    hands = ("Qc Qd Jc Jc Jd Jd Jh Jh Js Ah Ah As Kh", "4c 4d 5d 6c 6d 7h 8c 8d 9c 9d Kd",
             "4h 4s 5h 6h 6s 8h 8h 8s 9h 9s 10d", "10c 10d 10h 10s Kc 5c 5s 6c 8c 9c 4d")
    game = canasta_family.new_game("canasta", players=4, seed=1, start=HandSetup(
        hands=hands, pile="7c 7d 7s Qh", stock="Ks 5h 6h 5s", scores=(3000, 0),
        dealer=3))
    game.apply("take-pile Qc Qd")
    game.apply("meld Jc Jc Jd Jd Jh Jh Js")
    assert game.owes_initial_meld()
    assert not any(str(a).startswith("ask") for a in game.legal_actions())
    assert not game.is_legal("ask 2")
    check_refusal_leaves_state(game, "ask 2")
