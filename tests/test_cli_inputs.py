"""Bad input at the command line ends in one line on stderr and a non-zero status, never
a traceback: numbers out of range, variant options, output files (existing, symbolic
links, missing directories), record files that are not records, broken plugins, and a
match in which one game fails. Run in-process through ``main`` (fast); ``test_cli.py``
runs the real command."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.console import Console

import canasta_family
from canasta_family import arena, cli, hookimpl, plugins
from canasta_family.arena import derive_seed, play_match
from canasta_family.cli import main
from canasta_family.command_arguments import variant_options
from canasta_family.errors import CanastaError
from canasta_family.output_files import check_output_path, write_atomically
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.record import MAX_RECORD_BYTES
from canasta_family.rules import VariantInfo
from canasta_family.variants.american_samba import VARIANT, AmericanSambaPlugin


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    """The stderr of the command just run, checked to be one line without a traceback."""
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# --- numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "named"), [
    (["play", "--players", "0"], "--players"),
    (["play", "--players", "-3"], "--players"),
    (["play", "--max-actions", "-1"], "--max-actions"),
    (["play", "--max-actions", "0"], "--max-actions"),
    (["play", "--players", "two"], "--players"),
    (["simulate", "--games", "0"], "--games"),
    (["simulate", "--jobs", "0"], "--jobs"),
    (["simulate", "--players", "0"], "--players"),
    (["simulate", "--max-actions", "-5"], "--max-actions"),
])
def test_numbers_out_of_range_are_refused_on_one_line(
        argv: list[str], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 0`` used to play a 4-player game and ``--max-actions -1`` nothing with
    status 0: every such number is refused, naming the argument, before any game."""
    assert main(argv) == 2
    line = one_error_line(capsys)
    assert named in line and "at least 1" in line
    assert capsys.readouterr().out == ""


# --- variant options ----------------------------------------------------------------------


