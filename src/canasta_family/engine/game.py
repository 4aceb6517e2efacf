"""The :class:`Game`: the state of one game and everything done to it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import compress, repeat
from operator import add, attrgetter, mul
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, cast

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
    to_action,
)
from canasta_family.arrangement import HandSetup
from canasta_family.cards import JOKER_CODE, NUM_CODES, Card, Rank, Suit
from canasta_family.engine.catalog import (
    _LAYOFF_NAT_SHIFT,
    _LAYOFF_POSITIONS,
    _LAYOFF_WILD_UNITS,
    _MELD_INDEXES,
    _MOST_OF_A_RANK,
    _NO_LAYOFFS,
    _NO_SET,
    Catalog,
    _Candidate,
    _Entry,
    _LayoffCandidates,
    _LayoffCodes,
    _LayoffEntry,
    _LayoffNumbers,
    _PlayableRows,
    _TakeEntry,
    _WildList,
    _WildPart,
)
from canasta_family.engine.codes import (
    _ALL_CODES,
    _FIRST_NATURAL,
    _FREEZES,
    _IS_RED_THREE,
    _IS_WILD,
    BLACK_THREES,
    CARDS,
    RED_THREES,
    WILD_CODES,
    _rank_codes,
    _wild_cards_in,
)
from canasta_family.engine.constructors import (
    _ANSWERS,
    _DISCARD_ACTIONS,
    _DRAW,
    _PASS,
    _PLACE_ACTIONS,
    _RETRACT,
    _new_make_meld,
    _new_meld,
)
from canasta_family.engine.going_out_search import _OUT_BUDGET, _SearchExhausted
from canasta_family.engine.initial_meld_search import (
    _CODES_OF,
    _NUMBER_OF,
    _REACH_BUDGET,
    _SIZE_OF,
    _VALUE_OF,
    _Collection,
    _least_filled,
    _Play,
    _value_counted,
)
from canasta_family.engine.phases import ANSWER, DRAW, OVER, PLAY
from canasta_family.engine.play_checks import _NO_CODES, _NOTHING_FORBIDDEN, _PlayChecks
from canasta_family.engine.rule_set import _static_for
from canasta_family.errors import (
    IllegalActionError,
    InvalidActionError,
    SetupError,
    VariantError,
)
from canasta_family.hand_table import table_of
from canasta_family.melds import Meld, MeldKind
from canasta_family.observation import Observation, observe
from canasta_family.plugins import Variant, validate_options
from canasta_family.record import GameRecord, record_of
from canasta_family.results import HandResult, SideScore
from canasta_family.rules import (
    CanastaRules,
    DealRules,
    GameResult,
    GoingOutRules,
    MeldRules,
    PileRules,
    RedThreeRules,
    ScoreItem,
    SinglePickupRules,
    TurnEndEffects,
    VariantInfo,
    Violation,
)
from canasta_family.shuffling import shuffle_like_random

__all__ = ["ANSWER", "DRAW", "OVER", "PLAY", "Game"]

_LogItem: TypeAlias = "int | str | Action | None"
"""An item of a hand's log as kept: flat, a seat (None for the table) then its event, the
text or the action played, whose text is written when the log is read (see
``Game._log``)."""

Problem = tuple[str, str]
"""(topic, reason): a broken rule before its topic is turned into the variant's rule ID."""


