"""The links and codes of a night's tables: a table for people, JSON for scripts, a line a table for the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table

from .translation import _

if TYPE_CHECKING:
    from ..app.table_links import NightLinks


def codes_json(links: NightLinks) -> dict[str, Any]:
    """``{"night": id, "tables": [{"table": n, "link": "/t/TOKEN", "code": "7KX4Q2"}]}``."""
    return {
        "night": links.night_id,
        "tables": [{"table": link.table, "link": link.path, "code": link.code} for link in links.tables],
    }


def codes_table(links: NightLinks) -> Table:
    """Every table number with its link's path and its code."""
    table = Table(title=_("Night {night}: the tables' links and codes").format(night=links.night_id))
    for column in (_("Table"), _("Link"), _("Code")):
        table.add_column(column, no_wrap=True)  # a link cut in two cannot be copied
    for link in links.tables:
        table.add_row(str(link.table), link.path, link.code)
    return table


def board_lines(links: NightLinks, address: str) -> list[str]:
    """``Table 2: http://H:P/t/TOKEN  code 7KX4Q2``: a line a table, as the board prints them when it starts."""
    said = _("Table {table}: {link}  code {code}")
    return [
        said.format(table=link.table, link=address.rstrip("/") + link.path, code=link.code) for link in links.tables
    ]
