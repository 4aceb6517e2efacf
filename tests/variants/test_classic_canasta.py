"""Classic Canasta (variant ``canasta``, alias ``classic-canasta``): rules CC-1 … CC-10.

Each rule test deals an arranged position (``HandSetup``) and plays it through the public
API; the CC-10 tests at the end also play whole games between ``GreedyPlayer``s. Stocks are
given top first and are the whole stock (every card placed nowhere is set aside); piles
are given bottom to top, so the last card is the top. Seat 0 plays first unless a test
says otherwise (the dealer is the last seat). With four players side 0 is seats 0 and 2,
side 1 seats 1 and 3. Two packs hold only two copies of each card, so the arranged hands
below never use a card more than twice.
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
from canasta_family.cards import Card, parse_card, parse_cards
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.testing import check_refusal_leaves_state

VARIANT = "canasta"

# Natural canastas of seven cards: 70 card points and a 500 bonus each.
KINGS = "Kh Kh Kd Kd Ks Ks Kc"
QUEENS = "Qh Qh Qd Qd Qs Qs Qc"
JACKS = "Jh Jh Jd Jd Js Js Jc"


def start(hands: Sequence[str], *, options: dict[str, object] | None = None,
          **setup: object) -> Game:
    """A classic Canasta game (one seat per hand) from an arranged deal; seat 0 is to play
    unless ``dealer`` or ``to_play`` say otherwise."""
    setup.setdefault("dealer", len(hands) - 1)
    return canasta_family.new_game(
        VARIANT, players=len(hands), seed=11, options=options,
        start=HandSetup(hands=tuple(hands), **setup))  # type: ignore[arg-type]


def text(action: str) -> str:
    """The canonical text of ``action``."""
    return str(parse_action(action))


def legal(game: Game) -> set[str]:
    """The listed legal actions as canonical text."""
    return {str(action) for action in game.legal_actions()}


def refused(game: Game, action: str) -> str:
    """Play ``action`` expecting a rule break; check that it was neither listed nor legal
    and changed nothing, and return the rule ID the refusal cites."""
    assert text(action) not in legal(game)
    assert not game.is_legal(action)
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.snapshot() == before
    return info.value.rule


def play(game: Game, *actions: str) -> Game:
    """Play listed, legal actions in order."""
    for action in actions:
        assert text(action) in legal(game), (action, sorted(legal(game)))
        game.apply(action)
    return game


def hand(game: Game, seat: int) -> Counter[Card]:
    """A seat's hand as a multiset."""
    return Counter(game.hand_cards(seat))


def cards(spec: str) -> Counter[Card]:
    """A multiset of cards from text."""
    return Counter(parse_cards(spec))


def sheet(game: Game, side: int) -> dict[str, int]:
    """The last hand's score lines of ``side``: label -> points."""
    return {item.label: item.points for item in game.hand_results[-1].sides[side].items}


def sheet_rules(game: Game, side: int) -> dict[str, str]:
    """The last hand's score lines of ``side``: label -> rule cited."""
    return {item.label: item.rule for item in game.hand_results[-1].sides[side].items}


def pass_out(players: int, scores: Sequence[int], *,
             options: dict[str, object] | None = None) -> Game:
    """A hand that ends at once: seat 0 faces an exhausted stock under a black 3 and passes.

    Every side owns one natural canasta (70 + 500) and each seat holds a 5 (−5): a side
    of one seat scores 565 for the hand, a side of two seats 560."""
    canastas = (KINGS, QUEENS, JACKS)[: 2 if players == 4 else players]
    fives = ("5c", "5h", "5d", "5s")[:players]
    game = start(fives, melds=tuple((c,) for c in canastas), pile="9d 3s", stock="",
                 scores=tuple(scores), options=options)
    play(game, "pass")
    assert len(game.hand_results) == 1
    return game


def full_game(players: int, seed: int, target: int | None = None) -> Game:
    """A whole game of classic Canasta between greedy players."""
    options = None if target is None else {"target": target}
    game = canasta_family.new_game(VARIANT, players=players, seed=seed, options=options)
    return play_game(game, [GreedyPlayer() for _ in range(players)])


# --- CC-1: players, cards, deal ------------------------------------------------------------


@pytest.mark.parametrize(("players", "sides"), [
    (2, ((0,), (1,))),
    (3, ((0,), (1,), (2,))),
    (4, ((0, 2), (1, 3))),
])
def test_CC_1_two_three_or_four_players_and_their_sides(
        players: int, sides: tuple[tuple[int, ...], ...]) -> None:
    """2 and 3 players play alone; 4 play as partners sitting opposite."""
    game = canasta_family.new_game(VARIANT, players=players, seed=3)
    assert game.num_players == players
    assert game.sides == sides
    assert game.partners(0) == ((2,) if players == 4 else ())


@pytest.mark.parametrize("players", [1, 5, 6])
def test_CC_1_other_player_counts_are_refused(players: int) -> None:
    """One, five or six players raise SetupError citing CC-1."""
    with pytest.raises(SetupError) as info:
        canasta_family.new_game(VARIANT, players=players, seed=3)
    assert "CC-1" in str(info.value)


def test_CC_1_alias_and_default_player_count() -> None:
    """"classic-canasta" names the same variant; without a player count four play."""
    game = canasta_family.new_game("classic-canasta", seed=3)
    assert game.variant.name == "canasta"
    assert game.num_players == 4
    assert canasta_family.new_game("canasta", seed=3) == game


def test_CC_1_two_packs_and_four_jokers() -> None:
    """108 cards: two of each of the 52 cards and four jokers; all four red 3s."""
    game = canasta_family.new_game(VARIANT, players=4, seed=8)
    assert len(game.deck) == 108
    counts = Counter(game.deck)
    assert counts[parse_card("JK")] == 4
    assert all(counts[card] == 2 for card in counts if not card.is_joker)
    assert len(counts) == 53
    assert list(game.all_card_counts()) == [2] * 52 + [4]
    assert game.red_threes_in_deck == 4


@pytest.mark.parametrize(("players", "size"), [(4, 11), (3, 13), (2, 15)])
def test_CC_1_hand_size_by_player_count(players: int, size: int) -> None:
    """11 cards each with 4 players, 13 with 3, 15 with 2 (dealt red 3s are replaced, so
    the first player also holds that many); the rest is stock and pile."""
    for seed in range(4):
        game = canasta_family.new_game(VARIANT, players=players, seed=seed)
        assert [game.hand_size(seat) for seat in range(players)] == [size] * players
        red = sum(len(game.side_red_threes(side)) for side in range(len(game.sides)))
        assert len(game.pile) >= 1
        assert game.stock_size + len(game.pile) + players * size + red == 108


def test_CC_1_wild_or_red_three_upcard_is_covered() -> None:
    """The upcard starts the pile; a wild card or red 3 turned up is covered by the next
    stock card, stays in the pile and freezes it."""
    game = start(("9h 9s", "4c 4d", "5c 5d", "6c 6d"), stock="2c 3d JK 9d 8h 8s")
    assert game.pile == tuple(parse_cards("2c 3d JK 9d"))
    assert game.pile_freezers == 3
    assert game.stock_cards() == tuple(parse_cards("8h 8s"))
    plain = start(("9h 9s", "4c 4d", "5c 5d", "6c 6d"), stock="Td 8h 8s")
    assert plain.pile == (parse_card("Td"),)
    assert plain.pile_freezers == 0


