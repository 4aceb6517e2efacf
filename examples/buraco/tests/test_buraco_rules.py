"""Buraco (rules BU-1 … BU-32, options BU-O1 … BU-O12 of ``shared/rules/buraco.md``)
through the public API of canasta-family.

Every rule and every option has at least one test whose name cites its ID. Each test
plays the situation it is about: most start from an arranged deal (``HandSetup``) of the
installed variant ``buraco`` (or ``italian-burraco``), two players unless the rule is
about partnerships (BU-1, BU-20, BU-31), where four play.

Conventions of the positions:

- seat 0 plays first (the dealer is the last seat); side 0 is seat 0 (and seat 2), side 1
  seat 1 (and seat 3);
- a stock given as text is listed top first and is exactly the stock (every card placed
  nowhere is set aside); the pile is listed bottom to top;
- the engine calls a side's morto its "reserve": ``reserve_size``, ``reserve_taken_by``,
  ``reserve_waiting``, ``reserve_turned_to_stock``; a side given no morto in a setup
  (``""``) has none left to take;
- the two-player opponent holds ``OTHER`` (40 points), whose cards clash with no position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import canasta_family
import pytest
from canasta_family import (
    Game,
    HandSetup,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    SetupError,
    parse_card,
)
from canasta_family.testing import check_cards_conserved, check_refusal_leaves_state

# The mortos of the positions (cards no test plays with), and the opponent's hand.
MORTO_0 = "4c 4c 4d 4d 4s 4s 6c 6c 6d 6d 6s"
MORTO_1 = "8c 8c 8d 8d 8s 8s 10c 10c 10d 10d 7c"
OTHER = "9s 10s Js 5d 7d"  # 10 + 10 + 10 + 5 + 5 = 40 points

# Canastas to put on the table: seven kings, clean (70 points); six queens and a joker,
# dirty (80 points).
CLEAN_K = "Kc Kc Kd Kd Ks Ks Kh"
DIRTY_Q = "Qc Qc Qd Qd Qs Qs JK"


# --- helpers ------------------------------------------------------------------------------


def start(hands: Sequence[str], *, stock: str | None = "Qh Jh 10h",
          reserves: Sequence[str] | None = (MORTO_0, MORTO_1),
          melds: tuple[tuple[str, ...], ...] | None = None, pile: str = "",
          options: dict[str, object] | None = None, variant: str = "buraco",
          **setup: object) -> Game:
    """A game from an arranged hand; the last seat deals, so seat 0 plays first."""
    setup.setdefault("dealer", len(hands) - 1)
    arranged = HandSetup(hands=tuple(hands), pile=pile, stock=stock, melds=melds,
                         reserves=reserves, **setup)  # type: ignore[arg-type]
    return canasta_family.new_game(variant, players=len(hands), seed=7, options=options,
                                   start=arranged)


def drawn(hand: str, *, stock: str = "Qh Jh 10h", **setup: object) -> Game:
    """Two players: seat 0 holds ``hand`` and has drawn the top card of ``stock``."""
    game = start((hand, OTHER), stock=stock, **setup)  # type: ignore[arg-type]
    game.apply("draw")
    return game


def legal(game: Game) -> set[str]:
    """The legal actions as text."""
    return {str(action) for action in game.legal_actions()}


def refused(game: Game, action: str) -> str | None:
    """``action`` is refused, not listed, and changes nothing: the rule it breaks (None
    for an action that is not valid at all, such as a meld number that does not exist)."""
    assert action not in legal(game)
    error = check_refusal_leaves_state(game, action)
    assert isinstance(error, (IllegalActionError, InvalidActionError))
    return getattr(error, "rule", None)


def cards(game: Game, seat: int) -> list[str]:
    """The hand of ``seat`` as sorted text."""
    return sorted(str(card) for card in game.hand_cards(seat))


def meld_texts(game: Game, side: int = 0) -> list[str]:
    """The melds of ``side`` as text."""
    return [str(meld) for meld in game.side_melds(side)]


def sheet(game: Game, side: int) -> dict[str, tuple[int, str]]:
    """The last hand's score lines of ``side``: label -> (points, rule)."""
    return {item.label: (item.points, item.rule)
            for item in game.hand_results[-1].sides[side].items}


def go_out_by_meld(**setup: object) -> Game:
    """Two players: side 0 (CLEAN_K on the table) goes out at once. Seat 0 draws the last
    stock card, 9h — side 0's morto becomes the stock (BU-28), side 1 keeps its own — and
    melds 9c 9d 9h. (Which of two mortos becomes the stock the rules leave open; the
    engine takes side 0's, and the helper checks it.) Side 0 scores 100 + 200 + 100 = 400,
    side 1 −40 − 100 = −140."""
    setup.setdefault("melds", ((CLEAN_K,), ()))
    game = start(("9c 9d", OTHER), stock="9h", reserves=(MORTO_0, MORTO_1),
                 **setup)  # type: ignore[arg-type]
    game.apply("draw")
    assert game.reserve_turned_to_stock(0)
    game.apply("meld 9c 9d 9h")
    assert game.hand_results and game.hand_results[-1].went_out == 0
    return game


# --- players and cards (BU-1 … BU-4) ---------------------------------------------------------


def test_bu1_four_players_in_two_partnerships_partners_opposite() -> None:
    """BU-1: four players, seats 0 & 2 against 1 & 3, one morto per side."""
    game = canasta_family.new_game("buraco", seed=5)
    assert game.num_players == 4
    assert game.sides == ((0, 2), (1, 3))
    assert game.partners(0) == (2,) and game.partners(3) == (1,)
    assert [game.reserve_size(side) for side in (0, 1)] == [11, 11]
    for players in (3, 5, 6):
        with pytest.raises(SetupError, match="BU-1"):
            canasta_family.new_game("buraco", players=players, seed=5)


def test_bu1_partners_share_their_melds() -> None:
    """BU-1: seat 2 lays off on the meld seat 0 made; the opponents cannot."""
    game = start(("5h 6h 7h 9c", "10s Js 5d", "8h 9d", "Qh 7d"),
                 stock="Ah Ad Ac As Jc Jd")
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard Ah")
    game.apply("draw")  # seat 1: its side has no meld to lay off on
    assert not any(text.startswith("lay-off") for text in legal(game))
    game.apply("discard Ad")
    game.apply("draw")  # seat 2
    assert "lay-off 0 8h" in legal(game)
    game.apply("lay-off 0 8h")
    assert meld_texts(game, 0) == ["5h 6h 7h 8h"] and meld_texts(game, 1) == []


def test_bu2_two_packs_and_four_jokers() -> None:
    """BU-2: 108 cards, two of each card and four jokers; a third twin is no card."""
    game = canasta_family.new_game("buraco", seed=5)
    counts = Counter(str(card) for card in game.deck)
    assert len(game.deck) == 108 and counts["JK"] == 4
    assert {count for text, count in counts.items() if text != "JK"} == {2}
    assert len(counts) == 53
    with pytest.raises(SetupError):
        start(("Kh Kh", "Kh 9c"))


def test_bu3_jokers_and_2s_are_wild_3s_are_ordinary() -> None:
    """BU-3: jokers and 2s are wild; 3s are plain cards (no red or black 3 rules) and a
    side's first meld has no minimum."""
    game = drawn("3h 3h 3d 5c", stock="3s Jh")
    for text in ("JK", "2c", "2h"):
        assert game.is_wild(parse_card(text))
    for text in ("3h", "3s", "Ac", "Kd"):
        assert not game.is_wild(parse_card(text))
    assert not game.is_bonus_card(parse_card("3h"))
    assert not game.is_stop_card(parse_card("3s"))
    assert cards(game, 0) == ["3d", "3h", "3h", "3s", "5c"]  # the red 3s stay in hand
    game.apply("meld 3h 3h 3d")  # 15 points: no minimum for a first meld
    assert sorted(str(card) for card in game.side_melds(0)[0].cards) == ["3d", "3h", "3h"]
    game.apply("discard 3s")  # a black 3 blocks nothing: the pile may be taken
    assert game.pile_top == parse_card("3s")
    assert game.is_legal("take-pile")


