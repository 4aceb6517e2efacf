"""Game records: JSON that replays to an equal game on any machine.

A record holds the schema version, the variant, its options, the number of players, the
seed, the starting arrangement if the game began from one, and every action in text
notation. :func:`replay` rebuilds the game by applying them; a malformed or tampered
record raises :class:`~canasta_family.errors.RecordError` naming the first bad field or
action.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", seed=11)
>>> game.apply("draw")
>>> data = game.record().to_json()
>>> data["schema"], data["variant"], data["actions"]
(2, 'american-samba', ['draw'])
>>> canasta_family.replay(data) == game
True

Schema 2 (this version) differs from schema 1 only in pile takes: schema 1 wrote an
initial take together with the further melds that completed the minimum
(``take-pile 9c 9d + Kd Kh Ks``); schema 2 writes the take and the melds as separate
actions. Schema 1 records are converted when read (each ``+`` group becomes a ``meld``
right after its take), so they still replay; action numbers in errors refer to the
converted list.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from canasta_family.actions import MAX_ACTION_CHARS, verb_kind
from canasta_family.arrangement import HandSetup
from canasta_family.errors import RecordError, excerpt
from canasta_family.hand_table import HandTable
from canasta_family.record_meta import freeze_meta, thaw_meta
from canasta_family.state_digest import (
    DIGEST_HEX_DIGITS,
    DIGEST_PARTS,
    state_digest,
)

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["MAX_RECORD_ACTIONS", "MAX_RECORD_BYTES", "SCHEMA_VERSION", "GameRecord",
           "as_record", "load_record"]

SCHEMA_VERSION = 2
_SCHEMA_1 = 1

MAX_RECORD_BYTES = 8 * 1024 * 1024
"""The largest record text (or file) read: 8 MiB, hundreds of times a long game's."""

MAX_RECORD_ACTIONS = 200_000
"""The most actions a record may hold (a long game holds a few thousand)."""

_MAX_WHOLE = 2**64
# Seeds, seat counts and setup numbers beyond this are refused before they reach the
# engine (they would only fail there, slowly or with an unrelated message); new_game
# refuses seeds beyond it too, so every record written can be read.


def _digest_field(value: object) -> dict[str, str] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise RecordError(f"record field 'digest' must be an object, not {excerpt(value)}")
    unknown = sorted(str(k) for k in value if k not in DIGEST_PARTS)
    if unknown:
        raise RecordError(f"record field 'digest' has unknown part(s): "
                          f"{excerpt(', '.join(unknown))}")
    out: dict[str, str] = {}
    for name in DIGEST_PARTS:
        part = value.get(name)
        if (not isinstance(part, str) or len(part) != DIGEST_HEX_DIGITS
                or part.strip("0123456789abcdef")):
            raise RecordError(f"record field 'digest' part {name!r} must be "
                              f"{DIGEST_HEX_DIGITS} lower-case hex digits, not {excerpt(part)}")
        out[name] = part
    return out


