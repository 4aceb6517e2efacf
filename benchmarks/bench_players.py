"""Strength and cost of the computer players (run by hand; it takes a while).

    python benchmarks/bench_players.py strength [--games 1000] [--jobs 2] [--variants ...]
    python benchmarks/bench_players.py ismcts [--hands 250] [--time 0.25] [--log FILE]
    python benchmarks/bench_players.py ismcts-logs FILE [FILE ...]
    python benchmarks/bench_players.py speed [--games 20]
    python benchmarks/bench_players.py determinize
    python benchmarks/bench_players.py throughput [--games 40]

``strength``: HeuristicPlayer against RandomPlayer and GreedyPlayer in every built-in
variant, four players (two sides of two; six, three a side, where four cannot play),
the heuristic seats alternating with the opponent's, moved one seat on from game to game
(``rotate``) so the heuristic plays each side equally often; full games with fixed seeds
through the arena.

``ismcts``: ISMCTSPlayer against HeuristicPlayer in American Samba, two players, over
single hands (the first hand of seeded games, the search player alternating seats): a
hand is won by the higher hand score. Reports the win rate with its Wilson 95 %
interval, the mean score difference, the search player's decision times (mean, 99th
percentile, slowest, how many took over a second) and the garbage collector's pauses
inside those decisions and elsewhere.

``ismcts-logs``: the same summary from the per-hand logs of several ``ismcts`` runs
(seed ranges run side by side), with every decision time pooled.

``speed``: the time HeuristicPlayer takes per decision (mean, 99th percentile, slowest)
and per game, playing against GreedyPlayer in every built-in variant.

``determinize``: the cost of ``Game.determinize`` and of one more sample from a
``Determinizer`` at positions of a greedy game.

``throughput``: games/s of ``play_match`` with greedy players for 1 and 2 jobs.

Every line of results is printed and, with ``--out FILE``, appended to FILE as JSON.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import time
from pathlib import Path

import canasta_family
from canasta_family.arena import play_match, wilson_interval
from canasta_family.determinize import Determinizer
from canasta_family.players import GreedyPlayer, HeuristicPlayer, ISMCTSPlayer, decide
from canasta_family.plugins import all_variants


def _emit(out: str | None, record: dict[str, object]) -> None:
    print(json.dumps(record), flush=True)
    if out:
        with Path(out).open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record) + "\n")


def strength(args: argparse.Namespace) -> None:
    variants = args.variants or [v.info.name for v in all_variants()]
    for opponent in args.opponents:
        for variant in variants:
            allowed = canasta_family.find_variant(variant).info.players
            players = 4 if 4 in allowed else max(allowed)
            kinds = ["heuristic" if seat % 2 == 0 else opponent for seat in range(players)]
            result = play_match(variant, players=players, games=args.games, seed=args.seed,
                                jobs=args.jobs, rotate=True, max_actions=args.max_actions,
                                player_kinds=kinds)
            stats = {s.kind: s for s in result.summary()}["heuristic"]
            low, high = stats.ci
            _emit(args.out, {
                "bench": "strength", "variant": variant, "players": players,
                "opponent": opponent,
                "games": len(result.outcomes), "wins": stats.wins, "draws": stats.draws,
                "win_rate": round(stats.win_rate, 4), "ci95": [round(low, 4), round(high, 4)],
                "unfinished": stats.unfinished, "seconds": round(result.elapsed, 1),
                "jobs": result.jobs})


def _search_player(args: argparse.Namespace, seed: int) -> ISMCTSPlayer:
    return ISMCTSPlayer(iterations=args.iterations, time=args.time, seed=seed,
                        rollout=args.rollout, depth=args.depth, margin=args.margin)


class _CollectorWatch:
    """Times CPython's garbage collections (``gc.callbacks``), telling apart those that
    ran inside the search player's decisions from the rest."""

    def __init__(self) -> None:
        self.inside = False
        self.began = 0.0
        self.longest_inside = 0.0
        self.longest_outside = 0.0
        self.full_inside = 0
        self.full_outside = 0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.began = time.perf_counter()
            return
        spent = time.perf_counter() - self.began
        full = info["generation"] == 2
        if self.inside:
            self.longest_inside = max(self.longest_inside, spent)
            self.full_inside += full
        else:
            self.longest_outside = max(self.longest_outside, spent)
            self.full_outside += full


