"""The shortcuts of dealing and applying actions change nothing a game does.

Dealing shuffles with :func:`~canasta_family.shuffling.shuffle_like_random` and hands the
cards round the table from slices (AS-6, CC-1, PH-4): the deal must be the one of
``random.Random(seed).shuffle`` dealt a card at a time. Applying an action the listing
handed out reuses the melds it made before (AS-8, AS-12): an equal action built afresh,
which is checked in full and misses those memos, must leave the game in the same state,
also while the memos are started afresh every few plays. A game owns its random generator
until it is copied, when the generator becomes a state the copies share: copying must not
change any later deal, of the game or of its copies.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta_family
from canasta_family.actions import to_action
from canasta_family.cards import card_from_code
from canasta_family.engine import Game
from canasta_family.shuffling import shuffle_like_random


@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(0, 400))
def test_shuffle_matches_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(range(size)), list(range(size))
    shuffle_like_random(ours, mine)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.getstate() == theirs.getstate()


def test_shuffle_of_a_generator_subclass_is_left_to_it() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle_like_random(Reversing(1), cards)
    assert cards == [3, 2, 1]


def _reference_deal(game: Game, seed: int) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """Hands, feet and the rest (top last) of the deck shuffled by ``Random.shuffle`` and
    dealt one card at a time from the dealer's left, as the rules describe it."""
    cards = [card.code for card in game.deck]
    random.Random(seed).shuffle(cards)
    n = game.num_players
    hands: list[list[int]] = [[] for _ in range(n)]
    feet: list[list[int]] = [[] for _ in range(n)]
    for places, size in ((hands, game.deal_rules.hand_size), (feet, game.deal_rules.foot_size)):
        for _ in range(size):
            for offset in range(1, n + 1):
                places[(game.dealer + offset) % n].append(cards.pop())
    return hands, feet, cards


@pytest.mark.parametrize(("variant", "players", "rule"), [
    ("american-samba", 4, "AS-6"), ("canasta", 4, "CC-1"), ("canasta", 3, "CC-1"),
    ("pennies-from-heaven", 6, "PH-4"), ("samba", 2, "MS-2"),
])
def test_deal_goes_round_the_table_a_card_at_a_time(variant: str, players: int,
                                                    rule: str) -> None:
    compared = 0
    for seed in range(40):
        game = canasta_family.new_game(variant, players=players, seed=seed)
        assert game.variant.rule("deal") == rule
        if any(game.side_red_threes(side) for side in range(len(game.sides))):
            continue  # a red 3 placed at the first turn was replaced from the stock
        hands, feet, rest = _reference_deal(game, seed)
        for seat in range(players):
            assert [c.code for c in game.hand_cards(seat)] == sorted(hands[seat]), (seed, seat)
            assert [c.code for c in game.foot_cards(seat)] == sorted(feet[seat]), (seed, seat)
        # The upcard (and any redrawn over a wild card or red 3) came off the stock's top.
        assert game.pile + game.stock_cards() == tuple(card_from_code(c)
                                                       for c in reversed(rest)), seed
        compared += 1
    assert compared >= 10, "too few deals without a red 3 to compare"


@pytest.mark.parametrize("memo_entries", [None, 3])
@pytest.mark.parametrize(("variant", "players"), [
    ("american-samba", 4), ("canasta", 4), ("pennies-from-heaven", 6), ("dutch-samba", 4),
    ("samba", 4),
])
def test_listed_and_rebuilt_actions_play_alike(variant: str, players: int,
                                               memo_entries: int | None,
                                               cache_limit: Callable[[int], None]) -> None:
    if memo_entries is not None:
        cache_limit(memo_entries)
    rng = random.Random(3)
    game = canasta_family.new_game(variant, players=players, seed=21)
    kinds: set[str] = set()
    for _step in range(900):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        rebuilt = game.clone()
        fresh = to_action(str(action))
        assert fresh is not action and fresh == action
        rebuilt.apply(fresh)  # checked in full: the memos of listed plays do not apply
        game.apply(action)
        assert rebuilt == game, (variant, str(action))
        kinds.add(type(action).__name__)
    assert {"MakeMeld", "LayOff", "Discard", "Draw"} <= kinds, kinds


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), copy_every=st.integers(1, 60))
def test_copies_deal_every_later_hand_as_the_uncopied_game(seed: int, copy_every: int) -> None:
    """Every deal after the first shuffles with the game's generator (AS-6, CC-1): a game
    copied every ``copy_every`` actions (clones, snapshots, determinized copies) deals the
    same hands as one never copied, and each copy, played on with the same choices, ends
    where both do. Throughout, ``is_over`` and ``hand_results`` agree with the phase and
    with what a copy plays later."""
    plain = canasta_family.new_game("canasta", players=4, seed=seed)
    copied = canasta_family.new_game("canasta", players=4, seed=seed)
    chooser = random.Random(seed)
    choices: list[int] = []
    copies: list[tuple[int, Game]] = []
    while not plain.is_over and len(plain.hand_results) < 3 and len(choices) < 2500:
        if len(choices) % copy_every == 0:
            copies.append((len(choices), copied.clone()))
            if len(copies) % 3 == 0:
                copied.snapshot()
            if len(copies) % 5 == 0:
                copied.determinize(copied.current_player, random.Random(len(choices)))
        results = plain.hand_results
        choice = chooser.randrange(len(plain.legal_actions()))
        choices.append(choice)
        plain.apply(plain.legal_actions()[choice])
        copied.apply(copied.legal_actions()[choice])
        assert plain.is_over == (plain.phase == "over")
        assert plain.hand_results[:len(results)] == results
        assert copied.hand_results == plain.hand_results
    assert len(plain.hand_results) >= 1
    assert copied == plain
    for step, copy in copies[::4]:
        before = copy.hand_results
        again = copy.clone()
        for choice in choices[step:]:
            again.apply(again.legal_actions()[choice])
        assert copy.hand_results == before  # the copy of the copy played on alone
        assert again == plain, step
