"""A real terminal session: ``canasta-family play --human 0`` runs under a
pseudo-terminal and a scripted person plays a whole hand through the interface, reading
the screen to choose (the computer's hint, taken by menu number or typed as a move)."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

import canasta_family
from canasta_family.players import GreedyPlayer, play_game

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(os.name == "nt", reason="needs a POSIX pseudo-terminal")

SCRIPT = Path(sys.executable).parent / "canasta-family"
PROMPT = "seat 0> "


def spawn(*args: str, columns: int = 100) -> pexpect.spawn:
    env = dict(os.environ, TERM="dumb", NO_COLOR="1", COLUMNS=str(columns), LINES="40")
    child = pexpect.spawn(str(SCRIPT), list(args), env=env, encoding="utf-8", timeout=20,
                          dimensions=(40, columns))
    child.delaybeforesend = None  # keep the scripted session to about a second
    return child


class Screen:
    """Everything the terminal showed, and what it showed since the last prompt."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.all = ""
        self.last = ""

    def wait(self, *patterns: str) -> int:
        index: int = self.child.expect_exact(list(patterns))
        self.last = self.child.before + self.child.after
        self.all += self.last
        return index

    def send(self, line: str) -> None:
        self.child.sendline(line)


def test_play_a_whole_hand_at_the_terminal(tmp_path: Path) -> None:
    child = spawn("play", "--variant", "american-samba", "--players", "2", "--human", "0",
                  "--seed", "1")
    screen = Screen(child)
    screen.wait(PROMPT)
    assert "american-samba, 2 players, seed 1; seat 0: you, seat 1: greedy" in screen.last
    assert "Your hand (seat 0, 15 cards): " in screen.last
    assert "pile: top " in screen.last and "stock: " in screen.last
    assert "needs 50" in screen.last
    assert "Your options (type a number or an action):" in screen.last

    screen.send("blah 7h")
    screen.wait(PROMPT)
    assert "cannot read that: unknown action 'blah'" in screen.last

    tried_illegal = False
    melded: list[str] = []
    while True:
        screen.send("hint")
        screen.wait(PROMPT)
        hint = re.search(r"hint: (.+?) \(menu (\d+)\)", screen.last)
        assert hint is not None, screen.last
        action, number = hint.group(1), hint.group(2)
        just_melded = action.startswith("meld ")
        if just_melded:
            screen.send(action)  # typed in the notation, not picked by number
            melded.append(action.removeprefix("meld "))
        else:
            screen.send(number)
        if screen.wait(PROMPT, "Press Enter to deal the next hand") == 1:
            break
        if just_melded:
            assert f"{melded[-1]} (" in screen.last  # the new meld is on the table
        if not tried_illegal and "to meld and discard" in screen.last:
            screen.send("draw")  # a second draw in one turn
            screen.wait(PROMPT)
            assert "not allowed (AS-15): " in screen.last
            tried_illegal = True

    assert tried_illegal and melded
    assert "Melds of your side (number: cards):" in screen.all
    sheet = screen.last
    assert "Hand 1 score sheet" in sheet and "went out" in sheet
    for side in (0, 1):
        assert re.search(rf"│ {side} \(seat {side}\)\s*│", sheet)

    record = tmp_path / "hand.json"
    screen.send("quit")
    screen.wait("File name (Enter: do not save): ")
    screen.send(str(record))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    game = canasta_family.replay(canasta_family.load_record(record))
    assert len(game.hand_results) == 1
    assert f"record written to {record}" in child.before


def test_replay_step_under_a_terminal(tmp_path: Path) -> None:
    game = canasta_family.new_game("american-samba", players=2, seed=1)
    play_game(game, [GreedyPlayer(), GreedyPlayer()], max_actions=20)
    path = tmp_path / "short.json"
    game.record().save(path)
    child = spawn("replay", str(path), "--step", "--seat", "0")
    screen = Screen(child)
    screen.wait("replay> ")
    assert "action 0 of 20 — view of seat 0" in screen.last
    assert "Your hand (seat 0, 15 cards)" in screen.last
    screen.send("n 3")
    screen.wait("replay> ")
    assert "action 3 of 20" in screen.last
    assert f"last action: {game.record().actions[2]}" in screen.last
    screen.send("seat all")
    screen.wait("replay> ")
    assert "every hand shown" in screen.last and "Hand of seat 1 (" in screen.last
    screen.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def _doc_block(heading: str) -> str:
    """The ``text`` block that follows ``heading`` in docs/cli.md."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text("utf-8")
    after = text[text.index(heading):]
    match = re.search(r"```text\n(.*?)```", after, flags=re.DOTALL)
    assert match is not None
    return match.group(1)


def _session(args: list[str], script: list[tuple[str, str]], columns: int) -> str:
    """Run the CLI, answering each prompt of ``script`` with its line; the screen text."""
    child = spawn(*args, columns=columns)
    child.logfile_read = output = io.StringIO()
    for prompt, line in script:
        child.expect_exact(prompt)
        child.sendline(line)
    child.expect(pexpect.EOF)
    child.close()
    return "\n".join(line.rstrip() for line in output.getvalue().replace("\r", "").split("\n"))


def _assert_shown_in_order(block: str, shown: str) -> None:
    position = 0
    for chunk in block.rstrip("\n").split("\n…\n"):
        found = shown.find(chunk, position)
        assert found >= 0, f"not on the screen (in this order):\n{chunk}"
        position = found + len(chunk)


def test_the_documented_play_session_is_what_the_terminal_shows() -> None:
    """docs/cli.md's transcript of a session is real: replaying its inputs under an
    80-column terminal shows those lines, in that order."""
    block = _doc_block("### A session")
    inputs = re.findall(r"^seat 0> (.*)$", block, flags=re.MULTILINE)
    assert inputs[0] == "take" and inputs[-1] == "quit"
    script = [(PROMPT, line) for line in inputs] + [("File name", "")]
    shown = _session(["play", "--human", "0", "--players", "2", "--seed", "3"], script,
                     columns=80)
    assert max(len(line) for line in shown.splitlines()) <= 80
    _assert_shown_in_order(block, shown)


def test_the_documented_replay_steps_are_what_the_terminal_shows(tmp_path: Path) -> None:
    """docs/cli.md's replay transcript: a greedy two-player game with seed 3, stepped."""
    game = play_game(canasta_family.new_game("american-samba", players=2, seed=3),
                     [GreedyPlayer(), GreedyPlayer()])
    path = tmp_path / "game.json"
    game.record().save(path)
    block = _doc_block("## Studying a record")
    assert re.findall(r"^replay> (.*)$", block, flags=re.MULTILINE) == ["n", "hand 2", "q"]
    script = [("replay> ", line) for line in ("n", "seat 1", "hand 2", "q")]
    shown = _session(["replay", str(path), "--step"], script, columns=80)
    _assert_shown_in_order(block, shown)
    assert max(len(line) for line in shown.splitlines()) <= 80
