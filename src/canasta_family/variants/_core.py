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
    CONTINUE,
    CanastaRules,
    GameResult,
    GoingOutRules,
    InitialMeldRules,
    MeldRules,
    PileRules,
    RedThreeRules,
    ScoreItem,
    StockEndRules,
    TurnEndEffects,
    Violation,
)

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["CorePlugin", "standard_game_result", "standard_sides"]


def standard_sides(num_players: int, team_size: int) -> tuple[tuple[int, ...], ...]:
    """Partnerships of players sitting opposite/alternately: ``num_players // team_size``
    sides, seat ``s`` on side ``s % sides``.

    >>> standard_sides(4, 2), standard_sides(6, 2), standard_sides(6, 3), standard_sides(3, 1)
    (((0, 2), (1, 3)), ((0, 3), (1, 4), (2, 5)), ((0, 2, 4), (1, 3, 5)), ((0,), (1,), (2,)))
    """
    count = num_players // team_size
    return tuple(tuple(range(side, num_players, count)) for side in range(count))


def standard_game_result(game: Game, target: int, rule: str) -> GameResult:
    """End the game once a side has reached ``target``: the highest total wins, equal
    highest totals draw. Otherwise :data:`~canasta_family.rules.CONTINUE`.
    """
    scores = game.scores
    if max(scores) < target:
        return CONTINUE
    best = max(scores)
    winners = tuple(side for side, score in enumerate(scores) if score == best)
    if len(winners) == 1:
        reason = f"side {winners[0]} wins with {best} ({rule}: a side reached {target})"
    else:
        reason = f"draw: sides {', '.join(map(str, winners))} tied on {best} ({rule})"
    return GameResult(winners=winners, reason=reason)


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
            if card.is_red_three:
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


def core_score_items(game: Game, side: int, went_out: int | None, *,
                     red_threes_in_hand: bool = True) -> tuple[ScoreItem, ...]:
    """The family's usual hand score for ``side`` (AS-41): melded card values, canasta
    bonuses, going-out bonus, red 3s (via ``canasta_red_three_score``), minus the cards
    left in the side's hands and unpicked feet. Variants reuse it and adjust lines;
    ``red_threes_in_hand=False`` leaves out the charge for red 3s still held, for variants
    that charge them their own way.
    """
    bonuses = game.canasta_rules.bonuses
    items: list[ScoreItem] = []
    melded = game.side_melded_points(side)
    rule = game.variant.rule
    items.append(ScoreItem("melded cards", melded, rule("values")))
    kinds: dict[str, int] = {}
    for meld in game.side_melds(side):
        if meld.canasta is not None:
            kinds[meld.canasta] = kinds.get(meld.canasta, 0) + 1
    for kind, count in sorted(kinds.items()):
        items.append(ScoreItem(f"{count} × {kind} canasta", count * bonuses.get(kind, 0),
                               rule("canasta-bonus")))
    if went_out is not None and game.side_of(went_out) == side:
        going = game.going_out_rules
        bonus = going.bonus
        if going.concealed_bonus is not None and game.went_out_concealed:
            bonus = going.concealed_bonus
        items.append(ScoreItem("going out", bonus, rule("going-out-bonus")))
    red_count = len(game.side_red_threes(side))
    if red_count:
        points = game.hook_red_three_score(side, red_count)
        threes = "red 3" if red_count == 1 else "red 3s"
        items.append(ScoreItem(f"{red_count} {threes}", points, rule("red-three-score")))
    held = 0
    held_red = 0
    for seat in game.side_members(side):
        points, red_held = game.hand_points(seat)
        held += points
        held_red += red_held
    if held:
        items.append(ScoreItem("cards left in hand", -held, rule("hand-penalty")))
    if held_red and red_threes_in_hand:
        # AS-31: a red 3 left in hand costs what it would have scored.
        red = game.red_three_rules
        cost = red.all_value if held_red == game.red_threes_in_deck else red.value * held_red
        items.append(ScoreItem(f"{held_red} {'red 3' if held_red == 1 else 'red 3s'} "
                               "left in hand", -cost,
                               rule("red-three-in-hand")))
    if any(game.foot_size(seat) for seat in game.side_members(side)):
        foot_value = foot_red = 0
        for seat in game.side_members(side):
            points, red_held = game.foot_points(seat)
            foot_value += points
            foot_red += red_held
        items.append(ScoreItem("feet not picked up",
                               -foot_value - game.red_three_rules.value * foot_red,
                               rule("foot-penalty")))
    return tuple(items)

