"""Listing legal actions: the draw step (draw, takes, pick-ups) and the play step (melds,
lay-offs, merges, red 3s, asking, retracting, discards)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress, repeat
from operator import add, mul

from canasta_family.actions import (
    Action,
    Ask,
    MakeMeld,
    PickUp,
    TakePile,
)
from canasta_family.cards import NUM_CODES, Card
from canasta_family.engine.catalog import (
    _Candidate,
    _LayoffCandidates,
    _TakeEntry,
)
from canasta_family.engine.checks import _Checks
from canasta_family.engine.codes import (
    CARDS,
)
from canasta_family.engine.constructors import (
    _DISCARD_ACTIONS,
    _DRAW,
    _PASS,
    _PLACE_ACTIONS,
    _RETRACT,
    _RUN,
    _SET,
    _TAKE_WHOLE,
)
from canasta_family.engine.initial_meld_search import _Collection
from canasta_family.engine.play_checks import (
    _NO_CODES,
    _NOTHING_FORBIDDEN,
    _PlayChecks,
    _PlayContext,
    _PlayGroup,
    keeps_free,
)
from canasta_family.engine.take_checks import TakeJudge
from canasta_family.errors import (
    IllegalActionError,
    InvalidActionError,
)
from canasta_family.melds import Meld
from canasta_family.rules import (
    Violation,
)


class _Listing(_Checks):
    """The listing of legal actions, draw step and play step."""

    __slots__ = ()

    def _list_draw(self, out: list[Action]) -> None:
        stock = self._stock
        if stock:
            out.append(_DRAW)
        pile = self._pile
        if not pile:
            if not stock:
                out.append(_PASS)
            return
        s = self._s
        player = self._current
        if s.pile.unconditional:
            if self._top_blocked() is None and self._whole_take_problem() is None:
                out.append(_TAKE_WHOLE)
            if not stock:
                out.append(_PASS)
            return
        if s.pickup is not None:
            side = s.side_of[player]
            for index in range(len(self._melds[side])):
                if self._pickup_problem(index) is None:
                    out.append(self._t.indexed_action(PickUp, index))
        layoff_takes: Sequence[int] = ()
        top = pile[-1]
        rules = s.pile
        if s.pair_top[top]:
            hand = self._hands[player]
            first = top & -4
            held = hand[first] + hand[first + 1] + hand[first + 2] + hand[first + 3]
            # A take melds at least two cards from hand: one natural of the rank alone
            # makes none (nor does the frozen state matter for pair takes then). Where
            # some cards of the rank are wild, ``held`` counts them too: an upper bound.
            pairs = held > 1 or (held == 1 and any(s.wild_counts(hand)))
            # Most draws hold no pair: then only a lay-off take asks whether the pile is
            # frozen, and the core's answer needs no hook call.
            if pairs or rules.unfrozen_layoff or s.custom_pile_frozen is not False:
                side = s.side_of[player]
                frozen = self.pile_frozen_for(side)
                min_nat = 2 if frozen or not rules.unfrozen_natural_and_wild else 1
                if pairs and held >= min_nat:
                    self._list_pair_takes(out, top, min_nat)
                if not frozen and rules.unfrozen_layoff:
                    layoff_takes = self._layoff_take_indices(side, top)
                    for index in layoff_takes:
                        out.append(self._t.indexed_action(TakePile, index))
        elif (rules.unfrozen_layoff or s.custom_pile_frozen is not False) \
                and self._top_blocked() is None:
            side = s.side_of[player]
            if not self.pile_frozen_for(side) and rules.unfrozen_layoff:
                layoff_takes = self._layoff_take_indices(side, None)
                for index in layoff_takes:
                    out.append(self._t.indexed_action(TakePile, index))
        if s.positional and self._top_blocked() is None:
            self._list_run_takes(out)
        if not stock and not (s.stock_end.forced_layoff_take and layoff_takes):
            out.append(_PASS)

    def _list_run_takes(self, out: list[Action]) -> None:
        """Append the takes that meld the pile's top card into a new sequence with hand
        cards (BU-O8), found by the plain search of ``run_melds`` and kept when the checks
        pass them. (A wild top card whose place would need naming is not offered: a take
        names places only for its hand cards.)"""
        top = self._pile[-1]
        hand = self._hands[self._current][:]
        hand[top] += 1
        seen: set[TakePile] = set()
        for meld in self._positional_melds(hand):
            cards = list(meld.cards)
            if CARDS[top] not in cards:
                continue
            cards.remove(CARDS[top])
            try:
                action = TakePile(cards=tuple(cards), stands=meld.stands)
                if action in seen:
                    continue
                seen.add(action)
                self._check(action)
            except (IllegalActionError, InvalidActionError):
                continue
            out.append(action)

    def _layoff_take_indices(self, side: int, natural: int | None) -> list[int]:
        """The indices of the side's melds the pile's top card may be laid off on to take
        the pile (AS-20); ``natural`` is the top card when it is a natural but a 3.

        A natural fits no set of another rank (nor of wild cards only) and no run of
        another suit: those melds are passed over without the full check, which builds
        the meld the lay-off would make."""
        melds = self._melds[side]
        if natural is None:
            return [i for i in range(len(melds)) if self._layoff_take_problem(i) is None]
        rank, suit = natural // 4 + 2, natural % 4
        return [i for i, meld in enumerate(melds)
                if (meld.rank == rank if meld.kind is _SET
                    else meld.suit is None or meld.suit == suit)
                and self._layoff_take_problem(i) is None]

    def _list_pair_takes(self, out: list[Action], top: int, min_nat: int) -> None:
        """Append the takes of the pile that meld its natural ``top`` card with at least
        ``min_nat`` naturals of its rank (and perhaps wild cards) from hand as a new set.

        Which takes the shape rules allow is memoised (:meth:`_pair_take_entry`); what is
        left to decide here depends on the game: the initial minimum and what melds from
        the hand could add to it (AS-23), going out (AS-35) and the hand left (PH-16)."""
        player = self._current
        s = self._s
        side = s.side_of[player]
        hand = self._hands[player]
        pile = self._pile
        pile_bonus = 0 if s.pile.only_top_counts else self._value(pile[:-1])
        top_value = s.values[top]
        initial = self._initial[side]
        minimum = self._minimum[side]
        if not initial:
            # Every card the hand could meld, with the top card, caps what a take can
            # count: below the minimum no take is possible, so skip the search (AS-23).
            reach = top_value + pile_bonus + sum(map(mul, s.meldable_values, hand))
            if reach < minimum:
                return
        rank = top // 4 + 2
        first = top - top % 4
        join = self._open_set_index(side, rank) if s.joins_sets else None
        join_meld = None if join is None else self._melds[side][join]
        key = (rank, hand[first], hand[first + 1], hand[first + 2], hand[first + 3],
               min_nat, -1 if join_meld is None else len(join_meld.cards),
               0 if join_meld is None else join_meld.wilds, *s.wild_counts(hand))
        entry = self._t.pair_takes.get(key)
        if entry is None:
            entry = self._pair_take_entry(key, hand)
        cands, actions, most_used, least_value = entry
        strand = s.strand_check
        if not cands and not strand:
            return
        n = self._hsize[player]
        keep = s.going_out.keep_cards
        custom = s.custom_meld_check
        every = not strand and not custom and (
            initial or least_value + top_value + pile_bonus >= minimum)
        if every and n - most_used >= keep and n > most_used:
            # Every take counts enough and leaves enough cards, most often without the
            # pile's: all of them are legal.
            out.extend(actions)
            return
        # The pile's cards but the top go to hand, less the red 3s placed at once (the
        # top card is a natural here).
        to_hand = len(pile) - 1 - (sum(map(pile.count, s.bonus_codes)) if s.red.auto_place
                                   else 0)
        if every:
            after = n - most_used + to_hand
            if after >= keep and after > 0:
                out.extend(actions)
                return
        self._list_checked_takes(out, entry, top, join, to_hand, pile_bonus)

    def _list_checked_takes(self, out: list[Action], entry: _TakeEntry, top: int,
                            join: int | None, to_hand: int, pile_bonus: int) -> None:
        """Append the takes of ``entry`` (see :meth:`_pair_take_entry`) that pass what
        depends on the game, one by one: the initial minimum (AS-23), going out with
        ``to_hand`` pile cards coming to hand (AS-35), the hand left (PH-16) and a
        variant's own meld check. ``join``: the open set the take joins (PH-10)."""
        player = self._current
        s = self._s
        side = s.side_of[player]
        hand = self._hands[player]
        n = self._hsize[player]
        keep = s.going_out.keep_cards
        strand = s.strand_check
        initial = self._initial[side]
        minimum = self._minimum[side]
        top_value = s.values[top]
        ending_cache: dict[tuple[int, tuple[str, ...]], bool] = {}
        hand_cap: int | None = None
        with_pile: list[int] = []
        judge: TakeJudge | None = None
        # PH-16: a take that keeps one of the hand's discardable cards leaves a discard
        # (canastas only lift restrictions, docs/hooks.md); only the others need the full
        # check, which also counts the pile's cards.
        forbidden_now = self._forbidden(player, False) if strand else {}
        free = set(self._discardable(hand, forbidden_now)) if forbidden_now else set()
        free_total = sum(hand[c] for c in free)
        cands, actions = entry[0], entry[1]
        for (codes, used, w, kind, value, nat_value), take in zip(cands, actions, strict=True):
            if s.custom_meld_check and self._custom_problem(
                    side, self._take_meld(side, join, (*codes, top), w), (*codes, top)):
                continue
            base = value + top_value + pile_bonus
            if initial or base >= minimum:
                after = n - used + to_hand
                if not strand and after >= keep and after > 0:
                    out.append(take)  # what _ending_ok says without the canasta kinds
                    continue
                kinds = self._kinds_with(side, join, kind)
                if self._ending_ok(ending_cache, player, after, kinds) and not (
                        strand and not (after >= 2 and keeps_free(codes, forbidden_now, free,
                                                                  free_total))
                        and self._take_strand_problem(codes, after, kinds)):
                    out.append(take)
                continue
            # AS-23: short of the minimum by itself, the take is listed when melds from
            # the hand can still reach it this turn; the engine then holds the player
            # to that before any discard.
            if hand_cap is None:
                # The pile's cards join the hand and may fill out its melds; only the
                # hand's count (AS-23).
                with_pile = hand[:]
                for code in self._pile_to_hand():
                    with_pile[code] += 1
                hand_cap = self._playable_value(with_pile, side, top // 4 + 2, None, hand)
                judge = TakeJudge(self)
            if self._short_take_listed(take, codes, w, value, nat_value, base, to_hand,
                                       hand_cap, with_pile, judge):
                out.append(take)

    def _short_take_listed(self, take: TakePile, codes: tuple[int, ...], w: int, value: int,
                           nat_value: int, base: int, to_hand: int, hand_cap: int,
                           with_pile: list[int], judge: TakeJudge | None = None) -> bool:
        """Whether the take ``take`` of ``codes`` (``w`` wild cards; worth ``value``, its
        naturals ``nat_value``, counting ``base`` with the pile) that falls short of the
        initial minimum can still reach it this turn with melds from the hand (AS-23).
        ``hand_cap``: what the hand and the pile's cards (``with_pile``) could count;
        ``judge``: the listing's judge of the takes (:class:`TakeJudge`), if any."""
        s = self._s
        minimum = self._minimum[s.side_of[self._current]]
        # What the whole hand could count caps what the cards a take leaves could, less
        # the take's cards (fewer wild cards only allow fewer sets): when that falls
        # short, every short take does.
        if hand_cap + base - value < minimum:
            return False
        # Without runs, a take leaves exactly that cap less its cards' value (its rank
        # counts in full) when the wild cards it leaves allow sets of the same ranks as
        # the hand's do.
        exact = None
        if not s.meld.runs:
            if not w:
                exact = hand_cap - nat_value
            else:
                rows = self._t.playable_rows
                wild = sum(s.wild_counts(with_pile))
                if rows is not None and rows[min(wild, s.set_wild_cap)] \
                        is rows[min(wild - w, s.set_wild_cap)]:
                    exact = hand_cap - value
        return (exact is None or exact >= minimum - base) and self._take_reaches_minimum(
            take, to_hand, base, exact, codes, judge)

    def _pair_take_entry(self, key: tuple[int, ...], hand: list[int]) -> _TakeEntry:
        """The takes the shape rules allow for ``key`` (see :meth:`_list_pair_takes`):
        (rank, the hand's counts of its four cards, the fewest naturals from hand, the size
        and wild count of the open set of the rank the take joins, or -1 and 0, then the
        counts of the wild cards). ``hand`` holds those counts.

        Memoised per rule set: the answer depends on nothing else, and a listing then only
        decides what depends on the game (see ``_TakeEntry``).

        >>> import canasta_family
        >>> game = canasta_family.new_game("canasta", players=4, seed=1)
        >>> hand = [0] * 53
        >>> hand[40] = hand[41] = hand[52] = 1  # two queens and a joker, pile unfrozen
        >>> cands, actions, most, least = game._pair_take_entry(
        ...     (12, 1, 1, 0, 0, 1, -1, 0, 0, 0, 0, 0, 1), hand)
        >>> [str(take) for take in actions], most, least
        (['take-pile Qd JK', 'take-pile Qc JK', 'take-pile Qc Qd', 'take-pile Qc Qd JK'], 3, 20)
        """
        rank, min_nat, join_size, join_wilds = key[0], key[5], key[6], key[7]
        first = (rank - 2) * 4
        s = self._s
        mr = s.meld
        value_of = s.values.__getitem__
        natural = s.pair_top
        nat_items = [(first + i, key[1 + i]) for i in range(4)
                     if key[1 + i] and natural[first + i]]
        max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
        # Each wild subset split at the rank: codes from hand are the wild cards below it,
        # the naturals and the wild cards above in that order (ascending), so a take's
        # codes need no sort (unless a wild code sorts among the rank's naturals).
        wild_parts = [(low, high, w, sum(map(value_of, wsub)))
                      for wsub, w, low, high in self._wild_subsets(
                          hand, max_w, nat_items[0][0] if nat_items else first)]
        between = s.wild_between
        set_ok = self._t.set_ok
        cands: list[tuple[tuple[int, ...], int, int, str | None, int, int]] = []
        actions: list[TakePile] = []
        most = least = 0
        for nat in self._t.submultisets(nat_items, min_nat, 99):
            n = len(nat)
            nat_value = sum(map(value_of, nat))
            for low, high, w, wild_value in wild_parts:
                if n + w < 2:
                    continue
                ok = set_ok.get((rank, n + 1, w))
                if not (self._set_ok(rank, n + 1, w) if ok is None else ok):
                    continue  # (the same as black3_ok=False: the top card is no 3)
                size, wilds = n + w + 1, w
                if join_size >= 0:
                    # PH-10: the take's meld joins the side's open meld of the rank.
                    size += join_size
                    wilds += join_wilds
                    if self._set_problem(rank, size - wilds, wilds, False):
                        continue
                codes = low + nat + high
                if between:
                    codes = tuple(sorted(codes))
                value = nat_value + wild_value
                if not cands or value < least:
                    least = value
                if n + w > most:
                    most = n + w
                cands.append((codes, n + w, w, self._canasta_kind(False, rank, size, wilds),
                              value, nat_value))
                actions.append(self._t.take_action(codes))
        entry = self._t.pair_takes[key] = (tuple(cands), tuple(actions), most, least)
        return entry

    def _list_play(self, out: list[Action]) -> None:
        """The play step: new melds, lay-offs, red 3s placed by hand, merges, then what
        ends the turn or asks (discards, retracting, ``ask``), in that order."""
        s = self._s
        ctx = self._play_context()
        first_play = len(out)
        if ctx.melding:
            self._list_new_melds(out, ctx)
            self._list_layoffs(out, ctx)
            if s.positional:
                self._list_positional_runs(out, ctx)
        if not s.red.auto_place:
            self._list_placements(out, ctx)
        if ctx.must:
            if ctx.n == 1:
                self._list_discards(out, ctx.player, ctx.side, going_out=True)
            return
        if s.meld.merge and ctx.melding and len(ctx.melds) > 1:
            self._list_merges(out, ctx.melds)
        self._list_turn_end(out, ctx, first_play)

    def _list_positional_runs(self, out: list[Action], ctx: _PlayContext) -> None:
        """Append the new sequences and the lay-offs on sequences where their cards have
        places (BU-12…16): found by the plain search of ``run_melds`` and kept when the
        checks pass them."""
        hand = ctx.hand
        plays: list[Action] = list(self._positional_melds(hand))
        for index, meld in enumerate(ctx.melds):
            plays.extend(self._positional_layoffs(hand, index, meld))
        for action in plays:
            try:
                self._check(action)
            except (IllegalActionError, InvalidActionError):
                continue
            out.append(action)

    def _play_context(self) -> _PlayContext:
        """What the parts of a play listing share (see :class:`_PlayContext`)."""
        player = self._current
        s = self._s
        side = s.side_of[player]
        hand = self._hands[player]
        n = self._hsize[player]
        ctx = _PlayContext(self._whole(), player, side, hand, n)
        ctx.need = self._minimum[side] - self._turn_value
        ctx.owes = self._take_counts is not None and not self._initial[side]  # AS-23
        ctx.must = must = self._bound_to_go_out()
        if ctx.owes and not must:
            ctx.groups = []
        ctx.melds = self._melds[side]
        ctx.melding = not self._retracted
        # PH-16: plays must leave a card that may be discarded, unless the player is
        # already stranded (then no discard follows). ``free`` are the hand's discardable
        # cards as things stand; they stay so whatever canasta a play completes
        # (docs/hooks.md), so only plays that would use them all need the full check.
        if s.strand_check:
            forbidden_now: Mapping[Card, Violation] = _NOTHING_FORBIDDEN
            free: frozenset[int] | set[int] = _NO_CODES
            if n >= 2:
                forbidden_now = ctx.forbidden_hand = self._forbidden(player, False)
                if forbidden_now:
                    free = set(self._discardable(hand, forbidden_now))
                stranded = not free and bool(forbidden_now)
            else:
                stranded = self._stranded()
            if stranded:
                forbidden_now, free = _NOTHING_FORBIDDEN, _NO_CODES
            ctx.forbidden_now, ctx.free, ctx.stranded = forbidden_now, free, stranded
            ctx.free_total = sum([hand[c] for c in free]) if free else 0
        keep = s.going_out.keep_cards
        # Plays that leave at least ``keep`` cards (and two) need no check of their own
        # unless a partner's "yes" binds, a variant checks melds itself or some cards may
        # not be discarded (PH-16): a whole memo entry whose largest play is that small is
        # copied at once.
        ctx.fast = not must and not s.custom_meld_check and not ctx.forbidden_now
        safe = n - keep  # melds of at most this many cards need no going-out check
        ctx.limit = safe if safe < n - 2 else n - 2
        return ctx

    def _list_new_melds(self, out: list[Action], ctx: _PlayContext) -> None:
        """Append the new melds the hand allows (see :meth:`_list_checked_melds`): a memo
        entry whose largest meld leaves enough cards and needs no check is copied whole."""
        s = self._s
        limit = ctx.limit
        # Sets a new set of their rank would join (0: wild cards only), PH-10 and CC-3.
        open_keys: set[int] | frozenset[int] = \
            self._joined_ranks(ctx.melds) if s.joins_sets else _NO_CODES
        fast = ctx.fast
        stop_ranks = s.stop_ranks
        meld_actions = self._t.meld_actions
        action_of = meld_actions.__getitem__
        groups = ctx.groups
        min_naturals, wild_cap = s.set_min_naturals, s.set_wild_cap
        for cands, acts, largest, key, lazy in self._meld_entries(ctx.hand, black3=True):
            if open_keys and key is not None and key in open_keys:
                continue
            start = len(out)
            if fast and largest <= limit and key not in stop_ranks:
                out.extend(map(action_of, acts))
            else:
                table = meld_actions
                if cands is None:
                    cands = self._rank_cands(lazy)
                    # A going-out search made for an earlier play may have started the
                    # memo afresh: numbers made since then index the table as it is now.
                    table = self._t.meld_actions
                self._list_checked_melds(out, ctx, cands, table)
            if groups is not None and key:  # (a set rank's; 0: wild cards only)
                wilds = largest - min_naturals
                groups.append((start, len(out), key, wilds if wilds < wild_cap else wild_cap,
                               largest))

    def _list_checked_melds(self, out: list[Action], ctx: _PlayContext,
                            cands: tuple[_Candidate, ...], table: list[MakeMeld]) -> None:
        """Append the new melds of ``cands`` (actions by number in ``table``) that pass
        the checks a memo entry cannot settle for all: going out or keeping cards
        (AS-35), a partner's "yes" (AS-36), stop cards (AS-33), the hand left (PH-16) and
        a variant's own meld check."""
        s = self._s
        n, melds, must, limit = ctx.n, ctx.melds, ctx.must, ctx.limit
        keep = s.going_out.keep_cards
        custom = s.custom_meld_check
        forbidden_now, free, free_total = ctx.forbidden_now, ctx.free, ctx.free_total
        stop_ranks = s.stop_ranks
        checks: _PlayChecks | None = None
        for codes, value, kind, wild, rank, number in cands:
            action = table[number]
            size = len(codes)
            if size <= limit and not must and rank not in stop_ranks and not custom \
                    and keeps_free(codes, forbidden_now, free, free_total):
                out.append(action)
                continue
            after = n - size
            black3 = rank in stop_ranks
            kinds = tuple([m.canasta for m in melds if m.canasta is not None])
            if kind is not None:
                kinds = (*kinds, kind)
            if checks is None:
                checks = ctx.checks()
            if after < keep or after <= 1 or black3 or must:
                if not checks.allowed(after, kinds, value, codes, black3, action):
                    continue
            elif not checks.leaves_discard(codes, after, kinds):
                continue
            if custom:
                try:
                    self._check_custom_meld(ctx.side, _SET if rank is not None
                                            or wild == len(codes) else _RUN,
                                            rank, codes, wild)
                except IllegalActionError:
                    continue
            out.append(action)

    def _list_layoffs(self, out: list[Action], ctx: _PlayContext) -> None:
        """Lay-offs on the side's melds (none on a meld already at the size cap, PH-5)."""
        s = self._s
        source = ctx.hand
        n = ctx.n
        keep = s.going_out.keep_cards
        fast = ctx.fast
        stop_ranks = s.stop_ranks
        cap = s.meld.max_size
        layoff_action = self._t.layoff_actions.__getitem__
        layoffs_held = self._t.layoffs_held.get
        wild_held = s.wild_counts(source)
        # Half the sets a listing meets have no card of theirs in a hand without wild
        # cards: nothing can join them, which needs no memo key.
        no_wild = not any(wild_held)
        full_rank = s.full_rank
        groups = ctx.groups
        for index, meld in enumerate(ctx.melds):
            size = len(meld.cards)
            if cap is not None and size >= cap:
                continue
            set_rank = meld.rank
            # A set of naturals, the commonest meld: its entry by the counts held, as
            # ``_layoff_entry`` looks it up first, without the call.
            if set_rank is not None and full_rank[set_rank]:
                base = set_rank * 4 - 8
                if no_wild and not (source[base] or source[base + 1] or source[base + 2]
                                    or source[base + 3]):
                    continue
                lentry = layoffs_held((base, size, meld.wilds, meld.canasta, source[base],
                                      source[base + 1], source[base + 2], source[base + 3],
                                      wild_held))
                if lentry is None:
                    lentry = self._layoff_entry(source, meld, wild_held)
            else:
                lentry = self._layoff_entry(source, meld, wild_held)
            lcands, lmost, lnumbers, _template = lentry
            if not lnumbers:
                continue
            black3 = set_rank in stop_ranks
            start = len(out)
            if fast and not black3 and n - lmost >= keep and n - lmost > 1:
                out.extend(map(layoff_action, map(add, lnumbers, repeat(index)) if index
                               else lnumbers))
            else:
                if lcands is None:
                    lcands = self._layoff_cands(lentry)
                self._list_checked_layoffs(out, ctx, index, meld, lcands, lnumbers, black3)
            if groups is not None and set_rank is not None and meld.kind is _SET:
                groups.append((start, len(out), int(set_rank), lmost, lmost))

    def _list_checked_layoffs(self, out: list[Action], ctx: _PlayContext, index: int,
                              meld: Meld, lcands: _LayoffCandidates,
                              lnumbers: tuple[int, ...], black3: bool) -> None:
        """Append the lay-offs ``lcands`` on ``melds[index]`` (of stop cards: ``black3``)
        that pass the checks a memo entry cannot settle for all (as new melds do);
        ``lnumbers``: the entry's action numbers, in the order of ``lcands``."""
        s = self._s
        layoff_actions = self._t.layoff_actions
        n, melds, must = ctx.n, ctx.melds, ctx.must
        keep = s.going_out.keep_cards
        forbidden_now = ctx.forbidden_now
        checks: _PlayChecks | None = None
        free, free_total = ctx.free, ctx.free_total
        for (codes, new_kind), number in zip(lcands, lnumbers, strict=True):
            action = layoff_actions[number + index]
            size = len(codes)
            after = n - size
            ending = after < keep or after <= 1 or black3 or must
            # PH-16 alone: ``leaves_discard``'s first answer, read before the canastas are.
            if ending or not keeps_free(codes, forbidden_now, free, free_total):
                kinds = tuple([k for k in (*[m.canasta for m in melds[:index]], new_kind,
                                           *[m.canasta for m in melds[index + 1:]])
                               if k is not None])
                if checks is None:
                    checks = ctx.checks()
                if ending:
                    if not checks.allowed(after, kinds, self._value(codes), codes,
                                          black3, action):
                        continue
                elif not checks.leaves_discard(codes, after, kinds):
                    continue
            if s.custom_meld_check:
                new, _problem = self._layoff_problem(meld, codes, black3_ok=True)
                try:
                    assert new is not None
                    self._check_custom_meld(ctx.side, new.kind, None, codes, 0, base=new)
                except IllegalActionError:
                    continue
            out.append(action)

    def _list_placements(self, out: list[Action], ctx: _PlayContext) -> None:
        """Red 3s placed by hand: a play like a meld, which may finish the hand (DS-3)."""
        n, must, hand = ctx.n, ctx.must, ctx.hand
        keep = self._s.going_out.keep_cards
        checks: _PlayChecks | None = None
        for code in self._s.bonus_codes:
            if not hand[code]:
                continue
            kinds = tuple([m.canasta for m in ctx.melds if m.canasta is not None])
            if checks is None:
                checks = ctx.checks()
            if n - 1 >= keep and n - 1 > 1 and not must:
                if checks.leaves_discard((code,), n - 1, kinds):
                    out.append(_PLACE_ACTIONS[code])
            elif checks.allowed(n - 1, kinds, 0, (code,), False, _PLACE_ACTIONS[code]):
                out.append(_PLACE_ACTIONS[code])

    def _owed_plays(self, plays: list[Action], need: int,
                    groups: Sequence[_PlayGroup] = ()) -> list[Action]:
        """Those of ``plays`` after which the owed initial meld (``need`` short) can still
        be reached (AS-23): judged on counts where the rules allow, the ``groups`` of
        plays onto one rank's sets each at once where the judge keeps every play of it
        (``OwedCounts.keeps_each``), other plays one by one (:meth:`_counts_keep`), the
        rest with the collection one search of the position found."""
        judge = self._owed_counts(need)
        kept: list[Action] = []
        found: _Collection | bool | None = None
        searched = False
        spent: list[bool] = []  # (whether that search's walk spent its budget)
        # (Where the judge keeps a whole group, each of its plays would be kept one by
        # one too: it is copied whole.)
        whole = [(start, end) for start, end, rank, wilds, largest in groups
                 if start < end and largest < judge.size
                 and judge.keeps_each(rank, wilds)] if judge is not None else []
        whole.append((len(plays), len(plays)))
        at = 0
        for start, end in whole:
            for action in plays[at:start]:
                known = None if judge is None else self._counts_keep(judge, action)
                if known:
                    kept.append(action)  # (a collection is left: the commonest answer)
                    continue
                if known is None and not searched:
                    found = self._collection_reaches(need, spent)
                    searched = True
                if self._keeps_initial_reachable(action, found, known,
                                                 gave_up=known is None and bool(spent)):
                    kept.append(action)
            kept.extend(plays[start:end])
            at = end
        return kept

    def _list_merges(self, out: list[Action], melds: Sequence[Meld]) -> None:
        """Merges of two sets of one rank (AS-13)."""
        set_ranks = [m.rank for m in melds if m.rank is not None]
        if len(set(set_ranks)) == len(set_ranks):
            return  # no two sets of a rank
        by_rank: dict[int, list[int]] = {}
        for index, meld in enumerate(melds):
            if meld.kind is _SET and meld.rank is not None:
                by_rank.setdefault(int(meld.rank), []).append(index)
        pairs = [(i, j) for indices in by_rank.values()
                 for a, i in enumerate(indices) for j in indices[a + 1:]
                 if self._merge_ok(melds[i], melds[j])]
        for i, j in sorted(pairs):
            out.append(self._t.merge_action(i, j))

    def _list_turn_end(self, out: list[Action], ctx: _PlayContext, first_play: int) -> None:
        """What a play step not bound to go out ends with: the initial-meld filters of
        the plays listed from ``first_play`` on, then discards, retracting, passing or
        asking."""
        s = self._s
        player, side, hand, n = ctx.player, ctx.side, ctx.hand, ctx.n
        if ctx.owes:
            # AS-23: only plays after which the minimum can still be reached, and no
            # discard, retraction or question before it is.
            groups = ctx.groups or ()
            out[first_play:] = self._owed_plays(
                out[first_play:], ctx.need,
                [(start - first_play, end - first_play, rank, wilds, largest)
                 for start, end, rank, wilds, largest in groups])
            if ctx.stranded and not self._provisional(side):
                # PH-16's end without a discard, unless melds short of the minimum lie on
                # the table: they must be completed first (PH-17, as the check says).
                out.append(_PASS)
            return
        if not self._initial[side] and s.initial.retract_penalty is None:
            # PH-17: a first meld short of the minimum only while the rest stays reachable.
            plays = out[first_play:]
            out[first_play:] = compress(plays, self._short_starts_ok(plays))
        if ctx.melds and not self._initial[side]:  # provisional melds (AS-24)
            if s.initial.retract_penalty is not None:
                out.append(_RETRACT)
        elif n != 1 and ctx.forbidden_hand is None and s.plain_discards and not any(
                s.bonus_counts(hand)):
            out.extend(compress(_DISCARD_ACTIONS, hand))  # every card may be discarded
        else:
            self._list_discards(out, player, side, n == 1, ctx.forbidden_hand)
            if ctx.stranded:
                out.append(_PASS)  # PH-16: no discard is possible; the hand ends
        partners = s.partners_of[player]
        if self._answer is None and partners and n >= 2 and s.going_out.partner_question \
                and self._out_reachable():
            for partner in partners:
                out.append(self._t.indexed_action(Ask, partner))

    def _list_discards(self, out: list[Action], player: int, side: int, going_out: bool,
                       forbidden: Mapping[Card, Violation] | None = None) -> None:
        if going_out and self._ending_problem(player, 0, self.side_canasta_kinds(side),
                                              True) is not None:
            return
        hand = self._hands[player]
        if forbidden is None:
            forbidden = self._forbidden(player, going_out)
        if not forbidden:
            out.extend(compress(_DISCARD_ACTIONS, hand))
            return
        for code in range(NUM_CODES):
            if hand[code] and CARDS[code] not in forbidden:
                out.append(_DISCARD_ACTIONS[code])
