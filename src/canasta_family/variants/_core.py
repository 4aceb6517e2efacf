"""Shared defaults for every hook, registered ``trylast`` so any variant overrides them.

The defaults describe what the Canasta family has in common: 2s and jokers wild, the usual
card values, natural and mixed canastas, a pile frozen by wild cards and red 3s, red 3s put
out at once, and scoring as melds + bonuses − cards left in hand. They are not a playable
game on their own: a variant must at least give its deck, deal and initial-meld minimum.

>>> from canasta_family.cards import parse_card
>>> CorePlugin().canasta_card_value(card=parse_card("JK"), options={})
50
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from canasta_family.cards import Card, Rank
from canasta_family.hookspecs import Options, hookimpl
from canasta_family.rules import (
    CanastaRules,
    GameResult,
    GoingOutRules,
    InitialMeldRules,
    MeldRules,
    PileRules,
    RedThreeRules,
    ReserveRules,
    ScoreItem,
    StockEndRules,
    TurnEndEffects,
    Violation,
)
from canasta_family.variants.helpers import (
    core_score_items,
    standard_game_result,
    standard_sides,
)

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["CorePlugin"]


class CorePlugin:
    """The defaults. Variants subclass nothing from here; they just override hooks."""

    @hookimpl(trylast=True)
    def canasta_sides(self, num_players: int, options: Options) -> tuple[tuple[int, ...], ...]:
        team = 2 if num_players in (4, 6) else 1
        return standard_sides(num_players, team)

    @hookimpl(trylast=True)
    def canasta_draw_count(self, num_players: int, options: Options) -> int:
        return 2

    @hookimpl(trylast=True)
    def canasta_card_value(self, card: Card, options: Options) -> int:
        if card.is_joker:
            return 50
        rank = card.rank
        if rank in (Rank.TWO, Rank.ACE):
            return 20
        if rank >= Rank.EIGHT:
            return 10
        if rank >= Rank.FOUR or card.is_black_three:
            return 5
        return 0

    @hookimpl(trylast=True)
    def canasta_is_wild(self, card: Card, options: Options) -> bool:
        return card.is_wild

    @hookimpl(trylast=True)
    def canasta_is_bonus_card(self, card: Card, options: Options) -> bool:
        return card.is_red_three

    @hookimpl(trylast=True)
    def canasta_is_stop_card(self, card: Card, options: Options) -> bool:
        return card.is_black_three

    @hookimpl(trylast=True)
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        return MeldRules()

    @hookimpl(trylast=True)
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        return CanastaRules()

    @hookimpl(trylast=True)
    def canasta_pile_rules(self, options: Options) -> PileRules:
        return PileRules()

    @hookimpl(trylast=True)
    def canasta_single_pickup_rules(self, options: Options) -> bool:
        return False

    @hookimpl(trylast=True)
    def canasta_initial_meld_rules(self, options: Options) -> InitialMeldRules:
        return InitialMeldRules()

    @hookimpl(trylast=True)
    def canasta_red_three_rules(self, options: Options) -> RedThreeRules:
        return RedThreeRules()

    @hookimpl(trylast=True)
    def canasta_going_out_rules(self, num_players: int, options: Options) -> GoingOutRules:
        return GoingOutRules()

    @hookimpl(trylast=True)
    def canasta_stock_end_rules(self, options: Options) -> StockEndRules:
        return StockEndRules()

    @hookimpl(trylast=True)
    def canasta_reserve_rules(self, num_players: int, options: Options) -> ReserveRules:
        return ReserveRules()

    @hookimpl(trylast=True)
    def canasta_pile_frozen(self, game: Game, side: int) -> bool:
        return game.standard_pile_frozen(side)

    @hookimpl(trylast=True)
    def canasta_forbidden_discards(
        self, game: Game, player: int, going_out: bool, hand: tuple[Card, ...]
    ) -> Mapping[Card, Violation]:
        red = game.red_three_rules
        if red.discardable:
            return {}
        out: dict[Card, Violation] = {}
        for card in hand:
            if game.is_bonus_card(card):
                out[card] = Violation(game.variant.rule("red-three-discard"),
                                      "a red 3 can never be discarded")
        return out

    @hookimpl(trylast=True)
    def canasta_going_out_violations(
        self, game: Game, player: int, canastas: tuple[str, ...]
    ) -> tuple[Violation, ...]:
        if canastas:
            return ()
        rule = game.going_out_rules.rule or "going-out"
        return (Violation(rule, "your side needs a canasta before anyone may go out"),)

    @hookimpl(trylast=True)
    def canasta_turn_end(self, game: Game, player: int) -> TurnEndEffects:
        return TurnEndEffects()

    @hookimpl(trylast=True)
    def canasta_red_three_score(self, game: Game, side: int, count: int) -> int:
        rules = game.red_three_rules
        if count == 0:
            return 0
        total = rules.all_value if count == game.red_threes_in_deck else rules.value * count
        return total if game.side_canastas(side) else -total

    @hookimpl(trylast=True)
    def canasta_score_side(
        self, game: Game, side: int, went_out: int | None
    ) -> tuple[ScoreItem, ...]:
        return core_score_items(game, side, went_out)

    @hookimpl(trylast=True)
    def canasta_game_result(self, game: Game) -> GameResult:
        return standard_game_result(game, 5000, "game end")
