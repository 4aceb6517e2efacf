"""Bolivia (rules BO-1 … BO-9) through the public API of canasta-family.

Every rule test starts from an arranged deal (``HandSetup``) of the installed variant
``bolivia``. Four players: side 0 is seats 0 and 2, side 1 seats 1 and 3. A stock given
as text is listed top first and is exactly the stock (every other card is set aside); the
pile is listed bottom to top. A hand is ended quickly either by going out or by a player
who faces an empty stock under a black 3 and passes (AS-39).
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import canasta_family
import pytest
from canasta_family import (
    Game,
    HandSetup,
    IllegalActionError,
    InvalidOptionError,
    MeldKind,
    SetupError,
    TakePile,
)
from canasta_family.testing import (
    check_cards_conserved,
    check_clone_and_replay,
    check_observation_hides,
    make_game_machine,
    play_random,
)
from hypothesis import HealthCheck, settings

import canasta_bolivia

# Canastas used to arrange the table. Card values: K 10, 9 10, 2 20, joker 50, 4-7 5.
NATURAL_K = "Kh Kh Kh Kd Kd Kd Ks"  # 70 points, natural canasta
NATURAL_Q = "Qh Qh Qh Qd Qd Qd Qs"  # 70 points, natural canasta
MIXED_9 = "9h 9h 9d 9d 9s 2c JK"  # 120 points, mixed canasta
ESCALERA_S = "4s 5s 6s 7s 8s 9s 10s"  # 50 points, escalera
BOLIVIA = "JK JK JK 2c 2d 2h 2s"  # 230 points, bolivia


def start(hands: Sequence[str], *, options: dict[str, object] | None = None,
          **setup: object) -> Game:
    """A game of Bolivia from an arranged hand."""
    return canasta_family.new_game(
        "bolivia", seed=11, options=options,
        start=HandSetup(hands=tuple(hands), **setup))  # type: ignore[arg-type]


def rule_of(game: Game, action: str) -> str:
    """Apply ``action`` expecting a rule break: the rule ID cited. Also checks that the
    action is not listed and that the refusal changed nothing."""
    assert not game.is_legal(action)
    assert action not in legal_texts(game)
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.snapshot() == before
    return info.value.rule


def legal_texts(game: Game) -> set[str]:
    """The legal actions as text."""
    return {str(action) for action in game.legal_actions()}


def sheet(game: Game, side: int) -> dict[str, tuple[int, str]]:
    """The last hand's score lines of ``side``: label -> (points, rule)."""
    return {item.label: (item.points, item.rule)
            for item in game.hand_results[-1].sides[side].items}


def pass_out(hands: Sequence[str], *, options: dict[str, object] | None = None,
             **setup: object) -> Game:
    """Seat 1 faces an empty stock under a black 3 and passes: the hand ends without
    anyone going out (AS-39)."""
    game = start(hands, options=options, stock="", pile="5d 3s", dealer=0, **setup)
    assert game.current_player == 1
    game.apply("pass")
    assert len(game.hand_results) == 1 and game.hand_results[0].went_out is None
    return game


