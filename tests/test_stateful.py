"""Property tests for American Samba, built on :mod:`canasta_family.testing`.

A hypothesis state machine per table size (2, 4 and 6 players) plays legal actions,
bursts of play, illegal candidates and moves by the wrong seat, checking the invariants
after every step (design § Tests). Property tests then check the same invariants one by
one over random games: cards are conserved, observations never leak hidden cards,
actions are validated before anything changes, listing the legal actions changes nothing,
clones are independent and a record replays to the same game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta_family
from canasta_family import (
    CanastaError,
    Game,
    HandSetup,
    IllegalActionError,
    InvalidActionError,
    MakeMeld,
    TakePile,
)
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.testing import (
    arranged_setups,
    candidate_actions,
    check_candidate,
    check_cards_conserved,
    check_clone_and_replay,
    check_hidden_swap,
    check_legal_actions_pure,
    check_listed_actions,
    check_listing_complete,
    check_observation_hides,
    check_refusal_leaves_state,
    deck_counts,
    games,
    hand_limit_reached,
    hidden_swap_twins,
    make_game_machine,
    mirror_setup,
    play_random,
    seeds,
)

VARIANT = "american-samba"
SEATS = st.sampled_from((2, 4, 6))

# --- the state machines ------------------------------------------------------------------

TestAmericanSamba2 = make_game_machine(VARIANT, players=2).TestCase
TestAmericanSamba4 = make_game_machine(VARIANT, players=4).TestCase
TestAmericanSamba6 = make_game_machine(VARIANT, players=6).TestCase


# --- conservation ------------------------------------------------------------------------


@given(players=SEATS, seed=seeds(), play_seed=seeds(), steps=st.integers(1, 150))
def test_cards_conserved_over_random_play(players: int, seed: int, play_seed: int,
                                          steps: int) -> None:
    """Every card of the deck is in exactly one place after every action (AS-2)."""
    game = canasta_family.new_game(VARIANT, players=players, seed=seed)
    check_cards_conserved(game)
    for step in range(steps):
        if game.is_over or hand_limit_reached(game):
            break
        play_random(game, 1, seed=play_seed + step)
        check_cards_conserved(game)


# --- hidden information ------------------------------------------------------------------


@given(players=SEATS, seed=seeds(), play_seed=seeds(), steps=st.integers(1, 60),
       data=st.data())
def test_observations_never_leak(players: int, seed: int, play_seed: int, steps: int,
                                 data: st.DataObject) -> None:
    """At every step every seat sees its own hand and public facts only; and two games
    that differ only in cards hidden from a seat (another seat's card exchanged with a
    stock card) look the same to it, also while both are played on in step."""
    game = canasta_family.new_game(VARIANT, players=players, seed=seed)
    twin_checks = 0
    for step in range(steps):
        if game.is_over or hand_limit_reached(game):
            break
        check_observation_hides(game, twins=False)
        if game.phase == "draw" and twin_checks < 2 and data.draw(st.booleans(), "twins"):
            seat = data.draw(st.integers(0, players - 1), "swapped seat")
            card = data.draw(st.sampled_from(game.hand_cards(seat)), "hidden card")
            depth = data.draw(st.integers(0, 3), "stock index")
            check_hidden_swap(game, seat, hand_card=card, stock_index=depth, steps=12)
            twin_checks += 1
        play_random(game, 1, seed=play_seed + step)
    check_observation_hides(game, twins=False)


@given(game=games(VARIANT, SEATS, steps=st.integers(0, 120)))
def test_mirrored_position_is_the_same_deal(game: Game) -> None:
    """A position dealt again from :func:`mirror_setup` (a HandSetup) has the same hands,
    stock order, pile, melds, red 3s and player to move — what the hidden-card twins
    rely on."""
    while game.phase != "draw" and not game.is_over:
        play_random(game, 1, seed=len(game.actions), max_hand=None)
    if game.is_over or not all(game.hand_size(p) for p in range(game.num_players)):
        return
    copy = canasta_family.new_game(VARIANT, players=game.num_players, seed=game.seed,
                                   start=mirror_setup(game))
    assert copy.current_player == game.current_player
    assert copy.phase == "draw"
    for seat in range(game.num_players):
        assert copy.hand_cards(seat) == game.hand_cards(seat)
    assert copy.stock_cards() == game.stock_cards()
    assert copy.pile == game.pile
    for side in range(len(game.sides)):
        assert copy.side_melds(side) == game.side_melds(side)
        assert copy.side_red_threes(side) == game.side_red_threes(side)
        assert copy.has_initial_meld(side) == game.has_initial_meld(side)
    check_cards_conserved(copy)


def test_hidden_swap_twins_differ_only_in_hidden_cards() -> None:
    """The twins really differ (one hand and the stock) and still look alike to every
    other seat; the seat whose hand changed sees its own new hand."""
    game = canasta_family.new_game(VARIANT, players=4, seed=21)
    twins = hidden_swap_twins(game, seat=2)
    assert twins is not None
    plain, swapped = twins
    assert plain.hand_cards(2) != swapped.hand_cards(2)
    assert plain.stock_cards() != swapped.stock_cards()
    for seat in (0, 1, 3):
        assert plain.observation(seat) == swapped.observation(seat)
    assert plain.observation(2).hand != swapped.observation(2).hand
    assert check_hidden_swap(game, seat=2, steps=30)


# --- validation before mutation ----------------------------------------------------------


@given(game=games(VARIANT, SEATS, steps=st.integers(0, 120)), data=st.data())
def test_random_candidates_legal_exactly_when_listed(game: Game, data: st.DataObject) -> None:
    """Random candidate actions (mostly illegal: cards not held, non-melds, unlisted pile
    takes, wrong seats) are accepted exactly when listed; a refused one raises a
    CanastaError and leaves the game, its snapshot and its legal actions unchanged."""
    for _ in range(15):
        action, player = data.draw(candidate_actions(game), "candidate")
        check_candidate(game, action, player=player)


def _arranged_four() -> Game:
    """Seat 1 to play; the pile (top 9h) is frozen by the 2c in it; no side has melded."""
    setup = HandSetup(
        hands=("4h 4s 6d 8c Jd", "7h 7s 9c 9d Kd Qs 4c 5c", "5h 6h 8s Qc", "Ah Ad 10c Js"),
        pile="8d 2c 9h",
        stock="Qs Qh Jh 10d 6c 5d 4d 8h",
    )
    return canasta_family.new_game(VARIANT, players=4, seed=1, start=setup)


def test_AS_15_AS_23_explicit_illegal_actions_refused_without_change() -> None:
    """Hand-picked illegal actions, before and after the draw, are all refused with a
    CanastaError and change nothing (design §7: validation before mutation)."""
    game = _arranged_four()
    assert game.current_player == 1 and game.phase == "draw"
    before_draw = [
        "discard 9c",              # AS-15: draw first
        "meld 7h 7s Kd",           # melding before drawing, and not a meld
        "take-pile onto 0",        # no meld 0
        "take-pile 7h 7s",         # not the top card's rank
        "take-pile 9c 9d",         # AS-23: 9h 9c 9d = 30, + 10 for 7h 7s with the pile's 2c
        "answer yes",              # nobody asked
        "pass",                    # the stock is not empty
        "retract",                 # nothing to take back
    ]
    for text in before_draw:
        check_refusal_leaves_state(game, text)
    error = check_refusal_leaves_state(game, "draw", player=3)
    assert isinstance(error, InvalidActionError) and error.field == "player"
    assert check_refusal_leaves_state(game, "take-pile 9c 9d").rule == "AS-23"

    game.apply("draw")
    assert game.phase == "play"
    after_draw = [
        "draw",                    # already drawn
        "discard Ac",              # not held
        "meld 7h 7s",              # two cards are no meld (AS-8)
        "meld 4c 5c 7h",           # neither a set nor a sequence
        "meld 9c 9d Kd",           # mixed ranks
        "lay-off 0 7h",            # no meld 0
        "merge 0 1",               # no melds
        "ask 3",                   # cannot go out (AS-35/36)
        "take-pile 9c 9d",         # the draw is over
    ]
    for text in after_draw:
        check_refusal_leaves_state(game, text)
    error = check_refusal_leaves_state(game, "discard Ac")
    assert isinstance(error, InvalidActionError) and error.field == "card"
    error = check_refusal_leaves_state(game, MakeMeld(cards=game.hand_cards(1)[:2]))
    assert isinstance(error, IllegalActionError)
    check_refusal_leaves_state(game, TakePile(), player=None)
    check_refusal_leaves_state(game, "discard 9c", player=2)
    check_cards_conserved(game)


@given(setup=arranged_setups(VARIANT, players=4), seed=seeds(), data=st.data())
def test_arranged_deals_refuse_candidates_without_change(setup: HandSetup, seed: int,
                                                         data: st.DataObject) -> None:
    """From small random deals (short hands, short stock, every initial minimum), the
    cards are conserved and random candidates are legal exactly when listed."""
    game = canasta_family.new_game(VARIANT, players=4, seed=seed, start=setup)
    check_cards_conserved(game)
    for step in range(12):
        if game.is_over or hand_limit_reached(game):
            break
        for _ in range(3):
            action, player = data.draw(candidate_actions(game), "candidate")
            check_candidate(game, action, player=player)
        play_random(game, 1, seed=seed + step)
        check_cards_conserved(game)


@given(setup=arranged_setups(VARIANT, players=4, max_hand=7), seed=seeds())
def test_listing_complete_on_small_deals(setup: HandSetup, seed: int) -> None:
    """On small positions every brute-force candidate (discards, melds, lay-offs, pile
    takes, merges, questions, answers...) is legal exactly when legal_actions() lists it,
    through a few turns of play."""
    game = canasta_family.new_game(VARIANT, players=4, seed=seed, start=setup)
    for step in range(10):
        if game.is_over or game.hand_size(game.current_player) > 9:
            break
        check_listing_complete(game)
        play_random(game, 1, seed=seed + step)


@given(game=games(VARIANT, SEATS, steps=st.integers(0, 200), greedy=0.9))
def test_listing_complete_in_played_games(game: Game) -> None:
    """In positions reached by play, whenever the hand to move is short, brute-force
    candidates are legal exactly when listed."""
    if not game.is_over and game.hand_size(game.current_player) <= 9:
        check_listing_complete(game)


def test_refused_actions_are_canasta_errors() -> None:
    """Malformed text is refused with a CanastaError too, and changes nothing."""
    game = _arranged_four()
    for text in ("nonsense", "meld", "discard Xx", "lay-off x 7h", "ask"):
        error = check_refusal_leaves_state(game, text)
        assert isinstance(error, CanastaError)


# --- listing, clones, records ------------------------------------------------------------


@given(game=games(VARIANT, SEATS, steps=st.integers(0, 150)))
def test_legal_actions_never_change_the_game(game: Game) -> None:
    """Listing the legal actions leaves the snapshot as it was, answers the same twice,
    the cached list equals a fresh one, and every listed action applies."""
    if game.is_over:
        assert game.legal_actions() == ()
        return
    check_legal_actions_pure(game)
    check_listed_actions(game, limit=12)


@given(game=games(VARIANT, SEATS, steps=st.integers(0, 120)), play_seed=seeds(),
       steps=st.integers(1, 40))
def test_clone_is_independent(game: Game, play_seed: int, steps: int) -> None:
    """Playing on a clone leaves the original equal to its earlier snapshot, and playing
    on the original leaves the clone alone."""
    if game.is_over:
        return
    before = game.snapshot()
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    play_random(copy, steps, seed=play_seed)
    assert game.snapshot() == before
    assert copy != game
    copy_state = copy.snapshot()
    game.apply(game.legal_actions()[-1])
    play_random(game, steps, seed=play_seed + 1)
    assert copy.snapshot() == copy_state
    check_cards_conserved(game)
    check_cards_conserved(copy)


@settings(max_examples=20)
@given(game=games(VARIANT, SEATS, steps=st.integers(0, 300)))
def test_replay_of_record_equals_game(game: Game, tmp_path_factory: pytest.TempPathFactory
                                      ) -> None:
    """``replay(game.record())`` equals the game — from the record, its JSON text and a
    saved file — and so does a clone."""
    check_clone_and_replay(game)
    path = Path(tmp_path_factory.mktemp("records")) / "game.json"
    game.record().save(path)
    assert canasta_family.replay(path) == game
    assert canasta_family.replay(path).legal_actions() == game.legal_actions()


@settings(max_examples=3)
@given(players=SEATS, seed=seeds(), data=st.data())
def test_AS_42_finished_game_refuses_everything(players: int, seed: int, data: st.DataObject
                                                ) -> None:
    """Once a game is over (AS-42) nothing is legal, every candidate is refused without
    change, and the finished game still clones and replays to itself."""
    game = canasta_family.new_game(VARIANT, players=players, seed=seed)
    play_game(game, [GreedyPlayer() for _ in range(players)])
    assert game.is_over and game.result is not None
    assert max(game.scores) >= 10_000
    assert game.legal_actions() == ()
    for _ in range(10):
        action, player = data.draw(candidate_actions(game), "candidate")
        assert not check_candidate(game, action, player=player)
    check_cards_conserved(game)
    check_observation_hides(game)
    check_clone_and_replay(game)


def test_AS_2_deck_counts_the_checks_compare_with() -> None:
    """The deck the checks compare with is AS-2's: 162 cards, three of each card and six
    jokers."""
    counts = deck_counts(canasta_family.new_game(VARIANT, players=4, seed=0))
    assert sum(counts) == 162
    assert counts[52] == 6
    assert set(counts[:52]) == {3}


def test_AS_23_hidden_swap_stops_where_a_drawing_movers_count_differs() -> None:
    """AS-23: after an initial pile take only the cards held before it count, and the
    mover sees its own count. Seat 0's hand swapped with the stock changes what seat 1
    then draws, so seat 1's count after its take may differ between the twins without
    anything hidden showing: the twin check stops there rather than calling it a leak."""
    machine = make_game_machine(VARIANT, players=2)()
    machine.deal(seed=1524349)
    machine.listed_actions_accepted()
    machine.observations_hide()
    machine.teardown()
