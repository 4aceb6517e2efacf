"""Actions and melds built without their converters, and the actions made once."""

from __future__ import annotations

from typing import Any, cast

from canasta_family.actions import (
    Answer,
    Discard,
    Draw,
    LayOff,
    MakeMeld,
    Pass,
    PlaceRedThree,
    Retract,
    TakePile,
)
from canasta_family.cards import NUM_CODES, Card, Rank, Suit
from canasta_family.engine.codes import CARDS
from canasta_family.melds import Meld, MeldKind

# The two kinds of meld as module globals: in Python 3.11 every attribute read on an Enum
# class (``MeldKind.SET``) goes through ``EnumType.__getattr__``, some five times the cost
# of reading a global, and the engine reads them in every listing.
_SET = MeldKind.SET
_RUN = MeldKind.RUN


def _make(cls: type, **fields: object) -> Any:
    # Engine-built actions are already canonical: skip the converters (hot path).
    obj: Any = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


# The slots of the values a fresh process makes by the ten thousand while its memo tables
# fill (new melds, lay-offs, the melds they build): setting a slot through its descriptor
# skips ``_make``'s keyword dict and attribute lookups, about 0.5 us of 0.7-0.8 us a value.
# (Class attributes of a slotted class are its slots' member descriptors; typed as the
# fields' values, hence the casts.)
_SET_MAKE_CARDS = cast(Any, MakeMeld).cards.__set__
_SET_MAKE_STANDS = cast(Any, MakeMeld).stands.__set__
_SET_LAYOFF_MELD = cast(Any, LayOff).meld.__set__
_SET_LAYOFF_CARDS = cast(Any, LayOff).cards.__set__
_SET_LAYOFF_STANDS = cast(Any, LayOff).stands.__set__
_SET_MELD_KIND = cast(Any, Meld).kind.__set__
_SET_MELD_RANK = cast(Any, Meld).rank.__set__
_SET_MELD_SUIT = cast(Any, Meld).suit.__set__
_SET_MELD_CARDS = cast(Any, Meld).cards.__set__
_SET_MELD_WILDS = cast(Any, Meld).wilds.__set__
_SET_MELD_CANASTA = cast(Any, Meld).canasta.__set__
_SET_MELD_PLACES = cast(Any, Meld).places.__set__


def _new_make_meld(cards: tuple[Card, ...]) -> MakeMeld:
    """``MakeMeld(cards)`` without its converter: ``cards`` are already in order.

    >>> _new_make_meld(CARDS[8:11]) == MakeMeld(CARDS[8:11])
    True
    """
    action: MakeMeld = object.__new__(MakeMeld)
    _SET_MAKE_CARDS(action, cards)
    _SET_MAKE_STANDS(action, ())
    return action


def _new_meld(kind: MeldKind, rank: Rank | None, suit: Suit | None,
              cards: tuple[Card, ...], wilds: int, canasta: str | None,
              places: tuple[int, ...] = ()) -> Meld:
    """``Meld(...)`` without its converters, from fields already canonical.

    >>> cards = CARDS[8:11]
    >>> _new_meld(MeldKind.SET, Rank(4), None, cards, 0, None) == Meld(
    ...     MeldKind.SET, Rank(4), None, cards, 0, None)
    True
    """
    meld: Meld = object.__new__(Meld)
    _SET_MELD_KIND(meld, kind)
    _SET_MELD_RANK(meld, rank)
    _SET_MELD_SUIT(meld, suit)
    _SET_MELD_CARDS(meld, cards)
    _SET_MELD_WILDS(meld, wilds)
    _SET_MELD_CANASTA(meld, canasta)
    _SET_MELD_PLACES(meld, places)
    return meld


def _new_layoff(meld: int, cards: tuple[Card, ...]) -> LayOff:
    """``LayOff(meld, cards)`` without its converter: ``cards`` are already in order.

    >>> _new_layoff(2, CARDS[8:9]) == LayOff(2, CARDS[8:9])
    True
    """
    action: LayOff = object.__new__(LayOff)
    _SET_LAYOFF_MELD(action, meld)
    _SET_LAYOFF_CARDS(action, cards)
    _SET_LAYOFF_STANDS(action, ())
    return action


_DISCARD_ACTIONS: tuple[Discard, ...] = tuple(
    _make(Discard, card=CARDS[code]) for code in range(NUM_CODES))
# Actions without fields, or with few possible values, made once: listing hands out the
# same objects instead of new ones each time (fewer allocations for the collector to count).
_DRAW: Draw = _make(Draw)
_PASS: Pass = _make(Pass)
_TAKE_WHOLE: TakePile = _make(TakePile, cards=(), onto=None, stands=())
_RETRACT: Retract = _make(Retract)
_ANSWERS: tuple[Answer, Answer] = (_make(Answer, yes=True), _make(Answer, yes=False))
_PLACE_ACTIONS: tuple[PlaceRedThree, ...] = tuple(
    _make(PlaceRedThree, card=CARDS[code]) for code in range(NUM_CODES))
"""The placement of each card, by code (only bonus cards are ever listed)."""
