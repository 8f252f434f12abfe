"""An evening of ten at one table (issue 24): two decks, a terminal of 80 columns, a tie-break of one deck.

Anke, Bram, Cor, Dirk, Eva, Femke, Gerrit, Hanneke, Ingrid and Joost play
Cancellation Black Maria. Their sheet is wider than the terminal, their
panel longer than 24 lines; every number must still be whole, every name
recognisable, and the deal the table needs next in sight. Their tie-break is
dealt from one deck, and says so; their audit shows which cards cancelled.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Sequence

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from scorepad.app.results import HistoryRow, Result
from scorepad.core.cards import card, cards
from scorepad.core.errors import RuleError
from scorepad.core.match import MatchState, Settings, default_format
from scorepad.core.rules import RuleSet
from scorepad.present import by_player, tables
from scorepad.present.fitting import Hanging, short_names
from scorepad.present.panel import TablePanel

from .test_language import catalog
from .test_play import SCOREPAD, TIMEOUT, environment, terminal
from .test_two_decks import CASE_11

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
    dutch = catalog("nl").gettext("{card} is given twice ({players}): this tie-break is dealt from one deck of {cards}")
    said = cli("--lang", "nl", "deal", "Gerrit=QS,QS", "Hanneke=?", code=1).stderr
    assert said.startswith("scorepad: ")  # the card as a Dutch table writes it, then:
    assert said.endswith(dutch.split("{card}")[1].format(players="Gerrit", cards=52) + "\n")
    assert "Eén kaartspel van 52 kaarten voor dit beslissingsspel" in cli("--lang", "nl", "status").stdout


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
        self.seen = io.StringIO()
        self.child = pexpect.spawn(
            str(SCOREPAD),
            list(args),
            # A history longer than the screen goes through the pager: cat, which shows all of it and ends.
            env=environment(PAGER="cat") | {"TERM": "vt100", "COLUMNS": str(columns), "LINES": str(lines)},
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
    """Each player's total as the last standings shown give it: ``place name total``, in columns or one a row; a
    substitute's name may say whom they replaced, ``Karel (for Joost)``."""
    found = {}
    pattern = r"(?:^|\s)\d+\s+(\S+?)(?: \(for \S+\))?(?: ★)?\s+(-?\d+)(?=\s|$)"
    for line in screen:
        for name, total in re.findall(pattern, line.replace("│", " ")):
            if name in names:
                found[name] = int(total)
    return found


#: Three deals and a renege, a misdeal between them (deal 2 is dealt twice), deal 1 fixed for two players only,
#: and Karel taking Joost's seat before the renege.
DEALS = [
    "13 13 10 10 7 7 5 5 8 8",
    "misdeal",
    "0 0 0 0 0 0 0 0 0 86",
    "13 0 10 0 7 0 5 5 8 38",
    "fix 1 Anke=10 Cor=13",
    "seat Joost Karel",
    "renege Karel",
]
SEATED = (*TEN[:-1], "Karel")


