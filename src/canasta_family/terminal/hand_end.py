"""Drawing the table as a hand ended, from a :class:`~canasta_family.hand_table.HandTable`.

When a hand ends every card is shown: each side's melds with their canasta kinds and its
red 3s, the cards each seat was left holding (and its foot), the pile and the stock, and
who went out. Lines break only between cards or between melds, so the drawing keeps to
the width it is given (80 columns by default).

>>> import canasta_family
>>> from canasta_family.hand_table import table_of
>>> from canasta_family.terminal.view import render_text
>>> game = canasta_family.new_game("american-samba", players=4, seed=5)
>>> text = render_text(hand_table_renderable(table_of(game, went_out=None), game.sides))
>>> print(text.splitlines()[0])
The table as the hand ended — no one went out
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from canasta_family.errors import CanastaError
from canasta_family.hand_table import HandTable, SeatTable, SideTable
from canasta_family.melds import Meld, MeldKind
from canasta_family.terminal.view import card_text

__all__ = ["hand_table_renderable"]

_INDENT = 4
_MELD_GAP = "   "
_MIN_WIDTH = 30
"""The narrowest drawing: the longest line start that does not break is 30 columns."""


def hand_table_renderable(table: HandTable, sides: Sequence[Sequence[int]],
                          width: int = 80) -> RenderableType:
    """The finished hand's table as a rich renderable no wider than ``width`` columns.

    ``sides`` are the seats of every side (``game.sides``), for the labels.

    >>> from canasta_family.cards import parse_cards
    >>> from canasta_family.hand_table import SeatTable, SideTable
    >>> from canasta_family.terminal.view import render_text
    >>> table = HandTable(
    ...     sides=(SideTable(0, (), parse_cards("3h")), SideTable(1, (), ())),
    ...     seats=(SeatTable(0, (), None, False), SeatTable(1, parse_cards("4c 9d"), None, False)),
    ...     pile=parse_cards("Kh 7s"), stock_size=12, went_out=0)
    >>> print(render_text(hand_table_renderable(table, ((0,), (1,)))), end="")
    The table as the hand ended — seat 0 went out
    Side 0 (seat 0) — red 3s: 3h — no melds
    Side 1 (seat 1) — no red 3s — no melds
    Seat 0 (side 0): went out, no cards left
    Seat 1 (side 1): 2 cards left: 4c 9d
    Pile: 2 cards, top 7s — stock: 12 cards
    """
    if width < _MIN_WIDTH:
        raise CanastaError(f"width must be at least {_MIN_WIDTH} columns, not {width}")
    side_of = {seat: side for side, members in enumerate(sides) for seat in members}
    who = "no one went out" if table.went_out is None else f"seat {table.went_out} went out"
    lines = _packed(Text("The table as the hand ended — ", style="bold"),
                    [[Text(who, style="bold")]], width, _INDENT, " ")
    for side in table.sides:
        members = sides[side.side] if side.side < len(sides) else ()
        lines.extend(_side_lines(side, members, width))
    for seat in table.seats:
        lines.extend(_seat_lines(seat, side_of.get(seat.seat), seat.seat == table.went_out,
                                 width))
    lines.extend(_pile_lines(table, width))
    return Group(*lines)


def _side_lines(side: SideTable, members: Sequence[int], width: int) -> list[Text]:
    seats = "+".join(map(str, members))
    lead = Text(f"Side {side.side} (seat{'s' if len(members) != 1 else ''} {seats}) — ",
                style="bold")
    pieces: list[list[Text]] = []
    if side.red_threes:
        pieces.append([Text("red 3s:")])
        pieces.extend([card_text(card)] for card in side.red_threes)
    else:
        pieces.append([Text("no red 3s")])
    kinds = side.canasta_kinds
    if kinds:
        pieces.append([Text(f"— {len(kinds)} canasta{'s' if len(kinds) != 1 else ''}",
                            style="green")])
    if not side.melds:
        pieces.append([Text("— no melds")])
    lines = _packed(lead, pieces, width, _INDENT, " ")
    melds = [_meld_atoms(index, meld) for index, meld in enumerate(side.melds)]
    if melds:
        lines.extend(_packed(Text(" " * _INDENT), melds, width, _INDENT, _MELD_GAP))
    return lines


def _meld_atoms(index: int, meld: Meld) -> list[Text]:
    """A meld as pieces that stay on one line when they can: number, cards, size and
    canasta kind."""
    lead = f"{index}: " + ("run " if meld.kind is MeldKind.RUN else "")
    atoms = [Text(lead) + card_text(meld.cards[0]) if meld.cards else Text(lead)]
    atoms.extend(card_text(card) for card in meld.cards[1:])
    atoms.append(Text(f"({len(meld.cards)})"))
    if meld.canasta is not None:
        atoms.append(Text(f"★ {meld.canasta}", style="bold green"))
    return atoms


def _seat_lines(seat: SeatTable, side: int | None, went_out: bool, width: int) -> list[Text]:
    lead = Text(f"Seat {seat.seat}" + (f" (side {side})" if side is not None else "") + ": ",
                style="bold")
    pieces: list[list[Text]] = []
    if went_out:
        pieces.append([Text("went out,", style="bold yellow")])
    left = seat.cards_left
    pieces.append([Text(f"{left} card{'s' if left != 1 else ''} left:" if left
                        else "no cards left")])
    pieces.extend([card_text(card)] for card in seat.hand)
    if seat.foot is not None and seat.foot_picked_up:
        pieces.append([Text("— foot picked up")])
    lines = _packed(lead, pieces, width, _INDENT, " ")
    if seat.foot is not None and not seat.foot_picked_up:
        size = len(seat.foot)
        foot = [[Text("not picked up,")], [Text(f"{size} card{'s' if size != 1 else ''}:")]]
        foot.extend([card_text(card)] for card in seat.foot)
        lines.extend(_packed(Text(" " * _INDENT + "foot "), foot, width, _INDENT, " "))
    return lines


def _pile_lines(table: HandTable, width: int) -> list[Text]:
    size = len(table.pile)
    if table.pile_top is None:
        pile = [Text("empty")]
    else:
        pile = [Text(f"{size} card{'s' if size != 1 else ''}, top"), card_text(table.pile_top)]
    stock = Text(f"— stock: {table.stock_size} card{'s' if table.stock_size != 1 else ''}")
    return _packed(Text("Pile: ", style="bold"), [pile, [stock]], width, _INDENT, " ")


def _packed(lead: Text, pieces: Sequence[Sequence[Text]], width: int, indent: int,
            gap: str) -> list[Text]:
    """``lead`` then ``pieces`` on as few lines of at most ``width`` columns as they fit: a
    piece's atoms joined by spaces, pieces by ``gap``, continuation lines indented by
    ``indent``. A piece breaks between its atoms only when it cannot fit on a line of its
    own, so a meld stays whole where it can."""
    lines: list[Text] = []
    line = lead.copy()
    at_start = True  # nothing but the lead or the indent on the line yet

    def add(atom: Text, sep: str) -> None:
        nonlocal line, at_start
        used = line.cell_len + (0 if at_start else len(sep))
        if line.plain.strip() and used + atom.cell_len > width:
            line.rstrip()
            lines.append(line)
            line = Text(" " * indent)
            at_start = True
        if not at_start:
            line.append(sep)
        line.append_text(atom)
        at_start = False

    for atoms in pieces:
        whole = Text(" ").join(atoms)
        if whole.cell_len + indent <= width:
            add(whole, gap)
        else:
            add(atoms[0], gap)
            for atom in atoms[1:]:
                add(atom, " ")
    lines.append(line)
    return lines
