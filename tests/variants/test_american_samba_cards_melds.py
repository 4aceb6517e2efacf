"""American Samba (1951): players, cards, deal and melds (rules AS-1 to AS-14).

Every test starts from an arranged position (``HandSetup``) or a seeded deal and plays it
through the public API. In the four-player positions side 0 is seats 0 and 2, side 1 is
seats 1 and 3; seat 0 is to play unless a test says otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import canasta_family
from canasta_family import HandSetup, IllegalActionError, InvalidActionError
from canasta_family.cards import Card, Suit
from canasta_family.errors import InvalidOptionError, SetupError
from canasta_family.melds import Meld, MeldKind
from canasta_family.players import GreedyPlayer, RandomPlayer, play_hand

VARIANT = "american-samba"

# Top first. Seat 0 draws "Jc Js"; the two extra cards also keep AS-35 (keep two cards
# in hand before the side can go out) out of the way of the meld tests.
STOCK = "Jc Js Jd Jc Js Jd"
OTHERS = ("4c 4d", "5c 5d", "6c 6d")


def arranged(
    seat0: str,
    *,
    melds: Sequence[Sequence[str]] = ((), ()),
    stock: str = STOCK,
    pile: str = "8d",
    scores: Sequence[int] = (-10, -10),
    others: Sequence[str] = OTHERS,
    red_threes: Sequence[str] | None = None,
    options: dict[str, object] | None = None,
) -> canasta_family.Game:
    """A four-player position with seat 0 to play (dealer seat 3). Negative scores make
    the initial-meld minimum 15 (AS-22), so most single melds complete it."""
    setup = HandSetup(
        hands=(seat0, *others),
        pile=pile,
        stock=stock,
        melds=tuple(tuple(side) for side in melds),
        red_threes=None if red_threes is None else tuple(red_threes),
        scores=tuple(scores),
        dealer=3,
        to_play=0,
    )
    return canasta_family.new_game(VARIANT, players=4, start=setup, options=options)


def after_draw(seat0: str, **kwargs: object) -> canasta_family.Game:
    """:func:`arranged`, after seat 0 has drawn its two cards (phase "play")."""
    game = arranged(seat0, **kwargs)  # type: ignore[arg-type]
    game.apply("draw")
    assert game.phase == "play"
    return game


def refused(game: canasta_family.Game, action: str) -> str:
    """The rule ID with which ``action`` is refused (it must be refused)."""
    with pytest.raises(IllegalActionError) as info:
        game.verify(action)
    assert not game.is_legal(action)
    return info.value.rule


def texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def sheet(game: canasta_family.Game, side: int) -> dict[str, int]:
    """The last hand's score items of ``side`` as {label: points}."""
    items = game.hand_results[-1].sides[side].items
    return {item.label: item.points for item in items}


# --- AS-1 players and sides ----------------------------------------------------------------


def test_AS_1_four_players_form_two_partnerships_of_opposite_seats() -> None:
    """With 4 players seats 0&2 and 1&3 are partners; there are two scores."""
    game = canasta_family.new_game(VARIANT, players=4, seed=1)
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert game.partners(0) == (2,)
    assert game.partners(1) == (3,)
    assert len(game.scores) == 2


