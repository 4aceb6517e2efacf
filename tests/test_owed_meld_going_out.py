"""AS-23 (classic Canasta CC-5) with going out (AS-34, AS-35; CC-8): an initial meld owed
after a pile take may be completed by plays that keep only the card for a going-out
discard, or none at all.

After an initial pile take short of the minimum, only the top card and the cards held
before the take count, and the minimum must be reached before the turn's discard. The
turn may end by an ordinary discard, which needs two cards kept after the plays, or by
going out: melding all but the last card, which is discarded (or every card), where the
side may go out — in classic Canasta with four players once it owns a canasta (CC-8;
there is no fixed number of cards to keep, CC-8 and AS-35). A play after which only going
out completes the minimum is legal, listed, and the hand ends as the player goes out.

Four players, seat 0 (side 0, at 3,000 points: a minimum of 120, CC-5) is to play; the
dealer is seat 3. Piles are given bottom to top, so the last card is the top. Everything
is played through the public API: ``new_game``, ``legal_actions``, ``is_legal``,
``apply``.
"""

from __future__ import annotations

from collections.abc import Sequence

import canasta_family
from canasta_family import Game, HandSetup, IllegalActionError
from canasta_family.actions import parse_action
from canasta_family.testing import check_listing_complete, check_refusal_leaves_state

OTHERS = ("4c 4d 5d 6c 6d 7h 8c 8d 9c 9d Kd",
          "4h 4s 5h 6h 6s 8h 8h 8s 9h 9s 10d",
          "10c 10d 10h 10s Kc 5c 5s 6c 8c 9c 4d")
STOCK = "Ks 5h 6h 5s"


def start(hand: str, pile: str, stock: str = STOCK) -> Game:
    """Classic Canasta for four, seat 0 to draw with ``hand``, side 0 owing 120 (CC-5)."""
    game = canasta_family.new_game("canasta", players=4, seed=1, start=HandSetup(
        hands=(hand, *OTHERS), pile=pile, stock=stock, scores=(3000, 0), dealer=3))
    assert game.current_player == 0 and game.phase == "draw"
    assert game.initial_minimum(0) == 120
    return game


