"""General engine capabilities that American Samba does not use but other members of the
family need (single-card pickup, red 3s placed by hand, a foot, wild-only melds, a meld
size cap). They are driven only by hooks: a test plugin switches them on, proving that a
variant gets them without an engine change."""

from __future__ import annotations

import attrs
import pytest

from canasta_family import HandSetup, IllegalActionError, hookimpl
from canasta_family.cards import Rank
from canasta_family.engine import Game
from canasta_family.hookspecs import Options
from canasta_family.plugins import Variant
from canasta_family.rules import (
    CanastaRules,
    DealRules,
    MeldRules,
    PileRules,
    RedThreeRules,
    SinglePickupRules,
    StockEndRules,
    TurnEndEffects,
    VariantInfo,
    Violation,
)
from canasta_family.variants.american_samba import VARIANT, AmericanSambaPlugin


class FamilyTestPlugin(AmericanSambaPlugin):
    """American Samba plus every optional capability, for these tests only."""

    info = VariantInfo(name="capability-test", players=(2, 4), rule_ids=VARIANT.rule_ids)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        return DealRules(hand_size=11, foot_size=3, upcard_redraw=False)

    @hookimpl
    def canasta_single_pickup_rules(self, options: Options) -> SinglePickupRules:
        return SinglePickupRules(onto_runs=True, stock_cards=1, rule="T-pickup")

    @hookimpl
    def canasta_red_three_rules(self, options: Options) -> RedThreeRules:
        return RedThreeRules(auto_place=False, discardable=True, rule="T-red")

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        return PileRules(always_frozen=True, unfrozen_layoff=False)

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        return MeldRules(runs=True, wild_melds=True, max_size=7, merge=True)

    @hookimpl
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        return CanastaRules(bonuses={"natural": 500, "mixed": 300, "wild": 1000, "samba": 1500},
                            run_kind="samba")

    @hookimpl
    def canasta_turn_end(self, game: Game, player: int) -> TurnEndEffects:
        return TurnEndEffects(pick_up_foot=bool(game.turn_canastas))


def _game(setup: HandSetup) -> Game:
    plugin = FamilyTestPlugin()
    return Game(Variant(info=plugin.info, plugin=plugin, origin="test"), players=2, seed=4,
                start=setup)


def test_single_card_pickup_lays_top_card_on_a_run_and_draws_one() -> None:
    setup = HandSetup(hands=("Kc Kd 4s 9c", "5c 5d 6s"), melds=(("5h 6h 7h",), ()),
                      pile="Qd 8h", stock="Jc Jd Js", feet=("Ac Ad As", "Qc Qh Qs"), to_play=0)
    game = _game(setup)
    assert "pick-up 0" in [str(a) for a in game.legal_actions()]
    game.apply("pick-up 0")
    assert str(game.side_melds(0)[0]) == "5h 6h 7h 8h"
    assert [str(c) for c in game.pile] == ["Qd"]  # the rest of the pile stays
    assert game.hand_size(0) == 5 and game.stock_size == 2  # one stock card instead of two
    assert game.phase == "play"


def test_single_card_pickup_refused_when_top_does_not_extend_the_run() -> None:
    setup = HandSetup(hands=("Kc Kd 4s 9c", "5c 5d 6s"), melds=(("5h 6h 7h",), ()),
                      pile="8d", stock="Jc Jd Js", feet=("Ac Ad As", "Qc Qh Qs"), to_play=0)
    game = _game(setup)
    with pytest.raises(IllegalActionError) as err:
        game.apply("pick-up 0")
    assert err.value.rule == "T-pickup"


def test_red_three_placed_by_hand_and_discardable() -> None:
    setup = HandSetup(hands=("3h Kc Kd 4s", "5c 5d 6s"), pile="9c", stock="Jc Jd Js Qd",
                      feet=("Ac Ad As", "Qc Qh Qs"), to_play=0)
    game = _game(setup)
    assert game.side_red_threes(0) == ()  # not placed automatically
    game.apply("draw")
    legal = [str(a) for a in game.legal_actions()]
    assert "place 3h" in legal and "discard 3h" in legal
    game.apply("place 3h")
    assert [str(c) for c in game.side_red_threes(0)] == ["3h"]