def test_AS_1_six_players_form_three_partnerships_of_opposite_seats() -> None:
    """With 6 players the partnerships are (0,3), (1,4), (2,5); three scores."""
    game = canasta_family.new_game(VARIANT, players=6, seed=1)
    assert [game.side_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    assert game.partners(0) == (3,)
    assert game.partners(2) == (5,)
    assert len(game.scores) == 3


@pytest.mark.parametrize("players", [2, 3, 5])
def test_AS_1_two_three_and_five_players_play_as_individuals(players: int) -> None:
    """With 2, 3 or 5 players every seat is its own side."""
    game = canasta_family.new_game(VARIANT, players=players, seed=2)
    assert [game.side_of(seat) for seat in range(players)] == list(range(players))
    assert all(game.partners(seat) == () for seat in range(players))
    assert len(game.scores) == players


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_AS_1_player_count_outside_two_to_six_is_refused(players: int) -> None:
    """Only 2-6 players may play; the error names the rule."""
    with pytest.raises(SetupError) as info:
        canasta_family.new_game(VARIANT, players=players, seed=1)
    assert "AS-1" in str(info.value)


def test_AS_1_partners_share_melds_and_red_threes() -> None:
    """A meld made by seat 0 belongs to side 0: seat 2 lays off on it; a red 3 dealt to
    seat 2 goes to the same side."""
    game = arranged("7h 7s 7c 9h 9d", others=("4c 4d", "7d 3h 5c 5d", "6c 6d"))
    game.apply("draw")
    game.apply("meld 7c 7h 7s")
    game.apply("discard 9h")
    game.apply("draw")  # seat 1
    game.apply("discard 4c")
    assert game.current_player == 2
    assert texts(game.side_red_threes(0)) == ["3h"]  # placed at seat 2's first turn
    assert game.side_red_threes(1) == ()
    game.apply("draw")
    game.apply("lay-off 0 7d")
    assert texts(game.side_melds(0)[0].cards) == ["7c", "7d", "7h", "7s"]
    assert game.side_melds(1) == ()


# --- AS-2 the deck ---------------------------------------------------------------------------


def test_AS_2_three_packs_with_jokers_make_162_cards() -> None:
    """Three 54-card packs: every natural card 3 times, 6 jokers, 162 cards in all."""
    game = canasta_family.new_game(VARIANT, players=4, seed=3)
    assert len(game.deck) == 162
    counts = Counter(str(card) for card in game.deck)
    assert counts["JK"] == 6
    assert all(counts[code] == 3 for code in ("2c", "3h", "3s", "7d", "10s", "Ah", "Kc"))
    assert len(counts) == 53
    assert sum(game.all_card_counts()) == 162
    placed = (game.stock_size + len(game.pile)
              + sum(game.hand_size(seat) for seat in range(4))
              + sum(len(game.side_red_threes(side)) for side in range(2)))
    assert placed == 162


def test_AS_2_a_fourth_copy_of_a_card_does_not_exist() -> None:
    """Identical cards exist three times only: an arrangement with four is refused."""
    with pytest.raises(SetupError):
        arranged("Kh Kh Kh Kh 9c")


# --- AS-3 wild cards -------------------------------------------------------------------------


def test_AS_3_twos_and_jokers_are_wild_in_sets() -> None:
    """A 2 or a joker stands in a set as a wild card."""
    game = after_draw("7h 7s 2c Kd Kd JK 9c")
    game.apply("meld 2c 7h 7s")
    game.apply("meld Kd Kd JK")
    melds = game.side_melds(0)
    assert [(m.rank is not None and m.rank.symbol, m.wilds) for m in melds] \
        == [("7", 1), ("K", 1)]


def test_AS_3_wild_cards_cannot_be_melded_as_their_own_rank() -> None:
    """Three 2s or 2s with a joker are no set of 2s: wild cards need naturals (AS-8)."""
    game = after_draw("2c 2d 2h JK 9c 9d")
    assert refused(game, "meld 2c 2d 2h") == "AS-8"
    assert refused(game, "meld 2c 2d JK") == "AS-8"


def test_AS_3_a_two_is_not_a_natural_rank_in_a_sequence() -> None:
    """A 2 is wild, never the low end of a sequence: 2-4-5 of one suit is refused."""
    game = after_draw("2s 4s 5s 9c 9d")
    assert refused(game, "meld 2s 4s 5s") == "AS-9"


# --- AS-4 card values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("JK", 50), ("2c", 20), ("2h", 20), ("Ah", 20), ("Ks", 10), ("Qd", 10), ("Jc", 10),
     ("10h", 10), ("9s", 10), ("8d", 10), ("7c", 5), ("6h", 5), ("5s", 5), ("4d", 5),
     ("3s", 5), ("3c", 5), ("3h", 0), ("3d", 0)],
)
def test_AS_4_card_value_table(card: str, value: int) -> None:
    """Joker 50, 2 and ace 20, K-8 10, 7-4 and black 3 5, red 3 nothing."""
    game = canasta_family.new_game(VARIANT, players=4, seed=1)
    assert game.card_value(Card.parse(card)) == value


