"""American Samba (1951): red and black 3s, going out, the end of the stock, scoring and
the end of the game (rules AS-28 … AS-42).

Every test starts from an arranged deal (``HandSetup``) and plays through the public API.
With four players side 0 is seats 0 and 2, side 1 is seats 1 and 3. A stock given as
text is listed top first and is exactly the stock; the other cards are set aside.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import canasta_family
from canasta_family import (
    Ask,
    Discard,
    Game,
    HandSetup,
    IllegalActionError,
    InvalidActionError,
    LayOff,
    MakeMeld,
    Pass,
    TakePile,
)
from canasta_family.errors import CanastaError
from canasta_family.testing import going_out_sequence

# Natural canastas of kings and queens (70 card points each, +500 each).
CANASTA_K = "Kh Kh Kh Kd Kd Kd Ks"
CANASTA_Q = "Qh Qh Qh Qd Qd Qd Qs"
TWO_CANASTAS = (CANASTA_K, CANASTA_Q)


def start(hands: Sequence[str], **setup: object) -> Game:
    """A four-player American Samba game from an arranged hand."""
    return canasta_family.new_game(
        "american-samba", players=4, seed=11,
        start=HandSetup(hands=tuple(hands), **setup))  # type: ignore[arg-type]


def rule_of(game: Game, action: str) -> str:
    """Apply ``action`` expecting a rule break; return the rule ID and check that the
    refused action left the game unchanged."""
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.snapshot() == before
    return info.value.rule


def legal_texts(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def items(game: Game, side: int) -> dict[str, int]:
    """The last hand's score lines of ``side``, label -> points."""
    return {item.label: item.points for item in game.hand_results[-1].sides[side].items}


def pass_out(hands: Sequence[str], **setup: object) -> Game:
    """Seat 1 faces an exhausted stock under a black 3 and passes: the hand ends (AS-39)."""
    game = start(hands, stock="", pile="5d 3s", dealer=0, **setup)
    assert game.current_player == 1
    game.apply("pass")
    assert len(game.hand_results) == 1
    return game


# --- AS-28: red 3s are never melded ----------------------------------------------------------


def test_AS_28_red_threes_never_melded_nor_laid_off() -> None:
    """Dealt red 3s go to the table, so no meld or lay-off can ever use them."""
    game = start(("5c 6c", "3h 3d 3h 9d 9s Jc", "7c", "8c"),
                 melds=((), ("Jh Jh Jd",)), stock="Qc Qd Qs Js 4h 4d", pile="4s", dealer=0)
    game.apply("draw")
    assert game.side_red_threes(1) == tuple(canasta_family.parse_cards("3d 3h 3h"))
    for text in ("meld 3h 3d 3h", "meld 3h 9d 9s", "lay-off 0 3h"):
        with pytest.raises((InvalidActionError, IllegalActionError)) as info:
            game.apply(text)
        if isinstance(info.value, IllegalActionError):
            assert info.value.rule == "AS-28"
        assert not game.is_legal(text)
    for action in game.legal_actions():
        cards = getattr(action, "cards", ())
        assert not any(card.is_red_three for card in cards), str(action)


def test_AS_28_arranged_meld_holding_red_threes_is_impossible() -> None:
    """A meld containing red 3s is not a legal meld, even in an arrangement."""
    for meld in ("3h 3d 3h", "7h 7s 3h", "3h 3d JK"):
        with pytest.raises(canasta_family.SetupError):
            start(("5c", "6c", "7c", "8c"), melds=((meld,), ()))


# --- AS-29: dealt red 3s are placed at the first turn and replaced --------------------------


def test_AS_29_dealt_red_threes_placed_and_replaced_in_a_chain() -> None:
    """Seat 1's two red 3s are placed at its first turn; the first replacement is another
    red 3, which is placed and replaced in turn; then the turn goes on with the draw."""
    game = start(("5c", "3h 3d Kc Qc 9d 8s", "6c", "7c"),
                 stock="3h 7d 6s Js Jh 4c", pile="9c", dealer=0)
    assert game.current_player == 1 and game.phase == "draw"
    assert sorted(str(c) for c in game.side_red_threes(1)) == ["3d", "3h", "3h"]
    assert game.side_red_threes(0) == ()
    assert game.hand_cards(1) == tuple(canasta_family.parse_cards("6s 7d 8s 9d Qc Kc"))
    assert game.stock_cards() == tuple(canasta_family.parse_cards("Js Jh 4c"))
    game.apply("draw")
    assert game.hand_size(1) == 8
    assert game.stock_size == 1


