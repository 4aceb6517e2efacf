"""The listing memo starts afresh when it grows past its limit, and nothing a game lists
changes because of that: entries hold action numbers into a table that is replaced with
them, so a clearing in the middle of a run must never hand out a stale number.

The limit is lowered here so that random play clears the memo (and the table of set-rank
candidates made on demand) every few decisions; each
listing is compared with the same position listed from an empty memo, and every listed
action must pass the engine's own checks.
"""

from __future__ import annotations

import random

import pytest
from positions import listed_from_scratch

import canasta_family
from canasta_family.engine import catalog

VARIANTS = ["american-samba", "canasta", "pennies-from-heaven"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_memo_clearing_leaves_every_listing_unchanged(variant: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog, "_MEMO_ENTRIES", 40)
    rng = random.Random(7)
    players = 6 if variant == "pennies-from-heaven" else 4
    game = canasta_family.new_game(variant, players=players, seed=11)
    cleared = layoffs_cleared = cands_cleared = held_cleared = templates_cleared = 0
    for _step in range(1500):
        if game.is_over:
            break
        size_before = game._s.tables.size
        cands_before = len(game._s.tables.rank_cands)
        held_before = len(game._s.tables.sets_held)
        templates_before = len(game._s.tables.layoff_templates)
        layoffs_before = len(catalog._LAYOFF_ACTIONS)
        legal = game.legal_actions()
        cleared += game._s.tables.size < size_before
        cands_cleared += len(game._s.tables.rank_cands) < cands_before
        held_cleared += len(game._s.tables.sets_held) < held_before
        templates_cleared += len(game._s.tables.layoff_templates) < templates_before
        assert [str(action) for action in legal] == listed_from_scratch(game)
        layoffs_cleared += len(catalog._LAYOFF_ACTIONS) < layoffs_before
        # The per-rank lay-off numbers start afresh with the numbers they hold: each still
        # names the codes of its shape.
        for numbers in game._s.tables.layoff_code_numbers.values():
            for shape, number in numbers.items():
                assert catalog._LAYOFF_CODES[number // catalog._MELD_INDEXES] == \
                    numbers.codes[shape], (variant, shape, number)
        for action in rng.sample(list(legal), min(len(legal), 4)):
            assert game.is_legal(action), (variant, str(action))
        game.apply(rng.choice(legal))
    assert cleared > 0, "the lowered limit never cleared the memo: the test proves nothing"
    assert layoffs_cleared > 0, "the lay-off actions were never started afresh"
    # Set-rank candidates are made on demand and kept in a table of their own.
    assert cands_cleared > 0, "the candidates made on demand were never started afresh"
    # The set entries by counts held are a shortcut to the memo, started afresh with it.
    assert held_cleared > 0, "the set entries by counts held were never started afresh"
    # The lay-off templates shared across ranks have limits of their own.
    assert templates_cleared > 0, "the lay-off templates were never started afresh"
