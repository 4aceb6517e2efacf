"""The arena: seeded matches give the same results for any number of jobs, statistics add
up, results serialise, and ``canasta-family simulate`` wires it to the command line."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_family.arena import (
    GameSpec,
    MatchResult,
    SerialBackend,
    derive_seed,
    play_match,
    play_one,
)
from canasta_family.players.kinds import PlayerSpec, make_player, parse_player_spec
from canasta_family.simulate import parse_seat_kinds


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "canasta_family", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)


def _match(jobs: int, backend: str = "process") -> MatchResult:
    return play_match("american-samba", players=2, games=4, seed=11, jobs=jobs,
                      player_kinds={0: "greedy", 1: "random"}, max_actions=150,
                      rotate=True, backend=backend)


def test_same_seed_same_results_for_any_jobs() -> None:
    one, two = _match(1), _match(2)
    assert one == two
    assert one == _match(2, backend="serial")
    assert [o.seed for o in one.outcomes] == [derive_seed(11, i) for i in range(4)]


def test_rotation_moves_kinds_between_sides() -> None:
    result = _match(1)
    assert [o.seats for o in result.outcomes] == [("greedy", "random"), ("random", "greedy")] * 2


def test_summary_counts_every_side_once() -> None:
    result = play_match("american-samba", players=4, games=3, seed=2, jobs=1,
                        player_kinds=["greedy", "random", "greedy", "random"])
    stats = {s.kind: s for s in result.summary()}
    for s in stats.values():
        assert s.entries == 3 == s.wins + s.draws + s.losses
    assert stats["greedy"].wins == 3  # greedy always beats random in these seeds
    assert all(o.finished and o.hands >= 1 for o in result.outcomes)
    low, high = stats["greedy"].ci
    assert low < stats["greedy"].win_rate <= high


def test_mirror_match_gives_one_entry_per_side() -> None:
    result = play_match("american-samba", players=2, games=2, seed=3, jobs=1, max_actions=40)
    (stats,) = result.summary()
    assert stats.kind == "greedy" and stats.entries == 4
    assert not any(o.finished for o in result.outcomes)  # stopped games count as unfinished
    assert stats.unfinished == 4


def test_capped_game_is_won_by_the_leading_side() -> None:
    spec = GameSpec(0, "american-samba", 2, 5, (parse_player_spec("greedy"),) * 2,
                    max_actions=400)
    outcome = play_one(spec)
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == best)


def test_custom_backend_object() -> None:
    result = play_match("american-samba", players=2, games=2, seed=11, jobs=1,
                        player_kinds={0: "greedy", 1: "random"}, max_actions=150,
                        rotate=True, backend=SerialBackend())
    assert result.outcomes == _match(1).outcomes[:2]


def test_json_and_csv_round_trip(tmp_path: Path) -> None:
    result = _match(1)
    result.save(tmp_path / "r.json")
    data = json.loads((tmp_path / "r.json").read_text())
    assert [g["seed"] for g in data["results"]] == [o.seed for o in result.outcomes]
    assert {s["kind"] for s in data["summary"]} == {"greedy", "random"}
    result.save(tmp_path / "r.csv")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "r.csv").read_text())))
    assert [int(r["seed"]) for r in rows] == [o.seed for o in result.outcomes]
    assert rows[0]["seat0"] == "greedy"
    with pytest.raises(ValueError, match="format"):
        result.save(tmp_path / "r.txt", "xml")


@pytest.mark.parametrize("text, problem", [
    ("nobody", "unknown player kind"),
    ("greedy:depth=3", "no option 'depth'"),
    ("greedy:depth", "NAME=VALUE"),
])
def test_bad_player_specs_name_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_player_spec(text)


def test_bad_seats_and_arguments() -> None:
    with pytest.raises(ValueError, match="--player"):
        parse_seat_kinds(["4=greedy"], 4)
    with pytest.raises(ValueError, match="seat"):
        play_match("american-samba", players=2, games=1, player_kinds={5: "greedy"})
    with pytest.raises(ValueError, match="backend"):
        play_match("american-samba", players=2, games=1, backend="cloud")
    with pytest.raises(ValueError, match="jobs"):
        play_match("american-samba", players=2, games=1, jobs=0)


def test_make_player_accepts_text() -> None:
    assert type(make_player("random", 1)).__name__ == "RandomPlayer"
    assert str(PlayerSpec("random")) == "random"


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_cli_simulate_writes_results(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"results.{fmt}"
    args = ["simulate", "--variant", "american-samba", "--players", "2", "--games", "3",
            "--seed", "5", "--jobs", "2", "--player", "1=random", "--max-actions", "300",
            "--out", str(out)]
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    assert "games/s" in proc.stdout and "win rate" in proc.stdout
    assert "games/s" in proc.stderr  # the progress bar
    text = out.read_text()
    expected = play_match("american-samba", players=2, games=3, seed=5, jobs=1,
                          player_kinds={1: "random"}, max_actions=300)
    if fmt == "json":
        assert [g["scores"] for g in json.loads(text)["results"]] == \
            [list(o.scores) for o in expected.outcomes]
    else:
        assert text == expected.to_csv()


def test_cli_simulate_rejects_bad_player() -> None:
    proc = run("simulate", "--games", "1", "--player", "0=wizard", "--no-progress")
    assert proc.returncode == 2
    assert "unknown player kind 'wizard'" in proc.stderr
