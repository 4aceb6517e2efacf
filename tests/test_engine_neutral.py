"""The engine never names a variant: every difference goes through a hook (design §4)."""

from __future__ import annotations

import re
from pathlib import Path

import canasta_family

SRC = Path(canasta_family.__file__).parent
VARIANT_WORDS = re.compile(r"american|dutch|pennies|bolivia|samba", re.IGNORECASE)


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """Source lines outside docstrings and comments (docs may mention variants)."""
    import ast
    import io
    import tokenize

    text = path.read_text(encoding="utf-8")
    doc_lines: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(getattr(node, "value", None), ast.Constant) \
                and isinstance(node.value.value, str):
            doc_lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    code: list[tuple[int, str]] = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
            continue
        if tok.start[0] in doc_lines:
            continue
        code.append((tok.start[0], tok.string))
    return code


def test_no_variant_names_outside_variants_package() -> None:
    offenders = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC)
        if rel.parts[0] in ("variants", "players"):
            continue
        for line, token in _code_lines(path):
            if VARIANT_WORDS.search(token):
                offenders.append(f"{rel}:{line}: {token}")
    # The one allowed mention: the registry table of built-in variants and the default name.
    allowed = {"plugins.py", "api.py"}
    offenders = [o for o in offenders if o.split(":")[0] not in allowed]
    assert offenders == []


def test_registry_is_the_only_place_naming_builtins() -> None:
    text = (SRC / "plugins.py").read_text(encoding="utf-8")
    assert "BUILTIN_VARIANTS" in text
