"""Finding variants by name and building the plugin manager of a game.

Built-in variants come from a name → import-path table; third-party ones from the entry
point group ``canasta_family.variants`` (the entry point's name is the variant's name and
its value a plugin class or module). Only the selected variant is imported, except when
a name is asked for that no built-in and no entry point has (it may be a third-party
alias), or when everything is listed.

A third-party plugin that fails to load, has no :class:`~canasta_family.rules.VariantInfo`,
claims a name another variant has, or does not register (a misspelled hook) is *broken*:
selecting it by its entry-point name raises :class:`~canasta_family.errors.VariantError`,
but it never stops another variant from being found or listed.
:func:`available_variants` lists the usable variants and :func:`broken_variants` the
broken plugins with their errors.

A variant plugin is a class whose ``info`` attribute is a
:class:`~canasta_family.rules.VariantInfo` (an instance is registered), or a module with
a ``VARIANT`` constant and module-level hook implementations.

>>> find_variant("SAMBA-1951").info.name
'american-samba'
>>> "american-samba" in [v.name for v in available_variants()]
True
"""

from __future__ import annotations

import functools
import importlib
import types
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

import attrs
import pluggy

from canasta_family import hookspecs
from canasta_family.errors import (
    InvalidOptionError,
    UnknownVariantError,
    VariantError,
    excerpt,
)
from canasta_family.rules import VariantInfo
from canasta_family.variants._core import CorePlugin

__all__ = [
    "BUILTIN_VARIANTS",
    "ENTRY_POINT_GROUP",
    "BrokenVariant",
    "Variant",
    "available_variants",
    "broken_variants",
    "find_variant",
    "make_plugin_manager",
    "validate_options",
]

ENTRY_POINT_GROUP = "canasta_family.variants"

BUILTIN_VARIANTS: Mapping[str, str] = {
    "american-samba": "canasta_family.variants.american_samba:AmericanSambaPlugin",
    "dutch-samba": "canasta_family.variants.dutch_samba:DutchSambaPlugin",
    "samba": "canasta_family.variants.samba:ModernSambaPlugin",
    "canasta": "canasta_family.variants.canasta:ClassicCanastaPlugin",
    "pennies-from-heaven":
        "canasta_family.variants.pennies_from_heaven:PenniesFromHeavenPlugin",
}
"""Built-in variant names and the import path of their plugin."""


@attrs.frozen
class Variant:
    """A variant found by name: its info, its plugin object and where it came from
    (``"built-in"`` or ``"third-party (DIST)"``)."""

    info: VariantInfo
    plugin: Any = attrs.field(eq=False, repr=False)
    origin: str = "built-in"

    @property
    def name(self) -> str:
        """The variant's canonical name."""
        return self.info.name


@attrs.frozen
class BrokenVariant:
    """An installed third-party variant plugin that cannot be used: the entry point's
    ``name``, its ``origin`` (``"third-party (DIST)"``) and the ``error`` message that
    says why."""

    name: str
    origin: str
    error: str


def _load_target(target: object, where: str) -> tuple[VariantInfo, object]:
    if isinstance(target, types.ModuleType):
        info = getattr(target, "VARIANT", None)
        plugin: object = target
    elif isinstance(target, type):
        info = getattr(target, "info", None)
        try:
            plugin = target()
        except Exception as exc:  # a plugin class that cannot be built is broken
            raise VariantError(f"variant plugin {where} could not be created: {exc}") from exc
    else:
        info = getattr(target, "info", None)
        plugin = target
    if not isinstance(info, VariantInfo):
        raise VariantError(
            f"variant plugin {where} has no VariantInfo (a class attribute 'info' or a "
            "module constant 'VARIANT')")
    return info, plugin


def _import_path(path: str) -> object:
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


@functools.cache
def _builtin(name: str) -> Variant:
    # One plugin object per built-in variant and process: games of it then share their
    # resolved rules (engine ``_static_for``) instead of rebuilding a plugin manager each.
    info, plugin = _load_target(_import_path(BUILTIN_VARIANTS[name]), name)
    return Variant(info=info, plugin=plugin, origin="built-in")


def _third_party_entry_points() -> list[Any]:
    return list(entry_points(group=ENTRY_POINT_GROUP))


def _third_party(ep: Any) -> Variant:
    dist = getattr(getattr(ep, "dist", None), "name", None) or ep.value
    try:
        target = ep.load()
    except Exception as exc:
        raise VariantError(f"third-party variant {ep.name!r} ({dist}) failed to load: {exc}"
                           ) from exc
    info, plugin = _load_target(target, f"{ep.name!r} ({dist})")
    taken = _builtin_labels()
    for label in (info.name, *info.aliases):
        if label.lower() in taken:
            raise VariantError(
                f"third-party plugin {dist} claims the name {label!r}, which the built-in "
                f"variant {taken[label.lower()]!r} already has")
    return Variant(info=info, plugin=plugin, origin=f"third-party ({dist})")


def _builtin_labels() -> dict[str, str]:
    """Every built-in name and alias (lower case) → the built-in variant's name."""
    labels: dict[str, str] = {}
    for name in BUILTIN_VARIANTS:
        info = _builtin(name).info
        for label in (info.name, *info.aliases):
            labels[label.lower()] = info.name
    return labels


def available_variants() -> tuple[VariantInfo, ...]:
    """Every variant that can be played: built-in ones, then installed third-party ones
    that load and register. Broken plugins are left out (see :func:`broken_variants`).
    """
    return tuple(v.info for v in _scan()[0])


