"""The ``canasta-family`` command: list variants, play a game between computer players,
replay a record.

    canasta-family variants [--options]
    canasta-family play --variant NAME --players N --seed S [--option NAME=VALUE ...]
                        [--player SEAT=KIND ...] [--human SEAT ...]
                        [--record FILE [--force]] [--verbose]
    canasta-family replay FILE [--verbose] [--step [--seat N]]
    canasta-family simulate --variant NAME --players N --games N --seed S [--jobs J]
                            [--player SEAT=KIND ...] [--out FILE]   (see simulate.py)

Every mistake in the arguments or the files ends with one line on stderr and exit
status 2 (an unexpected failure: one line and status 3; ``--traceback`` shows where).

Also runnable as ``python -m canasta_family``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from canasta_family.api import DEFAULT_VARIANT, new_game, replay
from canasta_family.command_arguments import OneLineParser, at_least, variant_options
from canasta_family.engine import Game
from canasta_family.errors import CanastaError
from canasta_family.output_files import check_output_path, write_atomically
from canasta_family.players import decide
from canasta_family.players.kinds import make_player, parse_player_spec
from canasta_family.plugins import Variant, all_variants, broken_variants, find_variant
from canasta_family.record import load_record
from canasta_family.record_header import game_header, header_lines
from canasta_family.simulate import add_parser as add_simulate_parser
from canasta_family.simulate import run_simulate
from canasta_family.terminal.hand_end import hand_table_renderable
from canasta_family.terminal.view import seats_text

__all__ = ["main"]

DESCRIPTION_WIDTH = 40
"""The narrowest description column ``variants`` lays out as a table; on a narrower
terminal each variant is a block of lines instead."""


def _variant_table(variants: Sequence[Variant]) -> Table:
    table = Table(title="Canasta-family variants")
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("aliases", no_wrap=True)
    table.add_column("players", no_wrap=True)
    table.add_column("origin", no_wrap=True)
    table.add_column("description", min_width=DESCRIPTION_WIDTH)
    for variant in variants:
        info = variant.info
        table.add_row(info.name, ", ".join(info.aliases), ", ".join(map(str, info.players)),
                      variant.origin, info.description)
    return table


def _table_fits(variants: Sequence[Variant], width: int) -> bool:
    # Each column's widest cell, 3 columns of border and padding each, one more at the end.
    fixed = [max((len(cell) for cell in cells), default=0) for cells in zip(
        *((v.name, ", ".join(v.info.aliases), ", ".join(map(str, v.info.players)), v.origin)
          for v in variants), strict=True)]
    return sum(fixed) + 3 * 5 + 1 + DESCRIPTION_WIDTH <= width


def _cmd_variants(args: argparse.Namespace, console: Console) -> int:
    # A table when the descriptions get a readable column; otherwise one block per
    # variant (a table squeezed into 80 columns leaves them one word a line).
    variants = all_variants()
    as_table = _table_fits(variants, console.width)
    if as_table:
        console.print(_variant_table(variants))
    else:
        console.print(Text("Canasta-family variants", style="bold"))
    for variant in variants:
        info = variant.info
        if not as_table:
            head = Text("\n")
            head.append(info.name, style="bold")
            if info.aliases:
                head.append(f" (also {', '.join(info.aliases)})")
            head.append(f" — players {', '.join(map(str, info.players))} — {variant.origin}")
            console.print(head)
            if info.description:
                _print_indented(console, Text(info.description), 4)
        if args.options and info.options:
            if as_table:
                console.print(Text(f"\noptions of {info.name} (play/simulate --option "
                                   "NAME=VALUE):"))
            else:
                _print_indented(console, Text("options (play/simulate --option NAME=VALUE):"),
                                4)
            for spec in info.options:
                allowed = (", ".join(map(_option_value, spec.allowed)) if spec.allowed
                           else f"any {spec.type.__name__}")
                line = Text()
                line.append(spec.name, style="bold")
                line.append(f" ({spec.rule}): {spec.type.__name__}, default "
                            f"{_option_value(spec.default)}")
                _print_indented(console, line, 6)
                _print_indented(console, Text(f"allowed: {allowed}"), 10)
                _print_indented(console, Text(spec.description), 10)
    broken = broken_variants()
    if broken:
        console.print(Text("\nBroken plugins (installed, but they cannot be played):",
                           style="bold red"))
        for plugin in broken:
            console.print(Text(f"{plugin.name} — {plugin.origin}"))
            _print_indented(console, Text(plugin.error), 4)
    return 0


def _print_indented(console: Console, text: Text, indent: int) -> None:
    # Wrapped to the console's width with every line indented, and no trailing blanks.
    for line in text.wrap(console, max(20, console.width - indent)):
        line.rstrip()
        console.print(Text(" " * indent) + line)


def _option_value(value: object) -> str:
    """An option value as it is typed after ``--option NAME=``.

    >>> _option_value(True), _option_value("own-team"), _option_value(5000)
    ('true', 'own-team', '5000')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _hand_table(game: Game, index: int) -> Table:
    result = game.hand_results[index]
    went = "nobody went out" if result.went_out is None else f"seat {result.went_out} went out"
    table = Table(title=f"Hand {result.number + 1} — dealer seat {result.dealer}, {went}, "
                        f"{result.turns} turns")
    table.add_column("side")
    table.add_column("score lines")
    table.add_column("hand", justify="right")
    table.add_column("total", justify="right")
    for sheet in result.sides:
        # One score line a row: a line broken in the middle reads as two.
        lines = "\n".join(f"{item.label} {item.points:+d}" for item in sheet.items) or "—"
        table.add_row(f"{sheet.side} ({seats_text(game.side_members(sheet.side))})", lines,
                      f"{sheet.total:+d}",
                      str(sheet.cumulative))
    return table


