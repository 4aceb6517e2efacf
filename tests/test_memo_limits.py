"""The cache limit bounds the engine's memo tables, and nothing a game lists changes
because of it.

A catalog's tables only grow; past the limit the next operation takes a new, empty
catalog while games still inside an operation finish in the old one, whose action numbers
stay as they were. The limit is lowered here so that random play renews the catalog every
few decisions; each listing is compared with the same position listed from an empty
catalog, and every listed action must pass the engine's own checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from positions import listed_from_scratch, play_random_hands

import canasta_family
from canasta_family.engine import catalog

VARIANTS = ["american-samba", "canasta", "pennies-from-heaven"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_renewing_the_catalog_leaves_every_listing_unchanged(
        variant: str, cache_limit: Callable[[int], None]) -> None:
    cache_limit(40)
    rng = random.Random(7)
    players = 6 if variant == "pennies-from-heaven" else 4
    game = canasta_family.new_game(variant, players=players, seed=11)
    renewals = canasta_family.cache_info().renewals
    changed = 0
    for _step in range(1500):
        if game.is_over:
            break
        before = game._t
        legal = game.legal_actions()
        assert [str(action) for action in legal] == listed_from_scratch(game)
        # Lay-off numbers name the codes of their shape in the catalog that gave them.
        for numbers in game._t.layoff_code_numbers.values():
            for shape, number in numbers.items():
                assert game._t.layoff_code_list[number // catalog._MELD_INDEXES] == \
                    numbers.codes[shape], (variant, shape, number)
        for action in rng.sample(list(legal), min(len(legal), 4)):
            assert game.is_legal(action), (variant, str(action))
        game.apply(rng.choice(legal))
        changed += game._t is not before
    assert changed > 5, "the lowered limit never renewed the catalog: the test proves nothing"
    assert canasta_family.cache_info().renewals >= renewals + changed


@pytest.mark.slow
def test_the_limit_bounds_the_entries(cache_limit: Callable[[int], None]) -> None:
    """A catalog holds at most the limit plus what the operations between two size checks
    add to it."""
    limit = 2_000
    cache_limit(limit)
    canasta_family.clear_caches()
    rng = random.Random(5)
    game = canasta_family.new_game("american-samba", players=2, seed=3)
    most_added = most_held = renewed = 0
    for _step in range(6_000):
        if game.is_over:
            game = canasta_family.new_game("american-samba", players=2,
                                           seed=rng.randrange(2**31))
        before_catalog = game._t
        before = before_catalog.entry_count()
        legal = game.legal_actions()
        game.apply(rng.choice(legal))
        if game._t is before_catalog:
            most_added = max(most_added, game._t.entry_count() - before)
        else:
            renewed += 1
        most_held = max(most_held, game._t.entry_count())
    assert renewed >= 3, "the limit was never reached: the test proves nothing"
    assert most_held <= limit + catalog.check_interval(limit) * most_added, \
        (most_held, most_added)


def test_cache_info_and_clear_caches() -> None:
    game = canasta_family.new_game("canasta", players=2, seed=9)
    game.apply("draw")
    game.legal_actions()
    info = canasta_family.cache_info()
    assert info.catalogs >= 1 and info.entries > 0 and info.rule_sets >= 1
    canasta_family.clear_caches()
    cleared = canasta_family.cache_info()
    assert (cleared.entries, cleared.rule_sets) == (0, 0)
    # A game in progress keeps playing: its next operation takes a new catalog.
    for _ in range(40):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[-1])
    assert canasta_family.cache_info().entries > 0


@pytest.mark.parametrize("bad", [0, -5, 2.5, "100", True, None])
def test_set_cache_limit_refuses_what_is_not_a_count(bad: object) -> None:
    before = canasta_family.cache_info().limit
    with pytest.raises(ValueError, match="cache limit"):
        canasta_family.set_cache_limit(bad)  # type: ignore[arg-type]
    assert canasta_family.cache_info().limit == before


def test_a_successor_starts_with_the_tables_that_hold_no_action_numbers() -> None:
    """A catalog that replaces a full one starts with copies of the full one's tables of
    plain rule answers (the sets a rank can become, sub-multisets, lay-off grids...), and
    with none of the tables that number actions; past a quarter of the limit it starts
    empty."""
    canasta_family.clear_caches()
    game = canasta_family.new_game("american-samba", players=4, seed=3)
    play_random_hands([game], 2, random.Random(3))
    full = game._t
    assert full.out_rank_options and full.submultiset_lists and full.meld_actions
    new = full.successor(10**6)
    for name in catalog._CARRIED:
        assert getattr(new, name) == getattr(full, name), name
        assert getattr(new, name) is not getattr(full, name), name
    assert not new.meld_actions and not new.meld_ids and not new.by_rank
    assert not new.layoffs and not new.layoff_code_list and not new.card_tuples
    carried = sum(len(getattr(full, name)) for name in catalog._CARRIED)
    assert not full.successor(carried * catalog._CARRIED_SHARE - 1).submultiset_lists


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_successor_with_carried_tables_lists_as_a_fresh_catalog(
        variant: str, cache_limit: Callable[[int], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Listings made in catalogs that started with their predecessor's tables are those of
    an empty catalog, and every listed action passes the engine's checks."""
    cache_limit(6_000)
    carried: list[int] = []
    real_successor = catalog.Catalog.successor

    def successor(self: catalog.Catalog, limit: int) -> catalog.Catalog:
        new = real_successor(self, limit)
        carried.append(sum(len(getattr(new, name)) for name in catalog._CARRIED))
        return new

    monkeypatch.setattr(catalog.Catalog, "successor", successor)
    rng = random.Random(17)
    players = 6 if variant == "pennies-from-heaven" else 4
    game = canasta_family.new_game(variant, players=players, seed=13)
    for _step in range(900):
        if game.is_over:
            game = canasta_family.new_game(variant, players=players,
                                           seed=rng.randrange(2**31))
        legal = game.legal_actions()
        assert [str(action) for action in legal] == listed_from_scratch(game)
        for action in rng.sample(list(legal), min(len(legal), 3)):
            assert game.is_legal(action), (variant, str(action))
        game.apply(rng.choice(legal))
    assert any(carried), f"no renewal carried a table: the test proves nothing {carried}"
