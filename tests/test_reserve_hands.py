"""A reserve hand per side (``ReserveRules``; Buraco's morto, BU-20…30): dealt face down,
taken by the player whose hand empties while it waits — at once when the hand empties by
melding (BU-22), for the next turn when it empties by the discard (BU-23) — never going
out while it waits (BU-25), and turned into the stock when the stock runs out (BU-28).

Played on ``place_variants.ReserveRuns`` (a five-card reserve per side).
"""

from __future__ import annotations

import random

import pytest
from place_variants import RESERVE_VARIANT, new_reserve_game

from canasta_family import (
    Game,
    HandSetup,
    IllegalActionError,
    LayOff,
    MakeMeld,
    replay,
)
from canasta_family.state_digest import state_digest
from canasta_family.testing import (
    check_cards_conserved,
    check_clone_and_replay,
    check_listing_complete,
    check_observation_hides,
    check_refusal_leaves_state,
)

RESERVES = ("Ac Kd Qc Jc 10c", "4s 4s 8d 8d 10h")
CANASTAS = ("Kc Kc Kd Ks Ks Kh Kh", "Qc Qd Qd Qs Qs Qh Qh")


def _game(hand: str, *, melds: tuple[str, ...] = (), stock: str = "4c 5c 6c 7c 8c 9c",
          direct: bool = True, reserves: tuple[str, ...] = RESERVES) -> Game:
    """Seat 0 to play after drawing (two cards: the first two of ``stock``)."""
    start = HandSetup(hands=(hand, "3c 3d 9s 9s Jd"), pile="Jh", stock=stock,
                      melds=(melds, ()), reserves=reserves, dealer=1)
    game = new_reserve_game(start, options={"direct": direct})
    game.apply("draw")
    return game


def test_bu6_every_side_is_dealt_a_reserve() -> None:
    game = new_reserve_game(seed=3)
    assert [game.reserve_size(side) for side in (0, 1)] == [5, 5]
    assert game.card_locations()["reserves"] == 10
    check_cards_conserved(game)
    assert game.observation(0).reserve_sizes == (5, 5)
    check_observation_hides(game)


def test_bu22_melding_every_card_takes_the_reserve_at_once() -> None:
    game = _game("5h 6h", stock="7h 8h 4c 5c")
    assert "meld 5h 6h 7h 8h" in {str(a) for a in game.legal_actions()}
    game.apply("meld 5h 6h 7h 8h")
    assert game.reserve_taken_by(0) == 0 and game.reserve_size(0) == 0
    assert sorted(map(str, game.hand_cards(0))) == sorted(RESERVES[0].split())
    assert game.phase == "play" and game.current_player == 0
    assert not game.reserve_waiting(0)
    assert not game.hand_results


def test_bu_o5_without_direct_pickup_a_card_must_be_kept_for_the_discard() -> None:
    game = _game("5h 6h", stock="7h 8h 4c 5c", direct=False)
    assert "meld 5h 6h 7h 8h" not in {str(a) for a in game.legal_actions()}
    with pytest.raises(IllegalActionError) as refused:
        game.apply("meld 5h 6h 7h 8h")
    assert refused.value.rule == "reserve"
    check_refusal_leaves_state(game, "meld 5h 6h 7h 8h")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 8h")
    assert game.reserve_taken_by(0) == 0


def test_bu23_a_hand_emptied_by_the_discard_takes_the_reserve_for_the_next_turn() -> None:
    game = _game("5h 6h", stock="7h 9d 4c 5c 6c 7c")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9d")
    assert game.reserve_taken_by(0) == 0 and game.hand_size(0) == 5
    assert game.current_player == 1 and game.reserve_waiting(0)
    game.apply("draw")
    game.apply("discard 9s")
    assert not game.reserve_waiting(0)  # BU-24: the taker's turn has come


def test_bu25_nobody_goes_out_while_the_reserve_waits() -> None:
    # Two canastas on the table meet classic Canasta's going-out condition, yet emptying
    # the hand takes the reserve instead of ending the hand.
    game = _game("5h 6h", melds=CANASTAS, stock="7h 9d 4c 5c")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9d")
    assert not game.hand_results and game.reserve_taken_by(0) == 0


def test_bu27_with_the_reserve_waiting_a_play_may_keep_one_card() -> None:
    # No going-out condition is met (no canasta), but the one card kept can be discarded
    # to take the reserve: the play is legal, where without a reserve it needs a way out.
    waiting = _game("5h 6h 9d", stock="7h 8h 4c 5c")
    assert waiting.is_legal("meld 5h 6h 7h 8h")
    none_left = _game("5h 6h 9d", stock="7h 8h 4c 5c", reserves=("", RESERVES[1]))
    assert not none_left.is_legal("meld 5h 6h 7h 8h")
    waiting.apply("meld 5h 6h 7h 8h")
    waiting.apply("discard 9d")
    assert waiting.reserve_taken_by(0) == 0 and waiting.reserve_waiting(0)


def test_once_the_reserve_is_taken_emptying_the_hand_goes_out() -> None:
    start = HandSetup(hands=("5h 6h", "3c 3d 9s 9s Jd"), pile="Jh", stock="7h 9d 4c 5c",
                      melds=(CANASTAS, ()), reserves=("", RESERVES[1]), dealer=1)
    game = new_reserve_game(start)
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9d")
    assert game.hand_results and game.hand_results[0].went_out == 0


def test_bu28_the_reserve_becomes_the_stock_when_the_stock_runs_out() -> None:
    game = _game("5h 6h 9c", stock="4c 5c")
    assert game.stock_size == 5 and game.reserve_size(0) == 0
    assert game.reserve_turned_to_stock(0) and game.reserve_size(1) == 5
    assert any("becomes the stock" in text for _seat, text in game.log())
    check_cards_conserved(game)


def test_setups_with_reserves_round_trip_through_json() -> None:
    setup = HandSetup(hands=("5h 6h", "9s"), reserves=RESERVES)
    assert HandSetup.from_json(setup.to_json()) == setup


def _small_deal(seed: int) -> HandSetup:
    deck = list(new_reserve_game(seed=seed).deck)
    random.Random(seed).shuffle(deck)
    return HandSetup(hands=(tuple(deck[:6]), tuple(deck[6:12])), pile=(deck[12],),
                     reserves=(tuple(deck[13:18]), tuple(deck[18:23])),
                     stock=tuple(deck[23:83]), dealer=1)


@pytest.mark.parametrize("seed", range(8))
def test_listing_complete_and_replayable_with_reserves(seed: int) -> None:
    game = new_reserve_game(_small_deal(seed), seed=seed,
                            options={"direct": seed % 2 == 0})
    chooser = random.Random(seed)
    taken = 0
    for _ in range(160):
        if game.is_over or game.hand_results:
            break
        if game.hand_size(game.current_player) <= 8:
            check_listing_complete(game, max_meld=5)
        check_cards_conserved(game)
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, (MakeMeld, LayOff))]
        # The largest play most of the time, so that hands empty and reserves are taken.
        game.apply(max(plays, key=lambda a: len(a.cards))  # type: ignore[union-attr]
                   if plays and chooser.random() < 0.8 else chooser.choice(legal))
        taken += sum(game.reserve_taken_by(side) is not None
                     or game.reserve_turned_to_stock(side) for side in (0, 1))
    check_clone_and_replay(game)
    assert state_digest(replay(game.record(), variant=RESERVE_VARIANT)) == state_digest(game)
    assert taken  # every seed sees a reserve taken or turned into stock