def test_MS_15_option_from_the_command_line_reaches_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--option target=2500`` (MS-15) is read as a number and played: the record holds
    it and the game ends at 2,500."""
    path = tmp_path / "short.json"
    assert main(["play", "--variant", "samba", "--players", "2", "--seed", "4",
                 "--option", "target=2500", "--record", str(path)]) == 0
    capsys.readouterr()
    game = canasta_family.replay(canasta_family.load_record(path))
    assert dict(game.options)["target"] == 2500
    assert game.is_over and max(game.scores) >= 2500
    assert game.result is not None and "2500" in game.result.reason


@pytest.mark.parametrize(("text", "wanted"), [
    ("no_wild_on_natural_canasta=true", True), ("no_wild_on_natural_canasta=YES", True),
    ("no_wild_on_natural_canasta=off", False), ("no_wild_on_natural_canasta=0", False),
])
def test_AS_10_option_values_read_as_yes_or_no(text: str, wanted: bool) -> None:
    info = canasta_family.find_variant("american-samba").info
    assert variant_options([text], info) == {"no_wild_on_natural_canasta": wanted}


def test_PH_O1_text_option_is_passed_as_text() -> None:
    info = canasta_family.find_variant("pennies").info
    assert variant_options(["sevens_discard=own-team"], info) == {"sevens_discard": "own-team"}


@pytest.mark.parametrize(("argv", "words"), [
    (["--variant", "samba", "--option", "target=123"], ["MS-15", "cannot be 123", "2500"]),
    (["--variant", "samba", "--option", "target=ten"], ["MS-15", "whole number", "'ten'"]),
    (["--option", "no_wild_on_natural_canasta=maybe"], ["AS-10", "true or false"]),
    (["--option", "bogus=1"], ["no option 'bogus'", "no_wild_on_natural_canasta"]),
    (["--option", "no_wild_on_natural_canasta"], ["NAME=VALUE"]),
    (["--option", "no_wild_on_natural_canasta=1", "--option",
      "no_wild_on_natural_canasta=0"], ["given twice"]),
])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_bad_options_are_refused_in_the_variants_words(
        command: str, argv: list[str], words: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, *argv, "--games" if command == "simulate" else "--seed", "1"]) == 2
    line = one_error_line(capsys)
    for word in words:
        assert word in line


def test_simulate_plays_with_the_option_given(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.json"
    assert main(["simulate", "--variant", "samba", "--players", "2", "--games", "1",
                 "--backend", "serial", "--option", "target=2500", "--no-progress",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["options"] == {"target": 2500}
    assert data["results"][0]["finished"]
    assert max(data["results"][0]["scores"]) >= 2500


# --- output files ---------------------------------------------------------------------------


def test_play_refuses_an_existing_record_file_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text("precious", encoding="utf-8")
    assert main(["play", "--players", "2", "--seed", "1", "--record", str(path)]) == 2
    assert "exists; give --force" in one_error_line(capsys)
    assert path.read_text(encoding="utf-8") == "precious"
    assert main(["play", "--players", "2", "--seed", "1", "--max-actions", "5",
                 "--record", str(path), "--force"]) == 0
    assert f"record written to {path}" in capsys.readouterr().out
    assert len(canasta_family.load_record(path).actions) == 5
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left


def test_simulate_refuses_an_existing_out_file_before_the_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.csv"
    out.write_text("precious", encoding="utf-8")
    assert main(["simulate", "--games", "2", "--players", "2", "--out", str(out),
                 "--no-progress"]) == 2
    assert "--out" in one_error_line(capsys)
    assert out.read_text(encoding="utf-8") == "precious"
    assert main(["simulate", "--games", "2", "--players", "2", "--out", str(out), "--force",
                 "--backend", "serial", "--no-progress", "--max-actions", "30"]) == 0
    assert out.read_text(encoding="utf-8").startswith("game,seed,")


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_symbolic_link_is_never_written_through(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    link = tmp_path / "out.json"
    link.symlink_to(victim)
    option = "--record" if command == "play" else "--out"
    extra = ["--games", "1"] if command == "simulate" else []
    assert main([command, "--players", "2", *extra, option, str(link), "--force"]) == 2
    assert "symbolic link" in one_error_line(capsys)
    assert victim.read_text(encoding="utf-8") == "keep me"


def test_a_missing_directory_is_found_before_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "no" / "such" / "game.json"
    assert main(["play", "--players", "2", "--seed", "1", "--record", str(path)]) == 2
    assert "does not exist" in one_error_line(capsys)
    assert capsys.readouterr().out == ""  # refused before playing: nothing printed


def test_a_file_where_the_directory_should_be(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("", encoding="utf-8")
    with pytest.raises(CanastaError, match="does not exist"):
        check_output_path(tmp_path / "plain" / "x.json", option="--out")
    with pytest.raises(CanastaError, match="is a directory"):
        check_output_path(tmp_path, option="--out")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="permissions do not bind root")
def test_an_unwritable_directory_is_found_before_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert main(["play", "--players", "2", "--record", str(locked / "g.json")]) == 2
        assert "cannot write" in one_error_line(capsys)
    finally:
        locked.chmod(0o700)


def test_write_atomically_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path) -> None:
    path = tmp_path / "shared.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o644)
    write_atomically(path, "new", force=True)
    assert path.read_text(encoding="utf-8") == "new"
    assert path.stat().st_mode & 0o777 == 0o644


# --- record files -------------------------------------------------------------------------


def _record_text() -> str:
    game = canasta_family.new_game("american-samba", players=2, seed=6)
    play_game(game, [GreedyPlayer(), GreedyPlayer()], max_actions=12)
    return game.record().dumps()


@pytest.mark.parametrize(("content", "words"), [
    (None, "No such file"),
    ("not json at all", "must be a JSON object"),
    ("[" * 100_000 + "]" * 100_000, "must be a JSON object"),
    ('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", "nests too deeply"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    ('{"schema": 2, "variant": "pinochle", "players": 2, "seed": 1, "actions": []}',
     "unknown variant 'pinochle'"),
    ("TAMPERED", "does not replay"),
    ("DIRECTORY", "not a regular file"),
    ("HUGE", "records are limited to"),
])
def test_replay_of_a_file_that_is_not_a_record(
        content: str | bytes | None, words: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    if content == "TAMPERED":
        data = json.loads(_record_text())
        data["actions"][3] = "discard JK JK"
        path.write_text(json.dumps(data), encoding="utf-8")
    elif content == "DIRECTORY":
        path.mkdir()
    elif content == "HUGE":
        with path.open("wb") as sparse:
            sparse.truncate(MAX_RECORD_BYTES + 1)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    for argv in (["replay", str(path)], ["replay", str(path), "--step"]):
        assert main(argv) == 2
        assert words in one_error_line(capsys)


# --- broken plugins -----------------------------------------------------------------------


class _EntryPoint:
    """What importlib.metadata gives for an entry point."""

    def __init__(self, name: str, target: object, error: Exception | None = None) -> None:
        self.name = name
        self.value = f"fake_module:{name}"
        self.dist = SimpleNamespace(name="fake-dist")
        self._target = target
        self._error = error

    def load(self) -> object:
        if self._error is not None:
            raise self._error
        return self._target


class _FailingSamba(AmericanSambaPlugin):
    """A third-party variant whose deal hook has a bug."""

    info = VariantInfo(name="failing-samba", players=(2,), description="fails at scoring",
                       rule_ids=dict(VARIANT.rule_ids))

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: object) -> object:
        raise ZeroDivisionError("the plugin divided by zero")


def test_a_plugin_that_fails_to_load_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ep = _EntryPoint("broken-samba", None, ImportError("no module named fake_module"))
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    for argv in (["play", "--variant", "broken-samba"],
                 ["simulate", "--variant", "broken-samba", "--games", "1"]):
        assert main(argv) == 2
        line = one_error_line(capsys)
        assert "broken-samba" in line and "no module named fake_module" in line
    assert main(["variants"]) == 0  # the usable variants, then the broken plugin and why
    listing = capsys.readouterr().out
    assert "american-samba" in listing
    broken = listing[listing.index("Broken plugins"):]
    assert "broken-samba — third-party (fake-dist)" in broken
    assert "no module named fake_module" in " ".join(broken.split())


def test_a_plugin_that_raises_while_playing_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The engine reports a hook that raises as the variant's error; the command says it
    on one line, naming the hook."""
    ep = _EntryPoint("failing-samba", _FailingSamba)
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    assert main(["play", "--variant", "failing-samba", "--players", "2"]) == 2
    line = one_error_line(capsys)
    assert "canasta_deal_rules" in line and "ZeroDivisionError" in line


