"""Which canastas a side still lacks to go out, as the variant itself says.

An observation shows the canastas on the table but not the variant's condition for going
out (two canastas in Samba, one of them an escalera in Bolivia, one of each kind in
Pennies from Heaven): that lives in the variant's ``canasta_going_out_violations`` hook.
:func:`kinds_lacking` asks a fresh game of the variant (so the engine, as always, is the
one that calls the hook) whether a side owning canastas of given kinds may go out, and
which single kind added would let it.

>>> sorted(kinds_lacking("american-samba", 4, ("natural",)))
['mixed', 'natural', 'samba']
>>> kinds_lacking("american-samba", 4, ("natural", "mixed"))
frozenset()
>>> kinds_required("american-samba", 4, ())
frozenset()
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["kinds_lacking", "kinds_required"]


@lru_cache(maxsize=1024)
def _may_go_out(variant: str, players: int, kinds: tuple[str, ...]) -> bool:
    # The engine's own check asks the variant's hook; players have no public question of
    # this shape (an observation does not say whether the side may go out).
    return not _probe(variant, players).going_out_violations(0, kinds)


@lru_cache(maxsize=64)
def _probe(variant: str, players: int) -> Game:
    # A fresh game of the variant, only asked questions (never played on).
    from canasta_family.api import new_game

    return new_game(variant, players=players, seed=0)


@lru_cache(maxsize=1024)
def kinds_lacking(variant: str, players: int, kinds: tuple[str, ...]
                  ) -> frozenset[str] | None:
    """For a side owning canastas of ``kinds`` (sorted): no kinds when it may go out as
    far as its canastas decide; else the canasta kinds of which one more would let it
    (every kind with a bonus it does not own yet when no single one would); ``None`` when
    the canastas do not decide (the variant refuses even with one more of every kind:
    something else, such as a foot not yet picked up, is missing in the fresh game asked).

    >>> sorted(kinds_lacking("samba", 4, ()))
    ['mixed', 'natural', 'samba']
    """
    if _may_go_out(variant, players, kinds):
        return frozenset()
    every = tuple(sorted(_probe(variant, players).canasta_rules.bonuses))
    if not _may_go_out(variant, players, tuple(sorted(kinds + every))):
        return None
    single = frozenset(k for k in every if _may_go_out(variant, players,
                                                       tuple(sorted((*kinds, k)))))
    return single or frozenset(every) - set(kinds)


@lru_cache(maxsize=1024)
def kinds_required(variant: str, players: int, kinds: tuple[str, ...]) -> frozenset[str]:
    """The canasta kinds a side owning ``kinds`` (sorted) must still make to go out:
    those without which even two more of every other kind would not do (none when the
    canastas do not decide, see :func:`kinds_lacking`).

    >>> kinds_required("canasta", 4, ())
    frozenset()
    """
    if kinds_lacking(variant, players, kinds) is None:
        return frozenset()
    every = tuple(sorted(_probe(variant, players).canasta_rules.bonuses))
    return frozenset(
        k for k in every if k not in kinds and not _may_go_out(
            variant, players, tuple(sorted(kinds + tuple(o for o in every if o != k) * 2))))
