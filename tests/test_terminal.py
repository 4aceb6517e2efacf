"""The terminal interface in-process: forgiving input, the menu, the table view, the play
session (undo, illegal moves, "may I go out?", hot-seat, saving) and the replay stepper.
The real-terminal session is in ``test_terminal_pty.py``."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path

import attrs
import pytest
from rich.console import Console

import canasta_family
from canasta_family import HandSetup, hookimpl
from canasta_family.actions import Answer, Discard, Draw, LayOff, MakeMeld, TakePile
from canasta_family.cards import parse_cards
from canasta_family.engine import Game
from canasta_family.hookspecs import Options
from canasta_family.players import GreedyPlayer, HeuristicPlayer, play_game
from canasta_family.plugins import Variant
from canasta_family.rules import DealRules, VariantInfo
from canasta_family.terminal import PlaySession, ReplayStepper
from canasta_family.terminal.commands import (
    Help,
    Hint,
    Nothing,
    Play,
    Quit,
    ShowTable,
    Undo,
    Unreadable,
    read_command,
)
from canasta_family.terminal.menu import Menu, menu_view
from canasta_family.terminal.view import hand_result_table, render_text, table_view
from canasta_family.testing import hidden_swap_twins
from canasta_family.variants.american_samba import VARIANT, AmericanSambaPlugin

CANASTA_K = "Kh Kh Kh Kd Kd Kd Ks"
CANASTA_Q = "Qh Qh Qh Qd Qd Qd Qs"


def samba(hands: tuple[str, ...], **kwargs: object) -> Game:
    """An American Samba hand from a chosen deal (seat 0 to play unless said)."""
    kwargs.setdefault("dealer", len(hands) - 1)
    setup = HandSetup(hands=hands, **kwargs)  # type: ignore[arg-type]
    return canasta_family.new_game("american-samba", players=len(hands), seed=1, start=setup)


def console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None)


def screen(out: Console) -> str:
    file = out.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def scripted(lines: Iterable[str]) -> tuple[list[str], object]:
    """A read_line that answers from ``lines`` and records the prompts it was shown;
    running out of lines is the end of input."""
    queue = list(lines)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return prompts, read


# --- input ------------------------------------------------------------------------------


def draw_menu() -> Menu:
    game = samba(("9c 9d 4s 5h", "6c 7c"), pile="8d 9h", stock="Jc Jd Js Qd",
                 scores=(-100, 0))
    return Menu.of(game.legal_actions())


@pytest.mark.parametrize(("typed", "expected"), [
    ("m 7h 7s 7c", MakeMeld(parse_cards("7c 7h 7s"))),
    ("MELD 7♥ 7♠ 7♣", MakeMeld(parse_cards("7c 7h 7s"))),
    ("meld th 10s Td", MakeMeld(parse_cards("10d 10h 10s"))),
    ("m 2c 7H jk", MakeMeld(parse_cards("2c 7h JK"))),
    ("d", Draw()),
    ("dr", Draw()),
    ("d Ks", Discard(parse_cards("Ks")[0])),
    ("x ks", Discard(parse_cards("Ks")[0])),
    ("t 9c 9d", TakePile(cards=parse_cards("9c 9d"))),
    ("lo 0 7d", LayOff(meld=0, cards=parse_cards("7d"))),
    ("y", Answer(yes=True)),
    ("no", Answer(yes=False)),
])
def test_forgiving_action_input(typed: str, expected: object) -> None:
    """Short verbs, any case, suit letters or symbols, T or 10, jokers, bare ``d``."""
    assert read_command(typed, Menu(actions=())) == Play(expected)  # type: ignore[arg-type]


@pytest.mark.parametrize(("typed", "expected"), [
    ("help", Help()), ("?", Help()), ("hint", Hint()), ("undo", Undo()), ("U", Undo()),
    ("quit", Quit()), ("q", Quit()), ("table", ShowTable()), ("", Nothing()),
    ("   ", Nothing()),
])
def test_interface_words(typed: str, expected: object) -> None:
    assert read_command(typed, Menu(actions=())) == expected


def test_menu_numbers_pick_actions_and_out_of_range_is_explained() -> None:
    menu = draw_menu()
    assert read_command("1", menu) == Play(menu.action(1))
    bad = read_command(str(len(menu) + 1), menu)
    assert isinstance(bad, Unreadable) and f"choose 1-{len(menu)}" in bad.message


def test_a_bare_verb_means_the_only_action_of_its_kind() -> None:
    """``take`` alone is the take when exactly one is possible."""
    menu = draw_menu()
    takes = [a for a in menu.actions if isinstance(a, TakePile)]
    assert len(takes) == 1
    assert read_command("take", menu) == Play(takes[0])
    assert read_command("t", menu) == Play(takes[0])


def test_lay_off_without_a_meld_number_when_one_meld_fits() -> None:
    game = samba(("7d Kc 4s 5h", "6c 6d"), melds=(("7c 7h 7s", "Jc Jd Js"), ()),
                 pile="8d", stock="Jc Jd Js Qd")
    game.apply("draw")
    menu = Menu.of(game.legal_actions())
    assert read_command("lay-off 7d", menu) == Play(LayOff(meld=0, cards=parse_cards("7d")))
    assert isinstance(read_command("lay-off 9s", menu), Unreadable)


def test_unreadable_text_says_why() -> None:
    result = read_command("meld 7x 7h", Menu(actions=()))
    assert isinstance(result, Unreadable) and "'7x' is not a card" in result.message
    result = read_command("jump", Menu(actions=()))
    assert isinstance(result, Unreadable) and "unknown action 'jump'" in result.message


# --- the menu ---------------------------------------------------------------------------


def test_menu_lists_every_legal_action_once_grouped_by_kind() -> None:
    game = canasta_family.new_game("american-samba", players=2, seed=3)
    game.apply("draw", player=game.current_player)
    legal = game.legal_actions()
    menu = Menu.of(legal)
    assert sorted(map(str, menu.actions)) == sorted(map(str, legal))
    kinds = [a.kind for a in menu.actions]
    assert kinds.index("discard") > max(i for i, k in enumerate(kinds) if k != "discard")
    numbers = [n for _, entries in menu.groups() for n, _ in entries]
    assert numbers == list(range(1, len(legal) + 1))
    text = menu_view(menu, 80).plain
    assert all(len(line) <= 80 for line in text.splitlines())
    for number, action in enumerate(menu.actions, start=1):
        assert f"[{number}] " in text
        assert menu.number_of(action) == number


# --- the table view ---------------------------------------------------------------------


def test_view_shows_hand_melds_canasta_kind_red_threes_pile_and_minimum() -> None:
    game = samba(("Kc 7d 7h 9s JK 2c", "6c 6d", "5c 5d", "4c 4d"),
                 melds=((CANASTA_K, "8c 8d 8h"), ("Qh Qh Qd",)),
                 red_threes=("3h", ""), pile="5s 2d 9d", stock="Jc Jd Js Qd",
                 scores=(1200, 1600))
    text = render_text(table_view(game.observation(0)))
    assert "Your hand (seat 0, 6 cards): wild: 2c JK │ 7×2: 7d 7h │ 9s │ Kc" in text
    assert "0: Kd Kd Kd Kh Kh Kh Ks (7) ★ natural canasta" in text
    assert "1: 8c 8d 8h (3)" in text
    assert "Melds of your side (number: cards):" in text
    assert "Melds of side 1 (number: cards):" in text
    assert "pile: top 9d, 3 cards, FROZEN for your side   stock: 4" in text
    assert "3h" in text  # side 0's red 3
    assert "seat 2 (partner): 2 cards" in text and "seat 1: 2 cards" in text
    line = next(ln for ln in text.splitlines() if ln.startswith("│ 1 "))
    assert "1600" in line and "made" in line
    fresh = samba(("Kc 7d", "6c 6d"), pile="9d", stock="Jc Jd Js Qd", scores=(1600, -20))
    text = render_text(table_view(fresh.observation(0)))
    assert "needs 90" in text and "needs 15" in text


def test_view_depends_only_on_what_the_seat_may_know() -> None:
    """Two games that differ only in seat 2's hidden cards look the same to seat 0."""
    game = canasta_family.new_game("american-samba", players=4, seed=8)
    twins = hidden_swap_twins(game, seat=2)
    assert twins is not None
    plain, swapped = twins
    assert plain.hand_cards(2) != swapped.hand_cards(2)
    assert render_text(table_view(plain.observation(0))) == \
        render_text(table_view(swapped.observation(0)))
    assert render_text(table_view(plain.observation(2))) != \
        render_text(table_view(swapped.observation(2)))


