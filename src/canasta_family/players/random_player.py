"""A player that picks uniformly among the legal actions.

>>> from canasta_family.actions import Draw
>>> RandomPlayer(seed=1).choose(None, [Draw()])  # type: ignore[arg-type]
Draw()
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta_family.actions import Action
from canasta_family.observation import Observation

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Uniformly random legal moves from its own seeded generator (reproducible)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Any legal action, each equally likely."""
        return self._rng.choice(legal_actions)
