"""Reading a sequence that holds wild cards (BU-12, BU-14…16): which place each card
takes, which cards act as wild, and what a lay-off does to a wild card in the way.

A *reading* gives every card of a sequence a place (2 to 14, and 1 for a low ace). A
natural stands at its own rank's place. A card the variant calls wild either acts as a
wild card at any free place, or — where ``run_wild_in_own_place`` holds and it has a rank
and the run's suit, as a 2 does — stands at its own place as a natural. Of the readings
that make a legal sequence, the ones with the fewest acting wild cards count; when those
still put a wild card the player did not place (``stands``) at different places, the
play is ambiguous and must say where.

A lay-off keeps the places of the cards on the table. A natural laid off at the place of
an acting wild card moves that wild card (where ``run_wild_moves`` holds): to its own
place if it is a card of the run's suit that may stand there and the run now starts just
above it, else just above the run, else just below; if none is free the lay-off is
illegal (BU-16).

>>> from canasta_family.cards import parse_cards
>>> rules = RunShape(low=1, high=14, ace_low=True, wilds=1, in_place=True, max_size=14,
...                  moves=True)
>>> wild = [code < 4 or code == 52 for code in range(53)]   # jokers and 2s
>>> codes = [c.code for c in parse_cards("5h 6h 8h JK")]
>>> reading = read_run(rules, wild, (), codes, {})
>>> [place for _code, place, _acting in reading]
[5, 6, 8, 7]
>>> read_run(rules, wild, (), [c.code for c in parse_cards("5h 6h JK")], {})
('ambiguous', ((52, 4), (52, 7)))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import product

import attrs

from canasta_family.engine.run_places import ACE, ACE_LOW

__all__ = ["Reading", "RunShape", "read_run"]

Reading = tuple[tuple[int, int, bool], ...]
"""Every card of a sequence as (code, place, acts as a wild card): the cards on the table
first, in their order, then the cards added, in theirs."""


@attrs.frozen
class RunShape:
    """The rules a sequence's reading follows (from ``MeldRules``): its lowest and highest
    places, whether the ace runs low, how many acting wild cards it may hold, whether a
    wild card with a rank may stand as a natural at its own place, its longest length and
    whether a natural laid off on a wild card's place moves the wild card."""

    low: int
    high: int
    ace_low: bool
    wilds: int
    in_place: bool
    max_size: int
    moves: bool


def _own_places(code: int, ace_low: bool) -> tuple[int, ...]:
    rank = code // 4 + 2
    if rank == ACE and ace_low:
        return (ACE_LOW, ACE)
    return (rank,)


def _options(shape: RunShape, wild: Sequence[bool], code: int, suit: int,
             named: int | None) -> list[tuple[int, bool]]:
    """The (place, acts as wild) a card added to a sequence of ``suit`` may take;
    ``named`` is the rank it was said to stand for."""
    if not wild[code]:
        return [(place, False) for place in _own_places(code, shape.ace_low)
                if code % 4 == suit]
    own: list[tuple[int, bool]] = []
    if shape.in_place and code < 52 and code % 4 == suit:
        own = [(place, False) for place in _own_places(code, shape.ace_low)]
    if named is not None:
        places = [ACE_LOW, ACE] if named == ACE and shape.ace_low else [named]
        mine = [(p, False) for p, _ in own if p in places]
        return mine or [(p, True) for p in places]
    return own + [(place, True) for place in range(shape.low, shape.high + 1)]


def _suits(table: Sequence[tuple[int, int, bool]], added: Sequence[int],
           wild: Sequence[bool]) -> list[int]:
    """The suits the sequence may be of: its naturals' suit, or any when it has none."""
    naturals = {code % 4 for code, _place, acting in table if not acting and code < 52}
    naturals |= {code % 4 for code in added if not wild[code]}
    if len(naturals) > 1:
        return []
    if naturals:
        return list(naturals)
    return [suit for suit in range(4)]


