"""``apply`` is all or nothing: when a variant's hook raises in the middle of an action,
the game is put back exactly as it was (issue: bad input at the edges, item 5)."""

from __future__ import annotations

import pytest

import canasta_family
from canasta_family import Game, hookimpl
from canasta_family.errors import VariantError
from canasta_family.plugins import Variant
from canasta_family.rules import TurnEndEffects, VariantInfo
from canasta_family.variants.american_samba import VARIANT, AmericanSambaPlugin


class BrokenTurnEnd(AmericanSambaPlugin):
    """American Samba whose turn-end hook fails on the second turn's discard."""

    info = VariantInfo(name="broken-turn-end", players=(2,), description="test plugin",
                       rule_ids=VARIANT.rule_ids)

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def canasta_turn_end(self, game: Game, player: int) -> TurnEndEffects:
        self.calls += 1
        if self.calls == 2:
            raise RuntimeError("the plugin's bug")
        return TurnEndEffects()


def test_a_hook_that_raises_inside_apply_leaves_the_game_unchanged() -> None:
    plugin = BrokenTurnEnd()
    game = Game(Variant(info=plugin.info, plugin=plugin, origin="test"), players=2, seed=4)
    game.apply("draw")
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("discard")))
    game.apply("draw")
    discard = next(a for a in game.legal_actions() if str(a).startswith("discard"))
    before = game.snapshot()
    actions = game.actions
    mover = game.current_player
    with pytest.raises(VariantError, match="the plugin's bug"):
        game.apply(discard)
    assert game.snapshot() == before
    assert game.actions == actions
    # Nothing half-done is left behind: once the hook recovers the action plays, once.
    game.apply(discard)
    assert game.actions == (*actions, discard)
    assert game.current_player != mover and game.phase == "draw"


def test_built_in_variants_skip_the_guard() -> None:
    """The copy is only kept for plugins from outside the package: built-in hooks do not
    raise, and the copy would cost every action a clone."""
    assert not canasta_family.new_game("american-samba", seed=1)._s.guard_apply
    plugin = BrokenTurnEnd()
    game = Game(Variant(info=plugin.info, plugin=plugin, origin="test"), players=2, seed=4)
    assert game._s.guard_apply

