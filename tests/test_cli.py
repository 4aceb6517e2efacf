"""The ``canasta-family`` command line, run as a real subprocess (both ``python -m
canasta_family`` and the installed console script)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import canasta_family
from canasta_family.players import GreedyPlayer, HeuristicPlayer, RandomPlayer, play_game

SCRIPT = Path(sys.executable).parent / ("canasta-family.exe" if os.name == "nt"
                                        else "canasta-family")
MODULE = [sys.executable, "-m", "canasta_family"]
LAUNCHERS = {"module": MODULE, "script": [str(SCRIPT)]}


def run(*args: str, launcher: str = "module", columns: int | None = 200
        ) -> subprocess.CompletedProcess[str]:
    """Run the CLI; ``columns`` fixes the width rich lays tables out in."""
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    env["NO_COLOR"] = "1"
    env["TERM"] = "dumb"
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return subprocess.run([*LAUNCHERS[launcher], *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def final_table(output: str) -> list[tuple[int, int]]:
    """(side, score) rows of the 'Final result' table."""
    tail = output[output.index("Final result"):]
    rows = re.findall(r"^│\s*(\d+)\s*│[\d, ]+│\s*(-?\d+)\s*│$", tail, flags=re.MULTILINE)
    return [(int(side), int(score)) for side, score in rows]


def test_console_script_is_installed() -> None:
    """The package installs a ``canasta-family`` console script next to the interpreter."""
    assert SCRIPT.exists()


@pytest.mark.parametrize("launcher", sorted(LAUNCHERS))
def test_variants_lists_american_samba_and_alias(launcher: str) -> None:
    """``variants`` lists American Samba with its alias, player counts and origin."""
    result = run("variants", launcher=launcher)
    assert result.returncode == 0, result.stderr
    line = next(ln for ln in result.stdout.splitlines() if "american-samba" in ln)
    assert "samba-1951" in line
    assert "2, 3, 4, 5, 6" in line
    assert "built-in" in line
    assert "options of" not in result.stdout


def test_AS_10_variants_options_shows_house_rule() -> None:
    """``variants --options`` shows the AS-10 house-rule option with type, default and
    allowed values."""
    result = run("variants", "--options")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    at = next(i for i, ln in enumerate(lines) if "AS-10" in ln)
    assert "no_wild_on_natural_canasta" in lines[at]
    assert "bool" in lines[at] and "default false" in lines[at]
    assert lines[at + 1].strip() == "allowed: false, true"


def test_AS_10_option_name_readable_on_80_columns() -> None:
    """On an 80-column output (a pipe or a default terminal) the option's name, which a
    user must type to use it, is still printed whole."""
    result = run("variants", "--options", columns=80)
    assert result.returncode == 0, result.stderr
    assert "AS-10" in result.stdout
    assert "no_wild_on_natural_canasta" in result.stdout, result.stdout


def test_AS_42_play_records_and_replay_validates(tmp_path: Path) -> None:
    """``play --record FILE`` plays a whole game to its end (AS-42) and writes a record;
    ``replay FILE`` validates it and prints the same final scores."""
    record = tmp_path / "game.json"
    played = run("play", "--variant", "american-samba", "--players", "4", "--seed", "3",
                 "--record", str(record), launcher="script")
    assert played.returncode == 0, played.stderr
    assert record.exists()
    assert f"record written to {record}" in played.stdout
    game = canasta_family.replay(canasta_family.load_record(record))
    assert game.is_over and game.result is not None
    assert game.result.reason in played.stdout
    assert final_table(played.stdout) == list(enumerate(game.scores))
    assert max(game.scores) >= 10_000
    data = json.loads(record.read_text(encoding="utf-8"))
    assert (data["variant"], data["players"], data["seed"]) == ("american-samba", 4, 3)

    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "replayed and valid" in replayed.stdout
    assert f"{len(data['actions'])} actions" in replayed.stdout
    assert final_table(replayed.stdout) == final_table(played.stdout)
    assert game.result.reason in replayed.stdout
    hand_titles = re.findall(r"Hand \d+ — .*", played.stdout)
    assert len(hand_titles) == len(game.hand_results)
    assert hand_titles == re.findall(r"Hand \d+ — .*", replayed.stdout)


def test_play_is_reproducible_from_seed(tmp_path: Path) -> None:
    """The same seed gives the same record; it equals a game played in-process, apart
    from the header the command writes (players, date, result), which replay ignores."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        result = run("play", "--players", "2", "--seed", "8", "--record", str(path))
        assert result.returncode == 0, result.stderr
    a, b = (canasta_family.load_record(path) for path in (first, second))
    game = canasta_family.new_game("american-samba", players=2, seed=8)
    play_game(game, [GreedyPlayer(), GreedyPlayer()])
    assert attrs.evolve(a, meta={}) == attrs.evolve(b, meta={}) == game.record()
    undated = [{k: v for k, v in r.meta.items() if k != "date"} for r in (a, b)]
    assert undated[0] == undated[1]
    assert canasta_family.replay(a) == canasta_family.replay(game.record())


