"""An independent brute-force reference for the initial meld made with a pile take.

Rule (AS-23; the same reading in classic Canasta CC-5 and modern Samba MS-10): when a
side without its initial meld takes the discard pile, the top card and the cards the
player held before the take (those melded with the top card included) are what count
towards the minimum (``game.initial_minimum(side)``). The other cards that came with the
pile count nothing themselves, but they may be melded at any point of that turn and the
held cards melded beside them count. The take is legal exactly when some sequence of
legal plays (new melds and lay-offs on the side's melds) reaches the minimum that way and
leaves at least two cards in hand; after the take, while the minimum is not reached, a
meld or lay-off is legal exactly when the minimum stays reachable after it. A card code
both held and from the pile counts for its held copies first. (A sequence that goes out,
keeping fewer cards, completes the minimum too, AS-34 and AS-35; with two players and
hands this small no side can make the two canastas going out needs, so the reference
leaves it out: tests/test_owed_meld_going_out.py covers it.)

The reference here is written without the engine's own search: it never calls
``_collection_search``, ``_search_plays``, ``_qualifying_plays``,
``_keeps_initial_reachable``, ``_take_reaches_minimum`` or ``_playable_value``. It asks the
engine only whether a single play has a legal *shape*, with the AS-23 reachability parts
switched off (:func:`shapes_only`), and does the counting itself: a depth-first search over
every sequence of melds and lay-offs, played on copies of the game, memoised on the hand,
the side's melds and the counted cards left. Its answers are compared with the engine's
real ``is_legal`` and ``legal_actions``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import canasta_family
from canasta_family import (
    Action,
    Card,
    Game,
    HandSetup,
    LayOff,
    MakeMeld,
    SetupError,
    TakePile,
    VariantError,
    parse_cards,
)
from canasta_family.engine import Game as EngineGame
from canasta_family.engine.initial_meld_bound import OwedCounts

VARIANTS = ("american-samba", "canasta", "samba")
MOVER = 0
OTHER_HAND = "6c 6d 7h 7s 8c 8d 10h"
STOCK = "6h 7c 8h 10s 10c 6s"
# A small pool of cards, so that pairs, runs (J-Q-K-A) and wild fills are frequent.
NATURAL_RANKS = ("A", "K", "Q", "J", "9", "5", "4")
SUITS = ("c", "d", "h", "s")
NATURALS = tuple(rank + suit for rank in NATURAL_RANKS for suit in SUITS)
WILDS = ("2c", "2d", "JK")
POOL = NATURALS + WILDS
SCORES = (-50, 0, 1500, 3000)  # minimums 15, 50, 90, 120 (AS-22, CC-5, MS-10)
EXAMPLES = 400

Play = MakeMeld | LayOff
MemoKey = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], int]


# --- the engine with the AS-23 reachability switched off -----------------------------------


@contextmanager
def shapes_only() -> Iterator[None]:
    """Within: the engine checks every rule of a take or a play except whether the owed
    initial meld stays reachable (AS-23), which the reference decides instead."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(EngineGame, "_keeps_initial_reachable",
                      lambda self, action, *args, **kwargs: True)
        patch.setattr(EngineGame, "_take_reaches_minimum",
                      lambda self, *args, **kwargs: True)
        # (A listing of short first melds refuses them all at once where the judge on
        # counts finds the position short, PH-17: that is the reachability too.)
        patch.setattr(OwedCounts, "unreachable", lambda self: False)
        yield


def fresh(game: Game) -> Game:
    """A copy of ``game`` without its cached listing: a listing made with the reachability
    switched off (or on) must not answer for the other mode."""
    copy = game.clone()
    copy._legal_cache = None
    return copy


def shape_plays(game: Game) -> tuple[Play, ...]:
    """The melds and lay-offs legal by shape alone (AS-23 reachability switched off)."""
    with shapes_only():
        try:
            listed = fresh(game).legal_actions()
        except VariantError:  # owing the minimum with no play at all: no discard either
            return ()
    return tuple(a for a in listed if isinstance(a, (MakeMeld, LayOff)))


def played(game: Game, action: Action) -> Game:
    """A copy of ``game`` that has made ``action`` (checked by shape alone)."""
    after = fresh(game)
    with shapes_only():
        after.apply(action)
    after._legal_cache = None
    return after


# --- the reference -------------------------------------------------------------------------


def codes_of(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(card.code for card in cards))


def counted_value(game: Game, cards: Sequence[Card], counted: Counter[int]
                  ) -> tuple[int, Counter[int]]:
    """What a play of ``cards`` counts (only the copies still in ``counted``: held before
    the take, not yet melded), and the counted cards it leaves."""
    left = Counter(counted)
    total = 0
    for card in cards:
        if left[card.code] > 0:
            left[card.code] -= 1
            total += game.card_value(card)
    return total, +left