def _tables(value: Iterable[HandTable]) -> tuple[HandTable, ...]:
    return tuple(value)


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game, plus an optional header.

    ``meta`` is the header (players, date, event, result, comments: any JSON-safe data,
    see :mod:`canasta_family.record_meta`); it is read-only, replay ignores it, and
    :meth:`with_meta` or ``attrs.evolve(record, meta=...)`` give a record with another.
    ``digest`` is the :func:`~canasta_family.state_digest.state_digest` of the game's
    final state, which :func:`replay` checks; it is derived from the other fields, so it
    takes no part in equality; so are ``tables``, the tables the finished hands ended on.
    """

    variant: str
    players: int
    seed: int
    options: Mapping[str, object] = attrs.field(factory=dict)
    actions: tuple[str, ...] = ()
    start: HandSetup | None = None
    schema: int = SCHEMA_VERSION
    meta: Mapping[str, Any] = attrs.field(factory=dict, converter=freeze_meta)
    digest: Mapping[str, str] | None = attrs.field(default=None, eq=False,
                                                   converter=_digest_field)
    tables: tuple[HandTable, ...] = attrs.field(default=(), eq=False, converter=_tables)
    """The table every finished hand ended on, in order (``HandResult.table``): for
    readers without the engine. Derived from the rest, so no part of equality; checked
    against the replay by :func:`replay`."""

    def with_meta(self, meta: Mapping[str, Any] | None = None, /,
                  **fields: Any) -> GameRecord:
        """A copy whose header is this one updated with ``meta`` and ``fields`` (a key
        given again replaces its value); the actions and digest are kept.

        >>> import canasta_family
        >>> record = canasta_family.new_game("american-samba", seed=1).record()
        >>> tagged = record.with_meta({"event": "club night"}, players=["Ann", "Bo"])
        >>> dict(tagged.meta), tagged == record
        ({'event': 'club night', 'players': ('Ann', 'Bo')}, False)
        >>> canasta_family.replay(tagged) == canasta_family.replay(record)
        True
        """
        merged: dict[str, Any] = dict(self.meta)
        merged.update(meta or {})
        merged.update(fields)
        return attrs.evolve(self, meta=merged)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        data: dict[str, Any] = {
            "schema": self.schema,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
        }
        if self.meta:
            data["meta"] = thaw_meta(self.meta)
        if self.start is not None:
            data["start"] = self.start.to_json()
        if self.digest is not None:
            data["digest"] = dict(self.digest)
        data["actions"] = list(self.actions)
        if self.tables:
            data["tables"] = [table.to_json() for table in self.tables]
        return data

    def dumps(self) -> str:
        """The record as JSON text (one action per line for readable diffs)."""
        data = self.to_json()
        actions = data.pop("actions")
        tables = data.pop("tables", None)
        head = json.dumps(data, indent=2, sort_keys=False)
        lines = ",\n".join("    " + json.dumps(a) for a in actions)
        body = "[\n" + lines + "\n  ]" if actions else "[]"
        text = head[:-2] + ',\n  "actions": ' + body
        if tables is not None:
            # One finished hand's table a line.
            rows = ",\n".join("    " + json.dumps(table) for table in tables)
            text += ',\n  "tables": [\n' + rows + "\n  ]"
        return text + "\n}\n"

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as JSON."""
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Read a record from its JSON text (at most :data:`MAX_RECORD_BYTES` long).

        >>> GameRecord.loads('{"schema": 2, "variant": "samba", "players": 2, '
        ...                  '"seed": 5, "actions": ["draw"]}').actions
        ('draw',)
        """
        if not isinstance(text, str):
            raise RecordError(f"record text must be a string, not {type(text).__name__}")
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"record text is {len(text)} characters long; records are "
                              f"limited to {MAX_RECORD_BYTES}")
        if not text.lstrip().startswith("{"):
            raise RecordError(f"record text must be a JSON object, starting with '{{', not "
                              f"{excerpt(text.lstrip())}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc.msg} (line {exc.lineno}, "
                              f"column {exc.colno})") from exc
        except ValueError as exc:  # a number of thousands of digits
            raise RecordError(f"record is not valid JSON: {excerpt(str(exc), 120)}"
                              ) from exc
        except RecursionError as exc:
            raise RecordError("record JSON nests too deeply to be a record") from exc
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a record from JSON data, checking every field before anything is built."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        allowed = {"schema", "variant", "options", "players", "seed", "start", "actions",
                   "meta", "digest", "tables"}
        unknown = sorted(excerpt(k) for k in set(data) - allowed)
        if unknown:
            raise RecordError(f"unknown record field(s): {', '.join(unknown[:5])}")
        for field in ("schema", "variant", "players", "seed", "actions"):
            if field not in data:
                raise RecordError(f"record has no {field!r} field")
        schema = data["schema"]
        if isinstance(schema, bool) or schema not in (SCHEMA_VERSION, _SCHEMA_1):
            raise RecordError(f"record schema {excerpt(schema)} is not supported (this "
                              f"library reads schemas {_SCHEMA_1} and {SCHEMA_VERSION})")
        if not isinstance(data["variant"], str):
            raise RecordError("record field 'variant' must be text")
        for field in ("players", "seed"):
            _whole(data[field], f"record field {field!r}")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError("record field 'options' must be an object")
        actions = _action_texts(data["actions"])
        if schema == _SCHEMA_1:
            actions = [text for action in actions for text in _split_schema_1_take(action)]
            schema = SCHEMA_VERSION
        start = None
        if data.get("start") is not None:
            start = _start_field(data["start"])
        tables = data.get("tables", [])
        if not isinstance(tables, list) or len(tables) > len(actions) + 1:
            raise RecordError("record field 'tables' must be a list of hand tables, at most "
                              "one per finished hand")
        return cls(variant=data["variant"], players=data["players"], seed=data["seed"],
                   options=dict(options), actions=tuple(actions), start=start, schema=schema,
                   meta=data.get("meta"), digest=data.get("digest"),
                   tables=tuple(HandTable.from_json(table, f"tables[{index}]")
                                for index, table in enumerate(tables)))


def _whole(value: object, what: str) -> int:
    """``value`` if it is a whole number (not a bool) of a sensible size."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} must be a whole number, not {excerpt(value)}")
    if not -_MAX_WHOLE <= value <= _MAX_WHOLE:
        raise RecordError(f"{what} is out of range ({excerpt(value)})")
    return value


