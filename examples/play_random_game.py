"""Play one full game of American Samba between greedy computer players and print the
score of every hand.

    python examples/play_random_game.py [SEED]
"""

from __future__ import annotations

import sys

import canasta_family
from canasta_family.players import GreedyPlayer, play_game


def main(seed: int = 1) -> canasta_family.Game:
    game = canasta_family.new_game("american-samba", players=4, seed=seed)
    play_game(game, [GreedyPlayer() for _ in range(game.num_players)])
    for result in game.hand_results:
        totals = ", ".join(f"side {s.side}: {s.total:+d}" for s in result.sides)
        print(f"hand {result.number + 1}: {result.reason}; {totals}")
    assert game.result is not None
    print(game.result.reason)
    return game


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
