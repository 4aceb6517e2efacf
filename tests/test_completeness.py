"""Brute-force proof that ``legal_actions()`` lists exactly the legal actions.

For a position, every candidate action is built by brute force from the hand of the
player to move (every sub-multiset of the hand as meld, lay-off and take-pile cards, every
meld number, every seat ...). The engine's listing must equal the
candidates that ``is_legal`` accepts, hold no duplicates, and hold nothing illegal. The
listing and the checks are written independently in the engine, so each tests the other.

The positions are arranged (``HandSetup``) to hit the rules that shape the listing:
frozen and unfrozen piles (AS-18/19/20), initial melds and their minimum (AS-22/23/24),
going out and keeping cards (AS-35), black 3s (AS-33), the partner question (AS-36),
merging (AS-13) and the exhausted stock (AS-38/39). A hypothesis property then runs the
same proof on positions reached by random play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import canasta_family
from canasta_family import (
    Action,
    Answer,
    Ask,
    Discard,
    Draw,
    Game,
    HandSetup,
    IllegalActionError,
    LayOff,
    MakeMeld,
    Merge,
    Pass,
    PickUp,
    PlaceRedThree,
    Retract,
    TakePile,
    parse_card,
)
from canasta_family.players import RandomPlayer
from canasta_family.plugins import BUILTIN_VARIANTS, find_variant

RED_THREES = (parse_card("3d"), parse_card("3h"))
# Every built-in variant, American Samba (the reference) twice as often as the others.
VARIANTS = ("american-samba", *BUILTIN_VARIANTS)
RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
OUTSIDER = parse_card("Ad")  # used as "a card nobody holds" in the arranged positions


# --- brute force -------------------------------------------------------------------------


def _picks(limits: Sequence[int], min_size: int) -> Iterator[tuple[int, ...]]:
    """Count vectors below ``limits`` (componentwise) with at least ``min_size`` cards."""
    for pick in product(*(range(n + 1) for n in limits)):
        if sum(pick) >= min_size:
            yield pick


def candidate_actions(game: Game) -> set[Action]:
    """Every action worth trying in the current position, legal or not."""
    player = game.current_player
    hand = game.hand_cards(player)
    side = game.side_of(player)
    n_melds = len(game.side_melds(side))
    counts = Counter(hand)
    keys = sorted(counts, key=lambda card: card.code)
    limits = tuple(counts[key] for key in keys)
    # Sub-multisets as count vectors over ``keys``; ``cards_of`` turns one into cards.
    cards_of = {pick: tuple(key for key, n in zip(keys, pick, strict=True) for _ in range(n))
                for pick in _picks(limits, 0)}
    subs = [cards for pick, cards in cards_of.items() if cards]
    out: set[Action] = {Draw(), Pass(), Retract(), Answer(yes=True), Answer(yes=False)}
    out.update(Discard(card) for card in keys)
    if OUTSIDER not in counts:
        out.add(Discard(OUTSIDER))
    out.update(PlaceRedThree(card) for card in RED_THREES)
    for sub in subs:
        out.add(MakeMeld(sub))
        out.add(TakePile(cards=sub))
    # One meld number past the end checks that a missing meld is never listed.
    for index in range(n_melds + 1):
        out.add(TakePile(onto=index))
        out.add(PickUp(onto=index))
        out.update(LayOff(index, sub) for sub in subs)
        out.update(Merge(index, other) for other in range(n_melds + 1))
    out.update(Ask(seat) for seat in range(game.num_players))
    return out


def assert_listing_exact(game: Game) -> tuple[Action, ...]:
    """The brute-force check: listed == legal candidates, no duplicates, all legal."""
    before = game.snapshot()
    listed = game.legal_actions()
    assert len(listed) == len(set(listed)), "legal_actions() holds duplicates: " + ", ".join(
        str(a) for a, n in Counter(listed).items() if n > 1)
    not_legal = [str(a) for a in listed if not game.is_legal(a)]
    assert not_legal == [], f"listed but refused by is_legal: {not_legal}"
    legal = {a for a in candidate_actions(game) if game.is_legal(a)}
    missing = sorted(str(a) for a in legal - set(listed))
    extra = sorted(str(a) for a in set(listed) - legal)
    assert missing == [], f"legal but not listed (phase {game.phase}): {missing}"
    assert extra == [], f"listed but outside the brute-force candidates: {extra}"
    assert game.snapshot() == before, "listing or checking changed the game"
    return listed


def texts(actions: Sequence[Action]) -> set[str]:
    return {str(a) for a in actions}


def arranged(players: int, hands: Sequence[str], *, pile: str, stock: str | None,
             melds: Sequence[Sequence[str]] | None = None,
             scores: Sequence[int] | None = None, to_play: int = 0) -> Game:
    dealer = (to_play - 1) % players
    return canasta_family.new_game(
        "american-samba", players=players, seed=1,
        start=HandSetup(hands=tuple(hands), pile=pile, stock=stock, melds=melds,
                        scores=scores, dealer=dealer, to_play=to_play))


def test_brute_force_generator_is_exhaustive() -> None:
    """The candidate generator itself: with n distinct cards there are 2^n - 1 melds and
    as many takes with cards (plus the take onto meld 0); repeated cards give
    (c1 + 1)(c2 + 1)... - 1 melds."""
    game = arranged(2, ["4c 7d 9h Js Ad", "4c 4d 4h 8s 8d"], pile="6c 9s", stock="Qs Qh")
    kinds = Counter(type(a).__name__ for a in candidate_actions(game))
    assert kinds["MakeMeld"] == 2**5 - 1
    assert kinds["TakePile"] == 2**5 - 1 + 1
    # No melds: only meld number 0, one past the end, is tried.
    assert kinds["LayOff"] == 2**5 - 1 and kinds["Merge"] == 1
    game = arranged(2, ["7c 7c 7c 8d 8d", "4c 4d 4h 8s 8d"], pile="6c 9s", stock="Qs Qh")
    melds = [a for a in candidate_actions(game) if isinstance(a, MakeMeld)]
    assert len(melds) == 4 * 3 - 1


# --- arranged positions --------------------------------------------------------------------


def test_AS_23_initial_take_listed_when_the_hand_can_complete_it() -> None:
    """AS-22/23: a side without initial meld takes a frozen pile only with a natural pair;
    a take short of 50 by itself is listed because the hand's Ks or 5s can make it up."""
    game = arranged(2, ["9c 9d 9h 2c Kd Kh Ks 5c 5d", "4c 4d 4h 8s 8d"],
                    pile="6c 9s", stock="Qs Qh Jd Jc")
    listed = texts(assert_listing_exact(game))
    assert "draw" in listed
    assert "take-pile 2c 9c 9d" in listed  # 10 + 20 + 20 = 50 by itself
    assert "take-pile 9c 9d" in listed  # 30, then the Ks (30) or 5s with the 2 (30)
    assert not any(t.startswith("take-pile onto") for t in listed)