def test_bu4_card_values() -> None:
    """BU-4: joker 20, 2 = 10, ace 15, K … 8 = 10, 7 … 3 = 5."""
    game = canasta_family.new_game("buraco", players=2, seed=5)
    expected = {"JK": 20, "2c": 10, "2h": 10, "Ah": 15, "Kh": 10, "Qs": 10, "Jd": 10,
                "10c": 10, "9h": 10, "8s": 10, "7h": 5, "6d": 5, "5c": 5, "4s": 5, "3h": 5}
    assert {text: game.card_value(parse_card(text)) for text in expected} == expected


# --- the deal (BU-5 … BU-7) -------------------------------------------------------------------


def test_bu5_play_starts_left_of_the_dealer_and_the_deal_passes_left() -> None:
    """BU-5: the first player is the dealer's left-hand neighbour; the next hand is dealt
    by the player on the dealer's left."""
    for seed in range(6):
        game = canasta_family.new_game("buraco", seed=seed)
        assert game.current_player == (game.dealer + 1) % 4
    game = start(("5h 6h 9c 9d", "10s Js 5d", "8h 9h", "Qh 7d"), dealer=2)
    assert game.current_player == 3
    ended = go_out_by_meld()
    assert ended.hand_results[-1].dealer == 1
    assert ended.dealer == 0 and ended.current_player == 1


def test_bu6_eleven_cards_each_two_mortos_of_eleven_and_a_stock_of_42() -> None:
    """BU-6: 4 × 11 cards, two 11-card mortos, 42 cards of stock."""
    game = canasta_family.new_game("buraco", seed=9)
    assert [game.hand_size(seat) for seat in range(4)] == [11] * 4
    assert [game.reserve_size(side) for side in (0, 1)] == [11, 11]
    assert game.stock_size == 42
    assert game.reserve_taken_by(0) is None and game.reserve_taken_by(1) is None
    check_cards_conserved(game)


def test_bu7_no_upcard_so_the_first_player_must_draw() -> None:
    """BU-7: the pile starts empty; the first player's only action is to draw."""
    for players in (2, 4):
        game = canasta_family.new_game("buraco", players=players, seed=3)
        assert game.pile == ()
        assert legal(game) == {"draw"}
        assert refused(game, "take-pile") is not None


# --- a turn (BU-8 … BU-11) ----------------------------------------------------------------------


def test_bu8_draw_one_card_then_meld_then_discard() -> None:
    """BU-8: nothing before the draw; one card is drawn; the discard ends the turn."""
    game = start(("5h 6h 7h 9c", OTHER), stock="Kd Qh")
    assert refused(game, "meld 5h 6h 7h") == "BU-8"
    assert refused(game, "discard 9c") == "BU-8"
    game.apply("draw")
    assert cards(game, 0) == ["5h", "6h", "7h", "9c", "Kd"]
    assert refused(game, "draw") == "BU-8"
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert game.current_player == 1 and game.pile_top == parse_card("9c")
    assert game.stock_size == 1


def test_bu9_the_whole_pile_is_taken_even_with_a_wild_card_on_top() -> None:
    """BU-9: no condition: the whole pile comes into the hand, a joker on top included,
    and none of it has to be used; the pile is open."""
    game = start(("5h 6h 9c 9d Jc", OTHER), pile="8h 2d JK")
    assert game.pile == tuple(parse_card(text) for text in ("8h", "2d", "JK"))
    assert "take-pile" in legal(game)
    game.apply("take-pile")
    assert game.pile == ()
    assert cards(game, 0) == sorted(["5h", "6h", "9c", "9d", "Jc", "8h", "2d", "JK"])
    game.apply("discard Jc")  # nothing taken had to be melded
    assert game.current_player == 1


def test_bu9_an_empty_pile_cannot_be_taken() -> None:
    """BU-9: with no card in the pile, taking it is refused."""
    game = start(("5h 6h 9c", OTHER), pile="")
    assert game.pile == ()
    assert refused(game, "take-pile") in ("BU-8", "BU-9")


def test_bu10_a_one_card_pile_and_its_twin_cannot_be_discarded_that_turn() -> None:
    """BU-10: after taking a pile of exactly one card, neither that card nor its twin may
    be discarded in the same turn; the other cards may."""
    game = start(("5h 6h 9c Kc", OTHER), pile="Kc")
    game.apply("take-pile")
    assert cards(game, 0) == ["5h", "6h", "9c", "Kc", "Kc"]
    assert refused(game, "discard Kc") == "BU-10"
    assert {text for text in legal(game) if text.startswith("discard")} == {
        "discard 5h", "discard 6h", "discard 9c"}
    game.apply("discard 9c")
    assert game.current_player == 1


def test_bu10_a_pile_of_two_cards_leaves_every_card_free() -> None:
    """BU-10 applies to a one-card pile only."""
    game = start(("5h 6h 9c", OTHER), pile="Qs Kc")
    game.apply("take-pile")
    assert {"discard Kc", "discard Qs"} <= legal(game)


def test_bu10_a_play_that_keeps_only_the_blocked_card_is_refused() -> None:
    """BU-10 with BU-27: melding down to the one card just taken would leave no card to
    discard, so the meld is refused."""
    game = start(("5h 6h 7h", OTHER), pile="Kc")
    game.apply("take-pile")
    assert refused(game, "meld 5h 6h 7h") == "BU-10"


def test_bu11_melds_and_lay_offs_only_on_the_own_sides_melds() -> None:
    """BU-11: the opponents' meld 5h 6h 7h takes no 8h from seat 0 (whose side has no
    meld to address)."""
    game = drawn("8h 9c 9d", melds=((), ("5h 6h 7h",)), stock="5c Jh")
    assert not any(text.startswith("lay-off") for text in legal(game))
    assert refused(game, "lay-off 0 8h") is None  # side 0 has no meld number 0
    assert meld_texts(game, 1) == ["5h 6h 7h"]


def test_bu11_a_wild_card_may_be_discarded() -> None:
    """BU-11: discarding a wild card is allowed."""
    game = drawn("JK 9c 9d", stock="2c Jh")
    assert {"discard JK", "discard 2c"} <= legal(game)
    game.apply("discard JK")
    assert game.pile_top == parse_card("JK") and game.current_player == 1


# --- melds (BU-12 … BU-16) ----------------------------------------------------------------------


def test_bu12_ace_low_and_ace_high_runs_are_natural() -> None:
    """BU-12: A-2-3 (the 2h at its own place is natural) and Q-K-A are runs."""
    game = drawn("Ah 2h 3h Qc Kc Ac 9c 9d", stock="5c Jh")
    game.apply("meld Ah 2h 3h")
    game.apply("meld Qc Kc Ac")
    assert meld_texts(game) == ["Ah 2h 3h", "Qc Kc Ac"]
    assert [meld.wilds for meld in game.side_melds(0)] == [0, 0]


