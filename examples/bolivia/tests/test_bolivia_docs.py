"""The figures docs/writing-a-variant.md quotes about Bolivia are those the installed
command line gives."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "writing-a-variant.md"
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10}


def _cli(*args: str) -> str:
    script = shutil.which("canasta-family", path=os.path.dirname(sys.executable))
    command = [script] if script else [sys.executable, "-m", "canasta_family"]
    env = {**os.environ, "COLUMNS": "250", "NO_COLOR": "1"}
    done = subprocess.run([*command, *args], capture_output=True, text=True, env=env,
                          timeout=300, check=True)
    return done.stdout


@pytest.mark.skipif(not DOC.exists(), reason="run from the canasta-family source tree")
def test_the_quoted_bolivia_game_is_the_one_the_command_plays() -> None:
    """``canasta-family play --variant bolivia --seed 3``: as many hands and the final
    scores the page gives."""
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    quoted = re.search(r"--seed (\d+)` plays it between greedy computer players \(seed \d+: "
                       r"(\w+) hands, to ([\d,]+) against ([\d,]+)", text)
    assert quoted is not None, "the page no longer quotes the seeded game"
    out = _cli("play", "--variant", "bolivia", "--seed", quoted[1])
    hands = len(re.findall(r"^\s*Hand \d+ — ", out, re.MULTILINE))
    final = out[out.index("Final result"):]
    scores = sorted((int(s) for s in re.findall(r"│ \d+\s+│ [\d, ]+│\s+(\d+) │", final)),
                    reverse=True)
    assert hands == WORDS[quoted[2]]
    assert scores == [int(quoted[3].replace(",", "")), int(quoted[4].replace(",", ""))]


@pytest.mark.skipif(not DOC.exists(), reason="run from the canasta-family source tree")
def test_the_quoted_variant_table_and_options_are_the_commands() -> None:
    """The page's ``canasta-family variants`` table names the variants the command lists
    (with their origins), and the options it names for Bolivia are the variant's."""
    import canasta_family

    doc = DOC.read_text(encoding="utf-8")
    block = doc[doc.index("$ canasta-family variants\n"):]
    block = block[:block.index("```")]
    row = re.compile(r"^│ ([a-z-]+)\s+│[^│]*│[^│]*│ ([^│]+?)\s+│", re.MULTILINE)
    # Other third-party packages installed beside this one (Buraco in CI) are not on the
    # page, which shows the table with Bolivia alone installed.
    listed = {name: origin for name, origin in row.findall(_cli("variants"))
              if not origin.startswith("third-party") or "canasta-bolivia" in origin}
    assert dict(row.findall(block)) == listed
    quoted = re.search(r"\(for Bolivia:\s+((?:`[a-z_]+`(?:,| and)?\s*)+)\)", doc)
    assert quoted is not None
    names = re.findall(r"`([a-z_]+)`", quoted[1])
    assert names == [o.name for o in canasta_family.find_variant("bolivia").info.options]


PLAYERS_DOC = DOC.parent / "players.md"


@pytest.mark.skipif(not PLAYERS_DOC.exists(), reason="run from the canasta-family source tree")
def test_the_quoted_count_of_hands_gone_out_is_the_players() -> None:
    """docs/players.md: how many of the first Bolivia hands four heuristic players end by
    going out."""
    import canasta_family
    from canasta_family.players import HeuristicPlayer, play_hand

    text = " ".join(PLAYERS_DOC.read_text(encoding="utf-8").split())
    quoted = re.search(r"Of the first (\w+) Bolivia hands \(`new_game\(\"bolivia\", "
                       r"seed=s\)`, s = 0 … (\d+)\) four heuristic players end (\d+) by "
                       r"going out", text)
    assert quoted is not None
    hands = {"twelve": 12, **WORDS}[quoted[1]]
    assert int(quoted[2]) == hands - 1
    went_out = 0
    for seed in range(hands):
        game = canasta_family.new_game("bolivia", seed=seed)
        play_hand(game, [HeuristicPlayer() for _ in range(4)])
        went_out += game.hand_results[0].went_out is not None
    assert went_out == int(quoted[3])
