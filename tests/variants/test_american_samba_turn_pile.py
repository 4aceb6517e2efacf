"""American Samba (1951): the turn, the discard pile and the initial meld (AS-15 … AS-27).

Every test starts from an arranged deal (``HandSetup``) and plays through the public API.
Stocks are written top first, piles bottom to top (the last card is the top).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

import pytest

import canasta_family
from canasta_family import HandSetup
from canasta_family.actions import Discard, Draw, LayOff, MakeMeld, TakePile, parse_action
from canasta_family.cards import Card, parse_cards
from canasta_family.engine import Game
from canasta_family.errors import IllegalActionError, InvalidActionError
from canasta_family.players import RandomPlayer

VARIANT = "american-samba"
T = TypeVar("T")


def start(setup: HandSetup, players: int = 2) -> Game:
    """A game of American Samba from an arranged deal."""
    return canasta_family.new_game(VARIANT, players=players, seed=7, start=setup)


def rule_of(game: Game, action: str) -> str:
    """The rule ID with which ``action`` is refused (it must be refused as a rule break)."""
    with pytest.raises(IllegalActionError) as info:
        game.verify(action)
    assert not game.is_legal(action)
    return info.value.rule


def legal(game: Game) -> set[str]:
    """The legal actions as canonical text."""
    return {str(action) for action in game.legal_actions()}


def text(action: str) -> str:
    """The canonical text of ``action`` (cards sorted as the engine sorts them)."""
    return str(parse_action(action))


def cards(spec: str) -> Counter[Card]:
    """A multiset of cards from text."""
    return Counter(parse_cards(spec))


def hand(game: Game, seat: int) -> Counter[Card]:
    """A seat's hand as a multiset."""
    return Counter(game.hand_cards(seat))


def meld_cards(game: Game, side: int, index: int) -> Counter[Card]:
    """The cards of one meld as a multiset."""
    return Counter(game.side_melds(side)[index].cards)


def kinds(actions: Iterable[object], kind: type[T]) -> list[T]:
    """The actions of one type."""
    return [a for a in actions if isinstance(a, kind)]


# --- AS-15: the turn ---------------------------------------------------------------------


def test_AS_15_draw_takes_the_top_two_stock_cards() -> None:
    """A draw takes exactly the two top cards of the stock, then the play phase begins."""
    game = start(HandSetup(hands=("5c 6d 8h 9s Kc", "4c 7d 8c Jh Qd"), pile="4d",
                           stock="Qs Jh 7c 6h", to_play=0))
    assert game.current_player == 0 and game.phase == "draw"
    game.apply("draw")
    assert game.phase == "play" and game.current_player == 0
    assert hand(game, 0) == cards("5c 6d 8h 9s Kc Qs Jh")
    assert game.stock_cards() == parse_cards("7c 6h")
    assert game.stock_size == 2


def test_AS_15_cannot_discard_or_meld_before_drawing() -> None:
    """Step 1 (draw or take the pile) comes first: discarding, melding or laying off
    before it is refused with AS-15, and the listing offers none of them."""
    game = start(HandSetup(hands=("5c 5d 5h 7s 9d Kc", "4c 7d 8c Jh Qd"), pile="4d",
                           stock="Qs Jh 7c 6h", melds=(("7h 7c 7d",), ()), to_play=0))
    assert rule_of(game, "discard Kc") == "AS-15"
    assert rule_of(game, "meld 5c 5d 5h") == "AS-15"
    assert rule_of(game, "lay-off 0 7s") == "AS-15"
    actions = game.legal_actions()
    assert actions and all(isinstance(a, (Draw, TakePile)) for a in actions)
    assert hand(game, 0) == cards("5c 5d 5h 7s 9d Kc")
    with pytest.raises(InvalidActionError) as info:
        game.apply("draw", player=1)
    assert info.value.field == "player"
    assert game.phase == "draw" and game.stock_size == 4


def test_AS_15_cannot_draw_twice_or_take_the_pile_after_drawing() -> None:
    """Only one of 'draw two' or 'take the pile' per turn: after drawing, neither a
    second draw nor a pile take is allowed (AS-15)."""
    game = start(HandSetup(hands=("9h 9s 5c 6d Kc", "4c 7d 8c Jh Qd"), pile="8c 9d",
                           stock="Qs Jh 7c 6h", melds=(("Ah Ad As",), ()), to_play=0))
    assert game.is_legal("take-pile 9h 9s")
    game.apply("draw")
    assert rule_of(game, "draw") == "AS-15"
    assert rule_of(game, "take-pile 9h 9s") == "AS-15"
    assert not kinds(game.legal_actions(), Draw)
    assert not kinds(game.legal_actions(), TakePile)
    assert game.stock_size == 2 and len(game.pile) == 2


def test_AS_15_cannot_draw_after_taking_the_pile() -> None:
    """Taking the pile is the player's step 1: a draw afterwards is refused (AS-15)."""
    game = start(HandSetup(hands=("9h 9s 5c 6d Kc", "4c 7d 8c Jh Qd"), pile="8c 9d",
                           stock="Qs Jh 7c 6h", melds=(("Ah Ad As",), ()), to_play=0))
    game.apply("take-pile 9h 9s")
    assert rule_of(game, "draw") == "AS-15"
    assert game.stock_size == 4


def test_AS_15_full_turn_draw_meld_discard_passes_to_the_left() -> None:
    """Draw, meld and lay off as often as wanted, then one discard ends the turn and the
    player on the left (next seat) moves, starting with step 1."""
    game = start(HandSetup(hands=("5c 5d 5h 5s Kc Kd Ks 9c 8d",
                                  "4c 7d 8c Jh Qd", "4d 7c 8h Jc Qs", "4h 7h 8s Js Qh"),
                           pile="4s", stock="Th 6c 6d 6h", melds=(("Ah Ad As",), ()),
                           to_play=0), players=4)
    game.apply("draw")
    game.apply("meld 5c 5d 5h")
    game.apply("meld Kc Kd Ks")
    game.apply("lay-off 1 5s")
    assert game.current_player == 0 and game.phase == "play"
    assert len(game.side_melds(0)) == 3
    game.apply("discard 9c")
    assert game.current_player == 1 and game.phase == "draw"
    assert game.pile_top == Card.parse("9c")
    assert hand(game, 0) == cards("8d Th 6c")