def test_bu12_no_wrap_around_k_a_2() -> None:
    """BU-12: K-A-2 is no run, whether the 2 is of the suit or not, wild or natural."""
    game = drawn("Kh Ah 2h 3h 9c 9d", stock="2d Jh")
    for text in ("meld Kh Ah 2h 3h", "meld Kh Ah 2h=2", "meld Kh Ah 2d=2"):
        assert refused(game, text) == "BU-12"
    # The only place left for the 2 is below the king: a wild card at Q.
    game.apply("meld Kh Ah 2h")
    meld = game.side_melds(0)[0]
    assert str(meld) == "2h=Q Kh Ah" and meld.wilds == 1


def test_bu12_a_2_at_its_own_place_in_its_suit_is_natural() -> None:
    """BU-12: 2h 3h 4h holds no wild card; Ac 2c 3c neither."""
    game = drawn("3h 4h 2h 3c Ac 2c 9d", stock="5s Jh")
    game.apply("meld 3h 4h 2h")
    game.apply("meld 3c Ac 2c")
    assert meld_texts(game) == ["2h 3h 4h", "Ac 2c 3c"]
    assert [meld.wilds for meld in game.side_melds(0)] == [0, 0]


def test_bu12_any_other_2_in_a_run_is_wild() -> None:
    """BU-12: a 2 of another suit at the 2s place, and a 2 of the suit elsewhere, are
    wild cards."""
    game = drawn("2c 3h 4h 2d 5d 7d 9c 9s", stock="5s Jh")
    game.apply("meld 2c=2 3h 4h")
    game.apply("meld 2d 5d 7d")
    assert meld_texts(game) == ["2c=2 3h 4h", "5d 2d=6 7d"]
    assert [meld.wilds for meld in game.side_melds(0)] == [1, 1]


def test_bu12_the_ace_to_ace_run_holds_fourteen_cards() -> None:
    """BU-12: both aces fit only in the run A … A of 14 cards, the longest."""
    run = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"
    game = drawn(run + " 9c 9d", stock="5c Jh")
    game.apply("meld " + run)
    meld = game.side_melds(0)[0]
    assert str(meld) == run and len(meld.cards) == 14 and meld.wilds == 0
    assert sorted(meld.places) == list(range(1, 15))


def test_bu12_bu15_an_ace_to_ace_run_with_a_wild_ace_needs_no_place_named() -> None:
    """BU-12, BU-15: A … K and a 2c make the 14-card run A … A; the wild card has one
    place only (the other ace), so the meld needs no place named — as the same 2c laid
    off on the A … K run needs none."""
    royal = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    laid = drawn("2c 9c 9d", melds=((royal,), ()), stock="5s Jh")
    laid.apply("lay-off 0 2c")
    assert laid.side_melds(0)[0].canasta == "dirty" and len(laid.side_melds(0)[0].cards) == 14
    game = drawn(royal + " 2c 9c 9d", stock="5s Jh")
    assert game.is_legal(f"meld {royal} 2c")
    game.apply(f"meld {royal} 2c")
    meld = game.side_melds(0)[0]
    assert len(meld.cards) == 14 and meld.wilds == 1 and meld.canasta == "dirty"


def test_bu13_sets_of_one_rank_with_duplicates_and_one_wild_2() -> None:
    """BU-13: sets of 3s to aces, suits mixed and duplicated; a 2 in a set is wild; a set
    keeps two naturals."""
    game = drawn("7h 7h 7s Ac Ad Ah 2s 9c 9d", stock="9h Jh")
    game.apply("meld 7h 7h 7s")
    game.apply("meld Ac Ad Ah")
    game.apply("meld 9c 9d 2s")
    melds = game.side_melds(0)
    assert [meld.wilds for meld in melds] == [0, 0, 1]
    assert sorted(str(card) for card in melds[0].cards) == ["7h", "7h", "7s"]


def test_bu13_a_set_needs_two_natural_cards_and_no_set_of_2s() -> None:
    """BU-13: 2s make no set of their own; one natural and two wilds is no set."""
    game = drawn("2c 2d 2h 7c JK 9d", stock="5s Jh")
    assert refused(game, "meld 2c 2d 2h") == "BU-13"
    assert refused(game, "meld 7c 2c JK") is not None


def test_bu14_at_most_one_wild_card_per_meld() -> None:
    """BU-14: a second wild card is refused in a set and in a run; a wild card cannot be
    laid off on a meld that holds one; wild cards cannot be melded alone."""
    game = drawn("7c 7d 7h 2s JK 5h 8h 2c", stock="9d Jh")
    assert refused(game, "meld 7c 7d 2s JK") == "BU-13"
    assert refused(game, "meld 5h 8h JK 2c") is not None
    assert refused(game, "meld 2s JK 2c") == "BU-13"
    game.apply("meld 7c 7d 2s")
    assert game.side_melds(0)[0].wilds == 1
    assert refused(game, "lay-off 0 JK") is not None
    assert not any(text.startswith("lay-off 0 JK") for text in legal(game))


def test_bu14_a_run_may_hold_its_natural_2_and_one_wild_card() -> None:
    """BU-14: 2h 3h JK=4 5h: the 2h is natural, the joker the one wild card."""
    game = drawn("2h 3h 5h JK 9c 9d", stock="5s Jh")
    game.apply("meld 2h 3h 5h JK")
    meld = game.side_melds(0)[0]
    assert str(meld) == "2h 3h JK=4 5h" and meld.wilds == 1


def test_bu14_a_run_may_hold_its_natural_2_and_a_second_2_as_its_wild_card() -> None:
    """BU-14: the first 2h is natural at its place, the second stands for 4h."""
    game = drawn("2h 3h 5h 2h 9c 9d", stock="5s Jh")
    game.apply("meld 2h 3h 5h 2h")
    meld = game.side_melds(0)[0]
    assert str(meld) == "2h 3h 2h=4 5h" and meld.wilds == 1


def test_bu15_a_wild_card_stands_for_one_named_place() -> None:
    """BU-15: in a gap the place is plain; at an end it must be named."""
    game = drawn("5h 6h 8h JK Jc Qc 2d 9d", stock="5s Jh")
    game.apply("meld 5h 6h 8h JK")
    assert meld_texts(game) == ["5h 6h JK=7 8h"]
    assert refused(game, "meld Jc Qc 2d") == "BU-15"
    assert game.is_legal("meld Jc Qc 2d=10") and game.is_legal("meld Jc Qc 2d=K")
    game.apply("meld Jc Qc 2d=10")
    assert meld_texts(game)[1] == "2d=10 Jc Qc"


def test_bu15_lay_offs_extend_a_run_at_either_end() -> None:
    """BU-15: a run grows below its low end and above its high end."""
    game = drawn("4h 8h 9c 9d", melds=(("5h 6h 7h",), ()), stock="5s Jh")
    game.apply("lay-off 0 4h")
    game.apply("lay-off 0 8h")
    assert meld_texts(game) == ["4h 5h 6h 7h 8h"]


def test_bu15_a_side_may_own_several_melds_of_one_rank_or_suit() -> None:
    """BU-15: two sets of nines and two heart runs side by side."""
    game = drawn("9c 9d 9h 9c 9d 9h 5h 6h 7h Jh Qh 5c", stock="Kh 5s")
    for text in ("meld 9c 9d 9h", "meld 9c 9d 9h", "meld 5h 6h 7h", "meld Jh Qh Kh"):
        game.apply(text)
    assert meld_texts(game) == ["9c 9d 9h", "9c 9d 9h", "5h 6h 7h", "Jh Qh Kh"]


def test_bu16_laying_off_the_natural_moves_the_wild_card_above_the_run() -> None:
    """BU-16 (b): the joker standing for 7h moves to the place above the high end."""
    game = drawn("7h 9c 9d", melds=(("5h 6h JK 8h",), ()), stock="5s Jh")
    assert meld_texts(game) == ["5h 6h JK=7 8h"]
    game.apply("lay-off 0 7h")
    meld = game.side_melds(0)[0]
    assert str(meld) == "5h 6h 7h 8h JK=9" and meld.wilds == 1