def test_AS_23_initial_take_then_only_plays_that_keep_the_minimum_reachable() -> None:
    """AS-23: after a take short of the minimum (90 here) the player must meld from hand
    until it is reached: no discard, no retraction, and only plays after which the rest of
    the hand can still make it up. ``take-pile 2c 9c 9d`` (50) is refused: the Ks (30)
    alone cannot bring it to 90 and the Qs need the 2."""
    game = arranged(2, ["9c 9d Kd Kh Ks Qc Qd 2c 4s", "4c 4d 4h 8s 8d"],
                    pile="6c 9s", stock="Qs Qh Jd Jc", scores=(1500, 0))
    listed = texts(assert_listing_exact(game))
    assert "take-pile 9c 9d" in listed and "take-pile 2c 9c 9d" not in listed
    with pytest.raises(canasta_family.IllegalActionError) as caught:
        game.apply("take-pile 2c 9c 9d")
    assert caught.value.rule == "AS-23"
    game.apply("take-pile 9c 9d")
    assert game.initial_meld_count() == 30
    listed = texts(assert_listing_exact(game))
    # K K K (30) + Q Q 2 (40) reach 90 in either order; K K K 2 (50) strands the Qs.
    assert {t for t in listed if not t.startswith("discard")} == {
        "meld Kd Kh Ks", "meld 2c Qc Qd"}
    assert not any(t.startswith(("discard", "retract", "ask")) for t in listed)
    for text, rule in (("discard 4s", "AS-23"), ("retract", "AS-23"),
                       ("meld 2c Kd Kh Ks", "AS-23")):
        before = game.snapshot()
        with pytest.raises(canasta_family.IllegalActionError) as caught:
            game.apply(text)
        assert caught.value.rule == rule, text
        assert game.snapshot() == before
    game.apply("meld Kd Kh Ks")
    assert texts(assert_listing_exact(game)) >= {"meld 2c Qc Qd"}
    assert not any(t.startswith("discard") for t in texts(game.legal_actions()))
    game.apply("meld 2c Qc Qd")
    assert game.has_initial_meld(0) and game.initial_meld_count() == 100
    assert "discard 4s" in texts(assert_listing_exact(game))


