"""Nights told as table stories: the club's players."""

from __future__ import annotations

CLUB = ("Ann", "Bob", "Cat", "Dan", "Eva", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea", "Max", "Ned")
