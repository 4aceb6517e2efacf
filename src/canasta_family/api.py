"""The front door: :func:`new_game`.

>>> game = new_game("american-samba", players=2, seed=42)
>>> game.num_players, game.variant.name
(2, 'american-samba')
"""

from __future__ import annotations

from collections.abc import Mapping

from canasta_family.arrangement import HandSetup
from canasta_family.engine import Game
from canasta_family.errors import SetupError, excerpt
from canasta_family.plugins import find_variant

__all__ = ["DEFAULT_VARIANT", "new_game"]

DEFAULT_VARIANT = "american-samba"
"""The variant played when none is named (CLI and examples)."""


def new_game(variant: str = DEFAULT_VARIANT, *, players: int | None = None,
             seed: int | None = None, options: Mapping[str, object] | None = None,
             start: HandSetup | None = None) -> Game:
    """Start a game of ``variant`` (a name or alias, any case).

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
    return Game(find_variant(variant), players=players, seed=seed, options=options,
                start=start)


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