def cli() -> list[str]:
    """The ``canasta-family`` command of this environment."""
    script = shutil.which("canasta-family", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "canasta_family"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command line with a wide console so that tables are not wrapped."""
    env = {**os.environ, "COLUMNS": "250", "NO_COLOR": "1"}
    return subprocess.run([*cli(), *args], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


# --- the plugin is installed as a third-party variant -------------------------------------


def test_found_by_name_and_alias_as_a_third_party_variant() -> None:
    """The entry point makes ``bolivia`` (and its alias) a variant of third-party origin."""
    variant = canasta_family.find_variant("bolivia")
    assert variant.origin.startswith("third-party")
    assert variant.origin == "third-party (canasta-bolivia)"
    assert isinstance(variant.plugin, canasta_bolivia.BoliviaPlugin)
    assert canasta_family.find_variant("Bolivian-Canasta").name == "bolivia"
    assert "bolivia" in [info.name for info in canasta_family.available_variants()]


def test_cli_lists_bolivia_as_third_party() -> None:
    """``canasta-family variants`` lists bolivia with its origin and options."""
    done = run_cli("variants", "--options")
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if "│ bolivia " in line)
    assert "third-party (canasta-bolivia)" in row and "bolivian-canasta" in row
    assert re.search(r"│ 4\s+│", row)
    assert "options of bolivia" in done.stdout and "black_three_penalty" in done.stdout


def test_BO_9_cli_plays_a_full_greedy_game_to_15000(tmp_path: Path) -> None:
    """``canasta-family play --variant bolivia --seed 3`` plays greedy players until a
    side has 15,000: every hand but the last leaves both sides below 15,000, and its
    record replays to the same finished game."""
    record = tmp_path / "bolivia-3.json"
    done = run_cli("play", "--variant", "bolivia", "--seed", "3", "--record", str(record))
    assert done.returncode == 0, done.stderr
    assert "bolivia, 4 players" in done.stdout
    won = re.search(r"side (\d) wins with (\d+) \(BO-9: a side reached 15000\)", done.stdout)
    assert won is not None, done.stdout[-2000:]
    game = canasta_family.replay(record)
    assert game.variant.name == "bolivia" and game.is_over and game.result is not None
    assert game.result.winners == (int(won.group(1)),)
    assert max(game.scores) == int(won.group(2)) >= 15_000
    for hand in game.hand_results[:-1]:
        assert max(side.cumulative for side in hand.sides) < 15_000


def test_options_default_and_validated() -> None:
    """Bolivia keeps American Samba's house-rule option and adds ``black_three_penalty``
    (BO-7), checked strictly."""
    game = canasta_family.new_game("bolivia", seed=1)
    assert game.options == {"no_wild_on_natural_canasta": False,
                            "black_three_penalty": "going-out"}
    with pytest.raises(InvalidOptionError) as info:
        canasta_family.new_game("bolivia", seed=1, options={"black_three_penalty": "never"})
    assert info.value.option == "black_three_penalty" and info.value.rule == "BO-7"


def test_docstring_examples_hold() -> None:
    """The examples in the plugin's docstrings are true."""
    result = doctest.testmod(canasta_bolivia, raise_on_error=False)
    assert result.attempted >= 5 and result.failed == 0


# --- BO-1: four players, 162 cards, 15 each, draw 2 ---------------------------------------


def test_BO_1_four_players_only() -> None:
    """Only four players in two partnerships may play; other counts are refused citing
    BO-1."""
    for players in (2, 3, 5, 6):
        with pytest.raises(SetupError, match="BO-1"):
            canasta_family.new_game("bolivia", players=players, seed=1)
    game = canasta_family.new_game("bolivia", seed=1)
    assert game.num_players == 4
    assert (game.side_members(0), game.side_members(1)) == ((0, 2), (1, 3))


def test_BO_1_deck_deal_and_draw_two() -> None:
    """162 cards (three packs with six jokers), 15 cards each, a draw takes two cards."""
    game = canasta_family.new_game("bolivia", seed=5)
    assert len(game.deck) == 162
    assert sum(1 for card in game.deck if card.is_joker) == 6
    assert [game.hand_size(seat) for seat in range(4)] == [15, 15, 15, 15]
    player = game.current_player
    stock = game.stock_size
    game.apply("draw")
    assert game.hand_size(player) == 17 and game.stock_size == stock - 2
    check_cards_conserved(game)


# --- BO-2: melds of wild cards, the bolivia ------------------------------------------------


def test_BO_2_three_wild_cards_meld_alone_and_grow_into_a_bolivia() -> None:
    """Three wild cards (2s and jokers mixed) make a meld; wild cards laid off on it make
    a bolivia at seven, and nothing more may be added to it."""
    game = start(("2c 2d JK 9h 9s Kc", "5c", "6c", "7c"), melds=(("Qh Qd Qs",), ()),
                 stock="2h 2s 4c 4d 4h 4s 5d 5h JK JK", pile="8d", dealer=3)
    game.apply("draw")  # seat 0 draws 2h 2s
    game.apply("meld 2c 2d JK")
    meld = game.side_melds(0)[1]
    assert meld.kind is MeldKind.SET and meld.rank is None
    assert (len(meld.cards), meld.wilds, meld.canasta) == (3, 3, None)
    game.apply("lay-off 1 2h 2s")
    game.apply("discard Kc")
    for seat in (1, 2, 3):  # the others draw and discard
        game.apply("draw")
        game.apply(f"discard {game.hand_cards(seat)[0]}")
    game.apply("draw")  # seat 0 draws JK JK
    assert "lay-off 1 JK JK" in legal_texts(game)
    game.apply("lay-off 1 JK JK")
    bolivia = game.side_melds(0)[1]
    assert (len(bolivia.cards), bolivia.canasta) == (7, "bolivia")
    assert game.side_canasta_kinds(0) == ("bolivia",)


def test_BO_2_nothing_may_be_added_to_a_bolivia() -> None:
    """A bolivia takes no eighth wild card and no natural card."""
    game = start(("JK 2c 9h 9s Kc Kd", "5c", "6c", "7c"), melds=((BOLIVIA, "9d 9c 9c"), ()),
                 stock="4c 4d 4h", pile="8d", dealer=3)
    game.apply("draw")
    assert rule_of(game, "lay-off 0 JK") == "BO-2"
    with pytest.raises(IllegalActionError, match="at most 7 cards"):
        game.apply("lay-off 0 JK")
    assert rule_of(game, "lay-off 0 Kc") == "AS-12"
    assert not any(str(action).startswith("lay-off 0") for action in game.legal_actions())
    game.apply("lay-off 1 9h 9s JK")  # the wild card may go on an ordinary set instead
    bolivia = game.side_melds(0)[0]
    assert sorted(bolivia.cards) == sorted(canasta_family.parse_cards(BOLIVIA))
    assert bolivia.canasta == "bolivia"
    assert game.side_melds(0)[1].wilds == 1


def test_BO_2_wild_melds_have_three_to_seven_cards() -> None:
    """Two wild cards are too few and eight too many; seven at once are a bolivia."""
    game = start(("JK JK JK 2c 2d 2h 2s 2s Kc Kd", "5c", "6c", "7c"),
                 melds=(("Qh Qd Qs",), ()), stock="4c 4d", pile="8d", dealer=3)
    game.apply("draw")
    assert rule_of(game, "meld JK 2c") == "BO-2"
    assert rule_of(game, "meld JK JK JK 2c 2d 2h 2s 2s") == "BO-2"
    game.apply("meld JK JK JK 2c 2d 2h 2s")
    assert game.side_melds(0)[1].canasta == "bolivia"


def test_BO_2_wild_cards_alone_reach_the_initial_meld() -> None:
    """A meld of three jokers (150) is an initial meld on its own."""
    game = start(("JK JK JK 9h Kc Kd", "5c", "6c", "7c"), stock="4c 4d", pile="8d", dealer=3)
    game.apply("draw")
    assert not game.has_initial_meld(0)
    game.apply("meld JK JK JK")
    assert game.has_initial_meld(0)


def test_BO_2_bolivia_scores_2500() -> None:
    """A bolivia's bonus is 2500 (cited BO-2); its cards count their values (230)."""
    game = pass_out(("5c", "6c", "7c", "8c"), melds=((BOLIVIA, "Kh Kd Ks"), ()))
    lines = sheet(game, 0)
    assert lines["1 × bolivia canasta"] == (2500, "BO-2")
    assert lines["melded cards"] == (260, "AS-4")
    assert game.hand_results[0].sides[0].total == 2500 + 260 - 5 - 5


# --- BO-3: the escalera ---------------------------------------------------------------------


def test_BO_3_seven_card_sequence_is_an_escalera() -> None:
    """A sequence completed to seven cards by a lay-off is an escalera, and a sequence
    never exceeds seven cards."""
    game = start(("10h 4h Kc Kd 5c", "5c", "6c", "7c"),
                 melds=(("5h 6h 7h 8h 9h",), ()), stock="Jh Qh", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("lay-off 0 10h 4h")
    run = game.side_melds(0)[0]
    assert run.kind is MeldKind.RUN and (len(run.cards), run.canasta) == (7, "escalera")
    assert rule_of(game, "lay-off 0 Jh") == "AS-12"


def test_BO_3_escalera_scores_1500() -> None:
    """An escalera's bonus is 1500 (cited BO-3); natural and mixed canastas keep 500 and
    300."""
    game = pass_out(("5c", "6c", "7c", "8c"), melds=((ESCALERA_S, NATURAL_K, MIXED_9), ()))
    lines = sheet(game, 0)
    assert lines["1 × escalera canasta"] == (1500, "BO-3")
    assert lines["1 × natural canasta"] == (500, "AS-10")
    assert lines["1 × mixed canasta"] == (300, "AS-10")
    assert lines["melded cards"][0] == 50 + 70 + 120


# --- BO-4: no pile under a wild card -------------------------------------------------------


def test_BO_4_pile_not_taken_under_a_wild_card() -> None:
    """With a wild card on top, the pile cannot be taken, even onto a meld of wild cards;
    the same hand takes it when a natural card is on top."""
    table = (("2c 2d JK", "Kh Kd Ks"), ())
    blocked = start(("Kc Kc 9h 9s", "5c", "6c", "7c"), melds=table, stock="4c 4d",
                    pile="8d JK", dealer=3)
    assert not any(isinstance(action, TakePile) for action in blocked.legal_actions())
    assert rule_of(blocked, "take-pile onto 0") == "AS-17"
    open_pile = start(("Kc Kc 9h 9s", "5c", "6c", "7c"), melds=table, stock="4c 4d",
                      pile="8d Kd", dealer=3)
    assert {"take-pile Kc Kc", "take-pile onto 1"} <= legal_texts(open_pile)


# --- BO-5: initial-meld minimum --------------------------------------------------------------


@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (5000, 120),
    (6995, 120), (7000, 150), (14_000, 150),
])
def test_BO_5_initial_meld_minimum_by_score(score: int, minimum: int) -> None:
    """15 / 50 / 90 / 120 / 150 for < 0 / 0 / 1500 / 3000 / 7000 (150 from 7,000)."""
    game = start(("5c", "6c", "7c", "8c"), scores=(score, 0), stock="4c 4d", pile="8d")
    assert game.initial_minimum(0) == minimum
    assert game.initial_minimum(1) == 50


