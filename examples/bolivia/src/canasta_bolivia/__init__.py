"""Bolivia (Bolivian Canasta) for canasta-family: an example third-party variant plugin.

Bolivia is American Samba (rules AS-1 … AS-42) with nine changes, BO-1 … BO-9:

- BO-1 four players in two partnerships; 162 cards, 15 each, draw 2, discard 1;
- BO-2 three to seven wild cards may be melded on their own; seven make a *bolivia*
  (+2500), which accepts no more cards;
- BO-3 a seven-card sequence is an *escalera* (+1500), as the samba is;
- BO-4 the pile is never taken while a wild card is on top (as AS-17);
- BO-5 initial meld 15 / 50 / 90 / 120 / 150 from < 0 / 0 / 1500 / 3000 / 7000;
- BO-6 going out needs two canastas, at least one of them an escalera;
- BO-7 a black 3 left in a hand when anyone goes out costs 100; melded black 3s count 5;
- BO-8 red 3s 100 each, all six 1000, a minus unless the side has two canastas;
- BO-9 game to 15,000.

The plugin subclasses :class:`~canasta_family.variants.american_samba.AmericanSambaPlugin`
and overrides only the hooks that differ. Installed, it is found by name like a built-in
variant:

>>> import canasta_family
>>> game = canasta_family.new_game("bolivia", seed=1)
>>> game.variant.name, game.num_players, len(game.deck), game.hand_size(1)
('bolivia', 4, 162, 15)
>>> game.canasta_rules.bonuses["bolivia"], game.canasta_rules.run_kind
(2500, 'escalera')

Without installing it, build the game from the plugin directly:

>>> from canasta_family.engine import Game
>>> from canasta_family.plugins import Variant
>>> plugin = BoliviaPlugin()
>>> game = Game(Variant(info=plugin.info, plugin=plugin, origin="local"), players=4, seed=1)
>>> game.initial_minimum(0), game.meld_rules.wild_melds
(50, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from canasta_family import hookimpl, make_deck
from canasta_family.rules import (
    CanastaRules,
    DealRules,
    GameResult,
    GoingOutRules,
    MeldRules,
    OptionSpec,
    ScoreItem,
    VariantInfo,
    Violation,
)
from canasta_family.variants.american_samba import VARIANT as AMERICAN_SAMBA
from canasta_family.variants.american_samba import AmericanSambaPlugin, initial_minimum
from canasta_family.variants.helpers import core_score_items, standard_game_result

if TYPE_CHECKING:
    from collections.abc import Mapping

    from canasta_family import Card, Game

__all__ = [
    "BLACK_THREE_COST",
    "MINIMUM_TABLE",
    "RULE_IDS",
    "TARGET",
    "VARIANT",
    "BoliviaPlugin",
]

__version__ = "0.1.0"

MINIMUM_TABLE: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120), (7000, 150))
"""BO-5: (lowest cumulative score, initial-meld minimum); a negative score needs 15."""

TARGET = 15_000
"""BO-9: the game ends after a hand in which a side has reached this score."""

BLACK_THREE_COST = 100
"""BO-7: what each black 3 left in a hand costs (instead of its card value, 5)."""

RULE_IDS: dict[str, str] = {
    **AMERICAN_SAMBA.rule_ids,
    # Topics whose rule Bolivia restates or changes. "pile-blocked" keeps American
    # Samba's rule: a wild card on top is BO-4, but a black or red 3 on top is AS-17.
    "wild-meld": "BO-2",
    "players": "BO-1",
    "deck": "BO-1",
    "deal": "BO-1",
    "draw": "BO-1",
    "initial-meld": "BO-5",
    "going-out": "BO-6",
    "keep-cards": "BO-6",
    "red-three-score": "BO-8",
}
"""Engine rule topic → rule ID: American Samba's, with Bolivia's rules where they apply."""

VARIANT = VariantInfo(
    name="bolivia",
    aliases=("bolivian-canasta",),
    players=(4,),
    description="Samba with melds of wild cards (the bolivia, +2500); an escalera is "
                "needed to go out; game to 15,000.",
    source="Bicycle and rummy-games.com rules of Bolivia (Samba with changes)",
    options=(
        *AMERICAN_SAMBA.options,
        OptionSpec(
            name="black_three_penalty",
            type=str,
            default="going-out",
            allowed=("going-out", "always"),
            rule="BO-7",
            description="When a black 3 left in hand costs 100: only when someone goes out "
                        "(Bicycle), or also when the stock runs out.",
        ),
    ),
    rule_ids=RULE_IDS,
)
"""What Bolivia is: its name, players, options and rule IDs."""


class BoliviaPlugin(AmericanSambaPlugin):
    """American Samba's plugin with Bolivia's changes (BO-1 … BO-9).

    Inherited unchanged from American Samba: partnerships (AS-1), drawing two (AS-15), the
    pile (AS-17 … AS-21, which BO-4 restates), the AS-24 retraction, red 3s placed at once
    and scored by AS-30 (which BO-8 restates), the end of the stock (AS-38 … AS-40).

    >>> plugin = BoliviaPlugin()
    >>> plugin.canasta_initial_meld_minimum(game=None, side=0, score=6995)
    120
    >>> plugin.canasta_canasta_rules(options={}).wild_kind
    'bolivia'
    """

    info = VARIANT
    escalera = "escalera"
    """Kind name of a seven-card sequence (BO-3), as the going-out rule BO-6 needs it."""

    @hookimpl
    def canasta_deck(self, options: Mapping[str, object]) -> tuple[Card, ...]:
        """BO-1: three packs with their jokers, 162 cards."""
        return make_deck(packs=3, jokers_per_pack=2)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Mapping[str, object]) -> DealRules:
        """BO-1: 15 cards each; the upcard is turned again while it is wild or a red 3."""
        return DealRules(hand_size=15, upcard_redraw=True)

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Mapping[str, object]) -> MeldRules:
        """BO-2: American Samba's melds, plus melds of 3 to 7 wild cards only."""
        samba = super().canasta_meld_rules(num_players=num_players, options=options)
        return attrs.evolve(samba, wild_melds=True, wild_meld_max=7)

    @hookimpl
    def canasta_canasta_rules(self, options: Mapping[str, object]) -> CanastaRules:
        """BO-2, BO-3: seven wild cards are a bolivia (+2500), seven in sequence an
        escalera (+1500); natural 500 and mixed 300 as in American Samba (AS-10)."""
        return CanastaRules(
            bonuses={"natural": 500, "mixed": 300, self.escalera: 1500, "bolivia": 2500},
            run_kind=self.escalera,
            run_canasta_size=7,
            wild_kind="bolivia",
        )

    @hookimpl
    def canasta_going_out_rules(self, num_players: int,
                                options: Mapping[str, object]) -> GoingOutRules:
        """AS-37 bonus of 200; keep two cards until the side may go out (BO-6)."""
        return GoingOutRules(bonus=200, keep_cards=2, rule="BO-6")

    @hookimpl
    def canasta_initial_meld_minimum(self, game: Game, side: int, score: int) -> int:
        """BO-5: 150 is needed only from 7,000 (American Samba: from 5,000)."""
        return initial_minimum(score, MINIMUM_TABLE)

    @hookimpl
    def canasta_going_out_violations(self, game: Game, player: int,
                                     canastas: tuple[str, ...]) -> tuple[Violation, ...]:
        """BO-6: two canastas of any kind, at least one of them an escalera.

        ``canastas`` are the kinds the side would own after the play being checked.
        """
        if len(canastas) < 2:
            return (Violation("BO-6", "your side needs two canastas, one of them an "
                                      "escalera, before anyone may go out"),)
        if self.escalera not in canastas:
            return (Violation("BO-6", "one of your side's canastas must be an escalera (a "
                                      "seven-card sequence) before anyone may go out"),)
        return ()

    @hookimpl
    def canasta_score_side(self, game: Game, side: int,
                           went_out: int | None) -> tuple[ScoreItem, ...]:
        """American Samba's score sheet (AS-41) with Bolivia's changes.

        - The bolivia and escalera bonus lines cite BO-2 and BO-3.
        - BO-7: each black 3 left in the side's hands costs 100 instead of its card value
          5 (the 5 leaves the "cards left in hand" line, a "black 3s left in hand" line
          charges 100 each). By default only when someone went out; with the option
          ``black_three_penalty="always"`` also when the hand ends otherwise. Black 3s
          melded in going out keep their value 5 in "melded cards".
        - Red 3s (BO-8) are scored by the inherited ``canasta_red_three_score``.
        """
        bonus_rules = {"bolivia": "BO-2", self.escalera: "BO-3"}
        items = []
        for item in core_score_items(game, side, went_out):
            for kind, rule in bonus_rules.items():
                if item.label.endswith(f" × {kind} canasta"):
                    item = attrs.evolve(item, rule=rule)
            items.append(item)
        always = game.options.get("black_three_penalty") == "always"
        if went_out is None and not always:
            return tuple(items)
        black = [card for seat in game.side_members(side) for card in game.hand_cards(seat)
                 if card.is_black_three]
        if not black:
            return tuple(items)
        refund = sum(game.card_value(card) for card in black)
        sheet = []
        for item in items:
            if item.label == "cards left in hand":
                if item.points + refund == 0:
                    continue
                item = attrs.evolve(item, points=item.points + refund)
            sheet.append(item)
        sheet.append(ScoreItem(f"{len(black)} black 3s left in hand",
                               -BLACK_THREE_COST * len(black), "BO-7"))
        return tuple(sheet)

    @hookimpl
    def canasta_game_result(self, game: Game) -> GameResult:
        """BO-9: the game ends after a hand in which a side reaches 15,000."""
        return standard_game_result(game, TARGET, "BO-9")