def test_AS_29_red_three_waits_for_its_owners_first_turn() -> None:
    """A red 3 dealt to seat 2 stays in hand until seat 2's first turn begins."""
    game = start(("4d", "5c 6c 7c", "3d 9h 9c", "3h 4c"),
                 stock="Jc Jd 8h 8d 4s", pile="6d", dealer=0)
    assert game.hand_cards(2) == tuple(canasta_family.parse_cards("3d 9c 9h"))
    assert game.side_red_threes(0) == ()
    game.apply("draw")
    game.apply("discard 5c")
    assert game.current_player == 2
    assert game.side_red_threes(0) == tuple(canasta_family.parse_cards("3d"))
    assert game.hand_cards(2) == tuple(canasta_family.parse_cards("8h 9c 9h"))
    assert game.stock_cards() == tuple(canasta_family.parse_cards("8d 4s"))
    # Seat 3 has not had a turn yet: its red 3 is still in its hand.
    assert any(card.is_red_three for card in game.hand_cards(3))
    assert game.side_red_threes(1) == ()


# --- AS-30: red 3 bonuses and penalties -------------------------------------------------------


def test_AS_30_red_threes_score_100_each_with_two_canastas() -> None:
    """Two red 3s of a side with two canastas score +200; the other side's red 3 with no
    canasta is a 100-point penalty."""
    game = pass_out(("5c 6c", "9s", "Ac", "JK"), melds=(TWO_CANASTAS, ()),
                    red_threes=("3h 3d", "3h"))
    side0, side1 = items(game, 0), items(game, 1)
    assert side0["2 red 3s"] == 200
    assert side1["1 red 3"] == -100
    assert game.hand_results[-1].sides[0].total == 140 + 1000 + 200 - 10 - 20
    assert game.hand_results[-1].sides[1].total == -100 - 10 - 50


def test_AS_30_all_six_red_threes_score_1000() -> None:
    """A side holding all six red 3s scores 1000, not 600."""
    game = pass_out(("5c", "9s", "6c", "8s"), melds=(TWO_CANASTAS, ()),
                    red_threes=("3h 3h 3h 3d 3d 3d", ""))
    assert items(game, 0)["6 red 3s"] == 1000
    assert game.hand_results[-1].sides[0].total == 140 + 1000 + 1000 - 5 - 5


def test_AS_30_all_six_red_threes_are_minus_1000_with_one_canasta() -> None:
    """All six red 3s with fewer than two canastas cost 1000."""
    game = pass_out(("5c", "9s", "6c", "8s"), melds=((), (CANASTA_K,)),
                    red_threes=("", "3h 3h 3h 3d 3d 3d"))
    assert items(game, 1)["6 red 3s"] == -1000
    assert game.hand_results[-1].sides[1].total == 70 + 500 - 1000 - 10 - 10


def test_AS_30_one_canasta_is_a_penalty_samba_and_canasta_a_bonus() -> None:
    """One canasta is not enough (penalty); a samba and a canasta in any mix are."""
    game = pass_out(("5c", "9s", "6c", "8s"),
                    melds=((CANASTA_K,), ("4h 5h 6h 7h 8h 9h Th", "Jc Jc Jc Jd Jd Jd Js")),
                    red_threes=("3h 3d", "3h"))
    assert items(game, 0)["2 red 3s"] == -200
    assert items(game, 1)["1 red 3"] == 100


def test_AS_30_canasta_completed_during_the_hand_counts_at_its_end() -> None:
    """The red 3s are judged by the canastas held when the hand ends."""
    game = start(("5c 6c 7c", "4d", "Ac", "8s"),
                 melds=((CANASTA_K, "Qh Qh Qd Qd Qs Qs"), ()), red_threes=("3h 3d", ""),
                 stock="Qc 9h", pile="3s", dealer=3)
    assert game.current_player == 0
    game.apply("draw")
    game.apply("lay-off 1 Qc")
    assert game.side_canastas(0) == 2
    game.apply("discard 9h")
    assert legal_texts(game) == {"pass"}
    game.apply("pass")
    assert items(game, 0)["2 red 3s"] == 200


# --- AS-31: red 3s in a taken pile; a red 3 left in hand -------------------------------------


def test_AS_31_red_three_in_taken_pile_placed_without_replacement() -> None:
    """A red 3 (the old upcard) in a taken pile goes to the table; nothing is drawn for it."""
    game = start(("4d", "Tc Ts 8h 8h Jc", "6c", "7d"), melds=((), ("4s 5s 6s",)),
                 pile="3h 7c Td", stock="Ac Ad Ah", dealer=0)
    assert game.pile_frozen_for(1)
    game.apply("take-pile Tc Ts")
    assert game.side_red_threes(1) == tuple(canasta_family.parse_cards("3h"))
    assert game.hand_cards(1) == tuple(canasta_family.parse_cards("7c 8h 8h Jc"))
    assert game.stock_cards() == tuple(canasta_family.parse_cards("Ac Ad Ah"))
    assert game.pile == ()
    assert game.phase == "play"