def test_BO_5_meld_of_120_enough_at_5000() -> None:
    """At 5,000 (American Samba would ask 150) a side opens with 120; 110 falls short and
    the discard is refused until the meld is completed or taken back."""
    game = start(("Ah Ad As Ac Kh Kd Ks Kc 9c", "5c", "6c", "7c"), scores=(5000, 0),
                 stock="4c 4d", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("meld Ah Ad As Ac")
    game.apply("meld Kh Kd Ks")
    assert not game.has_initial_meld(0)  # 80 + 30 = 110 < 120
    assert rule_of(game, "discard 9c") == "AS-24"
    game.apply("lay-off 1 Kc")  # 120
    assert game.has_initial_meld(0)
    game.apply("discard 9c")
    assert game.current_player == 1


# --- BO-6: going out needs an escalera ------------------------------------------------------


@pytest.mark.parametrize("table", [(NATURAL_K, MIXED_9), (BOLIVIA, NATURAL_K), (ESCALERA_S,)],
                         ids=["natural+mixed", "bolivia+natural", "escalera-alone"])
def test_BO_6_no_going_out_without_two_canastas_one_an_escalera(table: tuple[str, ...]
                                                                ) -> None:
    """Two canastas without an escalera (or an escalera alone) do not let a player go
    out: no play may leave fewer than two cards, and the question is not allowed."""
    game = start(("Qc Qd", "5c", "6c", "7c"), melds=(table, ()), stock="Qh 5d 4h",
                 pile="8d", dealer=3)
    game.apply("draw")  # Qc Qd Qh 5d
    assert rule_of(game, "meld Qc Qd Qh") == "BO-6"
    assert "ask 2" not in legal_texts(game)
    game.apply("discard 5d")
    assert game.hand_size(0) == 3 and not game.hand_results


def test_BO_6_escalera_and_another_canasta_let_a_player_go_out() -> None:
    """With an escalera and a second canasta, the player melds down to one card and goes
    out by discarding it; the side scores the going-out bonus."""
    game = start(("Qc Qd", "5c", "6c", "7c"), melds=((ESCALERA_S, NATURAL_K), ()),
                 stock="Qh 5d 4h", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("meld Qc Qd Qh")
    game.apply("discard 5d")
    result = game.hand_results[0]
    assert result.went_out == 0
    assert sheet(game, 0)["going out"] == (200, "AS-37")


def test_BO_6_escalera_completed_in_the_going_out_play() -> None:
    """The escalera may be completed by the play that goes out: a lay-off leaving one
    card is allowed because it makes the sixth card of a sequence the seventh."""
    game = start(("10s", "5c", "6c", "7c"), melds=(("4s 5s 6s 7s 8s 9s", NATURAL_K), ()),
                 stock="Qh", pile="8d", dealer=3)
    game.apply("draw")  # the last stock card: hand 10s Qh
    assert "lay-off 0 10s" in legal_texts(game)
    game.apply("lay-off 0 10s")
    assert game.side_canasta_kinds(0) == ("escalera", "natural")
    game.apply("discard Qh")
    assert game.hand_results[0].went_out == 0


def test_BO_6_laying_off_without_completing_the_escalera_is_refused() -> None:
    """The same lay-off onto a set instead (no escalera yet) may not leave one card."""
    game = start(("Kc", "5c", "6c", "7c"), melds=(("4s 5s 6s 7s 8s 9s", NATURAL_K), ()),
                 stock="Qh", pile="8d", dealer=3)
    game.apply("draw")
    assert rule_of(game, "lay-off 1 Kc") == "BO-6"


# --- BO-7: black 3s left in hand ------------------------------------------------------------


def test_BO_7_black_threes_left_in_hand_cost_100_when_someone_goes_out() -> None:
    """Seat 0 goes out: each black 3 in the other hands (partner's too) costs 100 instead
    of its card value 5; the other cards count as usual."""
    game = start(("Qc Qd", "3s 3c Jd", "3s 9d", "5c"), melds=((ESCALERA_S, NATURAL_K), ()),
                 stock="Qh 5d 4h", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("meld Qc Qd Qh")
    game.apply("discard 5d")
    theirs = sheet(game, 1)
    assert theirs["cards left in hand"] == (-15, "AS-41")  # Jd 10 + 5c 5
    assert theirs["2 black 3s left in hand"] == (-200, "BO-7")
    ours = sheet(game, 0)
    assert ours["cards left in hand"] == (-10, "AS-41")  # 9d
    assert ours["1 black 3s left in hand"] == (-100, "BO-7")
    assert game.hand_results[0].sides[1].total == -215


def test_BO_7_hand_of_black_threes_only_has_no_card_line() -> None:
    """A hand of black 3s alone is charged only the BO-7 line."""
    game = start(("Qc Qd", "3s 3c", "9d", "5c"), melds=((ESCALERA_S, NATURAL_K), ()),
                 stock="Qh 5d", pile="8d", dealer=3)
    game.apply("draw")
    game.apply("meld Qc Qd Qh")
    game.apply("discard 5d")
    theirs = sheet(game, 1)
    assert theirs["cards left in hand"] == (-5, "AS-41")  # seat 3's 5c only
    assert theirs["2 black 3s left in hand"] == (-200, "BO-7")


def test_BO_7_black_threes_melded_in_going_out_count_5_each() -> None:
    """Black 3s melded by the play that goes out count their card value, 5 each."""
    game = start(("3s 3c", "5c", "6c", "7c"), melds=((ESCALERA_S, NATURAL_K), ()),
                 stock="3c 4h", pile="8d", dealer=3)
    game.apply("draw")  # 3c 3c 3s 4h
    game.apply("meld 3c 3c 3s")
    game.apply("discard 4h")
    assert game.hand_results[0].went_out == 0
    lines = sheet(game, 0)
    assert lines["melded cards"][0] == 50 + 70 + 15
    assert not any("black 3" in label for label in lines)


def test_BO_7_no_black_three_charge_when_nobody_goes_out() -> None:
    """By default (Bicycle's wording) a hand that ends without anyone going out charges a
    black 3 only its card value, 5."""
    game = pass_out(("3s Kc", "3c", "5c", "6c"))
    assert sheet(game, 0)["cards left in hand"] == (-20, "AS-41")
    assert sheet(game, 1)["cards left in hand"] == (-10, "AS-41")
    assert not any("black 3" in label for side in (0, 1) for label in sheet(game, side))


def test_BO_7_option_always_charges_black_threes_when_the_stock_runs_out() -> None:
    """With ``black_three_penalty="always"`` the 100 is charged however the hand ends."""
    game = pass_out(("3s Kc", "3c", "5c", "6c"), options={"black_three_penalty": "always"})
    assert sheet(game, 0)["cards left in hand"] == (-15, "AS-41")
    assert sheet(game, 0)["1 black 3s left in hand"] == (-100, "BO-7")
    assert sheet(game, 1)["cards left in hand"] == (-5, "AS-41")
    assert sheet(game, 1)["1 black 3s left in hand"] == (-100, "BO-7")


# --- BO-8: red 3s -----------------------------------------------------------------------------


def test_BO_8_red_threes_plus_with_two_canastas_of_any_kind() -> None:
    """Two canastas of any kind (here a bolivia and a mixed canasta, no escalera) make
    red 3s a plus; with one canasta they are a minus."""
    game = pass_out(("5c", "6c", "7c", "8c"), melds=((BOLIVIA, MIXED_9), (NATURAL_K,)),
                    red_threes=("3h 3d", "3h"))
    assert sheet(game, 0)["2 red 3s"] == (200, "BO-8")
    assert sheet(game, 1)["1 red 3"] == (-100, "BO-8")


def test_BO_8_all_six_red_threes_score_1000() -> None:
    """All six red 3s score 1000 (a plus with two canastas, a minus without)."""
    plus = pass_out(("5c", "6c", "7c", "8c"), melds=((ESCALERA_S, NATURAL_K), ()),
                    red_threes=("3h 3h 3h 3d 3d 3d", ""))
    assert sheet(plus, 0)["6 red 3s"] == (1000, "BO-8")
    minus = pass_out(("5c", "6c", "7c", "8c"), melds=((ESCALERA_S,), ()),
                     red_threes=("3h 3h 3h 3d 3d 3d", ""))
    assert sheet(minus, 0)["6 red 3s"] == (-1000, "BO-8")


# --- BO-9: game to 15,000 ---------------------------------------------------------------------


def test_BO_9_game_goes_on_past_10000() -> None:
    """A side that passes 10,000 (American Samba's target) but not 15,000 plays on."""
    game = pass_out(("5c", "6c", "7c", "8c"), melds=((BOLIVIA, NATURAL_K), ()),
                    scores=(9000, 0))
    assert game.scores[0] == 9000 + 2500 + 500 + 230 + 70 - 10
    assert not game.is_over and game.hand_number == 1 and game.phase == "draw"


def test_BO_9_game_ends_at_15000() -> None:
    """After a hand in which a side reaches 15,000 the game is over; higher total wins."""
    game = pass_out(("5c", "6c", "7c", "8c"), melds=((BOLIVIA, NATURAL_K), (NATURAL_Q,)),
                    scores=(12_000, 14_400))
    assert game.scores == (12_000 + 3290, 14_400 + 570 - 15)
    assert game.is_over and game.result is not None
    assert game.result.winners == (0,) and "BO-9" in game.result.reason


# --- the library's own checks and property machine ----------------------------------------


def test_random_play_keeps_cards_hidden_and_replays() -> None:
    """Random and greedy play conserves the cards, hides them, clones and replays."""
    for seed in (1, 2):
        game = play_random(canasta_family.new_game("bolivia", seed=seed), 150, seed=seed)
        check_cards_conserved(game)
        check_observation_hides(game)
        check_clone_and_replay(game)


TestBoliviaMachine = make_game_machine(variant="bolivia", players=4, step_count=20).TestCase
TestBoliviaMachine.settings = settings(
    TestBoliviaMachine.settings, max_examples=10, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow])
