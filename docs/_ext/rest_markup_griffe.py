"""Griffe extension for the API reference: the docstrings' reST markup as Markdown.

mkdocs.yml names it in the mkdocstrings options; once the package is loaded it rewrites
every docstring with :func:`rest_markup.rewrite` (beside this file), resolving a role's
target in the scope of the object whose docstring holds it, as Sphinx would.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import griffe

_HERE = Path(__file__).resolve().parent


def _load_rest_markup() -> Any:
    # Griffe loads this file by its path, not as part of a package: load the sibling too.
    spec = importlib.util.spec_from_file_location("rest_markup", _HERE / "rest_markup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rest_markup", module)
    spec.loader.exec_module(module)
    return module


rest_markup = _load_rest_markup()


class RestMarkup(griffe.Extension):
    """Rewrite the docstrings of the loaded package once it is complete."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.name == rest_markup.PROJECT:
            self._visit(pkg, set())

    def _visit(self, obj: griffe.Object, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is not None:
            obj.docstring.value = rest_markup.rewrite(
                obj.docstring.value, lambda name: _resolve(obj, name))
        for member in obj.members.values():
            if not member.is_alias:
                self._visit(member, seen)  # type: ignore[arg-type]


def _resolve(obj: griffe.Object, name: str) -> str | None:
    """The canonical path of ``name`` ("Game", "Game.apply") seen from ``obj``, if any.

    A name reached through a re-export (``canasta_family.Game``) becomes the path where it
    is defined (``canasta_family.engine.Game``), the anchor the reference gives it.
    """
    root = obj.package
    first, _, rest = name.partition(".")
    try:
        path = first if first == root.name else obj.resolve(first)
    except griffe.NameResolutionError:
        return None
    full = f"{path}.{rest}" if rest else path
    if full == root.path:
        return full
    try:
        found = root[full.removeprefix(root.path + ".")]
    except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return full
    return str(found.canonical_path)
