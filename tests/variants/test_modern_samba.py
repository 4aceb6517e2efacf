"""Modern Samba (variant ``samba``, alias ``modern-samba``): rules MS-1 … MS-16.

Every rule test starts from an arranged deal (``HandSetup``) and plays it through the public
API; the last tests play whole games between ``GreedyPlayer``s. Stocks are written top
first and are exactly the stock (unplaced cards are set aside); piles bottom to top (the
last card is the top). Unless a test says otherwise seat 0 is to play (the dealer is the
last seat). With four players side 0 is seats 0 and 2, side 1 seats 1 and 3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import canasta_family
from canasta_family import (
    Game,
    HandSetup,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    SetupError,
)
from canasta_family.actions import parse_action
from canasta_family.cards import Card, parse_cards
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.variants.samba import MAX_HANDS

VARIANT = "samba"

# Natural canastas, 70 card points each (+500 each).
CANASTA_K = "Kh Kh Kh Kd Kd Kd Ks"
CANASTA_Q = "Qh Qh Qh Qd Qd Qd Qs"
CANASTA_J = "Jh Jh Jh Jd Jd Jd Js"
CANASTA_T = "Th Th Th Td Td Td Ts"
TWO_CANASTAS = (CANASTA_K, CANASTA_Q)


def start(hands: Sequence[str], *, options: dict[str, object] | None = None,
          **setup: object) -> Game:
    """A modern Samba game (one seat per hand given) from an arranged deal; seat 0 is to
    play unless ``dealer`` or ``to_play`` say otherwise."""
    setup.setdefault("dealer", len(hands) - 1)
    return canasta_family.new_game(
        VARIANT, players=len(hands), seed=5, options=options,
        start=HandSetup(hands=tuple(hands), **setup))  # type: ignore[arg-type]


def text(action: str) -> str:
    """The canonical text of ``action`` (cards sorted as the engine sorts them)."""
    return str(parse_action(action))


def legal_texts(game: Game) -> set[str]:
    """The legal actions as canonical text."""
    return {str(action) for action in game.legal_actions()}


def rule_of(game: Game, action: str) -> str:
    """Apply ``action`` expecting a rule break: check that it is neither listed nor legal
    and that the refusal changed nothing; return the rule ID cited."""
    assert text(action) not in legal_texts(game)
    assert not game.is_legal(action)
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.snapshot() == before
    return info.value.rule


def hand(game: Game, seat: int) -> Counter[Card]:
    """A seat's hand as a multiset."""
    return Counter(game.hand_cards(seat))


def cards(spec: str) -> Counter[Card]:
    """A multiset of cards from text."""
    return Counter(parse_cards(spec))


def items(game: Game, side: int) -> dict[str, int]:
    """The last hand's score lines of ``side``, label -> points."""
    return {item.label: item.points for item in game.hand_results[-1].sides[side].items}


def item_rules(game: Game, side: int) -> dict[str, str]:
    """The last hand's score lines of ``side``, label -> rule cited."""
    return {item.label: item.rule for item in game.hand_results[-1].sides[side].items}


def pass_out(hands: Sequence[str], **setup: object) -> Game:
    """Seat 0 faces an exhausted stock under a black 3 and passes: the hand ends."""
    setup.setdefault("pile", "5d 3s")
    game = start(hands, stock="", **setup)
    assert game.current_player == 0 and game.phase == "draw"
    assert "pass" in legal_texts(game)
    game.apply("pass")
    assert len(game.hand_results) == 1
    return game


def end_with_scores(scores: Sequence[int], *, hand_number: int = 0,
                    options: dict[str, object] | None = None) -> Game:
    """A two-player hand that ends by a pass, each side scoring 140 + 1000 − 5 = 1135."""
    return pass_out(("5c", "5h"), melds=(TWO_CANASTAS, (CANASTA_J, CANASTA_T)),
                    scores=tuple(scores), hand_number=hand_number, options=options)


def full_game(players: int, seed: int, target: int | None = None) -> Game:
    """A whole game of modern Samba between greedy players."""
    options = None if target is None else {"target": target}
    game = canasta_family.new_game(VARIANT, players=players, seed=seed, options=options)
    return play_game(game, [GreedyPlayer() for _ in range(players)])


# --- MS-1: players ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "sides"), [
    (2, ((0,), (1,))),
    (3, ((0,), (1,), (2,))),
    (4, ((0, 2), (1, 3))),
])
def test_MS_1_two_three_or_four_players_and_their_sides(
        players: int, sides: tuple[tuple[int, ...], ...]) -> None:
    """2 and 3 players play alone; 4 play as two partnerships sitting opposite."""
    game = canasta_family.new_game(VARIANT, players=players, seed=3)
    assert game.num_players == players
    assert game.sides == sides
    assert game.partners(0) == ((2,) if players == 4 else ())


@pytest.mark.parametrize("players", [1, 5, 6])
def test_MS_1_other_player_counts_are_refused(players: int) -> None:
    """Five or six players (American Samba allows them) and one player raise SetupError
    citing MS-1."""
    with pytest.raises(SetupError) as info:
        canasta_family.new_game(VARIANT, players=players, seed=3)
    assert "MS-1" in str(info.value)


def test_MS_1_modern_samba_alias_and_default_player_count() -> None:
    """"modern-samba" is the same variant; without a player count four play."""
    game = canasta_family.new_game("modern-samba", seed=3)
    assert game.variant.name == "samba"
    assert game.num_players == 4
    assert canasta_family.new_game("samba", seed=3) == game


def test_MS_1_partners_share_their_melds() -> None:
    """With four players a meld put down by seat 0 belongs to side 0: partner seat 2 lays
    off on it; seat 1's side owns no meld at all."""
    game = start(("4c 5c", "Kc 9h 9s 6d", "Kc 8h 8s 6h", "4d 5d"),
                 melds=(("Kd Ks Kh",), ()), stock="4s 7d 4h 7c", dealer=0, pile="6s")
    assert game.current_player == 1
    game.apply("draw")
    with pytest.raises(InvalidActionError) as info:
        game.verify("lay-off 0 Kc")
    assert info.value.field == "meld"
    game.apply("discard 6d")
    assert game.current_player == 2
    game.apply("draw")
    game.apply("lay-off 0 Kc")
    assert cards("Kc Kd Kh Ks") == Counter(game.side_melds(0)[0].cards)


