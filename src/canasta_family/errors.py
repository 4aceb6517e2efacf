"""Errors raised by canasta-family.

Every error is a :class:`ValueError` so callers that validate input generically keep
working; the subclasses say *what* went wrong. Errors about the rules of a game carry the
rule ID they enforce (``"AS-19"``) so a bot author or a bug report can point at the rule.

>>> err = IllegalActionError("AS-17", "the pile cannot be taken while a black 3 is on top")
>>> err.rule, isinstance(err, ValueError)
('AS-17', True)
"""

from __future__ import annotations

import reprlib

__all__ = [
    "CanastaError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidOptionError",
    "RecordError",
    "SetupError",
    "UnknownVariantError",
    "VariantError",
    "excerpt",
]


class CanastaError(ValueError):
    """Base class of every error this library raises on purpose."""


class IllegalActionError(CanastaError):
    """A well-formed action that the rules forbid in the current position.

    ``rule`` names the rule (``"AS-19"``); ``reason`` is a sentence a player understands.
    The game is left exactly as it was.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"[{rule}] {reason}")
        self.rule = rule
        self.reason = reason


class InvalidActionError(CanastaError):
    """An action that cannot even be read or attributed: bad text, an unknown card, a
    card the player does not hold, or a move by a player whose turn it is not.

    ``field`` names the part of the action that is wrong when one can be named.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class UnknownVariantError(CanastaError, LookupError):
    """No variant has the requested name or alias; the message lists the known ones, and
    the installed plugins that are broken (``broken``), since one of them may be the
    variant meant. ``why`` replaces "unknown variant" when the name is not even text."""

    def __init__(self, name: object, known: list[str], *, broken: list[str] | None = None,
                 why: str | None = None) -> None:
        head = f"{why}, not" if why else "unknown variant"
        message = (f"{head} {excerpt(name)}; known variants: "
                   f"{', '.join(sorted(known)) or 'none'}")
        if broken:
            message += f" (broken plugins, not usable: {', '.join(sorted(broken))})"
        super().__init__(message)
        self.name = name
        self.known = sorted(known)
        self.broken = sorted(broken or [])


class InvalidOptionError(CanastaError):
    """A variant option that does not exist or has a value it does not allow."""

    def __init__(self, message: str, *, option: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.option = option
        self.rule = rule


class VariantError(CanastaError):
    """A variant plugin is broken: a misspelled hook, a wrong signature, a hook that raised
    or returned a value of the wrong type, or two plugins claiming one name."""


class InvalidArgumentError(CanastaError):
    """An argument of a library call that is of the wrong type or out of range (a seat
    number given to :meth:`Game.observation <canasta_family.Game.observation>`, say);
    ``field`` names the argument."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


class SetupError(CanastaError):
    """A chosen starting arrangement (``HandSetup``) is impossible for the variant."""


class RecordError(CanastaError):
    """A game record is malformed or does not replay; the message names the first bad
    field or action (``action_index`` when an action is at fault)."""

    def __init__(self, message: str, *, action_index: int | None = None) -> None:
        super().__init__(message)
        self.action_index = action_index


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel = 2  # a few items of a huge list, never all of them

EXCERPT_CHARS = 40
"""How many characters of an offending input an error message quotes at most."""


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)``, cut to about ``limit`` characters with its full length noted, so
    an error about a huge input stays short.

    >>> excerpt("draw")
    "'draw'"
    >>> excerpt("x" * 5000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (5000 characters)"
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        # repr of a huge int is slow and may exceed the interpreter's digit limit
        return f"a whole number of {value.bit_length()} bits"
    try:
        text = _SHORT_REPR.repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({type(value).__name__})"
