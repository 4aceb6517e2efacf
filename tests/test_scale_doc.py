"""The game-length figures docs/scale.md sizes its million-hand experiment with are what
the arena gives (its aggregation block: tests/test_ray_backend.py)."""

from __future__ import annotations

import re
from pathlib import Path

from canasta_family.arena import play_match

DOC = Path(__file__).resolve().parent.parent / "docs" / "scale.md"


def test_quoted_hands_per_game_are_the_arenas() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    quoted = re.search(r"lasts about (\d+) hands \((\d+) hands in the (\d+) games of "
                       r"`play_match\(\"american-samba\", players=4, games=\3, seed=(\d+)\)`"
                       r".*? a million hands is about \*\*([\d,]+) games\*\*", text)
    assert quoted is not None, "docs/scale.md no longer sizes the experiment this way"
    about, hands, games, seed = (int(quoted[i]) for i in range(1, 5))
    result = play_match("american-samba", players=4, games=games, seed=seed,
                        backend="serial")
    assert sum(outcome.hands for outcome in result.outcomes) == hands
    assert round(hands / games) == about
    needed = int(quoted[5].replace(",", ""))
    assert abs(needed - 1_000_000 * games / hands) < 5_000
