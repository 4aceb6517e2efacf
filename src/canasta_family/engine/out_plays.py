"""Which plays onto the sets keep the turn's way out open, judged for a whole listing
from one walk of the position (AS-35, AS-36).

A player bound to go out may make only plays after which going out stays possible, and
a play that leaves fewer cards than a player must keep is legal only on the same
condition. The listing asks it of every such play. For a play onto the sets of one rank
— a new set, or a lay-off onto one of the side's sets — the ways out after the play are
exactly the divisions of the hand before it whose move at that rank *starts with the
play*: the rank's naturals of each suit that go to its sets include the play's, and the
rest of them, with the wild cards left, finish the rank's sets from the shapes the play
leaves (:func:`~canasta_family.engine.out_solver.rank_options`). Every other rank, the
sequences, the melds of wild cards and the card kept back go as they would have; the
wild cards the play takes count as taken by the rank's sets, so what the walk's state
holds means the same before the play and after it.

So :class:`PlayTables` walks the position breadth first, rank by rank, as far up as the
plays have asked, keeping the states before each rank; and it keeps, for the states after
a rank, whether the walk can still end by going out from them — shared by the listing's
plays, since what follows a rank never depends on the play made at it. A play is judged
by the moves of its own rank from the states before it, and those shared answers above
it. Only what the play changes outside its rank is asked again: which wild cards are left
to keep back for the discard, and (MS-13 read literally) the hand's size and the
canastas on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_family.engine.out_solver import (
    _KEPT,
    _NONE_KEPT,
    _START,
    OutSolver,
    State,
    _After,
    _Change,
    _merged,
    _Row,
)
from canasta_family.engine.rank_sets import Kinds, Shape, changed_shapes, rank_options

if TYPE_CHECKING:
    from canasta_family.engine.game import Game

_NO_OPTIONS: frozenset[tuple[int, Kinds]] = frozenset()

_Part = tuple[Kinds, list[_Row], list[dict[State, frozenset[int]]], dict[int, int]]
"""One way of lengthening the side's sequences (``OutSolver._run_extensions``): the
canasta kinds of those sequences, the walk's rows, the states before each row as far up
as a play has asked (as the breadth-first walk merges them), and the index of each rank's
row."""

_Context = tuple["tuple[int, ...] | None", "_After | None"]
"""What a play changes outside its rank that the end of the walk reads: the wild codes
left to keep back (None: as held now), and where MS-13 is read literally the hand's size
and the table's canasta kinds after it."""


class SetPlay:
    """A play onto the sets of ``rank`` as the walk of the position before it reads it:
    ``naturals`` of each suit and ``wild`` wild cards, leaving the rank's sets as
    ``shapes``, with ``wild_most`` wild cards left in hand."""

    __slots__ = ("count", "naturals", "rank", "shapes", "shifted", "wild", "wild_most")

    def __init__(self, rank: int, naturals: tuple[int, int, int, int], wild: int,
                 shapes: tuple[Shape, ...], wild_most: int) -> None:
        self.rank = rank
        self.naturals = naturals
        self.count = sum(naturals)
        self.wild = wild
        self.shapes = shapes
        self.wild_most = wild_most
        self.shifted: dict[int, frozenset[tuple[int, Kinds]]] = {}

    def options(self, game: Game, to_sets: Sequence[int]) -> frozenset[tuple[int, Kinds]]:
        """The ways the rank's sets go, given the naturals of each suit ``to_sets`` that
        join them this turn (the play's among them): the play first, then the rest, as
        (wild cards the sets take this turn, the play's counted; their canasta kinds).

        >>> import canasta_family
        >>> game = canasta_family.new_game("canasta", players=4, seed=1)
        >>> play = SetPlay(9, (1, 1, 1, 0), 0, ((3, 0, ""),), 2)  # 9 9 9 made first
        >>> sorted(play.options(game, (1, 1, 1, 1)))  # then the fourth 9, wild cards or not
        [(0, ()), (1, ()), (2, ())]
        >>> play.options(game, (1, 1, 0, 1))  # the play's 9 of the third suit is missing
        frozenset()
        """
        naturals = self.naturals
        if to_sets[0] < naturals[0] or to_sets[1] < naturals[1] \
                or to_sets[2] < naturals[2] or to_sets[3] < naturals[3]:
            return _NO_OPTIONS
        rest = to_sets[0] + to_sets[1] + to_sets[2] + to_sets[3] - self.count
        found = self.shifted.get(rest)
        if found is None:
            wild = self.wild
            found = self.shifted[rest] = frozenset(
                (used + wild, kinds)
                for used, kinds in rank_options(game, self.rank, rest, self.shapes,
                                                self.wild_most))
        return found