# --- CC-2: the draw and the turn -----------------------------------------------------------


def test_CC_2_four_players_draw_one_card() -> None:
    """With four players ``draw`` takes one card from the stock."""
    game = start(("9h 9s 5c", "4c 4d", "5d 5s", "6c 6d"), stock="7c 8h 8s", pile="Td")
    assert game.draw_count == 1
    play(game, "draw")
    assert hand(game, 0) == cards("9h 9s 5c 7c")
    assert game.stock_cards() == tuple(parse_cards("8h 8s"))
    assert game.phase == "play"


@pytest.mark.parametrize("players", [2, 3])
def test_CC_2_two_or_three_players_draw_two_cards(players: int) -> None:
    """With two or three players ``draw`` takes two cards, and one card is discarded."""
    hands = ("9h 9s 5c", "4c 4d", "6c 6d")[:players]
    game = start(hands, stock="7c 8h 8s", pile="Td")
    assert game.draw_count == 2
    play(game, "draw")
    assert hand(game, 0) == cards("9h 9s 5c 7c 8h")
    assert game.stock_cards() == (parse_card("8s"),)
    play(game, "discard 5c")
    assert game.current_player == 1 and game.phase == "draw"
    assert game.pile_top == parse_card("5c")


def test_CC_2_last_stock_card_is_drawn_alone() -> None:
    """A draw of two from a stock of one card takes that card."""
    game = start(("9h 9s", "4c 4d", "6c 6d"), stock="7c", pile="Td")
    play(game, "draw")
    assert hand(game, 0) == cards("9h 9s 7c")
    assert game.stock_size == 0


def test_CC_2_actions_out_of_turn_order_are_refused() -> None:
    """Melding, discarding or passing before drawing, and drawing twice, cite CC-2."""
    game = start(("9h 9s 9c 5c", "4c 4d", "5d 5s", "6c 6d"), stock="7c 8h 8s", pile="Td",
                 melds=((KINGS,), ()))
    assert refused(game, "meld 9h 9s 9c") == "CC-2"
    assert refused(game, "discard 5c") == "CC-2"
    assert refused(game, "pass") == "CC-2"
    play(game, "draw")
    assert refused(game, "draw") == "CC-2"
    assert refused(game, "take-pile 9h 9s") == "CC-2"


def test_CC_2_exhausted_stock_draw_refused_and_pass_ends_the_hand() -> None:
    """With no stock, ``draw`` is refused (CC-2); the player may take the pile or pass,
    and a pass ends the hand with nobody going out. No take is forced: the top card fitting
    a meld of the side does not take ``pass`` away."""
    game = start(("9h 9s 4c", "4d 4h", "5d 5s", "6c 6d"), stock="", pile="5c 9d",
                 melds=((KINGS, "9c 9c 9s"), ()))
    assert refused(game, "draw") == "CC-2"
    assert {"pass", text("take-pile 9h 9s")} <= legal(game)
    play(game, "pass")
    result = game.hand_results[-1]
    assert result.went_out is None
    assert "going out" not in sheet(game, 0)
    assert game.hand_number == 1


def test_CC_2_last_draw_of_only_a_red_three_ends_the_hand() -> None:
    """A last stock card that is a red 3 is placed and the hand ends at once."""
    game = start(("9h 9s", "4c 4d", "5c 5d", "6c 6d"), stock="3h", pile="Tc",
                 melds=((KINGS,), ()))
    play(game, "draw")
    assert len(game.hand_results) == 1
    assert game.hand_results[-1].went_out is None
    assert sheet(game, 0)["1 red 3"] == 100


# --- CC-3: sets only -----------------------------------------------------------------------


@pytest.mark.parametrize("meld", ["4h 5h 6h", "9h Th Jh Qh", "Kc As 2s"])
def test_CC_3_sequences_are_refused(meld: str) -> None:
    """There are no runs: a sequence of one suit is refused with CC-3."""
    game = start(("4h 5h 6h 9h Th Jh Qh Kc As 2s", "4c 4d", "5c 5d", "6c 6d"),
                 stock="7c 8h 8s", pile="Td", melds=((KINGS,), ()))
    play(game, "draw")
    assert refused(game, f"meld {meld}") == "CC-3"


def test_CC_3_naturals_must_outnumber_wild_cards() -> None:
    """2 naturals + 1 wild, 3 + 2 and 4 + 3 are legal; 2 + 2 and 3 + 3 are refused."""
    game = start(("9h 9d 9s 9c 2c 2d JK JK 2h 5c", "4c 4d", "5d 5s", "6c 6d"),
                 stock="7c 8h 8s", pile="Td", melds=((KINGS,), ()))
    play(game, "draw")
    assert game.is_legal("meld 9h 9d JK")
    assert game.is_legal("meld 9h 9d 9s 2c JK")
    assert refused(game, "meld 9h 9d 2c 2d") == "CC-3"
    assert refused(game, "meld 9h 9d 9s 2c 2d JK") == "CC-3"
    play(game, "meld 9h 9d 9s 9c 2c 2d JK")
    meld = game.side_melds(0)[-1]
    assert (len(meld.cards), meld.wilds, meld.canasta) == (7, 3, "mixed")


def test_CC_3_at_most_three_wild_cards() -> None:
    """Four wild cards are refused even with five naturals, as a meld or as a lay-off on a
    canasta that already holds three."""
    game = start(("Qh Qh Qd Qd Qs 2c 2d JK JK 5c", "4c 4d", "5d 5s", "6c 6d"),
                 stock="7c 8h 8s", pile="Td", melds=((KINGS, "9h 9h 9d 9d 9s 2s JK"), ()))
    play(game, "draw")
    assert refused(game, "meld Qh Qh Qd Qd Qs 2c 2d JK JK") == "CC-3"
    assert game.is_legal("meld Qh Qh Qd Qd Qs 2c 2d JK")
    assert refused(game, "lay-off 0 2c 2d JK JK") == "CC-3"
    assert game.is_legal("lay-off 0 2c 2d JK")
    assert game.is_legal("lay-off 1 2c")  # the mixed canasta of nines has two wild cards
    play(game, "lay-off 1 2c")
    assert game.side_melds(0)[1].wilds == 3
    assert refused(game, "lay-off 1 2d") == "CC-3"


def test_CC_3_melds_grow_past_seven_cards() -> None:
    """A canasta takes further cards of its rank (and wild cards within the limits)."""
    game = start(("Kc 2c 5c 6c", "4c 4d", "5d 5s", "6h 6d"), stock="7c 8h 8s", pile="Td",
                 melds=((KINGS,), ()))
    play(game, "draw", "lay-off 0 Kc")
    meld = game.side_melds(0)[0]
    assert (len(meld.cards), meld.canasta) == (8, "natural")


def test_CC_3_lay_off_must_fit_the_set() -> None:
    """Cards of another rank, or a black 3, laid off on a set are refused with CC-3 (or
    CC-6 for the black 3)."""
    game = start(("Jh 3c 5c 6c", "4c 4d", "5d 5s", "6h 6d"), stock="7c 8h 8s", pile="Td",
                 melds=((KINGS, "Qh Qd Qs"), ()))
    play(game, "draw")
    assert refused(game, "lay-off 1 Jh") == "CC-3"
    assert refused(game, "lay-off 1 3c") in {"CC-3", "CC-6"}


