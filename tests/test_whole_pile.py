"""The whole-pile mechanisms a variant switches on through its rule data:
``DealRules(upcard=False)`` starts the pile empty (BU-7) and
``PileRules(unconditional=True)`` takes the whole pile into the hand with no condition,
written ``take-pile`` with no cards (BU-9).

The test variant is classic Canasta with both switched on and nothing blocking a take
(no frozen pile, any top card), made without installing anything.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs
import pytest

from canasta_family import (
    Game,
    HandSetup,
    IllegalActionError,
    InvalidActionError,
    TakePile,
    hookimpl,
    new_game,
    parse_action,
    replay,
)
from canasta_family.plugins import Variant
from canasta_family.rules import DealRules, PileRules
from canasta_family.state_digest import state_digest
from canasta_family.testing import (
    check_clone_and_replay,
    check_listing_complete,
    check_refusal_leaves_state,
)
from canasta_family.variants.canasta import ClassicCanastaPlugin

Options = Mapping[str, object]


class OpenPileCanasta(ClassicCanastaPlugin):
    """Classic Canasta with no upcard and an unconditional whole-pile take."""

    info = attrs.evolve(ClassicCanastaPlugin.info, name="test-open-pile", aliases=())

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        rules: DealRules = super().canasta_deal_rules(num_players=num_players,
                                                      options=options)
        return attrs.evolve(rules, upcard=False)

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        return PileRules(unconditional=True, always_frozen=False,
                         frozen_by_wild_or_red_three=False, frozen_before_initial_meld=False,
                         blocked_wild=False, blocked_black_three=False,
                         blocked_red_three=False)


VARIANT = Variant(info=OpenPileCanasta.info, plugin=OpenPileCanasta(), origin="local")


def _game(seed: int = 3, start: HandSetup | None = None) -> Game:
    return Game(VARIANT, players=2, seed=seed, start=start)


def test_bu7_the_pile_starts_empty_and_the_first_player_must_draw() -> None:
    game = _game()
    assert game.pile == ()
    assert [str(a) for a in game.legal_actions()] == ["draw"]
    assert game.log()[0][1].endswith("deals; no upcard")
    check_refusal_leaves_state(game, TakePile())


def test_bu9_the_whole_pile_is_taken_whatever_its_top_card() -> None:
    # The top card is a joker and the player holds nothing of use with it: the take
    # still stands, and every pile card reaches the hand.
    start = HandSetup(hands=("4c 5d 8h Ks", "6c 6d 9h Qs"), pile="7h 2c JK",
                      stock="4d 4h 5c 5h 9c 9d", dealer=1)
    game = _game(start=start)
    listed = [str(a) for a in game.legal_actions()]
    assert listed == ["draw", "take-pile"]
    game.apply("take-pile")
    assert game.pile == ()
    assert sorted(str(c) for c in game.hand_cards(0)) == sorted(
        ["4c", "5d", "8h", "Ks", "7h", "2c", "JK"])
    assert game.side_melds(0) == ()


def test_bu9_a_take_naming_cards_is_refused_and_changes_nothing() -> None:
    start = HandSetup(hands=("7c 7d 8h Ks", "6c 6d 9h Qs"), pile="4s 7h",
                      stock="4d 4h 5c 5h 9c 9d", dealer=1)
    game = _game(start=start)
    with pytest.raises(InvalidActionError) as refused:
        game.apply("take-pile 7c 7d")
    assert refused.value.field == "cards"
    check_refusal_leaves_state(game, "take-pile 7c 7d")
    check_refusal_leaves_state(game, "take-pile onto 0")


def test_bu9_an_empty_pile_cannot_be_taken() -> None:
    game = _game()
    with pytest.raises(IllegalActionError, match="empty"):
        game.apply(TakePile())


def test_a_bare_take_is_refused_where_the_top_card_must_be_melded() -> None:
    # AS-19/CC-4: classic Canasta takes the pile only by using its top card.
    game = new_game("canasta", players=2, seed=4)
    with pytest.raises(InvalidActionError) as refused:
        game.apply("take-pile")
    assert refused.value.field == "cards"
    check_refusal_leaves_state(game, "take-pile")


def test_the_bare_take_round_trips_through_its_text() -> None:
    assert parse_action("take-pile") == TakePile()
    assert str(TakePile()) == "take-pile"
    assert parse_action(str(TakePile())) == TakePile()


@pytest.mark.parametrize("seed", range(6))
def test_listing_complete_and_replayable_in_whole_pile_games(seed: int) -> None:
    game = _game(seed=seed)
    chooser = random.Random(seed)
    takes = 0
    for _ in range(120):
        if game.is_over or game.hand_results:
            break
        if game.hand_size(game.current_player) <= 9:
            check_listing_complete(game, max_meld=4)
        legal = game.legal_actions()
        # Take the pile whenever it is on offer, to play the take often.
        action = next((a for a in legal if isinstance(a, TakePile)), None)
        if action is None:
            action = chooser.choice(legal)
        else:
            takes += 1
        game.apply(action)
    assert takes > 0
    check_clone_and_replay(game)
    again = replay(game.record(), variant=VARIANT)
    assert state_digest(again) == state_digest(game)


def test_the_turn_remembers_the_cards_taken_with_the_pile() -> None:
    # What rules such as BU-10 read: the pile as it was taken, for the rest of the turn.
    start = HandSetup(hands=("4c 5d 8h Ks", "6c 6d 9h Qs"), pile="7h 2c JK",
                      stock="4d 4h 5c 5h 9c 9d", dealer=1)
    game = _game(start=start)
    assert game.turn_pile_cards == ()
    game.apply("take-pile")
    assert [str(c) for c in game.turn_pile_cards] == ["7h", "2c", "JK"]
    game.apply("discard 4c")
    assert game.turn_pile_cards == ()
