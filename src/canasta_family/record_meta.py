"""The free-form header of a game record (``GameRecord.meta``): who played, when, the
result, comments — any JSON-safe data, checked and frozen.

Like the tag pairs of a chess PGN file, the header describes the game without taking part
in it: replay ignores it. It must be JSON-safe (text, whole numbers, finite numbers,
true/false, null, lists and objects with text keys), at most :data:`MAX_META_DEPTH` levels
deep and at most :data:`MAX_META_CHARS` characters as compact JSON (counted as the text,
digits and punctuation it would write, before writing it); anything else raises
:class:`~canasta_family.errors.RecordError` naming the key at fault. The frozen form is
read-only: objects become read-only mappings and lists become tuples.

>>> meta = freeze_meta({"players": [{"name": "Ann", "kind": "human"}], "round": 2})
>>> meta["players"][0]["name"], meta["round"]
('Ann', 2)
>>> thaw_meta(meta)
{'players': [{'name': 'Ann', 'kind': 'human'}], 'round': 2}
"""

from __future__ import annotations

import math
import types
from collections.abc import Mapping
from typing import Any

from canasta_family.errors import RecordError, excerpt

__all__ = ["MAX_META_CHARS", "MAX_META_DEPTH", "freeze_meta", "thaw_meta"]

MAX_META_CHARS = 65_536
"""The largest header, counted as the characters of its compact JSON text."""

MAX_META_DEPTH = 8
"""How deeply lists and objects may nest in a header (the header itself is level 1)."""

_MAX_WHOLE = 2**53
# Whole numbers beyond 2**53 do not survive a round trip through JavaScript and other
# double-based JSON readers, and bounding them keeps their text short.


class _Budget:
    """Characters left before the header is too big; counted while walking it, so an
    oversized header is refused without ever being serialised."""

    def __init__(self) -> None:
        self.left = MAX_META_CHARS

    def spend(self, chars: int, where: str) -> None:
        self.left -= chars
        if self.left < 0:
            raise RecordError(f"record meta is larger than {MAX_META_CHARS} characters of "
                              f"JSON (at {excerpt(where)})")


def freeze_meta(meta: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """Check ``meta`` and return it as a read-only mapping (see the module documentation).

    >>> freeze_meta({"date": "2026-12-03", "tags": ["club"]})["tags"]
    ('club',)
    >>> freeze_meta({"score": float("nan")})
    Traceback (most recent call last):
    ...
    canasta_family.errors.RecordError: record meta 'score' must be a finite number, not nan
    """
    if meta is None:
        return types.MappingProxyType({})
    if not isinstance(meta, Mapping):
        raise RecordError(f"record meta must be an object with text keys, not "
                          f"{excerpt(meta)}")
    frozen = _freeze(meta, "", 1, _Budget())
    assert isinstance(frozen, Mapping)
    return frozen


def _freeze(value: object, where: str, depth: int, budget: _Budget) -> object:
    label = where or "meta"
    if value is None or isinstance(value, bool):
        budget.spend(5, label)
        return value
    if isinstance(value, int):
        if not -_MAX_WHOLE <= value <= _MAX_WHOLE:
            raise RecordError(f"record meta {excerpt(label)} is a whole number beyond 2**53")
        budget.spend(len(str(value)), label)
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(
                f"record meta {excerpt(label)} must be a finite number, not {value!r}")
        budget.spend(len(repr(value)), label)
        return float(value)
    if isinstance(value, str):
        budget.spend(len(value) + 2, label)
        return str(value)
    if depth > MAX_META_DEPTH:
        raise RecordError(
            f"record meta {excerpt(label)} nests deeper than {MAX_META_DEPTH} levels")
    if isinstance(value, Mapping):
        out: dict[str, object] = {}
        budget.spend(2, label)
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(f"record meta {excerpt(label)} has a key that is not text: "
                                  f"{excerpt(key)}")
            inner = f"{where}.{key}" if where else key
            budget.spend(len(key) + 4, inner)
            out[key] = _freeze(item, inner, depth + 1, budget)
        return types.MappingProxyType(out)
    if isinstance(value, (list, tuple)):
        budget.spend(2, label)
        items = []
        for index, item in enumerate(value):
            budget.spend(1, label)
            items.append(_freeze(item, f"{where}[{index}]", depth + 1, budget))
        return tuple(items)
    raise RecordError(f"record meta {excerpt(label)} must be JSON data (text, number, "
                      f"true/false, null, list or object), not {type(value).__name__}")


def thaw_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The frozen header as plain JSON-ready data (dicts and lists).

    >>> thaw_meta(freeze_meta({"tags": ("a", "b")}))
    {'tags': ['a', 'b']}
    """
    thawed = _thaw(meta)
    assert isinstance(thawed, dict)
    return thawed


def _thaw(value: object) -> object:
    if isinstance(value, Mapping):
        return {key: _thaw(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_thaw(item) for item in value]
    return value