def expected_totals(cli) -> dict[str, list[int]]:
    """Each seat's running totals after each deal, as history --json has them, under the name the seat has now."""
    deals = [d for d in cli.json("history")["deals"] if d["kind"] == "deal"]
    return {name: [list(d["totals"].values())[seat] for d in deals] for seat, name in enumerate(deals[-1]["totals"])}


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
        number += entry.split()[0] not in ("misdeal", "fix", "seat")
        table.enters(entry, f"deal {number}> ")
        seen = after(table.screen(), entry)
        assert len(seen) <= lines, "\n".join(seen)  # the entry, its echo, the panel and the prompt in sight
    assert "deal 1: Anke 13, Bram 13, Cor 10, Dirk 10, Eva 7, Femke 7, Gerrit 5, Hanneke 5, Ingrid 8, Joost 8" in (
        " ".join(" ".join(after(table.screen(), DEALS[0])).split())
    )
    said = " ".join(" ".join(table.screen()).split())
    assert "deal 1: Anke 13 → 10, Cor 10 → 13" in said  # the fix read back as old → new, for the two it changed
    assert "Karel takes Joost's seat from deal 4 on" in said
    table.enters("sheet", "deal 5> ")
    sheet = after(table.screen(), "sheet")
    table.enters("status", "deal 5> ")
    panel = after(table.screen(), "status")
    table.child.sendline("quit")
    screen = table.ends()
    shown_whole(screen, columns)

    totals = expected_totals(cli)
    assert running_totals(sheet, SEATED) == totals  # every running total, whole, for each player in order
    final = {name: running[-1] for name, running in totals.items()}
    assert placed_totals(panel, SEATED) == final
    sheet_text = " ".join(" ".join(sheet).split())
    words = ("Deal", "Dealer", "misdeal", "corrected", "substitute", "→ Karel", "renege Karel", "last", "total")
    assert all(word in sheet_text for word in words)
    assert "Karel (for Joost)" in sheet_text and "Karel (for Joost)" in " ".join(panel)
    if lines == 24:  # a short terminal: the panel keeps to the next deal and says where the rest is
        assert "sheet shows every deal, rules the rules of the match" in "\n".join(panel)
        assert "Clubavond" not in "\n".join(panel)
    else:
        assert "“Clubavond”: 10 deals, classic" in "\n".join(panel)

    for command in ("status", "history"):
        shown = Terminal(columns, lines, command).ends()
        shown_whole(shown, columns)
        if command == "status":
            assert placed_totals(shown, SEATED) == final
            passing = shown.index("  Pass 3 cards right:")  # its own block: the pairs under it, indented
            block = list(itertools.takewhile(str.strip, shown[passing + 1 :]))
            assert block and all(line.startswith("    ") and "→" in line for line in block)
            passes = {(SEATED[seat], SEATED[seat - 1]) for seat in range(10)}  # to the right: Anke → Karel
            assert set(re.findall(r"(\S+)\s+→\s+(\S+)", " ".join(block))) == passes
        else:
            assert running_totals(shown, SEATED) == totals
            assert "86 R (218)" in "\n".join(shown)


@terminal
@pytest.mark.parametrize("language, ascii", [("nl", False), ("sv", True), ("it", False)])
def test_longer_words_of_other_languages_change_the_layout_never_a_number(cli, language, ascii):
    """Dutch says "verkeerde gift" for a misdeal, Italian "distribuzione errata": words wrap whole in their column."""
    words = catalog(language).gettext
    ten(cli)
    root = ["--lang", language, *(["--ascii"] if ascii else [])]
    table = Terminal(80, 24, *root, "play")
    prompt = words("deal {number}") + "> "
    table.child.expect_exact(prompt.format(number=1))
    number = 1
    for entry in DEALS[:4]:
        number += entry != "misdeal"
        table.enters(entry, prompt.format(number=number))
        assert len(after(table.screen(), entry)) <= 24
    table.enters("sheet", prompt.format(number=number))
    sheet = after(table.screen(), "sheet")
    table.child.sendline("quit")
    shown_whole(table.ends(), 80)
    totals = expected_totals(cli)
    assert running_totals(sheet, TEN) == totals
    said = " ".join(re.sub("[|│]", " ", " ".join(sheet)).split())
    for word in (words("Deal"), words("Dealer"), words("total"), *words("misdeal").split(), words("last")):
        assert re.search(rf"(^|\s){re.escape(word)}(\s|$)", said), word  # whole, not cut

    shown = Terminal(80, 24, *root, "status").ends()
    shown_whole(shown, 80)
    assert placed_totals(shown, TEN) == {name: running[-1] for name, running in totals.items()}
    passing = shown.index("  " + words("Pass {count} cards right:").format(count=3))
    arrow = "->" if ascii else "→"
    assert all(
        line.startswith("    ") and arrow in line for line in itertools.takewhile(str.strip, shown[passing + 1 :])
    )


# --- the layouts, in process ---------------------------------------------------------------------