class PlayTables:
    """What the set plays of one position's listing share (see the module's text):
    :meth:`allows` judges each.

    It holds plain data only — rows, states, answers — and no game: the turn's copies
    share it through the position's :class:`~canasta_family.engine.out_nodes.OutNode`,
    and a game held here would tie them together for the collector. Each question brings
    the game at the position.
    """

    __slots__ = ("checked", "discard", "forbid", "free_pick", "goods", "parts", "reaches")

    def __init__(self, solver: OutSolver) -> None:
        possible, discard = solver.kept_back(None)
        self.discard = discard
        self.free_pick = discard is None
        self.parts: list[_Part] = []
        if possible:
            for runs_kinds, avail in solver._run_extensions():
                rows = solver._rows(avail, discard)
                self.parts.append((runs_kinds, rows, [{_START: _NONE_KEPT}],
                                   {row[0]: index for index, row in enumerate(rows)}))
        self.reaches: list[dict[tuple[int, State], frozenset[Kinds]]] = [
            {} for _part in self.parts]
        """Per part, the side's canasta kinds at the ways out that follow a state with a
        card kept back, by (row index, state): the same whatever the play."""
        self.goods: dict[tuple[int, _Context], dict[tuple[int, State], bool]] = {}
        """Per part and context, whether a way out follows a state with no card kept back
        yet, by (row index, state)."""
        self.checked: dict[Kinds, bool] = solver.checked
        self.forbid: dict[tuple[int, Kinds], bool] = solver.forbid

    def allows(self, game: Game, rank: int, codes: Sequence[int], old: Shape | None,
               new: Shape) -> bool | None:
        """Whether going out stays possible after the play of ``codes`` onto the sets of
        ``rank`` — turning the set of shape ``old`` into ``new``, or making ``new`` where
        ``old`` is None — by a side past its initial meld; None where the play holds a
        card the walk cannot place there (the engine then solves after it). ``game`` is
        at the position the tables were made for.

        >>> import canasta_family
        >>> from canasta_family.engine.out_solver import OutSolver
        >>> table = ("Kh Kd Kc Ks Kh Kd Kc", "Qh Qd Qc Qs Qh Qd Qc")  # two canastas, CC-8
        >>> game = canasta_family.new_game("canasta", players=2, seed=1,
        ...     start=canasta_family.HandSetup(hands=("4c", "9c 9d 9h 9s 5c"),
        ...                                   melds=((), table)))
        >>> tables = PlayTables(OutSolver(game))  # (the second player is to move)
        >>> tables.allows(game, 9, [28, 29, 30], None, (3, 0, ""))  # 9s follows, 5c last
        True
        """
        solver = OutSolver(game)
        solver.checked = self.checked
        solver.forbid = self.forbid
        s = solver.s
        naturals = [0, 0, 0, 0]
        wild = 0
        held: list[int] | None = None
        for code in codes:
            if s.wild[code]:
                wild += 1
                if held is None:
                    held = list(solver.hand)
                held[code] -= 1
            elif code // 4 + 2 == rank:
                naturals[code % 4] += 1
            else:
                return None
        play = SetPlay(rank, (naturals[0], naturals[1], naturals[2], naturals[3]), wild,
                       changed_shapes(solver.set_shapes.get(rank, ()), old, new),
                       solver.wild_total - wild)
        after: _After | None = None
        if s.going_out.literal_keep:
            table = [meld.canasta for meld in solver.melds if meld.canasta is not None]
            if old is not None and old[2]:
                table.remove(old[2])
            if new[2]:
                table.append(new[2])
            after = (sum(solver.hand) - len(codes), tuple(table))
        left = None if held is None else tuple(code for code in s.wild_codes if held[code])
        context: _Context = (left, after)
        wild_total = solver.wild_total
        free_pick = self.free_pick
        for number, (_kinds, rows, layers, index_of) in enumerate(self.parts):
            index = index_of.get(rank)
            if index is None:
                continue  # the rank's naturals went to the sequences
            while len(layers) <= index and layers[-1]:
                # The walk goes only as far up as a play has asked.
                layers.append(solver._step(rows[len(layers) - 1], layers[-1], free_pick))
            if len(layers) <= index:
                continue  # no state gets here
            row = rows[index]
            if any(naturals[suit] and not row[2][suit] for suit in range(4)):
                return None
            # States that differ only in the wild cards and canastas below go the same
            # ways, and once a card is kept back, whichever it is: the rank's moves are
            # read once for them all.
            moves_of: dict[tuple[object, ...], list[_Change]] = {}
            for (opened, used, kinds, taken), kept in layers[index].items():
                shared = (opened, taken, None if taken else kept)
                moves = moves_of.get(shared)
                if moves is None:
                    moves = moves_of[shared] = list(solver._moves(
                        row, opened, taken, _NONE_KEPT if taken else kept, free_pick,
                        play=play))
                room = wild_total - used
                for now_open, more, made, now_taken, now_kept, _move in moves:
                    if more <= room and self.good(
                            solver, number, index + 1,
                            (now_open, used + more, _merged(kinds, made), now_taken),
                            kept if taken else now_kept, context, held):
                        return True
        return False

    def good(self, solver: OutSolver, number: int, index: int, state: State,
             kept: frozenset[int], context: _Context, held: list[int] | None) -> bool:
        """Whether a way out follows ``state`` after ``index`` rows of part ``number``
        (kept back: ``kept``), with what the play changed (``context``, ``held``)."""
        if state[3]:
            # A card is kept back: what follows never depends on which, only the end.
            after = context[1]
            return any(solver._ends(code, every, after)
                       for every in self._reach(solver, number, index, state)
                       for code in kept)
        goods = self.goods.get((number, context))
        if goods is None:
            goods = self.goods[(number, context)] = {}
        key = (index, state)
        found = goods.get(key)
        if found is None:
            found = goods[key] = self._open_good(solver, number, index, state, context,
                                                 held)
        return found

    def _open_good(self, solver: OutSolver, number: int, index: int, state: State,
                   context: _Context, held: list[int] | None) -> bool:
        """:meth:`good` of a state with no card kept back yet, worked out."""
        runs_kinds, rows, _layers, _index_of = self.parts[number]
        if index == len(rows):
            after = context[1]
            return any(solver._ends(code, _merged(kinds, runs_kinds), after)
                       for now_kept, kinds in solver._wild_ends({state: _NONE_KEPT},
                                                                self.discard, held)
                       for code in now_kept)
        opened, used, kinds, taken = state
        room = solver.wild_total - used
        return any(
            more <= room and self.good(
                solver, number, index + 1,
                (now_open, used + more, _merged(kinds, made), now_taken),
                _NONE_KEPT if code < 0 else _KEPT[code], context, held)
            for now_open, more, made, now_taken, code, _move in solver._plain_moves(
                rows[index], opened, taken, _NONE_KEPT, self.free_pick))

    def _reach(self, solver: OutSolver, number: int, index: int, state: State
               ) -> frozenset[Kinds]:
        """The side's canasta kinds at every way out that follows ``state`` (a card kept
        back) after ``index`` rows of part ``number``, the sequences' among them."""
        reaches = self.reaches[number]
        key = (index, state)
        found = reaches.get(key)
        if found is not None:
            return found
        runs_kinds, rows, _layers, _index_of = self.parts[number]
        if index == len(rows):
            found = frozenset(_merged(kinds, runs_kinds) for _kept, kinds in
                              solver._wild_ends({state: _NONE_KEPT}, self.discard))
        else:
            opened, used, kinds, _taken = state
            room = solver.wild_total - used
            ends: set[Kinds] = set()
            for now_open, more, made, _now_taken, _code, _move in solver._plain_moves(
                    rows[index], opened, True, _NONE_KEPT, self.free_pick):
                if more <= room:
                    ends |= self._reach(solver, number, index + 1,
                                        (now_open, used + more, _merged(kinds, made), True))
            found = frozenset(ends)
        reaches[key] = found
        return found