def ismcts(args: argparse.Namespace) -> None:
    wins = 0
    diffs: list[int] = []
    times: list[float] = []
    iterations: list[int] = []
    load_before = os.getloadavg()[0]
    watch = _CollectorWatch()
    gc.callbacks.append(watch)
    start = time.perf_counter()
    for index in range(args.hands):
        seed = args.seed + index
        game = canasta_family.new_game("american-samba", players=2, seed=seed)
        search = _search_player(args, seed)
        seat = index % 2
        bots: list[object] = [HeuristicPlayer(), HeuristicPlayer()]
        bots[seat] = search
        slowest = 0.0
        over = 0
        hand_times: list[float] = []
        while not game.hand_results:
            mover = game.current_player
            watch.inside = mover == seat
            began = time.perf_counter()
            action = decide(bots[mover], game)  # type: ignore[arg-type]
            spent = time.perf_counter() - began
            watch.inside = False
            if mover == seat:
                times.append(spent)
                hand_times.append(spent)
                slowest = max(slowest, spent)
                over += spent > 1.0
                if search.last_iterations:
                    iterations.append(search.last_iterations)
            game.apply(action)
        result = game.hand_results[0]
        diff = result.total(seat) - result.total(1 - seat)
        diffs.append(diff)
        wins += diff > 0
        if args.log:
            # One line per hand, so that an interrupted run still counts.
            with Path(args.log).open("a", encoding="utf-8") as handle:
                handle.write(json.dumps({"hand": index, "seed": seed, "seat": seat,
                                         "diff": diff, "won": diff > 0,
                                         "wins_so_far": wins,
                                         "slowest_s": round(slowest, 3),
                                         "decisions_over_1s": over,
                                         "decision_ms": [round(t * 1e3, 1)
                                                         for t in hand_times],
                                         "load": round(os.getloadavg()[0], 2)}) + "\n")
        if (index + 1) % 10 == 0:
            print(f"  {index + 1} hands: {wins} won", flush=True)
    gc.callbacks.remove(watch)
    low, high = wilson_interval(wins, args.hands)
    ordered = sorted(times)
    _emit(args.out, {
        "bench": "ismcts", "variant": "american-samba", "players": 2, "hands": args.hands,
        "seed": args.seed, "iterations": args.iterations, "time": args.time,
        "rollout": args.rollout, "depth": args.depth, "margin": args.margin, "wins": wins,
        "win_rate": round(wins / args.hands, 4), "ci95": [round(low, 4), round(high, 4)],
        "mean_diff": round(statistics.mean(diffs), 1),
        "decisions": len(times), "mean_decision_s": round(statistics.mean(times), 4),
        "p99_decision_s": round(ordered[int(0.99 * (len(ordered) - 1))], 3),
        "max_decision_s": round(ordered[-1], 3),
        "decisions_over_1s": sum(1 for t in times if t > 1.0),
        "mean_iterations": round(statistics.mean(iterations), 1) if iterations else 0,
        "gc_longest_in_decisions_s": round(watch.longest_inside, 4),
        "gc_full_in_decisions": watch.full_inside,
        "gc_longest_elsewhere_s": round(watch.longest_outside, 4),
        "gc_full_elsewhere": watch.full_outside,
        "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
        "seconds": round(time.perf_counter() - start, 1)})


def ismcts_logs(args: argparse.Namespace) -> None:
    """One summary of the per-hand logs of several ``ismcts`` runs (e.g. seed ranges run
    side by side in separate processes)."""
    hands = [json.loads(line) for name in args.logs
             for line in Path(name).read_text(encoding="utf-8").splitlines() if line]
    wins = sum(1 for hand in hands if hand["won"])
    low, high = wilson_interval(wins, len(hands))
    times = sorted(t / 1e3 for hand in hands for t in hand.get("decision_ms", []))
    record: dict[str, object] = {
        "bench": "ismcts-logs", "hands": len(hands), "wins": wins,
        "win_rate": round(wins / len(hands), 4), "ci95": [round(low, 4), round(high, 4)],
        "seat_wins": [sum(1 for h in hands if h["won"] and h["seat"] == seat)
                      for seat in (0, 1)],
        "seat_hands": [sum(1 for h in hands if h["seat"] == seat) for seat in (0, 1)],
        "mean_diff": round(statistics.mean(h["diff"] for h in hands), 1),
        "slowest_s": max(h["slowest_s"] for h in hands),
        "hands_with_decision_over_1s": sum(1 for h in hands if h["slowest_s"] > 1.0),
        "load": [min(h["load"] for h in hands), max(h["load"] for h in hands),
                 round(statistics.mean(h["load"] for h in hands), 2)]}
    if times:
        record.update({
            "decisions": len(times), "mean_decision_s": round(statistics.mean(times), 4),
            "p99_decision_s": round(times[int(0.99 * (len(times) - 1))], 3),
            "max_decision_s": round(times[-1], 3),
            "decisions_over_1s": sum(1 for t in times if t > 1.0)})
    _emit(args.out, record)


