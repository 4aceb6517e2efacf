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

Where sequences meld, the counted copies of the naturals that could stand in one
(:func:`_run_naturals`) count without a set or a wild card, whatever else they could do,
and a rank's sets take the most valuable of its other naturals: still a bound.

In general it is a bound, not an answer: it leaves out the cards the plays must leave in
hand, the discardable card (PH-16), the plays' order and the one-lay-off-per-meld rule of
the search, each of which can only lower what a collection counts. So a position whose
bound is short of the minimum has no collection.

Where it is the answer (:class:`OwedCounts`): without sequences, a rank's sets can end
the same whether its cards go down in one play or in several (the set rules judge the set
a play makes, the one rule on a lay-off itself, no wild card onto a natural canasta, binds
a single play no less than the first of several, and where a set of a rank waits for a
canasta of its open one, PH-10, the ranks' table plays the lay-off that completes it
first), so the one-lay-off rule costs nothing. Where the hand holds at least as many cards
that no play could take (the naturals each rank's sets cannot absorb, stop and bonus
cards) as the plays must leave, and, where a discardable card must stay (PH-16), one of
them may be discarded, no collection is ever short of cards to keep. Then a position
reaches the minimum exactly when its bound does, and so does the position after each
play of a listing: :meth:`OwedCounts.keeps` answers for each from the ranks' tables of
the position, kept once, with the play's rank computed again (the other ranks joined
once from each side, as prefix and suffix knapsacks).

Where sequences meld, the judge reads collections of sets only (``sets_only``): each is
a collection all the same, so its "yes" stands for the position, and its "no" says
nothing (it answers None, and the search decides). A play of a sequence, or onto one, is
judged by the judge of the cards it leaves (:meth:`OwedCounts.after_play`).

Where the hand holds fewer such cards (a big hand after a pile take, most of it
meldable), the knapsack gains a second dimension: the cards a collection leaves beyond
those no play could take, counted up to the number still missing (``short``). A rank's
sets leave the naturals they do not take below the most they could; the wild cards not
placed stay too. Each rank then offers, by wild cards placed and by naturals left below
its most, the most its counted copies count (:func:`rank_fills` gives every number of
naturals its sets can take, not only the most), and a collection is one whose naturals
left and wild cards kept make up ``short``. Still exact, with the same sufficient tests
first: the second dimension is walked only where a collection might leave too few.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_family.engine.constructors import _RUN
from canasta_family.engine.initial_meld_search import _value_counted
from canasta_family.engine.out_solver import set_shapes
from canasta_family.engine.rank_sets import Shape, rank_options
from canasta_family.melds import Meld

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
    key = (rank if rank is None else game._s.rank_class[rank], held, shapes, wild_most)
    table = game._t.reach_rank_most
    found = table.get(key)
    if found is None:
        # (The highest number of naturals each row allows; an empty row gives -1.)
        found = table[key] = tuple([fills.bit_length() - 1 for fills in
                                    rank_fills(game, rank, held, shapes, wild_most)])
    return found


def rank_fills(game: Game, rank: int | None, held: int, shapes: tuple[Shape, ...],
               wild_most: int) -> tuple[int, ...]:
    """For each number of wild cards ``w`` from 0 to ``wild_most``, every number of
    naturals of ``rank`` (up to ``held``) that the side's sets of that rank (``shapes``)
    and new sets of it can take together with exactly ``w`` wild cards, as the bits of
    one number (bit ``n``: ``n`` naturals). :func:`rank_most` is each row's highest bit.
    Kept in the catalog (``reach_rank_fills``).

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=4, seed=1)
    >>> [bin(row) for row in rank_fills(game, 9, 3, (), 2)]  # none or 9 9 9; 9 9 (9) w; …
    ['0b1001', '0b1100', '0b1000']
    """
    key = (rank if rank is None else game._s.rank_class[rank], held, shapes, wild_most)
    table = game._t.reach_rank_fills
    found = table.get(key)
    if found is None:
        fills = [0] * (wild_most + 1)
        for naturals in range(held + 1):
            for wild, _kinds in rank_options(game, rank, naturals, shapes, wild_most):
                fills[wild] |= 1 << naturals
        found = table[key] = tuple(fills)
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
    # The counted copies a rank's sets may take where others could stand in sequences.
    set_counted = None if in_runs is None else \
        [0 if in_runs[code] else counted[code] for code in range(len(counted))]
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
        # Naturals that could stand in sequences need no set (nor wild card) to count:
        # their counted copies count whole, and the sets take the most valuable of the
        # others.
        running = 0 if in_runs is None else sum(in_runs[code] for code in codes)
        if not (held and (running or rank in set_ranks)) and not shapes:
            continue
        most = rank_most(game, rank, held, shapes or (), wild_total) \
            if rank in set_ranks else \
            (0,) + (_NONE,) * wild_total
        if running:
            assert in_runs is not None and set_counted is not None
            ran = sum(values[code] * counted[code] for code in codes if in_runs[code])
            prefix = counted_worth(values, codes, set_counted)
        else:
            ran = 0
            prefix = counted_worth(values, codes, counted)
        gains = [_NONE if n < 0 else ran + prefix[min(n, len(prefix) - 1)] for n in most]
        best = combined_gains(best, gains)
    wild_shapes = shapes_of.get(None)
    if wild_total and (s.meld.wild_melds or wild_shapes):
        most = rank_most(game, None, 0, wild_shapes or (), wild_total)
        best = combined_gains(best, [_NONE if n < 0 else 0 for n in most])
    wild_prefix = counted_worth(values, s.wild_codes, counted)
    last = len(wild_prefix) - 1
    return max(value + wild_prefix[min(placed, last)]
               for placed, value in enumerate(best) if value >= 0)


