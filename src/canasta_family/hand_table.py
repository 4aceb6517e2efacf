"""The table at the end of a hand: what lay where when the hand ended.

The engine deals the next hand as soon as one ends, so a finished hand's melds, red 3s,
cards left in hands and feet and the pile would be gone; a :class:`HandTable` keeps them
in the hand's :class:`~canasta_family.results.HandResult`. :func:`table_of` reads the
table from a game through its public reads only, and :meth:`HandTable.to_json` /
:meth:`HandTable.from_json` give it the JSON shape records store (cards as their text,
as :mod:`canasta_family.cards` writes them).

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=2, seed=3)
>>> table = table_of(game, went_out=None)
>>> [len(seat.hand) for seat in table.seats], table.stock_size + len(table.pile)
([15, 15], 132)
>>> HandTable.from_json(table.to_json()) == table
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from canasta_family.cards import Card, Rank, Suit, format_cards, parse_cards
from canasta_family.errors import CanastaError, RecordError
from canasta_family.melds import Meld, MeldKind

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["HandTable", "SeatTable", "SideTable", "meld_from_json", "meld_to_json", "table_of"]

_T = TypeVar("_T")

_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank}
_SUIT_BY_LETTER = {suit.letter: suit for suit in Suit}
_KIND_BY_NAME = {kind.value: kind for kind in MeldKind}


def meld_to_json(meld: Meld) -> dict[str, Any]:
    """A meld as JSON-ready data: kind, rank symbol, suit letter, cards as text, wild count
    and canasta kind (``None`` where there is none).

    >>> meld = Meld(kind=MeldKind.SET, rank=Rank.SEVEN, suit=None,
    ...             cards=parse_cards("7c 7h 7s JK"), wilds=1, canasta=None)
    >>> meld_to_json(meld)
    {'kind': 'set', 'rank': '7', 'suit': None, 'cards': '7c 7h 7s JK', 'wilds': 1, 'canasta': None}
    """
    data: dict[str, Any] = {
        "kind": meld.kind.value,
        "rank": None if meld.rank is None else meld.rank.symbol,
        "suit": None if meld.suit is None else meld.suit.letter,
        "cards": format_cards(meld.cards),
        "wilds": meld.wilds,
        "canasta": meld.canasta,
    }
    if meld.places:
        # A run holding wild cards: the place of each card, in the order of ``cards``.
        data["places"] = list(meld.places)
    return data


def meld_from_json(data: object, where: str = "meld") -> Meld:
    """Rebuild a :class:`~canasta_family.melds.Meld` from :func:`meld_to_json` data; bad
    data raises :class:`~canasta_family.errors.RecordError` naming ``where`` and the field.

    >>> meld_from_json({"kind": "run", "rank": None, "suit": "h", "cards": "4h 5h 6h",
    ...                 "wilds": 0, "canasta": None}).suit
    <Suit.HEARTS: 2>
    >>> meld_from_json({"kind": "pair"})
    Traceback (most recent call last):
    ...
    canasta_family.errors.RecordError: meld: missing field(s) canasta, cards, rank, suit, wilds
    """
    names = ("kind", "rank", "suit", "cards", "wilds", "canasta")
    fields = _fields(data, where, (*names, "places") if isinstance(data, Mapping)
                     and "places" in data else names)
    kind = _KIND_BY_NAME.get(fields["kind"]) if isinstance(fields["kind"], str) else None
    if kind is None:
        raise RecordError(f"{where}.kind must be one of {', '.join(_KIND_BY_NAME)}, "
                          f"not {fields['kind']!r}")
    rank = _optional_lookup(fields["rank"], _RANK_BY_SYMBOL, f"{where}.rank")
    suit = _optional_lookup(fields["suit"], _SUIT_BY_LETTER, f"{where}.suit")
    canasta = fields["canasta"]
    if canasta is not None and not isinstance(canasta, str):
        raise RecordError(f"{where}.canasta must be text or null, not {canasta!r}")
    cards = _cards(fields["cards"], f"{where}.cards")
    places: tuple[int, ...] = ()
    if "places" in fields:
        raw = fields["places"]
        if not (isinstance(raw, list) and len(raw) == len(cards) and all(
                isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= 14 for p in raw)):
            raise RecordError(f"{where}.places must list a place from 1 to 14 for each card, "
                              f"not {raw!r}")
        places = tuple(raw)
    return Meld(kind=kind, rank=rank, suit=suit, cards=cards,
                wilds=_count(fields["wilds"], f"{where}.wilds"), canasta=canasta,
                places=places)


@attrs.frozen
class SideTable:
    """One side's part of the table: its melds, numbered as in actions, its red 3s, and
    the cards of its reserve hand still waiting (``None`` in variants without one).

    >>> side = SideTable(side=1, melds=(), red_threes=parse_cards("3h"))
    >>> side.to_json()
    {'side': 1, 'melds': [], 'red_threes': '3h'}
    >>> SideTable.from_json(side.to_json()) == side
    True
    """

    side: int
    melds: tuple[Meld, ...]
    red_threes: tuple[Card, ...]
    reserve: tuple[Card, ...] | None = None

    @property
    def canasta_kinds(self) -> tuple[str, ...]:
        """The kinds of the side's canastas, in meld order."""
        return tuple(meld.canasta for meld in self.melds if meld.canasta is not None)

    def to_json(self) -> dict[str, Any]:
        """The side as JSON-ready data."""
        data: dict[str, Any] = {"side": self.side,
                                "melds": [meld_to_json(meld) for meld in self.melds],
                                "red_threes": format_cards(self.red_threes)}
        if self.reserve is not None:
            data["reserve"] = format_cards(self.reserve)
        return data

    @classmethod
    def from_json(cls, data: object, where: str = "side") -> SideTable:
        """Rebuild a side from :meth:`to_json` data (a :class:`RecordError` names the bad
        field)."""
        names = ("side", "melds", "red_threes")
        fields = _fields(data, where, (*names, "reserve") if isinstance(data, Mapping)
                         and "reserve" in data else names)
        melds = _list(fields["melds"], f"{where}.melds")
        reserve = fields.get("reserve")
        return cls(side=_count(fields["side"], f"{where}.side"),
                   melds=tuple(meld_from_json(meld, f"{where}.melds[{index}]")
                               for index, meld in enumerate(melds)),
                   red_threes=_cards(fields["red_threes"], f"{where}.red_threes"),
                   reserve=None if reserve is None else _cards(reserve, f"{where}.reserve"))


