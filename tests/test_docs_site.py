"""The documentation site's build helpers (docs/_ext) rewrite what they should, and only that.

The site itself is built by ``mkdocs build --strict`` in .ci/run; these tests need neither
mkdocs nor griffe.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXT = ROOT / "docs" / "_ext"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_ext_{name}", EXT / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rest_markup = _load("rest_markup")
outside_links = _load("outside_links")


def test_rest_markup_examples() -> None:
    """The examples in rest_markup's docstrings hold."""
    failed, attempted = doctest.testmod(rest_markup)
    assert attempted >= 4
    assert failed == 0


def test_actions_table_becomes_markdown() -> None:
    """The notation table of actions.py becomes a Markdown table, continuation lines joined."""
    import canasta_family.actions

    doc = canasta_family.actions.__doc__
    assert doc is not None
    lines = rest_markup.rewrite_blocks(doc).split("\n")
    table = [line for line in lines if line.startswith("|")]
    assert table[0] == "| text | meaning |"
    assert table[1] == "|---|---|"
    take = next(line for line in table if line.startswith("| ``take-pile 9d 9c``"))
    assert take == ("| ``take-pile 9d 9c`` | take the whole pile, melding its top card with "
                    "these cards from hand as a new meld |")
    assert not any(line.startswith("=") for line in lines)


def test_doctest_and_literal_blocks_are_fenced() -> None:
    text = "Intro::\n\n    a = 1\n    b = 2\n\nThen\n\n>>> a + b\n3\n\nEnd."
    assert rest_markup.rewrite_blocks(text).split("\n") == [
        "Intro:", "", "```python", "a = 1", "b = 2", "```", "", "Then", "",
        "```pycon", ">>> a + b", "3", "```", "", "End."]


def test_roles() -> None:
    """Project names link (unresolved full paths too, so the build catches them); private
    and outside names, and roles inside code blocks, stay code."""
    known = {"Game": "canasta_family.engine.game.Game"}
    text = ("See :class:`Game`, :meth:`Game.apply <canasta_family.engine.game.Game.apply>`, "
            ":mod:`canasta_family.nowhere`, :mod:`canasta_family.variants._core`, "
            ":class:`ValueError`.\n\n```python\n:class:`Game`\n```")
    assert rest_markup.rewrite_roles(text, known.get) == (
        "See [`Game`][canasta_family.engine.game.Game], "
        "[`Game.apply`][canasta_family.engine.game.Game.apply], "
        "[`canasta_family.nowhere`][canasta_family.nowhere], "
        "`canasta_family.variants._core`, `ValueError`.\n\n```python\n:class:`Game`\n```")


def test_outside_links_become_text_only_when_the_file_exists() -> None:
    config = {"docs_dir": str(ROOT / "docs"), "config_file_path": str(ROOT / "mkdocs.yml")}
    page = SimpleNamespace(file=SimpleNamespace(src_path="writing-a-variant.md"))
    markdown = ("[examples/bolivia/](../examples/bolivia/), [`x`](../examples/nowhere.py), "
                "[hooks](hooks.md#rule-topics), [site](https://example.org/a)\n\n"
                "```text\n[kept](../examples/bolivia/)\n```\n")
    assert outside_links.on_page_markdown(markdown, page, config, None) == (
        "`examples/bolivia/`, [`x`](../examples/nowhere.py), "
        "[hooks](hooks.md#rule-topics), [site](https://example.org/a)\n\n"
        "```text\n[kept](../examples/bolivia/)\n```\n")


def test_unlisted_objects_stay_code() -> None:
    """An object the reference leaves out (no docstring) is named, not linked."""
    assert rest_markup.rewrite_roles(":data:`OWED_TRIES`", lambda name: rest_markup.UNLISTED) \
        == "`OWED_TRIES`"


def test_griffe_extension_on_the_package() -> None:
    """With the docs tools installed: attrs classes get their generated ``__init__``, roles
    become links to where a name is defined."""
    griffe = pytest.importorskip("griffe")
    extension = _load("rest_markup_griffe").RestMarkup()
    package = griffe.load("canasta_family", search_paths=[str(ROOT / "src")],
                          extensions=griffe.load_extensions(extension))
    init = package["rules.DealRules"].members["__init__"]
    assert [(p.name, str(p.default)) for p in init.parameters][1:] == [
        ("hand_size", "None"), ("foot_size", "0"), ("upcard_redraw", "True"),
        ("upcard", "True")]
    assert "code" not in [p.name for p in package["cards.Card"].members["__init__"].parameters]
    hooks_doc = package["hookspecs"].docstring.value
    assert "[`Game`][canasta_family.engine.game.Game]" in hooks_doc
    assert "`canasta_family.variants._core`" in hooks_doc


def test_readme_on_the_package_index_has_no_relative_links() -> None:
    """pyproject.toml's README substitutions leave only absolute links: a relative one
    would lead nowhere on the package index page."""
    tomllib = pytest.importorskip("tomllib")
    with (ROOT / "pyproject.toml").open("rb") as file:
        hook = tomllib.load(file)["tool"]["hatch"]["metadata"]["hooks"]["fancy-pypi-readme"]
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for substitution in hook["substitutions"]:
        text = re.sub(substitution["pattern"], substitution["replacement"], text)
    targets = re.findall(r"\]\(([^)]*)\)", text)
    assert all(target.startswith("https://") for target in targets), targets
    assert "`docs/cli.md`" in text and "`examples/bolivia/`" in text
