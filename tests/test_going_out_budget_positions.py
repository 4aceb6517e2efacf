"""Big hands where a legal black-3 meld needs the going-out question answered exactly
(AS-33).

Black 3s may be melded only by a player who goes out in that turn, at any point of it
(AS-33, AS-35, AS-36), so the engine lists and accepts a black-3 meld only where going
out is still possible after it. The going-out search on copies of the game, which gives up
after ``_OUT_BUDGET`` positions, refused the meld in the four positions kept here (from
``tests/golden/going_out_budget``, each a game record of the listing digest's seeded
games that replays to the position, with a way out found by the search run with no
budget); the solver on counts (``engine/out_solver.py``) decides them exactly. These are
the listing digest's entries that moved when it replaced the search (docs/guards.md).

The first test proves each way out through the public API alone: the plays are made
first, the black 3s last, then the final discard, and the player goes out. The second
asks the engine: the black-3 meld is legal and listed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import recorded_case

from canasta_family.actions import LayOff, parse_action

POSITIONS = sorted((Path(__file__).parent / "golden" / "going_out_budget").glob("*.json"))


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_AS_33_AS_35_black_threes_last_and_the_player_goes_out(path: Path) -> None:
    """AS-33, AS-35: the way out after the black-3 meld is real. Made with the black 3s
    last (AS-33 allows them at any point of a turn that ends by going out), every play is
    accepted and the turn ends with the player out."""
    case, game = recorded_case(path)
    seat = game.current_player
    side = game.side_of(seat)
    assert game.phase == "play" and case["variant"] == game.variant.name
    black = case["black_threes"]
    # The way out was found with the black 3s melded first, at the next meld number:
    # melds made after it move down one when they come last.
    place = len(game.side_melds(side))
    *plays, discard = case["way_out"]
    for text in plays:
        action = parse_action(text)
        if isinstance(action, LayOff) and action.meld > place:
            action = LayOff(action.meld - 1, action.cards, action.stands)
        game.apply(action)
    game.apply(black)
    assert len(game.hand_cards(seat)) == 1
    game.apply(discard)
    assert game.hand_results[-1].went_out == seat


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_AS_33_AS_36_black_three_meld_is_legal_where_a_way_out_exists(path: Path) -> None:
    """AS-33, AS-36: a black-3 meld after which the turn can still end by going out is
    legal, and listed."""
    case, game = recorded_case(path)
    black = case["black_threes"]
    assert game.is_legal(black)
    assert black in {str(action) for action in game.legal_actions()}
