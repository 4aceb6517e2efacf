"""Classic Canasta against a peer engine in OpenSpiel (run by hand, not in the suite).

    python benchmarks/bench_peer.py [--game NAME] [--rounds N] [--seconds S] [--players N]

The peer is any OpenSpiel game loadable with ``pyspiel.load_game(NAME)`` — by default
``canasta``, the game the ``canasta-openspiel`` package registers when imported (the
script imports ``canasta_openspiel`` first if it is installed). Both engines play
uniformly random games; rounds are interleaved, each measurement in a new interpreter
after ``--warmup`` seconds of untimed play, and the medians are compared. Our figure
counts hands and actions; the peer's counts games (a peer game is one hand unless the
peer says otherwise) and OpenSpiel actions, chance outcomes excluded.

When ``pyspiel`` or the peer game is absent the script says which and exits with
status 0: the comparison is skipped, not failed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import time

PEER_MODULE = "canasta_openspiel"


def _peer_present(name: str) -> bool:
    """Whether the peer game can be loaded (the reason printed when it cannot)."""
    try:
        import pyspiel
    except ImportError:
        print("skipped: pyspiel is not installed (pip install open_spiel)")
        return False
    with contextlib.suppress(ImportError):  # the peer may be registered some other way
        __import__(PEER_MODULE)
    if name not in pyspiel.registered_names():
        print(f"skipped: no OpenSpiel game named {name!r} is registered "
              f"(install the peer, e.g. canasta-openspiel)")
        return False
    return True


def _measure_ours(players: int, warmup: float, seconds: float, seed: int) -> dict[str, float]:
    import random

    import canasta_family

    rng = random.Random(seed)
    game = canasta_family.new_game("canasta", players=players, seed=seed)

    def hand() -> int:
        nonlocal game
        if game.is_over:
            game = canasta_family.new_game("canasta", players=players,
                                           seed=rng.randrange(2**31))
        before, actions = len(game.hand_results), 0
        while len(game.hand_results) == before and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        return actions

    return _timed(hand, warmup, seconds)


def _measure_peer(name: str, warmup: float, seconds: float, seed: int) -> dict[str, float]:
    import random

    import pyspiel

    __import__(PEER_MODULE)
    game = pyspiel.load_game(name)
    rng = random.Random(seed)

    def hand() -> int:
        state, actions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    return _timed(hand, warmup, seconds)


def _timed(hand: object, warmup: float, seconds: float) -> dict[str, float]:
    assert callable(hand)
    deadline = time.perf_counter() + warmup
    while time.perf_counter() < deadline:
        hand()
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        actions += hand()
        hands += 1
    elapsed = time.perf_counter() - start
    return {"hands_per_s": hands / elapsed, "actions_per_s": actions / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--game", default="canasta", help="the peer's OpenSpiel game name")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.worker:
        which, seed = args.worker.split(":")
        figures = (_measure_ours(args.players, args.warmup, args.seconds, int(seed))
                   if which == "ours" else
                   _measure_peer(args.game, args.warmup, args.seconds, int(seed)))
        print(json.dumps(figures))
        return
    if not _peer_present(args.game):
        return
    runs: dict[str, list[dict[str, float]]] = {"ours": [], "peer": []}
    for round_index in range(args.rounds):
        order = ["ours", "peer"] if round_index % 2 == 0 else ["peer", "ours"]
        for which in order:
            done = subprocess.run(
                [sys.executable, __file__, "--worker", f"{which}:{args.seed + round_index}",
                 "--game", args.game, "--players", str(args.players),
                 "--seconds", str(args.seconds), "--warmup", str(args.warmup)],
                check=True, capture_output=True, text=True)
            runs[which].append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"classic Canasta, random play, medians of {args.rounds} interleaved rounds")
    for figure in ("hands_per_s", "actions_per_s"):
        ours = statistics.median(run[figure] for run in runs["ours"])
        peer = statistics.median(run[figure] for run in runs["peer"])
        print(f"  {figure:14s} ours {ours:10.1f}  peer {peer:10.1f}  ratio {ours / peer:.2f}×")


if __name__ == "__main__":
    main()
