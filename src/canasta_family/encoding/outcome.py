"""Rewards and game results as numbers, shared by the learning-library adapters.

Pure Python (no optional package), so both :mod:`canasta_family.rl` and
:mod:`canasta_family.openspiel` use the same definitions.

>>> import canasta_family
>>> game = canasta_family.new_game(players=4, seed=1)
>>> result_utilities(game, (0,))
[1.0, -1.0, 1.0, -1.0]
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_family.engine import Game
from canasta_family.results import HandResult

__all__ = ["hand_limit_exceeded", "hand_reward", "leading_sides", "result_utilities"]


def hand_reward(result: HandResult, side: int) -> float:
    """``side``'s hand total minus the best hand total among the other sides.

    With two sides this is the plain difference; with more it is what the side gained on
    its strongest rival in that hand.

    >>> from canasta_family.results import SideScore
    >>> sheet = HandResult(number=1, dealer=0, went_out=0, reason="x", turns=9, sides=(
    ...     SideScore(side=0, items=(), total=900, cumulative=900),
    ...     SideScore(side=1, items=(), total=-150, cumulative=-150)))
    >>> hand_reward(sheet, 0), hand_reward(sheet, 1)
    (1050.0, -1050.0)
    """
    own = result.sides[side].total
    best_other = max(s.total for s in result.sides if s.side != side)
    return float(own - best_other)


def hand_limit_exceeded(game: Game, limit: int | None) -> bool:
    """Whether a seat whose side has not made its initial meld holds more than ``limit``
    cards (never, for ``None``).

    Random step policies take the pile often and get there; such episodes run long and
    every listing of them is heavier (hundreds of melds, and the search for a completion
    of an owed initial meld, AS-23), so the adapters can stop an episode first
    (``max_hand``).

    >>> import canasta_family
    >>> game = canasta_family.new_game(players=2, seed=1)
    >>> hand_limit_exceeded(game, 10), hand_limit_exceeded(game, None)
    (True, False)
    """
    if limit is None:
        return False
    return any(game.hand_size(seat) > limit and not game.has_initial_meld(game.side_of(seat))
               for seat in range(game.num_players))


def leading_sides(game: Game) -> tuple[int, ...]:
    """The sides with the highest cumulative score (all of them on a tie): the winners of
    a game stopped early by a move or hand cap.

    >>> import canasta_family
    >>> leading_sides(canasta_family.new_game(players=2, seed=1))
    (0, 1)
    """
    scores = game.scores
    top = max(scores)
    return tuple(side for side, score in enumerate(scores) if score == top)


def result_utilities(game: Game, winners: Sequence[int]) -> list[float]:
    """Per seat: the game result as a zero-sum number.

    A side gets ``k/(k−1) · (won − w/k)`` with ``k`` sides and ``w`` winning sides, and
    each seat its side's value: +1 for a sole winner and −1/(k−1) for each loser (so ±1
    with two sides), 0 for everyone when all sides tie.

    >>> import canasta_family
    >>> result_utilities(canasta_family.new_game(players=3, seed=1), (2,))
    [-0.5, -0.5, 1.0]
    """
    k = len(game.sides)
    w = len(winners)
    values = [k / (k - 1) * ((1.0 if s in winners else 0.0) - w / k) for s in range(k)]
    return [values[game.side_of(seat)] for seat in range(game.num_players)]
