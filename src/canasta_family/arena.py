"""Matches between computer players: many seeded games, in parallel, with statistics.

:func:`play_match` plays ``games`` games of one variant between player kinds (see
:mod:`canasta_family.players.kinds`) and returns a :class:`MatchResult`: one
:class:`GameOutcome` per game and per-kind statistics (wins, draws, mean scores, mean hand
length, a 95 % confidence interval of the win rate). Every game's seed is derived from the
match seed and the game's number, and the players' seeds from the game's seed, so a match
gives the same results whatever the number of jobs or the backend.

Games are run by a *backend* (:class:`Backend`): ``"process"`` (the default) spreads them
over worker processes, ``"ray"`` over a Ray cluster (:mod:`canasta_family.ray_backend`);
other backends register in :data:`BACKENDS`.

>>> result = play_match("american-samba", players=2, games=2, seed=7, jobs=1,
...                     player_kinds={0: "greedy", 1: "random"}, max_actions=200)
>>> [o.index for o in result.outcomes], result.outcomes[0].seats
([0, 1], ('greedy', 'random'))
>>> sorted(s.kind for s in result.summary())
['greedy', 'random']
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Protocol

import attrs
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from canasta_family.api import new_game
from canasta_family.output_files import write_atomically
from canasta_family.players.base import play_game
from canasta_family.players.kinds import PlayerSpec, make_player, parse_player_spec
from canasta_family.record_header import game_header

__all__ = [
    "BACKENDS",
    "Backend",
    "GameOutcome",
    "GameSpec",
    "KindStats",
    "MatchResult",
    "ProcessBackend",
    "SerialBackend",
    "derive_seed",
    "play_match",
    "play_one",
    "side_kinds",
    "wilson_interval",
]

OptionItems = tuple[tuple[str, object], ...]


def derive_seed(seed: int, *keys: int) -> int:
    """A 63-bit seed from ``seed`` and ``keys``, the same in every process and Python run
    (unlike ``hash``).

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    text = "/".join(str(k) for k in (seed, *keys))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for the default ``z``).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class GameSpec:
    """Everything needed to play one game of a match (picklable, for worker processes)."""

    index: int
    variant: str
    players: int
    seed: int
    seats: tuple[PlayerSpec, ...]
    options: OptionItems = ()
    max_actions: int | None = None


@attrs.frozen
class GameOutcome:
    """How one game of a match ended.

    ``winners`` are sides; a game stopped by ``max_actions`` (``finished`` false) is scored
    by the cumulative scores at that moment: the leading side(s) win, equal leaders draw.
    ``turns`` counts the turns of all hands played (the hand in progress of a stopped game
    included only through ``actions``).

    A game that raised (a player or a variant plugin failing) has ``error`` (the
    exception's type and message), no winners, and ``record``: the JSON text of its record
    up to the failure, to replay or study; it counts in no statistics.
    """

    index: int
    seed: int
    seats: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    hands: int
    turns: int
    actions: int
    error: str | None = None
    record: str | None = None

    @property
    def failed(self) -> bool:
        """True when the game raised instead of ending or reaching the action limit."""
        return self.error is not None

    @property
    def is_draw(self) -> bool:
        """True when no single side won."""
        return len(self.winners) != 1

    @property
    def mean_hand_length(self) -> float:
        """Mean turns per finished hand (0 when no hand finished)."""
        return self.turns / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, object]:
        """The outcome as JSON-ready data."""
        return {
            "index": self.index, "seed": self.seed, "seats": list(self.seats),
            "sides": [list(s) for s in self.sides], "scores": list(self.scores),
            "winners": list(self.winners), "finished": self.finished, "hands": self.hands,
            "turns": self.turns, "actions": self.actions,
            **({} if self.error is None else {"error": self.error}),
        }


