"""The example scripts run and do what their docstrings say."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_play_random_game_example_finishes(capsys: pytest.CaptureFixture[str]) -> None:
    game = _load("play_random_game").main(2)
    assert game.is_over and max(game.scores) >= 10_000
    assert "wins" in capsys.readouterr().out or game.result.is_draw


def test_arranged_hand_example_takes_then_completes_the_minimum(
        capsys: pytest.CaptureFixture[str]) -> None:
    """AS-23: the example's discard before the kings are melded is refused."""
    game = _load("arranged_hand").main()
    out = capsys.readouterr().out
    assert "refused: AS-23" in out
    assert [str(m) for m in game.side_melds(1)] == ["9c 9h 9s", "Kd Kh Ks"]
    assert game.current_player == 2 and str(game.pile_top) == "5c"


def test_custom_variant_example_deals_eleven_and_ends_at_5000() -> None:
    game = _load("custom_variant").main(3)
    assert game.variant.name == "short-samba"
    assert game.hand_results[0].sides  # at least one hand was scored
    assert max(game.scores) >= 5000


def test_readme_library_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's library example plays a whole game and replays it."""
    import re

    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    block = re.findall(r"```python\n(.*?)```", readme, re.S)[0]
    exec(compile(block, "README.md", "exec"), {})
    assert "wins" in capsys.readouterr().out
