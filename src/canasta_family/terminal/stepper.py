"""Stepping through a recorded game action by action, from every seat's view or one's.

From one seat's view the table is that seat's observation; from every seat's view it is
the observation of the seat to act with every hand shown (a record is studied after the
game, so nothing is secret any more).

Commands at the ``replay>`` prompt: Enter or ``n`` (next action; ``n 10`` for ten),
``b`` (back one; ``b 10``), ``hand N`` (jump to the start of hand N), ``go N`` (jump to
just after action N, 0 for the start), ``end``, ``seat N`` / ``seat all`` (change the
view), ``help``, ``q``.

>>> import io, canasta_family
>>> from rich.console import Console
>>> from canasta_family.players import GreedyPlayer, play_game
>>> game = play_game(canasta_family.new_game("american-samba", players=2, seed=3),
...                  [GreedyPlayer(), GreedyPlayer()], max_actions=6)
>>> out = Console(file=io.StringIO(), width=100, color_system=None)
>>> lines = iter(["n", "n", "b", "q"])
>>> stepper = ReplayStepper(game.record(), console=out, read_line=lambda p: next(lines))
>>> stepper.run(), stepper.position
(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from canasta_family.api import new_game
from canasta_family.engine import Game
from canasta_family.record import GameRecord
from canasta_family.record_header import header_lines
from canasta_family.terminal.hand_end import hand_table_renderable
from canasta_family.terminal.view import hand_result_table, table_view

__all__ = ["STEP_HELP", "ReplayStepper"]

STEP_HELP = """\
Enter or n: next action (n 10: ten actions)   b: back one (b 10: ten back)
hand N: start of hand N   go N: just after action N (go 0: the start)
end: the last action   seat N: the view of seat N   seat all: every hand shown
q: quit"""
"""The stepper's commands, in lines of at most 78 characters."""


