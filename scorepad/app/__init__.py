"""The use cases: one module each, every command one transaction over the core and the store.

They take and return typed values (names, points, cards, core states),
never command-line words, so a Python program can keep score with them:

    from scorepad.app import entering
    from scorepad.core.rules import RuleSet
    from scorepad.store.db import Store

    store = Store("sqlite:///club.db")
    match = entering.new_match(store, ["Ann", "Bob", "Cat"], RuleSet.build())
    entering.record_deal(store, match.match_id, {"Ann": 10, "Bob": 10, "Cat": 23})

Nothing here prints or parses what a person typed; that is ``scorepad.cli``.
"""
