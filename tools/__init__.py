"""Scripts for the people who work on scorepad: not part of the installed package."""
