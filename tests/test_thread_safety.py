"""Games played at once in threads, or in a pool of processes, play exactly as alone.

The engine shares what it memoises between the games of one rule set: meld, lay-off and
take entries and the numbers of their actions. Threads that fill those tables at the same
time must not see a half-built entry or give two card sets one number (a listed action
would then be another card set than the one checked). Here 8 threads play seeded random
hands of every built-in variant at once, with the interpreter switching threads as often
as it can, and every listing, chosen action and score must equal a run of the same hands
in a fresh process of its own (before any thread could have touched its tables).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import random
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import canasta_family
from canasta_family.plugins import BUILTIN_VARIANTS

# Seeded games per variant: 5 variants × 44 = 220 games.
GAMES_PER_VARIANT = 44
THREADS = 8


def game_keys() -> list[tuple[str, int]]:
    """(variant, seed) of every game the tests play."""
    return [(variant, 1000 + number) for variant in BUILTIN_VARIANTS
            for number in range(GAMES_PER_VARIANT)]


def trace(variant: str, seed: int) -> str:
    """A digest of the first hand of game ``seed`` of ``variant`` between random players
    (the variant's usual player count): each listing as text, the action chosen from it
    and the scores at the end."""
    players = canasta_family.find_variant(variant).info.preferred_players
    game = canasta_family.new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    while not game.hand_results and not game.is_over:
        listing = game.legal_actions()
        digest.update("|".join(map(str, listing)).encode())
        action = rng.choice(listing)
        digest.update(f">{action}".encode())
        game.apply(action)
    digest.update(repr(game.scores).encode())
    return digest.hexdigest()


def traces_alone(keys: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The traces of ``keys`` played one after another (in a pool worker)."""
    return {key: trace(*key) for key in keys}


@pytest.fixture(scope="module")
def reference() -> dict[tuple[str, int], str]:
    """Each variant's games played one after another in a fresh process of its own."""
    keys = game_keys()
    by_variant = [[key for key in keys if key[0] == variant] for variant in BUILTIN_VARIANTS]
    context = multiprocessing.get_context("spawn")
    found: dict[tuple[str, int], str] = {}
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        for part in pool.map(traces_alone, by_variant):
            found.update(part)
    return found


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Threads switch as often as the interpreter allows, to expose races."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def played_in_threads() -> dict[tuple[str, int], str]:
    """The traces of every game, played by 8 threads at once, variants mixed so that
    threads share tables, all starting together."""
    keys = game_keys()
    random.Random(7).shuffle(keys)
    start = threading.Barrier(THREADS)

    def play(part: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
        start.wait()
        return {key: trace(*key) for key in part}

    parts = [keys[number::THREADS] for number in range(THREADS)]
    found: dict[tuple[str, int], str] = {}
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        for part in pool.map(play, parts):
            found.update(part)
    return found


@pytest.mark.slow
def test_threads_play_every_variant_as_alone(reference: dict[tuple[str, int], str],
                                             fast_switching: None) -> None:
    """8 threads play 220 seeded games of every built-in variant, interleaved, starting
    together: listings, actions and scores equal the games played alone."""
    found = played_in_threads()
    differ = sorted(key for key in reference if found[key] != reference[key])
    assert differ == [], f"{len(differ)} games played differently in threads: {differ[:5]}"


@pytest.mark.slow
def test_threads_play_as_alone_while_catalogs_are_renewed(
        reference: dict[tuple[str, int], str], fast_switching: None,
        cache_limit: Callable[[int], None]) -> None:
    """With a limit so low that the shared catalogs are renewed every few operations,
    threads that still hold numbers from a retired catalog play on in it: the games
    equal those played alone."""
    cache_limit(300)
    renewals = canasta_family.cache_info().renewals
    found = played_in_threads()
    assert canasta_family.cache_info().renewals > renewals + 50
    differ = sorted(key for key in reference if found[key] != reference[key])
    assert differ == [], f"{len(differ)} games played differently in threads: {differ[:5]}"


def test_process_pool_plays_as_one_process(reference: dict[tuple[str, int], str]) -> None:
    """A pool of worker processes (forked from this one, whose tables are already full)
    plays the same games as fresh processes did."""
    keys = game_keys()
    parts = [keys[number::4] for number in range(4)]
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    found: dict[tuple[str, int], str] = {}
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        for part in pool.map(traces_alone, parts):
            found.update(part)
    assert found == reference