def test_AS_4_card_values_in_the_score_of_a_finished_hand() -> None:
    """When a hand ends the melded cards count their values and the cards left in the
    hands (the partner's too) count against the side; red 3s add no card value."""
    game = arranged(
        "Qh Qd Qs",
        melds=(("Kh Kh Kd Kd Ks Ks Kc", "4h 5h 6h 7h 8h 9h 10h"), ()),
        stock="Qc Qc Jd Jd",
        red_threes=("3h", ""),
        others=("JK 2c Ah Kd 9s 8c 7d 4h 3s 3c", "Jh", "5d 6d"),
    )
    game.apply("draw")
    game.apply("meld Qc Qc Qd Qh Qs")  # the hand is now empty: seat 0 went out
    assert len(game.hand_results) == 1
    result = game.hand_results[0]
    assert result.went_out == 0
    side0 = sheet(game, 0)
    # K canasta 7 x 10, samba 4+5+6+7 = 4 x 5, 8+9+10 = 3 x 10, five queens 5 x 10.
    assert side0["melded cards"] == 70 + 20 + 30 + 50
    assert side0["cards left in hand"] == -10  # partner's jack
    assert side0["1 red 3"] == 100
    side1 = sheet(game, 1)
    # JK 50, 2 20, A 20, K 9 8 3 x 10, 7 4 3 3 4 x 5; partner's 5 and 6: 2 x 5.
    assert side1["cards left in hand"] == -(50 + 20 + 20 + 30 + 20 + 10)
    assert "melded cards" not in side1 or side1["melded cards"] == 0
    assert result.sides[0].total == sum(side0.values())
    assert result.sides[1].total == -150


# --- AS-5 dealer rotation --------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 6])
def test_AS_5_deal_passes_to_the_left_each_hand(players: int) -> None:
    """Hand after hand the dealer is the next seat (wrapping round with 3 players), and
    the seat left of the dealer plays first."""
    game = canasta_family.new_game(VARIANT, players=players, seed=11)
    first = game.dealer
    assert game.current_player == (first + 1) % players
    bots = [GreedyPlayer() for _ in range(players)]
    for number in range(1, 5):
        play_hand(game, bots)
        assert len(game.hand_results) == number
        assert game.hand_results[-1].dealer == (first + number - 1) % players
        assert game.hand_number == number
        assert game.dealer == (first + number) % players
        assert game.current_player == (game.dealer + 1) % players
        assert game.phase == "draw"


def test_AS_5_rotation_continues_from_an_arranged_dealer() -> None:
    """After an arranged hand dealt by the last seat, the deal wraps round to seat 0."""
    setup = HandSetup(hands=("9c 9d 5h", "4c 4d 5s", "6c 6d 5c", "7c 7d 5d"), dealer=3)
    game = canasta_family.new_game(VARIANT, players=4, seed=5, start=setup)
    assert game.dealer == 3
    assert game.current_player == 0
    play_hand(game, [GreedyPlayer() for _ in range(4)])
    assert game.hand_results[-1].dealer == 3
    assert game.dealer == 0
    assert game.current_player == 1


# --- AS-6 deal sizes -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 15), (3, 15), (4, 15), (5, 15), (6, 13)])
def test_AS_6_deal_gives_fifteen_cards_each_thirteen_with_six(players: int, size: int) -> None:
    """Everyone gets 15 cards (13 with 6 players); the rest forms stock and pile."""
    for seed in (0, 1, 2):
        game = canasta_family.new_game(VARIANT, players=players, seed=seed)
        assert [game.hand_size(seat) for seat in range(players)] == [size] * players
        reds = sum(len(game.side_red_threes(side)) for side in range(len(game.scores)))
        # Red 3s placed by the first player were replaced from the stock (AS-29).
        assert game.stock_size + len(game.pile) + reds == 162 - players * size


def test_AS_6_next_hand_is_dealt_fifteen_each_again() -> None:
    """The automatic deal of the following hand also gives 15 cards per player."""
    game = canasta_family.new_game(VARIANT, players=4, seed=21)
    play_hand(game, [GreedyPlayer() for _ in range(4)])
    assert len(game.hand_results) == 1
    assert [game.hand_size(seat) for seat in range(4)] == [15] * 4


# --- AS-7 the upcard -------------------------------------------------------------------------


def test_AS_7_wild_and_red_three_upcards_are_covered_and_freeze_the_pile() -> None:
    """Turning JK, 3h, 2c in turn, the dealer keeps turning until 9d: all four stay in
    the pile, 9d on top, and the pile is frozen for everybody."""
    setup = HandSetup(
        hands=("Kc Kd Ks 5h", "9d 9s 5c 5d", "6c 6d 6s", "7c 7d 7s"),
        pile="",
        stock="JK 3h 2c 9d Qs Qh Qd Qc",
        melds=(("8h 8s 8c",), ("9h 9c 9c",)),
        dealer=0,
    )
    game = canasta_family.new_game(VARIANT, players=4, start=setup)
    assert texts(game.pile) == ["JK", "3h", "2c", "9d"]
    assert str(game.pile_top) == "9d"
    assert texts(game.stock_cards()) == ["Qs", "Qh", "Qd", "Qc"]
    assert game.pile_freezers == 3
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    assert game.current_player == 1
    # Frozen even for a side that has melded 9s: no "take-pile onto", only a natural pair.
    assert game.is_legal("take-pile 9d 9s")
    assert not game.is_legal("take-pile onto 0")
    game.apply("take-pile 9d 9s")
    assert texts(game.side_red_threes(1)) == ["3h"]  # red 3 from the pile goes out
    hand = texts(game.hand_cards(1))
    assert "JK" in hand and "2c" in hand
    assert game.pile == ()