# --- MS-2: cards, deal, draw -----------------------------------------------------------------


def test_MS_2_three_packs_and_six_jokers() -> None:
    """162 cards: every natural card three times, twelve 2s, six jokers."""
    game = canasta_family.new_game(VARIANT, players=2, seed=3)
    deck = Counter(str(card) for card in game.deck)
    assert len(game.deck) == 162
    assert deck["JK"] == 6
    assert sum(count for name, count in deck.items() if name.startswith("2")) == 12
    assert set(deck.values()) == {3, 6}
    assert len(deck) == 53


@pytest.mark.parametrize("players", [2, 3, 4])
def test_MS_2_fifteen_cards_each_and_one_upcard(players: int) -> None:
    """15 cards each whatever the number of players; the rest is the stock, one card
    turned up starts the pile (further ones only to cover a wild or red 3, AS-7)."""
    game = canasta_family.new_game(VARIANT, players=players, seed=8)
    assert [game.hand_size(seat) for seat in range(players)] == [15] * players
    assert game.pile_top is not None
    assert not game.pile_top.is_wild and not game.pile_top.is_red_three
    assert all(card.is_wild or card.is_red_three for card in game.pile[:-1])
    placed = sum(len(game.side_red_threes(side)) for side in range(len(game.sides)))
    assert game.stock_size + len(game.pile) + 15 * players + placed == 162
    deck = Counter(card.code for card in game.deck)
    assert game.all_card_counts() == [deck[code] for code in range(53)]


def test_MS_2_draw_two_then_discard_one() -> None:
    """A turn draws the two top stock cards and ends with one discard; the next seat
    follows (three players)."""
    game = start(("5c 6d 8h 9s Kc", "4c 7d 8c Jh Qd", "4d 7c 8s Jc Qs"), pile="4h",
                 stock="Qh Js 7h 6h")
    game.apply("draw")
    assert hand(game, 0) == cards("5c 6d 8h 9s Kc Qh Js")
    assert game.stock_cards() == parse_cards("7h 6h")
    game.apply("discard 5c")
    assert game.pile_top == Card.parse("5c") and hand(game, 0) == cards("6d 8h 9s Kc Qh Js")
    assert game.current_player == 1 and game.phase == "draw"


def test_MS_2_wild_upcard_is_covered_as_in_american_samba() -> None:
    """An arranged deal with an empty pile turns the upcard from the stock: a wild card or
    red 3 is covered by the next stock card (AS-7, unchanged in modern Samba)."""
    game = start(("5c 6d 8h", "4c 7d 8c"), stock="2c 3h 9d Kc Qd Js Jh")
    assert game.pile == tuple(parse_cards("2c 3h 9d"))
    assert game.stock_cards() == parse_cards("Kc Qd Js Jh")


# --- MS-3: sets ------------------------------------------------------------------------------


def melding(seat0: str, *, melds: Sequence[str] = ("Ac Ad As",), pile: str = "8d",
            stock: str = "4s 4d 6c 6d") -> Game:
    """Two players; seat 0 (whose side has made its initial meld with ``melds``) has drawn
    "4s 4d" and is in its play phase."""
    game = start((seat0, "5c 5d 9h"), melds=(tuple(melds), ()), pile=pile, stock=stock)
    game.apply("draw")
    assert game.phase == "play"
    return game


def test_MS_3_set_needs_twice_as_many_naturals_as_wild_cards() -> None:
    """Three naturals and two wild cards (legal in American Samba) are refused with MS-3;
    two naturals carry one wild card, four carry two."""
    game = melding("7h 7s 7c 7d JK 2c Kc Qd")
    assert rule_of(game, "meld 7c 7h 7s 2c JK") == "MS-3"
    assert game.is_legal("meld 7h 7s JK")
    assert text("meld 7h 7s 7c JK") in legal_texts(game)
    game.apply("meld 7c 7d 7h 7s 2c JK")
    meld = game.side_melds(0)[1]
    assert (meld.naturals, meld.wilds) == (4, 2)
    american = canasta_family.new_game("american-samba", players=2, seed=5, start=HandSetup(
        hands=("7h 7s 7c 7d JK 2c Kc Qd", "5c 5d 9h"), melds=(("Ac Ad As",), ()),
        pile="8d", stock="4s 4d 6c 6d", dealer=1))
    american.apply("draw")
    assert american.is_legal("meld 7c 7h 7s 2c JK")  # the difference from AS-8


def test_MS_3_at_most_two_wild_cards() -> None:
    """Even with naturals to spare a set holds at most two wild cards."""
    game = melding("8c 8c 8d 8d 8h 8h 2c 2d JK Kc")
    assert rule_of(game, "meld 8c 8c 8d 8d 8h 8h 2c 2d JK") == "MS-3"
    game.apply("meld 8c 8c 8d 8d 8h 8h 2c JK")
    assert game.side_melds(0)[1].canasta == "mixed"
    assert rule_of(game, "lay-off 1 2d") == "MS-3"


def test_MS_3_lay_off_keeps_the_ratio() -> None:
    """A lay-off must keep naturals at least twice the wild cards: three naturals take one
    wild card, a second one needs a fourth natural."""
    game = melding("9s 2c JK Kc Qd Jd", melds=("9c 9d 9h",))
    game.apply("lay-off 0 2c")
    assert rule_of(game, "lay-off 0 JK") == "MS-3"
    game.apply("lay-off 0 9s JK")
    meld = game.side_melds(0)[0]
    assert (meld.naturals, meld.wilds) == (4, 2)


def test_MS_3_take_pile_meld_keeps_the_ratio() -> None:
    """The set made by taking the pile follows MS-3: top card and natural pair take one
    wild card, not two."""
    game = start(("Jc Jh 2c JK 5c 6d", "5d 9h 9c"), melds=(("Ac Ad As",), ()),
                 pile="5h Jd", stock="4s 4d")
    assert rule_of(game, "take-pile Jc Jh 2c JK") == "MS-3"
    game.apply("take-pile Jc Jh 2c")
    meld = game.side_melds(0)[1]
    assert (meld.naturals, meld.wilds) == (3, 1)


