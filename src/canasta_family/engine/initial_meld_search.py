"""The data of the owed-initial-meld search (AS-23): plays, collections, their filters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

import attrs

from canasta_family.actions import (
    LayOff,
    MakeMeld,
)
from canasta_family.cards import NUM_CODES
from canasta_family.melds import Meld

if TYPE_CHECKING:
    from canasta_family.engine.game import Game

_CODES_OF = itemgetter(0)
_NUMBER_OF = itemgetter(5)
_VALUE_OF = itemgetter(1)
"""The value of a qualifying play (AS-23)."""


def _SIZE_OF(play: tuple[tuple[int, ...], int, int, int | None, int | None]) -> int:
    """The number of cards of a qualifying play (AS-23)."""
    return len(play[0])


# Positions the exact search of an owed initial meld visits before the engine's
# completion finder decides instead (AS-23; only huge hands get there), where the solver
# on counts does not read the rules.
_REACH_BUDGET = 3000

# Where it does (``owed_solver``): positions the walk visits before the solver decides.
# A walk that finds a collection mostly does so within a few positions, one that finds
# none takes hundreds (about 17 µs each), and the solver takes about 1 ms.
_SOLVER_AFTER = 60

# After the solver's "yes": positions a walk may spend to name a collection for the
# listing's ``_Collection.survives`` (the plays are judged one by one without one).
_NAME_BUDGET = 400


def _value_counted(codes: tuple[int, ...], counted: Sequence[int], values: Sequence[int]
                   ) -> int:
    """What a play of ``codes`` (ascending) counts towards an owed initial meld when only
    the cards ``counted`` count: each code's copies up to its count there (AS-23; of two
    copies of a card the player melds the counted one)."""
    total = 0
    last = -1
    run = 0
    for code in codes:
        run = run + 1 if code == last else 1
        last = code
        if run <= counted[code]:
            total += values[code]
    return total


_Play = tuple[tuple[int, ...], int, int, int | None, int | None]
"""A qualifying play (see ``Game._qualifying_plays``)."""

_SearchPlay = tuple[tuple[int, ...], int, int, int, int, tuple[tuple[int, int], ...], int]
"""A qualifying play as the search walks it: (codes, value, cards, the bits that bar it,
the bits it sets, its (code, count) pairs, the bits it needs set first)."""


class _CollectionWalk:
    """The depth-first search for plays that complete an owed initial meld (AS-23) over
    ``plays`` (in search order): ``need`` to count, with ``hand`` the cards the plays may
    use and ``counted`` those of them that count, at most ``spare`` cards used, one of
    ``free`` left for the discard (PH-16; empty: no such rule). :attr:`path` holds the
    plays of the collection found. Past :data:`_REACH_BUDGET` positions (``short``:
    :data:`_SOLVER_AFTER`; ``naming``: :data:`_NAME_BUDGET`) :meth:`walk` answers None
    (undecided)."""

    __slots__ = ("bound_at", "budget", "counted", "failed", "free", "left", "need", "out_of_reach",
                 "path", "plays", "spare", "values")

    def __init__(self, plays: list[_SearchPlay], values: Sequence[int], need: int,
                 hand: Sequence[int], counted: Sequence[int], spare: int,
                 free: list[int],
                 out_of_reach: Callable[[], bool] | None = None,
                 short: bool = False, naming: bool = False) -> None:
        self.plays = plays
        self.out_of_reach = out_of_reach
        """Asked once, when the walk has visited :data:`_BOUND_AFTER` positions: whether a
        bound already shows that no collection exists (see ``initial_meld_bound``). A
        walk that finds one sooner never pays for the bound."""
        self.values = values
        self.need = need
        self.left = list(hand)
        """The hand's cards the collection has not used."""
        self.counted = list(counted)
        """Of those, the ones that count (each play uses them first)."""
        self.spare = spare
        self.free = free
        self.failed: set[tuple[bytes, int]] = set()
        """Positions known to lead nowhere."""
        self.budget = budget = _SOLVER_AFTER if short else \
            _NAME_BUDGET if naming else _REACH_BUDGET
        self.bound_at = budget - _BOUND_AFTER
        """The budget left when the walk asks ``out_of_reach``."""
        self.path: list[int] = []

    def walk(self, total: int, used: int, bits: int) -> bool | None:
        """Whether some plays from here, having counted ``total`` with ``used`` cards and
        the meld bits ``bits`` set, complete the meld. A position is its cards left and
        bits: what the plays so far counted follows from the cards they used, as each
        play counts the counted copies first."""
        left = self.left
        counted = self.counted
        key = (bytes(left), bits)
        if key in self.failed:
            return False
        self.budget -= 1
        if self.budget < 0:
            return None
        if self.budget == self.bound_at and self.out_of_reach is not None \
                and self.out_of_reach():
            raise _OutOfReach
        plays = self.plays
        values = self.values
        fitting: list[int] = []
        covered: set[int] = set()
        room = self.spare - used
        missing = ~bits
        for number, play in enumerate(plays):
            if play[2] > room or bits & play[3]:
                continue
            for c, n in play[5]:
                if left[c] < n:
                    break
            else:
                # A set that waits for a canasta of its rank (PH-10) is no play yet, but
                # its cards may still count once the canasta is made: they bound the rest.
                covered.update(play[0])
                if not play[6] & missing:
                    fitting.append(number)
        # No collection from here can count more than the cards these plays could still
        # use: give up early when even that stays short.
        need = self.need
        if total + sum([values[c] * counted[c] for c in covered]) < need:
            self.failed.add(key)
            return False
        free = self.free
        path = self.path
        for number in fitting:
            codes, _value, size, _bars, sets, pairs, _needs = plays[number]
            # What the play counts here: the counted copies of its cards still left (a
            # play that would count nothing now only moves pile cards, and a larger play
            # of the same meld does that, see _qualifying_plays).
            value = 0
            took = []
            for c, n in pairs:
                k = counted[c] if counted[c] < n else n
                took.append(k)
                if k:
                    counted[c] -= k
                    value += values[c] * k
            if not value:
                continue
            for c in codes:
                left[c] -= 1
            path.append(number)
            # A discardable card must stay (PH-16): one not used up from the hand.
            if total + value >= need and (not free or any(left[c] > 0 for c in free)):
                found: bool | None = True
            else:
                found = self.walk(total + value, used + size, bits | sets)
            if found:
                return True
            path.pop()
            for c in codes:
                left[c] += 1
            for (c, _n), k in zip(pairs, took, strict=True):
                counted[c] += k
            if found is None:
                return None
        self.failed.add(key)
        return False