def test_AS_23_cards_from_the_pile_do_not_count() -> None:
    """AS-23: of the pile only the top card counts: the cards that make up the minimum are
    the hand's. Two Ks in the pile make a set with the hand's K, but only that K counts, so
    the take cannot reach 50 and is refused. With three Ks in hand the K from the pile may
    join them at once: it counts nothing, the three beside it do."""
    game = arranged(2, ["9c 9d Kd 4s 5h 7c", "4c 4d 4h 8s 8d"],
                    pile="Kh Ks 6c 9s", stock="Qs Qh Jd Jc")
    listed = texts(assert_listing_exact(game))
    assert not any(t.startswith("take-pile") for t in listed)
    before = game.snapshot()
    with pytest.raises(canasta_family.IllegalActionError, match="rest of the pile") as caught:
        game.apply("take-pile 9c 9d")
    assert caught.value.rule == "AS-23" and game.snapshot() == before
    game = arranged(2, ["9c 9d Kd Kc Kh 4s 5h", "4c 4d 4h 8s 8d"],
                    pile="Ks 6c 9s", stock="Qs Qh Jd Jc")
    game.apply("take-pile 9c 9d")
    listed = texts(assert_listing_exact(game))
    assert {"meld Kc Kd Kh", "meld Kc Kd Kh Ks"} <= listed
    game.apply("meld Kc Kd Kh Ks")
    assert game.initial_meld_count() == 60 and game.has_initial_meld(0)


def test_AS_22_negative_score_needs_only_15() -> None:
    """AS-22: a side with a negative score needs 15, so a pair of 5s takes the pile."""
    game = arranged(2, ["5c 5d Kc Qd 8h", "4c 4d 4h 8s 8d"], pile="Jc 5s",
                    stock="Qs Qh Jd Jc", scores=(-120, 300))
    listed = texts(assert_listing_exact(game))
    assert "take-pile 5c 5d" in listed


def test_AS_20_unfrozen_pile_takes_onto_melds_not_canastas() -> None:
    """AS-20: an unfrozen pile is taken by laying its top off on a non-canasta meld of the
    side (set or sequence), or with a natural pair; never onto a canasta."""
    game = arranged(4, ["7d 7c Qs 2c Jd", "4c 4d 4h 8s", "9c 9d 9h", "10c 10d 10h"],
                    pile="5c 9d 7h", stock="Qs Qh Jd Jc",
                    melds=(("7c 7d 7s", "4h 5h 6h", "7h 7h 7s 7s 7d 7c 2c"), ()))
    listed = texts(assert_listing_exact(game))
    assert {"take-pile onto 0", "take-pile onto 1", "take-pile 7c 7d",
            "take-pile 2c 7c 7d"} <= listed
    assert "take-pile onto 2" not in listed


def test_AS_19_frozen_pile_with_initial_meld() -> None:
    """AS-18a/19: a wild card in the pile freezes it even for a side that has melded: only
    natural pairs (plus optional wild cards) take it, no lay-off take."""
    game = arranged(4, ["8c 8s 8d 2d Kc", "4c 4d 4h 8s", "9c 9d 9h", "10c 10d 10h"],
                    pile="2c 5d 8h", stock="Qs Qh Jd Jc",
                    melds=(("8c 8d 8h", "Jh Qh Kh"), ()))
    listed = texts(assert_listing_exact(game))
    assert "take-pile 8c 8s" in listed and "take-pile 2d 8c 8d 8s" in listed
    assert "take-pile onto 0" not in listed


