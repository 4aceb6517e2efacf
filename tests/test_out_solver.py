"""The going-out solver on counts against the references (AS-33, AS-35, AS-36).

Whether the player to move can still go out this turn decides what is listed and legal
after a partner's "yes" (AS-36), around black 3s (AS-33) and for plays that leave fewer
cards than a player keeps (AS-35). The engine answers it with the solver on counts
(``engine/out_solver.py``) for every variant whose rules it reads; these tests hold it to
two references written apart from it, on positions reached by random play in every
built-in variant and in the test variants of ``role_variants`` (other wild cards, no
bonus cards, 3s that are naturals or stop cards):

* the going-out search that plays every division of the hand on copies of the game
  through the engine's checks (``Game._out_searched``, with no budget), and
* :func:`canasta_family.testing.going_out_sequence`, which tries every order of the
  legal plays through the public API (on hands small enough for it).

The big hands (30 to 60 cards, where the search needs seconds) are marked slow.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from role_variants import ROLE_PLUGINS, new_role_game

import canasta_family
from canasta_family import Game
from canasta_family.actions import Ask, Discard, TakePile
from canasta_family.engine.out_solver import OutSolver
from canasta_family.engine.rank_sets import _RankSearch, _wild_room
from canasta_family.testing import going_out_sequence

BUILT_IN = ("american-samba", "dutch-samba", "samba", "canasta", "pennies-from-heaven")
ROLES = tuple(plugin.__name__ for plugin in ROLE_PLUGINS)
PLAYERS = {"pennies-from-heaven": 6}


def _new(name: str, seed: int, players: int | None) -> Game:
    for plugin in ROLE_PLUGINS:
        if plugin.__name__ == name:
            return new_role_game(plugin, players=players or 2, seed=seed)
    return canasta_family.new_game(name, players=players or PLAYERS.get(name), seed=seed)


def _played(name: str, seed: int, steps: int, greedy: bool, players: int | None = None
            ) -> Game:
    """A game of ``name`` after ``steps`` random actions of its first hand (fewer if the
    hand ends); with ``greedy`` every player takes the pile whenever it may, so that
    hands grow big."""
    game = _new(name, seed, players)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = game.legal_actions()
        takes = [a for a in actions if isinstance(a, TakePile)] if greedy else []
        action = rng.choice(takes or list(actions))
        hand = game.hand_number
        after = game.clone()
        after.apply(action)
        if after.hand_number != hand or after.is_over:
            break
        game = after
    return game


def _searched(game: Game) -> bool:
    return game._out_searched(None)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(name=st.sampled_from(BUILT_IN + ROLES), seed=st.integers(0, 2**20),
       steps=st.integers(1, 220), greedy=st.booleans())
def test_AS_36_solver_answers_as_the_search_on_every_variant(
        name: str, seed: int, steps: int, greedy: bool) -> None:
    """AS-33, AS-35, AS-36: on positions of random play, the solver says a way out
    exists exactly when the search through the engine's checks, unbounded, finds one;
    and ``ask`` is legal exactly then (where asking is open)."""
    game = _played(name, seed, steps, greedy)
    assume(game.phase == "play")
    assume(game.hand_size(game.current_player) <= 24)  # bigger hands: the slow test
    assert game._s.count_solver
    solver = game._out_reachable()
    event(f"way out: {solver}")
    assert solver == _searched(game)
    seat = game.current_player
    partners = game.partners(seat)
    if partners and game.going_out_rules.partner_question and game.hand_size(seat) >= 2 \
            and game.partner_answer is None and not game.owes_initial_meld:
        assert game.is_legal(Ask(partner=partners[0])) == solver


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(name=st.sampled_from(BUILT_IN + ROLES), seed=st.integers(0, 2**20),
       steps=st.integers(1, 160))
def test_AS_36_solver_answers_as_every_order_of_legal_plays(
        name: str, seed: int, steps: int) -> None:
    """AS-36: on small hands the solver agrees with ``going_out_sequence``, which tries
    every order of the plays the public API accepts; a way out it finds really ends the
    turn with the player out."""
    game = _played(name, seed, steps, greedy=False)
    assume(game.phase == "play" and game.partner_answer is None)
    seat = game.current_player
    assume(game.hand_size(seat) <= 9)
    solver = game._out_reachable()
    witness = going_out_sequence(game)
    if witness is None and game.hand_size(seat) == 1:
        # The reference tries plays; with one card left the discard alone goes out.
        last = Discard(card=game.hand_cards(seat)[0])
        witness = [last] if game.is_legal(last) else None
    event(f"way out: {solver}")
    assert solver == (witness is not None)
    if witness is not None:
        for action in witness:
            game.apply(action)
        assert game.hand_results[-1].went_out == seat


@pytest.mark.slow
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(name=st.sampled_from(("american-samba", "dutch-samba", "samba", "canasta")),
       seed=st.integers(0, 2**20), steps=st.integers(60, 260))
def test_AS_36_solver_answers_as_the_search_on_big_hands(
        name: str, seed: int, steps: int) -> None:
    """AS-33, AS-36: hands of 30 to 60 cards (two players who take every pile they
    may): the solver agrees with the unbounded search, which is given the time it needs."""
    game = _played(name, seed, steps, greedy=True, players=2)
    assume(game.phase == "play")
    size = game.hand_size(game.current_player)
    assume(30 <= size <= 60)
    event(f"hand of {size // 10 * 10}+ cards")
    assert game._out_reachable() == _searched(game)


def _sequence_hand(stock: str) -> Game:
    """Seat 0 holds 5h 6h and draws the first two cards of ``stock`` (AS-14); its side
    holds two canastas, so that it may go out (AS-35)."""
    melds = (("Kh Kh Kd Kd Ks Ks Kc", "Qh Qh Qd Qd Qs Qs Qc"), ())
    game = canasta_family.new_game(
        "american-samba", players=4, seed=3,
        start=canasta_family.HandSetup(hands=("5h 6h", "4c 4d", "8c 8d", "10c 10d"),
                                       pile="6c 9s", dealer=3, to_play=0, melds=melds,
                                       stock=stock))
    game.apply("draw")
    return game


def test_AS_9_AS_36_solver_on_a_hand_that_goes_out_only_with_a_sequence() -> None:
    """AS-9, AS-35, AS-36: 5h 6h 7h and a card to discard go out through a sequence (the
    only meld those naturals make), so asking is legal; with 8h for the 7h they cannot."""
    game = _sequence_hand("7h 9c Jc Jd")
    assert sorted(str(c) for c in game.hand_cards(0)) == ["5h", "6h", "7h", "9c"]
    assert OutSolver(game).solve() and game.is_legal("ask 2")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert game.hand_results[-1].went_out == 0
    short = _sequence_hand("8h 9c Jc Jd")
    assert not OutSolver(short).solve() and not short.is_legal("ask 2")


@settings(max_examples=80, deadline=None)
@given(name=st.sampled_from(BUILT_IN + ROLES), data=st.data())
def test_AS_8_a_rank_takes_no_more_wild_cards_than_its_sets_have_room_for(
        name: str, data: st.DataObject) -> None:
    """AS-8 (at most 2 wild cards in a set; MS-3 and CC-3 alike): what a rank's sets can
    become with ``wild_most`` wild cards at hand is the same for every ``wild_most`` past
    the room the cap leaves (:func:`_wild_room`), which is what lets hands with more wild
    cards share one catalog entry."""
    game = _new(name, 1, None)
    ranks = sorted(int(rank) for rank in game._s.meld.set_ranks)
    rank = data.draw(st.sampled_from(ranks), label="rank")
    legal = [(nat, wild) for nat in range(1, 10) for wild in range(4)
             if game._set_problem(rank, nat, wild, True) is None]
    assume(legal)
    picked = data.draw(st.lists(st.sampled_from(legal), max_size=2), label="sets")
    shapes = tuple(sorted(
        (nat, wild, game._canasta_kind(False, rank, nat + wild, wild) or "")
        for nat, wild in picked))
    naturals = data.draw(st.integers(0, 7), label="naturals")
    room = _wild_room(game, naturals, shapes)
    wild_most = data.draw(st.integers(min(room, 12), 14), label="wild_most")
    wide = _RankSearch(game, rank).options(naturals, shapes, wild_most)
    event(f"room {min(room, 9)}{'+' if room > 9 else ''}")
    assert wide == _RankSearch(game, rank).options(naturals, shapes, min(wild_most, room))
    assert all(used <= room for used, _kinds in wide)