class ReplayStepper:
    """Walks ``record`` (already validated, e.g. by :func:`canasta_family.replay`).

    ``seat`` is the seat whose view is shown (``None``: every hand shown).
    """

    def __init__(self, record: GameRecord, *, console: Console, seat: int | None = None,
                 read_line: Callable[[str], str] | None = None) -> None:
        self._record = record
        self._console = console
        self._read = read_line if read_line is not None else console.input
        self.position = 0
        """How many of the record's actions have been played in the position shown."""
        self._game = self._fresh()
        self._log_mark = 0
        self._note: str | None = None
        if seat is not None and not 0 <= seat < self._game.num_players:
            raise ValueError(f"seat must be 0-{self._game.num_players - 1}, not {seat}")
        self.seat = seat
        self._hand_ends, self._hand_starts = self._find_hands()

    def _fresh(self) -> Game:
        rec = self._record
        return new_game(rec.variant, players=rec.players, seed=rec.seed,
                        options=dict(rec.options), start=rec.start)

    def _find_hands(self) -> tuple[list[int], list[int]]:
        # Positions just after each hand-ending action, and where each hand begins: 0,
        # then after every hand end that dealt a new hand (not the one that ended the game).
        game = self._fresh()
        ends: list[int] = []
        starts = [0]
        for index, text in enumerate(self._record.actions):
            hands = len(game.hand_results)
            game.apply(text)
            if len(game.hand_results) > hands:
                ends.append(index + 1)
                if not game.is_over:
                    starts.append(index + 1)
        return ends, starts

    @property
    def total(self) -> int:
        """Number of actions in the record."""
        return len(self._record.actions)

    def go(self, position: int) -> None:
        """Show the position after ``position`` actions (clamped to the record)."""
        position = max(0, min(self.total, position))
        if position < self.position:
            self._game = self._fresh()
            self.position = 0
        while self.position < position:
            # Remember where the log stood before the last action, to show what it did.
            self._log_mark = len(self._game.log(all_hands=True))
            self._game.apply(self._record.actions[self.position])
            self.position += 1

    def run(self) -> int:
        """Show positions and read commands until ``q`` or the end of input; returns 0."""
        for line in header_lines(self._record.meta):
            self._console.print(line, markup=False, soft_wrap=True)
        self._show()
        while True:
            try:
                line = self._read("replay> ")
            except (EOFError, KeyboardInterrupt):
                return 0
            words = line.lower().split()
            verb = words[0] if words else "n"
            count = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
            if verb in ("q", "quit", "exit"):
                return 0
            if verb in ("n", "next", "b", "back"):
                step = (count or 1) * (1 if verb in ("n", "next") else -1)
                if not self._step(step):
                    continue
            elif verb in ("hand", "h") and count is not None:
                hands = len(self._hand_starts)
                if not 1 <= count <= hands:
                    self._console.print(f"there is no hand {count}: the record has "
                                        + ("hand 1 only" if hands == 1
                                           else f"hands 1-{hands}"))
                    continue
                self.go(self._hand_starts[count - 1])
            elif verb in ("go", "g") and count is not None:
                if count > self.total:
                    self._console.print(f"there is no action {count}: the record has "
                                        f"{self.total}; go 0-{self.total}")
                    continue
                self.go(count)
            elif verb == "end":
                self.go(self.total)
            elif verb == "seat" and len(words) == 2 and (words[1] == "all" or count is not None):
                if count is not None and count >= self._game.num_players:
                    self._console.print(f"seats are 0-{self._game.num_players - 1}")
                    continue
                self.seat = count
            elif verb in ("help", "?"):
                self._console.print(STEP_HELP, highlight=False)
                continue
            else:
                self._console.print(f"unknown command {line.strip()!r}; type help")
                continue
            self._show()

    def _step(self, step: int) -> bool:
        """Move ``step`` actions on (back when negative), as far as the record goes and
        saying so when it stops short; False when there was nowhere to go."""
        wanted = self.position + step
        if step > 0 and self.position == self.total:
            self._console.print(f"already at the end of the record (action {self.total}); "
                                "b goes back, go N jumps")
            return False
        if step < 0 and self.position == 0:
            self._console.print("already at the start of the record; n goes on")
            return False
        if not 0 <= wanted <= self.total:
            where = "end" if wanted > self.total else "start"
            moved = abs(max(0, min(self.total, wanted)) - self.position)
            self._note = (f"only {moved} action{'s' if moved != 1 else ''} to the {where} "
                          f"of the record: stopped there")
        self.go(wanted)
        return True

    def _print_events(self, events: Sequence[tuple[int | None, str]]) -> None:
        for who, text in events:
            label = "table" if who is None else f"seat {who}"
            self._console.print(f"  {label}: {text}", highlight=False)

    def _show(self) -> None:
        game = self._game
        console = self._console
        console.rule()
        view = "every hand shown" if self.seat is None else f"view of seat {self.seat}"
        console.print(Text(f"action {self.position} of {self.total} — {view}", style="bold"))
        events = game.log(all_hands=True)
        ended = self.position in self._hand_ends
        # The next hand's deal is logged by the action that ended the hand: show the
        # finished hand's score sheet before it.
        split = len(events) - len(game.log()) if ended and not game.is_over else len(events)
        if self.position:
            last = self._record.actions[self.position - 1]
            console.print(f"last action: {last}", highlight=False)
            self._print_events(events[self._log_mark:split])
        if ended:
            number = self._hand_ends.index(self.position)
            result = game.hand_results[number]
            if result.table is not None:
                console.print(hand_table_renderable(result.table, game.sides,
                                                    max(30, min(80, console.width))))
            console.print(hand_result_table(result, game.sides))
            self._print_events(events[max(split, self._log_mark):])
        seat = game.current_player if self.seat is None else self.seat
        obs = game.observation(seat)
        revealed = ({} if self.seat is not None else
                    {p: game.hand_cards(p) for p in range(game.num_players)})
        console.print(table_view(obs, revealed=revealed, show_hand=self.seat is not None))
        if self.position < self.total:
            console.print(f"next: seat {game.current_player}: "
                          f"{self._record.actions[self.position]}", highlight=False)
        else:
            console.print("end of the record" + (f" — {game.result.reason}"
                                                 if game.result is not None else ""))
        if self._note is not None:
            console.print(Text(self._note, style="yellow"))
            self._note = None