def _summary(game: Game, console: Console) -> None:
    width = max(30, min(80, console.width))
    for index in range(len(game.hand_results)):
        table = game.hand_results[index].table
        if table is not None:
            # How the hand ended, then its score sheet.
            console.print(hand_table_renderable(table, game.sides, width))
        console.print(_hand_table(game, index))
    title = f"Final result — {game.variant.name}"
    final = Table(title=title, min_width=len(title))
    final.add_column("side")
    final.add_column("seats")
    final.add_column("score", justify="right")
    for side, score in enumerate(game.scores):
        final.add_row(str(side), ", ".join(map(str, game.side_members(side))), str(score))
    console.print(final)
    if game.result is not None:
        console.print(f"[bold]{game.result.reason}[/bold]")
    else:
        console.print("[yellow]the game is not finished[/yellow]")


def _print_verbose(game: Game, console: Console, start: int) -> int:
    """Print the game's public events from number ``start`` on; return how many there are."""
    events = game.log(all_hands=True)
    for seat, text in events[start:]:
        who = "table" if seat is None else f"seat {seat}"
        console.print(f"  {who}: {text}", highlight=False)
    return len(events)


def _cmd_play(args: argparse.Namespace, console: Console) -> int:
    variant = find_variant(args.variant)
    players = args.players if args.players is not None else variant.info.preferred_players
    options = variant_options(args.option, variant.info)
    # Before the game: a path that cannot be written must not cost a whole game.
    record_path = (None if args.record is None
                   else check_output_path(args.record, force=args.force, option="--record"))
    kinds = [parse_player_spec("greedy")] * players
    for text in args.player or []:
        seat_text, _, kind_text = text.partition("=")
        if not seat_text.isdigit() or int(seat_text) >= players:
            raise CanastaError(f"--player takes SEAT=KIND with SEAT 0-{players - 1}, "
                               f"not {text!r}")
        try:
            kinds[int(seat_text)] = parse_player_spec(kind_text)
        except ValueError as err:
            raise CanastaError(f"--player {text!r}: {err}") from None
    seed = args.seed
    game = new_game(variant.name, players=players, seed=seed, options=options)
    bots = [make_player(kind, game.seed * 31 + seat) for seat, kind in enumerate(kinds)]
    if args.human:
        from canasta_family.terminal import PlaySession, seat_players, seats_of_humans

        humans = seats_of_humans(args.human, players)
        console.print(f"[bold]{game.variant.name}[/bold], {players} players, seed {game.seed}; "
                      + ", ".join(f"seat {s}: {'you' if s in humans else k}"
                                  for s, k in enumerate(kinds)))
        return PlaySession(game, seat_players(bots, humans), console=console,
                           record_path=record_path, overwrite=args.force,
                           kinds=["human" if s in humans else str(k)
                                  for s, k in enumerate(kinds)]).run()
    console.print(f"[bold]{game.variant.name}[/bold], {players} players "
                  f"({', '.join(f'{s}={k}' for s, k in enumerate(kinds))}), seed {game.seed}")
    limit = args.max_actions
    printed = 0
    while not game.is_over and (limit is None or len(game.actions) < limit):
        if args.verbose:
            printed = _print_verbose(game, console, printed)
        seat = game.current_player
        game.apply(decide(bots[seat], game))
    if args.verbose:
        _print_verbose(game, console, printed)
    if record_path is not None:
        record = game.record().with_meta(game_header(game, [str(k) for k in kinds]))
        write_atomically(record_path, record.dumps(), force=args.force, option="--record")
        console.print(f"record written to {record_path}", soft_wrap=True,
                      markup=False)  # a path whole, as it is
    _summary(game, console)
    return 0


