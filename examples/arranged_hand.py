"""Start a hand from a chosen arrangement and play it move by move, as a puzzle or a bug
report would.

Seat 1 holds a pair of nines; the pile's top card is a nine; the pile is frozen for side 1
because it has not melded yet, so the pair must be natural (AS-19). The take counts only
30 of side 1's initial-meld minimum of 50, so the engine allows it because the kings in hand
can make up the rest, and refuses a discard until they have (AS-23).

    python examples/arranged_hand.py
"""

from __future__ import annotations

import canasta_family
from canasta_family import HandSetup, IllegalActionError


def main() -> canasta_family.Game:
    setup = HandSetup(
        hands=("4c 5d 6h 7s 8c", "9h 9s JK Ks Kd Kh 5c", "4d 5h 6s", "7c 8d 9d"),
        pile="10c 4h 9c",
        stock="Qh Qs Jc Jd 10h 10s",
    )
    game = canasta_family.new_game("american-samba", players=4, seed=0, start=setup)
    print("seat", game.current_player, "holds", " ".join(map(str, game.hand_cards(1))))
    game.apply("take-pile 9h 9s")  # 9 + 9 + 9 = 30 of 50
    try:
        game.apply("discard 5c")  # refused, nothing changes: the minimum is not reached
    except IllegalActionError as err:
        print("refused:", err.rule, err.reason)
    game.apply("meld Kd Kh Ks")  # 30 + 30 = 60: the initial meld is made
    print("side 1 melds:", [str(m) for m in game.side_melds(1)])
    game.apply("discard 5c")
    print("seat", game.current_player, "to play; pile top", game.pile_top)
    return game


if __name__ == "__main__":
    main()