class FootPlugin(AmericanSambaPlugin):
    """American Samba dealt with a three-card foot, to show feet in the view."""

    info = VariantInfo(name="foot-view-test", players=(2, 3), rule_ids=VARIANT.rule_ids)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        return DealRules(hand_size=11, foot_size=3, upcard_redraw=False)


def test_view_shows_feet_and_any_number_of_sides() -> None:
    plugin = FootPlugin()
    game = Game(Variant(info=plugin.info, plugin=plugin, origin="test"), players=3, seed=4)
    obs = game.observation(1)
    text = render_text(table_view(obs))
    assert text.count("foot 3") == 3
    assert "foot-view-test — hand 1" in text
    for side in range(3):
        assert f"Melds of {'your side' if side == 1 else f'side {side}'}" in text
    picked = attrs.evolve(obs, feet_picked_up=(False, True, False), foot_sizes=(3, 0, 3))
    assert "seat 1 (you): 11 cards, foot picked up" in render_text(table_view(picked))
    plain = canasta_family.new_game("american-samba", players=2, seed=4)
    assert "foot" not in render_text(table_view(plain.observation(0)))


# --- the play session ---------------------------------------------------------------------


def test_illegal_move_shows_rule_and_reason_and_changes_nothing() -> None:
    game = samba(("9c 9d 4s 5h Kc", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    out = console()
    _, read = scripted(["discard 4s", "draw", "draw", "meld 4s 5h Kc", "quit", ""])
    session = PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read)  # type: ignore[arg-type]
    assert session.run() == 0
    text = screen(out)
    assert "not allowed (AS-15)" in text  # discarding before drawing, then drawing twice
    assert "cannot read that" not in text
    assert "not allowed (AS-9): a sequence must be all of one suit" in text
    assert [str(a) for a in session.game.actions] == ["draw"]


def test_undo_takes_back_plays_of_the_turn_and_the_record_keeps_only_what_was_played(
        tmp_path: Path) -> None:
    game = samba(("9c 9d 9h Kc Kd Ks 4s 5h", "6c 7c"), pile="8d", stock="Jc 9s Js Qd")
    out = console()
    record = tmp_path / "game.json"
    _, read = scripted(["d", "m 9c 9d 9h", "m Kc Kd Ks", "lo 0 9s", "undo", "undo", "undo",
                        "undo", "m Kc Kd Ks", "quit", str(record)])
    session = PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read)  # type: ignore[arg-type]
    assert session.run() == 0
    text = screen(out)
    assert "took back: meld Kc Kd Ks" in text
    assert "took back: lay-off 0 9s" in text and "took back: meld 9c 9d 9h" in text
    assert "nothing to undo" in text  # the draw is final
    assert text.count("seat 0: meld Kc Kd Ks") == 2  # played, undone, played again
    assert [str(a) for a in session.game.actions] == ["draw", "meld Kc Kd Ks"]
    assert canasta_family.load_record(record).actions == ("draw", "meld Kc Kd Ks")
    assert canasta_family.replay(canasta_family.load_record(record)) == session.game