def counted_worth(values: Sequence[int], codes: Sequence[int], counted: Sequence[int]
                  ) -> list[int]:
    """What the first ``k`` cards of ``codes`` that a play melds count, for each ``k``:
    the counted copies (``counted``), most valuable first, as a play melds those
    (AS-23).

    >>> counted_worth([0] * 4 + [5, 10], [4, 5], [0] * 4 + [1, 2])
    [0, 10, 20, 25]
    """
    return _prefix_sums(sorted((values[code] for code in codes for _ in range(counted[code])),
                               reverse=True))


def _run_naturals(game: Game, hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Per code, the cards of ``hand`` that could stand in a sequence (naturals need no
    wild card there): every card of the sequence ranks of a suit the side has a sequence
    of, and elsewhere those in a stretch of held cards of one suit a sequence long. A
    generous count, as the bound needs."""
    s = game._s
    mr = s.meld
    low, high = int(mr.run_low), int(mr.run_high)
    suits_run = {int(m.suit) for m in melds if m.kind is _RUN and m.suit is not None}
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


def _prefix_sums(worth: Sequence[int]) -> list[int]:
    """The sums of the first ``k`` of ``worth``, for each ``k``.

    >>> _prefix_sums([10, 5])
    [0, 10, 15]
    """
    prefix = [0]
    for value in worth:
        prefix.append(prefix[-1] + value)
    return prefix


def _best_with(best: list[int], wild_worth: Sequence[int]) -> int:
    """The most a collection counts with the naturals' ``best`` by wild cards placed,
    the wild cards placed counting ``wild_worth``.

    >>> _best_with([20, -1, 35], [0, 50, 70])
    105
    """
    return max(value + wild_worth[placed] for placed, value in enumerate(best) if value >= 0)


def combined_gains(best: list[int], gains: Sequence[int]) -> list[int]:
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


_Slack = list[list[int]]
"""A knapsack with the cards a collection leaves: by wild cards placed, then by cell, the
most the naturals count (-1: no such collection). The cells count the naturals left below
the most their ranks' sets could take, up to the cards to keep (the last "at least that
many"); where a discardable card must stay (PH-16) and none is sure to, a second run of
cells holds the collections that also leave a natural that may be discarded."""


def _slack_start(wild_total: int, keep: int, discards: bool) -> _Slack:
    """The knapsack of no rank yet: nothing placed, nothing left, nothing counted (with
    the second run of cells where ``discards``)."""
    start = [[_NONE] * ((keep + 1) * (2 if discards else 1)) for _ in range(wild_total + 1)]
    start[0][0] = 0
    return start


def _slack_row(fills: Sequence[int], prefix: Sequence[int], most: int, keep: int,
               stays: int | None = None) -> _Slack:
    """One rank as a :data:`_Slack` step: with ``w`` wild cards, leaving at least ``c``
    naturals below ``most``, its sets take the most naturals ``fills[w]`` allows up to
    ``most - c``, which count ``prefix`` of that many (the counted copies first).
    ``stays``, where the second run of cells is kept: the most naturals the sets may take
    with one that may be discarded still in hand (-1: none of them may be).

    >>> _slack_row([0b1001, 0b1100], [0, 10, 20, 25], 3, 2)  # 9 9 9, or 9 9 and a wild card
    [[25, 0, 0], [25, 20, -1]]
    >>> _slack_row([0b1001], [0, 10, 20, 25], 3, 1, stays=2)  # and a 9 discarded after
    [[25, 0, 0, 0]]
    """
    last = len(prefix) - 1
    limits = [most - left for left in range(keep + 1)]
    if stays is not None:
        limits += [min(limit, stays) for limit in limits]
    table: _Slack = []
    for row in fills:
        cells = []
        for limit in limits:
            taken = (row & ((2 << limit) - 1)).bit_length() - 1 if limit >= 0 else -1
            cells.append(_NONE if taken < 0 else prefix[min(taken, last)])
        table.append(cells)
    return table


def _slack_joins(keep: int, width: int) -> list[list[int]]:
    """Which cell two cells of a :data:`_Slack` join into: the naturals left add up to the
    cap, and a discardable one stays where either leaves one."""
    span = keep + 1
    return [[min(i % span + j % span, keep) + span * ((i // span) | (j // span))
             for j in range(width)] for i in range(width)]


def _slack_cells(row: list[int], keep: int) -> list[tuple[int, int]]:
    """The cells of one row of a :data:`_Slack` that hold a collection no other cell of
    the row beats: one that leaves at least as many naturals, a discardable one where it
    does, and counts as much, makes the same joins and more. (A row counts less the more
    it must leave, so most of its cells repeat the one above them.)

    >>> _slack_cells([25, 0, 0], 2)
    [(0, 25), (2, 0)]
    """
    span = keep + 1
    found: list[tuple[int, int]] = []
    for cell in range(len(row) - 1, -1, -1):
        value = row[cell]
        if value < 0:
            continue
        left, flag = cell % span, cell // span
        if any(value <= other_value and left <= other % span and flag <= other // span
               for other, other_value in found):
            continue
        found.append((cell, value))
    found.reverse()
    return found


def _slack_combined(best: _Slack, gains: _Slack, keep: int) -> _Slack:
    """:func:`combined_gains` with the cells of a :data:`_Slack` as a second dimension."""
    size = len(best)
    width = len(best[0])
    joins = _slack_joins(keep, width)
    out = [[_NONE] * width for _ in range(size)]
    steps = [_slack_cells(gains[more], keep) for more in range(size)]
    for used, row in enumerate(best):
        cells = _slack_cells(row, keep)
        if not cells:
            continue
        for more in range(size - used):
            target = out[used + more]
            for other, gain in steps[more]:
                for cell, value in cells:
                    at = joins[cell][other]
                    if value + gain > target[at]:
                        target[at] = value + gain
    return out


def _slack_reaches(best: _Slack, gains: _Slack, wild_worth: Sequence[int], short: int,
                   need: int, keep: int, wild_discard: bool = False) -> bool:
    """Whether ``best`` joined with one more rank's ``gains`` (as :func:`_slack_combined`
    would join them) holds a collection that counts ``need``, the wild cards placed
    counting ``wild_worth``, whose naturals left and wild cards kept make up ``short``
    cards — and where the second run of cells is kept, that leaves a card that may be
    discarded: a natural of those cells, or a wild card kept where ``wild_discard``. Read
    without making the joined table, and stopped at the first such collection.

    >>> nothing = [[0, -1, -1], [-1, -1, -1]]  # no rank before; one wild card held
    >>> _slack_reaches(nothing, [[30, -1, -1], [45, -1, -1]], [0, 50], 2, 30, 2)  # no card left
    False
    >>> _slack_reaches(nothing, [[30, 20, 10], [45, 35, 25]], [0, 50], 2, 75, 2)  # wild, two left
    True
    """
    size = len(best)
    width = len(best[0])
    span = keep + 1
    discards = width > span
    wild_total = size - 1
    steps = [_slack_cells(gains[more], keep) for more in range(size)]
    for used, row in enumerate(best):
        for cell, value in _slack_cells(row, keep):
            left = cell % span
            for more in range(size - used):
                placed = used + more
                # (The wild cards kept stay in hand with the naturals left.)
                kept = wild_total - placed
                reach = need - value - wild_worth[placed]
                for other, gain in steps[more]:
                    if gain < reach:
                        continue
                    both = left + other % span
                    if both < keep and both + kept < short:
                        continue
                    if discards and cell < span and other < span \
                            and not (wild_discard and kept):
                        continue
                    return True
    return False


class OwedCounts:
    """An owed initial meld (AS-23, CC-5) decided on counts where the ranks are
    independent (see the module's text): whether the position, or the position after a
    play onto one rank's sets, still has a collection of plays that makes up ``need``
    while leaving ``keep`` cards. Made by :meth:`of`, which answers None where the rules
    are not of that kind.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=4, seed=1)
    >>> hand = [0] * 53
    >>> for code in (44, 45, 46, 28, 12):   # K♣ K♦ K♥, 9♣ and a lone 5♣
    ...     hand[code] = 1
    >>> judge = OwedCounts.of(game, 30, hand, hand, [], 5, 2)
    >>> judge.reachable()   # the kings make 30; the 9 and the 5 stay
    True
    >>> judge.keeps(13, (44, 45, 46), ((3, 0, ""),))   # meld the kings first
    True
    """

    __slots__ = ("alone", "answers", "counted", "discard_groups", "discards",
                 "discards_read", "each_play", "every_play", "free", "free_kept", "game", "groups",
                 "hand", "index", "keep", "melds", "need", "out_of_reach", "plays",
                 "prefix", "rests", "sets_only", "shapes", "size", "slack_rests",
                 "slack_sides", "suffix", "usable", "wild_discard", "wild_total",
                 "wild_worths")

    @staticmethod
    def of(game: Game, need: int, hand: Sequence[int], counted: Sequence[int],
           melds: Sequence[Meld], size: int, keep: int, free: Sequence[int] = ()
           ) -> OwedCounts | None:
        """The judge of a position (the cards ``hand`` of which ``counted`` count, the
        side's ``melds``, ``size`` cards held, ``keep`` to leave, and where a discardable
        card must stay, PH-16, the codes ``free`` that may be discarded), or None where
        the solver on counts does not read the variant's rules, or a discardable card
        must stay and none is held. Where sequences meld, it reads sets only."""
        s = game._s
        if not s.count_solver or s.custom_meld_check or (s.strand_check and not free):
            return None
        return OwedCounts(game, need, hand, counted, melds, size, keep, free,
                          sets_only=bool(s.meld.runs))

    def __init__(self, game: Game, need: int, hand: Sequence[int], counted: Sequence[int],
                 melds: Sequence[Meld], size: int, keep: int,
                 free: Sequence[int] = (), sets_only: bool = False) -> None:
        s = game._s
        self.game = game
        self.sets_only = sets_only
        """Where sequences meld: the judge reads collections of sets only, which are
        collections all the same, so that its "yes" stands and its "no" says nothing
        (answered as None)."""
        self.need = need
        self.hand = hand
        self.counted = counted
        self.melds = melds
        self.size = size
        self.keep = keep
        self.free = free
        self.wild_total = wild_total = sum(s.wild_counts(hand))
        self.shapes = shapes_of = set_shapes(melds)
        # Per rank that plays could reach (None: melds of wild cards only): the rank, its
        # natural codes, the most its naturals count by wild cards placed, the most
        # naturals its sets can take.
        self.groups: list[tuple[int | None, tuple[int, ...], list[int], int]] = []
        stop_ranks, set_ranks = s.stop_ranks, s.set_rank_set
        for rank, _base, codes, counts_of in s.rank_naturals:
            if rank in stop_ranks or rank not in set_ranks:
                continue  # stop cards meld only to go out; other naturals never in sets
            held = sum(counts_of(hand))
            shapes = shapes_of.get(rank, ())
            if held or shapes:
                self.groups.append((rank, codes, *self._rank_gains(
                    rank, codes, held, counted, shapes, wild_total)))
        wild_shapes = shapes_of.get(None, ())
        if wild_total and (s.meld.wild_melds or wild_shapes):
            self.groups.append((None, (), *self._rank_gains(None, (), 0, counted,
                                                             wild_shapes, wild_total)))
        self.index = {group[0]: number for number, group in enumerate(self.groups)}
        self.usable = sum(group[3] for group in self.groups)
        """The naturals the ranks' sets could take at most, all ranks together."""
        self.free_kept = not s.strand_check
        """Whether a card that may be discarded always stays (PH-16; no such rule: true):
        one of ``free`` that is no wild card, of a rank whose sets can take none of its
        naturals. A play's cards never include it, and no play makes its rank's sets take
        more naturals than they could before."""
        if not self.free_kept:
            takes = {rank for rank, _codes, _gains, most in self.groups if most}
            is_wild = s.wild
            self.free_kept = any(hand[code] and not is_wild[code]
                                 and code // 4 + 2 not in takes for code in free)
        self.discard_groups: frozenset[int] = frozenset()
        """The groups whose naturals held may all be discarded (see :attr:`discards`)."""
        self.wild_discard = False
        """Whether the wild cards held may all be discarded (see :attr:`discards`)."""
        self.discards: bool | None = None
        """Where a discardable card must stay and none is sure to (PH-16): whether the
        judge can follow which cards a collection leaves may be discarded — each rank's
        naturals held, and the wild cards held, all may be or none may (then a second run
        of cells of :data:`_Slack` does) — or None where no card need be followed. Read
        at the first question that needs it (:meth:`_follows_discards`)."""
        self.discards_read = self.free_kept
        self.prefix: list[list[int]] = []
        self.suffix: list[list[int]] = []
        self.rests: dict[int, list[int]] = {}
        """Per group, by wild cards placed: the most the other ranks' naturals count (the
        prefix and suffix knapsacks joined; see :meth:`keeps`)."""
        self.slack_rests: dict[int, _Slack] | None = None
        """Per group, :attr:`rests` with the naturals the other ranks leave as a second
        dimension, made at the first play that needs it."""
        self.slack_sides: tuple[list[_Slack], list[_Slack]] = ([], [])
        """The knapsacks with that dimension of the ranks before each group and after
        it, made with the first of :attr:`slack_rests`."""
        self.alone: dict[int, list[int]] = {}
        """Per group, by the most wild cards that may go down: the most the other ranks
        count without it, the wild cards placed included (see :meth:`keeps_alone`)."""
        self.wild_worths: dict[tuple[int, ...], list[int]] = {}
        """:meth:`_wild_worth` by the counted copies of the wild codes."""
        self.answers: dict[tuple[object, ...], bool | None] = {}
        """:meth:`keeps` by what its answer depends on: plays of other suits or other wild
        cards often leave the same."""
        self.every_play: dict[int | None, bool] = {}
        """Per rank, whether :meth:`keeps_alone` holds for every play onto its sets."""
        self.each_play: dict[tuple[int, int], bool] = {}
        """:meth:`keeps_each` by rank and the most wild cards a play takes."""
        self.plays: dict[tuple[object, ...], bool | None] = {}
        """The answers of ``Game._counts_keep`` by the play's cards as the judge reads
        them (kept here so that they last one listing, as the judge does)."""
        self.out_of_reach: bool | None = None
        """Whether :meth:`reachable` says no, once asked (see :meth:`unreachable`)."""

    def _rank_gains(self, rank: int | None, codes: Sequence[int], held: int,
                    counted: Sequence[int], shapes: tuple[Shape, ...], wild_total: int
                    ) -> tuple[list[int], int]:
        """(what the ``held`` naturals of ``rank`` count by wild cards placed on its
        sets, or -1, the most naturals those sets can take)."""
        most = rank_most(self.game, rank, held, shapes, wild_total)
        prefix = self._rank_worth(rank, codes, [counted[code] for code in codes])
        last = len(prefix) - 1
        gains = [_NONE if n < 0 else prefix[min(n, last)] for n in most]
        return gains, max(most)

    def _rank_worth(self, rank: int | None, codes: Sequence[int], copies: Sequence[int]
                    ) -> list[int]:
        """:func:`counted_worth` of the naturals of ``rank``, ``copies[i]`` counted copies
        of ``codes[i]``: where every natural of the rank is worth the same (the rule
        set's ``rank_worth``), a multiple table, with no sort of the copies."""
        s = self.game._s
        worth = None if rank is None else s.rank_worth.get(rank)
        if worth is None:
            values = s.values
            return _prefix_sums(sorted((values[code] for code, count in zip(
                codes, copies, strict=True) for _ in range(count)), reverse=True))
        return [worth * taken for taken in range(sum(copies) + 1)]

    def _wild_worth(self, counted: Sequence[int]) -> list[int]:
        """By wild cards placed, what they count at most: the counted ones first, the
        most valuable of them first."""
        s = self.game._s
        wild_counted = tuple([counted[code] for code in s.wild_codes])
        return self._wild_worth_of(wild_counted)

    def _wild_worth_of(self, wild_counted: tuple[int, ...]) -> list[int]:
        """:meth:`_wild_worth` by the counted copies of each wild code (in the order of
        the rule set's ``wild_codes``)."""
        prefix = self.wild_worths.get(wild_counted)
        if prefix is None:
            values = self.game._s.values
            worth = sorted((values[code] for code, copies in zip(
                self.game._s.wild_codes, wild_counted, strict=True) for _ in range(copies)),
                reverse=True)
            prefix = self.wild_worths[wild_counted] = _prefix_sums(worth)
            prefix.extend([prefix[-1]] * (self.wild_total + 1 - len(prefix)))
        return prefix

    def _best(self, best: list[int], counted: Sequence[int]) -> int:
        """The most a collection counts with the naturals' ``best`` by wild cards placed."""
        return _best_with(best, self._wild_worth(counted))

    def _follows_discards(self) -> bool:
        """Whether the judge can answer where a collection might leave too few cards:
        :attr:`discards` is not False, read at the first call."""
        if not self.discards_read:
            self.discards_read = True
            self.discards = self._discard_ranks(self.free)
        return self.discards is not False

    def _discard_ranks(self, free: Sequence[int]) -> bool:
        """Sets :attr:`discard_groups` (the groups whose naturals held may all be
        discarded) and :attr:`wild_discard` (the wild cards held may all be); whether no
        rank's naturals, nor the wild cards, are some discardable and some not."""
        may = set(free)
        hand = self.hand
        found = set()
        for number, (_rank, codes, _gains, _most) in enumerate(self.groups):
            held = [code in may for code in codes if hand[code]]
            if all(held):
                found.add(number)
            elif any(held):
                return False
        wild = [code in may for code in self.game._s.wild_codes if hand[code]]
        if any(wild) and not all(wild):
            return False
        self.discard_groups = frozenset(found)
        self.wild_discard = bool(wild)
        return True

    def _stays(self, number: int, held: int) -> int | None:
        """For :func:`_slack_row`: where discardable cards are followed, the most
        naturals group ``number``'s sets may take, of ``held``, with one that may be
        discarded still in hand (-1: none of them may be); else None."""
        if not self.discards:
            return None
        return held - 1 if number in self.discard_groups else _NONE

    def _wilds_back(self, short: int) -> int | None:
        """How many wild cards a collection must keep back to leave the cards to keep
        (``short`` of them beyond those no play could take) and, where followed, one that
        may be discarded; None where wild cards kept back cannot be that one."""
        if not self.discards:
            return short
        return max(short, 1) if self.wild_discard else None

    def _never_short(self, size: int, usable: int, wild_held: int) -> bool:
        """Whether ``size`` cards held, of which at most ``usable`` naturals and
        ``wild_held`` wild cards could go down, always leave the cards to keep, a
        discardable one among them where one must stay (PH-16)."""
        return size - usable - wild_held >= self.keep and self.free_kept

    def reachable(self) -> bool | None:
        """Whether the position has a collection of plays that makes up the minimum (None
        where the judge reads sets only and finds none, or where a discardable card must
        stay, PH-16, and which cards left may be discarded cannot be followed rank by
        rank)."""
        best = [0] + [_NONE] * self.wild_total
        for _rank, _codes, gains, _most in self.groups:
            best = combined_gains(best, gains)
        if self._best(best, self.counted) < self.need:
            return None if self.sets_only else False
        if self._never_short(self.size, self.usable, self.wild_total):
            return True
        if not self._follows_discards():
            return None
        short = self.keep - (self.size - self.usable - self.wild_total)
        back = self._wilds_back(short)
        if back is not None and back <= self.wild_total and self._best(
                best[:self.wild_total - back + 1], self.counted) >= self.need:
            return True  # (one that keeps that many wild cards back)
        # (The last rank is joined as the answer is read; no rank at all is one that
        # places and leaves nothing.)
        slack = last = _slack_start(self.wild_total, self.keep, bool(self.discards))
        for number in range(len(self.groups)):
            if number:
                slack = _slack_combined(slack, last, self.keep)
            last = self._slack_gains(number)
        if _slack_reaches(slack, last, self._wild_worth(self.counted), short, self.need,
                          self.keep, self.wild_discard):
            return True
        return None if self.sets_only else False

    def unreachable(self) -> bool:
        """Whether no collection of the position makes up the minimum (:meth:`reachable`
        says no): then none does after any play, whose "no" :meth:`keeps` would give
        play by play. A collection after a play, with the play, is one of the position:
        the play counts what it takes off the need, and a rank's sets end the same
        whether its cards go down in one play or several (see the module's text)."""
        known = self.out_of_reach
        if known is None:
            known = self.out_of_reach = self.reachable() is False
        return known

    def after_play(self, codes: Sequence[int]) -> bool | None:
        """:meth:`reachable` of the position after a play of ``codes`` that changes no
        set (a sequence, or a lay-off on one, where the judge reads sets only): a judge
        of the cards it leaves."""
        hand, counted, need = self._left_by(codes)
        if need <= 0:
            return True
        return OwedCounts(self.game, need, hand, counted, self.melds,
                          self.size - len(codes), self.keep, self.free,
                          self.sets_only).reachable()

    def _left_by(self, codes: Sequence[int]) -> tuple[list[int], list[int], int]:
        """(the cards held, the counted ones, what is still owed) after a play of
        ``codes``."""
        hand = list(self.hand)
        counted = list(self.counted)
        need = self.need
        values = self.game._s.values
        for code in codes:
            hand[code] -= 1
            if counted[code]:  # (the counted copy goes down first, AS-23)
                counted[code] -= 1
                need -= values[code]
        return hand, counted, need

    def keeps_every(self, rank: int | None) -> bool:
        """Whether :meth:`keeps_alone` holds for every play onto the sets of ``rank``:
        the other ranks make up the minimum with every wild card taken, and the cards the
        rank's sets could take never leave too few. (What a play leaves of the cards that
        no play could take is the same whatever the play: its cards were all counted as
        ones a play might take.)"""
        known = self.every_play.get(rank)
        if known is None:
            number = self.index.get(rank)
            known = False
            if number is not None:
                # (What the other ranks count with no wild card placed: the first cells of
                # the knapsacks on either side, which need none.)
                if not self.prefix:
                    self._join_sides()
                before, after = self.prefix[number][0], self.suffix[number + 1][0]
                _rank, rank_codes, _gains, most = self.groups[number]
                held = sum(self.hand[code] for code in rank_codes)
                known = before >= 0 and after >= 0 and before + after >= self.need \
                    and self._never_short(self.size, self.usable - most + held,
                                          self.wild_total)
            self.every_play[rank] = known
        return known

    def keeps_each(self, rank: int, wild_most: int) -> bool:
        """Whether :meth:`keeps_alone` holds for every play onto the sets of ``rank`` that
        takes at most ``wild_most`` wild cards: the other ranks make up the minimum with
        the wild cards such a play leaves, whatever the play counts itself (nothing below
        zero where no natural of the rank is worth less), and the cards the rank's sets
        could take never leave too few (what a play leaves of the others is the same
        whatever the play, see :meth:`keeps_every`). The listing asks it once for all
        the plays of one memo entry (``Game._owed_plays``).

        >>> import canasta_family
        >>> game = canasta_family.new_game("canasta", players=4, seed=1)
        >>> hand = [0] * 53
        >>> for code in (44, 45, 46, 40, 41, 42, 28, 12, 0):   # K K K, Q Q Q, 9, 5, a 2
        ...     hand[code] = 1
        >>> judge = OwedCounts.of(game, 30, hand, hand, [], 9, 2)
        >>> judge.keeps_each(12, 1)   # whatever queens go down, the kings make 30
        True
        >>> judge.keeps_each(13, 1)   # and whatever kings go down, the queens do
        True
        >>> OwedCounts.of(game, 50, hand, hand, [], 9, 2).keeps_each(13, 1)
        False
        """
        wild_total = self.wild_total
        wild_most = min(wild_most, wild_total)
        known = self.each_play.get((rank, wild_most))
        if known is None:
            number = self.index.get(rank)
            known = False
            values = self.game._s.values
            if number is not None:
                _rank, rank_codes, _gains, most = self.groups[number]
                alone = self.alone.get(number)
                if alone is None:
                    alone = self.alone[number] = self._others_alone(number)
                held = sum(self.hand[code] for code in rank_codes)
                known = alone[wild_total - wild_most] >= self.need \
                    and all(values[code] >= 0 for code in rank_codes) \
                    and self._never_short(self.size, self.usable - most + held, wild_total)
            self.each_play[(rank, wild_most)] = known
        return known

    def keeps_alone(self, rank: int | None, codes: Sequence[int]) -> bool:
        """A quick sufficient test for :meth:`keeps`: whether the play of ``codes`` onto
        the sets of ``rank`` with the other ranks' best collection, the play's rank left
        as the play leaves it, makes up the minimum and can never be short of cards to
        keep. The wild cards the play takes cost the others no more than what they
        count, which the play counts itself, so the others' best with the wild cards it
        leaves is known per rank before any play (:attr:`alone`)."""
        number = self.index.get(rank)
        if number is None:
            return False
        s = self.game._s
        is_wild = s.wild
        naturals = tuple([code for code in codes if not is_wild[code]])
        wild_play = len(codes) - len(naturals)
        gained = _value_counted(naturals, self.counted, s.values)
        alone = self.alone.get(number)
        if alone is None:
            alone = self.alone[number] = self._others_alone(number)
        wild_left = self.wild_total - wild_play
        if gained + alone[wild_left] < self.need:
            return False
        _rank, rank_codes, _gains, old_most = self.groups[number]
        held = sum(self.hand[code] for code in rank_codes) - (len(codes) - wild_play)
        return self._never_short(self.size - len(codes), self.usable - old_most + held,
                                 wild_left)

    def _others_alone(self, number: int) -> list[int]:
        """By the most wild cards that may go down, the most the ranks but group
        ``number``'s count, with the wild cards they place."""
        rest = self._rest(number)
        wild_worth = self._wild_worth(self.counted)
        found: list[int] = []
        best = _NONE
        for placed, value in enumerate(rest):
            if value >= 0 and value + wild_worth[placed] > best:
                best = value + wild_worth[placed]
            found.append(best)
        return found

    def keeps(self, rank: int | None, codes: Sequence[int], shapes: tuple[Shape, ...]
              ) -> bool | None:
        """After the play of ``codes`` onto the sets of ``rank`` (None: a meld of wild
        cards only) that leaves that rank's sets as ``shapes`` (sorted): whether a
        collection still makes up the minimum (None where it might be short of the cards
        to keep)."""
        number = self.index.get(rank)
        if number is None:
            return None
        s = self.game._s
        _rank, rank_codes, _gains, old_most = self.groups[number]
        # Only the rank's cards, the wild cards and the minimum change with the play
        # (its counted copies go down first, AS-23): those are read, not the whole hand.
        wild_codes = s.wild_codes
        hand, counted = self.hand, self.counted
        held = [hand[code] for code in rank_codes]
        rank_counted = [counted[code] for code in rank_codes]
        wild_counted = [counted[code] for code in wild_codes]
        need = self.need
        values = s.values
        is_wild = s.wild
        wild_play = 0
        for code in codes:
            if is_wild[code]:
                wild_play += 1
                at = wild_codes.index(code)
                if wild_counted[at]:
                    wild_counted[at] -= 1
                    need -= values[code]
            else:
                at = rank_codes.index(code)
                held[at] -= 1
                if rank_counted[at]:
                    rank_counted[at] -= 1
                    need -= values[code]
        if need <= 0:
            return True
        wild_total = self.wild_total - wild_play
        key = (rank, shapes, need, tuple(held), tuple(rank_counted), tuple(wild_counted),
               wild_total)
        if key in self.answers:
            return self.answers[key]
        answer = self.answers[key] = self._keeps(number, rank, rank_codes, old_most,
                                                 sum(held), rank_counted,
                                                 tuple(wild_counted), shapes, need,
                                                 wild_total, len(codes))
        return answer

    def _keeps(self, number: int, rank: int | None, rank_codes: tuple[int, ...],
               old_most: int, held: int, rank_counted: list[int],
               wild_counted: tuple[int, ...], shapes: tuple[Shape, ...], need: int,
               wild_total: int, played: int) -> bool | None:
        """:meth:`keeps` once its play is read: ``held`` naturals of the rank and
        ``rank_counted`` counted copies of each of its codes, ``wild_counted`` of each wild
        code, as it leaves them; ``need`` still to count, ``wild_total`` wild cards held,
        ``played`` cards gone down."""
        most = rank_most(self.game, rank, held, shapes, wild_total)
        prefix = self._rank_worth(rank, rank_codes, rank_counted)
        last = len(prefix) - 1
        most_naturals = max(most)
        # (The other ranks' knapsack within fewer wild cards is the first cells of the
        # whole one.)
        rest = self._rest(number)[:wild_total + 1]
        wild_worth = self._wild_worth_of(wild_counted)
        # Most plays that leave no collection fall short even of the most that the other
        # ranks, this rank and the wild cards could count each on its own: only plays
        # that reach that bound need the knapsack joined.
        if max(rest) + prefix[min(most_naturals, last)] + wild_worth[wild_total] < need:
            return None if self.sets_only else False
        gains = [_NONE if n < 0 else prefix[min(n, last)] for n in most]
        joined = combined_gains(rest, gains)
        if _best_with(joined, wild_worth) < need:
            return None if self.sets_only else False
        usable = self.usable - old_most + most_naturals
        if self._never_short(self.size - played, usable, wild_total):
            return True
        if not self._follows_discards():
            return None
        # A collection might leave too few cards: the naturals left (the other ranks' and
        # this one's below the most their sets could take) and the wild cards kept must
        # make up what the cards no play could take fall short of, and where followed
        # leave one that may be discarded.
        short = self.keep - (self.size - played - usable - wild_total)
        back = self._wilds_back(short)
        if back is not None and back <= wild_total and _best_with(
                joined[:wild_total - back + 1], wild_worth) >= need:
            return True  # (one that keeps that many wild cards back)
        rest_slack = self._slack_rest(number)[:wild_total + 1]
        fills = rank_fills(self.game, rank, held, shapes, wild_total)
        row = _slack_row(fills, prefix, most_naturals, self.keep, self._stays(number, held))
        if _slack_reaches(rest_slack, row, wild_worth, short, need, self.keep,
                          self.wild_discard):
            return True
        return None if self.sets_only else False

    def _rest(self, number: int) -> list[int]:
        """By wild cards placed, the most the naturals of the ranks but group ``number``'s
        count (:attr:`rests`)."""
        rest = self.rests.get(number)
        if rest is None:
            if not self.prefix:
                self._join_sides()
            rest = self.rests[number] = combined_gains(self.prefix[number],
                                                       self.suffix[number + 1])
        return rest

    def _slack_gains(self, number: int) -> _Slack:
        """Group ``number``'s gains by wild cards placed and by naturals left below its
        most (up to the cards to keep), as the position holds it."""
        rank, codes, _gains, most = self.groups[number]
        held = sum(self.hand[code] for code in codes)
        fills = rank_fills(self.game, rank, held, self.shapes.get(rank, ()),
                           self.wild_total)
        prefix = self._rank_worth(rank, codes, [self.counted[code] for code in codes])
        return _slack_row(fills, prefix, most, self.keep, self._stays(number, held))

    def _slack_rest(self, number: int) -> _Slack:
        """:meth:`_rest` with the naturals the other ranks leave (see :meth:`keeps`): the
        knapsacks of the ranks before and after group ``number`` joined, as
        :meth:`_join_sides` does for :meth:`_rest`."""
        rests = self.slack_rests
        if rests is None:
            rests = self.slack_rests = {}
            # (Made at the first play that needs it: most judges are never asked.)
            keep = self.keep
            best = _slack_start(self.wild_total, keep, bool(self.discards))
            prefix = [best]
            gains = [self._slack_gains(number) for number in range(len(self.groups))]
            for row in gains[:-1]:
                best = _slack_combined(best, row, keep)
                prefix.append(best)
            best = _slack_start(self.wild_total, keep, bool(self.discards))
            suffix = [best]
            for row in reversed(gains[1:]):
                best = _slack_combined(best, row, keep)
                suffix.append(best)
            suffix.reverse()
            self.slack_sides = (prefix, suffix)
        rest = rests.get(number)
        if rest is None:
            prefix, suffix = self.slack_sides
            rest = rests[number] = _slack_combined(prefix[number], suffix[number],
                                                   self.keep)
        return rest

    def _join_sides(self) -> None:
        """The knapsacks of the ranks before each rank and after it."""
        size = self.wild_total + 1
        best = [0] + [_NONE] * (size - 1)
        self.prefix = [best]
        for _rank, _codes, gains, _most in self.groups:
            best = combined_gains(best, gains)
            self.prefix.append(best)
        best = [0] + [_NONE] * (size - 1)
        suffix = [best]
        for _rank, _codes, gains, _most in reversed(self.groups):
            best = combined_gains(best, gains)
            suffix.append(best)
        self.suffix = suffix[::-1]
