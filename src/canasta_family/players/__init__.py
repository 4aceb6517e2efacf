"""Computer players.

A player is anything with a ``choose(observation, legal_actions) -> action`` method
(:class:`Player`): it sees only what its seat may know and the list of legal actions.

>>> import canasta_family
>>> from canasta_family.players import RandomPlayer, play_game
>>> game = canasta_family.new_game("american-samba", players=2, seed=3)
>>> result = play_game(game, [RandomPlayer(seed=1), RandomPlayer(seed=2)], max_actions=50)
>>> len(game.actions)
50
"""

from __future__ import annotations

from canasta_family.players.base import (
    AnyPlayer,
    Player,
    SearchPlayer,
    decide,
    play_game,
    play_hand,
)
from canasta_family.players.greedy import GreedyPlayer
from canasta_family.players.heuristic import HeuristicPlayer
from canasta_family.players.ismcts import ISMCTSPlayer
from canasta_family.players.random_player import RandomPlayer

__all__ = [
    "AnyPlayer",
    "GreedyPlayer",
    "HeuristicPlayer",
    "ISMCTSPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "decide",
    "play_game",
    "play_hand",
]