def test_foot_is_hidden_sized_and_picked_up_after_completing_a_canasta() -> None:
    setup = HandSetup(hands=("Kc Kd Ks 4s 9c", "5c 5d 6s"), melds=(("Kh Kh Kd Kc",), ()),
                      pile="9d", stock="Jc Jd Js Qd", feet=("Ac Ad As", "Qc Qh Qs"), to_play=0)
    game = _game(setup)
    obs = game.observation(1)
    assert obs.foot_sizes == (3, 3)
    assert "Ac" not in repr(obs)  # seat 0's foot is not visible to seat 1
    game.apply("draw")
    game.apply("lay-off 0 Kc Kd Ks")  # 7 kings: a natural canasta
    assert game.turn_canastas == ("natural",)
    game.apply("discard 9c")
    assert game.foot_picked_up(0) and game.foot_size(0) == 0
    assert sorted(str(c) for c in game.hand_cards(0)).count("As") == 1


def test_wild_only_meld_and_wild_canasta_kind() -> None:
    setup = HandSetup(hands=("JK JK 2c 2d 2h 2s JK 9c 4d", "5c 5d 6s"), pile="9d",
                      stock="Jc Jd Js Qd", feet=("Ac Ad As", "Qc Qh Qs"), to_play=0,
                      melds=(("Kh Kd Kc",), ()))
    game = _game(setup)
    game.apply("draw")
    assert game.is_legal("meld JK JK 2c")
    game.apply("meld 2c 2d 2h 2s JK JK JK")
    assert game.side_melds(0)[-1].canasta == "wild"


def test_meld_size_cap_refuses_an_eighth_card() -> None:
    setup = HandSetup(hands=("Kc 4s 9c 5d", "5c 5d 6s"),
                      melds=(("Kh Kh Kd Kd Ks Ks Kc",), ()), pile="9d", stock="Jc Jd Js Qd",
                      feet=("Ac Ad As", "Qc Qh Qs"), to_play=0)
    game = _game(setup)
    game.apply("draw")
    with pytest.raises(IllegalActionError) as err:
        game.apply("lay-off 0 Kc")
    assert err.value.rule == "max-size"


def test_AS_10_house_rule_also_refuses_merging_wilds_into_a_natural_canasta() -> None:
    """With the AS-10 house rule on, a merge may not bring wild cards into a natural
    canasta either (it would be a lay-off by another name)."""
    import canasta_family

    setup = HandSetup(hands=("4c 5d 6s 8c", "5c 5d 6s", "4d 4h 8h", "7c 8d 9d"),
                      melds=(("9h 9h 9d 9d 9s 9s 9c", "9c 9s 2c"), ()), pile="Qd",
                      stock="Jc Jd Js Qs", to_play=0)
    game = canasta_family.new_game("american-samba", seed=1, start=setup,
                                   options={"no_wild_on_natural_canasta": True})
    game.apply("draw")
    assert "merge 0 1" not in [str(a) for a in game.legal_actions()]
    with pytest.raises(IllegalActionError) as err:
        game.apply("merge 0 1")
    assert err.value.rule == "AS-10"
    plain = canasta_family.new_game("american-samba", seed=1, start=setup)
    plain.apply("draw")
    plain.apply("merge 0 1")
    assert plain.side_melds(0)[0].canasta == "mixed"


class NoKingsPlugin(AmericanSambaPlugin):
    """A variant restriction written as code: kings may never be melded."""

    info = VariantInfo(name="no-kings", players=(2,), rule_ids=VARIANT.rule_ids)

    @hookimpl
    def canasta_meld_violation(self, game: Game, side: int, meld: object,
                               added: tuple[object, ...]) -> object:
        from canasta_family.cards import Rank
        from canasta_family.rules import Violation

        if getattr(meld, "rank", None) == Rank.KING:
            return Violation("NK-1", "kings may never be melded")
        return None