def test_CC_3_melds_are_never_merged() -> None:
    """Two sets of one rank stay apart: ``merge`` is refused with CC-3 and never listed."""
    game = start(("5c 6c 7d", "4c 4d", "5d 5s", "6h 6d"), stock="7c 8h 8s", pile="Td",
                 melds=((KINGS, "Qh Qd Qs", "Qh Qd Qs 2c"), ()))
    play(game, "draw")
    assert not any(a.startswith("merge") for a in legal(game))
    assert refused(game, "merge 1 2") == "CC-3"
    assert len(game.side_melds(0)) == 3


def test_CC_3_take_pile_meld_keeps_the_wild_card_limits() -> None:
    """The set made by taking the pile obeys CC-3 too: 2 naturals with 2 wilds refused."""
    game = start(("9h 9s 2c JK 5c", "4c 4d", "5d 5s", "6h 6d"), stock="7c 8h", pile="6s 9d",
                 melds=((KINGS,), ()))
    assert refused(game, "take-pile 9h 2c JK") == "CC-3"
    assert game.is_legal("take-pile 9h 9s 2c JK")


# --- CC-4: taking the discard pile ----------------------------------------------------------


def test_CC_4_frozen_before_initial_meld_needs_a_natural_pair() -> None:
    """A side that has not melded may take only with a natural pair matching the top card;
    a natural and a wild card are refused with CC-4."""
    game = start(("9h 9s 2c JK 4c 5d 7s", "4d 4h", "5c 5s", "6c 6d"),
                 stock="8h 8d 8s", pile="6s 9d", scores=(-100, 0))
    assert game.pile_frozen_for(0)
    assert refused(game, "take-pile 9h 2c") == "CC-4"
    assert refused(game, "take-pile 2c JK") == "CC-4"
    play(game, "take-pile 9h 9s")
    assert game.side_melds(0)[0].cards == tuple(sorted(parse_cards("9d 9h 9s")))
    assert hand(game, 0) == cards("2c JK 4c 5d 7s 6s")


def test_CC_4_unfrozen_pile_taken_with_natural_and_wild() -> None:
    """Once the side has melded and no wild card or red 3 is in the pile, one natural of
    the top card's rank and one wild card from hand take it: they and the top card form a
    new set, the rest of the pile goes to hand and the player continues."""
    game = start(("9h 2c 4c 5d 7s", "4d 4h", "5c 5s", "6c 6d"), stock="8h 8d 8s",
                 pile="Qc 6s 9d", melds=(("Kh Kd Ks",), ()))
    assert not game.pile_frozen_for(0)
    assert text("take-pile 9h 2c") in legal(game)
    play(game, "take-pile 9h 2c")
    meld = game.side_melds(0)[-1]
    assert meld.cards == tuple(sorted(parse_cards("9d 9h 2c")))
    assert meld.wilds == 1
    assert hand(game, 0) == cards("4c 5d 7s Qc 6s")
    assert game.pile == ()
    assert game.phase == "play" and game.current_player == 0


def test_CC_4_unfrozen_take_still_needs_a_matching_natural() -> None:
    """On an unfrozen pile the take still needs one natural of the top card's rank and a
    second card: a lone natural, two wild cards, or cards of another rank are refused."""
    game = start(("9h 2c JK 8h 8s 5d", "4d 4h", "5c 5s", "6c 6d"), stock="8d 7c",
                 pile="6s 9d", melds=(("Kh Kd Ks",), ()))
    assert refused(game, "take-pile 9h") == "CC-4"
    assert refused(game, "take-pile 2c JK") == "CC-4"
    assert refused(game, "take-pile 8h 8s") == "CC-4"
    assert game.is_legal("take-pile 9h JK")


@pytest.mark.parametrize("pile", ["2d 6s 9d", "3d 6s 9d", "JK 9d"])
def test_CC_4_wild_card_or_red_three_in_the_pile_freezes_it(pile: str) -> None:
    """A wild card or red 3 anywhere in the pile freezes it even for a side that has
    melded: only a natural pair takes it; taking it thaws it."""
    game = start(("9h 9s 2c 4c 5d", "4d 4h", "5c 5s", "6c 6d"), stock="8h 8d",
                 pile=pile, melds=(("Kh Kd Ks",), ()))
    assert game.pile_freezers == 1
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    assert refused(game, "take-pile 9h 2c") == "CC-4"
    play(game, "take-pile 9h 9s")
    assert game.pile_freezers == 0


def test_CC_4_unfrozen_pile_taken_by_laying_the_top_card_off() -> None:
    """While the pile is not frozen for the side, it may be taken by laying its top card
    off on one of the side's melds (``take-pile onto N``, CC-4); a frozen pile may not."""
    game = start(("5c 6c 7d", "4d 4h", "5d 5s", "6h 6d"), stock="8h 8d", pile="6s 9d",
                 melds=(("9h 9c 9s", KINGS), ()))
    assert not game.pile_frozen_for(0)
    assert "take-pile onto 0" in legal(game)
    assert "take-pile onto 1" not in legal(game)  # the 9 does not fit the kings
    play(game, "take-pile onto 0")
    assert len(game.side_melds(0)[0].cards) == 4 and game.pile == ()
    assert sorted(str(c) for c in game.hand_cards(0)) == ["5c", "6c", "6s", "7d"]
    frozen = start(("5c 6c 7d", "4d 4h", "5d 5s", "6h 6d"), stock="8h 8d", pile="2s 9d",
                   melds=(("9h 9c 9s", KINGS), ()))
    assert frozen.pile_frozen_for(0)
    assert not any("onto" in action for action in legal(frozen))
    assert refused(frozen, "take-pile onto 0") == "CC-4"


def test_CC_3_one_meld_of_each_rank() -> None:
    """A side holds at most one meld of each rank (CC-3): a second set of a rank it has
    melded is refused, and a pile taken with a pair of that rank joins the meld."""
    game = start(("9d 9d 2c 5c 5d", "4d 4h", "5h 5s", "6h 6d"), stock="8h 8d",
                 pile="6s 2h 9c", melds=(("9h 9c 9s", KINGS), ()))
    play(game, "draw")
    assert "meld 2c 9d 9d" not in legal(game)
    assert refused(game, "meld 2c 9d 9d") == "CC-3"
    assert "lay-off 0 9d 9d" in legal(game)
    taker = start(("9d 9d 5c 5d 7c", "4d 4h", "5h 5s", "6h 6d"), stock="8h 8d",
                  pile="6s 7h 9c", melds=(("9h 9c 9s", KINGS), ()))
    play(taker, "take-pile 9d 9d")
    nines = [m for m in taker.side_melds(0) if m.rank is not None and int(m.rank) == 9]
    assert len(nines) == 1 and len(nines[0].cards) == 6


@pytest.mark.parametrize("top", ["3s", "2d", "JK"])
def test_CC_4_black_three_or_wild_card_on_top_blocks_the_pile(top: str) -> None:
    """Nobody takes the pile while a black 3 or a wild card is on top (CC-4; the black-3
    stop card is also CC-6's)."""
    game = start(("3c 3c 2c 2h JK 5d", "4d 4h", "5c 5s", "6h 6d"), stock="8h 8d",
                 pile=f"9d {top}", melds=((KINGS,), ()))
    assert not any(action.startswith("take-pile") for action in legal(game))
    pair = {"3s": "3c 3c", "2d": "2c 2h", "JK": "JK 2c"}[top]
    assert refused(game, f"take-pile {pair}") in {"CC-4", "CC-6"}


