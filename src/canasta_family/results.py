"""Per-hand results: the score sheet of every side for one hand.

>>> from canasta_family.rules import ScoreItem
>>> sheet = SideScore(side=0, items=(ScoreItem("going out", 200, "AS-37"),), total=200,
...                   cumulative=200)
>>> sheet.total
200
"""

from __future__ import annotations

import attrs

from canasta_family.hand_table import HandTable
from canasta_family.rules import ScoreItem

__all__ = ["HandResult", "SideScore"]


@attrs.frozen
class SideScore:
    """One side's lines for a hand, the hand total and the running total after it."""

    side: int
    items: tuple[ScoreItem, ...]
    total: int
    cumulative: int


@attrs.frozen
class HandResult:
    """How one hand ended and what each side scored.

    ``went_out`` is the seat that went out (``None`` when the stock ran out); ``reason``
    says why the hand ended in words; ``turns`` counts the turns played. ``table`` is the
    table as the hand ended (melds, red 3s, cards left, the pile: a
    :class:`~canasta_family.hand_table.HandTable`), ``None`` where it was not kept.
    """

    number: int
    dealer: int
    went_out: int | None
    reason: str
    sides: tuple[SideScore, ...]
    turns: int
    table: HandTable | None = None

    def total(self, side: int) -> int:
        """The hand total of ``side``."""
        return self.sides[side].total
