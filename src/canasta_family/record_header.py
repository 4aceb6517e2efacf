"""The header the command line writes into a game record (``GameRecord.meta``) and how it
shows one: who sat at each seat and what kind of player, the date, the event (a match and
game number for ``simulate``), the result, and any other keys a header has.

Written by ``play --record``, the terminal's save and ``simulate``'s records of failed
games; shown by ``replay`` and ``replay --step``. The header takes no part in the game:
replay ignores it.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=2, seed=4)
>>> header = game_header(game, ["human", "greedy"], date="2026-12-03")
>>> header["players"][1], header["result"]
({'seat': 1, 'side': 1, 'kind': 'greedy'}, {'finished': False, 'scores': [0, 0], 'actions': 0})
>>> print(header_lines(header)[0])
players: seat 0 human, seat 1 greedy
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping, Sequence
from typing import Any

from canasta_family.engine import Game

__all__ = ["game_header", "header_lines", "today"]


def today() -> str:
    """Today's date in UTC, as ``YYYY-MM-DD`` (a day, as chess headers give it: two
    records of the same seed made the same day are the same file)."""
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def game_header(game: Game, kinds: Sequence[str], *, date: str | None = None,
                event: str | None = None) -> dict[str, Any]:
    """The header of ``game``'s record: ``players`` (seat, side and kind of each seat, in
    seat order; ``kinds`` gives the kinds, ``"human"`` for a person), ``date`` (default
    :func:`today`), ``event`` when given, and ``result``: the winning sides, the reason
    and the scores of a finished game, or the scores and the number of actions of one
    that stopped before its end.

    >>> import canasta_family
    >>> from canasta_family.players import GreedyPlayer, play_game
    >>> game = play_game(canasta_family.new_game("samba", players=2, seed=2,
    ...                                          options={"target": 2500}),
    ...                  [GreedyPlayer(), GreedyPlayer()])
    >>> result = game_header(game, ["greedy"] * 2, event="club night")["result"]
    >>> sorted(result), result["finished"]
    (['finished', 'reason', 'scores', 'winners'], True)
    """
    if len(kinds) != game.num_players:
        raise ValueError(f"need one kind per seat ({game.num_players}), got {len(kinds)}")
    players = [{"seat": seat, "side": game.side_of(seat), "kind": str(kind)}
               for seat, kind in enumerate(kinds)]
    result: dict[str, Any]
    if game.result is not None:
        result = {"finished": True, "winners": list(game.result.winners),
                  "reason": game.result.reason, "scores": list(game.scores)}
    else:
        result = {"finished": False, "scores": list(game.scores),
                  "actions": len(game.actions)}
    header: dict[str, Any] = {"players": players, "date": date or today()}
    if event is not None:
        header["event"] = event
    header["result"] = result
    return header


def _players_text(players: object) -> str | None:
    if not isinstance(players, Sequence) or isinstance(players, str):
        return None
    parts = []
    for entry in players:
        if not isinstance(entry, Mapping) or "seat" not in entry:
            return None
        name = entry.get("name")
        kind = entry.get("kind")
        who = " ".join(str(x) for x in (name, kind) if x is not None) or "?"
        parts.append(f"seat {entry['seat']} {who}")
    return ", ".join(parts)


def _result_text(result: object) -> str | None:
    if not isinstance(result, Mapping):
        return None
    if isinstance(result.get("error"), str):
        actions = result.get("actions")
        return "failed" + (f" after {actions} actions" if actions is not None else "") + \
            f": {result['error']}"
    scores = result.get("scores")
    scored = (f"scores {', '.join(map(str, scores))}"
              if isinstance(scores, Sequence) and not isinstance(scores, str) else "")
    if result.get("finished") and isinstance(result.get("reason"), str):
        return f"{result['reason']}" + (f" ({scored})" if scored else "")
    if result.get("finished") is False:
        actions = result.get("actions")
        stopped = "unfinished" + (f" after {actions} actions" if actions is not None else "")
        return stopped + (f" ({scored})" if scored else "")
    return None


def _plain(value: Any) -> Any:
    # The frozen header holds read-only mappings and tuples; JSON wants dicts and lists.
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def header_lines(meta: Mapping[str, Any]) -> list[str]:
    """A record's header as lines to show, ``key: value``: ``players`` and ``result`` in
    words when they have the form :func:`game_header` writes, every other key (``date``,
    ``event``, ``comments``, a program's own keys) as its text or compact JSON.

    >>> header_lines({"event": "club night", "round": 2, "tags": ["a", "b"]})
    ['event: club night', 'round: 2', 'tags: ["a", "b"]']
    """
    lines = []
    for key, value in meta.items():
        shown: str | None = None
        if key == "players":
            shown = _players_text(value)
        elif key == "result":
            shown = _result_text(value)
        if shown is None:
            shown = value if isinstance(value, str) else json.dumps(_plain(value),
                                                                   ensure_ascii=False)
        lines.append(f"{key}: {shown}")
    return lines
