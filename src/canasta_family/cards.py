"""Cards, their text form, and decks made of several packs.

A :class:`Card` is a rank and a suit (jokers have no suit). Several packs are shuffled
together in every game of the family, so identical cards (same rank, same suit) are
interchangeable: the engine counts them as a multiset. Internally each distinct card has a
small integer *code* (0–52) used as an index into count arrays; the public face is the
:class:`Card` value, interned per code so lookups allocate nothing.

Text form: rank then suit letter, ``"7h"``, ``"10d"`` (or ``"Td"``), ``"Ks"``, ``"Ac"``,
and ``"JK"`` for a joker. Suit symbols (``"7♥"``) and upper-case letters are accepted.

>>> Card.parse("10h")
Card('10h')
>>> str(Card.parse("K♠")), Card.parse("jk").is_joker
('Ks', True)
>>> [str(c) for c in sorted(parse_cards("Ks 7h JK 2c"))]
['2c', '7h', 'Ks', 'JK']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

from canasta_family.errors import InvalidActionError, excerpt

__all__ = [
    "JOKER_CODE",
    "NUM_CODES",
    "Card",
    "Rank",
    "Suit",
    "card_from_code",
    "format_cards",
    "make_deck",
    "parse_card",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """Card ranks in sequence order; ``JOKER`` is above the ace."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """The rank as written in card text (``"10"``, ``"K"``, ``"JK"``)."""
        return _RANK_SYMBOL[self]


class Suit(enum.IntEnum):
    """The four suits, in the order used for sorting: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One lower-case letter: ``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_RANK_SYMBOL = {
    Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6",
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10", Rank.JACK: "J",
    Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "JK",
}

NUM_CODES = 53
"""Number of distinct cards: 52 suited cards and the joker."""

JOKER_CODE = 52
"""The code of the joker; suited cards have ``(rank - 2) * 4 + suit``."""


@attrs.frozen(repr=False, order=False, hash=False)
class Card:
    """One playing card. Jokers have ``suit=None``; every other card has a suit.

    >>> Card(Rank.SEVEN, Suit.HEARTS) == Card.parse("7h")
    True
    >>> Card.parse("2c").is_wild, Card.parse("3d").is_red_three, Card.parse("3s").is_black_three
    (True, True, True)
    """

    rank: Rank
    suit: Suit | None = attrs.field()
    code: int = attrs.field(init=False, eq=False, hash=False)

    @suit.validator
    def _check_suit(self, _attribute: attrs.Attribute[Suit | None], value: Suit | None) -> None:
        if (self.rank == Rank.JOKER) != (value is None):
            raise InvalidActionError("a joker has no suit and every other card has one",
                                     field="card")

    def __attrs_post_init__(self) -> None:
        code = JOKER_CODE if self.suit is None else (int(self.rank) - 2) * 4 + int(self.suit)
        object.__setattr__(self, "code", code)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.suit is None

    @property
    def is_wild(self) -> bool:
        """True for jokers and 2s, the wild cards of every built-in variant."""
        return self.code == JOKER_CODE or self.code < 4

    @property
    def is_red_three(self) -> bool:
        """True for the three of hearts and the three of diamonds."""
        return self.code in (5, 6)

    @property
    def is_black_three(self) -> bool:
        """True for the three of clubs and the three of spades."""
        return self.code in (4, 7)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its text form; see :func:`parse_card`."""
        return parse_card(text)

    def __hash__(self) -> int:
        # Equal cards have equal codes; hashing the small int keeps sets and dict keys of
        # cards and actions cheap (they are hashed on hot paths).
        return self.code

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return _RANK_SYMBOL[self.rank] + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code


_BY_CODE: tuple[Card, ...] = (
    *(Card(Rank(code // 4 + 2), Suit(code % 4)) for code in range(52)),
    Card(Rank.JOKER, None),
)


def card_from_code(code: int) -> Card:
    """The interned :class:`Card` for a code (0–52).

    >>> str(card_from_code(0)), str(card_from_code(52))
    ('2c', 'JK')
    """
    return _BY_CODE[code]


_SUIT_OF: dict[str, Suit] = {
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
_RANK_OF: dict[str, Rank] = {
    "2": Rank.TWO, "3": Rank.THREE, "4": Rank.FOUR, "5": Rank.FIVE, "6": Rank.SIX,
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN, "t": Rank.TEN,
    "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "a": Rank.ACE,
}
_JOKER_WORDS = frozenset({"jk", "jo", "joker", "*", "🃏", "jkr"})
_PARSE_CACHE: dict[str, Card] = {}


def parse_card(text: str) -> Card:
    """Read one card: ``"7h"``, ``"10d"``, ``"Td"``, ``"K♠"``, ``"JK"`` (joker).

    Raises :class:`~canasta_family.errors.InvalidActionError` (``field="card"``) for text
    that is not a card.

    >>> parse_card("Qd"), parse_card("joker")
    (Card('Qd'), Card('JK'))
    """
    cached = _PARSE_CACHE.get(text)
    if cached is not None:
        return cached
    raw = text.strip()
    low = raw.lower()
    card: Card | None = None
    if low in _JOKER_WORDS:
        card = _BY_CODE[JOKER_CODE]
    elif len(raw) >= 2:
        rank = _RANK_OF.get(low[:-1])
        suit = _SUIT_OF.get(low[-1])
        if rank is not None and suit is not None:
            card = _BY_CODE[(int(rank) - 2) * 4 + int(suit)]
    if card is None:
        raise InvalidActionError(
            f"{excerpt(text)} is not a card (write rank then suit, e.g. 7h, 10d, Ks, or JK "
            "for a joker)",
            field="card",
        )
    if len(_PARSE_CACHE) < 4096:
        _PARSE_CACHE[text] = card
    return card


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas (or an iterable of card texts).

    >>> parse_cards("7h, 7s 7c")
    (Card('7h'), Card('7s'), Card('7c'))
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(part) for part in parts)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated text, in the order given.

    >>> format_cards(parse_cards("7h 7s"))
    '7h 7s'
    """
    return " ".join(str(card) for card in cards)


def make_deck(packs: int, jokers_per_pack: int = 2) -> tuple[Card, ...]:
    """All the cards of ``packs`` standard 52-card packs with ``jokers_per_pack`` jokers each.

    >>> len(make_deck(3)), len(make_deck(2)), len(make_deck(4))
    (162, 108, 216)
    """
    suited = _BY_CODE[:52]
    return tuple(suited) * packs + (_BY_CODE[JOKER_CODE],) * (jokers_per_pack * packs)


def sort_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in the library's canonical order (rank, then suit; jokers last).

    >>> format_cards(sort_cards(parse_cards("JK Ks 7h 2c")))
    '2c 7h Ks JK'
    """
    return tuple(sorted(cards, key=_code_key))


def _code_key(card: Card) -> int:
    return card.code
