"""Determinization: a full game consistent with what one player knows.

Search players imagine the hidden cards. :class:`Determinizer` works out, from one seat's
:class:`~canasta_family.observation.Observation` and the variant's public rules only,
which cards that seat cannot see and where they may be, and :meth:`Determinizer.sample`
deals them at random into the hidden places — the other hands, the feet, the stock, and
any part of the pile the seat has not seen — with a fresh random generator, so that the
copy's future draws and deals tell nothing about the real ones.

What the seat knows, beyond its hand and the table:

- **The pile.** The hand's public history names the upcard(s) and every discard, take
  and pickup, so the whole pile is known (below the cards seen since the deal of an
  arranged hand, whose starting pile the history does not name, the cards are unknown;
  how many freezing cards the pile holds is public — they lie crosswise — and kept).
- **Cards taken with the pile** are known to be in the taker's hand until that player
  plays a card of the same kind (melds, lays off, discards, places it). Cards taken back
  by a retracted initial meld are known the same way.
- **Red 3s**, in variants where they are placed automatically, are never in the hand of
  a player who has had a turn this hand.

Everything else the seat cannot see is dealt uniformly at random, so the determinized
game's observation for that seat equals the real one's, and across samples each unseen
card lands in each hidden place with the chance its share of the hidden places gives.

Some positions say more about a hidden hand than the history's cards: a player who asked
"may I go out?" (and awaits the answer, or was told "yes") could go out then. A deal that
leaves that player unable to go out is impossible, and the engine would find no legal
action for it after "yes": such deals are drawn again (see :meth:`Determinizer.sample`),
whatever the variant's exact condition for asking is — the engine's own listing decides.

>>> import random, canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=8)
>>> copy = determinize(game, 0, random.Random(1))
>>> copy.observation(0) == game.observation(0)
True
>>> copy.hand_cards(1) == game.hand_cards(1)
False
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

from canasta_family.actions import Answer, LayOff, MakeMeld, TakePile, parse_action
from canasta_family.cards import Card, parse_card, parse_cards
from canasta_family.errors import CanastaError, VariantError

if TYPE_CHECKING:
    from canasta_family.engine import Game
    from canasta_family.observation import Observation

__all__ = ["DeterminizationError", "Determinizer", "Knowledge", "determinize"]


class DeterminizationError(CanastaError):
    """No determinization can be made: a bad argument (``field`` names it: ``"game"``,
    ``"player"`` or ``"rng"``), an observation no deal can match, or a question "may I go
    out?" that no deal tried could back (``field`` is then ``None``). The game is left as
    it was.

    >>> import random, canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=8)
    >>> try:
    ...     determinize(game, 4, random.Random(1))
    ... except DeterminizationError as err:
    ...     print(err.field, "-", err)
    player - player must be a seat of the game, 0 to 3, not 4
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

_UPCARD = "; upcard"