def test_play_record_header_names_players_date_and_result(tmp_path: Path) -> None:
    """``play --record`` writes a header: each seat's kind and side, the date, the result;
    ``replay`` shows it."""
    path = tmp_path / "game.json"
    result = run("play", "--players", "2", "--seed", "5", "--player", "1=random",
                 "--record", str(path))
    assert result.returncode == 0, result.stderr
    meta = json.loads(path.read_text(encoding="utf-8"))["meta"]
    game = canasta_family.replay(canasta_family.load_record(path))
    assert meta["players"] == [{"seat": 0, "side": 0, "kind": "greedy"},
                               {"seat": 1, "side": 1, "kind": "random"}]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", meta["date"])
    assert game.result is not None
    assert meta["result"] == {"finished": True, "winners": list(game.result.winners),
                              "reason": game.result.reason, "scores": list(game.scores)}
    shown = run("replay", str(path))
    assert shown.returncode == 0, shown.stderr
    assert "  players: seat 0 greedy, seat 1 random" in shown.stdout
    assert f"  date: {meta['date']}" in shown.stdout
    assert f"  result: {game.result.reason} (scores " in shown.stdout


def test_play_verbose_with_action_limit() -> None:
    """``play --verbose --max-actions 30`` prints every event of the first 30 actions (the
    same log an in-process game has) and reports the game unfinished."""
    result = run("play", "--variant", "samba-1951", "--players", "2", "--seed", "4",
                 "--verbose", "--max-actions", "30")
    assert result.returncode == 0, result.stderr
    assert "american-samba, 2 players" in result.stdout
    assert "the game is not finished" in result.stdout
    game = canasta_family.new_game("samba-1951", players=2, seed=4)
    before_first_action = len(game.log())
    play_game(game, [GreedyPlayer(), GreedyPlayer()], max_actions=30)
    assert len(game.actions) == 30 and not game.hand_results
    expected = [f"  seat {seat}: {text}" for seat, text in game.log()[before_first_action:]
                if seat is not None]
    printed = [ln for ln in result.stdout.splitlines() if ln.startswith("  seat ")]
    assert printed[-len(expected):] == expected
    assert len(expected) >= 30  # at least one event per action
    assert final_table(result.stdout) == [(0, 0), (1, 0)]


def test_AS_29_verbose_shows_red_threes_placed_before_first_action() -> None:
    """AS-29: the red 3s dealt to the first player are placed when that turn begins, before
    any action; ``--verbose`` ("print every move") must show them too."""
    game = canasta_family.new_game("samba-1951", players=2, seed=4)
    placed = [f"  seat {seat}: {text}" for seat, text in game.log() if seat is not None]
    assert placed == ["  seat 1: places 3d", "  seat 1: places 3h"]
    result = run("play", "--variant", "samba-1951", "--players", "2", "--seed", "4",
                 "--verbose", "--max-actions", "2")
    assert result.returncode == 0, result.stderr
    printed = [ln for ln in result.stdout.splitlines() if ln.startswith("  seat ")]
    assert printed[:2] == placed, result.stdout


def test_unknown_variant_exits_nonzero_naming_known_variants() -> None:
    """An unknown variant name fails with a message listing the known variants."""
    result = run("play", "--variant", "pinochle", "--seed", "1")
    assert result.returncode != 0
    assert "unknown variant 'pinochle'" in result.stderr
    assert "american-samba" in result.stderr
    assert "Traceback" not in result.stderr


def test_AS_1_bad_player_count_exits_nonzero() -> None:
    """AS-1: seven players is refused with the allowed counts."""
    result = run("play", "--players", "7", "--seed", "1")
    assert result.returncode != 0
    assert "2, 3, 4, 5, 6" in result.stderr and "AS-1" in result.stderr
    assert "Traceback" not in result.stderr


