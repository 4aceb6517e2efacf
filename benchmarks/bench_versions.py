"""Two versions of the engine side by side (run by hand, not part of the test suite).

    python benchmarks/bench_versions.py [--base REF] [--head REF] [--variant NAME ...]
                                        [--players N] [--rounds N] [--seconds S]
                                        [--warmup S] [--listing-hands N] [--ismcts N]
                                        [--json FILE]

``REF`` is a git commit (anything ``git rev-parse`` accepts) or the path of a source tree
(a directory holding ``src/canasta_family``). The default compares commit ``8a0617d`` with
the working tree this script lies in.

Each measurement is a new interpreter with ``PYTHONPATH`` set to one tree's ``src``, so
both versions start as a new program does (empty memo tables) and neither sees the
other's modules. A worker plays uniformly random hands for ``--warmup`` seconds untimed,
then for ``--seconds`` seconds timed, and reports hands/s, actions/s and the time of every
``legal_actions()`` call. Rounds are interleaved — in each round every variant is measured
on both trees, the order of the two trees alternating from round to round — because this
shared machine's speed drifts by a quarter from one second to the next: drift then falls
on both versions alike. The figure to compare is the median over rounds, and the ratio
``head / base`` of those medians.

``--listing-hands N`` adds, per variant and tree, one worker that plays exactly ``N``
hands and reports the median, 99th percentile and largest single ``legal_actions()``
time seen (a listing of a 60-card hand must take milliseconds, not seconds).
``--ismcts N`` times ``ISMCTSPlayer`` at its default settings at a third of ``N``
decisions of seeded random play: playouts (iterations) per second.

Nothing here imports ``canasta_family`` in this process: the workers do, from the tree
they are given.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve()
REPOSITORY = HERE.parent.parent


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# --- the worker: runs in a fresh interpreter against one tree -------------------------

def _worker(request: dict[str, object]) -> dict[str, object]:
    import random

    import canasta_family
    from canasta_family.plugins import BUILTIN_VARIANTS

    tree = str(request["tree"])
    if not os.path.realpath(canasta_family.__file__).startswith(os.path.realpath(tree)):
        raise SystemExit(f"worker imported {canasta_family.__file__}, not the tree {tree}")
    if request.get("list"):
        return {"variants": list(BUILTIN_VARIANTS)}
    variant = str(request["variant"])
    info = canasta_family.find_variant(variant).info
    wanted = int(str(request["players"]))
    # A variant that cannot seat the players asked for (Pennies from Heaven: six only)
    # uses its own preferred count.
    players = wanted if wanted in info.players else info.preferred_players
    rng = random.Random(int(str(request["seed"])))
    game = canasta_family.new_game(variant, players=players, seed=rng.randrange(2**31))

    def one_hand(listing_times: list[float] | None) -> int:
        nonlocal game
        if game.is_over:
            game = canasta_family.new_game(variant, players=players,
                                           seed=rng.randrange(2**31))
        before = len(game.hand_results)
        actions = 0
        clock = time.perf_counter
        while len(game.hand_results) == before and not game.is_over:
            if listing_times is None:
                legal = game.legal_actions()
            else:
                start = clock()
                legal = game.legal_actions()
                listing_times.append(clock() - start)
            game.apply(rng.choice(legal))
            actions += 1
        return actions

    result: dict[str, object] = {"variant": variant, "players": players}
    if request.get("ismcts"):
        from canasta_family.players import ISMCTSPlayer

        # Decisions of the search player at its default settings, at the play and draw
        # decisions of seeded random play with more than one legal action.
        searcher = ISMCTSPlayer(seed=int(str(request["seed"])))
        iterations = 0
        spent = 0.0
        decisions = 0
        while decisions < int(str(request["ismcts"])):
            if game.is_over:
                game = canasta_family.new_game(variant, players=players,
                                               seed=rng.randrange(2**31))
            legal = game.legal_actions()
            if len(legal) > 1 and decisions % 3 == 0:
                start = time.perf_counter()
                searcher.choose_in_game(game)
                spent += time.perf_counter() - start
                iterations += searcher.last_iterations
            if len(legal) > 1:
                decisions += 1
            game.apply(rng.choice(legal))
        result.update(decisions=decisions, iterations=iterations,
                      playouts_per_s=iterations / spent)
        return result
    if request.get("hands"):
        times: list[float] = []
        for _ in range(int(str(request["hands"]))):
            one_hand(times)
        result.update(listings=len(times),
                      legal_us_median=statistics.median(times) * 1e6,
                      legal_us_p99=_percentile(times, 0.99) * 1e6,
                      legal_ms_max=max(times) * 1e3)
        return result
    deadline = time.perf_counter() + float(str(request["warmup"]))
    while time.perf_counter() < deadline:
        one_hand(None)
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + float(str(request["seconds"]))
    while time.perf_counter() < deadline:
        actions += one_hand(None)
        hands += 1
    elapsed = time.perf_counter() - start
    result.update(hands=hands, actions=actions, hands_per_s=hands / elapsed,
                  actions_per_s=actions / elapsed)
    return result


# --- the driver ------------------------------------------------------------------------

@contextmanager
def _tree(ref: str) -> Iterator[tuple[str, Path]]:
    """The source tree ``ref`` names: a directory as it is, or a commit unpacked into a
    temporary directory with ``git archive`` (only ``src/``, which is all a worker needs)."""
    path = Path(ref)
    if (path / "src" / "canasta_family").is_dir():
        yield f"dir:{path.resolve().name}", path.resolve()
        return
    commit = subprocess.run(["git", "-C", str(REPOSITORY), "rev-parse", "--short",
                             f"{ref}^{{commit}}"], check=True, capture_output=True,
                            text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix=f"canasta-{commit}-") as temporary:
        archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", "--format=tar",
                                  commit, "src"], check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(temporary, filter="data")
        yield commit, Path(temporary).resolve()


def _run_worker(tree: Path, request: dict[str, object]) -> dict[str, object]:
    environment = dict(os.environ, PYTHONPATH=str(tree / "src"), PYTHONHASHSEED="0")
    request = dict(request, tree=str(tree / "src"))
    done = subprocess.run([sys.executable, str(HERE), "--worker", json.dumps(request)],
                          env=environment, check=True, capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def _variant_names(tree: Path) -> list[str]:
    names = _run_worker(tree, {"list": True})["variants"]
    assert isinstance(names, list)
    return [str(name) for name in names]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--base", default="8a0617d", help="commit or source tree")
    parser.add_argument("--head", default=str(REPOSITORY), help="commit or source tree")
    parser.add_argument("--variant", action="append", default=[],
                        help="a variant to measure (repeatable); default every built-in "
                             "variant both trees know")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--listing-hands", type=int, default=0, metavar="N",
                        help="also play N hands per variant and tree, timing every "
                             "legal_actions() call")
    parser.add_argument("--ismcts", type=int, default=0, metavar="N",
                        help="also time ISMCTSPlayer (default settings) at a third of N "
                             "decisions of random play per variant and tree: playouts/s")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(_worker(json.loads(args.worker))))
        return

    with _tree(args.base) as (base_name, base), _tree(args.head) as (head_name, head):
        base_knows = _variant_names(base)
        known = [name for name in _variant_names(head) if name in base_knows]
        variants = args.variant or known
        trees = [(base_name, base), (head_name, head)]
        runs: dict[tuple[str, str], list[dict[str, object]]] = {}
        for round_index in range(args.rounds):
            order = trees if round_index % 2 == 0 else trees[::-1]
            for variant in variants:
                for name, tree in order:
                    figures = _run_worker(tree, {
                        "variant": variant, "players": args.players,
                        "seed": args.seed + round_index, "warmup": args.warmup,
                        "seconds": args.seconds})
                    runs.setdefault((variant, name), []).append(figures)
                    print(f"round {round_index + 1}  {variant:22s} {name:>12s} "
                          f"{figures['hands_per_s']:8.1f} hands/s "
                          f"{figures['actions_per_s']:10.0f} actions/s", flush=True)

        def each(extra: dict[str, object]) -> dict[tuple[str, str], dict[str, object]]:
            """One worker per variant and tree, with ``extra`` in its request."""
            return {(variant, name): _run_worker(tree, {
                        "variant": variant, "players": args.players, "seed": args.seed,
                        **extra})
                    for variant in variants for name, tree in trees}

        listings = each({"hands": args.listing_hands}) if args.listing_hands else {}
        searches = each({"ismcts": args.ismcts}) if args.ismcts else {}

    def median(variant: str, name: str, figure: str) -> float:
        return statistics.median(float(str(run[figure])) for run in runs[(variant, name)])

    print()
    print(f"medians of {args.rounds} interleaved rounds, {args.seconds:g} s each after "
          f"{args.warmup:g} s of warm-up, random play")
    print(f"| variant | players | {base_name} hands/s | {head_name} hands/s | ratio | "
          f"{base_name} actions/s | {head_name} actions/s | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    summary: dict[str, dict[str, object]] = {}
    for variant in variants:
        players = runs[(variant, head_name)][0]["players"]
        base_hands, head_hands = (median(variant, n, "hands_per_s")
                                  for n in (base_name, head_name))
        base_actions, head_actions = (median(variant, n, "actions_per_s")
                                      for n in (base_name, head_name))
        print(f"| {variant} | {players} | {base_hands:.1f} | {head_hands:.1f} | "
              f"{head_hands / base_hands:.2f}× | {base_actions:,.0f} | {head_actions:,.0f} "
              f"| {head_actions / base_actions:.2f}× |")
        summary[variant] = {"players": players, "base_hands_per_s": base_hands,
                            "head_hands_per_s": head_hands, "base_actions_per_s": base_actions,
                            "head_actions_per_s": head_actions,
                            "rounds": {name: runs[(variant, name)]
                                       for name in (base_name, head_name)}}
    if listings:
        print()
        print(f"legal_actions() over {args.listing_hands} hands")
        print("| variant | tree | listings | median µs | p99 µs | largest ms |")
        print("|---|---|---|---|---|---|")
        for (variant, name), figures in listings.items():
            print(f"| {variant} | {name} | {figures['listings']} | "
                  f"{float(str(figures['legal_us_median'])):.0f} | "
                  f"{float(str(figures['legal_us_p99'])):.0f} | "
                  f"{float(str(figures['legal_ms_max'])):.1f} |")
            summary[variant][f"listing_{name}"] = figures
    if searches:
        print()
        print("ISMCTSPlayer at its default settings (200 iterations a decision)")
        print(f"| variant | {base_name} playouts/s | {head_name} playouts/s | ratio |")
        print("|---|---|---|---|")
        for variant in variants:
            old, new = (float(str(searches[(variant, n)]["playouts_per_s"]))
                        for n in (base_name, head_name))
            print(f"| {variant} | {old:,.0f} | {new:,.0f} | {new / old:.2f}× |")
            summary[variant]["ismcts"] = {n: searches[(variant, n)]
                                          for n in (base_name, head_name)}
    if args.json:
        args.json.write_text(json.dumps({"base": base_name, "head": head_name,
                                         "variants": summary}, indent=2) + "\n")


if __name__ == "__main__":
    main()