def played(players: Sequence[str], rules: RuleSet, moves: Sequence[tuple[str, int]], name: str | None = None):
    """A match and its history as the app reads them, after ``moves``: ``("take", seat)`` (every penalty card),
    ``("renege", seat)``, ``("misdeal", 0)``, the seat counted among the deal's players, or ``("seat", seat)``
    (a substitute, Sub1, Sub2, ..., takes that seat)."""
    state = MatchState.start(Settings(tuple(players), rules, default_format(len(players), rules)))
    rows = []
    for move, seat in moves:
        deal = state.next
        if deal is None:
            break
        if move == "misdeal":
            entry = state.enter_misdeal()
        elif move == "renege":
            entry = state.enter_renege(deal.players[seat % len(deal.players)])
        elif move == "seat":
            entry = state.enter_seat(state.settings.players[seat % len(players)], f"Sub{len(state.former) + 1}")
        else:
            taker = deal.players[seat % len(deal.players)]
            entry = state.enter({s: deal.deal_total if s == taker else 0 for s in deal.players})
        before, state = state, state.apply(entry)
        now, outcome, substitute = state.settings.players, entry.outcome, entry.substitute
        rows.append(
            HistoryRow(
                number=deal.number,
                kind=entry.kind.value,
                dealer=now[deal.dealer],
                scores={now[s]: points for s, points in outcome.scores.items()} if outcome else {},
                renege=now[outcome.renege] if outcome and outcome.renege is not None else None,
                totals=dict(zip(now, state.totals, strict=True)),
                recorded_at=f"2026-12-01T20:{len(rows) % 60:02d}:03+00:00",
                players=now,
                corrected=False,
                left=(substitute.seat, before.settings.players[substitute.seat]) if substitute else None,
            )
        )
    return Result(1, name, state), rows


def printed(width: int, *renderables: object, lines: int = 40) -> str:
    console = Console(file=io.StringIO(), width=width, height=lines, color_system=None)
    for renderable in renderables:
        console.print(renderable)
    return console.file.getvalue()


FOUR = played(("Ann", "Bob", "Cat", "Dan"), RuleSet.build(), [("take", 3), ("misdeal", 0), ("renege", 2), ("take", 0)])

#: What status, history and the sheet (with --ascii, and without) showed before there were other layouts.
FITS_IN_100 = """\
Match 1: 12 deals, classic, hearts broken, no slam, pass right
#  Player  Total
1  Bob         0
2  Ann        43
2  Cat        43
2  Dan        43
Deal 4 of 12:
  Dan deals; Ann (eldest) leads the first trick.
  Take out nothing (full deck): 13 cards each. The scores add up to 43.
  Pass 3 cards right: Ann → Dan, Bob → Ann, Cat → Bob, Dan → Cat.
Match 1: 12 deals, classic, hearts broken, no slam, pass right
┏━━━━━━┳━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━┳━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━┓
┃ Deal ┃ Kind    ┃ Dealer ┃     Ann ┃   Bob ┃       Cat ┃     Dan ┃ Recorded (UTC)      ┃
┡━━━━━━╇━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━╇━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━┩
│    1 │ deal    │ Ann    │   0 (0) │ 0 (0) │     0 (0) │ 43 (43) │ 2026-12-01T20:00:03 │
│    2 │ misdeal │ Bob    │         │       │           │         │ 2026-12-01T20:01:03 │
│    2 │ deal    │ Bob    │   0 (0) │ 0 (0) │ 43 R (43) │  0 (43) │ 2026-12-01T20:02:03 │
│    3 │ deal    │ Cat    │ 43 (43) │ 0 (0) │    0 (43) │  0 (43) │ 2026-12-01T20:03:03 │
└──────┴─────────┴────────┴─────────┴───────┴───────────┴─────────┴─────────────────────┘
deal scores with running totals in brackets; R: renege; tie-break points do not count
Match 1: 12 deals, classic, hearts broken, no slam, pass right
+----------------------------------------------------------------+
|Deal | Dealer |     Ann |   Bob |     Cat |     Dan |           |
|-----+--------+---------+-------+---------+---------+-----------|
|   1 | Ann    |   0 (0) | 0 (0) |   0 (0) | 43 (43) |           |
|   2 | Bob    |         |       |         |         | misdeal   |
|   2 | Bob    |   0 (0) | 0 (0) | 43 (43) |  0 (43) | renege Cat|
|   3 | Cat    | 43 (43) | 0 (0) |  0 (43) |  0 (43) | <- last   |
|     | total  |      43 |     0 |      43 |      43 |           |
+----------------------------------------------------------------+
Match 1: 12 deals, classic, hearts broken, no slam, pass right

 Deal   Dealer       Ann     Bob       Cat       Dan
 ────────────────────────────────────────────────────────────────
    1   Ann        0 (0)   0 (0)     0 (0)   43 (43)
    2   Bob                                            misdeal
    2   Bob        0 (0)   0 (0)   43 (43)    0 (43)   renege Cat
    3   Cat      43 (43)   0 (0)    0 (43)    0 (43)
        total         43       0        43        43

"""


