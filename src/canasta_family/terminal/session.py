"""Playing a game at the terminal: human seats type their moves, computer players make
theirs, and everything a human sees comes from that human's observation.

Undo (the ``undo`` command) takes back the last *play* of the current turn: a meld, a
lay-off, a merge, putting out a red 3, or taking back an initial meld, made since the
last point where something new was revealed. The draw or the take of the pile, a play
that brought a card from the stock or the foot into the hand, a question to the partner,
the discard and every other player's move are final. Nobody else has moved since those
plays, so taking them back changes nothing another player could have learnt from. The
session keeps a copy of the game from before the first such play and, on undo, plays the
kept actions again minus the last one, so the game's record holds only the actions that
were finally played.

>>> import io, canasta_family
>>> from rich.console import Console
>>> from canasta_family.players import GreedyPlayer
>>> game = canasta_family.new_game("american-samba", players=2, seed=4)
>>> lines = iter(["draw", "undo", "quit", ""])
>>> out = Console(file=io.StringIO(), width=100, color_system=None)
>>> session = PlaySession(game, [None, GreedyPlayer()], console=out,
...                       read_line=lambda prompt: next(lines))
>>> session.run()
0
>>> "nothing to undo" in out.file.getvalue(), len(session.game.actions) > 0
(True, True)
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from canasta_family.actions import Action, Answer, LayOff, MakeMeld, Merge, PlaceRedThree, Retract
from canasta_family.engine import Game
from canasta_family.errors import CanastaError, IllegalActionError, InvalidActionError
from canasta_family.output_files import write_atomically
from canasta_family.players.base import AnyPlayer, decide
from canasta_family.record_header import game_header
from canasta_family.terminal.commands import (
    Help,
    Hint,
    Nothing,
    Play,
    Quit,
    ShowTable,
    Undo,
    Unreadable,
    explain_refusal,
    read_command,
)
from canasta_family.terminal.hand_end import hand_table_renderable
from canasta_family.terminal.menu import GROUP_LIMIT, Menu, menu_view
from canasta_family.terminal.view import cards_text, hand_result_table, table_view

__all__ = ["HELP_TEXT", "PlaySession"]

HELP_TEXT = """\
Type a menu number, or a move in the action notation:
  d, draw               draw from the stock
  t 9c 9d, take 9c 9d   take the pile, melding its top card with 9c 9d
  take onto 2           take the pile, laying its top card off on meld 2
  m 7h 7s 7c, meld ...  put down a new meld
  lo 2 7d, lay-off 2 7d add 7d to your side's meld 2 (lo 7d if it fits one)
  merge 1 3             merge two melds of the same rank
  x Ks, d Ks, discard   discard Ks and end the turn
  ask 2, yes, no        ask seat 2 "may I go out?"; answer your partner
