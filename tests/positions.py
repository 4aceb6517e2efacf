"""Game positions several test modules play from (imported by name: pytest puts this
directory on the import path)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import canasta_family
from canasta_family import Game, HandSetup
from canasta_family.engine import catalog
from canasta_family.players import HeuristicPlayer, decide


def owed_initial_meld() -> Game:
    """Seat 0 has taken the pile with 9h 9s for its initial meld (30 of 50) and still
    owes the rest, which the kings or the queens in its hand can make up (AS-23)."""
    game = canasta_family.new_game("american-samba", players=2, seed=7, start=HandSetup(
        hands=("9h 9s Kh Kd Ks Qh Qd Qs 6c 7d", "4c 8c Jh Qd Kc"),
        pile="Ah Ad As Kc 9d", stock="Qs Jh 7c 6h", to_play=0))
    game.apply("take-pile 9h 9s")
    assert game.owes_initial_meld()
    return game


def play_decision(seed: int) -> Game:
    """A two-player American Samba position where seat 0 is to play with several moves
    to choose from, reached by two heuristic players."""
    game = canasta_family.new_game("american-samba", players=2, seed=seed)
    bots = [HeuristicPlayer(), HeuristicPlayer()]
    for _ in range(20):
        game.apply(decide(bots[game.current_player], game))
    while not (game.current_player == 0 and game.phase == "play"
               and len(game.legal_actions()) > 2):
        game.apply(decide(bots[game.current_player], game))
    return game


def listed_from_scratch(game: Game) -> list[str]:
    """The position's listing from a memo that has never seen a hand (the memo tables the
    game shares with others are put back afterwards)."""
    copy = game.clone()
    shelf = copy._s.shelf
    kept = shelf.current
    try:
        shelf.current = catalog.Catalog()
        copy._legal_cache = None
        return [str(action) for action in copy.legal_actions()]
    finally:
        shelf.current = kept


def play_random_hands(games: Iterable[Game], hands: int, rng: random.Random) -> None:
    """Play up to ``hands`` hands of each of ``games`` with uniformly random legal
    actions drawn from ``rng`` (fewer where a game ends first)."""
    for game in games:
        done = 0
        while done < hands and not game.is_over:
            number = game.hand_number
            game.apply(rng.choice(game.legal_actions()))
            done += game.hand_number != number


def recorded_case(path: Path) -> tuple[dict[str, Any], Game]:
    """A kept position: the JSON case at ``path`` and its game record replayed to it."""
    case = json.loads(path.read_text(encoding="utf-8"))
    return case, canasta_family.replay(case["record"])
