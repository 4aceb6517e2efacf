"""Drawing the table for one seat with rich, from an :class:`Observation` only.

Everything shown comes from the observation (or, when studying a record, from hands the
caller chooses to reveal), so the view cannot leak what the seat may not know. Nothing
here depends on the variant: melds, canasta kinds, red 3s, feet and the number of sides
are read from the observation as they are.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=5)
>>> text = render_text(table_view(game.observation(0)))
>>> "Your hand (seat 0, 15 cards)" in text and "stock" in text
True
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from canasta_family.cards import Card, Rank
from canasta_family.melds import Meld, MeldKind
from canasta_family.observation import Observation
from canasta_family.results import HandResult

__all__ = [
    "card_text",
    "cards_text",
    "counted",
    "grouped_hand",
    "hand_result_table",
    "meld_text",
    "render_text",
    "seat_label",
    "seats_text",
    "table_view",
]


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless the count is one.

    >>> counted(1, "card"), counted(0, "card"), counted(15, "card")
    ('1 card', '0 cards', '15 cards')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def seats_text(seats: Sequence[int]) -> str:
    """The seats of a side: ``seat 0``, or ``seats 0+2``.

    >>> seats_text([1]), seats_text([0, 2])
    ('seat 1', 'seats 0+2')
    """
    return f"seat{'s' if len(seats) != 1 else ''} {'+'.join(map(str, seats))}"


def card_text(card: Card) -> Text:
    """One card as it is typed (``7h``, ``JK``), coloured by suit, wild cards in bold.

    >>> card_text(Card.parse("Td")).plain
    '10d'
    """
    if card.is_wild:
        style = "bold magenta"
    elif card.suit is not None and card.suit.is_red:
        style = "red"
    else:
        style = ""
    return Text(str(card), style=style)


def cards_text(cards: Iterable[Card]) -> Text:
    """Cards separated by spaces, in the order given.

    >>> cards_text(Card.parse(c) for c in ("7c", "7h")).plain
    '7c 7h'
    """
    return Text(" ").join(card_text(card) for card in cards)


class _Wrapped:
    """Pieces of text laid out on as many lines as the width needs, breaking only between
    pieces (a rank's cards stay together), with a separator between pieces on a line."""

    def __init__(self, lead: Text, pieces: Sequence[Text], separator: str = " │ ") -> None:
        self._lead = lead
        self._pieces = pieces
        self._separator = separator

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = self._lead.copy()
        indent = min(len(line), 8)
        started = False
        for piece in self._pieces:
            extra = (len(self._separator) if started else 0) + len(piece)
            if started and len(line) + extra > width:
                yield line
                line = Text(" " * indent)
                started = False
            if started:
                line.append(self._separator)
            line.append_text(piece)
            started = True
        yield line


def _hand_pieces(hand: Sequence[Card]) -> list[Text]:
    wild = sorted(card for card in hand if card.is_wild)
    by_rank: dict[Rank, list[Card]] = {}
    for card in sorted(hand):
        if not card.is_wild:
            by_rank.setdefault(card.rank, []).append(card)
    parts: list[Text] = []
    if wild:
        parts.append(Text("wild: ") + cards_text(wild))
    for rank in sorted(by_rank):
        cards = by_rank[rank]
        label = Text(f"{rank.symbol}×{len(cards)}: ") if len(cards) > 1 else Text()
        parts.append(label + cards_text(cards))
    return parts or [Text("(empty)")]


def grouped_hand(hand: Sequence[Card]) -> Text:
    """A hand sorted by rank and grouped: wild cards first, then each rank, with the
    number of cards of a rank when there are several.

    >>> from canasta_family.cards import parse_cards
    >>> grouped_hand(parse_cards("Ks 7h JK 7c 2d 4s")).plain
    'wild: 2d JK │ 4s │ 7×2: 7c 7h │ Ks'
    """
    return Text(" │ ").join(_hand_pieces(hand))


def meld_text(meld: Meld) -> Text:
    """A meld's cards with what it is: a set or a run, and its canasta kind when it is one.

    >>> from canasta_family.cards import parse_cards
    >>> meld = Meld(kind=MeldKind.SET, rank=Rank.SEVEN, suit=None,
    ...             cards=parse_cards("7c 7h 7s JK"), wilds=1, canasta=None)
    >>> meld_text(meld).plain
    '7c 7h 7s JK (4)'
    """
    # A run holding wild cards reads by place, each wild card with the rank it stands for.
    text = Text(str(meld)) if meld.places else cards_text(meld.cards)
    if meld.kind is MeldKind.RUN:
        text = Text("run ") + text
    text.append(f" ({len(meld.cards)})")
    if meld.canasta is not None:
        text.append(f" ★ {meld.canasta} canasta", style="bold green")
    return text


def seat_label(obs: Observation, seat: int, *, personal: bool = True) -> str:
    """``"seat 2"``, with ``(you)`` for the observer and ``(partner)`` for a partner.

    >>> import canasta_family
    >>> obs = canasta_family.new_game("american-samba", players=4, seed=5).observation(0)
    >>> seat_label(obs, 0), seat_label(obs, 2), seat_label(obs, 1)
    ('seat 0 (you)', 'seat 2 (partner)', 'seat 1')
    """
    if not personal:
        return f"seat {seat}"
    if seat == obs.player:
        return f"seat {seat} (you)"
    if seat in obs.sides[obs.side]:
        return f"seat {seat} (partner)"
    return f"seat {seat}"


def _has_feet(obs: Observation) -> bool:
    return any(obs.foot_sizes) or not all(obs.feet_picked_up)


def _sides_table(obs: Observation, personal: bool) -> Table:
    table = Table(show_header=True, header_style="bold", expand=False, padding=(0, 1))
    table.add_column("side")
    table.add_column("seats: cards in hand")
    table.add_column("score", justify="right")
    table.add_column("initial meld")
    table.add_column("red 3s")
    table.add_column("canastas", justify="right")
    feet = _has_feet(obs)
    for side, members in enumerate(obs.sides):
        seat_lines = []
        for seat in members:
            line = (f"{seat_label(obs, seat, personal=personal)}: "
                    f"{counted(obs.hand_sizes[seat], 'card')}")
            if feet:
                line += (", foot picked up" if obs.feet_picked_up[seat]
                         else f", foot {obs.foot_sizes[seat]}")
            if seat == obs.current_player and not obs.is_over:
                line = "▶ " + line
            seat_lines.append(line)
        if obs.reserve_sizes[side] or obs.reserve_takers[side] is not None:
            # A reserve hand (Buraco's morto), while it waits or once taken.
            taker = obs.reserve_takers[side]
            seat_lines.append(f"reserve: {counted(obs.reserve_sizes[side], 'card')}"
                              if taker is None else f"reserve taken by seat {taker}")
        seats = Text("\n".join(seat_lines))
        if obs.initial_melds_made[side]:
            initial = Text("made")
        else:
            initial = Text(f"needs {obs.initial_minimums[side]}")
        reds = cards_text(obs.red_threes[side]) if obs.red_threes[side] else Text("—")
        canastas = sum(1 for meld in obs.melds[side] if meld.is_canasta)
        style = "bold" if personal and side == obs.side else ""
        table.add_row(Text(str(side), style=style), seats, str(obs.scores[side]), initial,
                      reds, str(canastas))
    return table


def _melds_block(obs: Observation, personal: bool) -> Text:
    lines: list[Text] = []
    mine = obs.side if personal else None
    order = [side for side in range(len(obs.melds)) if side == mine]
    order += [side for side in range(len(obs.melds)) if side != mine]
    for side in order:
        melds = obs.melds[side]
        whose = "your side" if side == mine else f"side {side}"
        if not melds:
            lines.append(Text(f"Melds of {whose}: none", style="bold" if side == obs.side else ""))
            continue
        head = Text(f"Melds of {whose} (number: cards)", style="bold" if side == obs.side else "")
        if side == mine and obs.current_player == obs.player and obs.initial_meld_count:
            # Here, not in the sides table: that column would squeeze the table at 80.
            head.append(f" — {obs.initial_meld_count} towards the initial meld of "
                        f"{obs.initial_minimums[side]} this turn")
        lines.append(head + ":")
        lines.extend(Text(f"  {index}: ") + meld_text(meld) for index, meld in enumerate(melds))
    return Text("\n").join(lines)


def _pile_line(obs: Observation, personal: bool) -> Text:
    line = Text("pile: ")
    if obs.pile_top is None:
        line.append("empty")
    else:
        line.append("top ")
        line.append_text(card_text(obs.pile_top))
        line.append(f", {counted(obs.pile_size, 'card')}, ")
        whose = "your side" if personal else f"side {obs.side} (seat {obs.player})"
        if obs.pile_frozen:
            line.append(f"FROZEN for {whose}", style="bold cyan")
        else:
            line.append(f"not frozen for {whose}")
    line.append(f"   stock: {obs.stock_size}")
    return line


def table_view(obs: Observation, *, revealed: Mapping[int, Sequence[Card]] | None = None,
               show_hand: bool = True) -> RenderableType:
    """The whole table as ``obs.player`` sees it: header, sides with their melds, red 3s,
    scores and initial-meld minimum, the pile and stock, and the player's own hand.

    ``revealed`` adds seats' hands (for studying a record from every seat's view).
    ``show_hand=False`` leaves the observer's own hand line out and words the table
    impersonally ("seat 2", not "you"); the pile's frozen status is still the observer's.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=5)
    >>> "needs 50" in render_text(table_view(game.observation(1)))
    True
    """
    revealed = revealed or {}
    personal = show_hand
    turn = "game over" if obs.is_over else (
        f"{seat_label(obs, obs.current_player, personal=personal)} to "
        f"{_phase_words(obs.phase)}")
    header = Text(f"{obs.variant} — hand {obs.hand_number + 1}, dealer seat {obs.dealer} — "
                  f"{turn}", style="bold")
    parts: list[RenderableType] = [header, _sides_table(obs, personal),
                                   _melds_block(obs, personal), _pile_line(obs, personal)]
    if obs.pending_question is not None:
        asker = obs.pending_question
        if obs.partner_answer is None:
            parts.append(Text(f"{seat_label(obs, asker, personal=personal)} asks: may I go out?",
                              style="bold yellow"))
        else:
            answer = ("yes — must go out this turn" if obs.partner_answer
                      else "no — may not go out this turn")
            parts.append(Text(f"{seat_label(obs, asker, personal=personal)} asked to go out; "
                              f"answer: {answer}",
                              style="bold yellow"))
    for seat in sorted(revealed):
        if not (personal and seat == obs.player):
            lead = Text(f"Hand of seat {seat} ({counted(len(revealed[seat]), 'card')}): ")
            parts.append(_Wrapped(lead, _hand_pieces(revealed[seat])))
    if show_hand:
        lead = Text(f"Your hand (seat {obs.player}, {counted(len(obs.hand), 'card')}): ",
                    style="bold")
        parts.append(_Wrapped(lead, _hand_pieces(obs.hand)))
    return Group(*parts)


def _phase_words(phase: str) -> str:
    return {"draw": "draw or take the pile", "play": "meld and discard",
            "answer": "answer"}.get(phase, phase)


def hand_result_table(result: HandResult, sides: Sequence[Sequence[int]]) -> Table:
    """The score sheet of one finished hand: every side's lines, hand total and total.

    >>> import canasta_family
    >>> from canasta_family.players import GreedyPlayer, play_hand
    >>> game = canasta_family.new_game("american-samba", players=2, seed=1)
    >>> play_hand(game, [GreedyPlayer(), GreedyPlayer()])
    >>> "Hand 1 score sheet" in render_text(hand_result_table(game.hand_results[0], game.sides))
    True
    """
    table = Table(title=f"Hand {result.number + 1} score sheet — {result.reason}")
    table.add_column("side")
    table.add_column("score lines")
    table.add_column("hand", justify="right")
    table.add_column("total", justify="right")
    for sheet in result.sides:
        lines = "\n".join(f"{item.label} {item.points:+d}"
                          + (f" ({item.rule})" if item.rule else "") for item in sheet.items)
        table.add_row(f"{sheet.side} ({seats_text(sides[sheet.side])})", lines or "—",
                      f"{sheet.total:+d}",
                      str(sheet.cumulative))
    return table


def render_text(renderable: RenderableType, width: int = 100) -> str:
    """Render to plain text (no colour), as a test or a transcript wants it.

    >>> render_text(Text("hello"))
    'hello\\n'
    """
    console = Console(width=width, color_system=None, force_terminal=False, file=io.StringIO())
    console.print(renderable)
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()