def test_CC_4_single_card_pickup_refusal_cites_a_classic_rule() -> None:
    """Classic Canasta has no single-card pickup: the pile is always taken whole. A
    ``pick-up`` must be refused citing a CC rule (the turn, CC-2, or taking the pile,
    CC-4), never a bare engine topic."""
    game = start(("9h 9s 5c", "4d 4h", "5d 5s", "6h 6d"), stock="8h 8d", pile="6s 9d",
                 melds=(("9c 9c 9d",), ()))
    assert refused(game, "pick-up 0") in {"CC-2", "CC-4"}


def _partner_can_take_onto_kings() -> Game:
    """Issue 34's position, reached by play from scores 0-0 with seat 3 dealing: seat 0
    draws, makes the initial meld with kings and aces (30 + 60 = 90 of 50, CC-5) and
    discards 5c; seat 1 draws and discards Kc. The pile (Qc 5c Kc) holds no wild card or
    red 3, so it is not frozen for side 0, and seat 2 — seat 0's partner, 11 cards, none
    of them a king — is to draw."""
    game = start(("Kh Ks Kd Ah As Ad 5c 6c 7c 8c 9c",
                  "Kc 4d 4h 5d 6d 7d 8d 9d Td Jd Qd",
                  "4s 5s 6s 7s 8s 9s Ts Js 4c 5h 2c",
                  "6h 7h 8h 9h Th Jh Qh 4h 6d 7s 8d"),
                 stock="Tc Jc 8h 8s", pile="Qc", scores=(0, 0), dealer=3)
    play(game, "draw", "meld Kh Ks Kd", "meld Ah As Ad", "discard 5c", "draw", "discard Kc")
    assert game.current_player == 2 and game.phase == "draw"
    assert not game.pile_frozen_for(0)
    return game


def test_CC_2_CC_4_refused_pickup_leaves_the_partner_free_to_take_onto_a_meld() -> None:
    """Issue 34: after a refused single-card pickup (no such move in classic Canasta,
    CC-4), seat 2 has still neither drawn nor taken the pile (CC-2), so it may take the
    unfrozen pile by laying the top Kc off on its side's kings (CC-4; it joins that meld,
    CC-3). The top card goes to the meld and the rest of the pile to the hand: 11 + 2."""
    game = _partner_can_take_onto_kings()
    assert legal(game) == {"draw", "take-pile onto 0"}
    assert refused(game, "pick-up 0") == "CC-4"
    assert legal(game) == {"draw", "take-pile onto 0"}
    assert game.is_legal("take-pile onto 0")
    play(game, "take-pile onto 0")
    assert game.side_melds(0)[0].cards == tuple(sorted(parse_cards("Kh Ks Kd Kc")))
    assert len(game.side_melds(0)) == 2
    assert game.pile == ()
    assert hand(game, 2) == cards("4s 5s 6s 7s 8s 9s Ts Js 4c 5h 2c Qc 5c")
    assert game.hand_size(2) == 13
    assert game.phase == "play" and game.current_player == 2


# Every kind of move seat 2 could wrongly try in that position, with the seat trying it.
_REFUSED_AT_THE_DRAW: tuple[tuple[str, int | None], ...] = (
    ("pick-up 0", None),           # CC-4: no single-card pickup
    ("pick-up 1", None),
    ("take-pile onto 1", None),    # CC-3/CC-4: Kc does not fit the aces
    ("take-pile onto 2", None),    # no such meld
    ("take-pile", None),           # no cards named
    ("take-pile 2c", None),        # CC-4: a lone wild card
    ("take-pile 4s 4c", None),     # CC-4: not the top card's rank
    ("take-pile 5s 2c", None),
    ("pass", None),                # CC-2: the stock is not exhausted
    ("discard 4s", None),          # CC-2: draw first
    ("meld 4s 4c 2c", None),
    ("lay-off 0 2c", None),
    ("merge 0 1", None),
    ("retract", None),
    ("ask 0", None),
    ("answer yes", None),          # nobody asked
    ("draw", 0),                   # not seat 0's turn
)


def test_CC_2_CC_4_refusals_in_any_order_change_nothing() -> None:
    """Every refused move tried after every other (each ordered pair, on a fresh copy of
    the position) leaves the game equal to one that tried nothing, with the same legal
    moves, and taking the pile onto the kings afterwards ends in the same game (CC-2:
    nothing was drawn; CC-4: the take is still allowed)."""
    untouched = _partner_can_take_onto_kings()
    listed = untouched.legal_actions()
    taken = _partner_can_take_onto_kings()
    taken.apply("take-pile onto 0")
    for first, first_seat in _REFUSED_AT_THE_DRAW:
        for second, second_seat in _REFUSED_AT_THE_DRAW:
            game = _partner_can_take_onto_kings()
            check_refusal_leaves_state(game, first, player=first_seat)
            check_refusal_leaves_state(game, second, player=second_seat)
            assert game == untouched, (first, second)
            assert game.legal_actions() == listed, (first, second)
            game.apply("take-pile onto 0")
            assert game == taken, (first, second)


# --- CC-5: the initial meld ----------------------------------------------------------------


@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120),
    (5000, 120), (9000, 120),
])
def test_CC_5_minimum_by_cumulative_score(score: int, minimum: int) -> None:
    """Negative 15, 0 → 50, 1500 → 90, 3000 and over → 120 (no 150 step)."""
    game = start(("4c", "4d", "5c", "5d"), scores=(score, 0))
    assert game.initial_minimum(0) == minimum
    assert game.initial_minimum(1) == 50


def test_CC_5_short_initial_meld_blocks_the_discard() -> None:
    """Melds below the minimum stay provisional: the discard is refused with CC-5 until
    more melds or lay-offs bring the count up."""
    game = start(("Kh Kd Ks 7c 7d 7s Kc 9h", "4c 4d", "5c 5d", "6c 6d"), stock="5h 8d",
                 pile="Tc")
    play(game, "draw", "meld Kh Kd Ks")
    assert game.initial_meld_count() == 30
    assert not game.has_initial_meld(0)
    assert refused(game, "discard 5h") == "CC-5"
    play(game, "meld 7c 7d 7s")
    assert game.initial_meld_count() == 45
    assert refused(game, "discard 5h") == "CC-5"
    play(game, "lay-off 0 Kc")
    assert game.has_initial_meld(0)
    play(game, "discard 5h")
    assert game.current_player == 1


def test_CC_5_retract_takes_short_meld_back_without_raising_the_minimum() -> None:
    """``retract`` returns a short initial meld to hand and leaves the minimum as it was;
    no more melding that turn (CC-5), then a discard. Next turn 50 is still enough."""
    game = start(("Kh Kd Ks Ah Ad 5c 9h", "4c 4d 7h"), stock="5h 8d 6s 6h As Tc",
                 pile="Td")
    play(game, "draw", "meld Kh Kd Ks")
    assert "retract" in legal(game)
    play(game, "retract")
    assert game.side_melds(0) == ()
    assert hand(game, 0) == cards("Kh Kd Ks Ah Ad 5c 9h 5h 8d")
    assert game.initial_minimum(0) == 50
    assert refused(game, "meld Kh Kd Ks") == "CC-5"
    assert refused(game, "retract") == "CC-5"
    play(game, "discard 5c", "draw", "discard 6s")
    play(game, "draw")
    assert hand(game, 0) >= cards("As")
    play(game, "meld Ah Ad As")  # 60 >= 50: the initial meld stands
    assert game.has_initial_meld(0)


