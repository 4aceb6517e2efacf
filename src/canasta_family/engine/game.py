"""The :class:`Game`: the state of one game, its public reads, and the entry points of
every operation (listing, checking, applying, copying)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, cast

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
from canasta_family.cards import NUM_CODES, Card
from canasta_family.engine.applying import _Applying
from canasta_family.engine.catalog import (
    Catalog,
)
from canasta_family.engine.checks import _Checks
from canasta_family.engine.codes import (
    _ALL_CODES,
    CARDS,
)
from canasta_family.engine.constructors import (
    _ANSWERS,
)
from canasta_family.engine.out_nodes import OutNode
from canasta_family.engine.phases import ANSWER, DRAW, OVER, PLAY
from canasta_family.engine.rule_set import _static_for
from canasta_family.engine.state import _GameState, _LogItem
from canasta_family.engine.take_checks import _TakeChecks
from canasta_family.errors import (
    IllegalActionError,
    InvalidActionError,
    SetupError,
    VariantError,
)
from canasta_family.melds import Meld
from canasta_family.observation import Observation, observe
from canasta_family.plugins import Variant, validate_options
from canasta_family.record import GameRecord, record_of
from canasta_family.results import HandResult
from canasta_family.rules import (
    CanastaRules,
    CardRoles,
    DealRules,
    GameResult,
    GoingOutRules,
    MeldRules,
    PileRules,
    RedThreeRules,
    ReserveRules,
    VariantInfo,
    Violation,
)

__all__ = ["ANSWER", "DRAW", "OVER", "PLAY", "Game"]


class Game(_Applying):
    """A game of a Canasta-family variant, from the first deal to the end.

    Create one with :func:`canasta_family.new_game`. The game is mutable; ``clone()`` gives
    an independent copy cheaply (for search and simulation). Two games compare equal when
    their whole state — hidden cards and the random generator included — is equal.
    """

    __slots__ = ()  # the slots are declared once, in ``_GameState``


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
        """The memo tables this game reads (see ``catalog``): taken afresh by every listing
        and check, never changed in the middle of one; an action plays in the catalog its
        listing or check used."""
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
        # Whether a position earlier in this turn had no way out (see
        # ``_GoingOut._out_reachable``): then no position the turn's plays lead to has one.
        self._out_closed = False
        # What the going-out search worked out per position this turn (out_nodes.py):
        # made afresh each turn and shared with every copy made in it.
        self._out_nodes: dict[tuple[object, ...], OutNode] = {}
        if start is None:
            self._deal(hand_no=0, dealer=0)
        else:
            self._arrange(start)


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

    @property
    def card_roles(self) -> CardRoles:
        """Which cards are wild, bonus cards and stop cards in this game (the answers of
        :meth:`is_wild`, :meth:`is_bonus_card` and :meth:`is_stop_card` for every card),
        as the public value every :class:`~canasta_family.observation.Observation` carries
        in ``roles``.

        >>> import canasta_family
        >>> game = canasta_family.new_game("canasta", players=2, seed=1)
        >>> game.card_roles.is_wild(Card.parse("2h")), game.observation(0).roles is game.card_roles
        (True, True)
        """
        return self._s.roles

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild in this variant (``canasta_is_wild``; AS-3: jokers and
        2s).

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", players=2, seed=1)
        >>> game.is_wild(Card.parse("2h")), game.is_wild(Card.parse("Kh"))
        (True, False)
        """
        return self._s.wild[card.code]

    def is_bonus_card(self, card: Card) -> bool:
        """Whether ``card`` is a bonus card in this variant, placed face up for points and
        never melded (``canasta_is_bonus_card``; AS-16: the red 3s).

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", players=2, seed=1)
        >>> game.is_bonus_card(Card.parse("3h")), game.is_bonus_card(Card.parse("3s"))
        (True, False)
        """
        return self._s.bonus[card.code]

    def is_stop_card(self, card: Card) -> bool:
        """Whether ``card`` is a stop card in this variant, melded only as the meld rules
        allow black 3s (``canasta_is_stop_card``; AS-33: the black 3s).

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", players=2, seed=1)
        >>> game.is_stop_card(Card.parse("3s")), game.is_stop_card(Card.parse("3h"))
        (True, False)
        """
        return self._s.stop[card.code]

    def side_of(self, player: int) -> int:
        """The side ``player`` belongs to."""
        return self._s.side_of[player]

    def side_members(self, side: int) -> tuple[int, ...]:
        """The seats of ``side``."""
        return self._s.side_members[side]

    def partners(self, player: int) -> tuple[int, ...]:
        """The other seats on ``player``'s side."""
        return self._s.partners_of[player]

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
        s = self._s
        values = s.values
        red = sum(s.bonus_counts(counts))
        # Over the codes held only: a hand at the end of a hand holds a dozen cards of 53
        # codes, and ``sum(map(mul, ...))`` multiplied every code (about 60 % more work).
        total = 0
        for code in compress(_ALL_CODES, counts):
            total += values[code] * counts[code]
        if red:
            total -= sum([values[code] * counts[code] for code in s.bonus_codes])
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

    @property
    def turn_pile_cards(self) -> tuple[Card, ...]:
        """The cards the player to move took with the pile this turn, bottom to top
        (empty when the turn took none); BU-10 forbids discarding a lone one again."""
        return tuple(CARDS[code] for code in self._turn_take)

    @property
    def reserve_rules(self) -> ReserveRules:
        """The variant's :class:`~canasta_family.rules.ReserveRules` (Buraco's morto)."""
        return self._s.reserve

    def reserve_size(self, side: int) -> int:
        """Cards in ``side``'s reserve while it waits to be taken (0 once taken, turned
        into stock, or in variants without one)."""
        return self._rsize[side]

    def reserve_cards(self, side: int) -> tuple[Card, ...]:
        """``side``'s waiting reserve, face down (hidden from every observation)."""
        reserve = self._reserves[side]
        cards: tuple[Card, ...] = ()
        for code in compress(_ALL_CODES, reserve):
            cards += (CARDS[code],) * reserve[code]
        return cards

    def reserve_taken_by(self, side: int) -> int | None:
        """The seat that took ``side``'s reserve this hand, or None."""
        taker = self._reserve_taker[side]
        return None if taker < 0 else taker

    def reserve_waiting(self, side: int) -> bool:
        """Whether ``side``'s reserve was taken with a discard and its taker has not had
        a turn since (BU-24)."""
        return self._reserve_waiting[side]

    def reserve_turned_to_stock(self, side: int) -> bool:
        """Whether ``side``'s reserve became the stock when the stock ran out (BU-28)."""
        return self._reserve_stocked[side]

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

    def owes_initial_meld(self) -> bool:
        """Whether the player to move took the pile for the side's initial meld and has
        not yet melded the rest of the minimum from hand (AS-23): until then no discard.

        >>> import canasta_family
        >>> canasta_family.new_game("american-samba", seed=1).owes_initial_meld()
        False
        """
        return self._owes_initial(self._s.side_of[self._current])


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

    _checkers: ClassVar[dict[type, Callable[[Game, Any], None]]] = {
        Draw: _Checks._check_draw, Pass: _Checks._check_pass,
        TakePile: _TakeChecks._check_take, PickUp: _TakeChecks._check_pickup,
        MakeMeld: _Checks._check_meld, LayOff: _Checks._check_layoff,
        Merge: _Checks._check_merge, PlaceRedThree: _Checks._check_place,
        Retract: _Checks._check_retract, Discard: _Checks._check_discard,
        Ask: _Checks._check_ask, Answer: _Checks._check_answer,
    }


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
        # No new pin: the action plays in the catalog its listing or check used (a game's
        # catalog is renewed by its next listing, check or a new game).
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
        # A play the witness of this position's way out keeps open hands that way on to
        # the position it leads to (AS-35, AS-36): no solve there.
        carried = self._way_out_after(act) if type(act) in _SET_PLAYS else None
        if self._s.guard_apply:
            self._apply_or_restore(act, execute)
        else:
            self._legal_cache = None
            self._actions.append(act)
            execute(self, act)
        if carried is not None:
            self._carry_way_out(carried)

    def _apply_or_restore(self, act: Action, execute: Callable[[Game, Any], None]) -> None:
        """Play ``act`` (already checked), or, if a variant's hook raises on the way, put
        the game back exactly as it was and re-raise: an action is all or nothing."""
        saved = self.clone()
        self._legal_cache = None
        self._actions.append(act)
        try:
            execute(self, act)
        except BaseException:
            for name in _GameState.__slots__:
                setattr(self, name, getattr(saved, name))
            raise

    _executors: ClassVar[dict[type, Callable[[Any, Any], None]]] = {
        Draw: _Applying._do_draw, Pass: _Applying._do_pass, TakePile: _Applying._do_take,
        PickUp: _Applying._do_pickup, MakeMeld: _Applying._do_meld,
        LayOff: _Applying._do_layoff, Merge: _Applying._do_merge,
        PlaceRedThree: _Applying._do_place, Retract: _Applying._do_retract,
        Discard: _Applying._do_discard, Ask: _Applying._do_ask, Answer: _Applying._do_answer,
    }


    def clone(self) -> Game:
        """An independent copy of the game (hidden state and random generator included).

        >>> import canasta_family
        >>> game = canasta_family.new_game("american-samba", seed=1)
        >>> copy = game.clone(); copy.apply("draw")
        >>> game.phase, copy.phase
        ('draw', 'play')
        """
        return self._copy(history=True)

    def _copy(self, history: bool) -> Game:
        """:meth:`clone`; without ``history`` the copy starts with an empty record and
        log (what the going-out search plays on: it reads neither, and copying a whole
        game's actions at every position it searches cost more than the position)."""
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
        if self._s.reserve.size:
            new._reserves = [r[:] for r in self._reserves]
            new._rsize = self._rsize[:]
            new._reserve_taker = self._reserve_taker[:]
            new._reserve_waiting = self._reserve_waiting[:]
            new._reserve_stocked = self._reserve_stocked[:]
        else:  # without reserves these lists never change: shared, not copied
            new._reserves = self._reserves
            new._rsize = self._rsize
            new._reserve_taker = self._reserve_taker
            new._reserve_waiting = self._reserve_waiting
            new._reserve_stocked = self._reserve_stocked
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
        new._turn_take = self._turn_take
        new._retracted = self._retracted
        new._take_counts = None if self._take_counts is None else self._take_counts[:]
        new._side_had_melds = self._side_had_melds
        new._concealed = self._concealed
        if history:
            new._actions = self._actions[:]
            new._log = self._log[:]
            new._past_logs = self._past_logs[:]
        else:
            new._actions, new._log, new._past_logs = [], [], []
        new._turns = self._turns
        new._result = self._result
        new._legal_cache = self._legal_cache
        new._probe = False
        new._out_closed = self._out_closed
        new._out_memo = self._out_memo
        new._out_nodes = self._out_nodes
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
                     seed: int, reserves: Sequence[Sequence[Card]] = ()) -> Game:
        """A clone with these hidden places (the pile bottom to top; ``reserves`` by side,
        where the variant has them) and a generator seeded with ``seed``; only
        :mod:`canasta_family.determinize` calls it."""
        new = self.clone()
        new._out_closed = False  # (other hands: another turn's facts)
        n = self._s.num_players
        if reserves:
            new._reserves = [[0] * NUM_CODES for _ in reserves]
            for side, reserve in enumerate(reserves):
                for card in reserve:
                    new._reserves[side][card.code] += 1
            new._rsize = [len(r) for r in reserves]
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
        freezes = new._s.freezes
        new._freezers = sum(1 for c in new._pile if freezes[c])
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
            tuple(tuple(r) for r in self._reserves), tuple(self._reserve_taker),
            tuple(self._reserve_waiting), tuple(self._reserve_stocked),
            tuple(self._stock), tuple(self._pile), self._freezers, tuple(self._aside),
            tuple(tuple(m) for m in self._melds), tuple(tuple(r) for r in self._red),
            tuple(self._initial), tuple(self._minimum), tuple(self._scores),
            tuple(self._results), self._hand_no, self._dealer, self._current, self._phase,
            tuple(self._first_turn_done), self._turn_value, self._answer, self._asker,
            tuple(self._turn_kinds), self._turn_take, self._retracted, self._side_had_melds,
            self._concealed,
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
        """How many cards are in each place (hands, feet, reserves, stock, pile, melds,
        red 3s, aside); they always add up to the deck size."""
        return {
            "hands": sum(self._hsize),
            "feet": sum(self._fsize),
            "reserves": sum(self._rsize),
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
        for foot in (*self._feet, *self._reserves):
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
_SET_PLAYS = (MakeMeld, LayOff)
"""The plays a way out may be carried across (``Game.apply``)."""
