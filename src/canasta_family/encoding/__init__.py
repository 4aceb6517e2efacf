"""Numbers for learning libraries: a fixed step space for actions and a flat observation.

Pure Python, with no dependency beyond the engine: :mod:`canasta_family.rl` (PettingZoo)
and :mod:`canasta_family.openspiel` build on it, and so can anything else.

* :class:`StepCodec` / :class:`StepBuilder` (:mod:`~canasta_family.encoding.steps`): every
  engine action as a short sequence of steps from a fixed vocabulary, with the steps
  allowed now taken from the engine's ``legal_actions()``.
* :class:`ObservationLayout` (:mod:`~canasta_family.encoding.tensor`): a player's
  observation as a flat list of numbers, section by section.
* :func:`hand_reward`, :func:`result_utilities`, :func:`leading_sides`,
  :func:`hand_limit_exceeded`
  (:mod:`~canasta_family.encoding.outcome`): rewards and results as numbers.

>>> import canasta_family
>>> game = canasta_family.new_game(players=2, seed=3)
>>> StepCodec.for_game(game).size
439
"""

from __future__ import annotations

from canasta_family.encoding.outcome import (
    hand_limit_exceeded,
    hand_reward,
    leading_sides,
    result_utilities,
)
from canasta_family.encoding.steps import StepBuilder, StepCodec, StepError
from canasta_family.encoding.tensor import (
    MELD_FEATURES,
    PENDING_KINDS,
    PHASES,
    ObservationLayout,
)

__all__ = [
    "MELD_FEATURES",
    "PENDING_KINDS",
    "PHASES",
    "ObservationLayout",
    "StepBuilder",
    "StepCodec",
    "StepError",
    "hand_limit_exceeded",
    "hand_reward",
    "leading_sides",
    "result_utilities",
]
