"""AS-23: the solver on counts of an owed initial meld against the plain search.

After a pile take short of the minimum (AS-23; CC-5 in classic Canasta, MS-10 in modern
Samba), a meld or lay-off is legal exactly when the cards held before the take can still
make up the minimum with cards left to go on. The engine's collection walk stops after a
few positions where ``engine/owed_solver.OwedSolver`` reads the rules, and the solver
decides: a dynamic programme over the ranks, with no budget. Here the solver's answer is
compared with the plain depth-first search of ``test_reach_search`` (over the same
qualifying plays, given the positions it needs) on hands hypothesis draws — sets and
sequences on the table, wild cards, cards from the pile that count nothing — in every
variant whose rules the solver reads (hands of 30 to 60 cards in the slow run), and on
the plays of a big recorded hand of modern Samba (29 cards, 190 still owed) where the
walk used to spend its whole budget, play after play.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from role_variants import ROLE_PLUGINS, new_role_game
from test_reach_search import reference_search

import canasta_family
from canasta_family import Game, LayOff, MakeMeld
from canasta_family.cards import NUM_CODES
from canasta_family.engine.owed_solver import OwedSolver
from canasta_family.melds import Meld, MeldKind

READ = ("american-samba", "dutch-samba", "samba", "canasta")
# The built-in variants it reads, and the test variants that change card roles (2s or
# 3s as plain naturals of their own rank, jokers the only wild cards).
RULES = (*READ, *(plugin.__name__ for plugin in ROLE_PLUGINS))
GOLDEN = sorted((Path(__file__).parent / "golden" / "owed_solver").glob("*.json"))


@cache
def _game(variant: str) -> Game:
    """A game of ``variant`` for its rules (the examples only read it)."""
    for plugin in ROLE_PLUGINS:
        if plugin.__name__ == variant:
            return new_role_game(plugin, players=2)
    return canasta_family.new_game(
        variant, players=6 if variant == "pennies-from-heaven" else 4, seed=1)


@st.composite
def positions(draw: st.DrawFn, variant: str, least: int, most: int
              ) -> tuple[list[int], list[int], list[Meld], int]:
    """(the hand, its counted cards, the side's melds, the need) of an owed position."""
    game = _game(variant)
    s = game._s
    # A few ranks and suits, so that sets and sequences are frequent; the naturals of
    # the rules (no wild, bonus or stop cards) and their wild cards.
    meldable = sorted({code // 4 + 2 for code in range(52) if not (
        s.wild[code] or s.bonus[code] or code // 4 + 2 in s.stop_ranks)})
    ranks = draw(st.lists(st.sampled_from(meldable), min_size=2, max_size=6, unique=True))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    pool = [code for code in ((rank - 2) * 4 + suit for rank in ranks for suit in suits)
            if not s.wild[code]] + list(s.wild_codes)
    cards = draw(st.lists(st.sampled_from(pool), min_size=least, max_size=most))
    hand = [0] * NUM_CODES
    for code in cards:
        if hand[code] < 3:
            hand[code] += 1
    counted = [draw(st.integers(0, held)) if held else 0 for held in hand]
    melds: list[Meld] = []
    if draw(st.booleans()):  # a set of three on the table
        rank = draw(st.sampled_from(ranks))
        melds.append(game._new_meld(MeldKind.SET, rank, None,
                                    [(rank - 2) * 4 + suit for suit in (0, 1, 2)], 0))
    if s.meld.runs and draw(st.booleans()):  # a sequence of three
        low = draw(st.integers(4, 12))
        suit = draw(st.integers(0, 3))
        melds.append(game._new_meld(MeldKind.RUN, None, suit,
                                    [(rank - 2) * 4 + suit for rank in range(low, low + 3)],
                                    0))
    need = draw(st.integers(5, 160))
    return hand, counted, melds, need


def _agree(variant: str, hand: list[int], counted: list[int], melds: list[Meld], need: int,
           budget: int) -> None:
    game = _game(variant)
    size = sum(hand)
    plays = game._qualifying_plays(hand[:], melds, None, counted, True)
    solver = OwedSolver.of(game, plays, melds, hand, counted, size, 2)
    assert solver is not None, "the solver reads every play of these rules"
    plain = reference_search(game, need, counted, melds, size, hand, [], 2, budget)
    assume(plain is not None)
    event(f"a collection: {isinstance(plain, list)}")
    assert solver.reaches(need) == isinstance(plain, list), (hand, counted, melds, need)


@pytest.mark.parametrize("variant", RULES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_AS_23_solver_and_plain_search_agree(variant: str, data: st.DataObject) -> None:
    """AS-23: on hands of 4 to 22 cards, the solver finds a collection exactly when the
    plain search over the same plays does (in the test variants too, where 2s or 3s are
    naturals of their own rank)."""
    hand, counted, melds, need = data.draw(positions(variant, 4, 22))
    _agree(variant, hand, counted, melds, need, 300_000)


@pytest.mark.slow
@pytest.mark.parametrize("variant", RULES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_AS_23_solver_and_plain_search_agree_on_big_hands(variant: str,
                                                          data: st.DataObject) -> None:
    """AS-23: the same on hands of 30 to 60 cards, the plain search given the positions
    it needs (a case it cannot finish within 3 million is left out)."""
    hand, counted, melds, need = data.draw(positions(variant, 30, 60))
    _agree(variant, hand, counted, melds, need, 3_000_000)


def test_AS_23_solver_reads_the_built_in_rules_but_pennies() -> None:
    """PH-16: where a discardable card must stay (Pennies from Heaven), the walk and the
    completion finder decide alone; every other built-in variant is read."""
    assert [name for name in ("american-samba", "dutch-samba", "samba", "canasta",
                              "pennies-from-heaven")
            if OwedSolver.reads(_game(name)._s)] == list(READ)


@pytest.mark.slow
@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_AS_23_every_play_of_a_big_owed_hand_is_judged_as_the_plain_search_does(
        path: Path) -> None:
    """AS-23 (MS-10): in a recorded owed position of 29 cards, for
    every meld and lay-off listed, the solver says of what the play leaves what the plain
    search does (where that search finishes within 400,000 positions); and the
    listing's plays are all legal."""
    game = canasta_family.replay(path.read_text(encoding="utf-8"))
    assert game.owes_initial_meld() and len(game.hand_cards(game.current_player)) == 29
    listed = [action for action in game.legal_actions()
              if isinstance(action, (MakeMeld, LayOff))]
    assert listed and all(game.is_legal(action) for action in listed)
    side = game.side_of(game.current_player)
    counts = game._take_counts
    assert counts is not None
    judged = 0
    for action in listed:
        used = [card.code for card in action.cards]
        hand, melds = game._left_by_play(action, used)
        left = counts[:]
        need = game.initial_minimum(side) - game.initial_meld_count()
        for code in used:
            if left[code]:
                left[code] -= 1
                need -= game._s.values[code]
        if need <= 0:
            continue
        size = sum(hand)
        plays = game._qualifying_plays(hand[:], melds, None, left, True)
        solver = OwedSolver.of(game, plays, melds, hand, left, size, 2)
        assert solver is not None
        plain = reference_search(game, need, left, melds, size, hand, [], 2, 400_000)
        if plain is None:
            continue
        judged += 1
        assert solver.reaches(need) == isinstance(plain, list), str(action)
    assert judged > 0