def test_MS_3_sets_may_grow_past_seven() -> None:
    """A set has no upper size: a canasta of seven takes an eighth card."""
    game = melding("Kc Kc 5c 6d", melds=(CANASTA_K,))
    game.apply("lay-off 0 Kc")
    assert len(game.side_melds(0)[0].cards) == 8
    assert game.side_melds(0)[0].canasta == "natural"


# --- MS-4: runs ------------------------------------------------------------------------------


def test_MS_4_runs_of_three_up_to_ace_are_legal() -> None:
    """Three or more consecutive naturals of one suit between 4 and ace form a run."""
    game = melding("4h 5h 6h Jc Qc Kc Ac 9d 9s")
    game.apply("meld 4h 5h 6h")
    game.apply("meld Jc Qc Kc Ac")
    assert [str(m) for m in game.side_melds(0)[1:]] == ["4h 5h 6h", "Jc Qc Kc Ac"]
    assert all(m.kind is canasta_family.MeldKind.RUN for m in game.side_melds(0)[1:])


@pytest.mark.parametrize("meld", [
    "4h 5d 6h",           # mixed suits
    "4h 5h 7h",           # gap
    "4h 5h 6h JK",        # wild card
    "Kh Ah 2h",           # a 2 is wild, never in a run
    "3c 4c 5c",           # runs start at 4
    "4h 5h 6h 7h 8h 9h Th Jh",  # more than seven
])
def test_MS_4_bad_runs_are_refused(meld: str) -> None:
    """Mixed suits, gaps, wild cards, 3s and more than seven cards are refused with MS-4."""
    game = melding("4h 5h 5d 6h 7h 8h 9h Th Jh JK 2h Kh Ah 3c 4c 5c 9s")
    assert rule_of(game, f"meld {meld}") == "MS-4"


def test_MS_4_seven_card_run_is_a_samba_and_stops() -> None:
    """A run completed to seven cards is a samba; nothing more can join it. (The refused
    lay-off cites MS-4 or, as a lay-off that breaks the meld, AS-12: both say it.)"""
    game = melding("Th Jh 9s 9c", melds=("4h 5h 6h 7h 8h 9h",))
    game.apply("lay-off 0 Th")
    assert game.side_melds(0)[0].canasta == "samba"
    assert rule_of(game, "lay-off 0 Jh") in {"MS-4", "AS-12"}
    assert not any(str(a).startswith("lay-off 0") for a in game.legal_actions())


# --- MS-5: canasta bonuses -------------------------------------------------------------------


def test_MS_5_mixed_300_natural_500_samba_1500() -> None:
    """At the end of a hand each canasta scores its bonus, citing MS-5."""
    game = pass_out(("5c", "5h"), melds=((CANASTA_K, "8c 8c 8d 8d 8s JK 2c",
                                          "4h 5h 6h 7h 8h 9h Th"), ("Jc Jc Jd",)))
    side0 = items(game, 0)
    assert side0["1 × natural canasta"] == 500
    assert side0["1 × mixed canasta"] == 300
    assert side0["1 × samba canasta"] == 1500
    rules = item_rules(game, 0)
    assert {rules[label] for label in ("1 × natural canasta", "1 × mixed canasta",
                                       "1 × samba canasta")} == {"MS-5"}
    assert side0["melded cards"] == 70 + (50 + 50 + 20) + (4 * 5 + 3 * 10)
    assert game.hand_results[-1].sides[0].total == 240 + 2300 - 5
    assert "1 × natural canasta" not in items(game, 1)


# --- MS-6: the pile is taken only with a natural pair ----------------------------------------


def test_MS_6_pile_taken_with_a_natural_pair_after_the_initial_meld_too() -> None:
    """Even for a side that has melded, with no wild card in the pile, the top card must
    be matched by a natural pair: one natural and a wild card are refused with MS-6."""
    game = start(("9c 9s 2c 5c 6d", "5d 7h 7s"), melds=(("Ac Ad As",), ()),
                 pile="4c 9d", stock="4s 4d")
    assert game.pile_freezers == 0
    assert rule_of(game, "take-pile 9c 2c") == "MS-6"
    assert rule_of(game, "take-pile 9c") == "MS-6"
    assert text("take-pile 9c 9s") in legal_texts(game)
    game.apply("take-pile 9c 9s")
    assert hand(game, 0) == cards("2c 5c 6d 4c")
    assert str(game.side_melds(0)[1]) == "9c 9d 9s"


def test_MS_6_take_pile_onto_a_meld_is_never_legal() -> None:
    """Laying the top card off on a meld of the side (AS-20) is no way to take the pile:
    `take-pile onto N` is refused with MS-6 and never listed."""
    game = start(("9c 5c 6d 7d", "5d 7h 7s"), melds=(("9h 9s 9d", "6h 7h 8h"), ()),
                 pile="4c 9d", stock="4s 4d")
    assert rule_of(game, "take-pile onto 0") == "MS-6"
    assert not any(str(a).startswith("take-pile") for a in game.legal_actions())
    game2 = start(("5c 6d 7d 8d", "5d 7h 7s"), melds=(("9h 9s 9d", "6h 7h 8h"), ()),
                  pile="4c 9c", stock="4s 4d")
    assert rule_of(game2, "take-pile onto 1") == "MS-6"


@pytest.mark.parametrize("top", ["2c", "JK", "3s", "3c"])
def test_MS_6_no_take_under_a_wild_card_or_black_three(top: str) -> None:
    """A wild card or a black 3 on top: nobody may take the pile (MS-6); drawing is still
    possible."""
    game = start(("9c 9s 2c 2c JK 3s 3s 5c", "5d 7h 7s"), melds=(("Ac Ad As",), ()),
                 pile=f"9d 9h {top}", stock="4s 4d")
    rank = top[:-1] if top != "JK" else "JK"
    pair = {"2": "take-pile 2c 2c", "JK": "take-pile 2c JK", "3": "take-pile 3s 3s"}[rank]
    assert rule_of(game, pair) == "MS-6"
    assert rule_of(game, "take-pile 9c 9s") == "MS-6"
    assert legal_texts(game) == {"draw"}


