"""Going out this turn (AS-33, AS-35, AS-36): whether some sequence of plays ends the turn
legally — decided on counts by ``out_solver`` where the variant's rules are data, else by a
bounded search on copies of the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from canasta_family.actions import (
    Action,
    LayOff,
    MakeMeld,
)
from canasta_family.cards import NUM_CODES
from canasta_family.engine.constructors import (
    _DISCARD_ACTIONS,
    _PLACE_ACTIONS,
    _RUN,
    _SET,
)
from canasta_family.engine.out_nodes import OutNode
from canasta_family.engine.out_plays import PlayTables
from canasta_family.engine.out_solver import OutSolver, Witness
from canasta_family.engine.phases import PLAY
from canasta_family.engine.rank_sets import Shape, meld_shape
from canasta_family.engine.run_places import ACE, ACE_LOW, run_span
from canasta_family.engine.take_checks import _TakeChecks
from canasta_family.errors import (
    IllegalActionError,
    InvalidActionError,
)
from canasta_family.melds import Meld

# Positions the going-out search (``_out_searched``) may visit before it gives up, where
# the solver on counts does not read the variant's rules.
_OUT_BUDGET = 600
_NO_LIMIT = 1 << 62


class _SearchExhausted(Exception):
    """Raised inside the going-out search when it has visited its budget of positions."""


_SetPlayShape = tuple[int, list[int], "Shape | None", Shape]
"""A play onto the sets of one rank (see ``_GoingOut._set_play``)."""


class _GoingOut(_TakeChecks):
    """The going-out search: whether the turn can still end by going out."""

    __slots__ = ()

    def _bound_to_go_out(self) -> bool:
        """Whether the player to move must end this turn by going out: the partner said
        yes (AS-36), or the side has melded black 3s, which only a player going out in
        that turn may do (AS-33) — a black-3 meld on the table in the play phase was made
        this turn, since the turn that makes one ends the hand."""
        if self._answer is True:
            return True
        if self._s.meld.black_threes == "never":
            return False
        # (Asked at every play listing: one C-level pass over the side's ranks.)
        return not self._s.stop_ranks.isdisjoint(
            [meld.rank for meld in self._melds[self._s.side_of[self._current]]])

    def _out_reachable(self, judged: Callable[[], bool | None] | None = None) -> bool:
        """Whether the player to move can still go out this turn by some sequence of legal
        melds, lay-offs and red-3 placements, perhaps ended by a discard (AS-35, AS-36).

        Where the variant's rules are data the solver reads (``_Static.count_solver``:
        every built-in variant), :class:`~canasta_family.engine.out_solver.OutSolver`
        decides it exactly on the counts of the hand. Otherwise (sequences holding wild
        cards at places, a variant's own meld check, hooks from outside this package) the
        search of :meth:`_out_searched` plays it out on copies of the game. The answer is
        kept for the rest of the turn, in a table the game and its copies share.

        A "no" decided exactly (by the bounds or the solver) also closes the rest of the
        turn: a way out after the turn's further melds, lay-offs and red-3 placements would
        be a way out from here with those plays first, so every position they lead to
        answers "no" without a look (``_out_closed``, carried by the copies that play them).

        ``judged``: where the bounds leave the answer open, what answers in place of the
        solver (None: it cannot), for a copy that has just made a play (``_reach_after``).
        """
        if self._out_closed or not self._out_open():
            return False
        answers = self._out_memo
        lone = None
        if not answers:
            # The turn's first question, with nothing answered yet: most positions hold
            # two cards no play could take, which closes the turn before the position's
            # key and facts are made.
            lone = self._lone_cards()
            if len(lone) > 1:
                self._out_closed = True
                return False
        if answers is None:
            answers = self._out_memo = {}
        key = self._probe_key(None)
        known = answers.get(key)
        solver = self._s.count_solver
        if known is not None:
            if known is False and solver:
                self._out_closed = True
            return known
        node = self._out_node(key)
        # The two bounds first, the more selective (and now cheaper) one first: most
        # positions asked about hold two cards no play could take.
        if lone is None:
            lone = self._node_lone(node)
        elif node.lone is None:
            node.lone = lone
        if len(lone) > 1 or not self._node_within(node):
            found = False  # one card may be the final discard, two cannot
            self._out_closed = True
        elif solver:
            kept = None if judged is None else judged()
            if kept:
                # A play judged from the position before it: exact, but with no witness
                # of this position's own way out, which its solve gives when it is met.
                return True
            if kept is None:
                solved = OutSolver(self._whole())
                found = solved.solve(lone[0] if lone else None)
                node.witness = solved.witness
            else:
                found = False
            self._out_closed = not found
        else:
            found = self._out_searched(_OUT_BUDGET)  # (a "no" past its budget: not exact)
        answers[key] = found
        return found

    def _out_searched(self, budget: int | None) -> bool:
        """The going-out search: whether some sequence of plays takes the player to move
        out, found by playing on a copy in *probe* mode, where the checks leave the end
        of the turn to the search. Each step plays the lowest card left (naturals before
        wild cards) in every meld or lay-off that can hold it, or keeps it back as the
        final discard, so each way of dividing the hand is met once rather than in every
        order of its plays. Past ``budget`` positions (None: no limit) it answers no.

        It is the engine's answer where the solver on counts does not read the rules, and
        the tests' independent reference for the solver (with no budget). So that an
        answer depends on the position alone, never on the searches made before it, a
        search starts with none of their positions: one that met decided positions would
        visit fewer and could find what a fresh one gives up on, and a record made after
        it would then be refused on replay.
        """
        if not self._out_open():
            return False
        probe = self._copy(history=False)
        probe._probe = True
        try:
            return probe._probe_out({}, None, [_NO_LIMIT if budget is None else budget])
        except _SearchExhausted:
            return False

    def _out_open(self) -> bool:
        """Whether anything still allows going out this turn: the play phase, no "no"
        from a partner, no retraction, and no reserve waiting for the side (a side whose
        reserve waits cannot go out, BU-25)."""
        return self._phase == PLAY and self._answer is not False and not self._retracted \
            and not self._rsize[self._s.side_of[self._current]]

    def _out_bounds_met(self) -> bool:
        """Whether the bounds :meth:`_out_reachable` checks before it searches leave going
        out this turn possible: a necessary condition, cheaper than the search and needing
        no copy. It holds wherever going out is possible after some play from here, as
        going out is possible from here then, so it rules out the plays of a position
        together (AS-35). Kept for the turn with the search's other facts about the
        position (:class:`OutNode`)."""
        if self._out_closed or not self._out_open():
            return False
        node = self._out_node(self._probe_key(None))
        if self._node_within(node) and len(self._node_lone(node)) <= 1:
            return True
        self._out_closed = True
        return False

    def _out_node(self, key: tuple[object, ...]) -> OutNode:
        """The turn's facts about the position whose search key is ``key`` (the card kept
        back, its last item, aside: the facts do not depend on it)."""
        nodes = self._out_nodes
        place = key[:-1]
        node = nodes.get(place)
        if node is None:
            node = nodes[place] = OutNode()
        return node

    def _node_within(self, node: OutNode) -> bool:
        within = node.within
        if within is None:
            within = node.within = self._canastas_within_reach()
        return within

    def _node_lone(self, node: OutNode) -> list[int]:
        lone = node.lone
        if lone is None:
            lone = node.lone = self._lone_cards()
        return lone

    def _canastas_within_reach(self) -> bool:
        """Whether the side's going-out conditions would be met if the hand completed as
        many canastas as its size allows, of every kind at once, and the whole hand
        counted towards a missing initial meld: a bound the search uses to give up early.
        It relies on ``canasta_going_out_violations`` never objecting
        to more canastas (docs/hooks.md)."""
        s = self._s
        side = s.side_of[self._current]
        melds = self._melds[side]
        kinds = [m.canasta for m in melds if m.canasta is not None]
        # Most often the side's canastas are enough already (a partner said yes): then
        # the bound needs no counting.
        if self._going_out_problem(self._current, tuple(kinds)) is not None:
            size = s.meld.canasta_size
            run_size = s.canasta.run_canasta_size
            left = self._hsize[self._current]
            more = 0
            for deficit in sorted([(run_size if m.kind is _RUN else size)
                                   - len(m.cards) for m in melds if m.canasta is None]):
                if deficit > left:
                    break
                left -= max(deficit, 1)
                more += 1
            more += left // (min(size, run_size) if s.meld.runs else size)
            if more:
                more = min(more, self._canastas_by_shape(melds))
            if not more:
                return False
            kinds.extend(kind for kind in s.canasta.bonuses for _ in range(more))
            if self._going_out_problem(self._current, tuple(kinds)) is not None:
                return False
        if self._initial[side]:
            return True
        # Going out needs the initial meld: the whole hand melded must reach it.
        hand = self._hands[self._current]
        held = [code for code in range(NUM_CODES) for _ in range(hand[code])]
        return self._turn_value + self._counted_value(held) >= self._minimum[side]

    def _canastas_by_shape(self, melds: Sequence[Meld]) -> int:
        """At most how many more canastas the hand could make with ``melds`` (the side's):
        per rank, the naturals held and on the table with the wild cards a set may hold;
        per suit, the runs of consecutive cards; wild cards alone where they meld. Wild
        cards are counted for every rank at once, so it is a bound, not an answer."""
        s = self._s
        mr = s.meld
        size = mr.canasta_size
        hand = self._hands[self._current]
        wild = sum(s.wild_counts(hand))
        cap = size if mr.set_max_wilds is None else mr.set_max_wilds
        table_nat: dict[int, int] = {}
        table_wild: dict[int, int] = {}
        run_cards: list[Meld] = []
        for meld in melds:
            if meld.canasta is not None:
                continue
            if meld.kind is _RUN:
                run_cards.append(meld)
            elif meld.rank is not None:
                rank = int(meld.rank)
                table_nat[rank] = table_nat.get(rank, 0) + len(meld.cards) - meld.wilds
                table_wild[rank] = table_wild.get(rank, 0) + meld.wilds
        more = 0
        for rank, base, counts_of, no_wild in (s.shape_rows if mr.black_threes == "never"
                                               else s.shape_rows_with_stop):
            if base >= 0:
                held = hand[base] + hand[base + 1] + hand[base + 2] + hand[base + 3]
            else:
                held = sum(counts_of(hand))
            naturals = held + table_nat.get(rank, 0)
            if not naturals:
                continue
            room = 0 if no_wild else cap
            wilds = table_wild.get(rank, 0) + wild
            count = 0
            # Each canasta holds at most ``room`` wild cards.
            while naturals + min(wilds, room * (count + 1)) >= size * (count + 1):
                count += 1
            more += count
        if mr.runs:
            run_size = s.canasta.run_canasta_size
            ace_low = mr.run_ace_low
            first = ACE_LOW if ace_low else int(mr.run_low)
            for suit, place_codes in enumerate(s.run_place_codes):
                # (a low ace is counted at both its places: a bound)
                avail = [hand[code] for code in place_codes]
                for meld in run_cards:
                    if meld.suit is not None and int(meld.suit) == suit:
                        for place in meld.places:  # a run with wild cards: by place
                            avail[place - first] += 1
                        for card in () if meld.places else meld.cards:
                            rank = card.code // 4 + 2
                            avail[rank - first] += 1
                            if ace_low and rank == ACE:
                                avail[0] += 1
                # A run canasta needs ``run_size`` ranks in a row: without such a stretch
                # none, else at most the suit's cards over ``run_size``.
                present = 0
                for i, count in enumerate(avail):
                    if count:
                        present |= 1 << i
                if s.positional:
                    # Wild cards may fill gaps: a bound without the stretch.
                    more += (sum(avail) + wild) // run_size
                    continue
                stretch = present
                for _ in range(run_size - 1):
                    stretch &= stretch >> 1
                if stretch:
                    more += sum(avail) // run_size
        if mr.wild_melds:
            more += wild // size
        return more

    def _lone_cards(self) -> list[int]:
        """The cards of the player to move that no play could take, by counts alone: a
        natural is playable when the hand holds enough of its rank for a set (or the side
        has a set of it), when it could stand in a sequence with cards of its suit held or
        melded, and wild cards and red 3s placed by hand always are. Counted generously,
        so that it only rules out. One code per card, lowest first; the count stops at
        two, as two lone cards can never both be the discard and only whether there are
        more than one matters then.

        Pairs that need wild cards to make a set, where no sequence or meld could take
        them, each need wild cards of their own: when the hand holds too few, their cards
        count as lone too (at most one card can be the discard)."""
        player = self._current
        s = self._s
        mr = s.meld
        hand = self._hands[player]
        wild = sum(s.wild_counts(hand))
        melds = self._melds[s.side_of[player]]
        max_size = mr.max_size
        # (A rank as an IntEnum member hashes and compares as its number.)
        set_ranks = {m.rank for m in melds if m.rank is not None} if max_size is None \
            else {m.rank for m in melds if m.rank is not None and len(m.cards) < max_size}
        lone: list[int] = []
        needy: list[int] = []
        demand = 0
        ends: list[list[tuple[int, int]]] | None = None  # read at the first need
        set_rank_set = s.set_rank_set
        stop_ranks = s.stop_ranks
        positional = s.positional
        runs = mr.runs
        min_size = mr.min_size
        # Wild cards and bonus cards are never lone: only each rank's other cards count.
        for rank, base, codes, counts_of in s.rank_naturals:
            if base >= 0:
                held = hand[base] + hand[base + 1] + hand[base + 2] + hand[base + 3]
            else:
                held = sum(counts_of(hand))
            if not held or rank in set_ranks:
                continue
            if rank in stop_ranks:
                if mr.black_threes != "never" and held >= min_size:
                    continue
            elif rank in set_rank_set and held >= s.set_min_naturals \
                    and held + wild >= min_size:
                if held < min_size and not positional:
                    if runs:
                        if any(hand[code] and self._run_held(code, hand) for code in codes):
                            continue
                        if ends is None:
                            ends = self._run_ends(melds)
                        if any(hand[code] and self._run_joined(code, hand, ends)
                               for code in codes):
                            continue
                    demand += min_size - held
                    needy.extend(code for code in codes for _ in range(hand[code]))
                continue
            for code in codes:
                count = hand[code]
                if not count:
                    continue
                if positional and mr.run_low <= rank <= mr.run_high:
                    continue  # wild cards may join it to any card of its suit: not lone
                if runs:
                    if self._run_held(code, hand):
                        continue
                    if ends is None:
                        ends = self._run_ends(melds)
                    if self._run_joined(code, hand, ends):
                        continue
                lone.extend([code] * count)
                if len(lone) > 1:
                    return lone  # two can never both be the final discard
        if demand > wild:
            lone.extend(needy)
            lone.sort()
        return lone

    def _run_ends(self, melds: Sequence[Meld]) -> list[list[tuple[int, int]]]:
        """Per suit, the (low, high) places of the side's sequences that may still grow,
        for :meth:`_run_joined`."""
        mr = self._s.meld
        ends: list[list[tuple[int, int]]] = [[], [], [], []]
        for meld in melds:
            if meld.kind is _RUN and meld.suit is not None \
                    and len(meld.cards) < mr.run_max:
                ends[int(meld.suit)].append(
                    (min(meld.places), max(meld.places)) if meld.places else
                    run_span([c.code for c in meld.cards], True) if mr.run_ace_low else
                    (meld.cards[0].code // 4 + 2, meld.cards[-1].code // 4 + 2))
        return ends

    def _run_place_held(self, place: int, suit: int, hand: Sequence[int]) -> bool:
        """Whether the hand holds the card of ``suit`` that stands at ``place`` in a
        sequence (an ace also at place 1 where it may be low, BU-12)."""
        mr = self._s.meld
        if place == ACE_LOW:
            return mr.run_ace_low and mr.run_high >= ACE and hand[(ACE - 2) * 4 + suit] > 0
        return mr.run_low <= place <= mr.run_high and hand[(place - 2) * 4 + suit] > 0

    def _run_places(self, code: int) -> tuple[int, ...]:
        """Where the natural ``code`` may stand in a sequence: none outside the run
        ranks, an ace that may be low at either end."""
        mr = self._s.meld
        rank = code // 4 + 2
        if not mr.run_low <= rank <= mr.run_high:
            return ()
        return (ACE, ACE_LOW) if rank == ACE and mr.run_ace_low else (rank,)

    def _run_held(self, code: int, hand: Sequence[int]) -> bool:
        """Whether the natural ``code`` makes three in a row of its suit with two cards
        held: a sequence it could stand in. Read at the places beside it, one count each,
        which is cheaper than the suit's whole row for the few cards asked about."""
        mr = self._s.meld
        rank = code // 4 + 2
        low, high = mr.run_low, mr.run_high
        if rank - 2 > ACE_LOW and rank != ACE:
            # The commonest case, one place and none of its neighbours a low ace: the
            # cards two places either side are read from the hand directly.
            if not low <= rank <= high:
                return False
            below = rank > low and hand[code - 4] > 0
            above = rank < high and hand[code + 4] > 0
            return (below and (above or (rank - 2 >= low and hand[code - 8] > 0))) \
                or (above and rank + 2 <= high and hand[code + 8] > 0)
        suit = code % 4
        held = self._run_place_held
        for place in self._run_places(code):
            below = held(place - 1, suit, hand)
            above = held(place + 1, suit, hand)
            if (below and (above or held(place - 2, suit, hand))) \
                    or (above and held(place + 2, suit, hand)):
                return True
        return False

    def _run_joined(self, code: int, hand: Sequence[int],
                    ends: list[list[tuple[int, int]]]) -> bool:
        """Whether the natural ``code`` could join one of the side's sequences of its suit
        (``ends`` from :meth:`_run_ends`): next to an end, or one place beyond it with the
        card between held."""
        suit = code % 4
        suit_ends = ends[suit]
        if not suit_ends:
            return False
        held = self._run_place_held
        for place in self._run_places(code):
            for low, high in suit_ends:
                if place in (low - 1, high + 1) \
                        or (place + 1 == low - 1 and held(place + 1, suit, hand)) \
                        or (place - 1 == high + 1 and held(place - 1, suit, hand)):
                    return True
        return False

    def _out_here(self) -> OutNode | None:
        """What the checks of a listing's plays share (:meth:`_reach_after`): the going-out
        facts of this position, or None where the solver on counts decides and there is
        no way out from here, so that no play keeps one."""
        if self._s.count_solver and not self._out_reachable():
            return None
        return self._out_node(self._probe_key(None))

    def _reach_after(self, action: Action, here: OutNode | None = None,
                     asked: bool = False) -> bool:
        """Whether going out this turn stays possible after the play ``action`` (which
        leaves cards in hand and has passed every other check). With ``asked``, ``here``
        is :meth:`_out_here` of this position, which the caller asked once for all its
        plays.

        Where the solver on counts decides, the listing's plays share one solve of the
        position itself: a way out after the play is a way out from here, so where there
        is none, no play keeps one; and a play that only adds to one rank's sets, as the
        way out the solver met does, keeps that way open (``Witness.allows``). Any other
        play is judged on a copy that has made it: by the copy's bounds, which settle most
        plays that close every way out at a glance, and then by a solve of the copy — or,
        for a play onto one rank's sets, by the walk of this position that the listing's
        such plays share (``PlayTables.allows``)."""
        judged: Callable[[], bool | None] | None = None
        if self._s.count_solver:
            if not (here is not None if asked else self._out_reachable()):
                return False
            side = self._s.side_of[self._current]
            if self._initial[side] and self._take_counts is None:
                node = here if here is not None else self._out_node(self._probe_key(None))
                witness = node.witness
                play = None
                if witness is not None:
                    play = self._set_play(action)
                    if play is not None and witness.allows(self._whole(), *play):
                        return True
                # Asked only where the copy's bounds leave the answer open.
                judged = partial(self._judged_by_tables, node, action, play)
        if self._out_memo is None:
            self._out_memo = {}  # made here so that the copy shares it
        after = self._copy(history=False)
        after._legal_cache = None
        after._executors[type(action)](after, action)
        return after._out_reachable(judged)

    def _way_out_after(self, action: Action) -> Witness | None:
        """Where ``action`` is a play onto one rank's sets about to be made, and the way
        out this position's solve met keeps it open (``Witness.after``): that way out as
        a witness of the position after the play; None otherwise. The play's checks have
        passed (``apply`` asks it just before playing it)."""
        if not self._out_nodes or self._out_closed or self._out_memo is None \
                or not self._s.count_solver or not self._out_open():
            return None  # (a partner's "no" shuts the turn's ways out, AS-36)
        side = self._s.side_of[self._current]
        if not self._initial[side] or self._take_counts is not None:
            return None
        node = self._out_nodes.get(self._probe_key(None)[:-1])
        if node is None or node.witness is None:
            return None
        play = self._set_play(action)
        return None if play is None else node.witness.after(self._whole(), *play)

    def _carry_way_out(self, witness: Witness) -> None:
        """After a play whose way out :meth:`_way_out_after` carried: the position goes
        out by ``witness``, which the turn's answers and this position's facts now hold,
        so that neither ``ask`` nor the checks of its plays need a solve of it."""
        if self._out_memo is None or self._out_closed or not self._out_open():
            return  # (the play ended the hand)
        key = self._probe_key(None)
        self._out_memo[key] = True
        node = self._out_node(key)
        if node.witness is None:
            node.witness = witness

    def _judged_by_tables(self, node: OutNode, action: Action,
                          play: _SetPlayShape | None) -> bool | None:
        """``PlayTables.allows`` of ``action`` (``play``: its :meth:`_set_play`, if known)
        from this position, whose facts ``node`` holds; the tables are made for the second
        play of the position that asks. None where the action is no play onto one rank's
        sets, the tables cannot judge it, or it is the first play to ask."""
        if play is None:
            play = self._set_play(action)
            if play is None:
                return None
        game = self._whole()
        tables = node.tables
        if tables is None:
            if not node.asked:
                # The first such play is solved on its copy: a way out after it is most
                # often met within a few states, where the tables walk every state
                # below. They pay once several plays of the position ask.
                node.asked = True
                return None
            tables = node.tables = PlayTables(OutSolver(game))
        return tables.allows(game, *play)

    def _set_play(self, action: Action) -> _SetPlayShape | None:
        """``action`` as a play onto the sets of one rank, the way the solver's judges of
        such plays take it (``Witness.allows``, ``PlayTables.allows``): (the rank, the
        codes played, the shape of the set laid off on or None for a new set, the shape
        made). None for any other play. (A side still owing its initial meld is never
        asked: it counts cards as AS-23 says, which neither judge follows.)"""
        side = self._s.side_of[self._current]
        if isinstance(action, MakeMeld):
            meld = self._made_meld(action)[0]
            old = None
        elif isinstance(action, LayOff):
            old_meld = self._melds[side][action.meld]
            old = meld_shape(old_meld)
            meld = self._laid_off(old_meld, tuple([c.code for c in action.cards]),
                                  action.stands)
        else:
            return None
        # (Black 3s, which meld only to go out, AS-33, are sets of their rank to the
        # solver as any other.)
        if meld.kind is not _SET or meld.rank is None or not (
                int(meld.rank) in self._s.set_rank_set or meld.rank in self._s.stop_ranks):
            return None
        new = meld_shape(meld)
        return int(meld.rank), [c.code for c in action.cards], old, new

    def _probe_key(self, skipped: int | None) -> tuple[object, ...]:
        side = self._s.side_of[self._current]
        counts = self._take_counts
        melds = self._melds[side]
        # A meld's shape decides what may join it, except where the variant judges
        # melds by their cards itself. (Its kind as a flag: the key is hashed at every
        # position searched, and an enum member hashes in Python, a bool in C.)
        run = _RUN
        shapes = tuple(melds) if self._s.custom_meld_check else tuple(
            [(m.kind is run, m.rank, m.suit, len(m.cards), m.wilds, m.canasta)
             for m in melds])
        return (bytes(self._hands[self._current]), shapes, self._initial[side],
                self._turn_value, None if counts is None else bytes(counts), skipped)

    def _probe_out(self, memo: dict[tuple[object, ...], bool], skipped: int | None,
                   budget: list[int]) -> bool:
        player = self._current
        hand = self._hands[player]
        n = self._hsize[player]
        if n == 1:
            last = next(code for code in range(NUM_CODES) if hand[code])
            try:
                self._check_discard(_DISCARD_ACTIONS[last])
                return True
            except (IllegalActionError, InvalidActionError):
                pass  # the last card may not be discarded: search the plays instead
        key = self._probe_key(skipped)
        known = memo.get(key)
        if known is not None:
            return known
        budget[0] -= 1
        if budget[0] < 0:
            raise _SearchExhausted
        node = self._out_node(key)
        if not self._node_within(node):
            memo[key] = False
            return False
        lone = self._node_lone(node)
        if lone:
            # A card no play can take must be the discard that ends the turn.
            if skipped is None and len(lone) == 1:
                skipped = lone[0]
            elif skipped is None or lone != [skipped]:
                memo[key] = False
                return False
        pivot = self._probe_pivot(skipped)
        found = False
        if pivot is not None:
            entry = node.plays.get(pivot)
            if entry is None:
                plays = self._pivot_plays(pivot)
                entry = node.plays[pivot] = (plays, [None] * len(plays))
            plays, passed = entry
            for index, action in enumerate(plays):
                ok = passed[index]
                if ok is None:
                    try:
                        self._check(action)
                        ok = True
                    except (IllegalActionError, InvalidActionError):
                        ok = False
                    passed[index] = ok
                if not ok:
                    continue
                if len(getattr(action, "cards", ())) >= n:
                    found = True  # the checks passed a play that empties the hand
                    break
                child = self._copy(history=False)
                child._probe = True
                child._executors[type(action)](child, action)
                if child._probe_out(memo, skipped, budget):
                    found = True
                    break
            if not found and skipped is None and n >= 2:
                # The lowest card may instead be the discard that ends the turn.
                found = self._probe_out(memo, pivot, budget)
        memo[key] = found
        return found

    def _probe_pivot(self, skipped: int | None) -> int | None:
        """The card the search places next: the lowest natural held (one copy of
        ``skipped`` is kept back as the discard), else the lowest wild card."""
        hand = self._hands[self._current]
        is_wild = self._s.wild
        lowest_wild = None
        for code in range(NUM_CODES):
            count = hand[code] - (code == skipped)
            if count <= 0:
                continue
            if not is_wild[code]:
                return code
            if lowest_wild is None:
                lowest_wild = code
        return lowest_wild

    def _pivot_plays(self, pivot: int) -> list[Action]:
        """Every new meld, lay-off and red-3 placement that holds the card ``pivot``, by
        shape alone (the checks decide the rest), the largest first."""
        player = self._current
        s = self._s
        side = s.side_of[player]
        hand = self._hands[player]
        plays: list[Action] = []
        if s.bonus[pivot] and not s.red.auto_place:
            plays.append(_PLACE_ACTIONS[pivot])
        for cands, _acts, _largest, _key, lazy in self._meld_entries(hand, black3=True):
            # Read after the entries are made: making them may start the memo afresh.
            meld_actions = self._t.meld_actions
            if cands is None:
                cands = self._rank_cands(lazy)
            for codes, _value, _kind, _wild, _rank, number in cands:
                if pivot in codes:
                    plays.append(meld_actions[number])
        wild_held = s.wild_counts(hand)
        natural = not s.wild[pivot]
        rank, suit = pivot // 4 + 2, pivot % 4
        for index, meld in enumerate(self._melds[side]):
            # A natural joins only a set of its rank or a sequence of its suit.
            if natural and (meld.suit != suit if meld.kind is _RUN
                            else meld.rank != rank):
                continue
            entry = self._layoff_entry(hand, meld, wild_held)
            if not entry[2]:
                continue
            for codes, _kind in self._layoff_cands(entry):
                if pivot in codes:
                    plays.append(self._layoff_action(index, codes))
        # Plays that keep wild cards for later first (another rank may need them), then
        # the largest: a way out, where there is one, tends to be met early.
        if s.positional:
            # Sequences whose cards have places come from the plain search (run_melds).
            plays.extend(action for action in self._positional_melds(hand)
                         if any(card.code == pivot for card in action.cards))
            for index, meld in enumerate(self._melds[side]):
                plays.extend(action for action in self._positional_layoffs(hand, index, meld)
                             if any(card.code == pivot for card in action.cards))
        is_wild = s.wild
        plays.sort(key=lambda play: (sum([is_wild[card.code] for card in
                                          getattr(play, "cards", ())]),
                                     -len(getattr(play, "cards", ()))))
        return plays
