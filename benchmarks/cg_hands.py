"""Random hands for an instruction count under callgrind (run by hand, not in the tests).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \\
        --toggle-collect=functools_reduce \\
        python benchmarks/cg_hands.py VARIANT WARMUP HANDS [--gc]

plays ``WARMUP`` random hands untimed (the memo's steady state), then ``HANDS`` more
inside ``functools.reduce``, which nothing else here calls: callgrind counts only those.
Games have the variant's usual player count (four; six in Pennies from Heaven).
``benchmarks/cg_check.py`` runs this for every built-in variant and compares with a
baseline (``docs/guards.md``). The collector is off unless ``--gc`` is given, since
whether a full collection falls inside the window depends on everything a change leaves
behind. String hashes are seeded at random unless ``PYTHONHASHSEED`` is set, and dict
probing moves the count by up to 1 %. Add ``--cache-sim=yes`` for first- and last-level
cache misses. The wall clock on a shared machine drifts by a quarter from one run to the
next; instruction counts of the same code and seeds agree within 0.1 %.
"""

from __future__ import annotations

import functools
import gc
import random
import sys

import canasta_family


def play(variant: str, hands: int, seed: int) -> canasta_family.Game:
    """Play ``hands`` hands between uniformly random players, new games as needed."""
    rng = random.Random(seed)
    players = canasta_family.find_variant(variant).info.preferred_players
    game = canasta_family.new_game(variant, players=players, seed=seed)
    for _ in range(hands):
        if game.is_over:
            game = canasta_family.new_game(variant, players=players,
                                           seed=rng.randrange(2**31))
        before = len(game.hand_results)
        while len(game.hand_results) == before and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
    return game


def main() -> None:
    variant, warmup, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if "--gc" not in sys.argv[4:]:
        gc.disable()
    play(variant, warmup, 2026 + 7919)
    functools.reduce(lambda _a, _b: play(variant, hands, 2026), [0, 0])


if __name__ == "__main__":
    main()