def test_MS_6_no_take_under_a_red_three() -> None:
    """A red 3 on top (only possible in an arranged deal) also stops the pile (MS-6:
    never while any 3 is on top)."""
    game = start(("9c 9s 5c", "5d 7h 7s"), melds=(("Ac Ad As",), ()),
                 pile="9d 3h", stock="4s 4d")
    assert rule_of(game, "take-pile 9c 9s") == "MS-6"
    assert legal_texts(game) == {"draw"}


def test_MS_6_a_buried_wild_card_does_not_stop_a_pair() -> None:
    """The pile is never frozen as such: with wild cards inside but a natural on top, the
    natural pair takes it, and the wild cards go to hand."""
    game = start(("9c 9s 5c", "5d 7h 7s"), melds=(("Ac Ad As",), ()),
                 pile="5h 2c JK 9d", stock="4s 4d")
    assert game.pile_freezers == 2
    game.apply("take-pile 9c 9s")
    assert hand(game, 0) == cards("5c 5h 2c JK")
    assert game.pile == () and game.pile_freezers == 0


def test_MS_6_exhausted_stock_no_forced_take() -> None:
    """With the stock exhausted a player may pass even when the top card would fit a meld
    of the side: there is no lay-off take to force (AS-39's forced take never arises)."""
    game = start(("5c 6d 7d", "5d 7h 7s"), melds=(("9h 9s 9c", "5h 6h 7h"), ()),
                 pile="4c 9d", stock="")
    assert legal_texts(game) == {"pass"}
    game.apply("pass")
    assert len(game.hand_results) == 1
    assert game.hand_results[0].went_out is None


# --- MS-7: taking the pile starts a new meld -------------------------------------------------


def test_MS_7_take_starts_a_new_meld_beside_a_same_rank_set() -> None:
    """The pair and the top card form a NEW set even where the side already owns a set
    of that rank; the rest of the pile goes to hand."""
    game = start(("9c 9h 5c 6d", "5d 7h 7s"), melds=(("9c 9h 9s",), ()),
                 pile="4c Kd 9d", stock="4s 4d")
    game.apply("take-pile 9c 9h")
    melds = game.side_melds(0)
    assert [str(m) for m in melds] == ["9c 9h 9s", "9c 9d 9h"]
    assert hand(game, 0) == cards("5c 6d 4c Kd")
    assert game.pile == () and game.phase == "play"


def test_MS_7_further_naturals_and_wild_cards_join_the_new_meld() -> None:
    """More cards of the rank and wild cards from hand may join the new meld in the same
    move; the player then melds or lays off and discards as usual."""
    game = start(("9c 9h 9s 2c 5c 6d", "5d 7h 7s"), melds=(("Ac Ad As",), ()),
                 pile="4c 7c 9d", stock="4s 4d")
    game.apply("take-pile 2c 9c 9h 9s")
    meld = game.side_melds(0)[1]
    assert (len(meld.cards), meld.naturals, meld.wilds) == (5, 4, 1)
    assert hand(game, 0) == cards("5c 6d 4c 7c")
    game.apply("discard 7c")
    assert game.current_player == 1 and game.pile_top == Card.parse("7c")


# --- MS-8: single-card pickup onto a run -----------------------------------------------------


def pickup_position(seat0: str = "Jc Qs Ad", run: str = "5h 6h 7h", top: str = "8h",
                    melds: Sequence[str] = ()) -> Game:
    """Two players; side 0 owns ``run`` (meld 0) and ``melds``; the pile is "Kc 9s"
    under ``top``; the stock holds "Jd Js Jh"."""
    return start((seat0, "5d 7s 7c"), melds=((run, *melds), ()), pile=f"Kc 9s {top}",
                 stock="Jd Js Jh")


def test_MS_8_single_card_pickup_draws_no_stock_card() -> None:
    """`pick-up 0` lays the pile's top card on run 0 and replaces the whole draw: no stock
    card is drawn, the rest of the pile stays; then the player melds and discards."""
    game = pickup_position()
    assert "pick-up 0" in legal_texts(game)
    game.apply("pick-up 0")
    assert str(game.side_melds(0)[0]) == "5h 6h 7h 8h"
    assert game.pile == tuple(parse_cards("Kc 9s"))
    assert game.stock_cards() == parse_cards("Jd Js Jh")
    assert hand(game, 0) == cards("Jc Qs Ad")
    assert game.phase == "play" and game.current_player == 0
    assert rule_of(game, "draw") == "AS-15"
    game.apply("discard Jc")
    assert game.current_player == 1 and game.pile_top == Card.parse("Jc")
    assert len(game.pile) == 3


def test_MS_8_pickup_may_complete_a_samba() -> None:
    """A run of six takes the top card and becomes a samba."""
    game = pickup_position(run="4h 5h 6h 7h 8h 9h", top="Th")
    game.apply("pick-up 0")
    assert game.side_melds(0)[0].canasta == "samba"


def test_MS_8_no_pickup_onto_a_samba() -> None:
    """A run of seven (a samba) takes nothing more, so no pickup onto it (MS-8)."""
    game = pickup_position(run="4h 5h 6h 7h 8h 9h Th", top="Jh")
    assert rule_of(game, "pick-up 0") == "MS-8"
    assert legal_texts(game) == {"draw"}


def test_MS_8_no_pickup_onto_a_set() -> None:
    """The top card alone goes only onto a run, never onto a set of its rank."""
    game = pickup_position(run="4h 5h 6h", top="9d", melds=("9c 9h 9s",))
    assert rule_of(game, "pick-up 1") == "MS-8"
    assert rule_of(game, "pick-up 0") == "MS-8"
    assert legal_texts(game) == {"draw"}


@pytest.mark.parametrize("top", ["8c", "9d", "Th", "3s", "2h", "JK"])
def test_MS_8_picked_card_must_extend_the_run(top: str) -> None:
    """Another suit, a card that leaves a gap, a black 3 or a wild card cannot be picked
    up onto run 5h 6h 7h 8h (refused with MS-8; with a wild card or a 3 on top MS-6 may
    be cited instead, as the pile is stopped too)."""
    game = pickup_position(run="5h 6h 7h 8h", top=top)
    allowed = {"MS-8", "MS-6"} if top in {"3s", "2h", "JK"} else {"MS-8"}
    assert rule_of(game, "pick-up 0") in allowed


