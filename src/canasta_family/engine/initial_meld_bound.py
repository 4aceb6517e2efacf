"""A bound on what an owed initial meld can still count (AS-23, PH-17), by ranks.

After an initial pile take short of the minimum, the collection search
(``_CollectionWalk``) looks for plays that make up the rest. Where it fails, it fails
slowly: the cards that count are worth enough in all, but they cannot all be melded
together, and the search tries every way before it says so. This bound tells most of
those positions apart at once.

In a variant without sequences the ranks are independent but for the wild cards: the
naturals of one rank can only go to the side's sets of that rank (and new sets of it),
and every set's share of wild cards is its own. So the most a collection can count is a
knapsack over the ranks in the number of wild cards: for each rank and each number of wild
cards it takes, the most naturals its sets can absorb (:func:`rank_options` of the
going-out solver, which plays onto one rank's sets in every order, as the checks judge
them), counting the cards held before the take first; the wild cards placed count the
most valuable counted ones first. Melds of wild cards only are one more "rank".

Where sequences meld, the naturals that could stand in one (:func:`_run_naturals`) count
without a set or a wild card, whatever else they could do: still a bound.

It is a bound, never an answer: it leaves out the cards the plays must leave in hand, the
discardable card (PH-16), the plays' order and the one-lay-off-per-meld rule of the
search, each of which can only lower what a collection counts. So a position whose bound
is short of the minimum has no collection, and any other is left to the search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_family.engine.out_solver import Shape, rank_options, set_shapes
from canasta_family.melds import Meld, MeldKind

if TYPE_CHECKING:
    from canasta_family.engine.game import Game

_NONE = -1
"""No way to place that many wild cards on a rank (a cell of :func:`rank_most`)."""


def rank_most(game: Game, rank: int | None, held: int, shapes: tuple[Shape, ...],
              wild_most: int) -> tuple[int, ...]:
    """For each number of wild cards ``w`` from 0 to ``wild_most``, the most naturals of
    ``rank`` (up to ``held``) that the side's sets of that rank (``shapes``) and new sets
    of it can take together with exactly ``w`` wild cards, or -1 where no play places
    ``w`` wild cards there. ``rank`` None: melds of wild cards only (``held`` is 0).
    Kept in the catalog (``reach_rank_most``): it depends on the rules alone.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=4, seed=1)
    >>> rank_most(game, 9, 2, (), 2)  # 9 9 and one wild card; two would outnumber them
    (0, 2, -1)
    """
    key = (rank, held, shapes, wild_most)
    table = game._t.reach_rank_most
    found = table.get(key)
    if found is None:
        most = [_NONE] * (wild_most + 1)
        for naturals in range(held + 1):
            for wild, _kinds in rank_options(game, rank, naturals, shapes, wild_most):
                if most[wild] < naturals:
                    most[wild] = naturals
        found = table[key] = tuple(most)
    return found


def reach_bound(game: Game, hand: Sequence[int], counted: Sequence[int],
                melds: Sequence[Meld]) -> int | None:
    """The most that plays of the cards ``hand`` on the side's ``melds`` could count
    towards an owed initial meld when only the cards ``counted`` count (AS-23), or None
    where the solver on counts does not read the rules (a variant's own meld check,
    sequences holding wild cards), which it does not read either.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=4, seed=1)
    >>> hand = [0] * 53
    >>> hand[28] = hand[29] = 1       # 9♣ 9♦ and nothing to make a set of them
    >>> hand[44] = hand[45] = hand[46] = 1   # K♣ K♦ K♥
    >>> reach_bound(game, hand, hand, [])   # only the kings count: 3 × 10
    30
    """
    s = game._s
    if not s.count_solver:
        return None
    values = s.values
    in_runs = _run_naturals(game, hand, melds) if s.meld.runs else None
    wild_held = s.wild_counts(hand)
    wild_total = sum(wild_held)
    shapes_of = set_shapes(melds)
    # best[w]: the most the naturals count with w wild cards placed (-1: none).
    best = [0] + [_NONE] * wild_total
    stop_ranks = s.stop_ranks
    set_ranks = s.set_rank_set
    for rank, _base, codes, counts_of in s.rank_naturals:
        if rank in stop_ranks:
            continue  # stop cards meld only to go out, never in a collection
        held = sum(counts_of(hand))
        shapes = shapes_of.get(rank)
        # Naturals that could stand in sequences need no set (nor wild card) to count.
        running = 0 if in_runs is None else sum(in_runs[code] for code in codes)
        if not (held and (running or rank in set_ranks)) and not shapes:
            continue
        most = rank_most(game, rank, held, shapes or (), wild_total) \
            if rank in set_ranks else \
            (0,) + (_NONE,) * wild_total
        # The counted naturals of the rank, most valuable first: a play melds those.
        worth = sorted((values[code] for code in codes for _ in range(counted[code])),
                       reverse=True)
        prefix = [0]
        for value in worth:
            prefix.append(prefix[-1] + value)
        gains = [_NONE if n < 0 else prefix[min(n + running, held, len(worth))]
                 for n in most]
        best = _combined(best, gains)
    wild_shapes = shapes_of.get(None)
    if wild_total and (s.meld.wild_melds or wild_shapes):
        most = rank_most(game, None, 0, wild_shapes or (), wild_total)
        best = _combined(best, [_NONE if n < 0 else 0 for n in most])
    # The wild cards placed: the counted ones first, the most valuable of them first.
    wild_worth = sorted((values[code] for code in s.wild_codes
                         for _ in range(counted[code])), reverse=True)
    wild_prefix = [0]
    for value in wild_worth:
        wild_prefix.append(wild_prefix[-1] + value)
    last = len(wild_worth)
    return max(value + wild_prefix[min(placed, last)]
               for placed, value in enumerate(best) if value >= 0)


def _run_naturals(game: Game, hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Per code, the cards of ``hand`` that could stand in a sequence (naturals need no
    wild card there): every card of the sequence ranks of a suit the side has a sequence
    of, and elsewhere those in a stretch of held cards of one suit a sequence long. A
    generous count, as the bound needs."""
    s = game._s
    mr = s.meld
    low, high = int(mr.run_low), int(mr.run_high)
    suits_run = {int(m.suit) for m in melds if m.kind is MeldKind.RUN and m.suit is not None}
    found = [0] * len(hand)
    for suit in range(4):
        codes = [(rank - 2) * 4 + suit for rank in range(low, high + 1)]
        if suit in suits_run:
            for code in codes:
                if not s.wild[code] and not s.bonus[code]:
                    found[code] = hand[code]
            continue
        start = 0
        while start < len(codes):
            end = start
            while end < len(codes) and hand[codes[end]]:
                end += 1
            if end - start >= mr.run_min:
                for code in codes[start:end]:
                    if not s.wild[code] and not s.bonus[code]:
                        found[code] = hand[code]
            start = end + 1
    return found


def _combined(best: list[int], gains: Sequence[int]) -> list[int]:
    """The knapsack step: ``best`` (by wild cards placed so far) with one more rank whose
    naturals count ``gains[w]`` with ``w`` wild cards (-1: impossible), within the wild
    cards held (``len(best)``)."""
    size = len(best)
    out = [_NONE] * size
    for used, value in enumerate(best):
        if value < 0:
            continue
        for more in range(size - used):
            gain = gains[more]
            if gain >= 0 and value + gain > out[used + more]:
                out[used + more] = value + gain
    return out