@pytest.mark.parametrize("top", ["3s", "JK", "2h"])
def test_AS_17_blocked_top_only_draw(top: str) -> None:
    """AS-17/32: a black 3 or a wild card on top stops the pile for everybody."""
    game = arranged(2, ["3c 3c Kc Kd 2c JK", "4c 4d 4h 8s 8d"], pile=f"9c {top}",
                    stock="Qs Qh Jd Jc", melds=(("Kh Ks Kd",), ()))
    listed = texts(assert_listing_exact(game))
    assert listed == {"draw"}


def test_AS_39_exhausted_stock_forces_layoff_take() -> None:
    """AS-39: with the stock exhausted, a top card that fits a meld must be taken (no pass)."""
    game = arranged(2, ["Qc Qd 9s 5h", "4c 4d 4h 8s 8d"], pile="6c Kd", stock="",
                    melds=(("Kh Ks Kc",), ()))
    listed = texts(assert_listing_exact(game))
    assert "take-pile onto 0" in listed
    assert "pass" not in listed and "draw" not in listed


def test_AS_39_exhausted_stock_pass_or_pair() -> None:
    """AS-39: with the stock exhausted and no lay-off take, the player takes with a pair or
    passes."""
    game = arranged(2, ["Qc Qd 9s 5h", "4c 4d 4h 8s 8d"], pile="6c Qh", stock="",
                    melds=(("Kh Ks Kc",), ()))
    listed = texts(assert_listing_exact(game))
    assert listed == {"take-pile Qc Qd", "pass"}


def test_AS_35_single_card_hand_cannot_take_onto() -> None:
    """AS-35: taking a one-card pile onto a meld would leave a single card for a side that
    cannot go out, so it is not allowed; passing is."""
    game = arranged(2, ["Qc", "4c 4d 4h 8s 8d"], pile="Kd", stock="",
                    melds=(("Kh Ks Kc",), ()))
    listed = texts(assert_listing_exact(game))
    assert listed == {"pass"}


def test_AS_38_one_card_stock_and_play_phase() -> None:
    """AS-38: a one-card stock gives one card; then the play phase is listed exactly."""
    game = arranged(2, ["Kd Ks 7s 3s 8s 8h JK 9c", "4c 4d 4h 8s 8d"], pile="6c 9d",
                    stock="Qs", melds=(("Kc Kd Kh", "4s 5s 6s", "Kc Ks 2d"), ()))
    game.apply("draw")
    assert game.hand_size(0) == 9 and game.stock_size == 0
    listed = texts(assert_listing_exact(game))
    assert {"lay-off 0 Kd Ks JK", "lay-off 1 7s 8s", "merge 0 2", "discard 3s"} <= listed


def test_AS_13_play_phase_with_initial_meld() -> None:
    """AS-12/13: lay-offs on sets and sequences and merges of same-rank sets, after drawing
    two cards (exact stock)."""
    game = arranged(4, ["Kd Ks 7s 3s 8s 8h JK", "4c 4d 4h 8s", "9c 9d 9h", "10c 10d 10h"],
                    pile="6c 9d", stock="Qs Qh Jd Jc",
                    melds=(("Kc Kd Kh", "4s 5s 6s", "Kc Ks 2d"), ()))
    game.apply("draw")
    assert game.hand_cards(0) == tuple(sorted(
        canasta_family.parse_cards("Kd Ks 7s 3s 8s 8h JK Qs Qh"), key=lambda c: c.code))
    listed = texts(assert_listing_exact(game))
    assert {"merge 0 2", "lay-off 1 7s 8s", "lay-off 0 Kd Ks JK", "meld 8h 8s JK",
            "meld Qh Qs JK"} <= listed
    assert not any(t.startswith("ask") for t in listed)  # side 0 has no canasta (AS-35)


def test_AS_24_provisional_initial_meld_and_retract() -> None:
    """AS-24: a short initial meld blocks the discard and can be retracted (minimum +100);
    each step's listing is exact."""
    game = arranged(2, ["7c 7d 7h 8c 8d 2s Ac", "4c 4d 4h 8s 8d"], pile="6c 9d",
                    stock="Qs Qh Jd Jc")
    game.apply("draw")
    assert_listing_exact(game)
    game.apply("meld 7c 7d 7h")
    listed = texts(assert_listing_exact(game))
    assert "retract" in listed and not any(t.startswith("discard") for t in listed)
    game.apply("retract")
    assert game.initial_minimum(0) == 150
    listed = texts(assert_listing_exact(game))
    assert "retract" not in listed and "discard Ac" in listed


