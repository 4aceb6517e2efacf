"""Pennies from Heaven, rule by rule (PH-1 … PH-26, options PH-O1 … PH-O3), each played
through the public API from an arranged deal (``HandSetup``).

Seats 0, 2, 4 are side 0 and seats 1, 3, 5 side 1 (PH-1). Unless a test says otherwise
the arranged feet are small and distinct, and an empty foot has already been picked up.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import canasta_family
from canasta_family import Game, HandSetup, IllegalActionError, SetupError
from canasta_family.cards import parse_card
from canasta_family.players import GreedyPlayer, play_game

FILLER = ("4c 5d 6h 8s", "4d 5h 6s 8c", "4h 5s 6c 8d", "4s 5c 6d 8h", "9c 10d Jh Qs",
          "9d 10h Js Qc")
FEET = ("Ac Ad", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "9h 9s")
STOCK = "Kh Ks Qh Qs Jh Js 10h 10d 9h 9d 8h 8d"


def ph(hands: dict[int, str] | None = None, *, pile: str = "5c 9c", stock: str | None = STOCK,
       feet: Sequence[str] | None = FEET, melds: Sequence[Sequence[str]] | None = None,
       red: Sequence[str] | None = None, scores: Sequence[int] | None = None,
       to_play: int = 0, options: dict[str, object] | None = None) -> Game:
    """A Pennies game from an arranged hand: ``hands`` by seat (others get filler)."""
    given = dict(hands or {})
    all_hands = tuple(given.get(seat, FILLER[seat]) for seat in range(6))
    return canasta_family.new_game(
        "pennies", seed=1, options=options,
        start=HandSetup(hands=all_hands, pile=pile, stock=stock, feet=feet, melds=melds,
                        red_threes=red, scores=scores, dealer=(to_play - 1) % 6,
                        to_play=to_play))


def texts(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def refused(game: Game, action: str) -> str:
    """Apply ``action``, expect a refusal that changes nothing, return the rule cited."""
    before = game.snapshot()
    assert action not in texts(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert game.snapshot() == before
    return err.value.rule


# Table fragments: melds of each canasta kind, and an open set of each kind.
NATURAL = "Kc Kc Kd Kd Kh Kh Ks"
MIXED = "Qc Qc Qd Qd 2c 2d JK"
WILD = "2h 2h 2s 2s JK JK 2c"
SEVENS = "7c 7c 7d 7d 7h 7h 7s"
SEVENS_2 = "7s 7s 7s 7d 7d 7h 7h"  # the other team's, from the same 16 sevens
FOUR_KINDS = (NATURAL, MIXED, WILD, SEVENS)


# --- players and cards ----------------------------------------------------------------


def test_PH_1_six_players_in_two_teams_of_three() -> None:
    """PH-1: six players only, a clear error for any other count; seats 0, 2, 4 share
    their melds against 1, 3, 5."""
    for players in (2, 4, 5):
        with pytest.raises(SetupError, match=r"6 players.*PH-1"):
            canasta_family.new_game("pennies", players=players, seed=1)
    game = canasta_family.new_game("pennies-from-heaven", seed=1)
    assert game.num_players == 6 and game.sides == ((0, 2, 4), (1, 3, 5))
    assert game.partners(2) == (0, 4)
    game = ph({2: "9c 9d 9h 4s 5s 6s"}, melds=(("9s 9s 9d",), ()), to_play=2)
    game.apply("draw")
    game.apply("lay-off 0 9c 9d")  # seat 2 adds to the team's meld seat 0 made
    assert len(game.side_melds(0)[0]) == 5


def test_PH_2_four_packs_eight_jokers_twos_and_jokers_wild() -> None:
    """PH-2: 216 cards, 8 jokers; 2s and jokers are wild."""
    game = canasta_family.new_game("pennies", seed=1)
    deck = game.deck
    assert len(deck) == 216
    assert sum(1 for c in deck if c.is_joker) == 8
    assert sum(1 for c in deck if c == parse_card("7h")) == 4
    game = ph({0: "9c 9d 2h JK 5s 6s 8c"})
    game.apply("draw")
    assert game.is_legal("meld 9c 9d 2h JK")


def test_PH_3_card_values() -> None:
    """PH-3: joker 50; 2 and ace 20; K…8 10; 7…4 and black 3 5; red 3 nothing."""
    game = canasta_family.new_game("pennies", seed=1)
    values = {text: game.card_value(parse_card(text))
              for text in ("JK", "2c", "Ah", "Ks", "8d", "7c", "4h", "3s", "3h")}
    assert values == {"JK": 50, "2c": 20, "Ah": 20, "Ks": 10, "8d": 10, "7c": 5, "4h": 5,
                      "3s": 5, "3h": 0}


# --- the deal -------------------------------------------------------------------------------


def test_PH_4_deal_hand_foot_stock_and_upcard() -> None:
    """PH-4: 13 cards in hand and 11 in the foot each, 72 left, of which the top is the
    upcard; the player left of the dealer starts."""
    game = canasta_family.new_game("pennies", seed=3)
    assert [game.hand_size(p) for p in range(6)] == [13] * 6
    assert [game.foot_size(p) for p in range(6)] == [11] * 6
    # Red 3s dealt to the first player are already put out and replaced (PH-12).
    placed = len(game.side_red_threes(0)) + len(game.side_red_threes(1))
    assert game.stock_size + placed + len(game.pile) == 72 and len(game.pile) == 1
    assert game.dealer == 0 and game.current_player == 1
    locations = game.card_locations()
    assert locations["feet"] == 66 and sum(locations.values()) == 216


def test_PH_4_wild_upcard_stays_and_freezes_the_pile() -> None:
    """PH-4: unlike Samba, a wild upcard is not covered; it freezes the pile (PH-13) and,
    on top, stops it."""
    game = ph({0: "Kc Kd 5s 6s"}, pile="", stock="JK " + STOCK)
    assert [str(c) for c in game.pile] == ["JK"]
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    assert texts(game) == {"draw"}


def test_PH_4_deal_passes_to_the_left() -> None:
    """PH-4: the next hand is dealt by the next seat, with fresh 13-card hands and feet."""
    game = ph({0: "Kc Kd"}, pile="5c 9c", stock="", to_play=0)
    game.apply("pass")
    assert game.hand_number == 1 and game.dealer == 0  # arranged dealer was seat 5
    assert [game.foot_size(p) for p in range(6)] == [11] * 6


# --- melds ----------------------------------------------------------------------------------


def test_PH_5_seven_card_cap_and_no_sequences() -> None:
    """PH-5: melds of one rank, 3 to 7 cards; 7 cards are a canasta that takes no more."""
    game = ph({0: "Kc Qd 4c 5c 6c 9s 9s"}, melds=((NATURAL, "Qc Qh Qs"), ()))
    game.apply("draw")
    assert refused(game, "lay-off 0 Kc") == "PH-5"
    assert refused(game, "meld 4c 5c 6c") == "PH-6"  # a sequence is no set of one rank
    assert game.is_legal("lay-off 1 Qd")


def test_PH_5_meld_of_more_than_seven_refused() -> None:
    """PH-5: an eight-card meld is refused, even as a new meld."""
    game = ph({0: "9c 9c 9d 9d 9h 9h 9s 9s 5s 6s"})
    game.apply("draw")
    assert game.is_legal("meld 9c 9c 9d 9d 9h 9h 9s")
    assert refused(game, "meld 9c 9c 9d 9d 9h 9h 9s 9s") == "PH-5"


def test_PH_6_two_naturals_and_at_most_three_wild_cards() -> None:
    """PH-6: a meld of naturals holds at least 2 naturals and at most 3 wild cards."""
    game = ph({0: "9c 9d 2c 2d 2h 2s 5s 6s"})
    game.apply("draw")
    assert game.is_legal("meld 2c 2d 2h 9c 9d")
    assert refused(game, "meld 2c 2d 9c") == "PH-6"
    assert refused(game, "meld 2c 2d 2h 2s 9c 9d") == "PH-6"


def test_PH_7_no_wild_card_among_sevens() -> None:
    """PH-7: a meld of 7s holds no wild card, new or laid off."""
    game = ph({0: "7c 7d 7h 2c 5s 6s 8c"}, melds=(("7s 7s 7h",), ()))
    game.apply("draw")
    assert refused(game, "lay-off 0 2c") == "PH-7"
    assert game.is_legal("lay-off 0 7c 7d")


def test_PH_8_wild_cards_melded_alone_up_to_seven() -> None:
    """PH-8: 3 to 7 jokers and 2s in any mix form a meld; seven make a wild canasta."""
    game = ph({0: "2c 2d 2h 2s JK JK JK 2c 5s 6s 8c"})
    game.apply("draw")
    assert game.is_legal("meld 2c 2d JK")
    assert refused(game, "meld 2c JK") == "PH-8"
    assert refused(game, "meld 2c 2c 2d 2h 2s JK JK JK") == "PH-8"
    game.apply("meld 2c 2c 2d 2h 2s JK JK")
    assert game.side_melds(0)[0].canasta == "wild"


def test_PH_9_black_threes_only_in_the_going_out_turn() -> None:
    """PH-9: black 3s are melded only in the turn the player goes out (at any point of
    it), never with a wild card, and never when the turn cannot go out."""
    game = ph({0: "3c 3s 3c 2c 9d 9d"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]),
              stock="9c 4d")
    game.apply("draw")  # 2c 3c 3c 3s 4d 9c 9d 9d
    assert refused(game, "meld 2c 3c 3c") == "PH-9"
    assert "meld 3c 3c 3s" in texts(game)  # then the nines, then 4d discarded: out
    game.apply("meld 3c 3c 3s")
    assert refused(game, "discard 4d") == "PH-9"  # bound to go out now
    game.apply("meld 2c 9c 9d 9d")
    game.apply("discard 4d")
    assert game.hand_results[-1].went_out == 0
    stuck = ph({0: "3c 3s 3c 2c 9d 5h"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]),
               stock="Jc 4d")
    stuck.apply("draw")  # 4d, 5h and Jc could never be played
    assert refused(stuck, "meld 3c 3c 3s") == "PH-9"


def test_PH_9_seven_black_threes_are_a_natural_canasta() -> None:
    """PH-9: seven black 3s, melded to go out, make a natural canasta."""
    game = ph({0: "3c 3c 3s 3s 3c 3c"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]),
              stock="3s 4d")
    game.apply("draw")
    game.apply("meld 3c 3c 3c 3c 3s 3s 3s")
    assert game.side_melds(0)[-1].canasta == "natural"


def test_PH_10_one_unfinished_meld_of_each_rank() -> None:
    """PH-10: no second unfinished meld of a rank (wild-only melds count as one rank);
    once the rank has a canasta a new meld may be started."""
    game = ph({0: "Kc Kd Kh Qc Qd Qh 2c 2d JK 5s 6s"},
              melds=(("Ks Ks Kd", "Qs Qs Qd Qd Qh Qh Qc", "2h 2s JK"), ()),
              feet=("Ac Ad", "Jc Jd", "8h 8s", "10h 10s", "Ac Ad", "9h 9s"))
    game.apply("draw")
    assert refused(game, "meld Kc Kd Kh") == "PH-10"
    assert game.is_legal("lay-off 0 Kc Kd Kh")
    assert game.is_legal("meld Qc Qd Qh")  # the queens are a canasta already
    assert refused(game, "meld 2c 2d JK") == "PH-10"
    assert game.is_legal("lay-off 2 2c 2d JK")


def test_PH_10_take_joins_the_open_meld_of_the_rank() -> None:
    """PH-10: a pair of the top card's rank starts a second meld for a moment, which joins
    the team's open meld at once."""
    game = ph({0: "9c 9d 5s 6s 8c"}, pile="4c 9h", melds=(("9s 9s 9d", "Kc Kd Ks"), ()),
              feet=("Ac Ad", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "8h 8s"))
    assert "take-pile 9c 9d" in texts(game)
    game.apply("take-pile 9c 9d")
    assert [len(m) for m in game.side_melds(0)] == [6, 3]
    assert game.side_melds(0)[0].canasta is None


