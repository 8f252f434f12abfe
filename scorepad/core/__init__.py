"""The rules of Black Maria: cards, rule sets, scoring, seats, the match fold.

Standard library only: nothing here imports the store or the command line.
"""
