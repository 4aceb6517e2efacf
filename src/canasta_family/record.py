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
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from canasta_family.actions import verb_kind
from canasta_family.arrangement import HandSetup
from canasta_family.errors import CanastaError, RecordError

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["SCHEMA_VERSION", "GameRecord", "load_record", "replay"]

SCHEMA_VERSION = 2
_SCHEMA_1 = 1


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game."""

    variant: str
    players: int
    seed: int
    options: Mapping[str, object] = attrs.field(factory=dict)
    actions: tuple[str, ...] = ()
    start: HandSetup | None = None
    schema: int = SCHEMA_VERSION

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        data: dict[str, Any] = {
            "schema": self.schema,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
        }
        if self.start is not None:
            data["start"] = self.start.to_json()
        data["actions"] = list(self.actions)
        return data

    def dumps(self) -> str:
        """The record as JSON text (one action per line for readable diffs)."""
        data = self.to_json()
        actions = data.pop("actions")
        head = json.dumps(data, indent=2, sort_keys=False)
        lines = ",\n".join("    " + json.dumps(a) for a in actions)
        body = "[\n" + lines + "\n  ]" if actions else "[]"
        return head[:-2] + ',\n  "actions": ' + body + "\n}\n"

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as JSON."""
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a record from JSON data, checking every field."""
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        allowed = {"schema", "variant", "options", "players", "seed", "start", "actions"}
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise RecordError(f"unknown record field(s): {', '.join(unknown)}")
        for field in ("schema", "variant", "players", "seed", "actions"):
            if field not in data:
                raise RecordError(f"record has no {field!r} field")
        schema = data["schema"]
        if schema not in (SCHEMA_VERSION, _SCHEMA_1) or isinstance(schema, bool):
            raise RecordError(f"record schema {schema!r} is not supported (this library reads "
                              f"schemas {_SCHEMA_1} and {SCHEMA_VERSION})")
        if not isinstance(data["variant"], str):
            raise RecordError("record field 'variant' must be text")
        for field in ("players", "seed"):
            value = data[field]
            if isinstance(value, bool) or not isinstance(value, int):
                raise RecordError(f"record field {field!r} must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError("record field 'options' must be an object")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record field 'actions' must be a list of action texts")
        if schema == _SCHEMA_1:
            actions = [text for action in actions for text in _split_schema_1_take(action)]
            schema = SCHEMA_VERSION
        start = None
        if data.get("start") is not None:
            try:
                start = HandSetup.from_json(dict(data["start"]))
            except (ValueError, TypeError) as exc:
                raise RecordError(f"record field 'start' is not a valid setup: {exc}") from exc
        return cls(variant=data["variant"], players=data["players"], seed=data["seed"],
                   options=dict(options), actions=tuple(actions), start=start, schema=schema)


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


def load_record(source: str | Path | Mapping[str, Any] | GameRecord) -> GameRecord:
    """A :class:`GameRecord` from a record, JSON data, JSON text or a file path."""
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, Mapping):
        return GameRecord.from_json(source)
    text: str
    if isinstance(source, Path) or (isinstance(source, str)
                                    and not source.lstrip().startswith("{")):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record file {str(source)!r}: {exc}") from exc
    else:
        text = source
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"record is not valid JSON: {exc}") from exc
    return GameRecord.from_json(data)


def replay(record: str | Path | Mapping[str, Any] | GameRecord) -> Game:
    """Rebuild a game from its record (a record, JSON data, JSON text or a file path).

    Raises :class:`~canasta_family.errors.RecordError` naming the first bad action.
    """
    from canasta_family.api import new_game

    rec = load_record(record)
    try:
        game = new_game(rec.variant, players=rec.players, seed=rec.seed,
                        options=dict(rec.options), start=rec.start)
    except CanastaError as exc:
        raise RecordError(f"record cannot start its game: {exc}") from exc
    for index, text in enumerate(rec.actions):
        try:
            game.apply(text)
        except CanastaError as exc:
            raise RecordError(f"action {index} ({text!r}) does not replay: {exc}",
                              action_index=index) from exc
    return game


def record_of(game: Game) -> GameRecord:
    """The record of ``game`` so far (use :meth:`Game.record`)."""
    return GameRecord(variant=game.variant.name, players=game.num_players, seed=game.seed,
                      options=dict(game.options), actions=tuple(str(a) for a in game.actions),
                      start=game.start)