class Reference:
    """Whether the owed minimum can be reached this turn (AS-23), by exhaustive search.
    ``keep``: the cards the plays must leave in hand — two (one to discard), or one for a
    player who ends the hand without a discard (PH-16)."""

    def __init__(self, keep: int = 2) -> None:
        self.memo: dict[MemoKey, bool] = {}
        self.positions = 0
        self.keep = keep

    def reachable(self, game: Game, counted: Counter[int], need: int) -> bool:
        """Whether some sequence of melds and lay-offs from ``game`` counts ``need`` more
        from the ``counted`` cards and leaves at least ``keep`` cards in hand."""
        size = game.hand_size(MOVER)
        if need <= 0:
            return size >= self.keep
        if size <= self.keep:  # every play uses a card, and ``keep`` must stay
            return False
        side = game.side_of(MOVER)
        key: MemoKey = (codes_of(game.hand_cards(MOVER)),
                        tuple(codes_of(m.cards) for m in game.side_melds(side)),
                        tuple(sorted(counted.items())), need)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.positions += 1
        answer = False
        for play in shape_plays(game):
            if size - len(play.cards) < self.keep:
                continue
            gained, left = counted_value(game, play.cards, counted)
            if gained >= need or self.reachable(played(game, play), left, need - gained):
                answer = True
                break
        self.memo[key] = answer
        return answer

    def play_ok(self, game: Game, play: Play, counted: Counter[int], need: int) -> bool:
        """Whether ``play`` (legal by shape) keeps the owed minimum reachable: it reaches
        the minimum itself, or some sequence of plays after it does."""
        gained, left = counted_value(game, play.cards, counted)
        if gained >= need:
            return True
        return self.reachable(played(game, play), left, need - gained)