def play_one(spec: GameSpec) -> GameOutcome:
    """Play the game ``spec`` describes (what every backend runs). A game that raises
    gives a failed outcome (see :class:`GameOutcome`) instead of stopping the match.

    >>> spec = GameSpec(0, "american-samba", 2, 5, (parse_player_spec("greedy"),) * 2,
    ...                 max_actions=60)
    >>> outcome = play_one(spec)
    >>> outcome.actions, outcome.finished, outcome.failed
    (60, False, False)
    """
    game = new_game(spec.variant, players=spec.players, seed=spec.seed,
                    options=dict(spec.options) or None)
    try:
        bots = [make_player(kind, derive_seed(spec.seed, seat))
                for seat, kind in enumerate(spec.seats)]
        play_game(game, bots, max_actions=spec.max_actions)
    except Exception as exc:
        # One game's failure must not cost the match: keep what is needed to find it.
        error = f"{type(exc).__name__}: {exc}"
        header = game_header(game, [str(s) for s in spec.seats],
                             event=f"simulate, game {spec.index}")
        header["result"] = {"finished": False, "error": error, "actions": len(game.actions)}
        return GameOutcome(
            index=spec.index, seed=spec.seed, seats=tuple(str(s) for s in spec.seats),
            sides=game.sides, scores=game.scores, winners=(), finished=False,
            hands=len(game.hand_results), turns=sum(r.turns for r in game.hand_results),
            actions=len(game.actions), error=error,
            record=game.record().with_meta(header).dumps())
    scores = game.scores
    if game.result is not None:
        winners = tuple(game.result.winners)
    else:
        best = max(scores)
        winners = tuple(side for side, score in enumerate(scores) if score == best)
    return GameOutcome(
        index=spec.index, seed=spec.seed, seats=tuple(str(s) for s in spec.seats),
        sides=game.sides, scores=scores, winners=winners, finished=game.is_over,
        hands=len(game.hand_results), turns=sum(r.turns for r in game.hand_results),
        actions=len(game.actions),
    )


def _play_batch(specs: Sequence[GameSpec]) -> list[GameOutcome]:
    return [play_one(spec) for spec in specs]


class Backend(Protocol):
    """Runs games: yields one :class:`GameOutcome` per spec, in any order."""

    def run(self, specs: Sequence[GameSpec]) -> Iterator[GameOutcome]:
        """Play every spec (with :func:`play_one`) and yield the outcomes as they come."""
        ...


class SerialBackend:
    """Plays the games one after the other in this process."""

    jobs = 1
    """Games played at once, whatever was asked."""

    def __init__(self, jobs: int = 1) -> None:
        del jobs  # the factory signature of BACKENDS; this backend always plays one

    def run(self, specs: Sequence[GameSpec]) -> Iterator[GameOutcome]:
        """Play the specs in order."""
        for spec in specs:
            yield play_one(spec)