def test_play_seats_any_player_kind_and_names_a_bad_one(tmp_path: Path) -> None:
    """``--player`` takes the arena's player kinds (with options); the game is the one those
    players make, and a bad kind or option is named without a traceback."""
    path = tmp_path / "kinds.json"
    result = run("play", "--players", "2", "--seed", "5", "--player", "0=heuristic",
                 "--player", "1=random", "--record", str(path))
    assert result.returncode == 0, result.stderr
    assert "(0=heuristic, 1=random)" in result.stdout
    game = canasta_family.new_game("american-samba", players=2, seed=5)
    play_game(game, [HeuristicPlayer(), RandomPlayer(seed=5 * 31 + 1)])
    assert canasta_family.replay(canasta_family.load_record(path)) == game
    bad = run("play", "--players", "2", "--seed", "5", "--player", "1=ismcts:bogus=3")
    assert bad.returncode != 0 and "no option 'bogus'" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_tampered_record_replay_fails_naming_action(tmp_path: Path) -> None:
    """A record with an illegal action makes ``replay`` exit non-zero, naming the action
    index and text."""
    game = canasta_family.new_game("american-samba", players=4, seed=3)
    play_game(game, [GreedyPlayer() for _ in range(4)], max_actions=60)
    data = game.record().to_json()
    index = next(i for i, text in enumerate(data["actions"]) if i > 10 and text == "draw")
    data["actions"][index] = "discard JK JK"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode != 0
    assert f"action {index}" in result.stderr
    assert "discard JK JK" in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_missing_file_fails_cleanly(tmp_path: Path) -> None:
    """A record file that does not exist is an error naming the file."""
    result = run("replay", str(tmp_path / "missing.json"))
    assert result.returncode != 0
    assert "missing.json" in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_verbose_lists_numbered_actions(tmp_path: Path) -> None:
    """``replay --verbose`` lists every action with its index."""
    game = canasta_family.new_game("american-samba", players=2, seed=6)
    play_game(game, [GreedyPlayer(), GreedyPlayer()], max_actions=12)
    path = tmp_path / "short.json"
    game.record().save(path)
    result = run("replay", str(path), "--verbose")
    assert result.returncode == 0, result.stderr
    listed = [ln.strip() for ln in result.stdout.splitlines() if re.match(r"^  \d+: ", ln)]
    assert listed == [f"{i}: {a}" for i, a in enumerate(game.record().actions)]
    assert "the game is not finished" in result.stdout


@pytest.mark.parametrize(("variant", "players", "rule"), [
    ("dutch-samba", "4", "AS-42"),
    ("samba", "3", "MS-15"),
    ("modern-samba", "4", "MS-15"),
])
def test_play_full_game_of_each_samba_variant(tmp_path: Path, variant: str, players: str,
                                              rule: str) -> None:
    """``play --variant dutch-samba`` and ``--variant samba --players 3`` play whole games
    to a result, and their records (options included) replay to the same final scores."""
    record = tmp_path / "game.json"
    result = run("play", "--variant", variant, "--players", players, "--seed", "21",
                 "--record", str(record))
    assert result.returncode == 0, result.stderr
    assert rule in result.stdout
    assert "wins" in result.stdout or "draw" in result.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["variant"] == canasta_family.find_variant(variant).name
    assert data["options"] == dict(canasta_family.new_game(variant, seed=1).options)
    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert final_table(replayed.stdout) == final_table(result.stdout)


def test_PH_26_play_pennies_full_game_to_20000(tmp_path: Path) -> None:
    """``play --variant pennies`` (six players by default) plays a whole game to 20,000
    between greedy players; the record replays to the same final table."""
    record = tmp_path / "pennies.json"
    result = run("play", "--variant", "pennies", "--seed", "21", "--record", str(record))
    assert result.returncode == 0, result.stderr
    assert "pennies-from-heaven, 6 players" in result.stdout and "PH-26" in result.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["variant"] == "pennies-from-heaven" and data["players"] == 6
    game = canasta_family.replay(canasta_family.load_record(record))
    assert game.is_over and max(game.scores) >= 20_000
    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert final_table(replayed.stdout) == final_table(result.stdout)


def test_PH_O1_variants_options_lists_the_pennies_options() -> None:
    """``variants --options`` shows PH-O1 … PH-O3."""
    result = run("variants", "--options")
    assert result.returncode == 0, result.stderr
    for name, rule in (("sevens_discard", "PH-O1"), ("wild_in_sevens", "PH-O2"),
                       ("foot_pickup", "PH-O3")):
        line = next(ln for ln in result.stdout.splitlines() if name in ln)
        assert rule in line


def test_variants_options_lists_every_samba_option() -> None:
    """``variants --options`` shows each variant's declared options with their rule IDs."""
    result = run("variants", "--options")
    assert result.returncode == 0, result.stderr
    for name, rule in (("pickup_stock_cards", "DS-O2"), ("top_minimum_from", "DS-O1"),
                       ("target", "MS-15"), ("no_wild_on_natural_canasta", "AS-10")):
        line = next(ln for ln in result.stdout.splitlines() if name in ln)
        assert rule in line
