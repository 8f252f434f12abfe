"""A club night's rules, in one place: several tables, each playing a match every round, and one set of standings.

- ``state``: the night as a fold over its rounds and who left or joined;
- ``seating``: how many tables of what sizes, the seeded draw, the first round;
- ``scores``: a table's finishing order, the round score it gives, the night's standings;
- ``movement``: how players change tables between rounds, one function a movement;
- ``kept``: a night read back from the store or a backup, folded again and checked.
"""
