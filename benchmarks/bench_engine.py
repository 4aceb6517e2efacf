"""Engine benchmark (run by hand, not part of the test suite).

    python benchmarks/bench_engine.py [--variant NAME] [--players N] [--hands N] [--games N]
                                      [--warmup N] [--fresh N]

Reports random-vs-random hands/s and actions/s, the share of that time Python's cyclic
garbage collector took, the median and 90th-percentile cost of
``legal_actions()`` (uncached, measured on fresh clones), ``apply()``, ``clone()`` and
``determinize()`` (a full game consistent with what the player to move knows), the number
of legal actions per decision (mean and max), and the time of a full game between greedy
players.

The engine memoises what it lists per rule set and process, so the first hands of a
process pay for building that memo. ``--warmup N`` plays N random hands first, untimed:
what a long simulation settles to.

One run of a few hundred hands lasts under a second, and this shared machine's speed
drifts by a quarter from one second to the next. ``--fresh N`` measures the random hands
in N new processes, one after another (each starts with empty memo tables, as a new
program does), and prints the median, lowest and highest of each figure: the median is
the figure to compare with a target.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import random
import statistics
import time

import canasta_family
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.plugins import BUILTIN_VARIANTS


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _play_random_hands(variant: str, players: int, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    game = canasta_family.new_game(variant, players=players, seed=seed)
    for _ in range(hands):
        if game.is_over:
            game = canasta_family.new_game(variant, players=players, seed=rng.randrange(2**31))
        before = len(game.hand_results)
        while len(game.hand_results) == before and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))


def bench_random_hands(variant: str, players: int, hands: int, seed: int,
                       warmup: int = 0) -> dict[str, float]:
    """Play ``hands`` hands between uniformly random players (after ``warmup`` untimed
    ones, with other seeds)."""
    if warmup:
        _play_random_hands(variant, players, warmup, seed + 7919)
    collecting = [0.0, 0.0]

    def clock(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collecting[1] = time.perf_counter()
        else:
            collecting[0] += time.perf_counter() - collecting[1]

    rng = random.Random(seed)
    hand_times: list[float] = []
    actions = 0
    counts: list[int] = []
    legal_times: list[float] = []
    apply_times: list[float] = []
    clone_times: list[float] = []
    determinize_times: list[float] = []
    sampler = random.Random(seed + 2)
    game = canasta_family.new_game(variant, players=players, seed=seed)
    done = 0
    gc.callbacks.append(clock)
    while done < hands:
        if game.is_over:
            game = canasta_family.new_game(variant, players=players, seed=rng.randrange(2**31))
        before = len(game.hand_results)
        start = time.perf_counter()
        while len(game.hand_results) == before and not game.is_over:
            legal = game.legal_actions()
            counts.append(len(legal))
            game.apply(rng.choice(legal))
            actions += 1
        hand_times.append(time.perf_counter() - start)
        done += 1
    gc.callbacks.remove(clock)
    # Per-call costs, measured apart from the loop above so timers do not inflate it.
    game = canasta_family.new_game(variant, players=players, seed=seed + 1)
    samples = 0
    while samples < 3000:
        if game.is_over:
            game = canasta_family.new_game(variant, players=players, seed=rng.randrange(2**31))
        t0 = time.perf_counter()
        copy = game.clone()
        t1 = time.perf_counter()
        copy._legal_cache = None  # measure the listing itself, not the cache
        t2 = time.perf_counter()
        legal = copy.legal_actions()
        t3 = time.perf_counter()
        action = rng.choice(legal)
        t4 = time.perf_counter()
        game.apply(action)
        t5 = time.perf_counter()
        if not game.is_over:
            t6 = time.perf_counter()
            game.determinize(game.current_player, sampler)
            determinize_times.append(time.perf_counter() - t6)
        clone_times.append(t1 - t0)
        legal_times.append(t3 - t2)
        apply_times.append(t5 - t4)
        samples += 1
    total = sum(hand_times)
    return {
        "hands": float(hands),
        "warmup_hands": float(warmup),
        "hands_per_s": hands / total,
        "actions_per_s": actions / total,
        "gc_share_percent": 100 * collecting[0] / total,
        "hand_ms_median": statistics.median(hand_times) * 1e3,
        "hand_ms_p90": _percentile(hand_times, 0.9) * 1e3,
        "actions_per_hand": actions / hands,
        "legal_per_decision_mean": statistics.fmean(counts),
        "legal_per_decision_max": float(max(counts)),
        "legal_us_median": statistics.median(legal_times) * 1e6,
        "legal_us_p90": _percentile(legal_times, 0.9) * 1e6,
        "apply_us_median": statistics.median(apply_times) * 1e6,
        "clone_us_median": statistics.median(clone_times) * 1e6,
        "determinize_us_median": statistics.median(determinize_times) * 1e6,
    }


def bench_fresh_processes(variant: str, players: int, hands: int, seed: int, warmup: int,
                          processes: int) -> dict[str, tuple[float, float, float]]:
    """:func:`bench_random_hands` in ``processes`` new processes run one after another
    (never two at once, which would share the cores): (median, lowest, highest) of each
    figure."""
    runs: list[dict[str, float]] = []
    context = multiprocessing.get_context("spawn")  # a new interpreter, no inherited memo
    for _ in range(processes):
        with context.Pool(1) as pool:
            runs.append(pool.apply(bench_random_hands, (variant, players, hands, seed,
                                                        warmup)))
    return {name: (statistics.median(run[name] for run in runs),
                   min(run[name] for run in runs), max(run[name] for run in runs))
            for name in runs[0]}


def bench_greedy_games(variant: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Full games between greedy players."""
    times: list[float] = []
    hands: list[int] = []
    for index in range(games):
        game = canasta_family.new_game(variant, players=players, seed=seed + index)
        start = time.perf_counter()
        play_game(game, [GreedyPlayer() for _ in range(players)])
        times.append(time.perf_counter() - start)
        hands.append(len(game.hand_results))
    return {
        "games": float(games),
        "game_s_median": statistics.median(times),
        "hands_per_game_mean": statistics.fmean(hands),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="american-samba",
                        help="a variant name, or 'all' for every built-in variant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--warmup", type=int, default=0,
                        help="random hands played untimed first (a long run's steady state)")
    parser.add_argument("--fresh", type=int, default=0, metavar="N",
                        help="measure the random hands in N new processes, one after "
                             "another, and print median, lowest and highest")
    args = parser.parse_args()
    variants = list(BUILTIN_VARIANTS) if args.variant == "all" else [args.variant]
    for variant in variants:
        info = canasta_family.find_variant(variant).info
        # A variant that cannot seat --players (Pennies from Heaven: six only) uses its own.
        players = args.players if args.players in info.players else info.preferred_players
        print(f"{variant}, {players} players")
        if args.fresh:
            print(f"  {args.fresh} new processes: median, lowest, highest")
            for name, (middle, low, high) in bench_fresh_processes(
                    variant, players, args.hands, args.seed, args.warmup,
                    args.fresh).items():
                print(f"  random  {name:26s} {middle:12.1f} {low:12.1f} {high:12.1f}")
        else:
            for name, value in bench_random_hands(variant, players, args.hands,
                                                  args.seed, args.warmup).items():
                print(f"  random  {name:26s} {value:12.1f}")
        for name, value in bench_greedy_games(variant, players, args.games,
                                              args.seed).items():
            print(f"  greedy  {name:26s} {value:12.3f}")


if __name__ == "__main__":
    main()
