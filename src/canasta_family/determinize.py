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
from collections.abc import Iterable
from typing import TYPE_CHECKING

from canasta_family.actions import LayOff, MakeMeld, TakePile, parse_action
from canasta_family.cards import Card, parse_card, parse_cards
from canasta_family.errors import CanastaError

if TYPE_CHECKING:
    from canasta_family.engine import Game
    from canasta_family.observation import Observation

__all__ = ["Determinizer", "Knowledge", "determinize"]

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
                mine.update(pile[:-1])
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
        know = Knowledge(game.observation(player))
        obs = know.observation
        self.game = game
        self.player = player
        self.knowledge = know
        n = game.num_players
        unseen = know.unseen(game.deck)
        if any(count < 0 for count in unseen.values()):
            raise CanastaError(f"seat {player}'s observation shows more cards than the deck "
                               "holds; cannot determinize")
        self.unseen: tuple[Card, ...] = tuple(sorted(unseen.elements(), key=_code))
        # Hidden places, in a fixed order: hands (beyond the known cards), feet, stock,
        # the unseen pile bottom, cards set aside.
        self.hand_slots = tuple(
            0 if seat == player else obs.hand_sizes[seat] - sum(know.known[seat].values())
            for seat in range(n))
        self.foot_slots = tuple(obs.foot_sizes)
        visible = (sum(obs.hand_sizes) + sum(obs.foot_sizes) + obs.stock_size + obs.pile_size
                   + sum(len(m.cards) for melds in obs.melds for m in melds)
                   + sum(len(r) for r in obs.red_threes))
        self.aside_slots = len(game.deck) - visible
        total = (sum(self.hand_slots) + sum(self.foot_slots) + obs.stock_size
                 + know.pile_unknown + self.aside_slots)
        if total != len(self.unseen):
            raise CanastaError(f"seat {player}: {len(self.unseen)} unseen cards for {total} "
                               "hidden places; cannot determinize")
        auto = game.red_three_rules.auto_place
        self.red_barred = tuple(auto and seat != player and know.had_turn[seat]
                                for seat in range(n))
        self.freezers_below = max(0, game.pile_freezers - sum(
            1 for c in know.pile if c.is_wild or c.is_red_three))
        self._mover_reach: bool | None = None
        """Whether this seat, when it is the one to move and owes an initial meld, can
        still complete it: found with the first sample, then known for all."""

    def sample(self, rng: random.Random) -> Game:
        """A new game consistent with the seat's observation, the unseen cards dealt at
        random with ``rng``, and a fresh random generator for the copy's future.

        A player who took the pile for an initial meld and has not yet reached the
        minimum is known to hold cards that can (AS-23): deals that could not are drawn
        again, up to :data:`OWED_TRIES` times; after that (a very unlikely deal) the copy
        counts the minimum as met, so that it stays playable. When that player is this
        seat itself, its own cards decide and no deal is drawn again: the answer is worked
        out once, with the first sample, and holds for every later one."""
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

    def _deal(self, rng: random.Random) -> Game:
        know = self.knowledge
        obs = know.observation
        n = self.game.num_players
        cards = list(self.unseen)
        rng.shuffle(cards)
        bottom: list[Card] = []
        if know.pile_unknown:
            bottom = self._pile_bottom(cards, rng)
        # Red 3s may not go to barred hands: deal them among the allowed places first.
        places: list[tuple[str, int]] = []
        for seat in range(n):
            places.extend([("hand", seat)] * self.hand_slots[seat])
            places.extend([("foot", seat)] * self.foot_slots[seat])
        places.extend([("stock", 0)] * obs.stock_size)
        places.extend([("aside", 0)] * self.aside_slots)
        reds = [c for c in cards if c.is_red_three]
        if reds and any(self.red_barred):
            rest = [c for c in cards if not c.is_red_three]
            allowed = [i for i, (where, seat) in enumerate(places)
                       if not (where == "hand" and self.red_barred[seat])]
            if len(allowed) < len(reds):
                raise CanastaError(f"seat {self.player}: no room for the unseen red 3s")
            chosen = set(rng.sample(allowed, len(reds)))
            deal: list[Card] = []
            red_iter, rest_iter = iter(reds), iter(rest)
            for index in range(len(places)):
                deal.append(next(red_iter) if index in chosen else next(rest_iter))
        else:
            deal = cards
        hands: list[list[Card]] = [list(know.known[seat].elements()) for seat in range(n)]
        hands[self.player] = list(obs.hand)
        feet: list[list[Card]] = [[] for _ in range(n)]
        stock: list[Card] = []
        aside: list[Card] = []
        for (where, seat), card in zip(places, deal, strict=True):
            if where == "hand":
                hands[seat].append(card)
            elif where == "foot":
                feet[seat].append(card)
            elif where == "stock":
                stock.append(card)
            else:
                aside.append(card)
        pile = bottom + list(know.pile)
        return self.game._with_hidden(hands, feet, stock, pile, aside,
                                      rng.getrandbits(63))

    def _pile_bottom(self, cards: list[Card], rng: random.Random) -> list[Card]:
        """Take the unseen pile bottom out of ``cards`` (already shuffled), holding as
        many freezing cards as the pile's public count leaves for it."""
        want = self.freezers_below
        size = self.knowledge.pile_unknown
        freezing = [i for i, c in enumerate(cards) if c.is_wild or c.is_red_three]
        other = [i for i, c in enumerate(cards) if not (c.is_wild or c.is_red_three)]
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
    """
    return Determinizer(game, player).sample(rng)
