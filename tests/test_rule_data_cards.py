"""Card roles are rule data: wild cards (AS-3), bonus cards (the red 3s of AS-16, AS-29,
AS-30) and stop cards (the black 3s of AS-33) come from the variant's hooks.

Test variants change the roles and play whole games through the public API: one where
only jokers are wild (2s meld as naturals), one without bonus cards where the 3s are
plain naturals, one without bonus cards where every 3 is a stop card. At every small
decision the listing is proved complete by brute force (``check_listing_complete``),
every card stays accounted for, and oracles written apart from the engine check what the
roles mean.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from canasta_family import (
    Card,
    Game,
    HandSetup,
    IllegalActionError,
    MakeMeld,
    PlaceRedThree,
    Rank,
    RecordError,
    VariantError,
    hookimpl,
    new_game,
    parse_card,
    replay,
)
from canasta_family.plugins import Variant
from canasta_family.rules import MeldRules
from canasta_family.testing import make_game_machine
from canasta_family.testing.checks import (
    check_cards_conserved,
    check_listing_complete,
)
from canasta_family.variants.american_samba import AmericanSambaPlugin
from canasta_family.variants.canasta import ClassicCanastaPlugin


def _with_ranks(rules: MeldRules, *ranks: Rank) -> MeldRules:
    return attrs.evolve(rules, set_ranks=rules.set_ranks | set(ranks))


class JokersWildCanasta(ClassicCanastaPlugin):
    """Classic Canasta where only jokers are wild: 2s are naturals that meld in sets."""

    info = attrs.evolve(ClassicCanastaPlugin.info, name="test-jokers-wild", aliases=())

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Any) -> bool:
        return card.is_joker

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Any) -> MeldRules:
        rules = super().canasta_meld_rules(num_players=num_players, options=options)
        return _with_ranks(rules, Rank.TWO)


class JokersWildSamba(AmericanSambaPlugin):
    """American Samba (sequences too) where only jokers are wild."""

    info = attrs.evolve(AmericanSambaPlugin.info, name="test-jokers-wild-samba", aliases=())

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Any) -> bool:
        return card.is_joker

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Any) -> MeldRules:
        rules = super().canasta_meld_rules(num_players=num_players, options=options)
        return _with_ranks(rules, Rank.TWO)


class NaturalThrees(ClassicCanastaPlugin):
    """Classic Canasta without bonus or stop cards: every 3 is a plain natural."""

    info = attrs.evolve(ClassicCanastaPlugin.info, name="test-natural-threes", aliases=())

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Any) -> bool:
        return False

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Any) -> bool:
        return False

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Any) -> MeldRules:
        rules = super().canasta_meld_rules(num_players=num_players, options=options)
        return _with_ranks(rules, Rank.THREE)


class StopThrees(ClassicCanastaPlugin):
    """Classic Canasta without bonus cards: all four 3s are stop cards."""

    info = attrs.evolve(ClassicCanastaPlugin.info, name="test-stop-threes", aliases=())

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Any) -> bool:
        return False

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Any) -> bool:
        return card.rank == Rank.THREE


PLUGINS = (JokersWildCanasta, JokersWildSamba, NaturalThrees, StopThrees)


def variant_of(plugin: type) -> Variant:
    """The test variant ``plugin`` as a game takes it without installing it."""
    instance = plugin()
    return Variant(info=instance.info, plugin=instance, origin="local")


def new(plugin: type, players: int = 2, seed: int = 1,
        start: HandSetup | None = None) -> Game:
    return Game(variant_of(plugin), players=players, seed=seed, start=start)


def card(text: str) -> Card:
    return parse_card(text)


def play_checked(game: Game, seed: int, steps: int) -> Game:
    """Random legal play with the listing proved complete at small decisions."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        if game.hand_size(game.current_player) <= 6:
            check_listing_complete(game, max_meld=6)
        listing = game.legal_actions()
        for action in listing:
            if isinstance(action, MakeMeld):
                check_meld_oracle(game, action)
        game.apply(rng.choice(listing))
        check_cards_conserved(game)
    return game


