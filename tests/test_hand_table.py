"""The table at the end of a hand (:mod:`canasta_family.hand_table`) and its drawing
(:mod:`canasta_family.terminal.hand_end`).

``table_of`` is checked field by field on arranged positions whose table is known, then
over random positions of every built-in variant: the JSON text round-trips exactly, the
table agrees with what the players observe, and its cards with the stock and the cards set
aside make up the deck. The drawing keeps to 80 columns for a crowded six-seat Pennies
from Heaven table.
"""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta_family
from canasta_family import Game, HandSetup, hand_table
from canasta_family.cards import Card, Rank, Suit, make_deck, parse_cards
from canasta_family.errors import CanastaError, RecordError
from canasta_family.hand_table import (
    HandTable,
    SeatTable,
    SideTable,
    meld_from_json,
    meld_to_json,
    table_of,
)
from canasta_family.melds import Meld, MeldKind
from canasta_family.players import GreedyPlayer, decide
from canasta_family.plugins import available_variants
from canasta_family.results import HandResult, SideScore
from canasta_family.terminal.hand_end import hand_table_renderable
from canasta_family.terminal.view import render_text
from canasta_family.testing import games

VARIANTS = tuple(info.name for info in available_variants())


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def samba_position() -> Game:
    """Four-seat American Samba: side 0 has a natural canasta of aces and a club run, side
    1 a set of eights with a wild 2; red 3s on both sides."""
    return canasta_family.new_game("american-samba", players=4, seed=1, start=HandSetup(
        hands=("4c 5d 6h 7s 8c", "9h 9s JK Ks Kd Kh 5c", "4d 5h 6s", "7c 8d 9d"),
        pile="10c 4h 9c", stock="Qh Qs Jc Jd 10h 10s",
        melds=(("Ac Ad Ah As Ac Ad Ah", "5c 6c 7c"), ("8h 8s 2d",)),
        red_threes=("3h", "3d 3h")))


def pennies_position() -> Game:
    """Six-seat Pennies from Heaven: seats 0 and 2 have picked up their feet, side 0 holds
    a sevens canasta, side 1 a wild-card canasta and a mixed one."""
    return canasta_family.new_game("pennies-from-heaven", players=6, seed=1, start=HandSetup(
        hands=("4c 5d", "9h 9s 7c", "4d", "7c", "8d", "9d"),
        feet=("", "5s 5h", "", "6d", "7d", "8s"),
        melds=(("7c 7d 7d 7d 7h 7h 7s", "Kc Kd Kh Ks 2c", "5c 5c 5d"),
               ("2c 2d 2h 2s 2c JK JK", "Ac Ad Ah As Ac Ad JK")),
        red_threes=("3h 3d", ""), pile="10c 4h", stock="Qh Qs Jc", to_play=1))


# --- table_of on arranged positions ------------------------------------------------------------


def test_arranged_samba_table_holds_every_field() -> None:
    table = table_of(samba_position(), went_out=None)
    aces, run = table.sides[0].melds
    assert aces == Meld(kind=MeldKind.SET, rank=Rank.ACE, suit=None,
                        cards=cards("Ac Ac Ad Ad Ah Ah As"), wilds=0, canasta="natural")
    assert run == Meld(kind=MeldKind.RUN, rank=None, suit=Suit.CLUBS, cards=cards("5c 6c 7c"),
                       wilds=0, canasta=None)
    assert table.sides[1].melds == (Meld(kind=MeldKind.SET, rank=Rank.EIGHT, suit=None,
                                         cards=cards("2d 8h 8s"), wilds=1, canasta=None),)
    assert [side.side for side in table.sides] == [0, 1]
    assert table.sides[0].red_threes == cards("3h")
    assert table.sides[1].red_threes == cards("3d 3h")
    assert table.sides[0].canasta_kinds == ("natural",)
    assert table.sides[1].canasta_kinds == ()
    assert table.seats == (
        SeatTable(seat=0, hand=cards("4c 5d 6h 7s 8c"), foot=None, foot_picked_up=False),
        SeatTable(seat=1, hand=cards("5c 9h 9s Kd Kh Ks JK"), foot=None, foot_picked_up=False),
        SeatTable(seat=2, hand=cards("4d 5h 6s"), foot=None, foot_picked_up=False),
        SeatTable(seat=3, hand=cards("7c 8d 9d"), foot=None, foot_picked_up=False),
    )
    assert [seat.cards_left for seat in table.seats] == [5, 7, 3, 3]
    assert table.pile == cards("10c 4h 9c")
    assert table.pile_top == Card.parse("9c")
    assert table.stock_size == 6
    assert table.went_out is None


