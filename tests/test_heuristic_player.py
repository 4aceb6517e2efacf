"""HeuristicPlayer in arranged situations: reading the next player's hand before a
discard, the variant's pile rules, and shedding cards once the side may go out.

Every position is set up with ``HandSetup`` and played through the public API; the
heuristic is asked only through ``choose`` and ``ranked_discards``, which see nothing but
the observation.
"""

from __future__ import annotations

import canasta_family
from canasta_family import Game, HandSetup
from canasta_family.actions import Discard, LayOff
from canasta_family.cards import Card
from canasta_family.players import HeuristicPlayer
from canasta_family.players.hand_reading import HandReading


def turn(game: Game, *plays: str) -> None:
    """The seat to move draws, then makes ``plays`` (the last one a discard)."""
    game.apply("draw")
    for play in plays:
        game.apply(play)


def discard_order(game: Game) -> list[str]:
    seat = game.current_player
    ranked = HeuristicPlayer().ranked_discards(game.observation(seat), game.legal_actions())
    return [str(action.card) for action in ranked]


def test_MS_6_declined_pile_caps_the_rank_in_that_hand() -> None:
    """Seat 1 drew instead of taking a pile topped by a nine (MS-6: a natural pair would
    take it) after its side had melded: it holds at most one natural nine, so a nine is a
    safer discard for seat 0 than a six it has never shown."""
    game = canasta_family.new_game("samba", players=4, seed=1, start=HandSetup(
        hands=("9c 9s 6d Kc Kd Kh Jc", "4c 5s 10c Ad Jh Jd Kd 8d 7d 5h", "5h 5c Jd", "7s 7d Qh"),
        melds=(("Ac As Ah",), ("Qc Qd Qs",)),
        pile="6c", stock="4h 8h 8c 10d 10h Js 4s 4c 7c 7h 5d Kd", dealer=3))
    turn(game, "discard 9c")            # seat 0 throws a nine ...
    turn(game, "discard 10c")           # ... and seat 1 does not take it
    turn(game, "discard Jd")
    turn(game, "discard Qh")
    game.apply("draw")
    obs = game.observation(0)
    reading = HandReading(obs, draw_count=2, pickup_cards=1, foot_size=0)
    nine = reading.holding(1, 9, known=0, hidden=obs.hand_sizes[1], rate=0.08)
    six = reading.holding(1, 6, known=0, hidden=obs.hand_sizes[1], rate=0.08)
    assert nine[1] < six[1] / 2
    order = discard_order(game)
    assert order.index("9s") < order.index("6d")


def test_MS_6_does_not_discard_a_card_the_next_player_is_known_to_pair() -> None:
    """Seat 1 took a pile holding two eights; they are in its hand (it has played no
    eight since), so seat 0 keeps its eight and throws the nine of the same worth."""
    game = canasta_family.new_game("samba", players=4, seed=1, start=HandSetup(
        hands=("8h 9d Kc Kd Kh Jc", "Js Jh 10c Ad 6s", "5h 5c 8c", "7s 7d 8d"),
        melds=(("Ac As Ah",), ("Qc Qd Qs",)),
        pile="5d", stock="4d 5d 10d 10h 4h 4s 7c 7h 6c Kd 4c 5s 6h 6d 10s Qh", dealer=1))
    turn(game, "discard 8c")
    turn(game, "discard 8d")
    turn(game, "discard Jc")
    game.apply("take-pile Js Jh")       # seat 1: the eights join its hand
    game.apply("discard 10c")
    turn(game, "discard 5h")
    turn(game, "discard 7s")
    game.apply("draw")
    order = discard_order(game)
    assert order.index("9d") < order.index("8h")
    choice = HeuristicPlayer().choose(game.observation(0), game.legal_actions())
    assert choice != Discard(Card.parse("8h"))


def _after_a_king_lay_off(variant: str) -> Game:
    """Seat 1 lays a king off on its side's kings and discards; seat 0, holding a king
    and a nine, is to discard next to seat 1."""
    game = canasta_family.new_game(variant, players=4, seed=1, start=HandSetup(
        hands=("Kd 9s 5c 5h", "Ks 4c 10c Ad 7h", "6h 6c Jd", "7s 7d Qh"),
        melds=(("Ac As Ah",), ("Kc Kd Kh",)),
        pile="6d 9c", stock="4d 8h 8c 10d 10h Js 4h 4s 7c Jh 5d Qd", dealer=0))
    turn(game, "lay-off 0 Ks", "discard 10c")
    turn(game, "discard Jd")
    turn(game, "discard Qh")
    game.apply("draw")
    return game


def test_AS_20_a_rank_on_the_next_sides_meld_hands_over_an_unfrozen_pile() -> None:
    """American Samba: the pile holds no wild card and side 1 has melded, so seat 1 takes
    it by laying a king off on its kings (AS-20): the king is the last natural to throw."""
    order = discard_order(_after_a_king_lay_off("american-samba"))
    assert order.index("9s") < order.index("Kd")


def test_MS_6_a_rank_just_laid_off_is_the_safest_discard_where_the_pile_is_frozen() -> None:
    """Modern Samba never lets the pile be taken by a lay-off (MS-6), and seat 1 has just
    laid off every king it held: now the king is the safer discard."""
    order = discard_order(_after_a_king_lay_off("samba"))
    assert order.index("Kd") < order.index("9s")


def _two_canastas_and_a_wild(canastas: tuple[str, ...]) -> Game:
    game = canasta_family.new_game("american-samba", players=4, seed=1, start=HandSetup(
        hands=("2c 9s 10h 5d", "4c 5s 10c Ad", "5h 5c Jd", "7s 7d Qh"),
        melds=((*canastas, "7c 7d 7h"), ("Qc Qd Qs",)),
        pile="6c 9c", stock="4d 8h 8c 10d 10h Js 4h 4s Jc Jh 5d Kd", dealer=3))
    game.apply("draw")
    return game


def test_AS_35_sheds_a_wild_card_once_the_side_may_go_out() -> None:
    """With two canastas (AS-35: enough to go out) seat 0 lays its 2 off on the sevens:
    a wild card melded scores, one held when the hand ends costs."""
    game = _two_canastas_and_a_wild(("Ac Ad Ah As Ac Ad Ah", "Kc Kd Kh Ks Kc Kd 2s"))
    choice = HeuristicPlayer().choose(game.observation(0), game.legal_actions())
    assert choice == LayOff(meld=2, cards=(Card.parse("2c"),))


def test_AS_35_keeps_the_wild_card_while_the_side_still_needs_canastas() -> None:
    """With one canasta the 2 is kept for a canasta (and seat 0 never discards it)."""
    game = _two_canastas_and_a_wild(("Ac Ad Ah As Ac Ad Ah",))
    player = HeuristicPlayer()
    while game.current_player == 0:
        action = player.choose(game.observation(0), game.legal_actions())
        assert Card.parse("2c") not in getattr(action, "cards", ())
        assert action != Discard(Card.parse("2c"))
        game.apply(action)
    assert Card.parse("2c") in game.hand_cards(0)