def test_CC_5_retract_needs_a_short_meld() -> None:
    """With no short meld to take back, ``retract`` is refused with CC-5."""
    game = start(("Ah Ad As 5c", "4c 4d", "5d 5s", "6h 6d"), stock="8h 8d", pile="Tc")
    play(game, "draw")
    assert refused(game, "retract") == "CC-5"
    play(game, "meld Ah Ad As")
    assert game.has_initial_meld(0)
    assert refused(game, "retract") == "CC-5"


def test_CC_5_top_card_counts_for_an_initial_meld_from_the_pile() -> None:
    """Taking the pile for the initial meld, the top card's value counts: Ad on the pile
    with Ah As from hand makes 60 ≥ 50 (the hand cards alone are 40)."""
    game = start(("Ah As Kh 5c 6c", "4c 4d", "5d 5s", "6h 6d"), stock="8h 8d",
                 pile="Jc Jd Ad")
    play(game, "take-pile Ah As")
    assert game.has_initial_meld(0)
    assert hand(game, 0) == cards("Kh 5c 6c Jc Jd")


def test_CC_5_rest_of_the_pile_does_not_count() -> None:
    """The cards under the top card never count: Kc with Kh Kd is 30 of 50 although three
    aces lie below. The queens in hand make up the rest, so the take is allowed; until
    they are melded no discard, and the aces from the pile wait."""
    game = start(("Kh Kd Qh Qd Qs 5c", "4c 4d", "5d 5s", "6h 6d"), stock="8h 8d",
                 pile="Ac Ad Ah Kc")
    play(game, "take-pile Kh Kd")
    assert game.initial_meld_count() == 30 and not game.has_initial_meld(0)
    assert refused(game, "discard 5c") == "CC-5"
    assert refused(game, "meld Ac Ad Ah") == "CC-5"
    play(game, "meld Qd Qh Qs")
    assert game.has_initial_meld(0)
    assert len(game.side_melds(0)) == 2
    # Without the queens nothing in hand can make up the rest: the take is refused.
    short = start(("Kh Kd 5c 6d", "4c 4d", "5d 5s", "6h 6d"), stock="8h 8d",
                  pile="Ac Ad Ah Kc")
    assert refused(short, "take-pile Kh Kd") == "CC-5"


def test_CC_5_higher_minimum_for_a_pile_take() -> None:
    """At 1500 points the take needs 90: K-K-K (30) with Q-Q-Q (30) is not enough, so
    without the aces the take is refused with CC-5; with A-A-A (60) as well it is allowed
    and complete once both melds are down."""
    short = start(("Kh Kd Qh Qd Qs 5c 6d", "4c 4d", "5d 5s", "6h 6d"), stock="8h 8d",
                  pile="7c Kc", scores=(1500, 0))
    assert short.initial_minimum(0) == 90
    assert refused(short, "take-pile Kh Kd") == "CC-5"
    game = start(("Kh Kd Qh Qd Qs Ah As Ac 5c", "4c 4d", "5d 5s", "6h 6d"), stock="8h 8d",
                 pile="7c Kc", scores=(1500, 0))
    play(game, "take-pile Kh Kd", "meld Qh Qd Qs")
    assert game.initial_meld_count() == 60 and not game.has_initial_meld(0)
    assert refused(game, "discard 5c") == "CC-5"
    play(game, "meld Ah As Ac")
    assert game.has_initial_meld(0)


def test_CC_5_going_out_needs_the_initial_minimum() -> None:
    """A whole canasta of fours (35 points) cannot take a side out below a 50 minimum
    (CC-5); with a negative score (15) it can."""
    fours = "4c 4c 4d 4d 4s 4s 4h"
    game = start((fours, "7c 7d", "5c 5d", "6c 6d"), stock="5h 8d", pile="Tc")
    play(game, "draw")
    assert refused(game, f"meld {fours}") == "CC-5"
    low = start((fours, "7c 7d", "5c 5d", "6c 6d"), stock="5h 8d", pile="Tc",
                scores=(-10, 0))
    play(low, "draw", f"meld {fours}", "discard 5h")
    assert low.hand_results[-1].went_out == 0


# --- CC-6: red and black 3s ----------------------------------------------------------------


def test_CC_6_drawn_red_three_is_placed_and_replaced() -> None:
    """A red 3 drawn goes on the side's table at once and another card is drawn."""
    game = start(("9h 9s 5c", "4c 4d", "5d 5s", "6h 6d"), stock="3h 7c 8d", pile="Td")
    play(game, "draw")
    assert game.side_red_threes(0) == (parse_card("3h"),)
    assert hand(game, 0) == cards("9h 9s 5c 7c")
    assert game.stock_cards() == (parse_card("8d"),)


def test_CC_6_two_player_draw_replaces_a_red_three() -> None:
    """With two players a draw that brings a red 3 still ends with two new cards."""
    game = start(("9h 9s 5c", "4c 4d"), stock="3d 7c 8d 8h", pile="Td")
    play(game, "draw")
    assert game.side_red_threes(0) == (parse_card("3d"),)
    assert hand(game, 0) == cards("9h 9s 5c 7c 8d")


def test_CC_6_dealt_red_threes_are_placed_at_the_first_turn() -> None:
    """Red 3s dealt are put out and replaced when the holder's first turn begins."""
    game = start(("9h 9s 3h", "4c 4d 3d", "5d 5s", "6h 6d"), stock="7c 8d 8h 8s",
                 pile="Td")
    assert game.side_red_threes(0) == (parse_card("3h"),)
    assert hand(game, 0) == cards("9h 9s 7c")
    assert hand(game, 1) == cards("4c 4d 3d")
    play(game, "draw", "discard 8d")
    assert game.side_red_threes(1) == (parse_card("3d"),)
    assert hand(game, 1) == cards("4c 4d 8h")


def test_CC_6_red_three_in_a_taken_pile_is_placed_without_replacement() -> None:
    """A red 3 inside a taken pile goes to the table; no card replaces it."""
    game = start(("9h 9s 5c", "4c 4d", "5d 5s", "6h 6d"), stock="7c 8d", pile="3d 6s 9d",
                 melds=((KINGS,), ()))
    play(game, "take-pile 9h 9s")
    assert game.side_red_threes(0) == (parse_card("3d"),)
    assert hand(game, 0) == cards("5c 6s")
    assert game.stock_size == 2


def _side_zero_goes_out(**setup: object) -> Game:
    """Seat 0 (side 0 holds a canasta) draws 5d, melds three queens and discards 5d."""
    game = start(("Qh Qd Qs", "4c 4d", "5c 5h", "6c 6d"), stock="5d 8d", pile="Tc",
                 **setup)
    play(game, "draw", "meld Qh Qd Qs", "discard 5d")
    assert game.hand_results[-1].went_out == 0
    return game


def test_CC_6_red_threes_score_100_each_for_a_side_that_melded() -> None:
    """Red 3s are +100 each for a side that has melded anything, canasta or not."""
    game = _side_zero_goes_out(melds=((KINGS,), ("Jh Jd Js",)), red_threes=("3h", "3d 3h"))
    assert sheet(game, 0)["1 red 3"] == 100
    assert sheet(game, 1)["2 red 3s"] == 200
    assert sheet_rules(game, 1)["2 red 3s"] == "CC-6"


