"""Where the cards of a sequence stand: each rank at its own place (2 to 14), and the ace
also at place 1, below the 2, where the variant lets it run low
(``MeldRules.run_ace_low``, BU-12).

A sequence holding an ace and a 2 of its suit has the ace low; a second ace of the suit
stands at the top (the 14-card run A…A). That reading needs only the cards, so a meld on
the table carries no place of its own.

>>> from canasta_family.cards import parse_cards
>>> codes = [card.code for card in parse_cards("Ah 2h 3h")]
>>> run_places(codes, ace_low=True), run_places(codes, ace_low=False)
([1, 2, 3], [2, 3, 14])
>>> place_code(ACE_LOW, 2) == place_code(ACE, 2) == parse_cards("Ah")[0].code
True
"""

from __future__ import annotations

from collections.abc import Sequence

ACE = 14
"""The ace's place above the king."""
ACE_LOW = 1
"""The ace's place below the 2, where the variant allows it."""


def place_code(place: int, suit: int) -> int:
    """The card code of ``suit`` that stands at ``place`` (1 and 14 are both the ace)."""
    return ((ACE if place == ACE_LOW else place) - 2) * 4 + suit


def run_places(codes: Sequence[int], ace_low: bool) -> list[int]:
    """The places of a sequence's natural ``codes``, lowest first: with ``ace_low``, one
    ace stands at place 1 when the cards hold a 2 (and the other, if any, at 14)."""
    places = sorted(code // 4 + 2 for code in codes)
    if ace_low and places and places[0] == 2 and places[-1] == ACE:
        places.pop()
        places.insert(0, ACE_LOW)
    return places


def run_span(codes: Sequence[int], ace_low: bool) -> tuple[int, int]:
    """The lowest and highest places of a sequence's natural ``codes`` (see
    :func:`run_places`)."""
    places = run_places(codes, ace_low)
    return places[0], places[-1]
