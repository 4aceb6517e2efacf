"""The catalog entries of lay-offs: what a hand may add to each meld."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from canasta_family.actions import (
    LayOff,
)
from canasta_family.cards import NUM_CODES
from canasta_family.engine.catalog import (
    _LAYOFF_POSITIONS,
    _MELD_INDEXES,
    _NO_LAYOFFS,
    _LayoffCandidates,
    _LayoffCodes,
    _LayoffEntry,
    _LayoffNumbers,
)
from canasta_family.engine.constructors import _RUN
from canasta_family.engine.initial_meld_search import (
    _CODES_OF,
)
from canasta_family.engine.meld_entries import _MeldEntries
from canasta_family.engine.run_places import ACE_LOW, place_code, run_span
from canasta_family.melds import Meld


class _LayoffEntries(_MeldEntries):
    """The catalog entries of the lay-offs a hand allows on each meld."""

    __slots__ = ()

    def _layoff_action(self, index: int, codes: tuple[int, ...]) -> LayOff:
        t = self._t
        return t.layoff_actions[t.layoff_code_number(codes) * _MELD_INDEXES + index]

    def _layoff_entry(self, hand: list[int], meld: Meld,
                      wild: tuple[int, ...] | None = None) -> _LayoffEntry:
        """Every lay-off of hand cards on ``meld`` as (codes, canasta kind afterwards), with
        the most cards one lay-off uses and the ready-made actions by meld index.
        ``wild``: the hand's wild-card counts (``_Static.wild_counts``), when the caller has
        them.

        Written apart from :meth:`_layoff_problem` (which the checks use) and lighter: it
        counts instead of building the new meld. Memoised like new melds: the answer
        depends only on the meld's shape and the counts of the cards that could join it.
        """
        s = self._s
        set_rank = meld.rank  # an int enum: it keys and counts as the plain number
        if set_rank is not None and s.full_rank[set_rank]:
            # A set of naturals: the commonest case, one lookup (see ``Catalog``).
            base = set_rank * 4 - 8
            if wild is None:
                wild = s.wild_counts(hand)
            held: tuple[int, ...] = (hand[base], hand[base + 1], hand[base + 2],
                                     hand[base + 3])
            # Keyed by ``base``, a plain int: a key holding the Rank member would stay
            # tracked by the garbage collector, which untracks tuples of plain data.
            held_key = (base, len(meld.cards), meld.wilds, meld.canasta, *held, wild)
            found = self._t.layoffs_held.get(held_key)
            if found is None:
                found = self._layoff_natural(meld, int(set_rank), base, held, wild, held_key)
            return found
        size = len(meld.cards)
        if meld.kind is _RUN and s.positional:
            return _NO_LAYOFFS  # listed by the plain search of ``run_melds``
        if meld.kind is _RUN:
            # Only the held cards running on from either end can join: the lay-offs
            # depend on how many there are below and above (up to the room left).
            mr = self._s.meld
            suit = int(meld.suit)  # type: ignore[arg-type]
            if mr.run_ace_low:
                low, down_codes, up_codes = self._run_reach(hand, meld)
                down, up = len(down_codes), len(up_codes)
                # The lay-offs also depend on how many aces are held (one ace cannot go
                # to both ends).
                aces = min(hand[48 + suit], 2)
            else:
                low = int(meld.cards[0].rank)
                run_room = mr.run_max - size
                down = 0
                rank = low - 1
                while down < run_room and rank >= mr.run_low and hand[(rank - 2) * 4 + suit]:
                    down += 1
                    rank -= 1
                up = 0
                rank = low + size
                while up < run_room and rank <= mr.run_high and hand[(rank - 2) * 4 + suit]:
                    up += 1
                    rank += 1
                aces = 0
            if not down and not up:
                return _NO_LAYOFFS
            key: tuple[object, ...] = (2, suit, low, size, down, up, aces)
        else:
            # Wild cards only, stop cards, or a rank with fewer than four naturals (sets of
            # four naturals are dealt with above).
            if set_rank is None:
                held = ()
                base = -1
            else:
                held = tuple([hand[c] for c in s.set_naturals.get(int(set_rank), ())])
                base = -2 - int(set_rank)  # a key apart from the first codes above
            if wild is None:
                wild = s.wild_counts(hand)
            tables = self._t
            held_key = (base, size, meld.wilds, meld.canasta, *held, wild)
            found = tables.layoffs_held.get(held_key)
            if found is not None:
                return found
            shape = (None if set_rank is None else int(set_rank), size, meld.wilds,
                     meld.canasta, sum(held))
            fit = self._layoff_fit(meld, shape, wild)
            if fit is None:
                return self._held_entry(held_key, _NO_LAYOFFS)
            wild = fit[1]
            key = (0, *shape[:4], *held, *wild)
        found = self._t.layoffs.get(key)
        if found is None:
            cands = tuple(self._layoff_search(hand, meld))
            found = self._file_layoffs(key, cands,
                                       max(map(len, map(_CODES_OF, cands)), default=0))
        if key[0] == 0:
            return self._held_entry(held_key, found)
        return found

    def _layoff_natural(self, meld: Meld, rank: int, base: int, held: tuple[int, ...],
                        wild: tuple[int, ...], held_key: tuple[object, ...]) -> _LayoffEntry:
        """:meth:`_layoff_entry` on a set of naturals of ``rank`` (first code ``base``) whose
        entry by the counts held (``held_key``) is not known yet."""
        shape = (rank, len(meld.cards), meld.wilds, meld.canasta,
                 held[0] + held[1] + held[2] + held[3])
        fit = self._layoff_fit(meld, shape, wild)
        if fit is None:
            return self._held_entry(held_key, _NO_LAYOFFS)
        room, wild = fit
        key = (0, *shape[:4], *held, *wild)
        tables = self._t
        found = tables.layoffs.get(key)
        if found is None:
            # Its lay-offs from those of every rank with the same join grid and counts:
            # their numbers only, the candidates when asked (see ``_LayoffEntry``).
            ids, kinds, most = self._layoff_template(shape, held, wild, room)
            numbers_of = tables.layoff_code_numbers.get(base)
            if numbers_of is None:
                numbers_of = tables.layoff_code_numbers[base] = _LayoffNumbers(
                    self._layoff_codes(base), tables)
            found = self._file_layoff_entry(
                key, (None, most, tuple(map(numbers_of.__getitem__, ids)), (base, ids, kinds)))
        return self._held_entry(held_key, found)

    def _layoff_codes(self, base: int) -> _LayoffCodes:
        """The codes of lay-off shapes on the set whose first natural code is ``base``."""
        tables = self._t
        codes = tables.layoff_codes.get(base)
        if codes is None:
            codes = tables.layoff_codes[base] = _LayoffCodes(base, tables)
        return codes

    def _layoff_cands(self, entry: _LayoffEntry) -> _LayoffCandidates:
        """The candidates of the lay-off ``entry``: (codes, canasta kind made) of each
        lay-off, in listing order, made from its template if it keeps none.

        >>> import canasta_family
        >>> from canasta_family.cards import JOKER_CODE, NUM_CODES
        >>> from canasta_family.melds import MeldKind
        >>> game = canasta_family.new_game("canasta", players=4, seed=5)
        >>> sevens = game._new_meld(MeldKind.SET, 7, None, (20, 21, 22), 0)
        >>> hand = [0] * NUM_CODES
        >>> hand[20] = hand[JOKER_CODE] = 1
        >>> entry = game._layoff_entry(hand, sevens)
        >>> entry[0] is None  # a set of naturals: the template, not the candidates
        True
        >>> game._layoff_cands(entry) == tuple(game._layoff_search(hand, sevens))
        True
        >>> game._layoff_cands(entry)
        (((52,), None), ((20,), None), ((20, 52), None))
        """
        cands = entry[0]
        if cands is not None:
            return cands
        template = entry[3]
        assert template is not None
        base, ids, kinds = template
        # Kept per rank and shared template (``Catalog.layoff_templates``): listings that
        # check each lay-off (PH-16) ask for the same candidates again and again.
        made = self._t.layoff_cand_lists
        key = (base, id(ids))
        found = made.get(key)
        if found is not None and found[0] is ids:
            return found[1]
        cands = tuple(zip(map(self._layoff_codes(base).__getitem__, ids), kinds, strict=True))
        made[key] = (ids, cands)
        return cands

    def _layoff_fit(self, meld: Meld, shape: tuple[int | None, int, int, str | None, int],
                    wild: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
        """The wild room of the set ``meld`` of ``shape`` (rank, size, wild cards, canasta,
        naturals of its rank held) and the wild counts ``wild`` clamped to it, or None
        when nothing held could join it."""
        if not shape[4] and not any(wild):
            return None
        tables = self._t
        room = tables.layoff_room.get(shape)
        if room is None:
            room = tables.layoff_room[shape] = self._layoff_wild_room(meld, shape[4])
        if room <= 0 or not any(wild):
            if room < 0 or not shape[4]:
                return None
            return room, (0,) * len(wild)
        if sum(wild) > room and max(wild) > room:
            # As for new melds: only subsets of at most ``room`` wild cards can join.
            wild = tuple(min(count, room) for count in wild)
        return room, wild

    def _file_layoffs(self, key: tuple[object, ...], cands: _LayoffCandidates, most: int
                      ) -> _LayoffEntry:
        """File the lay-offs ``cands`` (the most cards of one: ``most``) under ``key`` in
        ``Catalog.layoffs``. Entries with the same lay-offs (on melds of other sizes, say)
        share their action numbers."""
        by_cands = self._t.layoff_numbers
        numbers = by_cands.get(cands)
        if numbers is None:
            numbers = by_cands[cands] = tuple(
                [self._t.layoff_code_number(codes) * _MELD_INDEXES for codes, _kind in cands])
        return self._file_layoff_entry(key, (cands, most, numbers, None))

    def _file_layoff_entry(self, key: tuple[object, ...], found: _LayoffEntry
                           ) -> _LayoffEntry:
        self._t.layoffs[key] = found
        return found

    def _held_entry(self, held_key: tuple[object, ...], found: _LayoffEntry) -> _LayoffEntry:
        # Kept by the counts held as they are too (see ``Catalog.layoffs_held``).
        self._t.layoffs_held[held_key] = found
        return found

    def _layoff_template(self, shape: tuple[object, ...], held: tuple[int, ...],
                         wild: tuple[int, ...], room: int
                         ) -> tuple[tuple[int, ...], tuple[str | None, ...], int]:
        """What :meth:`_layoff_search` finds on a set of naturals whose ``shape`` is (rank,
        size, wild cards, canasta, naturals held), given the counts ``held`` of its
        naturals and ``wild`` of the wild cards (clamped to the wild ``room``), whatever
        its rank: the shape numbers of its candidates (see ``_LayoffCodes``), their
        canasta kinds and the most cards of one.

        The search depends on the rank only through the codes of its naturals and the
        join grid (which counts of naturals and wild cards may join, making which canasta
        kind): the candidates are kept once per grid and counts, as shape numbers (suit
        positions and wild cards) in ``Catalog.layoff_templates``. A rank's tables turn
        them into its action numbers (``_LayoffNumbers``) and, when asked, its codes
        (``_LayoffCodes``)."""
        tables = self._t
        sig = tables.layoff_sigs.get(shape)
        if sig is None:
            sig = self._layoff_sig(shape, room)
        tkey = (sig[0], *held, *wild)
        template = tables.layoff_templates.get(tkey)
        if template is None:
            template = self._layoff_new_template(tkey, held, wild, room, sig[1])
        return template

    def _layoff_sig(self, shape: tuple[object, ...], room: int
                    ) -> tuple[int, tuple[tuple[bool, str | None], ...]]:
        """The number of the join grid of ``shape`` (see ``Catalog.layoff_sigs``) and the
        grid: (legal, canasta kind) by ``naturals * (room + 1) + wild cards``."""
        tables = self._t
        rank, size, wilds, _canasta, nat_held = shape
        assert isinstance(rank, int) and isinstance(size, int) and isinstance(wilds, int)
        assert isinstance(nat_held, int)
        nat_now = size - wilds
        grid = tuple([(self._set_ok(rank, nat_now + n, wilds + w),
                       self._canasta_kind(False, rank, size + n + w, wilds + w))
                      for n in range(nat_held + 1) for w in range(max(room, 0) + 1)])
        # Keyed with the counts that give it its shape: grids of other widths never meet.
        grid_key = (nat_held, room, grid)
        sig = tables.layoff_sigs[shape] = (tables.layoff_sig_number(grid_key), grid)
        return sig

    def _layoff_new_template(self, tkey: tuple[int, ...], held: tuple[int, ...],
                             wild: tuple[int, ...], room: int,
                             grid: tuple[tuple[bool, str | None], ...]
                             ) -> tuple[tuple[int, ...], tuple[str | None, ...], int]:
        """The template of ``tkey`` (see ``Catalog.layoff_templates``): the search of
        :meth:`_layoff_search` on suit positions instead of codes, in the same order (by
        the naturals, then by the wild cards with them)."""
        tables = self._t
        templates = tables.layoff_templates
        nat_subs = self._t.submultisets([(p, c) for p, c in enumerate(held) if c], 0, 99)
        rows: dict[int, tuple[tuple[int, ...], tuple[str | None, ...], int]] = {}
        ids: list[int] = []
        kinds: list[str | None] = []
        most = 0
        weights = _LAYOFF_POSITIONS.__getitem__
        for nat in nat_subs:
            n = len(nat)
            row = rows.get(n)
            if row is None:
                row = rows[n] = self._layoff_row(tkey[0], n, wild, room, grid)
            wild_numbers, row_kinds, row_most = row
            if row_most < 0:
                continue
            nat_number = sum(map(weights, nat)) << tables.layoff_nat_shift
            ids.extend([nat_number | number for number in wild_numbers])
            kinds.extend(row_kinds)
            if n + row_most > most:
                most = n + row_most
        template = templates[tkey] = (tuple(ids), tuple(kinds), most)
        return template

    def _layoff_row(self, sig: int, n: int, wild: tuple[int, ...], room: int,
                    grid: tuple[tuple[bool, str | None], ...]
                    ) -> tuple[tuple[int, ...], tuple[str | None, ...], int]:
        """The wild cards that may join ``n`` naturals on a set of join grid ``sig`` (see
        ``Catalog.layoff_rows``)."""
        rows = self._t.layoff_rows
        key = (sig, n, *wild)
        row = rows.get(key)
        if row is not None:
            return row
        high = max(room, 0)
        # The search takes the wild cards up to the meld's raw room; those beyond ``room``
        # never join (that is what the room means), and the rest come in the same order.
        wild_subs = self._t.submultisets(
            [(c, k) for c, k in zip(self._t.wild_codes, wild, strict=True) if k], 0, high)
        first = n * (high + 1)
        units = self._t.layoff_wild_units.__getitem__
        numbers: list[int] = []
        kinds: list[str | None] = []
        most = -1
        for wsub in wild_subs:
            w = len(wsub)
            if not n and not w:
                continue
            ok, kind = grid[first + w]
            if ok:
                numbers.append(sum(map(units, wsub)))
                kinds.append(kind)
                if w > most:
                    most = w
        row = rows[key] = (tuple(numbers), tuple(kinds), most)
        return row

    def _layoff_wild_room(self, meld: Meld, held: int) -> int:
        """The most wild cards one lay-off on the set ``meld`` can hold, given ``held``
        naturals of its rank in hand; -1 when no lay-off is possible at all."""
        mr = self._s.meld
        size = len(meld.cards)
        if mr.max_size is not None and size >= mr.max_size:
            return -1
        rank = None if meld.rank is None else int(meld.rank)
        if rank is None:
            wild_room = mr.wild_meld_max - size
            held = 0
        else:
            max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
            wild_room = max_w - meld.wilds if rank not in self._s.stop_ranks else 0
            if meld.canasta is not None and meld.wilds == 0 and mr.no_wild_on_natural_canasta:
                wild_room = 0
        if mr.max_size is not None:
            wild_room = min(wild_room, mr.max_size - size)
        nat_now = size - meld.wilds
        room = -1
        set_ok = self._set_ok  # memoised: a fresh process meets hundreds of set shapes
        wilds = meld.wilds
        for wild in range(max(wild_room, 0), -1, -1):
            for nat in range(0 if wild else 1, held + 1):
                if set_ok(rank, nat_now + nat, wilds + wild):
                    return wild
        return room

    def _run_reach(self, hand: Sequence[int], meld: Meld
                   ) -> tuple[int, list[int], list[int]]:
        """The run ``meld``'s lowest place, and the codes held that run on from its low end
        downwards and from its high end upwards, each as far as the room left allows."""
        mr = self._s.meld
        suit = int(meld.suit)  # type: ignore[arg-type]
        size = len(meld.cards)
        room = mr.run_max - size
        if mr.run_ace_low:
            low, high = run_span([c.code for c in meld.cards], True)
        else:  # the cards are in code order, which is rank order within a suit
            low, high = meld.cards[0].code // 4 + 2, meld.cards[-1].code // 4 + 2
        bottom = ACE_LOW if mr.run_ace_low else int(mr.run_low)
        down: list[int] = []
        place = low - 1
        while place >= bottom and len(down) < room and hand[place_code(place, suit)]:
            down.append(place_code(place, suit))
            place -= 1
        up: list[int] = []
        place = high + 1
        while place <= mr.run_high and len(up) < room and hand[place_code(place, suit)]:
            up.append(place_code(place, suit))
            place += 1
        return low, down, up

    def _layoff_search(self, hand: list[int], meld: Meld
                       ) -> Iterator[tuple[tuple[int, ...], str | None]]:
        mr = self._s.meld
        size = len(meld.cards)
        if meld.kind is _RUN:
            room = mr.run_max - size
            _low, down, up = self._run_reach(hand, meld)
            seen: set[tuple[int, ...]] = set()
            for a in range(len(down) + 1):
                for b in range(len(up) + 1):
                    if a + b == 0 or a + b > room:
                        continue
                    codes = tuple(sorted(down[:a] + up[:b]))
                    # The ace is one card at two places (BU-12): held once, it goes to
                    # one end only, and either end makes the same lay-off.
                    if codes in seen or (a and b and down[a - 1] == up[b - 1]
                                         and hand[up[b - 1]] < 2):
                        continue
                    seen.add(codes)
                    yield codes, self._canasta_kind(True, None, size + a + b, 0)
            return
        if mr.max_size is not None and size >= mr.max_size:
            return
        max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
        s = self._s
        rank_or_none = None if meld.rank is None else int(meld.rank)
        first = NUM_CODES
        if rank_or_none is None:
            nat_subs: Sequence[tuple[int, ...]] = ((),)
            wild_room = mr.wild_meld_max - size
        else:
            codes_r = s.set_naturals.get(rank_or_none, ())
            if codes_r:
                first = codes_r[0]
            nat_items = [(c, hand[c]) for c in codes_r if hand[c]]
            nat_subs = self._t.submultisets(nat_items, 0, 99)
            wild_room = max_w - meld.wilds if rank_or_none not in s.stop_ranks else 0
            if meld.canasta is not None and meld.wilds == 0 and mr.no_wild_on_natural_canasta:
                wild_room = 0
        if mr.max_size is not None:
            wild_room = min(wild_room, mr.max_size - size)
        wild_subs = self._wild_subsets(hand, max(wild_room, 0), first)
        between = s.wild_between
        nat_now = size - meld.wilds
        # Legality and canasta kind depend only on how many naturals and wild cards join.
        joins: dict[tuple[int, int], tuple[bool, str | None]] = {}
        for nat in nat_subs:
            n = len(nat)
            for _wsub, w, low_w, high_w in wild_subs:
                if not n and not w:
                    continue
                join = joins.get((n, w))
                if join is None:
                    join = joins[(n, w)] = (
                        self._set_ok(rank_or_none, nat_now + n, meld.wilds + w),
                        self._canasta_kind(False, rank_or_none, size + n + w, meld.wilds + w))
                if join[0]:
                    yield (tuple(sorted(low_w + nat + high_w)) if between
                           else low_w + nat + high_w), join[1]