def test_CC_6_red_threes_count_against_a_side_with_no_meld() -> None:
    """A side that melded nothing in the hand loses 100 per red 3."""
    game = _side_zero_goes_out(melds=((KINGS,), ()), red_threes=("3h", "3d 3h"))
    assert sheet(game, 1)["2 red 3s"] == -200
    assert sheet(game, 1)["melded cards"] == 0


@pytest.mark.parametrize(("side_melds", "points"), [(("Jh Jd Js",), 800), ((), -800)])
def test_CC_6_all_four_red_threes_score_800(side_melds: tuple[str, ...], points: int) -> None:
    """All four red 3s on one side count 800 — for it if it melded, against it if not."""
    game = _side_zero_goes_out(melds=((KINGS,), side_melds), red_threes=("", "3d 3h 3d 3h"))
    assert sheet(game, 1)["4 red 3s"] == points
    assert "1 red 3" not in sheet(game, 0)


def test_CC_6_red_three_left_in_hand_costs_100() -> None:
    """A red 3 still in a hand when the hand ends (its holder's first turn never came)
    costs 100."""
    game = start(("Qh Qd Qs", "4c 4d", "5c 5h", "6c 6d 3h"), stock="5d 8d", pile="Tc",
                 melds=((KINGS,), ()))
    play(game, "draw", "meld Qh Qd Qs", "discard 5d")
    assert sheet(game, 1)["1 red 3 left in hand"] == -100
    assert sheet_rules(game, 1)["1 red 3 left in hand"] == "CC-6"
    assert sheet(game, 1)["cards left in hand"] == -20


def test_CC_6_discarded_black_three_stops_the_next_player() -> None:
    """A black 3 discarded on the pile stops the next player from taking it."""
    game = start(("3s 5c 6c", "9h 9s 3c 3c", "5d 5s", "6h 6d"), stock="7c 8d 8h",
                 pile="Td 9d", melds=((KINGS,), ("Qh Qd Qs",)))
    play(game, "draw", "discard 3s")
    assert game.current_player == 1
    assert legal(game) == {"draw"}
    assert refused(game, "take-pile 3c 3c") in {"CC-4", "CC-6"}


def test_CC_6_black_threes_melded_only_to_go_out() -> None:
    """Black 3s may be melded (without wild cards) only as the play that takes the player
    out: otherwise refused with CC-6 (or CC-8 while the side cannot go out)."""
    game = start(("3c 3c 3s 5d 6d", "4c 4d", "5c 5s", "6h 6c"), stock="7h 8d",
                 pile="Tc", melds=((KINGS,), ()))
    play(game, "draw")
    assert refused(game, "meld 3c 3c 3s") == "CC-6"
    out = start(("3c 3c 3s", "4c 4d", "5c 5s", "6h 6c"), stock="5d 8d", pile="Tc",
                melds=((KINGS,), ()))
    play(out, "draw", "meld 3c 3c 3s", "discard 5d")
    assert out.hand_results[-1].went_out == 0
    assert sheet(out, 0)["melded cards"] == 70 + 15
    no_canasta = start(("3c 3c 3s", "4c 4d", "5c 5s", "6h 6c"), stock="5d 8d", pile="Tc",
                       melds=(("Qh Qd Qs",), ()))
    play(no_canasta, "draw")
    assert refused(no_canasta, "meld 3c 3c 3s") in {"CC-6", "CC-8"}
    wild = start(("3c 3c 3s 2c", "4c 4d", "5c 5s", "6h 6c"), stock="5d 8d", pile="Tc",
                 melds=((KINGS,), ()))
    play(wild, "draw")
    assert refused(wild, "meld 3c 3c 3s 2c") == "CC-6"


# --- CC-7: discards -------------------------------------------------------------------------


def test_CC_7_any_card_but_a_red_three_may_be_discarded() -> None:
    """Wild cards and black 3s are discards like any other; a red 3 never stays in hand,
    so ``discard 3h`` names a card the player does not hold."""
    game = start(("3h 2c JK 3s 9h", "4c 4d", "5c 5s", "6h 6d"), stock="7c 8d 8h",
                 pile="Td", melds=((KINGS,), ()))
    play(game, "draw")
    assert {text(f"discard {c}") for c in ("2c", "JK", "3s", "9h", "7c")} <= legal(game)
    with pytest.raises(InvalidActionError):
        game.apply("discard 3h")


def test_CC_7_discarded_wild_card_freezes_the_pile() -> None:
    """A wild card discarded freezes the pile for everyone, melded sides too: nobody takes
    it while it is on top, and after a natural covers it only a natural pair takes it;
    taking it thaws it."""
    game = start(("2c 5c 6c", "4c 4d 9c", "9h 9s 2h 7d", "6d 6h"),
                 stock="8h 8d 8s 7c 7h", pile="Tc 9d",
                 melds=(("Qh Qd Qs",), ("Jh Jd Js",)))
    assert not game.pile_frozen_for(0)
    play(game, "draw", "discard 2c")
    assert game.pile_freezers == 1
    assert game.pile_frozen_for(0) and game.pile_frozen_for(1)
    assert legal(game) == {"draw"}
    assert refused(game, "take-pile 4c 4d") == "CC-4"
    play(game, "draw", "discard 9c")
    assert game.current_player == 2
    assert refused(game, "take-pile 9h 2h") == "CC-4"
    play(game, "take-pile 9h 9s")
    assert game.pile_freezers == 0
    assert hand(game, 2) == cards("2h 7d Tc 9d 2c")


# --- CC-8: going out -------------------------------------------------------------------------


def test_CC_8_going_out_needs_a_canasta() -> None:
    """Without a canasta no play may leave fewer than two cards (CC-8), so nobody goes out;
    with one canasta the same play takes the player out."""
    game = start(("Jh Jd Js", "4c 4d", "5c 5s", "6h 6d"), stock="5d 8d", pile="Tc",
                 melds=(("Qh Qd Qs",), ()))
    play(game, "draw")
    assert refused(game, "meld Jh Jd Js") == "CC-8"
    done = start(("Jh Jd Js", "4c 4d", "5c 5s", "6h 6d"), stock="5d 8d", pile="Tc",
                 melds=((KINGS,), ()))
    play(done, "draw", "meld Jh Jd Js", "discard 5d")
    assert done.hand_results[-1].went_out == 0
    assert done.hand_results[-1].reason


def test_CC_8_keep_two_cards_after_a_lay_off() -> None:
    """A lay-off that would leave one card is refused while the side has no canasta."""
    game = start(("Qc", "4c 4d", "5d 5s", "6h 6d"), stock="8d 8h", pile="Tc",
                 melds=(("Qh Qd Qs",), ()))
    play(game, "draw")
    assert hand(game, 0) == cards("Qc 8d")
    assert refused(game, "lay-off 0 Qc") == "CC-8"
    assert game.is_legal("discard 8d")