def _moved(shape: RunShape, places: dict[int, tuple[int, bool]], code: int,
           suit: int) -> int | None:
    """Where a displaced acting wild card ``code`` goes (BU-16), or None."""
    low, high = min(places), max(places)
    if shape.in_place and code < 52 and code % 4 == suit:
        for own in _own_places(code, shape.ace_low):
            if own == low - 1 and own not in places:
                return own
    if high + 1 <= shape.high:
        return high + 1
    if low - 1 >= shape.low:
        return low - 1
    return None


def _readings(shape: RunShape, wild: Sequence[bool], table: Reading,
              added: Sequence[int], named: Sequence[int | None]) -> Iterator[Reading]:
    for suit in _suits(table, added, wild):
        choices = [_options(shape, wild, code, suit, name) for code, name in zip(added, named,
                                                                                   strict=True)]
        for combo in product(*choices):
            places: dict[int, tuple[int, bool]] = {place: (code, acting)
                                                   for code, place, acting in table}
            at: list[tuple[int, int, bool]] = [(c, p, a) for c, p, a in table]
            displaced: list[int] = []
            ok = True
            for code, (place, acting) in zip(added, combo, strict=True):
                held = places.get(place)
                if held is not None:
                    if acting or not held[1] or not shape.moves \
                            or place not in {p for _c, p, a in table if a}:
                        ok = False
                        break
                    displaced.append(held[0])
                    at = [(c, p, a) for c, p, a in at if p != place]
                places[place] = (code, acting)
                at.append((code, place, acting))
            if not ok:
                continue
            for code in displaced:
                moved = _moved(shape, places, code, suit)
                if moved is None:
                    ok = False
                    break
                acting = not (code < 52 and code % 4 == suit
                              and moved in _own_places(code, shape.ace_low))
                places[moved] = (code, acting)
                at.append((code, moved, acting))
            if not ok:
                continue
            keys = sorted(places)
            if keys[0] < shape.low or keys[-1] > shape.high \
                    or keys[-1] - keys[0] != len(keys) - 1 or len(keys) > shape.max_size:
                continue
            acting_count = sum(1 for _c, _p, a in at if a)
            if acting_count > shape.wilds or acting_count * 2 >= len(at):
                continue
            # Cards on the table first, in their order, then the added ones.
            order = {(c, p): i for i, (c, p, _a) in enumerate(table)}
            yield tuple(sorted(at, key=lambda item: order.get((item[0], item[1]),
                                                               len(table) + at.index(item))))


def read_run(shape: RunShape, wild: Sequence[bool], table: Reading, added: Sequence[int],
             stands: Mapping[int, list[int]]
             ) -> Reading | tuple[str, tuple[tuple[int, int], ...]] | None:
    """The reading of the sequence ``table`` (a meld's cards as (code, place, acting), or
    empty for a new meld) with the cards ``added``, the ranks named for wild cards in
    ``stands`` (code: ranks, one per named copy). ``None`` when no reading is legal;
    ``("ambiguous", options)`` with the (code, place) choices of the unplaced wild cards
    when the player must say where one stands."""
    left = {code: list(ranks) for code, ranks in stands.items()}
    named: list[int | None] = []
    for code in added:
        ranks = left.get(code)
        named.append(ranks.pop(0) if ranks else None)
    best: list[Reading] = []
    fewest: int | None = None
    for reading in _readings(shape, wild, table, added, named):
        acting = sum(1 for _c, _p, a in reading if a)
        if fewest is None or acting < fewest:
            fewest, best = acting, [reading]
        elif acting == fewest and reading not in best:
            best.append(reading)
    if not best:
        return None
    if len(best) == 1:
        return best[0]
    # Where the unplaced acting wild cards stand in each reading: if that differs, the
    # player must say; otherwise (an ace low or high) the lowest reading is taken.
    unplaced = {code for code, name in zip(added, named, strict=True)
                if name is None and wild[code]}
    # The ranks the unplaced wild cards stand for in each reading: the ace's two places
    # are one rank (a wild ace beside a natural one in a run A…A is the same play).
    spots = {tuple(sorted((c, ACE if p == ACE_LOW else p) for c, p, a in reading
                          if a and c in unplaced)) for reading in best}
    if len(spots) > 1:
        options = tuple(sorted({spot for group in spots for spot in group}))
        return ("ambiguous", options)
    return min(best, key=lambda reading: sorted(p for _c, p, _a in reading))