def test_PH_10_take_refused_when_the_join_would_pass_seven() -> None:
    """PH-10: if joining would make more than 7 cards, the pile cannot be taken that way
    (the pile holds a wild card, so not by laying off either)."""
    game = ph({0: "9c 9d 5s 6s 8c"}, pile="2c 4c 9h", melds=(("9s 9s 9d 9d 9h 9h",), ()),
              feet=("Ac Ad", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "8h 8s"),
              stock="Kh Ks Qh")
    assert not any(t.startswith("take-pile") for t in texts(game))
    assert refused(game, "take-pile 9c 9d") == "PH-10"


def test_PH_10_and_PH_18_take_join_completing_a_canasta_picks_up_the_foot() -> None:
    """PH-10 / PH-18: a join that reaches 7 cards completes a canasta for the taker, who
    picks up the foot after discarding."""
    game = ph({0: "9c 9d 5s 6s 8c"}, pile="4c 9h", melds=(("9s 9s 9d 9h",), ()),
              feet=("Ac Ad", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "8h 8s"))
    game.apply("take-pile 9c 9d")
    assert game.side_melds(0)[0].canasta == "natural" and game.turn_canastas == ("natural",)
    game.apply("discard 8c")
    assert game.foot_picked_up(0) and game.foot_size(0) == 0
    assert sorted(str(c) for c in game.hand_cards(0)) == ["4c", "5s", "6s", "Ac", "Ad"]


