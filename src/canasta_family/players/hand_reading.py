"""Reading another player's hand from the public history: :class:`HandReading`.

Whether the next player can take the pile with a discard depends on the natural cards of
its rank in their hand. Nobody sees that hand, but the hand's history says a lot about it,
because sensible players act on what they hold:

- a player who **declines** a pile whose top card a natural pair would take (draws from
  the stock, or picks up only the top card) after the side has melded holds at most one
  natural of that rank;
- a player who **melds or lays off** naturals of a rank has put down all it held of that
  rank (every sensible player lays off what it can);
- a player who **discards** a rank rarely keeps a pair of it.

Each such event caps the count of that rank among the cards the player held at the time;
cards drawn later are fresh and counted by chance alone, from how many of that rank are
still unseen. :meth:`HandReading.holding` turns this into the chances that the player
holds at least one and at least two naturals of a rank.

>>> import canasta_family
>>> from canasta_family.players import GreedyPlayer, play_game
>>> game = canasta_family.new_game("samba", players=4, seed=5)
>>> _ = play_game(game, [GreedyPlayer() for _ in range(4)], max_actions=30)
>>> reading = HandReading(game.observation(0), draw_count=2, pickup_cards=0, foot_size=0)
>>> one, two = reading.holding(1, 9, known=0, hidden=10, rate=0.1)
>>> 0.0 <= two <= one <= 1.0
True
"""

from __future__ import annotations

import math

from canasta_family.actions import LayOff, MakeMeld, parse_action
from canasta_family.cards import Card, parse_card
from canasta_family.observation import Observation

__all__ = ["HandReading"]

_UPCARD = "; upcard"


class HandReading:
    """Caps on the naturals of each rank in each hand, read from ``obs.history``.

    ``draw_count`` is the number of cards a draw takes, ``pickup_cards`` the stock cards
    drawn after a single-card pickup, ``foot_size`` the cards a foot adds to a hand.
    """

    def __init__(self, obs: Observation, *, draw_count: int, pickup_cards: int,
                 foot_size: int) -> None:
        n = len(obs.hand_sizes)
        self.roles = obs.roles
        """Which cards are wild, bonus and stop cards (the observation's rules)."""
        roles = self.roles
        side_of = {seat: side for side, seats in enumerate(obs.sides) for seat in seats}
        # fresh[seat]: cards that seat has taken in from unseen places this hand;
        # caps[seat][rank] = (cap, fresh[seat] when the cap was set).
        self.fresh = [0] * n
        self.caps: list[dict[int, tuple[int, int]]] = [{} for _ in range(n)]
        # A side that has melded without a meld in this history (an arranged hand) had
        # melded from the start.
        playing = {side_of[seat] for seat, text in obs.history if seat is not None
                   and text.startswith(("meld ", "lay-off ", "take-pile"))}
        melded = [made and side not in playing
                  for side, made in enumerate(obs.initial_melds_made)]
        top: Card | None = None
        for seat, text in obs.history:
            if seat is None:
                if _UPCARD in text:
                    upcards = text.split(_UPCARD, 1)[1].split()
                    top = parse_card(upcards[-1]) if upcards else None
                elif "arranged" in text:
                    top = None
                continue
            if text == "draws":
                self._declined(seat, top, melded[side_of[seat]])
                self.fresh[seat] += draw_count
            elif text.startswith("picks up the foot"):
                self.fresh[seat] += foot_size
            elif text.startswith("picks up "):
                self._declined(seat, top, melded[side_of[seat]])
                self.fresh[seat] += pickup_cards
                top = None
            elif text.startswith("discard "):
                card = parse_card(text.split()[1])
                if not roles.is_wild(card):
                    self._cap(seat, card.rank, 1)
                top = card
            elif text.startswith("take-pile"):
                melded[side_of[seat]] = True
                top = None
            elif text.startswith(("meld ", "lay-off ")):
                melded[side_of[seat]] = True
                action = parse_action(text)
                assert isinstance(action, (MakeMeld, LayOff))
                for card in action.cards:
                    if not roles.is_wild(card):
                        self._cap(seat, card.rank, 0)

    def _cap(self, seat: int, rank: int, cap: int) -> None:
        old = self.caps[seat].get(rank)
        if old is not None and old[1] == self.fresh[seat] and old[0] <= cap:
            return  # a tighter cap set since the last draw still holds
        self.caps[seat][rank] = (cap, self.fresh[seat])

    def _declined(self, seat: int, top: Card | None, melded: bool) -> None:
        # Before its side has melded a take must also reach the initial minimum, so
        # declining says nothing; wild, bonus and stop cards (red and black 3s) are not
        # taken with a pair.
        roles = self.roles
        if (top is None or not melded or roles.is_wild(top) or roles.is_bonus_card(top)
                or roles.is_stop_card(top)):
            return
        self._cap(seat, top.rank, 1)

    def holding(self, seat: int, rank: int, *, known: int, hidden: int, rate: float
                ) -> tuple[float, float]:
        """The chances that ``seat`` holds at least one and at least two naturals of
        ``rank``: ``known`` of them are known to be in the hand, ``hidden`` cards of it
        are unknown, and ``rate`` is the share of that rank among the unseen cards.

        >>> import canasta_family
        >>> obs = canasta_family.new_game("samba", players=4, seed=5).observation(0)
        >>> reading = HandReading(obs, draw_count=2, pickup_cards=0, foot_size=0)
        >>> round(reading.holding(1, 9, known=0, hidden=15, rate=0.08)[1], 3)
        0.337
        >>> reading.holding(1, 9, known=2, hidden=13, rate=0.08)
        (1.0, 1.0)
        """
        cap = self.caps[seat].get(rank)
        if cap is None:
            fresh, old, limit = hidden, 0, 0
        else:
            fresh = max(0, min(hidden, self.fresh[seat] - cap[1]))
            old, limit = hidden - fresh, cap[0]
        mean_fresh = fresh * rate
        f0 = math.exp(-mean_fresh)
        f1 = mean_fresh * f0
        if limit >= 1 and old > 0:
            # The old cards hold at most one: a Poisson count cut off above one.
            mean_old = old * rate
            o0, o1 = 1.0 / (1.0 + mean_old), mean_old / (1.0 + mean_old)
        else:
            o0, o1 = 1.0, 0.0
        none = o0 * f0
        one = o0 * f1 + o1 * f0
        if known >= 2:
            return 1.0, 1.0
        if known == 1:
            return 1.0, 1.0 - none
        return 1.0 - none, max(0.0, 1.0 - none - one)
