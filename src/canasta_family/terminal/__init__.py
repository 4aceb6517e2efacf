"""Playing and studying games in the terminal: the table view, forgiving input, the play
session for human seats and the replay stepper (``canasta-family play --human``,
``canasta-family replay FILE --step``).

>>> seats_of_humans((0, 2), 4)
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from canasta_family.errors import CanastaError
from canasta_family.players.base import AnyPlayer
from canasta_family.terminal.session import PlaySession
from canasta_family.terminal.stepper import ReplayStepper

__all__ = ["PlaySession", "ReplayStepper", "seat_players", "seats_of_humans"]


def seats_of_humans(seats: Iterable[int], num_players: int) -> tuple[int, ...]:
    """The human seats, checked and without repeats; a seat outside the table is an error.

    >>> seats_of_humans([3], 2)
    Traceback (most recent call last):
    ...
    canasta_family.errors.CanastaError: --human takes a seat 0-1, not 3
    """
    out: list[int] = []
    for seat in seats:
        if not 0 <= seat < num_players:
            raise CanastaError(f"--human takes a seat 0-{num_players - 1}, not {seat}")
        if seat not in out:
            out.append(seat)
    return tuple(out)


def seat_players(computers: Sequence[AnyPlayer], humans: Iterable[int]
                 ) -> list[AnyPlayer | None]:
    """One entry per seat for :class:`PlaySession`: the computer player, or ``None`` where
    a human sits.

    >>> from canasta_family.players import RandomPlayer
    >>> seat_players([RandomPlayer(), RandomPlayer()], [1])[1] is None
    True
    """
    human = set(humans)
    return [None if seat in human else player for seat, player in enumerate(computers)]