def test_AS_7_natural_upcard_starts_the_pile_alone() -> None:
    """A natural upcard is the whole pile; it freezes nothing by itself."""
    setup = HandSetup(hands=("Kc Kd Ks 5h", "9d 9s 5c", "6c 6d 6s", "7c 7d 7s"), pile="",
                      stock="8c Qs Qh Qd", melds=(("8h 8s 8d",), ("9h 9c 9c",)), dealer=0)
    game = canasta_family.new_game(VARIANT, players=4, start=setup)
    assert texts(game.pile) == ["8c"]
    assert game.pile_freezers == 0
    assert not game.pile_frozen_for(1)


def test_AS_7_seeded_deals_never_leave_a_wild_or_red_three_on_top() -> None:
    """Over many seeded deals the upcard is a natural card other than a red 3, and every
    card under it is a wild card or a red 3 (each freezing the pile)."""
    for seed in range(60):
        game = canasta_family.new_game(VARIANT, players=4, seed=seed)
        top = game.pile_top
        assert top is not None
        assert not top.is_wild and not top.is_red_three
        under = game.pile[:-1]
        assert all(card.is_wild or card.is_red_three for card in under)
        assert game.pile_freezers == len(under)
        assert game.pile_frozen_for(0) == (len(under) > 0 or not game.has_initial_meld(0))


# --- AS-8 sets -------------------------------------------------------------------------------


def test_AS_8_set_of_three_with_two_naturals_and_up_to_two_wilds() -> None:
    """3+ cards of one rank, at least 2 naturals, at most 2 wild cards."""
    game = after_draw("7h 7s 7c 2c 2d JK")
    for ok in ("meld 7c 7h 7s", "meld 7h 7s JK", "meld 2c 7h 7s JK", "meld 2c 2d 7c 7h 7s"):
        game.verify(ok)
    assert refused(game, "meld 2c 2d 7c 7h 7s JK") == "AS-8"  # three wilds
    assert refused(game, "meld 2c 7h JK") == "AS-8"  # one natural
    assert refused(game, "meld 7h 7s") == "AS-8"  # two cards
    assert refused(game, "meld 7h 7s Js") == "AS-9"  # mixed ranks, not a sequence
    game.apply("meld 2c 7h 7s JK")
    meld = game.side_melds(0)[0]
    assert meld.kind is MeldKind.SET and meld.wilds == 2 and meld.naturals == 2


def test_AS_8_set_has_no_upper_size_limit() -> None:
    """A set may hold any number of cards: eleven 7s (nine naturals, two wilds)."""
    game = after_draw("7h 7h 7h 7s 7s 7s 7c 7c 7c 2c JK")
    game.apply("meld 2c 7c 7c 7c 7h 7h 7h 7s 7s 7s JK")
    meld = game.side_melds(0)[0]
    assert len(meld) == 11 and meld.wilds == 2


def test_AS_8_lay_off_cannot_bring_a_set_over_two_wilds() -> None:
    """A third wild card on a set is refused, even with a natural added at once."""
    game = after_draw("2d 7c Qh Qd", melds=(("7h 7s 2c JK",), ()))
    assert refused(game, "lay-off 0 2d") == "AS-8"
    assert refused(game, "lay-off 0 2d 7c") == "AS-8"
    game.apply("lay-off 0 7c")
    assert game.side_melds(0)[0].wilds == 2 and len(game.side_melds(0)[0]) == 5


def test_AS_8_black_threes_form_a_set_only_when_going_out() -> None:
    """Black 3s are a set rank, but not for a player who is not going out (AS-33)."""
    game = after_draw("3s 3c 3s 9c 9d")
    assert refused(game, "meld 3c 3s 3s") == "AS-33"


# --- AS-9 sequences --------------------------------------------------------------------------


