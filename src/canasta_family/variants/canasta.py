"""Classic Canasta (rules CC-1 … CC-10, from seed 003's comparison table).

Two packs and four jokers (108 cards); 11 cards each with 4 players, 13 with 3, 15 with 2;
4 players draw one card, 2 or 3 players draw two; sets only, naturals outnumbering wild
cards and at most three wild cards; the pile is taken with the top card and two matching
cards from hand — a natural pair while it is frozen (until the side has melded, or while
it holds a wild card or red 3), a natural and a wild card otherwise; never under a black 3
or a wild card; initial minimum 15/50/90/120; red 3s 100 each, 800 for all four, a minus
for a side that has melded nothing; one canasta to go out (two with 2 players), +100, or
+200 going out concealed; game to 5,000 (7,500 with 3 players) unless the table chooses.

>>> import canasta_family
>>> game = canasta_family.new_game("canasta", players=4, seed=1)
>>> len(game.deck), game.hand_size(1), game.draw_count
(108, 11, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_family.cards import Card, make_deck
from canasta_family.hookspecs import Options, hookimpl
from canasta_family.rules import (
    CanastaRules,
    DealRules,
    GameResult,
    GoingOutRules,
    InitialMeldRules,
    MeldRules,
    OptionSpec,
    PileRules,
    RedThreeRules,
    StockEndRules,
    VariantInfo,
    Violation,
)
from canasta_family.variants.american_samba import initial_minimum
from canasta_family.variants.helpers import standard_game_result, standard_sides

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["VARIANT", "ClassicCanastaPlugin"]

VARIANT = VariantInfo(
    name="canasta",
    aliases=("classic-canasta",),
    players=(2, 3, 4),
    description="Classic Canasta: two packs, sets only, one canasta to go out.",
    source="seed 003 (comparison table of a card-game site)",
    options=(
        OptionSpec(name="target", type=int, default=0, allowed=(0, 2500, 5000, 7500, 10_000),
                   rule="CC-10",
                   description="Score that ends the game; 0 = 5,000 (7,500 with 3 players)."),
        OptionSpec(name="retraction", type=bool, default=True, allowed=(True, False),
                   rule="CC-5",
                   description="A short initial meld may be taken back (AS-24's reading); "
                               "false: melded cards never go back, as in Pennies (PH-17)."),
    ),
    rule_ids={
        "players": "CC-1", "deck": "CC-1", "deal": "CC-1", "draw": "CC-2", "turn": "CC-2",
        "set": "CC-3", "wild-ratio": "CC-3", "run": "CC-3", "pile-frozen": "CC-4",
        "pile-blocked": "CC-4", "pile-layoff": "CC-4", "initial-meld": "CC-5",
        "initial-meld-pile": "CC-5", "retract": "CC-5", "red-three-draw": "CC-6",
        "red-three-score": "CC-6", "red-three-meld": "CC-6", "red-three-in-hand": "CC-6",
        "red-three-discard": "CC-7", "discard": "CC-7", "going-out": "CC-8",
        "keep-cards": "CC-8", "going-out-bonus": "CC-8", "ask": "CC-8",
        "canasta-bonus": "CC-9", "lay-off": "CC-3", "merge": "CC-3", "one-open-meld": "CC-3",
        "black-three": "CC-6",
        "stock-end": "CC-2", "upcard": "CC-1", "natural-canasta-wild": "CC-9",
        "values": "CC-5", "hand-penalty": "CC-9", "single-pickup": "CC-4",
    },
)


class ClassicCanastaPlugin:
    """Hook implementations for classic Canasta."""

    info = VARIANT

    @hookimpl
    def canasta_deck(self, options: Options) -> tuple[Card, ...]:
        return make_deck(packs=2, jokers_per_pack=2)  # CC-1

    @hookimpl
    def canasta_sides(self, num_players: int, options: Options) -> tuple[tuple[int, ...], ...]:
        return standard_sides(num_players, 2 if num_players == 4 else 1)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        return DealRules(hand_size={4: 11, 3: 13, 2: 15}[num_players], upcard_redraw=True)

    @hookimpl
    def canasta_draw_count(self, num_players: int, options: Options) -> int:
        return 1 if num_players == 4 else 2  # CC-2

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        return MeldRules(min_size=3, set_min_naturals=2, set_max_wilds=3,
                         naturals_exceed_wilds=True, runs=False, merge=False,
                         one_meld_per_rank=True)  # CC-3

    @hookimpl
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        return CanastaRules(bonuses={"natural": 500, "mixed": 300})  # CC-9

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        # CC-4: frozen until the side melds or while a wild/red 3 is in it; unfrozen, a
        # natural and a wild card from hand will do, or the top card laid off on one of
        # the side's melds; never under a black 3 or a wild.
        return PileRules(frozen_by_wild_or_red_three=True, frozen_before_initial_meld=True,
                         unfrozen_natural_and_wild=True, unfrozen_layoff=True,
                         blocked_wild=True, blocked_black_three=True, blocked_red_three=True)

    @hookimpl
    def canasta_initial_meld_rules(self, options: Options) -> InitialMeldRules:
        # A short first meld is taken back without a raised minimum; with retraction off,
        # melded cards never go back and a short first meld must be completed this turn.
        penalty = 0 if options.get("retraction", True) else None
        return InitialMeldRules(retract_penalty=penalty, rule="CC-5", retract_rule="CC-5")

    @hookimpl
    def canasta_red_three_rules(self, options: Options) -> RedThreeRules:
        return RedThreeRules(auto_place=True, discardable=False, value=100, all_value=800,
                             rule="CC-6")

    @hookimpl
    def canasta_going_out_rules(self, num_players: int, options: Options) -> GoingOutRules:
        return GoingOutRules(bonus=100, concealed_bonus=200, keep_cards=2, rule="CC-8")

    @hookimpl
    def canasta_stock_end_rules(self, options: Options) -> StockEndRules:
        return StockEndRules(forced_layoff_take=False, red_three_last_draw_ends=True,
                             rule="CC-2")

    @hookimpl
    def canasta_initial_meld_minimum(self, game: Game, side: int, score: int) -> int:
        return initial_minimum(score, ((0, 50), (1500, 90), (3000, 120)))  # CC-5

    @hookimpl
    def canasta_going_out_violations(
        self, game: Game, player: int, canastas: tuple[str, ...]
    ) -> tuple[Violation, ...]:
        needed = 2 if game.num_players == 2 else 1  # CC-8
        if len(canastas) >= needed:
            return ()
        what = "two canastas" if needed == 2 else "a canasta"
        return (Violation("CC-8", f"your side needs {what} before anyone may go out, so you "
                                  "must keep cards in hand"),)

    @hookimpl
    def canasta_red_three_score(self, game: Game, side: int, count: int) -> int:
        total = 800 if count == game.red_threes_in_deck else 100 * count
        return total if game.side_melds(side) else -total  # CC-6

    @hookimpl
    def canasta_game_result(self, game: Game) -> GameResult:
        target = int(game.options.get("target", 0))  # type: ignore[call-overload]
        if target == 0:
            target = 7500 if game.num_players == 3 else 5000
        return standard_game_result(game, target, "CC-10")