def test_MS_8_pickup_at_either_end_of_the_run() -> None:
    """The card may extend the run downwards as well as upwards."""
    game = pickup_position(run="5h 6h 7h 8h", top="4h")
    game.apply("pick-up 0")
    assert str(game.side_melds(0)[0]) == "4h 5h 6h 7h 8h"


def test_MS_8_pickup_must_leave_a_hand_that_can_finish_the_turn() -> None:
    """With one card in hand a pickup (no stock card) leaves that card to discard, which
    would go out: refused without two canastas (MS-8's check cites MS-8 or MS-13), legal
    with them, and the discard then goes out."""
    game = pickup_position(seat0="5c", melds=(CANASTA_K,))
    assert rule_of(game, "pick-up 0") in {"MS-8", "MS-13"}
    assert legal_texts(game) == {"draw"}
    game = pickup_position(seat0="5c", melds=TWO_CANASTAS)
    game.apply("pick-up 0")
    game.apply("discard 5c")
    assert len(game.hand_results) == 1 and game.hand_results[0].went_out == 0


# --- MS-9: any card may be discarded ---------------------------------------------------------


def test_MS_9_wild_cards_and_black_threes_may_be_discarded() -> None:
    """Wild cards and black 3s are discards like any other card."""
    game = start(("2c JK 3s 9d Kc Qd", "5d 7h 7s"), melds=(("Ac Ad As",), ()),
                 pile="4c", stock="4s 4d 6c 6d")
    game.apply("draw")
    legal = legal_texts(game)
    assert {"discard 2c", "discard JK", "discard 3s", "discard 9d"} <= legal
    game.apply("discard 3s")
    assert game.pile_top == Card.parse("3s") and game.current_player == 1


def test_MS_9_discarded_wild_card_stops_the_pile_only_while_on_top() -> None:
    """A discarded wild card stops the next take (MS-6) but, once covered by a natural,
    it goes to whoever takes the pile with a natural pair."""
    game = start(("JK 9c 9s Kc Qd", "5d 7h 7s 9h 9h"), melds=(("Ac Ad As",), ("4h 5h 6h",)),
                 pile="4c", stock="4s 4d 6c 9d 6h 6s")
    game.apply("draw")
    game.apply("discard JK")
    assert game.pile_top == Card.parse("JK")
    assert rule_of(game, "take-pile 9h 9h") == "MS-6"
    game.apply("draw")
    game.apply("discard 9d")
    game.apply("take-pile 9c 9s")
    assert cards("JK 4c") <= hand(game, 0)
    assert str(game.side_melds(0)[1]) == "9c 9d 9s"


# --- MS-10: the initial meld -----------------------------------------------------------------


@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (5000, 120),
    (6995, 120), (7000, 150), (12000, 150),
])
def test_MS_10_minimum_by_cumulative_score(score: int, minimum: int) -> None:
    """15 below zero, 50 from 0, 90 from 1500, 120 from 3000 and 150 only from 7000
    (American Samba needs 150 from 5000)."""
    game = start(("5c 6d 7h", "5d 7c 7s"), scores=(score, 0), pile="4c", stock="4s 4d")
    assert game.initial_minimum(0) == minimum
    assert game.initial_minimum(1) == 50


def test_MS_10_several_melds_including_runs_make_up_the_count() -> None:
    """A run of 30 and a set of 30 together reach 50; until then the player may not
    discard (the short meld may be completed or taken back, AS-24)."""
    game = start(("8h 9h Th Kc Kd Ks 5c 7d", "5d 7c 7s"), pile="4c", stock="4s 4d")
    assert game.initial_minimum(0) == 50
    game.apply("draw")
    game.apply("meld 8h 9h Th")
    assert not game.has_initial_meld(0) and game.initial_meld_count() == 30
    # A discard is refused while the initial meld is short: the refusal names the
    # retraction rule (AS-24, inherited) or the minimum (MS-10).
    assert rule_of(game, "discard 5c") in {"AS-24", "MS-10"}
    game.apply("meld Kc Kd Ks")
    assert game.has_initial_meld(0) and game.initial_meld_count() == 60
    game.apply("discard 5c")
    assert game.current_player == 1


@pytest.mark.parametrize(("score", "complete"), [(5000, True), (7000, False)])
def test_MS_10_one_hundred_twenty_suffice_below_7000(score: int, complete: bool) -> None:
    """Melds of 120 complete the initial meld at 5000 (needs 120) but not at 7000
    (needs 150)."""
    game = start(("Ac Ad As Kc Kd Ks Qc Qd Qs 5c 6d", "5d 7c 7s"), scores=(score, 0),
                 pile="4c", stock="4s 4d")
    game.apply("draw")
    for meld in ("meld Ac Ad As", "meld Kc Kd Ks", "meld Qc Qd Qs"):
        game.apply(meld)
    assert game.initial_meld_count() == 120
    assert game.has_initial_meld(0) is complete
    if complete:
        game.apply("discard 5c")
        assert game.current_player == 1
    else:
        assert rule_of(game, "discard 5c") in {"AS-24", "MS-10"}


def test_MS_10_taking_the_pile_counts_top_and_hand_cards_only() -> None:
    """For the initial meld the top card and the hand cards melded in the turn count; the
    aces and joker lower in the pile do not. A take short by itself is allowed because the
    queens or the run in hand can make up the rest, which must be melded before a discard;
    the pile's aces may be melded on the way, counting nothing (MS-10)."""
    game = start(("Kc Kd 2c Qc Qd Qs 8h 9h Th 5c", "5d 7c 7s"), pile="Ac Ad As JK Kh",
                 stock="4s 4d")
    assert game.initial_minimum(0) == 50
    legal = legal_texts(game)
    assert text("take-pile 2c Kc Kd") in legal          # 10 + 20 + 20 = 50
    assert text("take-pile Kc Kd") in legal             # 30, then 30 from hand
    game.apply("take-pile Kc Kd")
    legal = legal_texts(game)
    assert {text("meld Qc Qd Qs"), text("meld 8h 9h Th")} <= legal
    assert text("meld Ac Ad As") in legal
    assert rule_of(game, "discard 5c") == "MS-10"
    game.apply("meld Qc Qd Qs")
    assert game.has_initial_meld(0)
    assert cards("Ac Ad As JK 2c 8h 9h Th 5c") == hand(game, 0)