def test_AS_9_sequences_of_three_to_seven_in_one_suit() -> None:
    """Consecutive naturals of one suit from 4 to A, 3 to 7 cards, are sequences."""
    game = after_draw("4h 5h 6h Js Qs Ks As 8d 9d 10d")
    game.apply("meld 4h 5h 6h")
    game.apply("meld Js Qs Ks As")
    melds = game.side_melds(0)
    assert [m.kind for m in melds] == [MeldKind.RUN, MeldKind.RUN]
    assert [m.suit for m in melds] == [Suit.HEARTS, Suit.SPADES]
    assert [m.canasta for m in melds] == [None, None]
    assert texts(melds[1].cards) == ["Js", "Qs", "Ks", "As"]


def test_AS_9_sequence_rejects_wild_cards() -> None:
    """No 2 or joker may stand in a sequence, as a new meld or as a lay-off."""
    game = after_draw("4h 5h 7h 2h JK 9c", melds=(("8s 9s 10s",), ()))
    assert refused(game, "meld 4h 5h JK") == "AS-9"
    assert refused(game, "meld 2h 4h 5h 7h") == "AS-9"
    assert refused(game, "lay-off 0 JK") == "AS-9"
    assert refused(game, "lay-off 0 2h") == "AS-9"
    layoffs = [str(a) for a in game.legal_actions() if str(a).startswith("lay-off 0")]
    assert layoffs == ["lay-off 0 Js"]  # the drawn Js extends it; no wild card does


def test_AS_9_eight_card_sequence_refused() -> None:
    """A sequence never exceeds 7 cards: no 8-card meld, no eighth card on a samba."""
    game = after_draw("4h 5h 6h 7h 8h 9h 10h Jh 8c",
                      melds=(("5d 6d 7d 8d 9d 10d Jd",), ()), stock="Qd 4d Jc Js")
    assert refused(game, "meld 4h 5h 6h 7h 8h 9h 10h Jh") == "AS-9"
    # Laying off breaks the sequence rule; the engine may cite AS-12 (lay-off keeps the
    # meld legal) or AS-9 itself.
    assert refused(game, "lay-off 0 Qd") in ("AS-9", "AS-12")
    assert refused(game, "lay-off 0 4d") in ("AS-9", "AS-12")
    game.apply("meld 4h 5h 6h 7h 8h 9h 10h")
    assert len(game.side_melds(0)[1]) == 7


def test_AS_9_sequence_is_consecutive_one_suit_no_threes_no_wrap() -> None:
    """Refused: K-A-4 (no wrap), 3-4-5 (3s never in sequences), mixed suits, gaps,
    repeated ranks."""
    game = after_draw("Kd Ad 4d 3s 4s 5s 4h 4h 5h 6h 7h 6s 9c")
    for bad in ("meld 4d Kd Ad", "meld 3s 4s 5s", "meld 4h 5s 6h", "meld 4h 5h 7h",
                "meld 4h 4h 5h 6h"):
        assert refused(game, bad) == "AS-9", bad
    game.verify("meld 4s 5s 6s")
    game.verify("meld 4h 5h 6h 7h")


def test_AS_9_lay_off_extends_a_sequence_at_either_end() -> None:
    """Cards may be added below or above a sequence; a gap or another suit is refused."""
    game = after_draw("4h 8h 10h 9s Qc", melds=(("5h 6h 7h",), ()))
    assert refused(game, "lay-off 0 10h") in ("AS-9", "AS-12")
    assert refused(game, "lay-off 0 9s") in ("AS-9", "AS-12")
    game.apply("lay-off 0 4h")
    game.apply("lay-off 0 8h")
    assert texts(game.side_melds(0)[0].cards) == ["4h", "5h", "6h", "7h", "8h"]


# --- AS-10 canastas --------------------------------------------------------------------------


def test_AS_10_seven_card_sets_are_natural_or_mixed_canastas() -> None:
    """Seven naturals make a natural canasta, seven with a wild a mixed one; six cards
    are no canasta."""
    game = after_draw("Kh Kh Kd Kd Ks Ks Kc Qh Qh Qd Qd Qs 2c JK 9h 9h 9d 9d 9s 2d")
    game.apply("meld Kc Kd Kd Kh Kh Ks Ks")
    game.apply("meld 2c Qd Qd Qh Qh Qs JK")
    game.apply("meld 2d 9d 9d 9h 9h 9s")
    assert [m.canasta for m in game.side_melds(0)] == ["natural", "mixed", None]
    assert game.side_canastas(0) == 2