def listed(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def play(game: Game, actions: Sequence[str]) -> None:
    """Each action is listed, legal and applied in turn."""
    for text in actions:
        action = str(parse_action(text))
        assert action in listed(game), (action, sorted(listed(game)))
        assert game.is_legal(action), action
        game.apply(action)


def owed_after_jacks(jacks: str = "Jc Jc Jd Jd Jh Jh Js") -> Game:
    """After ``take-pile Qc Qd`` (the queens count 30, the 7s below them nothing) and a
    meld of the jacks: the aces (60) are all that can still count, and 7c 7d 7s and Kh
    are in hand beside them."""
    game = start(f"Qc Qd {jacks} Ah Ah As Kh", "7c 7d 7s Qh")
    play(game, ["take-pile Qc Qd", f"meld {jacks}"])
    assert game.owes_initial_meld()
    return game


def test_AS_23_CC_5_CC_8_pile_meld_kept_for_going_out_is_listed_and_accepted() -> None:
    """AS-23 / CC-5 with CC-8: after the take and the jacks (100 of 120, a natural
    canasta), melding the pile's 7s counts nothing and leaves Ah Ah As Kh: the aces then
    reach 160 and leave Kh alone, whose discard goes out. That is a legal way to finish
    the turn, so ``meld 7c 7d 7s`` is listed and accepted, and the hand ends with seat 0
    going out."""
    game = owed_after_jacks()
    assert "meld 7c 7d 7s" in listed(game)
    check_listing_complete(game)
    play(game, ["meld 7c 7d 7s"])
    assert game.owes_initial_meld()
    assert listed(game) == {"meld Ah Ah As"}
    check_listing_complete(game)
    play(game, ["meld Ah Ah As"])
    assert not game.owes_initial_meld()
    assert game.hand_size(0) == 1
    check_listing_complete(game)
    play(game, ["discard Kh"])
    assert len(game.hand_results) == 1
    result = game.hand_results[0]
    assert result.went_out == 0
    assert result.reason == "seat 0 went out"


def test_AS_23_CC_5_CC_8_aces_first_then_pile_meld_then_going_out() -> None:
    """AS-23 / CC-5 with CC-8: the same plays in the other order (the aces reach the
    minimum first) go out too, and both orders were open after the jacks."""
    game = owed_after_jacks()
    assert {"meld Ah Ah As", "meld 7c 7d 7s"} <= listed(game)
    play(game, ["meld Ah Ah As", "meld 7c 7d 7s", "discard Kh"])
    assert game.hand_results[0].went_out == 0


def test_AS_23_CC_5_CC_8_pile_meld_refused_where_the_side_may_not_go_out() -> None:
    """AS-23 / CC-5 with CC-8: with six jacks (no canasta) the side may not go out, so
    after the pile's 7s the aces would leave Kh, which could not be discarded to go out,
    and nothing else completes the minimum: the meld of the 7s is refused (CC-5), not
    listed, and the aces, which keep four cards, are."""
    game = owed_after_jacks("Jc Jc Jd Jd Jh Jh")
    assert "meld 7c 7d 7s" not in listed(game)
    assert "meld Ah Ah As" in listed(game)
    error = check_refusal_leaves_state(game, "meld 7c 7d 7s")
    assert isinstance(error, IllegalActionError)
    assert error.rule == "CC-5"
    check_listing_complete(game)


JACKS = "Jc Jc Jd Jd Jh Jh Js"
FIVES = "5c 5d 5h 5s"
FIVES_STOCK = "Ks 10h 4c 9d"  # (STOCK's 5s are in seat 0's hand here: two packs)


def test_AS_23_CC_5_CC_8_take_completed_only_by_going_out_is_legal() -> None:
    """AS-23 / CC-5 with CC-8: ``take-pile Qc Qd`` counts 30 of 120. Only the seven jacks
    (70) and the four 5s (20) together make up the 90 left, and they leave Kh alone,
    whose discard goes out with the jacks' canasta: no plays that keep two cards reach
    the minimum, yet the take is a legal way to finish the turn, listed and accepted, and
    the turn goes out."""
    game = start(f"Qc Qd {JACKS} {FIVES} Kh", "Qh", FIVES_STOCK)
    assert "take-pile Qc Qd" in listed(game)
    check_listing_complete(game, max_meld=3)
    play(game, ["take-pile Qc Qd"])
    assert game.owes_initial_meld()
    assert {f"meld {JACKS}", f"meld {FIVES}"} <= listed(game)
    check_listing_complete(game)
    play(game, [f"meld {FIVES}"])
    # Six jacks and a lay-off of the seventh would do as well; three 5s would not.
    assert f"meld {JACKS}" in listed(game)
    play(game, [f"meld {JACKS}"])
    assert not game.owes_initial_meld()
    assert listed(game) == {"discard Kh"}
    play(game, ["discard Kh"])
    assert game.hand_results[0].went_out == 0


def test_AS_23_CC_5_AS_34_take_completed_by_melding_the_whole_hand() -> None:
    """AS-23 / CC-5 with AS-34: without Kh the jacks and the 5s empty the hand, which goes
    out with no discard at all: the take is legal too."""
    game = start(f"Qc Qd {JACKS} {FIVES}", "Qh", FIVES_STOCK)
    play(game, ["take-pile Qc Qd", f"meld {FIVES}", f"meld {JACKS}"])
    assert game.hand_results[0].went_out == 0


def test_AS_23_CC_5_CC_8_take_refused_where_the_side_may_not_go_out() -> None:
    """AS-23 / CC-5 with CC-8: the same deal between two players, where going out needs
    two canastas: the only plays that reach 120 leave Kh alone, which may not then be
    discarded, so the take is refused (CC-5) and not listed."""
    game = canasta_family.new_game("canasta", players=2, seed=1, start=HandSetup(
        hands=(f"Qc Qd {JACKS} {FIVES} Kh", OTHERS[0]), pile="Qh", stock=FIVES_STOCK,
        scores=(3000, 0), dealer=1))
    assert game.current_player == 0 and game.initial_minimum(0) == 120
    assert "take-pile Qc Qd" not in listed(game)
    error = check_refusal_leaves_state(game, "take-pile Qc Qd")
    assert isinstance(error, IllegalActionError)
    assert error.rule == "CC-5"
