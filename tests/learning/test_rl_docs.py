"""Every ``python`` block of docs/rl.md runs, in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
FENCE = re.compile(r"^```python\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def test_rl_doc_examples_run() -> None:
    blocks = FENCE.findall(DOC.read_text(encoding="utf-8"))
    assert len(blocks) >= 5
    namespace: dict[str, object] = {"__name__": "rl_doc"}
    for code in blocks:
        exec(compile(code, str(DOC), "exec"), namespace)
    assert namespace["returns"]