def test_a_table_that_fits_keeps_its_layout_to_the_byte():
    result, rows = FOUR
    shown = printed(
        100,
        tables.status(result, False),
        tables.history(result, rows),
        tables.sheet(result, rows, ascii=True, mark_last=True),
        tables.sheet(result, rows),
    )
    assert [line.rstrip() for line in shown.splitlines()] == FITS_IN_100.splitlines()


NAMES = st.from_regex(r"[A-ZÅ李][a-zéøå李-]{0,14}", fullmatch=True)
MOVES = st.lists(st.tuples(st.sampled_from(["take", "take", "renege", "misdeal"]), st.integers(0, 9)), max_size=14)


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(NAMES, min_size=3, max_size=10, unique_by=str.casefold),
    moves=MOVES,
    width=st.sampled_from([80, 90, 100, 132]),
    two=st.booleans(),
)
def test_at_any_width_every_running_total_is_shown_whole_and_every_player_by_a_name_of_their_own(
    names, moves, width, two
):
    rules = RuleSet.build(decks=2) if len(names) > 6 or (two and len(names) == 6) else RuleSet.build()
    result, rows = played(names, rules, moves)
    shown = printed(width, tables.history(result, rows), tables.sheet(result, rows, mark_last=True))
    assert "…" not in shown
    assert all(cell_len(line) <= width for line in shown.splitlines())
    expected = {total for row in rows if row.kind == "deal" for total in row.totals.values()}
    assert {int(total) for total in re.findall(r"\((\d+)\)", shown)} == expected
    short = short_names(names, by_player.NAME_ROOM)
    assert len(set(short.values())) == len(names)
    assert all(re.search(rf"(^|[\s|│┃]){re.escape(short[name])}\s", shown, re.M) or name in shown for name in names)


@settings(max_examples=25, deadline=None)
@given(
    names=st.lists(NAMES, min_size=3, max_size=10, unique_by=str.casefold), moves=MOVES, lines=st.sampled_from([24, 40])
)
def test_at_80_columns_the_standings_give_every_player_their_total_in_status_and_the_panel(names, moves, lines):
    rules = RuleSet.build(decks=2) if len(names) > 6 else RuleSet.build()
    result, _rows = played(names, rules, moves)
    for shown in (
        printed(80, tables.status(result, False)),
        printed(80, TablePanel(result, False, "more"), lines=lines),
    ):
        assert "…" not in shown and all(cell_len(line) <= 80 for line in shown.splitlines())
        flat = " ".join(shown.replace("│", " ").split())
        for shortened in (str, short_names(names, tables.SHORT_NAME).__getitem__):
            found = [
                re.search(rf"(^| ){place} {re.escape(name)} {total}( |$)", flat)
                for place, name, total in tables.placed(result.state, shortened)
            ]
            if all(found):
                break
        else:
            raise AssertionError(flat)