@pytest.mark.parametrize(("score", "rule"), [(0, None), (7000, "MS-10")])
def test_MS_10_initial_meld_must_be_complete_to_go_out(score: int, rule: str | None) -> None:
    """Two canastas of 4s and 5s count 70: enough to go out at 0 (minimum 50), refused
    with MS-10 at 7000 (minimum 150)."""
    game = start(("4c 4c 4c 4d 4d 4d 4s 5c 5c 5c 5d 5d 5d", "6d 7s 7c"), pile="Kc",
                 stock="5s 9d", scores=(score, 0))
    game.apply("draw")
    game.apply("meld 4c 4c 4c 4d 4d 4d 4s")
    if rule is None:
        game.apply("meld 5c 5c 5c 5d 5d 5d 5s")
        game.apply("discard 9d")
        assert game.hand_results[0].went_out == 0
    else:
        assert rule_of(game, "meld 5c 5c 5c 5d 5d 5d 5s") == rule


# --- MS-11: red 3s ---------------------------------------------------------------------------


def test_MS_11_drawn_red_threes_are_placed_and_replaced() -> None:
    """A red 3 drawn goes to the side's table at once and is replaced from the stock."""
    game = start(("5c 6d 7h", "5d 7c 7s"), pile="4c", stock="3h Kc 3d Qd 5s")
    game.apply("draw")
    assert Counter(game.side_red_threes(0)) == cards("3h 3d")
    assert hand(game, 0) == cards("5c 6d 7h Kc Qd")
    assert game.stock_cards() == parse_cards("5s")


def test_MS_11_dealt_red_threes_are_placed_automatically() -> None:
    """Red 3s dealt to a player are put out when that player's first turn begins and
    replaced; an opponent's stay hidden until its own turn."""
    game = start(("3h 3d 9c 9s 5d", "3h 7c 7s 8d"), pile="4c", stock="Kc 3d Qd 4s 4d 6c")
    assert Counter(game.side_red_threes(0)) == cards("3h 3d 3d")
    assert hand(game, 0) == cards("9c 9s 5d Kc Qd")
    assert game.side_red_threes(1) == ()
    game.apply("draw")
    game.apply("discard 5d")
    assert game.side_red_threes(1) == tuple(parse_cards("3h"))
    assert hand(game, 1) == cards("7c 7s 8d 6c")


def test_MS_11_red_three_in_a_taken_pile_goes_to_the_table() -> None:
    """A red 3 inside a taken pile is put out (without replacement), not taken in hand."""
    game = start(("9c 9s 5d 6d", "5d 7c 7s"), melds=(("Ac Ad As",), ()),
                 pile="3h 5c 9d", stock="4s 4d")
    game.apply("take-pile 9c 9s")
    assert game.side_red_threes(0) == tuple(parse_cards("3h"))
    assert hand(game, 0) == cards("5d 6d 5c")
    assert game.stock_size == 2


@pytest.mark.parametrize(("reds", "melds", "points"), [
    ("3h 3d", TWO_CANASTAS, 200),
    ("3h 3d", (CANASTA_K, "Qh Qd Qs"), -200),
    ("3h 3h 3h 3d 3d 3d", TWO_CANASTAS, 1000),
    ("3h 3h 3h 3d 3d 3d", (CANASTA_K,), -1000),
    ("3d", ("4h 5h 6h 7h 8h 9h Th", CANASTA_K), 100),
])
def test_MS_11_red_three_score(reds: str, melds: tuple[str, ...], points: int) -> None:
    """100 each, 1000 for all six; a plus with the two canastas (sambas count) needed to
    go out, a minus without them. The line cites MS-11."""
    game = pass_out(("5c", "5h"), melds=(melds, ("Jc Jc Jd",)), red_threes=(reds, ""))
    count = len(reds.split())
    assert items(game, 0)[f"{count} red 3{'s' if count != 1 else ''}"] == points
    assert item_rules(game, 0)[f"{count} red 3{'s' if count != 1 else ''}"] == "MS-11"


# --- MS-12: black 3s -------------------------------------------------------------------------


def test_MS_12_black_threes_not_melded_before_going_out() -> None:
    """A set of black 3s that leaves more than one card is refused with MS-12, even for a
    side that could go out."""
    game = melding("3c 3s 3s Jc Jd", melds=TWO_CANASTAS)
    assert rule_of(game, "meld 3c 3s 3s") == "MS-12"


def test_MS_12_black_threes_melded_to_go_out() -> None:
    """With two canastas the black 3s may be the play that goes out: melded as the whole
    hand (the hand ends at once) or leaving one card to discard."""
    game = start(("3c 3s", "5d 7c 7s"), melds=(TWO_CANASTAS, ()), pile="4c", stock="3s 9d")
    game.apply("draw")
    game.apply("meld 3c 3s 3s")
    game.apply("discard 9d")
    assert game.hand_results[0].went_out == 0
    game = start(("3c", "5d 7c 7s"), melds=(TWO_CANASTAS, ()), pile="4c", stock="3s 3s")
    game.apply("draw")
    game.apply("meld 3c 3s 3s")
    assert len(game.hand_results) == 1 and game.hand_results[0].went_out == 0
    assert items(game, 0)["melded cards"] == 140 + 15


def test_MS_12_black_threes_never_with_wild_cards() -> None:
    """A meld of black 3s holds no wild card."""
    game = start(("3c 3s", "5d 7c 7s"), melds=(TWO_CANASTAS, ()), pile="4c", stock="3s 2c")
    game.apply("draw")
    assert rule_of(game, "meld 2c 3c 3s 3s") == "MS-12"
    assert rule_of(game, "meld 2c 3c 3s") == "MS-12"


def test_MS_12_black_threes_need_a_side_that_may_go_out() -> None:
    """Without two canastas a black-3 meld cannot go out (MS-12, or MS-13 as the missing
    canasta is cited)."""
    game = start(("3c 3s", "5d 7c 7s"), melds=((CANASTA_K,), ()), pile="4c", stock="3s 9d")
    game.apply("draw")
    assert rule_of(game, "meld 3c 3s 3s") in {"MS-12", "MS-13"}


# --- MS-13: going out ------------------------------------------------------------------------


