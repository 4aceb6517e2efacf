"""The engine's hook calls answer as pluggy's own calls do.

The engine calls a hook's implementations directly, in the order pluggy would, once the
plugin manager is fixed (``_Static.call``; docs/hooks.md, "How the engine calls hooks").
Here every hook call of seeded random hands of every built-in variant (and of any
installed third-party one) is made a second time through ``pm.hook.<name>(...)``, and the
two answers must be equal.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import canasta_family
from canasta_family.engine import rule_set

VARIANTS = [info.name for info in canasta_family.available_variants()]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_hook_call_answers_as_pluggy_does(variant: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Two hands of random play: each hook answer of the direct calls equals pluggy's."""
    fast = rule_set._Static.call
    calls: Counter[str] = Counter()
    differ: list[str] = []

    def both(self: rule_set._Static, name: str, expected: type | tuple[type, ...],
             **kwargs: object) -> Any:
        answer = fast(self, name, expected, **kwargs)
        through_pluggy = getattr(self.pm.hook, name)(**kwargs)
        calls[name] += 1
        if answer != through_pluggy:
            differ.append(f"{name}: direct {answer!r}, pluggy {through_pluggy!r}")
        return answer

    monkeypatch.setattr(rule_set._Static, "call", both)
    players = canasta_family.find_variant(variant).info.preferred_players
    game = canasta_family.new_game(variant, players=players, seed=31)
    rng = random.Random(31)
    while len(game.hand_results) < 2 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert differ == [], "\n".join(differ[:10])
    assert calls, f"{variant}: no hook was called through _Static.call"