class ProcessBackend:
    """Spreads the games over ``jobs`` worker processes (``concurrent.futures``), in
    batches small enough to keep every worker busy and the progress bar moving."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)

    def run(self, specs: Sequence[GameSpec]) -> Iterator[GameOutcome]:
        """Play the specs in worker processes; one job plays in this process."""
        if self.jobs == 1 or len(specs) <= 1:
            yield from SerialBackend().run(specs)
            return
        size = max(1, min(16, len(specs) // (self.jobs * 8)))
        batches = [specs[i:i + size] for i in range(0, len(specs), size)]
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            pending: set[Future[list[GameOutcome]]] = {
                pool.submit(_play_batch, batch) for batch in batches}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield from future.result()


def _ray_backend(jobs: int) -> Backend:
    # Imported here: the Ray backend's module is only needed when it is chosen.
    from canasta_family.ray_backend import RayBackend

    return RayBackend(jobs)


BACKENDS: dict[str, Callable[[int], Backend]] = {
    "process": ProcessBackend,
    "serial": SerialBackend,
    "ray": _ray_backend,
}
"""Backends by name: a factory taking the number of jobs."""


def side_kinds(outcome: GameOutcome, side: int) -> str:
    """The player kinds of one side of a game: one kind, or the partners' different kinds
    joined by ``" + "`` (partners share one result, so it is counted once, for them
    together).

    >>> outcome = GameOutcome(0, 1, ("random", "greedy", "greedy", "greedy"),
    ...                       ((0, 2), (1, 3)), (10, 20), (1,), True, 1, 30, 90)
    >>> side_kinds(outcome, 0), side_kinds(outcome, 1)
    ('greedy + random', 'greedy')
    """
    return " + ".join(sorted({outcome.seats[seat] for seat in outcome.sides[side]}))


@attrs.frozen
class KindStats:
    """Results of one player kind over a match, counted per side it sat on: a kind that
    sits on both sides of a game (a mirror match) has one entry per side. Where partners
    of different kinds share a side, ``kind`` names them together (see
    :func:`side_kinds`): their side's result is counted once, not once for each kind.

    ``win_rate`` counts wins only (draws are not wins); ``ci`` is its Wilson 95 % interval.
    """

    kind: str
    entries: int
    wins: int
    draws: int
    losses: int
    mean_score: float
    mean_hand_length: float
    unfinished: int

    @property
    def win_rate(self) -> float:
        """Wins per entry."""
        return self.wins / self.entries if self.entries else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95 % confidence interval of ``win_rate``."""
        return wilson_interval(self.wins, self.entries)

    def to_json(self) -> dict[str, object]:
        """The statistics as JSON-ready data."""
        low, high = self.ci
        return {
            "kind": self.kind, "entries": self.entries, "wins": self.wins,
            "draws": self.draws, "losses": self.losses, "win_rate": self.win_rate,
            "ci95": [low, high], "mean_score": self.mean_score,
            "mean_hand_length": self.mean_hand_length, "unfinished": self.unfinished,
        }


def _summarise(outcomes: Iterable[GameOutcome]) -> tuple[KindStats, ...]:
    tally: dict[str, list[float]] = {}
    for outcome in outcomes:
        if outcome.failed:
            continue
        for side in range(len(outcome.sides)):
            row = tally.setdefault(side_kinds(outcome, side), [0, 0, 0, 0, 0.0, 0.0, 0])
            row[0] += 1
            if side in outcome.winners:
                row[1 if len(outcome.winners) == 1 else 2] += 1
            else:
                row[3] += 1
            row[4] += outcome.scores[side]
            row[5] += outcome.mean_hand_length
            row[6] += 0 if outcome.finished else 1
    return tuple(
        KindStats(kind=kind, entries=int(r[0]), wins=int(r[1]), draws=int(r[2]),
                  losses=int(r[3]), mean_score=r[4] / r[0], mean_hand_length=r[5] / r[0],
                  unfinished=int(r[6]))
        for kind, r in sorted(tally.items()))


