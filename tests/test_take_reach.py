"""AS-23: the check that an initial pile take short of the minimum can still reach it.

The engine decides it without making the take (see ``Game._take_reaches_minimum``) and
with a cap on what the cards left could count. The reference here makes the take on a copy
and runs the search the engine runs after a real take (``_initial_reachable``), with no
cap at all, so that it shares neither the engine's cap nor its shortcuts. At many draw
decisions of random games in every built-in variant, every pair take is judged both
ways through the public checks (``is_legal``), and the listing must hold exactly the
takes the checks accept.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

import pytest

import canasta_family
from canasta_family import Game, HandSetup, SetupError, TakePile, parse_cards
from canasta_family.players import GreedyPlayer
from canasta_family.plugins import BUILTIN_VARIANTS, find_variant
from canasta_family.testing import hand_limit_reached

# Positions with more candidate takes than this are skipped (a 3-deck hand full of wild
# cards): the reference makes a copy per candidate.
MAX_CANDIDATES = 400


def no_cap(game: Game, left: Sequence[int], side: int, also: int | None = None,
           melds: object = None, counted: object = None) -> int:
    """No cap at all on what the cards left could count: the reference leaves every
    take to the exhaustive search, so it shares neither the old cap nor the new one."""
    return 10**9


def reference_take_reaches(game: Game, action: TakePile) -> bool:
    """The AS-23 decision by brute force: the take made on a copy and the owed-meld search
    run there, with nothing ruled out in advance."""
    to_hand, _ = game._pile_rest_effect()
    player = game.current_player
    if game.hand_size(player) - len(action.cards) + to_hand == 0:
        return False
    after = game.clone()
    after._do_take(action)
    return after._initial_reachable()


def pair_takes(game: Game) -> Iterator[TakePile]:
    """Every take of the pile with cards from hand that match the top card's rank or are
    wild, legal or not."""
    top = game.pile_top
    if top is None:
        return
    counts = Counter(card for card in game.hand_cards(game.current_player)
                     if card.is_wild or card.rank == top.rank)
    keys = sorted(counts, key=lambda card: card.code)
    for pick in product(*(range(counts[key] + 1) for key in keys)):
        cards = tuple(key for key, n in zip(keys, pick, strict=True) for _ in range(n))
        if cards:
            yield TakePile(cards=cards)


def judge_draw_decision(game: Game, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Judge every pair take of the position with the engine's check and with the
    reference; the answers and the listing must agree. Returns (takes accepted, takes
    refused) among those the AS-23 check decided."""
    takes = list(pair_takes(game))
    if len(takes) > MAX_CANDIDATES:
        return 0, 0
    before = game.snapshot()
    decided: list[TakePile] = []
    real = Game._take_reaches_minimum

    def spy(self: Game, action: TakePile) -> bool:
        decided.append(action)
        return real(self, action)

    with monkeypatch.context() as patch:
        patch.setattr(Game, "_take_reaches_minimum", spy)
        fast = {take: game.is_legal(take) for take in takes}
    with monkeypatch.context() as patch:
        patch.setattr(Game, "_take_reaches_minimum", reference_take_reaches)
        patch.setattr(Game, "_playable_value", no_cap)
        slow = {take: game.is_legal(take) for take in takes}
    differ = [f"{take}: engine {fast[take]}, reference {slow[take]}" for take in takes
              if fast[take] != slow[take]]
    assert differ == [], "AS-23 take decisions differ from the reference:\n" + "\n".join(
        differ)
    listed = {a for a in game.legal_actions() if isinstance(a, TakePile) and a.onto is None}
    accepted = {take for take in takes if fast[take]}
    assert listed == accepted, (f"listed but refused: {sorted(map(str, listed - accepted))}; "
                                f"accepted but not listed: {sorted(map(str, accepted - listed))}")
    assert game.snapshot() == before, "judging the takes changed the game"
    yes = sum(1 for take in set(decided) if fast[take])
    return yes, len(set(decided)) - yes


def judge_all(variant: str, games: Iterator[Game], monkeypatch: pytest.MonkeyPatch) -> None:
    """Judge every position of ``games`` (see :func:`judge_draw_decision`); the AS-23
    check must have decided both ways, or the comparison proved nothing."""
    yes = no = 0
    for game in games:
        accepted, refused = judge_draw_decision(game, monkeypatch)
        yes += accepted
        no += refused
    assert yes > 0 and no > 0, f"{variant}: AS-23 decided {yes} takes yes and {no} no"


def draw_decisions(variant: str, seed: int, wanted: int) -> Iterator[Game]:
    """Draw decisions of sides without their initial meld whose pile top could be taken
    with cards from hand, reached by random and greedy play; each position is yielded
    as it stands (the caller must not change it)."""
    rng = random.Random(seed)
    greedy = GreedyPlayer()
    found = 0
    for game_seed in range(seed, seed + 60):
        game = canasta_family.new_game(variant, seed=game_seed)
        for _ in range(600):
            if game.is_over or hand_limit_reached(game, 30) or found >= wanted:
                break
            seat = game.current_player
            top = game.pile_top
            if game.phase == "draw" and not game.has_initial_meld(game.side_of(seat)) \
                    and top is not None and not top.is_wild \
                    and any(card.rank == top.rank for card in game.hand_cards(seat)):
                found += 1
                yield game
            listed = game.legal_actions()
            if rng.random() < 0.5:
                game.apply(greedy.choose(game.observation(seat), listed))
            else:
                game.apply(rng.choice(listed))
        if found >= wanted:
            return