def test_table_follows_the_moves_played() -> None:
    game = samba_position()
    game.apply("take-pile 9h 9s")
    game.apply("meld Kd Kh Ks")
    game.apply("discard 5c")
    table = table_of(game, went_out=None)
    assert [str(meld) for meld in table.sides[1].melds] == ["2d 8h 8s", "9c 9h 9s", "Kd Kh Ks"]
    assert table.seats[1].hand == cards("4h 10c JK")
    assert table.pile == cards("5c")
    assert table.stock_size == 6
    assert table.sides[0] == table_of(samba_position(), went_out=None).sides[0]


def test_arranged_pennies_table_holds_feet_and_canasta_kinds() -> None:
    table = table_of(pennies_position(), went_out=4)
    assert table.went_out == 4
    assert [side.canasta_kinds for side in table.sides] == [("sevens",), ("wild", "mixed")]
    wild = table.sides[1].melds[0]
    assert (wild.kind, wild.rank, wild.wilds, wild.cards) == (
        MeldKind.SET, None, 7, cards("2c 2c 2d 2h 2s JK JK"))
    assert table.sides[0].melds[1].cards == cards("2c Kc Kd Kh Ks")
    assert table.sides[0].red_threes == cards("3h 3d")
    assert table.sides[1].red_threes == ()
    assert [(seat.foot, seat.foot_picked_up) for seat in table.seats] == [
        ((), True), (cards("5h 5s"), False), ((), True), (cards("6d"), False),
        (cards("7d"), False), (cards("8s"), False)]
    assert table.seats[1].hand == cards("7c 9h 9s")
    assert (table.pile, table.stock_size) == (cards("10c 4h"), 3)


def test_table_is_a_frozen_value() -> None:
    table = table_of(samba_position(), went_out=None)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        table.stock_size = 0  # type: ignore[misc]
    assert isinstance(table.sides, tuple) and isinstance(table.seats, tuple)
    assert table == table_of(samba_position(), went_out=None)
    assert table != attrs.evolve(table, went_out=1)


def test_hand_table_module_imports_the_engine_only_for_type_checking() -> None:
    """results.py imports hand_table and engine.py imports results: an engine import at
    run time would close a circle."""
    tree = ast.parse(Path(hand_table.__file__).read_text(encoding="utf-8"))
    runtime = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    modules = [node.module for node in runtime if isinstance(node, ast.ImportFrom)]
    modules += [alias.name for node in runtime if isinstance(node, ast.Import)
                for alias in node.names]
    assert "canasta_family.engine" not in modules
    guarded = [node for node in tree.body if isinstance(node, ast.If)
               and ast.unparse(node.test) == "TYPE_CHECKING"]
    assert any("canasta_family.engine" in ast.unparse(node) for node in guarded)


# --- HandResult --------------------------------------------------------------------------------


def test_hand_result_carries_a_table_or_none() -> None:
    sheets = (SideScore(side=0, items=(), total=0, cumulative=0),
              SideScore(side=1, items=(), total=0, cumulative=0))
    bare = HandResult(number=0, dealer=0, went_out=None, reason="x", sides=sheets, turns=3)
    assert bare.table is None
    table = table_of(samba_position(), went_out=None)
    kept = attrs.evolve(bare, table=table)
    assert kept.table is table and kept != bare


# --- JSON --------------------------------------------------------------------------------------