def check_meld_oracle(game: Game, action: MakeMeld) -> None:
    """A listed new meld is a set of one rank plus wild cards, a sequence of one suit
    without wild cards, or wild cards alone, by the variant's own roles."""
    naturals = [c for c in action.cards if not game.is_wild(c)]
    assert not any(game.is_bonus_card(c) for c in action.cards), action
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        assert len(naturals) == len(action.cards), f"wild card in a sequence: {action}"
        assert len({c.suit for c in naturals}) == 1, action


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.info.name)
@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2), (2, 3)])
def test_whole_games_list_exactly_the_legal_actions(plugin: type, players: int,
                                                    seed: int) -> None:
    """AS-3, AS-16, AS-33 by the variant's answers: random games with the brute-force
    listing check at every decision of a hand of at most six cards."""
    game = play_checked(new(plugin, players, seed), seed, 5000)
    assert game.clone() == game
    again = new(plugin, players, seed)
    for action in game.actions:
        again.apply(action)
    assert again.snapshot() == game.snapshot()


def test_public_reads_follow_the_variant() -> None:
    """AS-3 (jokers and 2s wild), AS-16 (red 3s bonus), AS-33 (black 3s stop) in the
    built-in rules; the test variants answer otherwise."""
    built_in = canasta_game()
    assert built_in.is_wild(card("2c")) and built_in.is_wild(card("JK"))
    assert built_in.is_bonus_card(card("3h")) and built_in.is_stop_card(card("3c"))
    jokers = new(JokersWildCanasta)
    assert jokers.is_wild(card("JK")) and not jokers.is_wild(card("2c"))
    plain = new(NaturalThrees)
    assert not any(plain.is_bonus_card(card(t)) or plain.is_stop_card(card(t))
                   for t in ("3c", "3d", "3h", "3s"))
    assert plain.red_threes_in_deck == 0
    stop = new(StopThrees)
    assert all(stop.is_stop_card(card(t)) for t in ("3c", "3d", "3h", "3s"))


def canasta_game() -> Game:
    return new(ClassicCanastaPlugin)


def test_AS3_jokers_only_two_melds_as_natural_and_is_no_wild_card() -> None:
    """AS-3 changed by the variant: 2s make a set of their own, with a joker as its wild
    card, and cannot stand in for a natural of another rank."""
    game = new(JokersWildCanasta, start=HandSetup(
        hands=("2c 2d 2h JK 4c 4d 9s Ks Qh Jd 8c", "5c 5d 6c 6d 7c 7d 8d 9c 10c Jc Qc"),
        pile="10h", dealer=1))
    game.apply("draw")
    assert game.is_legal("meld 2c 2d 2h JK")
    with pytest.raises(IllegalActionError):
        game.apply("meld 4c 4d 2h")
    assert "meld 4c 4d 2h" not in {str(a) for a in game.legal_actions()}
    check_listing_complete(game, max_meld=5)


def test_AS18_only_wild_cards_freeze_the_pile_when_only_jokers_are_wild() -> None:
    """AS-18a by the variant's roles: a 2 discarded is a natural and does not freeze the
    pile; a joker does."""
    game = new(JokersWildCanasta, start=HandSetup(
        hands=("2c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc", "2d JK 5d 6d 7d 8d 9d 10d Jd Qd Kd"),
        pile="Ah", dealer=1))
    before = game.pile_freezers
    game.apply("draw")
    game.apply("discard 2c")
    assert game.pile_freezers == before
    game.apply("draw")
    game.apply("discard JK")
    assert game.pile_freezers == before + 1


def test_AS16_no_bonus_cards_means_red_threes_meld_as_threes() -> None:
    """AS-16/AS-29 do not apply without bonus cards: a red 3 stays in hand, is never
    placed, and melds in a set of 3s."""
    game = new(NaturalThrees, start=HandSetup(
        hands=("3h 3d 3c 4c 5c 6c 7c 8c 9c Kc Qc", "5d 6d 7d 8d 9d 10d Jd Qd Kd Ad Ah"),
        pile="10h", dealer=1))
    game.apply("draw")
    assert game.side_red_threes(0) == ()
    assert not any(isinstance(a, PlaceRedThree) for a in game.legal_actions())
    assert game.is_legal("meld 3c 3d 3h")
    check_listing_complete(game, max_meld=4)


