"""The reusable state machine of :mod:`canasta_family.testing`, run on every built-in
variant besides American Samba (which tests/test_stateful.py covers in depth): cards are
conserved (162, 108 or 216), listed actions apply, illegal ones are refused with the state
unchanged, clone and replay equal the game, observations leak nothing."""

from __future__ import annotations

from canasta_family.testing import make_game_machine

TestDutchSamba4 = make_game_machine("dutch-samba", players=4, step_count=30).TestCase
TestDutchSamba3NoStockCard = make_game_machine(
    "dutch-samba", players=3, step_count=30, options={"pickup_stock_cards": 0}).TestCase
TestModernSamba3 = make_game_machine("samba", players=3, step_count=30).TestCase
TestModernSamba4 = make_game_machine("samba", players=4, step_count=30).TestCase
TestClassicCanasta2 = make_game_machine("canasta", players=2, step_count=30).TestCase
TestClassicCanasta4 = make_game_machine("canasta", players=4, step_count=30).TestCase
# Pennies from Heaven: 216 cards conserved across hands, feet, stock, pile, melds, red 3s.
TestPennies6 = make_game_machine("pennies-from-heaven", players=6, step_count=30).TestCase
TestPennies6Options = make_game_machine(
    "pennies", players=6, step_count=30,
    options={"sevens_discard": "own-team", "wild_in_sevens": True,
             "foot_pickup": "team-canasta"}).TestCase
