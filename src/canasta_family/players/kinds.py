"""Player kinds by name, so that a match or the command line can say ``greedy`` or
``ismcts:iterations=200`` and get a player.

A *player spec* is ``KIND`` or ``KIND:OPTION=VALUE,OPTION=VALUE``. :func:`parse_player_spec`
reads one into a :class:`PlayerSpec` (a frozen, picklable value: worker processes build
their own players from it) and :func:`make_player` builds the player with a seed.

>>> spec = parse_player_spec("random")
>>> spec.kind, spec.options
('random', ())
>>> type(make_player(spec, seed=1)).__name__
'RandomPlayer'
>>> str(parse_player_spec("greedy"))
'greedy'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from canasta_family.players.base import AnyPlayer
from canasta_family.players.greedy import GreedyPlayer
from canasta_family.players.heuristic import HeuristicPlayer
from canasta_family.players.ismcts import ISMCTSPlayer
from canasta_family.players.random_player import RandomPlayer

__all__ = ["PLAYER_KINDS", "PlayerKind", "PlayerSpec", "make_player", "parse_player_spec"]

OptionValue = int | float | str


@attrs.frozen
class PlayerKind:
    """A named way to build a player: ``build(seed, options)`` and the options it takes
    (name -> type), with a line of help."""

    name: str
    build: Callable[[int, Mapping[str, OptionValue]], AnyPlayer]
    options: Mapping[str, type] = attrs.field(factory=dict)
    help: str = ""


def _random(seed: int, options: Mapping[str, OptionValue]) -> AnyPlayer:
    return RandomPlayer(seed=seed)


def _greedy(seed: int, options: Mapping[str, OptionValue]) -> AnyPlayer:
    return GreedyPlayer()


def _heuristic(seed: int, options: Mapping[str, OptionValue]) -> AnyPlayer:
    caution = options.get("caution")
    return HeuristicPlayer(caution=None if caution is None else float(caution),
                           freeze_pile=int(options.get("freeze_pile", 3)),
                           freeze_danger=float(options.get("freeze_danger", 0.9)),
                           wild_reserve=int(options.get("wild_reserve", 2)),
                           wild_onto=int(options.get("wild_onto", 4)),
                           run_weight=float(options.get("run_weight", 1.0)),
                           shed_after=int(options.get("shed_after", 2)),
                           pair_bias=float(options.get("pair_bias", 2.0)),
                           run_due_weight=float(options.get("run_due_weight", 3.0)))


def _ismcts(seed: int, options: Mapping[str, OptionValue]) -> AnyPlayer:
    iterations = options.get("iterations")
    limit = options.get("time")
    return ISMCTSPlayer(
        iterations=None if iterations is None else int(iterations),
        time=None if limit is None else float(limit), seed=seed,
        depth=int(options.get("depth", 24)), rollout=str(options.get("rollout", "greedy")),
        exploration=float(options.get("exploration", 0.7)),
        melds=int(options.get("melds", 2)), discards=int(options.get("discards", 3)),
        margin=float(options.get("margin", 0.03)),
        pause_gc=bool(int(options.get("pause_gc", 0))))


PLAYER_KINDS: dict[str, PlayerKind] = {
    "random": PlayerKind("random", _random, help="uniformly random legal moves"),
    "greedy": PlayerKind("greedy", _greedy, help="simple rule-of-thumb baseline"),
    "heuristic": PlayerKind("heuristic", _heuristic,
                            {"caution": float, "freeze_pile": int, "freeze_danger": float,
                             "wild_reserve": int, "wild_onto": int, "run_weight": float,
                             "shed_after": int, "pair_bias": float,
                             "run_due_weight": float},
                            help="rule-based player guarding the pile"),
    "ismcts": PlayerKind("ismcts", _ismcts,
                         {"iterations": int, "time": float, "depth": int, "rollout": str,
                          "exploration": float, "melds": int, "discards": int,
                          "margin": float, "pause_gc": int},
                         help="information-set MCTS (iterations=200 or time=SECONDS)"),
}
"""The player kinds by name; add yours with ``PLAYER_KINDS[name] = PlayerKind(...)``
(worker processes must be able to import the module that does so)."""


@attrs.frozen
class PlayerSpec:
    """A player kind and its options (sorted ``(name, value)`` pairs)."""

    kind: str
    options: tuple[tuple[str, OptionValue], ...] = ()

    def __str__(self) -> str:
        if not self.options:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v}" for k, v in self.options)


def _convert(kind: PlayerKind, name: str, text: str) -> OptionValue:
    wanted = kind.options.get(name)
    if wanted is None:
        allowed = ", ".join(sorted(kind.options)) or "none"
        raise ValueError(f"player kind {kind.name!r} has no option {name!r} "
                         f"(options: {allowed})")
    try:
        value: OptionValue = wanted(text)
    except ValueError:
        raise ValueError(f"option {name!r} of player kind {kind.name!r} must be a "
                         f"{wanted.__name__}, not {text!r}") from None
    return value


def parse_player_spec(text: str) -> PlayerSpec:
    """Read ``KIND`` or ``KIND:OPTION=VALUE,...``; raises ``ValueError`` naming the bad
    kind or option.

    >>> parse_player_spec("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown player kind 'nobody'; choose from: greedy, heuristic, ismcts, random
    """
    name, _, rest = text.strip().partition(":")
    kind = PLAYER_KINDS.get(name.strip().lower())
    if kind is None:
        raise ValueError(f"unknown player kind {name!r}; choose from: "
                         + ", ".join(sorted(PLAYER_KINDS)))
    options: dict[str, OptionValue] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"player option {item!r} of {kind.name!r} must be NAME=VALUE")
        options[key.strip()] = _convert(kind, key.strip(), value.strip())
    return PlayerSpec(kind.name, tuple(sorted(options.items())))


def make_player(spec: PlayerSpec | str, seed: int) -> AnyPlayer:
    """Build the player ``spec`` names, with its own random ``seed``."""
    if isinstance(spec, str):
        spec = parse_player_spec(spec)
    kind = PLAYER_KINDS.get(spec.kind)
    if kind is None:
        raise ValueError(f"unknown player kind {spec.kind!r}; choose from: "
                         + ", ".join(sorted(PLAYER_KINDS)))
    return kind.build(seed, dict(spec.options))