_BOUND_AFTER = 8
"""Positions a collection walk visits before it asks its bound: most walks that find a
collection do so within a few positions, and those that find none take hundreds."""


class _OutOfReach(Exception):
    """Raised inside a collection walk when its bound shows no collection exists."""


# The top bit of a byte per code (see ``_least_filled``; no deck holds 128 copies of a
# card).
_TOP_BITS = sum(0x80 << (8 * code) for code in range(NUM_CODES))


def _least_filled(plays: list[_Play], targets: Sequence[tuple[int, bool]],
                  counted: Sequence[int]) -> list[_Play]:
    """``plays`` (see ``Game._qualifying_plays``) less those that use more cards from the
    pile than another play of the same counted cards, target (``targets``: a lay-off's
    meld index, or -1 a new set, -2 a new run) and, for a set, rank key, whose pile cards
    are among its own: the plays that follow can take the extra pile cards along on a
    lay-off on the smaller meld, which ends the same. Canastas are all kept (a canasta
    closes its rank where one meld of a rank is open at a time, PH-10). The counted cards
    of the two plays stay equal whatever the plays before them used (AS-23)."""
    kept: list[int] = []
    # The pile cards of the plays kept, by what else they share; most plays have none,
    # and one without any ends its group. Each is a number with a byte per code holding
    # its count: one is among another when subtracting it from the other with the top
    # bit of each byte set first clears none of those bits.
    fillers: dict[tuple[object, ...], list[int]] = {}
    for number in sorted(range(len(plays)), key=lambda i: len(plays[i][0])):
        codes, _value, _index, _open, set_key = plays[number]
        target, canasta = targets[number]
        if canasta:
            kept.append(number)
            continue
        counting: list[int] = []
        filler = 0
        last = -1
        run = 0
        for code in codes:  # (ascending)
            run = run + 1 if code == last else 1
            last = code
            if run <= counted[code]:
                counting.append(code)
            else:
                filler += 1 << (8 * code)
        key = (target, set_key, tuple(counting))
        smaller = fillers.get(key)
        if smaller is None:
            fillers[key] = [filler]
        elif not smaller[0]:
            continue  # the counted cards make the play alone
        else:
            top = filler + _TOP_BITS
            if any((top - other) & _TOP_BITS == _TOP_BITS for other in smaller):
                continue
            smaller.append(filler)
        kept.append(number)
    kept.sort()
    return [plays[number] for number in kept]


