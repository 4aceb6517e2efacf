"""Learning-adapter benchmark (run by hand, not part of the test suite).

    python benchmarks/bench_rl.py [--variant NAME] [--players N] [--hands N] [--max-hand N]

Measures, for random play of single hands (each adapter capped at one hand):

* the raw engine: engine actions/s, a uniformly random choice among ``legal_actions()``
  each time;
* the PettingZoo environment: env steps/s and engine actions/s, a uniformly random step
  among the masked ones, observations (tensor and mask) built for the agent to act
  every step, as a training loop would;
* the OpenSpiel game: random playouts/s of one hand (from the deal to the end of the
  hand) and steps/s, a uniformly random legal step each time.

All three stop a hand early, the same way, once a seat whose side has not made its initial
meld holds more than ``--max-hand`` cards (default 20, as the testing toolkit's random
play; 0 for no limit): past that the engine's listing of initial pile takes can grow to
millions of actions (see ``hand_limit_exceeded``), and random step policies, which take
the pile and retract often, get there far more often than random action policies.

Needs the ``rl`` and ``openspiel`` extras. Prints the machine's load average too, since
the numbers depend on it.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np
import pyspiel

import canasta_family
import canasta_family.openspiel  # registers the game
from canasta_family.encoding import hand_limit_exceeded
from canasta_family.rl import raw_env


def bench_engine(variant: str, players: int, hands: int, limit: int | None
                 ) -> tuple[float, float]:
    """Engine actions/s and hands/s of random play, one hand per game."""
    rng = random.Random(0)
    actions = 0
    start = time.perf_counter()
    for seed in range(hands):
        game = canasta_family.new_game(variant, players=players, seed=seed)
        while not game.hand_results and not hand_limit_exceeded(game, limit):
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, hands / elapsed


def bench_pettingzoo(variant: str, players: int, hands: int, limit: int | None
                     ) -> tuple[float, float, float]:
    """Env steps/s, engine actions/s and hands/s of random masked play."""
    env = raw_env(variant, players=players, max_hands=1, max_hand=limit)
    rng = np.random.default_rng(0)
    steps = actions = 0
    start = time.perf_counter()
    for seed in range(hands):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        actions += len(env.game.actions)
    elapsed = time.perf_counter() - start
    return steps / elapsed, actions / elapsed, hands / elapsed


def bench_openspiel(variant: str, players: int, hands: int, limit: int | None
                    ) -> tuple[float, float]:
    """Random playouts/s (one hand each) and steps/s."""
    game = pyspiel.load_game(f"python_canasta_family(variant={variant},players={players},"
                             f"max_hands=1,max_hand={limit or 0})")
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    for seed in range(hands):
        state = game.new_initial_state()
        state.apply_action(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, steps / elapsed


def main() -> None:
    """Run the three measurements and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default=canasta_family.DEFAULT_VARIANT)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--max-hand", type=int, default=20)
    args = parser.parse_args()
    limit = args.max_hand or None
    print(f"{args.variant}, {args.players} players, {args.hands} random hands each, "
          f"max hand {limit}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    engine_aps, engine_hps = bench_engine(args.variant, args.players, args.hands, limit)
    print(f"raw engine:   {engine_aps:8.0f} actions/s  {engine_hps:6.1f} hands/s")
    steps, actions, hands = bench_pettingzoo(args.variant, args.players, args.hands, limit)
    print(f"PettingZoo:   {steps:8.0f} steps/s    {actions:8.0f} actions/s  "
          f"{hands:6.1f} hands/s")
    playouts, os_steps = bench_openspiel(args.variant, args.players, args.hands, limit)
    print(f"OpenSpiel:    {os_steps:8.0f} steps/s    {playouts:8.2f} playouts/s "
          "(one hand each)")


if __name__ == "__main__":
    main()
