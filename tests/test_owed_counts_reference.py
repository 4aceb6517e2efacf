"""AS-23/CC-5/PH-16/PH-17: the owed-meld judge on counts against the plain search.

Where the ranks are independent (classic Canasta, Pennies from Heaven, the role test
variants built on classic Canasta), ``OwedCounts`` decides an owed initial meld without a
search, for the position and for the position after each play. Here its answers are held
to the plain depth-first search of ``test_reach_search`` on hands hypothesis draws, of 3
to 14 cards (15 to 30 in the slow run). In most of them every card could go down: then
the judge's knapsack counts the cards each collection leaves (two to keep) and, in
Pennies from Heaven, whether one of them may be discarded (7s may not, PH-16) — the cases
its quick tests cannot settle.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from role_variants import JokersWildCanasta, NoBonusCanasta
from test_owed_solver import _game, positions
from test_reach_search import reference_search

from canasta_family.cards import NUM_CODES
from canasta_family.engine.codes import CARDS
from canasta_family.engine.initial_meld_bound import OwedCounts
from canasta_family.melds import Meld, MeldKind

RULES = ("canasta", "pennies-from-heaven", JokersWildCanasta.__name__,
         NoBonusCanasta.__name__)
BUDGET = 300_000
BIG_BUDGET = 20_000
"""Positions the plain search may visit on the bigger hands, where it is asked up to five
times an example: one it cannot finish within that is left out."""


def _free(variant: str, hand: list[int], melds: list[Meld]) -> list[int]:
    """The codes held that may be discarded, where a discardable card must stay (PH-16)."""
    game = _game(variant)
    if not game._s.strand_check:
        return []
    kinds = tuple(meld.canasta for meld in melds if meld.canasta is not None)
    forbidden = game._forbidden(0, False, hand, kinds)
    return [code for code in range(NUM_CODES) if hand[code] and CARDS[code] not in forbidden]


def _plain(variant: str, need: int, hand: list[int], counted: list[int],
           melds: list[Meld], budget: int) -> bool | None:
    """Whether the plain search finds a collection (None: past ``budget`` positions)."""
    if need <= 0:
        return True
    found = reference_search(_game(variant), need, counted, melds, sum(hand), hand,
                             _free(variant, hand, melds), 2, budget)
    return None if found is None else isinstance(found, list)


def _after(variant: str, play: tuple[tuple[int, ...], int, int, int | None, int | None],
           hand: list[int], counted: list[int], melds: list[Meld], need: int
           ) -> tuple[list[int], list[int], list[Meld], int, Meld, Meld | None] | None:
    """The position a set play leaves (hand, counted, melds, need, the set made or grown,
    the set it grew), or None for another play."""
    game = _game(variant)
    s = game._s
    codes, _value, index, _open, _key = play
    naturals = [code for code in codes if not s.wild[code]]
    if not naturals:
        return None  # (a meld of wild cards only: not a set of a rank)
    rank = naturals[0] // 4 + 2
    old = melds[index] if index >= 0 else None
    if old is not None and old.kind is not MeldKind.SET:
        return None
    new = game._new_meld(MeldKind.SET, rank, None, sorted(codes), len(codes) - len(naturals)) \
        if old is None else game._laid_off(old, tuple(sorted(codes)))
    left, still = hand[:], counted[:]
    for code in codes:
        left[code] -= 1
        if still[code]:  # (the counted copies go down first, AS-23)
            still[code] -= 1
            need -= s.values[code]
    after = melds[:]
    if old is None:
        after.append(new)
    else:
        after[index] = new
    return left, still, after, need, new, old


def _shape(meld: Meld) -> tuple[int, int, str]:
    return (len(meld.cards) - meld.wilds, meld.wilds, meld.canasta or "")


@pytest.mark.parametrize("variant", RULES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_AS_23_PH_16_judge_on_counts_and_plain_search_agree(variant: str,
                                                           data: st.DataObject) -> None:
    """AS-23 (CC-5, PH-16, PH-17): on hands of 3 to 14 cards, the judge's answer for the
    position, and for the position after each set play the engine would judge with it,
    is the plain search's wherever the judge gives one; it gives one wherever a card that
    may be discarded can be followed rank by rank."""
    _agree(variant, *data.draw(positions(variant, 3, 14)))


@pytest.mark.slow
@pytest.mark.parametrize("variant", RULES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_AS_23_PH_16_judge_on_counts_and_plain_search_agree_on_bigger_hands(
        variant: str, data: st.DataObject) -> None:
    """AS-23 (CC-5, PH-16, PH-17): the same on hands of 15 to 30 cards, for the position
    and four of its set plays (a case the plain search cannot finish within its budget
    is left out)."""
    _agree(variant, *data.draw(positions(variant, 15, 30)), plays=4, budget=BIG_BUDGET)


def _agree(variant: str, hand: list[int], counted: list[int], melds: list[Meld],
           need: int, plays: int | None = None, budget: int = BUDGET) -> None:
    """The judge's answers for the position and after each set play (the first
    ``plays`` of them, where given) against the plain search's."""
    game = _game(variant)
    size = sum(hand)
    judge = OwedCounts.of(game, need, hand, counted, melds, size, 2,
                          _free(variant, hand, melds))
    assume(judge is not None)
    assert judge is not None
    plain = _plain(variant, need, hand, counted, melds, budget)
    assume(plain is not None)
    answer = judge.reachable()
    event(f"position: {answer}")
    event(f"every card could go down: {judge.size - judge.usable - judge.wild_total < 2}")
    if game._s.strand_check:
        event(f"a discardable card followed: {not judge.free_kept}")
    if answer is not None:
        assert answer == plain, (hand, counted, melds, need)
    asked = 0
    for play in game._qualifying_plays(hand[:], melds, None, counted, True):
        after = _after(variant, play, hand, counted, melds, need)
        if after is None or len(play[0]) >= size:
            continue
        asked += 1
        if plays is not None and asked > plays:
            break
        left, still, melds_after, need_after, new, old = after
        rank = int(new.rank) if new.rank is not None else None
        shapes = list(judge.shapes.get(rank, ()))
        if old is not None:
            shapes.remove(_shape(old))
        shapes.append(_shape(new))
        kept = judge.keeps(rank, sorted(play[0]), tuple(sorted(shapes)))
        if kept is None:
            event("a play: unknown")
            continue
        expected = _plain(variant, need_after, left, still, melds_after, budget)
        if expected is not None:
            event(f"a play: {kept}")
            assert kept == expected, (hand, counted, melds, need, play)