def test_PH_11_four_canasta_kinds_and_their_bonuses() -> None:
    """PH-11: natural 500, mixed 300, wild 1000, sevens 1500 — scored when the hand ends."""
    game = ph({0: "Ah Ah"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]), stock="Ah 4d")
    assert [m.canasta for m in game.side_melds(0)] == ["natural", "mixed", "wild", "sevens"]
    game.apply("draw")
    game.apply("meld Ah Ah Ah")
    game.apply("discard 4d")
    lines = {item.label: item.points for item in game.hand_results[-1].sides[0].items}
    assert lines["1 × natural canasta"] == 500 and lines["1 × mixed canasta"] == 300
    assert lines["1 × wild canasta"] == 1000 and lines["1 × sevens canasta"] == 1500


# --- a turn -----------------------------------------------------------------------------


def test_PH_12_draw_two_and_red_three_drawn_is_replaced() -> None:
    """PH-12: draw two from the stock; a red 3 drawn is put out and replaced."""
    game = ph({0: "Kc Kd 5s 6s"}, stock="3h Kh Ks Qh")
    game.apply("draw")
    assert game.hand_size(0) == 6 and [str(c) for c in game.side_red_threes(0)] == ["3h"]
    assert game.stock_size == 1


def test_PH_12_red_three_dealt_is_put_out_at_the_first_turn() -> None:
    """PH-12: red 3s in the hand dealt are put out at the player's first turn and
    replaced from the stock."""
    game = ph({0: "3d Kc Kd 5s"}, stock="Kh Ks Qh")
    assert [str(c) for c in game.side_red_threes(0)] == ["3d"]
    assert "Kh" in [str(c) for c in game.hand_cards(0)] and game.hand_size(0) == 4


def test_PH_12_red_three_in_a_taken_pile_is_not_replaced() -> None:
    """PH-12: a red 3 (an upcard) in a taken pile is put out without replacement."""
    game = ph({0: "9c 9d 5s 6s 8c"}, pile="3h 5c 9h", melds=(("Kc Kd Ks",), ()))
    game.apply("take-pile 9c 9d")
    assert [str(c) for c in game.side_red_threes(0)] == ["3h"]
    assert game.hand_size(0) == 4  # 5 − 2 + the 5c


# --- the pile ---------------------------------------------------------------------------


