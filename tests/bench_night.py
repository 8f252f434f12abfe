"""The store of the night figure: a club night of 40 players at 10 tables of 4, its 4 rounds played.

Built through the use cases, as an evening at the club builds it: the night
seated, every table's deals entered one at a time, ``next_round`` after each
round. Each deal is a random real one (every penalty card to a random player)
and a tie for lowest goes to its tie-break deals, so tables finish in every order.
"""

from __future__ import annotations

import random
from pathlib import Path

from scorepad.app import entering, nights
from scorepad.core.rules import RuleSet
from scorepad.store.db import Store

PLAYERS = tuple(f"P{number:02}" for number in range(40))


def build_night(path: Path, rounds: int = 4, seed: int = 7) -> Path:
    rnd = random.Random(seed)
    rules = RuleSet.build()
    store = Store(path)
    try:
        status = nights.new_night(store, PLAYERS, rules, rounds=rounds, seed=seed, name="bench")
        for number in range(1, rounds + 1):
            for table in status.tables:
                state = table.state
                while state.next is not None:
                    deal = state.next
                    points = dict.fromkeys(deal.players, 0)
                    for card in rules.scoring_cards(len(deal.players)):
                        points[rnd.choice(deal.players)] += rules.points(card)
                    scores = {table.players[seat]: value for seat, value in points.items()}
                    state = entering.record_deal(store, table.match_id, scores).state
            if number < rounds:
                status = nights.next_round(store, None)
    finally:
        store.close()
    return path