def test_bu16_the_wild_card_moves_below_when_the_run_ends_at_the_ace() -> None:
    """BU-16 (c): no place above the ace, so the joker goes below the low end."""
    game = drawn("Qh 9c 9d", melds=(("10h Jh Kh Ah JK",), ()), stock="5s Jh")
    game.apply("lay-off 0 Qh")
    assert meld_texts(game) == ["JK=9 10h Jh Qh Kh Ah"]


def test_bu16_a_2_of_the_suit_goes_to_its_own_place_and_turns_natural() -> None:
    """BU-16 (a): first choice, before the place above: the run starts at 3, so the 2h
    goes to the 2s place and is natural; a 2 of another suit moves above instead."""
    game = drawn("5h 9c 9d", melds=(("3h 4h 2h 6h",), ()), stock="5s Jh")
    assert meld_texts(game) == ["3h 4h 2h=5 6h"]
    game.apply("lay-off 0 5h")
    meld = game.side_melds(0)[0]
    assert str(meld) == "2h 3h 4h 5h 6h" and meld.wilds == 0
    other = drawn("4h 9c 9d", melds=(("3h 2c 5h",), ()), stock="5s Jh")
    other.apply("lay-off 0 4h")
    assert meld_texts(other) == ["3h 4h 5h 2c=6"]
    assert other.side_melds(0)[0].wilds == 1


def test_bu16_no_place_left_for_the_wild_card_makes_the_lay_off_illegal() -> None:
    """BU-16: in a full A … A run the joker (at K) has nowhere to go: Kh is refused."""
    full = "Ah Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh JK"
    game = drawn("Kh 9c 9d", melds=((full,), ()), stock="5s Jh")
    assert meld_texts(game) == ["Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh JK=K Ah"]
    assert refused(game, "lay-off 0 Kh") is not None


# --- canastas (BU-17 … BU-19) -------------------------------------------------------------------


def test_bu17_seven_cards_make_a_canasta_clean_or_dirty() -> None:
    """BU-17: seven cards without a wild card: clean; with one: dirty; six: none."""
    game = drawn("5h 6h 7h 8h 9h 10h Jh 9c 9c 9d 9d 2s 9h Ac Ad", stock="9s Jd")
    game.apply("meld 5h 6h 7h 8h 9h 10h Jh")
    game.apply("meld 9c 9c 9d 9d 2s 9s")
    melds = game.side_melds(0)
    assert melds[0].canasta == "clean"
    assert melds[1].canasta is None  # six cards
    game.apply("lay-off 1 9h")
    assert game.side_melds(0)[1].canasta == "dirty"


def test_bu17_dirty_canasta_of_a_set() -> None:
    """BU-17: six queens and a joker are a dirty canasta, seven kings a clean one."""
    game = start(("9c 9d", OTHER), melds=((CLEAN_K, DIRTY_Q), ()))
    assert [meld.canasta for meld in game.side_melds(0)] == ["clean", "dirty"]


def test_bu17_canasta_bonuses_in_the_hand_score() -> None:
    """BU-17 with BU-31: +200 for the clean canasta, +100 for the dirty one, on top of
    the melded cards (70 + 80 + 30)."""
    game = go_out_by_meld(melds=((CLEAN_K, DIRTY_Q), ()))
    lines = sheet(game, 0)
    assert lines["1 × clean canasta"] == (200, "BU-17")
    assert lines["1 × dirty canasta"] == (100, "BU-17")
    assert lines["melded cards"] == (180, "BU-31")
    assert game.hand_results[-1].total(0) == 180 + 200 + 100 + 100


def test_bu18_the_clean_runs_a_to_k_and_a_to_a() -> None:
    """BU-18: a clean A-K run is a royal canasta, a clean A-A run an ace-to-ace one; with
    a wild card they are dirty."""
    royal = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    ace_to_ace = "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"
    dirty_royal = "Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd JK"
    game = start(("9c 9d", "5c 7c"), reserves=("", ""),
                 melds=((royal, ace_to_ace, dirty_royal), ()))
    assert [meld.canasta for meld in game.side_melds(0)] == ["royal", "ace-to-ace", "dirty"]


def test_bu18_royal_and_ace_to_ace_bonuses_in_the_hand_score() -> None:
    """BU-18: +500 for a clean A-K, +1000 for a clean A-A, instead of +200."""
    royal = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"  # 110 points
    ace_to_ace = "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"  # 125 points
    game = start(("9c 9d", "5c 7c"), stock="9h", reserves=("5d 5d 7d 7d 8c 8c", ""),
                 melds=((royal, ace_to_ace), ()))
    game.apply("draw")
    game.apply("meld 9c 9d 9h")
    assert game.hand_results[-1].went_out == 0
    lines = sheet(game, 0)
    assert lines["1 × royal canasta"] == (500, "BU-18")
    assert lines["1 × ace-to-ace canasta"] == (1000, "BU-18")
    assert "1 × clean canasta" not in lines
    assert lines["melded cards"] == (110 + 125 + 30, "BU-31")


def test_bu19_a_wild_card_laid_on_a_clean_canasta_makes_it_dirty() -> None:
    """BU-19: the canasta's kind is judged as it stands."""
    game = drawn("JK 9c 9d 5c", melds=(("5h 6h 7h 8h 9h 10h Jh",), ()), stock="5s Jd")
    assert game.side_melds(0)[0].canasta == "clean"
    game.apply("lay-off 0 JK=Q")
    meld = game.side_melds(0)[0]
    assert str(meld) == "5h 6h 7h 8h 9h 10h Jh JK=Q" and meld.canasta == "dirty"


def test_bu19_a_2_turned_natural_makes_the_canasta_clean() -> None:
    """BU-19 with BU-16 (a): the 2h standing for 3h returns to its place when 3h is laid
    off: the dirty canasta becomes clean."""
    game = drawn("2h 4h 5h 6h 7h 8h 9h 3h 9c 9d 5c", stock="5s Jd")
    game.apply("meld 2h=3 4h 5h 6h 7h 8h 9h")
    assert game.side_melds(0)[0].canasta == "dirty"
    game.apply("lay-off 0 3h")
    meld = game.side_melds(0)[0]
    assert str(meld) == "2h 3h 4h 5h 6h 7h 8h 9h"
    assert meld.wilds == 0 and meld.canasta == "clean"


def test_bu19_a_clean_canasta_grows_into_a_royal_and_an_ace_to_ace_one() -> None:
    """BU-19: canastas may grow within BU-12, and their kind follows."""
    game = drawn("Kh Ah 9c 9d 5c", melds=(("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh",), ()),
                 stock="5s Jd")
    assert game.side_melds(0)[0].canasta == "clean"
    game.apply("lay-off 0 Kh")
    assert game.side_melds(0)[0].canasta == "royal"
    game.apply("lay-off 0 Ah")
    assert game.side_melds(0)[0].canasta == "ace-to-ace"


# --- picking up the morto (BU-20 … BU-24) ---------------------------------------------------------


def test_bu20_the_player_whose_hand_empties_takes_the_morto_not_the_partner() -> None:
    """BU-20 (four players): seat 0 empties the hand without any canasta: it takes side
    0's 11 cards, seat 2 does not, and the hand goes on."""
    game = start(("5h 6h", "10s Js 5d", "8h 9h", "Qh 7d"), stock="7h Ad 10h As Jc Jd")
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    assert game.reserve_taken_by(0) == 0 and game.reserve_size(0) == 0
    assert cards(game, 0) == sorted(MORTO_0.split())
    assert cards(game, 2) == ["8h", "9h"]
    assert game.reserve_size(1) == 11
    assert not game.hand_results and game.current_player == 0