def _action_texts(actions: object) -> list[str]:
    """The record's action list, checked for shape and size before any is replayed."""
    if not isinstance(actions, (list, tuple)):
        raise RecordError("record field 'actions' must be a list of action texts")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise RecordError(f"record holds {len(actions)} actions; records are limited to "
                          f"{MAX_RECORD_ACTIONS}")
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"record action {index} must be text, not {excerpt(text)}",
                              action_index=index)
        if len(text) > MAX_ACTION_CHARS:
            raise RecordError(f"record action {index} is {len(text)} characters long (at "
                              f"most {MAX_ACTION_CHARS}): {excerpt(text)}",
                              action_index=index)
    return list(actions)


_START_TEXTS = ("pile", "stock")
_START_TEXT_LISTS = ("hands", "feet", "red_threes")
_START_NUMBERS = ("dealer", "to_play", "hand_number")


def _start_field(start: object) -> HandSetup:
    """The record's ``start`` as a setup, every field's JSON type checked first."""
    if not isinstance(start, Mapping):
        raise RecordError(f"record field 'start' must be an object, not {excerpt(start)}")
    for key in _START_TEXTS:
        if start.get(key) is not None and not isinstance(start[key], str):
            raise RecordError(f"record field 'start.{key}' must be card text")
    for key in _START_TEXT_LISTS:
        value = start.get(key)
        if value is not None and (not isinstance(value, list)
                                  or not all(isinstance(v, str) for v in value)):
            raise RecordError(f"record field 'start.{key}' must be a list of card texts")
    melds = start.get("melds")
    if melds is not None and (not isinstance(melds, list) or not all(
            isinstance(side, list) and all(isinstance(m, str) for m in side)
            for side in melds)):
        raise RecordError("record field 'start.melds' must be a list (per side) of lists "
                          "of card texts")
    for key in _START_NUMBERS:
        if start.get(key) is not None:
            _whole(start[key], f"record field 'start.{key}'")
    scores = start.get("scores")
    if scores is not None:
        if not isinstance(scores, list):
            raise RecordError("record field 'start.scores' must be a list of whole numbers")
        for score in scores:
            _whole(score, "record field 'start.scores'")
    try:
        return HandSetup.from_json(dict(start))
    except (ValueError, TypeError) as exc:
        raise RecordError(f"record field 'start' is not a valid setup: "
                          f"{excerpt(str(exc), 200)}") from exc