def test_meld_violation_hook_applies_to_melds_and_to_taking_the_pile() -> None:
    """canasta_meld_violation is asked for every play that makes or changes a meld, so a
    restriction cannot be dodged by taking the pile."""
    plugin = NoKingsPlugin()
    setup = HandSetup(hands=("Kc Kd Ks Qh Qd Qs 5c", "5d 6s 7h"), pile="4c Kh",
                      stock="Jc Jd Js Qc", to_play=0, scores=(-50, 0))
    game = Game(Variant(info=plugin.info, plugin=plugin, origin="test"), players=2, seed=1,
                start=setup)
    legal = [str(a) for a in game.legal_actions()]
    assert not any(text.startswith("take-pile") for text in legal)
    with pytest.raises(IllegalActionError) as err:
        game.apply("take-pile Kc Kd")
    assert err.value.rule == "NK-1"
    game.apply("draw")
    assert game.is_legal("meld Qd Qh Qs")
    with pytest.raises(IllegalActionError) as err:
        game.apply("meld Kc Kd Ks")
    assert err.value.rule == "NK-1"
    texts = [str(a) for a in game.legal_actions()]
    king_sets = [t for t in texts
                 if t.startswith("meld ") and all(w.startswith("K") for w in t.split()[1:])]
    assert king_sets == []
    assert "meld Jd Qd Kd" in [str(a) for a in game.legal_actions()]  # a run is not a set


class StrandTestPlugin(FamilyTestPlugin):
    """Kings may never be discarded, a 7-card set of kings is a "royal" canasta (mixed:
    "royal-mixed"), and a red 3 as the stock's last card ends the hand."""

    info = VariantInfo(name="strand-test", players=(2, 4), rule_ids=VARIANT.rule_ids)

    @hookimpl
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        from canasta_family.cards import Rank

        return CanastaRules(bonuses={"natural": 500, "mixed": 300, "wild": 1000,
                                     "samba": 1500, "royal": 900, "royal-mixed": 600},
                            run_kind="samba", rank_kinds={Rank.KING: "royal"},
                            rank_mixed_kinds={Rank.KING: "royal-mixed"})

    @hookimpl
    def canasta_stock_end_rules(self, options: Options) -> StockEndRules:
        return StockEndRules(forced_layoff_take=False, red_three_last_card_ends=True)

    @hookimpl
    def canasta_red_three_rules(self, options: Options) -> RedThreeRules:
        return RedThreeRules(auto_place=True, discardable=False, rule="T-red")

    @hookimpl
    def canasta_forbidden_discards(self, game: Game, player: int, going_out: bool,
                                   hand: tuple[object, ...], canastas: tuple[str, ...]
                                   ) -> dict[object, Violation]:
        from canasta_family.cards import Rank

        return {card: Violation("T-king", "kings stay in hand") for card in hand
                if getattr(card, "rank", None) == Rank.KING}


def _strand_game(setup: HandSetup) -> Game:
    plugin = StrandTestPlugin()
    return Game(Variant(info=plugin.info, plugin=plugin, origin="test"), players=2, seed=4,
                start=setup)


def test_rank_kinds_name_natural_and_mixed_canastas_of_a_rank() -> None:
    """CanastaRules.rank_kinds / rank_mixed_kinds name the canastas of one rank."""
    game = _strand_game(HandSetup(hands=("Kc Kd 2c 9c 9d", "5c 5d 6s"),
                                  melds=(("Kh Kh Ks Ks Kd",), ()), pile="4c",
                                  stock="Jc Jd Js Qd", feet=("", ""), to_play=0))
    game.apply("draw")
    mixed = game.clone()
    game.apply("lay-off 0 Kc Kd")
    assert game.side_melds(0)[0].canasta == "royal"
    mixed.apply("lay-off 0 2c Kc")
    assert mixed.side_melds(0)[0].canasta == "royal-mixed"


def test_stranded_hand_keeps_a_card_and_passes() -> None:
    """A play may not leave only undiscardable cards (topic ``stranded``); a player whose
    draw left nothing to discard may keep one card and ``pass`` ends the hand."""
    game = _strand_game(HandSetup(hands=("Kc Kd Ks 9c 9d 9h", "5c 5d 6s"), pile="4c",
                                  melds=(("Qc Qd Qs",), ()), stock="Kh 9s Js Qd",
                                  feet=("", ""), to_play=0))
    game.apply("draw")  # + Kh 9s
    assert "meld 9c 9d 9h 9s" not in {str(a) for a in game.legal_actions()}
    with pytest.raises(IllegalActionError) as err:
        game.apply("meld 9c 9d 9h 9s")  # would leave only kings
    assert err.value.rule == "stranded"
    assert game.is_legal("meld 9c 9d 9h")  # keeps 9s to discard
    stuck = _strand_game(HandSetup(hands=("Kc Kd", "5c 5d 6s"), pile="4c",
                                   melds=(("Qc Qd Qs",), ()), stock="Kh Ks Js Qd",
                                   feet=("", ""), to_play=0))
    stuck.apply("draw")
    legal = {str(a) for a in stuck.legal_actions()}
    assert "pass" in legal and not any(t.startswith("discard") for t in legal)
    stuck.apply("meld Kc Kd Kh")  # keeps a single king: no discard follows anyway
    stuck.apply("pass")
    assert stuck.hand_results[-1].went_out is None