def test_PH_13_frozen_by_wild_or_red_three_only() -> None:
    """PH-13: a wild card or red 3 in the pile freezes it; a team without a meld does
    not find it frozen otherwise."""
    assert ph(pile="2c 5c 9c").pile_frozen_for(0)
    assert ph(pile="3h 5c 9c").pile_frozen_for(1)
    game = ph({0: "Kc Kd 5s 6s"}, pile="5c Kh", scores=(-100, 0))
    assert not game.pile_frozen_for(0) and not game.has_initial_meld(0)
    assert "take-pile Kc Kd" in texts(game)


@pytest.mark.parametrize("top", ["3s", "2c", "JK", "3h"])
def test_PH_13_black_three_wild_or_red_three_on_top_stops_the_pile(top: str) -> None:
    """PH-13: nobody takes the pile under a black 3, a wild card or a red 3."""
    game = ph({0: f"{top} {top} Kc Kd 5s"}, pile=f"9c {top}", melds=(("Kh Ks Kd",), ()))
    assert texts(game) == {"draw"}
    assert refused(game, f"take-pile {top} {top}") == "PH-13"


def test_PH_14_frozen_pile_needs_a_natural_pair() -> None:
    """PH-14: a frozen pile is taken only with two naturals of the top card's rank from
    hand (wild cards may join them)."""
    game = ph({0: "9c 9d 2d 5s 6s"}, pile="2c 5c 9h", melds=(("Kc Kd Ks",), ()))
    legal = texts(game)
    assert {"take-pile 9c 9d", "take-pile 2d 9c 9d"} <= legal
    assert refused(game, "take-pile 2d 9c") == "PH-14"
    assert refused(game, "take-pile onto 0") == "PH-14"


def test_PH_15_unfrozen_pile_taken_by_laying_off_the_top_card() -> None:
    """PH-15: an unfrozen pile may be taken by laying its top card off on a team meld
    (within 7 cards); never onto a canasta."""
    game = ph({0: "Qc 5s 6s"}, pile="5c 9h", melds=(("9s 9s 9d", NATURAL), ()),
              feet=("Ac Ad", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "8h 8s"))
    assert "take-pile onto 0" in texts(game)
    game.apply("take-pile onto 0")
    assert len(game.side_melds(0)[0]) == 4 and game.hand_size(0) == 4
    onto_canasta = ph({0: "Qc 5s 6s"}, pile="5c Kh", melds=((NATURAL,), ()))
    assert refused(onto_canasta, "take-pile onto 0") == "PH-15"


# --- sevens ---------------------------------------------------------------------------


def test_PH_16_sevens_discarded_only_when_both_teams_have_a_sevens_canasta() -> None:
    """PH-16: a 7 may be discarded only once both teams have completed a sevens canasta."""
    game = ph({0: "7c 5s 6s"}, melds=((SEVENS,), ()))
    game.apply("draw")
    assert refused(game, "discard 7c") == "PH-16"
    both = ph({0: "7c 5s 6s"}, melds=((SEVENS,), (SEVENS_2,)))
    both.apply("draw")
    assert "discard 7c" in texts(both)


def test_PH_O1_own_team_sevens_canasta_frees_the_discard() -> None:
    """PH-O1: with ``sevens_discard="own-team"`` the discarder's team's canasta is enough."""
    options = {"sevens_discard": "own-team"}
    game = ph({0: "7c 5s 6s"}, melds=((SEVENS,), ()), options=options)
    game.apply("draw")
    assert "discard 7c" in texts(game)
    other = ph({0: "7c 5s 6s"}, melds=((), (SEVENS,)), options=options)
    other.apply("draw")
    assert refused(other, "discard 7c") == "PH-16"


def test_PH_16_no_play_may_leave_only_sevens() -> None:
    """PH-16: while 7s may not be discarded, no meld or lay-off may leave only 7s."""
    game = ph({0: "Kc Kd Kh 7c 7d"}, melds=(("Qc Qd Qs",), ()), stock="7h 7s")
    game.apply("draw")
    assert refused(game, "meld Kc Kd Kh") == "PH-16"
    assert "discard Kc" in texts(game)


def test_PH_16_a_take_may_not_leave_only_sevens() -> None:
    """PH-16: taking the pile is a play too: it may not leave only 7s in hand."""
    game = ph({0: "9c 9d 7c 7d"}, pile="7h 9h", melds=(("Qc Qd Qs",), ()))
    assert refused(game, "take-pile 9c 9d") == "PH-16"
    assert texts(game) == {"draw"}


def test_PH_16_hand_of_only_sevens_after_the_draw_ends_the_hand() -> None:
    """PH-16: a hand of only 7s that draws two more 7s keeps one 7, melds or lays off
    the others if it can, makes no discard, and the hand ends without a going-out bonus."""
    game = ph({0: "7c 7d"}, melds=(("Qc Qd Qs",), ()), stock="7h 7s Kh")
    game.apply("draw")
    legal = texts(game)
    assert "pass" in legal and not any(t.startswith("discard") for t in legal)
    assert "meld 7c 7d 7h" in legal  # keeping one 7 is enough now
    game.apply("meld 7c 7d 7h")
    assert texts(game) == {"pass"}
    game.apply("pass")
    result = game.hand_results[-1]
    assert result.went_out is None and "may not be discarded" in result.reason
    assert not any(item.label == "going out" for sheet in result.sides for item in sheet.items)


