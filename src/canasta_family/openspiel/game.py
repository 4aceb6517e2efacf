"""The OpenSpiel game ``python_canasta_family``: every variant, played step by step.

Registered with :mod:`pyspiel` when :mod:`canasta_family.openspiel` is imported. One
explicit chance node deals (it chooses the seed of the engine's generator, which shuffles
every hand); then players take steps of :mod:`canasta_family.encoding.steps`. Utilities
are the zero-sum game result (:func:`~canasta_family.encoding.result_utilities`). See
``docs/rl.md``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_canasta_family(players=2,max_moves=50)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 100000)
>>> state.apply_action(7)
>>> state.current_player(), state.is_terminal()
(1, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from canasta_family.api import DEFAULT_VARIANT, new_game, replay
from canasta_family.encoding import (
    ObservationLayout,
    StepBuilder,
    StepCodec,
    hand_limit_exceeded,
    leading_sides,
    result_utilities,
)
from canasta_family.engine import Game
from canasta_family.plugins import available_variants, find_variant

__all__ = ["GAME_TYPE", "CanastaGame", "CanastaObserver", "CanastaState"]

_PARAMS: dict[str, Any] = {
    "variant": DEFAULT_VARIANT,
    "players": 0,
    "max_moves": 100_000,
    "max_hands": 0,
    "max_hand": 0,
    "deal_seeds": 100_000,
}


def _player_bounds() -> tuple[int, int]:
    counts = [n for info in available_variants() for n in info.players]
    return min(counts), max(counts)


_MIN_PLAYERS, _MAX_PLAYERS = _player_bounds()

GAME_TYPE = pyspiel.GameType(
    short_name="python_canasta_family",
    long_name="Python canasta-family (any variant)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=_MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)
"""The game type registered as ``python_canasta_family``."""


class _Shared:
    """What every state of one game shares. OpenSpiel copies a state by deep-copying its
    attributes and serializes it by pickling them; this part is shared by copies and
    pickled as its parameters."""

    def __init__(self, variant: str, seats: int, max_moves: int, max_hands: int,
                 max_hand: int, deal_seeds: int) -> None:
        self.params = (variant, seats, max_moves, max_hands, max_hand, deal_seeds)
        self.max_hand = max_hand or None
        self.variant = variant
        self.seats = seats
        self.max_moves = max_moves
        self.max_hands = max_hands
        self.deal_seeds = deal_seeds
        probe = new_game(variant, players=seats, seed=0)
        self.codec = StepCodec.for_game(probe)
        self.layout = ObservationLayout.for_game(probe, self.codec.max_melds)
        self.sides = len(probe.sides)

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_Shared, self.params)


class _Table:
    """The engine game and the pending steps. Copied with the engine's cheap ``clone()``
    and pickled as the game record (JSON) plus the pending steps."""

    def __init__(self, engine: Game, builder: StepBuilder) -> None:
        self.engine = engine
        self.builder = builder

    def __deepcopy__(self, memo: dict[int, object]) -> _Table:
        engine = self.engine.clone()
        return _Table(engine, self.builder.clone(engine))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_restore_table, (self.engine.record().dumps(), self.builder.pending))


def _restore_table(record: str, pending: tuple[int, ...]) -> _Table:
    engine = replay(record)
    builder = StepBuilder(engine)
    for step in pending:
        builder.step(step)
    return _Table(engine, builder)


class CanastaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One variant, seat count and caps, from the parameters (see ``docs/rl.md``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(_PARAMS)
        given.update(params or {})
        variant = find_variant(str(given["variant"]))
        players = int(given["players"]) or variant.info.preferred_players
        for name in ("max_moves", "deal_seeds"):
            if int(given[name]) < 1:
                raise ValueError(f"{name} must be at least 1, not {given[name]}")
        for name in ("max_hands", "max_hand"):
            if int(given[name]) < 0:
                raise ValueError(f"{name} must be 0 (no cap) or more, not {given[name]}")
        shared = _Shared(variant.name, players, int(given["max_moves"]),
                         int(given["max_hands"]), int(given["max_hand"]),
                         int(given["deal_seeds"]))
        self.shared = shared
        self.codec = shared.codec
        self.layout = shared.layout
        info = pyspiel.GameInfo(
            num_distinct_actions=shared.codec.size,
            max_chance_outcomes=shared.deal_seeds,
            num_players=shared.seats,
            min_utility=-1.0 / (shared.sides - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=shared.max_moves + 1,
        )
        super().__init__(GAME_TYPE, info, {**given, "variant": variant.name,
                                           "players": shared.seats})

    def new_initial_state(self) -> CanastaState:
        """A game before the deal (a chance node)."""
        return CanastaState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> CanastaObserver:
        """The observer behind observation and information-state strings and tensors."""
        if params:
            raise ValueError(f"params must be empty: the observer takes none, not {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CanastaObserver(self, perfect_recall)


class CanastaState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A game in progress: the engine game, the pending steps, and each seat's recall."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._table: _Table | None = None
        self._moves = 0
        # Per seat: (public events seen when the hand changed, the hand as text); what the
        # seat saw of its own cards, for the perfect-recall information state.
        self._recall: list[list[tuple[int, str]]] = [[] for _ in range(game.shared.seats)]
        self._capped = False

    @property
    def engine(self) -> Game | None:
        """The engine game (``None`` before the deal)."""
        return None if self._table is None else self._table.engine

    @property
    def builder(self) -> StepBuilder | None:
        """The pending steps of the seat to act (``None`` before the deal)."""
        return None if self._table is None else self._table.builder

    # --- pyspiel API ---------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or the chance or terminal marker."""
        table = self._table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if table.engine.is_over or self._capped:
            return int(pyspiel.PlayerId.TERMINAL)
        return table.engine.current_player

    def is_terminal(self) -> bool:
        """Whether the game has ended (normally, or at a cap)."""
        table = self._table
        return table is not None and (table.engine.is_over or self._capped)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal: ``deal_seeds`` equally likely seeds."""
        n = self._shared.deal_seeds
        p = 1.0 / n
        return [(seed, p) for seed in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        table = self._table
        if table is None or self.is_terminal() or player != table.engine.current_player:
            return []
        return table.builder.allowed()

    def _apply_action(self, action: int) -> None:
        shared = self._shared
        table = self._table
        if table is None:
            engine = new_game(shared.variant, players=shared.seats, seed=int(action))
            self._table = _Table(engine, StepBuilder(engine, shared.codec))
            self._note_hands()
            return
        done = table.builder.step(int(action))
        self._moves += 1
        if done is not None:
            self._note_hands()
        engine = table.engine
        if (self._moves >= shared.max_moves
                or (shared.max_hands and len(engine.hand_results) >= shared.max_hands)
                or hand_limit_exceeded(engine, shared.max_hand)):
            self._capped = not engine.is_over

    def _note_hands(self) -> None:
        assert self._table is not None
        engine = self._table.engine
        events = len(engine.log(all_hands=True))
        for seat, trace in enumerate(self._recall):
            text = " ".join(str(c) for c in engine.hand_cards(seat))
            if not trace or trace[-1][1] != text:
                trace.append((events, text))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        return self._shared.codec.describe([action])[0]

    def returns(self) -> list[float]:
        """The zero-sum game result per seat once over (zeros before)."""
        table = self._table
        if table is None or not self.is_terminal():
            return [0.0] * self._shared.seats
        engine = table.engine
        result = engine.result
        winners = result.winners if engine.is_over and result is not None \
            else leading_sides(engine)
        return result_utilities(engine, winners)

    def __str__(self) -> str:
        engine = self.engine
        if engine is None:
            return "before the deal"
        lines = [f"{engine.variant.name}, hand {engine.hand_number + 1}, phase {engine.phase},"
                 f" scores {list(engine.scores)}, steps {self._moves}"]
        for seat in range(engine.num_players):
            lines.append(f"seat {seat}: " + " ".join(str(c) for c in engine.hand_cards(seat)))
        for side in range(len(engine.sides)):
            lines.append(f"side {side}: " + " | ".join(map(str, engine.side_melds(side))))
        top = engine.pile_top
        lines.append(f"pile {len(engine.pile)} top {top if top is not None else '-'}, "
                     f"stock {engine.stock_size}")
        return "\n".join(lines)


class CanastaObserver:
    """Observation (``perfect_recall=False``) or information state (``True``) of a seat.

    The tensor is the layout of :class:`~canasta_family.encoding.ObservationLayout`; the
    information state has a string only.
    """

    def __init__(self, game: CanastaGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.layout = game.layout
        self.codec = game.codec
        size = 0 if perfect_recall else game.layout.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CanastaState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` knows in ``state``."""
        if self.perfect_recall:
            return
        engine = state.engine
        if engine is None:
            self.tensor.fill(0)
            return
        builder = state.builder
        pending = builder.pending if builder is not None and \
            engine.current_player == player else ()
        values = self.layout.encode(engine.observation(player),
                                    [self.codec.block(s) for s in pending])
        self.tensor[:] = values

    def string_from(self, state: CanastaState, player: int) -> str:
        """What ``player`` knows in ``state`` as text."""
        engine = state.engine
        if engine is None:
            return f"seat {player}, before the deal"
        obs = engine.observation(player)
        top = "-" if obs.pile_top is None else str(obs.pile_top)
        builder = state.builder
        pending = builder.pending if builder is not None and \
            engine.current_player == player else ()
        lines = [f"seat {player} of {engine.num_players}, hand {obs.hand_number + 1}, "
                 f"phase {obs.phase}, to act {obs.current_player}",
                 "hand: " + " ".join(str(c) for c in obs.hand),
                 f"sizes {list(obs.hand_sizes)} feet {list(obs.foot_sizes)} "
                 f"stock {obs.stock_size} pile {obs.pile_size} top {top}"
                 f"{' frozen' if obs.pile_frozen else ''}",
                 f"scores {list(obs.scores)} minimums {list(obs.initial_minimums)}"]
        for side, melds in enumerate(obs.melds):
            red = " ".join(str(c) for c in obs.red_threes[side])
            lines.append(f"side {side}: " + " | ".join(map(str, melds)) + f" red3 {red}")
        if obs.pending_question is not None or obs.partner_answer is not None:
            lines.append(f"asked {obs.pending_question} answer {obs.partner_answer}")
        if pending:
            lines.append("pending: " + " ".join(self.codec.describe(pending)))
        if not self.perfect_recall:
            return "\n".join(lines)
        return "\n".join([*lines, "recall:", *self._recall_lines(state, player)])

    @staticmethod
    def _recall_lines(state: CanastaState, player: int) -> list[str]:
        engine = state.engine
        assert engine is not None
        events = engine.log(all_hands=True)
        marks = state._recall[player]
        out: list[str] = []
        at = 0
        for index, (seat, text) in enumerate(events):
            while at < len(marks) and marks[at][0] <= index:
                out.append("my hand: " + marks[at][1])
                at += 1
            out.append(f"{'table' if seat is None else seat}: {text}")
        out.extend("my hand: " + text for _, text in marks[at:])
        return out

