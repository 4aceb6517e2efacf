"""The listing digest (``canasta_family.testing.digest``, docs/guards.md): seeded random
play of every built-in variant and player count lists exactly what the golden file
``tests/golden/listings/digest.json`` recorded, and a change is reported where it happens.

A deliberate change of the listings (a rule change) rewrites the golden with
``python -m canasta_family.testing.digest --write tests/golden/listings/digest.json``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_family.actions import Action
from canasta_family.engine import Game
from canasta_family.testing import digest
from canasta_family.testing.digest import (
    Change,
    Digest,
    DigestFileError,
    HandDigest,
    builtin_player_counts,
    compare,
    compute,
    dump,
    explain,
    load,
    main,
    position_at,
)

GOLDEN = Path(__file__).parent / "golden" / "listings" / "digest.json"


@pytest.fixture(scope="module")
def golden() -> Digest:
    return load(GOLDEN)


def test_golden_covers_every_builtin_variant_and_player_count(golden: Digest) -> None:
    """The golden holds the documented plan: every built-in (variant, player count), the
    default seeds and hands per game, about 30 hands each, in a file of a few hundred KB."""
    assert list(golden.hands) == list(builtin_player_counts())
    assert golden.seeds == digest.DEFAULT_SEEDS
    assert golden.hands_per_game == digest.DEFAULT_HANDS_PER_GAME
    for key, hands in golden.hands.items():
        assert 20 <= len(hands) <= len(golden.seeds) * golden.hands_per_game, key
        assert all(hand.entries > 10 for hand in hands), key
    assert GOLDEN.stat().st_size < 400_000


@pytest.mark.parametrize(("variant", "players"), builtin_player_counts())
def test_listings_match_the_golden(golden: Digest, variant: str, players: int) -> None:
    """Every listing of the seeded random hands is as recorded; a failure says in how
    many hands the listing changed, where each first differs, and shows the first
    changed listing."""
    key = (variant, players)
    assert key in golden.hands, f"{variant}/{players} missing from {GOLDEN}; rewrite it"
    now = compute([key], seeds=golden.seeds, hands_per_game=golden.hands_per_game)
    (change,) = compare(Digest(golden.seeds, golden.hands_per_game, {key: golden.hands[key]}),
                        now)
    assert not change.changed, (
        f"{explain(change)}\nIf the change is meant (docs/guards.md), rewrite the golden: "
        "python -m canasta_family.testing.digest --write tests/golden/listings/digest.json")


def _reversing_from(count: int) -> object:
    """A ``legal_actions`` that lists in reverse order once the game has ``count``
    actions and more than one is legal: a change of listing, not of the game."""
    original = Game.legal_actions

    def legal_actions(self: Game) -> tuple[Action, ...]:
        listing = original(self)
        if len(self.actions) >= count and len(listing) > 1:
            return listing[::-1]
        return listing

    return legal_actions


def test_a_changed_listing_is_counted_located_and_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    key = ("canasta", 2)
    before = compute([key], seeds=(3, 4), hands_per_game=1)
    # The first entry from action 20 on that lists more than one action, per game.
    expected = {}
    for seed in (3, 4):
        entry = 20
        while len(position_at("canasta", 2, seed, 0, entry + 1).listing) < 2:
            entry += 1
        expected[seed] = entry + 1
    monkeypatch.setattr(Game, "legal_actions", _reversing_from(20))
    after = compute([key], seeds=(3, 4), hands_per_game=1)
    (change,) = compare(before, after)
    assert change.hands == 2
    assert change.changed == 2
    assert change.first == ((3, 0, expected[3]), (4, 0, expected[4]))
    assert change.listings >= 2
    report = explain(change)
    assert "the listings changed in 2 of 2 hands" in report
    assert f"game seed 3, hand 0: first differs at entry {expected[3]}" in report
    first = min(expected.values())
    seed = min(s for s in expected if expected[s] == first)
    shown = position_at("canasta", 2, seed, 0, first)
    assert f"entry {first}: player {shown.player}" in report
    assert f"      {shown.listing[0]}\n" in report + "\n"


def _hand(seed: int, hand: int, steps: bytes, total: str = "0" * 16) -> HandDigest:
    return HandDigest(seed, hand, total, steps)


def test_compare_counts_hands_listings_and_hands_only_one_side_has() -> None:
    old = Digest((1, 2), 2, {("samba", 4): (
        _hand(1, 0, b"aabbccdd"), _hand(1, 1, b"eeff"), _hand(2, 0, b"gghh"))})
    new = Digest((1, 2), 2, {("samba", 4): (
        _hand(1, 0, b"aabbxxyy", "1" * 16), _hand(2, 0, b"gghh"), _hand(2, 1, b"iijj")),
        ("canasta", 3): (_hand(1, 0, b"kk"),)})
    samba, canasta = compare(old, new)
    assert samba.key == ("samba", 4)
    assert samba.first == ((1, 0, 3),)
    assert (samba.listings, samba.compared) == (2, 6)
    assert (samba.missing, samba.added, samba.changed) == (1, 1, 3)
    assert (canasta.hands, canasta.added, canasta.changed) == (1, 1, 1)


def test_a_hand_whose_short_hashes_agree_is_still_counted() -> None:
    """Whether a hand changed is decided by its 64-bit total, not by its short hashes."""
    old = Digest((1,), 1, {("samba", 4): (_hand(1, 0, b"aabb"),)})
    new = Digest((1,), 1, {("samba", 4): (_hand(1, 0, b"aabb", "f" * 16),)})
    (change,) = compare(old, new)
    assert change.first == ((1, 0, None),)
    assert "the short hashes do not locate it" in explain(change)


def test_the_command_checks_compares_and_shows(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    small = compute([("canasta", 2)], seeds=(3,), hands_per_game=1)
    path = tmp_path / "small.json"
    dump(small, path)
    assert main(["--check", str(path)]) == 0
    hand = small.hands["canasta", 2][0]
    moved = HandDigest(hand.seed, hand.hand, "0" * 16, hand.steps[:4] + b"zz" + hand.steps[6:])
    other = tmp_path / "moved.json"
    dump(Digest(small.seeds, 1, {("canasta", 2): (moved,)}), other)
    capsys.readouterr()
    assert main(["--check", str(other)]) == 1
    out = capsys.readouterr().out
    assert "canasta, 2 players: the listings changed in 1 of 1 hands" in out
    assert "game seed 3, hand 0: first differs at entry 3" in out
    assert "take-pile 9c 9d" in out
    assert main(["--compare", str(path), str(other)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[1].split()[:4] == ["canasta", "2", "1", "1"]
    assert table[1].endswith("3/0/3")
    assert main(["--show", "canasta", "2", "3", "0", "3"]) == 0
    assert "take-pile 2d 9c 9d" in capsys.readouterr().out


@pytest.mark.parametrize(("text", "field"), [
    ('{"format": 99}', "format"),
    ('{"format": 1, "seeds": [1], "hands_per_game": 1, "hands": {"canasta": []}}', "hands"),
    ('{"format": 1, "seeds": "1", "hands_per_game": 1, "hands": {}}', "seeds"),
    ('{"format": 1, "seeds": [1], "hands_per_game": 1, "hands": {"canasta/2": [[1, 0]]}}',
     "canasta/2[0]"),
])
def test_a_file_that_is_not_a_digest_is_refused_naming_the_field(
        tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DigestFileError) as raised:
        load(path)
    assert raised.value.field == field
    assert isinstance(raised.value, ValueError)


def test_the_same_play_gives_the_same_digest_in_one_process() -> None:
    """Memo tables warmed by the first run change no listing of the second."""
    assert compute([("samba", 3)], seeds=(2,)) == compute([("samba", 3)], seeds=(2,))


def test_an_entry_past_the_end_of_a_hand_is_refused() -> None:
    (hand,) = digest.digest_game("canasta", 3, seed=1, hands=1)
    end = position_at("canasta", 3, 1, 0, hand.entries)
    assert (end.player, end.phase, end.listing) == (None, "end", ())
    with pytest.raises(DigestFileError) as raised:
        position_at("canasta", 3, 1, 0, hand.entries + 1)
    assert raised.value.field == "decision"


def test_a_report_names_the_variant_and_player_count() -> None:
    change = Change(("dutch-samba", 5), 30, (), 0, 100, 2, 0)
    assert explain(change).startswith("dutch-samba, 5 players: the listings changed in 2 of 30")
