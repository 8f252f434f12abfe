"""An evening of ten at one table (issue 24): two decks, a terminal of 80 columns, a tie-break of one deck.

Anke, Bram, Cor, Dirk, Eva, Femke, Gerrit, Hanneke, Ingrid and Joost play
Cancellation Black Maria. Their sheet is wider than the terminal, their
panel longer than 24 lines; every number must still be whole, every name
recognisable, and the deal the table needs next in sight.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Sequence

import pexpect
import pytest
from rich.cells import cell_len

from scorepad.core.cards import card, cards
from scorepad.core.errors import RuleError
from scorepad.core.match import MatchState, Settings, default_format
from scorepad.core.rules import RuleSet

from .test_language import catalog
from .test_play import SCOREPAD, TIMEOUT, environment, terminal

TEN = ("Anke", "Bram", "Cor", "Dirk", "Eva", "Femke", "Gerrit", "Hanneke", "Ingrid", "Joost")
TWO = RuleSet.build(decks=2)


def ten(cli) -> None:
    cli("new", "--players", ",".join(TEN), "--decks", "2", "--name", "Clubavond")


def to_a_tie_break_of_two(cli) -> None:
    """Nine deals in which Joost reneges, then one that leaves Gerrit and Hanneke tied on 5."""
    for _ in range(9):
        cli("deal", "--renege", "Joost")
    cli("deal", "13", "13", "10", "10", "7", "7", "5", "5", "8", "8")


# --- the tie-break says its deck --------------------------------------------------------------


def test_a_tie_break_of_one_deck_in_a_match_of_two_says_so_and_so_does_its_refusal(cli, unchanged):
    ten(cli)
    assert "deck of 52" not in cli("status").stdout  # the match's deals: two decks, said as ever
    to_a_tie_break_of_two(cli)
    shown = cli("status").stdout
    assert "Tie-break deal 11 (round 1) between Gerrit and Hanneke." in shown
    assert "  One deck of 52 cards for this tie-break: every card is there once.\n" in shown
    assert "Take out nothing (full deck): 26 cards each. The scores add up to 43." in shown
    with unchanged():
        cli.refused(
            "deal",
            "Gerrit=QS,QS",
            "Hanneke=?",
            says="Q♠ is given twice (Gerrit): this tie-break is dealt from one deck of 52",
        )
    nl = catalog("nl").gettext
    said = cli("--lang", "nl", "deal", "Gerrit=QS,QS", "Hanneke=?", code=1).stderr
    assert (
        said
        == "scorepad: "
        + nl("{card} is given twice ({players}): this tie-break is dealt from one deck of {cards}").format(
            card="Q♠", players="Gerrit", cards=52
        )
        + "\n"
    )
    assert "Eén kaartspel van 52 kaarten voor deze beslissingsronde" in cli("--lang", "nl", "status").stdout


def test_the_refusal_carries_the_deck_as_a_fact_and_takes_its_words_from_the_catalogs():
    state = MatchState.start(Settings(TEN[:6], TWO, default_format(6, TWO)))
    for deal in range(6):  # Eva and Femke take every penalty card in turn: the other four tie on 0
        taker = 4 + deal % 2
        state = state.apply(state.enter({s: 86 if s == taker else 0 for s in range(6)}))
    assert state.tiebreak == ((0, 1, 2, 3), 1) and state.next is not None and state.next.decks == 1
    with pytest.raises(RuleError) as refused:
        state.enter({0: tuple(cards("QS QS")), 1: 0, 2: 0, 3: 17})
    assert refused.value.said.fields == {"card": card("QS"), "players": "Anke", "cards": 52}


# --- at the table: a real terminal of 80x24, and one of 100x40 ----------------------------------


class Terminal:
    """scorepad in a real pseudo-terminal of ``columns`` x ``lines``, and everything it showed there, as text."""

    def __init__(self, columns: int, lines: int, *args: str) -> None:
        self.columns, self.lines = columns, lines
        self.seen = io.StringIO()
        self.child = pexpect.spawn(
            str(SCOREPAD),
            list(args),
            env=environment() | {"TERM": "vt100", "COLUMNS": str(columns), "LINES": str(lines)},
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(lines, columns),
        )
        self.child.logfile_read = self.seen

    def enters(self, line: str, then: str) -> None:
        self.child.sendline(line)
        self.child.expect_exact(then)

    def screen(self) -> list[str]:
        """The lines shown so far, without the terminal's styles and cursor moves."""
        shown = re.sub(r"\x1b(\[[0-9;?]*[A-Za-z]|[=>])", "", self.seen.getvalue())
        return shown.replace("\r", "").split("\n")

    def ends(self) -> list[str]:
        self.child.expect_exact(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0, "\n".join(self.screen())
        return self.screen()


def shown_whole(screen: list[str], columns: int) -> None:
    """Nothing cut (no …) and no line the terminal had to wrap, so no number split over two lines."""
    for line in screen:
        assert "…" not in line, line
        assert cell_len(line) <= columns, line
    assert "Traceback" not in "\n".join(screen)


def running_totals(screen: list[str], names: Sequence[str]) -> dict[str, list[int]]:
    """Each player's running totals as a score sheet shows them, ``13 (13)``, across all its blocks, in order."""
    found: dict[str, list[int]] = {name: [] for name in names}
    for line in screen:
        cells = re.sub("[|│]", " ", line).split()
        if cells and cells[0] in found:
            found[cells[0]] += [int(total) for total in re.findall(r"\d+ R? ?\((\d+)\)", line)]
    return found


def placed_totals(screen: list[str], names: Sequence[str]) -> dict[str, int]:
    """Each player's total as the last standings shown give it: ``place name total``, in columns or one a row."""
    found = {}
    for line in screen:
        for name, total in re.findall(r"(?:^|\s)\d+\s+(\S+?)(?: ★)?\s+(-?\d+)(?=\s|$)", line.replace("│", " ")):
            if name in names:
                found[name] = int(total)
    return found


#: Three deals and a renege, a misdeal between them: deal 2 is dealt twice.
DEALS = ["13 13 10 10 7 7 5 5 8 8", "misdeal", "0 0 0 0 0 0 0 0 0 86", "13 0 10 0 7 0 5 5 8 38", "renege Joost"]


def expected_totals(cli) -> dict[str, list[int]]:
    """Each player's running totals after each deal, as history --json has them."""
    deals = [d for d in cli.json("history")["deals"] if d["kind"] == "deal"]
    return {name: [d["totals"][name] for d in deals] for name in TEN}


def after(screen: list[str], typed: str) -> list[str]:
    """The lines from the one ``typed`` was entered on to the end: what the table saw once it pressed Enter."""
    start = max(index for index, line in enumerate(screen) if line.endswith("> " + typed))
    return screen[start:]


@terminal
@pytest.mark.parametrize("columns, lines", [(80, 24), (100, 40)])
def test_ten_players_and_two_decks_at_the_terminal_every_total_whole_and_the_next_deal_in_sight(cli, columns, lines):
    ten(cli)
    table = Terminal(columns, lines, "play")
    table.child.expect_exact("deal 1> ")
    assert len(table.screen()) <= lines  # the first panel and the prompt fit one screen
    number = 1
    for entry in DEALS:
        number += entry != "misdeal"
        table.enters(entry, f"deal {number}> ")
        seen = after(table.screen(), entry)
        assert len(seen) <= lines, "\n".join(seen)  # the entry, its echo, the panel and the prompt in sight
    assert "deal 1: Anke 13, Bram 13, Cor 10, Dirk 10, Eva 7, Femke 7, Gerrit 5, Hanneke 5, Ingrid 8, Joost 8" in (
        " ".join(" ".join(after(table.screen(), DEALS[0])).split())
    )
    table.enters("sheet", "deal 5> ")
    sheet = after(table.screen(), "sheet")
    table.enters("status", "deal 5> ")
    panel = after(table.screen(), "status")
    table.child.sendline("quit")
    screen = table.ends()
    shown_whole(screen, columns)

    totals = expected_totals(cli)
    assert running_totals(sheet, TEN) == totals  # every running total, whole, for each player in order
    final = {name: running[-1] for name, running in totals.items()}
    assert placed_totals(panel, TEN) == final
    sheet_text = " ".join(" ".join(sheet).split())
    assert all(word in sheet_text for word in ("Deal", "Dealer", "misdeal", "renege Joost", "last", "total"))
    if lines == 24:  # a short terminal: the panel keeps to the next deal and says where the rest is
        assert "sheet shows every deal, rules the rules of the match" in "\n".join(panel)
        assert "Clubavond" not in "\n".join(panel)
    else:
        assert "“Clubavond”: 10 deals, classic" in "\n".join(panel)

    for command in ("status", "history"):
        shown = Terminal(columns, lines, command).ends()
        shown_whole(shown, columns)
        if command == "status":
            assert placed_totals(shown, TEN) == final
            passing = shown.index("  Pass 3 cards right:")  # its own block: the pairs under it, indented
            block = list(itertools.takewhile(str.strip, shown[passing + 1 :]))
            assert block and all(line.startswith("    ") and "→" in line for line in block)
            passes = {(TEN[seat], TEN[seat - 1]) for seat in range(10)}  # to the right: Anke → Joost
            assert set(re.findall(r"(\S+)\s+→\s+(\S+)", " ".join(block))) == passes
        else:
            assert running_totals(shown, TEN) == totals
            assert "86 R (218)" in "\n".join(shown)
