"""Dutch Samba (rules of Harrie Wiering; DS-1 … DS-6, options DS-O1 … DS-O3).

American Samba with these differences: the pile is always frozen and can be taken only
with a natural pair (no lay-off take); the top card alone may be picked up onto a sequence
of one's side, with one stock card drawn instead of two; red 3s stay in hand until put
out by hand and may be discarded; red 3s still held at the end cost a flat 750; with
fewer than two canastas a side loses 100 per red 3 on the table (never 1000); and a set
needs at least twice as many naturals as wild cards. The plugin inherits American Samba's
and overrides only those hooks.

>>> import canasta_family
>>> game = canasta_family.new_game("dutch-samba", seed=1)
>>> game.pile_frozen_for(0), game.variant.options[1].name
(True, 'pickup_stock_cards')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from canasta_family.hookspecs import Options, hookimpl
from canasta_family.rules import (
    MeldRules,
    OptionSpec,
    PileRules,
    RedThreeRules,
    ScoreItem,
    SinglePickupRules,
    VariantInfo,
)
from canasta_family.variants.american_samba import VARIANT as AMERICAN
from canasta_family.variants.american_samba import AmericanSambaPlugin, initial_minimum
from canasta_family.variants.helpers import core_score_items

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["VARIANT", "DutchSambaPlugin"]

_RULE_IDS = dict(AMERICAN.rule_ids)
_RULE_IDS.update({
    "pile-frozen": "DS-1", "pile-layoff": "DS-1", "single-pickup": "DS-2",
    "red-three-meld": "AS-28", "red-three-draw": "DS-3", "red-three-discard": "DS-3",
    "red-three-in-hand": "DS-4", "red-three-score": "DS-5", "wild-ratio": "DS-6",
    "pile-blocked": "DS-1",
})

VARIANT = VariantInfo(
    name="dutch-samba",
    aliases=("samba-dutch", "wiering-samba"),
    players=(2, 3, 4, 5, 6),
    description="Samba as played in the Netherlands: pile always frozen, single-card "
                "pickup, red 3s put out by hand.",
    source="seed 000, note 3 (Harrie Wiering's rules, pagat.com)",
    options=(
        *AMERICAN.options,
        OptionSpec(
            name="pickup_stock_cards", type=int, default=1, allowed=(1, 0), rule="DS-O2",
            description="Stock cards drawn after a single-card pickup (1 per seed 000; 0 as "
                        "modern books print)."),
        OptionSpec(
            name="top_minimum_from", type=int, default=5000, allowed=(5000, 7000),
            rule="DS-O1",
            description="Cumulative score from which the initial meld needs 150."),
    ),
    rule_ids=_RULE_IDS,
)


class DutchSambaPlugin(AmericanSambaPlugin):
    """American Samba's plugin with Dutch Samba's differences (DS-1 … DS-6)."""

    info = VARIANT

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        # DS-1: always frozen; never taken by a lay-off; a wild, black 3 or (DS-O3) red 3
        # on top cannot be taken.
        return PileRules(always_frozen=True, unfrozen_layoff=False, blocked_wild=True,
                         blocked_black_three=True, blocked_red_three=True)

    @hookimpl
    def canasta_single_pickup_rules(self, options: Options) -> SinglePickupRules:
        return SinglePickupRules(onto_runs=True, onto_sets=False,
                                 stock_cards=int(options.get("pickup_stock_cards", 1)),  # type: ignore[call-overload]
                                 rule="DS-2")

    @hookimpl
    def canasta_red_three_rules(self, options: Options) -> RedThreeRules:
        return RedThreeRules(auto_place=False, discardable=True, value=100, all_value=1000,
                             rule="DS-3")

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        base = super().canasta_meld_rules(num_players=num_players, options=options)
        return attrs.evolve(base, naturals_per_wild=2)  # DS-6

    @hookimpl
    def canasta_initial_meld_minimum(self, game: Game, side: int, score: int) -> int:
        top = int(game.options.get("top_minimum_from", 5000))  # type: ignore[call-overload]
        table = ((0, 50), (1500, 90), (3000, 120), (top, 150))
        return initial_minimum(score, table)

    @hookimpl
    def canasta_red_three_score(self, game: Game, side: int, count: int) -> int:
        if game.side_canastas(side) >= 2:
            return 1000 if count == game.red_threes_in_deck else 100 * count
        return -100 * count  # DS-5: never -1000

    @hookimpl
    def canasta_score_side(self, game: Game, side: int,
                           went_out: int | None) -> tuple[ScoreItem, ...]:
        items = list(core_score_items(game, side, went_out, red_threes_in_hand=False))
        holders = sum(1 for seat in game.side_members(side)
                      if any(game.is_bonus_card(card) for card in game.hand_cards(seat)))
        if holders:
            items.append(ScoreItem(f"red 3s kept in hand by {holders} player(s)",
                                   -750 * holders, "DS-4"))
        return tuple(items)
