"""The point sums a hand score is made of (AS-41: melded cards count for the side, cards
left in hand and unpicked feet against it; AS-31: red 3s left in hand are charged apart)
agree with the cards they stand for, at every step of random games in every built-in
variant, feet included (Pennies from Heaven)."""

from __future__ import annotations

import random

import pytest

import canasta_family
from canasta_family.engine import Game


def _card_points(game: Game, cards: tuple[canasta_family.Card, ...]) -> tuple[int, int]:
    points = sum(game.card_value(c) for c in cards if not c.is_red_three)
    return points, sum(1 for c in cards if c.is_red_three)


@pytest.mark.parametrize("variant", ["american-samba", "canasta", "dutch-samba",
                                     "pennies-from-heaven", "samba"])
def test_as_41_point_sums_match_the_cards(variant: str) -> None:
    players = 6 if variant == "pennies-from-heaven" else 4
    game = canasta_family.new_game(variant, players=players, seed=41)
    rng = random.Random(41)
    checked_feet = 0
    for _step in range(600):
        if game.is_over:
            break
        for seat in range(players):
            assert game.hand_points(seat) == _card_points(game, game.hand_cards(seat))
            assert game.foot_points(seat) == _card_points(game, game.foot_cards(seat))
            checked_feet += game.foot_size(seat) > 0
        for side in range(len(game.sides)):
            melded = sum(game.card_value(c) for m in game.side_melds(side) for c in m.cards)
            assert game.side_melded_points(side) == melded
        game.apply(rng.choice(game.legal_actions()))
    if variant == "pennies-from-heaven":
        assert checked_feet, "no foot was ever held: the foot sums went untested"


def test_as_31_red_threes_left_in_hand_are_counted_apart() -> None:
    game = canasta_family.new_game("american-samba", players=4, seed=3)
    rng = random.Random(3)
    seen_red = False
    for _step in range(2000):
        if game.is_over:
            break
        for seat in range(4):
            _points, red = game.hand_points(seat)
            held = game.hand_cards(seat)
            assert red == sum(1 for c in held if c.is_red_three)
            seen_red = seen_red or red > 0
        game.apply(rng.choice(game.legal_actions()))
    assert seen_red, "no red 3 was ever held: the count of red 3s went untested"
