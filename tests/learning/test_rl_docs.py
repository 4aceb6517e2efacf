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


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_rl_doc_figures_are_the_codes() -> None:
    """The sizes the page quotes — meld slots, steps, observation numbers, block offsets
    — are those the encoding gives."""
    from canasta_family.rl import env

    doc = DOC.read_text(encoding="utf-8")
    raw = {}
    for variant in ("american-samba", "canasta"):
        e = env(variant, players=4).unwrapped
        e.reset(seed=1)
        raw[variant] = e
    samba, canasta = raw["american-samba"], raw["canasta"]
    slots = re.search(r"smallest meld: (\d+) for the 162-card Samba decks, (\d+) for", doc)
    assert slots is not None
    assert (_number(slots[1]), _number(slots[2])) == (samba.codec.max_melds,
                                                      canasta.codec.max_melds)
    steps = re.search(r"`n = 167 \+ P \+ 5M`: (\d+) for four players of American Samba, "
                      r"(\d+) for four of classic", doc)
    assert steps is not None
    assert (_number(steps[1]), _number(steps[2])) == (samba.codec.size, canasta.codec.size)
    players, sides, melds = 4, 2, samba.codec.max_melds
    assert samba.codec.size == 167 + players + 5 * melds
    numbers = re.search(r"Four players of American Samba give ([\d,]+) numbers", doc)
    assert numbers is not None
    assert _number(numbers[1]) == samba.layout.size
    assert samba.layout.size == 177 + 4 * players + sides * (58 + 8 * melds)
    # The block table: each block's first step (a sum of numbers, P and M) and size.
    rows = re.findall(r"^\| `([a-z-]+)` \| ([0-9PM +]+) \| (\d+|P|M) \|", doc, re.MULTILINE)
    assert [name for name, _, _ in rows] == list(samba.codec.offsets)
    ends = [_formula(first, players, melds) for _, first, _ in rows[1:]] + [samba.codec.size]
    for (name, first, size), end in zip(rows, ends, strict=True):
        assert samba.codec.offsets[name] == _formula(first, players, melds), name
        assert end - samba.codec.offsets[name] == _formula(size, players, melds), name


def _formula(text: str, players: int, melds: int) -> int:
    """The value of a sum such as ``167 + P + 2M`` for P seats and M meld slots."""
    total = 0
    for term in text.split("+"):
        term = term.strip()
        if term[-1] in "PM":
            total += int(term[:-1] or 1) * (players if term[-1] == "P" else melds)
        else:
            total += int(term)
    return total