def _cmd_replay(args: argparse.Namespace, console: Console) -> int:
    record = load_record(args.file)
    game = replay(record)
    if args.seat is not None and not args.step:
        raise CanastaError("--seat chooses the view of --step; give both")
    if args.step:
        from canasta_family.terminal import ReplayStepper

        if args.seat is not None and not 0 <= args.seat < game.num_players:
            raise CanastaError(f"--seat takes a seat 0-{game.num_players - 1}, not {args.seat}")
        return ReplayStepper(record, console=console, seat=args.seat).run()
    console.print(f"record {args.file}: {game.variant.name}, {game.num_players} players, seed "
                  f"{game.seed}, {len(record.actions)} actions — replayed and valid",
                  markup=False, soft_wrap=True)
    for line in header_lines(record.meta):
        console.print(f"  {line}", markup=False, soft_wrap=True)
    if args.verbose:
        for index, text in enumerate(record.actions):
            console.print(f"  {index}: {text}", highlight=False)
    _summary(game, console)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="canasta-family", description="Canasta-family rules engine.")
    parser.add_argument("--traceback", action="store_true",
                        help="on an unexpected failure, print the whole traceback")
    sub = parser.add_subparsers(dest="command", required=True)
    variants = sub.add_parser("variants", help="list the variants that can be played")
    variants.add_argument("--options", action="store_true", help="also list their options")
    play = sub.add_parser("play", help="play a full game between computer players, or "
                                       "with humans at the terminal (--human)")
    play.add_argument("--variant", default=DEFAULT_VARIANT, help="variant name or alias")
    play.add_argument("--players", type=at_least(1), default=None, help="number of players")
    play.add_argument("--seed", type=int, default=None, help="random seed")
    play.add_argument("--option", action="append", metavar="NAME=VALUE",
                      help="set a variant option (see 'variants --options'); repeatable")
    play.add_argument("--player", action="append", metavar="SEAT=KIND",
                      help="player kind for a seat: random, greedy, heuristic or "
                           "ismcts[:OPTION=VALUE,...] (default greedy; see docs/players.md)")
    play.add_argument("--human", action="append", type=int, metavar="SEAT",
                      help="a human plays this seat at the terminal (repeat for hot-seat play)")
    play.add_argument("--record", default=None, metavar="FILE",
                      help="write the game record to this file (a new file unless --force)")
    play.add_argument("--force", action="store_true",
                      help="let --record replace an existing file")
    play.add_argument("--verbose", action="store_true", help="print every move")
    play.add_argument("--max-actions", type=at_least(1), default=None, metavar="N",
                      help="stop after this many actions (the game may be unfinished)")
    rep = sub.add_parser("replay", help="re-run a game record, validate it, print the summary")
    rep.add_argument("file", help="a record written by 'play --record'")
    rep.add_argument("--verbose", action="store_true", help="print every action")
    rep.add_argument("--step", action="store_true",
                     help="step through the game action by action (next, back, jump to hand N)")
    rep.add_argument("--seat", type=int, default=None,
                     help="with --step: show this seat's view (default: every hand shown)")
    add_simulate_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 1 for a terminal game whose input
    ended, 2 for a mistake in the arguments or files (one line on stderr), 3 for an
    unexpected failure such as a variant plugin that breaks during play (one line, or
    the traceback with ``--traceback``), 130 when interrupted.

    >>> main(["play", "--players", "0"])
    2
    """
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error already printed
        return stop.code if isinstance(stop.code, int) else 2
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    commands = {"variants": _cmd_variants, "play": _cmd_play, "replay": _cmd_replay,
                "simulate": run_simulate}
    try:
        return commands[args.command](args, console)
    except (CanastaError, ValueError) as exc:
        errors.print(f"[red]error:[/red] {escape(str(exc))}")
        return 2
    except OSError as exc:
        errors.print(f"[red]error:[/red] {escape(str(exc))}")
        return 2
    except KeyboardInterrupt:
        errors.print("interrupted")
        return 130
    except Exception as exc:
        # A bug here or in a plugin: one line for the user, the traceback when asked.
        if args.traceback:
            raise
        errors.print(f"[red]unexpected failure:[/red] {type(exc).__name__}: "
                     f"{escape(str(exc))} (run with --traceback to see where)")
        return 3


if __name__ == "__main__":
    sys.exit(main())