def test_MS_13_keep_two_cards_until_the_side_has_two_canastas() -> None:
    """With one canasta a meld may leave two cards but not one: MS-13."""
    game = start(("Jc Jd", "5d 7c 7s"), melds=((CANASTA_K,), ()), pile="4c",
                 stock="Jh 5c 6d 4s")
    game.apply("draw")
    assert rule_of(game, "meld Jc Jd Jh") == "MS-13"
    game = start(("Jc Jd 6c", "5d 7c 7s"), melds=((CANASTA_K,), ()), pile="4c",
                 stock="Jh 5c 6d 4s")
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    assert game.hand_size(0) == 2
    game.apply("discard 5c")
    assert game.hand_size(0) == 1 and game.current_player == 1


def test_MS_13_lay_off_may_not_empty_the_hand() -> None:
    """Without two canastas a lay-off of the last cards is refused with MS-13."""
    game = start(("Jc", "5d 7c 7s"), melds=((CANASTA_K, "Jh Jd Js"), ()), pile="4c",
                 stock="Jh Jd 4s")
    game.apply("draw")
    assert rule_of(game, "lay-off 1 Jc Jd Jh") == "MS-13"
    assert rule_of(game, "lay-off 1 Jc Jh") == "MS-13"
    assert text("lay-off 1 Jc") in legal_texts(game)


def test_MS_13_take_pile_must_keep_two_cards() -> None:
    """Taking a one-card pile with the last two cards of the hand is going out: refused
    with one canasta, and it ends the hand at once with two."""
    game = start(("9c 9s", "5d 7c 7s"), melds=((CANASTA_K,), ()), pile="9d", stock="4s 4d")
    assert rule_of(game, "take-pile 9c 9s") == "MS-13"
    game = start(("9c 9s", "5d 7c 7s"), melds=(TWO_CANASTAS, ()), pile="9d", stock="4s 4d")
    game.apply("take-pile 9c 9s")
    assert len(game.hand_results) == 1 and game.hand_results[0].went_out == 0
    assert items(game, 0)["going out"] == 200


def test_MS_13_going_out_scores_200() -> None:
    """Going out (here by melding the whole hand) ends the hand and scores +200, citing
    MS-13; the other side gets no such line."""
    game = start(("Jc Jd", "5d 7c 7s"), melds=(TWO_CANASTAS, ()), pile="4c",
                 stock="Jh 5c 6d 4s")
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    game.apply("discard 5c")
    result = game.hand_results[0]
    assert result.went_out == 0
    assert items(game, 0)["going out"] == 200
    assert item_rules(game, 0)["going out"] == "MS-13"
    assert "going out" not in items(game, 1)
    assert result.sides[0].total == 140 + 30 + 1000 + 200
    assert result.sides[1].total == -(5 + 5 + 5)


def test_MS_13_second_canasta_completed_in_the_going_out_play() -> None:
    """The going-out play may itself complete the second canasta."""
    game = start(("Jc", "5d 7c 7s"), melds=((CANASTA_K, "Jh Jh Jd Jd Js Js"), ()),
                 pile="4c", stock="Jd 5c")
    game.apply("draw")
    game.apply("lay-off 1 Jc Jd")
    assert game.side_melds(0)[1].canasta == "natural"
    game.apply("discard 5c")
    assert game.hand_results[0].went_out == 0


def test_MS_13_partner_canastas_count() -> None:
    """With partners the side's canastas count, whoever melded them: seat 2 goes out on
    canastas that seat 0 put down."""
    game = start(("4c 5c", "7c 7s", "Jc Jd", "7d 7h"), melds=(TWO_CANASTAS, ()),
                 pile="4d", stock="Jh 5d", dealer=1)
    assert game.current_player == 2
    game.apply("draw")
    game.apply("meld Jc Jd Jh")
    game.apply("discard 5d")
    assert game.hand_results[0].went_out == 2
    assert items(game, 0)["going out"] == 200
    assert items(game, 0)["cards left in hand"] == -10  # partner's 4c 5c


def test_MS_13_no_play_after_a_pickup_may_leave_one_card() -> None:
    """After a single-card pickup from a two-card hand, a lay-off leaving one card is
    refused (MS-13); the player discards one card and keeps the other."""
    game = start(("5c 6d", "5d 7c 7s"), melds=((CANASTA_K, "5h 6h 7h", "6c 6s 6h"), ()),
                 pile="4c 8h", stock="4s 4d")
    game.apply("pick-up 1")
    assert rule_of(game, "lay-off 2 6d") == "MS-13"
    assert legal_texts(game) == {"discard 5c", "discard 6d"}
    game.apply("discard 5c")
    assert game.hand_size(0) == 1 and game.current_player == 1


# --- MS-14: asking the partner ---------------------------------------------------------------


def ask_position() -> Game:
    """Four players; seat 0 (side 0, two canastas) has drawn to "Jc Jd Jh 5c": melding
    the jacks and discarding 5c would take it out."""
    game = start(("Jc Jd", "7c 7s", "8c 8d", "7d 7h"), melds=(TWO_CANASTAS, ()),
                 pile="4d", stock="Jh 5c 9s 9d")
    game.apply("draw")
    return game


def test_MS_14_ask_the_partner_yes_binds() -> None:
    """`ask 2` hands the question to the partner; after "yes" the player must go out:
    a discard that keeps cards is refused, the jacks and the last discard go out."""
    game = ask_position()
    assert "ask 2" in legal_texts(game)
    game.apply("ask 2")
    assert game.phase == "answer" and game.current_player == 2
    assert rule_of(game, "discard 5c") == "MS-14"
    game.apply("answer yes")
    assert game.current_player == 0 and game.partner_answer is True
    assert rule_of(game, "discard 5c") == "MS-14"
    game.apply("meld Jc Jd Jh")
    game.apply("discard 5c")
    assert game.hand_results[0].went_out == 0


def test_MS_14_answer_no_forbids_going_out_this_turn() -> None:
    """After "no" a play leaving one card is refused with MS-14; the player keeps cards."""
    game = ask_position()
    game.apply("ask 2")
    game.apply("answer no")
    assert rule_of(game, "meld Jc Jd Jh") == "MS-14"
    assert rule_of(game, "ask 2") == "MS-14"
    game.apply("discard 5c")
    assert game.hand_size(0) == 3 and game.current_player == 1


