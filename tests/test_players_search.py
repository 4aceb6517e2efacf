"""HeuristicPlayer and ISMCTSPlayer: they play every built-in variant legally to the end,
answer the partner, beat random play, and the search keeps to its iteration budget and to
what its seat may know (its time budget: tests/test_ismcts_budget.py, with a fake clock)."""

from __future__ import annotations

import pytest
from positions import play_decision

import canasta_family
from canasta_family import Answer, Ask, HandSetup
from canasta_family.players import (
    GreedyPlayer,
    HeuristicPlayer,
    ISMCTSPlayer,
    RandomPlayer,
    decide,
    play_game,
    play_hand,
)
from canasta_family.players.kinds import make_player, parse_player_spec
from canasta_family.plugins import all_variants
from canasta_family.testing import hidden_swap_twins

VARIANTS = [v.info.name for v in all_variants()]


def _players(variant: str) -> int:
    return canasta_family.find_variant(variant).info.preferred_players


@pytest.mark.parametrize("variant", VARIANTS)
def test_heuristic_plays_every_variant_through_a_hand(variant: str) -> None:
    went_out = []
    for seed in range(4):
        game = canasta_family.new_game(variant, players=_players(variant), seed=seed)
        play_hand(game, [HeuristicPlayer() for _ in range(game.num_players)])
        assert len(game.hand_results) == 1
        went_out.append(game.hand_results[0].went_out is not None)
    # The players make progress rather than wait for the stock to run out.
    assert sum(went_out) >= 2


def test_heuristic_plays_a_whole_game() -> None:
    game = canasta_family.new_game("samba", players=2, seed=2)
    play_game(game, [HeuristicPlayer(), GreedyPlayer()])
    assert game.is_over and game.result is not None


def test_heuristic_beats_random_every_time() -> None:
    wins = 0
    for seed in range(12):
        game = canasta_family.new_game("american-samba", players=2, seed=seed)
        seat = seed % 2
        bots = [RandomPlayer(seed=seed), RandomPlayer(seed=seed)]
        bots[seat] = HeuristicPlayer()  # type: ignore[call-overload]
        play_game(game, bots)
        wins += game.result is not None and game.result.winners == (seat,)
    assert wins == 12


@pytest.mark.parametrize(("partner", "yes"), [("Kh Jd Qh Jh 10s 9c 8c", True),
                                              ("JK JK Ac Ah Kh Qd Qh", False)])
def test_heuristic_asks_and_answers_the_partner(partner: str, yes: bool) -> None:
    """AS-36: seat 0 could go out (two canastas, three sevens to lay off) while its
    partner holds seven cards, so it asks first; the partner answers *no* while holding
    more than 100 points and the other side is not about to go out, *yes* otherwise."""
    game = canasta_family.new_game("american-samba", players=4, seed=1, start=HandSetup(
        hands=("7s", "4c 5s 10c 8d", partner, "7s 7d Qh"),
        melds=(("Ac Ad Ah As Ac Ad Ah", "Kc Kd Kh Ks Kc Kd 2s", "7c 7d 7h"), ("Qc Qd Qs",)),
        pile="6c 9c", stock="7c 7h 8c 10d 10h Js 4h 4s Jc Jh 5d Kd", dealer=3))
    game.apply("draw")
    bots = [HeuristicPlayer() for _ in range(4)]
    action = decide(bots[0], game)
    assert isinstance(action, Ask)
    game.apply(action)
    assert game.phase == "answer" and game.current_player == 2
    assert decide(bots[2], game) == Answer(yes=yes)


def test_ismcts_plays_legally_and_keeps_to_its_iterations() -> None:
    game = canasta_family.new_game("american-samba", players=2, seed=5)
    search = ISMCTSPlayer(iterations=6, seed=1)
    bots = [search, GreedyPlayer()]
    for _ in range(60):
        if game.is_over:
            break
        action = decide(bots[game.current_player], game)
        assert game.is_legal(action)
        if game.current_player == 0:
            assert search.last_iterations <= 6
        game.apply(action)


def test_ismcts_does_not_see_hidden_cards() -> None:
    game = canasta_family.new_game("american-samba", players=2, seed=3)
    twins = hidden_swap_twins(game, seat=1)
    assert twins is not None
    plain, swapped = twins
    assert plain.hand_cards(1) != swapped.hand_cards(1)
    plain.apply("draw")
    swapped.apply("draw")
    a = ISMCTSPlayer(iterations=20, seed=4).choose_in_game(plain)
    b = ISMCTSPlayer(iterations=20, seed=4).choose_in_game(swapped)
    assert a == b


def test_player_kinds_build_the_search_players() -> None:
    search = make_player("ismcts:iterations=3,depth=5,rollout=heuristic", seed=2)
    assert isinstance(search, ISMCTSPlayer) and search.iterations == 3 and search.depth == 5
    assert not search.pause_gc  # a library leaves its host's collector alone by default
    paused = make_player("ismcts:time=0.5,pause_gc=1", seed=2)
    assert isinstance(paused, ISMCTSPlayer) and paused.pause_gc
    assert isinstance(make_player("heuristic:caution=0.5", 0), HeuristicPlayer)
    assert str(parse_player_spec("ismcts:time=0.5")) == "ismcts:time=0.5"
    with pytest.raises(ValueError, match="rollout"):
        make_player("ismcts:rollout=magic", 0)
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSPlayer(iterations=0)


def test_ismcts_is_reproducible() -> None:
    game = canasta_family.new_game("american-samba", players=2, seed=11)
    game.apply("draw")
    first = ISMCTSPlayer(iterations=15, seed=9).choose_in_game(game)
    assert ISMCTSPlayer(iterations=15, seed=9).choose_in_game(game) == first
    before = game.snapshot()
    ISMCTSPlayer(iterations=15, seed=9).choose_in_game(game)
    assert game.snapshot() == before  # the search works on copies only


def test_ismcts_root_candidates_are_the_same_in_every_determinization() -> None:
    # The search works the root's candidates out once, from the real game: that is only
    # right if every determinization gives the searching seat the same ones.
    import random

    from canasta_family.determinize import Determinizer

    game = play_decision(21)
    search = ISMCTSPlayer(iterations=1, seed=0)
    expected = search._candidates(game)
    assert len(expected) > 1
    sampler = Determinizer(game, 0)
    rng = random.Random(5)
    for _ in range(5):
        assert search._candidates(sampler.sample(rng)) == expected


def test_ismcts_works_out_the_root_candidates_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = play_decision(21)
    search = ISMCTSPlayer(iterations=12, seed=0)
    seen: list[tuple[bool, int]] = []
    original = search._candidates

    def spy(position: canasta_family.Game) -> list[canasta_family.Action]:
        # Noted at the call: the copies go on to be played out afterwards.
        seen.append((position is game, position.current_player))
        return original(position)

    monkeypatch.setattr(search, "_candidates", spy)
    assert game.is_legal(search.choose_in_game(game))
    assert search.last_iterations == 12
    # Once for the root (from the real game); any further calls are for deeper nodes of
    # the searching seat's turn, on determinized copies.
    assert sum(1 for real, _ in seen if real) == 1
    assert all(mover == 0 for _, mover in seen)
