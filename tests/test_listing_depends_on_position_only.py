"""A listing depends on the position alone, never on what was listed before it.

The engine keeps answers for the rest of a turn (whether going out stays possible after a
play, AS-35/AS-36) in a table a game shares with its copies. Those answers must be the ones
a fresh game gives: a record made by a player who listed many positions is replayed by a
game that listed nothing, and every action in it must still be legal there. Here, in
seeded random hands, every play decision of a player holding many cards is listed when it
is met; at the end of the turn a copy of it (which shares the turn's table, now holding
what the later positions of the turn added) is listed again, and so is the position
replayed from the record in a fresh game: all three listings are equal.
"""

from __future__ import annotations

import random

import pytest

import canasta_family
from canasta_family import Game
from canasta_family.plugins import BUILTIN_VARIANTS

HANDS = 12
LARGE_HAND = 25


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(BUILTIN_VARIANTS))
def test_listing_is_the_same_early_late_or_fresh(variant: str) -> None:
    """Listings of a position with 25 cards or more in hand agree when first met, again
    at the end of its turn, and in a game replayed from the record."""
    players = canasta_family.find_variant(variant).info.preferred_players
    rng = random.Random(23)
    compared = 0
    game = canasta_family.new_game(variant, players=players, seed=23)
    turn: list[tuple[Game, list[str]]] = []
    mover = game.current_player
    for _hand in range(HANDS):
        if game.is_over:
            break
        before = len(game.hand_results)
        while len(game.hand_results) == before and not game.is_over:
            if game.current_player != mover:
                compared += _relist(turn)
                turn, mover = [], game.current_player
            listing = [str(action) for action in game.legal_actions()]
            if game.phase == "play" and len(game.hand_cards(game.current_player)) >= LARGE_HAND:
                fresh = canasta_family.replay(game.record())
                assert [str(action) for action in fresh.legal_actions()] == listing
                turn.append((game.clone(), listing))
            game.apply(rng.choice(game.legal_actions()))
    compared += _relist(turn)
    assert compared > 0, f"{variant}: no position with a large hand"


def _relist(turn: list[tuple[Game, list[str]]]) -> int:
    """List each kept position of a finished turn again; how many were compared."""
    for position, listing in turn:
        position._legal_cache = None
        assert [str(action) for action in position.legal_actions()] == listing
    return len(turn)