@attrs.frozen
class SeatTable:
    """One seat's cards when the hand ended: ``hand`` (canonical order), ``foot`` (the
    cards of a foot not yet picked up, empty once it is, ``None`` in variants without
    feet) and whether the foot was picked up (false without feet).

    >>> seat = SeatTable(seat=2, hand=parse_cards("4c 9d"), foot=None, foot_picked_up=False)
    >>> seat.cards_left, seat.to_json()
    (2, {'seat': 2, 'hand': '4c 9d', 'foot': None, 'foot_picked_up': False})
    >>> SeatTable.from_json(seat.to_json()) == seat
    True
    """

    seat: int
    hand: tuple[Card, ...]
    foot: tuple[Card, ...] | None
    foot_picked_up: bool

    @property
    def cards_left(self) -> int:
        """How many cards the seat still held in hand."""
        return len(self.hand)

    def to_json(self) -> dict[str, Any]:
        """The seat as JSON-ready data."""
        return {"seat": self.seat, "hand": format_cards(self.hand),
                "foot": None if self.foot is None else format_cards(self.foot),
                "foot_picked_up": self.foot_picked_up}

    @classmethod
    def from_json(cls, data: object, where: str = "seat") -> SeatTable:
        """Rebuild a seat from :meth:`to_json` data (a :class:`RecordError` names the bad
        field)."""
        fields = _fields(data, where, ("seat", "hand", "foot", "foot_picked_up"))
        picked = fields["foot_picked_up"]
        if not isinstance(picked, bool):
            raise RecordError(f"{where}.foot_picked_up must be true or false, not {picked!r}")
        foot = fields["foot"]
        return cls(seat=_count(fields["seat"], f"{where}.seat"),
                   hand=_cards(fields["hand"], f"{where}.hand"),
                   foot=None if foot is None else _cards(foot, f"{where}.foot"),
                   foot_picked_up=picked)