def test_red_three_as_last_stock_card_ends_the_hand() -> None:
    """StockEndRules.red_three_last_card_ends: the hand ends when the stock's last card,
    drawn, is a red 3, even though the draw also brought a card."""
    game = _strand_game(HandSetup(hands=("9c 9d 5s", "5c 5d 6s"), pile="4c",
                                  stock="Jd 3h", feet=("", ""), to_play=0))
    game.apply("draw")
    assert len(game.hand_results) == 1
    assert "red 3" in game.hand_results[-1].reason


class TurnEndWrapper:
    """A new-style hook wrapper: pluggy must run it around the variant's answer."""

    def __init__(self) -> None:
        self.inner: list[TurnEndEffects] = []

    @hookimpl(wrapper=True)
    def canasta_turn_end(self, game: Game, player: int):  # type: ignore[no-untyped-def]
        effects = yield
        self.inner.append(effects)
        return TurnEndEffects(end_hand=True)


class SecondOpinion:
    """A second plugin whose tryfirst answer wins over the variant's (firstresult)."""

    @hookimpl(tryfirst=True)
    def canasta_turn_end(self, game: Game, player: int) -> TurnEndEffects | None:
        return TurnEndEffects(end_hand=True) if game.hand_number == 0 else None


def _discard_first(game: Game) -> None:
    game.apply("draw")
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("discard")))


def test_hooks_are_called_as_pluggy_would_wrappers_and_order_included() -> None:
    """The engine calls hook implementations directly where it can; a wrapper still wraps
    the answer, and a tryfirst implementation still answers first (None passes on)."""
    wrapped = Game(Variant(info=VARIANT, plugin=AmericanSambaPlugin(), origin="test"),
                   players=4, seed=3)
    wrapper = TurnEndWrapper()
    wrapped._s.pm.register(wrapper, name="wrapper")
    _discard_first(wrapped)
    assert wrapper.inner == [TurnEndEffects()]  # the variant's default answer, wrapped
    assert len(wrapped.hand_results) == 1
    ordered = Game(Variant(info=VARIANT, plugin=AmericanSambaPlugin(), origin="test"),
                   players=4, seed=3)
    ordered._s.pm.register(SecondOpinion(), name="second-opinion")
    _discard_first(ordered)
    assert len(ordered.hand_results) == 1  # the tryfirst answer ended the hand
    _discard_first(ordered)
    assert len(ordered.hand_results) == 1  # None passes on: the default continues


class NoSevensPlugin(AmericanSambaPlugin):
    """American Samba without sets of sevens (``MeldRules.set_ranks``), for these tests."""

    info = VariantInfo(name="no-sevens-test", players=(2, 4), rule_ids=VARIANT.rule_ids)

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        base = AmericanSambaPlugin.canasta_meld_rules(self, num_players, options)
        return attrs.evolve(base, set_ranks=base.set_ranks - {Rank.SEVEN})


def test_ranks_that_are_not_set_ranks_are_never_listed_as_sets() -> None:
    """A variant may leave ranks out of ``MeldRules.set_ranks``: sevens are then never
    offered as a set, nor accepted, while the eights and kings beside them are."""
    plugin = NoSevensPlugin()
    setup = HandSetup(hands=("7c 7d 7h 8c 8d 8h Kc Kd Ks 2c 4s", "5c 5d 6s"), pile="9c",
                      stock="Jc Jd Js Qd", to_play=0)
    game = Game(Variant(info=plugin.info, plugin=plugin, origin="test"), players=2, seed=4,
                start=setup)
    game.apply("draw")
    melds = [str(a) for a in game.legal_actions() if str(a).startswith("meld")]
    assert "meld 8c 8d 8h" in melds and "meld Kc Kd Ks" in melds
    assert not any("7" in meld for meld in melds)
    held = game.hand_size(0)
    with pytest.raises(IllegalActionError):
        game.apply("meld 7c 7d 7h")
    assert game.hand_size(0) == held  # the rejected meld left the hand as it was
