"""The draw listing's shortcuts (``Game._list_draw``) change nothing it lists.

Two shortcuts are checked here through the public checks, at every draw decision of
random games:

* Pair takes of the pile (AS-19, CC-4, PH-14) come from a memo of the takes the shape
  rules allow, by the counts held; a listing decides only what depends on the game. With
  the memo's limit lowered so that it starts afresh every few listings, each listing must
  equal the same position listed from an empty memo, and every pair take ``is_legal``
  accepts must be listed.
* Lay-off takes of an unfrozen pile (AS-20, PH-15) pass over the sets of another rank and
  the runs of another suit without the full check: the melds listed must be exactly those
  ``is_legal`` accepts a ``take-pile onto N`` for.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import product

import pytest
from positions import listed_from_scratch

import canasta_family
from canasta_family import Game, MeldKind, TakePile
from canasta_family.engine import DRAW

PAIR_VARIANTS = ["american-samba", "canasta", "pennies-from-heaven"]
LAYOFF_VARIANTS = ["american-samba", "pennies-from-heaven"]
# Positions with more candidate pair takes than this are not brute-forced (a hand full of
# wild cards): the memo comparison still covers them.
MAX_CANDIDATES = 300


def _players(variant: str) -> int:
    return 6 if variant == "pennies-from-heaven" else 4


def _legal_pair_takes(game: Game) -> set[str] | None:
    """Every take of the pile with cards from hand that ``is_legal`` accepts, tried over
    all sub-multisets of the hand's naturals of the top card's rank and wild cards (None
    when there are too many to try)."""
    top = game.pile_top
    assert top is not None
    counts = Counter(card for card in game.hand_cards(game.current_player)
                     if card.is_wild or card.rank == top.rank)
    keys = sorted(counts, key=lambda card: card.code)
    picks = list(product(*(range(counts[key] + 1) for key in keys)))
    if len(picks) > MAX_CANDIDATES:
        return None
    legal: set[str] = set()
    for pick in picks:
        cards = tuple(key for key, n in zip(keys, pick, strict=True) for _ in range(n))
        if cards and game.is_legal(TakePile(cards=cards)):
            legal.add(str(TakePile(cards=cards)))
    return legal


@pytest.mark.parametrize("variant", PAIR_VARIANTS)
def test_AS_19_CC_4_PH_14_pair_takes_unchanged_by_catalog_renewals(
        variant: str, cache_limit: Callable[[int], None]) -> None:
    cache_limit(40)
    rng = random.Random(3)
    game = canasta_family.new_game(variant, players=_players(variant), seed=5)
    cleared = draws = with_takes = compared = 0
    for _step in range(4000):
        if game.is_over:
            game = canasta_family.new_game(variant, players=_players(variant),
                                           seed=rng.randrange(2**31))
        if game.phase == DRAW:
            draws += 1
            before = game._t
            legal = game.legal_actions()
            cleared += game._t is not before
            assert [str(action) for action in legal] == listed_from_scratch(game)
            listed = {str(a) for a in legal if isinstance(a, TakePile) and a.onto is None}
            with_takes += bool(listed)
            top = game.pile_top
            if top is not None and not top.is_wild:
                expected = _legal_pair_takes(game)
                if expected is not None:
                    compared += 1
                    assert listed == expected, (variant, str(top))
        game.apply(rng.choice(game.legal_actions()))
    assert draws > 200 and with_takes > 20, "too few draw decisions with takes to prove it"
    assert compared > 200, "too few positions tried by brute force"
    assert cleared > 0, "the lowered limit never renewed the catalog"


@pytest.mark.slow
@pytest.mark.parametrize("variant", LAYOFF_VARIANTS)
def test_AS_20_PH_15_layoff_takes_are_those_the_checks_accept(variant: str) -> None:
    rng = random.Random(8)
    game = canasta_family.new_game(variant, players=_players(variant), seed=2)
    sets_passed = runs_passed = listed_total = 0
    for _step in range(8000):
        if game.is_over:
            game = canasta_family.new_game(variant, players=_players(variant),
                                           seed=rng.randrange(2**31))
        if game.phase == DRAW and game.pile:
            side = game.side_of(game.current_player)
            melds = game.side_melds(side)
            listed = [a.onto for a in game.legal_actions()
                      if isinstance(a, TakePile) and a.onto is not None]
            accepted = [i for i in range(len(melds)) if game.is_legal(TakePile(onto=i))]
            assert listed == accepted
            listed_total += len(listed)
            top = game.pile_top
            assert top is not None
            if not top.is_wild and not game.pile_frozen_for(side):
                sets_passed += sum(1 for meld in melds
                                   if meld.kind is MeldKind.SET and meld.rank != top.rank)
                runs_passed += sum(1 for meld in melds
                                   if meld.kind is MeldKind.RUN and meld.suit != top.suit)
        game.apply(rng.choice(game.legal_actions()))
    # Melds the shortcut passes over must have come up, or the test proves nothing.
    assert listed_total > 20, "too few lay-off takes listed"
    assert sets_passed > 100, "too few sets of another rank"
    if game.meld_rules.runs:
        assert runs_passed > 100, "too few runs of another suit"