def test_json_shape() -> None:
    table = table_of(pennies_position(), went_out=None)
    data = table.to_json()
    assert set(data) == {"sides", "seats", "pile", "stock_size", "went_out"}
    assert data["pile"] == "10c 4h" and data["stock_size"] == 3 and data["went_out"] is None
    assert data["sides"][1] == {"side": 1, "red_threes": "", "melds": [
        {"kind": "set", "rank": None, "suit": None, "cards": "2c 2c 2d 2h 2s JK JK",
         "wilds": 7, "canasta": "wild"},
        {"kind": "set", "rank": "A", "suit": None, "cards": "Ac Ac Ad Ad Ah As JK",
         "wilds": 1, "canasta": "mixed"}]}
    assert data["seats"][1] == {"seat": 1, "hand": "7c 9h 9s", "foot": "5h 5s",
                                "foot_picked_up": False}
    assert data["seats"][0]["foot"] == ""
    samba = table_of(samba_position(), went_out=2).to_json()
    assert samba["seats"][0]["foot"] is None and samba["went_out"] == 2
    assert samba["sides"][0]["melds"][1] == {"kind": "run", "rank": None, "suit": "c",
                                            "cards": "5c 6c 7c", "wilds": 0, "canasta": None}


@pytest.mark.parametrize("make", [samba_position, pennies_position])
def test_json_text_round_trips(make: object) -> None:
    assert callable(make)
    table = table_of(make(), went_out=3)
    again = HandTable.from_json(json.loads(json.dumps(table.to_json())))
    assert again == table
    assert again.to_json() == table.to_json()


def test_ten_and_joker_ranks_round_trip() -> None:
    for meld in (Meld(kind=MeldKind.SET, rank=Rank.TEN, suit=None, cards=cards("10c 10d 10h"),
                      wilds=0, canasta=None),
                 Meld(kind=MeldKind.RUN, rank=None, suit=Suit.SPADES,
                      cards=cards("8s 9s 10s Js Qs Ks As"), wilds=0, canasta="clean")):
        assert meld_from_json(json.loads(json.dumps(meld_to_json(meld)))) == meld


def good_json() -> dict[str, object]:
    return table_of(samba_position(), went_out=None).to_json()


@pytest.mark.parametrize(("change", "named"), [
    (lambda d: d.pop("pile"), "table: missing field(s) pile"),
    (lambda d: d.update(extra=1), "table: unknown field(s) extra"),
    (lambda d: d.update(pile="10c Zz"), "table.pile: 'Zz' is not a card"),
    (lambda d: d.update(pile=["10c"]), "table.pile must be cards as text"),
    (lambda d: d.update(stock_size=-1), "table.stock_size must be a whole number"),
    (lambda d: d.update(stock_size=True), "table.stock_size must be a whole number"),
    (lambda d: d.update(went_out="1"), "table.went_out must be a whole number"),
    (lambda d: d.update(sides={}), "table.sides must be a list"),
    (lambda d: d["sides"].__setitem__(1, []), "table.sides[1] must be a JSON object"),
    (lambda d: d["sides"][0]["melds"][1].update(kind="pair"),
     "table.sides[0].melds[1].kind must be one of set, run"),
    (lambda d: d["sides"][0]["melds"][0].update(rank="1"),
     "table.sides[0].melds[0].rank must be null or one of"),
    (lambda d: d["sides"][0]["melds"][1].update(suit="x"),
     "table.sides[0].melds[1].suit must be null or one of"),
    (lambda d: d["sides"][0]["melds"][0].update(canasta=7),
     "table.sides[0].melds[0].canasta must be text or null"),
    (lambda d: d["sides"][1]["melds"][0].pop("wilds"),
     "table.sides[1].melds[0]: missing field(s) wilds"),
    (lambda d: d["sides"][1].update(red_threes=None), "table.sides[1].red_threes must be cards"),
    (lambda d: d["seats"][2].update(foot_picked_up=0),
     "table.seats[2].foot_picked_up must be true or false"),
    (lambda d: d["seats"][3].update(hand="7c 8q"), "table.seats[3].hand: '8q' is not a card"),
    (lambda d: d["seats"][0].update(foot=3), "table.seats[0].foot must be cards as text"),
])
def test_malformed_json_names_the_field(change: object, named: str) -> None:
    data = json.loads(json.dumps(good_json()))
    assert callable(change)
    change(data)
    with pytest.raises(RecordError) as info:
        HandTable.from_json(data)
    assert named in str(info.value)
    assert isinstance(info.value, CanastaError) and isinstance(info.value, ValueError)


