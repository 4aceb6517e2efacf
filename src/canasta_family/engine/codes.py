"""Card codes the engine reads its rules in: which codes are wild, red or black 3s."""

from __future__ import annotations

from canasta_family.actions import (
    Action,
)
from canasta_family.cards import JOKER_CODE, NUM_CODES, Card, card_from_code

CARDS: tuple[Card, ...] = tuple(card_from_code(code) for code in range(NUM_CODES))
WILD_CODES = (0, 1, 2, 3, JOKER_CODE)
RED_THREES = (5, 6)
BLACK_THREES = (4, 7)
_FREEZES: tuple[bool, ...] = tuple(c in WILD_CODES or c in RED_THREES for c in range(NUM_CODES))
"""Whether the card of each code freezes the pile when it is discarded onto it (AS-18a)."""
_IS_RED_THREE: tuple[bool, ...] = tuple(c in RED_THREES for c in range(NUM_CODES))
"""Whether each code is a red 3: an index into a tuple is cheaper than ``in RED_THREES``."""
_IS_WILD: tuple[bool, ...] = tuple(c in WILD_CODES for c in range(NUM_CODES))
"""Whether each code is a wild card (a table, as ``_IS_RED_THREE``)."""


def _wild_cards_in(action: Action) -> int:
    """How many wild cards a play holds."""
    return sum([_IS_WILD[card.code] for card in getattr(action, "cards", ())])


_ALL_CODES = range(NUM_CODES)


def _rank_codes(rank: int) -> range:
    base = (rank - 2) * 4
    return range(base, base + 4)

# Codes below this are the 2s and 3s: the top card of the pile is a natural that can be
# taken with a pair from here up to the jokers.
_FIRST_NATURAL = 8