def _going_out_game(hand: str, stock: str) -> Game:
    return arranged(4, [hand, "4c 4d 4h 8s", "9c 9d 9h 6c", "10c 10d 10h"],
                    pile="6c 9d", stock=stock,
                    melds=(("Kc Kc Kd Kd Kh Kh Ks", "4h 5h 6h 7h 8h 9h 10h", "Qc Qd Qh"), ()))


def test_AS_36_ask_answer_and_binding_yes() -> None:
    """AS-35/36: a side with two canastas may go out; asking, answering and a binding yes
    are each listed exactly."""
    game = _going_out_game("Jc Jd", "Jh Qs 5c 5d")
    game.apply("draw")
    listed = texts(assert_listing_exact(game))
    assert {"ask 2", "meld Jc Jd Jh", "lay-off 2 Qs"} <= listed
    game.apply("ask 2")
    assert game.phase == "answer" and game.current_player == 2
    assert texts(assert_listing_exact(game)) == {"answer yes", "answer no"}
    yes = game.clone()
    yes.apply("answer yes")
    listed = texts(assert_listing_exact(yes))
    # After "yes" every play after which going out stays possible is allowed: laying off
    # the queen leaves the three jacks, which meld to go out.
    assert listed == {"meld Jc Jd Jh", "lay-off 2 Qs"}
    yes.apply("meld Jc Jd Jh")
    # Going out: discard the last card, or lay it off (AS-34).
    assert texts(assert_listing_exact(yes)) == {"discard Qs", "lay-off 2 Qs"}
    game.apply("answer no")
    listed = texts(assert_listing_exact(game))
    assert "meld Jc Jd Jh" not in listed and "lay-off 2 Qs" in listed
    assert not any(t.startswith("ask") for t in listed)


def test_AS_33_black_threes_at_any_point_of_the_going_out_turn() -> None:
    """AS-33: black 3s may be melded at any point of the turn in which the player goes
    out, not only as the last play; after them the turn must end by going out."""
    game = _going_out_game("3c 3s 3c Qs", "Qd Jh 5c 5d")
    game.apply("draw")
    listed = texts(assert_listing_exact(game))
    # Black 3s first, then the queens laid off, then the jack discarded: going out.
    assert "meld 3c 3c 3s" in listed
    game.apply("meld 3c 3c 3s")
    listed = texts(assert_listing_exact(game))
    assert not any(t.startswith("discard") for t in listed)  # bound to go out now
    assert "lay-off 2 Qd Qs" in listed
    with pytest.raises(IllegalActionError) as refused:
        game.apply("discard Jh")
    assert refused.value.rule == "AS-33"
    game.apply("lay-off 2 Qd Qs")
    assert texts(assert_listing_exact(game)) == {"discard Jh"}
    game.apply("discard Jh")
    assert game.hand_results[-1].went_out == 0


def test_AS_33_black_threes_refused_when_going_out_is_impossible() -> None:
    """AS-33: no black 3s in a turn that cannot end by going out (two lone cards left)."""
    game = _going_out_game("3c 3s 3c Qs", "9d Jh 5c 5d")
    game.apply("draw")
    listed = texts(assert_listing_exact(game))
    assert not any("3c" in t and not t.startswith("discard") for t in listed)
    with pytest.raises(IllegalActionError) as refused:
        game.apply("meld 3c 3c 3s")
    assert refused.value.rule == "AS-33"


def test_AS_33_black_three_meld_goes_out() -> None:
    """AS-33/34: a natural set of black 3s that empties the hand is listed."""
    game = _going_out_game("3c 3s 3c Qs", "Qd Qh 5c 5d")
    game.apply("draw")
    game.apply("lay-off 2 Qd Qh Qs")
    listed = texts(assert_listing_exact(game))
    assert "meld 3c 3c 3s" in listed