def test_AS_10_lay_off_completes_a_canasta_and_more_cards_may_follow() -> None:
    """A seventh card laid off makes a canasta; cards may still be added to it."""
    game = after_draw("9c 9c Qh", melds=(("9h 9h 9d 9d 9s 9s",), ()))
    assert game.side_melds(0)[0].canasta is None
    game.apply("lay-off 0 9c")
    assert game.side_melds(0)[0].canasta == "natural"
    game.apply("lay-off 0 9c")
    meld = game.side_melds(0)[0]
    assert meld.canasta == "natural" and len(meld) == 8


def test_AS_10_wild_laid_on_natural_canasta_makes_it_mixed() -> None:
    """Without the house rule a wild card may join a natural canasta, which becomes mixed."""
    game = after_draw("JK Qh Qd", melds=(("9h 9h 9d 9d 9s 9s 9c",), ()))
    assert game.side_melds(0)[0].canasta == "natural"
    game.apply("lay-off 0 JK")
    meld = game.side_melds(0)[0]
    assert meld.canasta == "mixed" and meld.wilds == 1 and len(meld) == 8


def test_AS_10_house_rule_refuses_wild_on_natural_canasta() -> None:
    """With ``no_wild_on_natural_canasta`` a wild card on a natural canasta is refused
    (rule AS-10); naturals still go there, and wilds still go on mixed canastas and on
    unfinished sets."""
    game = after_draw(
        "JK 2c 9c Qh Qd",
        melds=(("9h 9h 9d 9d 9s 9s 9c", "Kh Kd Ks Ks Kc Kc 2d", "7h 7s 7c"), ()),
        options={"no_wild_on_natural_canasta": True},
    )
    assert refused(game, "lay-off 0 JK") == "AS-10"
    assert refused(game, "lay-off 0 2c") == "AS-10"
    assert refused(game, "lay-off 0 9c JK") == "AS-10"
    legal = [str(a) for a in game.legal_actions()]
    assert "lay-off 0 9c" in legal
    assert not any(a.startswith("lay-off 0 ") and ("JK" in a or "2c" in a) for a in legal)
    game.verify("lay-off 1 JK")
    game.verify("lay-off 2 JK")
    game.apply("lay-off 0 9c")
    assert game.side_melds(0)[0].canasta == "natural"


def test_AS_10_house_rule_is_an_option_off_by_default() -> None:
    """The option exists, is off by default, and takes only true/false."""
    game = canasta_family.new_game(VARIANT, players=4, seed=1)
    assert game.options["no_wild_on_natural_canasta"] is False
    on = canasta_family.new_game(VARIANT, players=4, seed=1,
                                 options={"no_wild_on_natural_canasta": True})
    assert on.options["no_wild_on_natural_canasta"] is True
    with pytest.raises(InvalidOptionError):
        canasta_family.new_game(VARIANT, players=4, seed=1,
                                options={"no_wild_on_natural_canasta": "sometimes"})


def test_AS_10_canasta_bonuses_are_500_natural_and_300_mixed() -> None:
    """A finished hand scores +500 per natural canasta and +300 per mixed canasta."""
    game = arranged("8h 8d 8s",
                    melds=(("Kh Kh Kd Kd Ks Ks Kc", "Qh Qh Qd Qd Qs 2c JK"), ()),
                    stock="8c 8c Jd Jd")
    game.apply("draw")
    game.apply("meld 8c 8c 8d 8h 8s")
    assert game.hand_results[-1].went_out == 0
    side0 = sheet(game, 0)
    assert side0["1 × natural canasta"] == 500
    assert side0["1 × mixed canasta"] == 300
    assert side0["going out"] == 200
    assert side0["melded cards"] == 70 + (50 + 20 + 50) + 50


# --- AS-11 sambas ----------------------------------------------------------------------------


def test_AS_11_seven_card_sequence_is_a_samba() -> None:
    """Exactly seven cards in sequence make a samba; six do not."""
    game = after_draw("4h 5h 6h 7h 8h 9h 10h 5s 6s 7s 8s 9s 10s")
    game.apply("meld 5s 6s 7s 8s 9s 10s")
    assert game.side_melds(0)[0].canasta is None
    game.apply("meld 4h 5h 6h 7h 8h 9h 10h")
    assert game.side_melds(0)[1].canasta == "samba"
    assert game.side_canastas(0) == 1


def test_AS_11_lay_off_completes_a_samba() -> None:
    """A seventh card laid off on a six-card sequence makes a samba."""
    game = after_draw("Ac Qh", melds=(("8c 9c 10c Jc Qc Kc",), ()), stock="Jd Jd Js Js")
    game.apply("lay-off 0 Ac")
    meld = game.side_melds(0)[0]
    assert meld.canasta == "samba" and len(meld) == 7


