"""Determinization: the copy looks the same to the seat, never uses the hidden truth, and
deals the unseen cards as chance says."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import owed_initial_meld

import canasta_family
from canasta_family import HandSetup, TakePile
from canasta_family.determinize import Determinizer, Knowledge, determinize
from canasta_family.engine import Game
from canasta_family.players import GreedyPlayer, decide
from canasta_family.plugins import all_variants
from canasta_family.testing import check_cards_conserved
from canasta_family.testing.strategies import play_random, player_counts, seeds

VARIANTS = [v.info.name for v in all_variants()]


def _position(variant: str, players: int, seed: int, steps: int) -> Game:
    return play_random(canasta_family.new_game(variant, players=players, seed=seed), steps,
                       seed=seed)


def _check_consistent(game: Game, seat: int, rng_seed: int) -> Game:
    before = game.snapshot()
    copy = game.determinize(seat, random.Random(rng_seed))
    assert game.snapshot() == before  # the original is untouched
    assert copy.observation(seat) == game.observation(seat)
    check_cards_conserved(copy)
    if game.current_player == seat and not game.is_over:
        assert copy.legal_actions() == game.legal_actions()
    know = Knowledge(game.observation(seat))
    for other in range(game.num_players):
        held = Counter(copy.hand_cards(other))
        assert not know.known[other] - held  # known cards are where they are known to be
        if know.known[other]:
            assert not know.known[other] - Counter(game.hand_cards(other))  # and truly so
    if game.red_three_rules.auto_place:
        for other in range(game.num_players):
            if other != seat and know.had_turn[other]:
                assert not any(copy.is_bonus_card(c) for c in copy.hand_cards(other))
    return copy


@settings(max_examples=50, deadline=None)
@given(variant=st.sampled_from(VARIANTS), data=st.data(), seed=seeds(),
       steps=st.integers(0, 160), rng_seed=seeds())
def test_observation_unchanged_and_cards_conserved(variant: str, data: st.DataObject,
                                                   seed: int, steps: int,
                                                   rng_seed: int) -> None:
    players = data.draw(player_counts(variant))
    game = _position(variant, players, seed, steps)
    for seat in range(players):
        copy = _check_consistent(game, seat, rng_seed)
        if not copy.is_over:  # the copy plays on like a real game
            copy.apply(copy.legal_actions()[0])


def test_same_rng_same_determinization_and_fresh_future() -> None:
    game = _position("american-samba", 4, 5, 30)
    a = determinize(game, 2, random.Random(9))
    b = determinize(game, 2, random.Random(9))
    assert a == b
    assert a.snapshot()[4] != game.snapshot()[4]  # not the original's random generator
    assert determinize(game, 2, random.Random(10)) != a


def test_taken_pile_cards_are_known_in_the_takers_hand() -> None:
    for seed in range(40):
        game = canasta_family.new_game("american-samba", players=2, seed=seed)
        while not game.is_over and len(game.hand_results) == 0:
            action = decide(GreedyPlayer(), game)
            taker, pile = game.current_player, game.pile
            game.apply(action)
            if isinstance(action, TakePile) and len(pile) > 3:
                other = 1 - taker
                know = Knowledge(game.observation(other))
                expected = Counter(pile[:-1]) - Counter(c for c in pile if c.is_red_three)
                assert know.known[taker] == expected
                for s in range(20):
                    copy = _check_consistent(game, other, s)
                    assert not expected - Counter(copy.hand_cards(taker))
                return
    pytest.fail("no seed took a pile of more than three cards")


def test_arranged_pile_below_the_seen_cards_is_dealt_at_random() -> None:
    setup = HandSetup(hands=("7h 7s 8c 9d Kd Qs", "4c 5c 6c Jh Jd 10s"), pile="8d 9c 2h Ks")
    game = canasta_family.new_game("american-samba", players=2, seed=1, start=setup)
    know = Knowledge(game.observation(0))
    assert [str(c) for c in know.pile] == ["Ks"] and know.pile_unknown == 3
    piles = set()
    for s in range(30):
        copy = _check_consistent(game, 0, s)
        assert copy.pile_top == game.pile_top and len(copy.pile) == 4
        assert copy.pile_freezers == game.pile_freezers  # the public freezer count is kept
        piles.add(copy.pile[:-1])
    assert len(piles) > 20


def _frequencies(game: Game, seat: int, samples: int) -> tuple[dict[str, Counter[str]], list[str]]:
    """Per unseen card kind, how often an instance landed in each hidden place."""
    sampler = Determinizer(game, seat)
    rng = random.Random(1234)
    where: dict[str, Counter[str]] = {}
    places = [f"hand{s}" for s in range(game.num_players) if s != seat] + ["stock"]
    for _ in range(samples):
        copy = sampler.sample(rng)
        for s in range(game.num_players):
            if s != seat:
                for card in copy.hand_cards(s):
                    where.setdefault(str(card), Counter())[f"hand{s}"] += 1
        for card in copy.stock_cards():
            where.setdefault(str(card), Counter())["stock"] += 1
    return where, places


def test_unseen_cards_fall_where_chance_says_and_truth_does_not_leak() -> None:
    # Classic Canasta, 3 players, at the deal: no known cards, no feet, no red-3 bar yet.
    game = canasta_family.new_game("canasta", players=3, seed=21)
    seat = game.current_player  # the only seat that has had a turn: others may hold red 3s
    samples = 1500
    where, places = _frequencies(game, seat, samples)
    obs = game.observation(seat)
    slots = {f"hand{s}": obs.hand_sizes[s] for s in range(3) if s != seat}
    slots["stock"] = obs.stock_size
    total = sum(slots.values())
    # Chi-square over every (card kind, place) cell against the share of the places.
    chi2, cells = 0.0, 0
    unseen = Counter(str(c) for c in Determinizer(game, seat).unseen)
    for card, count in unseen.items():
        for place in places:
            expected = samples * count * slots[place] / total
            chi2 += (where[card][place] - expected) ** 2 / expected
            cells += 1
    dof = cells - len(unseen)  # each card kind's row sums to its count
    # Mean + 4.5 standard deviations of chi-square: a real leak or bias is far beyond.
    assert chi2 < dof + 4.5 * (2 * dof) ** 0.5, (chi2, dof)
    # No leak: cards truly in seat's opponent's hand land there no more often than others.
    opponent = (seat + 1) % 3
    truly = Counter(str(c) for c in game.hand_cards(opponent))
    share_true = [where[c][f"hand{opponent}"] / (samples * unseen[c]) for c in truly]
    share_other = [where[c][f"hand{opponent}"] / (samples * unseen[c]) for c in unseen
                   if c not in truly]
    chance = slots[f"hand{opponent}"] / total
    mean_true = sum(share_true) / len(share_true)
    mean_other = sum(share_other) / len(share_other)
    assert abs(mean_true - chance) < 0.02 and abs(mean_other - chance) < 0.02
    assert abs(mean_true - mean_other) < 0.02
    # And the true hand is never recovered.
    sampler = Determinizer(game, seat)
    rng = random.Random(5)
    true_hand = game.hand_cards(opponent)
    assert all(sampler.sample(rng).hand_cards(opponent) != true_hand for _ in range(200))


@pytest.mark.parametrize("variant", VARIANTS)
def test_hidden_cards_do_not_change_the_determinization(variant: str) -> None:
    """Twins that differ only in cards seat 0 cannot see give identical samples."""
    from canasta_family.testing import hidden_swap_twins

    game = _position(variant, canasta_family.find_variant(variant).info.preferred_players, 3, 0)
    twins = hidden_swap_twins(game, seat=1)
    assert twins is not None
    plain, swapped = twins
    assert plain.hand_cards(1) != swapped.hand_cards(1)
    for s in range(5):
        a = Determinizer(plain, 0).sample(random.Random(s))
        b = Determinizer(swapped, 0).sample(random.Random(s))
        assert a.snapshot() == b.snapshot()

# --- AS-23: deals for a player who owes an initial meld ---------------------------------------


def _count_reachability_searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the engine's AS-23 reachability searches from now on (one counter)."""
    calls = [0]
    original = Game._initial_reachable

    def counted(self: Game) -> bool:
        calls[0] += 1
        return original(self)

    monkeypatch.setattr(Game, "_initial_reachable", counted)
    return calls