def test_the_usual_layout_is_kept_to_the_last_column_that_holds_it_whole():
    result, rows = played(TEN[:6], RuleSet.build(), [("take", 5), ("misdeal", 0), ("renege", 1)])
    wide = printed(1000, tables.history(result, rows)).splitlines()
    exact = max(cell_len(line) for line in wide[1:-1])  # the table's own lines, not its title and key
    assert printed(exact, tables.history(result, rows)).splitlines()[1:-1] == wide[1:-1]
    narrower = printed(exact - 1, tables.history(result, rows))
    assert "…" not in narrower and "Recorded (UTC)" in narrower and "2026-12-01" in narrower.splitlines()[4]


def test_short_names_stay_recognisable_and_distinct():
    assert short_names(["Anke", "Hanneke"], 8) == {"Anke": "Anke", "Hanneke": "Hanneke"}
    assert short_names(["Bartholomew", "Evangeline"], 8) == {"Bartholomew": "Barthol.", "Evangeline": "Evangel."}
    alike = short_names(
        ["Annabelle-Marie", "Annabelle-Louise", "Annabel"], 8
    )  # a whole name is never taken for a short one
    assert alike == {"Annabelle-Marie": "Annabelle-M.", "Annabelle-Louise": "Annabelle-L.", "Annabel": "Annabel"}
    assert short_names(["Jan-Willem", "JAN-WOUTER"], 4) == {"Jan-Willem": "Jan-Wi.", "JAN-WOUTER": "JAN-WO."}
    assert short_names(["李小龙李小龙", "Bo"], 8) == {
        "李小龙李小龙": "李小龙.",
        "Bo": "Bo",
    }  # by the columns a name takes


def test_a_sentence_too_long_for_the_line_goes_on_indented_under_itself():
    said = "Carte da togliere: 2♣ 2♣ 2♦ 2♦ 2♠; 11 carte a testa. La somma dei punteggi è 86."
    assert printed(100, Hanging(said)) == "  " + said + "\n"
    lines = printed(40, Hanging(said)).splitlines()
    assert lines[0].startswith("  Carte") and all(line.startswith("    ") for line in lines[1:])
    assert " ".join(" ".join(lines).split()) == said  # every word whole, in order


# --- the audit shows the cards that cancelled ----------------------------------------------------


def test_the_audit_marks_the_cards_that_cancelled_and_says_why_under_the_table(cli, tmp_path):
    record = tmp_path / "case11.txt"
    record.write_text(CASE_11, encoding="utf-8")
    shown = cli("audit", record, code=1).stdout  # incomplete: three tricks of ten
    assert re.search(r"^\s+1\s+Ann\s+\[A♣\] K♣ \[A♣\] 5♣ 9♦ 3♣\s+Bob\s", shown, re.M)  # why K♣ won
    assert re.search(r"^\s+2\s+Bob\s+\[7♦\] \[7♦\] Q♣ 2♥ 4♠ 3♥\s+nobody", shown, re.M)
    key = "[ ]: two equal cards in one trick cancel: neither can win it (both still score)."
    assert key in shown.splitlines()
    assert "[AC] KC [AC] 5C 9D 3C" in cli("--ascii", "audit", record, code=1).stdout
    dutch = cli("--lang", "nl", "audit", record, code=1).stdout
    assert re.search(r"\[(\S+)\] \S+ \[\1\] ", dutch)  # the aces in the letters of a Dutch table, marked alike
    assert catalog("nl").gettext(key) in dutch.splitlines()
    tricks = json.loads(cli("audit", record, "--json", code=1).stdout)["tricks"]
    assert tricks[0]["cancelled"] == ["AC", "AC"]  # as the JSON has it


def test_an_audit_without_equal_cards_has_no_marks_and_no_key(cli, tmp_path):
    record = tmp_path / "one.txt"
    record.write_text(CASE_11.replace("decks=2", "").replace("Cat:AC", "Cat:QC").replace("Cat:7D", "Cat:8D"))
    shown = cli("audit", record, code=1).stdout
    assert "K♣ Q♣ 5♣" in shown and "[" not in shown and "cancel" not in shown
