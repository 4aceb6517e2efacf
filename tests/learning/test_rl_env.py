"""The PettingZoo environment: PettingZoo's own checks, determinism, rewards, hiding."""

from __future__ import annotations

import warnings

import pytest

import canasta_family
from canasta_family.encoding import hand_reward, result_utilities
from canasta_family.testing import hidden_swap_twins, play_random

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402
from pettingzoo.test.seed_test import seed_test  # noqa: E402

from canasta_family.rl import env, raw_env  # noqa: E402

VARIANTS = [v.name for v in canasta_family.available_variants()]


def _quiet_api_test(e: object, cycles: int) -> None:
    with warnings.catch_warnings():
        # api_test warns that dict observations are not arrays: masked envs use dicts.
        warnings.simplefilter("ignore", UserWarning)
        api_test(e, num_cycles=cycles)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant: str) -> None:
    _quiet_api_test(env(variant), 150)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_through_the_end_of_an_episode(variant: str) -> None:
    fewest = min(canasta_family.find_variant(variant).info.players)
    e = env(variant, players=fewest, max_hands=1)
    _quiet_api_test(e, 2000)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test(variant: str) -> None:
    seed_test(lambda: env(variant), num_cycles=60)


def _play(variant: str, seed: int, steps: int) -> tuple[canasta_family.GameRecord, list[float]]:
    e = env(variant, max_hands=1)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total: list[float] = []
    for _agent in e.agent_iter(steps):
        obs, reward, terminated, truncated, _ = e.last()
        total.append(float(reward))
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return e.unwrapped.game.record(), total


@pytest.mark.parametrize("variant", VARIANTS)
def test_seeded_reset_reproduces_the_game(variant: str) -> None:
    first, rewards = _play(variant, 11, 600)
    again, rewards_again = _play(variant, 11, 600)
    other, _ = _play(variant, 12, 600)
    assert first == again and rewards == rewards_again
    assert len(first.actions) > 20
    assert first.seed != other.seed


def test_unseeded_resets_continue_the_seeded_sequence() -> None:
    a, b = raw_env(players=2), raw_env(players=2)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.game == b.game


def test_hand_and_game_rewards() -> None:
    e = env("american-samba", players=4, max_hands=1)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(10_000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = e.unwrapped.game
    assert len(game.hand_results) == 1 and not e.agents
    sheet = game.hand_results[0]
    from canasta_family.encoding import leading_sides

    utilities = result_utilities(game, leading_sides(game))
    for seat, agent in enumerate(e.possible_agents):
        expected = hand_reward(sheet, game.side_of(seat)) + utilities[seat]
        assert totals[agent] == pytest.approx(expected)
    assert sum(totals.values()) == pytest.approx(0.0)


def test_reward_scale_and_truncation() -> None:
    e = raw_env(players=2, max_steps=5, hand_reward_scale=0.001)
    e.reset(seed=1)
    for _ in range(5):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.hand_reward_scale == 0.001


def test_only_the_agent_to_act_has_a_mask_and_the_engine_observation() -> None:
    e = raw_env(players=4)
    e.reset(seed=2)
    acting = e.agent_selection
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        assert bool(mask.any()) == (agent == acting)
        assert ("engine_observation" in e.infos[agent]) == (agent == acting)
    legal = e.game.legal_actions()
    steps = {e.codec.steps_of(a)[0] for a in legal}
    assert set(np.flatnonzero(e.observe(acting)["action_mask"])) == steps


def test_every_legal_action_can_be_played_through_the_mask() -> None:
    for seed in range(6):
        base = canasta_family.new_game(players=4, seed=seed)
        play_random(base, 30 + 7 * seed, seed=seed)
        for action in base.legal_actions():
            e = raw_env(players=4)
            e.reset(seed=0)
            e.game = base.clone()
            e.builder = type(e.builder)(e.game, e.codec)
            e.agent_selection = e.possible_agents[e.game.current_player]
            for step in e.steps_for(action):
                assert e.observe(e.agent_selection)["action_mask"][step] == 1
                e.step(step)
            assert e.game.actions[-1] == action


def test_tensor_shows_no_hidden_card() -> None:
    game = canasta_family.new_game(players=4, seed=8)
    play_random(game, 25, seed=2)
    while game.phase != "draw":
        play_random(game, 1, seed=len(game.actions))
    assert game.side_melds(0) or game.side_melds(1)
    twins = hidden_swap_twins(game, 1)
    assert twins is not None
    plain, swapped = twins
    e = raw_env(players=4)
    for seat in (0, 2, 3):
        a = e.layout.encode(plain.observation(seat))
        b = e.layout.encode(swapped.observation(seat))
        assert a == b
    assert e.layout.encode(plain.observation(1)) != e.layout.encode(swapped.observation(1))


def test_render_ansi_shows_the_table() -> None:
    e = raw_env(players=2, render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    assert text is not None and "scores" in text and "player_" in text


def test_bad_settings_name_the_field() -> None:
    with pytest.raises(ValueError, match="max_hands"):
        raw_env(max_hands=0)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb")


def test_max_hand_truncates_before_an_explosive_listing() -> None:
    e = raw_env(players=2, max_hand=10)  # dealt hands of 15 already exceed it
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert not e.observe(e.agent_selection)["action_mask"].any()
    relaxed = raw_env(players=2, max_hand=40)
    relaxed.reset(seed=1)
    relaxed.step(int(np.flatnonzero(relaxed.observe(relaxed.agent_selection)
                                    ["action_mask"])[0]))
    assert not any(relaxed.truncations.values())
