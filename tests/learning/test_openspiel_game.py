"""The OpenSpiel game: pyspiel's own random simulation test, serialization, hiding."""

from __future__ import annotations

import pytest

import canasta_family

pyspiel = pytest.importorskip("pyspiel")

import canasta_family.openspiel  # noqa: E402  (registers the game)

VARIANTS = [v.name for v in canasta_family.available_variants()]


def _load(text: str) -> object:
    return pyspiel.load_game(f"python_canasta_family({text})")


@pytest.mark.parametrize("variant", VARIANTS)
def test_pyspiel_random_sim_test(variant: str) -> None:
    game = _load(f"variant={variant},max_moves=150,deal_seeds=1000")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_through_a_full_hand() -> None:
    game = _load("players=2,max_hands=1,max_moves=5000,deal_seeds=50")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _advance(state: object, steps: int, pick: int = 0) -> None:
    for i in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(17)
            continue
        legal = state.legal_actions()
        state.apply_action(legal[(i * 7 + pick) % len(legal)])


def test_parameters_and_sizes() -> None:
    game = _load("variant=dutch-samba,players=4")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 441
    assert game.max_chance_outcomes() == 100_000
    assert game.get_parameters()["variant"] == "dutch-samba"
    assert game.observation_tensor_size() == game.layout.size
    two = _load("variant=canasta,players=2")
    assert two.num_players() == 2 and two.num_distinct_actions() == 349


def test_unknown_variant_and_bad_caps_are_refused() -> None:
    with pytest.raises(canasta_family.UnknownVariantError, match="unknown variant 'nope'"):
        _load("variant=nope")
    with pytest.raises(ValueError, match="max_moves"):
        _load("max_moves=0")


def test_deal_is_a_chance_node_and_seeds_the_engine() -> None:
    game = _load("players=4")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 100_000
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(99)
    fresh = canasta_family.new_game(players=4, seed=99)
    assert state.engine == fresh
    assert state.current_player() == fresh.current_player
    assert "99" not in state.information_state_string(0).split("recall:")[0]


def test_a_step_is_an_engine_step_and_legal_actions_follow_the_engine() -> None:
    game = _load("players=4")
    state = game.new_initial_state()
    state.apply_action(3)
    engine = state.engine
    starts = sorted({game.codec.steps_of(a)[0] for a in engine.legal_actions()})
    assert state.legal_actions() == starts


def test_serialize_round_trip_mid_action() -> None:
    game = _load("variant=samba,players=4,max_moves=400")
    state = game.new_initial_state()
    _advance(state, 120, pick=3)
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert state2.engine == state.engine
    assert state2.builder.pending == state.builder.pending
    assert state2.information_state_string(1) == state.information_state_string(1)
    again = game.deserialize_state(state.serialize())
    assert again.observation_tensor(2) == state.observation_tensor(2)


def test_clone_is_independent() -> None:
    game = _load("players=2")
    state = game.new_initial_state()
    _advance(state, 40)
    copy = state.clone()
    assert copy.engine == state.engine and copy.engine is not state.engine
    _advance(copy, 10, pick=1)
    assert copy.history() != state.history()
    assert len(state.engine.actions) <= len(copy.engine.actions)


def test_observation_and_information_state_hide_other_hands() -> None:
    game = _load("players=4")
    state = game.new_initial_state()
    _advance(state, 60)
    engine = state.engine
    for seat in range(4):
        text = state.observation_string(seat)
        own = " ".join(str(c) for c in engine.hand_cards(seat))
        assert own in text
        for other in range(4):
            hand = " ".join(str(c) for c in engine.hand_cards(other))
            if other != seat and hand != own:
                assert hand not in state.information_state_string(seat)
    assert state.observation_tensor(0) != state.observation_tensor(1)


def test_capped_game_is_scored_by_the_leading_side() -> None:
    game = _load("players=2,max_moves=30")
    state = game.new_initial_state()
    _advance(state, 100)
    assert state.is_terminal() and len(state.history()) == 31
    assert state.returns() == [0.0, 0.0]  # no hand finished: every side ties at 0


def test_full_hand_returns_are_zero_sum_and_follow_the_scores() -> None:
    game = _load("players=4,max_hands=1,max_moves=20000")
    state = game.new_initial_state()
    _advance(state, 20000, pick=2)
    assert state.is_terminal()
    engine = state.engine
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    scores = engine.scores
    if scores[0] != scores[1]:
        leader = 0 if scores[0] > scores[1] else 1
        assert returns[engine.side_members(leader)[0]] == 1.0


def test_max_hand_ends_the_game_like_a_cap() -> None:
    game = _load("players=2,max_hand=10")
    state = game.new_initial_state()
    state.apply_action(1)
    assert not state.is_terminal()  # the check follows each step
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    with pytest.raises(ValueError, match="max_hand"):
        _load("max_hand=-1")