def sub_multisets(cards: Sequence[Card], low: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` with at least ``low`` cards, each once."""
    counts = Counter(cards)
    distinct = sorted(counts, key=lambda c: c.code)
    for picks in product(*(range(counts[c] + 1) for c in distinct)):
        chosen = tuple(c for c, k in zip(distinct, picks, strict=True) for _ in range(k))
        if len(chosen) >= low:
            yield chosen


def take_value(game: Game, take: TakePile) -> int:
    """What a pair take counts by itself: the top card and the cards from hand (AS-23)."""
    top = game.pile_top
    assert top is not None
    return game.card_value(top) + sum(game.card_value(c) for c in take.cards)


def after_take(game: Game, take: TakePile) -> tuple[Game, Counter[int], int]:
    """The position after ``take`` (legal by shape), the cards that count (held before the
    take, less those melded with the top card) and what is still needed."""
    counted = Counter(c.code for c in game.hand_cards(MOVER))
    counted.subtract(c.code for c in take.cards)
    need = game.initial_minimum(game.side_of(MOVER)) - take_value(game, take)
    return played(game, take), +counted, need


def take_candidates(game: Game) -> list[TakePile]:
    """Every take with cards from hand (sub-multisets of two cards or more)."""
    return [TakePile(cards=cards) for cards in sub_multisets(game.hand_cards(MOVER), 2)]


def shape_legal_take(game: Game, take: TakePile) -> bool:
    with shapes_only():
        return fresh(game).is_legal(take)


def reference_take_legal(game: Game, take: TakePile, reference: Reference) -> bool:
    """AS-23's answer for a take legal by every other rule."""
    if take_value(game, take) >= game.initial_minimum(game.side_of(MOVER)):
        return True  # the take makes the minimum by itself: AS-23 adds nothing
    after, counted, need = after_take(game, take)
    return reference.reachable(after, counted, need)


# --- positions -----------------------------------------------------------------------------


def arranged(variant: str, hand: str, pile: str, score: int = 0) -> Game:
    return canasta_family.new_game(
        variant, players=2, seed=1,
        start=HandSetup(hands=(hand, OTHER_HAND), pile=pile, stock=STOCK, dealer=1,
                        to_play=MOVER, scores=(score, 0)))


@st.composite
def positions(draw: st.DrawFn, tops: Sequence[str] = NATURALS,
              scores: Sequence[int] = SCORES, most: int = 8, below_most: int = 4
              ) -> tuple[str, str, str, int]:
    """A variant, the mover's hand (3 to ``most`` cards), the pile (its top a natural,
    up to ``below_most`` cards below) and the mover's score."""
    variant = draw(st.sampled_from(VARIANTS))
    top = draw(st.sampled_from(tops))
    rank = top[:-1]
    # Mostly a natural pair of the top card's rank (a take is possible), at times one
    # natural and a wild card or none (the take is refused by shape).
    pair = draw(st.lists(st.sampled_from([rank + s for s in SUITS]), min_size=0, max_size=3))
    pair += draw(st.lists(st.sampled_from(WILDS), max_size=1))
    # Small hands and piles meet the two cards a player keeps.
    rest = draw(st.lists(st.sampled_from(POOL), min_size=max(0, 3 - len(pair)),
                         max_size=max(0, most - len(pair))))
    below = draw(st.lists(st.sampled_from(POOL), min_size=0, max_size=below_most))
    score = draw(st.sampled_from(scores))
    return variant, " ".join(pair + rest), " ".join([*below, top]), score


def setup_or_skip(variant: str, hand: str, pile: str, score: int) -> Game:
    try:
        game = arranged(variant, hand, pile, score)
    except SetupError:
        assume(False)
        raise  # not reached
    assume(game.phase == "draw" and game.current_player == MOVER
           and not game.has_initial_meld(game.side_of(MOVER)))
    return game


def check_takes(game: Game, reference: Reference) -> list[TakePile]:
    """Check (1): every take's real legality equals the reference's; the real listing
    holds exactly the takes with cards that are legal. Returns the legal takes."""
    legal: list[TakePile] = []
    for take in take_candidates(game):
        if not shape_legal_take(game, take):
            assert not fresh(game).is_legal(take), take
            continue
        expected = reference_take_legal(game, take, reference)
        assert fresh(game).is_legal(take) == expected, (str(take), expected)
        short = take_value(game, take) < game.initial_minimum(game.side_of(MOVER))
        event(f"take {'short' if short else 'enough'} {'legal' if expected else 'refused'}")
        if expected:
            legal.append(take)
    listed = {a for a in fresh(game).legal_actions()
              if isinstance(a, TakePile) and a.onto is None}
    assert listed == set(legal)
    return legal


def check_step(game: Game, counted: Counter[int], need: int, reference: Reference
               ) -> tuple[list[Play], int]:
    """One step of a path while the minimum is owed: each play legal by shape is legal
    for the engine exactly when the reference keeps the minimum reachable after it, and
    the real listing holds exactly those plays. Returns them and how many were checked."""
    accepted: list[Play] = []
    candidates = shape_plays(game)
    for play in candidates:
        expected = reference.play_ok(game, play, counted, need)
        assert fresh(game).is_legal(play) == expected, (str(play), expected)
        if expected:
            accepted.append(play)
    real = {a for a in fresh(game).legal_actions() if isinstance(a, (MakeMeld, LayOff))}
    assert real == set(accepted)
    return accepted, len(candidates)


def check_plays_after(game: Game, counted: Counter[int], need: int, reference: Reference,
                      walk: int) -> int:
    """Check (2), along one path of plays while the minimum is owed: each play legal by
    shape is legal for the engine exactly when the reference keeps the minimum reachable,
    and the real listing holds exactly those plays. Returns the number of plays checked."""
    checked = 0
    while need > 0:
        assert game.owes_initial_meld()
        accepted, tried = check_step(game, counted, need, reference)
        checked += tried
        # Once a take is allowed, a play that keeps the minimum reachable always exists.
        assert accepted
        play = sorted(accepted, key=str)[walk % len(accepted)]
        gained, counted = counted_value(game, play.cards, counted)
        need -= gained
        game = fresh(game)
        game.apply(play)
    assert not game.owes_initial_meld()
    event(f"plays checked: {min(checked, 50) // 10 * 10}+")
    return checked


# --- the properties ------------------------------------------------------------------------


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.one_of(positions(), positions(most=6, below_most=1)))
def test_AS_23_take_legal_exactly_when_some_play_sequence_reaches_the_minimum(
        position: tuple[str, str, str, int]) -> None:
    """AS-23 / CC-5 / MS-10: a pair take short of the minimum by itself is legal exactly
    when the held cards, melded in some sequence of melds and lay-offs (pile cards filling
    out melds beside them, counting nothing), make up the rest and leave two cards; the
    listing holds exactly those takes."""
    variant, hand, pile, score = position
    game = setup_or_skip(variant, hand, pile, score)
    check_takes(game, Reference())


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.one_of(*(positions(tops=[c for c in NATURALS if not c.startswith("A")],
                              scores=(0, 1500), most=most, below_most=below)
                    for most, below in ((8, 4), (6, 1)))),
       st.integers(min_value=0, max_value=1000))
def test_AS_23_play_after_take_legal_exactly_when_minimum_stays_reachable(
        position: tuple[str, str, str, int], walk: int) -> None:
    """AS-23 / CC-5 / MS-10: after a take short of the minimum, a meld or lay-off is legal
    exactly when it reaches the minimum or some sequence of plays after it still can;
    checked at every step of one path of plays until the minimum is reached."""
    variant, hand, pile, score = position
    game = setup_or_skip(variant, hand, pile, score)
    reference = Reference()
    short = [take for take in check_takes(game, reference)
             if take_value(game, take) < game.initial_minimum(game.side_of(MOVER))]
    assume(short)
    take = short[walk % len(short)]
    _after, counted, need = after_take(game, take)
    real = fresh(game)
    real.apply(take)
    check_plays_after(real, counted, need, reference, walk)


# --- arranged examples ---------------------------------------------------------------------


def test_AS_23_pile_joker_fills_out_two_held_aces() -> None:
    """AS-23: 9c 9d take the pile (9s on top, a joker below): 30 of 50. The joker from the
    pile fills out a meld of the held aces, whose 40 count (the joker 0): legal."""
    game = arranged("american-samba", "Ac Ad 9c 9d 4s 5h", "JK 9s")
    take = TakePile(cards=parse_cards("9c 9d"))
    reference = Reference()
    assert reference_take_legal(game, take, reference)
    assert game.is_legal(take)
    game.apply(take)
    assert game.owes_initial_meld()
    meld = MakeMeld(cards=parse_cards("Ac Ad JK"))
    counted: Counter[int] = Counter(c.code for c in parse_cards("Ac Ad 4s 5h"))
    assert reference.play_ok(game, meld, counted, 20)
    assert game.is_legal(meld)
    # Melding the joker's partners away first leaves the aces without a third card.
    assert not game.is_legal(MakeMeld(cards=parse_cards("4s 5h JK")))
    game.apply(meld)
    assert not game.owes_initial_meld()


def test_AS_23_pile_cards_alone_cannot_make_up_the_minimum() -> None:
    """AS-23: the aces and the joker in the pile count nothing: with only 9c 9d and low
    cards held, 9s on top makes 30 of 50 and nothing held can add 20: refused."""
    game = arranged("american-samba", "9c 9d 4s 5h Kc", "Ac Ad JK 9s")
    take = TakePile(cards=parse_cards("9c 9d"))
    assert not reference_take_legal(game, take, Reference())
    assert shape_legal_take(game, take)
    assert not game.is_legal(take)


@pytest.mark.parametrize("variant", VARIANTS)
def test_AS_23_CC_5_MS_10_held_copy_counts_first(variant: str) -> None:
    """AS-23 / CC-5 / MS-10: Kc is both held and in the pile. The take 9c 9d counts 30 of
    50; a meld of Kc Kd Kh counts 30 (the held Kc is the one melded), so the take is legal;
    afterwards the meld reaches the minimum at once."""
    game = arranged(variant, "9c 9d Kc Kd Kh 4c 5d", "Kc 4h 9h")
    take = TakePile(cards=parse_cards("9c 9d"))
    reference = Reference()
    assert shape_legal_take(game, take)
    assert reference_take_legal(game, take, reference)
    assert game.is_legal(take)
    game.apply(take)
    counted: Counter[int] = Counter(c.code for c in parse_cards("Kc Kd Kh 4c 5d"))
    meld = MakeMeld(cards=parse_cards("Kc Kd Kh"))
    assert counted_value(game, meld.cards, counted)[0] == 30
    assert reference.play_ok(game, meld, counted, 20)
    assert game.is_legal(meld)
    game.apply(meld)
    assert not game.owes_initial_meld()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("hand", "legal"), [
    ("9c 9d Kc Kd Kh 4c 5d", True),  # Kc Kd Kh makes 60 and keeps 4c 5d
    ("9c 9d Kc Kd Kh 4c", False),  # the kings would leave one card only
    ("9c 9d Kc Kd Kh", False),  # the kings would empty the hand
])
def test_AS_23_CC_5_MS_10_plays_making_the_minimum_keep_two_cards(
        variant: str, hand: str, legal: bool) -> None:
    """AS-23 / CC-5 / MS-10 with AS-35: the plays that make up the minimum must leave two
    cards in hand (one to discard), so a take whose only way leaves fewer is refused."""
    game = arranged(variant, hand, "9s")
    take = TakePile(cards=parse_cards("9c 9d"))
    assert shape_legal_take(game, take)
    assert reference_take_legal(game, take, Reference()) is legal
    assert game.is_legal(take) is legal
