"""Melds on the table, as frozen values.

A :class:`Meld` is either a *set* (cards of one rank, possibly with wild cards, or only
wild cards where a variant allows that) or a *run* (a sequence in one suit). ``canasta``
holds the canasta kind once the meld is one (``"natural"``, ``"mixed"``, ``"samba"``, …;
the names come from the variant's :class:`~canasta_family.rules.MeldRules`).

>>> from canasta_family.cards import parse_cards, Rank
>>> meld = Meld(kind=MeldKind.SET, rank=Rank.SEVEN, suit=None,
...             cards=parse_cards("7c 7h 7s JK"), wilds=1, canasta=None)
>>> meld.naturals, meld.is_canasta, str(meld)
(3, False, '7c 7h 7s JK')
"""

from __future__ import annotations

import enum

import attrs

from canasta_family.cards import Card, Rank, Suit, format_cards

__all__ = ["Meld", "MeldKind"]


class MeldKind(enum.Enum):
    """What holds a meld together."""

    SET = "set"
    """Cards of one rank (plus wild cards), or wild cards only where allowed."""
    RUN = "run"
    """Consecutive cards of one suit (a "sequence")."""


@attrs.frozen
class Meld:
    """One meld of a side.

    ``rank`` is the rank of a set (``None`` for a set of wild cards only); ``suit`` the
    suit of a run. ``cards`` are in canonical order; ``wilds`` counts the wild cards among
    them. ``canasta`` is the canasta kind or ``None``.

    ``places`` is set for the runs of variants whose sequences may hold wild cards
    (``MeldRules.run_wilds``, BU-15): the place of each card of ``cards``, in the same
    order (2 to 14 for the ranks 2 to A, 1 for a low ace). Its text then lists the cards
    by place, a card away from its own place written with the rank it stands for
    (``5h 6h JK=7 8h``).
    """

    kind: MeldKind
    rank: Rank | None
    suit: Suit | None
    cards: tuple[Card, ...]
    wilds: int
    canasta: str | None
    places: tuple[int, ...] = attrs.field(default=())

    @property
    def naturals(self) -> int:
        """How many natural (non-wild) cards the meld holds."""
        return len(self.cards) - self.wilds

    @property
    def is_canasta(self) -> bool:
        """True once the meld counts as a canasta of some kind (samba included)."""
        return self.canasta is not None

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        if not self.places:
            return format_cards(self.cards)
        words = []
        for place, card in sorted(zip(self.places, self.cards, strict=True),
                                  key=lambda pair: (pair[0], pair[1].code)):
            own = not card.is_joker and card.suit == self.suit and (
                int(card.rank) == place or (place == 1 and card.rank == Rank.ACE))
            words.append(str(card) if own else
                         f"{card}={'A' if place == 1 else Rank(place).symbol}")
        return " ".join(words)
