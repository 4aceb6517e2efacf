"""The documentation stays true to the code.

- every hook spec is documented in docs/hooks.md;
- every ``python`` code block of docs/writing-a-variant.md, docs/notation.md and
  docs/players.md runs, the
  blocks of one file in order in one fresh namespace (blocks meant as illustrations only use
  other fence languages: ``toml``, ``text``);
- every American Samba rule ID AS-1 … AS-42 has its paragraph in
  docs/variants/american-samba.md;
- every rule topic the engine cites is explained in docs/hooks.md.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from canasta_family import hookspecs

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
ENGINE = ROOT / "src" / "canasta_family" / "engine"

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def _blocks(path: Path, language: str) -> list[tuple[int, str]]:
    """The code blocks of ``path`` fenced with ``language``: (line number, code)."""
    text = path.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        if match.group(1).strip() == language:
            line = text.count("\n", 0, match.start()) + 1
            found.append((line, match.group(2)))
    return found


def _hook_names() -> list[str]:
    return sorted(name for name, value in vars(hookspecs).items()
                  if name.startswith("canasta_") and inspect.isfunction(value))


def _engine_topics() -> set[str]:
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(ENGINE.glob("*.py")))
    cited = set(re.findall(r'_rule\("([a-z-]+)"\)', source))
    # A problem is a ("topic", "reason") pair; a slot tuple only looks like one.
    unslotted = "\n".join(line for line in source.splitlines() if "__slots__" not in line)
    problems = set(re.findall(r'\("([a-z-]+)", f?"', unslotted))
    return cited | problems


def test_every_hookspec_is_documented() -> None:
    """Each ``canasta_*`` hook spec has a heading or a code entry in docs/hooks.md."""
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    names = _hook_names()
    assert len(names) >= 20, names  # the spec module really was read
    missing = [name for name in names
               if not re.search(rf"^#+ .*`{name}`|^{name}\(|`{name}\(", text, re.MULTILINE)]
    assert not missing, f"hooks not documented in docs/hooks.md: {missing}"


@pytest.mark.parametrize("name", ["writing-a-variant.md", "notation.md", "players.md"])
def test_python_blocks_run(name: str) -> None:
    """The ``python`` blocks of a page run in order in one namespace, as a reader would."""
    path = DOCS / name
    blocks = _blocks(path, "python")
    assert blocks, f"{name} has no python blocks"
    namespace: dict[str, object] = {"__name__": f"docs_{path.stem.replace('-', '_')}"}
    for line, code in blocks:
        try:
            exec(compile(code, f"{path}:{line}", "exec"), namespace)
        except Exception as exc:  # name the block that failed
            raise AssertionError(f"{name}, block at line {line}: {exc!r}") from exc


def test_every_american_samba_rule_has_a_paragraph() -> None:
    """AS-1 … AS-42 each appear in docs/variants/american-samba.md."""
    text = (DOCS / "variants" / "american-samba.md").read_text(encoding="utf-8")
    found = {int(n) for n in re.findall(r"\bAS-(\d+)\b", text)}
    missing = [f"AS-{n}" for n in range(1, 43) if n not in found]
    assert not missing, f"rule IDs missing from the American Samba page: {missing}"


def test_every_pennies_rule_has_a_paragraph() -> None:
    """PH-1 … PH-26 and PH-O1 … PH-O3 each appear in docs/variants/pennies-from-heaven.md,
    and every rule ID the plugin maps is one of them."""
    from canasta_family.variants.pennies_from_heaven import VARIANT

    text = (DOCS / "variants" / "pennies-from-heaven.md").read_text(encoding="utf-8")
    found = {int(n) for n in re.findall(r"\bPH-(\d+)\b", text)}
    missing = [f"PH-{n}" for n in range(1, 27) if n not in found]
    assert not missing, f"rule IDs missing from the Pennies page: {missing}"
    assert all(f"PH-O{n}" in text for n in (1, 2, 3))
    assert {int(rule[3:]) for rule in VARIANT.rule_ids.values()} <= set(range(1, 27))


def test_every_engine_topic_is_documented() -> None:
    """Each rule topic the engine cites is explained in docs/hooks.md."""
    topics = _engine_topics()
    assert {"set", "pile-frozen", "ask"} <= topics, topics  # the regexes still find them
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    missing = sorted(topic for topic in topics if f"`{topic}`" not in text)
    assert not missing, f"rule topics not documented in docs/hooks.md: {missing}"


def test_documented_topics_map_to_american_samba_rules() -> None:
    """The rule IDs hooks.md gives for American Samba are those its VariantInfo maps."""
    from canasta_family.variants.american_samba import VARIANT

    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z-]+)` \|[^|\n]*\| (AS-\d+) \|$", text, re.MULTILINE)
    assert len(rows) >= 15, rows
    wrong = {topic: (rule, VARIANT.rule(topic)) for topic, rule in rows
             if VARIANT.rule(topic) != rule}
    assert not wrong, f"hooks.md gives other rule IDs than VariantInfo.rule_ids: {wrong}"
