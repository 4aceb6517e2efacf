"""Keeping a search decision to its budget: :class:`SearchBudget`,
:func:`pause_collector` and :func:`resume_collector`.

A search with a time budget must answer on time even when one iteration is much slower
than the others. :class:`SearchBudget` therefore starts an iteration only when one as slow
as the slowest seen so far in the decision would still end before the deadline, and lets
the search ask at any step whether the deadline has passed, so that an iteration caught
by it is abandoned. What cannot be interrupted — one engine call, one policy choice — can
still run past the deadline by its own length.

A full collection of CPython's cyclic garbage collector walks every tracked object of the
process. The engine's bounded caches keep that to tens of milliseconds, but a host that
wants no collection inside a decision at all can ask for it (``pause_gc``):
:func:`pause_collector` switches automatic collection off for the length of a decision
and :func:`resume_collector` clears what the decision left in the youngest generation;
the collections it defers run later, outside decisions.

>>> budget = SearchBudget(seconds=1.0, iterations=None, clock=iter([0.0, 0.25, 0.5]).__next__)
>>> budget.may_start()
True
>>> budget.finished(began=0.25)
>>> budget.slowest, budget.done
(0.25, 1)
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

__all__ = ["SearchBudget", "pause_collector", "resume_collector"]


class SearchBudget:
    """The budget of one decision: ``seconds`` from now (by ``clock``), ``iterations``,
    or both (whichever runs out first); ``None`` for no limit of that kind.

    ``done`` counts the iterations that finished and ``slowest`` is the longest of them
    (abandoned ones count towards it too, since they cost that time).

    >>> clock = iter([10.0, 10.2, 10.9]).__next__
    >>> budget = SearchBudget(seconds=1.0, iterations=5, clock=clock)
    >>> budget.deadline
    11.0
    >>> budget.expired(), budget.expired()
    (False, False)
    """

    __slots__ = ("clock", "deadline", "done", "iterations", "slowest", "started")

    def __init__(self, seconds: float | None, iterations: int | None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.started = clock()
        self.deadline = None if seconds is None else self.started + seconds
        self.iterations = iterations
        self.done = 0
        self.slowest = 0.0

    def expired(self) -> bool:
        """Whether the deadline has passed (never, without a time budget).

        >>> SearchBudget(seconds=None, iterations=3, clock=lambda: 0.0).expired()
        False
        """
        return self.deadline is not None and self.clock() >= self.deadline

    def may_start(self) -> bool:
        """Whether another iteration fits: fewer than ``iterations`` done, and one as slow
        as the slowest so far would end before the deadline.

        >>> budget = SearchBudget(seconds=1.0, iterations=None, clock=iter([0.0, 0.7]).__next__)
        >>> budget.slowest = 0.4  # an iteration took 0.4 s: from 0.7 it would end at 1.1
        >>> budget.may_start()
        False
        """
        if self.iterations is not None and self.done >= self.iterations:
            return False
        if self.deadline is None:
            return True
        return self.clock() + self.slowest < self.deadline

    def finished(self, began: float, completed: bool = True) -> None:
        """Note an iteration that began at ``began`` (a reading of ``clock``) and has just
        ended; ``completed`` is false when it was abandoned at the deadline.

        >>> budget = SearchBudget(seconds=None, iterations=None, clock=iter([0.0, 2.5]).__next__)
        >>> budget.finished(began=2.0, completed=False)
        >>> budget.slowest, budget.done
        (0.5, 0)
        """
        self.slowest = max(self.slowest, self.clock() - began)
        if completed:
            self.done += 1


def pause_collector() -> bool:
    """Switch CPython's automatic cyclic garbage collection off; true when it was on (hand
    that to :func:`resume_collector`). Nothing is allocated before the switch, so no
    collection can start on the way in. Memory freed by reference counting is freed as
    usual meanwhile; only reference cycles wait. The switch is process-wide: other threads
    run without automatic collection too.

    >>> import gc
    >>> paused = pause_collector()
    >>> inside = gc.isenabled()
    >>> resume_collector(paused)
    >>> paused, inside, gc.isenabled()
    (True, False, True)
    """
    if not gc.isenabled():
        return False
    gc.disable()
    return True


def resume_collector(paused: bool) -> None:
    """Undo :func:`pause_collector` (when it switched collection off): collect the
    youngest generation — everything allocated since the pause that is still tracked, so
    the cycles the paused work left behind, a few milliseconds — and switch automatic
    collection on again. The older generations are left to the automatic collector, which
    reaches them later, outside the paused work.

    >>> import gc
    >>> gc.disable()
    >>> resume_collector(pause_collector())  # it was off: it stays off
    >>> gc.isenabled()
    False
    >>> gc.enable()
    """
    if paused:
        gc.collect(0)
        gc.enable()
