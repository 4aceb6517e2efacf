"""End-to-end smoke tests: a whole game runs, and the public names exist."""

from __future__ import annotations

import canasta_family
from canasta_family.players import GreedyPlayer, RandomPlayer, play_game


def test_public_face_names_exist() -> None:
    for name in ("new_game", "available_variants", "find_variant", "replay", "Game",
                 "IllegalActionError", "InvalidActionError", "UnknownVariantError"):
        assert hasattr(canasta_family, name)


def test_greedy_four_player_game_reaches_ten_thousand() -> None:
    game = canasta_family.new_game("american-samba", players=4, seed=12)
    play_game(game, [GreedyPlayer() for _ in range(4)])
    assert game.is_over
    assert max(game.scores) >= 10_000
    assert game.result is not None and game.result.winners


def test_random_hand_keeps_every_card() -> None:
    game = canasta_family.new_game("american-samba", players=4, seed=5)
    deck = [0] * 53
    for card in game.deck:
        deck[card.code] += 1
    players = [RandomPlayer(seed=s) for s in range(4)]
    for _ in range(400):
        if game.is_over:
            break
        seat = game.current_player
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
        assert game.all_card_counts() == deck
