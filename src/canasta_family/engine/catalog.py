"""The catalog: every memo table of the engine, and the numbering of its actions.

One :class:`Catalog` holds the tables of one set of meld rules, canasta rules and card
values; every game whose rules print the same shares it. Its tables only grow: nothing is
evicted in place, because a listing may be holding action numbers from them. Instead the
:class:`CacheOwner` (one per process, :data:`CACHES`) gives each game operation the
current catalog (``pin``), and when a catalog has grown past the limit it puts a new one
in its place, empty but for the plain rule answers it carries over
(:meth:`Catalog.successor`); games still working in the old one finish their operation
there and take the new one with their next. So numbers never change meaning under a
reader, memory is bounded, and no table is emptied while another thread reads it.

>>> from canasta_family import cache_info
>>> cache_info().limit > 0
True
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterator, Sequence, Sized
from typing import Any

import attrs

from canasta_family.actions import (
    Ask,
    LayOff,
    MakeMeld,
    Merge,
    PickUp,
    TakePile,
)
from canasta_family.cards import JOKER_CODE, NUM_CODES, Card
from canasta_family.engine.codes import CARDS
from canasta_family.engine.constructors import _make, _new_layoff
from canasta_family.melds import Meld

_Candidate = tuple[tuple[int, ...], int, "str | None", int, "int | None", int]
"""(codes, value, canasta kind, wilds, set rank, action number) of a possible new meld: its
``MakeMeld`` is ``tables.meld_actions[number]``."""

_Entry = tuple["tuple[_Candidate, ...] | None", tuple[int, ...], int, "int | None",
               "tuple[tuple[int, ...], tuple[int, ...]] | None"]
"""The new melds of one rank (or of the wild cards, or of one suit's runs) a hand allows:
(candidates, their action numbers, the size of the largest, the set rank or None, the
memo key of a set rank's entry).

The entries of set ranks leave their candidates out (None): most listings need only the
numbers, and the candidates were most of the memo's memory. ``_rank_cands`` makes them
from the key when a listing or a search needs them.

Memo entries hold numbers, not the action objects: a tuple of plain numbers and strings is
left alone by Python's cyclic garbage collector, and the memo holds hundreds of thousands
of them after a few hundred hands — full collections scanning them cost a quarter of a
simulation's time when they held the actions."""
_LayoffCandidates = tuple[tuple[tuple[int, ...], "str | None"], ...]
_LayoffTemplate = tuple[int, tuple[int, ...], tuple["str | None", ...]]
"""A natural set's lay-offs as (first natural code of its rank, shape numbers of the
candidates, their canasta kinds): what the candidates are made from (see
``_LayoffCodes``)."""
_LayoffEntry = tuple["_LayoffCandidates | None", int, tuple[int, ...], "_LayoffTemplate | None"]
"""Lay-offs on one meld shape: (candidates, most cards laid off at once, the numbers of
their ``LayOff`` actions onto meld index 0, the template they come from). The action onto
meld ``index`` has the number plus ``index`` (see ``_LayoffActions``): plain numbers, which
the collector skips, and one tuple for every index.

Entries on sets of naturals leave their candidates out (None) and keep their template:
most listings copy the numbers and never look at a candidate, and a fresh process makes
thousands of these entries (``Game._layoff_cands`` makes the candidates when asked).
Entries from the plain search (runs, wild-card melds, black 3s) keep their candidates."""
_NO_LAYOFFS: _LayoffEntry = ((), 0, (), None)
_NO_SET: _Entry = ((), (), 0, None, None)
"""What ``Catalog.sets_held`` keeps for counts that make no set of their rank."""
_WildPart = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""A subset of the wild cards held as (value, its codes below a set's naturals, those
above, its serial number in ``Catalog.wild_serials``)."""
_MELD_INDEXES = 4096
"""More melds than one side can hold (a deck of at most 216 cards)."""
_TakeEntry = tuple[tuple[tuple[tuple[int, ...], int, int, "str | None", int, int], ...],
                   "tuple[TakePile, ...]", int, int]
"""The pair takes of the pile the shape rules allow for one memo key (see
``Game._pair_take_entry``): their candidates as (codes from hand, how many, wild cards,
canasta kind, value of the codes, value of their naturals), in listing order; their
actions in the same order, a tuple apart so that the candidates stay plain data the
collector skips; the most cards any takes from hand; the least value of any (0 when
there is none). Values leave out the top card and the pile."""
_PlayableRows = tuple[tuple[int, int, int, int, int, int, int], ...]
"""The set ranks but 3 as ``Game._playable_value`` walks them, for one count of wild
cards (see ``Game._playable_rows``)."""
_MOST_OF_A_RANK = 16
"""More cards of one rank than a deck holds (at most 216 cards, four decks)."""
_WildList = tuple[tuple[tuple[int, ...], int, int], ...]
"""Sub-multisets of the wild cards held as (codes, value, count), smallest first."""

_LAYOFF_FIELD = 5
"""Bits per count in a lay-off shape's number: a deck of at most 216 cards holds at most
four of a natural or a 2 and eight jokers."""
_LAYOFF_POSITIONS = tuple(1 << (_LAYOFF_FIELD * p) for p in range(4))
"""What one natural at each suit position adds to a shape's number (before the shift)."""
_LAYOFF_MASK = (1 << _LAYOFF_FIELD) - 1
_STANDARD_WILD = (0, 1, 2, 3, JOKER_CODE)
"""The wild codes of a catalog made without rules (doctests): jokers and 2s."""

# The catalog's tables that make their entries when first asked hold the other tables
# and values they need, never the catalog itself: a table that refers back to its catalog
# is a reference cycle, which would keep a retired catalog and everything in it until the
# cyclic collector ran.


def _shared_cards(card_tuples: dict[tuple[int, ...], tuple[Card, ...]],
                  codes: tuple[int, ...]) -> tuple[Card, ...]:
    """The one tuple of the cards of ``codes`` in ``card_tuples`` (see
    :meth:`Catalog.cards_of`)."""
    cards = card_tuples.get(codes)
    if cards is None:
        cards = card_tuples[codes] = tuple([CARDS[c] for c in codes])
    return cards


def _code_number(ids: dict[tuple[int, ...], int], code_list: list[tuple[int, ...]],
                 numbering: threading.Lock, codes: tuple[int, ...]) -> int:
    """The number of the lay-off codes ``codes`` in ``code_list`` (``ids`` by codes), given
    under ``numbering`` when first asked (see :meth:`Catalog.layoff_code_number`)."""
    number = ids.get(codes)
    if number is None:
        with numbering:
            number = ids.get(codes)
            if number is None:
                # The codes are in place before their number is published, and no other
                # thread hands out a number meanwhile: two code tuples never share one.
                code_list.append(codes)
                number = len(code_list) - 1
                ids[codes] = number
    return number


class _LayoffActions(dict[int, "LayOff"]):
    """Every ``LayOff`` by action number: the number of its codes in
    ``Catalog.layoff_code_list`` (``code_list``) times ``_MELD_INDEXES``, plus its meld
    index. Made when first asked, so that a memo entry's numbers serve every meld index
    (as for new melds, the entries hold numbers the garbage collector need not scan, see
    ``_Entry``)."""

    __slots__ = ("card_tuples", "code_list")

    def __init__(self, card_tuples: dict[tuple[int, ...], tuple[Card, ...]],
                 code_list: list[tuple[int, ...]]) -> None:
        super().__init__()
        self.card_tuples = card_tuples
        self.code_list = code_list

    def __missing__(self, number: int) -> LayOff:
        action = _new_layoff(number % _MELD_INDEXES, _shared_cards(
            self.card_tuples, self.code_list[number // _MELD_INDEXES]))
        self[number] = action
        return action


class _LayoffCodes(dict[int, tuple[int, ...]]):
    """The codes of lay-off shapes by shape number on the set whose first natural code is
    ``base``, each made when first asked. A shape is a lay-off whatever the rank: how many
    naturals of each suit position and of each wild card it holds, packed in a number
    (``_LAYOFF_FIELD`` bits a count), which is all its codes depend on beside the rank.
    Codes ascending, as ``Game._layoff_search`` gives them: the wild cards below the
    rank, its naturals, the wild cards above."""

    __slots__ = "base", "nat_shift", "nats", "wild_bits", "wild_codes", "wild_parts"

    def __init__(self, base: int, catalog: Catalog) -> None:
        super().__init__()
        self.base = base
        self.wild_codes = catalog.wild_codes
        self.wild_bits = catalog.layoff_wild_bits
        self.nat_shift = catalog.layoff_nat_shift
        self.wild_parts: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        """The wild cards below and above the rank of the wild part of a shape's number:
        a few thousand at most (four decks hold four of each 2 and eight jokers)."""
        self.nats: dict[int, tuple[int, ...]] = {}
        """The codes of the naturals of a shape by their part of its number."""

    def __missing__(self, number: int) -> tuple[int, ...]:
        wild = number & self.wild_bits
        parts = self.wild_parts.get(wild)
        if parts is None:
            codes = [code for i, code in enumerate(self.wild_codes)
                     for _ in range(wild >> (_LAYOFF_FIELD * i) & _LAYOFF_MASK)]
            below = bisect_left(codes, self.base)
            parts = self.wild_parts[wild] = (tuple(codes[:below]), tuple(codes[below:]))
        nat = number >> self.nat_shift
        nats = self.nats.get(nat)
        if nats is None:
            base = self.base
            nats = self.nats[nat] = tuple([base + p for p in range(4)
                                           for _ in range(nat >> (_LAYOFF_FIELD * p)
                                                          & _LAYOFF_MASK)])
        found = self[number] = parts[0] + nats + parts[1]
        return found


class _LayoffNumbers(dict[int, int]):
    """The ``LayOff`` action numbers onto meld index 0 (see ``_LayoffActions``) by shape
    number, on the set whose first natural code is ``codes.base``, each found when first
    asked: a template's numbers are then one C-level ``map`` over its shape numbers."""

    __slots__ = ("code_list", "codes", "ids", "numbering")

    def __init__(self, codes: _LayoffCodes, catalog: Catalog) -> None:
        super().__init__()
        self.codes = codes
        self.ids = catalog.layoff_code_ids
        self.code_list = catalog.layoff_code_list
        self.numbering = catalog.numbering

    def __missing__(self, shape: int) -> int:
        number = self[shape] = _code_number(self.ids, self.code_list, self.numbering,
                                            self.codes[shape]) * _MELD_INDEXES
        return number


class Catalog:
    """Memo tables that depend only on a game's meld rules, canasta rules and card values,
    shared by every game whose rules print the same (see :meth:`_Static.__init__`), and
    the actions and card tuples they hand out.

    Every table only grows; :class:`CacheOwner` retires the whole catalog when it is full.
    Action numbers are handed out under ``numbering``, the codes stored before the number
    is published, so two card sets never share a number. ``wild_codes`` are the rules'
    wild cards, which lay-off shape numbers count.
    """

    __slots__ = (
        "by_rank",
        "card_tuples",
        "entries",
        "indexed_actions",
        "layoff_actions",
        "layoff_cand_lists",
        "layoff_code_ids",
        "layoff_code_list",
        "layoff_code_numbers",
        "layoff_codes",
        "layoff_nat_shift",
        "layoff_numbers",
        "layoff_room",
        "layoff_rows",
        "layoff_sig_ids",
        "layoff_sigs",
        "layoff_templates",
        "layoff_wild_bits",
        "layoff_wild_units",
        "layoffs",
        "layoffs_held",
        "made_melds",
        "meld_actions",
        "meld_ids",
        "meld_rows",
        "melds",
        "merge_actions",
        "merge_ok",
        "nat_subs",
        "numbering",
        "ok_ws",
        "out_moves",
        "out_rank_options",
        "out_suit_steps",
        "pair_takes",
        "pairs",
        "plain_parts",
        "playable_rows",
        "rank_cands",
        "reach_rank_fills",
        "reach_rank_most",
        "set_ok",
        "sets_held",
        "submultiset_lists",
        "take_actions",
        "uses",
        "wild_codes",
        "wild_groups",
        "wild_lists",
        "wild_serials",
        "wild_subsets",
    )

    def __init__(self, wild_codes: tuple[int, ...] = _STANDARD_WILD) -> None:
        self.wild_codes = wild_codes
        units = [0] * NUM_CODES
        for i, code in enumerate(wild_codes):
            units[code] = 1 << (_LAYOFF_FIELD * i)
        self.layoff_wild_units = tuple(units)
        """What one of each wild card adds to a lay-off shape's number, by code."""
        self.layoff_nat_shift = _LAYOFF_FIELD * len(wild_codes)
        """The naturals' counts sit above the wild cards' counts in a shape's number."""
        self.layoff_wild_bits = (1 << self.layoff_nat_shift) - 1
        self.uses = 0
        """Operations pinned to this catalog (a heuristic count: threads may lose an
        increment), which spaces out the owner's size checks."""
        self.card_tuples: dict[tuple[int, ...], tuple[Card, ...]] = {}
        self.take_actions: dict[tuple[int, ...], TakePile] = {}
        self.merge_actions: dict[tuple[int, int], Merge] = {}
        self.indexed_actions: dict[tuple[type, int], Any] = {}
        self.submultiset_lists: dict[tuple[tuple[tuple[int, int], ...], int, int],
                                     tuple[tuple[int, ...], ...]] = {}
        self.pairs: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        self.wild_serials: dict[tuple[int, ...], int] = {}
        """A serial number for every subset of wild cards (by its codes) met: there are a
        few hundred at most."""
        self.layoff_code_list: list[tuple[int, ...]] = []
        """The codes of every lay-off met, by their number."""
        self.layoff_code_ids: dict[tuple[int, ...], int] = {}
        """The number of each lay-off's codes in ``layoff_code_list``."""
        self.layoff_actions = _LayoffActions(self.card_tuples, self.layoff_code_list)
        self.by_rank: dict[tuple[int, ...],
                           tuple[int, dict[tuple[int, ...], _Entry]]] = {}
        """(wild room, entries by clamped wild counts) by (rank, natural counts...)."""
        self.entries: dict[tuple[object, ...], _Entry] = {}
        self.sets_held: dict[tuple[int, int, int, int, int, tuple[int, ...]], _Entry] = {}
        """The entries of ``by_rank`` by (rank, its four natural counts, the wild counts)
        as held, ``_NO_SET`` where the counts make no set of the rank."""
        self.rank_cands: dict[tuple[tuple[int, ...], tuple[int, ...]],
                              tuple[_Candidate, ...]] = {}
        """The candidates of set-rank entries by their memo key (see ``_Entry``)."""
        self.meld_actions: list[MakeMeld] = []
        """The ``MakeMeld`` of every action number in the memo entries."""
        self.numbering = threading.Lock()
        """Held while a new action number is handed out, so that two threads can never
        give two card sets one number (the listing trusts the numbers it reads)."""
        self.meld_ids: dict[tuple[int, ...], int] = {}
        """The action number of the meld of each code tuple."""
        self.meld_rows: dict[tuple[int, ...], dict[int, int]] = {}
        """The action numbers of the sets of some naturals by the serial number of the
        wild cards with them (``wild_serials``): what ``meld_ids`` says, a faster way."""
        self.layoffs: dict[tuple[object, ...], _LayoffEntry] = {}
        """Lay-off entries by the meld's shape and the cards that could join it, the wild
        cards clamped to the most the meld can take."""
        self.layoffs_held: dict[tuple[object, ...], _LayoffEntry] = {}
        """The same entries on sets by the meld's shape and the counts held as they are:
        one lookup, where the clamped key needs the meld's wild room first."""
        self.layoff_room: dict[tuple[object, ...], int] = {}
        self.layoff_numbers: dict[_LayoffCandidates, tuple[int, ...]] = {}
        """The action numbers of these lay-offs onto meld index 0 (see ``_LayoffEntry``):
        entries with the same lay-offs share one tuple."""
        self.layoff_sigs: dict[tuple[object, ...],
                               tuple[int, tuple[tuple[bool, str | None], ...]]] = {}
        """The join grid of a natural set's shape (``layoff_room``'s key) as its number in
        ``layoff_sig_ids``: whether ``n`` naturals and ``w`` wild cards may join it, and the
        canasta kind they make, for every count the hand and the wild room allow; with the
        grid itself, by ``naturals * (room + 1) + wild cards``."""
        self.layoff_sig_ids: dict[tuple[int, int, tuple[tuple[bool, str | None], ...]],
                                  int] = {}
        """A number for every join grid met: ranks and meld sizes with the same grid share
        their lay-off templates."""
        self.layoff_templates: dict[tuple[int, ...], tuple[tuple[int, ...],
                                                           tuple[str | None, ...], int]] = {}
        """The lay-offs on a natural set, whatever its rank, by (join grid number, natural
        counts by suit position, wild counts clamped to the room): the shape numbers of the
        candidates (see ``_LayoffCodes``), their canasta kinds and the most cards of one."""
        self.layoff_rows: dict[tuple[int, ...],
                               tuple[tuple[int, ...], tuple[str | None, ...], int]] = {}
        """The wild cards that may join some naturals, by (join grid number, how many
        naturals, wild counts clamped to the room): the wild part of the shape numbers of
        each subset that may join, in the search's order, their canasta kinds and the most
        wild cards of one (-1: none)."""
        self.layoff_cand_lists: dict[tuple[int, int], tuple[tuple[int, ...],
                                                            _LayoffCandidates]] = {}
        """The lay-off candidates of a natural set's entry (``Game._layoff_cands``) by (its
        rank's first code, id of its template's shape numbers): the numbers kept in the
        entry keep their id from being reused."""
        self.layoff_codes: dict[int, _LayoffCodes] = {}
        """The codes of lay-off shapes on the set whose first natural code is the key."""
        self.layoff_code_numbers: dict[int, _LayoffNumbers] = {}
        """The action numbers of lay-off shapes on the set whose first natural code is the
        key."""
        self.melds: dict[tuple[bool, tuple[int, ...]], Meld] = {}
        """Melds by (is a run, codes): plain data keys the garbage collector skips."""
        self.merge_ok: dict[tuple[object, ...], bool] = {}
        self.wild_lists: dict[tuple[int, ...], _WildList] = {}
        self.nat_subs: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]] = {}
        self.set_ok: dict[tuple[int | None, int, int], bool] = {}
        self.out_rank_options: dict[tuple[object, ...], frozenset[tuple[int, tuple[str, ...]]]] \
            = {}
        """What the sets of one rank can become in a going-out turn (``out_solver``), by
        (rank, naturals added, the sets' shapes, most wild cards)."""
        self.out_moves: dict[tuple[object, ...], tuple[tuple[
            tuple[tuple[int, ...], ...], int, tuple[str, ...], bool, int,
            tuple[tuple[int, int, int, int], int, tuple[str, ...]]], ...]] = {}
        """How one rank of the going-out walk may go (``OutSolver._plain_moves``), by (the
        row, the sequences open, whether a card is kept back and may be, wild cards held),
        each way with the move a witness reads, made of ``plain_parts``."""
        self.out_suit_steps: dict[tuple[object, ...], list[tuple[tuple[int, ...],
                                                                 tuple[str, ...], int]]] = {}
        """How one suit's cards at one rank may go in a going-out turn (``out_solver``), by
        (open sequence lengths, cards held, whether they join sets, whether sequences
        reach the rank, the cards held at the next ranks)."""
        self.reach_rank_most: dict[tuple[object, ...], tuple[int, ...]] = {}
        """The most naturals one rank's sets can take with each number of wild cards, by
        (rank, naturals held, the sets' shapes, wild cards held): the bound on an owed
        initial meld (``initial_meld_bound``)."""
        self.reach_rank_fills: dict[tuple[object, ...], tuple[int, ...]] = {}
        """Every number of naturals one rank's sets can take with each number of wild
        cards (a bit per number), by the keys of ``reach_rank_most``: the owed-meld judge
        where the cards to keep may run short (``initial_meld_bound``)."""
        self.playable_rows: tuple[_PlayableRows, ...] | None = None
        """What ``Game._playable_value`` walks, by count of wild cards; None until first
        asked (``Game._playable_rows``)."""
        self.wild_subsets: dict[tuple[int, ...], tuple[
            tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]], ...]] = {}
        self.ok_ws: dict[tuple[int, int], tuple[tuple[int, str | None], ...]] = {}
        """(wild count, canasta kind) of every legal set with that many naturals, by
        (rank, naturals)."""
        self.wild_groups: dict[tuple[int, ...], tuple[tuple[_WildPart, ...], ...]] = {}
        """By (how many wild codes sort below a set's naturals, wild counts...): the wild
        list split around those naturals (``_WildPart``) and grouped by size."""
        self.plain_parts: dict[Any, Any] = {}
        """One copy of each tuple that nested memo entries are built from (the ways and
        moves of ``out_moves``, the keys in set-rank entries), each its own key. CPython's
        collector stops tracking a tuple of plain data only where everything in it is
        untracked already, and a young collection meets the parts of a new nested entry
        after the entry itself unless they are held from outside: it untracks one level
        of nesting per collection, so an entry three levels deep reaches the oldest
        generation still tracked, where it counts towards the next full collection
        (docs/design.md, "Nested entries and the collector"). A part held here is
        untracked at its first collection, and the entry made of such parts by the
        next."""
        self.pair_takes: dict[tuple[int, ...], _TakeEntry] = {}
        """The pair takes of the pile by their memo key (see ``Game._pair_take_entry``)."""
        self.made_melds: dict[int, tuple[MakeMeld, Meld, tuple[int, ...]]] = {}
        """(action, the meld it makes, its codes) by id of a ``MakeMeld`` already checked;
        the action kept in the entry keeps its id from being reused."""


    def successor(self, limit: int) -> Catalog:
        """A new catalog to replace this full one: empty but for copies of the tables
        that hold no action numbers (:data:`_CARRIED`), where they hold at most a
        :data:`_CARRIED_SHARE` of ``limit`` entries. Every entry of those is what the
        rules give for its key, whichever catalog asks; carrying them spares the walks
        behind them (the sets a rank can become, the sub-multisets of counts, the lay-off
        grids) after each retirement, while the tables that number actions start afresh.

        >>> full = Catalog()
        >>> full.code_pairs((8, 8, 9))
        ((8, 2), (9, 1))
        >>> full.successor(1_000).pairs
        {(8, 8, 9): ((8, 2), (9, 1))}
        """
        new = Catalog(self.wild_codes)
        tables = [(getattr(self, name), getattr(new, name)) for name in _CARRIED]
        if sum(len(old) for old, _new in tables) <= limit // _CARRIED_SHARE:
            for old, fresh in tables:
                # A copy made in one step: games still pinned here may add to the table.
                fresh.update(old.copy())
            new.playable_rows = self.playable_rows
        return new

    def entry_count(self) -> int:
        """How many entries the catalog's tables hold in all (what the limit bounds)."""
        return sum(len(table) for table in self._tables())

    def _tables(self) -> Iterator[Sized]:
        for name in self.__slots__:
            if name == "plain_parts":
                continue  # (parts of the entries counted, which it makes smaller)
            table = getattr(self, name)
            if isinstance(table, list):
                yield table
            elif isinstance(table, dict):
                yield table
                if name in ("layoff_codes", "layoff_code_numbers"):
                    # A copy made in one step: other threads may add to the table.
                    yield from list(table.values())

    def cards_of(self, codes: tuple[int, ...]) -> tuple[Card, ...]:
        """The cards of ``codes``, one shared tuple per code tuple: the actions and melds
        the engine keeps (a lay-off on every meld index, the meld it makes, the new meld of
        the same cards) then hold one tuple between them, which the garbage collector scans
        once instead of once each.

        >>> Catalog().cards_of((8, 9))
        (Card('4c'), Card('4d'))
        """
        return _shared_cards(self.card_tuples, codes)

    def take_action(self, codes: tuple[int, ...]) -> TakePile:
        """The shared ``TakePile`` of the hand cards ``codes`` (a pair take, not onto a
        meld)."""
        take = self.take_actions.get(codes)
        if take is None:
            take = self.take_actions[codes] = _make(TakePile, stands=(), cards=self.cards_of(codes),
                                                    onto=None)
        return take

    def merge_action(self, first: int, second: int) -> Merge:
        """The shared ``Merge`` of melds ``first`` and ``second``."""
        merge = self.merge_actions.get((first, second))
        if merge is None:
            merge = self.merge_actions[(first, second)] = _make(Merge, first=first,
                                                                second=second)
        return merge

    def indexed_action(self, cls: type[PickUp] | type[TakePile] | type[Ask], number: int
                       ) -> Any:
        """The shared ``PickUp`` or ``TakePile`` onto meld ``number``, or ``Ask`` of seat
        ``number``."""
        action = self.indexed_actions.get((cls, number))
        if action is None:
            if cls is Ask:
                action = _make(Ask, partner=number)
            elif cls is PickUp:
                action = _make(PickUp, onto=number)
            else:
                action = _make(TakePile, cards=(), onto=number, stands=())
            self.indexed_actions[(cls, number)] = action
        return action

    def submultisets(self, items: Sequence[tuple[int, int]], low: int, high: int
                     ) -> tuple[tuple[int, ...], ...]:
        """All sub-multisets (ascending code tuples) of ``items`` ((code, count) pairs in
        ascending code order) with between ``low`` and ``high`` elements.

        Memoised: listing asks for the sub-multisets of the same few natural and wild card
        counts again and again (the answers are plain data, which the collector skips).

        >>> Catalog().submultisets([(8, 2), (9, 1)], 2, 2)
        ((8, 9), (8, 8))
        """
        key = (tuple(items), low, high)
        found = self.submultiset_lists.get(key)
        if found is None:
            found = self.submultiset_lists[key] = tuple(
                _search_submultisets(key[0], low, high))
        return found

    def code_pairs(self, codes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """``codes`` as (code, how many) pairs, memoised: the reachability search of an
        owed initial meld asks for the same few plays over and over."""
        pairs = self.pairs.get(codes)
        if pairs is None:
            pairs = self.pairs[codes] = tuple(Counter(codes).items())
        return pairs

    def _serial(self, table: dict[Any, int], key: object) -> int:
        """The number of ``key`` in ``table``, the next free one when first asked, handed
        out under ``numbering``: two keys never share one."""
        number = table.get(key)
        if number is None:
            with self.numbering:
                number = table.get(key)
                if number is None:
                    number = table[key] = len(table)
        return number

    def wild_serial(self, codes: tuple[int, ...]) -> int:
        """The serial number of the wild cards ``codes`` in ``wild_serials``."""
        return self._serial(self.wild_serials, codes)

    def layoff_sig_number(self, grid_key: tuple[int, int, tuple[tuple[bool, str | None], ...]]
                          ) -> int:
        """The number of the join grid ``grid_key`` in ``layoff_sig_ids`` (templates are
        keyed by it)."""
        return self._serial(self.layoff_sig_ids, grid_key)

    def layoff_code_number(self, codes: tuple[int, ...]) -> int:
        """The number of the lay-off codes ``codes`` in ``layoff_code_list``, given when
        first asked (see ``_LayoffActions``)."""
        return _code_number(self.layoff_code_ids, self.layoff_code_list, self.numbering,
                            codes)


def _search_submultisets(items: Sequence[tuple[int, int]], low: int, high: int
                         ) -> list[tuple[int, ...]]:
    # Built item by item rather than by a recursive closure, which would be a reference
    # cycle left for the cyclic collector on every call. Same order: by the count of the
    # first item, then of the next, and so on.
    found: list[tuple[int, ...]] = [()]
    for code, count in items:
        found = [chosen + (code,) * take for chosen in found
                 for take in range(min(count, high - len(chosen)) + 1)]
    return [chosen for chosen in found if len(chosen) >= low]


_CARRIED = ("out_moves", "out_rank_options", "out_suit_steps", "reach_rank_most",
            "reach_rank_fills", "submultiset_lists", "pairs", "ok_ws", "set_ok", "wild_lists",
            "nat_subs", "merge_ok", "layoff_room", "layoff_sig_ids", "layoff_sigs",
            "layoff_templates", "layoff_rows")
"""The tables a catalog's successor starts with (:meth:`Catalog.successor`): plain data
(numbers, strings and containers of them, no object of the engine), none of it an action
number; the lay-off join grids' numbers (``layoff_sig_ids``) go with every table keyed by
them. Cards and melds are left behind: they are objects, and quick to make again.
(``plain_parts`` starts afresh: the entries carried keep their parts, and new entries
share new ones.)"""
_CARRIED_SHARE = 4
"""The carried tables go to a successor while they hold at most this share of the limit,
so a new catalog always has room to grow."""

DEFAULT_LIMIT = 400_000
"""Entries one catalog holds before it is retired (:func:`canasta_family.set_cache_limit`).
Bounds the memory of a long simulation, which keeps meeting new combinations of counts;
set high enough that a long random simulation renews its catalog only every thousand
hands or more, as each renewal makes every numbered entry again (docs/design.md, "The
cache limit and speed")."""
_CHECK_MOST = 256
"""The most operations between two size checks of a catalog (a check sums the sizes of
some fifty tables)."""


def check_interval(limit: int) -> int:
    """Operations between two size checks of a catalog under ``limit`` entries: one per
    thousand entries of the limit, at least one and at most :data:`_CHECK_MOST`, so
    that what the operations between two checks add stays small beside the limit.

    >>> check_interval(400_000), check_interval(50_000), check_interval(5)
    (256, 50, 1)
    """
    return max(1, min(_CHECK_MOST, limit // 1_000))


@attrs.frozen
class CacheInfo:
    """What :func:`canasta_family.cache_info` reports, like ``functools.lru_cache``'s
    ``cache_info()``: the catalogs in use (one per distinct set of meld rules, canasta
    rules and card values met), the entries they hold in all, the limit per catalog, how
    many catalogs were retired for passing it, and the resolved rule sets kept."""

    catalogs: int
    entries: int
    limit: int
    renewals: int
    rule_sets: int


class _Shelf:
    """The current catalog of one set of rules; the rule sets with those rules share it."""

    __slots__ = ("current", "owner", "wild_codes")

    def __init__(self, owner: CacheOwner, wild_codes: tuple[int, ...]) -> None:
        self.owner = owner
        self.wild_codes = wild_codes
        self.current = Catalog(wild_codes)

    def pin(self) -> Catalog:
        """The catalog a game operation is to use from its start to its end."""
        catalog = self.current
        catalog.uses += 1
        owner = self.owner
        if catalog.uses % owner.check_every == 0 and catalog.entry_count() > owner.limit:
            catalog = owner.renew(self, catalog)
        return catalog


class CacheOwner:
    """The one owner of the engine's caches in a process: the catalogs by rule key and the
    resolved rule sets. Every change happens under its lock; readers take whole objects
    (a rule set, a catalog) that never shrink while they use them.

    >>> owner = CacheOwner()
    >>> owner.info().catalogs
    0
    """

    __slots__ = ("_lock", "_renewals", "_rule_sets", "_shelves", "check_every", "limit")

    _RULE_SETS_KEPT = 256

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._shelves: dict[str, _Shelf] = {}
        self._rule_sets: dict[tuple[object, ...], Any] = {}
        self._renewals = 0
        self.limit = DEFAULT_LIMIT
        """Entries one catalog holds before the next operation gets a new one."""
        self.check_every = check_interval(DEFAULT_LIMIT)
        """Operations between two size checks of a catalog (:func:`check_interval`)."""

    def shelf(self, key: str, wild_codes: tuple[int, ...] = _STANDARD_WILD) -> _Shelf:
        """The shelf of the catalogs of rules that print as ``key`` (their wild cards
        ``wild_codes`` among them)."""
        shelf = self._shelves.get(key)
        if shelf is None:
            with self._lock:
                shelf = self._shelves.setdefault(key, _Shelf(self, wild_codes))
        return shelf

    def renew(self, shelf: _Shelf, full: Catalog) -> Catalog:
        """Put a new catalog on ``shelf`` in place of ``full`` (unless another thread did
        already) and return the shelf's current one."""
        with self._lock:
            if shelf.current is full:
                shelf.current = full.successor(self.limit)
                self._renewals += 1
            return shelf.current

    def rule_set(self, key: tuple[object, ...], still_valid: Callable[[Any], bool],
                 build: Callable[[], Any]) -> Any:
        """The rule set kept under ``key`` if ``still_valid`` says it is, else a new one from
        ``build`` (kept; at most ``_RULE_SETS_KEPT`` are, the oldest dropped first)."""
        found = self._rule_sets.get(key)
        if found is None or not still_valid(found):
            built = build()  # outside the lock: it calls the variant's hooks
            with self._lock:
                found = self._rule_sets.get(key)
                if found is None or not still_valid(found):
                    while len(self._rule_sets) >= self._RULE_SETS_KEPT:
                        del self._rule_sets[next(iter(self._rule_sets))]
                    found = self._rule_sets[key] = built
        return found

    def info(self) -> CacheInfo:
        """The sizes of every cache, as :class:`CacheInfo`."""
        with self._lock:
            shelves = list(self._shelves.values())
            return CacheInfo(catalogs=len(shelves),
                             entries=sum(shelf.current.entry_count() for shelf in shelves),
                             limit=self.limit, renewals=self._renewals,
                             rule_sets=len(self._rule_sets))

    def clear(self) -> None:
        """Forget every cached entry and rule set. Games keep working: each takes a new
        catalog with its next operation."""
        with self._lock:
            for shelf in self._shelves.values():
                shelf.current = Catalog(shelf.wild_codes)
            self._rule_sets.clear()

    def set_limit(self, entries: int) -> None:
        """Retire a catalog once it holds more than ``entries`` entries."""
        if isinstance(entries, bool) or not isinstance(entries, int) or entries < 1:
            raise ValueError(f"cache limit: a whole number of entries above 0, got {entries!r}")
        with self._lock:
            self.limit = entries
            self.check_every = check_interval(entries)


CACHES = CacheOwner()
"""The owner of the engine's caches in this process: the only state the engine keeps
between games, all of it behind one lock."""
