"""Lay-off entries on sets of naturals are built from templates shared across ranks (see
docs/design.md, Performance): the candidates are kept once per join grid and counts, as
suit positions and wild cards, and turned into a rank's codes.
Whatever the memo holds, an entry must be exactly what the plain search of the meld gives
(same candidates, same order, same canasta kinds) so that listings stay as they were.

Random play of several variants reaches melds of many ranks, sizes and wild counts; each
is checked with the hand to play and with random hands of its rank's naturals and wild
cards, which reach counts a game seldom deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import canasta_family
from canasta_family import engine
from canasta_family.cards import JOKER_CODE, NUM_CODES
from canasta_family.engine import catalog
from canasta_family.melds import MeldKind

# (variant, players, options): the third variant caps set sizes (PH-5), the fourth forbids
# wild cards on natural canastas.
VARIANTS: list[tuple[str, int, dict[str, object]]] = [
    ("canasta", 4, {}),
    ("american-samba", 4, {}),
    ("pennies-from-heaven", 6, {}),
    ("american-samba", 4, {"no_wild_on_natural_canasta": True}),
    ("samba", 4, {}),
    ("dutch-samba", 4, {}),
]


def _random_hand(rng: random.Random, hand: list[int], base: int) -> list[int]:
    """``hand`` with random counts of the naturals from ``base`` and of the wild cards."""
    mixed = list(hand)
    for code in (base, base + 1, base + 2, base + 3):
        mixed[code] = rng.choice((0, 0, 1, 1, 2, 3))
    for code in (0, 1, 2, 3, JOKER_CODE):
        mixed[code] = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    return mixed


@pytest.mark.parametrize(("variant", "players", "options"), VARIANTS)
def test_layoff_entries_equal_the_plain_search(variant: str, players: int,
                                               options: dict[str, object],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    made = used = 0
    new_template = engine.Game._layoff_new_template
    template = engine.Game._layoff_template

    def counting_new(*args: object) -> object:
        nonlocal made
        made += 1
        return new_template(*args)  # type: ignore[arg-type]

    def counting(*args: object) -> object:
        nonlocal used
        used += 1
        return template(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(engine.Game, "_layoff_new_template", counting_new)
    monkeypatch.setattr(engine.Game, "_layoff_template", counting)
    rng = random.Random(3)
    checked = 0
    ranks: set[int] = set()
    for game_number in range(1):
        game = canasta_family.new_game(variant, players=players, seed=100 + game_number,
                                       options=options)
        for _step in range(250):
            if game.is_over:
                break
            hand = game._hands[game.current_player]
            for side_melds in game._melds:
                for meld in side_melds:
                    if meld.kind is not MeldKind.SET or meld.rank is None or meld.rank == 3:
                        continue
                    base = int(meld.rank) * 4 - 8
                    ranks.add(int(meld.rank))
                    for probe in (hand, *(_random_hand(rng, hand, base) for _ in range(2))):
                        expected = tuple(game._layoff_search(probe, meld))
                        entry = game._layoff_entry(probe, meld)
                        cands, most = game._layoff_cands(entry), entry[1]
                        assert cands == expected, (variant, str(meld), probe)
                        # The numbers name the lay-offs of those codes, in the same order.
                        assert [game._t.layoff_code_list[number // catalog._MELD_INDEXES]
                                for number in entry[2]] == [codes for codes, _ in expected]
                        assert most == max((len(codes) for codes, _ in expected), default=0)
                        checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 500, "too few lay-off positions met: the test proves little"
    assert len(ranks) >= 5, "too few ranks met to share templates between them"
    # Entries came from templates, and some templates served more than one entry.
    assert used > made > 0, (used, made)


def test_layoff_templates_serve_other_ranks() -> None:
    """A template made for one rank gives the same lay-offs, in that rank's codes, to
    another rank with the same join grid and counts."""
    game = canasta_family.new_game("canasta", players=4, seed=5)
    kept = game._t
    try:
        tables = game._t = catalog.Catalog()
        seven = game._new_meld(MeldKind.SET, 7, None, (20, 21, 22), 0)
        eight = game._new_meld(MeldKind.SET, 8, None, (24, 25, 26), 0)
        hand = [0] * NUM_CODES
        hand[0] = hand[JOKER_CODE] = 1
        hand[20] = hand[22] = hand[24] = hand[26] = 1
        first = game._layoff_entry(hand, seven)
        templates = len(tables.layoff_templates)
        second = game._layoff_entry(hand, eight)
        assert len(tables.layoff_templates) == templates == 1
        assert game._layoff_cands(first) == tuple(game._layoff_search(hand, seven))
        assert game._layoff_cands(second) == tuple(game._layoff_search(hand, eight))
        assert [codes for codes, _ in game._layoff_cands(second)] == [
            tuple(c + 4 if 4 <= c < JOKER_CODE else c for c in codes)
            for codes, _ in game._layoff_cands(first)]
    finally:
        game._t = kept


def test_layoff_templates_stay_right_across_catalog_renewals(
        cache_limit: Callable[[int], None]) -> None:
    """The template tables (keyed by join grid numbers) go with the catalog that numbered
    them: across renewals the listings stay those of a fresh catalog."""
    from positions import listed_from_scratch

    cache_limit(5)
    rng = random.Random(17)
    game = canasta_family.new_game("canasta", players=4, seed=23)
    renewed = templates = 0
    for _step in range(700):
        if game.is_over:
            break
        before = game._t
        legal = game.legal_actions()
        templates += bool(game._t.layoff_templates)
        if _step % 5 == 0:
            assert [str(action) for action in legal] == listed_from_scratch(game)
        game.apply(rng.choice(legal))
        renewed += game._t is not before
    assert renewed > 5 and templates > 50, (renewed, templates)
