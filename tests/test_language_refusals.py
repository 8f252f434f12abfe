"""The store's and the use cases' refusals read in the table's language; JSON and str() keep them English.

Each test words the expected Dutch from the catalog itself, field by field as
the refusal nests them, and checks that an English sentence is gone: until
the Dutch catalog holds these messages, these tests fail on that check.
"""

from __future__ import annotations

import gettext
import json

from scorepad.cli.language_choice import choose
from scorepad.present.translation import DOMAIN, catalog_folder, in_language


def dutch(template: str, **fields: object) -> str:
    """A message as the Dutch catalog words it, its fields already worded."""
    return gettext.translation(DOMAIN, catalog_folder(), languages=["nl"]).gettext(template).format(**fields)


def refusal(cli, *args: str) -> str:
    """The one line a Dutch terminal reads for a refused command, without the ``scorepad: `` before it."""
    line = cli.refused("--lang", "nl", *args)
    assert line.startswith("scorepad: ")
    return line.removeprefix("scorepad: ")


def test_a_file_that_is_no_store_is_refused_in_dutch_and_doctor_json_stays_english(cli, tmp_path):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    english = f"{empty}: this file is not a scorepad database (it is empty): scorepad leaves it alone"
    said = dutch(
        "{path}: this file is not a scorepad database ({damage}): scorepad leaves it alone",
        path=empty,
        damage=dutch("it is empty"),
    )
    assert refusal(cli, "--db", empty, "status") == said
    assert "leaves it alone" not in said and "it is empty" not in said
    checks = json.loads(cli("--lang", "nl", "--db", empty, "doctor", "--json", code=1).stdout)["checks"]
    assert checks == [{"check": "opens", "ok": False, "detail": english}]


def test_an_unknown_match_in_dutch(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    said = refusal(cli, "status", "--match", "99")
    assert said == dutch("there is no match {match}", match=99)
    assert "there is no match" not in said


def test_a_count_chooses_the_dutch_message_too(cli):
    cli("new", "--players", "Ann,Bob,Cat,Dan")
    said = refusal(cli, "deal", "10")
    names = "Ann, Bob, Cat, Dan"
    template = "{count} score in seat order, but deal {number} has {players} players: {names}"
    assert said == dutch(template, count=1, number=1, players=4, names=names)
    assert "in seat order" not in said


def test_a_backup_refusal_is_dutch_whole_and_its_str_stays_english(cli, tmp_path):
    """A refusal built from pieces (the file, the match, the field, the values allowed) is one language."""
    from scorepad.app import backup
    from scorepad.core.errors import ScorepadError

    cli("new", "--players", "Ann,Bob,Cat")
    file = tmp_path / "backup.json"
    cli("export", "--format", "json", "--out", file)
    data = json.loads(file.read_text())
    data["matches"][0]["format"]["kind"] = "x"
    file.write_text(json.dumps(data))
    field = dutch("match {match}", match=1) + ".format.kind"
    values = dutch("{first} or {last}", first="deals, over", last="reach")
    problem = dutch("{field} is {expected}, not {given}", field=field, expected=values, given="'x'")
    said = refusal(cli, "import", file)
    assert said == dutch("{path}: {reason}", path=file, reason=problem)
    assert " or reach" not in said
    choose("nl")
    try:
        backup.read(file)
    except ScorepadError as error:
        assert str(error) == f"{file}: match 1.format.kind is deals, over or reach, not 'x'"
        assert in_language(error) == said
    else:
        raise AssertionError("a backup with a bad format kind was read")
    assert refusal(cli, "import", tmp_path / "nowhere.json") == dutch(
        "{path}: no such file", path=tmp_path / "nowhere.json"
    )


def test_an_export_refusal_in_dutch(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat")
    out = tmp_path / "deals.csv"
    out.write_text("an earlier export")
    said = refusal(cli, "export", "--out", out)
    assert said == dutch("{path} exists: give --force to replace it, or another --out", path=out)
    assert "give --force" not in said
    assert out.read_text() == "an earlier export"


def test_audit_says_why_in_dutch_on_stderr_and_in_english_in_json(cli, tmp_path):
    missing = tmp_path / "missing.txt"
    reason = dutch("cannot read it: {reason}", reason=dutch("no such file or folder"))
    result = cli("--lang", "nl", "audit", missing, code=1)
    assert result.stderr == f"{missing}: {reason}\n"
    assert "cannot read it" not in result.stderr
    report = json.loads(cli("--lang", "nl", "audit", missing, "--json", code=1).stdout)
    assert report == {"file": str(missing), "error": "cannot read it: no such file or folder"}


def test_doctor_words_its_findings_in_dutch_and_keeps_them_english_as_data(cli, store_path):
    from scorepad.app.doctor import examine
    from scorepad.store.location import store_location

    cli("new", "--players", "Ann,Bob,Cat")
    english = cli("doctor", "--json").stdout
    assert cli("--lang", "nl", "doctor", "--json").stdout == english
    choose("nl")
    found = {str(f.check): f for f in examine(store_location(None))}
    matches = found["matches"]
    assert str(matches.detail) == "1 match, every entry valid"
    assert in_language(matches.check.said) == dutch("matches")
    assert in_language(matches.detail.said) == dutch("{count} match, every entry valid", count=1)
    assert "every entry valid" not in in_language(matches.detail.said)


def test_the_doctor_table_is_dutch(cli):
    """The table words each finding (present.tables.findings): no English detail is left."""
    from scorepad.store.db import HEAD

    cli("new", "--players", "Ann,Bob,Cat")
    table = cli("--lang", "nl", "doctor").stdout
    assert dutch("{count} match, every entry valid", count=1) in table
    assert dutch("version {version}, current", version=HEAD) in table
    assert "every entry valid" not in table and "every row's match" not in table
