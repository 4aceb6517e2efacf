"""A fingerprint of the legal-action listings of seeded random play: the project's perft.

For every built-in variant and every player count it allows, a fixed set of games is
played by uniformly random legal actions, drawn from ``game.legal_actions()`` (whose order
is deterministic) with a generator seeded from the game's seed. At every decision the
phase, the seat to move, the scores and the text of the whole listing (``str`` of each
action, in order) are hashed; at the end of each hand the scores it leaves are hashed too.
A golden file keeps a 16-bit hash of every one of those entries and a 64-bit hash of each
hand, so a change to any listing is seen, and the first entry that differs is found.

Nothing here depends on Python's string hashing or on a memo being cold or warm: the
same code gives the same digest in every process.

Run as a module (see ``docs/guards.md``)::

    python -m canasta_family.testing.digest --check tests/golden/listings/digest.json
    python -m canasta_family.testing.digest --write tests/golden/listings/digest.json
    python -m canasta_family.testing.digest --compare OLD.json NEW.json
    python -m canasta_family.testing.digest --show canasta 2 3 1 40

>>> hands = digest_game("canasta", 2, seed=1, hands=1)
>>> hands[0].entries == len(hands[0].steps) // 2 > 10
True
>>> hands == digest_game("canasta", 2, seed=1, hands=1)
True
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import random
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

import attrs

from canasta_family.actions import Action
from canasta_family.api import new_game
from canasta_family.engine import Game
from canasta_family.errors import CanastaError
from canasta_family.plugins import BUILTIN_VARIANTS, find_variant

__all__ = [
    "DEFAULT_HANDS_PER_GAME",
    "DEFAULT_SEEDS",
    "FORMAT",
    "Change",
    "Digest",
    "DigestFileError",
    "HandDigest",
    "Position",
    "builtin_player_counts",
    "compare",
    "compute",
    "describe_changes",
    "digest_game",
    "dump",
    "explain",
    "load",
    "main",
    "position_at",
    "position_text",
]

FORMAT = 1
"""Version of what is hashed and how the file is laid out; a golden of another version is
refused rather than reported as a change of every listing."""

DEFAULT_SEEDS: tuple[int, ...] = tuple(range(1, 11))
"""Game seeds played for every variant and player count."""

DEFAULT_HANDS_PER_GAME = 3
"""Hands played in each game (fewer when it ends first): later hands start from scores
other than zero, which some rules look at (initial-meld minimums)."""

_SHORT = 2
"""Bytes kept of each entry's hash: enough to say where a hand first changed (two
different listings share them once in 65,536), small enough to keep the golden file at a
few hundred KB. Whether a hand changed at all is decided by its 64-bit hash."""

Key = tuple[str, int]
"""A variant name and a player count."""


class DigestFileError(CanastaError):
    """A digest file cannot be read; ``field`` names the part at fault."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@attrs.frozen
class HandDigest:
    """The hashes of one hand: ``seed`` of its game, ``hand`` (its ``hand_number``),
    ``total`` (16 hex digits over every entry) and ``steps`` (the first bytes of each
    entry's hash, one entry per decision and a last one for the end of the hand)."""

    seed: int
    hand: int
    total: str
    steps: bytes

    @property
    def entries(self) -> int:
        """How many entries the hand has: its decisions and its end."""
        return len(self.steps) // _SHORT

    def step(self, index: int) -> bytes:
        """The short hash of entry ``index`` (0 for the first decision)."""
        return self.steps[index * _SHORT:(index + 1) * _SHORT]


@attrs.frozen
class Digest:
    """Hand digests for each (variant, player count), and how they were played."""

    seeds: tuple[int, ...]
    hands_per_game: int
    hands: Mapping[Key, tuple[HandDigest, ...]]


@attrs.frozen
class Position:
    """One entry of a hand as text: its number (1 for the first decision), the seat to
    move (``None`` at the end of the hand), the phase, the scores and the listing."""

    decision: int
    player: int | None
    phase: str
    scores: tuple[int, ...]
    listing: tuple[str, ...]