FIFTEEN_SEVENS_HAND = "7c 7c 7c 7c 7d 7d 7d 7d 7h 7h 7h 7h 7s"  # 13 of the 16 sevens


def fifteen_sevens() -> Game:
    """Issue 34: scores 0-0 (minimum 50, PH-17), dealer 5, seat 0 holds thirteen 7s and
    draws two more; its team has no meld yet and nobody has a sevens canasta."""
    game = ph({0: FIFTEEN_SEVENS_HAND}, stock="7s 7s Kh Kd", scores=(0, 0))
    assert game.dealer == 5 and game.initial_minimum(0) == 50
    game.apply("draw")
    assert game.hand_size(0) == 15
    return game


def test_PH_16_PH_10_PH_17_fifteen_sevens_make_two_sevens_canastas_and_end_the_hand() -> None:
    """PH-16, PH-10, PH-17 (issue 34): fifteen 7s and no initial meld. Seven 7s are a
    sevens canasta (35, short of 50), which melded cards never leave (PH-17), so it is
    legal only because the rest can still make up the minimum: the canasta opens the rank
    to a second meld (PH-10), and seven more 7s bring 70. The last 7 may not be discarded
    (PH-16: the other team has no sevens canasta; as the last card it would also go out,
    which PH-21 forbids first), so the hand ends without a discard and without a
    going-out bonus (PH-16, PH-23), the foot unpicked for want of a discard (PH-18,
    PH-19), and the teams score by PH-25."""
    game = fifteen_sevens()
    first = "meld 7c 7c 7c 7c 7d 7d 7d"
    legal = texts(game)
    assert first in legal and game.is_legal(first)
    assert not any(text.startswith("discard") for text in legal)
    game.apply(first)
    assert game.side_canasta_kinds(0) == ("sevens",)
    assert game.owes_initial_meld() and game.initial_meld_count() == 35
    second = "meld 7h 7h 7h 7h 7s 7s 7s"
    assert second in texts(game) and game.is_legal(second)
    game.apply(second)
    assert game.has_initial_meld(0) and game.initial_meld_count() == 70
    assert game.side_canasta_kinds(0) == ("sevens", "sevens")
    assert [str(card) for card in game.hand_cards(0)] == ["7d"]
    assert refused(game, "discard 7d") == "PH-21"
    assert texts(game) == {"pass"}
    game.apply("pass")
    result = game.hand_results[-1]
    assert result.went_out is None and "may not be discarded" in result.reason
    ours, theirs = ({item.label: item.points for item in sheet.items}
                    for sheet in result.sides)
    assert ours == {
        "melded cards": 14 * 5,  # PH-3
        "2 × sevens canasta": 2 * 1500,  # PH-11
        # PH-25: seat 0's 7 (5), seat 2's 4h 5s 6c 8d (25), seat 4's 9c 10d Jh Qs (40)
        "cards left in hand": -(5 + 25 + 40),
        "feet not picked up": -(40 + 20 + 20),  # PH-19: Ac Ad, Qh Qd, 10c 10s
    }
    assert theirs == {"melded cards": 0, "cards left in hand": -(25 + 25 + 40),
                      "feet not picked up": -(20 + 20 + 20)}
    assert not any(item.label == "going out" for sheet in result.sides for item in sheet.items)
    assert game.scores == (70 + 3000 - 70 - 80, -150)


def test_PH_16_PH_10_PH_17_short_sevens_meld_then_canasta_by_lay_off_then_a_new_meld() -> None:
    """PH-16, PH-10, PH-17: the same fifteen 7s, begun with three (15 of 50): laying four
    more off completes the sevens canasta (35), which opens the rank again (PH-10), and a
    new meld of 7s makes up the rest, so the short start is legal (PH-17). A second meld of
    7s is refused while the first is unfinished (PH-10)."""
    game = fifteen_sevens()
    start = "meld 7c 7c 7c"
    assert start in texts(game)
    game.apply(start)
    assert refused(game, "meld 7d 7d 7d") == "PH-10"
    lay_off = "lay-off 0 7c 7d 7d 7d"
    assert lay_off in texts(game)
    game.apply(lay_off)
    assert game.side_canasta_kinds(0) == ("sevens",) and game.owes_initial_meld()
    assert "meld 7d 7h 7h" in texts(game)
    game.apply("meld 7d 7h 7h")  # 15 + 20 + 15 = 50
    assert game.has_initial_meld(0)
    assert "pass" in texts(game)


def test_PH_16_PH_17_pass_refused_while_a_short_initial_meld_is_owed() -> None:
    """PH-17 over PH-16: after the short sevens canasta the turn must reach the minimum
    before the hand may end without a discard."""
    game = fifteen_sevens()
    game.apply("meld 7c 7c 7c 7c 7d 7d 7d")
    assert not game.is_legal("pass")
    with pytest.raises(IllegalActionError) as err:
        game.apply("pass")
    assert err.value.rule == "PH-17"


def test_PH_16_PH_17_pass_not_listed_while_a_short_initial_meld_is_owed() -> None:
    """PH-17 over PH-16: the listing agrees with the check above."""
    game = fifteen_sevens()
    game.apply("meld 7c 7c 7c 7c 7d 7d 7d")
    assert "pass" not in texts(game)