def test_CC_8_two_player_game_needs_two_canastas() -> None:
    """With two players one canasta is not enough to go out (CC-8); two are."""
    one = start(("Jh Jd Js 8c 8d", "4c 4d"), stock="8h 5d 8s", pile="Tc",
                melds=((KINGS,), ()))
    play(one, "draw", "meld Jh Jd Js")
    assert refused(one, "meld 8c 8d 8h") == "CC-8"
    two = start(("Jh Jd Js 8c 8d", "4c 4d"), stock="8h 5d 8s", pile="Tc",
                melds=((KINGS, QUEENS), ()))
    play(two, "draw", "meld Jh Jd Js", "meld 8c 8d 8h", "discard 5d")
    assert two.hand_results[-1].went_out == 0
    assert sheet(two, 0)["going out"] == 100
    assert sheet(two, 0)["2 × natural canasta"] == 1000


def test_CC_8_three_player_game_needs_one_canasta() -> None:
    """With three players, as with four, one canasta lets a player go out."""
    game = start(("Jh Jd Js 8c 8d", "4c 4d", "5c 5s"), stock="8h 5d 8s", pile="Tc",
                 melds=((KINGS,), (), ()))
    play(game, "draw", "meld Jh Jd Js", "meld 8c 8d 8h", "discard 5d")
    assert game.hand_results[-1].went_out == 0


def test_CC_8_take_pile_must_leave_two_cards_without_a_canasta() -> None:
    """Taking a one-card pile with a pair from a three-card hand would leave one card:
    refused with CC-8 while the side has no canasta."""
    game = start(("9h 9s 5c", "4c 4d", "5d 5s", "6h 6d"), stock="8h 8d", pile="9d",
                 melds=(("Qh Qd Qs",), ()))
    assert refused(game, "take-pile 9h 9s") == "CC-8"
    assert legal(game) == {"draw"}


def test_CC_8_going_out_scores_100_when_the_side_had_melded() -> None:
    """Going out after the side has melded scores +100."""
    game = start((KINGS, "4c 4d", "5c 5s", "6h 6d"), stock="5h 8d", pile="Tc",
                 melds=(("Qh Qd Qs",), ()))
    play(game, "draw", f"meld {KINGS}", "discard 5h")
    assert sheet(game, 0)["going out"] == 100
    assert sheet_rules(game, 0)["going out"] == "CC-8"


def test_CC_8_concealed_going_out_scores_200() -> None:
    """A side with no melds at the start of the turn whose player melds the whole hand
    (here a natural canasta, 70 ≥ 50) and discards the last card goes out concealed:
    +200 instead of +100."""
    game = start((KINGS, "4c 4d", "5c 5s", "6h 6d"), stock="5h 8d", pile="Tc")
    play(game, "draw", f"meld {KINGS}", "discard 5h")
    assert game.hand_results[-1].went_out == 0
    assert sheet(game, 0) == {"melded cards": 70, "1 × natural canasta": 500,
                              "going out": 200, "cards left in hand": -10}


def test_CC_8_concealed_going_out_by_melding_the_whole_hand() -> None:
    """With two players: two canastas and a set melded from hand in one turn, no discard
    needed; concealed +200."""
    game = start((f"{KINGS} {QUEENS} Js", "4c 4d"), stock="Jh Jd 8s", pile="Tc")
    play(game, "draw", f"meld {KINGS}", f"meld {QUEENS}", "meld Jh Jd Js")
    assert game.hand_results[-1].went_out == 0
    assert sheet(game, 0)["going out"] == 200
    assert sheet(game, 0)["melded cards"] == 170


def test_CC_8_concealed_going_out_after_taking_the_pile() -> None:
    """Engine reading: the pile taken in the going-out turn does not spoil a concealed
    going out; what counts is that the side had no melds when the turn began."""
    game = start(("Kh Kh Kd Kd Ks Ks 9c 9c 9d", "4c 4d", "5c 5s", "6h 6d"),
                 stock="5h 8d", pile="7c 9h Kc")
    play(game, "take-pile Kh Kh Kd Kd Ks Ks", "meld 9c 9c 9d 9h", "discard 7c")
    assert sheet(game, 0)["going out"] == 200


def test_CC_8_partner_meld_earlier_in_the_hand_spoils_concealed() -> None:
    """Once the partner has melded, going out scores +100 even if the player melds the
    whole hand in one turn."""
    game = start((KINGS, "4c 4d 7s", "Ah Ad As 6c", "8h 8s 7h"), stock="5h 6d 7d 8c 8d",
                 pile="Tc")
    play(game, "draw", "discard 5h")
    play(game, "draw", "discard 6d")
    play(game, "draw", "meld Ah Ad As", "discard 6c")
    assert game.side_melds(0)
    play(game, "draw", "discard 8c")
    play(game, "draw", f"meld {KINGS}", "discard 8d")
    assert game.hand_results[-1].went_out == 0
    assert sheet(game, 0)["going out"] == 100


def test_CC_8_asking_the_partner() -> None:
    """With four players a player about to go out may ask the partner; "no" forbids going
    out this turn, "yes" obliges it (both cite CC-8). Seats with no partner cannot be
    asked."""
    def ready() -> Game:
        game = start(("Jh Jd Js", "4c 4d", "5c 5s", "6h 6d"), stock="8h 8d", pile="Tc",
                     melds=((KINGS,), ()))
        return play(game, "draw")

    game = ready()
    assert "ask 2" in legal(game)
    play(game, "ask 2")
    assert game.current_player == 2 and game.phase == "answer"
    play(game, "answer no")
    assert game.current_player == 0
    assert refused(game, "meld Jh Jd Js") == "CC-8"
    game = ready()
    play(game, "ask 2", "answer yes")
    assert refused(game, "discard 8h") == "CC-8"
    play(game, "meld Jh Jd Js", "discard 8h")
    assert game.hand_results[-1].went_out == 0
    three = start(("Jh Jd Js", "4c 4d", "5c 5s"), stock="8h 8d", pile="Tc",
                  melds=((KINGS,), (), ()))
    play(three, "draw")
    with pytest.raises(InvalidActionError):
        three.apply("ask 1")


# --- CC-9: canasta bonuses and the hand score ----------------------------------------------


def test_CC_9_mixed_300_and_natural_500() -> None:
    """A natural canasta scores 500, a mixed one 300, on top of the card values; cards left
    in the side's hands count against it."""
    game = start(("Jh Jd Js", "4c 4d", "5c 5s", "6h 6d"), stock="5d 8d", pile="Tc",
                 melds=((KINGS, "Qh Qh Qd Qd 2c 2d JK"), ()))
    play(game, "draw", "meld Jh Jd Js", "discard 5d")
    assert sheet(game, 0) == {"melded cards": 70 + 40 + 40 + 50 + 30,
                              "1 × mixed canasta": 300, "1 × natural canasta": 500,
                              "going out": 100, "cards left in hand": -10}
    rules = sheet_rules(game, 0)
    assert rules["1 × mixed canasta"] == rules["1 × natural canasta"] == "CC-9"
    result = game.hand_results[-1]
    assert result.sides[0].total == sum(sheet(game, 0).values())
    assert game.scores[0] == result.sides[0].cumulative == result.sides[0].total


def test_CC_9_wild_card_on_a_natural_canasta_makes_it_mixed() -> None:
    """A wild card laid off on a natural canasta turns it into a mixed one, scored 300."""
    game = start(("2c Jh Jd Js", "4c 4d", "5d 5s", "6h 6d"), stock="5c 8d", pile="Tc",
                 melds=((KINGS,), ()))
    play(game, "draw", "lay-off 0 2c")
    assert game.side_melds(0)[0].canasta == "mixed"
    assert game.side_canastas(0) == 1
    play(game, "meld Jh Jd Js", "discard 5c")
    assert sheet(game, 0)["1 × mixed canasta"] == 300
    assert "1 × natural canasta" not in sheet(game, 0)


