"""Going out this turn decided on counts (AS-33, AS-35, AS-36): whether the hand of the
player to move can be divided into new melds, lay-offs on the side's melds, red-3
placements and at most one final discard, so that the side then meets its going-out
conditions — without playing anything on a copy of the game.

The whole turn's plays are read off the final division of the hand, because the rules
that judge one play depend only on the melds it touches: a set of one rank on the sets of
that rank, a sequence on the sequences of its suit. So the solver walks the ranks from
the lowest, and its state after a rank is

* the sequences of each suit still open at that rank (their lengths so far),
* how many wild cards the sets so far hold,
* the canasta kinds made or kept so far, and
* whether a card is kept back for the final discard — states that differ only in which
  card it is are one state with the set of cards it may be.

At each rank the cards of each suit either continue an open sequence, start one, go to
the sets of the rank or are the discard; what the sets of one rank can become with ``n``
naturals and some wild cards (:func:`rank_options`) is a search over the plays onto
those sets alone, in every order, by the same rules the checks apply
(``_set_problem``, and a lay-off's own conditions), kept in the rule set's catalog. Wild
cards left over go to melds of wild cards only. A state that places every card is a way
out when the initial meld is reached (the melded cards count as AS-23 counts them), the
going-out conditions hold for its canastas and its discard may end the turn.

Most positions asked about do go out, so a first look walks depth first and stops at the
first way out; past :data:`_FIRST_LOOK` states the walk goes breadth first, rank by rank,
merging equal states, and reading each rank's moves once for the states that differ only
in the wild cards and canastas below; the ways a row goes from a state are kept in the
rule set's catalog (``out_moves``). Its time grows with the number of distinct states,
not with the orders of the plays, and there is no budget: the answer is always exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any

from canasta_family.cards import NUM_CODES
from canasta_family.engine.codes import CARDS
from canasta_family.engine.constructors import _RUN, _SET
from canasta_family.engine.rank_sets import Kinds, Shape, changed_shapes, meld_shape, rank_options
from canasta_family.melds import Meld

if TYPE_CHECKING:
    from canasta_family.engine.game import Game
    from canasta_family.engine.out_plays import SetPlay

_After = tuple[int, tuple[str, ...]]
"""The hand's size and the canasta kinds on the side's table after a play (see
``OutSolver._ends``)."""

_NO_OPEN: tuple[tuple[int, ...], ...] = ((), (), (), ())


def _merged(kinds: Kinds, more: Sequence[str]) -> Kinds:
    """``kinds`` with ``more`` added, sorted.

    >>> _merged(("mixed",), ["samba", "mixed"])
    ('mixed', 'mixed', 'samba')
    """
    if not more:
        return kinds
    return tuple(sorted(kinds + tuple(more)))


State = tuple[tuple[tuple[int, ...], ...], int, Kinds, bool]
"""(open sequence lengths by suit, wild cards in sets, canasta kinds, whether a card is
kept back for the discard)."""


class OutSolver:
    """Whether the player to move can go out this turn, decided on the counts of the
    hand and the shapes of the side's melds (see the module's text).

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=1)
    >>> game.apply("draw")
    >>> OutSolver(game).solve()  # no canastas yet: two are needed (AS-35)
    False
    """

    __slots__ = ("checked", "counted", "forbid", "game", "hand", "melds", "player", "s",
                 "set_shapes", "side", "wild_total", "witness")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.s = game._s
        self.player = game._current
        self.side = self.s.side_of[self.player]
        self.hand = game._hands[self.player]
        self.melds: list[Meld] = game._melds[self.side]
        self.wild_total = sum(self.s.wild_counts(self.hand))
        self.checked: dict[Kinds, bool] = {}
        self.forbid: dict[tuple[int, Kinds], bool] = {}
        self.counted: tuple[int, int] | None = None
        self.set_shapes = set_shapes(self.melds)
        """The side's sets by rank (None: melds of wild cards only), as sorted shapes."""
        self.witness: Witness | None = None
        """After :meth:`solve` answered yes from its first look: how the way out it met
        divides the sets' ranks (see :class:`Witness`)."""

    # -- the answer -----------------------------------------------------------------------

    def solve(self, discard: int | None = None) -> bool:
        """Whether some division of the hand takes the player out; with ``discard``, only
        divisions that keep that card for the final discard (a card no play can take)."""
        hand = self.hand
        possible, discard = self.kept_back(discard)
        if not possible:
            return False
        if not self.game._initial[self.side]:
            # What the melded cards count depends only on the card kept back: where no
            # choice of it reaches the initial meld, no division can.
            kept = [discard] if discard is not None else \
                [None, *(code for code in range(NUM_CODES) if hand[code])]
            if not any(self._initial_met(-1 if code is None else code) for code in kept):
                return False
        free_pick = discard is None
        extensions = list(self._run_extensions())
        left = [_FIRST_LOOK]
        for number, (runs_kinds, avail) in enumerate(extensions):
            rows = self._rows(avail, discard)
            try:
                # A first look that saw every state without a way out has answered too.
                if self._depth(rows, free_pick, runs_kinds, discard, left):
                    return True
            except _LookEnded:
                # The walks before this one were seen whole: only the rest are left.
                return self._any_end(self._breadth(rows, free_pick), runs_kinds, discard) \
                    or any(self._any_end(self._breadth(self._rows(rest, discard), free_pick),
                                         rest_kinds, discard)
                           for rest_kinds, rest in extensions[number + 1:])
        return False

    def kept_back(self, discard: int | None) -> tuple[bool, int | None]:
        """(whether a division may keep ``discard`` back, the card it must keep): where
        red 3s are placed automatically, one held can only be the discard, and two cannot
        be kept at all."""
        s = self.s
        hand = self.hand
        bonus_held = [code for code in s.bonus_codes if hand[code]]
        if s.red.auto_place and bonus_held:
            if sum(hand[code] for code in bonus_held) > 1:
                return False, discard
            only = bonus_held[0]
            if discard is not None and discard != only:
                return False, discard
            return True, only
        return True, discard

    def _ends(self, discard: int, kinds: Kinds, after: _After | None = None) -> bool:
        """Whether a division that melds every card but ``discard`` (-1: none) and leaves
        the side the canastas ``kinds`` ends the turn by going out; ``after``: the hand's
        size and the table's canastas after a set play whose ways out are judged (see
        ``out_plays``), where they differ from now."""
        game = self.game
        s = self.s
        if discard < 0 and s.going_out.by_discard:
            return False  # BU-O7: going out needs a final discard
        if not self._initial_met(discard):
            return False
        ok = self.checked.get(kinds)
        if ok is None:
            ok = self.checked[kinds] = game._going_out_problem(self.player, kinds) is None
        if ok and discard < 0 and s.going_out.literal_keep and (
                sum(self.hand) if after is None else after[0]) > 1:
            return self._last_play_leaves_one(kinds, after)
        if not ok or discard < 0:
            return ok
        key = (discard, kinds)
        free = self.forbid.get(key)
        if free is None:
            counts = [0] * NUM_CODES
            counts[discard] = 1
            free = self.forbid[key] = CARDS[discard] not in game._forbidden(
                self.player, True, counts, kinds)
        return free

    def _last_play_leaves_one(self, kinds: Kinds, after: _After | None = None) -> bool:
        """MS-13 taken literally (``literal_keep``): a play that leaves one card is legal
        only when the side meets its going-out conditions already. A division that
        melds every card, ending with ``kinds``, goes out in some order that keeps to it
        unless every card is a lay-off of its own that completes a canasta: a new meld,
        two cards on one meld (one play) or a card that completes nothing can be played
        last, after which nothing is left. Then the card played last must complete a
        canasta the conditions can do without. The hand holds as many cards as the turn
        completes canastas exactly then, as each such canasta takes a card of its own.
        (Where the initial meld is still owed, it must also stand without the last card:
        the division is accepted when it does without any one of them.) ``after``: the
        hand's size and the table's canasta kinds to read instead of today's (a side
        past its initial meld)."""
        if after is None:
            hand_size = sum(self.hand)
            table = [meld.canasta for meld in self.melds if meld.canasta is not None]
        else:
            hand_size, table = after[0], list(after[1])
        if hand_size > len(kinds) - len(table):
            return True
        # Every card completes a canasta of its own: none lands on a canasta of the
        # table, whose kinds are then all still among ``kinds``.
        made = list(kinds)
        for kind in table:
            made.remove(kind)
        if not self.game._initial[self.side] and not all(
                self._initial_met(code) for code in range(NUM_CODES) if self.hand[code]):
            return False
        game = self.game
        for kind in sorted(set(made)):
            fewer = list(kinds)
            fewer.remove(kind)
            if game._going_out_problem(self.player, tuple(fewer)) is None:
                return True
        return False

    def _initial_met(self, discard: int) -> bool:
        """Whether the side's initial meld stands at the end of the turn: the cards
        melded count as ``_counted_value`` counts them (after a pile take only those held
        before it, AS-23), red 3s placed count nothing. A final discard needs it reached,
        unless nothing was ever melded (``_check_discard``)."""
        game = self.game
        if game._initial[self.side]:
            return True
        counted = self.counted
        if counted is None:
            counted = self.counted = self._counted_all()
        total, melded = counted
        if discard >= 0 and not self.s.bonus[discard]:
            counts = game._take_counts
            if counts is None or self.hand[discard] <= counts[discard]:
                total -= self.s.values[discard]  # the discard was one of the counted
            melded -= 1
        if total >= game._minimum[self.side]:
            return True
        return discard >= 0 and not melded and not self.melds and game._take_counts is None

    def _counted_all(self) -> tuple[int, int]:
        """(what the turn's melds would count towards the initial meld with every card
        but the red 3s melded, how many cards that melds)."""
        game = self.game
        s = self.s
        counts = game._take_counts
        values = s.values
        bonus = s.bonus
        total = game._turn_value
        melded = 0
        for code, held in enumerate(self.hand):
            if held and not bonus[code]:
                melded += held
                total += values[code] * (held if counts is None else min(held, counts[code]))
        return total, melded

    # -- sequences on the table -------------------------------------------------------------

    def _run_extensions(self) -> Iterator[tuple[Kinds, list[int]]]:
        """Every way the side's sequences can be lengthened by cards held: (the canasta
        kinds of those sequences then, the counts left for everything else)."""
        runs = [m for m in self.melds if m.kind is _RUN]
        hand = list(self.hand)
        if not runs:
            yield (), hand
            return
        s = self.s
        natural = [not (s.wild[code] or s.bonus[code]) for code in range(NUM_CODES)]
        yield from self._extend(runs, natural, 0, hand, [])

    def _extend(self, runs: list[Meld], natural: list[bool], index: int, counts: list[int],
                kinds: list[str]) -> Iterator[tuple[Kinds, list[int]]]:
        """:meth:`_run_extensions` from the sequence ``runs[index]`` on, ``counts`` held and
        the sequences before it made canastas of ``kinds``. (A method, not a function
        inside the one above: a nested function that calls itself is a reference cycle,
        which only the cyclic collector frees.)"""
        if index == len(runs):
            yield tuple(sorted(kinds)), counts
            return
        mr = self.s.meld
        low_most, high_most = int(mr.run_low), int(mr.run_high)
        meld = runs[index]
        suit = int(meld.suit)  # type: ignore[arg-type]
        ranks = [card.code // 4 + 2 for card in meld.cards]
        low, high, size = min(ranks), max(ranks), len(ranks)
        below = 0
        while low - below - 1 >= low_most and counts[(low - below - 3) * 4 + suit] \
                and natural[(low - below - 3) * 4 + suit]:
            below += 1
        above = 0
        while high + above + 1 <= high_most and counts[(high + above - 1) * 4 + suit] \
                and natural[(high + above - 1) * 4 + suit]:
            above += 1
        for i in range(below + 1):
            for j in range(above + 1):
                if size + i + j > mr.run_max:
                    break
                left = counts
                if i or j:
                    left = counts[:]
                    for rank in (*range(low - i, low), *range(high + 1, high + j + 1)):
                        left[(rank - 2) * 4 + suit] -= 1
                    made = self.game._canasta_kind(True, None, size + i + j, 0)
                else:
                    made = meld.canasta
                yield from self._extend(runs, natural, index + 1, left,
                                        kinds if made is None else [*kinds, made])

    # -- the walk over the ranks -----------------------------------------------------------

    def _rows(self, avail: list[int], discard: int | None) -> list[_Row]:
        """The ranks the walk must look at, with what it needs there: (rank, natural codes
        by suit, whether each joins the rank's sets, whether sequences reach the rank, the
        counts held by suit, the side's sets of the rank, the discard named in advance
        when it is of this rank or -1, and the cards of each suit at the next ranks,
        which a sequence still short of the minimum needs)."""
        s = self.s
        set_shapes = self.set_shapes
        run_min = s.meld.run_min
        named = -1 if discard is None or s.wild[discard] or s.bonus[discard] else discard
        rows: list[_Row] = []
        nothing_ahead = ((0,) * (run_min - 1),) * 4
        padded = [*avail, 0]  # the count a code of -1 reads
        reach = False  # whether sequences may reach the rank from the one below
        for rank, codes, in_sets, runnable, counts_of, ahead_of in s.out_rows:
            counts = counts_of(padded)
            shapes = set_shapes.get(rank, ())
            here = named if named >= 0 and named in codes else -1
            held = any(counts)
            reach, reached = runnable and held, reach
            if not (shapes or here >= 0 or held or reached):
                continue  # nothing here, and no sequence reaches it from below
            ahead = nothing_ahead if ahead_of is None else (
                ahead_of[0](padded), ahead_of[1](padded), ahead_of[2](padded),
                ahead_of[3](padded))
            rows.append((rank, codes, in_sets, runnable, counts, shapes, here, ahead))
        return rows

    def _moves(self, row: _Row, opened: tuple[tuple[int, ...], ...], taken: bool,
               kept: frozenset[int], free_pick: bool, traced: bool = False,
               play: SetPlay | None = None) -> Iterator[_Change]:
        """The ways ``row``'s rank can go from a state with the sequences ``opened`` and
        ``taken`` (kept back: ``kept``), whatever wild cards the sets below hold and
        whatever canastas they made: (the sequences open after it, the wild cards its
        sets take, the canasta kinds the rank adds, whether a card is kept back then, the
        cards it may be, and where ``traced``, the move (:data:`_Move`: the cards of each
        suit that went to the rank's sets, the wild cards they took and the canasta kinds
        of the rank's sets then), else None). With ``play``, a set play of this rank starts what its
        sets take (:meth:`SetPlay.options`)."""
        rank, codes, in_sets, runnable, counts, shapes, named, ahead = row
        if opened == _NO_OPEN and not shapes and named < 0 and not any(counts):
            yield opened, 0, (), taken, kept, ((0, 0, 0, 0), 0, ()) if traced else None
            return
        game = self.game
        wild_total = self.wild_total
        takes: list[tuple[bool, frozenset[int], Sequence[int]]] = []
        if named < 0:
            takes.append((taken, kept, counts))
        if not taken and (free_pick or named >= 0):
            for suit in range(4):
                if counts[suit] and (free_pick or codes[suit] == named):
                    fewer = list(counts)
                    fewer[suit] -= 1
                    takes.append((True, _KEPT[codes[suit]], fewer))
        steps_memo = game._t.out_suit_steps
        if opened == _NO_OPEN and not runnable:
            # No sequence here: every card of the rank joins its sets (but the discard).
            for now_taken, now_kept, held in takes:
                if any(held[suit] and not in_sets[suit] for suit in range(4)):
                    continue
                to_sets = held[0] + held[1] + held[2] + held[3]
                if play is not None:
                    options = play.options(game, held)
                elif to_sets or shapes:
                    options = rank_options(game, rank, to_sets, shapes, wild_total)
                else:
                    options = _NOTHING_MELDED
                for wild, made in options:
                    yield (opened, wild, made, now_taken, now_kept,
                           ((held[0], held[1], held[2], held[3]), wild, made) if traced
                           else None)
            return
        for now_taken, now_kept, held in takes:
            per_suit = []
            for suit in range(4):
                key = (opened[suit], held[suit], in_sets[suit], runnable, ahead[suit])
                steps = steps_memo.get(key)
                if steps is None:
                    steps = steps_memo[key] = self._suit_steps(*key)
                if play is not None and play.naturals[suit]:
                    # The play's naturals of the suit go to the sets.
                    least = play.naturals[suit]
                    steps = [step for step in steps if step[2] >= least]
                if not steps:
                    break
                per_suit.append(steps)
            else:
                for first, second, third, fourth in product(*per_suit):
                    to_sets = first[2] + second[2] + third[2] + fourth[2]
                    if play is not None:
                        options = play.options(game, (first[2], second[2], third[2],
                                                      fourth[2]))
                    elif not to_sets and not shapes:
                        options = _NOTHING_MELDED
                    else:
                        options = rank_options(game, rank, to_sets, shapes, wild_total)
                    if not options:
                        continue
                    now_open = (first[0], second[0], third[0], fourth[0])
                    closed = first[1] + second[1] + third[1] + fourth[1]
                    for wild, made in options:
                        yield (now_open, wild, closed + made if closed else made, now_taken,
                               now_kept, ((first[2], second[2], third[2], fourth[2]), wild,
                                          made) if traced else None)

    def _plain_moves(self, row: _Row, opened: tuple[tuple[int, ...], ...], taken: bool,
                     kept: frozenset[int], free_pick: bool) -> tuple[_Plain, ...]:
        """:meth:`_moves` of the walks, as they depend on the row, the sequences open, whether
        a card is kept back and whether any may be: (the sequences open after it, the wild
        cards its sets take, the canasta kinds the rank adds, whether a card is kept back
        then, the code kept back at this rank, -1 for none, and the move as a witness
        reads it, :data:`_Move`). Kept in the catalog: the
        same rows and states come back from solve to solve, most of all in a turn whose
        every play is judged. A card is kept back only where none was (``kept`` is then
        the walk's start), so what follows never depends on which card it was. (A tuple
        of plain data, not a list, made of shared parts, ``Catalog.plain_parts``: the
        cyclic collector stops scanning it before it grows old.)"""
        catalog = self.game._t
        key = (row, opened, taken, free_pick, self.wild_total)
        table = catalog.out_moves
        found = table.get(key)
        if found is None:
            parts = catalog.plain_parts
            part = parts.setdefault
            # (Nothing open and no canasta made, the commonest, are shared constants.)
            found = table[key] = tuple([
                (now_open if now_open is _NO_OPEN else part(now_open, now_open), wild,
                 part(made, made) if made else made, now_taken,
                 -1 if now_kept is kept else next(iter(now_kept)),
                 _NO_MOVE if move is None else parts.get(move) or _plain_move(part, move))
                for now_open, wild, made, now_taken, now_kept, move
                in self._moves(row, opened, taken, kept, free_pick, True)])
        return found

    def _breadth(self, rows: list[_Row], free_pick: bool
                 ) -> dict[State, frozenset[int]]:
        """Every state after the last rank, rank by rank: states that differ only in the
        card kept back are one state with a set of discards (what follows a rank never
        depends on which card it was)."""
        states: dict[State, frozenset[int]] = {_START: _NONE_KEPT}
        for row in rows:
            states = self._step(row, states, free_pick)
            if not states:
                break
        return states

    def _step(self, row: _Row, states: dict[State, frozenset[int]], free_pick: bool
              ) -> dict[State, frozenset[int]]:
        """The states after ``row``'s rank from ``states`` (see :meth:`_breadth`)."""
        new_states: dict[State, frozenset[int]] = {}
        wild_total = self.wild_total
        # States that differ only in the wild cards and canastas below go the same ways:
        # the rank's moves are read once for them all.
        moves_of: dict[tuple[object, ...], list[_Taken]] = {}
        for (opened, used, kinds, taken), kept in states.items():
            shared = (opened, taken, kept)
            moves = moves_of.get(shared)
            if moves is None:
                moves = moves_of[shared] = [
                    (now_open, wild, made, now_taken, kept if code < 0 else _KEPT[code])
                    for now_open, wild, made, now_taken, code, _move
                    in self._plain_moves(row, opened, taken, kept, free_pick)]
            room = wild_total - used
            for now_open, wild, made, now_taken, now_kept in moves:
                if wild <= room:
                    after = (now_open, used + wild, _merged(kinds, made), now_taken)
                    known = new_states.get(after)
                    new_states[after] = now_kept if known is None else known | now_kept
        return new_states

    def _depth(self, rows: list[_Row], free_pick: bool, runs_kinds: Kinds,
               discard: int | None, left: list[int]) -> bool:
        """A first look for a way out, depth first: True when it meets one. It gives up
        (``_LookEnded``) once ``left[0]`` states are spent; the breadth-first walk then
        decides. Most hands that are asked about can go out (a player bound to go out
        tries every play), and one way out is met within a few states."""
        look = _DepthLook(self, rows, free_pick, runs_kinds, discard, left)
        found = look.walk(0, _START, _NONE_KEPT)
        if found:
            self.witness = Witness(self, {row[0]: move for row, move
                                          in zip(rows, look.moves, strict=True)},
                                   *look.ended[-1])
        return found

    def _any_end(self, states: dict[State, frozenset[int]], runs_kinds: Kinds,
                 discard: int | None) -> bool:
        """Whether one of ``states`` (after the last rank) ends the turn by going out."""
        return self._end_discard(states, runs_kinds, discard) is not None

    def _end_discard(self, states: dict[State, frozenset[int]], runs_kinds: Kinds,
                     discard: int | None) -> tuple[int, Kinds] | None:
        """The final discard (-1: none) and the side's canasta kinds of a way out among
        ``states`` (after the last rank), or None where none ends the turn by going
        out."""
        for kept, kinds in self._wild_ends(states, discard):
            every = _merged(kinds, runs_kinds)
            for code in kept:
                if self._ends(code, every):
                    return code, every
        return None

    def _suit_steps(self, opened: tuple[int, ...], held: int, in_sets: bool,
                    runnable: bool, ahead: tuple[int, ...]) -> list[_Step]:
        """The ways ``held`` cards of one suit at one rank can go, with the sequences
        ``opened`` (their lengths) reaching the rank below: (the lengths open at this rank,
        canasta kinds of the sequences that end below it, cards going to the sets).
        ``ahead``: the cards of the suit held at the next ranks, which a sequence still
        short of the minimum needs (steps that could never complete one are left out)."""
        game = self.game
        mr = self.s.meld
        run_min, run_max = mr.run_min, mr.run_max
        part = game._t.plain_parts.setdefault
        steps: list[_Step] = []
        count = len(opened)
        for mask in range(1 << count):
            going = [opened[i] for i in range(count) if mask >> i & 1]
            ending = [opened[i] for i in range(count) if not mask >> i & 1]
            if len(going) > held or any(length < run_min for length in ending) \
                    or any(length >= run_max for length in going):
                continue
            if going and not runnable:
                continue
            closed = tuple(kind for kind in (game._canasta_kind(True, None, length, 0)
                                             for length in ending) if kind is not None)
            rest = held - len(going)
            for started in range(rest + 1 if runnable else 1):
                to_sets = rest - started
                if to_sets and not in_sets:
                    continue
                lengths = tuple(sorted([length + 1 for length in going] + [1] * started))
                # A sequence of length l needs a card at each of the next run_min - l ranks.
                if any(sum(1 for length in lengths if run_min - length > j) > ahead[j]
                       for j in range(len(ahead))):
                    continue
                # (Shared parts: the ways of ``out_moves`` hold these lengths.)
                steps.append((part(lengths, lengths), closed, to_sets))
        return steps

    def _wild_ends(self, states: dict[State, frozenset[int]], discard: int | None,
                   held: Sequence[int] | None = None
                   ) -> Iterator[tuple[frozenset[int], Kinds]]:
        """The divisions that place the wild cards the sets left in melds of wild cards
        only, and the bonus cards on the table, perhaps keeping one of either back;
        ``held``: the counts in hand to keep one back from, where they are not the hand's
        (after a set play judged by ``out_plays``)."""
        s = self.s
        hand = self.hand if held is None else held
        wild_total = self.wild_total
        shapes = self.set_shapes.get(None, ())
        if discard is None:
            wild_held = [code for code in s.wild_codes if hand[code]]
            bonus_held = [code for code in s.bonus_codes if hand[code]]
        else:
            wild_held = [discard] if s.wild[discard] and hand[discard] else []
            bonus_held = [discard] if s.bonus[discard] and hand[discard] else []
        named_late = bool(wild_held or bonus_held) and discard is not None
        for (_opened, used, kinds, taken), kept in states.items():
            ends: list[tuple[frozenset[int], int]] = []
            if taken or not named_late:
                ends.append((kept, wild_total - used))
            if not taken:
                if wild_held:
                    ends.append((frozenset(wild_held), wild_total - used - 1))
                if bonus_held:
                    ends.append((frozenset(bonus_held), wild_total - used))
            for now_kept, left in ends:
                if left < 0:
                    continue
                if not left and not shapes:
                    yield now_kept, kinds
                    continue
                for wild, made in rank_options(self.game, None, 0, shapes, left):
                    if wild == left:
                        yield now_kept, _merged(kinds, made)


class _DepthLook:
    """One first look of :meth:`OutSolver._depth` over ``rows``: the states that led to
    no way out (``failed``), the move of each row on the way out once met (``moves``,
    what its witness reads) and its final discard and kinds (``ended``). (A class, not a function
    nested in ``_depth`` that calls itself: that would be a reference cycle, which keeps
    every state the look met until the cyclic collector runs.)"""

    __slots__ = ("discard", "ended", "failed", "free_pick", "last", "left", "moves", "rows",
                 "runs_kinds", "solver", "wild_total")

    def __init__(self, solver: OutSolver, rows: list[_Row], free_pick: bool,
                 runs_kinds: Kinds, discard: int | None, left: list[int]) -> None:
        self.solver = solver
        self.rows = rows
        self.last = len(rows)
        self.free_pick = free_pick
        self.runs_kinds = runs_kinds
        self.discard = discard
        self.left = left
        self.wild_total = solver.wild_total
        # Different plays of the ranks below often meet in one state: what follows it
        # was looked at once.
        self.failed: set[tuple[int, State, frozenset[int]]] = set()
        self.moves: list[_Move] = [_NO_MOVE] * len(rows)
        self.ended: list[tuple[int, Kinds]] = []

    def walk(self, index: int, state: State, kept: frozenset[int]) -> bool:
        """Whether a way out follows ``state`` after ``index`` rows (kept back:
        ``kept``); it raises ``_LookEnded`` once the look's states are spent."""
        key = (index, state, kept)
        failed = self.failed
        if key in failed:
            return False
        left = self.left
        left[0] -= 1
        if left[0] < 0:
            raise _LookEnded
        if index == self.last:
            end = self.solver._end_discard({state: kept}, self.runs_kinds, self.discard)
            found = end is not None
            if end is not None:
                self.ended.append(end)
        else:
            found = False
            opened, used, kinds, taken = state
            room = self.wild_total - used
            walk = self.walk
            for now_open, wild, made, now_taken, code, move in self.solver._plain_moves(
                    self.rows[index], opened, taken, kept, self.free_pick):
                if wild <= room and walk(index + 1, (now_open, used + wild,
                                                     _merged(kinds, made), now_taken),
                                         kept if code < 0 else _KEPT[code]):
                    found = True
                    self.moves[index] = move
                    break
        if not found:
            failed.add(key)
        return found


class Witness:
    """How one way out found by :meth:`OutSolver.solve` treats the ranks' sets: per rank,
    the move its row made (:data:`_Move`: the naturals of each suit that went to the
    rank's sets, the wild cards those sets took, the canasta kinds they ended as), as the
    first look took it; the final discard (-1: none) and the side's canasta kinds at the
    end.

    A play that only adds to one rank's sets — a new set, or a lay-off on a set — keeps a
    way out open when it takes no more naturals of each suit than this one gives that
    rank's sets, none of the discard's code, and the rest of those naturals can still
    finish the rank's sets (:func:`rank_options`, from the sets as the play leaves them)
    with the wild cards this way out gave them, less the play's — or with more, that
    another rank's sets can spare (finishing with fewer). Every other rank, the sequences
    and the discard are untouched; where a rank's sets end as other canasta kinds, the
    end is judged again with the kinds the change leaves. Where MS-13 is read literally
    and the way out melds every card, the cards the play leaves must still outnumber the
    canastas the rest of the turn completes (see ``OutSolver._last_play_leaves_one``).
    :meth:`allows` answers that, so that the plays of a listing are judged without a
    solve each (AS-35, AS-36).
    """

    __slots__ = ("discard", "ends", "every", "literal", "moves", "shapes", "size", "table",
                 "wild_total")

    def __init__(self, solver: OutSolver, moves: dict[int, _Move], discard: int,
                 every: Kinds) -> None:
        # Nothing here refers to a game: the turn's copies share the witness, and a game
        # held here would tie them together for the collector.
        self.discard = discard
        self.every = every
        self.moves = moves
        """The move of each rank's row, by rank."""
        self.shapes: dict[int | None, tuple[Shape, ...]] = solver.set_shapes
        """The side's sets by rank at the position solved."""
        self.ends: dict[Kinds, bool] = {every: True}
        """Whether the discard ends the turn with the side's canastas of these kinds."""
        self.literal = discard < 0 and solver.s.going_out.literal_keep
        self.size = sum(solver.hand)
        """The cards held when solved."""
        self.table = sum(1 for meld in solver.melds if meld.canasta is not None)
        """The side's canastas when solved."""
        self.wild_total = solver.wild_total

    def allows(self, game: Game, rank: int, codes: Sequence[int], old: Shape | None,
               new: Shape) -> bool:
        """Whether the play of ``codes`` onto the sets of ``rank`` — turning the set of
        shape ``old`` into ``new``, or making ``new`` where ``old`` is None — keeps a way
        out open (see the class's text). ``game`` is at the position solved."""
        return self._way(game, rank, codes, old, new) is not None

    def after(self, game: Game, rank: int, codes: Sequence[int], old: Shape | None,
              new: Shape) -> Witness | None:
        """The way out that :meth:`allows` found for the play (the same arguments), as a
        witness of the position the play leads to, or None where it found none: this
        way, less the play's cards at its rank (and the wild cards another rank's sets
        then spare). Asked when the play is made, so that the position after it needs no
        solve of its own (``Game.apply``)."""
        way = self._way(game, rank, codes, old, new)
        if way is None:
            return None
        changed, every = way
        moves = dict(self.moves)
        moves.update(changed)
        shapes = dict(self.shapes)
        shapes[rank] = changed_shapes(shapes.get(rank, ()), old, new)
        wild_play = sum(1 for code in codes if game._s.wild[code])
        made_now = bool(new[2]) and (old is None or not old[2])
        witness = object.__new__(Witness)
        witness.discard = self.discard
        witness.every = every
        witness.moves = moves
        witness.shapes = shapes
        witness.ends = {every: True}
        witness.literal = self.literal
        witness.size = self.size - len(codes)
        witness.table = self.table + made_now
        witness.wild_total = self.wild_total - wild_play
        return witness

    def _way(self, game: Game, rank: int, codes: Sequence[int], old: Shape | None,
             new: Shape) -> tuple[dict[int, _Move], Kinds] | None:
        """:meth:`allows`: the moves of this way out that change after the play, by rank,
        and the side's canasta kinds at its end then; None where it is not kept open."""
        moves = self.moves
        move = moves.get(rank)
        if move is None or self.discard in codes:
            return None
        to_sets, wild, made = move
        wild_play = 0
        per_suit = [0, 0, 0, 0]
        is_wild = game._s.wild
        for code in codes:
            if is_wild[code]:
                wild_play += 1
            elif code // 4 + 2 == rank:
                per_suit[code % 4] += 1
            else:
                return None
        if any(per_suit[suit] > to_sets[suit] for suit in range(4)):
            return None
        left = (to_sets[0] - per_suit[0], to_sets[1] - per_suit[1],
                to_sets[2] - per_suit[2], to_sets[3] - per_suit[3])
        side_shapes = self.shapes
        rest = sum(left)
        wild_total = self.wild_total
        options = rank_options(game, rank, rest, changed_shapes(side_shapes.get(rank, ()),
                                                                old, new),
                               wild_total - wild_play)
        # MS-13 literal: the cards left after the play must outnumber the canastas the
        # rest of the turn completes (the play's own is on the table by then).
        size = self.size - len(codes)
        least = self.table + (bool(new[2]) and (old is None or not old[2])) + size \
            if self.literal and size > 1 else None
        if (wild - wild_play, made) in options and (least is None
                                                    or len(self.every) < least):
            return {rank: (left, wild - wild_play, made)}, self.every
        # The rank's sets may end as other kinds, or need more wild cards than this way
        # gave them, which another rank's sets must then spare.
        for more, now_made in sorted(options):
            extra = wild_play + more - wild
            if extra < 0:
                continue  # wild cards left over would need a place elsewhere
            changed = self._changed(made, now_made)
            if extra == 0:
                if (least is None or len(changed) < least) and self._ends(game, changed):
                    return {rank: (left, more, now_made)}, changed
                continue
            for other, (other_sets, other_wild, other_made) in moves.items():
                if other == rank or other_wild < extra:
                    continue
                for fewer, other_now in rank_options(
                        game, other, sum(other_sets), side_shapes.get(other, ()),
                        wild_total):
                    if fewer != other_wild - extra:
                        continue
                    final = _changed_kinds(changed, other_made, other_now)
                    if (least is None or len(final) < least) and self._ends(game, final):
                        return {rank: (left, more, now_made),
                                other: (other_sets, fewer, other_now)}, final
        return None

    def _changed(self, made: Kinds, now_made: Kinds) -> Kinds:
        """The side's canasta kinds at the end where one rank's sets end as ``now_made``
        instead of ``made``."""
        return _changed_kinds(self.every, made, now_made)

    def _ends(self, game: Game, kinds: Kinds) -> bool:
        """Whether the discard still ends the turn by going out with the side's canastas
        of ``kinds`` (the initial meld stands: ``Game._set_play_judged`` asks no other)."""
        known = self.ends.get(kinds)
        if known is None:
            player = game._current
            known = game._going_out_problem(player, kinds) is None
            if known and self.discard >= 0:
                counts = [0] * NUM_CODES
                counts[self.discard] = 1
                known = CARDS[self.discard] not in game._forbidden(player, True, counts,
                                                                   kinds)
            self.ends[kinds] = known
        return known


def set_shapes(melds: Sequence[Meld]) -> dict[int | None, tuple[Shape, ...]]:
    """The sets among ``melds`` by rank (None: melds of wild cards only), each rank's as
    sorted shapes: what :func:`rank_options` is asked with.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=2, seed=1,
    ...     start=canasta_family.HandSetup(hands=("4c", "5c"), melds=(("Kh Kd JK",), ())))
    >>> set_shapes(game.side_melds(0))  # two natural kings and a wild card, no canasta
    {13: ((2, 1, ''),)}
    """
    found: dict[int | None, list[Shape]] = {}
    for meld in melds:
        if meld.kind is _SET:
            found.setdefault(None if meld.rank is None else int(meld.rank), []).append(
                meld_shape(meld))
    return {rank: tuple(sorted(shapes)) for rank, shapes in found.items()}


def _changed_kinds(kinds: Kinds, gone: Kinds, come: Kinds) -> Kinds:
    """``kinds`` less ``gone`` (each once) and with ``come``, sorted.

    >>> end = "mixed natural samba".split()
    >>> _changed_kinds(tuple(end), tuple(end[:1]), tuple(end[1:2]))
    ('natural', 'natural', 'samba')
    """
    if gone == come:
        return kinds
    rest = list(kinds)
    for kind in gone:
        rest.remove(kind)
    return tuple(sorted(rest + list(come)))


_Move = tuple[tuple[int, int, int, int], int, Kinds]
"""One row's move in a way out: the naturals of each suit that went to the rank's sets,
the wild cards those sets took, and the canasta kinds of the rank's sets then."""

_NO_MOVE: _Move = ((0, 0, 0, 0), 0, ())
"""A row's move before the first look has met a way out through it."""

_Change = tuple[tuple[tuple[int, ...], ...], int, Kinds, bool, frozenset[int], "_Move | None"]
"""One way a row's rank goes (see ``OutSolver._moves``)."""


def _plain_move(part: Callable[[Any, Any], Any], move: _Move) -> _Move:
    """``move`` made of parts shared through ``part`` (``Catalog.plain_parts``), and
    shared itself.

    >>> parts = {}
    >>> first = _plain_move(parts.setdefault, ((1, 0, 0, 0), 0, ()))
    >>> _plain_move(parts.setdefault, ((1, 0, 0, 0), 0, ())) is first
    True
    """
    naturals, wild, made = move
    plain = (part(naturals, naturals), wild, part(made, made) if made else made)
    result: _Move = part(plain, plain)
    return result


_Plain = tuple[tuple[tuple[int, ...], ...], int, Kinds, bool, int, _Move]
"""One way a row's rank goes, as the walks read it (see ``OutSolver._plain_moves``)."""

_Taken = tuple[tuple[tuple[int, ...], ...], int, Kinds, bool, frozenset[int]]
"""One way a row's rank goes from a state of the breadth-first walk, with the cards that
may be kept back after it."""

_Step = tuple[tuple[int, ...], tuple[str, ...], int]
"""How one suit's cards at one rank go (see ``OutSolver._suit_steps``)."""

_Row = tuple[int, tuple[int, ...], tuple[bool, ...], bool, tuple[int, ...],
             tuple[Shape, ...], int, tuple[tuple[int, ...], ...]]
"""One rank of the walk (see ``OutSolver._rows``)."""

_START: State = (_NO_OPEN, 0, (), False)
_NONE_KEPT = frozenset((-1,))
_KEPT = tuple(frozenset((code,)) for code in range(NUM_CODES))
"""The discard set of each single code."""

_FIRST_LOOK = 1000
"""States the depth-first first look may spend before the breadth-first walk decides."""


class _LookEnded(Exception):
    """The first look has spent its states without meeting a way out."""


_NOTHING_MELDED: frozenset[tuple[int, Kinds]] = frozenset({(0, ())})
"""What a rank with nothing to meld and no sets gives: no wild cards, no canastas."""
