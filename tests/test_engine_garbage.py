"""The engine's searches leave no reference cycles behind, so searching players that keep
the cyclic garbage collector off during a decision (ISMCTSPlayer) do not pile garbage up,
and the order of the sub-multisets the listing is built from is unchanged."""

from __future__ import annotations

import gc
import itertools
import random
import sys
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_family
from canasta_family import Game, HandSetup
from canasta_family.engine.catalog import Catalog


def _reference(items: list[tuple[int, int]], low: int, high: int) -> list[tuple[int, ...]]:
    # Every choice of counts, in the order of the first item's count, then the next's.
    out = []
    for takes in itertools.product(*(range(count + 1) for _code, count in items)):
        chosen = tuple(code for (code, _n), take in zip(items, takes, strict=True)
                       for _ in range(take))
        if low <= len(chosen) <= high:
            out.append(chosen)
    return out


@given(st.lists(st.integers(1, 3), max_size=5), st.integers(0, 4), st.integers(0, 8))
def test_submultisets_in_order(counts: list[int], low: int, high: int) -> None:
    items = [(code * 3, count) for code, count in enumerate(counts)]
    assert list(Catalog().submultisets(items, low, high)) == _reference(items, low, high)


def _cyclic_garbage_of(work: object) -> int:
    """How many objects only the cyclic collector could free after calling ``work``."""
    gc.collect()
    gc.disable()
    try:
        work()  # type: ignore[operator]
        return gc.collect()
    finally:
        gc.enable()


def test_AS_23_listing_at_an_owed_initial_meld_leaves_no_cycles() -> None:
    """After a pile take short of the minimum (AS-23) the listing searches, for each play,
    whether the meld can still be completed; the searches free what they used at once."""
    game = canasta_family.new_game("american-samba", players=2, seed=7, start=HandSetup(
        hands=("9h 9s Kh Kd Ks Qh Qd Qs 6c 7d", "4c 8c Jh Qd Kc"),
        pile="Ah Ad As Kc 9d", stock="Qs Jh 7c 6h", to_play=0))
    game.legal_actions()  # memo tables filled: what stays is not garbage

    def take_and_list() -> None:
        copy: Game = game.clone()
        copy.apply("take-pile 9h 9s")
        assert copy.owes_initial_meld() and copy.legal_actions()

    take_and_list()
    assert _cyclic_garbage_of(take_and_list) == 0


def test_the_log_keeps_no_tracked_tuple_per_event() -> None:
    """A (seat, event) tuple per logged event lived as long as the game and stayed tracked
    by the cyclic collector (it holds the action); such survivors are what start full
    collections, which scan every memo of the process. The log keeps its events flat and
    makes the pairs when read, the same pairs as before."""
    game = canasta_family.new_game("canasta", players=4, seed=5)
    rng = random.Random(5)
    for _ in range(300):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    gc.collect()
    assert [item for item in gc.get_referents(game._log)
            if type(item) is tuple and gc.is_tracked(item)] == []
    current, whole = game.log(), game.log(all_hands=True)
    assert current and whole[-len(current):] == current
    assert all((seat is None or 0 <= seat < 4) and isinstance(text, str)
               for seat, text in whole)
    assert any(text.startswith("discard ") for _seat, text in current)
    assert game.clone().log(all_hands=True) == whole


def _random_play(game: Game, seed: int, steps: int) -> Callable[[], None]:
    """A function that plays up to ``steps`` more random actions of ``game`` each call."""
    rng = random.Random(seed)

    def play() -> None:
        for _ in range(steps):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))

    return play


_BUILT_IN = [("american-samba", 4), ("dutch-samba", 4), ("samba", 4), ("canasta", 4),
             ("pennies-from-heaven", 6)]


@pytest.mark.parametrize(("variant", "players"), _BUILT_IN)
def test_random_play_leaves_no_cycles(variant: str, players: int) -> None:
    """Going-out solves (the depth-first first look walked a function that called itself,
    holding every state it met in a cycle with it), sequence extensions, owed-meld judges
    and lay-off tables: a stretch of random play, with every listing and check it makes,
    leaves nothing only the cyclic collector could free. Such garbage was about a tenth
    of random play's time, collected in pauses of up to a fifth of a second."""
    play = _random_play(canasta_family.new_game(variant, players=players, seed=11), 11, 400)
    play()  # memo tables filled: what stays is not garbage
    assert _cyclic_garbage_of(play) == 0


def test_a_retired_catalog_is_freed_without_the_collector(
        cache_limit: Callable[[int], None]) -> None:
    """A catalog retired at the cache limit goes as soon as no game holds it: its tables
    that make entries when first asked (lay-off actions, codes and numbers) hold the
    tables they read, not the catalog, so nothing in it waits for the cyclic collector."""
    cache_limit(50)
    play = _random_play(canasta_family.new_game("american-samba", players=4, seed=3), 3, 300)
    renewals = canasta_family.cache_info().renewals
    assert _cyclic_garbage_of(play) == 0
    assert canasta_family.cache_info().renewals > renewals  # catalogs were retired


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info >= (3, 14),
                    reason="reads CPython's generational collector, which 3.14 replaced")
@pytest.mark.parametrize("variant", ["american-samba", "canasta"])
def test_new_memo_entries_are_untracked_before_they_grow_old(variant: str) -> None:
    """CPython untracks a tuple of plain data only when everything in it is untracked
    already, and a young collection meets an entry's fresh parts after the entry: one
    level of nesting a collection. The going-out walk's ways and moves and the set-rank
    entries are built of shared parts (``Catalog.plain_parts``), so that two young
    collections untrack them whole and none reaches the oldest generation still tracked,
    where each counted towards a full collection of every memo of the process."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        game = canasta_family.new_game(variant, players=4, seed=31)
        play = _random_play(game, 31, 400)
        play()
        catalog = game._t
        gc.collect()  # the catalog and what it holds so far are old now
        old_moves, old_sets = set(catalog.out_moves), set(catalog.sets_held)
        for _ in range(6):
            play()
        assert game._t is catalog  # (no renewal in between)
        gc.collect(0)
        gc.collect(1)
        new_moves = [ways for key, ways in catalog.out_moves.items() if key not in old_moves]
        new_sets = [entry for key, entry in catalog.sets_held.items()
                    if key not in old_sets and entry[1]]
        assert new_moves and new_sets
        assert [ways for ways in new_moves if gc.is_tracked(ways)] == []
        assert [way for ways in new_moves for way in ways if gc.is_tracked(way)] == []
        assert [entry for entry in new_sets if gc.is_tracked(entry)] == []
    finally:
        if was_enabled:
            gc.enable()
