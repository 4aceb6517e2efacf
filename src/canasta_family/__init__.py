"""canasta-family: a rules engine for the Canasta family of card games.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=7)
>>> game.apply(game.legal_actions()[0])
>>> game.phase
'play'
"""

from __future__ import annotations

from canasta_family.actions import (
    Action,
    Answer,
    Ask,
    Discard,
    Draw,
    LayOff,
    MakeMeld,
    Merge,
    Pass,
    PickUp,
    PlaceRedThree,
    Retract,
    TakePile,
    parse_action,
)
from canasta_family.api import DEFAULT_VARIANT, new_game, replay
from canasta_family.arrangement import HandSetup
from canasta_family.caches import CacheInfo, cache_info, clear_caches, set_cache_limit
from canasta_family.cards import Card, Rank, Suit, make_deck, parse_card, parse_cards
from canasta_family.engine import Game
from canasta_family.errors import (
    CanastaError,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidOptionError,
    RecordError,
    SetupError,
    UnknownVariantError,
    VariantError,
)
from canasta_family.hookspecs import hookimpl
from canasta_family.melds import Meld, MeldKind
from canasta_family.observation import Observation
from canasta_family.plugins import available_variants, broken_variants, find_variant
from canasta_family.record import GameRecord, load_record
from canasta_family.results import HandResult, SideScore

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_VARIANT",
    "Action",
    "Answer",
    "Ask",
    "CacheInfo",
    "CanastaError",
    "Card",
    "Discard",
    "Draw",
    "Game",
    "GameRecord",
    "HandResult",
    "HandSetup",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidOptionError",
    "LayOff",
    "MakeMeld",
    "Meld",
    "MeldKind",
    "Merge",
    "Observation",
    "Pass",
    "PickUp",
    "PlaceRedThree",
    "Rank",
    "RecordError",
    "Retract",
    "SetupError",
    "SideScore",
    "Suit",
    "TakePile",
    "UnknownVariantError",
    "VariantError",
    "available_variants",
    "broken_variants",
    "cache_info",
    "clear_caches",
    "find_variant",
    "hookimpl",
    "load_record",
    "make_deck",
    "new_game",
    "parse_action",
    "parse_card",
    "parse_cards",
    "replay",
    "set_cache_limit",
]