def test_PH_10_PH_17_canasta_laid_off_reopens_its_rank_for_the_initial_meld() -> None:
    """PH-10, PH-17, without sevens: the minimum is 150 (PH-17 at 1500). Three aces (60)
    are short; four more aces laid off complete a canasta (140) and open the rank to a new
    meld of three aces (200), keeping the king and the 5 for the discard: the short start
    is legal and the plays after it too."""
    game = ph({0: "Ac Ac Ac Ad Ad Ad Ah Ah Ah Ah Kc 5s"}, stock="4c 4d", scores=(1500, 0))
    assert game.initial_minimum(0) == 150
    game.apply("draw")
    assert "meld Ac Ac Ac" in texts(game)
    game.apply("meld Ac Ac Ac")
    assert "lay-off 0 Ad Ad Ad Ah" in texts(game)
    game.apply("lay-off 0 Ad Ad Ad Ah")
    assert game.side_canasta_kinds(0) == ("natural",)
    assert "meld Ah Ah Ah" in texts(game)
    game.apply("meld Ah Ah Ah")
    assert game.has_initial_meld(0) and game.initial_meld_count() == 200
    assert "discard Kc" in texts(game)


def test_PH_16_pass_refused_while_a_card_may_be_discarded() -> None:
    """PH-16: ending the turn without a discard is only for a player who cannot discard."""
    game = ph({0: "7c 7d"}, melds=(("Qc Qd Qs",), ()), stock="7h Kh")
    game.apply("draw")
    assert refused(game, "pass") == "PH-16"
    assert texts(game) >= {"discard Kh"}


# --- initial meld ---------------------------------------------------------------------


@pytest.mark.parametrize(("score", "minimum"), [
    (-10, 15), (0, 50), (495, 50), (500, 90), (995, 90), (1000, 120), (1495, 120),
    (1500, 150), (9000, 150)])
def test_PH_17_initial_meld_minimum_by_score(score: int, minimum: int) -> None:
    """PH-17: 15 / 50 / 90 / 120 / 150 from the team's cumulative score."""
    assert ph(scores=(score, 0)).initial_minimum(0) == minimum


def test_PH_17_only_the_top_card_of_a_taken_pile_counts() -> None:
    """PH-17: of a taken pile only the top card counts towards the initial meld."""
    game = ph({0: "9c 9d 5s 6s 8c"}, pile="Ac Ad JK 4c 9h")
    assert refused(game, "take-pile 9c 9d") == "PH-17"


def test_PH_17_melds_add_up_and_never_go_back() -> None:
    """PH-17: several melds in one turn add up; melded cards never go back to the hand, so
    there is no retraction, and a first meld short of the minimum is legal only while
    further plays this turn can still reach it — after which the turn must reach it."""
    game = ph({0: "9c 9d 9h Kc Kd Kh 5s"}, stock="5d 6d")
    game.apply("draw")
    game.apply("meld 9c 9d 9h")
    assert game.owes_initial_meld()
    assert refused(game, "discard 5s") == "PH-17"
    assert refused(game, "retract") == "PH-17"
    assert "meld Kc Kd Kh" in texts(game)
    game.apply("meld Kc Kd Kh")  # 30 + 30 = 60 ≥ 50
    assert game.has_initial_meld(0)
    assert any(text.startswith("discard") for text in texts(game))
    short = ph({0: "9c 9d 9h 5s 6s"}, stock="5d 6d")
    short.apply("draw")
    # 30 of 50, and 5s 5d 6s 6d could never add the rest: the short meld is refused.
    assert refused(short, "meld 9c 9d 9h") == "PH-17"
    assert "retract" not in texts(short)


# --- the foot -------------------------------------------------------------------------


def test_PH_18_foot_picked_up_after_completing_a_canasta() -> None:
    """PH-18: the player who plays a canasta's 7th card discards, then takes the foot;
    red 3s in it are put out and replaced; a foot is picked up only once."""
    feet = ("3h Ac Ad", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "9h 9s")
    game = ph({0: "Kc Kd 5s 6s"}, melds=(("Kh Kh Ks Ks Kd",), ()), feet=feet,
              stock="4h 4s Jh 8d")
    assert game.observation(1).foot_sizes[0] == 3
    assert "Ac" not in repr(game.observation(0))  # the owner does not see it either
    game.apply("draw")
    game.apply("lay-off 0 Kc Kd")
    assert not game.foot_picked_up(0)  # only once the turn ends
    game.apply("discard 5s")
    assert game.foot_picked_up(0) and game.foot_size(0) == 0
    assert [str(c) for c in game.side_red_threes(0)] == ["3h"]
    # 4h 4s drawn, 5s discarded, then the foot with Jh for its red 3.
    assert sorted(str(c) for c in game.hand_cards(0)) == ["4h", "4s", "6s", "Ac", "Ad", "Jh"]


def test_PH_18_teammate_completing_a_canasta_does_not_give_the_foot() -> None:
    """PH-18: only the player who completes the canasta picks up their own foot."""
    game = ph({0: "Kc Kd 5s 6s"}, melds=(("Kh Kh Ks Ks Kd",), ()))
    game.apply("draw")
    game.apply("lay-off 0 Kc Kd")
    game.apply("discard 5s")
    assert game.foot_picked_up(0)
    assert not game.foot_picked_up(2) and not game.foot_picked_up(4)