Cards: rank then suit (7h 10d Td Ks), suits c d h s or ♣ ♦ ♥ ♠, JK a joker.
Commands: help; hint (what the computer would play); undo (take back the last
meld or lay-off of this turn); table (draw the table again); list (the whole
menu, when a long group was cut short); quit (offers to save the record)."""
"""How to type moves, in lines of at most 78 characters (it fits an 80-column
terminal)."""

_UNDOABLE = (MakeMeld, LayOff, Merge, PlaceRedThree, Retract)

ReadLine = Callable[[str], str]


class _QuitRequested(Exception):
    """The human asked to stop (or the input ended)."""

    def __init__(self, *, input_closed: bool = False) -> None:
        super().__init__("quit")
        self.input_closed = input_closed


class PlaySession:
    """One game at the terminal. ``players[seat]`` is a computer player (observing or
    searching, see :data:`~canasta_family.players.AnyPlayer`), or ``None`` for a human at
    that seat.

    ``hint_player`` answers ``hint`` (default: a :class:`HeuristicPlayer`); ``record_path``
    is where the record is written at the end (without it the human is asked), replacing
    a file there only with ``overwrite``; a name the human types never replaces a file;
    ``read_line`` reads one line after showing a prompt (default: the console's
    ``input``); ``kinds`` names each seat's player in the record's header (default:
    ``"human"`` for a human seat, the player's class name otherwise).
    """

    def __init__(self, game: Game, players: Sequence[AnyPlayer | None], *, console: Console,
                 read_line: ReadLine | None = None, hint_player: AnyPlayer | None = None,
                 record_path: str | Path | None = None, overwrite: bool = False,
                 kinds: Sequence[str] | None = None) -> None:
        if len(players) != game.num_players:
            raise ValueError(f"need {game.num_players} players, got {len(players)}")
        if hint_player is None:
            from canasta_family.players import HeuristicPlayer

            hint_player = HeuristicPlayer()
        self.game = game
        self._players = tuple(players)
        self._humans = tuple(seat for seat, player in enumerate(players) if player is None)
        self._console = console
        self._read: ReadLine = read_line if read_line is not None else console.input
        self._hint: AnyPlayer = hint_player
        self._record_path = None if record_path is None else Path(record_path)
        self._overwrite = overwrite
        self._kinds = (tuple(kinds) if kinds is not None else
                       tuple("human" if p is None else type(p).__name__ for p in players))
        self._shown_events = 0
        self._last_human: int | None = None
        self._undo_base: Game | None = None
        self._pending: list[Action] = []

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or a human quits; returns the exit status (0, or 1
        when the input ended before the game did)."""
        try:
            while not self.game.is_over:
                hands = len(self.game.hand_results)
                seat = self.game.current_player
                if seat in self._humans:
                    self._human_action(seat)
                else:
                    self._computer_action(seat)
                if len(self.game.hand_results) > hands:
                    self._hand_over()
        except _QuitRequested as request:
            self._show_events()
            if request.input_closed:
                self._console.print("\ninput closed; the game is left unfinished")
                return 1
            self._console.print("game stopped before its end")
            self._offer_save()
            return 0
        self._show_events()
        self._final()
        with contextlib.suppress(_QuitRequested):
            self._offer_save()
        return 0

    def _ask(self, prompt: str) -> str:
        try:
            return self._read(prompt)
        except (EOFError, KeyboardInterrupt):
            raise _QuitRequested(input_closed=True) from None

    def _computer_action(self, seat: int) -> None:
        game = self.game
        player = self._players[seat]
        assert player is not None
        action = decide(player, game)
        game.apply(action)
        if isinstance(action, Answer) and game.current_player in self._humans:
            self._show_events()
            verdict = ("you must go out this turn" if action.yes
                       else "you may not go out this turn")
            self._console.print(Text(f"seat {seat} answers your question: "
                                     f"{'yes' if action.yes else 'no'} — {verdict}",
                                     style="bold yellow"))

    # --- a human's move -----------------------------------------------------------------

    def _human_action(self, seat: int) -> None:
        if len(self._humans) > 1 and seat != self._last_human:
            self._pass_terminal(seat)
        self._last_human = seat
        self._show_position(seat)
        while True:
            menu = Menu.of(self.game.legal_actions())
            line = self._ask(f"seat {seat}> ")
            command = read_command(line, menu)
            if isinstance(command, Play):
                if self._try_play(seat, command.action):
                    return
            elif isinstance(command, Nothing):
                continue
            elif isinstance(command, Help):
                self._console.print(HELP_TEXT, highlight=False)
            elif isinstance(command, Hint):
                self._show_hint(menu)
            elif isinstance(command, Undo):
                if self._undo():
                    self._show_position(seat)
            elif isinstance(command, ShowTable):
                self._show_position(seat, full_menu=command.full)
            elif isinstance(command, Quit):
                raise _QuitRequested
            elif isinstance(command, Unreadable):
                refusal = explain_refusal(line, self.game, seat)
                if refusal is not None:
                    self._console.print(Text(refusal, style="red"))
                else:
                    self._console.print(Text(f"cannot read that: {command.message}",
                                             style="red"),
                                        Text(" (type help, or a menu number)"))

    def _try_play(self, seat: int, action: Action) -> bool:
        """Play ``action`` for the human at ``seat``; report a refusal and return False."""
        game = self.game
        before = game.clone() if game.phase == "play" else None
        hands = len(game.hand_results)
        hand_before = Counter(game.hand_cards(seat))
        revealed = (game.stock_size, tuple(game.foot_picked_up(p)
                                           for p in range(game.num_players)))
        try:
            game.apply(action, player=seat)
        except IllegalActionError as exc:
            self._console.print(Text(f"not allowed ({exc.rule}): {exc.reason}", style="red"))
            return False
        except InvalidActionError as exc:
            self._console.print(Text(f"not possible: {exc}", style="red"))
            return False
        gained = Counter(game.hand_cards(seat)) - hand_before
        still_open = (game.current_player == seat and game.phase == "play" and not gained
                      and (game.stock_size, tuple(game.foot_picked_up(p) for p in
                                                  range(game.num_players))) == revealed)
        if isinstance(action, _UNDOABLE) and still_open and before is not None:
            if self._undo_base is None:
                self._undo_base = before
            self._pending.append(action)
        else:
            self._undo_base = None
            self._pending = []
        if gained and game.current_player == seat and len(game.hand_results) == hands:
            self._show_events()
            self._console.print(Text("new in your hand: ")
                                + cards_text(sorted(gained.elements())))
        return True

    def _undo(self) -> bool:
        if not self._pending or self._undo_base is None:
            self._console.print(
                "nothing to undo: only the melds, lay-offs and merges made since your draw "
                "this turn can be taken back (draws, takes, discards and other players' "
                "moves are final)")
            return False
        undone = self._pending.pop()
        game = self._undo_base.clone()
        for action in self._pending:
            game.apply(action)
        self.game = game
        # The log lost the undone play's event; count from the restored log.
        self._shown_events = len(game.log(all_hands=True))
        self._console.print(f"took back: {undone}")
        return True

    def _show_hint(self, menu: Menu) -> None:
        # A searching hint player reads the live game, promising to use only what the
        # seat to move (the human asking) may know.
        action = decide(self._hint, self.game)
        number = menu.number_of(action)
        where = f" (menu {number})" if number is not None else ""
        self._console.print(f"hint: {action}{where}", highlight=False)

    def _pass_terminal(self, seat: int) -> None:
        # Clear first: the previous human's hand is still on the screen. The events since
        # then are shown to the next seat after Enter, with its table.
        self._console.clear()
        self._console.print(Text(f"Pass the terminal to seat {seat}, then press Enter.",
                                 style="bold"))
        self._ask("(Enter) ")
        self._console.clear()

    def _show_position(self, seat: int, *, full_menu: bool = False) -> None:
        self._show_events()
        self._console.rule()
        obs = self.game.observation(seat)
        self._console.print(table_view(obs))
        menu = Menu.of(self.game.legal_actions())
        self._console.print(menu_view(menu, self._console.width,
                                      limit=None if full_menu else GROUP_LIMIT))

    # --- public information -------------------------------------------------------------

    def _show_events(self) -> None:
        events = self.game.log(all_hands=True)
        for who, text in events[self._shown_events:]:
            label = "table" if who is None else f"seat {who}"
            self._console.print(f"  {label}: {text}", highlight=False)
        self._shown_events = len(events)

    def _hand_over(self) -> None:
        self._undo_base = None
        self._pending = []
        game = self.game
        # The new hand's deal is already in the log; show only what ended the old one.
        events = game.log(all_hands=True)
        current = len(game.log())
        for who, text in events[self._shown_events:len(events) - current]:
            label = "table" if who is None else f"seat {who}"
            self._console.print(f"  {label}: {text}", highlight=False)
        self._shown_events = len(events) - current
        result = game.hand_results[-1]
        if result.table is not None:
            # How the hand ended: the melds, red 3s, cards left and pile it ended on.
            self._console.print(hand_table_renderable(result.table, game.sides,
                                                      max(30, min(80, self._console.width))))
        self._console.print(hand_result_table(result, game.sides))
        if self._humans and not game.is_over:
            answer = self._ask("Hand over. Press Enter to deal the next hand (or type quit): ")
            if answer.strip().lower() in ("q", "quit", "exit"):
                raise _QuitRequested

    def _final(self) -> None:
        game = self.game
        title = f"Final result — {game.variant.name}"
        table = Table(title=title, min_width=len(title))  # the title on one line
        table.add_column("side")
        table.add_column("seats")
        table.add_column("score", justify="right")
        for side, score in enumerate(game.scores):
            seats = ", ".join(f"{s} (you)" if s in self._humans else str(s)
                              for s in game.side_members(side))
            table.add_row(str(side), seats, str(score))
        self._console.print(table)
        if game.result is not None:
            self._console.print(Text(game.result.reason, style="bold"))

    def _offer_save(self) -> None:
        record = self.game.record().with_meta(game_header(self.game, self._kinds))
        text = record.dumps()
        if self._record_path is not None:
            try:
                write_atomically(self._record_path, text, force=self._overwrite,
                                 option="--record")
            except CanastaError as exc:
                self._console.print(Text(f"could not write the record: {exc}", style="red"))
            else:
                self._console.print(f"record written to {self._record_path}",
                                    soft_wrap=True, markup=False)
                return
        prompt = "Save the game record? File name (Enter: do not save): "
        while answer := self._ask(prompt).strip():
            try:
                write_atomically(answer, text, option="the record")
            except CanastaError as exc:
                self._console.print(Text(str(exc), style="red"))
                prompt = "Another file name (Enter: do not save): "
                continue
            self._console.print(f"record written to {answer}", soft_wrap=True, markup=False)
            return