class Knowledge:
    """What one seat knows about the hidden cards, read from its observation (players
    that decide from observations use it too).

    ``pile``: the known top part of the pile, bottom to top; ``pile_unknown``: how many
    cards lie below it unseen. ``known``: per seat, cards known to be in that hand.
    ``had_turn``: per seat, whether it has had a turn this hand.
    """

    def __init__(self, obs: Observation) -> None:
        n = len(obs.hand_sizes)
        player = obs.player
        self.player = player
        pile: list[Card] = []
        bottom_unknown = False
        known: list[Counter[Card]] = [Counter() for _ in range(n)]
        had_turn = [False] * n
        had_turn[obs.current_player] = True
        played_this_turn: list[Card] = []
        for seat, text in obs.history:
            if seat is None:
                if _UPCARD in text:
                    pile = list(parse_cards(text.split(_UPCARD, 1)[1].split()))
                    bottom_unknown = False
                elif "arranged" in text:
                    pile, bottom_unknown = [], True
                continue
            had_turn[seat] = True
            mine = known[seat]
            if text == "draws":
                played_this_turn = []
            elif text.startswith("places "):
                # From the hand, or from a pile just taken (whose cards are known).
                _forget(mine, [parse_card(text.split()[1])])
            elif text.startswith("discard "):
                card = parse_card(text.split()[1])
                _forget(mine, [card])
                pile.append(card)
                played_this_turn = []
            elif text.startswith("take-pile"):
                action = parse_action(text)
                assert isinstance(action, TakePile)
                _forget(mine, action.cards)
                if bottom_unknown:
                    # The cards under the seen part of an arranged pile join the hand unseen.
                    bottom_unknown = False
                # A take that names no cards brings the whole pile into the hand (BU-9).
                whole = not action.cards and action.onto is None
                mine.update(pile if whole else pile[:-1])
                pile = []
            elif text.startswith("picks up ") and " onto meld " in text:
                if pile:
                    pile.pop()
            elif text.startswith(("meld ", "lay-off ")):
                action = parse_action(text)
                assert isinstance(action, (MakeMeld, LayOff))
                _forget(mine, action.cards)
                played_this_turn.extend(action.cards)
            elif text.startswith("retracts"):
                mine.update(played_this_turn)
                played_this_turn = []
        if len(pile) > obs.pile_size or (not bottom_unknown and len(pile) != obs.pile_size):
            # History this module cannot follow (a variant's own events): know less.
            pile, bottom_unknown = [], True
        if bottom_unknown and not pile and obs.pile_top is not None:
            pile = [obs.pile_top]
        self.pile: tuple[Card, ...] = tuple(pile)
        self.pile_unknown = obs.pile_size - len(pile)
        for seat in range(n):
            if seat == player or sum(known[seat].values()) > obs.hand_sizes[seat]:
                known[seat] = Counter()
        self.known: tuple[Counter[Card], ...] = tuple(known)
        self.had_turn = tuple(had_turn)
        self.observation = obs

    def unseen(self, deck: Iterable[Card]) -> Counter[Card]:
        """The cards of ``deck`` this seat has not seen anywhere: not in its hand, on the
        table, in the known part of the pile, nor known to be in another hand. A count
        below zero means the observation shows more cards than the deck holds."""
        obs = self.observation
        unseen = Counter(deck)
        unseen.subtract(obs.hand)
        for melds in obs.melds:
            for meld in melds:
                unseen.subtract(meld.cards)
        for reds in obs.red_threes:
            unseen.subtract(reds)
        unseen.subtract(self.pile)
        for known in self.known:
            unseen.subtract(known)
        return unseen


def _forget(known: Counter[Card], cards: tuple[Card, ...] | list[Card]) -> None:
    # After a play of card X the hand still holds every known card but (perhaps) one X.
    for card in cards:
        if known[card] > 0:
            known[card] -= 1


# Deals tried for a copy whose player to move owes an initial meld it must be able to
# complete (AS-23) before the copy counts the minimum as met.
OWED_TRIES = 64

# Deals tried for a player who asked "may I go out?" until one lets it go out; the least
# likely such positions seen in play had one fitting deal in two hundred.
ASK_TRIES = 1000

# Once some fitting hands of the asker are known, new deals tried per sample before one of
# those is dealt again (with the other hidden cards dealt afresh).
ASK_FRESH_TRIES = 16

_YES = Answer(yes=True)

# What a determinization calls on the game it is given.
_GAME_METHODS = ("observation", "hand_cards", "apply", "_with_hidden", "clone", "is_wild",
                 "is_bonus_card")


def _check_seat(game: object, player: object) -> None:
    """Raise :class:`DeterminizationError` naming ``game`` or ``player`` when it is bad.

    A game is known by what this module asks of it, not by its class: the engine imports
    this module, which does not import the engine back."""
    if not all(callable(getattr(game, name, None)) for name in _GAME_METHODS):
        raise DeterminizationError(f"game must be a Game, not {type(game).__name__}",
                                   field="game")
    seats = cast("Game", game).num_players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
        raise DeterminizationError(f"player must be a seat of the game, 0 to {seats - 1}, "
                                   f"not {player!r}", field="player")


def _check_rng(rng: object) -> None:
    """Raise :class:`DeterminizationError` naming ``rng`` when it is no random generator."""
    if not isinstance(rng, random.Random):
        raise DeterminizationError(f"rng must be a random.Random, not {type(rng).__name__}",
                                   field="rng")


