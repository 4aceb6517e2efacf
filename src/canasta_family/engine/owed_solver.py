"""The owed initial meld decided on counts, sequences included (AS-23).

After a pile take short of the minimum, the collection search (``_CollectionWalk``)
looks for qualifying plays — new melds and lay-offs on the side's melds, each counting
only the cards held before the take — that make up the rest and leave the cards to keep.
It walks orders of plays, and in a big hand with sequences it can spend its budget
without an answer. :class:`OwedSolver` answers the same question on the same plays
exactly, with no budget, by a dynamic programme over the ranks.

What a collection counts depends only on how many copies of each card it melds: each
card's counted copies go down first, so ``p`` copies of a code count
``min(p, counted) × value``. The plays of a collection touch the ranks in a fixed way:

* sets take naturals of one rank and wild cards; whether a rank's sets can take ``n``
  naturals and ``w`` wild cards together is read off the plays listed for that rank (new
  sets, at most one where a side keeps one meld per rank, and at most one lay-off on each
  of its sets), by their shapes: the set rules judge a set by its naturals and wild
  cards, never by their suits or by which wild cards they are (``_Static.count_solver``);
* sequences take one card of a suit at each rank of a stretch; the stretches are those
  of the sequences listed;
* lay-offs on the side's sequences are chosen up front, one or none per sequence (a
  handful of ways), and the walk runs once per choice.

So the walk goes up the ranks with the state (sequences open in each suit, by the rank
they started at; wild cards the sets took; cards left in hand so far, counted up to the
number to keep), and keeps per state the most the naturals melded count. A rank's
cards go the same ways from every state with the same open sequences: those ways are
folded suit by suit once (:meth:`OwedSolver._fold`), then joined with each state's wild
cards. At the end the wild cards placed count the most valuable counted ones first. A
collection exists exactly when some final state, its open sequences closed, counts the
need and leaves the cards to keep.

Where the plays are of a kind it does not read (melds of wild cards only, wild cards in
sequences, a set waiting for a canasta of its rank, PH-10), where a discardable card must
stay (PH-16), or where a variant's own meld check judges plays, :meth:`OwedSolver.of`
gives None and the search decides alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from canasta_family.engine.constructors import _RUN, _SET
from canasta_family.engine.initial_meld_bound import counted_worth
from canasta_family.melds import Meld

if TYPE_CHECKING:
    from canasta_family.engine.game import Game
    from canasta_family.engine.initial_meld_search import _Play
    from canasta_family.engine.rule_set import _Static

_ACE = 14
_Opens = tuple[tuple[int, ...], ...]
"""Per suit, the ranks the sequences still open started at (sorted)."""
_DpState = tuple[_Opens, int, int]
"""(open sequences, wild cards the sets took, cards left in hand so far, at most the
number to keep)."""
_SuitWay = tuple[tuple[int, ...], int, int, int]
"""One way the cards of one suit at one rank go: (the sequences open after the rank,
cards melded, cards to the rank's sets, cards left in hand)."""

_NO_OPEN: _Opens = ((), (), (), ())
_MOST_LAYOFF_CHOICES = 64
"""Beyond this many ways to lay off on the side's sequences together, the walk per way
costs more than the search; the solver then does not answer."""


class OwedSolver:
    """Whether the qualifying ``plays`` of a position (``Game._qualifying_plays``) hold a
    collection that makes up an owed initial meld (see the module's text).

    >>> import canasta_family
    >>> from canasta_family.cards import NUM_CODES
    >>> game = canasta_family.new_game("samba", players=4, seed=3)
    >>> hand = [0] * NUM_CODES
    >>> for code in (8, 12, 16, 44, 45, 46):  # 4c 5c 6c and three kings
    ...     hand[code] = 1
    >>> plays = game._qualifying_plays(hand[:], [], None, hand, True)
    >>> solver = OwedSolver.of(game, plays, [], hand, hand, 8, 2)
    >>> solver.reaches(45), solver.reaches(50)  # 15 for the run, 30 for the kings
    (True, False)
    """

    __slots__ = ("considered", "counted", "hand", "keep", "run_layoffs", "runs",
                 "set_ways", "size", "values", "wild_total", "wild_worth")

    def __init__(self, hand: Sequence[int], counted: Sequence[int], values: Sequence[int],
                 size: int, keep: int, considered: list[int],
                 runs: list[set[tuple[int, int]]], run_layoffs: list[list[tuple[int, ...]]],
                 set_ways: dict[int, dict[int, tuple[int, ...]]], wild_worth: list[int]
                 ) -> None:
        self.hand = hand
        self.counted = counted
        self.values = values
        self.size = size
        self.keep = keep
        self.considered = considered
        """The natural codes some play melds, ascending."""
        self.runs = runs
        """Per suit, the stretches (lowest rank, highest) of the new sequences listed."""
        self.run_layoffs = run_layoffs
        """Per sequence of the side's, the cards of each lay-off listed on it."""
        self.set_ways = set_ways
        """Per rank, by naturals, the wild cards its sets can take with them
        (:func:`_set_ways`)."""
        self.wild_worth = wild_worth
        """By wild cards placed, the most they count (the counted ones first)."""
        self.wild_total = len(wild_worth) - 1

    @staticmethod
    def of(game: Game, plays: Sequence[_Play], melds: Sequence[Meld], hand: Sequence[int],
           counted: Sequence[int], size: int, keep: int) -> OwedSolver | None:
        """The solver of a position (its qualifying ``plays``, the side's ``melds``, the
        cards ``hand`` of which ``counted`` count, ``size`` cards held, ``keep`` to
        leave), or None where it does not read the rules or the plays."""
        s = game._s
        if not OwedSolver.reads(s):
            return None
        is_wild = s.wild
        one_new_set = s.joins_sets
        # By rank: the shapes (naturals, wild cards) of new sets, and of the lay-offs on
        # each of its sets by meld index.
        new_sets: dict[int, set[tuple[int, int]]] = {}
        set_layoffs: dict[int, dict[int, set[tuple[int, int]]]] = {}
        runs: list[set[tuple[int, int]]] = [set(), set(), set(), set()]
        run_layoffs: dict[int, set[tuple[int, ...]]] = {}
        considered: set[int] = set()
        for codes, _value, index, _open_key, _set_key in plays:
            naturals = [code for code in codes if not is_wild[code]]
            wild = len(codes) - len(naturals)
            considered.update(naturals)
            ranks = {code // 4 + 2 for code in naturals}
            if index >= 0:
                meld = melds[index]
                if meld.kind is _SET and meld.rank is not None \
                        and ranks <= {int(meld.rank)}:
                    set_layoffs.setdefault(int(meld.rank), {}).setdefault(
                        index, set()).add((len(naturals), wild))
                elif meld.kind is _RUN and not wild:
                    run_layoffs.setdefault(index, set()).add(tuple(codes))
                else:
                    return None  # (on a meld of wild cards only)
            elif len(ranks) == 1:
                new_sets.setdefault(ranks.pop(), set()).add((len(naturals), wild))
            else:
                suits = {code % 4 for code in naturals}
                low, high = min(ranks, default=0), max(ranks, default=0)
                if wild or len(suits) != 1 or len(ranks) != len(naturals) \
                        or high - low + 1 != len(naturals):
                    return None  # a meld of wild cards only, or one with them in order
                runs[suits.pop()].add((low, high))
        ways = 1
        for options in run_layoffs.values():
            ways *= len(options) + 1
        if ways > _MOST_LAYOFF_CHOICES:
            return None
        wild_total = sum(hand[code] for code in s.wild_codes)
        held_of = {rank: sum(hand[(rank - 2) * 4 + suit] for suit in range(4))
                   for rank in set(new_sets) | set(set_layoffs)}
        set_ways = {rank: _set_ways(new_sets.get(rank, set()), set_layoffs.get(rank, {}),
                                    one_new_set, held_of[rank], wild_total)
                    for rank in held_of}
        # (wild cards beyond the counted ones count nothing more)
        worth = counted_worth(s.values, s.wild_codes, counted)
        worth.extend([worth[-1]] * (wild_total + 1 - len(worth)))
        solver = OwedSolver(hand, counted, s.values, size, keep, sorted(considered), runs,
                            [sorted(options) for _index, options
                             in sorted(run_layoffs.items())], set_ways, worth)
        return solver

    @staticmethod
    def reads(s: _Static) -> bool:
        """Whether the solver reads the rules ``s`` (the plays aside): rules of data
        (``count_solver``), no meld check of a variant's own, no discardable card that
        must stay (PH-16), sequences without wild cards at places or a low ace, and no
        second set of a rank on the table waiting for a canasta of the first (PH-10)."""
        return s.count_solver and not (
            s.custom_meld_check or s.strand_check or s.positional or s.meld.run_ace_low
            or (s.joins_sets and not s.meld.one_meld_per_rank))

    def reaches(self, need: int) -> bool:
        """Whether a collection of the plays counts at least ``need`` and leaves the
        cards to keep."""
        if need <= 0:
            return True
        hand = self.hand
        considered = self.considered
        others = self.size - sum(hand[code] for code in considered) - self.wild_total
        for laid in product(*[[(), *options] for options in self.run_layoffs]):
            left = list(hand)
            counted = list(self.counted)
            value = 0
            short = False
            for codes in laid:
                for code in codes:
                    if not left[code]:
                        short = True
                    left[code] -= 1
                    if counted[code]:
                        counted[code] -= 1
                        value += self.values[code]
            if short:
                continue
            if self._walk(left, counted, need - value, others):
                return True
        return False

    def _walk(self, hand: list[int], counted: list[int], need: int, others: int) -> bool:
        """:meth:`reaches` with the sequences' lay-offs made: ``hand`` and ``counted``
        what they leave, ``need`` still to count, ``others`` the cards held that no play
        here takes (besides the wild cards)."""
        keep = self.keep
        set_ways = self.set_ways
        wild_total = self.wild_total
        start = min(others, keep)
        states: dict[_DpState, int] = {(_NO_OPEN, 0, start): 0}
        considered = set(self.considered)
        # (from the lowest rank with a natural to meld or a set to take wild cards)
        first = min([code // 4 + 2 for code in considered] + list(set_ways), default=None)
        if first is None:
            return False
        for rank in range(first, _ACE + 2):
            ways_of = set_ways.get(rank)
            codes = [(rank - 2) * 4 + suit for suit in range(4)]
            held = [hand[code] if rank <= _ACE and code in considered else 0
                    for code in codes]
            new_states: dict[_DpState, int] = {}
            suit_memo: dict[tuple[int, tuple[int, ...]], list[_SuitWay]] = {}
            # The rank's cards go the same ways from every state with the same open
            # sequences, whatever wild cards and cards kept lie below: folded once.
            folds: dict[_Opens, dict[tuple[_Opens, int, int], int]] = {}
            for (opens, used, left), value in states.items():
                fold = folds.get(opens)
                if fold is None:
                    fold = folds[opens] = self._fold(opens, rank, held, codes, counted,
                                                     ways_of is not None, suit_memo)
                for (now_open, to_sets, stay), gained in fold.items():
                    if to_sets:
                        assert ways_of is not None
                        wilds = ways_of.get(to_sets)
                        if not wilds:
                            continue
                    else:
                        wilds = ways_of.get(0, (0,)) if ways_of is not None else (0,)
                    now_left = min(keep, left + stay)
                    total = value + gained
                    for wild in wilds:
                        if used + wild > wild_total:
                            break
                        after = (now_open, used + wild, now_left)
                        if new_states.get(after, -1) < total:
                            new_states[after] = total
            states = new_states
            if not states:
                return False
        worth = self.wild_worth
        for (_opens, used, left), value in states.items():
            if value + worth[used] >= need and left + wild_total - used >= keep:
                return True
        return False

    def _fold(self, opens: _Opens, rank: int, held: list[int], codes: list[int],
              counted: list[int], sets: bool,
              suit_memo: dict[tuple[int, tuple[int, ...]], list[_SuitWay]]
              ) -> dict[tuple[_Opens, int, int], int]:
        """The ways the cards ``held`` of ``rank`` (by suit; their ``codes``) go from the
        open sequences ``opens``, suit after suit: by (the sequences open after the rank,
        the naturals going to its sets, the cards left in hand, up to the number to
        keep), the most the naturals melded count. ``sets``: whether the rank has sets
        to take naturals. ``suit_memo``: each suit's ways, shared by the rank's folds."""
        keep = self.keep
        values = self.values
        partial: dict[tuple[_Opens, int, int], int] = {((), 0, 0): 0}
        for suit in range(4):
            key = (suit, opens[suit])
            suit_ways = suit_memo.get(key)
            if suit_ways is None:
                suit_ways = suit_memo[key] = _suit_ways(self.runs[suit], opens[suit], rank,
                                                        held[suit], sets)
            if not suit_ways:
                return {}
            code = codes[suit]
            worth = values[code] if rank <= _ACE else 0
            most = counted[code] if rank <= _ACE else 0
            grown: dict[tuple[_Opens, int, int], int] = {}
            for (before, to_sets, stay), gained in partial.items():
                for now_open, melded, to_set, left in suit_ways:
                    after = ((*before, now_open), to_sets + to_set,
                             min(keep, stay + left))
                    total = gained + worth * (melded if melded < most else most)
                    if grown.get(after, -1) < total:
                        grown[after] = total
            partial = grown
        return partial


def _set_ways(new_sets: set[tuple[int, int]], layoffs: dict[int, set[tuple[int, int]]],
              one_new_set: bool, held: int, wild_total: int) -> dict[int, tuple[int, ...]]:
    """By naturals, the numbers of wild cards (ascending) a rank's sets can take together:
    new sets of the shapes ``new_sets`` (at most one where ``one_new_set``), and at most
    one lay-off of the shapes ``layoffs[index]`` on each of its sets; at most ``held``
    naturals and ``wild_total`` wild cards.

    >>> _set_ways({(3, 0), (2, 1)}, {}, False, 5, 1)
    {0: (0,), 2: (1,), 3: (0,), 5: (1,)}
    """
    reach = {(0, 0)}
    for shapes in layoffs.values():
        reach |= {(n + a, w + b) for n, w in reach for a, b in shapes
                  if n + a <= held and w + b <= wild_total}
    if one_new_set:
        reach |= {(n + a, w + b) for n, w in reach for a, b in new_sets
                  if n + a <= held and w + b <= wild_total}
    else:
        frontier = reach
        while frontier:
            frontier = {(n + a, w + b) for n, w in frontier for a, b in new_sets
                        if n + a <= held and w + b <= wild_total} - reach
            reach |= frontier
    ways: dict[int, list[int]] = {}
    for n, w in sorted(reach):
        ways.setdefault(n, []).append(w)
    return {n: tuple(wilds) for n, wilds in ways.items()}


def _suit_ways(runs: set[tuple[int, int]], opens: tuple[int, ...], rank: int, held: int,
               sets: bool) -> list[_SuitWay]:
    """The ways ``held`` cards of one suit at ``rank`` go, with sequences open from the
    ranks ``opens``: each open sequence either takes a card or ends below ``rank`` (where
    ``runs`` holds its stretch), new sequences start here (where a stretch of ``runs``
    does), cards go to the rank's sets (where ``sets``) or stay in hand."""
    ways: list[_SuitWay] = []
    count = len(opens)
    starts_here = any(low == rank for low, _high in runs)
    for mask in range(1 << count):
        going = [opens[i] for i in range(count) if mask >> i & 1]
        if len(going) > held:
            continue
        if any((opens[i], rank - 1) not in runs for i in range(count) if not mask >> i & 1):
            continue  # a sequence ending here must be one of the stretches listed
        if any(not any(low == start and high >= rank for low, high in runs)
               for start in going):
            continue
        rest = held - len(going)
        for started in range(rest + 1 if starts_here else 1):
            for to_sets in range(rest - started + 1 if sets else 1):
                stay = rest - started - to_sets
                now = tuple(sorted(going + [rank] * started))
                ways.append((now, len(going) + started + to_sets, to_sets, stay))
    return ways
