"""What the going-out search has worked out about one position, kept for the turn.

The searches of one turn — the one behind ``ask``, and one after every candidate play
that leaves few cards — meet the same positions again and again: most of what the search
does at a position (its bounds, the plays that hold the card it places next, which of
them pass the checks) depends on the position alone. An :class:`OutNode` keeps that, in
the table the game and its copies share for the turn (``Game._out_nodes``), so that each
search does the same steps as before, in the same order, but pays for each position's
work once. Answers are not kept here: the search's own memo (``_out_memo``) owns them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_family.actions import Action

if TYPE_CHECKING:
    from canasta_family.engine.out_plays import PlayTables
    from canasta_family.engine.out_solver import Witness


class OutNode:
    """The going-out search's facts about one position (hand, the side's meld shapes, the
    initial meld and what counts towards it), each worked out when first needed.

    ``within``: whether the side's going-out conditions are within the hand's reach
    (``_canastas_within_reach``); ``lone``: the cards no play could take
    (``_lone_cards``); ``plays``: per card placed next, the plays holding it in the
    search's order, beside whether each passed the checks (``None`` until tried);
    ``witness``: how the way out the solver on counts met divides the sets' ranks, where
    it met one in its first look (``OutSolver.witness``); ``tables``: the walk that judges
    the listing's plays onto the sets (``PlayTables``), made for the second play the
    witness does not keep open (``asked``: whether one did already).

    >>> node = OutNode()
    >>> node.within is None and node.lone is None and not node.plays
    True
    """

    __slots__ = ("asked", "lone", "plays", "tables", "within", "witness")

    def __init__(self) -> None:
        self.within: bool | None = None
        self.lone: list[int] | None = None
        self.plays: dict[int, tuple[list[Action], list[bool | None]]] = {}
        self.witness: Witness | None = None
        self.tables: PlayTables | None = None
        self.asked = False