# --- AS-16: red 3s drawn from the stock ------------------------------------------------------


def test_AS_16_drawn_red_three_is_placed_and_replaced() -> None:
    """A red 3 drawn is put on the side's table at once and replaced by the next stock
    card: the player still ends with two new cards in hand."""
    game = start(HandSetup(hands=("5c 6d 8h 9s Kc", "4c 7d 8c Jh Qd"), pile="4d",
                           stock="3h Kd 5d 9c Qs", to_play=0))
    game.apply("draw")
    assert game.side_red_threes(0) == parse_cards("3h")
    assert game.side_red_threes(1) == ()
    assert hand(game, 0) == cards("5c 6d 8h 9s Kc Kd 5d")
    assert game.stock_cards() == parse_cards("9c Qs")


def test_AS_16_replacement_red_threes_are_placed_too() -> None:
    """Replacing is repeated while the replacement is itself a red 3; red 3s go to the
    drawing player's side (partnership play)."""
    game = start(HandSetup(hands=("5c 6d 8h 9s Kc", "4c 7d 8c Jh Qd",
                                  "4d 7c 8s Jc Qs", "4h 7h 9d Js Qh"),
                           pile="4s", stock="Kd 3d 3h 3d 5d 9c", to_play=1), players=4)
    game.apply("draw")
    assert Counter(game.side_red_threes(1)) == cards("3d 3h 3d")
    assert game.side_red_threes(0) == ()
    assert hand(game, 1) == cards("4c 7d 8c Jh Qd Kd 5d")
    assert game.stock_cards() == parse_cards("9c")
    assert not any(card.is_red_three for card in game.hand_cards(1))


# --- AS-17: taking the whole pile; black 3 or wild on top ------------------------------------


def test_AS_17_taking_the_pile_takes_every_card() -> None:
    """The whole pile is taken: the top card is melded and every other pile card goes
    to the taker's hand; the pile is then empty."""
    setup = HandSetup(hands=("9h 9s 6c 7d", "4c 7c 8c Jh Qd"), pile="5c 8d Kc 4h 9d",
                      stock="Qs Jh 7c 6h", melds=(("Ah Ad As",), ()), to_play=0)
    game = start(setup)
    counts = game.all_card_counts()
    game.apply("take-pile 9h 9s")
    assert game.pile == () and game.pile_top is None
    assert hand(game, 0) == cards("6c 7d 5c 8d Kc 4h")
    assert meld_cards(game, 0, 1) == cards("9d 9h 9s")
    assert game.all_card_counts() == counts
    assert game.stock_size == 4


@pytest.mark.parametrize("top", ["3s", "3c"])
def test_AS_17_black_three_on_top_stops_the_pile(top: str) -> None:
    """A black 3 on top: nobody may take the pile, neither with a pair of black 3s nor
    by laying the top off (AS-17, AS-32)."""
    game = start(HandSetup(hands=("3c 3s 9h 9s Kc", "4c 7d 8c Jh Qd"), pile=f"9d {top}",
                           stock="Qs Jh 7c 6h", melds=(("9c 9c 9d",), ()), to_play=0))
    assert rule_of(game, "take-pile 3c 3s") == "AS-17"
    assert rule_of(game, "take-pile onto 0") == "AS-17"
    assert not kinds(game.legal_actions(), TakePile)
    assert legal(game) == {"draw"}


@pytest.mark.parametrize("top", ["JK", "2h", "2c"])
def test_AS_17_wild_card_on_top_stops_the_pile(top: str) -> None:
    """A wild card on top: the pile cannot be taken, not even with wild cards or a
    natural pair from hand, nor onto a meld (AS-17)."""
    game = start(HandSetup(hands=("JK JK 2d 2d 9h 9s Kc", "4c 7d 8c Jh Qd"),
                           pile=f"9d {top}", stock="Qs Jh 7c 6h",
                           melds=(("9c 9c 9d",), ()), to_play=0))
    assert rule_of(game, "take-pile JK JK") == "AS-17"
    assert rule_of(game, "take-pile 2d 2d") == "AS-17"
    assert rule_of(game, "take-pile 9h 9s") == "AS-17"
    assert rule_of(game, "take-pile onto 0") == "AS-17"
    assert not kinds(game.legal_actions(), TakePile)


# --- AS-18: the frozen pile -------------------------------------------------------------------


@pytest.mark.parametrize("freezer", ["JK", "2s"])
def test_AS_18a_wild_card_in_pile_freezes_it_for_every_side(freezer: str) -> None:
    """A wild card inside the pile freezes it even for sides that have melded: only a
    natural pair take is offered, no lay-off take."""
    game = start(HandSetup(hands=("9h 9s JK 6c 7d", "4c 7c 8c Jh Qd"),
                           pile=f"8c {freezer} 5h 9d", stock="Qs Jh 7c 6h",
                           melds=(("9c 9c 9d",), ("Kh Kd Ks",)), to_play=0))
    assert game.pile_freezers == 1
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    assert game.observation(0).pile_frozen
    takes = {str(a) for a in kinds(game.legal_actions(), TakePile)}
    assert takes == {text("take-pile 9h 9s"), text("take-pile 9h 9s JK")}
    assert not game.is_legal("take-pile onto 0")


def test_AS_18a_red_three_upcard_freezes_the_pile() -> None:
    """A red 3 turned as the upcard stays in the pile (AS-7) and freezes it for everyone;
    a lay-off take is then refused."""
    game = start(HandSetup(hands=("9h 9s 6c 7d", "4c 7c 8c Jh Qd"), pile="",
                           stock="3d 9d Qs Jh 7c 6h",
                           melds=(("9c 9c 9d",), ("Kh Kd Ks",)), to_play=0))
    assert game.pile == parse_cards("3d 9d")
    assert game.pile_freezers == 1
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    assert not game.is_legal("take-pile onto 0")
    assert game.is_legal("take-pile 9h 9s")
    game.apply("take-pile 9h 9s")
    assert game.side_red_threes(0) == parse_cards("3d")
    assert hand(game, 0) == cards("6c 7d")
    assert game.stock_size == 4
    assert game.pile_freezers == 0


