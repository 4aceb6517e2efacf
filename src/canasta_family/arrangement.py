"""Starting a hand from a chosen arrangement of the cards.

Tests, puzzles and bug reports need exact positions: :class:`HandSetup` says what each
player holds, the stock order, the pile, melds and red 3s already on the table, the
cumulative scores and who deals. Pass it as ``new_game(..., start=HandSetup(...))``.

Cards may be written as text. ``stock`` is listed **top first**; ``pile`` bottom to top
(its last card is the top). When ``stock`` is ``None`` the cards not placed anywhere are
shuffled (with the game's seed) to form the stock; when it is given, it is exactly the
stock and the cards not placed anywhere are set aside, out of play, for this hand. When
``pile`` is empty the upcard is turned from the stock as in a normal deal.

>>> setup = HandSetup(hands=("7h 7s 7c Kd", "4c 5c 6c", "9h 9d", "Ah"),
...                   pile="8d 9c", stock="Qs Qh JK")
>>> [str(c) for c in setup.hands[0]], str(setup.pile[-1]), str(setup.stock[0])
(['7h', '7s', '7c', 'Kd'], '9c', 'Qs')
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

import attrs

from canasta_family.cards import Card, parse_cards
from canasta_family.errors import SetupError, excerpt

__all__ = ["HandSetup"]

CardsLike = str | Iterable[Card] | Iterable[str]


def _cards(value: CardsLike) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, Iterable):
        raise SetupError(f"cards must be text or a sequence of cards, not {excerpt(value)}")
    items = list(value)
    if all(isinstance(item, Card) for item in items):
        return tuple(items)  # type: ignore[arg-type]
    return parse_cards([str(item) for item in items])


def _card_lists(value: Sequence[CardsLike]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise SetupError(f"expected one entry of cards per seat or side, not {excerpt(value)}")
    return tuple(_cards(item) for item in value)


def _optional_cards(value: CardsLike | None) -> tuple[Card, ...] | None:
    return None if value is None else _cards(value)


def _optional_lists(value: Sequence[CardsLike] | None) -> tuple[tuple[Card, ...], ...] | None:
    return None if value is None else _card_lists(value)


def _melds(value: Sequence[Sequence[CardsLike]] | None
           ) -> tuple[tuple[tuple[Card, ...], ...], ...] | None:
    return None if value is None else tuple(_card_lists(side) for side in value)


def _places(value: Sequence[Sequence[Sequence[int]]] | None
            ) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    if value is None:
        return None
    try:
        return tuple(tuple(tuple(operator.index(p) for p in meld) for meld in side)
                     for side in value)
    except TypeError:
        raise SetupError(f"meld_places must list, per side and meld, whole numbers, not "
                         f"{excerpt(value)}") from None


def _ints(value: Sequence[int] | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Iterable) or not all(
            hasattr(type(v), "__index__") and not isinstance(v, bool) for v in value):
        raise SetupError(f"scores must be whole numbers, one per side, not {excerpt(value)}")
    return tuple(operator.index(v) for v in value)


@attrs.frozen
class HandSetup:
    """A chosen starting position for a hand (see the module documentation).

    ``hands``: one entry per seat. ``feet``: one per seat, for variants with a foot
    (``None``: dealt from the stock as usual); an empty foot has already been picked up.
    ``melds``: per side, the melds already on the table (a side with melds has made its
    initial meld). ``red_threes``: per side, red
    3s already placed. ``scores``: cumulative scores per side before this hand (they set
    the initial-meld minimum). ``dealer``: who dealt; ``to_play``: whose turn it is
    (default: left of the dealer). ``hand_number``: how many hands were played before.
    ``reserves``: per side, for variants with a reserve hand (``ReserveRules``, Buraco's
    morto); an empty one is no longer there to take (``None``: dealt from the stock).
    ``meld_places``: per side and meld, the place of each card of a sequence whose wild
    card could stand at more than one place (as ``Meld.places``; empty for a meld read
    from its cards alone).
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_card_lists)
    pile: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    stock: tuple[Card, ...] | None = attrs.field(default=None, converter=_optional_cards)
    feet: tuple[tuple[Card, ...], ...] | None = attrs.field(default=None,
                                                            converter=_optional_lists)
    melds: tuple[tuple[tuple[Card, ...], ...], ...] | None = attrs.field(default=None,
                                                                         converter=_melds)
    red_threes: tuple[tuple[Card, ...], ...] | None = attrs.field(default=None,
                                                                  converter=_optional_lists)
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    dealer: int = 0
    to_play: int | None = None
    hand_number: int = 0
    reserves: tuple[tuple[Card, ...], ...] | None = attrs.field(default=None,
                                                              converter=_optional_lists)
    meld_places: tuple[tuple[tuple[int, ...], ...], ...] | None = attrs.field(
        default=None, converter=_places)

    def to_json(self) -> dict[str, object]:
        """The setup as JSON-ready data (cards as text), as stored in a game record."""

        def text(cards: Iterable[Card]) -> str:
            return " ".join(str(card) for card in cards)

        data: dict[str, object] = {
            "hands": [text(hand) for hand in self.hands],
            "pile": text(self.pile),
            "dealer": self.dealer,
            "hand_number": self.hand_number,
        }
        if self.stock is not None:
            data["stock"] = text(self.stock)
        if self.feet is not None:
            data["feet"] = [text(foot) for foot in self.feet]
        if self.melds is not None:
            data["melds"] = [[text(meld) for meld in side] for side in self.melds]
        if self.red_threes is not None:
            data["red_threes"] = [text(side) for side in self.red_threes]
        if self.scores is not None:
            data["scores"] = list(self.scores)
        if self.to_play is not None:
            data["to_play"] = self.to_play
        if self.reserves is not None:
            data["reserves"] = [text(reserve) for reserve in self.reserves]
        if self.meld_places is not None:
            data["meld_places"] = [[list(meld) for meld in side] for side in self.meld_places]
        return data

    @classmethod
    def from_json(cls, data: dict[str, object]) -> HandSetup:
        """Rebuild a setup from :meth:`to_json` data."""
        allowed = {"hands", "pile", "stock", "feet", "melds", "red_threes", "scores",
                   "dealer", "to_play", "hand_number", "reserves", "meld_places"}
        unknown = set(data) - allowed
        if unknown:
            raise ValueError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        return cls(**data)  # type: ignore[arg-type]