@attrs.frozen
class Change:
    """How the hands of one variant and player count differ between two digests.

    ``first`` lists, per changed hand, (game seed, hand, the first entry that differs,
    counted from 1; ``None`` when the short hashes do not locate it). ``listings`` counts
    the entries whose short hashes differ, out of ``compared`` entries of the hands both
    digests hold; ``missing`` and ``added`` count hands only the old or only the new one
    has."""

    key: Key
    hands: int
    first: tuple[tuple[int, int, int | None], ...]
    listings: int
    compared: int
    missing: int
    added: int

    @property
    def changed(self) -> int:
        """Hands that differ, including those only one digest has."""
        return len(self.first) + self.missing + self.added


def builtin_player_counts() -> tuple[Key, ...]:
    """Every built-in variant with every player count it allows, in registry order.

    >>> builtin_player_counts()[:2]
    (('american-samba', 2), ('american-samba', 3))
    """
    return tuple((name, players) for name in BUILTIN_VARIANTS
                 for players in find_variant(name).info.players)


def position_text(game: Game, listing: Sequence[Action] | None) -> str:
    """The text hashed for one entry: a head line (phase, seat to move, scores) and one
    line per listed action; with ``listing`` ``None``, the end of a hand (the scores it
    leaves and whether the game goes on).

    >>> game = new_game("canasta", players=2, seed=4)
    >>> position_text(game, game.legal_actions())
    'draw 1 0 0\\ndraw'
    """
    scores = " ".join(map(str, game.scores))
    if listing is None:
        return f"end {'over' if game.is_over else 'next'} {scores}"
    return "\n".join([f"{game.phase} {game.current_player} {scores}", *map(str, listing)])


def _choices(seed: int) -> random.Random:
    # A string seed goes through SHA-512, so it is stable across processes, and the
    # stream differs from the one that shuffles the game's deck from the same number.
    return random.Random(f"listing digest {seed}")


def _walk(variant: str, players: int, seed: int, hands: int
          ) -> Iterator[tuple[int, Game, tuple[Action, ...] | None]]:
    """Play game ``seed`` by random legal actions for up to ``hands`` hands, yielding
    (hand number, game, listing) at each decision and (hand number, game, None) at the
    end of each hand; the game moves on when the caller asks for the next item."""
    game = new_game(variant, players=players, seed=seed)
    rng = _choices(seed)
    for _ in range(hands):
        if game.is_over:
            return
        hand = game.hand_number
        while game.hand_number == hand and not game.is_over:
            listing = game.legal_actions()
            yield hand, game, listing
            game.apply(rng.choice(listing))
        yield hand, game, None


def digest_game(variant: str, players: int, *, seed: int,
                hands: int = DEFAULT_HANDS_PER_GAME) -> tuple[HandDigest, ...]:
    """The digests of the first ``hands`` hands of game ``seed`` played at random.

    >>> [(h.seed, h.hand) for h in digest_game("canasta", 2, seed=5, hands=2)]
    [(5, 0), (5, 1)]
    """
    found: list[HandDigest] = []
    steps: list[bytes] = []
    total = hashlib.blake2b(digest_size=8)
    for hand, game, listing in _walk(variant, players, seed, hands):
        entry = hashlib.blake2b(position_text(game, listing).encode(), digest_size=16).digest()
        total.update(entry)
        steps.append(entry[:_SHORT])
        if listing is None:
            found.append(HandDigest(seed, hand, total.hexdigest(), b"".join(steps)))
            steps = []
            total = hashlib.blake2b(digest_size=8)
    return tuple(found)


def compute(keys: Iterable[Key] | None = None, *, seeds: Sequence[int] = DEFAULT_SEEDS,
            hands_per_game: int = DEFAULT_HANDS_PER_GAME) -> Digest:
    """The digest of every (variant, player count) in ``keys`` (default: every built-in
    one), each over the games ``seeds``.

    >>> digest = compute([("canasta", 3)], seeds=(1,), hands_per_game=1)
    >>> [(key, len(hands)) for key, hands in digest.hands.items()]
    [(('canasta', 3), 1)]
    """
    chosen = builtin_player_counts() if keys is None else tuple(keys)
    hands = {(variant, players): tuple(hand for seed in seeds
                                       for hand in digest_game(variant, players, seed=seed,
                                                               hands=hands_per_game))
             for variant, players in chosen}
    return Digest(tuple(seeds), hands_per_game, hands)