def test_AS_18b_pile_frozen_only_for_side_without_initial_meld() -> None:
    """With no wild card or red 3 in it, the pile is frozen exactly for the sides that
    have not made their initial meld, and thaws for a side once it has."""
    game = start(HandSetup(hands=("5c 6d 8h 9s Kc", "Ah Ad As 7c 8c Jh Qd"),
                           pile="8d 5h 9d", stock="Qs Jh 7c 6h",
                           melds=(("9c 9h 9s",), ()), to_play=1))
    assert game.pile_freezers == 0
    assert not game.pile_frozen_for(0)
    assert game.pile_frozen_for(1)
    assert game.observation(1).pile_frozen
    assert not game.observation(0).pile_frozen
    game.apply("draw")
    game.apply("meld Ah Ad As")
    assert game.has_initial_meld(1)
    assert not game.pile_frozen_for(1)


def test_AS_18b_side_without_initial_meld_cannot_take_with_one_natural() -> None:
    """For a side without its initial meld the pile is frozen: one natural and a wild
    card do not take it (AS-19), while the side that melded may lay the top off."""
    game = start(HandSetup(hands=("9h JK Ah Ad As 5c", "9s JK 6d 7c 8c Kc"),
                           pile="8d 5h 9d", stock="Qs Jh 7c 6h",
                           melds=((), ("9c 9h 9s",)), to_play=0))
    assert game.pile_frozen_for(0) and not game.pile_frozen_for(1)
    assert rule_of(game, "take-pile 9h JK") == "AS-19"
    assert not kinds(game.legal_actions(), TakePile)
    game.apply("draw")
    game.apply("discard 9h")
    assert game.current_player == 1
    assert "take-pile onto 0" in legal(game)
    game.apply("take-pile onto 0")
    assert meld_cards(game, 1, 0) == cards("9c 9h 9s 9h")


# --- AS-19: taking a frozen pile with a natural pair -------------------------------------------


@pytest.mark.parametrize("attempt", ["take-pile 9h JK", "take-pile 9h 2c",
                                     "take-pile 9h JK 2c", "take-pile JK 2c"])