def test_PH_O3_team_canasta_lets_every_teammate_pick_up() -> None:
    """PH-O3: with ``foot_pickup="team-canasta"`` each player of a team that owns a
    canasta picks up their foot when their own turn ends."""
    game = ph({2: "Jh 5s 6s 8c"}, melds=((NATURAL,), ()), to_play=2,
              options={"foot_pickup": "team-canasta"})
    game.apply("draw")
    game.apply("discard 8c")
    assert game.foot_picked_up(2) and not game.foot_picked_up(0)
    default = ph({2: "Jh 5s 6s 8c"}, melds=((NATURAL,), ()), to_play=2)
    default.apply("draw")
    default.apply("discard 8c")
    assert not default.foot_picked_up(2)


def test_PH_19_unpicked_foot_costs_its_values_and_its_red_threes() -> None:
    """PH-19: a foot never picked up costs its card values and 100 for each red 3."""
    feet = ("Ac 3h", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "9h 9s")
    game = ph(feet=feet, stock="")
    game.apply("pass")
    sheets = game.hand_results[-1].sides
    lines = [{item.label: item.points for item in sheet.items} for sheet in sheets]
    assert lines[0]["feet not picked up"] == -(20 + 20 + 20) - 100
    assert lines[1]["feet not picked up"] == -(20 + 20 + 20)


# --- red 3s and going out ---------------------------------------------------------------


@pytest.mark.parametrize(("reds", "melds", "points"), [
    ("3h 3d", (SEVENS,), 200), ("3h 3d", (NATURAL,), -200),
    ("3h 3h 3h 3h 3d 3d 3d 3d", (SEVENS,), 1000), ("3h 3h 3h 3h 3d 3d 3d 3d", (), -1000)])
def test_PH_20_red_threes_score_with_a_sevens_canasta(reds: str, melds: tuple[str, ...],
                                                      points: int) -> None:
    """PH-20: +100 each, +1000 for all 8, minus for a team without a sevens canasta."""
    game = ph({0: "Kc Kd"}, melds=(melds, ()), red=(reds, ""), stock="")
    game.apply("pass")
    lines = {item.label: item.points for item in game.hand_results[-1].sides[0].items}
    assert lines[f"{len(reds.split())} red 3{'s' if len(reds.split()) != 1 else ''}"] == points


def test_PH_21_going_out_needs_the_foot_and_all_four_kinds() -> None:
    """PH-21: only a player who has picked up the foot goes out, and only when the team
    has a natural, a mixed, a wild and a sevens canasta."""
    no_foot = ph({0: "Ah Ah"}, melds=(FOUR_KINDS, ()), stock="Ah 4d")
    no_foot.apply("draw")
    assert refused(no_foot, "meld Ah Ah Ah") == "PH-21"
    three_kinds = ph({0: "Ah Ah"}, melds=((NATURAL, MIXED, SEVENS), ()),
                     feet=("", *FEET[1:]), stock="Ah 4d")
    three_kinds.apply("draw")
    with pytest.raises(IllegalActionError, match="wild") as err:
        three_kinds.apply("meld Ah Ah Ah")
    assert err.value.rule == "PH-21"
    ready = ph({0: "Ah Ah"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]), stock="Ah 4d")
    ready.apply("draw")
    assert "meld Ah Ah Ah" in texts(ready)


def test_PH_22_ask_one_teammate_and_the_answer_binds() -> None:
    """PH-22: the player may ask one teammate "may I go out?"; the answer binds."""
    game = ph({0: "Ah Ah"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]), stock="Ah 4d")
    game.apply("draw")
    assert {"ask 2", "ask 4"} <= texts(game)
    game.apply("ask 4")
    assert game.current_player == 4 and texts(game) == {"answer yes", "answer no"}
    game.apply("answer no")
    assert refused(game, "meld Ah Ah Ah") == "PH-22"
    assert refused(game, "ask 2") == "PH-22"


def test_PH_23_going_out_bonus_and_never_by_discarding_a_seven() -> None:
    """PH-23: going out scores 100; a player may not go out by discarding a 7."""
    seven = ph({0: "Ah Ah"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]), stock="Ah 7d",
               red=("", "3h"))
    seven.apply("draw")
    assert refused(seven, "meld Ah Ah Ah") == "PH-23"
    game = ph({0: "Ah Ah"}, melds=(FOUR_KINDS, ()), feet=("", *FEET[1:]), stock="Ah 4d")
    game.apply("draw")
    game.apply("meld Ah Ah Ah")
    game.apply("discard 4d")
    lines = {item.label: item.points for item in game.hand_results[-1].sides[0].items}
    assert lines["going out"] == 100


# --- end of the stock, scoring, game end ---------------------------------------------------


def test_PH_24_exhausted_stock_taking_the_pile_is_a_right() -> None:
    """PH-24: with the stock gone the next player may take the pile, or pass and end the
    hand, even when the top card fits a meld (no duty, unlike AS-39)."""
    game = ph({0: "Qc 5s 6s"}, pile="5c 9h", stock="", melds=(("9s 9s 9d",), ()),
              feet=("Ac Ad", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "8h 8s"))
    assert texts(game) >= {"take-pile onto 0", "pass"}
    game.apply("pass")
    assert game.hand_number == 1