def test_bu20_a_side_takes_one_morto_only() -> None:
    """BU-20: once seat 0 has taken side 0's morto, partner seat 2 cannot empty the hand
    to take another: without a clean canasta it cannot go out either."""
    game = start(("5h 6h", "10s Js 5d", "8h 9h", "Qh 7d"), stock="7h Ad 10h As Jc Jd")
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 4c")
    game.apply("draw")
    game.apply("discard Ad")
    game.apply("draw")  # seat 2: 8h 9h 10h
    assert refused(game, "meld 8h 9h 10h") == "BU-25"
    assert game.reserve_size(1) == 11  # the other side's morto is not for side 0


def test_bu20_with_two_players_each_takes_an_own_morto() -> None:
    """BU-20 / BU-O1: two players, one morto each."""
    game = start(("5h 6h 9c", "Qh Qd 9d"), stock="7h Qs 10h Jd")
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert game.reserve_taken_by(0) == 0 and cards(game, 0) == sorted(MORTO_0.split())
    game.apply("draw")
    game.apply("meld Qh Qd Qs")
    game.apply("discard 9d")
    assert game.reserve_taken_by(1) == 1 and cards(game, 1) == sorted(MORTO_1.split())


def test_bu21_bu22_direct_pickup_goes_on_with_the_same_turn() -> None:
    """BU-21, BU-22: emptied by melding, the hand takes the morto at once; the turn goes
    on with no new draw and ends with a discard."""
    game = drawn("5h 6h", stock="7h 5s")
    game.apply("meld 5h 6h 7h")
    assert game.reserve_taken_by(0) == 0 and not game.reserve_waiting(0)
    assert game.current_player == 0 and game.phase == "play"
    assert "draw" not in legal(game) and "take-pile" not in legal(game)
    assert cards(game, 0) == sorted(MORTO_0.split())
    game.apply("meld 4c 4d 4s")  # a meld from the morto in the same turn
    game.apply("discard 6s")
    assert game.current_player == 1 and game.hand_size(0) == 7


def test_bu21_bu23_indirect_pickup_ends_the_turn() -> None:
    """BU-21, BU-23: emptied by the discard, the hand takes the morto and the turn ends;
    it is played from the next turn on."""
    game = drawn("5h 6h 9c", stock="7h 5s Jd")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert game.reserve_taken_by(0) == 0 and game.reserve_waiting(0)
    assert game.hand_size(0) == 11 and game.current_player == 1
    assert game.pile_top == parse_card("9c")
    game.apply("draw")
    game.apply("discard 5d")
    assert game.current_player == 0 and not game.reserve_waiting(0)
    game.apply("draw")
    assert game.hand_size(0) == 12


def test_bu24_a_morto_taken_with_the_discard_and_not_played_counts_nothing() -> None:
    """BU-24: seat 1 goes out before seat 0 plays the morto it took with the discard:
    side 0's 11 cards count nothing and it loses 100."""
    game = start(("5h 6h 9c", "Qh Qd"), stock="7h Qs 9h", reserves=(MORTO_0, ""),
                 melds=((), (CLEAN_K,)))
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert game.reserve_waiting(0)
    game.apply("draw")
    game.apply("meld Qh Qd Qs")
    assert game.hand_results[-1].went_out == 1
    assert sheet(game, 0) == {"melded cards": (15, "BU-31"),
                              "morto taken but not played": (-100, "BU-24")}
    assert game.hand_results[-1].total(0) == -85


def test_bu24_also_when_the_stock_ends_the_hand_first() -> None:
    """BU-24 with BU-30: the hand ends with the stock before the taker's next turn."""
    game = start(("5h 6h 9c", OTHER), stock="7h 10h", reserves=(MORTO_0, ""))
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    game.apply("draw")  # the last card; no morto is left
    game.apply("discard 5d")
    result = game.hand_results[-1]
    assert result.went_out is None
    assert sheet(game, 0) == {"melded cards": (15, "BU-31"),
                              "morto taken but not played": (-100, "BU-24")}


def test_bu24_not_when_the_partner_goes_out() -> None:
    """BU-24 is about an opponent going out: when partner seat 2 goes out before seat 0
    has played the morto it took with the discard, side 0 scores normally and those 11
    cards (55 points) count against it."""
    game = start(("5h 6h 9c", "10s Js 5d", "Qh Qd", "Jc 7d"), stock="7h Ad Qs Ac",
                 melds=((CLEAN_K,), ()), reserves=(MORTO_0, MORTO_1))
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert game.reserve_waiting(0)
    game.apply("draw")
    game.apply("discard Ad")
    game.apply("draw")  # seat 2
    game.apply("meld Qh Qd Qs")
    assert game.hand_results[-1].went_out == 2
    assert sheet(game, 0) == {"melded cards": (115, "BU-31"),
                              "1 × clean canasta": (200, "BU-17"),
                              "going out": (100, "BU-26"),
                              "cards left in hand": (-55, "BU-31")}


def test_bu24_a_morto_played_for_a_turn_counts_in_full() -> None:
    """BU-24: once the taker has had a turn, the morto is played: when seat 1 then goes
    out, its cards left in seat 0's hand count against side 0, with no morto penalty."""
    game = start(("5h 6h 9c", "Qh Qd 5c"), stock="7h Jd 5s Qs", reserves=(MORTO_0, ""),
                 melds=((), (CLEAN_K,)))
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")  # seat 0 takes the morto with the discard
    game.apply("draw")
    game.apply("discard Jd")
    game.apply("draw")  # seat 0's next turn: the morto is no longer waiting
    assert not game.reserve_waiting(0)
    game.apply("discard 5s")
    game.apply("draw")
    game.apply("meld Qh Qd Qs")
    game.apply("discard 5c")
    assert game.hand_results[-1].went_out == 1
    assert sheet(game, 0) == {"melded cards": (15, "BU-31"),
                              "cards left in hand": (-55, "BU-31")}


# --- going out (BU-25 … BU-27) --------------------------------------------------------------------


def test_bu25_nobody_goes_out_while_the_sides_morto_waits() -> None:
    """BU-25: with a clean canasta but the morto still there, emptying the hand takes
    the morto instead of going out."""
    game = drawn("9c 9d", melds=((CLEAN_K,), ()), stock="9h 5s")
    game.apply("meld 9c 9d 9h")
    assert not game.hand_results
    assert game.reserve_taken_by(0) == 0 and game.hand_size(0) == 11


def test_bu25_going_out_needs_a_clean_canasta() -> None:
    """BU-25: the morto is gone, but a dirty canasta does not let the side go out."""
    game = drawn("9c 9d", melds=((DIRTY_Q,), ()), reserves=("", MORTO_1), stock="9h 5s")
    assert refused(game, "meld 9c 9d 9h") == "BU-25"
    assert "meld 9c 9d 9h" not in legal(game)


def test_bu25_morto_and_clean_canasta_may_both_come_in_the_going_out_turn() -> None:
    """BU-25: seat 0 takes the morto directly, completes its first clean canasta from it
    and goes out, all in one turn."""
    morto = "9h Jc Jd Js Qc Qd Qs Ac Ad Ah 5c"
    game = drawn("5h 6h", melds=(("9c 9c 9d 9d 9h 9s",), ()), reserves=(morto, MORTO_1),
                 stock="7h 5s")
    game.apply("meld 5h 6h 7h")  # direct: the morto comes into the hand
    assert game.reserve_taken_by(0) == 0
    game.apply("lay-off 0 9h")  # seven nines: the clean canasta
    assert game.side_melds(0)[0].canasta == "clean"
    for text in ("meld Jc Jd Js", "meld Qc Qd Qs", "meld Ac Ad Ah"):
        game.apply(text)
    game.apply("discard 5c")
    assert game.hand_results[-1].went_out == 0


