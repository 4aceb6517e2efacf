"""Card codes: the card of each code and the codes of each rank.

Which codes are wild, bonus (red 3s) or stop cards (black 3s) is rule data: the rule
set reads it from the variant (``_Static``).
"""

from __future__ import annotations

from canasta_family.cards import NUM_CODES, Card, card_from_code

CARDS: tuple[Card, ...] = tuple(card_from_code(code) for code in range(NUM_CODES))

_ALL_CODES = range(NUM_CODES)

HELD = bytes([0] + [1] * 255)
"""A ``bytes.translate`` table that turns each count of a hand into 1 where the card is
held: ``bytes(counts).translate(HELD)`` marks the cards held, one byte each, at C speed
(``bytes(map(bool, counts))`` calls ``bool`` once per card).

>>> bytes([0, 2, 1, 3]).translate(HELD)
b'\\x00\\x01\\x01\\x01'
"""


def _rank_codes(rank: int) -> range:
    """The codes of the four cards of ``rank`` (the joker's rank has one, 52, below
    ``NUM_CODES``).

    >>> list(_rank_codes(3))
    [4, 5, 6, 7]
    """
    base = (rank - 2) * 4
    return range(base, base + 4)
