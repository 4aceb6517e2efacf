"""reStructuredText markup of the docstrings, rewritten as the Markdown mkdocstrings renders.

The docstrings of canasta_family are written for Sphinx conventions: ``:class:`Game```
roles, ``>>>`` doctests straight in the text, ``::`` literal blocks and simple tables
bordered with ``=`` signs. Rendered as Markdown these read badly (a doctest becomes a
nested quotation, a role shows its colons), so the API reference rewrites them first:

- a role becomes an autorefs cross-reference, ``[`Game`][canasta_family.engine.game.Game]``,
  when its target is a public name of the project (the build then fails if the target is
  not documented), and plain code otherwise (``ValueError``, ``pyspiel``, a private
  module such as ``canasta_family.variants._core``, a constant without a docstring);
- a run of doctest lines becomes a ``pycon`` code block;
- a ``::`` literal block becomes a ``python`` code block;
- a simple table becomes a Markdown table.

>>> known = {"parse_action": "canasta_family.actions.parse_action"}
>>> print(rewrite(":func:`parse_action`, :class:`~canasta_family.cards.Card`, :class:`str`",
...               known.get))
[`parse_action`][canasta_family.actions.parse_action], [`Card`][canasta_family.cards.Card], `str`

This module has no dependency: the griffe extension that applies it lives beside it
(``rest_markup_griffe.py``), and tests/test_docs_site.py tests it without griffe installed.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

__all__ = ["PROJECT", "UNLISTED", "rewrite", "rewrite_blocks", "rewrite_roles"]

PROJECT = "canasta_family"

# :class:`Game`, :meth:`~canasta_family.Game.apply`, :func:`text <target>`.
ROLE = re.compile(r":(?:py:)?(class|func|meth|mod|data|attr|exc|obj|const):`([^`]+)`")
TITLED = re.compile(r"^(.*?)\s*<([^<>]+)>$")
TABLE_BORDER = re.compile(r"^( *)(=+)( +=+)+ *$")

Resolver = Callable[[str], "str | None"]
# What a resolver answers for an object that exists but that the reference leaves out
# (it has no docstring): the role becomes plain code, not a link to nothing.
UNLISTED = ""


def rewrite(text: str, resolve: Resolver) -> str:
    """Rewrite the reST markup of one docstring as Markdown.

    ``resolve`` turns a name as written in the docstring (``Game``, ``Game.apply``) into the
    full dotted path of the object it names, ``None`` when it names nothing known, or
    :data:`UNLISTED` when the reference does not show it.

    >>> print(rewrite("Example::\\n\\n    x = 1\\n", lambda name: None))
    Example:
    <BLANKLINE>
    ```python
    x = 1
    ```
    <BLANKLINE>
    """
    return rewrite_roles(rewrite_blocks(text), resolve)


def rewrite_roles(text: str, resolve: Resolver) -> str:
    """Turn every ``:role:`target``` outside code blocks into a cross-reference or code.

    >>> rewrite_roles(":class:`ValueError`", lambda name: None)
    '`ValueError`'
    >>> rewrite_roles(":meth:`apply <canasta_family.Game.apply>`", lambda name: None)
    '[`apply`][canasta_family.Game.apply]'
    """
    parts = re.split(r"(^ *```.*?^ *```[ \t]*$)", text, flags=re.MULTILINE | re.DOTALL)
    for index in range(0, len(parts), 2):  # the odd parts are code blocks: left alone
        parts[index] = ROLE.sub(lambda match: _role(match, resolve), parts[index])
    return "".join(parts)


def _role(match: re.Match[str], resolve: Resolver) -> str:
    content = match.group(2).strip()
    titled = TITLED.match(content)
    if titled:
        title, target = titled.group(1), titled.group(2).strip()
    else:
        target = content
        title = ""
    short = target.startswith("~")
    target = target.lstrip("~.")
    if not title:
        title = target.rsplit(".", 1)[-1] if short else target
    path = resolve(target)
    if path == UNLISTED:
        return f"`{title}`"
    if path is None and _in_project(target):
        path = target  # kept unresolved, so that a wrong full path fails the build
    if path is None or not _in_project(path) or "._" in path:
        return f"`{title}`"  # outside the project, or private: not in the reference
    return f"[`{title}`][{path}]"


def _in_project(path: str) -> bool:
    return path == PROJECT or path.startswith(PROJECT + ".")


def rewrite_blocks(text: str) -> str:
    """Fence doctests and ``::`` literal blocks, and turn simple tables into Markdown.

    >>> rewrite_blocks("Text.\\n\\n>>> 1 + 1\\n2\\n\\nMore.").split("\\n")
    ['Text.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
    """
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if stripped.startswith(">>>"):
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            out.extend(_fenced("pycon", lines[index:end], indent))
            index = end
        elif TABLE_BORDER.match(line) and _table_end(lines, index) is not None:
            end = _table_end(lines, index)
            assert end is not None
            out.extend(_table(lines[index : end + 1]))
            index = end + 1
        elif stripped.endswith("::") and not stripped.startswith(".."):
            end, block = _literal_block(lines, index + 1, len(indent))
            if block is None:
                out.append(line)
                index += 1
                continue
            head = line[:-2].rstrip()
            # "Text::" reads "Text:"; a lone "::" (or "text ::") shows nothing of itself.
            if head.strip() and not line[:-2].endswith(" "):
                out.append(head + ":")
            elif head.strip():
                out.append(head)
            out.append("")
            out.extend(_fenced("python", block, indent))
            index = end
        else:
            out.append(line)
            index += 1
    return "\n".join(out)


def _fenced(language: str, block: list[str], indent: str) -> list[str]:
    body = textwrap.dedent("\n".join(block)).split("\n")
    return [f"{indent}```{language}", *(indent + b if b else b for b in body), f"{indent}```"]


def _literal_block(lines: list[str], start: int, indent: int) -> tuple[int, list[str] | None]:
    """The lines of the indented block after a ``::`` line (None if there is none)."""
    index = start
    while index < len(lines) and not lines[index].strip():
        index += 1
    block: list[str] = []
    while index < len(lines):
        line = lines[index]
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        block.append(line)
        index += 1
    while block and not block[-1].strip():
        block.pop()
        index -= 1
    return index, (block or None)


def _table_end(lines: list[str], start: int) -> int | None:
    """The line of the closing border of the simple table opening at ``start``."""
    borders = [i for i in range(start, len(lines)) if lines[i] == lines[start]]
    if len(borders) < 3:
        return None
    return borders[2]


def _table(block: list[str]) -> list[str]:
    """A reST simple table (three equal borders) as a Markdown table."""
    border = block[0]
    spans = [(m.start(), m.end()) for m in re.finditer(r"=+", border)]

    def cells(line: str) -> list[str]:
        found = []
        for number, (begin, _) in enumerate(spans):
            stop = len(line) if number == len(spans) - 1 else spans[number + 1][0]
            found.append(line[begin:stop].strip() if number else line[:stop].strip())
        return found

    header_end = block.index(border, 1)
    header = [cells(line) for line in block[1:header_end]]
    rows: list[list[str]] = []
    for line in block[header_end + 1 : -1]:
        if not line.strip():
            continue
        row = cells(line)
        if rows and not row[0]:  # a continuation line: its text joins the row above
            rows[-1] = [f"{old} {new}".strip() for old, new in zip(rows[-1], row, strict=True)]
        else:
            rows.append(row)
    titles = [" ".join(column).strip() for column in zip(*header, strict=True)]
    out = ["| " + " | ".join(titles) + " |", "|" + "---|" * len(titles)]
    out.extend("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |"
               for row in rows)
    return ["", *out, ""]