def test_AS_11_samba_scores_1500_and_counts_towards_going_out() -> None:
    """A samba is worth 1500 and, with a natural canasta, lets the side go out."""
    game = arranged("Qh Qd Qs",
                    melds=(("Kh Kh Kd Kd Ks Ks Kc", "4s 5s 6s 7s 8s 9s 10s"), ()),
                    stock="Qc Qc Jd Jd")
    game.apply("draw")
    game.apply("meld Qc Qc Qd Qh Qs")
    assert game.hand_results[-1].went_out == 0
    side0 = sheet(game, 0)
    assert side0["1 × samba canasta"] == 1500
    assert side0["1 × natural canasta"] == 500


# --- AS-12 laying off ------------------------------------------------------------------------


def test_AS_12_lay_off_only_on_own_sides_melds() -> None:
    """A player can address only his side's melds: the opponents' K set is not his."""
    game = after_draw("Kc 7d 9c", melds=(("7h 7s 7c",), ("Kh Kd Ks",)))
    assert refused(game, "lay-off 0 Kc") == "AS-12"
    with pytest.raises(InvalidActionError) as info:
        game.verify("lay-off 1 Kc")
    assert info.value.field == "meld"
    game.apply("lay-off 0 7d")
    assert len(game.side_melds(0)[0]) == 4
    assert len(game.side_melds(1)[0]) == 3


def test_AS_12_lay_off_several_cards_keeping_the_meld_legal() -> None:
    """Several cards may be laid off at once if the meld stays legal."""
    game = after_draw("7d JK Kc 9c", melds=(("7h 7s 7c",), ()))
    assert refused(game, "lay-off 0 7d Kc") == "AS-12"
    game.apply("lay-off 0 7d JK")
    meld = game.side_melds(0)[0]
    assert len(meld) == 5 and meld.wilds == 1


def test_AS_12_lay_off_without_initial_meld_counts_for_the_minimum() -> None:
    """A lay-off on a meld made the same turn is legal and counts towards AS-22."""
    game = after_draw("Ah Ad 2c Ac 9c", scores=(0, 0))  # minimum 50
    game.apply("meld 2c Ad Ah")  # 60 points
    assert game.has_initial_meld(0)
    game.apply("lay-off 0 Ac")
    assert len(game.side_melds(0)[0]) == 4


# --- AS-13 several sets of one rank, merging ----------------------------------------------------


def test_AS_13_side_may_own_several_sets_of_one_rank() -> None:
    """A second set of 7s may be melded next to the first."""
    game = after_draw("7h 7s 7c 7d 7h 7s")
    game.apply("meld 7c 7h 7s")
    game.apply("meld 7d 7h 7s")
    melds = game.side_melds(0)
    assert len(melds) == 2
    assert all(m.rank is not None and m.rank.symbol == "7" for m in melds)


def test_AS_13_merging_two_sets_can_form_a_canasta() -> None:
    """Merging a 3-card and a 4-card set of 7s gives one natural canasta in the lower slot."""
    game = after_draw("Qh Qd 9c", melds=(("7h 7s 7c", "Kh Kd Ks", "7d 7d 7h 7s"), ()))
    game.apply("merge 2 0")
    melds = game.side_melds(0)
    assert len(melds) == 2
    assert melds[0].rank is not None and melds[0].rank.symbol == "7"
    assert len(melds[0]) == 7 and melds[0].canasta == "natural"
    assert texts(melds[1].cards) == ["Kd", "Kh", "Ks"]
    assert game.side_canastas(0) == 1


def test_AS_13_merge_forming_a_second_canasta_lets_the_side_go_out() -> None:
    """A canasta made by merging counts at once: with it the side has two and may go out
    in the same turn."""
    game = arranged("Qh Qd Qs", melds=(("Kh Kh Kd Kd Ks Ks Kc", "7h 7s 7c", "7d 7d 7h 7s"),
                                       ()), stock="Qc Qc Jd Jd")
    game.apply("draw")
    assert not game.is_legal("meld Qc Qc Qd Qh Qs")  # only one canasta so far (AS-35)
    assert [str(a) for a in game.legal_actions() if a.kind == "merge"] == ["merge 1 2"]
    game.apply("merge 1 2")
    assert game.side_canastas(0) == 2
    game.apply("meld Qc Qc Qd Qh Qs")
    assert len(game.hand_results) == 1 and game.hand_results[0].went_out == 0
    assert sheet(game, 0)["2 × natural canasta"] == 1000


