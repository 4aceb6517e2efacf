"""The front door: :func:`new_game`.

>>> game = new_game("american-samba", players=2, seed=42)
>>> game.num_players, game.variant.name
(2, 'american-samba')
"""

from __future__ import annotations

from collections.abc import Mapping

from canasta_family.arrangement import HandSetup
from canasta_family.engine import Game
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
    """
    return Game(find_variant(variant), players=players, seed=seed, options=options,
                start=start)
