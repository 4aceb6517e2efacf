"""PH-17 with PH-10 and PH-16 against the brute-force reference of
``tests/test_initial_meld_reference.py``: positions where a canasta of a rank completes
and a second meld of that rank follows.

In Pennies from Heaven melded cards never go back (PH-17), so a first meld short of the
minimum is legal only while further plays this turn can still reach it, and each play
after it only while the minimum stays reachable. A team holds one unfinished meld of a
rank, but a canasta of the rank opens it to another (PH-10): the plays that make up the
minimum may complete a canasta, by a meld of seven or by a lay-off, and go on with a new
meld of the same rank. A hand left with only 7s by the draw ends without a discard and
need keep only one card (PH-16); otherwise two stay, one of them to discard.

The reference plays every sequence of melds and lay-offs on copies of the game with the
engine's reachability switched off, so it knows PH-10 only from the engine's checks of
single plays; its answers are compared with the real ``is_legal`` and ``legal_actions``
at every step of one path of plays.
"""

from __future__ import annotations

from collections import Counter

import pytest
from test_initial_meld_reference import (
    Reference,
    check_step,
    counted_value,
    fresh,
)

import canasta_family
from canasta_family import Game, HandSetup

OTHERS = ("4d 5h 6s 8c", "4h 5s 6c 8d", "4s 5c 6d 8h", "9c 10d Jh Qs", "9d 10h Js Qc")
FEET = ("Jc Jd", "Kc Kd", "Qh Qd", "Jh Js", "10c 10s", "9h 9s")


def position(hand: str, stock: str, score: int) -> Game:
    """Seat 0 of Pennies from Heaven after its draw: ``hand`` and the two stock cards
    drawn, no melds on the table, its team's score ``score`` (PH-17's minimum)."""
    game = canasta_family.new_game("pennies", seed=1, start=HandSetup(
        hands=(hand, *OTHERS), pile="5c 9c", stock=stock + " 5d 6h", feet=FEET,
        scores=(score, 0), dealer=5, to_play=0))
    game.apply("draw")
    return game


def check_path(game: Game, reference: Reference, walk: int) -> int:
    """Along one path of plays from a position without the initial meld (the ``walk``-th
    accepted play, in text order, at each step): each meld and lay-off legal by shape is
    legal for the engine exactly when the reference keeps the minimum reachable after it
    (PH-17), and the listing holds exactly those. Returns the plays checked."""
    counted: Counter[int] = Counter(c.code for c in game.hand_cards(0))
    need = game.initial_minimum(0)
    checked = 0
    while need > 0:
        accepted, tried = check_step(game, counted, need, reference)
        checked += tried
        if not accepted:
            break  # (only at the start: a short play once made always has a sequel)
        play = sorted(accepted, key=str)[walk % len(accepted)]
        gained, counted = counted_value(game, play.cards, counted)
        need -= gained
        game = fresh(game)
        game.apply(play)
        assert need <= 0 or game.owes_initial_meld()
    return checked


# Each: the hand, the two cards drawn, the team's score, and whether the draw leaves only
# 7s (PH-16: one card kept, no discard).
CASES = [
    # 150 (PH-17 at 1500) from aces: three, four more laid off to a canasta, three anew.
    ("Ac Ac Ac Ad Ad Ad Ah Ah Ah Ah Kc 5s", "4c 4d", 1500, False),
    # 120 from twelve kings: a canasta (70) and a new meld of five (50).
    ("Kh Kh Kh Kh Ks Ks Ks Ks Kc Kc Kc Kd 8c", "Qs 4c", 1000, False),
    # The same, one king short: the canasta and four kings make 110 only.
    ("Kh Kh Kh Kh Ks Ks Ks Ks Kc Kc Kc 8c 8d", "Qs 4c", 1000, False),
    # 90 from queens and a joker: the canasta may hold the wild card (mixed, PH-11).
    ("Qc Qc Qs Qs Qs Qd Qh Qh Qh JK 4s", "6c 6d", 500, False),
    # Issue 34: fifteen 7s at 0-0, no sevens canasta anywhere: two sevens canastas.
    ("7c 7c 7c 7c 7d 7d 7d 7d 7h 7h 7h 7h 7s", "7s 7s", 0, True),
    # Twelve 7s at 500: 90 needs eighteen 7s, so nothing may start short.
    ("7c 7c 7c 7c 7d 7d 7d 7d 7h 7h", "7s 7s", 500, True),
    # Ten 7s at 0: a canasta (35) and three more (15) keep no card; nothing is legal short.
    ("7c 7c 7c 7c 7d 7d 7d 7d", "7h 7h", 0, True),
]


@pytest.mark.parametrize("walk", [0, 1, 7])
@pytest.mark.parametrize(("hand", "drawn", "score", "stranded"), CASES)
def test_PH_17_PH_10_PH_16_short_start_agrees_with_brute_force(
        hand: str, drawn: str, score: int, stranded: bool, walk: int) -> None:
    """PH-17 with PH-10 and PH-16: every first meld, and every play after a short one,
    is legal exactly when the brute-force reference finds a sequence of plays that
    reaches the minimum, a canasta of a rank opening it to a new meld (PH-10), keeping
    two cards, or one where the draw left only 7s (PH-16)."""
    game = position(hand, drawn, score)
    only_sevens = all(card.rank == 7 for card in game.hand_cards(0))
    assert only_sevens == stranded
    assert check_path(game, Reference(keep=1 if stranded else 2), walk) > 0