class Game:
    """A game of a Canasta-family variant, from the first deal to the end.

    Create one with :func:`canasta_family.new_game`. The game is mutable; ``clone()`` gives
    an independent copy cheaply (for search and simulation). Two games compare equal when
    their whole state — hidden cards and the random generator included — is equal.
    """

    __slots__ = (
        "_actions",
        "_answer",
        "_aside",
        "_asker",
        "_concealed",
        "_current",
        "_dealer",
        "_feet",
        "_first_turn_done",
        "_foot_picked",
        "_freezers",
        "_fsize",
        "_hand_no",
        "_hands",
        "_hsize",
        "_initial",
        "_legal_cache",
        "_log",
        "_melds",
        "_minimum",
        "_out_memo",
        "_over",
        "_past_logs",
        "_phase",
        "_pile",
        "_probe",
        "_red",
        "_result",
        "_results",
        "_retracted",
        "_rng",
        "_rng_saved",
        "_s",
        "_scores",
        "_seed",
        "_side_had_melds",
        "_start",
        "_stock",
        "_t",
        "_take_counts",
        "_turn_kinds",
        "_turn_value",
        "_turns",
    )

    # --- construction ------------------------------------------------------------------

    def __init__(self, variant: Variant, *, players: int | None = None, seed: int | None = None,
                 options: Mapping[str, object] | None = None,
                 start: HandSetup | None = None) -> None:
        info = variant.info
        num_players = info.preferred_players if players is None else players
        if isinstance(num_players, bool) or not isinstance(num_players, int) \
                or num_players not in info.players:
            allowed = ", ".join(map(str, info.players))
            raise SetupError(
                f"{info.name} is played by {allowed} players, not {num_players!r} "
                f"({info.rule('players')})")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be a whole number, not {seed!r}")
        self._s = _static_for(variant, num_players, validate_options(info, options))
        self._t: Catalog = self._s.shelf.pin()
        """The memo tables this game's current operation reads (see ``catalog``): taken
        afresh by every listing, check and action, never changed in the middle of one."""
        self._seed = seed
        self._start = start
        self._rng: random.Random | None = random.Random(seed)
        self._rng_saved: object = None
        sides = len(self._s.side_members)
        self._scores = [0] * sides
        self._results: tuple[HandResult, ...] = ()
        self._over = False
        self._actions: list[Action] = []
        self._past_logs: list[tuple[_LogItem, ...]] = []
        self._result: GameResult | None = None
        self._legal_cache: tuple[Action, ...] | None = None
        self._probe = False
        self._out_memo: dict[tuple[object, ...], bool] | None = None
        if start is None:
            self._deal(hand_no=0, dealer=0)
        else:
            self._arrange(start)

    # --- read-only facts (public, and what hooks read) ------------------------------------

    @property
    def variant(self) -> VariantInfo:
        """The variant's :class:`~canasta_family.rules.VariantInfo`."""
        return self._s.info

    @property
    def options(self) -> Mapping[str, object]:
        """The game's options, defaults filled in."""
        return dict(self._s.options)

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._s.num_players

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides (partnerships) as tuples of seats."""
        return self._s.side_members

    @property
    def seed(self) -> int:
        """The seed of the game's random generator."""
        return self._seed

    @property
    def start(self) -> HandSetup | None:
        """The arrangement the first hand started from, if any."""
        return self._start

    @property
    def current_player(self) -> int:
        """The seat that must act now (the partner while a question is pending)."""
        return self._current

    @property
    def phase(self) -> str:
        """``"draw"``, ``"play"``, ``"answer"`` or ``"over"``."""
        return self._phase

    # ``is_over`` and ``hand_results`` are read after every action by simulation loops
    # (``while len(game.hand_results) == before and not game.is_over``): as properties
    # over a C-level attrgetter they read a slot without running a Python frame, which
    # made the two reads about 1 % of a random hand of classic Canasta.
    if TYPE_CHECKING:
        @property
        def is_over(self) -> bool:
            """True once the game has ended."""

        @property
        def hand_results(self) -> tuple[HandResult, ...]:
            """The results of every finished hand, in order."""
    else:
        is_over = property(attrgetter("_over"), doc="True once the game has ended.")
        hand_results = property(attrgetter("_results"),
                                doc="The results of every finished hand, in order.")

    @property
    def result(self) -> GameResult | None:
        """How the game ended, once it has."""
        return self._result

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative score of every side."""
        return tuple(self._scores)

    @property
    def hand_number(self) -> int:
        """The number of the hand in play (0 for the first)."""
        return self._hand_no

    @property
    def dealer(self) -> int:
        """The seat that dealt the hand in play."""
        return self._dealer

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order."""
        return tuple(self._actions)

    @property
    def deal_rules(self) -> DealRules:
        """The variant's :class:`~canasta_family.rules.DealRules` (hand and foot sizes)."""
        return self._s.deal

    @property
    def meld_rules(self) -> MeldRules:
        """The variant's :class:`~canasta_family.rules.MeldRules`."""
        return self._s.meld

    @property
    def canasta_rules(self) -> CanastaRules:
        """The variant's :class:`~canasta_family.rules.CanastaRules`."""
        return self._s.canasta

    @property
    def pile_rules(self) -> PileRules:
        """The variant's :class:`~canasta_family.rules.PileRules`."""
        return self._s.pile

    @property
    def red_three_rules(self) -> RedThreeRules:
        """The variant's :class:`~canasta_family.rules.RedThreeRules`."""
        return self._s.red

    @property
    def going_out_rules(self) -> GoingOutRules:
        """The variant's :class:`~canasta_family.rules.GoingOutRules`."""
        return self._s.going_out

    @property
    def draw_count(self) -> int:
        """Cards drawn from the stock per turn."""
        return self._s.draw_count

    @property
    def red_threes_in_deck(self) -> int:
        """How many red 3s the deck holds."""
        return self._s.red_in_deck

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of the deck."""
        return tuple(CARDS[c] for c in self._s.deck)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom to top (players see only the top, AS-25)."""
        return tuple(CARDS[c] for c in self._pile)

    @property
    def pile_top(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return CARDS[self._pile[-1]] if self._pile else None

    @property
    def pile_freezers(self) -> int:
        """Wild cards and red 3s in the pile (each freezes it, AS-18a)."""
        return self._freezers

    @property
    def turn_canastas(self) -> tuple[str, ...]:
        """Canasta kinds the player to move has completed during this turn."""
        return tuple(self._turn_kinds)

    @property
    def went_out_concealed(self) -> bool:
        """During the scoring of a hand (``canasta_score_side``): whether the player who
        went out did so without their side having melded before that turn. Reset when the
        next hand is dealt."""
        return self._concealed

    def stock_cards(self) -> tuple[Card, ...]:
        """The stock, top first. Hidden information: for tests and tools, never for
        players (their :meth:`observation` has only its size)."""
        return tuple(CARDS[c] for c in reversed(self._stock))

    def aside_cards(self) -> tuple[Card, ...]:
        """Cards set aside out of play by an arrangement (see :class:`HandSetup`)."""
        return tuple(CARDS[c] for c in self._aside)

    def card_value(self, card: Card) -> int:
        """The point value of ``card`` in this variant (AS-4)."""
        return self._s.values[card.code]

    def side_of(self, player: int) -> int:
        """The side ``player`` belongs to."""
        return self._s.side_of[player]

    def side_members(self, side: int) -> tuple[int, ...]:
        """The seats of ``side``."""
        return self._s.side_members[side]

    def partners(self, player: int) -> tuple[int, ...]:
        """The other seats on ``player``'s side."""
        return tuple(s for s in self._s.side_members[self._s.side_of[player]] if s != player)

    def hand_cards(self, player: int) -> tuple[Card, ...]:
        """``player``'s hand in canonical order (hidden from the other players)."""
        hand = self._hands[player]
        cards: list[Card] = []
        for code in compress(_ALL_CODES, hand):
            cards += (CARDS[code],) * hand[code]
        return tuple(cards)

    def hand_points(self, player: int) -> tuple[int, int]:
        """What ``player``'s hand would cost at the end of the hand: the point value of
        its cards other than red 3s, and how many red 3s it holds (AS-41, AS-31). Counted
        from the card counts, without building the cards.

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> points, red = game.hand_points(0)
        >>> points == sum(game.card_value(c) for c in game.hand_cards(0) if not c.is_red_three)
        True
        """
        return self._held_points(self._hands[player])

    def foot_points(self, player: int) -> tuple[int, int]:
        """Like :meth:`hand_points`, for ``player``'s foot (zeros once it is picked up, and
        in variants without one).

        >>> import canasta_family
        >>> canasta_family.new_game("american-samba", seed=1).foot_points(0)
        (0, 0)
        """
        return self._held_points(self._feet[player])

    def _held_points(self, counts: Sequence[int]) -> tuple[int, int]:
        values = self._s.values
        red = counts[5] + counts[6]
        # Over the codes held only: a hand at the end of a hand holds a dozen cards of 53
        # codes, and ``sum(map(mul, ...))`` multiplied every code (about 60 % more work).
        total = 0
        for code in compress(_ALL_CODES, counts):
            total += values[code] * counts[code]
        if red:
            total -= values[5] * counts[5] + values[6] * counts[6]
        return total, red

    def side_melded_points(self, side: int) -> int:
        """The point value of every card in ``side``'s melds (AS-41).

        >>> import canasta_family
        >>> canasta_family.new_game("american-samba", seed=1).side_melded_points(0)
        0
        """
        values = self._s.values
        return sum([values[card.code] for meld in self._melds[side] for card in meld.cards])

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds."""
        return self._hsize[player]

    def foot_cards(self, player: int) -> tuple[Card, ...]:
        """``player``'s foot (empty once picked up, or in variants without one)."""
        foot = self._feet[player]
        cards: list[Card] = []
        for code in compress(_ALL_CODES, foot):
            cards += (CARDS[code],) * foot[code]
        return tuple(cards)

    def foot_size(self, player: int) -> int:
        """Cards in ``player``'s foot."""
        return self._fsize[player]

    def foot_picked_up(self, player: int) -> bool:
        """Whether ``player`` has picked up their foot."""
        return self._foot_picked[player]

    def side_melds(self, side: int) -> tuple[Meld, ...]:
        """The melds of ``side``, numbered as in actions."""
        return tuple(self._melds[side])

    def side_red_threes(self, side: int) -> tuple[Card, ...]:
        """The red 3s ``side`` has placed on the table."""
        return tuple(CARDS[c] for c in self._red[side])

    def side_canasta_kinds(self, side: int) -> tuple[str, ...]:
        """The kinds of ``side``'s canastas (sambas included), in meld order."""
        return tuple(m.canasta for m in self._melds[side] if m.canasta is not None)

    def side_canastas(self, side: int) -> int:
        """How many canastas (sambas included) ``side`` owns."""
        return sum(1 for m in self._melds[side] if m.canasta is not None)

    def has_initial_meld(self, side: int) -> bool:
        """Whether ``side`` has completed its initial meld this hand."""
        return self._initial[side]

    def initial_minimum(self, side: int) -> int:
        """The count ``side``'s initial meld must reach this hand (penalties included)."""
        return self._minimum[side]

    def initial_meld_count(self) -> int:
        """What the player to move has melded towards the initial meld this turn."""
        return self._turn_value

    @property
    def pending_question(self) -> int | None:
        """The seat that asked "may I go out?" and awaits (or got) an answer this turn."""
        return self._asker

    @property
    def partner_answer(self) -> bool | None:
        """The binding answer given this turn: ``True`` (must go out), ``False`` (may not),
        ``None`` (not asked, or not yet answered)."""
        return self._answer

    def pile_frozen_for(self, side: int) -> bool:
        """Whether the pile is frozen for ``side`` now (AS-18), as the variant decides."""
        s = self._s
        custom = s.custom_pile_frozen
        if custom is None:
            custom = s.custom_pile_frozen = s._implemented_outside_core("canasta_pile_frozen")
        if not custom:
            return self.standard_pile_frozen(side)
        return bool(s.call("canasta_pile_frozen", bool, game=self, side=side))

    def standard_pile_frozen(self, side: int) -> bool:
        """Whether the pile is frozen for ``side`` by :attr:`pile_rules` alone: always, or
        while it holds a wild card or red 3 (AS-18a), or until the side's initial meld —
        the core's answer to ``canasta_pile_frozen``.

        >>> import canasta_family
        >>> game = canasta_family.new_game("canasta", seed=1)
        >>> game.standard_pile_frozen(0) == game.pile_frozen_for(0)
        True
        """
        rules = self._s.pile
        if rules.always_frozen:
            return True
        if rules.frozen_by_wild_or_red_three and self._freezers > 0:
            return True
        return rules.frozen_before_initial_meld and not self._initial[side]

    def hook_red_three_score(self, side: int, count: int) -> int:
        """Points for ``count`` red 3s of ``side`` (via ``canasta_red_three_score``)."""
        return int(self._s.call("canasta_red_three_score", int, game=self, side=side,
                                count=count))

    def going_out_violations(self, player: int, canastas: Sequence[str]
                             ) -> tuple[Violation, ...]:
        """Why ``player`` could not go out if the side's canastas were of the kinds
        ``canastas`` (the variant's ``canasta_going_out_violations``); empty if it could.

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> [v.rule for v in game.going_out_violations(0, ["natural"])]
        ['AS-35']
        >>> game.going_out_violations(0, ["natural", "mixed"])
        ()
        """
        violations = self._s.call("canasta_going_out_violations", tuple, game=self,
                                  player=player, canastas=tuple(canastas))
        return tuple(violations)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (their own hand and everything public).

        >>> import canasta_family
        >>> obs = canasta_family.new_game("american-samba", seed=2).observation(0)
        >>> len(obs.hand), obs.stock_size > 0
        (15, True)
        """
        return observe(self, player)

    def record(self) -> GameRecord:
        """The game's record so far; :func:`canasta_family.replay` rebuilds it.

        >>> import canasta_family
        >>> canasta_family.new_game("american-samba", seed=2).record().actions
        ()
        """
        return record_of(self)

    def log(self, *, all_hands: bool = False) -> tuple[tuple[int | None, str], ...]:
        """Public events of the hand in play (or of the whole game with ``all_hands``):
        ``(seat, text)`` pairs, seat ``None`` for the table. Draws show no cards; everything
        else is public.

        >>> import canasta_family
        >>> canasta_family.new_game("american-samba", seed=2).log()[0][1][:17]
        'hand 1: seat 0 de'
        """
        current = self._log_pairs(self._log)
        if all_hands:
            return tuple(pair for hand in self._past_logs
                         for pair in self._log_pairs(hand)) + current
        return current

    @staticmethod
    def _log_pairs(flat: Sequence[_LogItem]) -> tuple[tuple[int | None, str], ...]:
        # Plays are logged as their action and written out only when someone reads the
        # log (simulations never do).
        seats = cast("Sequence[int | None]", flat[0::2])
        return tuple([(seat, event if isinstance(event, str) else str(event))
                      for seat, event in zip(seats, flat[1::2], strict=True)])

    # --- dealing ------------------------------------------------------------------------

    # The random generator: a game that nothing has copied owns a generator and deals with
    # it; a clone, a snapshot or a determinized copy turns it into its state (an immutable
    # tuple that copies share), and the next deal makes a generator of its own from that
    # state again. A simulation that never copies its game thus never writes the state
    # out, which cost about as much as the shuffle itself at every deal.

    @property
    def _rng_state(self) -> object:
        """The state of the game's generator (``random.Random.getstate``)."""
        rng = self._rng
        if rng is not None:
            self._rng_saved = rng.getstate()
            self._rng = None  # from now on shared: the next deal copies it
        return self._rng_saved

    @_rng_state.setter
    def _rng_state(self, state: object) -> None:
        self._rng_saved = state
        self._rng = None

    def _generator(self) -> random.Random:
        """The game's own generator, made from the saved state if the game has none."""
        rng = self._rng
        if rng is None:
            # Seeded with a number: without one, making a generator reads the
            # operating system's entropy. The state replaces the seed at once.
            rng = random.Random(0)
            rng.setstate(self._rng_saved)  # type: ignore[arg-type]
            self._rng = rng
            self._rng_saved = None
        return rng

    def _shuffled_deck(self) -> list[int]:
        cards = list(self._s.deck)
        shuffle_like_random(self._generator(), cards)
        return cards

    def _reset_hand_state(self, hand_no: int, dealer: int) -> None:
        n = self._s.num_players
        sides = len(self._s.side_members)
        self._hand_no = hand_no
        self._dealer = dealer
        self._hands = [[0] * NUM_CODES for _ in range(n)]
        self._hsize = [0] * n
        self._feet = [[0] * NUM_CODES for _ in range(n)]
        self._fsize = [0] * n
        self._foot_picked = [self._s.deal.foot_size == 0] * n
        self._stock: list[int] = []
        self._pile: list[int] = []
        self._freezers = 0
        self._aside: list[int] = []
        self._melds: list[list[Meld]] = [[] for _ in range(sides)]
        self._red: list[list[int]] = [[] for _ in range(sides)]
        self._initial = [False] * sides
        self._first_turn_done = [False] * n
        self._concealed = False
        old = getattr(self, "_log", None)
        if old:
            self._past_logs.append(tuple(old))
        # Flat, seat then event: a (seat, event) pair per event would be a new tracked
        # tuple that lives as long as the game, and such survivors are what start the
        # garbage collector's full collections (each scans every memo of the process).
        self._log: list[_LogItem] = []
        self._turn_kinds: list[str] = []
        self._turns = 0
        self._legal_cache = None

    def _set_minimums(self) -> None:
        self._minimum = [
            int(self._s.call("canasta_initial_meld_minimum", int, game=self, side=side,
                             score=self._scores[side]))
            for side in range(len(self._s.side_members))
        ]

    def _deal(self, hand_no: int, dealer: int) -> None:
        self._reset_hand_state(hand_no, dealer)
        n = self._s.num_players
        deal = self._s.deal
        cards = self._shuffled_deck()
        # Deal one at a time from the dealer's left (AS-6), the hands and then the feet; the
        # stock's top is the list end, so taken top first, the cards dealt go round the
        # table and the seat ``offset`` places left of the dealer gets every n-th one.
        top = len(cards)
        for places, sizes, size in ((self._hands, self._hsize, deal.hand_size),
                                    (self._feet, self._fsize, deal.foot_size)):
            if not size:
                continue
            if size * n > top:
                raise SetupError(f"a deck of {len(cards)} cards is too small to deal "
                                 f"{n} players {deal.hand_size} + {deal.foot_size} cards")
            dealt = cards[top - size * n:top][::-1]
            for offset in range(1, n + 1):
                seat = (dealer + offset) % n
                counts = places[seat]
                for code in dealt[offset - 1::n]:
                    counts[code] += 1
                sizes[seat] += size
            top -= size * n
        del cards[top:]
        self._stock = cards
        self._turn_upcard()
        self._log.extend((None, f"hand {hand_no + 1}: seat {dealer} deals; upcard "
                                + " ".join(str(CARDS[c]) for c in self._pile)))
        self._set_minimums()
        self._begin_turn((dealer + 1) % n)

    def _turn_upcard(self) -> None:
        redraw = self._s.deal.upcard_redraw
        while self._stock:
            code = self._stock.pop()
            self._push_pile(code)
            if not (redraw and (code in WILD_CODES or code in RED_THREES)):
                break

    def _push_pile(self, code: int) -> None:
        self._pile.append(code)
        if code in WILD_CODES or code in RED_THREES:
            self._freezers += 1

    def _arrange(self, setup: HandSetup) -> None:
        s = self._s
        n = s.num_players
        sides = len(s.side_members)
        if len(setup.hands) != n:
            raise SetupError(f"setup gives {len(setup.hands)} hands for {n} players")
        if not 0 <= setup.dealer < n:
            raise SetupError(f"setup dealer {setup.dealer} is not a seat (0-{n - 1})")
        if setup.to_play is not None and not 0 <= setup.to_play < n:
            raise SetupError(f"setup to_play {setup.to_play} is not a seat (0-{n - 1})")
        if setup.hand_number < 0:
            raise SetupError("setup hand_number cannot be negative")
        for name, value, count in (("feet", setup.feet, n), ("melds", setup.melds, sides),
                                   ("red_threes", setup.red_threes, sides),
                                   ("scores", setup.scores, sides)):
            if value is not None and len(value) != count:
                raise SetupError(f"setup {name} must have {count} entries, got {len(value)}")
        if setup.feet is not None and s.deal.foot_size == 0:
            raise SetupError(f"{s.info.name} has no foot, but the setup gives feet")
        for seat, hand in enumerate(setup.hands):
            if not hand:
                raise SetupError(f"setup hand of seat {seat} is empty; every player needs cards")
        if setup.scores is not None:
            self._scores = list(setup.scores)
        self._reset_hand_state(setup.hand_number, setup.dealer)
        remaining = [0] * NUM_CODES
        for code in s.deck:
            remaining[code] += 1

        def take(cards: Sequence[Card], where: str) -> list[int]:
            codes = [card.code for card in cards]
            for code in codes:
                if remaining[code] == 0:
                    raise SetupError(
                        f"setup uses more {CARDS[code]} than the {s.info.name} deck holds "
                        f"(in {where})")
                remaining[code] -= 1
            return codes

        for seat, hand in enumerate(setup.hands):
            for code in take(hand, f"hand {seat}"):
                self._hands[seat][code] += 1
                self._hsize[seat] += 1
        if setup.feet is not None:
            for seat, foot in enumerate(setup.feet):
                # An empty foot in an arrangement has already been picked up.
                self._foot_picked[seat] = not foot
                for code in take(foot, f"foot {seat}"):
                    self._feet[seat][code] += 1
                    self._fsize[seat] += 1
        if setup.red_threes is not None:
            for side, reds in enumerate(setup.red_threes):
                for code in take(reds, f"red threes of side {side}"):
                    if code not in RED_THREES:
                        raise SetupError(
                            f"{CARDS[code]} is not a red 3 (red_threes of side {side})")
                    self._red[side].append(code)
        if setup.melds is not None:
            for side, melds in enumerate(setup.melds):
                for cards in melds:
                    codes = sorted(take(cards, f"melds of side {side}"))
                    meld = self._meld_from_codes(codes)
                    if meld is None:
                        raise SetupError(
                            f"setup meld {' '.join(str(c) for c in cards)} of side {side} is "
                            f"not a legal meld in {s.info.name}")
                    self._melds[side].append(meld)
                if melds:
                    self._initial[side] = True
        pile_codes = take(setup.pile, "pile")
        if setup.stock is not None:
            stock_codes = take(setup.stock, "stock")
            self._stock = list(reversed(stock_codes))
            self._aside = [c for c in range(NUM_CODES) for _ in range(remaining[c])]
        else:
            rest = [c for c in range(NUM_CODES) for _ in range(remaining[c])]
            self._generator().shuffle(rest)
            self._stock = rest
        if s.deal.foot_size and setup.feet is None:
            for _ in range(s.deal.foot_size):
                for seat in range(n):
                    if self._stock:
                        code = self._stock.pop()
                        self._feet[seat][code] += 1
                        self._fsize[seat] += 1
        for code in pile_codes:
            self._push_pile(code)
        if not self._pile:
            self._turn_upcard()
        self._log.extend((None, f"hand {setup.hand_number + 1}: arranged; seat {setup.dealer} "
                                "deals"))
        self._set_minimums()
        to_play = (setup.dealer + 1) % n if setup.to_play is None else setup.to_play
        self._begin_turn(to_play)

    # --- turn bookkeeping ----------------------------------------------------------------

    def _begin_turn(self, player: int) -> None:
        s = self._s
        self._current = player
        self._phase = DRAW
        self._turn_value = 0
        self._answer: bool | None = None
        self._asker: int | None = None
        if self._turn_kinds:
            # Only cleared when used: most turns complete no canasta. Clones copy the list.
            self._turn_kinds = []
        self._retracted = False
        self._take_counts: list[int] | None = None
        self._out_memo = None
        self._side_had_melds = bool(self._melds[s.side_of[player]])
        self._legal_cache = None
        first_turns = self._first_turn_done
        if not first_turns[player]:
            first_turns[player] = True
            if s.red.auto_place:
                # AS-29: red 3s dealt are placed at the player's first turn and replaced.
                self._place_red_threes_from_hand(player, replace=True)

    def _place_red_threes_from_hand(self, player: int, replace: bool) -> None:
        hand = self._hands[player]
        side = self._s.side_of[player]
        while True:
            if not (hand[5] or hand[6]):
                return  # no red 3 (codes 5 and 6) held: most first turns, without a list
            found = [code for code in RED_THREES for _ in range(hand[code])]
            for code in found:
                hand[code] -= 1
                self._hsize[player] -= 1
                self._red[side].append(code)
                self._log.extend((player, f"places {CARDS[code]}"))
            if not replace:
                return
            for _ in found:
                if not self._stock:
                    return
                code = self._stock.pop()
                hand[code] += 1
                self._hsize[player] += 1

    # --- rule helpers shared by checking and listing -----------------------------------------

    def _rule(self, topic: str) -> str:
        return self._s.info.rule(topic)

    def _fail(self, problem: Problem) -> IllegalActionError:
        return IllegalActionError(self._rule(problem[0]), problem[1])

    def _canasta_kind(self, is_run: bool, rank: int | None, size: int, wilds: int) -> str | None:
        c = self._s.canasta
        if is_run:
            return c.run_kind if size >= c.run_canasta_size else None
        if size < self._s.meld.canasta_size:
            return None
        if wilds == size:
            return c.wild_kind
        if rank is None:
            return "natural" if wilds == 0 else "mixed"
        if wilds == 0:
            return c.rank_kinds.get(rank, "natural")  # type: ignore[call-overload,no-any-return]
        return c.rank_mixed_kinds.get(rank, "mixed")  # type: ignore[call-overload,no-any-return]

    def _set_problem(self, rank: int | None, nat: int, wild: int, black3_ok: bool
                     ) -> Problem | None:
        """Whether a set of ``nat`` naturals of ``rank`` (None: wild cards only) and
        ``wild`` wild cards is legal (AS-8, AS-33, DS-6, PH-5…8)."""
        mr = self._s.meld
        size = nat + wild
        if rank is None:
            if not mr.wild_melds:
                return ("set", "a meld needs natural cards: wild cards cannot be melded alone")
            if size < mr.min_size:
                return ("wild-meld", f"a meld needs at least {mr.min_size} cards")
            if size > mr.wild_meld_max:
                return ("wild-meld",
                        f"a meld of wild cards holds at most {mr.wild_meld_max} cards")
            return None
        if rank == 3:
            if mr.black_threes == "never":
                return ("black-three", "black 3s can never be melded")
            if wild:
                return ("black-three", "a meld of black 3s may not hold wild cards")
            if not black3_ok:
                return ("black-three", "black 3s may be melded only by a player going out in "
                                       "that turn, as the play that finishes the hand")
        elif rank not in mr.set_ranks:
            return ("set", f"{Rank(rank).symbol}s cannot be melded as a set")
        if size < mr.min_size:
            return ("set", f"a meld needs at least {mr.min_size} cards")
        if nat < mr.set_min_naturals:
            return ("set", f"a set needs at least {mr.set_min_naturals} natural cards")
        if mr.set_max_wilds is not None and wild > mr.set_max_wilds:
            return ("set", f"a set may hold at most {mr.set_max_wilds} wild cards")
        if wild and nat < mr.naturals_per_wild * wild:
            return ("wild-ratio", f"a set needs at least {mr.naturals_per_wild} times as many "
                                  "natural cards as wild cards")
        if mr.naturals_exceed_wilds and nat <= wild:
            return ("wild-ratio", "natural cards must outnumber wild cards in a set")
        if wild and rank in mr.no_wild_ranks:
            return ("no-wild-rank", f"a meld of {Rank(rank).symbol}s may not hold wild cards")
        if mr.max_size is not None and size > mr.max_size:
            return ("max-size", f"a meld holds at most {mr.max_size} cards")
        return None

    def _run_problem(self, suit_codes: Sequence[int]) -> Problem | None:
        """Whether these natural codes form a legal run (AS-9)."""
        mr = self._s.meld
        if not mr.runs:
            return ("set", "melds must be of one rank in this game (no sequences)")
        suits = {code % 4 for code in suit_codes}
        if len(suits) != 1:
            return ("run", "a sequence must be all of one suit")
        ranks = sorted(code // 4 + 2 for code in suit_codes)
        if len(set(ranks)) != len(ranks):
            return ("run", "a sequence cannot hold two cards of the same rank")
        if ranks[0] < mr.run_low or ranks[-1] > mr.run_high:
            return ("run", f"a sequence runs from {Rank(mr.run_low).symbol} to "
                           f"{Rank(mr.run_high).symbol} only (no 2s, 3s or jokers)")
        if ranks[-1] - ranks[0] != len(ranks) - 1:
            return ("run", "the cards of a sequence must be consecutive")
        if len(ranks) < mr.run_min:
            return ("run", f"a sequence needs at least {mr.run_min} cards")
        if len(ranks) > mr.run_max:
            return ("run", f"a sequence can never exceed {mr.run_max} cards")
        return None

    def _going_out_problem(self, player: int, kinds: tuple[str, ...]) -> Problem | None:
        violations = self._s.call("canasta_going_out_violations", tuple, game=self,
                                  player=player, canastas=kinds)
        if violations:
            first = violations[0]
            if not isinstance(first, Violation):
                raise VariantError(
                    f"variant {self._s.info.name!r}: canasta_going_out_violations must "
                    f"return Violations, got {first!r}")
            return (first.rule, first.reason)
        return None

    def _ending_problem(self, player: int, after: int, kinds: tuple[str, ...],
                        initial_after: bool) -> Problem | None:
        """Whether a play leaving ``after`` cards in hand is allowed (AS-35): below the
        number to keep, the player must be able to go out. A stranded player (PH-16) may
        keep a single card: no discard follows."""
        if after > 0 and (after >= self._s.going_out.keep_cards or self._stranded()):
            return None
        if self._answer is False:
            return ("ask", "your partner answered no: you may not go out this turn, so you "
                           "must keep cards in hand")
        if not initial_after:
            return ("initial-meld", "your side's initial meld must reach the minimum before "
                                    "you can go out")
        return self._going_out_problem(player, kinds)

    def _kinds_with(self, side: int, index: int | None, new_kind: str | None,
                    extra: Sequence[str | None] = ()) -> tuple[str, ...]:
        """The side's canasta kinds if meld ``index`` (None: a new meld) had ``new_kind``."""
        kinds = [m.canasta for i, m in enumerate(self._melds[side]) if i != index]
        if index is not None:
            kinds.insert(index, new_kind)
        else:
            kinds.append(new_kind)
        kinds.extend(extra)
        return tuple(k for k in kinds if k is not None)

    def _meld_from_codes(self, codes: Sequence[int]) -> Meld | None:
        """Build a Meld value from sorted codes, or None if they are no legal meld shape
        (used for arrangements; going-out conditions are not checked there)."""
        shape = self._shape(codes, black3_ok=True)
        if len(shape) == 2:
            return None
        kind, rank, suit, wilds = shape
        return self._new_meld(kind, rank, suit, codes, wilds)

    def _new_meld(self, kind: MeldKind, rank: int | None, suit: int | None,
                  codes: Sequence[int], wilds: int) -> Meld:
        # A Meld is a value fixed by its kind and cards (rank, suit and wild count follow
        # from them): memoised per rule set, as the canasta kind depends on the rules.
        ordered = tuple(sorted(codes))
        melds = self._t.melds
        key = (kind is MeldKind.RUN, ordered)
        meld = melds.get(key)
        if meld is None:
            canasta = self._canasta_kind(kind is MeldKind.RUN, rank, len(codes), wilds)
            meld = _new_meld(kind, None if rank is None else Rank(rank),
                             None if suit is None else Suit(suit), self._t.cards_of(ordered),
                             wilds, canasta)
            if len(melds) > 200_000:
                melds.clear()
            melds[key] = meld
        return meld

    def _shape(self, codes: Sequence[int], black3_ok: bool
               ) -> tuple[MeldKind, int | None, int | None, int] | Problem:
        """Classify new-meld cards: (kind, rank, suit, wilds) or a Problem."""
        wild = 0
        naturals: list[int] = []
        for code in codes:
            if code in WILD_CODES:
                wild += 1
            elif code in RED_THREES:
                return ("red-three-meld", "red 3s are never melded")
            else:
                naturals.append(code)
        if not naturals:
            problem = self._set_problem(None, 0, wild, black3_ok)
            return problem if problem else (MeldKind.SET, None, None, wild)
        ranks = {code // 4 + 2 for code in naturals}
        if len(ranks) == 1:
            rank = ranks.pop()
            problem = self._set_problem(rank, len(naturals), wild, black3_ok)
            return problem if problem else (MeldKind.SET, rank, None, wild)
        if wild:
            if not self._s.meld.runs:
                return ("set", "a meld holds cards of one rank (plus wild cards)")
            return ("run", "wild cards can never be part of a sequence, and a set holds one "
                           "rank")
        problem = self._run_problem(naturals)
        return problem if problem else (MeldKind.RUN, None, naturals[0] % 4, 0)

    def _layoff_problem(self, meld: Meld, codes: Sequence[int], black3_ok: bool
                        ) -> tuple[Meld, None] | tuple[None, Problem]:
        """The meld after adding ``codes``, or the problem (AS-12)."""
        mr = self._s.meld
        wild = sum(1 for c in codes if c in WILD_CODES)
        if any(c in RED_THREES for c in codes):
            return None, ("red-three-meld", "red 3s are never melded")
        if meld.kind is MeldKind.RUN:
            if wild:
                return None, ("run", "wild cards can never be part of a sequence")
            all_codes = [c.code for c in meld.cards] + list(codes)
            problem = self._run_problem(all_codes)
            if problem:
                return None, ("lay-off", problem[1]) if problem[0] == "run" else problem
            return self._new_meld(MeldKind.RUN, None, meld.suit, sorted(all_codes), 0), None
        rank = None if meld.rank is None else int(meld.rank)
        for code in codes:
            if code not in WILD_CODES and (rank is None or code // 4 + 2 != rank):
                what = "wild cards" if rank is None else f"{Rank(rank).symbol}s or wild cards"
                return None, ("lay-off", f"only {what} can be added to that meld")
        if wild and meld.canasta is not None and meld.wilds == 0 \
                and mr.no_wild_on_natural_canasta:
            return None, ("natural-canasta-wild",
                          "wild cards may not be added to a natural canasta (house rule)")
        if mr.max_size is not None and meld.canasta is not None \
                and len(meld.cards) >= mr.max_size:
            return None, ("max-size", "a finished canasta cannot be added to")
        problem = self._set_problem(rank, len(meld.cards) - meld.wilds + len(codes) - wild,
                                    meld.wilds + wild, black3_ok)
        if problem:
            return None, problem
        all_codes = sorted([c.code for c in meld.cards] + list(codes))
        return self._new_meld(MeldKind.SET, rank, None, all_codes, meld.wilds + wild), None

    def _hand_lacks(self, player: int, codes: Sequence[int]) -> Card | None:
        hand = self._hands[player]
        need: dict[int, int] = {}
        for code in codes:
            need[code] = need.get(code, 0) + 1
        for code, count in need.items():
            if hand[code] < count:
                return CARDS[code]
        return None

    def _value(self, codes: Sequence[int]) -> int:
        values = self._s.values
        return sum(values[c] for c in codes)

    def _provisional(self, side: int) -> bool:
        # Melds of a side that has not reached its minimum are this turn's tentative
        # initial meld (AS-24): they can be completed or taken back.
        return not self._initial[side] and bool(self._melds[side])

    def _counted_value(self, codes: Sequence[int], use_up: bool = False) -> int:
        """What a play of ``codes`` adds to this turn's initial-meld count: after a pile
        take short of the minimum, only cards the player held before the take (AS-23).
        With ``use_up`` (the play is being made) the counted cards are used up."""
        counts = self._take_counts
        if counts is None:
            return self._value(codes)
        values = self._s.values
        left = counts if use_up else counts[:]
        total = 0
        for code in codes:
            if left[code]:
                left[code] -= 1
                total += values[code]
        return total

    def owes_initial_meld(self) -> bool:
        """Whether the player to move took the pile for the side's initial meld and has
        not yet melded the rest of the minimum from hand (AS-23): until then no discard.

        >>> import canasta_family
        >>> canasta_family.new_game("american-samba", seed=1).owes_initial_meld()
        False
        """
        return self._owes_initial(self._s.side_of[self._current])

    def _forgive_initial_owed(self) -> None:
        """Count the owed initial meld as made (only for a determinized copy whose random
        deal cannot complete it, see :mod:`canasta_family.determinize`)."""
        self._initial[self._s.side_of[self._current]] = True
        self._take_counts = None
        self._legal_cache = None

    def _short_start_ok(self, action: Action) -> bool:
        """Where melds never go back (``retract_penalty`` None, PH-17): whether the play
        ``action``, the first of a side without its initial meld, reaches the minimum or
        leaves the rest reachable this turn, judged as after an initial pile take with
        every card held counting."""
        if not isinstance(action, (MakeMeld, LayOff, PlaceRedThree)):
            return True
        side = self._s.side_of[self._current]
        codes = [action.card.code] if isinstance(action, PlaceRedThree) else \
            [card.code for card in action.cards]
        if self._turn_value + self._value(codes) >= self._minimum[side]:
            return True
        probe = self.clone()
        probe._take_counts = probe._hands[probe._current][:]
        probe._legal_cache = None
        return probe._keeps_initial_reachable(action)

    def _owes_initial(self, side: int) -> bool:
        """Whether the player to move took the pile for an initial meld that has not yet
        reached the minimum: no discard, retraction or question until it does (AS-23)."""
        return self._take_counts is not None and not self._initial[side]

    def _initial_reachable(self) -> bool:
        """After an initial pile take short of the minimum: whether cards the player held
        before the take (``_take_counts``) can still make up the rest this turn (AS-23).

        Only those cards count — in new melds and lay-offs on the side's melds, where
        cards from the pile may fill out the melds beside them — and the plays must leave
        at least two cards in hand, one of which may be discarded. A search over such
        collections of plays answers; it stops at the first collection that reaches the
        minimum and visits each position (cards left, ranks kept open, melds laid on)
        once. It is exact, so after the first play of the
        collection it found the answer is still yes: a player who owes an initial meld
        always has a listed play. Past :data:`_REACH_BUDGET` positions (only huge hands
        get there) the engine's completion finder decides instead (see
        :meth:`_completion_found`), which keeps the same guarantee.
        """
        player = self._current
        side = self._s.side_of[player]
        need = self._minimum[side] - self._turn_value
        if need <= 0:
            return True
        found = self._collection_reaches(need)
        if found is None:
            return self._completion_found(need, True) or self._completion_found(need, False)
        return found is not False

    def _qualifying_plays(self, left: list[int], melds: Sequence[Meld] | None = None,
                          enough: tuple[int, int] | None = None,
                          counted: Sequence[int] | None = None
                          ) -> list[tuple[tuple[int, ...], int, int, int | None, int | None]]:
        """The plays of cards in ``left`` that could count towards an owed initial meld,
        most valuable first: (codes, value, meld index of a lay-off or -1, rank key an
        unfinished new set keeps open, rank key of a new set). ``melds``: the side's melds
        as they would be (default: as they are). ``counted``: the cards of ``left`` that
        count (default: all); a play counts its cards among them, and a play that counts
        nothing is left out — cards from the pile go along only beside counted ones, which
        a meld or lay-off of them all does as well (AS-23). With ``enough`` (a value and a
        number of cards), the first play found that counts that much with no more cards is
        the answer alone."""
        player = self._current
        side = self._s.side_of[player]
        if melds is None:
            melds = self._melds[side]
        values = self._s.values
        one_open = self._s.joins_sets
        every = self._s.meld.one_meld_per_rank
        custom = self._s.custom_meld_check
        open_on_table = self._joined_ranks(melds) if one_open else set()
        plays: list[_Play] = []
        # With ``counted``: each play's target (meld index of a lay-off; -1 a new set,
        # -2 a new run) and whether it makes a canasta, for ``_least_filled``.
        targets: list[tuple[int, bool]] = []
        # Without counted wild cards, a set of a rank with no counted natural counts
        # nothing: its candidates need no look.
        thin = counted is not None and not (counted[0] or counted[1] or counted[2]
                                             or counted[3] or counted[JOKER_CODE])
        # The candidates of each rank in turn, not one list of them all: with ``enough``
        # the first that counts enough ends the listing, the other ranks' unseen.
        for entry in self._meld_entries(left, False):
            if thin and entry[3] is not None:
                assert counted is not None
                base = (entry[3] - 2) * 4
                if not (counted[base] or counted[base + 1] or counted[base + 2]
                        or counted[base + 3]):
                    continue
            cands = entry[0] if entry[0] is not None else self._rank_cands(entry[4])
            for codes, value, kind, wild, rank, _action in cands:
                is_set = rank is not None or wild == len(codes)
                if counted is not None:
                    value = _value_counted(codes, counted, values)
                    if not value:
                        continue
                set_key = (0 if rank is None else rank) if one_open and is_set else None
                if set_key is not None and set_key in open_on_table:
                    continue
                if custom:
                    made = self._meld_from_codes(codes)
                    if made is None or self._custom_problem(side, made, codes):
                        continue
                # An unfinished set keeps its rank open to no second set (PH-10); where a
                # side has one meld of a rank a canasta does too (CC-3).
                open_key = set_key if kind is None or every else None
                plays.append((codes, value, -1, open_key, set_key))
                targets.append((-1 if is_set else -2, kind is not None))
                if enough is not None and value >= enough[0] and len(codes) <= enough[1]:
                    return plays[-1:]
        for index, meld in enumerate(melds):
            laid = self._layoff_plays(left, meld, index, side, counted, targets)
            if enough is not None:
                for play in laid:
                    if play[1] >= enough[0] and len(play[0]) <= enough[1]:
                        return [play]
            plays += laid
        if counted is not None and len(plays) > 1:
            plays = _least_filled(plays, targets, counted)
        # Most valuable first, then the fewest cards (a collection that leaves more cards
        # survives more plays, see ``_Collection.survives``), then by codes, ties in
        # listing order: stable sorts on C-level keys instead of a key function called for
        # every play.
        plays.sort(key=_CODES_OF)
        plays.sort(key=_SIZE_OF)
        plays.sort(key=_VALUE_OF, reverse=True)
        return plays

    def _layoff_plays(self, left: list[int], meld: Meld, index: int, side: int,
                      counted: Sequence[int] | None,
                      targets: list[tuple[int, bool]] | None = None) -> list[_Play]:
        """The lay-offs of cards in ``left`` on the side's meld ``meld`` (at ``index``)
        that count towards an owed initial meld, as :meth:`_qualifying_plays` lists them;
        each one's (``index``, whether it makes a canasta) goes to ``targets``."""
        cap = self._s.meld.max_size
        if cap is not None and len(meld.cards) >= cap:
            return []
        custom = self._s.custom_meld_check
        values = self._s.values
        plays: list[_Play] = []
        for codes, kind in self._layoff_cands(self._layoff_entry(left, meld)):
            if custom:
                made, _problem = self._layoff_problem(meld, codes, black3_ok=False)
                if made is None or self._custom_problem(side, made, codes):
                    continue
            if counted is None:
                value = sum(values[c] for c in codes)
            else:
                value = _value_counted(codes, counted, values)
                if not value:
                    continue
            plays.append((codes, value, index, None, None))
            if targets is not None:
                targets.append((index, kind is not None))
        return plays

    def _playable_value(self, left: Sequence[int], side: int, also: int | None = None,
                        melds: Sequence[Meld] | None = None,
                        counted: Sequence[int] | None = None) -> int:
        """A cap on what plays of the cards ``left`` could count towards an owed initial
        meld: the value of the wild cards, of the naturals of each rank that could make a
        set with the wild cards there are or lie off on one of the side's sets (or on a set
        of rank ``also``, the one a take is about to make; ``melds``: the side's melds as
        they would be, default as they are), and with runs of the other
        naturals that lie in a stretch of one suit long enough for a run (every natural of
        the run ranks while the side has a run a card could join). It needs no list of
        plays, so most takes that cannot be completed are told apart at once (AS-23).
        ``counted``: the cards of ``left`` that count when melded (default: all of them);
        the others (from the pile) only help make melds (AS-23).

        Fewer cards never raise it, so it caps the cards a take leaves by what the whole
        hand gives less the take's own cards (see :meth:`_list_pair_takes`)."""
        s = self._s
        mr = s.meld
        values = s.values
        if counted is None:
            counted = left
        jokers = left[JOKER_CODE]
        wild = left[0] + left[1] + left[2] + left[3] + jokers
        total = values[0] * counted[0] + values[1] * counted[1] + values[2] * counted[2] \
            + values[3] * counted[3] + values[JOKER_CODE] * counted[JOKER_CODE] if wild else 0
        if melds is None:
            melds = self._melds[side]
        low = high = 0
        if mr.runs and any(m.kind is MeldKind.RUN for m in melds):
            # A natural may lie off on a run on the table from far away: count them all.
            low, high = int(mr.run_low), int(mr.run_high)
            start, stop = (low - 2) * 4, (high - 1) * 4
            total += sum(map(mul, values[start:stop], counted[start:stop]))
        # The ranks of the side's sets, a bit each (no set built for a few melds).
        on_table = 0 if also is None else 1 << also
        for meld in melds:
            if meld.rank is not None:
                on_table |= 1 << meld.rank
        rows = self._t.playable_rows
        if rows is None:
            rows = self._t.playable_rows = self._playable_rows()
        in_sets = 0  # a bit per rank (an int: no object for the collector to track)
        for rank, b0, b1, b2, b3, value, fewest in rows[min(wild, s.set_wild_cap)]:
            held = left[b0] + left[b1] + left[b2] + left[b3]
            if not held or (held < fewest and not on_table >> rank & 1) \
                    or (high and low <= rank <= high):
                continue  # (naturals of the run ranks are counted with the runs)
            in_sets |= 1 << rank
            if value >= 0:
                total += value * (counted[b0] + counted[b1] + counted[b2] + counted[b3])
            else:
                total += (values[b0] * counted[b0] + values[b1] * counted[b1]
                          + values[b2] * counted[b2] + values[b3] * counted[b3])
        if mr.runs and not high:
            total += self._run_stretch_value(left, in_sets, counted)
        return total

    def _playable_rows(self) -> tuple[_PlayableRows, ...]:
        """For every count of wild cards up to ``set_wild_cap``, the rows
        :meth:`_playable_value` walks: (rank, its four codes, the value they share or -1,
        the fewest naturals that make a set of it with at most that many wild cards, or
        more than any hand holds) of every set rank but 3. Counts with the same fewest
        naturals for every rank share one tuple, so that ``is`` tells whether fewer wild
        cards change which ranks count (see :meth:`_list_pair_takes`)."""
        s = self._s
        values = s.values
        by_content: dict[_PlayableRows, _PlayableRows] = {}
        found: list[_PlayableRows] = []
        for cap in range(s.set_wild_cap + 1):
            rows = []
            for rank, base in s.set_rank_bases:
                fewest = next((nat for nat in range(1, _MOST_OF_A_RANK + 1)
                               if any(self._set_ok(rank, nat, w) for w in range(cap + 1))),
                              _MOST_OF_A_RANK + 1)
                shared = values[base] if len(set(values[base:base + 4])) == 1 else -1
                rows.append((rank, base, base + 1, base + 2, base + 3, shared, fewest))
            row_tuple = tuple(rows)
            found.append(by_content.setdefault(row_tuple, row_tuple))
        return tuple(found)

    def _run_stretch_value(self, left: Sequence[int], in_sets: int,
                           counted: Sequence[int]) -> int:
        """The value of the naturals of ``counted`` (a part of ``left``) not of the ranks
        in ``in_sets`` (a bit per rank) that lie in a stretch of consecutive ranks of one
        suit, all in ``left``, at least a run long: only those could make a run or lie off
        on one made of them (AS-9)."""
        mr = self._s.meld
        values = self._s.values
        low, run_min = int(mr.run_low), mr.run_min
        start = (low - 2) * 4
        # Which cards of the run ranks are held, one byte each: a suit without a stretch
        # long enough is passed over by one C-level search.
        columns = bytes(map(bool, left[start:(int(mr.run_high) - 1) * 4]))
        stretch = b"\x01" * run_min
        total = 0
        for suit in range(4):
            column = columns[suit::4]
            if stretch not in column:
                continue
            size = len(column)
            i = 0
            while i < size:
                if not column[i]:
                    i += 1
                    continue
                j = i
                while j < size and column[j]:
                    j += 1
                if j - i >= run_min:
                    for k in range(i, j):
                        if not in_sets >> (low + k) & 1:
                            code = start + 4 * k + suit
                            total += values[code] * counted[code]
                i = j
        return total

    def _collection_reaches(self, need: int) -> _Collection | bool | None:
        """The exact search of :meth:`_initial_reachable`: the collection found (its plays
        as (codes, meld index of a lay-off or -1, rank key of a new set)), ``False`` when
        there is none, ``None`` past the budget."""
        player = self._current
        counts = self._take_counts
        assert counts is not None
        hand = self._hands[player]
        if self._playable_value(hand, self._s.side_of[player], counted=counts) < need:
            return False
        free: list[int] = []
        if self._s.strand_check:
            # PH-16: keep a card that may be discarded (canastas made on the way only lift
            # restrictions, docs/hooks.md).
            forbidden = self._forbidden(player, False)
            free = [c for c in range(NUM_CODES) if hand[c] and CARDS[c] not in forbidden]
            if not free:
                return False
        return self._collection_search(need, counts, self._melds[self._s.side_of[player]],
                                       self._hsize[player], hand, free)

    def _collection_search(self, need: int, counts: list[int], melds: Sequence[Meld],
                           size: int, hand: Sequence[int], free: list[int],
                           answer_only: bool = False) -> _Collection | bool | None:
        """The search of :meth:`_collection_reaches` on explicit inputs: the counts of the
        cards that count (``counts``: those held before the take), the side's melds, the
        hand's size and counts (the cards the plays may use, the pile's among them) and
        the codes that may be discarded (empty: no such rule). A pile take is judged on
        the inputs it would leave, without being made (AS-23). With ``answer_only`` the
        caller needs no collection: a single play that is enough answers ``True``, and so
        does any collection found."""
        spare = size - max(2, self._s.going_out.keep_cards)
        # Without a card to keep for the discard (PH-16), one play that counts enough and
        # leaves the cards to keep settles it: the search's first play would be enough.
        enough = (need, spare) if answer_only and not free else None
        found_plays = self._qualifying_plays(list(hand), melds, enough, counts)
        if enough is not None and len(found_plays) == 1 and found_plays[0][1] >= need \
                and len(found_plays[0][0]) <= spare:
            return True
        return self._search_plays(need, counts, found_plays, size, hand, free, answer_only)

    def _search_plays(self, need: int, counts: Sequence[int], found_plays: list[_Play],
                      size: int, hand: Sequence[int], free: list[int],
                      answer_only: bool = False) -> _Collection | bool | None:
        """The depth-first search of :meth:`_collection_search` over the qualifying plays
        ``found_plays`` (see :meth:`_qualifying_plays`; their order is the search's)."""
        if not found_plays:
            return False
        values = self._s.values
        left = list(hand)  # the hand's cards the collection has not used
        counted = list(counts)  # of those, the ones that count (each play uses them first)
        spare = size - max(2, self._s.going_out.keep_cards)
        # Each play as (codes, value, cards, the bits that bar it, the bits it sets, its
        # (code, count) pairs): a lay-off sets and is barred by its meld's bit (one
        # lay-off per meld), an unfinished new set sets its rank's bit and a new set is
        # barred by it (bits of meld indexes above those of ranks).
        plays: list[tuple[tuple[int, ...], int, int, int, int,
                          tuple[tuple[int, int], ...]]] = []
        for codes, value, index, open_key, set_key in found_plays:
            pairs = self._t.code_pairs(codes)
            bars = sets = 0
            if index >= 0:
                bars = sets = 1 << (index + 16)
            elif set_key is not None:
                bars = 1 << set_key
                if open_key is not None:
                    sets = 1 << open_key
            plays.append((codes, value, len(codes), bars, sets, pairs))
        failed: set[tuple[bytes, int]] = set()
        budget = [_REACH_BUDGET]
        path: list[int] = []

        # A position is its cards left and bits: what the plays so far counted follows
        # from the cards they used, as each play counts the counted copies first.
        def walk(total: int, used: int, bits: int, again: Callable[..., bool | None]
                 ) -> bool | None:
            key = (bytes(left), bits)
            if key in failed:
                return False
            budget[0] -= 1
            if budget[0] < 0:
                return None
            fitting: list[int] = []
            covered: set[int] = set()
            room = spare - used
            for number, play in enumerate(plays):
                if play[2] > room or bits & play[3]:
                    continue
                for c, n in play[5]:
                    if left[c] < n:
                        break
                else:
                    fitting.append(number)
                    covered.update(play[0])
            # No collection from here can count more than the cards these plays could
            # still use: give up early when even that stays short.
            if total + sum([values[c] * counted[c] for c in covered]) < need:
                failed.add(key)
                return False
            for number in fitting:
                codes, _value, size, _bars, sets, pairs = plays[number]
                # What the play counts here: the counted copies of its cards still left
                # (a play that would count nothing now only moves pile cards, and a
                # larger play of the same meld does that, see _qualifying_plays).
                value = 0
                took = []
                for c, n in pairs:
                    k = counted[c] if counted[c] < n else n
                    took.append(k)
                    if k:
                        counted[c] -= k
                        value += values[c] * k
                if not value:
                    continue
                for c in codes:
                    left[c] -= 1
                path.append(number)
                # A discardable card must stay (PH-16): one not used up from the hand.
                if total + value >= need and (not free or any(left[c] > 0 for c in free)):
                    found: bool | None = True
                else:
                    found = again(total + value, used + size, bits | sets, again)
                if found:
                    return True
                path.pop()
                for c in codes:
                    left[c] += 1
                for (c, _n), k in zip(pairs, took, strict=True):
                    counted[c] += k
                if found is None:
                    return None
            failed.add(key)
            return False

        # The search is handed itself instead of naming itself: a closure that names
        # itself is a reference cycle, left with everything it holds (``failed``: up to
        # thousands of keys) for the cyclic collector on every call.
        found = walk(0, 0, 0, walk)
        if found and answer_only:
            return True  # (the caller needs no collection)
        if found:
            return _Collection(tuple([(found_plays[number][0], found_plays[number][2],
                                       found_plays[number][4]) for number in path]),
                               spare, tuple(free), tuple(found_plays),
                               tuple([play[5] for play in plays]))
        return found

    def _plays_after(self, found: _Collection, melds: Sequence[Meld], changed: int,
                     hand: list[int], counted: Sequence[int]) -> list[_Play]:
        """The qualifying plays (see :meth:`_qualifying_plays`) after a play that made or
        laid off on the meld ``melds[changed]``, derived from those the collection
        ``found`` was chosen among before it (``found.among``): the ones whose cards are
        still in ``hand`` and still count, less lay-offs on the
        changed meld and new sets its rank no longer allows, with the lay-offs on it as it
        is now. The same plays as listing them anew, save a few that use more pile cards
        than another with the same counted cards, which the search passes over anyway
        (AS-23)."""
        values = self._s.values
        joined = self._joined_ranks(melds) if self._s.joins_sets else _NO_CODES
        plays: list[_Play] = []
        for (codes, _value, index, open_key, set_key), pairs in zip(
                found.among, found.among_pairs, strict=True):
            if index == changed or (set_key is not None and set_key in joined):
                continue
            for c, n in pairs:
                if hand[c] < n:
                    break
            else:
                value = _value_counted(codes, counted, values)
                if value:
                    plays.append((codes, value, index, open_key, set_key))
        side = self._s.side_of[self._current]
        plays.extend(self._layoff_plays(hand, melds[changed], changed, side, counted))
        plays.sort(key=_CODES_OF)
        plays.sort(key=_SIZE_OF)
        plays.sort(key=_VALUE_OF, reverse=True)
        return plays

    def _completion_found(self, need: int, naturals_first: bool) -> bool:
        """The engine's completion finder, for positions too large for the exact search:
        it plays, on a copy, the qualifying play (see :meth:`_qualifying_plays`) that adds
        the most, first among plays without wild cards (``naturals_first``) or among all,
        until the minimum is reached. Its choice depends on the position alone, so after
        its own first play it still succeeds."""
        game = self.clone()
        game._legal_cache = None
        player = game._current
        keep = max(2, game._s.going_out.keep_cards)
        strand = game._s.strand_check
        while need > 0:
            counted = game._take_counts
            assert counted is not None
            hand = game._hands[player]
            n = game._hsize[player]
            free: list[int] = []
            if strand:
                forbidden = game._forbidden(player, False)
                free = [c for c in range(NUM_CODES) if hand[c] and CARDS[c] not in forbidden]
                if not free:
                    return False
            options = [(naturals_first and any(c in WILD_CODES for c in codes), -value, codes,
                        index)
                       for codes, value, index, _open, _set
                       in game._qualifying_plays(hand[:], counted=counted)
                       if n - len(codes) >= keep]
            options.sort()
            chosen: MakeMeld | LayOff | None = None
            for _wild, negative, codes, index in options:
                if free and not any(hand[c] > codes.count(c) for c in free):
                    continue
                chosen = game._meld_action(codes) if index < 0 else \
                    game._layoff_action(index, codes)
                need += negative
                break
            if chosen is None:
                return False
            game._executors[type(chosen)](game, chosen)
        return True

    def _keeps_initial_reachable(self, action: Action,
                                 found: _Collection | bool | None = None) -> bool:
        """Whether the initial meld owed after a pile take can still be reached after the
        play ``action`` (AS-23). With ``found``, the collection the search found for the
        position as it is, a play that leaves that collection playable is answered at
        once; any other by a search on what the play leaves (on a copy that has made it
        only where the search gives up or a variant's hook must see the game)."""
        side = self._s.side_of[self._current]
        codes: Sequence[Card] = getattr(action, "cards", ())
        used = [c.code for c in codes]
        # What the play leaves of the cards that qualify, and of the minimum.
        counts = self._take_counts
        assert counts is not None
        left = counts[:]
        values = self._s.values
        need = self._minimum[side] - self._turn_value
        for code in used:
            if left[code]:
                left[code] -= 1
                need -= values[code]
        if need <= 0:
            return True
        if isinstance(found, _Collection) and isinstance(action, (MakeMeld, LayOff)) \
                and found.survives(self, action, used, need, left):
            return True
        s = self._s
        player = self._current
        if isinstance(action, (MakeMeld, LayOff)) and not s.strand_check \
                and not s.custom_meld_check and self._hsize[player] > len(used):
            # The search needs only what the play changes: the counts that qualify, the
            # side's melds and the hand's size. Decided on those without a copy of the
            # game, as for a pile take; a copy only when the search gives up (the
            # completion finder plays on it), and where a variant's hook must see it.
            melds = self._melds[side][:]
            if isinstance(action, MakeMeld):
                melds.append(self._made_meld(action)[0])
            else:
                melds[action.meld] = self._laid_off(melds[action.meld], tuple(used))
            hand = self._hands[player][:]
            for code in used:
                hand[code] -= 1
            if self._playable_value(hand, side, None, melds, left) < need:
                return False
            size = self._hsize[player] - len(used)
            # Derived plays miss new sets of a rank a play's canasta closes, which were
            # barred before it while its meld was open (PH-10): there, list them anew.
            if isinstance(found, _Collection) and not s.meld.one_open_meld_per_rank:
                changed = len(melds) - 1 if isinstance(action, MakeMeld) else action.meld
                plays = self._plays_after(found, melds, changed, hand, left)
                reached = self._search_plays(need, left, plays, size, hand, [])
            else:
                reached = self._collection_search(need, left, melds, size, hand, [])
            if reached is not None:
                return reached is not False
        after = self.clone()
        after._legal_cache = None
        after._executors[type(action)](after, action)
        return after._initial_reachable()

    def _forbidden(self, player: int, going_out: bool, counts: Sequence[int] | None = None,
                   kinds: tuple[str, ...] | None = None) -> Mapping[Card, Violation]:
        """The cards of ``counts`` (default: the player's hand) that may not be discarded
        when the side's canasta kinds are ``kinds`` (default: as now)."""
        s = self._s
        hand = self._hands[player] if counts is None else counts
        if not s.custom_discards and (s.red.discardable or not (hand[5] or hand[6])):
            return {}
        if kinds is None:
            kinds = self.side_canasta_kinds(s.side_of[player])
        cards = tuple(CARDS[c] for c in range(NUM_CODES) if hand[c] for _ in range(hand[c]))
        result = s.call("canasta_forbidden_discards", Mapping, game=self, player=player,
                        going_out=going_out, hand=cards, canastas=kinds)
        return result  # type: ignore[no-any-return]

    def _stranded(self) -> bool:
        """Whether the player to move holds cards in the play phase of which none may be
        discarded (PH-16): then plays may keep a single card and ``pass`` ends the hand."""
        if self._phase != PLAY:
            return False
        player = self._current
        n = self._hsize[player]
        if n == 0:
            return False
        forbidden = self._forbidden(player, n == 1)
        if not forbidden:
            return False
        hand = self._hands[player]
        return all(CARDS[c] in forbidden for c in range(NUM_CODES) if hand[c])

    def _strand_problem(self, player: int, counts: Sequence[int], after: int,
                        kinds: tuple[str, ...],
                        cache: dict[tuple[bool, tuple[str, ...]], Mapping[Card, Violation]]
                        | None = None) -> Problem | None:
        """Whether a play leaving the hand ``counts`` (``after`` cards) and the side's
        canastas ``kinds`` leaves no card to discard: the last card must be discardable to
        go out (AS-34), and a longer hand must hold one card that may go (PH-16). A player
        already stranded is exempt: no discard follows.

        With ``cache`` (plays that keep a part of the hand, while listing), the hand as it
        is stands for what remains of it: cards are judged one by one (docs/hooks.md)."""
        if after == 0:
            return None
        if cache is None:
            forbidden = self._forbidden(player, after == 1, counts, kinds)
        else:
            key = (after == 1, kinds)
            found = cache.get(key)
            if found is None:
                found = cache[key] = self._forbidden(player, after == 1, None, kinds)
            forbidden = found
        if not forbidden or any(counts[c] and CARDS[c] not in forbidden
                                for c in range(NUM_CODES)):
            return None
        if self._stranded():
            return None
        if after == 1:
            last = next(CARDS[c] for c in range(NUM_CODES) if counts[c])
            return (forbidden[last].rule, "the card you would keep cannot be discarded to go "
                                          f"out: {forbidden[last].reason}")
        return ("stranded", "that play would leave you only cards you may not discard, so "
                            "you could not finish your turn")

    def _counts_after(self, player: int, used: Sequence[int], gained: Sequence[int] = ()
                      ) -> list[int]:
        counts = list(self._hands[player])
        for code in used:
            counts[code] -= 1
        for code in gained:
            counts[code] += 1
        return counts

    def _pile_to_hand(self) -> list[int]:
        """The pile's cards (below the top) that a take brings into the hand."""
        auto = self._s.red.auto_place
        return [c for c in self._pile[:-1] if not (auto and c in RED_THREES)]

    def _top_blocked(self) -> Problem | None:
        top = self._pile[-1]
        rules = self._s.pile
        if rules.blocked_wild and top in WILD_CODES:
            return ("pile-blocked", "the pile cannot be taken while a wild card is on top")
        if rules.blocked_black_three and top in BLACK_THREES:
            return ("pile-blocked", "a black 3 on top stops the pile: nobody may take it")
        if rules.blocked_red_three and top in RED_THREES:
            return ("pile-blocked", "the pile cannot be taken while a red 3 is on top")
        return None

    def _pile_rest_effect(self) -> tuple[int, int]:
        """(cards that go to hand, red 3s that go to the table) when the whole pile is
        taken and its top card is melded."""
        reds = 0
        if self._s.red.auto_place:
            reds = sum(1 for c in self._pile[:-1] if c in RED_THREES)
        return len(self._pile) - 1 - reds, reds

    # --- checking -------------------------------------------------------------------------

    def verify(self, action: Action | str, *, player: int | None = None) -> None:
        """Raise if ``action`` may not be played now; change nothing.

        :class:`~canasta_family.errors.InvalidActionError` for text that is not an action,
        a card the player does not hold, a meld that does not exist, or ``player`` not
        being the one to act; :class:`~canasta_family.errors.IllegalActionError` (with the
        rule ID) for a move the rules forbid.
        """
        self._t = self._s.shelf.pin()
        self._check(self._coerce(action, player))

    def is_legal(self, action: Action | str, *, player: int | None = None) -> bool:
        """Whether ``action`` may be played now (never raises for a bad action).

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> game.is_legal("draw"), game.is_legal("discard Ks"), game.is_legal("nonsense")
        (True, False, False)
        """
        self._t = self._s.shelf.pin()
        try:
            self._check(self._coerce(action, player))
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def _coerce(self, action: Action | str, player: int | None) -> Action:
        act = to_action(action)
        if player is not None and player != self._current:
            raise InvalidActionError(
                f"it is seat {self._current}'s turn to act, not seat {player}'s", field="player")
        return act

    def _check(self, action: Action) -> None:
        if self._phase == OVER:
            raise IllegalActionError("game-over", "the game is over")
        checker = self._checkers.get(type(action))
        if checker is None:
            raise InvalidActionError(f"{action!r} is not an action", field="action")
        checker(self, action)

    def _need_phase(self, phase: str, verb: str) -> None:
        if self._phase == phase:
            return
        if self._phase == ANSWER:
            raise IllegalActionError(self._rule("ask"), f"seat {self._current} must first "
                                     "answer the question 'may I go out?'")
        if phase == DRAW:
            raise IllegalActionError(self._rule("turn"), f"you cannot {verb} now: you have "
                                     "already drawn or taken the pile this turn")
        if phase == PLAY:
            raise IllegalActionError(self._rule("turn"), f"you cannot {verb} before drawing "
                                     "or taking the pile")
        raise IllegalActionError(self._rule("ask"), "nobody has asked to go out")

    def _check_draw(self, action: Draw) -> None:
        self._need_phase(DRAW, "draw")
        if not self._stock:
            raise IllegalActionError(self._rule("stock-end"), "the stock is exhausted: take "
                                     "the pile if you can, or pass")

    def _check_pass(self, action: Pass) -> None:
        if self._phase == PLAY:
            # PH-16: a player holding only cards that may not be discarded ends the hand.
            if self._bound_to_go_out():
                raise IllegalActionError(self._rule("ask" if self._answer else "black-three"),
                                         "you must go out this turn")
            if self._provisional(self._s.side_of[self._current]):
                raise IllegalActionError(self._rule("retract"), "complete your initial meld "
                                         "or take it back ('retract') first")
            if not self._stranded():
                # Where no card is ever kept from the discard, the turn rule says why.
                topic = "stranded" if self._s.strand_check else "turn"
                raise IllegalActionError(self._rule(topic), "you may end the turn without "
                                         "a discard only when no card in your hand may be "
                                         "discarded; discard a card instead")
            return
        self._need_phase(DRAW, "pass")
        if self._stock:
            raise IllegalActionError(self._rule("turn"), "you may pass only when the stock is "
                                     "exhausted; draw from the stock instead")
        if self._s.stock_end.forced_layoff_take and self._layoff_takes():
            raise IllegalActionError(self._rule("stock-end"), "the top card of the pile fits "
                                     "one of your side's melds, so you must take the pile")

    def _layoff_takes(self) -> list[int]:
        """Meld indices the pile's top card could be laid off on to take the pile."""
        if not self._pile or self._top_blocked():
            return []
        rules = self._s.pile
        side = self._s.side_of[self._current]
        if not rules.unfrozen_layoff or self.pile_frozen_for(side):
            return []
        return [i for i in range(len(self._melds[side])) if self._layoff_take_problem(i) is None]

    def _layoff_take_problem(self, index: int) -> Problem | None:
        side = self._s.side_of[self._current]
        meld = self._melds[side][index]
        if self._s.pile.layoff_not_on_canasta and meld.canasta is not None:
            return ("pile-layoff", "the top card may not be laid off on a canasta to take "
                                   "the pile")
        new, problem = self._layoff_problem(meld, (self._pile[-1],), black3_ok=False)
        if problem:
            return ("pile-layoff", f"the top card does not fit that meld: {problem[1]}")
        assert new is not None
        custom = self._custom_problem(side, new, (self._pile[-1],))
        if custom:
            return custom
        to_hand, _ = self._pile_rest_effect()
        after = self._hsize[self._current] + to_hand
        kinds = self._kinds_with(side, index, new.canasta)
        return self._ending_problem(self._current, after, kinds, True) or \
            self._take_strand_problem((), after, kinds)

    def _take_strand_problem(self, used: Sequence[int], after: int, kinds: tuple[str, ...]
                             ) -> Problem | None:
        """A take must leave a hand that can discard (PH-16), pile cards included."""
        if not self._s.strand_check:
            return None
        counts = self._counts_after(self._current, used, self._pile_to_hand())
        return self._strand_problem(self._current, counts, after, kinds)

    def _joined_ranks(self, melds: Sequence[Meld]) -> set[int]:
        """The ranks (0: wild cards only) of the sets among ``melds`` that a new set of
        their rank would have to join: the unfinished ones under
        ``one_open_meld_per_rank`` (PH-10), every one under ``one_meld_per_rank`` (CC-3)."""
        every = self._s.meld.one_meld_per_rank
        return {0 if m.rank is None else int(m.rank) for m in melds
                if m.kind is MeldKind.SET and (every or m.canasta is None)}

    def _open_set_index(self, side: int, rank: int | None) -> int | None:
        """The side's set of ``rank`` (None: of wild cards only) that a new set of that
        rank joins (see :meth:`_joined_ranks`), if it has one."""
        every = self._s.meld.one_meld_per_rank
        for index, meld in enumerate(self._melds[side]):
            if meld.kind is MeldKind.SET and (every or meld.canasta is None) and (
                    meld.rank == rank if rank is None else meld.rank is not None
                    and int(meld.rank) == rank):
                return index
        return None

    def _check_take(self, action: TakePile) -> None:
        self._need_phase(DRAW, "take the pile")
        if not self._pile:
            raise IllegalActionError(self._rule("turn"), "the discard pile is empty")
        blocked = self._top_blocked()
        if blocked:
            raise self._fail(blocked)
        player = self._current
        side = self._s.side_of[player]
        rules = self._s.pile
        if action.onto is not None:
            if action.cards:
                raise InvalidActionError("'take-pile onto N' takes no cards", field="cards")
            if not 0 <= action.onto < len(self._melds[side]):
                raise InvalidActionError(f"your side has no meld number {action.onto}",
                                         field="onto")
            if self.pile_frozen_for(side):
                raise IllegalActionError(self._rule("pile-frozen"), "the pile is frozen: take "
                                         "it only by melding the top card with a natural pair")
            if not rules.unfrozen_layoff:
                raise IllegalActionError(self._rule("pile-frozen"), "the pile can be taken only "
                                         "with a natural pair matching the top card")
            problem = self._layoff_take_problem(action.onto)
            if problem:
                raise self._fail(problem)
            return
        codes = [c.code for c in action.cards]
        if not codes:
            raise InvalidActionError("say which cards from hand meld with the top card",
                                     field="cards")
        lacking = self._hand_lacks(player, codes)
        if lacking:
            raise InvalidActionError(f"you do not hold enough {lacking} for that",
                                     field="cards")
        top = self._pile[-1]
        top_rank = top // 4 + 2
        naturals = [c for c in codes if c not in WILD_CODES]
        wild = len(codes) - len(naturals)
        if any(c // 4 + 2 != top_rank for c in naturals) or top_rank == 3:
            raise IllegalActionError(self._rule("pile-frozen"), "the cards must be naturals "
                                     f"of the top card's rank ({CARDS[top].rank.symbol}) or wild "
                                     "cards, melded with it as a new set")
        frozen = self.pile_frozen_for(side)
        if frozen or not rules.unfrozen_natural_and_wild:
            if len(naturals) < 2:
                topic = "pile-frozen"
                reason = ("the pile is frozen: take it only by melding the top card with two "
                          "natural cards of its rank from your hand") if frozen else (
                          "take the pile with two natural cards of the top card's rank from "
                          "your hand")
                raise IllegalActionError(self._rule(topic), reason)
        elif len(naturals) < 1 or len(codes) < 2:
            raise IllegalActionError(self._rule("pile-frozen"), "take the pile with a natural "
                                     "card of its rank and a second matching or wild card")
        problem = self._set_problem(top_rank, len(naturals) + 1, wild, False)
        if problem:
            raise self._fail(problem)
        one_open = self._s.joins_sets
        join = self._open_set_index(side, top_rank) if one_open else None
        if join is not None:
            # PH-10: the new meld joins the side's open meld of that rank at once.
            open_meld = self._melds[side][join]
            problem = self._set_problem(top_rank, open_meld.naturals + len(naturals) + 1,
                                        open_meld.wilds + wild, False)
            if problem:
                raise IllegalActionError(self._rule("one-open-meld"), "the pair would start a "
                                         "second meld of that rank, which must join your "
                                         f"side's meld at once, but {problem[1]}")
        if self._s.custom_meld_check:
            take_meld = self._take_meld(side, join, [*codes, top], wild)
            problem = self._custom_problem(side, take_meld, [*codes, top])
            if problem:
                raise self._fail(problem)
        if not self._initial[side]:
            base = self._take_value(codes)
            minimum = self._minimum[side]
            if base < minimum:
                # AS-23: the pile cannot be given back, so the take is allowed only if melds
                # from the hand can still bring the count to the minimum this turn.
                if not self._take_reaches_minimum(action):
                    raise IllegalActionError(
                        self._rule("initial-meld-pile"),
                        f"your side's initial meld needs {minimum}; the top card and the "
                        f"cards from your hand melded with it count {base}, and the melds "
                        "your hand could add this turn cannot make up the rest (the rest of "
                        "the pile does not count)")
                return
        size = len(codes) + 1
        if join is not None:
            size += len(self._melds[side][join].cards)
            wild += self._melds[side][join].wilds
        to_hand, _ = self._pile_rest_effect()
        after = self._hsize[player] - len(codes) + to_hand
        kinds = self._kinds_with(side, join, self._canasta_kind(False, top_rank, size, wild))
        problem = self._ending_problem(player, after, kinds, True) or self._take_strand_problem(
            codes, after, kinds)
        if problem:
            raise self._fail(problem)

    def _take_value(self, codes: Sequence[int]) -> int:
        """What a pile take counts towards the initial meld: the top card and the hand's
        cards melded with it (AS-23), and the rest of the pile where the variant says so."""
        value = self._s.values[self._pile[-1]] + self._value(codes)
        if not self._s.pile.only_top_counts:
            value += self._value(self._pile[:-1])
        return value

    def _take_reaches_minimum(self, action: TakePile, to_hand: int | None = None,
                              value: int | None = None, playable: int | None = None,
                              codes: Sequence[int] | None = None) -> bool:
        """Whether, after the initial take ``action`` (short of the minimum by itself),
        melds from the hand could still reach the minimum this turn. ``to_hand`` (the
        pile's cards that go to hand), ``value`` (what the take counts) and ``playable``
        (:meth:`_playable_value` of the cards the take leaves) and ``codes`` (of the
        take's cards) when the caller has them.

        Decided without making the take: the search needs only the cards held before it
        less the take's, the side's melds with the one the take makes, the hand's size and
        (PH-16) the cards it would leave. A variant with its own meld check sees the live
        game in its hook, so there the take is made on a copy first; so it is when the
        position is too large for the exact search (the completion finder plays on)."""
        s = self._s
        if to_hand is None:
            to_hand, _ = self._pile_rest_effect()
        player = self._current
        size = self._hsize[player] - len(action.cards) + to_hand
        if size == 0:
            return False  # nothing left to meld with
        if codes is None:
            codes = [card.code for card in action.cards]
        held = self._hands[player][:]
        for code in codes:
            held[code] -= 1
        # The hand after the take: the cards held (they count) and the pile's (they may
        # fill out melds, AS-23).
        kept = held[:]
        for code in self._pile_to_hand():
            kept[code] += 1
        side = s.side_of[player]
        top = self._pile[-1]
        need = self._minimum[side] - (self._take_value(codes) if value is None else value)
        if playable is None:
            playable = self._playable_value(kept, side, top // 4 + 2, None, held)
        if playable < need:
            return False
        if s.custom_meld_check:
            return self._made_take(action)._initial_reachable()
        if not s.strand_check and not s.joins_sets and \
                self._one_set_enough(held, need, size - max(2, s.going_out.keep_cards)):
            return True
        all_codes = tuple(sorted([*codes, top]))
        join = self._open_set_index(side, top // 4 + 2) if s.joins_sets \
            else None
        # A new set made before is known by its cards (see ``_new_meld``).
        meld = self._t.melds.get((False, all_codes)) if join is None else None
        if meld is None:
            meld = self._take_meld(side, join, all_codes,
                                   sum(1 for c in all_codes if c in WILD_CODES))
        melds = self._melds[side][:]
        if join is None:
            melds.append(meld)
        else:
            melds[join] = meld
        free: list[int] = []
        if s.strand_check:
            kinds = tuple(m.canasta for m in melds if m.canasta is not None)
            forbidden = self._forbidden(player, False, kept, kinds)
            free = [c for c in range(NUM_CODES) if kept[c] and CARDS[c] not in forbidden]
            if not free:
                return False
        found = self._collection_search(need, held, melds, size, kept, free, True)
        if found is None:
            after = self._made_take(action)
            return after._completion_found(need, True) or after._completion_found(need, False)
        return found is not False

    def _one_set_enough(self, left: list[int], need: int, spare: int) -> bool:
        """Whether the naturals of one rank in ``left``, with none or some of its most
        valuable wild cards, make a set worth ``need`` of at most ``spare`` cards. Such a
        set is one of the plays :meth:`_qualifying_plays` lists, and the answer-only
        search stops at the first single play that is enough, so a take check answers
        yes without the search (AS-23; the caller rules out PH-16 and PH-10)."""
        s = self._s
        rows = self._t.playable_rows
        if rows is None:
            rows = self._t.playable_rows = self._playable_rows()
        values = s.values
        wild_values: list[int] = []
        for code in WILD_CODES:
            if left[code]:
                wild_values += [values[code]] * left[code]
        wild_values.sort(reverse=True)
        most = min(len(wild_values), s.set_wild_cap)
        for rank, b0, b1, b2, b3, value, fewest in rows[most]:
            held = left[b0] + left[b1] + left[b2] + left[b3]
            if not held or held < fewest or held > spare:
                continue
            total = value * held if value >= 0 else (
                values[b0] * left[b0] + values[b1] * left[b1] + values[b2] * left[b2]
                + values[b3] * left[b3])
            for w in range(min(most, spare - held) + 1):
                if w:
                    total += wild_values[w - 1]
                if total >= need and self._set_ok(rank, held, w):
                    return True
        return False

    def _made_take(self, action: TakePile) -> Game:
        """A copy of the game that has made the take ``action``."""
        after = self.clone()
        after._do_take(action)
        return after

    def _take_meld(self, side: int, join: int | None, codes: Sequence[int], wild: int) -> Meld:
        """The meld a pair take makes: new, or joined with the open meld ``join``."""
        all_codes = sorted(codes)
        rank = next(c // 4 + 2 for c in all_codes if c not in WILD_CODES)
        if join is not None:
            base = self._melds[side][join]
            all_codes = sorted([*all_codes, *(c.code for c in base.cards)])
            wild += base.wilds
        return self._new_meld(MeldKind.SET, rank, None, all_codes, wild)

    def _check_pickup(self, action: PickUp) -> None:
        self._need_phase(DRAW, "pick up the top card")
        rules = self._s.pickup
        if rules is None:
            raise IllegalActionError(self._rule("single-pickup"), "taking only the top card "
                                     "of the pile is not allowed in this game")
        if not self._pile:
            raise IllegalActionError(self._rule("single-pickup"), "the discard pile is empty")
        side = self._s.side_of[self._current]
        if not 0 <= action.onto < len(self._melds[side]):
            raise InvalidActionError(f"your side has no meld number {action.onto}",
                                     field="onto")
        problem = self._pickup_problem(action.onto)
        if problem:
            raise self._fail(problem)

    def _pickup_problem(self, index: int) -> Problem | None:
        rules = self._s.pickup
        assert rules is not None
        problem = self._pickup_shape_problem(index, rules)
        if problem and rules.rule:
            return (rules.rule, problem[1])
        if problem:
            return problem
        # The pickup must leave a hand that can finish the turn (AS-35, MS-13).
        side = self._s.side_of[self._current]
        meld = self._melds[side][index]
        new, _ = self._layoff_problem(meld, (self._pile[-1],), black3_ok=False)
        assert new is not None
        after = self._hsize[self._current] + min(rules.stock_cards, len(self._stock))
        return self._ending_problem(self._current, after,
                                    self._kinds_with(side, index, new.canasta), True)

    def _pickup_shape_problem(self, index: int, rules: SinglePickupRules) -> Problem | None:
        side = self._s.side_of[self._current]
        meld = self._melds[side][index]
        if meld.kind is MeldKind.RUN and not rules.onto_runs:
            return ("single-pickup", "the top card may not be picked up onto a sequence")
        if meld.kind is MeldKind.SET and not rules.onto_sets:
            return ("single-pickup", "the top card may be picked up only onto a sequence")
        top = self._pile[-1]
        if top in WILD_CODES or top in RED_THREES:
            return ("single-pickup", "only a natural card can be picked up onto a meld")
        new, problem = self._layoff_problem(meld, (top,), black3_ok=False)
        if problem:
            return ("single-pickup", f"the top card does not fit that meld: {problem[1]}")
        assert new is not None
        return self._custom_problem(side, new, (top,))

    def _check_meld(self, action: MakeMeld) -> None:
        self._need_phase(PLAY, "meld")
        if self._retracted:
            raise IllegalActionError(self._rule("retract"), "after taking back a short initial "
                                     "meld you stop melding for this turn: discard")
        player = self._current
        codes = [c.code for c in action.cards]
        lacking = self._hand_lacks(player, codes)
        if lacking:
            raise InvalidActionError(f"you do not hold enough {lacking} for that meld",
                                     field="cards")
        side = self._s.side_of[player]
        after = self._hsize[player] - len(codes)
        value = self._counted_value(codes)
        initial_after = self._initial[side] or self._turn_value + value >= self._minimum[side]
        shape = self._shape(codes, black3_ok=True)
        if len(shape) == 2:
            raise self._fail(shape)
        kind, rank, _suit, wild = shape
        new_kind = self._canasta_kind(kind is MeldKind.RUN, rank, len(codes), wild)
        kinds = self._kinds_with(side, None, new_kind)
        if kind is MeldKind.SET and self._s.joins_sets \
                and self._open_set_index(side, rank) is not None:
            raise IllegalActionError(self._rule("one-open-meld"), "your side already has "
                                     + ("a meld" if self._s.meld.one_meld_per_rank else
                                        "an unfinished meld") + " of that rank: add to it")
        self._check_custom_meld(side, kind, rank, codes, wild)
        self._check_initial_owed(side, action)
        self._check_ending(player, after, kinds, initial_after, rank == 3, action)

    def _check_custom_meld(self, side: int, kind: MeldKind, rank: int | None,
                           codes: Sequence[int], wild: int, base: Meld | None = None) -> None:
        if not self._s.custom_meld_check:
            return
        if base is None:
            meld = self._new_meld(kind, rank, None if kind is MeldKind.SET else codes[0] % 4,
                                  codes, wild)
        else:
            meld = base
        problem = self._custom_problem(side, meld, codes)
        if problem:
            raise IllegalActionError(problem[0], problem[1])

    def _custom_problem(self, side: int, meld: Meld, added: Sequence[int]) -> Problem | None:
        """A variant's own meld restriction (``canasta_meld_violation``), asked for every
        play that creates or changes a meld: melds, lay-offs, takes, pickups, merges."""
        if not self._s.custom_meld_check:
            return None
        answers = self._s.call("canasta_meld_violation", list, game=self, side=side, meld=meld,
                               added=tuple(CARDS[c] for c in added))
        for answer in answers:
            if isinstance(answer, Violation):
                return (answer.rule, answer.reason)
            if answer is not None:
                raise VariantError(f"variant {self._s.info.name!r}: canasta_meld_violation "
                                   f"must return a Violation or None, got {answer!r}")
        return None

    def _check_ending(self, player: int, after: int, kinds: tuple[str, ...],
                      initial_after: bool, black3: bool,
                      action: MakeMeld | LayOff | PlaceRedThree) -> None:
        """Whether the play ``action`` (checked otherwise), leaving ``after`` cards and the
        side's canastas ``kinds``, still lets the turn end legally (AS-33, AS-35, AS-36):
        a play that empties the hand goes out; one that leaves fewer cards than a player
        must keep, one that melds black 3s and every play of a player bound to go out must
        leave a hand from which going out this turn is still possible."""
        if after == 0:
            problem = self._ending_problem(player, 0, kinds, initial_after)
            if problem:
                raise self._fail(problem)
            return
        if self._probe:
            # The going-out search decides the rest of the turn itself. It looks for a way
            # to divide the hand into plays; MS-13's literal two cards only order them
            # (the plays that complete canastas first, a play of two cards or more last).
            return
        short = after < self._s.going_out.keep_cards or after == 1
        # MS-13 taken literally: fewer cards than a player keeps only when the side may
        # go out already, whether or not the turn is bound to end by going out.
        literal = short and (self._s.going_out.literal_keep or self._stranded())
        if literal:
            problem = self._ending_problem(player, after, kinds, initial_after)
            if problem:
                raise self._fail(problem)
        bound = black3 or self._bound_to_go_out()
        if bound or (short and not literal):
            if not self._reach_after(action):
                raise self._fail(self._unreachable_problem(player, kinds, black3,
                                                           initial_after, action))
            return
        problem = self._strand_problem(player, self._counts_after(
            player, [c.code for c in getattr(action, "cards", ())]), after, kinds)
        if problem:
            raise self._fail(problem)

    def _unreachable_problem(self, player: int, kinds: tuple[str, ...], black3: bool,
                             initial_after: bool, action: MakeMeld | LayOff | PlaceRedThree
                             ) -> Problem:
        """Why a play after which going out this turn is impossible is refused."""
        if self._answer is True:
            return ("ask", "your partner said yes, so you must go out this turn, and after "
                           "that play you could not")
        if black3:
            return ("black-three", "black 3s may be melded only by a player going out in "
                                   "that turn, and after that play you could not go out")
        if self._bound_to_go_out():
            return ("black-three", "you have melded black 3s, so you must go out this turn, "
                                   "and after that play you could not")
        if self._answer is False:
            return ("ask", "your partner answered no: you may not go out this turn, so you "
                           "must keep cards in hand")
        if not initial_after:
            return ("initial-meld", "that play would leave a hand that cannot finish the "
                                    "turn: your side's initial meld must reach the minimum "
                                    "before you can go out, and it could not this turn")
        problem = self._going_out_problem(player, kinds)
        used = [action.card.code] if isinstance(action, PlaceRedThree) else \
            [card.code for card in action.cards]
        counts = self._counts_after(player, used)
        if problem is None and sum(counts) == 1:
            # The one card kept would have to be the going-out discard.
            last = CARDS[counts.index(1)]
            forbidden = self._forbidden(player, True, counts, kinds)
            if last in forbidden:
                return (forbidden[last].rule, "the card you would keep cannot be discarded "
                                              f"to go out: {forbidden[last].reason}")
        reason = problem[1] if problem else "no sequence of plays would take you out"
        return (problem[0] if problem else "keep-cards",
                f"that play would leave a hand that cannot finish the turn: you could not go "
                f"out this turn ({reason})")

    def _check_layoff(self, action: LayOff) -> None:
        self._need_phase(PLAY, "lay off")
        if self._retracted:
            raise IllegalActionError(self._rule("retract"), "after taking back a short initial "
                                     "meld you stop melding for this turn: discard")
        player = self._current
        side = self._s.side_of[player]
        if not 0 <= action.meld < len(self._melds[side]):
            raise InvalidActionError(f"your side has no meld number {action.meld}",
                                     field="meld")
        codes = [c.code for c in action.cards]
        if not codes:
            raise InvalidActionError("say which cards to lay off", field="cards")
        lacking = self._hand_lacks(player, codes)
        if lacking:
            raise InvalidActionError(f"you do not hold enough {lacking} for that",
                                     field="cards")
        meld = self._melds[side][action.meld]
        after = self._hsize[player] - len(codes)
        black3 = meld.rank == Rank.THREE
        new, problem = self._layoff_problem(meld, codes, black3_ok=True)
        if problem:
            raise self._fail(problem)
        assert new is not None
        value = self._counted_value(codes)
        initial_after = self._initial[side] or self._turn_value + value >= self._minimum[side]
        kinds = self._kinds_with(side, action.meld, new.canasta)
        if self._s.custom_meld_check:
            self._check_custom_meld(side, new.kind, None, codes, 0, base=new)
        self._check_initial_owed(side, action)
        self._check_ending(player, after, kinds, initial_after, black3, action)

    def _check_merge(self, action: Merge) -> None:
        self._need_phase(PLAY, "merge melds")
        if self._retracted:
            raise IllegalActionError(self._rule("retract"), "after taking back a short initial "
                                     "meld you stop melding for this turn: discard")
        if not self._s.meld.merge:
            raise IllegalActionError(self._rule("merge"), "melds cannot be merged in this game")
        if self._bound_to_go_out():
            raise IllegalActionError(self._rule("ask" if self._answer else "black-three"),
                                     "you must go out this turn: meld and lay off, do not "
                                     "merge")
        side = self._s.side_of[self._current]
        melds = self._melds[side]
        for index in (action.first, action.second):
            if not 0 <= index < len(melds):
                raise InvalidActionError(f"your side has no meld number {index}", field="meld")
        if action.first == action.second:
            raise InvalidActionError("merge needs two different melds", field="meld")
        problem = self._merge_problem(melds[action.first], melds[action.second])
        if problem:
            raise self._fail(problem)
        self._check_initial_owed(side, action)

    def _check_initial_owed(self, side: int, action: Action) -> None:
        if self._probe:
            return
        if not self._owes_initial(side):
            if self._s.initial.retract_penalty is None and not self._initial[side] \
                    and not self._short_start_ok(action):
                raise IllegalActionError(
                    self._rule("retract"),
                    f"your side's initial meld needs {self._minimum[side]}, melded cards "
                    "never go back to the hand, and after that play the rest of your hand "
                    "could not make up the minimum this turn")
            return
        if not self._keeps_initial_reachable(action):
            raise IllegalActionError(
                self._rule("initial-meld-pile"),
                f"your side's initial meld must reach {self._minimum[side]} this turn (it "
                f"counts {self._turn_value}); after that play the cards that may count "
                "could no longer make it up")

    def _merge_ok(self, a: Meld, b: Meld) -> bool:
        """``_merge_problem(a, b) is None``, memoised by the melds' shapes unless the
        variant checks melds itself (two same-rank sets merge or not by their sizes, wild
        cards and whether each is a canasta)."""
        if self._s.custom_meld_check or a.rank is None:
            return self._merge_problem(a, b) is None
        key = (a.kind, b.kind, a.rank, b.rank, len(a.cards), a.wilds, a.canasta is None,
               len(b.cards), b.wilds, b.canasta is None)
        cache = self._t.merge_ok
        ok = cache.get(key)
        if ok is None:
            ok = cache[key] = self._merge_problem(a, b) is None
        return ok

    def _merge_problem(self, a: Meld, b: Meld) -> Problem | None:
        if a.kind is not MeldKind.SET or b.kind is not MeldKind.SET or a.rank is None \
                or a.rank != b.rank:
            return ("merge", "only two sets of the same rank can be merged")
        wild = a.wilds + b.wilds
        if self._s.meld.no_wild_on_natural_canasta and any(
                m.canasta is not None and m.wilds == 0 and other.wilds
                for m, other in ((a, b), (b, a))):
            return ("natural-canasta-wild", "wild cards may not join a natural canasta, by "
                                            "lay-off or by merging (house rule)")
        nat = len(a.cards) + len(b.cards) - wild
        problem = self._set_problem(int(a.rank), nat, wild, True)
        if problem:
            return ("merge", f"the merged meld would break the meld rules: {problem[1]}")
        if self._s.custom_meld_check:
            codes = sorted([c.code for c in a.cards] + [c.code for c in b.cards])
            merged = self._new_meld(MeldKind.SET, int(a.rank), None, codes, wild)
            return self._custom_problem(self._s.side_of[self._current], merged,
                                        [c.code for c in b.cards])
        return None

    def _check_place(self, action: PlaceRedThree) -> None:
        self._need_phase(PLAY, "place a red 3")
        if self._s.red.auto_place:
            raise IllegalActionError(self._rule("red-three-draw"), "red 3s are placed "
                                     "automatically in this game")
        if not action.card.is_red_three:
            raise InvalidActionError(f"{action.card} is not a red 3", field="card")
        player = self._current
        if self._hands[player][action.card.code] == 0:
            raise InvalidActionError(f"you do not hold {action.card}", field="card")
        side = self._s.side_of[player]
        after = self._hsize[player] - 1
        self._check_initial_owed(side, action)
        self._check_ending(player, after, self.side_canasta_kinds(side), self._initial[side],
                           False, action)

    def _check_retract(self, action: Retract) -> None:
        self._need_phase(PLAY, "retract")
        if self._bound_to_go_out():
            raise IllegalActionError(self._rule("ask" if self._answer else "black-three"),
                                     "you must go out this turn")
        side = self._s.side_of[self._current]
        if self._s.initial.retract_penalty is None:
            raise IllegalActionError(self._rule("retract"), "melded cards never go back to "
                                     "the hand in this game: an initial meld cannot be "
                                     "taken back")
        if not self._provisional(side):
            raise IllegalActionError(self._rule("retract"), "there is no short initial meld to "
                                     "take back")
        if self._owes_initial(side):
            raise IllegalActionError(self._rule("initial-meld-pile"), "a pile taken for the "
                                     "initial meld cannot be given back: meld from your hand "
                                     f"until the meld counts {self._minimum[side]}")

    def _check_discard(self, action: Discard) -> None:
        self._need_phase(PLAY, "discard")
        player = self._current
        code = action.card.code
        if self._hands[player][code] == 0:
            raise InvalidActionError(f"you do not hold {action.card}", field="card")
        side = self._s.side_of[player]
        if self._owes_initial(side):
            raise IllegalActionError(
                self._rule("initial-meld-pile"),
                f"your side's initial meld counts {self._turn_value} of the "
                f"{self._minimum[side]} it must reach this turn: meld the cards that count "
                "until it reaches the minimum, then discard")
        if self._provisional(side):
            raise IllegalActionError(
                self._rule("retract"),
                f"your initial meld counts {self._turn_value} of the {self._minimum[side]} "
                "needed: add cards to reach it, or take it back ('retract') before discarding")
        going_out = self._hsize[player] == 1
        if not going_out and self._bound_to_go_out():
            if self._answer is True:
                raise IllegalActionError(self._rule("ask"), "your partner said yes: you must "
                                         "go out this turn, so meld your cards before "
                                         "discarding")
            raise IllegalActionError(self._rule("black-three"), "you have melded black 3s, so "
                                     "you must go out this turn: meld your cards before "
                                     "discarding")
        if going_out:
            problem = self._ending_problem(player, 0, self.side_canasta_kinds(side), True)
            if problem:
                raise self._fail(problem)
        forbidden = self._forbidden(player, going_out)
        if action.card in forbidden:
            violation = forbidden[action.card]
            raise IllegalActionError(violation.rule, violation.reason)

    def _check_ask(self, action: Ask) -> None:
        self._need_phase(PLAY, "ask your partner")
        player = self._current
        if action.partner not in self.partners(player):
            raise InvalidActionError(f"seat {action.partner} is not your partner",
                                     field="partner")
        if self._answer is not None:
            raise IllegalActionError(self._rule("ask"), "you have already asked this turn")
        if self._bound_to_go_out():
            raise IllegalActionError(self._rule("black-three"), "you have melded black 3s and "
                                     "must go out this turn: ask before melding them")
        if self._hsize[player] < 2:
            # A "no" must leave a way to end the turn: a discard that keeps a card.
            raise IllegalActionError(self._rule("ask"), "ask while you hold at least two "
                                     "cards: with one card left a 'no' would leave you no "
                                     "legal way to end the turn")
        if not self._out_reachable():
            raise IllegalActionError(self._rule("ask"), "ask only when some sequence of plays "
                                     "this turn would take you out")

    def _check_answer(self, action: Answer) -> None:
        self._need_phase(ANSWER, "answer")

    _checkers: ClassVar[dict[type, Callable[[Game, Any], None]]] = {
        Draw: _check_draw, Pass: _check_pass, TakePile: _check_take, PickUp: _check_pickup,
        MakeMeld: _check_meld, LayOff: _check_layoff, Merge: _check_merge,
        PlaceRedThree: _check_place, Retract: _check_retract, Discard: _check_discard,
        Ask: _check_ask, Answer: _check_answer,
    }

    # --- listing legal actions ---------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to move may play now, each exactly once.

        Listing never changes the game; repeated calls return the same (cached) tuple.

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> [str(a) for a in game.legal_actions() if str(a) == "draw"]
        ['draw']
        """
        cached = self._legal_cache
        if cached is not None:
            return cached
        self._t = self._s.shelf.pin()
        out: list[Action] = []
        phase = self._phase
        if phase == DRAW:
            self._list_draw(out)
        elif phase == PLAY:
            self._list_play(out)
        elif phase == ANSWER:
            out.extend(_ANSWERS)
        result = tuple(out)
        if phase != OVER and not result:
            raise VariantError(
                f"variant {self._s.info.name!r} left seat {self._current} with no legal action "
                f"(phase {phase})")
        self._legal_cache = result
        return result

    def _list_draw(self, out: list[Action]) -> None:
        stock = self._stock
        if stock:
            out.append(_DRAW)
        pile = self._pile
        if not pile:
            if not stock:
                out.append(_PASS)
            return
        s = self._s
        player = self._current
        if s.pickup is not None:
            side = s.side_of[player]
            for index in range(len(self._melds[side])):
                if self._pickup_problem(index) is None:
                    out.append(self._t.indexed_action(PickUp, index))
        layoff_takes: Sequence[int] = ()
        top = pile[-1]
        rules = s.pile
        if _FIRST_NATURAL <= top < JOKER_CODE:
            hand = self._hands[player]
            first = top & -4
            held = hand[first] + hand[first + 1] + hand[first + 2] + hand[first + 3]
            # A take melds at least two cards from hand: one natural of the rank alone
            # makes none (nor does the frozen state matter for pair takes then).
            pairs = held > 1 or (held == 1 and hand[0] + hand[1] + hand[2] + hand[3]
                                 + hand[JOKER_CODE] > 0)
            # Most draws hold no pair: then only a lay-off take asks whether the pile is
            # frozen, and the core's answer needs no hook call.
            if pairs or rules.unfrozen_layoff or s.custom_pile_frozen is not False:
                side = s.side_of[player]
                frozen = self.pile_frozen_for(side)
                min_nat = 2 if frozen or not rules.unfrozen_natural_and_wild else 1
                if pairs and held >= min_nat:
                    self._list_pair_takes(out, top, min_nat)
                if not frozen and rules.unfrozen_layoff:
                    layoff_takes = self._layoff_take_indices(side, top)
                    for index in layoff_takes:
                        out.append(self._t.indexed_action(TakePile, index))
        elif (rules.unfrozen_layoff or s.custom_pile_frozen is not False) \
                and self._top_blocked() is None:
            side = s.side_of[player]
            if not self.pile_frozen_for(side) and rules.unfrozen_layoff:
                layoff_takes = self._layoff_take_indices(side, None)
                for index in layoff_takes:
                    out.append(self._t.indexed_action(TakePile, index))
        if not stock and not (s.stock_end.forced_layoff_take and layoff_takes):
            out.append(_PASS)

    def _layoff_take_indices(self, side: int, natural: int | None) -> list[int]:
        """The indices of the side's melds the pile's top card may be laid off on to take
        the pile (AS-20); ``natural`` is the top card when it is a natural but a 3.

        A natural fits no set of another rank (nor of wild cards only) and no run of
        another suit: those melds are passed over without the full check, which builds
        the meld the lay-off would make."""
        melds = self._melds[side]
        if natural is None:
            return [i for i in range(len(melds)) if self._layoff_take_problem(i) is None]
        rank, suit = natural // 4 + 2, natural % 4
        return [i for i, meld in enumerate(melds)
                if (meld.rank == rank if meld.kind is MeldKind.SET
                    else meld.suit is None or meld.suit == suit)
                and self._layoff_take_problem(i) is None]

    def _wild_subsets(self, hand: list[int], high: int
                      ) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]],
                                 ...]:
        """Sub-multisets of at most ``high`` of the wild cards in ``hand`` as (codes, size,
        2s, jokers), in search order (memoised: they depend only on min(count, high) per
        wild card)."""
        raw: tuple[int, ...] = (hand[0], hand[1], hand[2], hand[3], hand[JOKER_CODE])
        if max(raw) > high:
            raw = tuple(min(count, high) for count in raw)
        key = (high, *raw)
        tables = self._t
        found = tables.wild_subsets.get(key)
        if found is None:
            items = [(c, n) for c, n in zip(WILD_CODES, raw, strict=True) if n]
            found = tables.wild_subsets[key] = tuple(
                (sub, len(sub), tuple(c for c in sub if c != JOKER_CODE),
                 tuple(c for c in sub if c == JOKER_CODE))
                for sub in self._t.submultisets(items, 0, high))
        return found

    def _list_pair_takes(self, out: list[Action], top: int, min_nat: int) -> None:
        """Append the takes of the pile that meld its natural ``top`` card with at least
        ``min_nat`` naturals of its rank (and perhaps wild cards) from hand as a new set.

        Which takes the shape rules allow is memoised (:meth:`_pair_take_entry`); what is
        left to decide here depends on the game: the initial minimum and what melds from
        the hand could add to it (AS-23), going out (AS-35) and the hand left (PH-16)."""
        player = self._current
        s = self._s
        side = s.side_of[player]
        hand = self._hands[player]
        pile = self._pile
        pile_bonus = 0 if s.pile.only_top_counts else self._value(pile[:-1])
        top_value = s.values[top]
        initial = self._initial[side]
        minimum = self._minimum[side]
        if not initial:
            # Every card the hand could meld, with the top card, caps what a take can
            # count: below the minimum no take is possible, so skip the search (AS-23).
            reach = top_value + pile_bonus + sum(map(mul, s.meldable_values, hand))
            if reach < minimum:
                return
        rank = top // 4 + 2
        first = top - top % 4
        join = self._open_set_index(side, rank) if s.joins_sets else None
        join_meld = None if join is None else self._melds[side][join]
        key = (rank, hand[first], hand[first + 1], hand[first + 2], hand[first + 3],
               hand[0], hand[1], hand[2], hand[3], hand[JOKER_CODE], min_nat,
               -1 if join_meld is None else len(join_meld.cards),
               0 if join_meld is None else join_meld.wilds)
        entry = self._t.pair_takes.get(key)
        if entry is None:
            entry = self._pair_take_entry(key, hand)
        cands, actions, most_used, least_value = entry
        strand = s.strand_check
        if not cands and not strand:
            return
        n = self._hsize[player]
        keep = s.going_out.keep_cards
        custom = s.custom_meld_check
        every = not strand and not custom and (
            initial or least_value + top_value + pile_bonus >= minimum)
        if every and n - most_used >= keep and n > most_used:
            # Every take counts enough and leaves enough cards, most often without the
            # pile's: all of them are legal.
            out.extend(actions)
            return
        # The pile's cards but the top go to hand, less the red 3s placed at once (the
        # top card is a natural here).
        to_hand = len(pile) - 1 - (sum(map(pile.count, RED_THREES)) if s.red.auto_place else 0)
        if every:
            after = n - most_used + to_hand
            if after >= keep and after > 0:
                out.extend(actions)
                return
        ending_cache: dict[tuple[int, tuple[str, ...]], bool] = {}
        hand_cap: int | None = None
        # PH-16: a take that keeps one of the hand's discardable cards leaves a discard
        # (canastas only lift restrictions, docs/hooks.md); only the others need the full
        # check, which also counts the pile's cards.
        forbidden_now = self._forbidden(player, False) if strand else {}
        free = {c for c in range(NUM_CODES) if hand[c] and CARDS[c] not in forbidden_now} \
            if forbidden_now else set()
        free_total = sum(hand[c] for c in free)
        for (codes, used, w, kind, value, nat_value), take in zip(cands, actions, strict=True):
            if custom and self._custom_problem(
                    side, self._take_meld(side, join, (*codes, top), w), (*codes, top)):
                continue
            base = value + top_value + pile_bonus
            if initial or base >= minimum:
                after = n - used + to_hand
                if not strand and after >= keep and after > 0:
                    out.append(take)  # what _ending_ok says without the canasta kinds
                    continue
                kinds = self._kinds_with(side, join, kind)
                if self._ending_ok(ending_cache, player, after, kinds) and not (
                        strand and not (after >= 2 and (
                            not forbidden_now
                            or free_total > sum(1 for c in codes if c in free)))
                        and self._take_strand_problem(codes, after, kinds)):
                    out.append(take)
                continue
            # AS-23: short of the minimum by itself, the take is listed when melds from
            # the hand can still reach it this turn; the engine then holds the player
            # to that before any discard.
            if hand_cap is None:
                # The pile's cards join the hand and may fill out its melds; only the
                # hand's count (AS-23).
                with_pile = hand[:]
                for code in self._pile_to_hand():
                    with_pile[code] += 1
                hand_cap = self._playable_value(with_pile, side, rank, None, hand)
            # What the whole hand could count caps what the cards a take leaves could,
            # less the take's cards (fewer wild cards only allow fewer sets): when that
            # falls short, every short take does.
            if hand_cap + top_value + pile_bonus < minimum:
                continue
            # Without runs, a take leaves exactly that cap less its cards' value (its
            # rank counts in full) when the wild cards it leaves allow sets of the same
            # ranks as the hand's do.
            exact = None
            if not s.meld.runs:
                if not w:
                    exact = hand_cap - nat_value
                else:
                    rows = self._t.playable_rows
                    wild = with_pile[0] + with_pile[1] + with_pile[2] + with_pile[3] \
                        + with_pile[JOKER_CODE]
                    if rows is not None and rows[min(wild, s.set_wild_cap)] \
                            is rows[min(wild - w, s.set_wild_cap)]:
                        exact = hand_cap - value
            if (exact is None or exact >= minimum - base) and self._take_reaches_minimum(
                    take, to_hand, base, exact, codes):
                out.append(take)

    def _pair_take_entry(self, key: tuple[int, ...], hand: list[int]) -> _TakeEntry:
        """The takes the shape rules allow for ``key`` (see :meth:`_list_pair_takes`):
        (rank, the hand's counts of its four cards, of the four 2s and of the jokers, the
        fewest naturals from hand, the size and wild count of the open set of the rank the
        take joins, or -1 and 0). ``hand`` holds those counts.

        Memoised per rule set: the answer depends on nothing else, and a listing then only
        decides what depends on the game (see ``_TakeEntry``).

        >>> import canasta_family
        >>> game = canasta_family.new_game("canasta", players=4, seed=1)
        >>> hand = [0] * 53
        >>> hand[40] = hand[41] = hand[52] = 1  # two queens and a joker, pile unfrozen
        >>> cands, actions, most, least = game._pair_take_entry(
        ...     (12, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, -1, 0), hand)
        >>> [str(take) for take in actions], most, least
        (['take-pile Qd JK', 'take-pile Qc JK', 'take-pile Qc Qd', 'take-pile Qc Qd JK'], 3, 20)
        """
        rank, min_nat, join_size, join_wilds = key[0], key[10], key[11], key[12]
        first = (rank - 2) * 4
        s = self._s
        mr = s.meld
        value_of = s.values.__getitem__
        nat_items = [(first + i, key[1 + i]) for i in range(4) if key[1 + i]]
        max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
        # Each wild subset's 2s and jokers: codes from hand are the 2s, the naturals and
        # the jokers in that order (ascending), so a take's codes need no sort.
        wild_parts = [(low, high, w, sum(map(value_of, wsub)))
                      for wsub, w, low, high in self._wild_subsets(hand, max_w)]
        set_ok = self._t.set_ok
        cands: list[tuple[tuple[int, ...], int, int, str | None, int, int]] = []
        actions: list[TakePile] = []
        most = least = 0
        for nat in self._t.submultisets(nat_items, min_nat, 99):
            n = len(nat)
            nat_value = sum(map(value_of, nat))
            for low, high, w, wild_value in wild_parts:
                if n + w < 2:
                    continue
                ok = set_ok.get((rank, n + 1, w))
                if not (self._set_ok(rank, n + 1, w) if ok is None else ok):
                    continue  # (the same as black3_ok=False: the top card is no 3)
                size, wilds = n + w + 1, w
                if join_size >= 0:
                    # PH-10: the take's meld joins the side's open meld of the rank.
                    size += join_size
                    wilds += join_wilds
                    if self._set_problem(rank, size - wilds, wilds, False):
                        continue
                codes = low + nat + high
                value = nat_value + wild_value
                if not cands or value < least:
                    least = value
                if n + w > most:
                    most = n + w
                cands.append((codes, n + w, w, self._canasta_kind(False, rank, size, wilds),
                              value, nat_value))
                actions.append(self._t.take_action(codes))
        entry = self._t.pair_takes[key] = (tuple(cands), tuple(actions), most, least)
        return entry

    def _ending_ok(self, cache: dict[tuple[int, tuple[str, ...]], bool], player: int,
                   after: int, kinds: tuple[str, ...]) -> bool:
        if after >= self._s.going_out.keep_cards and after > 0:
            return True
        key = (after, kinds)
        ok = cache.get(key)
        if ok is None:
            ok = self._ending_problem(player, after, kinds, True) is None
            cache[key] = ok
        return ok

    def _meld_candidates(self, hand: list[int], black3: bool) -> list[_Candidate]:
        """Every new meld the counts in ``hand`` allow by shape alone, as
        (codes, value, canasta kind, wild count, set rank or None, MakeMeld action)."""
        return [cand for entry in self._meld_entries(hand, black3)
                for cand in (entry[0] if entry[0] is not None else self._rank_cands(entry[4]))]

    def _meld_entries(self, hand: list[int], black3: bool) -> list[_Entry]:
        """The new melds ``hand`` allows by shape alone, one entry per rank, for the wild
        cards and per suit of runs (see ``_Entry``).

        The answer for one rank depends only on that rank's counts and the wild cards held,
        so it is memoised per game rules (shared by every game with the same rules), with
        its actions ready-made: listing the melds of a large hand costs two dict accesses
        and a tuple copy per rank instead of a search.
        """
        s = self._s
        tables = self._t
        mr = s.meld
        raw: tuple[int, ...] = (hand[0], hand[1], hand[2], hand[3], hand[JOKER_CODE])
        total_wild = raw[0] + raw[1] + raw[2] + raw[3] + raw[4]
        out: list[_Entry] = []
        min_nat = s.set_min_naturals
        # Every rank held in numbers enough for a set, in rank order (black 3s first, where
        # they meld to go out), by its natural counts.
        threes = s.threes_with_black if black3 else s.threes_in_sets
        if threes and hand[4] + hand[7] >= min_nat:
            nat_key: tuple[int, ...] = (3, hand[4], hand[7])
            entry = self._set_entry(nat_key, raw, total_wild)
            if entry is not None:
                out.extend([entry] * threes)
        # Each set rank's entry by the counts held as they are: one lookup, where the
        # clamped key of ``_set_entry`` needs the rank's wild room first.
        held_get = tables.sets_held.get
        w0, w1, w2, w3, wj = raw
        for rank, c0, c1, c2, c3 in s.set_rank_codes:
            # Most ranks are held too thin for a set: tested first, without locals.
            if hand[c0] + hand[c1] + hand[c2] + hand[c3] < min_nat:
                continue
            a = hand[c0]
            b = hand[c1]
            c = hand[c2]
            d = hand[c3]
            held_key = (rank, a, b, c, d, w0, w1, w2, w3, wj)
            found = held_get(held_key)
            if found is None:
                found = tables.sets_held[held_key] = self._set_entry(
                    (rank, a, b, c, d), raw, total_wild) or _NO_SET
            if found is not _NO_SET:
                out.append(found)
        if mr.wild_melds and total_wild >= mr.min_size:
            cap = s.wild_cap
            wildkey = raw if max(raw) <= cap else tuple(min(count, cap) for count in raw)
            key: tuple[int, ...] = (0, *wildkey)
            entry = tables.entries.get(key)
            if entry is None:
                entry = tables.entries[key] = self._wild_entry(wildkey)
            if entry[0]:
                out.append(entry)
        if mr.runs:
            cache = tables.entries
            start = (mr.run_low - 2) * 4
            # Which cards of the run ranks are held, one byte each, then each suit's
            # column of them: C-level slices.
            columns = bytes(map(bool, hand[start:(mr.run_high - 1) * 4]))
            nothing = bytes(mr.run_high - mr.run_low + 1)
            for suit in range(4):
                held = columns[suit::4]
                if held == nothing:
                    continue
                run_key = (suit, held)
                entry = cache.get(run_key)
                if entry is None:
                    mask = 0
                    for offset, present in enumerate(held):
                        if present:
                            mask |= 1 << (mr.run_low + offset)
                    entry = cache[run_key] = self._run_entry(suit, mask)
                if entry[0]:
                    out.append(entry)
        return out

    def _set_entry(self, nat_key: tuple[int, ...], raw: tuple[int, ...], total_wild: int
                   ) -> _Entry | None:
        """The memo entry of the sets of ``nat_key`` with the wild cards ``raw`` (their
        total given), or None when it has no set."""
        tables = self._t
        slot = tables.by_rank.get(nat_key)
        if slot is None:
            slot = tables.by_rank[nat_key] = (self._wild_room(nat_key), {})
        room, entries = slot
        if room < 0:
            return None  # too few naturals for any set of this rank
        # A set of this rank can hold at most ``room`` wild cards, and subsets of at most
        # that many depend only on min(count, room): the wild part of the key is clamped
        # to it, so hands that differ only in wild cards no set could use share one entry.
        wildkey = raw if total_wild <= room or max(raw) <= room else tuple(
            [min(count, room) for count in raw])
        entry = entries.get(wildkey)
        if entry is None:
            entry = entries[wildkey] = self._rank_entry(nat_key, wildkey)
        return entry if entry[1] else None

    @staticmethod
    def _entry(found: list[_Candidate], rank: int | None) -> _Entry:
        return (tuple(found), tuple(map(_NUMBER_OF, found)),
                max(map(len, map(_CODES_OF, found)), default=0), rank, None)

    def _set_ok(self, rank: int | None, nat: int, wild: int) -> bool:
        # _set_problem(..., black3_ok=True) is None, memoised per rule set.
        set_ok = self._t.set_ok
        ok = set_ok.get((rank, nat, wild))
        if ok is None:
            ok = set_ok[(rank, nat, wild)] = self._set_problem(rank, nat, wild, True) is None
        return ok

    def _wild_room(self, nat_key: tuple[int, ...]) -> int:
        """The most wild cards a new set may hold given the naturals of ``nat_key``
        ((rank, counts...)); -1 when those naturals allow no set at all."""
        mr = self._s.meld
        rank, held = nat_key[0], sum(nat_key[1:])
        max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
        room = -1
        for nat in range(max(mr.set_min_naturals, 1), held + 1):
            for wild in range(max_w, -1, -1):
                if wild > room and self._set_ok(rank, nat, wild):
                    room = wild
                    break
        return room

    def _wild_list(self, wildkey: tuple[int, ...]) -> _WildList:
        s = self._s
        wild_list = self._t.wild_lists.get(wildkey)
        if wild_list is None:
            mr = s.meld
            values = s.values
            max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
            wild_items = [(code, count) for code, count in zip(WILD_CODES, wildkey, strict=True)
                          if count]
            high = max(max_w, mr.wild_meld_max if mr.wild_melds else 0)
            subs = sorted(self._t.submultisets(wild_items, 0, high), key=len)
            wild_list = self._t.wild_lists[wildkey] = tuple(
                (sub, sum(values[c] for c in sub), len(sub),
                 tuple(c for c in sub if c != JOKER_CODE),
                 tuple(c for c in sub if c == JOKER_CODE)) for sub in subs)
        return wild_list

    def _wild_entry(self, wildkey: tuple[int, ...]) -> _Entry:
        mr = self._s.meld
        found: list[_Candidate] = []
        for wsub, value, w, _low, _high in self._wild_list(wildkey):
            if mr.min_size <= w <= mr.wild_meld_max:
                found.append((wsub, value, self._canasta_kind(False, None, w, w), w, None,
                              self._meld_number(wsub)))
        return self._entry(found, 0)

    def _meld_number(self, codes: tuple[int, ...]) -> int:
        """The action number of the meld of ``codes`` (see ``_Candidate``)."""
        tables = self._t
        number = tables.meld_ids.get(codes)
        if number is None:
            action = self._meld_action(codes)
            with tables.numbering:
                number = tables.meld_ids.get(codes)
                if number is None:
                    # The action is in place before its number is published.
                    actions = tables.meld_actions
                    actions.append(action)
                    number = len(actions) - 1
                    tables.meld_ids[codes] = number
        return number

    def _rank_parts(self, nat_key: tuple[int, ...], wildkey: tuple[int, ...]
                    ) -> tuple[tuple[tuple[tuple[int, ...], int], ...],
                               tuple[tuple[_WildPart, ...], ...]]:
        """The natural subsets of ``nat_key`` that may start a set, with their values, and
        the wild subsets of ``wildkey`` by size, as (value, 2s, jokers, serial number)."""
        s = self._s
        mr = s.meld
        tables = self._t
        rank = nat_key[0]
        nat_subs = tables.nat_subs.get(nat_key)
        if nat_subs is None:
            values = s.values
            codes_r = BLACK_THREES if rank == 3 else _rank_codes(rank)
            nat_items = [(c, n) for c, n in zip(codes_r, nat_key[1:], strict=True) if n]
            nat_subs = tables.nat_subs[nat_key] = tuple(
                (nat, sum(values[c] for c in nat))
                for nat in self._t.submultisets(nat_items, max(mr.set_min_naturals, 1), 99))
        groups = tables.wild_groups.get(wildkey)
        if groups is None:
            by_count: list[list[_WildPart]] = []
            for wsub, wvalue, w, low, high in self._wild_list(wildkey):
                while len(by_count) <= w:
                    by_count.append([])
                by_count[w].append((wvalue, low, high, tables.wild_serial(wsub)))
            groups = tables.wild_groups[wildkey] = tuple(tuple(g) for g in by_count)
        return nat_subs, groups

    def _allowed_wilds(self, rank: int, n: int) -> tuple[tuple[int, str | None], ...]:
        """(wild count, canasta kind) of every legal new set of ``n`` naturals of ``rank``."""
        ok_ws = self._t.ok_ws
        allowed = ok_ws.get((rank, n))
        if allowed is None:
            mr = self._s.meld
            max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
            allowed = ok_ws[(rank, n)] = tuple(
                (w, self._canasta_kind(False, rank, n + w, w))
                for w in range(min(max_w, 99) + 1) if self._set_ok(rank, n, w))
        return allowed

    def _rank_entry(self, nat_key: tuple[int, ...], wildkey: tuple[int, ...]) -> _Entry:
        """The memo entry of a set rank: action numbers and the largest size only (see
        ``_Entry``), in the order of :meth:`_rank_cands`."""
        nat_subs, groups = self._rank_parts(nat_key, wildkey)
        rank = nat_key[0]
        tables = self._t
        number_of = tables.meld_ids.get
        rows = tables.meld_rows
        numbers: list[int] = []
        add = numbers.append
        largest = 0
        sizes = len(groups)
        ok_ws = tables.ok_ws
        for nat, _nat_value in nat_subs:
            n = len(nat)
            # The numbers of the sets of these naturals by the serial of their wild cards:
            # a small int hashes faster than the set's codes, made by two concatenations.
            row = rows.get(nat)
            if row is None:
                row = rows[nat] = {}
            allowed = ok_ws.get((rank, n))
            if allowed is None:
                allowed = self._allowed_wilds(rank, n)
            for w, _kind in allowed:
                if w >= sizes:
                    break
                if not w:
                    number = number_of(nat)
                    add(self._meld_number(nat) if number is None else number)
                    if n > largest:
                        largest = n
                    continue
                group = groups[w]
                for _wvalue, low, high, serial in group:
                    number = row.get(serial)
                    if number is None:
                        codes = low + nat + high
                        number = number_of(codes)
                        number = row[serial] = (self._meld_number(codes) if number is None
                                                else number)
                    add(number)
                if group and n + w > largest:
                    largest = n + w
        return (None, tuple(numbers), largest, rank, (nat_key, wildkey))

    def _rank_cands(self, key: tuple[tuple[int, ...], tuple[int, ...]] | None
                    ) -> tuple[_Candidate, ...]:
        """The candidates of the set-rank entry with memo ``key`` (see ``_Entry``),
        memoised apart in a smaller table."""
        assert key is not None
        tables = self._t
        found_cands = tables.rank_cands.get(key)
        if found_cands is not None:
            return found_cands
        nat_key, wildkey = key
        nat_subs, groups = self._rank_parts(nat_key, wildkey)
        rank = nat_key[0]
        found: list[_Candidate] = []
        append = found.append
        meld_ids = tables.meld_ids
        sizes = len(groups)
        for nat, nat_value in nat_subs:
            for w, kind in self._allowed_wilds(rank, len(nat)):
                if w >= sizes:
                    break
                if not w:
                    append((nat, nat_value, kind, 0, rank, meld_ids[nat]))
                    continue
                for wvalue, low, high, _serial in groups[w]:
                    codes = low + nat + high
                    append((codes, nat_value + wvalue, kind, w, rank, meld_ids[codes]))
        result = tables.rank_cands[key] = tuple(found)
        return result

    def _run_entry(self, suit: int, mask: int) -> _Entry:
        mr = self._s.meld
        values = self._s.values
        found: list[_Candidate] = []
        for low_rank in range(mr.run_low, mr.run_high - mr.run_min + 2):
            codes_run: list[int] = []
            rank = low_rank
            while rank <= mr.run_high and len(codes_run) < mr.run_max and mask >> rank & 1:
                codes_run.append((rank - 2) * 4 + suit)
                if len(codes_run) >= mr.run_min:
                    run = tuple(codes_run)
                    found.append((run, sum(values[c] for c in run),
                                  self._canasta_kind(True, None, len(run), 0), 0, None,
                                  self._meld_number(run)))
                rank += 1
        return self._entry(found, None)

    def _meld_value_of(self, action: MakeMeld) -> Meld:
        codes = sorted(c.code for c in action.cards)
        shape = self._shape(codes, black3_ok=True)
        assert len(shape) == 4
        kind, rank, suit, wild = shape
        return self._new_meld(kind, rank, suit, codes, wild)

    def _meld_action(self, codes: tuple[int, ...]) -> MakeMeld:
        return _new_make_meld(self._t.cards_of(codes))

    def _list_play(self, out: list[Action]) -> None:
        player = self._current
        s = self._s
        side = s.side_of[player]
        hand = self._hands[player]
        n = self._hsize[player]
        need = self._minimum[side] - self._turn_value
        owes = self._take_counts is not None and not self._initial[side]  # AS-23
        first_play = len(out)
        must = self._bound_to_go_out()
        keep = s.going_out.keep_cards
        melds = self._melds[side]
        # PH-16: plays must leave a card that may be discarded, unless the player is
        # already stranded (then no discard follows). ``free`` are the hand's discardable
        # cards as things stand; they stay so whatever canasta a play completes
        # (docs/hooks.md), so only plays that would use them all need the full check.
        forbidden_now: Mapping[Card, Violation] = _NOTHING_FORBIDDEN
        free: frozenset[int] | set[int] = _NO_CODES
        stranded = False
        forbidden_hand: Mapping[Card, Violation] | None = None
        free_total = 0
        if s.strand_check:
            if n >= 2:
                forbidden_now = forbidden_hand = self._forbidden(player, False)
                if forbidden_now:
                    free = {c for c in range(NUM_CODES)
                            if hand[c] and CARDS[c] not in forbidden_now}
                stranded = not free and bool(forbidden_now)
            else:
                stranded = self._stranded()
            if stranded:
                forbidden_now, free = _NOTHING_FORBIDDEN, _NO_CODES
            free_total = sum([hand[c] for c in free]) if free else 0
        # The checks of plays that may end the hand or strand it, made when a play
        # needs them (most listings have none).
        checks: _PlayChecks | None = None
        # New melds.
        # Sets a new set of their rank would join (0: wild cards only), PH-10 and CC-3.
        open_keys: set[int] | frozenset[int] = \
            self._joined_ranks(melds) if s.joins_sets else _NO_CODES
        custom = s.custom_meld_check
        safe = n - keep  # melds of at most this many cards need no going-out check
        melding = not self._retracted
        # Plays that leave at least ``keep`` cards (and two) need no check of their own
        # unless a partner's "yes" binds, a variant checks melds itself or some cards may
        # not be discarded (PH-16): a whole memo entry whose largest play is that small is
        # copied at once.
        fast = not must and not custom and not forbidden_now
        limit = safe if safe < n - 2 else n - 2
        source = hand
        entries = self._meld_entries(source, black3=True) if melding else ()
        wild_held = (source[0], source[1], source[2], source[3], source[JOKER_CODE])
        meld_actions = self._t.meld_actions
        action_of = meld_actions.__getitem__
        for cands, acts, largest, key, lazy in entries:
            if open_keys and key is not None and key in open_keys:
                continue
            if fast and largest <= limit and key != 3:
                out.extend(map(action_of, acts))
                continue
            table = meld_actions
            if cands is None:
                cands = self._rank_cands(lazy)
                # A going-out search made for an earlier play may have started the memo
                # afresh: numbers made since then index the table as it is now.
                table = self._t.meld_actions
            for codes, value, kind, wild, rank, number in cands:
                action = table[number]
                size = len(codes)
                if size <= limit and not must and rank != 3 and not custom and (
                        not forbidden_now or free_total > sum(1 for c in codes if c in free)):
                    out.append(action)
                    continue
                after = n - size
                black3 = rank == 3
                kinds = tuple([m.canasta for m in melds if m.canasta is not None])
                if kind is not None:
                    kinds = (*kinds, kind)
                if checks is None:
                    checks = _PlayChecks(self, player, owes, need, stranded, forbidden_now,
                                         free, free_total)
                if after < keep or after <= 1 or black3 or must:
                    if not checks.allowed(after, kinds, value, codes, black3, action):
                        continue
                elif not checks.leaves_discard(codes, after, kinds):
                    continue
                if custom:
                    try:
                        self._check_custom_meld(side, MeldKind.SET if rank is not None or
                                                wild == len(codes) else MeldKind.RUN,
                                                rank, codes, wild)
                    except IllegalActionError:
                        continue
                out.append(action)
        # Lay-offs (none on a meld already at the size cap, PH-5).
        cap = s.meld.max_size
        layoff_action = self._t.layoff_actions.__getitem__
        layoffs_held = self._t.layoffs_held.get
        w0, w1, w2, w3, wj = wild_held
        # Half the sets a listing meets have no card of theirs in a hand without wild
        # cards: nothing can join them, which needs no memo key.
        no_wild = not (w0 or w1 or w2 or w3 or wj)
        for index, meld in enumerate(melds if melding else ()):
            size = len(meld.cards)
            if cap is not None and size >= cap:
                continue
            set_rank = meld.rank
            # A set of naturals, the commonest meld: its entry by the counts held, as
            # ``_layoff_entry`` looks it up first, without the call.
            if set_rank is not None and set_rank != 3:
                base = set_rank * 4 - 8
                if no_wild and not (source[base] or source[base + 1] or source[base + 2]
                                    or source[base + 3]):
                    continue
                lentry = layoffs_held((base, size, meld.wilds, meld.canasta, source[base],
                                      source[base + 1], source[base + 2], source[base + 3],
                                      w0, w1, w2, w3, wj))
                if lentry is None:
                    lentry = self._layoff_entry(source, meld, wild_held)
            else:
                lentry = self._layoff_entry(source, meld, wild_held)
            lcands, lmost, lnumbers, _template = lentry
            if not lnumbers:
                continue
            black3 = set_rank == 3
            if fast and not black3 and n - lmost >= keep and n - lmost > 1:
                out.extend(map(layoff_action, map(add, lnumbers, repeat(index)) if index
                               else lnumbers))
                continue
            if lcands is None:
                lcands = self._layoff_cands(lentry)
            for codes, new_kind in lcands:
                after = n - len(codes)
                if after < keep or after <= 1 or black3 or must or forbidden_now:
                    kinds = tuple([k for k in (*[m.canasta for m in melds[:index]], new_kind,
                                               *[m.canasta for m in melds[index + 1:]])
                                   if k is not None])
                    if checks is None:
                        checks = _PlayChecks(self, player, owes, need, stranded,
                                             forbidden_now, free, free_total)
                    if after < keep or after <= 1 or black3 or must:
                        if not checks.allowed(after, kinds, self._value(codes), codes,
                                              black3, self._layoff_action(index, codes)):
                            continue
                    elif not checks.leaves_discard(codes, after, kinds):
                        continue
                if custom:
                    new, _problem = self._layoff_problem(meld, codes, black3_ok=True)
                    try:
                        assert new is not None
                        self._check_custom_meld(side, new.kind, None, codes, 0, base=new)
                    except IllegalActionError:
                        continue
                out.append(self._layoff_action(index, codes))
        # Red 3s placed by hand (a play like a meld: it may finish the hand, DS-3).
        if not s.red.auto_place:
            for code in RED_THREES:
                if not hand[code]:
                    continue
                kinds = tuple([m.canasta for m in melds if m.canasta is not None])
                if checks is None:
                    checks = _PlayChecks(self, player, owes, need, stranded, forbidden_now,
                                         free, free_total)
                if n - 1 >= keep and n - 1 > 1 and not must:
                    if checks.leaves_discard((code,), n - 1, kinds):
                        out.append(_PLACE_ACTIONS[code])
                elif checks.allowed(n - 1, kinds, 0, (code,), False, _PLACE_ACTIONS[code]):
                    out.append(_PLACE_ACTIONS[code])
        if must:
            if n == 1:
                self._list_discards(out, player, side, going_out=True)
            return
        # Merges.
        set_ranks = [m.rank for m in melds if m.rank is not None] \
            if s.meld.merge and melding and len(melds) > 1 else None
        if set_ranks and len(set(set_ranks)) < len(set_ranks):  # two sets of a rank
            by_rank: dict[int, list[int]] = {}
            for index, meld in enumerate(melds):
                if meld.kind is MeldKind.SET and meld.rank is not None:
                    by_rank.setdefault(int(meld.rank), []).append(index)
            pairs = [(i, j) for indices in by_rank.values()
                     for a, i in enumerate(indices) for j in indices[a + 1:]
                     if self._merge_ok(melds[i], melds[j])]
            for i, j in sorted(pairs):
                out.append(self._t.merge_action(i, j))
        if owes:
            # AS-23: only plays after which the minimum can still be reached, and no
            # discard, retraction or question before it is.
            found = self._collection_reaches(need)
            out[first_play:] = [action for action in out[first_play:]
                                if self._keeps_initial_reachable(action, found)]
            if stranded:
                out.append(_PASS)
            return
        if not self._initial[side] and s.initial.retract_penalty is None:
            # PH-17: a first meld short of the minimum only while the rest stays reachable.
            out[first_play:] = [action for action in out[first_play:]
                                if self._short_start_ok(action)]
        if melds and not self._initial[side]:  # provisional melds (AS-24)
            if s.initial.retract_penalty is not None:
                out.append(_RETRACT)
        elif n != 1 and forbidden_hand is None and s.plain_discards and not (
                hand[5] or hand[6]):
            out.extend(compress(_DISCARD_ACTIONS, hand))  # every card may be discarded
        else:
            self._list_discards(out, player, side, n == 1, forbidden_hand)
            if stranded:
                out.append(_PASS)  # PH-16: no discard is possible; the hand ends
        partners = self.partners(player)
        if self._answer is None and partners and n >= 2 and not must \
                and self._out_reachable():
            for partner in partners:
                out.append(self._t.indexed_action(Ask, partner))

    # --- going out this turn (AS-33, AS-35, AS-36) ---------------------------------------

    def _bound_to_go_out(self) -> bool:
        """Whether the player to move must end this turn by going out: the partner said
        yes (AS-36), or the side has melded black 3s, which only a player going out in
        that turn may do (AS-33) — a black-3 meld on the table in the play phase was made
        this turn, since the turn that makes one ends the hand."""
        if self._answer is True:
            return True
        if self._s.meld.black_threes == "never":
            return False
        return any(meld.rank == 3 for meld in self._melds[self._s.side_of[self._current]])

    def _out_reachable(self) -> bool:
        """Whether the player to move can still go out this turn by some sequence of legal
        melds, lay-offs and red-3 placements, perhaps ended by a discard (AS-35, AS-36).

        The search plays on a copy in *probe* mode, where the checks leave the end of the
        turn to the search: each step plays the lowest card left (naturals before wild
        cards) in every meld or lay-off that can hold it, or keeps it back as the final
        discard, so each way of dividing the hand is met once rather than in every order
        of its plays. Each search keeps the positions it decides to itself; its answer
        is kept for the rest of the turn, in a table the game and its copies share. A
        search that visits more than :data:`_OUT_BUDGET` positions answers no (only huge
        hands get there). So that an answer depends on the position alone, never on the
        searches made before it, a search starts with none of their positions: one that
        met decided positions would visit fewer and could find what a fresh one gives up
        on, and a record made after it would then be refused on replay.
        """
        if self._phase != PLAY or self._answer is False or self._retracted:
            return False
        answers = self._out_memo
        if answers is None:
            answers = self._out_memo = {}
        key = self._probe_key(None)
        known = answers.get(key)
        if known is not None:
            return known
        if not self._canastas_within_reach() or len(self._lone_cards()) > 1:
            answers[key] = False
            return False  # one card may be the final discard, two cannot
        probe = self.clone()
        probe._probe = True
        try:
            found = probe._probe_out({}, None, [_OUT_BUDGET])
        except _SearchExhausted:
            found = False
        answers[key] = found
        return found

    def _canastas_within_reach(self) -> bool:
        """Whether the side's going-out conditions would be met if the hand completed as
        many canastas as its size allows, of every kind at once, and the whole hand
        counted towards a missing initial meld: a bound the search uses to give up early.
        It relies on ``canasta_going_out_violations`` never objecting
        to more canastas (docs/hooks.md)."""
        s = self._s
        side = s.side_of[self._current]
        melds = self._melds[side]
        kinds = [m.canasta for m in melds if m.canasta is not None]
        # Most often the side's canastas are enough already (a partner said yes): then
        # the bound needs no counting.
        if self._going_out_problem(self._current, tuple(kinds)) is not None:
            size = s.meld.canasta_size
            run_size = s.canasta.run_canasta_size
            left = self._hsize[self._current]
            more = 0
            for deficit in sorted([(run_size if m.kind is MeldKind.RUN else size)
                                   - len(m.cards) for m in melds if m.canasta is None]):
                if deficit > left:
                    break
                left -= max(deficit, 1)
                more += 1
            more += left // (min(size, run_size) if s.meld.runs else size)
            if more:
                more = min(more, self._canastas_by_shape(melds))
            if not more:
                return False
            kinds.extend(kind for kind in s.canasta.bonuses for _ in range(more))
            if self._going_out_problem(self._current, tuple(kinds)) is not None:
                return False
        if self._initial[side]:
            return True
        # Going out needs the initial meld: the whole hand melded must reach it.
        hand = self._hands[self._current]
        held = [code for code in range(NUM_CODES) for _ in range(hand[code])]
        return self._turn_value + self._counted_value(held) >= self._minimum[side]

    def _canastas_by_shape(self, melds: Sequence[Meld]) -> int:
        """At most how many more canastas the hand could make with ``melds`` (the side's):
        per rank, the naturals held and on the table with the wild cards a set may hold;
        per suit, the runs of consecutive cards; wild cards alone where they meld. Wild
        cards are counted for every rank at once, so it is a bound, not an answer."""
        s = self._s
        mr = s.meld
        size = mr.canasta_size
        hand = self._hands[self._current]
        wild = hand[0] + hand[1] + hand[2] + hand[3] + hand[JOKER_CODE]
        cap = size if mr.set_max_wilds is None else mr.set_max_wilds
        table_nat: dict[int, int] = {}
        table_wild: dict[int, int] = {}
        run_cards: list[Meld] = []
        for meld in melds:
            if meld.canasta is not None:
                continue
            if meld.kind is MeldKind.RUN:
                run_cards.append(meld)
            elif meld.rank is not None:
                rank = int(meld.rank)
                table_nat[rank] = table_nat.get(rank, 0) + len(meld.cards) - meld.wilds
                table_wild[rank] = table_wild.get(rank, 0) + meld.wilds
        more = 0
        ranks = list(s.set_rank_list)
        if mr.black_threes != "never" and 3 not in ranks:
            ranks.append(3)
        for rank in ranks:
            base = rank * 4 - 8
            held = hand[base] + hand[base + 3] if rank == 3 else \
                hand[base] + hand[base + 1] + hand[base + 2] + hand[base + 3]
            naturals = held + table_nat.get(rank, 0)
            if not naturals:
                continue
            room = 0 if rank == 3 or rank in s.no_wild_rank_set else cap
            wilds = table_wild.get(rank, 0) + wild
            count = 0
            # Each canasta holds at most ``room`` wild cards.
            while naturals + min(wilds, room * (count + 1)) >= size * (count + 1):
                count += 1
            more += count
        if mr.runs:
            run_size = s.canasta.run_canasta_size
            low, high = int(mr.run_low), int(mr.run_high)
            for suit in range(4):
                avail = [hand[(rank - 2) * 4 + suit] for rank in range(low, high + 1)]
                for meld in run_cards:
                    if meld.suit is not None and int(meld.suit) == suit:
                        for card in meld.cards:
                            avail[card.code // 4 + 2 - low] += 1
                # A run canasta needs ``run_size`` ranks in a row: without such a stretch
                # none, else at most the suit's cards over ``run_size``.
                present = 0
                for i, count in enumerate(avail):
                    if count:
                        present |= 1 << i
                stretch = present
                for _ in range(run_size - 1):
                    stretch &= stretch >> 1
                if stretch:
                    more += sum(avail) // run_size
        if mr.wild_melds:
            more += wild // size
        return more

    def _lone_cards(self) -> list[int]:
        """The cards of the player to move that no play could take, by counts alone: a
        natural is playable when the hand holds enough of its rank for a set (or the side
        has a set of it), when it could stand in a sequence with cards of its suit held or
        melded, and wild cards and red 3s placed by hand always are. Counted generously,
        so that it only rules out. One code per card, lowest first.

        Pairs that need wild cards to make a set, where no sequence or meld could take
        them, each need wild cards of their own: when the hand holds too few, their cards
        count as lone too (at most one card can be the discard)."""
        player = self._current
        s = self._s
        mr = s.meld
        hand = self._hands[player]
        wild = hand[0] + hand[1] + hand[2] + hand[3] + hand[JOKER_CODE]
        melds = self._melds[s.side_of[player]]
        set_ranks = {int(m.rank) for m in melds if m.rank is not None
                     and (mr.max_size is None or len(m.cards) < mr.max_size)}
        lone: list[int] = []
        needy: list[int] = []
        demand = 0
        masks: list[int] = []
        ends: list[list[tuple[int, int]]] = []
        set_rank_set = s.set_rank_set
        for rank in range(3, 15):
            base = rank * 4 - 8
            held = hand[base] + hand[base + 1] + hand[base + 2] + hand[base + 3]
            if not held or rank in set_ranks:
                continue
            if rank == 3:
                if not s.red.auto_place:
                    held -= hand[base + 1] + hand[base + 2]  # red 3s placed by hand
                black = hand[base] + hand[base + 3]
                if mr.black_threes != "never" and black >= mr.min_size:
                    continue
            elif rank in set_rank_set and held >= s.set_min_naturals \
                    and held + wild >= mr.min_size:
                if mr.runs and not masks and held < mr.min_size:
                    masks, ends = self._run_shapes(melds)
                if held < mr.min_size and not (mr.runs and any(
                        hand[code] and self._may_run(code, masks, ends)
                        for code in range(base, base + 4))):
                    demand += mr.min_size - held
                    needy.extend(code for code in range(base, base + 4)
                                 for _ in range(hand[code]))
                continue
            for code in range(base, base + 4):
                count = hand[code]
                if not count or (rank == 3 and code in RED_THREES):
                    continue
                if mr.runs:
                    if not masks:
                        masks, ends = self._run_shapes(melds)
                    if self._may_run(code, masks, ends):
                        continue
                lone.extend([code] * count)
        if demand > wild:
            lone.extend(needy)
            lone.sort()
        return lone

    def _run_shapes(self, melds: Sequence[Meld]
                    ) -> tuple[list[int], list[list[tuple[int, int]]]]:
        """Per suit, the run ranks held (a bit per rank) and the (low, high) ranks of the
        side's sequences that may still grow, for :meth:`_may_run`."""
        mr = self._s.meld
        hand = self._hands[self._current]
        low, high = int(mr.run_low), int(mr.run_high)
        masks = [0, 0, 0, 0]
        for rank in range(low, high + 1):
            base = rank * 4 - 8
            for suit in range(4):
                if hand[base + suit]:
                    masks[suit] |= 1 << rank
        ends: list[list[tuple[int, int]]] = [[], [], [], []]
        for meld in melds:
            if meld.kind is MeldKind.RUN and meld.suit is not None \
                    and len(meld.cards) < mr.run_max:
                ends[int(meld.suit)].append((meld.cards[0].code // 4 + 2,
                                             meld.cards[-1].code // 4 + 2))
        return masks, ends

    @staticmethod
    def _may_run(code: int, masks: list[int], ends: list[list[tuple[int, int]]]) -> bool:
        """Whether the natural ``code`` could stand in a sequence: three cards of its suit
        in a row held, or next to an end of one of the side's sequences of its suit
        (``masks`` and ``ends`` from :meth:`_run_shapes`)."""
        rank = code // 4 + 2
        mask = masks[code % 4]
        if not mask >> rank & 1:
            return False  # outside the run ranks
        if (mask >> (rank - 2) & 3) == 3 or (mask >> (rank - 1) & 5) == 5 \
                or (mask >> (rank + 1) & 3) == 3:
            return True
        for low, high in ends[code % 4]:
            if rank in (low - 1, high + 1) or (rank + 1 == low - 1 and mask >> (rank + 1) & 1) \
                    or (rank - 1 == high + 1 and mask >> (rank - 1) & 1):
                return True
        return False

    def _reach_after(self, action: Action) -> bool:
        """Whether going out this turn stays possible after the play ``action`` (which
        leaves cards in hand and has passed every other check)."""
        if self._out_memo is None:
            self._out_memo = {}  # made here so that the copy shares it
        after = self.clone()
        after._legal_cache = None
        _EXECUTORS[type(action)](after, action)
        return after._out_reachable()

    def _probe_key(self, skipped: int | None) -> tuple[object, ...]:
        side = self._s.side_of[self._current]
        counts = self._take_counts
        melds = self._melds[side]
        # A meld's shape decides what may join it, except where the variant judges
        # melds by their cards itself.
        shapes = tuple(melds) if self._s.custom_meld_check else tuple(
            [(m.kind, m.rank, m.suit, len(m.cards), m.wilds, m.canasta) for m in melds])
        return (bytes(self._hands[self._current]), shapes, self._initial[side],
                self._turn_value, None if counts is None else bytes(counts), skipped)

    def _probe_out(self, memo: dict[tuple[object, ...], bool], skipped: int | None,
                   budget: list[int]) -> bool:
        player = self._current
        hand = self._hands[player]
        n = self._hsize[player]
        if n == 1:
            last = next(code for code in range(NUM_CODES) if hand[code])
            try:
                self._check_discard(_DISCARD_ACTIONS[last])
                return True
            except (IllegalActionError, InvalidActionError):
                pass
        key = self._probe_key(skipped)
        known = memo.get(key)
        if known is not None:
            return known
        budget[0] -= 1
        if budget[0] < 0:
            raise _SearchExhausted
        if not self._canastas_within_reach():
            memo[key] = False
            return False
        lone = self._lone_cards()
        if lone:
            # A card no play can take must be the discard that ends the turn.
            if skipped is None and len(lone) == 1:
                skipped = lone[0]
            elif skipped is None or lone != [skipped]:
                memo[key] = False
                return False
        pivot = self._probe_pivot(skipped)
        found = False
        if pivot is not None:
            for action in self._pivot_plays(pivot):
                try:
                    self._check(action)
                except (IllegalActionError, InvalidActionError):
                    continue
                if len(getattr(action, "cards", ())) >= n:
                    found = True  # the checks passed a play that empties the hand
                    break
                child = self.clone()
                child._probe = True
                _EXECUTORS[type(action)](child, action)
                if child._probe_out(memo, skipped, budget):
                    found = True
                    break
            if not found and skipped is None and n >= 2:
                # The lowest card may instead be the discard that ends the turn.
                found = self._probe_out(memo, pivot, budget)
        memo[key] = found
        return found

    def _probe_pivot(self, skipped: int | None) -> int | None:
        """The card the search places next: the lowest natural held (one copy of
        ``skipped`` is kept back as the discard), else the lowest wild card."""
        hand = self._hands[self._current]
        lowest_wild = None
        for code in range(NUM_CODES):
            count = hand[code] - (code == skipped)
            if count <= 0:
                continue
            if not _IS_WILD[code]:
                return code
            if lowest_wild is None:
                lowest_wild = code
        return lowest_wild

    def _pivot_plays(self, pivot: int) -> list[Action]:
        """Every new meld, lay-off and red-3 placement that holds the card ``pivot``, by
        shape alone (the checks decide the rest), the largest first."""
        player = self._current
        s = self._s
        side = s.side_of[player]
        hand = self._hands[player]
        plays: list[Action] = []
        if pivot in RED_THREES and not s.red.auto_place:
            plays.append(_PLACE_ACTIONS[pivot])
        for cands, _acts, _largest, _key, lazy in self._meld_entries(hand, black3=True):
            # Read after the entries are made: making them may start the memo afresh.
            meld_actions = self._t.meld_actions
            if cands is None:
                cands = self._rank_cands(lazy)
            for codes, _value, _kind, _wild, _rank, number in cands:
                if pivot in codes:
                    plays.append(meld_actions[number])
        wild_held = (hand[0], hand[1], hand[2], hand[3], hand[JOKER_CODE])
        natural = not _IS_WILD[pivot]
        rank, suit = pivot // 4 + 2, pivot % 4
        for index, meld in enumerate(self._melds[side]):
            # A natural joins only a set of its rank or a sequence of its suit.
            if natural and (meld.suit != suit if meld.kind is MeldKind.RUN
                            else meld.rank != rank):
                continue
            entry = self._layoff_entry(hand, meld, wild_held)
            if not entry[2]:
                continue
            for codes, _kind in self._layoff_cands(entry):
                if pivot in codes:
                    plays.append(self._layoff_action(index, codes))
        # Plays that keep wild cards for later first (another rank may need them), then
        # the largest: a way out, where there is one, tends to be met early.
        plays.sort(key=lambda play: (_wild_cards_in(play), -len(getattr(play, "cards", ()))))
        return plays

    def _list_discards(self, out: list[Action], player: int, side: int, going_out: bool,
                       forbidden: Mapping[Card, Violation] | None = None) -> None:
        if going_out and self._ending_problem(player, 0, self.side_canasta_kinds(side),
                                              True) is not None:
            return
        hand = self._hands[player]
        if forbidden is None:
            forbidden = self._forbidden(player, going_out)
        if not forbidden:
            out.extend(compress(_DISCARD_ACTIONS, hand))
            return
        for code in range(NUM_CODES):
            if hand[code] and CARDS[code] not in forbidden:
                out.append(_DISCARD_ACTIONS[code])

    def _layoff_action(self, index: int, codes: tuple[int, ...]) -> LayOff:
        t = self._t
        return t.layoff_actions[t.layoff_code_number(codes) * _MELD_INDEXES + index]

    def _layoff_entry(self, hand: list[int], meld: Meld,
                      wild: tuple[int, ...] | None = None) -> _LayoffEntry:
        """Every lay-off of hand cards on ``meld`` as (codes, canasta kind afterwards), with
        the most cards one lay-off uses and the ready-made actions by meld index.
        ``wild``: the hand's wild-card counts (2s by suit, jokers), when the caller has them.

        Written apart from :meth:`_layoff_problem` (which the checks use) and lighter: it
        counts instead of building the new meld. Memoised like new melds: the answer
        depends only on the meld's shape and the counts of the cards that could join it.
        """
        set_rank = meld.rank  # an int enum: it keys and counts as the plain number
        if set_rank is not None and set_rank != 3:
            # A set of naturals: the commonest case, one lookup (see ``Catalog``).
            base = set_rank * 4 - 8
            if wild is None:
                wild = (hand[0], hand[1], hand[2], hand[3], hand[JOKER_CODE])
            held: tuple[int, ...] = (hand[base], hand[base + 1], hand[base + 2],
                                     hand[base + 3])
            # Keyed by ``base``, a plain int: a key holding the Rank member would stay
            # tracked by the garbage collector, which untracks tuples of plain data.
            held_key = (base, len(meld.cards), meld.wilds, meld.canasta, *held, *wild)
            found = self._t.layoffs_held.get(held_key)
            if found is None:
                found = self._layoff_natural(meld, int(set_rank), base, held, wild, held_key)
            return found
        size = len(meld.cards)
        if meld.kind is MeldKind.RUN:
            # Only the held cards running on from either end can join: the lay-offs
            # depend on how many there are below and above (up to the room left).
            mr = self._s.meld
            suit = int(meld.suit)  # type: ignore[arg-type]
            low = int(meld.cards[0].rank)
            run_room = mr.run_max - size
            down = 0
            rank = low - 1
            while down < run_room and rank >= mr.run_low and hand[(rank - 2) * 4 + suit]:
                down += 1
                rank -= 1
            up = 0
            rank = low + size
            while up < run_room and rank <= mr.run_high and hand[(rank - 2) * 4 + suit]:
                up += 1
                rank += 1
            if not down and not up:
                return _NO_LAYOFFS
            key: tuple[object, ...] = (2, suit, low, size, down, up)
        else:
            # Wild cards only, or black 3s (sets of naturals are dealt with above).
            if set_rank is None:
                held = ()
                base = -1
            else:
                held = (hand[4], hand[7])
                base = -2
            if wild is None:
                wild = (hand[0], hand[1], hand[2], hand[3], hand[JOKER_CODE])
            tables = self._t
            held_key = (base, size, meld.wilds, meld.canasta, *held, *wild)
            found = tables.layoffs_held.get(held_key)
            if found is not None:
                return found
            shape = (None if set_rank is None else int(set_rank), size, meld.wilds,
                     meld.canasta, sum(held))
            fit = self._layoff_fit(meld, shape, wild)
            if fit is None:
                return self._held_entry(held_key, _NO_LAYOFFS)
            wild = fit[1]
            key = (0, *shape[:4], *held, *wild)
        found = self._t.layoffs.get(key)
        if found is None:
            cands = tuple(self._layoff_search(hand, meld))
            found = self._file_layoffs(key, cands,
                                       max(map(len, map(_CODES_OF, cands)), default=0))
        if key[0] == 0:
            return self._held_entry(held_key, found)
        return found

    def _layoff_natural(self, meld: Meld, rank: int, base: int, held: tuple[int, ...],
                        wild: tuple[int, ...], held_key: tuple[object, ...]) -> _LayoffEntry:
        """:meth:`_layoff_entry` on a set of naturals of ``rank`` (first code ``base``) whose
        entry by the counts held (``held_key``) is not known yet."""
        shape = (rank, len(meld.cards), meld.wilds, meld.canasta,
                 held[0] + held[1] + held[2] + held[3])
        fit = self._layoff_fit(meld, shape, wild)
        if fit is None:
            return self._held_entry(held_key, _NO_LAYOFFS)
        room, wild = fit
        key = (0, *shape[:4], *held, *wild)
        tables = self._t
        found = tables.layoffs.get(key)
        if found is None:
            # Its lay-offs from those of every rank with the same join grid and counts:
            # their numbers only, the candidates when asked (see ``_LayoffEntry``).
            ids, kinds, most = self._layoff_template(shape, held, wild, room)
            numbers_of = tables.layoff_code_numbers.get(base)
            if numbers_of is None:
                numbers_of = tables.layoff_code_numbers[base] = _LayoffNumbers(
                    self._layoff_codes(base), tables)
            found = self._file_layoff_entry(
                key, (None, most, tuple(map(numbers_of.__getitem__, ids)), (base, ids, kinds)))
        return self._held_entry(held_key, found)

    def _layoff_codes(self, base: int) -> _LayoffCodes:
        """The codes of lay-off shapes on the set whose first natural code is ``base``."""
        tables = self._t
        codes = tables.layoff_codes.get(base)
        if codes is None:
            codes = tables.layoff_codes[base] = _LayoffCodes(base, tables.layoff_wild_parts)
        return codes

    def _layoff_cands(self, entry: _LayoffEntry) -> _LayoffCandidates:
        """The candidates of the lay-off ``entry``: (codes, canasta kind made) of each
        lay-off, in listing order, made from its template if it keeps none.

        >>> import canasta_family
        >>> from canasta_family.melds import MeldKind
        >>> game = canasta_family.new_game("canasta", players=4, seed=5)
        >>> sevens = game._new_meld(MeldKind.SET, 7, None, (20, 21, 22), 0)
        >>> hand = [0] * NUM_CODES
        >>> hand[20] = hand[JOKER_CODE] = 1
        >>> entry = game._layoff_entry(hand, sevens)
        >>> entry[0] is None  # a set of naturals: the template, not the candidates
        True
        >>> game._layoff_cands(entry) == tuple(game._layoff_search(hand, sevens))
        True
        >>> game._layoff_cands(entry)
        (((52,), None), ((20,), None), ((20, 52), None))
        """
        cands = entry[0]
        if cands is not None:
            return cands
        template = entry[3]
        assert template is not None
        base, ids, kinds = template
        return tuple(zip(map(self._layoff_codes(base).__getitem__, ids), kinds, strict=True))

    def _layoff_fit(self, meld: Meld, shape: tuple[int | None, int, int, str | None, int],
                    wild: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
        """The wild room of the set ``meld`` of ``shape`` (rank, size, wild cards, canasta,
        naturals of its rank held) and the wild counts ``wild`` clamped to it, or None
        when nothing held could join it."""
        if not shape[4] and not any(wild):
            return None
        tables = self._t
        room = tables.layoff_room.get(shape)
        if room is None:
            room = tables.layoff_room[shape] = self._layoff_wild_room(meld, shape[4])
        if room <= 0 or not any(wild):
            if room < 0 or not shape[4]:
                return None
            return room, (0, 0, 0, 0, 0)
        if wild[0] + wild[1] + wild[2] + wild[3] + wild[4] > room and max(wild) > room:
            # As for new melds: only subsets of at most ``room`` wild cards can join.
            wild = tuple(min(count, room) for count in wild)
        return room, wild

    def _file_layoffs(self, key: tuple[object, ...], cands: _LayoffCandidates, most: int
                      ) -> _LayoffEntry:
        """File the lay-offs ``cands`` (the most cards of one: ``most``) under ``key`` in
        ``Catalog.layoffs``. Entries with the same lay-offs (on melds of other sizes, say)
        share their action numbers."""
        by_cands = self._t.layoff_numbers
        numbers = by_cands.get(cands)
        if numbers is None:
            numbers = by_cands[cands] = tuple(
                [self._t.layoff_code_number(codes) * _MELD_INDEXES for codes, _kind in cands])
        return self._file_layoff_entry(key, (cands, most, numbers, None))

    def _file_layoff_entry(self, key: tuple[object, ...], found: _LayoffEntry
                           ) -> _LayoffEntry:
        self._t.layoffs[key] = found
        return found

    def _held_entry(self, held_key: tuple[object, ...], found: _LayoffEntry) -> _LayoffEntry:
        # Kept by the counts held as they are too (see ``Catalog.layoffs_held``).
        self._t.layoffs_held[held_key] = found
        return found

    def _layoff_template(self, shape: tuple[object, ...], held: tuple[int, ...],
                         wild: tuple[int, ...], room: int
                         ) -> tuple[tuple[int, ...], tuple[str | None, ...], int]:
        """What :meth:`_layoff_search` finds on a set of naturals whose ``shape`` is (rank,
        size, wild cards, canasta, naturals held), given the counts ``held`` of its
        naturals and ``wild`` of the wild cards (clamped to the wild ``room``), whatever
        its rank: the shape numbers of its candidates (see ``_LayoffCodes``), their
        canasta kinds and the most cards of one.

        The search depends on the rank only through the codes of its naturals and the
        join grid (which counts of naturals and wild cards may join, making which canasta
        kind): the candidates are kept once per grid and counts, as shape numbers (suit
        positions and wild cards) in ``Catalog.layoff_templates``. A rank's tables turn
        them into its action numbers (``_LayoffNumbers``) and, when asked, its codes
        (``_LayoffCodes``)."""
        tables = self._t
        sig = tables.layoff_sigs.get(shape)
        if sig is None:
            sig = self._layoff_sig(shape, room)
        tkey = (sig[0], *held, *wild)
        template = tables.layoff_templates.get(tkey)
        if template is None:
            template = self._layoff_new_template(tkey, held, wild, room, sig[1])
        return template

    def _layoff_sig(self, shape: tuple[object, ...], room: int
                    ) -> tuple[int, tuple[tuple[bool, str | None], ...]]:
        """The number of the join grid of ``shape`` (see ``Catalog.layoff_sigs``) and the
        grid: (legal, canasta kind) by ``naturals * (room + 1) + wild cards``."""
        tables = self._t
        sig_ids = tables.layoff_sig_ids
        rank, size, wilds, _canasta, nat_held = shape
        assert isinstance(rank, int) and isinstance(size, int) and isinstance(wilds, int)
        assert isinstance(nat_held, int)
        nat_now = size - wilds
        grid = tuple([(self._set_ok(rank, nat_now + n, wilds + w),
                       self._canasta_kind(False, rank, size + n + w, wilds + w))
                      for n in range(nat_held + 1) for w in range(max(room, 0) + 1)])
        # Keyed with the counts that give it its shape: grids of other widths never meet.
        grid_key = (nat_held, room, grid)
        number = sig_ids.get(grid_key)
        if number is None:
            number = sig_ids[grid_key] = len(sig_ids)
        sig = tables.layoff_sigs[shape] = (number, grid)
        return sig

    def _layoff_new_template(self, tkey: tuple[int, ...], held: tuple[int, ...],
                             wild: tuple[int, ...], room: int,
                             grid: tuple[tuple[bool, str | None], ...]
                             ) -> tuple[tuple[int, ...], tuple[str | None, ...], int]:
        """The template of ``tkey`` (see ``Catalog.layoff_templates``): the search of
        :meth:`_layoff_search` on suit positions instead of codes, in the same order (by
        the naturals, then by the wild cards with them)."""
        tables = self._t
        templates = tables.layoff_templates
        nat_subs = self._t.submultisets([(p, c) for p, c in enumerate(held) if c], 0, 99)
        rows: dict[int, tuple[tuple[int, ...], tuple[str | None, ...], int]] = {}
        ids: list[int] = []
        kinds: list[str | None] = []
        most = 0
        weights = _LAYOFF_POSITIONS.__getitem__
        for nat in nat_subs:
            n = len(nat)
            row = rows.get(n)
            if row is None:
                row = rows[n] = self._layoff_row(tkey[0], n, wild, room, grid)
            wild_numbers, row_kinds, row_most = row
            if row_most < 0:
                continue
            nat_number = sum(map(weights, nat)) << _LAYOFF_NAT_SHIFT
            ids.extend([nat_number | number for number in wild_numbers])
            kinds.extend(row_kinds)
            if n + row_most > most:
                most = n + row_most
        template = templates[tkey] = (tuple(ids), tuple(kinds), most)
        return template

    def _layoff_row(self, sig: int, n: int, wild: tuple[int, ...], room: int,
                    grid: tuple[tuple[bool, str | None], ...]
                    ) -> tuple[tuple[int, ...], tuple[str | None, ...], int]:
        """The wild cards that may join ``n`` naturals on a set of join grid ``sig`` (see
        ``Catalog.layoff_rows``)."""
        rows = self._t.layoff_rows
        key = (sig, n, *wild)
        row = rows.get(key)
        if row is not None:
            return row
        high = max(room, 0)
        # The search takes the wild cards up to the meld's raw room; those beyond ``room``
        # never join (that is what the room means), and the rest come in the same order.
        wild_subs = self._t.submultisets(
            [(c, k) for c, k in zip(WILD_CODES, wild, strict=True) if k], 0, high)
        first = n * (high + 1)
        units = _LAYOFF_WILD_UNITS.__getitem__
        numbers: list[int] = []
        kinds: list[str | None] = []
        most = -1
        for wsub in wild_subs:
            w = len(wsub)
            if not n and not w:
                continue
            ok, kind = grid[first + w]
            if ok:
                numbers.append(sum(map(units, wsub)))
                kinds.append(kind)
                if w > most:
                    most = w
        row = rows[key] = (tuple(numbers), tuple(kinds), most)
        return row

    def _layoff_wild_room(self, meld: Meld, held: int) -> int:
        """The most wild cards one lay-off on the set ``meld`` can hold, given ``held``
        naturals of its rank in hand; -1 when no lay-off is possible at all."""
        mr = self._s.meld
        size = len(meld.cards)
        if mr.max_size is not None and size >= mr.max_size:
            return -1
        rank = None if meld.rank is None else int(meld.rank)
        if rank is None:
            wild_room = mr.wild_meld_max - size
            held = 0
        else:
            max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
            wild_room = max_w - meld.wilds if rank != 3 else 0
            if meld.canasta is not None and meld.wilds == 0 and mr.no_wild_on_natural_canasta:
                wild_room = 0
        if mr.max_size is not None:
            wild_room = min(wild_room, mr.max_size - size)
        nat_now = size - meld.wilds
        room = -1
        set_ok = self._set_ok  # memoised: a fresh process meets hundreds of set shapes
        wilds = meld.wilds
        for wild in range(max(wild_room, 0), -1, -1):
            for nat in range(0 if wild else 1, held + 1):
                if set_ok(rank, nat_now + nat, wilds + wild):
                    return wild
        return room

    def _layoff_search(self, hand: list[int], meld: Meld
                       ) -> Iterator[tuple[tuple[int, ...], str | None]]:
        mr = self._s.meld
        size = len(meld.cards)
        if meld.kind is MeldKind.RUN:
            suit = int(meld.suit)  # type: ignore[arg-type]
            low = int(meld.cards[0].rank)
            high = int(meld.cards[-1].rank)
            room = mr.run_max - size
            if room <= 0:
                return
            down: list[int] = []
            rank = low - 1
            while rank >= mr.run_low and len(down) < room and hand[(rank - 2) * 4 + suit]:
                down.append((rank - 2) * 4 + suit)
                rank -= 1
            up: list[int] = []
            rank = high + 1
            while rank <= mr.run_high and len(up) < room and hand[(rank - 2) * 4 + suit]:
                up.append((rank - 2) * 4 + suit)
                rank += 1
            for a in range(len(down) + 1):
                for b in range(len(up) + 1):
                    if a + b == 0 or a + b > room:
                        continue
                    codes = tuple(sorted(down[:a] + up[:b]))
                    yield codes, self._canasta_kind(True, None, size + a + b, 0)
            return
        if mr.max_size is not None and size >= mr.max_size:
            return
        max_w = mr.set_max_wilds if mr.set_max_wilds is not None else 99
        rank_or_none = None if meld.rank is None else int(meld.rank)
        if rank_or_none is None:
            nat_subs: Sequence[tuple[int, ...]] = ((),)
            wild_room = mr.wild_meld_max - size
        else:
            codes_r = BLACK_THREES if rank_or_none == 3 else _rank_codes(rank_or_none)
            nat_items = [(c, hand[c]) for c in codes_r if hand[c]]
            nat_subs = self._t.submultisets(nat_items, 0, 99)
            wild_room = max_w - meld.wilds if rank_or_none != 3 else 0
            if meld.canasta is not None and meld.wilds == 0 and mr.no_wild_on_natural_canasta:
                wild_room = 0
        if mr.max_size is not None:
            wild_room = min(wild_room, mr.max_size - size)
        wild_subs = self._wild_subsets(hand, max(wild_room, 0))
        nat_now = size - meld.wilds
        # Legality and canasta kind depend only on how many naturals and wild cards join.
        joins: dict[tuple[int, int], tuple[bool, str | None]] = {}
        for nat in nat_subs:
            n = len(nat)
            for _wsub, w, low_w, high_w in wild_subs:
                if not n and not w:
                    continue
                join = joins.get((n, w))
                if join is None:
                    join = joins[(n, w)] = (
                        self._set_ok(rank_or_none, nat_now + n, meld.wilds + w),
                        self._canasta_kind(False, rank_or_none, size + n + w, meld.wilds + w))
                if join[0]:
                    yield low_w + nat + high_w, join[1]

    # --- applying -----------------------------------------------------------------------------

    def apply(self, action: Action | str, *, player: int | None = None) -> None:
        """Check ``action`` completely, then play it. A rejected action raises (see
        :meth:`verify`) and leaves the game exactly as it was.

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> game.apply("draw"); game.phase
        'play'
        """
        # The module's alias of the class table: a class attribute read through a
        # slotted instance is not specialised by the interpreter, a global is.
        execute = _EXECUTORS.get(type(action))
        if execute is None or player is not None:
            act = self._coerce(action, player)
            execute = _EXECUTORS[type(act)]
        else:
            act = action  # type: ignore[assignment]  # an action value already
        self._t = self._s.shelf.pin()
        cached = self._legal_cache
        # An action object taken from the current listing is legal by construction (the
        # listing and the checks are kept in agreement by the completeness tests), so
        # bots that hand back what legal_actions() gave them skip the second check.
        if cached is None:
            self._check(act)
        else:
            for listed in cached:
                if listed is act:
                    break
            else:
                self._check(act)
        if self._s.guard_apply:
            self._apply_or_restore(act, execute)
            return
        self._legal_cache = None
        self._actions.append(act)
        execute(self, act)

    def _apply_or_restore(self, act: Action, execute: Callable[[Game, Any], None]) -> None:
        """Play ``act`` (already checked), or, if a variant's hook raises on the way, put
        the game back exactly as it was and re-raise: an action is all or nothing."""
        saved = self.clone()
        self._legal_cache = None
        self._actions.append(act)
        try:
            execute(self, act)
        except BaseException:
            for name in Game.__slots__:
                setattr(self, name, getattr(saved, name))
            raise

    def _remove(self, player: int, codes: Sequence[int]) -> None:
        hand = self._hands[player]
        for code in codes:
            hand[code] -= 1
        self._hsize[player] -= len(codes)

    def _note_meld(self, side: int, index: int | None, meld: Meld, value: int) -> None:
        melds = self._melds[side]
        if index is None:
            melds.append(meld)
            became = meld.canasta
        else:
            became = meld.canasta if melds[index].canasta is None else None
            melds[index] = meld
        if became is not None:
            self._turn_kinds.append(became)
        if not self._initial[side]:
            self._turn_value += value
            if self._turn_value >= self._minimum[side]:
                self._initial[side] = True
                self._take_counts = None
            elif self._take_counts is None and self._s.initial.retract_penalty is None:
                # PH-17: melds never go back to the hand, so a short first meld binds the
                # turn to reach the minimum, as an initial pile take does (AS-23): the
                # cards held now are those that may count.
                self._take_counts = self._hands[self._current][:]

    def _after_play(self, player: int) -> None:
        if self._hsize[player] == 0:
            self._end_hand(went_out=player, reason=f"seat {player} went out")

    def _do_draw(self, action: Draw) -> None:
        s = self._s
        player = self._current
        hand = self._hands[player]
        stock = self._stock
        auto = s.red.auto_place
        kept = 0
        last_red = False
        pending = s.draw_count
        self._log.extend((player, "draws"))
        while pending and stock:
            code = stock.pop()
            if auto and _IS_RED_THREE[code]:
                # AS-16: a drawn red 3 is placed at once and replaced.
                self._red[s.side_of[player]].append(code)
                self._log.extend((player, f"places {CARDS[code]}"))
                last_red = not stock
                continue
            pending -= 1
            hand[code] += 1
            kept += 1
        self._hsize[player] += kept
        stock_end = s.stock_end
        if kept == 0 and not stock and stock_end.red_three_last_draw_ends:
            self._end_hand(went_out=None, reason="the last draw from the stock was only red 3s")
            return
        if last_red and stock_end.red_three_last_card_ends:
            self._end_hand(went_out=None, reason="the last card of the stock was a red 3")
            return
        self._phase = PLAY

    def _do_pass(self, action: Pass) -> None:
        self._log.extend((self._current, "passes"))
        if self._phase == PLAY:
            self._end_hand(went_out=None, reason=f"seat {self._current} holds only cards that "
                                                 "may not be discarded")
            return
        self._end_hand(went_out=None, reason="the stock is exhausted and the pile was not taken")

    def _take_rest_of_pile(self, player: int) -> None:
        hand = self._hands[player]
        rest = self._pile[:-1]
        kept = len(rest)
        if self._s.red.auto_place:
            red = self._red[self._s.side_of[player]]
            for code in rest:
                if _IS_RED_THREE[code]:
                    red.append(code)
                    self._log.extend((player, f"places {CARDS[code]} from the pile"))
                    kept -= 1
                else:
                    hand[code] += 1
        else:
            for code in rest:
                hand[code] += 1
        self._hsize[player] += kept
        self._pile = []
        self._freezers = 0

    def _do_take(self, action: TakePile) -> None:
        player = self._current
        side = self._s.side_of[player]
        top = self._pile[-1]
        self._log.extend((player, action))
        if action.onto is not None:
            new = self._laid_off(self._melds[side][action.onto], (top,))
            self._take_rest_of_pile(player)
            self._note_meld(side, action.onto, new, 0)
        else:
            codes = [c.code for c in action.cards]
            hand = self._hands[player]
            wild = 1 if _IS_WILD[top] else 0
            # ``_remove`` inline, and the wild cards counted on the way (a generator
            # expression is a frame of its own).
            for code in codes:
                hand[code] -= 1
                if _IS_WILD[code]:
                    wild += 1
            self._hsize[player] -= len(codes)
            all_codes = sorted([*codes, top])
            join = (self._open_set_index(side, top // 4 + 2)
                    if self._s.joins_sets else None)
            meld = self._take_meld(side, join, all_codes, wild)
            was_initial = self._initial[side]
            base = 0 if was_initial else self._take_value(codes)
            held = None if was_initial else self._hands[player][:]
            self._take_rest_of_pile(player)
            if join is None:
                self._melds[side].append(meld)
            else:
                self._melds[side][join] = meld  # PH-10: joined with the open meld at once
            if meld.canasta is not None:
                self._turn_kinds.append(meld.canasta)
            if not was_initial:
                self._turn_value = base
                if base >= self._minimum[side]:
                    self._initial[side] = True
                else:
                    # AS-23: from now on only the cards the player held before the take
                    # count towards the minimum, which must be reached before a discard.
                    self._take_counts = held
        self._phase = PLAY
        if not self._hsize[player]:
            self._end_hand(went_out=player, reason=f"seat {player} went out")

    def _do_pickup(self, action: PickUp) -> None:
        player = self._current
        side = self._s.side_of[player]
        top = self._pile.pop()
        if top in WILD_CODES or top in RED_THREES:
            self._freezers -= 1
        new = self._laid_off(self._melds[side][action.onto], (top,))
        assert self._s.pickup is not None
        self._note_meld(side, action.onto, new, 0)
        self._log.extend((player, f"picks up {CARDS[top]} onto meld {action.onto}"))
        hand = self._hands[player]
        for _ in range(self._s.pickup.stock_cards):
            if self._stock:
                code = self._stock.pop()
                hand[code] += 1
                self._hsize[player] += 1
        self._phase = PLAY

    def _made_meld(self, action: MakeMeld) -> tuple[Meld, tuple[int, ...]]:
        """The meld a checked ``MakeMeld`` makes, and its codes: memoised by the action, as
        the listing hands out one shared action per meld."""
        made = self._t.made_melds
        found = made.get(id(action))
        if found is not None and found[0] is action:
            return found[1], found[2]
        codes = tuple([c.code for c in action.cards])
        # A meld made before is known by its cards (a set or a run, never both).
        melds = self._t.melds
        ordered = tuple(sorted(codes))
        meld = melds.get((False, ordered)) or melds.get((True, ordered))
        if meld is None:
            kind, rank, suit, wild = self._shape(codes, black3_ok=True)  # type: ignore[misc]
            meld = self._new_meld(kind, rank, suit, codes, wild)
        made[id(action)] = (action, meld, codes)
        return meld, codes

    def _laid_off(self, meld: Meld, codes: tuple[int, ...]) -> Meld:
        """What ``meld`` becomes with ``codes`` added, for a lay-off (or a pile card put
        onto it) already checked."""
        # The play was checked (or listed, which the completeness tests hold to the
        # checks): only the meld is left to build, as ``_layoff_problem`` would; the
        # meld table sorts the codes.
        all_codes = [c.code for c in meld.cards]
        all_codes += codes
        if meld.kind is MeldKind.RUN:
            new = self._new_meld(MeldKind.RUN, None, meld.suit, all_codes, 0)
        else:
            wild = meld.wilds
            for code in codes:
                if _IS_WILD[code]:
                    wild += 1
            new = self._new_meld(MeldKind.SET, None if meld.rank is None else int(meld.rank),
                                 None, all_codes, wild)
        return new

    def _do_meld(self, action: MakeMeld) -> None:
        player = self._current
        side = self._s.side_of[player]
        # ``_made_meld``'s hit inline, and below ``_remove``, ``_note_meld`` past the
        # initial meld and ``_after_play``: a Python call costs about 400 instructions,
        # and a random hand makes a dozen melds.
        found = self._t.made_melds.get(id(action))
        if found is not None and found[0] is action:
            meld, codes = found[1], found[2]
        else:
            meld, codes = self._made_meld(action)
        hand = self._hands[player]
        for code in codes:
            hand[code] -= 1
        left = self._hsize[player] - len(codes)
        self._hsize[player] = left
        if self._initial[side] and self._take_counts is None:
            self._melds[side].append(meld)
            if meld.canasta is not None:
                self._turn_kinds.append(meld.canasta)
        else:
            # The count only matters towards an initial meld still to make (and a pile
            # take short of it, whose counted cards only exist before that meld).
            self._note_meld(side, None, meld, self._counted_value(codes, use_up=True))
        self._log.extend((player, action))
        if not left:
            self._end_hand(went_out=player, reason=f"seat {player} went out")

    def _do_layoff(self, action: LayOff) -> None:
        player = self._current
        side = self._s.side_of[player]
        cards = action.cards
        # Most lay-offs are of one card: its code without a list comprehension.
        codes = (cards[0].code,) if len(cards) == 1 else tuple([c.code for c in cards])
        melds = self._melds[side]
        index = action.meld
        old = melds[index]
        new = self._laid_off(old, codes)
        hand = self._hands[player]
        for code in codes:
            hand[code] -= 1
        left = self._hsize[player] - len(codes)
        self._hsize[player] = left
        if self._initial[side] and self._take_counts is None:
            # ``_note_meld`` past the initial meld, inline as in ``_do_meld``.
            melds[index] = new
            if old.canasta is None and new.canasta is not None:
                self._turn_kinds.append(new.canasta)
        else:
            self._note_meld(side, index, new, self._counted_value(codes, use_up=True))
        self._log.extend((player, action))
        if not left:
            self._end_hand(went_out=player, reason=f"seat {player} went out")

    def _do_merge(self, action: Merge) -> None:
        player = self._current
        side = self._s.side_of[player]
        melds = self._melds[side]
        a, b = melds[action.first], melds[action.second]
        codes = sorted([c.code for c in a.cards] + [c.code for c in b.cards])
        merged = self._new_meld(MeldKind.SET, int(a.rank), None, codes,  # type: ignore[arg-type]
                                a.wilds + b.wilds)
        del melds[action.second]
        became = merged.canasta if a.canasta is None and b.canasta is None else None
        melds[action.first] = merged
        if became is not None:
            self._turn_kinds.append(became)
        self._log.extend((player, action))

    def _do_place(self, action: PlaceRedThree) -> None:
        player = self._current
        side = self._s.side_of[player]
        self._remove(player, [action.card.code])
        self._red[side].append(action.card.code)
        self._log.extend((player, f"places {action.card}"))
        self._after_play(player)

    def _do_retract(self, action: Retract) -> None:
        player = self._current
        side = self._s.side_of[player]
        hand = self._hands[player]
        for meld in self._melds[side]:
            for card in meld.cards:
                hand[card.code] += 1
                self._hsize[player] += 1
        self._melds[side] = []
        self._turn_value = 0
        self._turn_kinds = []
        penalty = self._s.initial.retract_penalty or 0
        self._minimum[side] += penalty
        self._retracted = True
        self._log.extend((player, f"retracts a short initial meld; minimum now "
                                  f"{self._minimum[side]}"))

    def _do_discard(self, action: Discard) -> None:
        player = self._current
        code = action.card.code
        self._hands[player][code] -= 1
        left = self._hsize[player] - 1
        self._hsize[player] = left
        self._pile.append(code)
        if _FREEZES[code]:
            self._freezers += 1
        self._log.extend((player, action))
        if not left:
            self._end_hand(went_out=player, reason=f"seat {player} went out")
            return
        self._turns += 1
        s = self._s
        custom = s.custom_turn_end
        if custom is None:
            custom = s.custom_turn_end = s._implemented_outside_core("canasta_turn_end")
        if custom:  # the core's answer is "nothing happens"
            effects = s.call("canasta_turn_end", TurnEndEffects, game=self, player=player)
            if effects.pick_up_foot and not self._foot_picked[player]:
                self._pick_up_foot(player)
            if effects.end_hand:
                self._end_hand(went_out=None, reason=f"seat {player}'s turn ended the hand")
                return
        self._begin_turn((player + 1) % s.num_players)

    def _pick_up_foot(self, player: int) -> None:
        hand = self._hands[player]
        foot = self._feet[player]
        for code in range(NUM_CODES):
            hand[code] += foot[code]
            foot[code] = 0
        self._hsize[player] += self._fsize[player]
        self._fsize[player] = 0
        self._foot_picked[player] = True
        self._log.extend((player, "picks up the foot"))
        if self._s.red.auto_place:
            self._place_red_threes_from_hand(player, replace=True)

    def _do_ask(self, action: Ask) -> None:
        self._asker = self._current
        self._log.extend((self._current, f"asks seat {action.partner}: may I go out?"))
        self._current = action.partner
        self._phase = ANSWER

    def _do_answer(self, action: Answer) -> None:
        self._answer = action.yes
        self._log.extend((self._current, "answers yes" if action.yes else "answers no"))
        assert self._asker is not None
        self._current = self._asker
        self._phase = PLAY

    _executors: ClassVar[dict[type, Callable[[Game, Any], None]]] = {
        Draw: _do_draw, Pass: _do_pass, TakePile: _do_take, PickUp: _do_pickup,
        MakeMeld: _do_meld, LayOff: _do_layoff, Merge: _do_merge, PlaceRedThree: _do_place,
        Retract: _do_retract, Discard: _do_discard, Ask: _do_ask, Answer: _do_answer,
    }

    # --- end of hand and game ---------------------------------------------------------------------

    def _end_hand(self, went_out: int | None, reason: str) -> None:
        if went_out is not None:
            self._concealed = not self._side_had_melds
        s = self._s
        sheets: list[SideScore] = []
        for side in range(len(s.side_members)):
            items = s.call("canasta_score_side", tuple, game=self, side=side, went_out=went_out)
            # One plain loop instead of two generator expressions (a frame each).
            total = 0
            for item in items:
                if not isinstance(item, ScoreItem):
                    raise VariantError(f"variant {s.info.name!r}: canasta_score_side must "
                                       "return ScoreItems")
                total += item.points
            self._scores[side] += total
            sheets.append(SideScore(side=side, items=tuple(items), total=total,
                                    cumulative=self._scores[side]))
        self._results = (*self._results,
                         HandResult(number=self._hand_no, dealer=self._dealer,
                                    went_out=went_out, reason=reason, sides=tuple(sheets),
                                    turns=self._turns + 1,
                                    table=table_of(self, went_out=went_out)))
        self._log.extend((None, f"hand ends: {reason}"))
        result = s.call("canasta_game_result", GameResult, game=self)
        if result.over:
            self._result = result
            self._phase = OVER
            self._over = True
            self._legal_cache = ()
            return
        self._deal(hand_no=self._hand_no + 1, dealer=(self._dealer + 1) % s.num_players)

    # --- copies, equality, accounting -----------------------------------------------------------

    def clone(self) -> Game:
        """An independent copy of the game (hidden state and random generator included).

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> copy = game.clone(); copy.apply("draw")
        >>> game.phase, copy.phase
        ('draw', 'play')
        """
        new = object.__new__(Game)
        new._s = self._s
        new._t = self._t
        # The generator becomes a state both games share (see ``_rng_state``).
        new._rng = None
        new._rng_saved = self._rng_state
        new._seed = self._seed
        new._start = self._start
        new._hands = [h[:] for h in self._hands]
        new._hsize = self._hsize[:]
        new._feet = [f[:] for f in self._feet]
        new._fsize = self._fsize[:]
        new._foot_picked = self._foot_picked[:]
        new._stock = self._stock[:]
        new._pile = self._pile[:]
        new._freezers = self._freezers
        new._aside = self._aside[:]
        new._melds = [m[:] for m in self._melds]
        new._red = [r[:] for r in self._red]
        new._initial = self._initial[:]
        new._minimum = self._minimum[:]
        new._scores = self._scores[:]
        new._results = self._results
        new._over = self._over
        new._hand_no = self._hand_no
        new._dealer = self._dealer
        new._current = self._current
        new._phase = self._phase
        new._first_turn_done = self._first_turn_done[:]
        new._turn_value = self._turn_value
        new._answer = self._answer
        new._asker = self._asker
        new._turn_kinds = self._turn_kinds[:]
        new._retracted = self._retracted
        new._take_counts = None if self._take_counts is None else self._take_counts[:]
        new._side_had_melds = self._side_had_melds
        new._concealed = self._concealed
        new._actions = self._actions[:]
        new._log = self._log[:]
        new._past_logs = self._past_logs[:]
        new._turns = self._turns
        new._result = self._result
        new._legal_cache = self._legal_cache
        new._probe = False
        new._out_memo = self._out_memo
        return new

    def determinize(self, player: int, rng: random.Random) -> Game:
        """A copy of the game consistent with what ``player`` knows, every card that seat
        cannot see dealt at random with ``rng``, with a fresh random generator (see
        :mod:`canasta_family.determinize`).

        >>> import random, canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> game.determinize(0, random.Random(2)).observation(0) == game.observation(0)
        True
        """
        from canasta_family.determinize import determinize

        return determinize(self, player, rng)

    def _with_hidden(self, hands: Sequence[Sequence[Card]], feet: Sequence[Sequence[Card]],
                     stock: Sequence[Card], pile: Sequence[Card], aside: Sequence[Card],
                     seed: int) -> Game:
        """A clone with these hidden places (the pile bottom to top) and a generator
        seeded with ``seed``; only :mod:`canasta_family.determinize` calls it."""
        new = self.clone()
        n = self._s.num_players
        new._hands = [[0] * NUM_CODES for _ in range(n)]
        new._feet = [[0] * NUM_CODES for _ in range(n)]
        for seat in range(n):
            for card in hands[seat]:
                new._hands[seat][card.code] += 1
            for card in feet[seat]:
                new._feet[seat][card.code] += 1
        new._hsize = [len(h) for h in hands]
        new._fsize = [len(f) for f in feet]
        new._stock = [card.code for card in stock]
        new._pile = [card.code for card in pile]
        new._freezers = sum(1 for c in new._pile if c in WILD_CODES or c in RED_THREES)
        new._aside = [card.code for card in aside]
        counts = self._take_counts
        if counts is not None:
            # The cards that came with the pile are known to be in the taker's hand; the
            # rest of the dealt hand stands for what the taker held before (AS-23).
            seat = self._current
            held = self._hands[seat]
            dealt = new._hands[seat]
            new._take_counts = [max(0, dealt[c] - (held[c] - counts[c]))
                                for c in range(NUM_CODES)]
        new._rng_state = random.Random(seed).getstate()
        new._legal_cache = None
        return new

    def snapshot(self) -> tuple[object, ...]:
        """The whole state as one comparable value (hidden cards included); equal games
        have equal snapshots. Meant for tests and debugging."""
        return (
            self._s.info.name, tuple(sorted(self._s.options.items())), self._s.num_players,
            self._seed, self._rng_state,
            tuple(tuple(h) for h in self._hands), tuple(self._hsize),
            tuple(tuple(f) for f in self._feet), tuple(self._fsize), tuple(self._foot_picked),
            tuple(self._stock), tuple(self._pile), self._freezers, tuple(self._aside),
            tuple(tuple(m) for m in self._melds), tuple(tuple(r) for r in self._red),
            tuple(self._initial), tuple(self._minimum), tuple(self._scores),
            tuple(self._results), self._hand_no, self._dealer, self._current, self._phase,
            tuple(self._first_turn_done), self._turn_value, self._answer, self._asker,
            tuple(self._turn_kinds), self._retracted, self._side_had_melds, self._concealed,
            None if self._take_counts is None else tuple(self._take_counts),
            tuple(self._actions), self.log(all_hands=True), self._turns,
            self._result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def card_locations(self) -> dict[str, int]:
        """How many cards are in each place (hands, feet, stock, pile, melds, red 3s,
        aside); they always add up to the deck size."""
        return {
            "hands": sum(self._hsize),
            "feet": sum(self._fsize),
            "stock": len(self._stock),
            "pile": len(self._pile),
            "melds": sum(len(m.cards) for side in self._melds for m in side),
            "red_threes": sum(len(r) for r in self._red),
            "aside": len(self._aside),
        }

    def all_card_counts(self) -> list[int]:
        """Counts by card code over every place; equals the deck's counts in every state."""
        counts = [0] * NUM_CODES
        for hand in self._hands:
            for code in range(NUM_CODES):
                counts[code] += hand[code]
        for foot in self._feet:
            for code in range(NUM_CODES):
                counts[code] += foot[code]
        for code in self._stock + self._pile + self._aside:
            counts[code] += 1
        for side in self._melds:
            for meld in side:
                for card in meld.cards:
                    counts[card.code] += 1
        for reds in self._red:
            for code in reds:
                counts[code] += 1
        return counts

    def __repr__(self) -> str:
        return (f"<Game {self._s.info.name} players={self._s.num_players} "
                f"hand={self._hand_no} seat={self._current} phase={self._phase} "
                f"scores={self._scores}>")



_EXECUTORS = Game._executors
"""``Game._executors`` for ``Game.apply``, which reads it at every action."""
