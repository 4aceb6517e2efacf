"""The ``canasta-family simulate`` command: a match between player kinds, in parallel.

    canasta-family simulate --variant NAME --players N --games N --seed S [--jobs J]
                            [--option NAME=VALUE ...]
                            [--player SEAT=KIND ...] [--default KIND] [--rotate]
                            [--max-actions N] [--backend NAME] [--address ADDR]
                            [--out FILE [--force]]
                            [--format json|csv] [--no-progress]

A KIND is a player spec such as ``greedy`` or ``ismcts:iterations=200`` (see
:mod:`canasta_family.players.kinds`). The match runs through
:func:`canasta_family.arena.play_match`; the same seed gives the same results for any
``--jobs``. A game that fails (a player or a variant plugin raising) does not stop the
match: its seed and error are printed, its record is written next to ``--out`` (or in
the current directory), the other games' results are kept and written, and the exit
status is 1.

>>> parser = argparse.ArgumentParser()
>>> add_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["simulate", "--games", "3", "--player", "0=random"])
>>> args.games, args.player
(3, ['0=random'])
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from rich.console import Console

from canasta_family.api import DEFAULT_VARIANT
from canasta_family.arena import BACKENDS, Backend, GameOutcome, MatchResult, play_match
from canasta_family.command_arguments import at_least, variant_options
from canasta_family.errors import CanastaError
from canasta_family.output_files import check_output_path, write_atomically
from canasta_family.players.kinds import PLAYER_KINDS, PlayerSpec, parse_player_spec
from canasta_family.plugins import find_variant
from canasta_family.terminal.view import counted

__all__ = ["add_parser", "parse_seat_kinds", "run_simulate"]


def parse_seat_kinds(specs: list[str] | None, players: int) -> dict[int, PlayerSpec]:
    """Read ``SEAT=KIND`` arguments; raises ``ValueError`` naming ``--player``.

    >>> {seat: str(kind) for seat, kind in parse_seat_kinds(["1=random"], 2).items()}
    {1: 'random'}
    """
    seats: dict[int, PlayerSpec] = {}
    for text in specs or []:
        seat_text, sep, kind = text.partition("=")
        if not sep or not seat_text.strip().isdigit() or int(seat_text) >= players:
            raise ValueError(f"--player takes SEAT=KIND with SEAT 0-{players - 1}, not {text!r}")
        try:
            seats[int(seat_text)] = parse_player_spec(kind)
        except ValueError as exc:
            raise ValueError(f"--player {text!r}: {exc}") from None
    return seats


def add_parser(sub: Any) -> None:
    """Add the ``simulate`` subcommand to an argparse subparsers object."""
    sim = sub.add_parser("simulate", help="play many games between player kinds, in parallel")
    sim.add_argument("--variant", default=DEFAULT_VARIANT, help="variant name or alias")
    sim.add_argument("--players", type=at_least(1), default=None, help="number of players")
    sim.add_argument("--games", type=at_least(1), default=100,
                     help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    sim.add_argument("--jobs", type=at_least(1), default=None,
                     help="worker processes (default: all cores)")
    sim.add_argument("--option", action="append", metavar="NAME=VALUE",
                     help="set a variant option (see 'variants --options'); repeatable")
    sim.add_argument("--player", action="append", metavar="SEAT=KIND",
                     help="player kind of a seat: " + ", ".join(sorted(PLAYER_KINDS))
                     + " (options as KIND:NAME=VALUE,...)")
    sim.add_argument("--default", default="greedy", metavar="KIND",
                     help="kind of the seats not given by --player (default greedy)")
    sim.add_argument("--rotate", action="store_true",
                     help="move the kinds one seat on from game to game")
    sim.add_argument("--max-actions", type=at_least(1), default=None, metavar="N",
                     help="stop a game after this many actions (scored by the scores then)")
    sim.add_argument("--backend", default="process", choices=sorted(BACKENDS),
                     help="how games are run (default process)")
    sim.add_argument("--address", default=None, metavar="ADDR",
                     help="with --backend ray: the Ray cluster to join (e.g. auto or "
                     "ray://head:10001; default: start a local instance)")
    sim.add_argument("--out", default=None, metavar="FILE",
                     help="write the results to this file (a new file unless --force)")
    sim.add_argument("--force", action="store_true",
                     help="let --out (and failed games' records) replace existing files")
    sim.add_argument("--format", default=None, choices=("json", "csv"),
                     help="format of --out (default: by extension, JSON unless .csv)")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")


def failed_record_path(out: str | None, outcome: GameOutcome) -> Path:
    """Where the record of a failed game goes: next to ``--out``, or in the current
    directory.

    >>> from canasta_family.arena import GameOutcome
    >>> failed = GameOutcome(7, 99, ("greedy",) * 2, ((0,), (1,)), (0, 0), (), False, 0, 0,
    ...                      3, error="RuntimeError: boom", record="{}")
    >>> failed_record_path("runs/match.csv", failed).as_posix()
    'runs/match.game-7-failed.json'
    >>> failed_record_path(None, failed).as_posix()
    'simulate-game-7-failed.json'
    """
    name = f"game-{outcome.index}-failed.json"
    if out is None:
        return Path(f"simulate-{name}")
    where = Path(out)
    return where.with_name(f"{where.stem}.{name}")


def run_simulate(args: argparse.Namespace, console: Console) -> int:
    """Run the ``simulate`` subcommand; returns the exit status (1 when a game failed)."""
    variant = find_variant(args.variant)
    players = args.players if args.players is not None else variant.info.preferred_players
    options = variant_options(args.option, variant.info)
    seats = parse_seat_kinds(args.player, players)
    # Before the match: a path that cannot be written must not cost the games.
    out = None if args.out is None else check_output_path(args.out, force=args.force,
                                                          option="--out")
    backend: str | Backend = args.backend
    if args.address is not None:
        if args.backend != "ray":
            raise ValueError(f"--address needs --backend ray, not --backend {args.backend}")
        from canasta_family.ray_backend import RayBackend

        backend = RayBackend(args.jobs or (os.cpu_count() or 1), address=args.address)
    result = play_match(variant.info.name, players=players, games=args.games, seed=args.seed,
                        jobs=args.jobs, player_kinds=seats,
                        default_kind=parse_player_spec(args.default), options=options,
                        max_actions=args.max_actions, rotate=args.rotate,
                        backend=backend, progress=not args.no_progress)
    console.print(result.table())
    # No more jobs run than there are games.
    jobs = min(result.jobs, max(1, len(result.outcomes)))
    console.print(f"{counted(len(result.outcomes), 'game')} in {result.elapsed:.1f} s "
                  f"({result.games_per_second:.1f} games/s, {counted(jobs, 'job')})")
    if out is not None:
        write_atomically(out, result.text(args.format or _format_of(out)), force=args.force,
                         option="--out")
        console.print(f"results written to {out}", soft_wrap=True, markup=False)
    return _report_failures(result, args, console)


def _format_of(path: Path) -> str:
    return "csv" if path.suffix.lower() == ".csv" else "json"


def _report_failures(result: MatchResult, args: argparse.Namespace, console: Console) -> int:
    failures = result.failures
    if not failures:
        return 0
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    for outcome in failures:
        path = failed_record_path(args.out, outcome)
        assert outcome.record is not None
        try:
            write_atomically(path, outcome.record, force=args.force, option="record")
            saved = f"its record: {path}"
        except CanastaError as exc:
            saved = f"its record was not written ({exc})"
        errors.print(f"game {outcome.index} (seed {outcome.seed}, seats "
                     f"{', '.join(outcome.seats)}) failed after {outcome.actions} actions: "
                     f"{outcome.error}; {saved}", markup=False)
    count = len(failures)
    errors.print(f"{count} of {len(result.outcomes)} games failed; the results above are "
                 f"of the others", markup=False)
    return 1
