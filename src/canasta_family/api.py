"""The front door: :func:`new_game`, and :func:`replay` to rebuild a game from its record.

>>> game = new_game("american-samba", players=2, seed=42)
>>> game.num_players, game.variant.name
(2, 'american-samba')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from canasta_family.arrangement import HandSetup
from canasta_family.engine import Game
from canasta_family.errors import CanastaError, RecordError, SetupError, excerpt
from canasta_family.plugins import Variant, find_variant
from canasta_family.record import GameRecord, as_record
from canasta_family.state_digest import digest_differences, state_digest

__all__ = ["DEFAULT_VARIANT", "new_game", "replay"]

DEFAULT_VARIANT = "american-samba"
"""The variant played when none is named (CLI and examples)."""


def new_game(variant: str | Variant = DEFAULT_VARIANT, *, players: int | None = None,
             seed: int | None = None, options: Mapping[str, object] | None = None,
             start: HandSetup | None = None) -> Game:
    """Start a game of ``variant``: a name or alias (any case) of an installed variant, or
    a :class:`~canasta_family.plugins.Variant` holding a plugin that is not installed (one
    being written, see docs/writing-a-variant.md).

    ``players`` defaults to the variant's usual number (4 where allowed); ``seed`` to a
    random one (kept in the record); ``options`` are checked strictly against the
    variant's declared options; ``start`` deals the first hand from a chosen arrangement
    (:class:`~canasta_family.arrangement.HandSetup`).

    Every argument is checked before the game is built: an unknown variant raises
    :class:`~canasta_family.errors.UnknownVariantError`, bad options
    :class:`~canasta_family.errors.InvalidOptionError`, and a wrong number of players, a
    seed that is not a whole number of at most 64 bits (either sign) or a ``start`` that
    is not a well-typed :class:`~canasta_family.arrangement.HandSetup`
    :class:`~canasta_family.errors.SetupError`.
    """
    _check_types(players, seed, start)
    found = variant if isinstance(variant, Variant) else find_variant(variant)
    return Game(found, players=players, seed=seed, options=options, start=start)


_MAX_SEED = 2**64


def _check_types(players: object, seed: object, start: object) -> None:
    """Refuse arguments of the wrong type before the engine sees them (it would fail with
    an unrelated TypeError or OverflowError deep inside)."""
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise SetupError(f"players must be a whole number, not {excerpt(players)}")
    if isinstance(players, int) and abs(players) > _MAX_SEED:
        raise SetupError(f"players {excerpt(players)} is out of range")
    if isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) > _MAX_SEED:
        # records store the seed, and a record with a larger one is refused when read
        raise SetupError(f"seed {excerpt(seed)} is out of range (at most 2**64 either way)")
    if start is None:
        return
    if not isinstance(start, HandSetup):
        raise SetupError(f"start must be a HandSetup, not {excerpt(start)}")
    for name in ("dealer", "hand_number", "to_play"):
        value = getattr(start, name)
        if value is None and name == "to_play":
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"setup {name} must be a whole number, not {excerpt(value)}")
    for score in start.scores or ():
        if isinstance(score, bool) or not isinstance(score, int) or abs(score) > _MAX_SEED:
            raise SetupError(f"setup scores must be whole numbers of at most 64 bits, not "
                             f"{excerpt(score)}")


def replay(record: GameRecord | Mapping[str, Any] | str | os.PathLike[str], *,
           variant: Variant | None = None) -> Game:
    """Rebuild a game from its record: a :class:`~canasta_family.record.GameRecord`, its
    JSON data, its JSON text, or a :class:`pathlib.Path` to a record file (a plain string
    is always JSON text, never a file name; see
    :func:`~canasta_family.record.load_record`). The record names its variant; a variant
    that is not installed is passed as ``variant``, whose name must be the record's.

    Raises :class:`~canasta_family.errors.RecordError` naming the first bad field or
    action, or, when the record has a digest, the parts of the final state that differ
    from it (an edited seed, option, start or action list).

    >>> game = replay('{"schema": 2, "variant": "samba", "players": 2, "seed": 5, '
    ...               '"actions": ["draw"]}')
    >>> game.variant.name, len(game.actions)
    ('samba', 1)
    >>> replay("game.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    canasta_family.errors.RecordError: replay takes a record's JSON text, ... load_record(path) ...
    """
    rec = as_record(record)
    if variant is not None and variant.name != rec.variant:
        raise RecordError(f"variant: the record is a game of {rec.variant!r}, not of "
                          f"{variant.name!r}")
    try:
        game = new_game(variant or rec.variant, players=rec.players, seed=rec.seed,
                        options=dict(rec.options), start=rec.start)
    except CanastaError as exc:
        raise RecordError(f"record cannot start its game: {exc}") from exc
    for index, text in enumerate(rec.actions):
        try:
            game.apply(text)
        except CanastaError as exc:
            raise RecordError(f"action {index} ({excerpt(text)}) does not replay: {exc}",
                              action_index=index) from exc
    if rec.digest is not None:
        differ = digest_differences(dict(rec.digest), state_digest(game))
        if differ:
            raise RecordError(
                f"the replayed game does not match the record's digest (differs in: "
                f"{', '.join(differ)}): the record's seed, options, start or actions were "
                "changed after it was written")
    replayed = [result.table for result in game.hand_results if result.table is not None]
    for index, table in enumerate(rec.tables):
        if index >= len(replayed) or replayed[index] != table:
            raise RecordError(f"record field 'tables'[{index}] is not the table hand {index} "
                              "ended on when replayed")
    return game