@pytest.mark.parametrize(("card", "value"), [
    ("JK", 50), ("2c", 20), ("Ah", 20), ("Ks", 10), ("8d", 10), ("7h", 5), ("4c", 5),
    ("3s", 5), ("3h", 0),
])
def test_CC_9_card_values(card: str, value: int) -> None:
    """Card values: joker 50, 2 and ace 20, K to 8 10, 7 to 4 5, black 3 5."""
    game = canasta_family.new_game(VARIANT, seed=1)
    assert game.card_value(parse_card(card)) == value


# --- CC-10: end of the game ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [(2, 5000), (3, 7500), (4, 5000)])
def test_CC_10_default_target_by_player_count(players: int, target: int) -> None:
    """By default the game ends once a side has 5,000 (7,500 with three players)."""
    others = [0] * ((2 if players == 4 else players) - 1)
    below = pass_out(players, [target - 600, *others])
    assert not below.is_over
    assert below.hand_number == 1
    reached = pass_out(players, [target - 500, *others])
    assert reached.is_over
    assert reached.result is not None
    assert reached.result.winners == (0,)
    assert "CC-10" in reached.result.reason
    assert reached.scores[0] >= target


def test_CC_10_five_thousand_does_not_end_a_three_player_game() -> None:
    """With three players 5,000 is not the end: play goes on to 7,500."""
    game = pass_out(3, (5000, 0, 0))
    assert game.scores[0] == 5565
    assert not game.is_over
    assert game.phase == "draw"


@pytest.mark.parametrize("target", [2500, 5000, 7500, 10_000])
def test_CC_10_target_option(target: int) -> None:
    """The option ``target`` (2,500, 5,000, 7,500 or 10,000) sets the end, for any number
    of players; it is kept in the game's options."""
    for players in (3, 4):
        sides = 2 if players == 4 else players
        below = pass_out(players, (target - 600,) + (0,) * (sides - 1),
                         options={"target": target})
        assert not below.is_over
        assert below.options["target"] == target
        reached = pass_out(players, (target - 500,) + (0,) * (sides - 1),
                           options={"target": target})
        assert reached.is_over
        assert reached.result is not None and reached.result.winners == (0,)


def test_CC_10_target_zero_means_the_default() -> None:
    """``target`` 0 (the default value) means 5,000, or 7,500 with three players."""
    assert canasta_family.new_game(VARIANT, seed=1).options == {"target": 0, "retraction": True}
    assert not pass_out(3, (6000, 0, 0), options={"target": 0}).is_over
    assert pass_out(4, (4500, 0), options={"target": 0}).is_over


@pytest.mark.parametrize("options", [
    {"target": 3000}, {"target": 12_000}, {"target": True}, {"target": "5000"},
])
def test_CC_10_bad_target_is_refused(options: dict[str, object]) -> None:
    """Other targets raise InvalidOptionError citing CC-10."""
    with pytest.raises(InvalidOptionError) as info:
        canasta_family.new_game(VARIANT, seed=1, options=options)
    assert info.value.rule == "CC-10"


@pytest.mark.parametrize("name", ["no_wild_on_natural_canasta", "targets"])
def test_CC_10_unknown_options_are_refused(name: str) -> None:
    """Any other option name, American Samba's included, raises InvalidOptionError."""
    with pytest.raises(InvalidOptionError):
        canasta_family.new_game(VARIANT, seed=1, options={name: 1})


def test_CC_10_equal_leaders_draw() -> None:
    """Sides level on the highest total at the end draw."""
    game = pass_out(4, (4500, 4500))
    assert game.is_over
    assert game.result is not None
    assert game.result.winners == (0, 1)
    assert game.result.is_draw


def test_CC_10_no_action_after_the_game() -> None:
    """After the end every action is refused with the rule ``game-over``."""
    game = pass_out(2, (4500, 0))
    assert game.phase == "over"
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError) as info:
        game.apply("draw")
    assert info.value.rule == "game-over"


@pytest.mark.parametrize(("players", "target"), [(2, 5000), (3, 7500), (4, 5000)])
def test_CC_10_greedy_games_end_with_one_winner_at_the_target(players: int,
                                                              target: int) -> None:
    """Whole games between greedy players end at the default target with one winner:
    the game stops after the first hand in which a side reaches it."""
    for seed in (1, 2):
        game = full_game(players, seed)
        assert game.is_over and game.result is not None
        assert len(game.result.winners) == 1
        winner = game.result.winners[0]
        assert game.scores[winner] == max(game.scores) >= target
        assert all(score < game.scores[winner] for side, score in enumerate(game.scores)
                   if side != winner)
        earlier = game.hand_results[:-1]
        assert all(side.cumulative < target for result in earlier for side in result.sides)
        assert list(game.all_card_counts()) == [2] * 52 + [4]


def test_CC_10_target_option_recorded_and_replayed() -> None:
    """A game to 2,500 ends there; the option is stored in the record and ``replay``
    rebuilds the same game from the record, its JSON text or its data."""
    game = full_game(4, 5, target=2500)
    assert game.is_over and game.result is not None
    assert max(game.scores) >= 2500
    assert all(side.cumulative < 2500 for result in game.hand_results[:-1]
               for side in result.sides)
    record = game.record()
    assert record.options == {"target": 2500, "retraction": True}
    assert record.to_json()["options"] == {"target": 2500, "retraction": True}
    for source in (record, record.dumps(), record.to_json()):
        again = canasta_family.replay(source)
        assert again.options == {"target": 2500, "retraction": True}
        assert again == game
        assert again.result == game.result


def test_CC_10_arranged_game_with_target_replays() -> None:
    """An arranged hand with a chosen target replays to the same end."""
    game = pass_out(3, (2000, 0, 0), options={"target": 2500})
    assert game.is_over
    again = canasta_family.replay(game.record().dumps())
    assert again == game
    assert again.options["target"] == 2500


def test_CC_5_retraction_is_an_option() -> None:
    """CC-5: by default a short initial meld may be taken back (AS-24's reading); with the
    ``retraction`` option off, melded cards never go back (as PH-17) and a short first meld
    is legal only while the turn can still reach the minimum."""
    hands = ("9c 9d 9h 5s 6s 7d 8h", "4d 4h", "5d 5c", "6h 6d")
    game = start(hands, stock="Jh 8d", pile="Tc")
    play(game, "draw", "meld 9c 9d 9h")
    assert "retract" in legal(game)
    strict = start(hands, stock="Jh 8d", pile="Tc", options={"retraction": False})
    play(strict, "draw")
    assert refused(strict, "meld 9c 9d 9h") == "CC-5"
    assert "retract" not in legal(strict)
    reachable = start(("9c 9d 9h Kc Kd Kh 5s", "4d 4h", "5d 5c", "6h 6d"), stock="Jh 8d",
                      pile="Tc", options={"retraction": False})
    play(reachable, "draw", "meld 9c 9d 9h")
    assert refused(reachable, "retract") == "CC-5"
    assert refused(reachable, "discard 5s") == "CC-5"
    play(reachable, "meld Kc Kd Kh")
    assert reachable.has_initial_meld(0)