def position_at(variant: str, players: int, seed: int, hand: int, decision: int
                ) -> Position:
    """Entry ``decision`` (counted from 1) of hand ``hand`` of game ``seed``, as the
    digest plays it: what a report shows of a listing that changed.

    >>> position = position_at("canasta", 2, 3, 0, 3)
    >>> position.phase, position.listing
    ('draw', ('draw', 'take-pile 9c 9d', 'take-pile 2d 9c 9d'))
    """
    count = 0
    for number, game, listing in _walk(variant, players, seed, hand + 1):
        if number != hand:
            continue
        count += 1
        if count == decision:
            return Position(decision, None if listing is None else game.current_player,
                            "end" if listing is None else game.phase, game.scores,
                            () if listing is None else tuple(map(str, listing)))
    raise DigestFileError(f"game {seed} of {variant} with {players} players has no entry "
                          f"{decision} in hand {hand}", field="decision")


def _encode(hand: HandDigest) -> list[object]:
    return [hand.seed, hand.hand, hand.total, base64.b64encode(hand.steps).decode("ascii")]


def _decode(item: object, where: str) -> HandDigest:
    if not (isinstance(item, list) and len(item) == 4):
        raise DigestFileError(f"{where}: a hand is [seed, hand, total, steps]", field=where)
    seed, hand, total, steps = item
    if not (isinstance(seed, int) and isinstance(hand, int) and isinstance(total, str)
            and isinstance(steps, str)):
        raise DigestFileError(f"{where}: a hand is [seed, hand, total, steps]", field=where)
    try:
        raw = base64.b64decode(steps, validate=True)
    except ValueError as exc:
        raise DigestFileError(f"{where}: steps are not base64", field=where) from exc
    return HandDigest(seed, hand, total, raw)


