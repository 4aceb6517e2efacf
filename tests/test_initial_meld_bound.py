"""AS-23 (CC-5, PH-17): the bound by ranks on what an owed initial meld can still count.

``engine.initial_meld_bound.reach_bound`` lets the collection search give up at once
where even the most that the ranks could count together falls short of the minimum. It
must never refuse a position where a collection exists: at every search that random play
of the built-in variants and the role test variants on Canasta makes, the search is run
without the bound, and wherever it finds a collection the bound must reach the minimum.
The listing digest proves the same on its games; these tests also show that the bound
does refuse positions (it is not idle) and walk hands the digest does not.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from positions import play_random_hands
from role_variants import role_canasta_games

import canasta_family
from canasta_family import Game
from canasta_family.engine import initial_meld
from canasta_family.engine.initial_meld_bound import OwedCounts, rank_most, reach_bound
from canasta_family.engine.initial_meld_search import _Collection, _Play
from canasta_family.melds import Meld

_Search = Callable[..., "_Collection | bool | None"]


def play_and_judge(games: Sequence[Game], hands: int, seed: int,
                   monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Play ``hands`` random hands of each game and judge the bound at every search."""
    real: _Search = initial_meld._InitialMeld._search_plays
    seen: Counter[str] = Counter()
    wrong: list[str] = []

    def spy(self: Game, need: int, counts: Sequence[int], found_plays: list[_Play],
            size: int, hand: Sequence[int], free: list[int], answer_only: bool = False,
            melds: Sequence[Meld] | None = None, keep: int | None = None,
            solver_first: bool = False, spent: list[bool] | None = None
            ) -> _Collection | bool | None:
        with monkeypatch.context() as patch:
            patch.setattr(initial_meld, "reach_bound", lambda *args: None)
            found = real(self, need, counts, found_plays, size, hand, free, answer_only,
                         melds, keep, solver_first, spent)
        table = self._melds[self.side_of(self.current_player)] if melds is None else melds
        bound = reach_bound(self, hand, counts, table)
        assert bound is not None, "the bound reads every built-in variant's rules"
        seen["searches"] += 1
        if bound < need:
            seen["refused"] += 1
            if found:
                wrong.append(f"{self.variant}: need {need}, bound {bound}, hand "
                             f"{list(hand)}, counted {list(counts)}, melds "
                             f"{[str(m) for m in table]}")
        elif found:
            seen["reached"] += 1
        return found

    with monkeypatch.context() as patch:
        patch.setattr(initial_meld._InitialMeld, "_search_plays", spy)
        # (The judge on counts answers most Canasta positions before any search; the
        # search, and the bound in it, still decides wherever it cannot.)
        patch.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
        play_random_hands(games, hands, random.Random(seed))
    assert wrong == [], "the bound refused positions with a collection:\n" + "\n".join(
        wrong)
    return seen


@pytest.mark.parametrize(("variant", "players"), [
    ("canasta", 2), ("canasta", 4), ("pennies-from-heaven", 6), ("american-samba", 4),
    ("dutch-samba", 3), ("samba", 2)])
def test_AS_23_CC_5_PH_17_bound_never_refuses_a_reachable_minimum(
        variant: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23/CC-5/PH-17: where the plain search finds plays that make up an owed minimum,
    the bound by ranks reaches it too; and it refuses some positions on its own."""
    games = [canasta_family.new_game(variant, players=players, seed=seed)
             for seed in (3, 4, 5)]
    seen = play_and_judge(games, hands=6, seed=17, monkeypatch=monkeypatch)
    assert seen["refused"] > 0 and seen["reached"] > 0, seen


def test_AS_23_bound_holds_when_card_roles_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23 on the role test variants: 2s as naturals of their own rank (jokers the only
    wild cards), and 3s as plain naturals with no bonus cards."""
    seen = play_and_judge(role_canasta_games(), hands=5, seed=23, monkeypatch=monkeypatch)
    assert seen["searches"] > 0, seen


def test_AS_9_AS_23_naturals_in_a_stretch_count_without_a_set() -> None:
    """AS-9, AS-23: where sequences meld, naturals that could stand in one count without
    a set: 5♥ 6♥ 7♥ held together (5 + 5 + 5), a lone 9♥ not, nor a pair of kings."""
    game = canasta_family.new_game("american-samba", players=4, seed=1)
    hand = [0] * 53
    for code in (14, 18, 22, 30, 44, 45):  # 5h 6h 7h 9h Kc Kd
        hand[code] = 1
    assert reach_bound(game, hand, hand, []) == 15


def test_CC_5_bound_counts_only_ranks_that_can_meld() -> None:
    """CC-5: an owed minimum counts the cards that meld. Two nines with no wild card make
    no set; three kings do (10 each); a joker held makes the nines a set too (nines count
    10 each; wild cards fewer than naturals)."""
    game = canasta_family.new_game("canasta", players=4, seed=1)
    hand = [0] * 53
    for code in (28, 29, 44, 45, 46):  # 9c 9d Kc Kd Kh
        hand[code] = 1
    assert reach_bound(game, hand, hand, []) == 30
    assert rank_most(game, 9, 2, (), 2) == (0, 2, -1)
    hand[52] = 1  # a joker (50) held before the take
    assert reach_bound(game, hand, hand, []) == 30 + 20 + 50
    counted = hand[:]
    counted[52] = 0  # the joker came from the pile: it helps, but counts nothing
    assert reach_bound(game, hand, counted, []) == 30 + 20