def speed(args: argparse.Namespace) -> None:
    for variant in [v.info.name for v in all_variants()]:
        allowed = canasta_family.find_variant(variant).info.players
        players = 4 if 4 in allowed else max(allowed)
        times: list[float] = []
        start = time.perf_counter()
        for index in range(args.games):
            game = canasta_family.new_game(variant, players=players, seed=args.seed + index)
            bots: list[object] = [HeuristicPlayer() if (seat + index) % 2 == 0
                                  else GreedyPlayer() for seat in range(players)]
            while not game.is_over:
                mover = game.current_player
                began = time.perf_counter()
                action = decide(bots[mover], game)  # type: ignore[arg-type]
                if isinstance(bots[mover], HeuristicPlayer):
                    times.append(time.perf_counter() - began)
                game.apply(action)
        ordered = sorted(times)
        _emit(args.out, {
            "bench": "speed", "variant": variant, "players": players, "games": args.games,
            "decisions": len(times), "mean_decision_ms": round(statistics.mean(times) * 1e3, 3),
            "p99_decision_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1e3, 2),
            "max_decision_ms": round(ordered[-1] * 1e3, 1),
            "seconds_per_game": round((time.perf_counter() - start) / args.games, 3)})


def determinize(args: argparse.Namespace) -> None:
    for variant in [v.info.name for v in all_variants()]:
        players = canasta_family.find_variant(variant).info.preferred_players
        game = canasta_family.new_game(variant, players=players, seed=1)
        bots = [GreedyPlayer() for _ in range(players)]
        full: list[float] = []
        more: list[float] = []
        rng = random.Random(0)
        while not game.is_over and len(game.actions) < 400:
            seat = game.current_player
            began = time.perf_counter()
            game.determinize(seat, rng)
            full.append(time.perf_counter() - began)
            sampler = Determinizer(game, seat)
            began = time.perf_counter()
            for _ in range(10):
                sampler.sample(rng)
            more.append((time.perf_counter() - began) / 10)
            game.apply(decide(bots[seat], game))
        _emit(args.out, {"bench": "determinize", "variant": variant, "players": players,
                         "positions": len(full),
                         "determinize_us": round(statistics.mean(full) * 1e6),
                         "sample_us": round(statistics.mean(more) * 1e6)})


def throughput(args: argparse.Namespace) -> None:
    for jobs in (1, 2):
        result = play_match("american-samba", players=4, games=args.games, seed=1, jobs=jobs)
        _emit(args.out, {"bench": "throughput", "variant": "american-samba", "players": 4,
                         "kind": "greedy", "jobs": jobs, "games": args.games,
                         "games_per_s": round(result.games_per_second, 2)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="bench", required=True)
    s = sub.add_parser("strength")
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--jobs", type=int, default=None)
    s.add_argument("--seed", type=int, default=2026)
    s.add_argument("--variants", nargs="*")
    s.add_argument("--opponents", nargs="*", default=["random", "greedy"])
    s.add_argument("--max-actions", type=int, default=20_000)
    m = sub.add_parser("ismcts")
    m.add_argument("--hands", type=int, default=250)
    m.add_argument("--iterations", type=int, default=None,
                   help="iterations per decision (default: none, the time budget alone)")
    m.add_argument("--time", type=float, default=0.25, help="seconds per decision")
    m.add_argument("--seed", type=int, default=7000)
    m.add_argument("--rollout", default="greedy", choices=["greedy", "heuristic"])
    m.add_argument("--depth", type=int, default=24)
    m.add_argument("--margin", type=float, default=0.03)
    m.add_argument("--log", default=None, help="append one JSON line per hand to this file")
    lg = sub.add_parser("ismcts-logs")
    lg.add_argument("logs", nargs="+", help="per-hand logs written by ismcts --log")
    sp = sub.add_parser("speed")
    sp.add_argument("--games", type=int, default=20)
    sp.add_argument("--seed", type=int, default=500)
    sub.add_parser("determinize")
    t = sub.add_parser("throughput")
    t.add_argument("--games", type=int, default=40)
    for p in sub.choices.values():
        p.add_argument("--out", default=None)
    args = parser.parse_args()
    {"strength": strength, "ismcts": ismcts, "ismcts-logs": ismcts_logs, "speed": speed,
     "determinize": determinize, "throughput": throughput}[args.bench](args)


if __name__ == "__main__":
    main()