def test_no_undo_across_a_discard() -> None:
    game = samba(("9c 9d 9h Kc Kd Ks 4s 5h", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    out = console()
    _, read = scripted(["d", "m 9c 9d 9h", "m Kc Kd Ks", "x 4s", "undo", "quit", ""])
    session = PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read)  # type: ignore[arg-type]
    session.run()
    assert "nothing to undo" in screen(out)
    assert [str(a) for a in session.game.actions][:4] == ["draw", "meld 9c 9d 9h",
                                                          "meld Kc Kd Ks", "discard 4s"]


def test_hint_names_the_hint_players_move_and_its_menu_number() -> None:
    game = samba(("9c 9d 4s 5h", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    out = console()
    _, read = scripted(["hint", "quit", ""])

    class FirstListed:
        def choose(self, observation: object, legal_actions: tuple[object, ...]) -> object:
            return legal_actions[-1]

    session = PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read,  # type: ignore[arg-type]
                          hint_player=FirstListed())  # type: ignore[arg-type]
    session.run()
    last = game.legal_actions()[-1]
    number = Menu.of(game.legal_actions()).number_of(last)
    assert f"hint: {last} (menu {number})" in screen(out)


def test_hint_by_default_is_the_heuristic_players_move() -> None:
    game = samba(("9c 9d 9h Kc Kd Ks 4s 5h", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    out = console()
    after_draw = game.clone()
    after_draw.apply("draw")
    _, read = scripted(["draw", "hint", "quit", ""])
    session = PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read)  # type: ignore[arg-type]
    session.run()
    expected = HeuristicPlayer().choose(after_draw.observation(0), after_draw.legal_actions())
    number = Menu.of(after_draw.legal_actions()).number_of(expected)
    assert f"hint: {expected} (menu {number})" in screen(out)


def ask_game() -> Game:
    """Seat 0 (side 0 has two canastas) can go out with one meld after drawing Jh Kc."""
    return samba(("Jc Jd", "4d 4c", "6c 6d", "7d 7c"), melds=((CANASTA_K, CANASTA_Q), ()),
                 stock="Jh Kc 9s 9s", pile="10d", dealer=3)


def test_computer_partner_answers_may_i_go_out_on_screen() -> None:
    out = console()
    _, read = scripted(["draw", "ask 2", "m Jc Jd Jh", "x Kc", "quit", ""])
    session = PlaySession(ask_game(), [None, GreedyPlayer(), GreedyPlayer(), GreedyPlayer()],
                          console=out, read_line=read)  # type: ignore[arg-type]
    session.run()
    text = screen(out)
    assert "seat 0: asks seat 2: may I go out?" in text
    assert "seat 2 answers your question: yes — you must go out this turn" in text
    assert "Hand 1 score sheet — seat 0 went out" in text
    assert session.game.hand_results[0].went_out == 0


def test_human_partner_is_asked_in_hot_seat_play_with_a_pass_screen() -> None:
    out = console()
    prompts, read = scripted(["", "draw", "ask 2", "", "no", "", "x Kc", "quit", ""])
    session = PlaySession(ask_game(), [None, GreedyPlayer(), None, GreedyPlayer()],
                          console=out, read_line=read)  # type: ignore[arg-type]
    session.run()
    text = screen(out)
    assert "Pass the terminal to seat 0, then press Enter." in text
    assert "Pass the terminal to seat 2, then press Enter." in text
    assert "seat 0 (partner) asks: may I go out?" in text
    assert "seat 2 (you)" in text
    assert "seat 2> " in prompts and "seat 0> " in prompts
    assert [str(a) for a in session.game.actions][:4] == ["draw", "ask 2", "answer no",
                                                          "discard Kc"]


def test_end_of_input_leaves_the_game_unfinished_with_status_1() -> None:
    game = samba(("9c 9d 4s 5h", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    out = console()
    _, read = scripted(["draw"])
    session = PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read)  # type: ignore[arg-type]
    assert session.run() == 1
    assert "input closed" in screen(out)


def test_a_whole_game_with_a_human_who_plays_like_the_hint(tmp_path: Path) -> None:
    """Playing every hint to the end gives the same game as the computer player would,
    shows every hand's score sheet and the final result, and writes the record."""
    record = tmp_path / "game.json"
    game = canasta_family.new_game("canasta", players=2, seed=5)
    hinter = GreedyPlayer()
    box: list[PlaySession] = []

    def read(prompt: str) -> str:
        current = box[0].game
        if not prompt.startswith("seat "):
            return ""
        seat = current.current_player
        return str(hinter.choose(current.observation(seat), current.legal_actions()))

    out = console()
    box.append(PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read,
                           record_path=record))
    assert box[0].run() == 0
    expected = play_game(canasta_family.new_game("canasta", players=2, seed=5),
                         [GreedyPlayer(), GreedyPlayer()])
    assert canasta_family.replay(canasta_family.load_record(record)) == expected
    text = screen(out)
    assert text.count("score sheet") == len(expected.hand_results)
    assert "Final result — canasta" in text and expected.result is not None
    assert expected.result.reason in text


# --- the replay stepper -------------------------------------------------------------------


def recorded() -> canasta_family.GameRecord:
    game = canasta_family.new_game("american-samba", players=2, seed=1)
    play_game(game, [GreedyPlayer(), GreedyPlayer()])
    return game.record()


def test_stepper_walks_forward_back_and_jumps_to_a_hand() -> None:
    record = recorded()
    out = console()
    _, read = scripted(["", "n 5", "b", "hand 2", "go 0", "end", "hand 99", "zzz", "q"])
    stepper = ReplayStepper(record, console=out, read_line=read)  # type: ignore[arg-type]
    positions: list[int] = []
    original = stepper.go

    def spy(position: int) -> None:
        original(position)
        positions.append(stepper.position)

    stepper.go = spy  # type: ignore[method-assign]
    assert stepper.run() == 0
    second_hand = next(i + 1 for i in range(len(record.actions))
                       if len(_replayed(record, i + 1).hand_results) == 1)
    assert positions == [1, 6, 5, second_hand, 0, len(record.actions)]
    text = screen(out)
    assert f"action {second_hand} of {len(record.actions)}" in text
    assert "Hand 1 score sheet" in text and "end of the record" in text
    assert "unknown command 'zzz'" in text and "hands 1-" in text


def _replayed(record: canasta_family.GameRecord, count: int) -> Game:
    game = canasta_family.new_game(record.variant, players=record.players, seed=record.seed)
    for text in record.actions[:count]:
        game.apply(text)
    return game


def test_stepper_seat_view_hides_other_hands_and_all_view_shows_them() -> None:
    record = recorded()
    game = _replayed(record, 0)
    hand0 = render_text(table_view(game.observation(0))).split("Your hand")[1].splitlines()[0]
    out = console()
    _, read = scripted(["q"])
    ReplayStepper(record, console=out, seat=1, read_line=read).run()  # type: ignore[arg-type]
    text = screen(out)
    assert "view of seat 1" in text and "Your hand (seat 1" in text
    assert "Hand of seat 0" not in text and hand0 not in text
    out = console()
    _, read = scripted(["q"])
    ReplayStepper(record, console=out, read_line=read).run()  # type: ignore[arg-type]
    text = screen(out)
    assert "every hand shown" in text and "Your hand" not in text
    assert "(you)" not in text
    assert text.count("Hand of seat 0 (15 cards): ") == 1
    assert text.count("Hand of seat 1 (15 cards): ") == 1


def test_cli_refuses_a_human_or_step_seat_that_does_not_exist(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from canasta_family.cli import main

    assert main(["play", "--players", "2", "--human", "2", "--seed", "1"]) == 2
    assert "--human takes a seat 0-1, not 2" in capsys.readouterr().err
    path = tmp_path / "game.json"
    canasta_family.new_game("american-samba", players=2, seed=1).record().save(path)
    assert main(["replay", str(path), "--step", "--seat", "5"]) == 2
    assert "--seat takes a seat 0-1, not 5" in capsys.readouterr().err
    assert main(["replay", str(path), "--seat", "1"]) == 2
    assert "--seat chooses the view of --step" in capsys.readouterr().err


def test_a_long_menu_group_is_cut_short_until_list_is_asked() -> None:
    from canasta_family.cards import card_from_code

    menu = Menu.of([Discard(card_from_code(code)) for code in range(53)])
    short = menu_view(menu, 100).plain
    assert "[40] " in short and "[41] " not in short
    assert "… 13 more (type 'list' to see all)" in short
    full = menu_view(menu, 100, limit=None).plain
    assert "[53] JK" in full and "more" not in full
    assert read_command("list", menu) == ShowTable(full=True)


# --- explaining refusals, at 80 columns -------------------------------------------------


def test_AS_17_take_under_a_black_3_says_the_rule_not_the_grammar() -> None:
    """``take`` cannot be read into an action (a take needs cards), but the reason no take
    is possible is the rule: a black 3 on top stops the pile."""
    game = samba(("9c 9d 4s 5h Kc", "6c 7c"), pile="8d 3s", stock="Jc Jd Js Qd")
    out = console()
    _, read = scripted(["take", "quit", ""])
    PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read).run()  # type: ignore[arg-type]
    text = screen(out)
    assert "not allowed (AS-17): a black 3 on top stops the pile" in text
    assert "cannot read that" not in text


def test_AS_19_take_of_a_frozen_pile_without_a_natural_pair_says_the_rule() -> None:
    game = samba(("9c 2d 4s 5h Kc", "6c 7c"), pile="9h JK 9s", stock="Jc Jd Js Qd")
    out = console()
    _, read = scripted(["t", "quit", ""])
    PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read).run()  # type: ignore[arg-type]
    assert "not allowed (AS-19)" in screen(out)


def test_AS_12_lay_off_of_a_card_that_fits_no_meld_says_why() -> None:
    """``lo 5h`` names no meld; when 5h fits none of the side's melds the human hears
    that, with the rule each meld refuses it by."""
    game = canasta_family.new_game("american-samba", players=2, seed=3)
    out = console()
    _, read = scripted(["lo 5h", "d", "m ac ad ah", "lo 5h", "quit", ""])
    session = PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read)  # type: ignore[arg-type]
    session.run()
    text = screen(out)
    assert "your side has no melds yet: nothing to lay 5h off on" in text
    assert "5h fits none of your side's melds (meld 0: not allowed (AS-12)" in text
    assert "cannot read that" not in text


def test_a_verb_that_fits_nothing_now_says_so() -> None:
    game = samba(("9c 9d 4s 5h Kc", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    out = console()
    _, read = scripted(["merge", "quit", ""])
    PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read).run()  # type: ignore[arg-type]
    assert "no merge is possible now" in screen(out)


def test_help_fits_an_80_column_terminal() -> None:
    from canasta_family.terminal.session import HELP_TEXT
    from canasta_family.terminal.stepper import STEP_HELP

    for text in (HELP_TEXT, STEP_HELP):
        assert max(len(line) for line in text.splitlines()) <= 78
    game = samba(("9c 9d 4s 5h Kc", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    out = Console(file=io.StringIO(), width=80, color_system=None)
    _, read = scripted(["help", "quit", ""])
    PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read).run()  # type: ignore[arg-type]
    shown = screen(out).splitlines()
    for line in HELP_TEXT.splitlines():
        assert line in shown  # printed whole, not broken by the terminal's width


def test_the_score_sheet_comes_before_the_next_deal() -> None:
    """When a hand ends (whoever goes out) its score sheet is shown before anything of
    the next hand: the deal, or the new cards of a human who went out."""
    hinter = HeuristicPlayer()
    box: list[PlaySession] = []

    def read(prompt: str) -> str:
        if not prompt.startswith("seat "):
            return "quit" if prompt.startswith("Hand over") and ended[0] >= 3 else ""
        return str(canasta_family.players.decide(hinter, box[0].game))

    ended = [0]
    out = Console(file=io.StringIO(), width=80, color_system=None)
    game = canasta_family.new_game("american-samba", players=2, seed=1)
    box.append(PlaySession(game, [None, GreedyPlayer()], console=out, read_line=read))
    original = box[0]._hand_over

    def count_then_show() -> None:
        ended[0] += 1
        original()

    box[0]._hand_over = count_then_show  # type: ignore[method-assign]
    box[0].run()
    text = screen(out)
    who = [int(seat) for seat in re.findall(r"hand ends: seat (\d) went out", text)]
    assert 0 in who  # the human went out at least once
    for number in range(1, len(who) + 1):
        end = text.index(f"Hand {number} score sheet")
        between = text[text.rindex("hand ends", 0, end):end]
        assert "deals;" not in between and "new in your hand" not in between
        assert text.index(f"hand {number + 1}: seat", end) > end


def test_one_is_singular_in_the_table_and_the_score_sheet() -> None:
    game = samba(("9c", "6c 7c"), pile="8d", stock="Jc Jd Js Qd")
    text = render_text(table_view(game.observation(0)), width=80)
    assert "seat 0 (you): 1 card " in text and "(seat 0, 1 card)" in text
    assert "top 8d, 1 card," in text and "1 cards" not in text
    played = canasta_family.new_game("american-samba", players=2, seed=1)
    play_game(played, [GreedyPlayer(), GreedyPlayer()])
    sheet = render_text(hand_result_table(played.hand_results[0], played.sides), width=80)
    assert "0 (seat 0)" in sheet and "seats" not in sheet


def test_stepper_names_the_hands_and_actions_that_exist() -> None:
    """``hand N`` past the last hand names how many hands the record has (the game's end
    is not a hand); ``go`` past the end, ``n`` at the end and ``b`` at the start say why
    nothing moved; ``n 10`` near the end says it stopped there."""
    record = recorded()
    hands = len(_replayed(record, len(record.actions)).hand_results)
    total = len(record.actions)
    out = console()
    _, read = scripted(["b", f"hand {hands + 1}", "hand 99", f"go {total + 5}",
                        f"go {total - 3}", "n 10", "n", "q"])
    stepper = ReplayStepper(record, console=out, read_line=read)  # type: ignore[arg-type]
    assert stepper.run() == 0
    assert stepper.position == total
    text = screen(out)
    assert "already at the start of the record" in text
    assert f"there is no hand {hands + 1}: the record has hands 1-{hands}" in text
    assert f"there is no hand 99: the record has hands 1-{hands}" in text
    assert f"there is no action {total + 5}: the record has {total}" in text
    assert "only 3 actions to the end of the record: stopped there" in text
    assert f"already at the end of the record (action {total})" in text


def test_the_saved_record_names_the_human_seats_and_the_stepper_shows_the_header(
        tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = canasta_family.new_game("american-samba", players=2, seed=4)
    _, read = scripted(["draw", "quit"])
    session = PlaySession(game, [None, GreedyPlayer()], console=console(), read_line=read,  # type: ignore[arg-type]
                          record_path=path, kinds=["human", "greedy"])
    assert session.run() == 0
    record = canasta_family.load_record(path)
    assert [dict(p) for p in record.meta["players"]] == [
        {"seat": 0, "side": 0, "kind": "human"}, {"seat": 1, "side": 1, "kind": "greedy"}]
    assert record.meta["result"]["finished"] is False
    out = console()
    _, read = scripted(["q"])
    ReplayStepper(record, console=out, read_line=read).run()  # type: ignore[arg-type]
    text = screen(out)
    assert text.startswith("players: seat 0 human, seat 1 greedy\ndate: ")
    assert f"result: unfinished after {len(record.actions)} actions (scores 0, 0)" in text