def test_bu26_going_out_by_melding_every_card_ends_the_hand_with_100() -> None:
    """BU-26: the hand ends at once; the side scores +100."""
    game = go_out_by_meld()
    result = game.hand_results[-1]
    assert result.went_out == 0
    assert sheet(game, 0)["going out"] == (100, "BU-26")
    assert "going out" not in sheet(game, 1)


def test_bu26_going_out_by_discarding_the_last_card() -> None:
    """BU-26: a discard may be the last card, a wild card too (by default)."""
    game = drawn("9c 9d 9h", melds=((CLEAN_K,), ()), reserves=("", MORTO_1),
                 stock="JK 5s")
    game.apply("meld 9c 9d 9h")
    assert game.hand_size(0) == 1
    game.apply("discard JK")
    assert game.hand_results[-1].went_out == 0
    assert sheet(game, 0)["going out"] == (100, "BU-26")


def test_bu26_no_question_to_the_partner() -> None:
    """BU-26: four players: going out needs no permission; the hand ends at once."""
    morto = "9c 9d 9h Jc Jd Js Qc Qd Qs 8h 5c"
    game = start(("5h 6h", "10s Js 5d", "10h Jh 2d", "Qh 7d"), stock="7h Ad Ac",
                 melds=((CLEAN_K,), ()), reserves=(morto, MORTO_1))
    game.apply("draw")
    game.apply("meld 5h 6h 7h")  # seat 0 takes the morto and could now go out
    assert not any(text.startswith("ask") for text in legal(game))
    refused(game, "ask 2")
    for text in ("meld 9c 9d 9h", "meld Jc Jd Js", "meld Qc Qd Qs", "lay-off 1 8h"):
        game.apply(text)
    assert game.pending_question is None
    game.apply("discard 5c")
    assert game.hand_results[-1].went_out == 0


def test_bu27_without_a_way_out_two_cards_must_be_kept() -> None:
    """BU-27: no morto left and no clean canasta: a meld leaving one card is refused;
    leaving two is fine."""
    game = drawn("9c 9d 9h", reserves=("", MORTO_1), stock="5h 5s")
    assert refused(game, "meld 9c 9d 9h") in ("BU-25", "BU-27")
    more = drawn("9c 9d 9h 5c", reserves=("", MORTO_1), stock="5h 5s")
    more.apply("meld 9c 9d 9h")
    assert more.hand_size(0) == 2


def test_bu27_one_card_may_be_kept_when_it_can_be_laid_off_to_go_out() -> None:
    """BU-27: a play leaving one card is legal when the turn can still end legally: here
    the Kh is laid off on the kings and the player goes out."""
    game = drawn("9c 9d 9h", melds=((CLEAN_K,), ()), reserves=("", MORTO_1),
                 stock="Kh 5s")
    game.apply("meld 9c 9d 9h")
    assert legal(game) >= {"lay-off 0 Kh"}
    game.apply("lay-off 0 Kh")
    assert game.hand_results[-1].went_out == 0


def test_bu27_one_card_may_be_kept_when_the_discard_takes_the_morto() -> None:
    """BU-27: a play leaving one card is legal while the side's morto waits."""
    game = drawn("5h 6h 9c", stock="7h 8h 5s")
    assert game.is_legal("meld 5h 6h 7h")
    game.apply("meld 5h 6h 7h")
    assert cards(game, 0) == ["9c"]
    game.apply("discard 9c")
    assert game.reserve_taken_by(0) == 0


# --- stock running out (BU-28 … BU-30) ------------------------------------------------------------


def test_bu28_the_morto_becomes_the_stock_when_the_stock_runs_out() -> None:
    """BU-28: the last draw empties the stock: one untaken morto becomes the stock, the
    other stays a morto, and play goes on."""
    game = start(("5h 6h 9c", OTHER), stock="Qh")
    game.apply("draw")
    assert game.stock_size == 11
    turned = [side for side in (0, 1) if game.reserve_turned_to_stock(side)]
    assert len(turned) == 1
    kept = 1 - turned[0]
    assert game.reserve_size(turned[0]) == 0 and game.reserve_size(kept) == 11
    assert sorted(map(str, game.stock_cards())) == sorted(
        (MORTO_0, MORTO_1)[turned[0]].split())
    game.apply("discard 9c")
    assert not game.hand_results and game.current_player == 1
    game.apply("draw")
    assert game.stock_size == 10
    check_cards_conserved(game)


def test_bu29_a_side_whose_morto_became_stock_goes_out_without_penalty() -> None:
    """BU-29: side 0's morto became the stock; side 0 goes out with its clean canasta,
    and pays nothing for a morto; side 1, whose morto was never taken, pays 100."""
    game = go_out_by_meld()
    lines = sheet(game, 0)
    assert not any("morto" in label for label in lines)
    assert lines == {"melded cards": (100, "BU-31"), "1 × clean canasta": (200, "BU-17"),
                     "going out": (100, "BU-26")}
    assert sheet(game, 1)["morto not taken"] == (-100, "BU-31")


def test_bu30_stock_empty_and_no_morto_the_hand_ends_after_the_turn() -> None:
    """BU-30: the last stock card is drawn with no morto left: the turn is played out,
    then the hand ends; nobody went out and nobody scores +100."""
    game = start(("5h 6h 9c 9d", OTHER), stock="7h", reserves=("", ""))
    game.apply("draw")
    assert game.stock_size == 0 and not game.hand_results
    game.apply("meld 5h 6h 7h")
    assert not game.hand_results
    game.apply("discard 9c")
    result = game.hand_results[-1]
    assert result.went_out is None
    for side in (0, 1):
        assert "going out" not in sheet(game, side)
    assert sheet(game, 0)["melded cards"] == (15, "BU-31")
    assert sheet(game, 0)["cards left in hand"] == (-10, "BU-31")
    assert sheet(game, 1)["cards left in hand"] == (-40, "BU-31")


# --- scoring and game end (BU-31, BU-32) ----------------------------------------------------------


def test_bu31_the_score_sheet_of_partners() -> None:
    """BU-31 (four players): seat 0 takes the morto directly and goes out. Side 0: its
    melded cards, the clean canasta, +100, minus partner seat 2's cards; side 1: minus
    both players' cards and 100 for its morto never taken, whose cards count nothing."""
    morto = "9c 9d 9h Jc Jd Js Qc Qd Qs 8h 5c"
    game = start(("5h 6h", "10s Js 5d", "10h Jh 2d", "Qh 7d"), stock="7h Ad Ac",
                 melds=((CLEAN_K,), ()), reserves=(morto, MORTO_1))
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    for text in ("meld 9c 9d 9h", "meld Jc Jd Js", "meld Qc Qd Qs", "lay-off 1 8h",
                 "discard 5c"):
        game.apply(text)
    result = game.hand_results[-1]
    assert result.went_out == 0
    # 7 kings 70, 5h 6h 7h 8h 25, three sets of 30
    assert sheet(game, 0) == {"melded cards": (185, "BU-31"),
                              "1 × clean canasta": (200, "BU-17"),
                              "going out": (100, "BU-26"),
                              "cards left in hand": (-30, "BU-31")}
    assert sheet(game, 1) == {"melded cards": (0, "BU-31"),
                              "cards left in hand": (-40, "BU-31"),
                              "morto not taken": (-100, "BU-31")}
    assert result.total(0) == 455 and result.total(1) == -140
    assert game.scores == (455, -140)