def test_from_json_refuses_what_is_not_an_object() -> None:
    with pytest.raises(RecordError, match="table must be a JSON object, not list"):
        HandTable.from_json([])


# --- every variant, random positions -----------------------------------------------------------


def check_table(game: Game, table: HandTable) -> None:
    """The table agrees with the game's observation, and with the stock and the cards set
    aside holds exactly the deck."""
    obs = game.observation(0)
    assert [side.melds for side in table.sides] == list(obs.melds)
    assert [side.red_threes for side in table.sides] == list(obs.red_threes)
    assert [seat.cards_left for seat in table.seats] == list(obs.hand_sizes)
    assert table.seats[0].hand == obs.hand
    has_feet = game.deal_rules.foot_size > 0
    for seat in table.seats:
        if has_feet:
            assert seat.foot is not None and len(seat.foot) == obs.foot_sizes[seat.seat]
            assert seat.foot_picked_up == obs.feet_picked_up[seat.seat]
        else:
            assert seat.foot is None and not seat.foot_picked_up
    assert table.pile_top == obs.pile_top and len(table.pile) == obs.pile_size
    assert table.stock_size == obs.stock_size
    held: Counter[Card] = Counter(table.pile)
    for side in table.sides:
        held.update(side.red_threes)
        # A reserve hand still waiting (Buraco's morto); None in variants without one.
        assert (side.reserve is None) == (not game.reserve_rules.size)
        held.update(side.reserve or ())
        for meld in side.melds:
            held.update(meld.cards)
    for seat in table.seats:
        held.update(seat.hand)
        held.update(seat.foot or ())
    held.update(game.stock_cards())
    held.update(game.aside_cards())
    assert held == Counter(game.deck)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), variant=st.sampled_from(VARIANTS))
def test_random_positions_round_trip(data: st.DataObject, variant: str) -> None:
    game = data.draw(games(variant, steps=st.integers(0, 150)), label="game")
    went_out = data.draw(st.none() | st.integers(0, game.num_players - 1), label="went_out")
    table = table_of(game, went_out=went_out)
    check_table(game, table)
    text = json.dumps(table.to_json())
    assert HandTable.from_json(json.loads(text)) == table
    assert table.went_out == went_out
    assert [seat.seat for seat in table.seats] == list(range(game.num_players))
    assert [side.side for side in table.sides] == list(range(len(game.sides)))
    for line in render_text(hand_table_renderable(table, game.sides), width=200).splitlines():
        assert len(line) <= 80


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_table_at_the_start(variant: str) -> None:
    game = canasta_family.new_game(variant, seed=4)
    table = table_of(game, went_out=None)
    check_table(game, table)
    assert all(side.melds == () for side in table.sides)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_position_of_a_greedy_hand(variant: str) -> None:
    """Every position of a hand played by greedy players, up to the move that ends it."""
    game = canasta_family.new_game(variant, seed=8)
    bots = [GreedyPlayer() for _ in range(game.num_players)]
    positions = 0
    while not game.hand_results:
        table = table_of(game, went_out=None)
        check_table(game, table)
        assert HandTable.from_json(json.loads(json.dumps(table.to_json()))) == table
        game.apply(decide(bots[game.current_player], game))
        positions += 1
    assert positions > 10


# --- the drawing -------------------------------------------------------------------------------


def crowded_pennies_table() -> tuple[HandTable, tuple[tuple[int, ...], ...]]:
    """A six-seat Pennies table played by greedy players until sides hold many melds,
    taken just before the move that ends the hand."""
    game = canasta_family.new_game("pennies-from-heaven", players=6, seed=3)
    bots = [GreedyPlayer() for _ in range(6)]
    table = table_of(game, went_out=None)
    while not game.hand_results:
        table = table_of(game, went_out=None)
        game.apply(decide(bots[game.current_player], game))
    return table, game.sides


def test_crowded_pennies_hand_fits_80_columns() -> None:
    table, sides = crowded_pennies_table()
    assert sum(len(side.melds) for side in table.sides) >= 12
    text = render_text(hand_table_renderable(table, sides), width=200)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    for side in table.sides:
        for index, meld in enumerate(side.melds):
            assert f"{index}: " in text and " ".join(map(str, meld.cards)) in text
    for seat in table.seats:
        assert f"Seat {seat.seat} (side {seat.seat % 2}): " in text


