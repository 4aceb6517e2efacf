"""The reusable state machine of :mod:`canasta_family.testing`, run on every built-in
variant besides American Samba (which tests/test_stateful.py covers in depth): cards are
conserved (162 or 108), listed actions apply, illegal ones are refused with the state
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
