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

When the text cannot be read but its verb can, :func:`explain_refusal` asks the game why
that kind of move is refused now (``take`` under a black 3, ``lo 5h`` when 5h fits no
meld), so the human hears the rule rather than a grammar lesson.

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

from canasta_family.actions import (
    Action,
    Answer,
    Discard,
    Draw,
    LayOff,
    Pass,
    Retract,
    TakePile,
    parse_action,
    verb_kind,
)
from canasta_family.cards import parse_cards
from canasta_family.engine import Game
from canasta_family.errors import CanastaError, IllegalActionError, InvalidActionError
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
    "explain_refusal",
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
        action = parse_action(" ".join(words))
    except InvalidActionError as exc:
        guessed = _only_fit(words, menu)
        if guessed is not None:
            return Play(guessed)
        return Unreadable(str(exc))
    if len(words) == 1 and action not in menu.actions:
        # A bare verb that is an action of its own (``take-pile``: the whole pile, BU-9)
        # but not a legal one here still means the one legal action of its kind.
        guessed = _only_fit(words, menu)
        if guessed is not None:
            return Play(guessed)
        return Unreadable(f"say which {action.kind} you mean")
    return Play(action)


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


def _engine_reason(game: Game, action: Action, seat: int) -> str | None:
    try:
        game.verify(action, player=seat)
    except IllegalActionError as exc:
        return f"not allowed ({exc.rule}): {exc.reason}"
    except CanastaError:
        return None
    return None


def _representatives(kind: str, game: Game, seat: int) -> list[Action]:
    """Actions of ``kind`` that stand for all of them: when the game refuses one by a rule
    (not for a detail such as a card not held), that rule is why none is possible."""
    hand = game.hand_cards(seat)
    if kind == "draw":
        return [Draw()]
    if kind == "take-pile":
        takes: list[Action] = [TakePile()]
        top = game.observation(seat).pile_top
        if top is not None:
            # The likeliest take: naturals of the top's rank, then wild cards.
            fitting = ([c for c in hand if not c.is_wild and c.rank == top.rank]
                       + [c for c in hand if c.is_wild])
            if len(fitting) >= 2:
                takes.append(TakePile(cards=tuple(fitting[:2])))
        return takes
    if kind == "discard" and hand:
        return [Discard(hand[0])]
    if kind == "pass":
        return [Pass()]
    if kind == "retract":
        return [Retract()]
    return []


def explain_refusal(text: str, game: Game, seat: int) -> str | None:
    """Why the move ``text`` (which :func:`read_command` could not read) cannot be played
    by ``seat`` now, in the engine's words; ``None`` when the text's verb is one that may
    be played and only its form is wrong.

    - a verb of which no move is legal now: the rule that refuses that kind of move
      (``take`` when a black 3 stops the pile), or that none is possible;
    - ``lay-off CARDS`` without a meld number: why the cards fit none of the side's melds.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=5)
    >>> seat = game.current_player
    >>> explain_refusal("x", game, seat)
    'not allowed (AS-15): you cannot discard before drawing or taking the pile'
    """
    words = text.replace(",", " ").split()
    if not words:
        return None
    kind = verb_kind(_TERMINAL_VERBS.get(words[0].lower(), words[0]))
    if kind is None:
        return None
    if kind == "lay-off" and len(words) > 1 and not words[1].isdigit():
        return _why_no_meld_fits(words[1:], game, seat)
    if any(action.kind == kind for action in game.legal_actions()):
        return None
    for action in _representatives(kind, game, seat):
        reason = _engine_reason(game, action, seat)
        if reason is not None:
            return reason
    return f"no {kind} is possible now (the menu lists every move you can make)"


def _why_no_meld_fits(card_words: list[str], game: Game, seat: int) -> str | None:
    try:
        cards = parse_cards(card_words)
    except InvalidActionError:
        return None
    shown = " ".join(map(str, cards))
    melds = game.observation(seat).melds[game.side_of(seat)]
    if not melds:
        return f"your side has no melds yet: nothing to lay {shown} off on"
    by_reason: dict[str, list[str]] = {}
    for index in range(len(melds)):
        reason = _engine_reason(game, LayOff(index, cards), seat)
        if reason is None:
            return None  # it fits one (or several): the parse message says what to add
        by_reason.setdefault(reason, []).append(str(index))
    if len(by_reason) == 1 and len(melds) > 1:
        return f"{shown} fits none of your side's melds: {next(iter(by_reason))}"
    why = "; ".join(f"meld{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}: {reason}"
                    for reason, numbers in by_reason.items())
    return f"{shown} fits none of your side's melds ({why})"