def test_AS_1_six_players_partner_melds() -> None:
    """AS-1: with six players seat 3 is seat 0's partner; its melds are seat 0's side's."""
    game = arranged(6, ["Ac Ad 2h 5s 5d", "4c 4d", "9c 9d", "Jc Jd 8c", "10c 10d", "6s 6d"],
                    pile="6c Ah", stock="Qs Qh Jd Jc", melds=(("Ac As Ah",), (), ()))
    listed = texts(assert_listing_exact(game))
    assert {"take-pile onto 0", "take-pile Ac Ad", "take-pile 2h Ac Ad"} <= listed
    game.apply("take-pile onto 0")
    assert_listing_exact(game)
    game.apply("discard 5s")
    assert game.current_player == 1
    assert_listing_exact(game)


def test_AS_22_three_players_initial_from_hand() -> None:
    """AS-22: three individual sides; an initial meld from hand in the play phase."""
    game = arranged(3, ["Ac Ad As 2h Kc Kd Ks", "4c 4d", "9c 9d"], pile="6c 8h",
                    stock="Qs Qh Jd Jc")
    game.apply("draw")
    listed = texts(assert_listing_exact(game))
    assert "meld Ac Ad As" in listed and "discard Ks" in listed


# --- random positions -----------------------------------------------------------------------


@pytest.mark.slow
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000),
       players=st.sampled_from([2, 3, 4, 6]), steps=st.integers(40, 200))
def test_listing_exact_after_random_play(variant: str, seed: int, players: int,
                                         steps: int) -> None:
    """The brute-force check on positions reached by random legal play in every built-in
    variant (hands of at most 9 cards; other positions are skipped). American Samba is
    drawn most often."""
    assume(players in find_variant(variant).info.players)
    game = canasta_family.new_game(variant, players=players, seed=seed)
    bots = [RandomPlayer(seed=seed * 7 + seat) for seat in range(players)]
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_player
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    assume(not game.is_over and game.hand_size(game.current_player) <= 9)
    assert_listing_exact(game)


@st.composite
def small_deals(draw: st.DrawFn) -> Game:
    """A random arranged hand of a built-in variant: 2-8 cards per seat (a draw may bring
    9 or 10), a short pile (any top card), maybe some melds per side, an exact short stock
    (maybe empty) or a shuffled one, any score."""
    variant = draw(st.sampled_from(VARIANTS))
    players = draw(st.sampled_from([2, 3, 4, 6]))
    assume(players in find_variant(variant).info.players)
    rng = random.Random(draw(st.integers(0, 2**32)))
    probe = canasta_family.new_game(variant, players=players, seed=1)
    deck = list(probe.deck)
    rng.shuffle(deck)
    sides = len(probe.sides)
    melds: list[list[str]] = []
    for _side in range(sides):
        side_melds: list[str] = []
        for _ in range(draw(st.integers(0, 3))):
            rank = rng.choice(RANKS)
            pool = [c for c in deck if str(c)[:-1] == rank]
            if len(pool) < 4:
                continue
            cards = pool[:rng.choice([3, 4, 7])] if len(pool) >= 7 else pool[:3]
            wild = next((c for c in deck if c.is_wild), None)
            if wild is not None and rng.random() < 0.3:
                cards = [*cards[:-1], wild]
            for card in cards:
                deck.remove(card)
            side_melds.append(" ".join(map(str, cards)))
        melds.append(side_melds)
    hands = []
    for _seat in range(players):
        size = draw(st.integers(2, 8))
        hands.append(" ".join(str(deck.pop()) for _ in range(size)))
    pile = " ".join(str(deck.pop()) for _ in range(draw(st.integers(0, 4))))
    stock_size = draw(st.sampled_from([None, 0, 1, 2, 5]))
    stock = None if stock_size is None else " ".join(str(deck.pop())
                                                       for _ in range(stock_size))
    scores = draw(st.sampled_from([None, "negative", "high"]))
    score_values = None if scores is None else (
        tuple(-50 for _ in range(sides)) if scores == "negative"
        else tuple(1500 * (side + 1) for side in range(sides)))
    try:
        return canasta_family.new_game(
            variant, players=players, seed=1,
            start=HandSetup(hands=tuple(hands), pile=pile, stock=stock, melds=melds,
                            scores=score_values))
    except canasta_family.SetupError:
        # e.g. a setup meld with a wild card that breaks AS-8; try another deal.
        assume(False)
        raise


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(game=small_deals(), steps=st.integers(0, 8), bot_seed=st.integers(0, 1000))
def test_listing_exact_on_random_small_deals(game: Game, steps: int, bot_seed: int) -> None:
    """The brute-force check on random small arranged hands after a few random legal
    actions (frozen and unfrozen piles, short and empty stocks, melded and unmelded
    sides)."""
    bot = RandomPlayer(seed=bot_seed)
    hands = len(game.hand_results)
    checked = 0
    for step in range(steps + 1):
        if game.is_over or len(game.hand_results) != hands:
            break  # the arranged hand is over; the next deal has 15-card hands
        if game.hand_size(game.current_player) <= 9:
            assert_listing_exact(game)
            checked += 1
        if step < steps:
            seat = game.current_player
            game.apply(bot.choose(game.observation(seat), game.legal_actions()))
    assume(checked > 0)


