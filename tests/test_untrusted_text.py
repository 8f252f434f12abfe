"""Text from people and files: nothing reaches a terminal raw, and every refusal is a sentence.

A name may carry terminal escapes (OSC 52 sets the clipboard, CSI 2J clears the
screen), NUL bytes, bidi overrides, lone surrogates or ten million characters;
a number may be typed in fullwidth or Arabic-Indic digits, or with 5,000 of them.
Each is refused in words where it comes in; and a store from before these checks,
which may hold such a name, shows it escaped in every output.
"""

from __future__ import annotations

import copy
import json
import sqlite3

import pytest

from scorepad.cli.commands import subcommands
from scorepad.cli.main import app
from scorepad.core.errors import NotationError
from scorepad.core.record import parse_record
from scorepad.core.text import CONTROL
from scorepad.store.schema import MATCH, SEAT

#: What a hostile name holds: OSC 52 (ended by ST), NUL, BEL, a C1 CSI, a bidi override, a line separator.
OSC_52 = "\x1b]52;c;cHduZWQ=\x1b\\"
HOSTILE = f"Fri{OSC_52}\x00\x07\x9b\u202eyad\u2028"
#: How every output shows it: each control character as its escape (the backslash of ST stays one).
HOSTILE_SHOWN = r"Fri\x1b]52;c;cHduZWQ=\x1b\\x00\x07\x9b\u202eyad\u2028"
CLEAR_SCREEN = "B\x1b[2Jb"


def raw_controls(text: str) -> list[str]:
    """The control characters in output, but the new lines that lay it out (and CSV's CR LF)."""
    return CONTROL.findall(text.replace("\r\n", "").replace("\n", ""))


# Refused where they come in.


