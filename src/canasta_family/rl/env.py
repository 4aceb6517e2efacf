"""A PettingZoo AEC environment for any variant: :class:`CanastaEnv`.

Agents are ``player_0`` … ``player_{n-1}`` (seats). Each acts in turn, one **step** at a
time (:mod:`canasta_family.encoding.steps`): simple moves take one step, melds and pile
takes a few. Every observation is a dict with ``observation`` (the flat tensor of
:class:`~canasta_family.encoding.ObservationLayout`) and ``action_mask`` (1 for the steps
allowed now, all 0 for an agent that is not to act). The info of the agent to act holds
the engine's own :class:`~canasta_family.observation.Observation` under
``"engine_observation"``. See ``docs/rl.md``.

>>> e = CanastaEnv(players=2)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, info["engine_observation"].player, bool(obs["action_mask"].any())
('player_1', 1, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from canasta_family.actions import Action, to_action
from canasta_family.api import DEFAULT_VARIANT, new_game
from canasta_family.encoding import (
    ObservationLayout,
    StepBuilder,
    StepCodec,
    hand_limit_exceeded,
    hand_reward,
    leading_sides,
    result_utilities,
)
from canasta_family.engine import Game

__all__ = ["CanastaEnv"]

ObsDict = dict[str, np.ndarray[Any, Any]]


# PettingZoo ships no type information, so its base class is Any to mypy.
class CanastaEnv(AECEnv[str, ObsDict, int]):  # type: ignore[misc]
    """Seats of one variant as PettingZoo agents (see the module documentation).

    ``variant``, ``players`` and ``options`` are those of :func:`canasta_family.new_game`.
    Rewards: when a hand ends, each agent gets ``hand_reward_scale`` × its side's hand
    total minus the best other side's; when the game ends, ``result_reward`` × the
    zero-sum result (+1 sole winner, −1/(k−1) each loser with k sides, 0 on a full tie).
    ``max_hands`` ends the game (terminated) after that many hands, won by the leading
    side(s); ``max_steps`` truncates the episode after that many steps; ``max_hand``
    truncates it as soon as a seat whose side has not made its initial meld holds more
    than that many cards (see :func:`~canasta_family.encoding.hand_limit_exceeded`).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "canasta_family_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, variant: str = DEFAULT_VARIANT, *, players: int | None = None,
                 options: Mapping[str, object] | None = None, render_mode: str | None = None,
                 max_hands: int | None = None, max_steps: int | None = None,
                 max_hand: int | None = None, hand_reward_scale: float = 1.0,
                 result_reward: float = 1.0) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        for name, value in (("max_hands", max_hands), ("max_steps", max_steps),
                            ("max_hand", max_hand)):
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1 (or None), not {value}")
        probe = new_game(variant, players=players, seed=0, options=options)
        self._variant = probe.variant.name
        self._players = probe.num_players
        self._options = dict(probe.options)
        self.render_mode = render_mode
        self.max_hands = max_hands
        self.max_steps = max_steps
        self.max_hand = max_hand
        self.hand_reward_scale = hand_reward_scale
        self.result_reward = result_reward
        self.codec = StepCodec.for_game(probe)
        self.layout = ObservationLayout.for_game(probe, self.codec.max_melds)
        self.possible_agents = [f"player_{seat}" for seat in range(self._players)]
        low = np.array(self.layout.lower_bounds(), dtype=np.float32)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=low, high=np.inf, shape=(self.layout.size,),
                                          dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.codec.size,),
                                          dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.codec.size)
                              for agent in self.possible_agents}
        self._seeder = random.Random()
        self._memo: dict[Action, tuple[int, ...]] = {}
        self.game: Game = probe
        self.builder = StepBuilder(probe, self.codec, memo=self._memo)
        self._steps = 0
        self._hands_seen = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call).

        >>> e = CanastaEnv(players=2)
        >>> e.observation_space("player_0")["observation"].shape
        (1165,)
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(codec.size)``.

        >>> CanastaEnv(players=2).action_space("player_1")
        Discrete(439)
        """
        return self.action_spaces[agent]

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. With ``seed``, the game and every later unseeded reset are
        reproducible. ``options`` is accepted for the Gymnasium signature and not used
        (variant options are given when the environment is made).

        >>> a, b = CanastaEnv(players=2), CanastaEnv(players=2)
        >>> a.reset(seed=9); b.reset(seed=9)
        >>> a.game == b.game
        True
        """
        if seed is not None:
            self._seeder = random.Random(seed)
        self.game = new_game(self._variant, players=self._players,
                             seed=self._seeder.randrange(2**63), options=self._options)
        self.builder = StepBuilder(self.game, self.codec, memo=self._memo)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._steps = 0
        self._hands_seen = 0
        self.agent_selection = self._agent(self.game.current_player)
        self._set_infos()

    def _set_infos(self) -> None:
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        if not self.game.is_over and self.agent_selection in self.infos:
            seat = self.game.current_player
            self.infos[self.agent_selection] = {
                "engine_observation": self.game.observation(seat),
                "pending": tuple(self.codec.describe(self.builder.pending)),
            }

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation: its tensor and its action mask.

        >>> e = CanastaEnv(players=2)
        >>> e.reset(seed=3)
        >>> int(e.observe("player_0")["action_mask"].sum()), e.agent_selection
        (0, 'player_1')
        """
        seat = self._seat(agent)
        to_act = (seat == self.game.current_player and not self.game.is_over
                  and not self.terminations.get(agent, True)
                  and not self.truncations.get(agent, True))
        pending = [self.codec.block(s) for s in self.builder.pending] if to_act else []
        tensor = self.layout.encode(self.game.observation(seat), pending)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if to_act:
            mask[self.builder.allowed()] = 1
        return {"observation": np.asarray(tensor, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take one step for the agent to act (``None`` for an agent that is done).

        >>> e = CanastaEnv(players=2)
        >>> e.reset(seed=3)
        >>> e.step(e.codec.index("draw"))
        >>> e.game.phase, e.agent_selection
        ('play', 'player_1')
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"action must be a step number for {agent}, not None")
        self._cumulative_rewards[agent] = 0.0
        self.builder.step(int(action))
        self._steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        game = self.game
        results = game.hand_results
        while self._hands_seen < len(results):
            sheet = results[self._hands_seen]
            self._hands_seen += 1
            for a in self.agents:
                side = game.side_of(self._seat(a))
                self.rewards[a] += self.hand_reward_scale * hand_reward(sheet, side)
        capped = self.max_hands is not None and self._hands_seen >= self.max_hands
        if game.is_over or capped:
            result = game.result
            winners = result.winners if game.is_over and result is not None \
                else leading_sides(game)
            utilities = result_utilities(game, winners)
            for a in self.agents:
                self.rewards[a] += self.result_reward * utilities[self._seat(a)]
                self.terminations[a] = True
        elif (self.max_steps is not None and self._steps >= self.max_steps) \
                or hand_limit_exceeded(game, self.max_hand):
            for a in self.agents:
                self.truncations[a] = True
        if not (game.is_over or capped):
            self.agent_selection = self._agent(game.current_player)
        self._accumulate_rewards()
        self._set_infos()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``"ansi"`` returns it, ``"human"`` prints it): scores, the
        pile, every side's melds, and the hand and pending steps of the agent to act.

        >>> e = CanastaEnv(players=2, render_mode="ansi")
        >>> e.reset(seed=3)
        >>> e.render().splitlines()[0]
        'american-samba hand 1, phase draw, scores [0, 0]'
        """
        if self.render_mode is None:
            return None
        game = self.game
        seat = game.current_player
        obs = game.observation(seat)
        top = "-" if obs.pile_top is None else str(obs.pile_top)
        lines = [f"{game.variant.name} hand {obs.hand_number + 1}, phase {obs.phase}, "
                 f"scores {list(obs.scores)}",
                 f"stock {obs.stock_size}, pile {obs.pile_size} (top {top}"
                 f"{', frozen' if obs.pile_frozen else ''})"]
        for side, melds in enumerate(obs.melds):
            lines.append(f"side {side}: " + " | ".join(str(m) for m in melds))
        lines.append(f"{self._agent(seat)} holds " + " ".join(str(c) for c in obs.hand))
        if self.builder.pending:
            lines.append("pending: " + " ".join(self.codec.describe(self.builder.pending)))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def steps_for(self, action: Action | str) -> tuple[int, ...]:
        """The steps the agent to act needs to play ``action`` from its pending steps
        (an action of ``game.legal_actions()``, or its text).

        >>> e = CanastaEnv(players=2)
        >>> e.reset(seed=3)
        >>> e.codec.describe(e.steps_for("draw"))
        ['draw']
        """
        return self.builder.steps_to(to_action(action))