def test_AS_19_frozen_pile_needs_natural_pair(attempt: str) -> None:
    """A frozen pile is taken only with two NATURAL cards of the top's rank: one natural
    with wild cards (or wild cards alone) is refused with AS-19."""
    game = start(HandSetup(hands=("9h 9s JK 2c 6c 7d", "4c 7c 8c Jh Qd"),
                           pile="8c JK 5h 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    assert game.pile_frozen_for(0)
    assert rule_of(game, attempt) == "AS-19"
    assert game.is_legal("take-pile 9h 9s")
    assert len(game.pile) == 4


def test_AS_19_natural_pair_takes_frozen_pile() -> None:
    """The natural pair with the top card becomes a new set; the rest of the pile (the
    freezing wild card included) goes to hand and the pile thaws."""
    game = start(HandSetup(hands=("9h 9s 6c 7d", "4c 7c 8c Jh Qd"),
                           pile="8c JK 5h 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    game.apply("take-pile 9h 9s")
    assert meld_cards(game, 0, 1) == cards("9d 9h 9s")
    assert game.side_melds(0)[1].wilds == 0
    assert hand(game, 0) == cards("6c 7d 8c JK 5h")
    assert game.pile == () and game.pile_freezers == 0


@pytest.mark.parametrize(("take", "meld"), [
    ("take-pile 9h 9s 9c", "9d 9h 9s 9c"),
    ("take-pile 9h 9s JK", "9d 9h 9s JK"),
    ("take-pile 9h 9s 9c JK 2c", "9d 9h 9s 9c JK 2c"),
])
def test_AS_19_take_meld_may_hold_more_cards(take: str, meld: str) -> None:
    """Beyond the natural pair, more cards from hand (naturals or wild cards, within the
    set rules) may go into the meld made with the top card."""
    game = start(HandSetup(hands=("9h 9s 9c JK 2c 6c 7d", "4c 7c 8c Jh Qd"),
                           pile="8c 2h 5h 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    assert text(take) in legal(game)
    game.apply(take)
    assert meld_cards(game, 0, 1) == cards(meld)


def test_AS_19_take_meld_cannot_exceed_two_wild_cards() -> None:
    """The meld made with the top card obeys the set rules (AS-8): three wild cards with
    the natural pair is refused."""
    game = start(HandSetup(hands=("9h 9s 9c JK 2c 2d 6c 7d", "4c 7c 8c Jh Qd"),
                           pile="8c 2h 5h 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    assert rule_of(game, "take-pile 9h 9s 9c JK 2c 2d") == "AS-8"


@pytest.mark.parametrize("attempt", ["take-pile 8d Td", "take-pile Td Jd", "take-pile 9h Td"])
def test_AS_19_take_meld_is_a_set_not_a_sequence(attempt: str) -> None:
    """The top card must be melded in a new SET of its rank: sequence cards from hand do
    not take the pile."""
    game = start(HandSetup(hands=("8d Td Jd 9h 6c 7s", "4c 7c 8c Jh Qd"),
                           pile="8c JK 5h 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    assert rule_of(game, attempt) == "AS-19"
    assert not kinds(game.legal_actions(), TakePile)


def test_AS_19_pile_cards_may_be_laid_off_and_melded_after_the_take() -> None:
    """After the take, cards that came from the pile may be added to the new meld (and
    melded otherwise) in the same turn."""
    game = start(HandSetup(hands=("9h 9s 7c 6c 8d", "4c 7h 8c Jh Qd"),
                           pile="9c 7s 2c 7d 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    game.apply("take-pile 9h 9s")
    assert game.is_legal("lay-off 1 9c 2c")
    game.apply("lay-off 1 9c 2c")
    assert meld_cards(game, 0, 1) == cards("9d 9h 9s 9c 2c")
    game.apply("meld 7c 7d 7s")
    assert meld_cards(game, 0, 2) == cards("7c 7d 7s")
    assert hand(game, 0) == cards("6c 8d")
    assert text("discard 6c") in legal(game)


def test_AS_19_pair_must_come_from_the_hand() -> None:
    """The two naturals are cards the player holds: a matching card deeper in the pile
    cannot be named for the take."""
    game = start(HandSetup(hands=("9h 6c 7d 8h", "4c 7c 8c Jh Qd"),
                           pile="9c 2s 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    with pytest.raises(InvalidActionError):
        game.verify("take-pile 9c 9h")
    assert not kinds(game.legal_actions(), TakePile)


# --- AS-20: taking an unfrozen pile by laying the top card off ---------------------------------


def test_AS_20_unfrozen_pile_taken_onto_a_set() -> None:
    """Unfrozen pile: the top card laid off on a set of the side takes the whole pile."""
    game = start(HandSetup(hands=("5c 6d 8h", "4c 7c 8c Jh Qd"), pile="Kd 8c 7d",
                           stock="Qs Jh 7c 6h", melds=(("7h 7s 7c",), ()), to_play=0))
    assert not game.pile_frozen_for(0)
    assert "take-pile onto 0" in legal(game)
    game.apply("take-pile onto 0")
    assert meld_cards(game, 0, 0) == cards("7h 7s 7c 7d")
    assert hand(game, 0) == cards("5c 6d 8h Kd 8c")
    assert game.pile == ()
    assert game.phase == "play" and game.current_player == 0


@pytest.mark.parametrize(("top", "after"), [("7h", "4h 5h 6h 7h"), ("8h", "5h 6h 7h 8h")])
def test_AS_20_unfrozen_pile_taken_onto_a_sequence(top: str, after: str) -> None:
    """The top card may also extend one of the side's sequences (at either end)."""
    run = "4h 5h 6h" if top == "7h" else "5h 6h 7h"
    game = start(HandSetup(hands=("5c 6d 9s", "4c 7c 8c Jh Qd"), pile=f"Kd {top}",
                           stock="Qs Jh 7c 6h", melds=((run,), ()), to_play=0))
    game.apply("take-pile onto 0")
    assert meld_cards(game, 0, 0) == cards(after)
    assert hand(game, 0) == cards("5c 6d 9s Kd")


def test_AS_20_lay_off_take_may_complete_a_canasta() -> None:
    """A meld that is not yet a canasta may receive the top card even if that makes it
    one (here a mixed canasta of seven)."""
    game = start(HandSetup(hands=("5c 6d 9s", "4c 8c Jh Qd Kc"), pile="Kd 8d",
                           stock="Qs Jh 7c 6h", melds=(("8h 8s 8c 8h JK 2c",), ()),
                           to_play=0))
    assert game.side_melds(0)[0].canasta is None
    game.apply("take-pile onto 0")
    assert game.side_melds(0)[0].canasta == "mixed"
    assert len(game.side_melds(0)[0].cards) == 7


def test_AS_20_partner_may_take_onto_the_sides_meld() -> None:
    """Melds belong to the side: a partner may lay the top card off on them."""
    game = start(HandSetup(hands=("5c 6d 9s", "4c 8c Jh Qd", "4d 6s Th Qs", "4h 6h Tc Js"),
                           pile="Kd 7d", stock="Qh Jd 7c 6c", melds=(("7h 7s 7c",), ()),
                           to_play=2), players=4)
    game.apply("take-pile onto 0")
    assert meld_cards(game, 0, 0) == cards("7h 7s 7c 7d")
    assert hand(game, 2) == cards("4d 6s Th Qs Kd")


def test_AS_20_top_card_must_fit_the_meld() -> None:
    """A lay-off take needs the top card to fit the meld (AS-12): a gap in a sequence
    or the wrong rank is refused with AS-20."""
    game = start(HandSetup(hands=("5c 6d 9s", "4c 7c 8c Jh Qd"), pile="Kd 9h",
                           stock="Qs Jh 7c 6h", melds=(("4h 5h 6h", "7c 7d 7s"), ()),
                           to_play=0))
    assert rule_of(game, "take-pile onto 0") == "AS-20"
    assert rule_of(game, "take-pile onto 1") == "AS-20"
    assert not kinds(game.legal_actions(), TakePile)


@pytest.mark.parametrize("canasta", ["7h 7h 7s 7s 7c 7c 7d", "7h 7s 7c 7d 7h JK 2c"])
def test_AS_20_lay_off_take_refused_onto_a_canasta(canasta: str) -> None:
    """The top card may not be laid off on a canasta (natural or mixed) to take the
    pile; a natural pair still takes it as a new set."""
    game = start(HandSetup(hands=("7c 7s 5c 6d 9s", "4c 8c Jh Qd Kc"), pile="Kd 7d",
                           stock="Qs Jh 8h 6h", melds=((canasta,), ()), to_play=0))
    assert game.side_melds(0)[0].canasta is not None
    assert not game.pile_frozen_for(0)
    assert rule_of(game, "take-pile onto 0") == "AS-20"
    assert "take-pile onto 0" not in legal(game)
    assert text("take-pile 7c 7s") in legal(game)


def test_AS_20_lay_off_take_refused_onto_a_samba() -> None:
    """A samba (7-card sequence) is a canasta too: nothing can be laid off on it, and
    it never takes the pile."""
    game = start(HandSetup(hands=("5c 6d 9s", "4c 8c Jh Qd Kc"), pile="Kd Jh",
                           stock="Qs Jh 7c 6h", melds=(("4h 5h 6h 7h 8h 9h 10h",), ()),
                           to_play=0))
    assert game.side_melds(0)[0].canasta == "samba"
    assert rule_of(game, "take-pile onto 0") in {"AS-9", "AS-20"}


def test_AS_20_lay_off_take_refused_when_frozen() -> None:
    """A frozen pile (here by a wild card) can never be taken by laying off the top."""
    game = start(HandSetup(hands=("5c 6d 9s", "4c 8c Jh Qd Kc"), pile="JK 8c 7d",
                           stock="Qs Jh 7c 6h", melds=(("7h 7s 7c",), ()), to_play=0))
    assert game.pile_frozen_for(0)
    assert rule_of(game, "take-pile onto 0") in {"AS-18", "AS-19", "AS-20"}
    assert not kinds(game.legal_actions(), TakePile)


def test_AS_20_unfrozen_pile_still_needs_natural_pair_for_a_new_set() -> None:
    """'As AS-19': also on an unfrozen pile a new set needs two naturals from hand; one
    natural and a wild card do not take it."""
    game = start(HandSetup(hands=("9h JK 5c 6d", "4c 8c Jh Qd Kc"), pile="8c 9d",
                           stock="Qs Jh 7c 6h", melds=(("Ah Ad As",), ()), to_play=0))
    assert not game.pile_frozen_for(0)
    assert rule_of(game, "take-pile 9h JK") in {"AS-19", "AS-20"}
    assert not kinds(game.legal_actions(), TakePile)


# --- AS-21: after the take --------------------------------------------------------------------


def test_AS_21_after_taking_the_pile_play_continues_and_a_discard_ends_the_turn() -> None:
    """After the take the player melds as usual, and the turn ends only with a discard."""
    game = start(HandSetup(hands=("9h 9s Kc Kd 5c", "4c 8c Jh Qd Kc"),
                           pile="Ks 6h 6c 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    game.apply("take-pile 9h 9s")
    assert game.phase == "play" and game.current_player == 0
    assert kinds(game.legal_actions(), Discard)
    assert kinds(game.legal_actions(), MakeMeld)
    game.apply("meld Kc Kd Ks")
    assert game.current_player == 0 and game.phase == "play"
    assert len(game.side_melds(0)) == 3
    game.apply("discard 5c")
    assert game.current_player == 1 and game.phase == "draw"
    assert game.pile == parse_cards("5c")


def test_AS_21_player_may_go_out_after_taking_without_discarding() -> None:
    """A player who melds every card after taking the pile goes out at once (with two
    canastas): no discard is needed and the hand ends."""
    game = start(HandSetup(hands=("9h 9h 9s 9s 9c 9c 5c 5s", "4c 8c Jh Qd Kc"),
                           pile="5d 9d", stock="Qs Jh 7c 6h",
                           melds=(("Qh Qh Qs Qs Qc Qc Qd",), ()), to_play=0))
    game.apply("take-pile 9c 9c 9h 9h 9s 9s")
    assert game.side_canastas(0) == 2
    assert hand(game, 0) == cards("5c 5s 5d")
    game.apply("meld 5c 5d 5s")
    assert len(game.hand_results) == 1
    result = game.hand_results[0]
    assert result.went_out == 0
    assert any(item.label == "going out" and item.points == 200
               for item in result.sides[0].items)


# --- AS-22: the initial-meld minimum ---------------------------------------------------------


@pytest.mark.parametrize(("score", "minimum", "melds"), [
    (-10, 15, ["4h 4d 4s"]),
    (0, 50, ["Kh Kd Ks", "4h 4d 4s 4c"]),
    (1495, 50, ["Kh Kd Ks", "4h 4d 4s 4c"]),
    (1500, 90, ["Ah Ad As", "Kh Kd Ks"]),
    (3000, 120, ["Ah Ad As", "Kh Kd Ks", "Qh Qd Qs"]),
    (5000, 150, ["Ah Ad As", "Kh Kd Ks", "Qh Qd Qs", "Jh Jd Js"]),
])
def test_AS_22_minimum_follows_cumulative_score(score: int, minimum: int,
                                                melds: list[str]) -> None:
    """The minimum comes from the side's cumulative score (negative 15, 0–1495 50,
    1500–2995 90, 3000–4995 120, 5000+ 150). Melds below it leave the side unable to
    discard; the meld that brings the count to exactly the minimum completes it."""
    spare = "6c 7d"
    game = start(HandSetup(hands=(" ".join([*melds, spare]), "4c 8c Jh Qd Kc"),
                           pile="9c", stock="6s 8h Qs Jh", scores=(score, 0), to_play=0))
    assert game.initial_minimum(0) == minimum
    assert game.initial_minimum(1) == 50
    assert game.observation(0).initial_minimums == (minimum, 50)
    game.apply("draw")
    total = 0
    for meld in melds[:-1]:
        game.apply(f"meld {meld}")
        total += sum(game.card_value(c) for c in parse_cards(meld))
        assert total < minimum
        assert game.initial_meld_count() == total
        assert not game.has_initial_meld(0)
        assert rule_of(game, "discard 6c") in {"AS-22", "AS-24"}
        assert not kinds(game.legal_actions(), Discard)
    game.apply(f"meld {melds[-1]}")
    total += sum(game.card_value(c) for c in parse_cards(melds[-1]))
    assert total == minimum
    assert game.has_initial_meld(0)
    assert game.is_legal("discard 6c")
    game.apply("discard 6c")
    assert game.current_player == 1
    assert len(game.side_melds(0)) == len(melds)


@pytest.mark.parametrize(("score", "minimum"), [
    (-1, 15), (-5000, 15), (2995, 90), (4995, 120), (9990, 150),
])
def test_AS_22_minimum_table_boundaries(score: int, minimum: int) -> None:
    """The score bands of the minimum table at their edges."""
    game = start(HandSetup(hands=("5c 6d 8h", "4c 7c 8c"), pile="Qd", stock="Qs Jh",
                           scores=(score, score)))
    assert game.initial_minimum(0) == game.initial_minimum(1) == minimum


def test_AS_22_minimum_is_per_side_in_partnership_play() -> None:
    """Each side's minimum comes from its own cumulative score."""
    hands = ("5c 6d 8h", "4c 7c 8c", "4d 7h 8s", "4h 7s 9d")
    game = start(HandSetup(hands=hands, pile="Qd", stock="Qs Jh", scores=(3100, -40)),
                 players=4)
    assert (game.initial_minimum(0), game.initial_minimum(1)) == (120, 15)


# --- AS-23: what counts for the initial meld, taking the pile ---------------------------------


def test_AS_23_canasta_bonus_does_not_count_towards_minimum() -> None:
    """Only card values count: a 7-card natural canasta of 4s counts 35, short of 50."""
    game = start(HandSetup(hands=("4h 4h 4d 4d 4s 4s 4c Kh Kd Ks 6c 7d", "4c 8c Jh Qd Kc"),
                           pile="9c", stock="6s 8h Qs Jh", to_play=0))
    game.apply("draw")
    game.apply("meld 4h 4h 4d 4d 4s 4s 4c")
    assert game.side_melds(0)[0].canasta == "natural"
    assert game.initial_meld_count() == 35
    assert not game.has_initial_meld(0)
    assert rule_of(game, "discard 6c") in {"AS-23", "AS-24"}
    game.apply("meld Kh Kd Ks")
    assert game.has_initial_meld(0)
    assert game.is_legal("discard 6c")


def test_AS_23_only_top_card_of_pile_counts() -> None:
    """Taking for the initial meld: the top card plus hand cards must reach the minimum;
    high cards deeper in the pile do not count, so a short take is refused (AS-23)."""
    game = start(HandSetup(hands=("9h 9s 6c 7d 8h", "4c 8c Jh Qd Kc"),
                           pile="Ah Ad As JK 2c 9d", stock="Qs Jh 7c 6h", to_play=0))
    assert game.initial_minimum(0) == 50
    assert rule_of(game, "take-pile 9h 9s") == "AS-23"
    assert not kinds(game.legal_actions(), TakePile)
    assert len(game.pile) == 6 and game.phase == "draw"


def test_AS_23_take_reaches_minimum_with_hand_cards_in_the_take_meld() -> None:
    """Wild cards from hand in the take meld count: 9+9+9+joker = 80 reaches 50 in the
    take itself. Taking with the pair alone (30) is allowed too, because the joker can be
    laid off afterwards, or make a set with the pile's two aces (which count nothing, the
    joker 50) — and until one of those is played, nothing else may be."""
    game = start(HandSetup(hands=("9h 9s JK 6c 7d 8h", "4c 8c Jh Qd Kc"),
                           pile="Ah Ad 9d", stock="Qs Jh 7c 6h", to_play=0))
    assert {text("take-pile 9h 9s JK"), text("take-pile 9h 9s")} <= legal(game)
    once = game.clone()
    once.apply("take-pile 9h 9s JK")
    assert once.has_initial_meld(0) and once.is_legal("discard 6c")
    game.apply("take-pile 9h 9s")
    assert not game.has_initial_meld(0) and game.initial_meld_count() == 30
    assert legal(game) == {text("lay-off 0 JK"), text("meld Ad Ah JK")}
    assert rule_of(game, "discard 6c") == "AS-23"
    game.apply("lay-off 0 JK")
    assert game.has_initial_meld(0) and game.initial_meld_count() == 80
    assert game.is_legal("discard 6c")


def test_AS_23_take_completed_by_further_melds_from_hand() -> None:
    """A take short of the minimum is completed by melds from hand in the same turn:
    9+9+9 = 30, then the kings (or the queens) bring it to 60. The pile's cards (aces, a
    king) count nothing, but may be melded before the minimum is reached."""
    game = start(HandSetup(hands=("9h 9s Kh Kd Ks Qh Qd Qs 6c 7d", "4c 8c Jh Qd Kc"),
                           pile="Ah Ad As Kc 9d", stock="Qs Jh 7c 6h", to_play=0))
    assert text("take-pile 9h 9s") in legal(game)
    game.apply("take-pile 9h 9s")
    assert hand(game, 0) == cards("Kh Kd Ks Qh Qd Qs 6c 7d Ah Ad As Kc")
    assert game.pile == ()
    listed = legal(game)
    assert {text("meld Kh Kd Ks"), text("meld Qh Qd Qs"), text("meld Ah Ad As")} <= listed
    aces = game.clone()
    aces.apply("meld Ah Ad As")
    assert aces.initial_meld_count() == 30 and aces.owes_initial_meld()
    assert rule_of(game, "retract") == "AS-23"
    game.apply("meld Kh Kd Ks")
    assert game.has_initial_meld(0)
    assert [Counter(m.cards) for m in game.side_melds(0)] == [cards("9d 9h 9s"),
                                                              cards("Kh Kd Ks")]
    assert rule_of(game, "retract") == "AS-24"  # nothing provisional is left
    assert game.is_legal("meld Ah Ad As") and game.is_legal("discard 6c")


def test_AS_23_further_meld_may_be_a_sequence() -> None:
    """The melds that complete a take may be sequences: 30 + 15 leaves 5 to find, which
    the 7h and 8h laid off on the sequence provide; 30 + 30 at once also reaches 50."""
    game = start(HandSetup(hands=("9h 9s 4h 5h 6h 7h 8h 6c 7d", "4c 8c Jh Qd Kc"),
                           pile="Ac 9d", stock="Qs Jh 7c 6h", to_play=0))
    game.apply("take-pile 9h 9s")
    listed = legal(game)
    assert {text("meld 4h 5h 6h"), text("meld 4h 5h 6h 7h 8h")} <= listed
    game.apply("meld 4h 5h 6h")
    assert game.initial_meld_count() == 45 and not game.has_initial_meld(0)
    assert rule_of(game, "discard 6c") == "AS-23"
    game.apply("lay-off 1 7h")
    assert game.has_initial_meld(0)
    assert game.side_melds(0)[1].kind.value == "run"


def test_AS_23_take_that_the_hand_cannot_complete_is_refused() -> None:
    """9+9+9 = 30 and a hand whose only other cards (6c 7d 8h, no pair) cannot be melded:
    the take is refused with AS-23 and the game is unchanged."""
    game = start(HandSetup(hands=("9h 9s 6c 7d Kh", "4c 8c Jh Qd Kc"),
                           pile="Kd Ks 9d", stock="Qs Jh 7c 6h", to_play=0))
    before = game.snapshot()
    assert rule_of(game, "take-pile 9h 9s") == "AS-23"
    assert game.snapshot() == before
    assert not kinds(game.legal_actions(), TakePile)


def test_AS_23_no_owed_minimum_once_the_side_has_melded() -> None:
    """A side that has already melded takes the pile with the top-card meld alone and may
    discard at once."""
    game = start(HandSetup(hands=("9h 9s Kh Kd Ks 6c 7d", "4c 8c Jh Qd Kc"),
                           pile="Ac 9d", stock="Qs Jh 7c 6h",
                           melds=(("Ah Ad As",), ()), to_play=0))
    game.apply("take-pile 9h 9s")
    assert game.is_legal("discard 6c") and game.is_legal("meld Kh Kd Ks")


def test_AS_23_low_minimum_take_with_pair_alone() -> None:
    """With a negative score (minimum 15) the pair and the top card alone suffice."""
    game = start(HandSetup(hands=("9h 9s 6c 7d", "4c 8c Jh Qd Kc"), pile="Ac 9d",
                           stock="Qs Jh 7c 6h", scores=(-200, 0), to_play=0))
    assert game.initial_minimum(0) == 15
    game.apply("take-pile 9h 9s")
    assert game.has_initial_meld(0)
    assert hand(game, 0) == cards("6c 7d Ac")


# --- AS-24: a short initial meld -----------------------------------------------------------


def test_AS_24_short_initial_meld_completed_by_adding_cards() -> None:
    """A short initial meld may be completed from hand (here by laying off on it); the
    discard is refused with AS-24 until then."""
    game = start(HandSetup(hands=("Kh Kd Ks Kc Kc 6c 7d", "4c 8c Jh Qd Kc"),
                           pile="9c", stock="6s 8h Qs Jh", to_play=0))
    game.apply("draw")
    game.apply("meld Kh Kd Ks")
    assert game.initial_meld_count() == 30
    assert rule_of(game, "discard 6c") == "AS-24"
    assert "retract" in legal(game)
    game.apply("lay-off 0 Kc Kc")
    assert game.initial_meld_count() == 50
    assert game.has_initial_meld(0)
    assert "retract" not in legal(game)
    game.apply("discard 6c")
    assert game.current_player == 1


def test_AS_24_retract_returns_melds_to_hand_and_raises_minimum() -> None:
    """'retract' takes the short melds back into the hand, the minimum rises by 100,
    and the player may then discard."""
    game = start(HandSetup(hands=("Kh Kd Ks 5c 5d 5h 6c 7d", "4c 8c Jh Qd Kc"),
                           pile="9c", stock="6s 8h Qs Jh", to_play=0))
    game.apply("draw")
    before = hand(game, 0)
    game.apply("meld Kh Kd Ks")
    game.apply("meld 5c 5d 5h")
    assert game.initial_meld_count() == 45
    assert rule_of(game, "discard 6c") == "AS-24"
    game.apply("retract")
    assert game.side_melds(0) == ()
    assert hand(game, 0) == before
    assert game.initial_minimum(0) == 150
    assert not game.has_initial_meld(0)
    assert game.phase == "play" and game.current_player == 0
    assert game.is_legal("discard 6c")
    # The seed: a player who takes the meld back stops melding for this turn.
    assert rule_of(game, "meld Kh Kd Ks") == "AS-24"
    assert all(isinstance(a, Discard) for a in game.legal_actions())
    game.apply("discard 6c")
    assert game.current_player == 1


def test_AS_24_retract_only_for_a_short_initial_meld() -> None:
    """Nothing to take back: retract is refused without melds and once the initial meld
    is complete."""
    game = start(HandSetup(hands=("Ah Ad As 6c 7d", "4c 8c Jh Qd Kc"),
                           pile="9c", stock="6s 8h Qs Jh", to_play=0))
    game.apply("draw")
    assert rule_of(game, "retract") == "AS-24"
    game.apply("meld Ah Ad As")
    assert game.has_initial_meld(0)
    assert rule_of(game, "retract") == "AS-24"


def test_AS_24_raised_minimum_lasts_for_the_rest_of_the_hand_only() -> None:
    """After a retraction the side's minimum stays raised for the partner's turn, and
    the next hand starts again from the score table."""
    game = start(HandSetup(hands=("Kh Kd Ks 6c 7d", "4c 8c Jh Qd Kc",
                                  "Ah Ad As Kh Kd Ks 6d 7h", "4h 8d Jc Qh 5s"),
                           pile="9c", stock="6s 8h Qs Js 9h Th", to_play=0), players=4)
    game.apply("draw")
    game.apply("meld Kh Kd Ks")
    game.apply("retract")
    assert game.initial_minimum(0) == 150
    game.apply("discard 6c")
    game.apply("draw")
    game.apply("discard Kc")
    assert game.current_player == 2
    assert game.initial_minimum(0) == 150
    trial = game.clone()
    trial.apply("draw")
    trial.apply("meld Ah Ad As")
    trial.apply("meld Kh Kd Ks")
    assert trial.initial_meld_count() == 90
    assert not trial.has_initial_meld(0)
    assert rule_of(trial, "discard 6d") == "AS-24"
    game.apply("draw")
    game.apply("discard 6d")
    assert game.stock_size == 0 and game.current_player == 3
    game.apply("pass")
    assert len(game.hand_results) == 1
    assert game.hand_number == 1
    expected = 15 if game.scores[0] < 0 else 50
    assert game.initial_minimum(0) == expected


# --- AS-25: the discard -------------------------------------------------------------------


def test_AS_25_discard_goes_face_up_on_top_of_the_pile() -> None:
    """The discard leaves the hand and becomes the pile's top; observers see the top and
    the size of the pile."""
    game = start(HandSetup(hands=("5c 6d 8h 9s Kc", "4c 7d 8c Jh Qd"), pile="4d 8d",
                           stock="Qs Jh 7c 6h", to_play=0))
    game.apply("draw")
    game.apply("discard Kc")
    assert game.pile == parse_cards("4d 8d Kc")
    assert game.pile_top == Card.parse("Kc")
    assert Card.parse("Kc") not in game.hand_cards(0)
    assert game.hand_size(0) == 6
    obs = game.observation(1)
    assert obs.pile_top == Card.parse("Kc") and obs.pile_size == 3


def test_AS_25_discarding_a_card_not_held_is_invalid() -> None:
    """Only a card from the player's hand can be discarded."""
    game = start(HandSetup(hands=("5c 6d 8h 9s Kc", "4c 7d 8c Jh Qd"), pile="4d 8d",
                           stock="Qs Jh 7c 6h", to_play=0))
    game.apply("draw")
    with pytest.raises(InvalidActionError):
        game.verify("discard As")


# --- AS-26: a discarded wild card freezes the pile ---------------------------------------------


@pytest.mark.parametrize("wild", ["2c", "JK"])
def test_AS_26_discarded_wild_card_freezes_the_pile(wild: str) -> None:
    """A wild card discarded on an unfrozen pile freezes it for every side; later the
    pile can no longer be taken by laying the top card off."""
    setup = HandSetup(hands=(f"{wild} 5h 6d 7s 8c", "4c 7d 8d Jh Qc"), pile="4d 9d",
                      stock="Tc Tc Th Th", melds=(("Qh Qd Qs",), ("Jc Jd Js",)), to_play=0)
    game = start(setup)
    assert not game.pile_frozen_for(0) and not game.pile_frozen_for(1)
    game.apply("draw")
    game.apply(f"discard {wild}")
    assert game.pile_freezers == 1
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    game.apply("draw")
    game.apply("discard Qc")
    assert game.pile_frozen_for(0)
    assert rule_of(game, "take-pile onto 0") in {"AS-18", "AS-19", "AS-20", "AS-26"}
    assert not kinds(game.legal_actions(), TakePile)

    control = start(setup)
    control.apply("draw")
    control.apply("discard 5h")
    control.apply("draw")
    control.apply("discard Qc")
    assert not control.pile_frozen_for(0)
    assert control.is_legal("take-pile onto 0")


def test_AS_26_wild_discarded_after_a_take_freezes_the_new_pile() -> None:
    """After a take empties the pile, a discarded wild card starts a frozen pile."""
    game = start(HandSetup(hands=("9h 9s JK 6c 7d", "4c 8c Jh Qd Kc"), pile="5c 9d",
                           stock="Qs Jh 7c 6h", melds=(("Ah Ad As",), ("Kh Kd Ks",)),
                           to_play=0))
    game.apply("take-pile 9h 9s")
    assert game.pile == ()
    game.apply("discard JK")
    assert game.pile == parse_cards("JK")
    assert game.pile_freezers == 1
    assert game.pile_frozen_for(1)


# --- AS-27: red 3s are never discarded -------------------------------------------------------


def test_AS_27_dealt_red_threes_are_placed_so_never_discarded() -> None:
    """Red 3s dealt to the player are on the table when the turn starts (AS-29): the hand
    holds none, no red-3 discard is offered, and naming one is invalid."""
    game = start(HandSetup(hands=("3h 3d 5c 6d 8h 9s", "4c 7d 8c Jh Qd"), pile="4d",
                           stock="Kc 5d Qs Jh 7c", to_play=0))
    assert Counter(game.side_red_threes(0)) == cards("3h 3d")
    assert hand(game, 0) == cards("5c 6d 8h 9s Kc 5d")
    game.apply("draw")
    discards = kinds(game.legal_actions(), Discard)
    assert discards
    assert not any(a.card.is_red_three for a in discards)
    for red in ("3h", "3d"):
        with pytest.raises(InvalidActionError):
            game.verify(f"discard {red}")
        assert not game.is_legal(f"discard {red}")


def test_AS_27_partner_red_three_is_placed_at_their_first_turn() -> None:
    """A red 3 dealt to a later player is placed when that player's first turn begins,
    before they could ever discard it."""
    game = start(HandSetup(hands=("5c 6d 8h 9s", "4c 7d 8c Jh", "3h 4h 9d Qd", "4s 7c 8s Js"),
                           pile="4d", stock="Kc 5d Qs Jh 7h 6h Th 6s 9h", to_play=0),
                 players=4)
    for seat in (0, 1):
        assert game.current_player == seat
        assert Card.parse("3h") in game.hand_cards(2)
        assert game.side_red_threes(0) == ()
        game.apply("draw")
        game.apply(f"discard {game.hand_cards(seat)[0]}")
    assert game.current_player == 2
    assert Card.parse("3h") not in game.hand_cards(2)
    assert game.side_red_threes(0) == parse_cards("3h")
    game.apply("draw")
    assert not any(a.card.is_red_three
                   for a in kinds(game.legal_actions(), Discard))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_AS_27_random_play_never_discards_a_red_three(seed: int) -> None:
    """In random games no red 3 is ever in the moving player's hand, offered as a
    discard, or put on the pile by a discard."""
    game = canasta_family.new_game(VARIANT, players=4, seed=seed)
    players = [RandomPlayer(seed=seed * 10 + s) for s in range(4)]
    for _ in range(600):
        if game.is_over:
            break
        seat = game.current_player
        if game.phase in ("draw", "play"):
            assert not any(card.is_red_three for card in game.hand_cards(seat))
        actions = game.legal_actions()
        assert not any(isinstance(a, Discard) and a.card.is_red_three for a in actions)
        for listed in actions:
            game.verify(listed)
        action = players[seat].choose(game.observation(seat), actions)
        game.apply(action)
        if isinstance(action, Discard) and game.pile_top is not None:
            assert not game.pile_top.is_red_three


def test_AS_27_lay_off_never_accepts_a_red_three() -> None:
    """Placed red 3s stay on the table: they never reach a hand or a meld via a lay-off
    (the player simply does not hold them)."""
    game = start(HandSetup(hands=("3d 5c 6d 8h 9s", "4c 7d 8c Jh Qd"), pile="4d",
                           stock="Kc 5d Qs Jh", melds=(("5h 5s 5d",), ()), to_play=0))
    game.apply("draw")
    with pytest.raises(InvalidActionError):
        game.verify("lay-off 0 3d")
    assert not any(
        any(card.is_red_three for card in a.cards)
        for a in kinds(game.legal_actions(), LayOff))
