"""The state a game holds: one slot per field, typed for every part of the engine."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from canasta_family.actions import Action, Discard
from canasta_family.arrangement import HandSetup
from canasta_family.engine.catalog import (
    Catalog,
)
from canasta_family.engine.out_nodes import OutNode
from canasta_family.engine.rule_set import _Static
from canasta_family.melds import Meld
from canasta_family.results import HandResult
from canasta_family.rules import GameResult

if TYPE_CHECKING:
    from canasta_family.engine.game import Game

_LogItem: TypeAlias = "int | str | Action | None"
"""An item of a hand's log as kept: flat, a seat (None for the table) then its event, the
text or the action played, whose text is written when the log is read (see
``Game._log``)."""

Problem = tuple[str, str]
"""(topic, reason): a broken rule before its topic is turned into the variant's rule ID."""



class _GameState:
    """The slots of a :class:`Game`, declared once for every part of the engine that
    reads them (``Game.__init__`` and ``_reset_hand_state`` set them)."""

    __slots__ = (
        "_actions",
        "_answer",
        "_aside",
        "_asker",
        "_concealed",
        "_current",
        "_dealer",
        "_feet",
        "_first_turn_done",
        "_foot_picked",
        "_freezers",
        "_fsize",
        "_hand_no",
        "_hands",
        "_hsize",
        "_initial",
        "_legal_cache",
        "_log",
        "_melds",
        "_minimum",
        "_out_closed",
        "_out_memo",
        "_out_nodes",
        "_over",
        "_past_logs",
        "_phase",
        "_pile",
        "_probe",
        "_red",
        "_reserve_stocked",
        "_reserve_taker",
        "_reserve_waiting",
        "_reserves",
        "_result",
        "_results",
        "_retracted",
        "_rng",
        "_rng_saved",
        "_rsize",
        "_s",
        "_scores",
        "_seed",
        "_side_had_melds",
        "_start",
        "_stock",
        "_t",
        "_take_counts",
        "_turn_kinds",
        "_turn_take",
        "_turn_value",
        "_turns",
    )

    _actions: list[Action]
    _answer: bool | None
    _aside: list[int]
    _asker: int | None
    _concealed: bool
    _current: int
    _dealer: int
    _feet: list[list[int]]
    _first_turn_done: list[bool]
    _foot_picked: list[bool]
    _freezers: int
    _fsize: list[int]
    _hand_no: int
    _hands: list[list[int]]
    _hsize: list[int]
    _initial: list[bool]
    _legal_cache: tuple[Action, ...] | None
    _log: list[_LogItem]
    _melds: list[list[Meld]]
    _minimum: list[int]
    _out_closed: bool
    _out_memo: dict[tuple[object, ...], bool] | None
    _out_nodes: dict[tuple[object, ...], OutNode]
    _over: bool
    _past_logs: list[tuple[_LogItem, ...]]
    _phase: str
    _pile: list[int]
    _probe: bool
    _red: list[list[int]]
    _reserve_stocked: list[bool]
    _reserve_taker: list[int]
    _reserve_waiting: list[bool]
    _reserves: list[list[int]]
    _result: GameResult | None
    _results: tuple[HandResult, ...]
    _retracted: bool
    _rng: random.Random | None
    _rng_saved: object
    _rsize: list[int]
    _s: _Static
    _scores: list[int]
    _seed: int
    _side_had_melds: bool
    _start: HandSetup | None
    _stock: list[int]
    _t: Catalog
    _take_counts: list[int] | None
    _turn_kinds: list[str]
    _turn_take: tuple[int, ...]
    _turn_value: int
    _turns: int
    _executors: ClassVar[dict[type, Callable[[Any, Any], None]]]
    """What plays each kind of action (``_Applying._do_*``), by its class."""

    if TYPE_CHECKING:
        # What the lower parts of the engine call on the whole game: its public reads,
        # the copy the searches play on, the check of an action, which the going-out
        # search asks of the plays it tries while the checks ask the search in turn, and
        # the going-out search, which the owed-initial-meld search asks whether the turn
        # can end by going out (AS-23 with AS-35).
        def partners(self, player: int) -> tuple[int, ...]: ...
        def side_canasta_kinds(self, side: int) -> tuple[str, ...]: ...
        def pile_frozen_for(self, side: int) -> bool: ...
        def clone(self) -> Game: ...
        def _copy(self, history: bool) -> Game: ...
        def _check(self, action: Action) -> None: ...
        def _check_discard(self, action: Discard) -> None: ...
        def _out_reachable(self) -> bool: ...
        def _out_bounds_met(self) -> bool: ...
        def _whole(self) -> Game: ...
    else:
        def _whole(self) -> Game:
            """This game as a :class:`Game`: every part of the engine is only ever part
            of one (for the functions that take a whole game)."""
            return self