def test_an_unexpected_failure_is_one_line_and_status_3(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A bug outside the library's errors (here a player that crashes) is one line with
    status 3; ``--traceback`` lets it through to show where."""
    def crash(player: object, game: object) -> object:
        raise RuntimeError("the player crashed")

    monkeypatch.setattr(cli, "decide", crash)
    assert main(["play", "--players", "2", "--seed", "1"]) == 3
    line = one_error_line(capsys)
    assert "RuntimeError: the player crashed" in line and "--traceback" in line
    with pytest.raises(RuntimeError):
        main(["--traceback", "play", "--players", "2", "--seed", "1"])


# --- simulate with a failing game ---------------------------------------------------------


def _fail_game_one(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Make the player of game 1 of a match with ``seed`` raise after 7 actions."""
    original = arena.play_game
    doomed = derive_seed(seed, 1)

    def play_game_or_fail(game: canasta_family.Game, players: object,
                          max_actions: int | None = None) -> canasta_family.Game:
        if game.seed == doomed:
            original(game, players, max_actions=7)  # type: ignore[arg-type]
            raise RuntimeError("the player crashed")
        return original(game, players, max_actions=max_actions)  # type: ignore[arg-type]

    monkeypatch.setattr(arena, "play_game", play_game_or_fail)


def test_simulate_survives_a_failing_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """One game raising does not cost the match: the others' results are written, the
    failed game's seed and error are named, its record is written next to --out and
    replays, and the status is 1."""
    _fail_game_one(monkeypatch, 5)
    out = tmp_path / "match.json"
    status = main(["simulate", "--players", "2", "--games", "3", "--seed", "5",
                   "--backend", "serial", "--max-actions", "60", "--no-progress",
                   "--out", str(out)])
    assert status == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    failed = tmp_path / "match.game-1-failed.json"
    assert f"seed {derive_seed(5, 1)}" in captured.err
    assert "RuntimeError: the player crashed" in captured.err and str(failed) in captured.err
    assert "1 of 3 games failed" in captured.err
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [("error" in g) for g in data["results"]] == [False, True, False]
    assert sum(s["entries"] for s in data["summary"]) == 4  # two games, two sides each
    record = canasta_family.load_record(failed)
    replayed = canasta_family.replay(record)
    assert len(replayed.actions) == 7 and replayed.seed == derive_seed(5, 1)
    assert record.meta["event"] == "simulate, game 1"
    assert [p["kind"] for p in record.meta["players"]] == ["greedy", "greedy"]
    assert dict(record.meta["result"]) == {"finished": False, "actions": 7,
                                           "error": "RuntimeError: the player crashed"}
    assert main(["replay", str(failed)]) == 0
    assert ("  result: failed after 7 actions: RuntimeError: the player crashed"
            in capsys.readouterr().out)


def test_failed_games_stay_out_of_the_statistics(monkeypatch: pytest.MonkeyPatch) -> None:
    _fail_game_one(monkeypatch, 2)
    result = play_match("american-samba", players=2, games=3, seed=2, jobs=1,
                        max_actions=40, backend="serial")
    assert [o.failed for o in result.outcomes] == [False, True, False]
    assert result.failures[0].record is not None
    assert sum(s.entries for s in result.summary()) == 4
    rows = result.to_csv().splitlines()
    assert rows[0].endswith(",error") and rows[2].endswith("RuntimeError: the player crashed")


def test_serial_backend_reports_one_job(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "2", "--backend", "serial",
                 "--jobs", "2", "--max-actions", "20", "--no-progress"]) == 0
    assert "games/s, 1 job)" in capsys.readouterr().out
    result = play_match("american-samba", players=2, games=1, jobs=4, backend="serial",
                        max_actions=10)
    assert result.jobs == 1