@attrs.frozen
class MatchResult:
    """A match's settings and the outcome of every game, in game order.

    ``elapsed`` (seconds of wall time) is not part of equality: the same match gives equal
    results on any machine and with any number of jobs.
    """

    variant: str
    players: int
    seed: int
    games: int
    seats: tuple[str, ...]
    rotate: bool
    options: OptionItems
    max_actions: int | None
    outcomes: tuple[GameOutcome, ...]
    elapsed: float = attrs.field(default=0.0, eq=False)
    jobs: int = attrs.field(default=1, eq=False)

    def summary(self) -> tuple[KindStats, ...]:
        """Per-kind statistics, sorted by kind (failed games left out)."""
        return _summarise(self.outcomes)

    @property
    def failures(self) -> tuple[GameOutcome, ...]:
        """The games that raised, in game order."""
        return tuple(o for o in self.outcomes if o.failed)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return len(self.outcomes) / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, object]:
        """Settings, per-kind summary and every game, as JSON-ready data."""
        return {
            "variant": self.variant, "players": self.players, "seed": self.seed,
            "games": self.games, "seats": list(self.seats), "rotate": self.rotate,
            "options": dict(self.options), "max_actions": self.max_actions,
            "summary": [s.to_json() for s in self.summary()],
            "results": [o.to_json() for o in self.outcomes],
            "elapsed_seconds": self.elapsed, "jobs": self.jobs,
        }

    def to_csv(self) -> str:
        """One row per game: number, seed, the kind at every seat, every side's score, the
        winning sides (``;``-separated), finished, hands, turns, actions, and the error of
        a game that failed (empty otherwise)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        sides = len(self.outcomes[0].sides) if self.outcomes else 0
        writer.writerow(["game", "seed", *(f"seat{s}" for s in range(self.players)),
                         *(f"score{s}" for s in range(sides)), "winners", "finished",
                         "hands", "turns", "actions", "error"])
        for o in self.outcomes:
            writer.writerow([o.index, o.seed, *o.seats, *o.scores,
                             ";".join(map(str, o.winners)), int(o.finished), o.hands,
                             o.turns, o.actions, o.error or ""])
        return out.getvalue()

    def text(self, format: str = "json") -> str:
        """The results as ``"json"`` or ``"csv"`` text (what :meth:`save` writes)."""
        fmt = format.lower()
        if fmt == "json":
            return json.dumps(self.to_json(), indent=2) + "\n"
        if fmt == "csv":
            return self.to_csv()
        raise ValueError(f"format must be 'json' or 'csv', not {format!r}")

    def save(self, path: str | os.PathLike[str], format: str | None = None, *,
             force: bool = True) -> None:
        """Write the results to ``path`` as ``"json"`` or ``"csv"`` (default: by the file
        extension, JSON unless it ends in ``.csv``), atomically and never through a
        symbolic link (see :mod:`canasta_family.output_files`); ``force=False`` refuses
        to replace an existing file."""
        path = Path(path)
        text = self.text(format or ("csv" if path.suffix.lower() == ".csv" else "json"))
        write_atomically(path, text, force=force, option="--out")

    def table(self) -> Table:
        """The per-kind statistics as a rich table, narrow enough for 80 columns.

        >>> result = play_match("american-samba", players=4, games=1, seed=2, jobs=1,
        ...                     player_kinds={0: "random"}, max_actions=40)
        >>> from canasta_family.terminal.view import render_text
        >>> text = render_text(result.table(), width=80)
        >>> "greedy + random" in text and "partners share" in text
        True
        """
        partners = any(len(members) > 1 for o in self.outcomes for members in o.sides)
        notes = ["sides: one entry per side a kind sat on", "W-D-L: won, drawn, lost",
                 "score: mean final score", "turns: mean turns per hand",
                 "capped: games stopped by the action limit"]
        if partners:
            notes.insert(1, "partners share their side's result: a row like 'greedy + "
                            "random' is a side of both kinds, counted once")
        failed = len(self.failures)
        if failed:
            notes.append(f"{failed} failed game{'s' if failed != 1 else ''} left out")
        table = Table(title=f"{self.variant}, {self.players} players, {len(self.outcomes)} "
                            f"games, seed {self.seed}", box=box.SIMPLE_HEAD, pad_edge=False,
                      caption="; ".join(notes), caption_justify="left")
        table.add_column("side's kinds" if partners else "player", overflow="fold",
                         min_width=8, max_width=24)
        for column in ("sides", "W-D-L", "win%", "95% CI", "score", "turns", "capped"):
            table.add_column(column, justify="right", no_wrap=True)
        for s in self.summary():
            low, high = s.ci
            table.add_row(s.kind, str(s.entries), f"{s.wins}-{s.draws}-{s.losses}",
                          f"{s.win_rate:.1%}", f"{low:.0%}–{high:.0%}", f"{s.mean_score:.0f}",
                          f"{s.mean_hand_length:.1f}", str(s.unfinished))
        return table


class _RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} games/s")


def _seat_specs(players: int, player_kinds: Mapping[int, PlayerSpec | str]
                | Sequence[PlayerSpec | str] | None, default_kind: PlayerSpec | str
                ) -> tuple[PlayerSpec, ...]:
    def spec(value: PlayerSpec | str) -> PlayerSpec:
        return value if isinstance(value, PlayerSpec) else parse_player_spec(value)

    seats = [spec(default_kind)] * players
    if player_kinds is None:
        return tuple(seats)
    if isinstance(player_kinds, Mapping):
        for seat, kind in player_kinds.items():
            if not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"player_kinds: seat must be 0-{players - 1}, not {seat!r}")
            seats[seat] = spec(kind)
        return tuple(seats)
    kinds = list(player_kinds)
    if len(kinds) != players:
        raise ValueError(f"player_kinds: need one kind per seat ({players}), got {len(kinds)}")
    return tuple(spec(k) for k in kinds)


def play_match(
    variant: str,
    *,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    jobs: int | None = None,
    player_kinds: Mapping[int, PlayerSpec | str] | Sequence[PlayerSpec | str] | None = None,
    default_kind: PlayerSpec | str = "greedy",
    options: Mapping[str, object] | None = None,
    max_actions: int | None = None,
    rotate: bool = False,
    backend: str | Backend = "process",
    progress: bool | Console = False,
) -> MatchResult:
    """Play ``games`` games of ``variant`` and collect the results.

    ``player_kinds`` gives the kind of some seats (a mapping seat -> spec) or of all (a
    sequence); other seats play ``default_kind``. ``rotate`` moves the kinds one seat on
    from game to game (game ``i`` seats at seat ``s`` the kind given for seat
    ``(s - i) mod players``), so that every kind sits on every side equally often.
    ``jobs`` defaults to every core; ``backend`` is a name in :data:`BACKENDS` or a
    :class:`Backend`. ``progress`` shows a progress bar with games/s on stderr (or on the
    given console). ``max_actions`` stops over-long games (see :class:`GameOutcome`).
    """
    if games < 0:
        raise ValueError(f"games must not be negative, not {games}")
    probe = new_game(variant, players=players, seed=0, options=options)
    name, count = probe.variant.name, probe.num_players
    option_items: OptionItems = tuple(sorted((options or {}).items()))
    base = _seat_specs(count, player_kinds, default_kind)
    specs = []
    for index in range(games):
        shift = index % count if rotate else 0
        seats = tuple(base[(seat - shift) % count] for seat in range(count))
        specs.append(GameSpec(index, name, count, derive_seed(seed, index), seats,
                              option_items, max_actions))
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if isinstance(backend, str):
        factory = BACKENDS.get(backend)
        if factory is None:
            raise ValueError(f"unknown backend {backend!r}; choose from: "
                             + ", ".join(sorted(BACKENDS)))
        runner = factory(jobs)
    else:
        runner = backend
    start = time.perf_counter()
    outcomes: list[GameOutcome] = []
    if progress:
        console = progress if isinstance(progress, Console) else Console(stderr=True)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   _RateColumn(), TimeElapsedColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=False) as bar:
            task = bar.add_task(f"{name} ×{count}", total=games)
            for outcome in runner.run(specs):
                outcomes.append(outcome)
                bar.advance(task)
    else:
        outcomes.extend(runner.run(specs))
    elapsed = time.perf_counter() - start
    outcomes.sort(key=lambda o: o.index)
    return MatchResult(variant=name, players=count, seed=seed, games=games,
                       seats=tuple(str(s) for s in base), rotate=rotate,
                       options=option_items, max_actions=max_actions,
                       outcomes=tuple(outcomes), elapsed=elapsed,
                       jobs=getattr(runner, "jobs", jobs))
