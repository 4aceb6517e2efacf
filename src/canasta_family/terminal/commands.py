"""Reading what a human types at the table into a command: an action to play, or one of
the interface's own words (``help``, ``hint``, ``undo``, ``quit``, ...).

On top of the library's action notation (:func:`~canasta_family.actions.parse_action`:
any case, short verbs ``m`` ``lo`` ``tp`` ``d`` ..., suits as letters or symbols, ``T``
for ten, ``JK`` for a joker) the terminal accepts:

- a menu number: ``7``; ``list`` (or ``all``) shows the whole menu when a long group
  was cut short;
- ``t`` for take-pile, ``x`` for discard, and a bare ``d`` (or ``dr``) for draw — ``d``
  followed by a card is still a discard, so the two never clash;
- ``y`` / ``yes`` / ``n`` / ``no`` alone to answer a partner;
- a verb alone, or ``lay-off`` without a meld number, when exactly one legal action
  fits (``take`` when one take is possible, ``lay-off 7d`` when 7d fits one meld only).

>>> import canasta_family
>>> from canasta_family.terminal.menu import Menu
>>> game = canasta_family.new_game("american-samba", players=2, seed=5)
>>> menu = Menu.of(game.legal_actions())
>>> read_command("d", menu), read_command("1", menu)
(Play(action=Draw()), Play(action=Draw()))
>>> read_command("HINT", menu), read_command("q", menu)
(Hint(), Quit())
"""

from __future__ import annotations

from collections import Counter

import attrs

from canasta_family.actions import Action, Answer, LayOff, parse_action, verb_kind
from canasta_family.cards import parse_cards
from canasta_family.errors import InvalidActionError
from canasta_family.terminal.menu import Menu

__all__ = [
    "Command",
    "Help",
    "Hint",
    "Nothing",
    "Play",
    "Quit",
    "ShowTable",
    "Undo",
    "Unreadable",
    "read_command",
]


@attrs.frozen
class Play:
    """Play this action (still to be checked by the game)."""

    action: Action


@attrs.frozen
class Help:
    """Show how to type moves and the interface's words."""


@attrs.frozen
class Hint:
    """Say what the hint player would do."""


@attrs.frozen
class Undo:
    """Take back the last play of this turn, where that is allowed."""


@attrs.frozen
class Quit:
    """Stop playing (offering to save the record)."""


@attrs.frozen
class ShowTable:
    """Draw the table and the menu again (``full``: every menu entry, none left out)."""

    full: bool = False


@attrs.frozen
class Nothing:
    """An empty line: ask again."""


@attrs.frozen
class Unreadable:
    """Text that is neither a command nor an action; ``message`` says why."""

    message: str


Command = Play | Help | Hint | Undo | Quit | ShowTable | Nothing | Unreadable
"""Anything :func:`read_command` returns."""

_WORDS: dict[str, Command] = {
    "help": Help(), "h": Help(), "?": Help(),
    "hint": Hint(),
    "undo": Undo(), "u": Undo(),
    "quit": Quit(), "q": Quit(), "exit": Quit(),
    "table": ShowTable(), "show": ShowTable(), "menu": ShowTable(),
    "list": ShowTable(full=True), "all": ShowTable(full=True),
}
_ANSWERS = {"y": True, "yes": True, "n": False, "no": False}
_TERMINAL_VERBS = {"t": "take-pile", "x": "discard"}


def read_command(text: str, menu: Menu) -> Command:
    """Read one line typed at the table (see the module documentation).

    The result is not checked against the rules: :class:`Play` carries an action the
    game may still refuse (with a rule ID).

    >>> from canasta_family.actions import MakeMeld
    >>> read_command("m 7♥ 7S 7c", Menu(actions=())) == Play(MakeMeld(parse_cards("7c 7h 7s")))
    True
    >>> read_command("frobnicate", Menu(actions=())).message[:22]
    "unknown action 'frobni"
    """
    words = text.replace(",", " ").split()
    if not words:
        return Nothing()
    first = words[0].lower()
    if len(words) == 1:
        if first.isdigit():
            return _numbered(int(first), menu)
        if first in _WORDS:
            return _WORDS[first]
        if first in _ANSWERS:
            return Play(Answer(yes=_ANSWERS[first]))
        if first in ("d", "dr"):
            return Play(parse_action("draw"))
    words = [_TERMINAL_VERBS.get(first, words[0]), *words[1:]]
    try:
        return Play(parse_action(" ".join(words)))
    except InvalidActionError as exc:
        guessed = _only_fit(words, menu)
        if guessed is not None:
            return Play(guessed)
        return Unreadable(str(exc))


def _numbered(number: int, menu: Menu) -> Command:
    try:
        return Play(menu.action(number))
    except IndexError:
        if not len(menu):
            return Unreadable(f"there is no menu entry {number}")
        return Unreadable(f"there is no menu entry {number}; choose 1-{len(menu)}")


def _only_fit(words: list[str], menu: Menu) -> Action | None:
    """The one legal action a short form can mean, or ``None`` when none or several fit."""
    verb = verb_kind(words[0])
    if verb is None:
        return None
    same_kind = [action for action in menu.actions if action.kind == verb]
    if len(words) == 1:
        return same_kind[0] if len(same_kind) == 1 else None
    if verb != "lay-off":
        return None
    try:
        wanted = Counter(parse_cards(words[1:]))
    except InvalidActionError:
        return None
    fits = [a for a in same_kind if isinstance(a, LayOff) and Counter(a.cards) == wanted]
    return fits[0] if len(fits) == 1 else None