def test_AS_31_red_three_from_the_pile_is_not_a_card_kept_in_hand() -> None:
    """A red 3 taken with the pile goes to the table, so it does not help to keep two
    cards in hand (AS-35)."""
    game = start(("Kc Kc 5d", "4d", "6c", "7d"), melds=((CANASTA_Q,), ()),
                 pile="3h Ks", stock="9s 9s", dealer=3)
    assert rule_of(game, "take-pile Kc Kc") == "AS-35"
    assert legal_texts(game) == {"draw"}


def test_AS_31_red_three_left_in_hand_costs_100() -> None:
    """Seat 0 goes out at once; seats 1 and 2 never had a turn and still hold their dealt
    red 3s: each costs its side 100."""
    game = start(("Jc Jd", "3h 9h", "3d 5s", "6s"), melds=(TWO_CANASTAS, ()),
                 stock="Jh 4c 9s 9s", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    game.apply("discard 4c")
    result = game.hand_results[-1]
    assert result.went_out == 0
    assert items(game, 0)["1 red 3 left in hand"] == -100
    assert items(game, 1)["1 red 3 left in hand"] == -100
    assert items(game, 0)["cards left in hand"] == -5
    assert items(game, 1)["cards left in hand"] == -15
    assert "1 red 3" not in items(game, 0)
    assert result.sides[0].total == 140 + 30 + 1000 + 200 - 5 - 100
    assert result.sides[1].total == -15 - 100


def test_AS_31_red_three_left_in_hand_line_cites_AS_31() -> None:
    """The score line for a red 3 left in hand names its rule, AS-31."""
    game = start(("Jc Jd", "3h 9h", "3d 5s", "6s"), melds=(TWO_CANASTAS, ()),
                 stock="Jh 4c 9s 9s", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    game.apply("discard 4c")
    line = next(item for item in game.hand_results[-1].sides[1].items
                if item.label == "1 red 3 left in hand")
    assert line.rule == "AS-31"


# --- AS-32: a black 3 stops the pile -----------------------------------------------------------


def test_AS_32_black_three_on_top_stops_the_pile() -> None:
    """Nobody may take the pile under a black 3, not even with a pair of black 3s."""
    game = start(("4d", "3c 3c 9h 9h 5d", "6c", "7d"), melds=((), ("9s 9s 9c",)),
                 pile="9d 3s", stock="Ac Ad", dealer=0)
    assert legal_texts(game) == {"draw"}
    assert rule_of(game, "take-pile 3c 3c") in ("AS-32", "AS-17")
    assert rule_of(game, "take-pile onto 0") in ("AS-32", "AS-17")


def test_AS_32_black_three_stops_the_pile_for_one_turn_only() -> None:
    """A discarded black 3 blocks the next player; once covered the pile can be taken, and
    the black 3 goes into the taker's hand with the rest."""
    game = start(("4d", "3s 7d 7c Jh", "3c 3c 8h 5d", "8c 8c Kc Jc"),
                 melds=((), ("4h 5h 6h",)), pile="4c", stock="9d 9c Td Tc Jd Js", dealer=0)
    game.apply("draw")
    game.apply("discard 3s")
    assert game.current_player == 2
    assert rule_of(game, "take-pile 3c 3c") in ("AS-32", "AS-17")
    game.apply("draw")
    game.apply("discard 8h")
    assert game.current_player == 3
    assert "take-pile 8c 8c" in legal_texts(game)
    game.apply("take-pile 8c 8c")
    hand = [str(card) for card in game.hand_cards(3)]
    assert "3s" in hand and "4c" in hand


def test_AS_32_black_three_on_exhausted_stock_lets_the_player_pass() -> None:
    """With the stock gone and a black 3 on top, the pile cannot be taken: pass ends it."""
    game = start(("4d", "8c 8c", "6c", "7d"), melds=((), ("8s 8s 8h",)),
                 pile="8d 3s", stock="", dealer=0)
    assert legal_texts(game) == {"pass"}
    game.apply("pass")
    assert game.hand_results[-1].went_out is None


# --- AS-33: black 3s only when going out, never with wild cards ------------------------------


def test_AS_33_black_threes_refused_when_not_going_out() -> None:
    """Black 3s cannot be melded by a play that leaves more than one card."""
    game = start(("3s 3c 3s 9h 9d 5c", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 stock="7h 8d 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    assert rule_of(game, "meld 3s 3c 3s") == "AS-33"
    for action in game.legal_actions():
        cards = getattr(action, "cards", ())
        assert not any(card.is_black_three for card in cards) or isinstance(action, Discard)


def test_AS_33_black_threes_never_with_wild_cards() -> None:
    """Even as the going-out play, a meld of black 3s may not hold a wild card."""
    game = start(("3s 3c", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 stock="JK 2h 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    assert rule_of(game, "meld 3s 3c JK") == "AS-33"
    assert rule_of(game, "meld 2h 3s 3c JK") == "AS-33"
    assert rule_of(game, "meld 2h 3s 3c") == "AS-33"


def test_AS_33_black_threes_melded_to_go_out_then_discard() -> None:
    """A set of black 3s leaving one card, then the discard of that card, goes out."""
    game = start(("3s 3c", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 stock="3c 7h 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    assert "meld 3c 3c 3s" in legal_texts(game)
    game.apply("meld 3c 3c 3s")
    game.apply("discard 7h")
    result = game.hand_results[-1]
    assert result.went_out == 0
    assert items(game, 0)["melded cards"] == 140 + 15


def test_AS_33_black_threes_melded_as_last_cards_end_the_hand() -> None:
    """Four black 3s melded as the whole hand go out at once."""
    game = start(("3s 3c", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 stock="3c 3s 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("meld 3c 3c 3s 3s")
    assert game.hand_results[-1].went_out == 0
    assert items(game, 0)["melded cards"] == 140 + 20


def test_AS_33_black_threes_need_a_side_that_may_go_out() -> None:
    """With one canasta the side may not go out, so the black 3s cannot be melded."""
    game = start(("3s 3c", "4d", "6c", "7d"), melds=((CANASTA_K,), ()),
                 stock="3c 7h 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    assert rule_of(game, "meld 3c 3c 3s") in ("AS-33", "AS-35")
    assert not any(isinstance(a, MakeMeld) for a in game.legal_actions())


# --- AS-34: going out -------------------------------------------------------------------------


def test_AS_34_going_out_by_melding_ends_the_hand_at_once() -> None:
    """Melding the last cards ends the hand without a discard; the next hand is dealt."""
    game = start(("Jc Jd 9c 9d", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 stock="Jh 9h 5s 5s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    assert not game.hand_results
    game.apply("meld 9c 9d 9h")
    assert len(game.hand_results) == 1
    assert game.hand_results[-1].went_out == 0
    assert isinstance(game.actions[-1], MakeMeld)
    assert game.hand_number == 1 and game.dealer == 0
    assert game.phase == "draw"


def test_AS_34_going_out_by_laying_off() -> None:
    """Laying off the last card on a meld of the side goes out."""
    game = start(("5h 5d", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 stock="5s Kc 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("meld 5d 5h 5s")
    game.apply("lay-off 0 Kc")
    result = game.hand_results[-1]
    assert result.went_out == 0
    assert isinstance(game.actions[-1], LayOff)
    assert items(game, 0)["melded cards"] == 140 + 15 + 10


def test_AS_34_final_discard_is_optional() -> None:
    """With one card left after melding, discarding it goes out too."""
    game = start(("Jc Jd", "4d", "6c", "7d"), melds=(TWO_CANASTAS, ()),
                 stock="Jh 4c 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    assert game.phase == "play" and game.hand_size(0) == 1
    game.apply("discard 4c")
    assert game.hand_results[-1].went_out == 0
    assert items(game, 0)["cards left in hand"] == -5  # only the partner's 6c


def test_AS_34_going_out_by_taking_the_pile() -> None:
    """Taking the pile with the last two cards of the hand melds them and goes out."""
    game = start(("Kc Kc", "4d", "6c", "7d"), melds=((CANASTA_Q, "Jh Jh Jh Jd Jd Jd Js"), ()),
                 pile="Ks", stock="9s 9s", dealer=3)
    game.apply("take-pile Kc Kc")
    result = game.hand_results[-1]
    assert result.went_out == 0
    assert items(game, 0)["melded cards"] == 140 + 30
    assert items(game, 0)["going out"] == 200


# --- AS-35: two canastas to go out; keep two cards before that -------------------------------


def test_AS_35_one_canasta_cannot_go_out_and_keeps_two_cards() -> None:
    """With one canasta no play may leave fewer than two cards."""
    game = start(("Jc Jd", "4d", "6c", "7d"), melds=((CANASTA_K,), ()),
                 stock="Jh 4c 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    assert rule_of(game, "meld Jc Jd Jh") == "AS-35"
    for action in game.legal_actions():
        if isinstance(action, (MakeMeld, LayOff)):
            assert game.hand_size(0) - len(action.cards) >= 2, str(action)


def test_AS_35_meld_keeping_two_cards_is_allowed() -> None:
    """Without two canastas a meld is fine as long as two cards stay in hand."""
    game = start(("Jc Jd 5c", "4d", "6c", "7d"), melds=((CANASTA_K,), ()),
                 stock="Jh 4c 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    assert game.hand_size(0) == 2
    game.apply("discard 4c")
    assert not game.hand_results and game.current_player == 1


def test_AS_35_take_pile_must_keep_two_cards() -> None:
    """Taking the pile may not leave fewer than two cards in hand either."""
    short = start(("Kc Kc 5d", "4d", "6c", "7d"), melds=((CANASTA_Q,), ()),
                  pile="Ks", stock="9s 9s", dealer=3)
    assert rule_of(short, "take-pile Kc Kc") == "AS-35"
    assert not any(isinstance(a, TakePile) for a in short.legal_actions())
    longer = start(("Kc Kc 5d", "4d", "6c", "7d"), melds=((CANASTA_Q,), ()),
                   pile="9h Ks", stock="9s 9s", dealer=3)
    longer.apply("take-pile Kc Kc")
    assert longer.hand_cards(0) == tuple(canasta_family.parse_cards("5d 9h"))


def test_AS_35_second_canasta_completed_in_the_going_out_play() -> None:
    """A lay-off that completes the second canasta may leave one card to discard."""
    game = start(("Qc", "4d", "6c", "7d"), melds=((CANASTA_K, "Qh Qh Qd Qd Qs Qs"), ()),
                 stock="Qc 8h 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("lay-off 1 Qc Qc")
    assert game.side_canastas(0) == 2
    game.apply("discard 8h")
    assert game.hand_results[-1].went_out == 0


def test_AS_35_both_canastas_melded_in_the_going_out_turn() -> None:
    """A side with nothing on the table may meld two canastas and go out in one turn."""
    game = start(("Kc Kc Kc Ks Ks Kh Kh Qc Qc Qc Qs Qs Qh", "4d", "6c", "7d"),
                 stock="Qh 5c 9s 9s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("meld Kc Kc Kc Ks Ks Kh Kh")
    game.apply("meld Qc Qc Qc Qs Qs Qh Qh")
    game.apply("discard 5c")
    assert game.hand_results[-1].went_out == 0
    assert items(game, 0)["2 × natural canasta"] == 1000


def test_AS_35_initial_meld_must_be_complete_to_go_out() -> None:
    """Two canastas are not enough when they do not reach the side's initial minimum
    (150 from 5000 points): the play that would leave one card is refused."""
    game = start(("Kc Kc Kc Ks Ks Kh Kh Qc Qc Qc Qs Qs Qh", "4d", "6c", "7d"),
                 scores=(6000, 0), stock="Qh 5c 9s 9s", pile="Td", dealer=3)
    assert game.initial_minimum(0) == 150
    game.apply("draw")
    game.apply("meld Kc Kc Kc Ks Ks Kh Kh")
    assert rule_of(game, "meld Qc Qc Qc Qs Qs Qh Qh") in ("AS-22", "AS-35")


# --- AS-36: "may I go out?" --------------------------------------------------------------------


def ask_position(hand: str = "Jc Jd", stock: str = "Jh Kc 9s 9s") -> Game:
    """Seat 0 of side 0 (two canastas) after its draw."""
    game = start((hand, "4d 4c", "6c 6d", "7d 7c"), melds=(TWO_CANASTAS, ()),
                 stock=stock, pile="Td", dealer=3)
    game.apply("draw")
    return game


def test_AS_36_ask_when_some_sequence_of_plays_goes_out() -> None:
    """'ask' is offered whenever some sequence of plays this turn goes out, however many
    plays it takes, and not otherwise."""
    game = ask_position()
    assert "ask 2" in legal_texts(game)
    assert game.is_legal("ask 2")
    # Jc Jd Jh 9h Kc: meld the jacks, lay the king off, discard the 9 — three plays.
    several = ask_position(hand="Jc Jd 9h")
    assert "ask 2" in legal_texts(several)
    # Two cards that no play can take: going out is impossible.
    other = ask_position(hand="Jc Jd 9h 5c")
    assert not any(isinstance(a, Ask) for a in other.legal_actions())
    assert rule_of(other, "ask 2") == "AS-36"
    # A play that would empty the hand does not count while the side may not go out.
    blocked = start(("Jc Jd", "4d 4c", "6c 6d", "7d 7c"), melds=((CANASTA_K,), ()),
                    stock="Jh Kc 9s 9s", pile="Td", dealer=3)
    blocked.apply("draw")
    assert rule_of(blocked, "ask 2") == "AS-36"


def test_AS_36_only_a_partner_is_asked() -> None:
    """An opponent is not asked."""
    game = ask_position()
    for seat in (1, 3):
        with pytest.raises(InvalidActionError):
            game.apply(f"ask {seat}")


def test_AS_36_answer_needs_a_question() -> None:
    """Nobody may answer when nobody asked."""
    game = ask_position()
    assert rule_of(game, "answer yes") == "AS-36"


def test_AS_36_partner_answers_before_anything_else() -> None:
    """After the question the partner is to act and may only answer."""
    game = ask_position()
    game.apply("ask 2")
    assert game.phase == "answer" and game.current_player == 2
    assert game.pending_question == 0
    assert legal_texts(game) == {"answer yes", "answer no"}
    assert rule_of(game, "meld Jc Jd Jh") == "AS-36"
    with pytest.raises(InvalidActionError):
        game.apply("answer yes", player=0)


def test_AS_36_answer_no_forbids_going_out_this_turn() -> None:
    """After 'no' the asker must keep two cards this turn; may not ask again; next turn the
    answer no longer binds."""
    game = start(("Jc Jd", "4d 4c", "6c 6d", "7d 7c"), melds=(TWO_CANASTAS, ()),
                 stock="Jh 6h 8c 8d 9c 9d Tc Ts Js 5h", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("ask 2")
    game.apply("answer no")
    assert game.current_player == 0 and game.phase == "play"
    assert game.partner_answer is False
    assert rule_of(game, "meld Jc Jd Jh") == "AS-36"
    assert rule_of(game, "ask 2") == "AS-36"
    for action in game.legal_actions():
        assert not isinstance(action, (MakeMeld, LayOff, Ask)), str(action)
    game.apply("discard 6h")
    assert not game.hand_results
    for _seat in (1, 2, 3):
        game.apply("draw")
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Discard)))
    assert game.current_player == 0 and game.partner_answer is None
    game.apply("draw")
    game.apply("meld Jc Jd Jh Js")
    game.apply("discard 5h")
    assert game.hand_results[-1].went_out == 0


def test_AS_36_answer_yes_forces_going_out() -> None:
    """After 'yes' every play after which going out is still possible is allowed, no
    other discard, and the asker goes out."""
    game = ask_position()
    game.apply("ask 2")
    game.apply("answer yes")
    assert game.partner_answer is True and game.current_player == 0
    assert rule_of(game, "discard Kc") == "AS-36"
    assert legal_texts(game) == {"meld Jc Jd Jh", "lay-off 0 Kc"}
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        assert going_out_sequence(after) is not None, str(action)
    game.apply("meld Jc Jd Jh")
    assert legal_texts(game) == {"lay-off 0 Kc", "discard Kc"}
    game.apply("discard Kc")
    assert game.hand_results[-1].went_out == 0


# --- AS-37: going-out bonus -------------------------------------------------------------------


def test_AS_37_going_out_scores_200_for_that_side_only() -> None:
    """The side that goes out gets +200; the other side gets no such line."""
    game = ask_position()
    game.apply("meld Jc Jd Jh")
    game.apply("discard Kc")
    assert items(game, 0)["going out"] == 200
    assert "going out" not in items(game, 1)


def test_AS_37_partner_going_out_scores_for_the_side() -> None:
    """Seat 2 going out earns the bonus for side 0."""
    game = start(("4d 4c", "5d 5c", "Jc Jd", "7d 7c"), melds=(TWO_CANASTAS, ()),
                 stock="Jh 6h 9s 9s", pile="Td", dealer=1)
    assert game.current_player == 2
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    game.apply("discard 6h")
    assert game.hand_results[-1].went_out == 2
    assert items(game, 0)["going out"] == 200
    assert "going out" not in items(game, 1)


def test_AS_37_no_going_out_bonus_when_the_stock_runs_out() -> None:
    """A hand ended by the stock gives nobody the going-out bonus."""
    game = pass_out(("5c", "9s", "6c", "8s"), melds=(TWO_CANASTAS, ()))
    assert "going out" not in items(game, 0)
    assert "going out" not in items(game, 1)


def test_AS_37_going_out_line_cites_AS_37() -> None:
    """The going-out score line names its rule, AS-37."""
    game = ask_position()
    game.apply("meld Jc Jd Jh")
    game.apply("discard Kc")
    line = next(item for item in game.hand_results[-1].sides[0].items
                if item.label == "going out")
    assert line.rule == "AS-37"


# --- AS-38: one card left in the stock ---------------------------------------------------------


def test_AS_38_single_stock_card_is_drawn_alone() -> None:
    """With one card in the stock the draw takes just that card; the next player then
    faces an exhausted stock."""
    game = start(("4d", "5c 6c 7c", "6d", "7d"), stock="9c", pile="Td", dealer=0)
    game.apply("draw")
    assert game.hand_size(1) == 4 and game.stock_size == 0
    assert game.phase == "play"
    game.apply("discard 9c")
    assert game.current_player == 2
    assert rule_of(game, "draw") == "AS-39"
    assert legal_texts(game) == {"pass"}


# --- AS-39: the stock is exhausted --------------------------------------------------------------


def test_AS_39_exhausted_stock_pass_ends_the_hand() -> None:
    """No draw from an empty stock; not taking the pile ends the hand, nobody going out."""
    game = start(("4d", "4c 7d", "6d", "7c"), stock="", pile="5d 8h", dealer=0)
    assert rule_of(game, "draw") == "AS-39"
    assert legal_texts(game) == {"pass"}
    game.apply("pass")
    result = game.hand_results[-1]
    assert result.went_out is None
    assert game.hand_number == 1


def test_AS_39_pass_refused_while_the_stock_lasts() -> None:
    """'pass' is only for an exhausted stock."""
    game = start(("4d", "4c 7d", "6d", "7c"), stock="9s 9s", pile="5d 8h", dealer=0)
    with pytest.raises(IllegalActionError):
        game.apply("pass")
    assert not any(isinstance(a, Pass) for a in game.legal_actions())


def test_AS_39_taking_the_pile_continues_play_until_someone_passes() -> None:
    """A player may take the pile from an exhausted stock, meld and discard; the next
    player who does not take it ends the hand."""
    game = start(("4d", "8c 8c 9d 9d 7c", "Qs", "7s"), melds=((), ("4s 5s 6s",)),
                 stock="", pile="5d 8h", dealer=0)
    assert legal_texts(game) >= {"take-pile 8c 8c", "pass"}
    game.apply("take-pile 8c 8c")
    game.apply("discard 7c")
    assert game.current_player == 2 and not game.hand_results
    assert legal_texts(game) == {"pass"}
    game.apply("pass")
    result = game.hand_results[-1]
    assert result.went_out is None
    assert items(game, 1)["melded cards"] == 15 + 30


def test_AS_39_forced_take_when_top_fits_a_meld() -> None:
    """If the top card can be laid off to take the pile, the player must take it."""
    game = start(("4d", "4c 7d", "6d", "7c"), melds=((), ("9s 9s 9c",)),
                 stock="", pile="5d 9h", dealer=0)
    assert rule_of(game, "pass") == "AS-39"
    assert legal_texts(game) == {"take-pile onto 0"}
    game.apply("take-pile onto 0")
    assert len(game.side_melds(1)[0].cards) == 4
    assert game.hand_cards(1) == tuple(canasta_family.parse_cards("4c 5d 7d"))


def test_AS_39_forced_take_onto_a_sequence() -> None:
    """The forced take applies to a sequence the top card extends."""
    game = start(("4d", "4c 7d", "6d", "7c"), melds=((), ("4s 5s 6s",)),
                 stock="", pile="5d 7s", dealer=0)
    assert rule_of(game, "pass") == "AS-39"
    game.apply("take-pile onto 0")
    assert [str(c) for c in game.side_melds(1)[0].cards] == ["4s", "5s", "6s", "7s"]


def test_AS_39_no_forced_take_onto_a_canasta() -> None:
    """A top card that fits only a canasta cannot take the pile, so passing is allowed."""
    game = start(("4d", "4c 7d", "6d", "7c"), melds=((), (CANASTA_K,)),
                 stock="", pile="5d Kc", dealer=0)
    assert legal_texts(game) == {"pass"}
    game.apply("pass")
    assert game.hand_results[-1].went_out is None


def test_AS_39_no_forced_take_from_a_frozen_pile() -> None:
    """A frozen pile cannot be taken by laying off its top card, so passing is allowed."""
    game = start(("4d", "4c 7d", "6d", "7c"), melds=((), ("9s 9s 9c",)),
                 stock="", pile="JK 9h", dealer=0)
    assert game.pile_frozen_for(1)
    assert legal_texts(game) == {"pass"}
    game.apply("pass")
    assert game.hand_results[-1].went_out is None


# --- AS-40: the last draw brings only red 3s ---------------------------------------------------


@pytest.mark.parametrize("stock", ["3h", "3h 3d"])
def test_AS_40_last_draw_only_red_threes_ends_the_hand(stock: str) -> None:
    """The red 3s are placed and the hand ends: no meld, lay-off or discard."""
    game = start(("4d", "5c 6c", "6d", "7d"), stock=stock, pile="Td", dealer=0)
    game.apply("draw")
    result = game.hand_results[-1]
    assert result.went_out is None
    count = len(stock.split())
    assert items(game, 1)[f"{count} red 3{'s' if count != 1 else ''}"] == -100 * count
    assert items(game, 1)["cards left in hand"] == -(5 + 5 + 5)
    assert game.hand_number == 1


@pytest.mark.parametrize("stock", ["3h 9c", "9c 3h"])
def test_AS_40_red_three_with_a_real_last_card_continues(stock: str) -> None:
    """If the last draw also brings an ordinary card, the turn goes on."""
    game = start(("4d", "5c 6c", "6d", "7d"), stock=stock, pile="Td", dealer=0)
    game.apply("draw")
    assert not game.hand_results
    assert game.phase == "play" and game.stock_size == 0
    assert game.hand_cards(1) == tuple(canasta_family.parse_cards("5c 6c 9c"))
    assert game.side_red_threes(1) == tuple(canasta_family.parse_cards("3h"))


# --- AS-41: the hand score ----------------------------------------------------------------------


def test_AS_41_hand_score_formula() -> None:
    """Melded cards + canasta and samba bonuses + going out + red 3s − both partners' cards
    left in hand, computed by hand for an arranged going-out."""
    game = start(("Jc Jd", "JK 7c", "9h 2d 4s", "3s"),
                 melds=((CANASTA_K, "4h 5h 6h 7h 8h 9h Th", "8c 8c 8d 8d 8s JK 2c",
                         "Ac Ac Ad"), ("Qh Qd Qs",)),
                 red_threes=("3h", "3d"), scores=(1000, 500),
                 stock="Jh 5c 7s 7s", pile="Td", dealer=3)
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    game.apply("discard 5c")
    result = game.hand_results[-1]
    side0, side1 = items(game, 0), items(game, 1)
    melded = 70 + (4 * 5 + 3 * 10) + (5 * 10 + 50 + 20) + 60 + 30
    assert side0["melded cards"] == melded
    assert side0["1 × natural canasta"] == 500
    assert side0["1 × samba canasta"] == 1500
    assert side0["1 × mixed canasta"] == 300
    assert side0["going out"] == 200
    assert side0["1 red 3"] == 100
    assert side0["cards left in hand"] == -(10 + 20 + 5)  # the partner's hand
    expected0 = melded + 500 + 1500 + 300 + 200 + 100 - 35
    assert result.sides[0].total == expected0
    assert result.sides[0].cumulative == 1000 + expected0
    expected1 = 30 - 100 - (50 + 5) - 5
    assert side1["cards left in hand"] == -60
    assert result.sides[1].total == expected1
    assert result.sides[1].cumulative == 500 + expected1
    assert game.scores == (1000 + expected0, 500 + expected1)
    for side in (0, 1):
        assert sum(i.points for i in result.sides[side].items) == result.sides[side].total


def test_AS_41_stock_end_deducts_both_partners_hands() -> None:
    """At a stock end every card left in either partner's hand counts against the side."""
    game = pass_out(("5c Ac", "9s 2h", "JK 7d", "8s"), melds=(("Jc Jc Jd",), ("4h 5h 6h",)))
    assert items(game, 0)["cards left in hand"] == -(5 + 20 + 50 + 5)
    assert items(game, 1)["cards left in hand"] == -(10 + 20 + 10)
    assert game.hand_results[-1].sides[0].total == 30 - 80
    assert game.hand_results[-1].sides[1].total == 15 - 40


# --- AS-42: the end of the game -----------------------------------------------------------------

def end_with_scores(scores: tuple[int, int]) -> Game:
    """Both sides score 140 + 1000 − 10 = 1130 in a hand that ends by a pass."""
    return pass_out(("5c", "5d", "6c", "6d"),
                    melds=(TWO_CANASTAS, ("Jh Jh Jh Jd Jd Jd Js", "Th Th Th Td Td Td Ts")),
                    scores=scores)


def test_AS_42_equal_totals_past_10000_are_a_draw() -> None:
    """Both sides pass 10,000 with the same total: the game is a draw."""
    game = end_with_scores((9900, 9900))
    assert game.hand_results[-1].sides[0].total == 1130
    assert game.scores == (11030, 11030)
    assert game.is_over and game.phase == "over"
    assert game.result is not None
    assert set(game.result.winners) == {0, 1}
    assert game.result.is_draw
    assert game.legal_actions() == ()


def test_AS_42_one_side_reaching_10000_wins() -> None:
    """Only one side passes 10,000: it wins and the game is over."""
    game = end_with_scores((9900, 5000))
    assert game.is_over
    assert game.result is not None
    assert game.result.winners == (0,) and not game.result.is_draw


def test_AS_42_both_past_10000_higher_total_wins() -> None:
    """Both sides pass 10,000: the higher total wins."""
    game = end_with_scores((9800, 9900))
    assert game.scores == (10930, 11030)
    assert game.result is not None and game.result.winners == (1,)


def test_AS_42_exactly_10000_ends_the_game() -> None:
    """Reaching exactly 10,000 is enough."""
    game = end_with_scores((8870, 0))
    assert game.scores == (10000, 1130)
    assert game.is_over and game.result is not None and game.result.winners == (0,)


def test_AS_42_below_10000_the_next_hand_is_dealt() -> None:
    """Below 10,000 the game goes on with the next dealer."""
    game = end_with_scores((8000, 0))
    assert not game.is_over and game.result is None
    assert game.hand_number == 1 and game.dealer == 1
    assert game.phase == "draw" and game.current_player == 2


def test_AS_42_three_players_two_tied_leaders_draw() -> None:
    """With three individual players, two equal highest totals share the result."""
    game = canasta_family.new_game("american-samba", players=3, seed=11, start=HandSetup(
        hands=("5c", "5d", "6c"), melds=((CANASTA_K,), (CANASTA_Q,), ()), stock="",
        pile="5h 3s", scores=(9900, 9900, 0)))
    assert game.current_player == 1
    game.apply("pass")
    assert game.scores == (9900 + 565, 9900 + 565, -5)
    assert game.result is not None and game.result.is_draw
    assert game.result.winners == (0, 1)


def test_AS_42_no_action_after_the_game_is_over() -> None:
    """Once the game is over every action is refused."""
    game = end_with_scores((9900, 9900))
    with pytest.raises(CanastaError):
        game.apply("draw")
