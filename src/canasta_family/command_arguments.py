"""Reading the command line's arguments: whole numbers with a lower bound, ``--option
NAME=VALUE`` for a variant's options, and a parser whose usage errors are one line.

>>> at_least(1)("3")
3
>>> from canasta_family.plugins import find_variant
>>> variant_options(["target=5000"], find_variant("samba").info)
{'target': 5000}
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from canasta_family.errors import CanastaError
from canasta_family.plugins import validate_options
from canasta_family.rules import VariantInfo

__all__ = ["OneLineParser", "at_least", "variant_options"]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class OneLineParser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` whose usage errors are a single line on stderr
    (naming the command and where ``--help`` is), with exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``message`` on one line and exit with status 2."""
        sys.stderr.write(f"{self.prog}: error: {message} (see {self.prog} --help)\n")
        sys.exit(2)


def at_least(low: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number not below ``low``.

    >>> at_least(1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number of at least 1, not '0'
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(
                f"must be a whole number of at least {low}, not {text!r}")
        return value

    parse.__name__ = f"whole number >= {low}"
    return parse


def _typed(text: str, wanted: type) -> object:
    # A value the option's type cannot read stays text: validate_options then refuses it
    # in the variant's own words ("must be a whole number, not 'ten'").
    if wanted is bool:
        lowered = text.strip().lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        return text
    if wanted is int:
        try:
            return int(text)
        except ValueError:
            return text
    return text


def variant_options(texts: Sequence[str] | None, info: VariantInfo) -> dict[str, object]:
    """The ``--option NAME=VALUE`` arguments as the options of ``info``'s variant: each
    value read as the option's type wants (``5000`` as a number, ``true``/``no`` as yes or
    no), then checked as :func:`~canasta_family.api.new_game` checks them. Only the options
    given are returned (the others keep their defaults). Raises
    :class:`~canasta_family.errors.CanastaError` in the variant's words.

    >>> from canasta_family.plugins import find_variant
    >>> info = find_variant("american-samba").info
    >>> variant_options(["no_wild_on_natural_canasta=yes"], info)
    {'no_wild_on_natural_canasta': True}
    >>> try:
    ...     variant_options(["no_wild_on_natural_canasta=maybe"], info)
    ... except CanastaError as exc:
    ...     print(exc)
    option 'no_wild_on_natural_canasta' (AS-10) must be true or false, not 'maybe'
    """
    specs = {spec.name: spec for spec in info.options}
    given: dict[str, object] = {}
    for text in texts or []:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep or not name:
            raise CanastaError(f"--option takes NAME=VALUE, not {text!r}")
        if name in given:
            raise CanastaError(f"--option {name} is given twice")
        spec = specs.get(name)
        given[name] = value if spec is None else _typed(value, spec.type)
    validate_options(info, given)
    return given