def dump(digest: Digest, path: Path) -> None:
    """Write ``digest`` as JSON, one hand a line, so a diff shows which hands moved.

    >>> import tempfile
    >>> digest = compute([("canasta", 2)], seeds=(1,), hands_per_game=1)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     dump(digest, Path(folder) / "d.json")
    ...     load(Path(folder) / "d.json") == digest
    True
    """
    lines = ["{",
             f'  "format": {FORMAT},',
             '  "rewrite": "python -m canasta_family.testing.digest --write PATH",',
             f'  "seeds": {json.dumps(list(digest.seeds))},',
             f'  "hands_per_game": {digest.hands_per_game},',
             '  "hands": {']
    keys = list(digest.hands)
    for number, (variant, players) in enumerate(keys):
        lines.append(f'    "{variant}/{players}": [')
        rows = [f"      {json.dumps(_encode(hand))}" for hand in digest.hands[variant, players]]
        lines.append(",\n".join(rows))
        lines.append("    ]" + ("," if number < len(keys) - 1 else ""))
    lines += ["  }", "}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def load(path: Path) -> Digest:
    """Read a digest written by :func:`dump`; :class:`DigestFileError` names what is
    wrong with a file that is not one (example at :func:`dump`)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DigestFileError(f"{path} is not JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DigestFileError(f"{path} is not a listing digest of format {FORMAT}; "
                              "rewrite it with --write", field="format")
    seeds, per_game, table = data.get("seeds"), data.get("hands_per_game"), data.get("hands")
    if not (isinstance(seeds, list) and all(isinstance(s, int) for s in seeds)):
        raise DigestFileError(f"{path}: seeds must be a list of integers", field="seeds")
    if not isinstance(per_game, int):
        raise DigestFileError(f"{path}: hands_per_game must be an integer",
                              field="hands_per_game")
    if not isinstance(table, dict):
        raise DigestFileError(f"{path}: hands must be an object", field="hands")
    hands: dict[Key, tuple[HandDigest, ...]] = {}
    for label, items in table.items():
        variant, _, players = label.rpartition("/")
        if not (variant and players.isdigit() and isinstance(items, list)):
            raise DigestFileError(f"{path}: {label!r} is not 'variant/players' with a list",
                                  field="hands")
        hands[variant, int(players)] = tuple(_decode(item, f"{label}[{n}]")
                                             for n, item in enumerate(items))
    return Digest(tuple(seeds), per_game, hands)


def _first_difference(old: HandDigest, new: HandDigest) -> int | None:
    """The first entry (from 1) whose short hashes differ, the first entry only one hand
    has when they agree as far as both go, or ``None`` when they agree throughout."""
    for index in range(min(old.entries, new.entries)):
        if old.step(index) != new.step(index):
            return index + 1
    if old.entries != new.entries:
        return min(old.entries, new.entries) + 1
    return None


def compare(old: Digest, new: Digest) -> tuple[Change, ...]:
    """One :class:`Change` per (variant, player count) either digest holds, in the new
    digest's order, then any only the old one has.

    >>> digest = compute([("canasta", 2)], seeds=(1,), hands_per_game=1)
    >>> [change.changed for change in compare(digest, digest)]
    [0]
    """
    changes = []
    for key in [*new.hands, *(k for k in old.hands if k not in new.hands)]:
        before = {(h.seed, h.hand): h for h in old.hands.get(key, ())}
        after = {(h.seed, h.hand): h for h in new.hands.get(key, ())}
        first: list[tuple[int, int, int | None]] = []
        listings = compared = 0
        for where, hand in after.items():
            was = before.get(where)
            if was is None:
                continue
            common = min(was.entries, hand.entries)
            compared += max(was.entries, hand.entries)
            listings += abs(was.entries - hand.entries) + sum(
                was.step(i) != hand.step(i) for i in range(common))
            if was.total != hand.total:
                first.append((*where, _first_difference(was, hand)))
        changes.append(Change(key, len(after) or len(before), tuple(first), listings,
                              compared, len(before.keys() - after.keys()),
                              len(after.keys() - before.keys())))
    return tuple(changes)


def describe_changes(changes: Sequence[Change]) -> str:
    """A table of how many hands and listings changed per variant and player count.

    >>> print(describe_changes([Change(("canasta", 2), 30, ((3, 1, 41),), 75, 3400, 0, 0)]))
    variant              players  hands  changed  listings changed  first change (seed/hand/entry)
    canasta                    2     30        1        75 of 3400  3/1/41
    """
    lines = [f"{'variant':20} {'players':>7} {'hands':>6} {'changed':>8}  "
             f"{'listings changed':16}  first change (seed/hand/entry)"]
    for change in changes:
        located = [f"{seed}/{hand}/{'?' if entry is None else entry}"
                   for seed, hand, entry in change.first[:3]]
        if len(change.first) > 3:
            located.append("…")
        if change.missing or change.added:
            located.append(f"{change.missing} hands gone, {change.added} new")
        listings = f"{change.listings} of {change.compared}"
        lines.append(f"{change.key[0]:20} {change.key[1]:7} {change.hands:6} "
                     f"{change.changed:8}  {listings:>16}  {', '.join(located)}".rstrip())
    return "\n".join(lines)


def _show(position: Position, limit: int = 40) -> str:
    """A position and its listing as lines of text, the listing cut after ``limit``."""
    who = "end of the hand" if position.player is None else f"player {position.player}"
    lines = [f"entry {position.decision}: {who}, phase {position.phase}, scores "
             f"{list(position.scores)}, {len(position.listing)} legal actions"]
    lines += [f"  {text}" for text in position.listing[:limit]]
    if len(position.listing) > limit:
        lines.append(f"  … {len(position.listing) - limit} more")
    return "\n".join(lines)


def explain(change: Change) -> str:
    """What a report says of one (variant, player count) whose listings changed: the
    count of changed hands, where each first differs, and the first changed entry as the
    current code plays it (the golden keeps hashes, not the old text).

    >>> print(explain(Change(("canasta", 2), 10, ((3, 0, 3),), 1, 90, 0, 0)))
    canasta, 2 players: the listings changed in 1 of 10 hands
      game seed 3, hand 0: first differs at entry 3
      first differing listing (game seed 3, hand 0; --show canasta 2 3 0 3):
        entry 3: player 0, phase draw, scores [0, 0], 3 legal actions
          draw
          take-pile 9c 9d
          take-pile 2d 9c 9d
    """
    variant, players = change.key
    lines = [f"{variant}, {players} players: the listings changed in {change.changed} of "
             f"{change.hands} hands"]
    for seed, hand, entry in change.first:
        at = ("(the short hashes do not locate it)" if entry is None
              else f"first differs at entry {entry}")
        lines.append(f"  game seed {seed}, hand {hand}: {at}")
    if change.missing or change.added:
        lines.append(f"  {change.missing} hands no longer played, {change.added} new ones")
    located = [(seed, hand, entry) for seed, hand, entry in change.first if entry is not None]
    if located:
        seed, hand, entry = min(located, key=lambda item: (item[2], item[0], item[1]))
        lines.append(f"  first differing listing (game seed {seed}, hand {hand}; "
                     f"--show {variant} {players} {seed} {hand} {entry}):")
        try:
            shown = _show(position_at(variant, players, seed, hand, entry))
        except DigestFileError:
            # Only when the short hashes collide up to the end of the shorter hand.
            shown = "(the current code does not reach that entry)"
        lines += [f"    {line}" for line in shown.splitlines()]
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m canasta_family.testing.digest",
        description="Fingerprint the legal-action listings of seeded random play of every "
                    "built-in variant and player count (docs/guards.md).")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", metavar="GOLDEN", type=Path,
                      help="recompute and compare with GOLDEN; exit 1 if a listing moved")
    mode.add_argument("--write", metavar="GOLDEN", type=Path,
                      help="recompute and (re)write GOLDEN, first reporting what moved")
    mode.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), type=Path,
                      help="how many hands and listings differ between two digest files")
    mode.add_argument("--show", nargs=5, metavar=("VARIANT", "PLAYERS", "SEED", "HAND",
                                                  "ENTRY"),
                      help="print one entry of a hand as the digest plays it")
    parser.add_argument("--variant", action="append", metavar="NAME",
                        help="with --check: only this variant (repeatable)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (1: listings moved under --check).

    >>> main(["--show", "canasta", "2", "3", "0", "3"])
    entry 3: player 0, phase draw, scores [0, 0], 3 legal actions
      draw
      take-pile 9c 9d
      take-pile 2d 9c 9d
    0
    """
    args = _parser().parse_args(argv)
    if args.show:
        variant, players, seed, hand, entry = args.show
        print(_show(position_at(variant, int(players), int(seed), int(hand), int(entry)),
                    limit=sys.maxsize))
        return 0
    if args.compare:
        print(describe_changes(compare(load(args.compare[0]), load(args.compare[1]))))
        return 0
    path: Path = args.check or args.write
    old = load(path) if path.exists() else None
    if args.write:
        new = compute()
        if old is not None:
            print(describe_changes(compare(old, new)))
        dump(new, path)
        print(f"wrote {path}")
        return 0
    if old is None:
        raise DigestFileError(f"{path} does not exist; write it with --write", field="path")
    keys = [key for key in old.hands if not args.variant or key[0] in args.variant]
    new = compute(keys, seeds=old.seeds, hands_per_game=old.hands_per_game)
    kept = Digest(old.seeds, old.hands_per_game, {key: old.hands[key] for key in keys})
    changes = compare(kept, new)
    print(describe_changes(changes))
    moved = [change for change in changes if change.changed]
    for change in moved:
        print(explain(change))
    return 1 if moved else 0


if __name__ == "__main__":
    raise SystemExit(main())