@attrs.frozen
class _Collection:
    """A collection of plays that completes an owed initial meld (AS-23), as found by
    ``Game._collection_reaches``: its plays (codes, meld index of a lay-off or -1, rank
    key of a new set), the cards the plays may use up in all (``spare``), the codes
    that may be discarded (one of them must stay in hand; empty: no such rule), the
    qualifying plays the search chose among (see ``Game._qualifying_plays``), from which
    the plays after one of them are derived (``Game._plays_after``), and whether one of
    its plays is a new set that a lay-off of it had to open first (``reopens``, PH-10)."""

    plays: tuple[tuple[tuple[int, ...], int, int | None], ...]
    spare: int
    free: tuple[int, ...]
    among: tuple[_Play, ...] = attrs.field(eq=False, repr=False)
    # The (code, count) pairs of each play of ``among``.
    among_pairs: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(eq=False, repr=False)
    reopens: bool = False
    # Each play's stand-ins (see ``stand_ins``), found when first needed.
    _stand_ins: dict[int, list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]] = \
        attrs.field(factory=dict, init=False, eq=False, repr=False)

    def stand_ins(self, number: int
                  ) -> list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
        """The codes of play ``number`` and of the plays among the qualifying ones that
        could stand in for it, most valuable first: the same meld or lay-off target and
        rank, and a canasta where it is one (which closes a rank, PH-10), other cards (a
        different wild card, a natural of another suit, one card fewer). A play that takes
        one of the collection's cards can leave it whole with a stand-in, though perhaps
        counting less (AS-23). Each as its codes and their (code, count) pairs."""
        found = self._stand_ins.get(number)
        if found is not None:
            return found
        codes, index, set_key = self.plays[number]
        open_key = next(play[3] for play in self.among
                        if play[0] == codes and play[2] == index)
        found = [(codes, tuple(Counter(codes).items()))]
        # (``among`` is most valuable first.)
        for (other, _value, other_index, other_open, other_key), pairs in zip(
                self.among, self.among_pairs, strict=True):
            if other_index == index and other_key == set_key and other_open == open_key \
                    and other != codes:
                found.append((other, pairs))
        self._stand_ins[number] = found
        return found

    def survives(self, game: Game, action: MakeMeld | LayOff, used: Sequence[int],
                 need: int, counted: Sequence[int]) -> bool:
        """Whether the plays of the collection that ``action`` (whose cards are ``used``)
        leaves playable still make up ``need``, what the minimum lacks after it, when the
        cards ``counted`` (held before the take, less the action's) count: then the
        minimum stays reachable without a new search (AS-23).

        A play stays playable, itself or a stand-in (see :meth:`stand_ins`), when its
        cards are still in hand beside the plays kept before it, and it lays off on a meld
        the action did not change and opens no rank the action opened (where a side has
        one meld of a rank) — or, one such play, lays off on the meld the action made or
        changed instead, itself, a stand-in or what the action left of it: the plays of a
        collection lie on the side's melds as they were,
        never on each other, so any of them may be left out. Sufficient, not exact: the
        search decides the rest — always where a play of the collection is a new set that
        another one opened by completing a canasta of its rank (PH-10), as stand-ins for
        that play may not complete it."""
        if self.reopens:
            return False
        index = action.meld if isinstance(action, LayOff) else -1
        opened: int | None = None
        if isinstance(action, MakeMeld) and game._s.joins_sets:
            is_wild = game._s.wild
            rank = next((c.rank for c in action.cards if not is_wild[c.code]), None)
            opened = 0 if rank is None else int(rank)
        values = game._s.values
        left = game._hands[game._current][:]  # the cards the plays kept so far leave
        for c in used:
            left[c] -= 1
        counted = list(counted)  # of those, the ones that count
        room = self.spare - len(used)
        # The meld the action made or changed, once a play is to move onto it, and whether
        # one has.
        changed: Meld | None = None
        moved_one = False
        for number, (codes, play_index, key) in enumerate(self.plays):
            moved = (play_index >= 0 and play_index == index) or (
                key is not None and key == opened)
            options = self.stand_ins(number)
            if moved:
                if moved_one or game._s.custom_meld_check:
                    continue
                if changed is None:
                    changed = game._made_meld(action)[0] if isinstance(action, MakeMeld) \
                        else game._laid_off(
                            game._melds[game._s.side_of[game._current]][index], tuple(used))
                # What the action left of the play may lie on the meld it made instead.
                rest = list(codes)
                for c in used:
                    if c in rest:
                        rest.remove(c)
                if rest and len(rest) < len(codes):
                    options = [*options, (tuple(rest), game._t.code_pairs(tuple(rest)))]
            for option, pairs in options:
                if len(option) > room:
                    continue
                for c, n in pairs:
                    if left[c] < n:
                        break
                else:
                    if self.free and not any(left[c] > option.count(c) for c in self.free):
                        continue
                    if moved:
                        assert changed is not None
                        if game._layoff_problem(changed, option, False)[0] is None:
                            continue
                        moved_one = True
                    break
            else:
                continue
            room -= len(option)
            for c, n in pairs:
                left[c] -= n
                # The counted copies go first (the player melds those).
                k = counted[c] if counted[c] < n else n
                if k > 0:
                    counted[c] -= k
                    need -= values[c] * k
            if need <= 0:
                return True
        return False
