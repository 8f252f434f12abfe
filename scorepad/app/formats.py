"""What an export writes: a CSV of the deals or a JSON backup, and how the CSV is laid out.

Enums alone, apart from the writing (``export``): the command line makes its
options from them, and showing its help needs none of the writing.
"""

from __future__ import annotations

import enum


class ExportFormat(enum.Enum):
    CSV = "csv"
    JSON = "json"


class ExportLayout(enum.Enum):
    LONG = "long"  #: a row per player per scored deal (spec/CLI.md "CSV export")
    SHEET = "sheet"  #: the score sheet of one match, as a table keeps it on paper
