"""The rules of Black Maria: cards, rule sets, scoring, seats, the match fold; a club night's in ``night``.

Standard library only: nothing here imports the store or the command line.

One rule for value types, whatever a class costs to make:

- a closed set (suits, presets, kinds of entry, and the 52 cards) is an
  ``enum.Enum``;
- any other value of the game (a rule set, a deal's outcome, an entry, a
  match's state) is a frozen dataclass, made by its own constructor, so that
  what it checks is checked wherever it is made; ``slots=True`` on the small
  ones made by the thousand (an entry, a step of the fold), which have
  no cached property to keep;
- named tuples only for rows read from the store, and those live in ``store/``.

A refusal is an error type of ``errors``; a class that is none of these is a
tool with a job (a search and what it has settled), never a value.
"""
