"""The owed initial meld (AS-23): whether the minimum can still be reached, and by what."""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import TYPE_CHECKING

from canasta_family.actions import (
    Action,
    LayOff,
    MakeMeld,
    PlaceRedThree,
)
from canasta_family.cards import Card
from canasta_family.engine.catalog import (
    _MOST_OF_A_RANK,
    _PlayableRows,
)
from canasta_family.engine.codes import HELD
from canasta_family.engine.constructors import _RUN, _SET
from canasta_family.engine.initial_meld_bound import OwedCounts, reach_bound
from canasta_family.engine.initial_meld_search import (
    _CODES_OF,
    _SIZE_OF,
    _VALUE_OF,
    _Collection,
    _CollectionWalk,
    _least_filled,
    _OutOfReach,
    _Play,
    _SearchPlay,
    _value_counted,
)
from canasta_family.engine.layoff_entries import _LayoffEntries
from canasta_family.engine.owed_solver import OwedSolver
from canasta_family.engine.play_checks import _NO_CODES
from canasta_family.engine.rank_sets import changed_shapes, meld_shape
from canasta_family.melds import Meld

if TYPE_CHECKING:
    from canasta_family.engine.game import Game


class _InitialMeld(_LayoffEntries):
    """Whether an owed initial meld can still be completed, and by which plays (AS-23)."""

    __slots__ = ()

    def _forgive_initial_owed(self) -> None:
        """Count the owed initial meld as made (only for a determinized copy whose random
        deal cannot complete it, see :mod:`canasta_family.determinize`)."""
        self._initial[self._s.side_of[self._current]] = True
        self._take_counts = None
        self._legal_cache = None
        self._out_closed = False  # (going out no longer needs the minimum)

    def _short_start_ok(self, action: Action) -> bool:
        """Where melds never go back (``retract_penalty`` None, PH-17): whether the play
        ``action``, the first of a side without its initial meld, reaches the minimum or
        leaves the rest reachable this turn, judged as after an initial pile take with
        every card held counting."""
        return self._short_starts_ok([action])[0]

    def _short_starts_ok(self, actions: Sequence[Action]) -> list[bool]:
        """:meth:`_short_start_ok` of each of ``actions`` (the plays of one listing), with
        one judge on counts (:meth:`_counts_keep`) or one search of the position for them
        all: the collection of plays the search finds answers at once for every play that
        leaves it playable (``_Collection.survives``), as after a pile take (AS-23); only
        the others are searched again."""
        side = self._s.side_of[self._current]
        minimum = self._minimum[side] - self._turn_value
        probe: Game | None = None
        judge: OwedCounts | None = None
        found: _Collection | bool | None = None
        searched = False
        hopeless_below = 0  # plays of fewer cards are refused at once (see below)
        answers: list[bool] = []
        for action in actions:
            if not isinstance(action, (MakeMeld, LayOff, PlaceRedThree)):
                answers.append(True)
                continue
            codes = [action.card.code] if isinstance(action, PlaceRedThree) else \
                [card.code for card in action.cards]
            if self._value(codes) >= minimum:
                answers.append(True)
                continue
            if probe is None:
                if self._out_memo is None:
                    self._out_memo = {}  # made before the copy, so that the copies share it
                probe = self.clone()
                probe._take_counts = probe._hands[probe._current][:]
                probe._legal_cache = None
                judge = probe._owed_counts(minimum)
                # No collection of the position reaches the minimum, and the bounds rule
                # out going out: then no play short of it can leave either, which the
                # judge and ``_keeps_initial_reachable`` would find play by play.
                if judge is not None and judge.unreachable() \
                        and not probe._out_bounds_met():
                    hopeless_below = judge.size
            if len(codes) < hopeless_below and not isinstance(action, PlaceRedThree):
                answers.append(False)
                continue
            # The judge on counts where the rules allow, else the collection one search
            # of the position finds.
            known = None if judge is None else probe._counts_keep(judge, action)
            if known:
                answers.append(True)
                continue
            if known is None and not searched:
                found = probe._collection_reaches(minimum)
                searched = True
            answers.append(probe._keeps_initial_reachable(
                action, found, known, gave_up=known is None and found is None))
        return answers

    def _owes_initial(self, side: int) -> bool:
        """Whether the player to move took the pile for an initial meld that has not yet
        reached the minimum: no discard, retraction or question until it does (AS-23)."""
        return self._take_counts is not None and not self._initial[side]

    def _initial_reachable(self, going_out: bool = True, finder: bool = True) -> bool:
        """After an initial pile take short of the minimum: whether cards the player held
        before the take (``_take_counts``) can still make up the rest this turn (AS-23).

        Only those cards count — in new melds and lay-offs on the side's melds, where
        cards from the pile may fill out the melds beside them. The turn then ends in one
        of two ways. Either the plays leave at least two cards in hand, one of which may be
        discarded: a search over such collections of plays answers; it stops at the first
        collection that reaches the minimum and visits each position (cards left, ranks
        kept open, melds laid on) once. It is exact, so after the first play of the
        collection it found the answer is still yes. Where the solver on counts reads
        the rules (``owed_solver``: every built-in variant but Pennies from Heaven), it
        decides once the search has visited a few positions, exactly and with no budget.
        Elsewhere, past :data:`_REACH_BUDGET` positions (only huge hands get there), the
        engine's completion finder decides (see :meth:`_completion_found`), which keeps
        the same guarantee. Or the player goes out
        this turn, melding all but at most the card kept for the final discard (AS-34,
        AS-35; CC-8): the going-out search answers that (see :meth:`_owed_out_reachable`),
        unless ``going_out`` is false (the caller asks it itself). Either way a player who
        owes an initial meld always has a listed play. ``finder`` false: the caller has
        already tried the completion finder here, and it found nothing.
        """
        player = self._current
        side = self._s.side_of[player]
        need = self._minimum[side] - self._turn_value
        if need <= 0:
            return True
        found = self._collection_reaches(need)
        if found is None:
            if finder and (self._completion_found(need, True)
                           or self._completion_found(need, False)):
                return True
        elif found is not False:
            return True
        return going_out and self._owed_out_reachable()

    def _owed_out_reachable(self) -> bool:
        """Whether the player to move, owing an initial meld after a pile take, can reach
        the minimum by going out this turn (AS-23 with AS-34, AS-35; CC-8 in classic
        Canasta): the plays that leave fewer than two cards, which the collection search
        of :meth:`_initial_reachable` never makes, are then the ones that end the turn.

        The going-out search decides it: it divides the whole hand, the pile's cards
        included, into plays and perhaps a final discard, and counts the minimum as AS-23
        does (only the cards held before the take count; going out, and so the final
        discard, needs the minimum reached). Its answer is kept for the turn in the
        table the game shares with its copies, where the check of a play that leaves few
        cards (``_check_ending``) finds it again."""
        if self._out_memo is None:
            self._out_memo = {}  # made before any copy, so that the copies share it
        return self._out_reachable()

    def _qualifying_plays(self, left: list[int], melds: Sequence[Meld] | None = None,
                          enough: tuple[int, int] | None = None,
                          counted: Sequence[int] | None = None, reopened: bool = False
                          ) -> list[tuple[tuple[int, ...], int, int, int | None, int | None]]:
        """The plays of cards in ``left`` that could count towards an owed initial meld,
        most valuable first: (codes, value, meld index of a lay-off or -1, rank key an
        unfinished new set keeps open, rank key of a new set). ``melds``: the side's melds
        as they would be (default: as they are). ``counted``: the cards of ``left`` that
        count (default: all); a play counts its cards among them, and a play that counts
        nothing is left out — cards from the pile go along only beside counted ones, which
        a meld or lay-off of them all does as well (AS-23). With ``enough`` (a value and a
        number of cards), the first play found that counts that much with no more cards is
        the answer alone. With ``reopened``, also the new sets of the ranks of the side's
        unfinished sets, which become playable once a lay-off completes that set (PH-10):
        only the search, which knows the order of the plays, may take them (see
        :meth:`_search_plays`)."""
        player = self._current
        side = self._s.side_of[player]
        if melds is None:
            melds = self._melds[side]
        values = self._s.values
        one_open = self._s.joins_sets
        every = self._s.meld.one_meld_per_rank
        custom = self._s.custom_meld_check
        open_on_table = self._joined_ranks(melds) if one_open else set()
        # Where only an unfinished set closes its rank, a canasta laid off this turn opens
        # it again (PH-10).
        reopen = open_on_table if reopened and one_open and not every else _NO_CODES
        plays: list[_Play] = []
        # With ``counted``: each play's target (meld index of a lay-off; -1 a new set,
        # -2 a new run) and whether it makes a canasta, for ``_least_filled``.
        targets: list[tuple[int, bool]] = []
        # Without counted wild cards, a set of a rank with no counted natural counts
        # nothing: its candidates need no look.
        thin = counted is not None and not any(self._s.wild_counts(counted))
        # The candidates of each rank in turn, not one list of them all: with ``enough``
        # the first that counts enough ends the listing, the other ranks' unseen.
        for entry in self._meld_entries(left, False):
            if thin and entry[3] is not None:
                assert counted is not None
                base = (entry[3] - 2) * 4
                if not (counted[base] or counted[base + 1] or counted[base + 2]
                        or counted[base + 3]):
                    continue
            cands = entry[0] if entry[0] is not None else self._rank_cands(entry[4])
            for codes, value, kind, wild, rank, _action in cands:
                is_set = rank is not None or wild == len(codes)
                if counted is not None:
                    value = _value_counted(codes, counted, values)
                    if not value:
                        continue
                set_key = (0 if rank is None else rank) if one_open and is_set else None
                waits = set_key is not None and set_key in reopen
                if set_key is not None and set_key in open_on_table and not waits:
                    continue
                if custom:
                    made = self._meld_from_codes(codes)
                    if made is None or self._custom_problem(side, made, codes):
                        continue
                # An unfinished set keeps its rank open to no second set (PH-10); where a
                # side has one meld of a rank a canasta does too (CC-3).
                open_key = set_key if kind is None or every else None
                plays.append((codes, value, -1, open_key, set_key))
                targets.append((-1 if is_set else -2, kind is not None))
                if enough is not None and value >= enough[0] and len(codes) <= enough[1] \
                        and not waits:
                    return plays[-1:]
        for index, meld in enumerate(melds):
            laid = self._layoff_plays(left, meld, index, side, counted, targets)
            if enough is not None:
                for play in laid:
                    if play[1] >= enough[0] and len(play[0]) <= enough[1]:
                        return [play]
            plays += laid
        if counted is not None and len(plays) > 1:
            plays = _least_filled(plays, targets, counted)
        # Most valuable first, then the fewest cards (a collection that leaves more cards
        # survives more plays, see ``_Collection.survives``), then by codes, ties in
        # listing order: stable sorts on C-level keys instead of a key function called for
        # every play.
        plays.sort(key=_CODES_OF)
        plays.sort(key=_SIZE_OF)
        plays.sort(key=_VALUE_OF, reverse=True)
        return plays

    def _layoff_plays(self, left: list[int], meld: Meld, index: int, side: int,
                      counted: Sequence[int] | None,
                      targets: list[tuple[int, bool]] | None = None) -> list[_Play]:
        """The lay-offs of cards in ``left`` on the side's meld ``meld`` (at ``index``)
        that count towards an owed initial meld, as :meth:`_qualifying_plays` lists them;
        each one's (``index``, whether it makes a canasta) goes to ``targets``."""
        cap = self._s.meld.max_size
        if cap is not None and len(meld.cards) >= cap:
            return []
        custom = self._s.custom_meld_check
        values = self._s.values
        plays: list[_Play] = []
        for codes, kind in self._layoff_cands(self._layoff_entry(left, meld)):
            if custom:
                made, _problem = self._layoff_problem(meld, codes, black3_ok=False)
                if made is None or self._custom_problem(side, made, codes):
                    continue
            if counted is None:
                value = sum(values[c] for c in codes)
            else:
                value = _value_counted(codes, counted, values)
                if not value:
                    continue
            plays.append((codes, value, index, None, None))
            if targets is not None:
                targets.append((index, kind is not None))
        return plays

    def _playable_value(self, left: Sequence[int], side: int, also: int | None = None,
                        melds: Sequence[Meld] | None = None,
                        counted: Sequence[int] | None = None) -> int:
        """A cap on what plays of the cards ``left`` could count towards an owed initial
        meld: the value of the wild cards, of the naturals of each rank that could make a
        set with the wild cards there are or lie off on one of the side's sets (or on a set
        of rank ``also``, the one a take is about to make; ``melds``: the side's melds as
        they would be, default as they are), and with runs of the other
        naturals that lie in a stretch of one suit long enough for a run (every natural of
        the run ranks while the side has a run a card could join). It needs no list of
        plays, so most takes that cannot be completed are told apart at once (AS-23).
        ``counted``: the cards of ``left`` that count when melded (default: all of them);
        the others (from the pile) only help make melds (AS-23).

        Fewer cards never raise it, so it caps the cards a take leaves by what the whole
        hand gives less the take's own cards (see :meth:`_list_pair_takes`)."""
        s = self._s
        mr = s.meld
        values = s.values
        if counted is None:
            counted = left
        wild = sum(s.wild_counts(left))
        total = sum(map(mul, s.wild_values, s.wild_counts(counted))) if wild else 0
        for _rank, codes in s.odd_set_naturals:
            # Ranks with some wild or bonus cards are not in the rows below: all their
            # naturals count (a cap may be loose, never short).
            total += sum([values[c] * counted[c] for c in codes])
        if melds is None:
            melds = self._melds[side]
        low = high = 0
        if mr.runs and (s.positional or any(m.kind is _RUN for m in melds)):
            # A natural may lie off on a run on the table from far away: count them all.
            low, high = int(mr.run_low), int(mr.run_high)
            start, stop = (low - 2) * 4, (high - 1) * 4
            total += sum(map(mul, values[start:stop], counted[start:stop]))
        # The ranks of the side's sets, a bit each (no set built for a few melds).
        on_table = 0 if also is None else 1 << also
        for meld in melds:
            if meld.rank is not None:
                on_table |= 1 << meld.rank
        rows = self._t.playable_rows
        if rows is None:
            rows = self._t.playable_rows = self._playable_rows()
        in_sets = 0  # a bit per rank (an int: no object for the collector to track)
        for rank, b0, b1, b2, b3, value, fewest in rows[min(wild, s.set_wild_cap)]:
            held = left[b0] + left[b1] + left[b2] + left[b3]
            if not held or (held < fewest and not on_table >> rank & 1) \
                    or (high and low <= rank <= high):
                continue  # (naturals of the run ranks are counted with the runs)
            in_sets |= 1 << rank
            if value >= 0:
                total += value * (counted[b0] + counted[b1] + counted[b2] + counted[b3])
            else:
                total += (values[b0] * counted[b0] + values[b1] * counted[b1]
                          + values[b2] * counted[b2] + values[b3] * counted[b3])
        if mr.runs and not high:
            total += self._run_stretch_value(left, in_sets, counted)
        return total

    def _playable_rows(self) -> tuple[_PlayableRows, ...]:
        """For every count of wild cards up to ``set_wild_cap``, the rows
        :meth:`_playable_value` walks: (rank, its four codes, the value they share or -1,
        the fewest naturals that make a set of it with at most that many wild cards, or
        more than any hand holds) of every set rank but 3. Counts with the same fewest
        naturals for every rank share one tuple, so that ``is`` tells whether fewer wild
        cards change which ranks count (see :meth:`_list_pair_takes`)."""
        s = self._s
        values = s.values
        by_content: dict[_PlayableRows, _PlayableRows] = {}
        found: list[_PlayableRows] = []
        for cap in range(s.set_wild_cap + 1):
            rows = []
            for rank, base in s.set_rank_bases:
                fewest = next((nat for nat in range(1, _MOST_OF_A_RANK + 1)
                               if any(self._set_ok(rank, nat, w) for w in range(cap + 1))),
                              _MOST_OF_A_RANK + 1)
                shared = values[base] if len(set(values[base:base + 4])) == 1 else -1
                rows.append((rank, base, base + 1, base + 2, base + 3, shared, fewest))
            row_tuple = tuple(rows)
            found.append(by_content.setdefault(row_tuple, row_tuple))
        return tuple(found)

    def _run_stretch_value(self, left: Sequence[int], in_sets: int,
                           counted: Sequence[int]) -> int:
        """The value of the naturals of ``counted`` (a part of ``left``) not of the ranks
        in ``in_sets`` (a bit per rank) that lie in a stretch of consecutive ranks of one
        suit, all in ``left``, at least a run long: only those could make a run or lie off
        on one made of them (AS-9)."""
        mr = self._s.meld
        values = self._s.values
        low, run_min = int(mr.run_low), mr.run_min
        start = (low - 2) * 4
        # Which cards of the run ranks are held, one byte each: a suit without a stretch
        # long enough is passed over by one C-level search.
        columns = bytes(left[start:(int(mr.run_high) - 1) * 4]).translate(HELD)
        stretch = b"\x01" * run_min
        # A low ace (BU-12) stands before the lowest rank: one more byte in front.
        ace_low = mr.run_ace_low
        taken: set[int] = set()  # (the low ace counted once)
        total = 0
        for suit in range(4):
            column = columns[suit::4]
            if ace_low:
                column = bytes((bool(left[48 + suit]),)) + column
            if stretch not in column:
                continue
            size = len(column)
            i = 0
            while i < size:
                if not column[i]:
                    i += 1
                    continue
                j = i
                while j < size and column[j]:
                    j += 1
                if j - i >= run_min and not ace_low:
                    for k in range(i, j):
                        if not in_sets >> (low + k) & 1:
                            code = start + 4 * k + suit
                            total += values[code] * counted[code]
                elif j - i >= run_min:
                    for k in range(i, j):
                        # (k = 0 is the low ace, the ace's own place at the top too)
                        code = start + 4 * (k - 1) + suit if k else 48 + suit
                        if not in_sets >> (code // 4 + 2) & 1 and code not in taken:
                            taken.add(code)
                            total += values[code] * counted[code]
                i = j
        return total

    def _collection_reaches(self, need: int, spent: list[bool] | None = None
                            ) -> _Collection | bool | None:
        """The exact search of :meth:`_initial_reachable`: the collection found (its plays
        as (codes, meld index of a lay-off or -1, rank key of a new set)), ``False`` when
        there is none, ``None`` past the budget where the solver on counts does not
        answer (``True``: it says yes, naming no collection). ``spent``: where given, told
        whether the walk spent its budget (see :meth:`_search_plays`)."""
        player = self._current
        counts = self._take_counts
        assert counts is not None
        hand = self._hands[player]
        if self._playable_value(hand, self._s.side_of[player], counted=counts) < need:
            return False
        free: list[int] = []
        keep = None
        if self._s.strand_check:
            # PH-16: keep a card that may be discarded (canastas made on the way only lift
            # restrictions, docs/hooks.md).
            forbidden = self._forbidden(player, False)
            free = self._discardable(hand, forbidden)
            if not free:
                # A draw that leaves no card that may go ends the hand without a discard
                # (PH-16): the plays need keep only one card, and none for the discard. A
                # take never may (PH-16), so a turn that took the pile has no such end.
                if self._turn_take or not self._stranded():
                    return False
                keep = 1
        return self._collection_search(need, counts, self._melds[self._s.side_of[player]],
                                       self._hsize[player], hand, free, keep=keep,
                                       spent=spent)

    def _collection_search(self, need: int, counts: list[int], melds: Sequence[Meld],
                           size: int, hand: Sequence[int], free: list[int],
                           answer_only: bool = False, keep: int | None = None,
                           solver_first: bool = False, spent: list[bool] | None = None
                           ) -> _Collection | bool | None:
        """The search of :meth:`_collection_reaches` on explicit inputs: the counts of the
        cards that count (``counts``: those held before the take), the side's melds, the
        hand's size and counts (the cards the plays may use, the pile's among them) and
        the codes that may be discarded (empty: no such rule). A pile take is judged on
        the inputs it would leave, without being made (AS-23). With ``answer_only`` the
        caller needs no collection: a single play that is enough answers ``True``, and so
        does any collection found. ``keep``: the cards the plays must leave (default: two,
        or the variant's ``keep_cards`` if more). ``solver_first`` and
        ``spent``: as for :meth:`_search_plays`."""
        spare = size - self._cards_kept(keep)
        # Without a card to keep for the discard (PH-16), one play that counts enough and
        # leaves the cards to keep settles it: the search's first play would be enough.
        enough = (need, spare) if answer_only and not free else None
        found_plays = self._qualifying_plays(list(hand), melds, enough, counts, True)
        if enough is not None and len(found_plays) == 1 and found_plays[0][1] >= need \
                and len(found_plays[0][0]) <= spare and not (
                    found_plays[0][2] < 0 and found_plays[0][4] in self._joined_ranks(melds)):
            return True  # (a set that waits for a canasta of its rank is not alone enough)
        return self._search_plays(need, counts, found_plays, size, hand, free, answer_only,
                                  melds, keep, solver_first, spent)

    def _cards_kept(self, keep: int | None) -> int:
        """The cards plays towards an owed initial meld must leave in hand: ``keep``, or
        by default two (one to discard, one to go on with) or the variant's
        ``keep_cards`` if more (AS-23)."""
        return max(2, self._s.going_out.keep_cards) if keep is None else keep

    def _search_plays(self, need: int, counts: Sequence[int], found_plays: list[_Play],
                      size: int, hand: Sequence[int], free: list[int],
                      answer_only: bool = False, melds: Sequence[Meld] | None = None,
                      keep: int | None = None, solver_first: bool = False,
                      spent: list[bool] | None = None) -> _Collection | bool | None:
        """The depth-first search of :meth:`_collection_search` over the qualifying plays
        ``found_plays`` (see :meth:`_qualifying_plays`; their order is the search's), on
        the side's ``melds`` (needed only where new sets may wait for a canasta of their
        rank, PH-10); ``keep`` as there.

        Where the solver on counts reads the rules and the plays
        (:class:`~canasta_family.engine.owed_solver.OwedSolver`), it answers when the
        walk spends its budget: its "yes" is then ``True`` (no collection named). With
        ``solver_first`` (the caller expects the walk to spend its budget) it answers
        before the walk, which then runs only to name the collection of a "yes" that
        the caller needs (not with ``answer_only``). Both are exact on the same plays,
        so the answer is the same whichever goes first. ``spent``: where given, ``True``
        is appended to it when the walk spends its budget."""
        if not found_plays:
            return False
        spare = size - self._cards_kept(keep)
        # The side's unfinished sets by rank key, where a canasta opens its rank again
        # (PH-10): a new set of such a rank waits until a lay-off completes that set.
        waiting: dict[int, Meld] = {}
        if melds is not None and self._s.meld.one_open_meld_per_rank \
                and not self._s.meld.one_meld_per_rank:
            joined = self._joined_ranks(melds)
            if any(index < 0 and key in joined for _c, _v, index, _o, key in found_plays):
                waiting = {0 if m.rank is None else int(m.rank): m for m in melds
                           if m.kind is _SET and m.canasta is None}
        canasta_size = self._s.meld.canasta_size
        # Each play as (codes, value, cards, the bits that bar it, the bits it sets, its
        # (code, count) pairs, the bits it needs): a lay-off sets and is barred by its
        # meld's bit (one lay-off per meld), an unfinished new set sets its rank's bit and
        # a new set is barred by it; a lay-off that completes an unfinished set sets the
        # bit its rank's waiting new sets need (ranks' bits, then completed ranks', then
        # meld indexes').
        plays: list[_SearchPlay] = []
        for codes, value, index, open_key, set_key in found_plays:
            pairs = self._t.code_pairs(codes)
            bars = sets = needs = 0
            if index >= 0:
                bars = sets = 1 << (index + 32)
                if waiting:
                    assert melds is not None
                    meld = melds[index]
                    rank_key = 0 if meld.rank is None else int(meld.rank)
                    # (A set is a canasta from ``canasta_size`` cards on.)
                    if waiting.get(rank_key) is meld \
                            and len(meld.cards) + len(codes) >= canasta_size:
                        sets |= 1 << (rank_key + 16)
            elif set_key is not None:
                bars = 1 << set_key
                if open_key is not None:
                    sets = 1 << open_key
                if set_key in waiting:
                    needs = 1 << (set_key + 16)
            plays.append((codes, value, len(codes), bars, sets, pairs, needs))
        table = self._melds[self._s.side_of[self._current]] if melds is None else melds
        readable = not free and not waiting  # (PH-16 and PH-10: the walk's alone)
        solved: bool | None = None  # the solver's answer, once asked
        if solver_first and readable:
            solved = self._owed_solved(found_plays, table, hand, counts, size, keep, need)
            if solved is False:
                return False
            if solved and answer_only:
                return True

        def out_of_reach() -> bool:
            # A walk without a collection tries every way first; the bound by ranks
            # tells most such positions apart at once.
            bound = reach_bound(self._whole(), hand, counts, table)
            return bound is not None and bound < need

        # Where the solver may answer, the walk stops early for it: past a few positions
        # a walk most likely finds nothing, which the solver tells sooner.
        short = readable and solved is None and OwedSolver.reads(self._s)
        search = _CollectionWalk(plays, self._s.values, need, hand, counts, spare, free,
                                 out_of_reach, short, naming=solved is not None)
        try:
            found = search.walk(0, 0, 0)
            if found is None:
                if spent is not None:
                    spent.append(True)
                if readable and solved is None:
                    # The walk stopped: the solver's answer, where it reads the plays.
                    solved = self._owed_solved(found_plays, table, hand, counts, size,
                                               keep, need)
                if solved is False:
                    return False
                if solved and answer_only:
                    return True
                if short:
                    # A longer walk: to name the collection of the solver's "yes", or
                    # with the whole budget to decide, where it does not read the plays.
                    search = _CollectionWalk(plays, self._s.values, need, hand, counts,
                                             spare, free, out_of_reach,
                                             naming=solved is not None)
                    found = search.walk(0, 0, 0)
        except _OutOfReach:
            return False
        if found is None and solved:
            return True  # (no collection named)
        if found and answer_only:
            return True  # (the caller needs no collection)
        if found:
            return _Collection(tuple([(found_plays[number][0], found_plays[number][2],
                                       found_plays[number][4]) for number in search.path]),
                               spare, tuple(free), tuple(found_plays),
                               tuple([play[5] for play in plays]),
                               any(plays[number][6] for number in search.path))
        return found

    def _owed_solved(self, plays: list[_Play], melds: Sequence[Meld], hand: Sequence[int],
                     counts: Sequence[int], size: int, keep: int | None, need: int
                     ) -> bool | None:
        """:meth:`OwedSolver.reaches` for the qualifying ``plays`` of a position, or None
        where the solver does not read them."""
        solver = OwedSolver.of(self._whole(), plays, melds, hand, counts, size,
                               self._cards_kept(keep))
        return None if solver is None else solver.reaches(need)

    def _plays_after(self, found: _Collection, melds: Sequence[Meld], changed: int,
                     hand: list[int], counted: Sequence[int]) -> list[_Play]:
        """The qualifying plays (see :meth:`_qualifying_plays`) after a play that made or
        laid off on the meld ``melds[changed]``, derived from those the collection
        ``found`` was chosen among before it (``found.among``): the ones whose cards are
        still in ``hand`` and still count, less lay-offs on the
        changed meld and new sets its rank no longer allows, with the lay-offs on it as it
        is now. The same plays as listing them anew, save a few that use more pile cards
        than another with the same counted cards, which the search passes over anyway
        (AS-23)."""
        values = self._s.values
        joined = self._joined_ranks(melds) if self._s.joins_sets else _NO_CODES
        plays: list[_Play] = []
        for (codes, _value, index, open_key, set_key), pairs in zip(
                found.among, found.among_pairs, strict=True):
            if index == changed or (set_key is not None and set_key in joined):
                continue
            for c, n in pairs:
                if hand[c] < n:
                    break
            else:
                value = _value_counted(codes, counted, values)
                if value:
                    plays.append((codes, value, index, open_key, set_key))
        side = self._s.side_of[self._current]
        plays.extend(self._layoff_plays(hand, melds[changed], changed, side, counted))
        plays.sort(key=_CODES_OF)
        plays.sort(key=_SIZE_OF)
        plays.sort(key=_VALUE_OF, reverse=True)
        return plays

    def _completion_found(self, need: int, naturals_first: bool) -> bool:
        """The engine's completion finder, for positions too large for the exact search:
        it plays, on a copy, the qualifying play (see :meth:`_qualifying_plays`) that adds
        the most, first among plays without wild cards (``naturals_first``) or among all,
        until the minimum is reached. Its choice depends on the position alone, so after
        its own first play it still succeeds."""
        game = self.clone()
        game._legal_cache = None
        player = game._current
        strand = game._s.strand_check
        while need > 0:
            counted = game._take_counts
            assert counted is not None
            hand = game._hands[player]
            n = game._hsize[player]
            keep = self._cards_kept(None)
            free: list[int] = []
            if strand:
                forbidden = game._forbidden(player, False)
                free = game._discardable(hand, forbidden)
                if not free:
                    # As in the exact search: a draw that left no card to discard ends
                    # the hand with one card kept (PH-16).
                    if game._turn_take or not game._stranded():
                        return False
                    keep = 1
            is_wild = game._s.wild
            options = [(naturals_first and any(is_wild[c] for c in codes), -value, codes,
                        index)
                       for codes, value, index, _open, _set
                       in game._qualifying_plays(hand[:], counted=counted)
                       if n - len(codes) >= keep]
            options.sort()
            chosen: MakeMeld | LayOff | None = None
            for _wild, negative, codes, index in options:
                if free and not any(hand[c] > codes.count(c) for c in free):
                    continue
                chosen = game._meld_action(codes) if index < 0 else \
                    game._layoff_action(index, codes)
                need += negative
                break
            if chosen is None:
                return False
            game._executors[type(chosen)](game, chosen)
        return True

    def _owed_counts(self, need: int) -> OwedCounts | None:
        """The judge on counts of the owed initial meld at this position
        (:class:`OwedCounts`), or None where the rules are not ones it reads, or where it
        reads sets only and they cannot make up the minimum from here: after a play they
        seldom can then, and the search decides every play as it would without it."""
        player = self._current
        counts = self._take_counts
        assert counts is not None
        hand = self._hands[player]
        free: list[int] = []
        if self._s.strand_check:
            # PH-16: the cards that may be discarded now (canastas made on the way only
            # lift restrictions, docs/hooks.md).
            forbidden = self._forbidden(player, False)
            free = self._discardable(hand, forbidden)
        judge = OwedCounts.of(self._whole(), need, hand, counts,
                              self._melds[self._s.side_of[player]], self._hsize[player],
                              self._cards_kept(None), free)
        if judge is not None and judge.sets_only and not judge.reachable():
            return None
        return judge

    def _counts_keep(self, judge: OwedCounts, action: Action) -> bool | None:
        """:meth:`OwedCounts.keeps` for the play ``action``: whether a collection of plays
        still makes up the owed minimum after it, or None where the judge cannot tell (a
        play that leaves no card; under PH-16, a hand whose cards left it cannot follow
        rank by rank as discardable or not; or where it reads sets only, one their
        collections do not reach)."""
        if not isinstance(action, (MakeMeld, LayOff)) or len(action.cards) >= judge.size:
            return None
        known = judge.out_of_reach
        if known is None:
            known = judge.unreachable()
        if known:
            return False  # (nothing left to judge play by play)
        # (An action's cards are in the order of their codes.)
        codes = [card.code for card in action.cards]
        # Plays alike but for the suits of their naturals, or for which wild cards of one
        # value they hold, leave the judge the same: it reads a rank's cards by how many
        # and what the counted ones are worth, a set's shape by naturals and wild cards.
        card_class, counted = self._s.card_class, judge.counted
        alike: list[int] = []
        last = run = -1
        for code in codes:
            run = run + 1 if code == last else 0
            last = code
            alike.append(card_class[code] * 2 + (run < counted[code]))
        alike.sort()
        key = (action.meld if isinstance(action, LayOff) else -1, action.stands,
               tuple(alike))
        plays = judge.plays
        if key in plays:
            return plays[key]
        answer = plays[key] = self._counts_keep_read(judge, action, codes)
        return answer

    def _counts_keep_read(self, judge: OwedCounts, action: Action, codes: list[int]
                          ) -> bool | None:
        """:meth:`_counts_keep` for a play not met before: its cards are ``codes``
        (ascending). A set play is read as one rank's change; a sequence, or a lay-off
        on one (where the judge reads sets only), and a meld of stop cards by a judge of
        what it leaves."""
        is_wild = self._s.wild
        old_meld = None
        if isinstance(action, LayOff):
            old_meld = self._melds[self._s.side_of[self._current]][action.meld]
            if old_meld.kind is not _SET:
                return judge.after_play(codes)  # a lay-off on a sequence
            rank = None if old_meld.rank is None else int(old_meld.rank)
        else:
            assert isinstance(action, MakeMeld)
            if judge.sets_only and self._made_meld(action)[0].kind is not _SET:
                return judge.after_play(codes)  # a new sequence
            rank = next((code // 4 + 2 for code in codes if not is_wild[code]), None)
            if rank in self._s.stop_ranks:
                # Stop cards (AS-33, CC-6) change no rank's sets the judge reads: judged
                # by what they leave, as a sequence is.
                return judge.after_play(codes)
        if judge.keeps_every(rank) or judge.keeps_alone(rank, codes):
            return True
        if old_meld is None:
            assert isinstance(action, MakeMeld)
            old, meld = None, self._made_meld(action)[0]
        else:
            assert isinstance(action, LayOff)
            old = meld_shape(old_meld)
            meld = self._laid_off(old_meld, tuple(codes), action.stands)
        return judge.keeps(rank, codes, changed_shapes(judge.shapes.get(rank, ()), old,
                                                       meld_shape(meld)))

    def _left_by_play(self, action: MakeMeld | LayOff, used: Sequence[int]
                      ) -> tuple[list[int], list[Meld]]:
        """The hand and the side's melds as the play ``action`` of the codes ``used``
        leaves them, read without a copy of the game."""
        player = self._current
        melds = self._melds[self._s.side_of[player]][:]
        if isinstance(action, MakeMeld):
            melds.append(self._made_meld(action)[0])
        else:
            melds[action.meld] = self._laid_off(melds[action.meld], tuple(used),
                                                action.stands)
        hand = self._hands[player][:]
        for code in used:
            hand[code] -= 1
        return hand, melds

    def _made_play(self, action: Action) -> Game:
        """A copy of the game that has made the play ``action`` (checked), sharing the
        turn's going-out answers."""
        if self._out_memo is None:
            self._out_memo = {}  # made before the copy, so that it shares the answers
        after = self.clone()
        after._legal_cache = None
        after._executors[type(action)](after, action)
        return after

    def _keeps_initial_reachable(self, action: Action,
                                 found: _Collection | bool | None = None,
                                 collection: bool | None = None,
                                 gave_up: bool = False) -> bool:
        """Whether the initial meld owed after a pile take can still be reached after the
        play ``action`` (AS-23). With ``found``, the collection the search found for the
        position as it is, a play that leaves that collection playable is answered at
        once; any other by a search on what the play leaves (on a copy that has made it
        only where the search gives up or a variant's hook must see the game), and where
        no collection that keeps two cards is left, by whether the player can still go
        out this turn (see :meth:`_initial_reachable`). ``collection``: whether such a
        collection is left, where the caller knows (see :meth:`_counts_keep`).
        ``gave_up``: the walk of the position as it is spent its budget, so that one
        after the play most likely does too: where the solver on counts reads the rules
        it answers first (:class:`~canasta_family.engine.owed_solver.OwedSolver`), else
        the completion finder, which decides there, is tried on the copy first."""
        if collection:
            return True
        side = self._s.side_of[self._current]
        codes: Sequence[Card] = getattr(action, "cards", ())
        used = [c.code for c in codes]
        # What the play leaves of the cards that qualify, and of the minimum.
        counts = self._take_counts
        assert counts is not None
        left = counts[:]
        values = self._s.values
        need = self._minimum[side] - self._turn_value
        for code in used:
            if left[code]:
                left[code] -= 1
                need -= values[code]
        if need <= 0:
            return True
        if collection is None and isinstance(found, _Collection) \
                and isinstance(action, (MakeMeld, LayOff)) \
                and found.survives(self._whole(), action, used, need, left):
            return True
        s = self._s
        player = self._current
        out_only = collection is False
        given_up = False
        if out_only and not self._out_bounds_met():
            return False
        after: Game | None = None
        finder_tried = False
        searched_alike = False
        left_by: tuple[list[int], list[Meld]] | None = None
        if gave_up and not out_only and isinstance(action, (MakeMeld, LayOff)):
            # Where the search gave up, most plays that leave no collection would try the
            # finder and a search in vain: the bound by ranks of what the play leaves,
            # which the search asks in the end, tells them apart first.
            left_by = hand, melds = self._left_by_play(action, used)
            bound = reach_bound(self._whole(), hand, left, melds)
            if bound is not None and bound < need:
                if not self._out_bounds_met():
                    return False
                out_only = True
        # Where the solver on counts reads the rules, the searches below ask it first
        # instead: it answers exactly where the walk would spend its budget again.
        solver_first = gave_up and OwedSolver.reads(s)
        if gave_up and not out_only and not s.strand_check and not solver_first:
            # (A collection the finder completes is one the search would find; not where
            # a discardable card must stay, PH-16: the finder asks for one at each step,
            # as canastas made lift restrictions, the search for one of the first.)
            after = self._made_play(action)
            if after._completion_found(need, True) or after._completion_found(need, False):
                return True
            finder_tried = True
        if not out_only and isinstance(action, (MakeMeld, LayOff)) and not s.strand_check \
                and not s.custom_meld_check and self._hsize[player] > len(used):
            # The search needs only what the play changes: the counts that qualify, the
            # side's melds and the hand's size. Decided on those without a copy of the
            # game, as for a pile take; a copy only when the search gives up (the
            # completion finder plays on it), and where a variant's hook must see it.
            hand, melds = left_by or self._left_by_play(action, used)
            if self._playable_value(hand, side, None, melds, left) < need:
                return False
            size = self._hsize[player] - len(used)
            # Derived plays miss new sets of a rank a play's canasta closes, which were
            # barred before it while its meld was open (PH-10): there, list them anew.
            derived = isinstance(found, _Collection) and not s.meld.one_open_meld_per_rank
            if derived:
                assert isinstance(found, _Collection)
                changed = len(melds) - 1 if isinstance(action, MakeMeld) else action.meld
                plays = self._plays_after(found, melds, changed, hand, left)
                # (Where the rank of a new set never waits for a canasta the melds
                # change nothing in the search but the bound it starts with.)
                reached = self._search_plays(need, left, plays, size, hand, [], True,
                                             melds, solver_first=solver_first)
            else:
                reached = self._collection_search(need, left, melds, size, hand, [], True,
                                                  solver_first=solver_first)
            if reached is not None:
                if reached is not False:
                    return True
                # No collection keeps two cards: the turn may still end by going out,
                # which needs it possible from here too (most often ruled out at once).
                if not self._out_bounds_met():
                    return False
                out_only = True
            given_up = reached is None
            # The search of the copy below is this one, on the same inputs, where the
            # plays were not derived: where this one gave up, so does it.
            searched_alike = given_up and not derived
        if after is None:
            after = self._made_play(action)
        if given_up and not finder_tried and (after._completion_found(need, True)
                                              or after._completion_found(need, False)):
            # The search gave up: the completion finder's plays, which decide where it
            # does, are tried before searching the same position once more.
            return True
        if not out_only and not searched_alike and after._initial_reachable(
                going_out=False, finder=not (given_up or finder_tried)):
            return True
        # Going out after the play needs it possible before it: the bounds of this
        # position, kept for the turn, rule out every play of a listing at once.
        return (out_only or self._out_bounds_met()) and after._owed_out_reachable()