def test_largest_tables_fit_the_width() -> None:
    """Long melds, eight red 3s, a 30-card hand and full feet, drawn at 80 and 40 columns."""
    deck = make_deck(4)
    naturals = [card for card in deck if not card.is_wild and not card.is_red_three]
    melds = tuple(Meld(kind=MeldKind.SET, rank=Rank.KING, suit=None,
                       cards=tuple(naturals[i:i + 4 + i % 9]), wilds=0,
                       canasta="natural" if i % 2 else None) for i in range(0, 180, 12))
    reds = cards("3h 3d 3h 3d 3h 3d 3h 3d")
    table = HandTable(
        sides=(SideTable(0, melds, reds), SideTable(1, melds[:3], ())),
        seats=tuple(SeatTable(seat, tuple(naturals[:30]), tuple(naturals[30:41]), seat == 2)
                    for seat in range(6)),
        pile=tuple(naturals[:60]), stock_size=0, went_out=5)
    sides = ((0, 2, 4), (1, 3, 5))
    for width in (80, 40, 30):
        text = render_text(hand_table_renderable(table, sides, width), width=200)
        assert max(len(line) for line in text.splitlines()) <= width
        assert "seat 5 went out" in text and "Pile: 60 cards, top" in text
        assert "red 3s: 3h 3d 3h 3d" in text.replace("\n", " ").replace("    ", "")


def test_drawing_says_what_ended_the_hand() -> None:
    game = pennies_position()
    text = render_text(hand_table_renderable(table_of(game, went_out=1), game.sides))
    assert text.splitlines()[0] == "The table as the hand ended — seat 1 went out"
    assert "Seat 1 (side 1): went out, 3 cards left: 7c 9h 9s" in text
    assert "    foot not picked up, 2 cards: 5h 5s" in text
    assert "Seat 0 (side 0): 2 cards left: 4c 5d — foot picked up" in text
    assert "Side 0 (seats 0+2+4) — red 3s: 3h 3d — 1 canasta" in text
    assert "0: 7c 7d 7d 7d 7h 7h 7s (7) ★ sevens" in text
    assert "0: 2c 2c 2d 2h 2s JK JK (7) ★ wild" in text
    assert "2: 5c 5c 5d (3)" in text
    assert "Pile: 2 cards, top 4h — stock: 3 cards" in text
    samba = samba_position()
    text = render_text(hand_table_renderable(table_of(samba, went_out=None), samba.sides))
    assert "no one went out" in text and "1: run 5c 6c 7c (3)" in text
    assert "foot" not in text


def test_drawing_refuses_a_width_too_narrow() -> None:
    with pytest.raises(CanastaError, match="width"):
        hand_table_renderable(table_of(samba_position(), went_out=None), ((0, 2), (1, 3)), 10)


@pytest.mark.parametrize("variant", [info.name for info in available_variants()])
def test_every_finished_hand_keeps_the_table_it_ended_on(variant: str) -> None:
    """Each ``HandResult`` of a played game holds the table its hand ended on: the seat
    that went out holds no card, the table's cards with the hand's stock and the cards
    set aside make up the deck, and the table survives JSON."""
    game = canasta_family.new_game(variant, seed=4)
    bots = [GreedyPlayer() for _ in range(game.num_players)]
    while len(game.hand_results) < 2 and not game.is_over:
        before = game.clone()
        game.apply(decide(bots[game.current_player], game))
        if len(game.hand_results) > len(before.hand_results):
            result = game.hand_results[-1]
            table = result.table
            assert table is not None and table.went_out == result.went_out
            if result.went_out is not None:
                assert table.seats[result.went_out].hand == ()
            assert HandTable.from_json(json.loads(json.dumps(table.to_json()))) == table
            melded = sum(len(m.cards) for side in table.sides for m in side.melds)
            reds = sum(len(side.red_threes) + len(side.reserve or ()) for side in table.sides)
            held = sum(len(seat.hand) + len(seat.foot or ()) for seat in table.seats)
            aside = len(before.aside_cards())
            assert melded + reds + held + len(table.pile) + table.stock_size + aside \
                == len(game.deck)