# --- what the tables say, at 80 and 120 columns ------------------------------------------


def _printed(renderable: object, width: int) -> str:
    out = Console(file=io.StringIO(), width=width, color_system=None)
    out.print(renderable)
    file = out.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_partners_of_two_kinds_are_one_row_counted_once_per_game() -> None:
    """In a 4-player match with a random player partnering a greedy one, their side is one
    row, "greedy + random": a win of that side is counted once, not credited to greedy
    as well."""
    result = play_match("american-samba", players=4, games=3, seed=2, jobs=1,
                        player_kinds={0: "random"}, max_actions=120)
    stats = {s.kind: s for s in result.summary()}
    assert set(stats) == {"greedy", "greedy + random"}
    assert all(s.entries == 3 for s in stats.values())
    decided = sum(1 for o in result.outcomes if len(o.winners) == 1)
    assert stats["greedy"].wins + stats["greedy + random"].wins == decided
    for width in (80, 120):
        text = _printed(result.table(), width)
        assert "partners share their side's result" in text
        assert max(len(line.rstrip()) for line in text.splitlines()) <= width


@pytest.mark.parametrize("width", [80, 120])
def test_simulate_table_keeps_every_column(width: int) -> None:
    result = play_match("american-samba", players=2, games=2, seed=3, jobs=1,
                        player_kinds={1: "ismcts:iterations=5"}, max_actions=30)
    text = _printed(result.table(), width)
    header = next(line for line in text.splitlines() if "W-D-L" in line)
    assert header.split() == ["player", "sides", "W-D-L", "win%", "95%", "CI", "score",
                              "turns", "capped"]
    assert max(len(line.rstrip()) for line in text.splitlines()) <= width


@pytest.mark.parametrize("width", [80, 120])
def test_variants_options_reads_whole_descriptions(
        width: int, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each description is laid out as text that wraps at the width, never squeezed into a
    column one word wide."""
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["variants", "--options"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= width
    flowing = re.sub(r"\s+", " ", text)
    for variant in canasta_family.plugins.all_variants():
        assert variant.info.description in flowing
        for spec in variant.info.options:
            assert spec.description in flowing
            assert any(ln.strip().startswith(f"{spec.name} ({spec.rule}): ") for ln in lines)
    one_word_lines = [ln for ln in lines if len(ln.split()) == 1 and ln.startswith("     ")]
    assert len(one_word_lines) <= 2


def test_a_path_is_printed_as_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    """A file name with brackets is not read as console markup, and a long one is not
    broken across lines."""
    path = tmp_path / ("[bold]" + "x" * 90 + ".json")
    assert main(["play", "--players", "2", "--seed", "1", "--max-actions", "4",
                 "--record", str(path)]) == 0
    assert f"record written to {path}\n" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert f"record {path}: american-samba" in capsys.readouterr().out


def test_variants_is_a_table_where_descriptions_get_a_wide_column(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """On a wide terminal ``variants`` is a table, one row per variant (name, aliases,
    players, origin, description); on a narrow one the blocks of the test above."""
    monkeypatch.setenv("COLUMNS", "250")
    assert main(["variants"]) == 0
    text = capsys.readouterr().out
    row = re.compile(r"^│ ([a-z-]+)\s+│[^│]*│[^│]*│ ([^│]+?)\s+│", re.MULTILINE)
    assert dict(row.findall(text)) == {v.name: v.origin
                                      for v in canasta_family.plugins.all_variants()}
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["variants"]) == 0
    assert "│" not in capsys.readouterr().out