@pytest.mark.parametrize(
    "name, says",
    [
        (OSC_52, "cannot contain control characters"),
        ("\x1b[2J\x1b[H", "U+001B"),
        ("a\x00b", "U+0000"),
        ("Tab\there", "U+0009"),
        ("evil\u202eLIVE", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("line\u2028break", "U+2028 LINE SEPARATOR"),
        ("\udcff", "lone surrogate, U+DCFF"),  # what Python makes of a byte that is not UTF-8 in argv
        ("x" * 101, "at most 100 characters, not 101"),
    ],
)
def test_a_match_name_with_a_control_character_or_too_long_is_refused(cli, unchanged, name, says):
    cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        line = cli.refused("new", "--players", "Ann,Bob,Cat", "--name", name, says=says)
    assert not raw_controls(line)
    assert len(line) < 200


def test_a_match_name_of_the_bound_and_any_printable_text_is_kept_exactly(cli):
    name = "Ann's “Friday” =SUM(1) 👨\u200d👩\u200d👧 night"
    cli("new", "--players", "Ann,Bob,Cat", "--name", name)
    assert cli.json("status")["name"] == name
    cli("new", "--players", "Ann,Bob,Cat", "--name", "x" * 100)
    assert cli.json("status")["name"] == "x" * 100


def test_a_name_that_reads_as_an_emoji_code_is_shown_as_typed(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--name", "Party :smile: [b]x[/b]")
    assert "Party :smile: [b]x[/b]" in cli("matches").stdout


@pytest.mark.parametrize(
    "name, says",
    [
        (CLEAR_SCREEN, "cannot contain control characters"),
        ("Bo\u202eb", "U+202E"),
        ("\udcff", "lone surrogate"),
        ("B" * 41, "at most 40 characters, not 41"),
    ],
)
def test_a_player_name_is_refused_at_new_and_rename(cli, unchanged, name, says):
    with unchanged():
        cli.refused("new", "--players", f"Ann,{name},Cat", says=says)
    cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        cli.refused("rename", "Bob", name, says=says)


@pytest.fixture
def backup(cli, tmp_path) -> dict:
    cli("new", "--players", "Ann,Bob,Cat", "--name", "Friday", "--cut", "Ann=4H,Bob=3C,Cat=KD")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    file = tmp_path / "backup.json"
    cli("export", "--format", "json", "--out", file)
    return json.loads(file.read_text())


def renamed(value, old: str, new: str):
    """``value`` with every key and text ``old`` written ``new``: a player renamed all through a backup."""
    if isinstance(value, dict):
        return {renamed(k, old, new): renamed(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    return new if value == old else value


def write(tmp_path, data: dict, name: str = "mangled.json"):
    file = tmp_path / name
    file.write_text(json.dumps(data))  # ASCII: a lone surrogate is written as \ud800
    return file


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda m: m.update(name="a\u0000b"), "a match's name cannot contain control characters: 'a\\x00b'"),
        (lambda m: m.update(name=OSC_52), "U+001B"),
        (lambda m: m.update(name="\ud800"), "a match's name is not valid text: '\\ud800' holds a lone surrogate"),
        (lambda m: m.update(name="x" * 10_000_000), "a match's name has at most 100 characters, not 10000000"),
        (lambda m: m.update(uid="\x1b[2J"), "a match's uid cannot contain control characters"),
        (lambda m: m.update(cuts=[{"\x1b[2J": "QS"}]), "match 1.cuts: a player's name cannot contain control"),
        (lambda m: m.update(cuts=[{"A" * 41: "QS"}]), "at most 40 characters"),
    ],
)
def test_an_imported_match_name_uid_or_cut_is_checked_as_if_typed(cli, unchanged, tmp_path, backup, change, says):
    change(backup["matches"][0])
    file = write(tmp_path, backup)
    with unchanged():
        line = cli.refused("import", file, says=says)  # ten million characters are refused, not charted
    assert len(line) < 300 and not raw_controls(line)


@pytest.mark.parametrize(
    "name, says",
    [
        ("\ud800", "a player's name is not valid text: '\\ud800' holds a lone surrogate, U+D800"),
        ("B\x00b", "a player's name cannot contain control characters: 'B\\x00b' holds U+0000"),
        (CLEAR_SCREEN, "U+001B"),
        ("B" * 10_000, "a player's name has at most 40 characters, not 10000"),
    ],
)
def test_an_imported_player_name_is_checked_as_if_typed(cli, unchanged, tmp_path, backup, name, says):
    file = write(tmp_path, renamed(backup, "Bob", name))
    with unchanged():
        line = cli.refused("import", file, says=says)
    assert len(line) < 300


def test_the_good_backup_itself_still_restores(cli, tmp_path, backup, store_path):
    file = write(tmp_path, copy.deepcopy(backup))
    cli("--db", tmp_path / "other.db", "import", file)
    assert cli.json("--db", tmp_path / "other.db", "status")["name"] == "Friday"


def test_a_deal_record_names_players_within_the_bound(cli, tmp_path):
    record = tmp_path / "deal.txt"
    record.write_text(f"players: Ann {'B' * 41} Cat\ndealer: Ann\n")
    result = cli("audit", record, code=1)
    assert "at most 40 characters, not 41" in result.stderr
    record.write_text(f"players: Ann Bob Cat\ndealer: Ann\nhand {'Z' * 5000}: QS\n")
    result = cli("audit", record, code=1)
    assert "is not one of the players" in result.stderr and len(result.stderr) < 300


# A backup says each thing once.


@pytest.mark.parametrize(
    "text, key",
    [
        ('{"format": "scorepad-backup", "format": "other"}', "'format'"),
        ('{"format": "scorepad-backup", "version": 1, "version": 2}', "'version'"),
    ],
)
def test_a_key_given_twice_is_refused_naming_it(cli, unchanged, tmp_path, text, key):
    file = tmp_path / "twice.json"
    file.write_text(text)
    with unchanged():
        cli.refused("import", file, says=f"the key {key} appears twice in one object")


def test_a_key_given_twice_deep_in_a_trail_is_refused_too(cli, unchanged, tmp_path, backup):
    text = json.dumps(backup).replace('"scores": {"Ann": 10,', '"scores": {"Ann": 10, "Ann": 0,', 1)
    assert text.count('"Ann": 0') == 1  # the trail's deal now gives Ann two scores
    file = tmp_path / "twice.json"
    file.write_text(text)
    with unchanged():
        cli.refused("import", file, says="the key 'Ann' appears twice")


# Shown escaped, never raw, from a store written before these checks.


@pytest.fixture
def old_store(cli, store_path):
    """A match whose name and one player's name an older scorepad let in, put straight into the store."""
    cli("new", "--players", "Ann,Bob,Cat", "--name", "Friday", "--deals", "3")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "--renege", "Bob")
    with sqlite3.connect(store_path) as conn:
        conn.execute(f'UPDATE "{MATCH}" SET name = ?', (HOSTILE,))
        conn.execute(f'UPDATE "{SEAT}" SET name = ? WHERE position = 1', (CLEAR_SCREEN,))
    return store_path


