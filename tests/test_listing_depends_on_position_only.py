"""A listing depends on the position alone, never on what was listed before it.

The engine keeps answers for the rest of a turn (whether going out stays possible after a
play, AS-35/AS-36) in a table a game shares with its copies. Those answers must be the ones
a fresh game gives: a record made by a player who listed many positions is replayed by a
game that listed nothing, and every action in it must still be legal there. Here every
position of seeded random hands where a player holds many cards is listed on the live game
(whose table holds the turn's earlier answers), on a game replayed from its record, and on
two copies one after the other, after the positions a play ahead were listed: all
listings are equal.
"""

from __future__ import annotations

import random

import pytest

import canasta_family
from canasta_family.plugins import BUILTIN_VARIANTS

HANDS = 8
WARMING_PLAYS = 10


@pytest.mark.parametrize("variant", sorted(BUILTIN_VARIANTS))
def test_listing_is_the_same_warm_or_fresh(variant: str) -> None:
    """Listings of the live game, of two copies in turn (after listing the positions a play
    ahead) and of the game replayed from its record agree at every play decision of a
    player holding 25 cards or more (where the going-out search may give up)."""
    players = canasta_family.find_variant(variant).info.preferred_players
    rng = random.Random(23)
    compared = 0
    game = canasta_family.new_game(variant, players=players, seed=23)
    for _hand in range(HANDS):
        if game.is_over:
            break
        before = len(game.hand_results)
        while len(game.hand_results) == before and not game.is_over:
            listing = [str(action) for action in game.legal_actions()]
            if game.phase == "play" and len(game.hand_cards(game.current_player)) >= 25:
                # A search player looks a play ahead: the positions after the plays are
                # listed too, which fills the turn's table further.
                for action in game.legal_actions()[:WARMING_PLAYS]:
                    ahead = game.clone()
                    ahead.apply(action)
                    ahead.legal_actions()
                first = [str(action) for action in game.clone().legal_actions()]
                second = [str(action) for action in game.clone().legal_actions()]
                fresh = canasta_family.replay(game.record())
                assert fresh.snapshot() == game.snapshot()
                cold = [str(action) for action in fresh.legal_actions()]
                assert listing == first == second == cold, (variant, len(listing))
                compared += 1
            game.apply(rng.choice(game.legal_actions()))
    assert compared > 0, f"{variant}: no position with a large hand"
