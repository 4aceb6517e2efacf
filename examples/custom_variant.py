"""A variant in twenty lines: American Samba with 11-card hands, played to 5,000.

A variant is a plugin: subclass a sibling's plugin class, give it its own ``info`` and
override only the hooks that differ. Registered here directly; a real package would
declare it in the ``canasta_family.variants`` entry-point group (docs/writing-a-variant.md).

    python examples/custom_variant.py
"""

from __future__ import annotations

from canasta_family import hookimpl
from canasta_family.engine import Game
from canasta_family.hookspecs import Options
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.plugins import Variant
from canasta_family.rules import DealRules, GameResult, VariantInfo
from canasta_family.variants.american_samba import VARIANT, AmericanSambaPlugin
from canasta_family.variants.helpers import standard_game_result


class ShortSambaPlugin(AmericanSambaPlugin):
    info = VariantInfo(name="short-samba", players=(2, 4), description="11 cards, to 5,000",
                       rule_ids=VARIANT.rule_ids)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        return DealRules(hand_size=11)

    @hookimpl
    def canasta_game_result(self, game: Game) -> GameResult:
        return standard_game_result(game, 5000, "short-samba target")


def main(seed: int = 3) -> Game:
    plugin = ShortSambaPlugin()
    game = Game(Variant(info=plugin.info, plugin=plugin, origin="example"), players=4, seed=seed)
    print("hand sizes:", [game.hand_size(seat) for seat in range(4)])
    play_game(game, [GreedyPlayer() for _ in range(4)])
    assert game.result is not None
    print(f"{len(game.hand_results)} hands; {game.result.reason}")
    return game


if __name__ == "__main__":
    main()