@pytest.mark.parametrize(
    "args",
    [
        ("status",),
        ("history",),
        ("matches",),
        ("rules",),
        ("chart",),
        ("undo",),
        ("rename", "Ann", "Ada"),
        ("abandon",),
    ],
)
def test_a_terminal_never_gets_a_control_character_from_the_store(cli, old_store, args):
    result = cli(*args)
    output = result.stdout + result.stderr
    assert not raw_controls(output), raw_controls(output)
    assert "\\x1b[2J" in output  # shown, as its escape: the table can still tell who is who


@pytest.mark.parametrize("args", [("status",), ("history",), ("matches",)])
def test_json_escapes_every_control_character_and_keeps_the_names_exact(cli, old_store, args):
    result = cli(*args, "--json")
    assert not raw_controls(result.stdout)
    assert CLEAR_SCREEN in texts(json.loads(result.stdout))
    assert "\\u202e" in result.stdout or args == ("history",)  # JSON's own escape: the same text


def texts(value) -> set[str]:
    """Every string in a JSON value, keys too."""
    if isinstance(value, dict):
        return set(value) | {t for v in value.values() for t in texts(v)}
    if isinstance(value, list):
        return {t for v in value for t in texts(v)}
    return {value} if isinstance(value, str) else set()


def test_json_keeps_an_old_name_exactly(cli, old_store):
    status = cli.json("status")
    assert status["name"] == HOSTILE and status["players"][1] == CLEAR_SCREEN
    rules = cli("rules", "--json").stdout
    assert not raw_controls(rules) and json.loads(rules)["name"] == HOSTILE


def test_a_refusal_that_names_the_players_stays_one_line_without_controls(cli, old_store):
    line = cli.refused("deal", "Zed=1", says="no player 'Zed' in this match (Ann, B\\x1b[2Jb, Cat)")
    assert not raw_controls(line)


def test_play_shows_the_panel_sheet_and_refusals_escaped(cli, old_store):
    result = cli.runner.invoke(app, ["play"], input="status\nsheet\nZed=1\n")
    assert result.exit_code == 1
    assert "line 3: no player 'Zed'" in result.stderr
    assert not raw_controls(result.stdout + result.stderr)
    result = cli.runner.invoke(app, ["play", "--json"], input="status\nsheet\nrules\n")
    assert not raw_controls(result.stdout)
    assert json.loads(result.stdout.splitlines()[0])["name"] == HOSTILE


@pytest.mark.parametrize("layout", ["long", "sheet"])
def test_the_csv_never_holds_a_control_character(cli, old_store, tmp_path, layout):
    out = tmp_path / f"{layout}.csv"
    cli("export", "--layout", layout, "--out", out)
    text = out.read_bytes().decode("utf-8")
    assert not raw_controls(text), raw_controls(text)
    assert "B\\x1b[2Jb" in text
    if layout == "long":
        assert f"1,{HOSTILE_SHOWN},1,deal,Ann,Ann,1,10,10," in text


def test_the_html_report_never_holds_a_control_character(cli, old_store, tmp_path):
    out = tmp_path / "report.html"
    cli("report", "--out", out)
    text = out.read_text(encoding="utf-8")
    assert not raw_controls(text), raw_controls(text)
    assert "B\\x1b[2Jb" in text
    assert f"<title>Match 1: {HOSTILE_SHOWN} · scorepad</title>" in text


# Numbers: ASCII digits, and not too many of them.

BIG = "9" * 5000


@pytest.mark.parametrize(
    "score, says",
    [
        ("１０", "a score is written with the digits 0 to 9: '１０' has U+FF11 FULLWIDTH DIGIT ONE"),
        ("٣", "'٣' has U+0663 ARABIC-INDIC DIGIT THREE"),
        (BIG, "a score has at most 18 digits, not 5000"),
        ("-" + BIG, "at most 18 digits"),
    ],
)
def test_a_score_in_other_digits_or_of_thousands_of_digits_is_refused_in_words(cli, unchanged, score, says):
    cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        cli.refused("deal", f"Ann={score}", "Bob=13", "Cat=20", says=says)
        cli.refused("deal", score, "13", "20", says=says)  # in seat order
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    with unchanged():
        cli.refused("fix", "1", f"Ann={score}", "Bob=13", "Cat=20", says=says)


