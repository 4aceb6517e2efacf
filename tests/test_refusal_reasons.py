"""Refusals say the true reason (issue: rules fidelity, item 7).

On random positions of every built-in variant, every brute-force candidate action that
the engine refuses as against the rules must cite a rule the variant declares (one of its
``rule_ids``, so a topic never falls through as a bare name), and its message must not
contradict the phase the game is in — a draw-phase refusal never says the player has
already drawn, a play-phase one never says the player has not.
"""

from __future__ import annotations

import random

import pytest

import canasta_family
from canasta_family import IllegalActionError, InvalidActionError
from canasta_family.plugins import available_variants
from canasta_family.testing import brute_force_candidates

CONTRADICTIONS = {
    "draw": ("already drawn", "must first answer"),
    "play": ("before drawing", "must first answer"),
    "answer": ("already drawn", "before drawing"),
}


def positions(variant: str, players: int, seed: int, count: int) -> list[canasta_family.Game]:
    """``count`` positions reached by random legal play, with hands of at most 9 cards
    (the brute-force candidates grow with the hand)."""
    rng = random.Random(seed)
    game = canasta_family.new_game(variant, players=players, seed=seed)
    found: list[canasta_family.Game] = []
    steps = 0
    while len(found) < count and not game.is_over and steps < 3000:
        if game.hand_size(game.current_player) <= 9 and rng.random() < 0.3:
            found.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return found


@pytest.mark.parametrize("variant", [info.name for info in available_variants()
                                     if info.name in {"american-samba", "dutch-samba", "samba",
                                                      "canasta", "pennies-from-heaven"}])
def test_refusals_cite_a_declared_rule_true_to_the_phase(variant: str) -> None:
    info = canasta_family.find_variant(variant).info
    declared = set(info.rule_ids.values())
    checked = 0
    for players in info.players:
        for game in positions(variant, players, seed=players * 31, count=12):
            phase = game.phase
            for action in brute_force_candidates(game, max_meld=4):
                try:
                    game.verify(action)
                except InvalidActionError:
                    continue
                except IllegalActionError as err:
                    checked += 1
                    assert err.rule in declared, (
                        f"{variant}: {action} refused citing {err.rule!r}, not a rule the "
                        f"variant declares: {err}")
                    for words in CONTRADICTIONS[phase]:
                        assert words not in str(err), (
                            f"{variant}: in the {phase} phase {action} was refused with "
                            f"{str(err)!r}")
    assert checked > 100
