"""Values the engine builds by setting slots directly (docs/design.md, Performance): a
``MakeMeld``, ``LayOff`` or ``Meld`` made that way must be indistinguishable from one made
through its public constructor — equal, with the same hash and the same text, and as
frozen.
"""

from __future__ import annotations

import random

import attrs
import pytest

import canasta_family
from canasta_family.actions import LayOff, MakeMeld
from canasta_family.melds import Meld


def _made_values(variant: str, players: int, seed: int, hands: int
                 ) -> tuple[list[MakeMeld], list[LayOff], list[Meld]]:
    """Every new-meld and lay-off action listed, and every meld on the table, in
    ``hands`` random hands of ``variant``."""
    rng = random.Random(seed)
    game = canasta_family.new_game(variant, players=players, seed=seed)
    new_melds: list[MakeMeld] = []
    layoffs: list[LayOff] = []
    melds: list[Meld] = []
    for _ in range(hands):
        if game.is_over:
            break
        before = len(game.hand_results)
        while len(game.hand_results) == before and not game.is_over:
            listing = game.legal_actions()
            new_melds.extend(a for a in listing if type(a) is MakeMeld)
            layoffs.extend(a for a in listing if type(a) is LayOff)
            for side in range(len(game.sides)):
                melds.extend(game.side_melds(side))
            game.apply(rng.choice(listing))
    return new_melds, layoffs, melds


@pytest.mark.parametrize(("variant", "players"), [
    ("canasta", 4), ("american-samba", 4), ("pennies-from-heaven", 6)])
def test_values_made_by_slots_equal_their_constructed_twins(variant: str,
                                                            players: int) -> None:
    """AS-12 lay-offs, new melds and the melds they build: each equals (and hashes as)
    the value its public constructor makes from the same fields, and stays frozen."""
    new_melds, layoffs, melds = _made_values(variant, players, 9, 6)
    assert new_melds and layoffs and melds, "the hands met no meld or lay-off"
    values: list[MakeMeld | LayOff | Meld] = [*new_melds, *layoffs, *melds]
    for value in values:
        twin = type(value)(**attrs.asdict(value, recurse=False))
        assert twin == value
        assert hash(twin) == hash(value)
        assert str(twin) == str(value)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            value.cards = ()  # type: ignore[misc]
