"""scorepad: keep score of Black Maria at a real table, every entry checked against the rules."""

__version__ = "0.1.0"
