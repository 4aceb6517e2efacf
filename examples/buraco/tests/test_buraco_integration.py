"""Everything of canasta-family works on Buraco unchanged: found by name, the command line
(play with computer and human seats, replay and its stepper, simulate), records that
replay, the brute-force listing check and the state machine of
:mod:`canasta_family.testing`, the PettingZoo and OpenSpiel adapters, and the computer
players, which go out in most hands and beat random play.

The golden records in ``golden/`` are full games between greedy players; after a change
that is meant to alter them, rewrite them with
``python -c "import test_buraco_integration as t; t.regenerate()"`` from this folder.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import canasta_family
import pytest
from canasta_family import HandSetup, LayOff, MakeMeld, Rank
from canasta_family.players import GreedyPlayer, HeuristicPlayer, RandomPlayer, play_game, play_hand
from canasta_family.state_digest import state_digest
from canasta_family.terminal import PlaySession
from canasta_family.testing import (
    check_cards_conserved,
    check_clone_and_replay,
    check_listing_complete,
    check_observation_hides,
    make_game_machine,
)

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_GAMES: dict[str, tuple[str, int, int, dict[str, object]]] = {
    "buraco-2p-seed1.json": ("buraco", 2, 1, {}),
    "buraco-4p-seed2.json": ("buraco", 4, 2, {}),
    "italian-burraco-4p-seed3.json": ("italian-burraco", 4, 3, {}),
}


def _cli(*args: str, stdin: str = "") -> str:
    script = shutil.which("canasta-family", path=os.path.dirname(sys.executable))
    command = [script] if script else [sys.executable, "-m", "canasta_family"]
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    done = subprocess.run([*command, *args], capture_output=True, text=True, env=env,
                          input=stdin, timeout=600, check=True)
    return done.stdout


# -- found by name ----------------------------------------------------------------------

def test_buraco_and_italian_burraco_are_found_by_name_and_alias() -> None:
    assert canasta_family.find_variant("burraco").info.name == "buraco"
    assert canasta_family.find_variant("burraco-italiano").info.name == "italian-burraco"
    names = {info.name for info in canasta_family.available_variants()}
    assert {"buraco", "italian-burraco"} <= names
    assert "buraco" in _cli("variants")


def test_the_italian_preset_is_the_italian_options_as_defaults() -> None:
    italian = canasta_family.new_game("italian-burraco", seed=1).options
    assert italian["values"] == "italian" and italian["out_canasta"] == "any"
    assert italian["going_out"] == "discard" and italian["big_canastas"] is False
    assert italian["target"] == 2005 and italian["upcard"] is True
    assert italian["stock_end"] == "italian"
    # The same rules are reachable from "buraco" by naming the options.
    same = canasta_family.new_game("buraco", seed=1, options=dict(italian))
    assert same.options == italian


# -- the command line -------------------------------------------------------------------

def test_cli_plays_a_full_game_records_and_replays_it(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    out = _cli("play", "--variant", "buraco", "--players", "2", "--seed", "4",
               "--record", str(record))
    assert "Final result" in out
    game = canasta_family.replay(canasta_family.load_record(record))
    assert game.is_over and max(game.scores) >= 3000
    stepped = _cli("replay", str(record), "--step", stdin="n 40\nend\nq\n")
    assert "action 40 of" in stepped and "end of the record" in stepped


def test_cli_simulates_heuristic_against_random(tmp_path: Path) -> None:
    out_file = tmp_path / "match.json"
    _cli("simulate", "--variant", "buraco", "--players", "2", "--games", "4", "--jobs", "1",
         "--player", "0=heuristic", "--player", "1=random", "--rotate", "--no-progress",
         "--out", str(out_file))
    assert json.loads(out_file.read_text(encoding="utf-8"))


def test_a_human_seat_plays_a_whole_game_through_the_terminal() -> None:
    """A human who types what the greedy player would plays the greedy game."""
    game = canasta_family.new_game("buraco", players=2, seed=6)
    hinter = GreedyPlayer()
    box: list[PlaySession] = []

    def read(prompt: str) -> str:
        current = box[0].game
        if not prompt.startswith("seat "):
            return ""
        seat = current.current_player
        return str(hinter.choose(current.observation(seat), current.legal_actions()))

    from rich.console import Console
    console = Console(file=open(os.devnull, "w"), width=120)  # noqa: SIM115
    box.append(PlaySession(game, [None, GreedyPlayer()], console=console, read_line=read))
    assert box[0].run() == 0
    expected = play_game(canasta_family.new_game("buraco", players=2, seed=6),
                         [GreedyPlayer(), GreedyPlayer()])
    assert state_digest(box[0].game) == state_digest(expected)


# -- records ------------------------------------------------------------------------------

def play_golden(variant: str, players: int, seed: int,
                options: dict[str, object]) -> canasta_family.Game:
    game = canasta_family.new_game(variant, players=players, seed=seed, options=options)
    return play_game(game, [GreedyPlayer() for _ in range(players)])


def regenerate() -> None:
    """Rewrite the golden records and their expected results."""
    GOLDEN.mkdir(exist_ok=True)
    expected: dict[str, dict[str, Any]] = {}
    for name, spec in GOLDEN_GAMES.items():
        game = play_golden(*spec)
        assert game.result is not None
        game.record().save(GOLDEN / name)
        expected[name] = {"scores": list(game.scores), "hands": len(game.hand_results),
                          "winners": list(game.result.winners),
                          "actions": len(game.actions)}
    (GOLDEN / "expected.json").write_text(json.dumps(expected, indent=2) + "\n",
                                          encoding="utf-8")


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_records_replay_to_their_results(name: str) -> None:
    expected = json.loads((GOLDEN / "expected.json").read_text(encoding="utf-8"))[name]
    game = canasta_family.replay(canasta_family.load_record(GOLDEN / name))
    assert game.result is not None
    assert list(game.scores) == expected["scores"]
    assert len(game.hand_results) == expected["hands"]
    assert list(game.result.winners) == expected["winners"]
    assert len(game.actions) == expected["actions"]
    assert game == play_golden(*GOLDEN_GAMES[name])


# -- the test kit -------------------------------------------------------------------------

def _small_deal(seed: int) -> HandSetup:
    """Seven cards each, mortos of five and a stock of forty, for the brute-force check."""
    deck = list(canasta_family.new_game("buraco", players=2, seed=seed).deck)
    random.Random(seed).shuffle(deck)
    return HandSetup(hands=(tuple(deck[:7]), tuple(deck[7:14])),
                     reserves=(tuple(deck[14:19]), tuple(deck[19:24])),
                     stock=tuple(deck[24:64]), dealer=1)


@pytest.mark.parametrize("seed", range(8))
def test_listing_complete_on_small_deals(seed: int) -> None:
    # Odd seeds close the pile (BU-O8): its takes meld the top card into sets, sequences
    # or melds of the side, each listed exactly when legal.
    options = {"pile": "closed" if seed % 2 else "open"}
    game = canasta_family.new_game("buraco", players=2, seed=seed, start=_small_deal(seed),
                                   options=options)
    chooser = random.Random(seed)
    for _ in range(120):
        if game.is_over or game.hand_results:
            break
        if game.hand_size(game.current_player) <= 8:
            check_listing_complete(game, max_meld=5)
        check_cards_conserved(game)
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, (MakeMeld, LayOff))]
        game.apply(max(plays, key=lambda a: len(a.cards))  # type: ignore[union-attr]
                   if plays and chooser.random() < 0.8 else chooser.choice(legal))
    check_clone_and_replay(game)
    check_observation_hides(game)


TestBuraco2 = make_game_machine("buraco", players=2, step_count=30).TestCase
TestBuraco4 = make_game_machine("buraco", players=4, step_count=30).TestCase
TestItalianBurraco4 = make_game_machine("italian-burraco", players=4, step_count=30).TestCase


# -- learning adapters ----------------------------------------------------------------------

def test_the_pettingzoo_environment_plays_buraco() -> None:
    rl = pytest.importorskip("canasta_family.rl")
    env = rl.env(variant="buraco", players=2, max_hands=1)
    env.reset(seed=3)
    rng = random.Random(3)
    steps = 0
    for _agent in env.agent_iter(max_iter=5000):
        observation, _reward, termination, truncation, _info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        env.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
        steps += 1
    assert steps > 50 and not env.agents  # the hand was played to its end


def test_the_openspiel_game_plays_buraco() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("canasta_family.openspiel")
    game = pyspiel.load_game("python_canasta_family(variant=buraco,players=2,max_hands=1)")
    state = game.new_initial_state()
    rng = random.Random(2)
    moves = 0
    while not state.is_terminal() and moves < 5000:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    assert state.is_terminal() and moves > 50


# -- computer players -------------------------------------------------------------------

def test_heuristic_players_go_out_in_most_hands() -> None:
    went_out = 0
    for seed in range(12):
        game = canasta_family.new_game("buraco", seed=seed)
        play_hand(game, [HeuristicPlayer() for _ in range(4)])
        went_out += game.hand_results[0].went_out is not None
    assert went_out >= 7


def test_heuristic_beats_random_in_at_least_95_percent_of_games() -> None:
    wins = 0
    games = 20
    for seed in range(games):
        seat = seed % 2
        players = [RandomPlayer(seed=seed), RandomPlayer(seed=seed)]
        players[seat] = HeuristicPlayer()  # type: ignore[call-overload]
        game = play_game(canasta_family.new_game("buraco", players=2, seed=seed), players)
        assert game.result is not None
        wins += game.result.winners == (seat,)
    assert wins >= 0.95 * games


def test_a_royal_canasta_is_worth_500_in_the_score() -> None:
    # A sanity check of the wiring the rule tests cover in detail (BU-18).
    game = canasta_family.new_game("buraco", players=2, seed=1)
    assert game.canasta_rules.run_length_kinds == {13: "royal", 14: "ace-to-ace"}
    assert game.card_value(canasta_family.parse_card("Ah")) == 15
    assert Rank.ACE == 14