def test_MS_14_no_question_out_of_turn_or_without_a_partner() -> None:
    """Asking needs a partner (none with 2 or 3 players) and a possible going out;
    answering needs a question."""
    game = start(("Jc Jd", "7c 7s", "8c 8d"), melds=(TWO_CANASTAS, (), ()), pile="4d",
                 stock="Jh 5c 9s 9d")
    game.apply("draw")
    assert not any(str(a).startswith("ask") for a in game.legal_actions())
    with pytest.raises(InvalidActionError):
        game.verify("ask 1")
    game = ask_position()
    assert rule_of(game, "answer yes") == "MS-14"
    far = start(("Jc 8s", "7c 7s", "8c 8d", "7d 7h"), melds=(TWO_CANASTAS, ()),
                pile="4d", stock="Jh 5c 9s 9d")
    far.apply("draw")
    assert rule_of(far, "ask 2") == "MS-14"


# --- MS-15: the target -----------------------------------------------------------------------


def test_MS_15_target_option_default_and_allowed_values() -> None:
    """The option `target` defaults to 10,000 and allows 2,500, 5,000 and 7,500; any other
    value or option is refused."""
    assert canasta_family.new_game(VARIANT, seed=1).options == {"target": 10_000}
    for target in (2500, 5000, 7500, 10_000):
        game = canasta_family.new_game(VARIANT, seed=1, options={"target": target})
        assert game.options == {"target": target}
    for bad in (3000, 0, "5000", True):
        with pytest.raises(InvalidOptionError) as info:
            canasta_family.new_game(VARIANT, seed=1, options={"target": bad})
        assert "MS-15" in str(info.value)
    with pytest.raises(InvalidOptionError):
        canasta_family.new_game(VARIANT, seed=1, options={"no_wild_on_natural_canasta": True})


@pytest.mark.parametrize("target", [2500, 5000, 7500, 10_000])
def test_MS_15_reaching_the_target_ends_the_game(target: int) -> None:
    """A side reaching the chosen target ends the game; one point short, play goes on."""
    game = end_with_scores((target - 1135, 0), options={"target": target})
    assert game.scores == (target, 1135)
    assert game.is_over and game.result is not None and game.result.winners == (0,)
    assert "MS-15" in game.result.reason
    short = end_with_scores((target - 1136, 0), options={"target": target})
    assert not short.is_over and short.result is None
    assert short.hand_number == 1 and short.phase == "draw"


def test_MS_15_higher_total_wins_when_both_pass_the_target() -> None:
    """Both sides pass the target: the higher total wins."""
    game = end_with_scores((4000, 4100), options={"target": 5000})
    assert game.scores == (5135, 5235)
    assert game.result is not None and game.result.winners == (1,)


# --- MS-16: draws ----------------------------------------------------------------------------


def test_MS_16_tied_leaders_draw() -> None:
    """Equal highest totals at the target: a draw, citing MS-16."""
    game = end_with_scores((9000, 9000))
    assert game.is_over and game.result is not None
    assert game.result.is_draw and game.result.winners == (0, 1)
    assert "MS-16" in game.result.reason


def test_MS_16_sixtieth_hand_ends_the_game_as_a_draw() -> None:
    """A game that reaches 60 hands ends there as a draw, whatever the scores: the
    arranged hand is the 60th (59 played before)."""
    assert MAX_HANDS == 60
    game = end_with_scores((3000, 1000), hand_number=59)
    assert game.hand_results[-1].number == 59
    assert game.is_over and game.phase == "over"
    assert game.result is not None and game.result.is_draw
    assert set(game.result.winners) == {0, 1}
    assert "MS-16" in game.result.reason
    assert game.legal_actions() == ()


def test_MS_16_fifty_ninth_hand_does_not_end_the_game() -> None:
    """After the 59th hand the 60th is dealt."""
    game = end_with_scores((3000, 1000), hand_number=58)
    assert not game.is_over
    assert game.hand_number == 59


def test_MS_16_target_reached_in_the_sixtieth_hand_still_wins() -> None:
    """If a side reaches the target in the 60th hand the higher total wins as usual."""
    game = end_with_scores((9000, 1000), hand_number=59)
    assert game.is_over and game.result is not None
    assert game.result.winners == (0,) and not game.result.is_draw


# --- whole games -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_MS_15_full_game_between_greedy_players_has_a_winner(players: int, seed: int) -> None:
    """Greedy players finish a game of modern Samba: one side reached 10,000 and has the
    highest total; every card is accounted for throughout."""
    game = full_game(players, seed)
    assert game.is_over and game.result is not None
    assert len(game.result.winners) == 1 and not game.result.is_draw
    winner = game.result.winners[0]
    assert game.scores[winner] == max(game.scores) >= 10_000
    assert len(game.sides) == (3 if players == 3 else 2)
    assert len(game.hand_results) < MAX_HANDS
    assert game.hand_results[-1].sides[winner].cumulative == game.scores[winner]
    assert all(len(result.sides) == len(game.sides) for result in game.hand_results)


def test_MS_15_target_2500_ends_sooner() -> None:
    """The same deal sequence played to 2,500 ends after fewer hands than to 10,000."""
    short = full_game(4, 2, target=2500)
    long = full_game(4, 2)
    assert short.is_over and long.is_over
    assert max(short.scores) >= 2500 and max(short.scores) < 10_000
    assert len(short.hand_results) < len(long.hand_results)
    assert short.result is not None and "2500" in short.result.reason


def test_MS_15_target_stored_in_the_record_and_honoured_by_replay() -> None:
    """The record keeps the target; replaying it rebuilds the same finished game, and the
    same actions under the default target leave the game running."""
    game = full_game(3, 3, target=2500)
    record = game.record()
    assert record.options == {"target": 2500}
    data = record.to_json()
    assert data["options"] == {"target": 2500} and data["variant"] == "samba"
    replayed = canasta_family.replay(record.dumps())
    assert replayed == game and replayed.is_over
    assert replayed.options["target"] == 2500
    data["options"] = {"target": 10_000}
    del data["digest"]  # the digest would report the changed option as tampering
    other = canasta_family.replay(data)
    assert not other.is_over
    assert other.hand_results == game.hand_results