def _split_schema_1_take(text: str) -> list[str]:
    """A schema-1 action as schema-2 actions: ``take-pile A + B + C`` becomes
    ``take-pile A``, ``meld B``, ``meld C``; every other action is unchanged.

    >>> _split_schema_1_take("take-pile 9c 9d + Kd Kh Ks")
    ['take-pile 9c 9d', 'meld Kd Kh Ks']
    """
    words = text.replace(",", " ").split()
    if "+" not in words or verb_kind(words[0]) != "take-pile":
        return [text]
    groups: list[list[str]] = [[]]
    for word in words[1:]:
        if word == "+":
            groups.append([])
        else:
            groups[-1].append(word)
    if any(not group for group in groups):
        return [text]  # malformed: replaying it reports the error
    return [f"{words[0]} {' '.join(groups[0])}", *(f"meld {' '.join(g)}" for g in groups[1:])]


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read the record in the file at ``path``.

    Only a regular file of at most :data:`MAX_RECORD_BYTES` is read (a FIFO, device or
    directory is refused without being opened for long); text that is not UTF-8 JSON of a
    record raises :class:`~canasta_family.errors.RecordError`, as does a missing file.
    To read JSON text, use :meth:`GameRecord.loads` or hand it to :func:`replay`.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
    >>> GameRecord("samba", players=2, seed=5, actions=("draw",)).save(path)
    >>> load_record(str(path)).actions
    ('draw',)
    >>> load_record("/dev/null")
    Traceback (most recent call last):
    ...
    canasta_family.errors.RecordError: record file '/dev/null' is not a regular file
    """
    if not isinstance(path, (str, os.PathLike)):
        raise RecordError(f"load_record takes a file path, not {type(path).__name__} "
                          "(replay takes a record, its JSON data or its JSON text)")
    name = excerpt(os.fspath(path), 200)
    try:
        # Non-blocking, so that opening a FIFO returns at once instead of waiting for a
        # writer; the descriptor is then checked to be a regular file before reading.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as exc:
        raise RecordError(f"cannot read record file {name}: {exc}") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"record file {name} is not a regular file")
        if info.st_size > MAX_RECORD_BYTES:
            raise RecordError(f"record file {name} is {info.st_size} bytes; records are "
                              f"limited to {MAX_RECORD_BYTES}")
        with os.fdopen(fd, "rb", closefd=False) as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read record file {name}: {exc}") from exc
    finally:
        os.close(fd)
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"record file {name} is larger than {MAX_RECORD_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"record file {name} is not UTF-8 text (byte {exc.start})") from exc
    return GameRecord.loads(text)


def as_record(source: object) -> GameRecord:
    """``source`` as a :class:`GameRecord`: a record itself, its JSON data, its JSON text
    or a :class:`pathlib.Path` to a record file (what :func:`~canasta_family.api.replay`
    takes).

    >>> as_record('{"schema": 2, "variant": "samba", "players": 2, "seed": 5, '
    ...           '"actions": []}').seed
    5
    """
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, Mapping):
        return GameRecord.from_json(source)
    if isinstance(source, str):
        if not source.lstrip().startswith("{"):
            raise RecordError(
                f"replay takes a record's JSON text, which starts with '{{', not "
                f"{excerpt(source.lstrip())}; to read a file use load_record(path) or "
                "replay(Path(path))")
        return GameRecord.loads(source)
    if isinstance(source, os.PathLike):
        return load_record(source)
    raise RecordError(f"replay takes a GameRecord, its JSON data, its JSON text or a "
                      f"pathlib.Path, not {type(source).__name__}")


def record_of(game: Game) -> GameRecord:
    """The record of ``game`` so far (use :meth:`Game.record`), with its digest."""
    return GameRecord(variant=game.variant.name, players=game.num_players, seed=game.seed,
                      options=dict(game.options), actions=tuple(str(a) for a in game.actions),
                      start=game.start, digest=state_digest(game),
                      tables=tuple(result.table for result in game.hand_results
                                   if result.table is not None))
