"""The Ray backend gives a match the same results as the local process pool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta_family.arena import play_match
from canasta_family.cli import main
from canasta_family.ray_backend import RayBackend

MATCH = ["simulate", "--variant", "american-samba", "--players", "2", "--games", "6",
         "--seed", "11", "--player", "1=random", "--rotate", "--max-actions", "120",
         "--jobs", "2", "--no-progress"]


def _results(path: Path) -> list[dict[str, object]]:
    return list(json.loads(path.read_text())["results"])


@pytest.mark.slow
def test_simulate_on_a_local_ray_instance_matches_the_process_pool(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    import ray

    assert main([*MATCH, "--backend", "process", "--out", str(tmp_path / "p.json")]) == 0
    assert main([*MATCH, "--backend", "ray", "--out", str(tmp_path / "r.json")]) == 0
    assert not ray.is_initialized()  # the local instance it started is shut down
    process, on_ray = _results(tmp_path / "p.json"), _results(tmp_path / "r.json")
    assert len(on_ray) == 6 and on_ray == process


@pytest.mark.slow
def test_backend_joins_an_address_and_uses_small_chunks() -> None:
    pytest.importorskip("ray")
    backend = RayBackend(2, address="local", max_chunk=1,
                         init_options={"num_cpus": 2})
    on_ray = play_match("canasta", players=2, games=3, seed=5, max_actions=100,
                        backend=backend)
    serial = play_match("canasta", players=2, games=3, seed=5, max_actions=100,
                        backend="serial")
    assert on_ray == serial and len(on_ray.outcomes) == 3


def test_address_needs_the_ray_backend(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*MATCH, "--backend", "serial", "--address", "auto"]) != 0
    assert "--address needs --backend ray" in capsys.readouterr().err


def test_chunks_and_settings() -> None:
    backend = RayBackend(4, max_chunk=10)
    assert backend.chunk_size(10, 4) == 1
    assert backend.chunk_size(10_000, 4) == 10
    with pytest.raises(ValueError, match="max_chunk"):
        RayBackend(2, max_chunk=0)


def test_scale_doc_aggregation_block_adds_up_runs(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import re

    doc = (Path(__file__).resolve().parents[1] / "docs" / "scale.md").read_text()
    (block,) = re.findall(r"^```python\n(.*?)^```", doc, re.MULTILINE | re.DOTALL)
    runs = [play_match("american-samba", players=4, games=3, seed=seed, max_actions=150,
                       player_kinds={1: "random", 3: "random"}, backend="serial")
            for seed in (1, 2)]
    for seed, run in zip((1, 2), runs, strict=True):
        run.save(tmp_path / f"run-{seed}.json")
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "docs/scale.md", "exec"), {})
    out = capsys.readouterr().out
    hands = sum(o.hands for run in runs for o in run.outcomes)
    assert f"6 games, {hands} hands" in out
    greedy = [s for run in runs for s in run.summary() if s.kind == "greedy"]
    wins, entries = sum(s.wins for s in greedy), sum(s.entries for s in greedy)
    draws = sum(s.draws for s in greedy)
    assert f"greedy: {wins}/{entries} wins, {draws} draws" in out