def test_PH_24_red_three_as_the_last_stock_card_ends_the_hand() -> None:
    """PH-24: a red 3 drawn as the stock's last card is put out and the hand ends at once,
    even after a card the player keeps."""
    game = ph({0: "Kc Kd 5s"}, stock="Kh 3h")
    game.apply("draw")
    result = game.hand_results[-1]
    assert result.went_out is None and "red 3" in result.reason
    sheets = {item.label: item.points for item in result.sides[0].items}
    assert sheets["1 red 3"] == -100  # and no sevens canasta (PH-20)


def test_PH_25_team_score_counts_every_teammate_and_foot() -> None:
    """PH-25: melds + bonuses + going out ± red 3s − every teammate's hand − feet."""
    game = ph({0: "Ah Ah", 2: "Kc Kd", 4: "JK"}, melds=(FOUR_KINDS, ()),
              feet=("", "Kc Kd", "Qh Qd", "Jc Jd", "", "9h 9s"), stock="Ah 4d")
    game.apply("draw")
    game.apply("meld Ah Ah Ah")
    game.apply("discard 4d")
    sheet = game.hand_results[-1].sides[0]
    lines = {item.label: item.points for item in sheet.items}
    # K×7 70, Q×4 + 2 + 2 + JK 130, five 2s + two jokers 200, 7×7 35, three aces 60
    assert lines["melded cards"] == 70 + 130 + 200 + 35 + 60
    assert lines["cards left in hand"] == -(20 + 50)  # seats 2 and 4
    assert lines["feet not picked up"] == -20  # seat 2's Qh Qd
    assert sheet.total == sum(lines.values())


def test_PH_26_game_ends_at_20000_and_a_tie_plays_on() -> None:
    """PH-26: the game ends once a team reaches 20,000; equal totals deal again."""
    feet = ("",) * 6
    tie = ph(stock="", feet=feet, scores=(20_100, 20_100))
    tie.apply("pass")  # both teams lose 90 for the cards in hand
    assert tie.scores == (20_010, 20_010) and not tie.is_over and tie.hand_number == 1
    win = ph(stock="", feet=feet, scores=(20_100, 20_000))
    win.apply("pass")
    assert win.is_over and win.result is not None and win.result.winners == (0,)
    short = ph(stock="", feet=feet, scores=(19_000, 0))
    short.apply("pass")
    assert not short.is_over


def test_PH_O2_wild_cards_in_sevens_make_a_mixed_sevens_canasta() -> None:
    """PH-O2: with ``wild_in_sevens`` a meld of 7s may hold wild cards; a mixed canasta
    of 7s scores 300 and counts as the sevens canasta (discards, red 3s, going out)."""
    options = {"wild_in_sevens": True}
    game = ph({0: "7c 7d 2c 5s 6s 8c"}, options=options, melds=(("Kc Kd Ks",), ()))
    game.apply("draw")
    assert game.is_legal("meld 2c 7c 7d")
    mixed_sevens = "7c 7c 7d 7d 7h 2c JK"
    done = ph({0: "Ah Ah"}, melds=((NATURAL, MIXED, WILD, mixed_sevens), ()),
              feet=("", *FEET[1:]), stock="Ah 4d", red=("3h", ""), options=options)
    assert done.side_melds(0)[3].canasta == "mixed-sevens"
    done.apply("draw")
    done.apply("meld Ah Ah Ah")
    done.apply("discard 4d")
    lines = {item.label: item.points for item in done.hand_results[-1].sides[0].items}
    assert lines["1 × mixed-sevens canasta"] == 300 and lines["1 red 3"] == 100


def test_PH_O2_default_refuses_wild_cards_in_sevens() -> None:
    """PH-O2 default (the seed): no wild card among 7s."""
    game = ph({0: "7c 7d 2c 5s 6s 8c"}, melds=(("Kc Kd Ks",), ()))
    game.apply("draw")
    assert refused(game, "meld 2c 7c 7d") == "PH-7"


def test_PH_26_greedy_players_finish_a_game() -> None:
    """PH-26 end to end: six greedy players play a whole game to 20,000."""
    game = play_game(canasta_family.new_game("pennies", seed=4),
                     [GreedyPlayer() for _ in range(6)])
    assert game.is_over and max(game.scores) >= 20_000
    assert game.result is not None and len(game.result.winners) == 1


def test_PH_4_foot_is_hidden_even_from_its_owner() -> None:
    """PH-4 / PH-18: the foot is dealt face down: two deals that differ only in seat 0's
    foot look the same to every seat, its owner included, until it is picked up."""
    feet_a = ("Ac Ad JK", *FEET[1:])
    feet_b = ("4c 4c 4d", *FEET[1:])
    hands = {0: "Kc Kd 5s 6s"}
    melds = (("Kh Kh Ks Ks Kd",), ())
    first, second = ph(hands, feet=feet_a, melds=melds), ph(hands, feet=feet_b, melds=melds)
    for game in (first, second):
        game.apply("draw")
        game.apply("lay-off 0 Kc Kd")
    assert set(first.legal_actions()) == set(second.legal_actions())
    for seat in range(6):
        assert first.observation(seat) == second.observation(seat)
    assert first.observation(3).foot_sizes == (3, 2, 2, 2, 2, 2)
    first.apply("discard 5s")
    second.apply("discard 5s")
    assert first.observation(0).hand != second.observation(0).hand  # now it is in hand
    assert first.observation(1) == second.observation(1)  # still hidden from the others