def broken_variants() -> tuple[BrokenVariant, ...]:
    """The installed third-party plugins that cannot be used, each with its error.

    >>> broken_variants()
    ()
    """
    return tuple(_scan()[1])


def _ep_origin(ep: Any) -> str:
    dist = getattr(getattr(ep, "dist", None), "name", None) or ep.value
    return f"third-party ({dist})"


def _scan() -> tuple[list[Variant], list[BrokenVariant]]:
    """Every built-in variant and every third-party one, the usable ones apart from the
    broken ones. A plugin claiming a name or alias an earlier one has is broken."""
    found = [_builtin(name) for name in BUILTIN_VARIANTS]
    broken: list[BrokenVariant] = []
    names: dict[str, str] = {}
    for variant in found:
        for label in (variant.name, *variant.info.aliases):
            names[label.lower()] = variant.origin
    for ep in _third_party_entry_points():
        try:
            variant = _third_party(ep)
            for label in (variant.name, *variant.info.aliases):
                if label.lower() in names:
                    raise VariantError(
                        f"variant plugin {variant.origin} claims {label!r}, already taken "
                        f"by {names[label.lower()]}")
            make_plugin_manager(variant)  # a misspelled hook shows here, not mid-game
        except VariantError as exc:
            broken.append(BrokenVariant(name=str(ep.name), origin=_ep_origin(ep),
                                        error=str(exc)))
            continue
        for label in (variant.name, *variant.info.aliases):
            names[label.lower()] = variant.origin
        found.append(variant)
    return found, broken


def all_variants() -> tuple[Variant, ...]:
    """Like :func:`available_variants` but with each plugin and its origin."""
    return tuple(_scan()[0])


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (its name or an alias, any case).

    Raises :class:`~canasta_family.errors.UnknownVariantError` listing the known variants
    (and any broken plugins) when nothing has that name, and
    :class:`~canasta_family.errors.VariantError` when the plugin installed under that
    entry-point name is broken.

    >>> find_variant("American-Samba").origin
    'built-in'
    """
    if not isinstance(name, str):
        raise UnknownVariantError(name, list(BUILTIN_VARIANTS),
                                  why="a variant name must be text")
    key = name.strip().lower()
    if key in BUILTIN_VARIANTS:
        return _builtin(key)
    for builtin in BUILTIN_VARIANTS:
        variant = _builtin(builtin)
        if key in (alias.lower() for alias in variant.info.aliases):
            return variant
    eps = _third_party_entry_points()
    for ep in eps:
        if ep.name.lower() == key:
            return _third_party(ep)
    # Maybe a third-party alias: look through every plugin, skipping broken ones, which
    # must not hide the answer (the variant asked for, or that the name is unknown).
    known = list(BUILTIN_VARIANTS)
    broken: list[str] = []
    for ep in eps:
        try:
            variant = _third_party(ep)
        except VariantError:
            broken.append(str(ep.name))
            continue
        if key == variant.name.lower() or key in (a.lower() for a in variant.info.aliases):
            return variant
        known.append(variant.name)
    raise UnknownVariantError(name, known, broken=broken)


def validate_options(info: VariantInfo, options: Mapping[str, object] | None
                     ) -> dict[str, object]:
    """Check ``options`` against the variant's declared options and fill in defaults.

    Unknown names and values outside ``allowed`` or of the wrong type raise
    :class:`~canasta_family.errors.InvalidOptionError`.

    >>> info = find_variant("american-samba").info
    >>> validate_options(info, None)
    {'no_wild_on_natural_canasta': False}
    """
    specs = {spec.name: spec for spec in info.options}
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptionError(
            f"options must be a mapping of option name to value, not {excerpt(options)}")
    given = dict(options or {})
    for key in given:
        if key not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise InvalidOptionError(
                f"variant {info.name!r} has no option {excerpt(key)} (its options: {known})",
                option=key if isinstance(key, str) else None)
    result: dict[str, object] = {}
    for name, spec in specs.items():
        value = given.get(name, spec.default)
        if spec.type is bool and not isinstance(value, bool):
            raise InvalidOptionError(
                f"option {name!r} ({spec.rule}) must be true or false, not {excerpt(value)}",
                option=name, rule=spec.rule)
        if spec.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidOptionError(
                f"option {name!r} ({spec.rule}) must be a whole number, not {excerpt(value)}",
                option=name, rule=spec.rule)
        if spec.type is str and not isinstance(value, str):
            raise InvalidOptionError(
                f"option {name!r} ({spec.rule}) must be text, not {excerpt(value)}",
                option=name, rule=spec.rule)
        if spec.allowed is not None and value not in spec.allowed:
            allowed = ", ".join(repr(a) for a in spec.allowed)
            raise InvalidOptionError(
                f"option {name!r} ({spec.rule}) cannot be {excerpt(value)}; allowed: {allowed}",
                option=name, rule=spec.rule)
        result[name] = value
    return result


def make_plugin_manager(variant: Variant) -> pluggy.PluginManager:
    """A fresh plugin manager holding the hook specs, the core defaults and ``variant``.

    A hook implementation whose name has no spec (a misspelling) or whose arguments do not
    match its spec raises :class:`~canasta_family.errors.VariantError` naming the plugin.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(CorePlugin(), name="canasta_family.core")
    label = f"variant {variant.name!r} ({variant.origin})"
    try:
        pm.register(variant.plugin, name=f"variant:{variant.name}")
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise VariantError(f"{label} is broken: {exc}") from exc
    except ValueError as exc:
        raise VariantError(f"{label} could not be registered: {exc}") from exc
    return pm