def test_bu31_a_side_that_goes_out_never_pays_for_its_morto() -> None:
    """BU-31 with BU-25: a side can only go out once its morto is gone (taken or turned
    into stock), so it never loses 100 for a morto. Here side 1's morto is already gone
    when the position starts (an empty reserve in the setup)."""
    game = start(("5h 6h 9c", "Qh Qd"), stock="7h Qs 9h", reserves=(MORTO_0, ""),
                 melds=((), (CLEAN_K,)))
    game.apply("draw")
    game.apply("discard 9c")
    game.apply("draw")
    game.apply("meld Qh Qd Qs")
    assert game.hand_results[-1].went_out == 1
    lines = sheet(game, 1)
    assert not any("morto" in label for label in lines), lines
    assert game.hand_results[-1].total(1) == 100 + 200 + 100


def test_bu31_hand_scores_and_totals_may_be_negative() -> None:
    """BU-31: side 1 ends the hand below zero, and so does its total."""
    game = go_out_by_meld(scores=(0, 50))
    assert game.hand_results[-1].total(1) == -140
    assert game.scores[1] == -90


def test_bu32_totals_carry_over_and_the_game_ends_at_3000() -> None:
    """BU-32: a hand that takes side 0 to 3,000 or more ends the game; side 0 wins."""
    game = go_out_by_meld(scores=(2700, 100))
    assert game.scores == (3100, -40)
    assert game.is_over and game.result is not None
    assert game.result.winners == (0,)


def test_bu32_below_the_target_another_hand_is_dealt() -> None:
    """BU-32: totals carry over into the next hand."""
    game = go_out_by_meld(scores=(2500, 100))
    assert game.scores == (2900, -40)
    assert not game.is_over and game.result is None
    assert game.hand_number == 1 and game.legal_actions()
    assert [game.hand_size(seat) for seat in (0, 1)] == [11, 11]


def test_bu32_equal_totals_at_the_target_deal_another_hand() -> None:
    """BU-32: both sides reach 3,100: a tie plays on."""
    game = go_out_by_meld(scores=(2700, 3240))
    assert game.scores == (3100, 3100)
    assert not game.is_over and game.result is None
    assert game.hand_number == 1


def test_bu32_the_higher_total_wins_when_both_reach_the_target() -> None:
    """BU-32: both sides pass 3,000; the higher total wins."""
    game = go_out_by_meld(scores=(2700, 3300))
    assert game.scores == (3100, 3160)
    assert game.is_over and game.result is not None and game.result.winners == (1,)


# --- options (BU-O1 … BU-O12) ---------------------------------------------------------------------


def test_bu_o1_two_players_each_with_an_own_morto_and_a_stock_of_64() -> None:
    """BU-O1: heads-up, 108 − 22 − 22 = 64 cards of stock."""
    game = canasta_family.new_game("burraco", players=2, seed=4)
    assert game.variant.name == "buraco"
    assert game.sides == ((0,), (1,))
    assert [game.hand_size(seat) for seat in (0, 1)] == [11, 11]
    assert [game.reserve_size(side) for side in (0, 1)] == [11, 11]
    assert game.stock_size == 64
    check_cards_conserved(game)


def test_bu_o2_runs_only_refuses_sets() -> None:
    """BU-O2: runs-only: no trinca; runs are unchanged."""
    options = {"melds": "runs-only"}
    game = drawn("7c 7d 7h 5h 6h 9d", stock="7s 5s", options=options)
    assert refused(game, "meld 7c 7d 7h") is not None
    assert not any(text.startswith("meld 7c 7d") for text in legal(game))
    game.apply("meld 5h 6h 7h")
    assert meld_texts(game) == ["5h 6h 7h"]
    assert drawn("7c 7d 7h 9d", stock="7s 5s").is_legal("meld 7c 7d 7h")


def test_bu_o3_twos_only_is_a_104_card_game_without_jokers() -> None:
    """BU-O3: 104 cards, no jokers (a joker in a setup is refused); 2s stay wild."""
    options = {"wilds": "twos-only"}
    four = canasta_family.new_game("buraco", seed=4, options=options)
    assert len(four.deck) == 104 and not any(card.is_joker for card in four.deck)
    assert four.stock_size == 104 - 44 - 22
    two = canasta_family.new_game("buraco", players=2, seed=4, options=options)
    assert two.stock_size == 104 - 22 - 22
    assert two.is_wild(parse_card("2s"))
    with pytest.raises(SetupError):
        start(("JK 5h", OTHER), options=options)
    game = drawn("5h 6h 2c 9d", stock="9c 5s", options=options)
    game.apply("meld 5h 6h 2c=7")
    assert game.side_melds(0)[0].wilds == 1


@pytest.mark.parametrize(("table", "joker", "two"),
                         [("pagat", 20, 10), ("italian", 30, 20), ("gamedesire", 50, 10)])
def test_bu_o4_value_tables(table: str, joker: int, two: int) -> None:
    """BU-O4: joker and 2 by table; the other cards as BU-4."""
    game = canasta_family.new_game("buraco", players=2, seed=4, options={"values": table})
    assert game.card_value(parse_card("JK")) == joker
    assert game.card_value(parse_card("2d")) == two
    assert [game.card_value(parse_card(text)) for text in ("Ah", "Kh", "8c", "7c", "3d")] \
        == [15, 10, 10, 5, 5]


def test_bu_o4_italian_values_in_the_hand_score() -> None:
    """BU-O4: a joker left in hand costs 30 under the Italian table."""
    game = start(("5h 6h 9c 9d", "JK 2c"), stock="7h", reserves=("", ""),
                 options={"values": "italian"})
    game.apply("draw")
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert sheet(game, 1)["cards left in hand"] == (-50, "BU-31")


def test_bu_o5_indirect_only_the_hand_cannot_empty_before_the_discard() -> None:
    """BU-O5: the morto is taken with the discard only."""
    options = {"morto": "indirect-only"}
    game = drawn("5h 6h", stock="7h 5s", options=options)
    assert refused(game, "meld 5h 6h 7h") == "BU-O5"
    game = drawn("5h 6h 9c", stock="7h 5s", options=options)
    game.apply("meld 5h 6h 7h")
    game.apply("discard 9c")
    assert game.reserve_taken_by(0) == 0 and game.reserve_waiting(0)
    assert game.current_player == 1


def test_bu_o6_any_canasta_lets_a_side_go_out() -> None:
    """BU-O6: with "any", a dirty canasta is enough; a canasta is still needed."""
    options = {"out_canasta": "any"}
    game = drawn("9c 9d 9h", melds=((DIRTY_Q,), ()), reserves=("", MORTO_1),
                 stock="Qh 5s", options=options)
    game.apply("meld 9c 9d 9h")
    game.apply("lay-off 0 Qh")
    assert game.hand_results[-1].went_out == 0
    without = drawn("9c 9d 9h", melds=(("Qc Qd JK",), ()), reserves=("", MORTO_1),
                    stock="Qh 5s", options=options)
    without.apply("lay-off 0 Qh")
    assert refused(without, "meld 9c 9d 9h") in ("BU-O6", "BU-25")


def test_bu_o7_going_out_only_by_discarding_a_card_that_is_not_wild() -> None:
    """BU-O7: melding every card is refused; the last card kept must not be wild."""
    options = {"going_out": "discard"}
    game = drawn("9c 9d 9h", melds=((CLEAN_K,), ()), reserves=("", MORTO_1),
                 stock="JK 5s", options=options)
    assert refused(game, "meld 9c 9d 9h JK") is not None  # no going out by melding
    assert refused(game, "meld 9c 9d 9h") == "BU-O7"  # the JK could not go out
    plain = drawn("9c 9d 9h", melds=((CLEAN_K,), ()), reserves=("", MORTO_1),
                  stock="5h 5s", options=options)
    plain.apply("meld 9c 9d 9h")
    plain.apply("discard 5h")
    assert plain.hand_results[-1].went_out == 0


