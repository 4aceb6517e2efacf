"""The ``canasta-family simulate`` command: a match between player kinds, in parallel.

    canasta-family simulate --variant NAME --players N --games N --seed S [--jobs J]
                            [--player SEAT=KIND ...] [--default KIND] [--rotate]
                            [--max-actions N] [--backend NAME] [--address ADDR]
                            [--out FILE]
                            [--format json|csv] [--no-progress]

A KIND is a player spec such as ``greedy`` or ``ismcts:iterations=200`` (see
:mod:`canasta_family.players.kinds`). The match runs through
:func:`canasta_family.arena.play_match`; the same seed gives the same results for any
``--jobs``.

>>> parser = argparse.ArgumentParser()
>>> add_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["simulate", "--games", "3", "--player", "0=random"])
>>> args.games, args.player
(3, ['0=random'])
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from rich.console import Console

from canasta_family.api import DEFAULT_VARIANT
from canasta_family.arena import BACKENDS, Backend, play_match
from canasta_family.players.kinds import PLAYER_KINDS, PlayerSpec, parse_player_spec
from canasta_family.plugins import find_variant

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
    sim.add_argument("--players", type=int, default=None, help="number of players")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    sim.add_argument("--jobs", type=int, default=None,
                     help="worker processes (default: all cores)")
    sim.add_argument("--player", action="append", metavar="SEAT=KIND",
                     help="player kind of a seat: " + ", ".join(sorted(PLAYER_KINDS))
                     + " (options as KIND:NAME=VALUE,...)")
    sim.add_argument("--default", default="greedy", metavar="KIND",
                     help="kind of the seats not given by --player (default greedy)")
    sim.add_argument("--rotate", action="store_true",
                     help="move the kinds one seat on from game to game")
    sim.add_argument("--max-actions", type=int, default=None,
                     help="stop a game after this many actions (scored by the scores then)")
    sim.add_argument("--backend", default="process", choices=sorted(BACKENDS),
                     help="how games are run (default process)")
    sim.add_argument("--address", default=None, metavar="ADDR",
                     help="with --backend ray: the Ray cluster to join (e.g. auto or "
                     "ray://head:10001; default: start a local instance)")
    sim.add_argument("--out", default=None, help="write the results to this file")
    sim.add_argument("--format", default=None, choices=("json", "csv"),
                     help="format of --out (default: by extension, JSON unless .csv)")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")


def run_simulate(args: argparse.Namespace, console: Console) -> int:
    """Run the ``simulate`` subcommand; returns the exit status."""
    variant = find_variant(args.variant)
    players = args.players or variant.info.preferred_players
    seats = parse_seat_kinds(args.player, players)
    backend: str | Backend = args.backend
    if args.address is not None:
        if args.backend != "ray":
            raise ValueError(f"--address needs --backend ray, not --backend {args.backend}")
        from canasta_family.ray_backend import RayBackend

        backend = RayBackend(args.jobs or (os.cpu_count() or 1), address=args.address)
    result = play_match(variant.info.name, players=players, games=args.games, seed=args.seed,
                        jobs=args.jobs, player_kinds=seats,
                        default_kind=parse_player_spec(args.default),
                        max_actions=args.max_actions, rotate=args.rotate,
                        backend=backend, progress=not args.no_progress)
    console.print(result.table())
    console.print(f"{len(result.outcomes)} games in {result.elapsed:.1f} s "
                  f"({result.games_per_second:.1f} games/s, {result.jobs} jobs)")
    if args.out:
        result.save(args.out, args.format)
        console.print(f"results written to {args.out}")
    return 0