def test_a_trick_number_of_thousands_of_digits_is_refused_in_words():
    with pytest.raises(NotationError, match="line 3: a trick's number has at most 18 digits, not 5000"):
        parse_record(f"players: Ann Bob Cat\ndealer: Ann\n{BIG}. Bob:2C Cat:3C Ann:4C\n")
    # Not a number: a card, badly written.
    with pytest.raises(NotationError, match=r"line 3: trick 1: not a card: '١\.'"):
        parse_record("players: Ann Bob Cat\ndealer: Ann\n١. Bob:2C Cat:3C Ann:4C\n")


@pytest.mark.parametrize(
    "line, says",
    [
        (f"Ann={BIG} Bob=13 Cat=20", "line 1: a score has at most 18 digits, not 5000"),
        ("Ann=１０ Bob=13 Cat=20", "line 1: a score is written with the digits 0 to 9"),
        ("١٠ ١٣ ٢٠", "line 1: a score is written with the digits 0 to 9: '١٠' has U+0661"),
        ("fix ١ Ann=10 Bob=13 Cat=20", "line 1: N in fix N is written with the digits 0 to 9"),
        (f"fix {BIG} Ann=10 Bob=13 Cat=20", "line 1: N in fix N has at most 18 digits"),
        ("fix ² Ann=10 Bob=13 Cat=20", "line 1: write fix N NAME=SCORE"),
    ],
)
def test_play_refuses_such_numbers_by_line(cli, unchanged, line, says):
    cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        result = cli.runner.invoke(app, ["play"], input=line + "\n")
    assert result.exit_code == 1, result.output
    assert says in result.stderr
    assert "internal error" not in result.stderr


@pytest.mark.parametrize(
    "args, says",
    [
        (("deal", "--expect", "３", "Ann=10", "Bob=13", "Cat=20"), "'３' has U+FF13 FULLWIDTH DIGIT THREE"),
        (("deal", "--expect", BIG, "Ann=10", "Bob=13", "Cat=20"), "at most 18 digits, not 5000"),
        (("fix", "١", "Ann=10", "Bob=13", "Cat=20"), "'١' has U+0661 ARABIC-INDIC DIGIT ONE"),
        (("fix", "1_0", "Ann=10", "Bob=13", "Cat=20"), "'1_0' is not a whole number: write the digits 0 to 9"),
        (("status", "--match", "１"), "U+FF11"),
        (("new", "--players", "A,B,C", "--deals", "٦"), "U+0666"),
        (("new", "--players", "A,B,C", "--deals", "0"), "0 is not in the range x>=1"),
        (("stats", "--decks", "２"), "U+FF12"),
    ],
)
def test_a_number_typed_as_an_option_or_argument_takes_ascii_digits_only(cli, unchanged, args, says):
    cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        result = cli(*args, code=2)  # a value of the wrong type: a usage error, as Typer reports it
    assert says in " ".join(result.stderr.split()), result.stderr


def test_every_number_parameter_of_every_command_reads_ascii_digits():
    """Typer's own int takes ``３`` for 3: every int option and argument must go through cli.numbers."""
    import typer.main

    from scorepad.cli.numbers import POSITIVE, WHOLE

    group = typer.main.get_command(app)
    checked = 0
    for name, command in subcommands(group).items():
        for param in command.params:
            if param.type.name in ("int", "int range", "integer", "integer range"):  # Typer's int, or ours
                assert getattr(param.type, "func", None) in (WHOLE, POSITIVE), f"scorepad {name} {param.name}"
                checked += 1
    assert checked >= 10  # --match everywhere, --deals, --expect, fix N, --decks...


@pytest.mark.parametrize("indent", [None, 2])
def test_json_text_escapes_del_in_ascii_text_as_it_does_every_other_control_character(indent):
    from scorepad.cli.common import json_text

    for value in (
        {"name": "Fri\x7fday", "players": ["Ann", "B\x1bb"]},
        {"name": "Fri\x7fday", "players": ["Dag\u202e"]},
    ):
        text = json_text(value, indent=indent)  # the first is ASCII alone, the second is not
        assert not CONTROL.search(text.replace("\n", "")) and json.loads(text) == value
        assert "Fri\\u007fday" in text
    plain = {"name": "Friday", "players": ["Ann", "Bob"]}
    assert json_text(plain, indent=indent) == json.dumps(plain, indent=indent)  # nothing to escape: as JSON wrote it
