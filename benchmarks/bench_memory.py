"""Memory benchmark (run by hand, not part of the test suite).

    python benchmarks/bench_memory.py [--variant NAME] [--players N] [--hands N]
                                      [--every N] [--seed N] [--cache-limit N]

Plays ``--hands`` random hands in one process, new games as needed, and every ``--every``
hands prints the hands played, the resident set size (RSS, from ``/proc/self/status``; the
peak from ``resource`` where that is missing), the objects the cyclic garbage collector
tracks and how long one full ``gc.collect()`` takes there (the fastest of three). The
engine's memo tables are what grows: their limit (``--cache-limit``, see
``canasta_family.set_cache_limit``) is what bounds the RSS of a long simulation.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import time
from pathlib import Path

import canasta_family


def rss_mb() -> float:
    """The resident set size of this process in MB."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="american-samba")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=12_000)
    parser.add_argument("--every", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cache-limit", type=int, default=None,
                        help="entries a catalog of memo tables holds (default: the library's)")
    args = parser.parse_args()
    if args.cache_limit is not None:
        canasta_family.set_cache_limit(args.cache_limit)
    rng = random.Random(args.seed)
    game = canasta_family.new_game(args.variant, players=args.players, seed=args.seed)
    start = time.perf_counter()
    print(f"{args.variant}, {args.players} players: hands, RSS MB, tracked objects, "
          "full collection ms, seconds")
    for played in range(1, args.hands + 1):
        if game.is_over:
            game = canasta_family.new_game(args.variant, players=args.players,
                                           seed=rng.randrange(2**31))
        before = len(game.hand_results)
        while len(game.hand_results) == before and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if played % args.every == 0:
            tracked = len(gc.get_objects())
            # The fastest of three: a shared machine's other work only ever adds time.
            times = []
            for _ in range(3):
                began = time.perf_counter()
                gc.collect()
                times.append((time.perf_counter() - began) * 1000)
            collect_ms = min(times)
            print(f"{played:>7} {rss_mb():>9.1f} {tracked:>12,} {collect_ms:>9.1f} "
                  f"{time.perf_counter() - start:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
