"""Griffe extension for the API reference: reST markup as Markdown, attrs classes' signatures.

mkdocs.yml names it in the mkdocstrings options. Once the package is loaded it

- rewrites every docstring with :func:`rest_markup.rewrite` (beside this file), resolving
  a role's target in the scope of the object whose docstring holds it, as Sphinx would;
- gives every ``@attrs.frozen`` / ``@attrs.define`` class the ``__init__`` attrs generates
  at run time (griffe reads the source and sees none), so the reference shows how to build
  the value: ``DealRules(hand_size, foot_size=0, upcard_redraw=True)``.
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
        if isinstance(obj, griffe.Class) and "__init__" not in obj.members:
            _add_attrs_init(obj)
        if obj.docstring is not None:
            obj.docstring.value = rest_markup.rewrite(
                obj.docstring.value, lambda name: _resolve(obj, name))
        for member in obj.members.values():
            if not member.is_alias:
                self._visit(member, seen)  # type: ignore[arg-type]


def _resolve(obj: griffe.Object, name: str) -> str | None:
    """The canonical path of ``name`` ("Game", "Game.apply") seen from ``obj``, if any.

    A name reached through a re-export (``canasta_family.Game``) becomes the path where it
    is defined (``canasta_family.engine.game.Game``), the anchor the reference gives it; an
    object without a docstring, which the reference leaves out, is ``UNLISTED``.
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
        if not found.has_docstrings:
            return rest_markup.UNLISTED  # mkdocs.yml: show_if_no_docstring is off
    except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return full
    return str(found.canonical_path)


ATTRS_DECORATORS = {f"{module}.{name}" for module in ("attrs", "attr")
                    for name in ("frozen", "define", "mutable", "s", "attrs", "dataclass")}


def _attrs_decorator(cls: griffe.Class) -> griffe.Expr | None:
    for decorator in cls.decorators:
        value = decorator.value
        if isinstance(value, griffe.ExprCall):
            value = value.function
        if isinstance(value, griffe.Expr) and value.canonical_path in ATTRS_DECORATORS:
            return decorator.value if isinstance(decorator.value, griffe.Expr) else None
    return None


def _call_arguments(expr: object) -> dict[str, Any]:
    if not isinstance(expr, griffe.ExprCall):
        return {}
    return {argument.name: argument.value for argument in expr.arguments
            if isinstance(argument, griffe.ExprKeyword)}


def _add_attrs_init(cls: griffe.Class) -> None:
    """Give an attrs class the ``__init__`` attrs would generate for its annotated fields.

    Fields come in definition order; ``attrs.field(init=False)`` leaves one out,
    ``default=`` and ``factory=`` give its default, ``kw_only=True`` on the class makes
    every parameter keyword-only, and a leading underscore is dropped as attrs does.
    """
    decorator = _attrs_decorator(cls)
    if decorator is None:
        return
    kw_only = str(_call_arguments(decorator).get("kw_only")) == "True"
    kind = (griffe.ParameterKind.keyword_only if kw_only
            else griffe.ParameterKind.positional_or_keyword)
    parameters = [griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword)]
    for member in cls.members.values():
        if member.is_alias or not isinstance(member, griffe.Attribute):
            continue
        if member.annotation is None or "instance-attribute" not in member.labels:
            continue  # attrs makes fields of annotated names only, never of a ClassVar
        value = member.value
        field = None
        if isinstance(value, griffe.ExprCall) and str(value.function) in (
                "attrs.field", "attr.ib", "attr.field", "attrs.ib"):
            field = _call_arguments(value)
        if field is not None and str(field.get("init")) == "False":
            continue
        default: str | griffe.Expr | None
        if field is None:
            default = value
        elif "default" in field:
            default = field["default"]
        elif "factory" in field:
            default = griffe.ExprCall(function=field["factory"], arguments=[])
        else:
            default = None
        parameters.append(griffe.Parameter(
            member.name.lstrip("_"), annotation=member.annotation, kind=kind, default=default,
            docstring=member.docstring))
    init = griffe.Function("__init__", lineno=0, endlineno=0, parent=cls,
                           parameters=griffe.Parameters(*parameters), returns="None")
    cls.set_member("__init__", init)