@pytest.mark.slow
@pytest.mark.parametrize("variant", BUILTIN_VARIANTS)
def test_AS_23_take_check_without_a_copy_matches_the_copy(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23: at many draw decisions of random games, every pair take is accepted by
    ``is_legal`` exactly when the reference (the take made on a copy, then the owed-meld
    search) accepts it, and the listing holds exactly the accepted takes. The AS-23 check
    must have decided both ways."""
    judge_all(variant, draw_decisions(variant, seed=31, wanted=150), monkeypatch)


def small_take_positions(variant: str, seed: int, wanted: int) -> Iterator[Game]:
    """Arranged draw decisions with small hands (where the cards the take leaves, the
    hand's size and PH-16's discardable card decide), the seat to move holding one to
    three naturals of the top card's rank and maybe wild cards; random scores vary the
    minimum."""
    rng = random.Random(seed)
    allowed = find_variant(variant).info.players
    players = 4 if 4 in allowed else min(allowed)
    probe = canasta_family.new_game(variant, players=players, seed=1)
    sides = len(probe.sides)
    made = 0
    while made < wanted:
        deck = list(probe.deck)
        rng.shuffle(deck)
        top = next(c for c in deck if not c.is_wild and c.rank not in (2, 3))
        deck.remove(top)
        mates = [c for c in deck if c.rank == top.rank][:rng.randint(1, 3)]
        wilds = [c for c in deck if c.is_wild][:rng.choice([0, 0, 1, 2, 3])]
        for card in (*mates, *wilds):
            deck.remove(card)
        own = [*mates, *wilds, *(deck.pop() for _ in range(rng.randint(0, 7)))]
        rng.shuffle(own)
        hands = [own] + [[deck.pop() for _ in range(rng.randint(2, 6))]
                         for _ in range(players - 1)]
        pile = [deck.pop() for _ in range(rng.randint(0, 4))] + [top]
        stock_size = rng.choice([None, 0, 1, 5])
        stock = None if stock_size is None else [deck.pop() for _ in range(stock_size)]
        scores = rng.choice([None, (-50,) * sides, tuple(1500 * (s + 1) for s in range(sides)),
                             tuple(3000 + 500 * s for s in range(sides))])
        try:
            game = canasta_family.new_game(variant, players=players, seed=1, start=HandSetup(
                hands=tuple(" ".join(map(str, h)) for h in hands),
                pile=" ".join(map(str, pile)),
                stock=None if stock is None else " ".join(map(str, stock)),
                scores=scores, dealer=players - 1, to_play=0))
        except SetupError:
            continue  # e.g. a red 3 on the pile's top in a variant that forbids it
        if game.phase != "draw" or game.current_player != 0:
            continue
        made += 1
        yield game


@pytest.mark.parametrize("variant", BUILTIN_VARIANTS)
def test_AS_23_take_check_without_a_copy_matches_on_small_hands(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23 on arranged small hands: the engine's take check agrees with the reference
    and the listing with the checks, where few cards are left after the take."""
    judge_all(variant, small_take_positions(variant, seed=17, wanted=300), monkeypatch)


PH_OTHERS = ("4d 5h 6s 8c", "4h 5s 6c 8d", "4s 5c 6d 8h", "9c 10d Jh Qs", "9d 10h Js Qc")


def pennies(hand: str, pile: str, **options: object) -> Game:
    """Pennies from Heaven, seat 0 to draw with ``hand``, no melds on the table."""
    return canasta_family.new_game("pennies", seed=1, options=options, start=HandSetup(
        hands=(hand, *PH_OTHERS), pile=pile, stock="Kh Ks", melds=((), ()),
        feet=("Ac", "Kc", "Qd", "Jc", "10c", "9h"), dealer=5, to_play=0))


def test_AS_23_PH_16_take_leaving_only_sevens_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23 with PH-16: after ``take-pile Kc Kd`` (30 of 50) the hand would hold only
    7s, none of which may be discarded, so no melds of them can finish the turn: the take
    is refused, by the engine's check as by the reference, though four 7s would count
    the 20 still needed."""
    game = pennies("Kc Kd 7c 7d 7h 7s 7c 7d", "Kh")
    judge_draw_decision(game, monkeypatch)
    assert not game.is_legal("take-pile Kc Kd")
    assert not reference_take_reaches(game, TakePile(cards=parse_cards("Kc Kd")))


def test_AS_23_PH_16_take_making_the_sevens_canasta_frees_the_sevens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23 with PH-16 and PH-O1 (own team): taking the 7 with six 7s completes a sevens
    canasta (35 of 50), after which the two 7s left may be discarded, so melding the
    kings (30) keeps a card to discard and the take is legal. Judged with the canastas
    as they are before the take, the 7s would stay forbidden and nothing could be kept."""
    game = pennies("7c 7d 7h 7s 7c 7d 7h 7s Kc Kd Ks", "7c", sevens_discard="own-team")
    judge_draw_decision(game, monkeypatch)
    assert game.is_legal("take-pile 7c 7c 7d 7d 7h 7h")