def test_bu_o7_italian_burraco_needs_the_discard() -> None:
    """BU-O7 is the Italian default: melding out is refused in italian-burraco."""
    game = drawn("9c 9d", melds=((CLEAN_K,), ()), reserves=("", MORTO_1), stock="9h 5s",
                 variant="italian-burraco", pile="5c")
    assert refused(game, "meld 9c 9d 9h") is not None


def test_bu_o7_the_morto_may_still_be_taken_by_melding_every_card() -> None:
    """BU-O7 concerns going out only: the direct morto ("al volo", BU-22) stays."""
    game = drawn("5h 6h", stock="7h 5s", variant="italian-burraco", pile="5c")
    game.apply("meld 5h 6h 7h")
    assert game.reserve_taken_by(0) == 0 and game.current_player == 0


def _closed(pile: str, hand: str = "5h 6h 9c 9d JK Kd", **setup: object) -> Game:
    """Two players, a closed pile (BU-O8), seat 0 to draw or take."""
    return start((hand, OTHER), pile=pile, options={"pile": "closed"},
                 **setup)  # type: ignore[arg-type]


def test_bu_o8_a_closed_pile_is_taken_only_by_melding_its_top_card() -> None:
    """BU-O8: no bare take; the top card goes into a new sequence or set with hand cards,
    and the rest of the pile comes into the hand."""
    game = _closed("3s 7h")
    listed = legal(game)
    assert "take-pile" not in listed
    assert {"take-pile 5h 6h", "take-pile 5h JK", "take-pile 5h 6h JK=8"} <= listed
    with pytest.raises(InvalidActionError):
        game.apply("take-pile")
    check_refusal_leaves_state(game, "take-pile")
    game.apply("take-pile 5h 6h")
    assert str(game.side_melds(0)[0]) == "5h 6h 7h"
    assert Counter(map(str, game.hand_cards(0))) == Counter(["3s", "9c", "9d", "Kd", "JK"])


def test_bu_o8_a_set_with_the_top_card_and_one_wild_card() -> None:
    """BU-O8 with BU-13/14: the top card, a natural of its rank and a wild card."""
    game = _closed("3s 9h")
    assert {"take-pile 9c 9d", "take-pile 9c JK", "take-pile 9c 9d JK"} <= legal(game)
    game.apply("take-pile 9c JK")
    meld = game.side_melds(0)[0]
    assert meld.rank is not None and meld.wilds == 1 and len(meld.cards) == 3


def test_bu_o8_the_top_card_laid_off_on_a_meld_of_the_side_takes_the_pile() -> None:
    """BU-O8: onto a meld of the side, a canasta too; a card that fits none leaves only
    the draw."""
    game = _closed("3s 8h", hand="5c 9c", melds=((CLEAN_K, "5h 6h 7h"), ()))
    listed = legal(game)
    assert "take-pile onto 1" in listed
    game.apply("take-pile onto 1")
    assert str(game.side_melds(0)[1]) == "5h 6h 7h 8h"
    kings = _closed("3s Kh", hand="5c 9c", melds=((CLEAN_K,), ()))
    assert "take-pile onto 0" in legal(kings)
    nothing = _closed("3s Qd", hand="5c 9c")
    assert legal(nothing) == {"draw"}


def test_bu_o9_off_the_long_clean_runs_are_plain_clean_canastas() -> None:
    """BU-O9: with big canastas off, a clean A-K run scores +200, not +500."""
    royal = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    on = go_out_by_meld(melds=((royal,), ()))
    assert sheet(on, 0)["1 × royal canasta"] == (500, "BU-18")
    off = go_out_by_meld(melds=((royal,), ()), options={"big_canastas": False})
    assert sheet(off, 0)["1 × clean canasta"] == (200, "BU-17")
    assert not any("royal" in label for label in sheet(off, 0))


@pytest.mark.parametrize(("target", "before", "over"),
                         [(2000, 1600, True), (2000, 1500, False), (5000, 4600, True),
                          (5000, 4500, False)])
def test_bu_o10_target(target: int, before: int, over: bool) -> None:
    """BU-O10: the game ends after a hand in which a side reaches the chosen target."""
    game = go_out_by_meld(scores=(before, 0), options={"target": target})
    assert game.scores[0] == before + 400
    assert game.is_over is over


def test_bu_o10_only_the_listed_targets() -> None:
    """BU-O10: 2,000, 2,005, 3,000 or 5,000."""
    with pytest.raises(InvalidOptionError):
        canasta_family.new_game("buraco", players=2, seed=1, options={"target": 2500})
    game = canasta_family.new_game("italian-burraco", players=2, seed=1)
    assert game.options["target"] == 2005


def test_bu_o11_an_upcard_starts_the_pile() -> None:
    """BU-O11: one card turned up: stock 41 with four players (63 with two); the first
    player may take it."""
    four = canasta_family.new_game("buraco", seed=4, options={"upcard": True})
    assert four.stock_size == 41 and len(four.pile) == 1
    assert legal(four) == {"draw", "take-pile"}
    two = canasta_family.new_game("buraco", players=2, seed=4, options={"upcard": True})
    assert two.stock_size == 63 and len(two.pile) == 1
    italian = canasta_family.new_game("italian-burraco", seed=4)
    assert italian.stock_size == 41 and len(italian.pile) == 1
    check_cards_conserved(four)


def test_bu_o12_italian_stock_end_two_cards_before_the_end() -> None:
    """BU-O12 (Italian): the hand ends after the discard that leaves two cards in the
    stock; no morto becomes stock; an untaken one costs its side 100."""
    options = {"stock_end": "italian"}
    early = start(("5h 6h 9c", OTHER), stock="Qh Qs 10h Jd", options=options)
    early.apply("draw")
    early.apply("discard 9c")
    assert not early.hand_results and early.stock_size == 3
    game = start(("5h 6h 9c", OTHER), stock="Qh Qs 10h", options=options)
    game.apply("draw")
    assert game.stock_size == 2 and not game.hand_results
    game.apply("discard 9c")
    result = game.hand_results[-1]
    assert result.went_out is None
    assert not game.reserve_turned_to_stock(0) and not game.reserve_turned_to_stock(1)
    for side in (0, 1):
        assert sheet(game, side)["morto not taken"] == (-100, "BU-31")


def test_bu_o12_italian_no_morto_becomes_the_stock() -> None:
    """BU-O12: even when the last card is drawn, the mortos stay mortos."""
    game = start(("5h 6h 9c", OTHER), stock="Qh", options={"stock_end": "italian"})
    game.apply("draw")
    assert game.stock_size == 0
    assert [game.reserve_size(side) for side in (0, 1)] == [11, 11]
    assert not game.reserve_turned_to_stock(0)


def test_italian_burraco_preset() -> None:
    """The Italian preset: O4 italian, O6 any, O7 discard, O9 off, O10 2,005, O11 upcard,
    O12 italian; the rest default."""
    game = canasta_family.new_game("italian-burraco", seed=2)
    assert dict(game.options) == {
        "melds": "runs-and-sets", "wilds": "jokers-and-twos", "values": "italian",
        "morto": "direct-and-indirect", "pile": "open", "out_canasta": "any",
        "going_out": "discard", "big_canastas": False, "target": 2005, "upcard": True,
        "stock_end": "italian"}
