"""PettingZoo environments for every variant (needs the ``rl`` extra).

``env(variant=..., players=..., options=...)`` returns the wrapped AEC environment (order
enforced, steps checked against the space); ``raw_env`` the bare
:class:`~canasta_family.rl.env.CanastaEnv`. See ``docs/rl.md``.

>>> e = env(players=2, max_hands=1)
>>> e.reset(seed=1)
>>> e.agent_selection
'player_1'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from canasta_family.api import DEFAULT_VARIANT
from canasta_family.rl.env import CanastaEnv

__all__ = ["CanastaEnv", "env", "raw_env"]


def raw_env(variant: str = DEFAULT_VARIANT, *, players: int | None = None,
            options: Mapping[str, object] | None = None, **settings: Any) -> CanastaEnv:
    """The unwrapped environment; ``settings`` are the keyword arguments of
    :class:`~canasta_family.rl.env.CanastaEnv` (``render_mode``, ``max_hands``, …).

    >>> raw_env(players=3).possible_agents
    ['player_0', 'player_1', 'player_2']
    """
    return CanastaEnv(variant, players=players, options=options, **settings)


def env(variant: str = DEFAULT_VARIANT, *, players: int | None = None,
        options: Mapping[str, object] | None = None, **settings: Any) -> AECEnv[Any, Any, Any]:
    """The environment with PettingZoo's standard wrappers: a step outside the space
    raises, and so does calling ``step`` before ``reset``.

    >>> e = env(players=4)
    >>> e.unwrapped.codec.size
    441
    """
    base = raw_env(variant, players=players, options=options, **settings)
    checked = wrappers.AssertOutOfBoundsWrapper(base)
    return wrappers.OrderEnforcingWrapper(checked)