@attrs.frozen
class HandTable:
    """The table when a hand ended: every side (:class:`SideTable`), every seat
    (:class:`SeatTable`), the discard pile bottom to top, the stock size and the seat that
    went out (``None`` when the hand ended another way).

    >>> table = HandTable(sides=(SideTable(0, (), ()), SideTable(1, (), ())),
    ...                   seats=(SeatTable(0, (), None, False), SeatTable(1, (), None, False)),
    ...                   pile=parse_cards("9c Kh"), stock_size=40, went_out=0)
    >>> table.pile_top, table.to_json()["pile"]
    (Card('Kh'), '9c Kh')
    """

    sides: tuple[SideTable, ...]
    seats: tuple[SeatTable, ...]
    pile: tuple[Card, ...]
    stock_size: int
    went_out: int | None

    @property
    def pile_top(self) -> Card | None:
        """The top card of the pile, if any."""
        return self.pile[-1] if self.pile else None

    def to_json(self) -> dict[str, Any]:
        """The table as JSON-ready data (see the module documentation)."""
        return {"sides": [side.to_json() for side in self.sides],
                "seats": [seat.to_json() for seat in self.seats],
                "pile": format_cards(self.pile), "stock_size": self.stock_size,
                "went_out": self.went_out}

    @classmethod
    def from_json(cls, data: object, where: str = "table") -> HandTable:
        """Rebuild a table from :meth:`to_json` data; anything malformed raises
        :class:`~canasta_family.errors.RecordError` naming the field.

        >>> from canasta_family.errors import RecordError
        >>> try:
        ...     HandTable.from_json({"sides": [], "seats": [], "pile": "Qx", "stock_size": 0,
        ...                          "went_out": None})
        ... except RecordError as err:
        ...     print(str(err)[:30])
        table.pile: 'Qx' is not a card
        """
        fields = _fields(data, where, ("sides", "seats", "pile", "stock_size", "went_out"))
        went_out = fields["went_out"]
        return cls(
            sides=tuple(SideTable.from_json(side, f"{where}.sides[{index}]")
                        for index, side in enumerate(_list(fields["sides"], f"{where}.sides"))),
            seats=tuple(SeatTable.from_json(seat, f"{where}.seats[{index}]")
                        for index, seat in enumerate(_list(fields["seats"], f"{where}.seats"))),
            pile=_cards(fields["pile"], f"{where}.pile"),
            stock_size=_count(fields["stock_size"], f"{where}.stock_size"),
            went_out=None if went_out is None else _count(went_out, f"{where}.went_out"))


def table_of(game: Game, *, went_out: int | None) -> HandTable:
    """The table of ``game``'s hand in play, read through the game's public reads.

    ``went_out`` is the seat that went out, as the engine's end of hand knows it (the game
    has no public read of it until the hand's result exists). In variants without feet
    every seat's ``foot`` is ``None`` and ``foot_picked_up`` false (the game itself counts
    a seat without a foot as having picked it up).

    >>> import canasta_family
    >>> game = canasta_family.new_game("pennies-from-heaven", players=6, seed=2)
    >>> table = table_of(game, went_out=None)
    >>> [len(seat.foot or ()) for seat in table.seats], len(table.sides), table.sides[0].melds
    ([11, 11, 11, 11, 11, 11], 2, ())
    """
    has_feet = game.deal_rules.foot_size > 0
    return HandTable(
        sides=tuple(SideTable(side=side, melds=game.side_melds(side),
                              red_threes=game.side_red_threes(side),
                              reserve=game.reserve_cards(side)
                              if game.reserve_rules.size else None)
                    for side in range(len(game.sides))),
        seats=tuple(SeatTable(seat=seat, hand=game.hand_cards(seat),
                              foot=game.foot_cards(seat) if has_feet else None,
                              foot_picked_up=has_feet and game.foot_picked_up(seat))
                    for seat in range(game.num_players)),
        pile=game.pile, stock_size=game.stock_size, went_out=went_out)


# --- reading JSON data field by field ---------------------------------------------------------


def _fields(data: object, where: str, names: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(data, Mapping):
        raise RecordError(f"{where} must be a JSON object, not {type(data).__name__}")
    missing = sorted(set(names) - set(data))
    if missing:
        raise RecordError(f"{where}: missing field(s) {', '.join(missing)}")
    unknown = sorted(str(key) for key in set(data) - set(names))
    if unknown:
        raise RecordError(f"{where}: unknown field(s) {', '.join(unknown)}")
    return data


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise RecordError(f"{where} must be cards as text, not {value!r}")
    try:
        return parse_cards(value)
    except CanastaError as exc:
        raise RecordError(f"{where}: {exc}") from exc


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(f"{where} must be a whole number of zero or more, not {value!r}")
    return value


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list, not {value!r}")
    return value


def _optional_lookup(value: object, known: Mapping[str, _T], where: str) -> _T | None:
    if value is None:
        return None
    found = known.get(value) if isinstance(value, str) else None
    if found is None:
        raise RecordError(f"{where} must be null or one of {', '.join(known)}, not {value!r}")
    return found
