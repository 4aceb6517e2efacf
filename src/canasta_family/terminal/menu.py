"""The numbered menu of legal actions, grouped by kind, that a human picks from.

Numbers run from 1 through the groups in a fixed order (taking from the stock or pile
first, then melding, then ending the turn), so the same position always gets the same
numbers.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=2, seed=5)
>>> menu = Menu.of(game.legal_actions())
>>> str(menu.action(1))
'draw'
>>> menu.number_of(menu.action(1))
1
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.text import Text

from canasta_family.actions import Action, Ask, LayOff, MakeMeld, Merge
from canasta_family.cards import format_cards

__all__ = ["KIND_NAMES", "Menu", "menu_view"]

KIND_NAMES: dict[str, str] = {
    "draw": "draw from the stock",
    "take-pile": "take the pile",
    "pick-up": "pick up the top card",
    "pass": "pass",
    "place": "put out a red 3",
    "meld": "new meld",
    "lay-off": "lay off on meld",
    "merge": "merge melds",
    "retract": "take back the initial meld",
    "ask": "ask partner to go out",
    "answer": "answer partner",
    "discard": "discard (ends the turn)",
}
"""Every action kind in menu order, with the heading shown above its group."""

_ORDER = {kind: index for index, kind in enumerate(KIND_NAMES)}


@attrs.frozen
class Menu:
    """Legal actions in menu order; entry ``n`` (from 1) is ``actions[n - 1]``."""

    actions: tuple[Action, ...]

    @classmethod
    def of(cls, legal: Sequence[Action]) -> Menu:
        """The menu of these legal actions: kinds in menu order, new melds by rank (runs
        by suit), lay-offs by meld, otherwise as listed."""
        ordered = sorted(enumerate(legal),
                         key=lambda pair: (_ORDER.get(pair[1].kind, len(_ORDER)),
                                           _subgroup(pair[1]), pair[0]))
        return cls(actions=tuple(action for _, action in ordered))

    def __len__(self) -> int:
        return len(self.actions)

    def action(self, number: int) -> Action:
        """The action numbered ``number``; raises :class:`IndexError` outside 1…len."""
        if not 1 <= number <= len(self.actions):
            raise IndexError(number)
        return self.actions[number - 1]

    def number_of(self, action: Action) -> int | None:
        """The menu number of ``action`` (``None`` if it is not legal now)."""
        for index, listed in enumerate(self.actions):
            if listed == action:
                return index + 1
        return None

    def groups(self) -> list[tuple[str, list[tuple[int, Action]]]]:
        """``(heading, [(number, action), ...])`` per group, in menu order.

        >>> from canasta_family.actions import parse_action
        >>> menu = Menu.of([parse_action(t) for t in ("discard 7h", "meld 7c 7h 7s", "draw")])
        >>> [(heading, [n for n, _ in entries]) for heading, entries in menu.groups()]
        [('draw from the stock', [1]), ('new meld of 7s', [2]), ('discard (ends the turn)', [3])]
        """
        out: list[tuple[str, list[tuple[int, Action]]]] = []
        keys: list[tuple[str, tuple[int, str]]] = []
        for number, action in enumerate(self.actions, start=1):
            key = (action.kind, _subgroup(action))
            if not keys or keys[-1] != key:
                keys.append(key)
                out.append((_heading(action), []))
            out[-1][1].append((number, action))
        return out


def _subgroup(action: Action) -> tuple[int, str]:
    # New melds are grouped by the rank of their natural cards (a run by its suit) and
    # lay-offs by their meld, so a long list can be scanned.
    if isinstance(action, MakeMeld):
        naturals = [card for card in action.cards if not card.is_wild]
        ranks = {card.rank for card in naturals}
        if len(ranks) == 1:
            rank = naturals[0].rank
            return (int(rank), f"of {rank.symbol}s")
        if not naturals:
            return (99, "of wild cards")
        suit = naturals[0].suit
        return (100 + (int(suit) if suit is not None else 0),
                f"run in {suit.name.lower() if suit is not None else 'mixed suits'}")
    if isinstance(action, LayOff):
        return (action.meld, str(action.meld))
    return (0, "")


def _heading(action: Action) -> str:
    rest = _subgroup(action)[1]
    if rest.startswith("run "):
        return "new " + rest
    name = KIND_NAMES.get(action.kind, action.kind)
    return f"{name} {rest}" if rest else name


def _short(action: Action) -> str:
    # The group's heading already says the verb, so an entry shows only what differs.
    if isinstance(action, LayOff):
        return format_cards(action.cards)
    if isinstance(action, Ask):
        return f"seat {action.partner}"
    if isinstance(action, Merge):
        return f"{action.first} + {action.second}"
    verb, _, rest = str(action).partition(" ")
    return rest if rest else verb


GROUP_LIMIT = 40
"""Entries shown per group unless the whole menu is asked for: a take of the pile for an
initial meld can have thousands of forms (a large pile brings many ways to meld)."""


def menu_view(menu: Menu, width: int = 100, *, limit: int | None = GROUP_LIMIT) -> Text:
    """The menu: a heading per group and its entries as ``[n] cards``, wrapped to
    ``width`` columns under each other, never inside an entry. A group longer than
    ``limit`` shows its first ``limit`` entries and how many are left out (``None``:
    everything).

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=5)
    >>> print(menu_view(Menu.of(game.legal_actions())).plain)
    Your options (type a number or an action):
      draw from the stock: [1] draw
    """
    groups = menu.groups()
    indent = max((len(heading) for heading, _ in groups), default=0) + 4
    room = max(20, width - indent)
    text = Text("Your options (type a number or an action):", style="bold")
    for heading, all_entries in groups:
        text.append("\n" + f"  {heading}:".ljust(indent))
        used = 0
        entries = all_entries if limit is None else all_entries[:limit]
        cut = len(all_entries) - len(entries)
        labels = [f"[{number}] {_short(action)}" for number, action in entries]
        if cut:
            labels.append(f"… {cut} more (type 'list' to see all)")
        for entry in labels:
            if used and used + 2 + len(entry) > room:
                text.append("\n" + " " * indent)
                used = 0
            elif used:
                text.append("  ")
                used += 2
            text.append(entry)
            used += len(entry)
    return text
