"""The catalog entries of new melds: every set, run and wild-card meld a hand allows."""

from __future__ import annotations

from canasta_family.actions import (
    MakeMeld,
)
from canasta_family.engine.catalog import (
    _NO_SET,
    _Candidate,
    _Entry,
    _WildList,
    _WildPart,
)
from canasta_family.engine.codes import HELD
from canasta_family.engine.constructors import (
    _new_make_meld,
)
from canasta_family.engine.dealing import _Dealing
from canasta_family.engine.initial_meld_search import (
    _CODES_OF,
    _NUMBER_OF,
)
from canasta_family.engine.run_places import ACE, ACE_LOW, place_code
from canasta_family.melds import Meld


class _MeldEntries(_Dealing):
    """The catalog entries of the new melds a hand allows."""

    __slots__ = ()

    def _wild_subsets(self, hand: list[int], high: int, first: int
                      ) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]],
                                 ...]:
        """Sub-multisets of at most ``high`` of the wild cards in ``hand`` as (codes, size,
        the codes below ``first``, those above), in search order (memoised: they depend
        only on min(count, high) per wild card and on which wild codes sort below
        ``first``, a natural's code or ``NUM_CODES``)."""
        s = self._s
        raw: tuple[int, ...] = s.wild_counts(hand)
        if raw and max(raw) > high:
            raw = tuple(min(count, high) for count in raw)
        split = s.wild_split[first]
        key = (high, split, *raw)
        tables = self._t
        found = tables.wild_subsets.get(key)
        if found is None:
            items = [(c, n) for c, n in zip(s.wild_codes, raw, strict=True) if n]
            below = frozenset(s.wild_codes[:split])
            found = tables.wild_subsets[key] = tuple(
                (sub, len(sub), tuple(c for c in sub if c in below),
                 tuple(c for c in sub if c not in below))
                for sub in self._t.submultisets(items, 0, high))
        return found

    def _ending_ok(self, cache: dict[tuple[int, tuple[str, ...]], bool], player: int,
                   after: int, kinds: tuple[str, ...]) -> bool:
        if after >= self._s.going_out.keep_cards and after > 0:
            return True
        key = (after, kinds)
        ok = cache.get(key)
        if ok is None:
            ok = self._ending_problem(player, after, kinds, True) is None
            cache[key] = ok
        return ok

    def _meld_candidates(self, hand: list[int], black3: bool) -> list[_Candidate]:
        """Every new meld the counts in ``hand`` allow by shape alone, as
        (codes, value, canasta kind, wild count, set rank or None, MakeMeld action)."""
        return [cand for entry in self._meld_entries(hand, black3)
                for cand in (entry[0] if entry[0] is not None else self._rank_cands(entry[4]))]

    def _meld_entries(self, hand: list[int], black3: bool) -> list[_Entry]:
        """The new melds ``hand`` allows by shape alone, one entry per rank, for the wild
        cards and per suit of runs (see ``_Entry``).

        The answer for one rank depends only on that rank's counts and the wild cards held,
        so it is memoised per game rules (shared by every game with the same rules), with
        its actions ready-made: listing the melds of a large hand costs two dict accesses
        and a tuple copy per rank instead of a search.
        """
        s = self._s
        tables = self._t
        mr = s.meld
        raw: tuple[int, ...] = s.wild_counts(hand)
        total_wild = sum(raw)
        out: list[_Entry] = []
        min_nat = s.set_min_naturals
        # Every rank held in numbers enough for a set, in rank order (stop cards first,
        # where they meld to go out), by its natural counts.
        threes = s.threes_with_black if black3 else s.threes_in_sets
        if threes:
            for rank, counts_of in s.stop_sets_held:
                counts = counts_of(hand)
                if sum(counts) >= min_nat:
                    entry = self._set_entry((rank, *counts), raw, total_wild)
                    if entry is not None:
                        out.extend([entry] * threes)
        # Each set rank's entry by the counts held as they are: one lookup, where the
        # clamped key of ``_set_entry`` needs the rank's wild room first.
        held_get = tables.sets_held.get
        for rank, c0, c1, c2, c3 in s.set_rank_codes:
            # Most ranks are held too thin for a set: tested first, without locals.
            if hand[c0] + hand[c1] + hand[c2] + hand[c3] < min_nat:
                continue
            a = hand[c0]
            b = hand[c1]
            c = hand[c2]
            d = hand[c3]
            held_key = (rank, a, b, c, d, raw)
            found = held_get(held_key)
            if found is None:
                found = tables.sets_held[held_key] = self._set_entry(
                    (rank, a, b, c, d), raw, total_wild) or _NO_SET
            if found is not _NO_SET:
                out.append(found)
        # Ranks some of whose cards are wild or bonus cards (none in the built-in rules).
        for rank, counts_of in s.odd_sets_held:
            counts = counts_of(hand)
            if sum(counts) >= min_nat:
                entry = self._set_entry((rank, *counts), raw, total_wild)
                if entry is not None:
                    out.append(entry)
        if mr.wild_melds and total_wild >= mr.min_size:
            cap = s.wild_cap
            wildkey = raw if max(raw, default=0) <= cap else tuple(
                min(count, cap) for count in raw)
            key: tuple[int, ...] = (0, *wildkey)
            entry = tables.entries.get(key)
            if entry is None:
                entry = tables.entries[key] = self._wild_entry(wildkey)
            if entry[0]:
                out.append(entry)
        if mr.runs and not s.positional:  # (positional runs: ``run_melds``)
            cache = tables.entries
            start = (mr.run_low - 2) * 4
            # Which cards of the run ranks are held, one byte each, then each suit's
            # column of them: C-level slices.
            columns = bytes(hand[start:(mr.run_high - 1) * 4]).translate(HELD)
            nothing = bytes(mr.run_high - mr.run_low + 1)
            for suit in range(4):
                held = columns[suit::4]
                if held == nothing:
                    continue
                # A low ace may stand at both ends of a run A…A: only with two of it.
                aces = min(hand[48 + suit], 2) if mr.run_ace_low else 0
                run_key = (suit, held, aces)
                entry = cache.get(run_key)
                if entry is None:
                    mask = 0
                    for offset, present in enumerate(held):
                        if present:
                            mask |= 1 << (mr.run_low + offset)
                    entry = cache[run_key] = self._run_entry(suit, mask, aces)
                if entry[0]:
                    out.append(entry)
        return out

    def _set_entry(self, nat_key: tuple[int, ...], raw: tuple[int, ...], total_wild: int
                   ) -> _Entry | None:
        """The memo entry of the sets of ``nat_key`` with the wild cards ``raw`` (their
        total given), or None when it has no set."""
        tables = self._t
        slot = tables.by_rank.get(nat_key)
        if slot is None:
            slot = tables.by_rank[nat_key] = (self._wild_room(nat_key), {})
        room, entries = slot
        if room < 0:
            return None  # too few naturals for any set of this rank
        # A set of this rank can hold at most ``room`` wild cards, and subsets of at most
        # that many depend only on min(count, room): the wild part of the key is clamped
        # to it, so hands that differ only in wild cards no set could use share one entry.
        wildkey = raw if total_wild <= room or max(raw, default=0) <= room else tuple(
            [min(count, room) for count in raw])
        entry = entries.get(wildkey)
        if entry is None:
            entry = entries[wildkey] = self._rank_entry(nat_key, wildkey)
        return entry if entry[1] else None

    @staticmethod
    def _entry(found: list[_Candidate], rank: int | None) -> _Entry:
        return (tuple(found), tuple(map(_NUMBER_OF, found)),
                max(map(len, map(_CODES_OF, found)), default=0), rank, None)

    def _set_ok(self, rank: int | None, nat: int, wild: int) -> bool:
        # _set_problem(..., black3_ok=True) is None, memoised per rule set.
        set_ok = self._t.set_ok
        ok = set_ok.get((rank, nat, wild))
        if ok is None:
            ok = set_ok[(rank, nat, wild)] = self._set_problem(rank, nat, wild, True) is None
        return ok

    def _wild_room(self, nat_key: tuple[int, ...]) -> int:
        """The most wild cards a new set may hold given the naturals of ``nat_key``
        ((rank, counts...)); -1 when those naturals allow no set at all."""
        mr = self._s.meld
        rank, held = nat_key[0], sum(nat_key[1:])
        max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
        room = -1
        for nat in range(max(mr.set_min_naturals, 1), held + 1):
            for wild in range(max_w, -1, -1):
                if wild > room and self._set_ok(rank, nat, wild):
                    room = wild
                    break
        return room

    def _wild_list(self, wildkey: tuple[int, ...]) -> _WildList:
        s = self._s
        wild_list = self._t.wild_lists.get(wildkey)
        if wild_list is None:
            mr = s.meld
            values = s.values
            max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
            wild_items = [(code, count) for code, count
                          in zip(s.wild_codes, wildkey, strict=True) if count]
            high = max(max_w, mr.wild_meld_max if mr.wild_melds else 0)
            subs = sorted(self._t.submultisets(wild_items, 0, high), key=len)
            wild_list = self._t.wild_lists[wildkey] = tuple(
                (sub, sum(values[c] for c in sub), len(sub)) for sub in subs)
        return wild_list

    def _wild_entry(self, wildkey: tuple[int, ...]) -> _Entry:
        mr = self._s.meld
        found: list[_Candidate] = []
        for wsub, value, w in self._wild_list(wildkey):
            if mr.min_size <= w <= mr.wild_meld_max:
                found.append((wsub, value, self._canasta_kind(False, None, w, w), w, None,
                              self._meld_number(wsub)))
        return self._entry(found, 0)

    def _meld_number(self, codes: tuple[int, ...]) -> int:
        """The action number of the meld of ``codes`` (see ``_Candidate``)."""
        tables = self._t
        number = tables.meld_ids.get(codes)
        if number is None:
            action = self._meld_action(codes)
            with tables.numbering:
                number = tables.meld_ids.get(codes)
                if number is None:
                    # The action is in place before its number is published.
                    actions = tables.meld_actions
                    actions.append(action)
                    number = len(actions) - 1
                    tables.meld_ids[codes] = number
        return number

    def _rank_parts(self, nat_key: tuple[int, ...], wildkey: tuple[int, ...]
                    ) -> tuple[tuple[tuple[tuple[int, ...], int], ...],
                               tuple[tuple[_WildPart, ...], ...]]:
        """The natural subsets of ``nat_key`` that may start a set, with their values, and
        the wild subsets of ``wildkey`` by size, as (value, the wild codes below the
        naturals, those above, serial number)."""
        s = self._s
        mr = s.meld
        tables = self._t
        rank = nat_key[0]
        codes_r = s.set_naturals[rank]
        nat_subs = tables.nat_subs.get(nat_key)
        if nat_subs is None:
            values = s.values
            nat_items = [(c, n) for c, n in zip(codes_r, nat_key[1:], strict=True) if n]
            nat_subs = tables.nat_subs[nat_key] = tuple(
                (nat, sum(values[c] for c in nat))
                for nat in self._t.submultisets(nat_items, max(mr.set_min_naturals, 1), 99))
        split = s.wild_split[codes_r[0]]
        groups_key = (split, *wildkey)
        groups = tables.wild_groups.get(groups_key)
        if groups is None:
            below = s.wild_codes[:split]
            by_count: list[list[_WildPart]] = []
            for wsub, wvalue, w in self._wild_list(wildkey):
                while len(by_count) <= w:
                    by_count.append([])
                by_count[w].append((wvalue, tuple(c for c in wsub if c in below),
                                    tuple(c for c in wsub if c not in below),
                                    tables.wild_serial(wsub)))
            groups = tables.wild_groups[groups_key] = tuple(tuple(g) for g in by_count)
        return nat_subs, groups

    def _allowed_wilds(self, rank: int, n: int) -> tuple[tuple[int, str | None], ...]:
        """(wild count, canasta kind) of every legal new set of ``n`` naturals of ``rank``."""
        ok_ws = self._t.ok_ws
        allowed = ok_ws.get((rank, n))
        if allowed is None:
            mr = self._s.meld
            max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
            allowed = ok_ws[(rank, n)] = tuple(
                (w, self._canasta_kind(False, rank, n + w, w))
                for w in range(min(max_w, 99) + 1) if self._set_ok(rank, n, w))
        return allowed

    def _rank_entry(self, nat_key: tuple[int, ...], wildkey: tuple[int, ...]) -> _Entry:
        """The memo entry of a set rank: action numbers and the largest size only (see
        ``_Entry``), in the order of :meth:`_rank_cands`."""
        nat_subs, groups = self._rank_parts(nat_key, wildkey)
        rank = nat_key[0]
        tables = self._t
        number_of = tables.meld_ids.get
        rows = tables.meld_rows
        numbers: list[int] = []
        add = numbers.append
        largest = 0
        sizes = len(groups)
        ok_ws = tables.ok_ws
        between = self._s.wild_between
        for nat, _nat_value in nat_subs:
            n = len(nat)
            # The numbers of the sets of these naturals by the serial of their wild cards:
            # a small int hashes faster than the set's codes, made by two concatenations.
            row = rows.get(nat)
            if row is None:
                row = rows[nat] = {}
            allowed = ok_ws.get((rank, n))
            if allowed is None:
                allowed = self._allowed_wilds(rank, n)
            for w, _kind in allowed:
                if w >= sizes:
                    break
                if not w:
                    number = number_of(nat)
                    add(self._meld_number(nat) if number is None else number)
                    if n > largest:
                        largest = n
                    continue
                group = groups[w]
                for _wvalue, low, high, serial in group:
                    number = row.get(serial)
                    if number is None:
                        codes = low + nat + high
                        if between:
                            codes = tuple(sorted(codes))
                        number = number_of(codes)
                        number = row[serial] = (self._meld_number(codes) if number is None
                                                else number)
                    add(number)
                if group and n + w > largest:
                    largest = n + w
        # The key made of shared parts (``Catalog.plain_parts``), so that the collector
        # stops tracking the entry before it reaches the oldest generation.
        part = tables.plain_parts.setdefault
        lazy = (part(nat_key, nat_key), part(wildkey, wildkey))
        return (None, tuple(numbers), largest, rank, part(lazy, lazy))

    def _rank_cands(self, key: tuple[tuple[int, ...], tuple[int, ...]] | None
                    ) -> tuple[_Candidate, ...]:
        """The candidates of the set-rank entry with memo ``key`` (see ``_Entry``),
        memoised apart in a smaller table."""
        assert key is not None
        tables = self._t
        found_cands = tables.rank_cands.get(key)
        if found_cands is not None:
            return found_cands
        nat_key, wildkey = key
        nat_subs, groups = self._rank_parts(nat_key, wildkey)
        rank = nat_key[0]
        found: list[_Candidate] = []
        append = found.append
        meld_ids = tables.meld_ids
        sizes = len(groups)
        between = self._s.wild_between
        for nat, nat_value in nat_subs:
            for w, kind in self._allowed_wilds(rank, len(nat)):
                if w >= sizes:
                    break
                if not w:
                    append((nat, nat_value, kind, 0, rank, meld_ids[nat]))
                    continue
                for wvalue, low, high, _serial in groups[w]:
                    codes = low + nat + high
                    if between:
                        codes = tuple(sorted(codes))
                    append((codes, nat_value + wvalue, kind, w, rank, meld_ids[codes]))
        result = tables.rank_cands[key] = tuple(found)
        return result

    def _run_entry(self, suit: int, mask: int, aces: int) -> _Entry:
        """The runs of ``suit`` whose ranks are held (a bit per rank in ``mask``), with
        ``aces`` aces of the suit held where the ace may run low (BU-12)."""
        mr = self._s.meld
        values = self._s.values
        found: list[_Candidate] = []
        first = int(mr.run_low)
        if mr.run_ace_low and mask >> ACE & 1:
            mask |= 1 << ACE_LOW
            first = ACE_LOW
        for low_rank in range(first, mr.run_high - mr.run_min + 2):
            codes_run: list[int] = []
            place = low_rank
            while place <= mr.run_high and len(codes_run) < mr.run_max and mask >> place & 1:
                if place == ACE and low_rank == ACE_LOW and aces < 2:
                    break  # the one ace stands low already
                codes_run.append(place_code(place, suit))
                if len(codes_run) >= mr.run_min:
                    run = tuple(sorted(codes_run))
                    found.append((run, sum(values[c] for c in run),
                                  self._canasta_kind(True, None, len(run), 0), 0, None,
                                  self._meld_number(run)))
                place += 1
        return self._entry(found, None)

    def _meld_value_of(self, action: MakeMeld) -> Meld:
        codes = sorted(c.code for c in action.cards)
        shape = self._shape(codes, black3_ok=True)
        assert len(shape) == 4
        kind, rank, suit, wild = shape
        return self._new_meld(kind, rank, suit, codes, wild)

    def _meld_action(self, codes: tuple[int, ...]) -> MakeMeld:
        return _new_make_meld(self._t.cards_of(codes))
