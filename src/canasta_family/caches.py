"""The engine's caches, as a user sees them: how big, how bounded, how to empty them.

Games of the same rules share memo tables (a *catalog*) of the melds, lay-offs and takes
their hands allow, so a long simulation lists faster the longer it runs. A catalog only
grows until it holds :attr:`CacheInfo.limit` entries; then the next game operation gets a
new, empty one and the old one goes once no game is using it. This bounds the memory of a
process that plays millions of hands. All of it is safe under threads.

>>> import canasta_family
>>> info = canasta_family.cache_info()
>>> info.limit >= 1
True
"""

from __future__ import annotations

from canasta_family.engine.catalog import CACHES, CacheInfo

__all__ = ["CacheInfo", "cache_info", "clear_caches", "set_cache_limit"]


def cache_info() -> CacheInfo:
    """The sizes of the engine's caches in this process.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", seed=1)
    >>> game.apply("draw")
    >>> _ = game.legal_actions()
    >>> info = canasta_family.cache_info()
    >>> info.catalogs >= 1 and info.entries >= 1 and info.rule_sets >= 1
    True
    """
    return CACHES.info()


def clear_caches() -> None:
    """Empty every cache: catalogs and resolved rule sets. Games in progress keep working;
    each takes a new catalog with its next operation, and new games resolve their rules
    again.

    >>> import canasta_family
    >>> canasta_family.clear_caches()
    >>> canasta_family.cache_info().entries
    0
    """
    CACHES.clear()


def set_cache_limit(entries: int) -> None:
    """Retire a catalog once it holds more than ``entries`` entries. The default,
    400,000, holds what 1,600 random four-player American Samba hands meet without a
    renewal, at about 200 MB resident and full garbage collections of a few
    tenths of a second; lower saves memory and shortens those pauses at some speed
    (100,000: near 60 MB and collections under 0.1 s, with random play about a quarter
    slower, see docs/design.md). A process-wide setting, like
    :func:`sys.setrecursionlimit`.

    >>> import canasta_family
    >>> before = canasta_family.cache_info().limit
    >>> canasta_family.set_cache_limit(50_000)
    >>> canasta_family.cache_info().limit
    50000
    >>> canasta_family.set_cache_limit(0)
    Traceback (most recent call last):
    ...
    ValueError: cache limit: a whole number of entries above 0, got 0
    >>> canasta_family.set_cache_limit(before)
    """
    CACHES.set_limit(entries)
