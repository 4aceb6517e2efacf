"""Runs with the ace low or high (``MeldRules.run_ace_low``, BU-12): A-2-3 and Q-K-A are
runs, K-A-2 is none, and a run holding two aces spans A…A.

The test variant is American Samba where only the jokers are wild (2s are naturals, as in
``role_variants``) with sequences from the 2 and the ace running low; its option
``run_max`` lets a sequence grow to the full 14 cards. It is made without installing
anything.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs
import pytest
from role_variants import JokersWildSamba

from canasta_family import (
    Card,
    Game,
    HandSetup,
    IllegalActionError,
    MakeMeld,
    Rank,
    VariantError,
    hookimpl,
    parse_action,
)
from canasta_family.plugins import Variant
from canasta_family.rules import MeldRules, OptionSpec
from canasta_family.testing import (
    check_clone_and_replay,
    check_listing_complete,
    check_refusal_leaves_state,
)

Options = Mapping[str, object]


class AceLowSamba(JokersWildSamba):
    """Jokers-wild American Samba with sequences from A (low) or 2 up to A (high), and
    3s as plain naturals (no red or black 3 rules, as in Buraco, BU-3)."""

    info = attrs.evolve(
        JokersWildSamba.info, name="test-ace-low", aliases=(),
        options=(*JokersWildSamba.info.options,
                 OptionSpec(name="run_max", type=int, default=7, allowed=(7, 14),
                            rule="BU-12", description="the longest sequence")))

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Options) -> bool:
        return False

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Options) -> bool:
        return False

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        rules: MeldRules = super().canasta_meld_rules(num_players=num_players,
                                                      options=options)
        return attrs.evolve(rules, run_low=Rank.TWO, run_ace_low=True,
                            set_ranks=rules.set_ranks | {Rank.THREE},
                            run_max=int(options.get("run_max", 7)))  # type: ignore[call-overload]


class AceLowFromFour(JokersWildSamba):
    """A variant asking for a low ace while its sequences start at 4: no game can follow."""

    info = attrs.evolve(JokersWildSamba.info, name="test-ace-low-broken", aliases=())

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        rules: MeldRules = super().canasta_meld_rules(num_players=num_players,
                                                      options=options)
        return attrs.evolve(rules, run_ace_low=True)


def _variant(plugin: type) -> Variant:
    instance = plugin()
    return Variant(info=instance.info, plugin=instance, origin="local")


VARIANT = _variant(AceLowSamba)


def _game(hand: str, melds: tuple[str, ...] = (), *, run_max: int = 7) -> Game:
    """Seat 0 to play (after its draw) with ``hand``, its side holding ``melds`` after a
    set of kings (so that its initial meld is made)."""
    start = HandSetup(hands=(hand, "5c 6d 8s 9c 10d Jc Qs"), pile="9d",
                      stock="4c 4d 5s 6s 7c 7d 8c 8d", melds=(("Kc Kd Ks", *melds), ()),
                      dealer=1)
    game = Game(VARIANT, players=2, seed=1, start=start, options={"run_max": run_max})
    game.apply("draw")
    return game


def _listed(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def test_bu12_the_ace_runs_low_below_the_2() -> None:
    game = _game("Ah 2h 3h 9s 9c")
    assert "meld 2h 3h Ah" in _listed(game)
    game.apply("meld Ah 2h 3h")
    run = game.side_melds(0)[1]
    assert sorted(str(c) for c in run.cards) == ["2h", "3h", "Ah"]


def test_bu12_the_ace_runs_high_above_the_king() -> None:
    game = _game("Qh Kh Ah 9s 9c")
    assert "meld Qh Kh Ah" in _listed(game)
    game.apply("meld Qh Kh Ah")
    assert len(game.side_melds(0)) == 2


def test_bu12_no_run_wraps_round_the_ace() -> None:
    game = _game("Kh Ah 2h 9s 9c")
    assert not any(isinstance(a, MakeMeld) and len({c.rank for c in a.cards}) == 3
                   for a in game.legal_actions())
    with pytest.raises(IllegalActionError) as refused:
        game.apply("meld Kh Ah 2h")
    assert "consecutive" in refused.value.reason
    check_refusal_leaves_state(game, "meld Kh Ah 2h")


def test_bu12_an_ace_lays_off_at_whichever_end_it_fits() -> None:
    low = _game("Ah 9s 9c 5d", melds=("2h 3h 4h",))
    assert "lay-off 1 Ah" in _listed(low)
    low.apply("lay-off 1 Ah")
    high = _game("Ah 9s 9c 5d", melds=("Jh Qh Kh",))
    assert "lay-off 1 Ah" in _listed(high)
    middle = _game("Ah 9s 9c 5d", melds=("5h 6h 7h",))
    assert not any(str(a).startswith("lay-off") for a in middle.legal_actions())


def test_bu12_a_run_of_two_aces_spans_ace_to_ace() -> None:
    run = "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    both = _game("Ah Ah 9s 9c", melds=(run,), run_max=14)
    listed = _listed(both)
    assert {"lay-off 1 Ah", "lay-off 1 Ah Ah"} <= listed
    both.apply("lay-off 1 Ah Ah")
    assert len(both.side_melds(0)[1].cards) == 14
    one = _game("Ah 9s 9c 5d", melds=(run,), run_max=14)
    assert [str(a) for a in one.legal_actions() if str(a).startswith("lay-off")] \
        == ["lay-off 1 Ah"]
    one.apply("lay-off 1 Ah")
    assert len(one.side_melds(0)[1].cards) == 13


def test_bu12_a_low_ace_needs_runs_from_the_2() -> None:
    with pytest.raises(VariantError, match="run_ace_low"):
        Game(_variant(AceLowFromFour), players=2, seed=1)


class AceHighOnly(AceLowSamba):
    """The same variant with the ace running high only."""

    info = attrs.evolve(AceLowSamba.info, name="test-ace-high-only")

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        rules: MeldRules = super().canasta_meld_rules(num_players=num_players,
                                                      options=options)
        return attrs.evolve(rules, run_ace_low=False)


def test_without_a_low_ace_the_ace_runs_high_only() -> None:
    start = HandSetup(hands=("Ah 2h 3h 4h 9c", "5c 6d 8s 9c 10d"), pile="9d",
                      stock="4c 4d 5s 6s", melds=(("Kc Kd Ks",), ()), dealer=1)
    game = Game(_variant(AceHighOnly), players=2, seed=1, start=start)
    game.apply("draw")
    assert game.is_legal(parse_action("meld 2h 3h 4h"))
    assert not game.is_legal(parse_action("meld Ah 2h 3h"))


def _small_deal(seed: int) -> HandSetup:
    """Seven cards each, drawn at random from the test variant's deck, so that the
    brute-force check can walk whole hands."""
    deck = list(Game(VARIANT, players=2, seed=seed).deck)
    random.Random(seed).shuffle(deck)
    return HandSetup(hands=(tuple(deck[:7]), tuple(deck[7:14])), pile=(deck[14],),
                     stock=tuple(deck[15:45]), melds=(("Kc Kd Ks",), ("Qc Qd Qs",)),
                     dealer=1)


@pytest.mark.parametrize("seed", range(8))
def test_listing_complete_and_replayable_with_low_aces(seed: int) -> None:
    game = Game(VARIANT, players=2, seed=seed, start=_small_deal(seed),
                options={"run_max": 14 if seed % 2 else 7})
    chooser = random.Random(seed)
    for _ in range(60):
        if game.is_over or game.hand_results:
            break
        check_listing_complete(game, max_meld=5)
        game.apply(chooser.choice(game.legal_actions()))
    check_clone_and_replay(game)


def test_bu12_a_low_ace_run_takes_a_player_out() -> None:
    # Two canastas on the table meet American Samba's going-out condition; the draw
    # brings 4h 5h, and A-2-3-4-5 with the discard of 5c empties the hand.
    start = HandSetup(hands=("Ah 2h 3h 5c", "5d 6d 8s 9c 10d"), pile="9d",
                      stock="4h 5h 6s 7s",
                      melds=(("Kc Kd Ks Kh Kc Kd Ks", "Qc Qd Qs Qh Qc Qd Qs"), ()),
                      dealer=1)
    game = Game(VARIANT, players=2, seed=1, start=start)
    game.apply("draw")
    assert "meld 2h 3h 4h 5h Ah" in _listed(game)
    game.apply("meld Ah 2h 3h 4h 5h")
    game.apply("discard 5c")
    assert game.hand_results[0].went_out == 0