def test_AS33_every_three_a_stop_card_blocks_the_pile() -> None:
    """AS-33 by the variant's roles (with CC's blocked stop card on top): a red 3 that is
    a stop card, discarded, stops the next player taking the pile."""
    game = new(StopThrees, start=HandSetup(
        hands=("3h 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc", "3d 3s 5d 6d 7d 8d 9d 10d Jd Qd Kd"),
        pile="Ah", dealer=1))
    game.apply("draw")
    game.apply("discard 3h")
    assert not game.is_legal("take-pile 3d 3s")
    assert all(str(a) == "draw" for a in game.legal_actions())


def test_no_bonus_and_natural_threes_games_meld_threes() -> None:
    """Across random games of the natural-3s variant, some side melds a set of 3s and no
    card is ever placed as a bonus card."""
    melded = False
    for seed in range(4):
        game = new(NaturalThrees, 2, seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.hand_results) < 1:
            action = rng.choice(game.legal_actions())
            assert not isinstance(action, PlaceRedThree)
            game.apply(action)
            melded = melded or any(m.rank == Rank.THREE for side in range(2)
                                   for m in game.side_melds(side))
    assert melded


class WildBonus(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="test-wild-bonus", aliases=())

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Any) -> bool:
        return card.is_red_three or card.is_joker


class StopJoker(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="test-stop-joker", aliases=())

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Any) -> bool:
        return card.rank == Rank.TWO

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Any) -> bool:
        return card.is_black_three or card.is_joker


class HalfStop(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="test-half-stop", aliases=())

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Any) -> bool:
        return card == parse_card("3c")


@pytest.mark.parametrize("plugin, words", [
    (WildBonus, "both a wild card and a bonus card"),
    (StopJoker, "cannot be a stop card"),
    (HalfStop, "must be all its cards"),
])
def test_roles_no_game_could_follow_are_refused(plugin: type, words: str) -> None:
    """One role per card, no stop joker, a rank's stop cards all its other cards: the
    refusal names the variant."""
    with pytest.raises(VariantError, match=words) as caught:
        new(plugin)
    assert plugin.info.name in str(caught.value)


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.info.name)
def test_determinized_copies_keep_the_variants_roles(plugin: type) -> None:
    """A determinization deals the unseen cards by the variant's roles (AS-18a freezing
    cards in the pile bottom, AS-16 bonus cards): what seat 0 observes is unchanged."""
    game = new(plugin, 2, 7)
    rng = random.Random(7)
    for _ in range(60):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    for sample in range(3):
        copy = game.determinize(0, random.Random(sample))
        assert copy.observation(0) == game.observation(0)
        assert copy.pile_freezers == game.pile_freezers
        check_cards_conserved(copy)


# The reusable state machine on each test variant: cards conserved, listed actions apply,
# illegal ones refused with the state unchanged, clone and replay equal, nothing leaks.
TestJokersWildMachine = make_game_machine(
    variant_of(JokersWildCanasta), players=2, step_count=30).TestCase
TestJokersWildSambaMachine = make_game_machine(
    variant_of(JokersWildSamba), players=4, step_count=30).TestCase
TestNaturalThreesMachine = make_game_machine(
    variant_of(NaturalThrees), players=2, step_count=30).TestCase
TestStopThreesMachine = make_game_machine(
    variant_of(StopThrees), players=4, step_count=30).TestCase


def test_a_variant_not_installed_plays_and_replays_from_its_variant() -> None:
    """``new_game`` takes a ``Variant`` whose plugin is not installed, and ``replay``
    rebuilds its record given the same variant; another variant is refused by name."""
    variant = variant_of(JokersWildCanasta)
    game = new_game(variant, players=2, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    assert replay(game.record(), variant=variant) == game
    assert replay(game.record().dumps(), variant=variant) == game
    with pytest.raises(RecordError, match="test-jokers-wild"):
        replay(game.record(), variant=variant_of(StopThrees))
