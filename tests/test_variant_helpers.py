"""The helpers variant authors build hooks from are public, and nothing outside the
package reaches into the private module of shared defaults."""

from __future__ import annotations

import re
from pathlib import Path

import canasta_family
from canasta_family.rules import CONTINUE
from canasta_family.variants import helpers

ROOT = Path(__file__).resolve().parent.parent


def test_helpers_are_public_and_documented() -> None:
    """Each helper is exported, has a docstring with an example, and is what the built-in
    variants use."""
    assert set(helpers.__all__) == {"core_score_items", "standard_game_result",
                                    "standard_sides"}
    for name in helpers.__all__:
        doc = getattr(helpers, name).__doc__
        assert doc is not None and ">>>" in doc, name
    assert helpers.standard_sides(6, 3) == ((0, 2, 4), (1, 3, 5))
    game = canasta_family.new_game("american-samba", players=4, seed=2)
    assert helpers.standard_game_result(game, 10_000, "AS-43") is CONTINUE


def test_nothing_outside_the_package_imports_the_private_defaults() -> None:
    """Examples and docs import the helpers from ``canasta_family.variants.helpers``,
    never from ``canasta_family.variants._core``."""
    importing = re.compile(r"^\s*(from\s+canasta_family\.variants\._core\s+import|"
                           r"import\s+canasta_family\.variants\._core)", re.MULTILINE)
    offenders = [str(path.relative_to(ROOT))
                 for folder in ("examples", "docs", "tests")
                 for path in sorted((ROOT / folder).rglob("*"))
                 if path.suffix in {".py", ".md"} and path.is_file()
                 and importing.search(path.read_text(encoding="utf-8"))]
    assert offenders == []