class Determinizer:
    """Samples determinizations of ``game`` for ``player``; the knowledge is worked out
    once, so that a search can draw many samples cheaply.

    >>> import random, canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=3)
    >>> sampler = Determinizer(game, 1)
    >>> a, b = sampler.sample(random.Random(1)), sampler.sample(random.Random(2))
    >>> a.observation(1) == b.observation(1) == game.observation(1)
    True
    """

    def __init__(self, game: Game, player: int) -> None:
        _check_seat(game, player)
        know = Knowledge(game.observation(player))
        obs = know.observation
        self.game = game
        self.player = player
        self.knowledge = know
        n = game.num_players
        unseen = know.unseen(game.deck)
        if any(count < 0 for count in unseen.values()):
            raise DeterminizationError(f"seat {player}'s observation shows more cards than "
                                       "the deck holds; cannot determinize")
        self.unseen: tuple[Card, ...] = tuple(sorted(unseen.elements(), key=_code))
        # Hidden places, in a fixed order: hands (beyond the known cards), feet, the
        # sides' reserves, stock, the unseen pile bottom, cards set aside.
        self.hand_slots = tuple(
            0 if seat == player else obs.hand_sizes[seat] - sum(know.known[seat].values())
            for seat in range(n))
        self.foot_slots = tuple(obs.foot_sizes)
        self.reserve_slots = tuple(obs.reserve_sizes)
        visible = (sum(obs.hand_sizes) + sum(obs.foot_sizes) + sum(obs.reserve_sizes)
                   + obs.stock_size + obs.pile_size
                   + sum(len(m.cards) for melds in obs.melds for m in melds)
                   + sum(len(r) for r in obs.red_threes))
        self.aside_slots = len(game.deck) - visible
        total = (sum(self.hand_slots) + sum(self.foot_slots) + sum(self.reserve_slots)
                 + obs.stock_size
                 + know.pile_unknown + self.aside_slots)
        if total != len(self.unseen):
            raise DeterminizationError(f"seat {player}: {len(self.unseen)} unseen cards for "
                                       f"{total} hidden places; cannot determinize")
        auto = game.red_three_rules.auto_place
        self.red_barred = tuple(auto and seat != player and know.had_turn[seat]
                                for seat in range(n))
        self.bonus_cards = frozenset(c for c in set(game.deck) if game.is_bonus_card(c))
        """The variant's bonus cards (red 3s), which auto-placing rules keep out of hands
        that had a turn."""
        self.freezing_cards = self.bonus_cards | {c for c in set(game.deck) if game.is_wild(c)}
        """The cards that freeze the pile when discarded (AS-18a): wild and bonus cards."""
        self.freezers_below = max(0, game.pile_freezers - sum(
            1 for c in know.pile if c in self.freezing_cards))
        self._mover_reach: bool | None = None
        """Whether this seat, when it is the one to move and owes an initial meld, can
        still complete it: found with the first sample, then known for all."""
        asker = game.pending_question
        bound = game.phase == "answer" or (game.phase == "play" and game.partner_answer is True)
        bound_seat = asker if bound and asker != player else None
        if bound_seat is None and game.phase == "play" and game.current_player != player \
                and game._bound_to_go_out():
            # It melded black 3s this turn, which only a player going out may (AS-33).
            bound_seat = game.current_player
        self.asker: int | None = bound_seat
        """The seat, hidden from this one, bound to go out this turn: it asked "may I go
        out?" and awaits the answer or was told "yes", or it melded black 3s. Every
        sample lets it go out."""
        self._asker_hands: list[tuple[Card, ...]] = []
        """Hidden parts of the asker's hand found in samples that let it go out."""

    def sample(self, rng: random.Random, *, give_up: Callable[[], bool] | None = None
               ) -> Game:
        """A new game consistent with the seat's observation, the unseen cards dealt at
        random with ``rng``, and a fresh random generator for the copy's future.

        A player who took the pile for an initial meld and has not yet reached the
        minimum is known to hold cards that can (AS-23): deals that could not are drawn
        again, up to :data:`OWED_TRIES` times; after that (a very unlikely deal) the copy
        counts the minimum as met, so that it stays playable. When that player is this
        seat itself, its own cards decide and no deal is drawn again: the answer is worked
        out once, with the first sample, and holds for every later one.

        A hidden player who asked "may I go out?", or who melded black 3s this turn
        (:attr:`asker`), is known to be able to go out:
        deals are drawn again until one lets it go out after "yes" (the engine lists a
        play for it), up to :data:`ASK_TRIES` times while no such deal is known, then
        :data:`ASK_FRESH_TRIES` times, after which the hidden part of its hand comes from
        a deal that fitted before and the other hidden cards are dealt afresh. When no
        deal fitted at all, or ``give_up`` (asked every few deals) answers true first,
        :class:`DeterminizationError` is raised.

        Seat 0 holds Jc Jd Jh 9s and asks its partner, seat 2, who cannot see those cards:

        >>> import random, canasta_family
        >>> from canasta_family import HandSetup
        >>> game = canasta_family.new_game("american-samba", players=4, seed=11, start=HandSetup(
        ...     hands=("Jc Jd", "4d 4c 6s", "6c 6d 8s", "7d 7c 8h"),
        ...     melds=(("Kh Kh Kh Kd Kd Kd Ks", "Qh Qh Qh Qd Qd Qd Qs"), ()),
        ...     stock="Jh 9s Kc 9d 10c 10d", pile="Td", dealer=3))
        >>> for text in ("draw", "ask 2"):
        ...     game.apply(text)
        >>> sampler = Determinizer(game, 2)
        >>> sampler.asker
        0
        >>> copies = [sampler.sample(random.Random(seed)) for seed in range(5)]
        >>> for copy in copies:
        ...     copy.apply("answer yes")
        >>> all(copy.legal_actions() for copy in copies)
        True
        """
        _check_rng(rng)
        if self.asker is not None:
            return self._sample_for_asker(rng, give_up)
        for _ in range(OWED_TRIES):
            copy = self._deal(rng)
            if not copy.owes_initial_meld():
                return copy
            if self._mover_reach is None:
                reachable = copy._initial_reachable()
                if self.player == self.game.current_player:
                    # The seat to move is this seat: its cards, the only ones the answer
                    # depends on, are the same in every deal, so one search serves them all.
                    self._mover_reach = reachable
            else:
                reachable = self._mover_reach
            if reachable:
                return copy
            if self._mover_reach is not None:
                break  # no other deal can differ
        copy._forgive_initial_owed()
        return copy

    def _sample_for_asker(self, rng: random.Random, give_up: Callable[[], bool] | None
                          ) -> Game:
        asker = self.asker
        assert asker is not None
        known = self._asker_hands
        tries = ASK_FRESH_TRIES if known else ASK_TRIES
        for attempt in range(tries):
            if give_up is not None and attempt % 16 == 15 and give_up():
                break
            copy = self._deal(rng)
            if self._asker_can_go_out(copy):
                hidden = Counter(copy.hand_cards(asker))
                hidden.subtract(self.knowledge.known[asker])
                known.append(tuple(sorted(hidden.elements(), key=_code)))
                return copy
        if known:
            return self._deal(rng, known[rng.randrange(len(known))])
        raise DeterminizationError(
            f"seat {self.player}: none of the {attempt + 1} deals tried lets seat {asker} go "
            "out, as its question 'may I go out?' says it can")

    def _asker_can_go_out(self, copy: Game) -> bool:
        """Whether the asker, in ``copy``, has a legal play once told "yes" (after "yes"
        the engine lists only plays that keep going out possible)."""
        probe = copy
        if copy.phase == "answer":
            probe = copy.clone()
            probe.apply(_YES)
        try:
            return bool(probe.legal_actions())
        except VariantError:
            return False

    def _deal(self, rng: random.Random, asker_hidden: tuple[Card, ...] = ()) -> Game:
        """One deal of the unseen cards; ``asker_hidden``: the hidden part of the asker's
        hand, given rather than dealt."""
        know = self.knowledge
        obs = know.observation
        n = self.game.num_players
        cards = list(self.unseen)
        slots = list(self.hand_slots)
        if asker_hidden:
            assert self.asker is not None
            for card in asker_hidden:
                cards.remove(card)
            slots[self.asker] = 0
        rng.shuffle(cards)
        bottom: list[Card] = []
        if know.pile_unknown:
            bottom = self._pile_bottom(cards, rng)
        # Red 3s may not go to barred hands: deal them among the allowed places first.
        places: list[tuple[str, int]] = []
        for seat in range(n):
            places.extend([("hand", seat)] * slots[seat])
            places.extend([("foot", seat)] * self.foot_slots[seat])
        for side, size in enumerate(self.reserve_slots):
            places.extend([("reserve", side)] * size)
        places.extend([("stock", 0)] * obs.stock_size)
        places.extend([("aside", 0)] * self.aside_slots)
        reds = [c for c in cards if c in self.bonus_cards]
        if reds and any(self.red_barred):
            rest = [c for c in cards if c not in self.bonus_cards]
            allowed = [i for i, (where, seat) in enumerate(places)
                       if not (where == "hand" and self.red_barred[seat])]
            if len(allowed) < len(reds):
                raise DeterminizationError(f"seat {self.player}: no room for the unseen red 3s")
            chosen = set(rng.sample(allowed, len(reds)))
            deal: list[Card] = []
            red_iter, rest_iter = iter(reds), iter(rest)
            for index in range(len(places)):
                deal.append(next(red_iter) if index in chosen else next(rest_iter))
        else:
            deal = cards
        hands: list[list[Card]] = [list(know.known[seat].elements()) for seat in range(n)]
        hands[self.player] = list(obs.hand)
        if asker_hidden:
            assert self.asker is not None
            hands[self.asker].extend(asker_hidden)
        feet: list[list[Card]] = [[] for _ in range(n)]
        reserves: list[list[Card]] = [[] for _ in self.reserve_slots]
        stock: list[Card] = []
        aside: list[Card] = []
        for (where, seat), card in zip(places, deal, strict=True):
            if where == "hand":
                hands[seat].append(card)
            elif where == "foot":
                feet[seat].append(card)
            elif where == "reserve":
                reserves[seat].append(card)
            elif where == "stock":
                stock.append(card)
            else:
                aside.append(card)
        pile = bottom + list(know.pile)
        return self.game._with_hidden(hands, feet, stock, pile, aside,
                                      rng.getrandbits(63),
                                      reserves if any(self.reserve_slots) else ())

    def _pile_bottom(self, cards: list[Card], rng: random.Random) -> list[Card]:
        """Take the unseen pile bottom out of ``cards`` (already shuffled), holding as
        many freezing cards as the pile's public count leaves for it."""
        want = self.freezers_below
        size = self.knowledge.pile_unknown
        freezes = self.freezing_cards
        freezing = [i for i, c in enumerate(cards) if c in freezes]
        other = [i for i, c in enumerate(cards) if c not in freezes]
        want = min(want, len(freezing), size)
        picked = freezing[:want] + other[:size - want]
        if len(picked) < size:
            picked += [i for i in freezing[want:]][:size - len(picked)]
        bottom = [cards[i] for i in picked]
        for i in sorted(picked, reverse=True):
            del cards[i]
        rng.shuffle(bottom)
        return bottom


def _code(card: Card) -> int:
    return card.code


def determinize(game: Game, player: int, rng: random.Random) -> Game:
    """A full game consistent with ``player``'s observation of ``game``, the cards that
    seat cannot see dealt at random with ``rng`` (see the module documentation). The
    original game is not changed.

    >>> import random, canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=1)
    >>> determinize(game, 0, random.Random(0)).stock_size == game.stock_size
    True

    A bad argument raises :class:`DeterminizationError` naming it, the game unchanged:

    >>> determinize(game, 0, 7)
    Traceback (most recent call last):
    ...
    canasta_family.determinize.DeterminizationError: rng must be a random.Random, not int
    """
    return Determinizer(game, player).sample(rng)
