"""American Samba as printed in 1951 (rules AS-1 … AS-42).

Three packs with jokers (162 cards), 2–6 players (partners opposite with 4 and 6), draw
two, sets and sequences (a 7-card sequence is a *samba*, +1500), a pile frozen by wild
cards and red 3s or before a side's initial meld, two canastas/sambas to go out, game to
10,000. The one option is the house rule of AS-10.

>>> import canasta_family
>>> game = canasta_family.new_game("samba-1951", players=4, seed=1)
>>> game.variant.name, len(game.hand_cards(0))
('american-samba', 15)
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
from canasta_family.variants.helpers import standard_game_result, standard_sides

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["VARIANT", "AmericanSambaPlugin", "initial_minimum"]

VARIANT = VariantInfo(
    name="american-samba",
    aliases=("samba-1951",),
    players=(2, 3, 4, 5, 6),
    description="Samba as printed in the USA around 1951: sequences, sambas, draw two.",
    source="seed 000 (Japanese, after US publications c. 1951)",
    options=(
        OptionSpec(
            name="no_wild_on_natural_canasta",
            type=bool,
            default=False,
            allowed=(False, True),
            rule="AS-10",
            description="House rule: wild cards may not be laid off on a natural canasta.",
        ),
    ),
    rule_ids={
        "players": "AS-1", "deck": "AS-2", "wild": "AS-3", "values": "AS-4", "deal": "AS-6",
        "upcard": "AS-7", "set": "AS-8", "run": "AS-9", "natural-canasta-wild": "AS-10",
        "lay-off": "AS-12", "merge": "AS-13", "turn": "AS-15", "draw": "AS-15",
        "red-three-draw": "AS-16", "pile-blocked": "AS-17", "pile-frozen": "AS-19",
        "pile-layoff": "AS-20", "initial-meld": "AS-22", "initial-meld-pile": "AS-23",
        "retract": "AS-24", "discard": "AS-25", "red-three-discard": "AS-27",
        "red-three-meld": "AS-28", "black-three": "AS-33", "going-out": "AS-35",
        "keep-cards": "AS-35", "ask": "AS-36", "stock-end": "AS-39", "single-pickup": "AS-15",
        "canasta-bonus": "AS-10", "red-three-score": "AS-30", "red-three-in-hand": "AS-31",
        "going-out-bonus": "AS-37", "hand-penalty": "AS-41",
    },
)


def initial_minimum(score: int, table: tuple[tuple[int, int], ...]) -> int:
    """The initial-meld minimum for a cumulative ``score`` from a table of
    ``(lowest score, minimum)`` rows in increasing order; negative scores need 15.

    >>> table = ((0, 50), (1500, 90), (3000, 120), (5000, 150))
    >>> [initial_minimum(s, table) for s in (-5, 0, 1495, 1500, 4995, 5000)]
    [15, 50, 50, 90, 120, 150]
    """
    if score < 0:
        return 15
    minimum = table[0][1]
    for lowest, value in table:
        if score >= lowest:
            minimum = value
    return minimum


class AmericanSambaPlugin:
    """Hook implementations for American Samba (1951). Sibling variants subclass it."""

    info = VARIANT
    minimum_table: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120), (5000, 150))
    target = 10_000

    @hookimpl
    def canasta_deck(self, options: Options) -> tuple[Card, ...]:
        return make_deck(packs=3, jokers_per_pack=2)  # AS-2

    @hookimpl
    def canasta_sides(self, num_players: int, options: Options) -> tuple[tuple[int, ...], ...]:
        # AS-1: partnerships of players sitting opposite with 4 and 6 players.
        return standard_sides(num_players, 2 if num_players in (4, 6) else 1)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        return DealRules(hand_size=13 if num_players == 6 else 15, upcard_redraw=True)

    @hookimpl
    def canasta_draw_count(self, num_players: int, options: Options) -> int:
        return 2  # AS-15

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        return MeldRules(
            min_size=3,
            set_min_naturals=2,
            set_max_wilds=2,
            runs=True,
            run_min=3,
            run_max=7,
            merge=True,
            no_wild_on_natural_canasta=bool(options.get("no_wild_on_natural_canasta", False)),
        )

    @hookimpl
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        return CanastaRules(bonuses={"natural": 500, "mixed": 300, "samba": 1500},
                            run_kind="samba", run_canasta_size=7)

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        return PileRules(
            always_frozen=False,
            frozen_by_wild_or_red_three=True,
            frozen_before_initial_meld=True,
            unfrozen_layoff=True,
            layoff_not_on_canasta=True,
            blocked_wild=True,
            blocked_black_three=True,
            blocked_red_three=True,
        )

    @hookimpl
    def canasta_initial_meld_rules(self, options: Options) -> InitialMeldRules:
        return InitialMeldRules(retract_penalty=100, rule="AS-22", retract_rule="AS-24")

    @hookimpl
    def canasta_red_three_rules(self, options: Options) -> RedThreeRules:
        return RedThreeRules(auto_place=True, discardable=False, value=100, all_value=1000,
                             rule="AS-30")

    @hookimpl
    def canasta_going_out_rules(self, num_players: int, options: Options) -> GoingOutRules:
        return GoingOutRules(bonus=200, keep_cards=2, rule="AS-35")

    @hookimpl
    def canasta_stock_end_rules(self, options: Options) -> StockEndRules:
        return StockEndRules(forced_layoff_take=True, red_three_last_draw_ends=True,
                             rule="AS-39")

    @hookimpl
    def canasta_initial_meld_minimum(self, game: Game, side: int, score: int) -> int:
        return initial_minimum(score, self.minimum_table)

    @hookimpl
    def canasta_going_out_violations(
        self, game: Game, player: int, canastas: tuple[str, ...]
    ) -> tuple[Violation, ...]:
        if len(canastas) >= 2:
            return ()
        # Sibling variants cite their own rule through their rule table (MS-13, …).
        return (Violation(game.variant.rule("going-out"),
                          "your side needs two canastas or sambas before anyone may go out, "
                          "so you must keep two cards in hand"),)

    @hookimpl
    def canasta_red_three_score(self, game: Game, side: int, count: int) -> int:
        total = 1000 if count == game.red_threes_in_deck else 100 * count
        return total if game.side_canastas(side) >= 2 else -total  # AS-30

    @hookimpl
    def canasta_game_result(self, game: Game) -> GameResult:
        return standard_game_result(game, self.target, "AS-42")