# --- Pennies from Heaven positions (PH-8, PH-10, PH-16) ------------------------------------

PH_FILLER = ("4c 5d 6h 8s", "4d 5h 6s 8c", "4h 5s 6c 8d", "4s 5c 6d 8h", "9c 10d Jh Qs",
             "9d 10h Js Qc")


def arranged_pennies(hand: str, *, pile: str, stock: str, melds: Sequence[Sequence[str]],
                     feet: Sequence[str] = ("Ac", "Kc", "Qd", "Jc", "10c", "9h"),
                     scores: Sequence[int] | None = None) -> Game:
    return canasta_family.new_game(
        "pennies", seed=1,
        start=HandSetup(hands=(hand, *PH_FILLER[1:]), pile=pile, stock=stock, melds=melds,
                        feet=feet, scores=scores, dealer=5, to_play=0))


def test_PH_10_take_joining_open_meld_listing_exact() -> None:
    """PH-10: pair takes that join the open meld of their rank are listed exactly, those
    that would pass 7 cards are not."""
    game = arranged_pennies("9c 9d 9c 2d JK 5s 7c", pile="4c 9h", stock="Kh Ks",
                            melds=(("9s 9s 9d 9h", "2c 2h 2s"), ()))
    listed = texts(assert_listing_exact(game))
    assert {"take-pile 9c 9d", "take-pile onto 0"} <= listed
    assert "take-pile 9c 9c 9d" not in listed  # 4 + 4 = 8 cards


def test_PH_10_initial_take_then_one_open_meld_listing_exact() -> None:
    """PH-10 / PH-17: after an initial take short of the minimum, the plays that make it
    up add to the take's meld of 9s instead of opening a second one of that rank."""
    game = arranged_pennies("9c 9d 9c 9d 9s 5c 5d 5h", pile="4c 9h", stock="Kh Ks",
                            melds=((), ()))
    listed = texts(assert_listing_exact(game))
    assert "take-pile 9c 9d" in listed  # 30 of 50: 9s laid off, or the 5s, make it up
    game.apply("take-pile 9c 9d")
    listed = texts(assert_listing_exact(game))
    assert not any(t.startswith("meld 9") for t in listed)
    assert any(t.startswith("lay-off 0 9") for t in listed)


def test_PH_16_stranded_hand_listing_exact() -> None:
    """PH-16: a hand of only 7s after the draw: melds that keep one 7 and ``pass``."""
    game = arranged_pennies("7c 7d 7h", pile="4c 9h", stock="7s 7c Kh",
                            melds=(("Qc Qd Qs", "7s 7s 7d 7h"), ()))
    game.apply("draw")
    listed = texts(assert_listing_exact(game))
    assert "pass" in listed and not any(t.startswith("discard") for t in listed)


def test_PH_16_sevens_and_wild_melds_listing_exact() -> None:
    """PH-7, PH-8, PH-16: wild-only melds, no wild card among 7s, no play leaving only 7s,
    no 7 discarded."""
    game = arranged_pennies("7c 7d 7h 2c 2d JK Kc", pile="4c 9h", stock="Kd 5s",
                            melds=(("Qc Qd Qs",), ()))
    game.apply("draw")
    listed = texts(assert_listing_exact(game))
    assert {"meld 2c 2d JK", "meld 7c 7d 7h"} <= listed
    assert "discard 7c" not in listed and "meld 2c 7c 7d" not in listed