def test_AS_13_merge_refused_over_two_wilds_or_across_ranks() -> None:
    """No merge whose result would hold 3 wilds, nor of different ranks or of sequences."""
    game = after_draw("Qh Qd 9c", melds=(
        ("7h 7s 2c", "7d 7c 2h JK", "Kh Kd Ks", "4s 5s 6s", "4h 5h 6h"), ()))
    assert refused(game, "merge 0 1") == "AS-13"
    assert refused(game, "merge 0 2") == "AS-13"
    assert refused(game, "merge 3 4") == "AS-13"
    assert refused(game, "merge 0 3") == "AS-13"
    assert len(game.side_melds(0)) == 5


def test_AS_13_merge_keeping_two_wilds_is_allowed() -> None:
    """Two sets of one rank with two wilds between them merge into a mixed set."""
    game = after_draw("Qh Qd 9c", melds=(("8h 8s 2c", "8d 8c 8h JK"), ()))
    assert game.is_legal("merge 0 1")
    game.apply("merge 0 1")
    merged = game.side_melds(0)
    assert len(merged) == 1
    assert len(merged[0]) == 7 and merged[0].wilds == 2 and merged[0].canasta == "mixed"


# --- AS-14 melded cards stay melded ----------------------------------------------------------


def test_AS_14_melded_cards_never_return_to_hand() -> None:
    """After a completed meld the cards cannot be discarded, retracted or re-melded."""
    game = after_draw("7h 7s 7c 9c")
    game.apply("meld 7c 7h 7s")
    assert game.hand_size(0) == 3
    with pytest.raises(InvalidActionError):
        game.verify("discard 7h")
    with pytest.raises(InvalidActionError):
        game.verify("meld 7c 7h 7s")
    assert refused(game, "retract") == "AS-24"
    assert "retract" not in [str(a) for a in game.legal_actions()]
    game.apply("discard 9c")
    assert texts(game.side_melds(0)[0].cards) == ["7c", "7h", "7s"]


def test_AS_14_only_a_short_initial_meld_may_go_back() -> None:
    """The one exception (AS-24): a provisional initial meld below the minimum may be
    taken back; once the minimum is reached the meld is final."""
    game = after_draw("Ah Kd Kd Kc 9c", scores=(0, 0))  # minimum 50
    game.apply("meld Kc Kd Kd")  # 30 points: provisional
    assert not game.has_initial_meld(0)
    assert refused(game, "discard 9c") == "AS-24"
    game.apply("retract")
    assert game.side_melds(0) == ()
    assert sorted(texts(game.hand_cards(0))) == sorted(["Ah", "Kd", "Kd", "Kc", "9c", "Jc", "Js"])
    assert game.initial_minimum(0) == 150
    done = after_draw("Ah Ad 2c Kd 9c", scores=(0, 0))
    done.apply("meld 2c Ad Ah")  # 60 points: the initial meld is complete
    assert done.has_initial_meld(0)
    assert refused(done, "retract") == "AS-24"


def _contains(big: Meld, small: Meld) -> bool:
    have = Counter(str(card) for card in big.cards)
    have.subtract(str(card) for card in small.cards)
    return all(count >= 0 for count in have.values())


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_AS_14_melded_cards_never_leave_their_meld_during_play(kind: str) -> None:
    """Through whole seeded hands, every melded card stays in its meld (or in the meld it
    was merged into) until the hand ends; only a short initial meld may be retracted."""
    for seed in (3, 8):
        game = canasta_family.new_game(VARIANT, players=4, seed=seed)
        bots: list[GreedyPlayer] | list[RandomPlayer]
        if kind == "greedy":
            bots = [GreedyPlayer() for _ in range(4)]
        else:
            bots = [RandomPlayer(seed=seed * 10 + s) for s in range(4)]
        for _ in range(2):
            hands = len(game.hand_results)
            while len(game.hand_results) == hands and not game.is_over:
                before = [game.side_melds(side) for side in range(2)]
                seat = game.current_player
                action = bots[seat].choose(game.observation(seat), game.legal_actions())
                game.apply(action)
                if len(game.hand_results) != hands or str(action) == "retract":
                    continue
                for side in range(2):
                    now = game.side_melds(side)
                    for old in before[side]:
                        assert any(_contains(new, old) for new in now), (seed, str(action))