def test_AS_23_owed_meld_of_the_seat_to_move_is_searched_once_for_all_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat to move owes an initial meld after a pile take (AS-23): whether it can be
    completed depends on that seat's own cards alone, the same in every deal, so the
    determinizer searches it once, not once per sample, and still deals at random."""
    game = owed_initial_meld()
    calls = _count_reachability_searches(monkeypatch)
    sampler = Determinizer(game, 0)
    rng = random.Random(3)
    copies = [sampler.sample(rng) for _ in range(12)]
    assert calls[0] == 1
    assert all(c.observation(0) == game.observation(0) for c in copies)
    assert all(c.owes_initial_meld() for c in copies)
    assert len({c.hand_cards(1) for c in copies}) > 1


def test_AS_23_another_seats_owed_meld_is_still_checked_deal_by_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen from seat 1, the cards seat 0 holds besides the pile's are unknown: every deal
    is checked, and redrawn where seat 0 could not complete the meld (AS-23)."""
    game = owed_initial_meld()
    reachable = Game._initial_reachable  # the search itself, uncounted
    calls = _count_reachability_searches(monkeypatch)
    sampler = Determinizer(game, 1)
    rng = random.Random(3)
    copies = [sampler.sample(rng) for _ in range(6)]
    assert calls[0] >= 6
    for copy in copies:
        assert copy.observation(1) == game.observation(1)
        assert not copy.owes_initial_meld() or reachable(copy)


def test_AS_33_a_hidden_player_bound_by_black_threes_can_still_go_out() -> None:
    """A hidden player who melded black 3s this turn must go out (AS-33): every copy deals
    it a hand with a legal play (this position once gave a copy none)."""
    game = play_random(canasta_family.new_game("samba", players=3, seed=1000), 72, seed=1000)
    assert game.phase == "play" and game.current_player == 2
    assert any(meld.rank == 3 for meld in game.side_melds(game.side_of(2)))
    for seat in (0, 1):
        for rng_seed in range(4):
            copy = game.determinize(seat, random.Random(rng_seed))
            assert copy.legal_actions()
            assert copy.observation(seat) == game.observation(seat)
