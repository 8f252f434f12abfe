"""``scorepad audit``: deal records checked from files and stdin, and entered in a match.

Records are random deals played by the rules (tests/dealgen.py), written out as
a person would type them; the store is a real SQLite file per test.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from contextlib import closing
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.cli.main import app
from scorepad.core.engine import BreachKind, audit
from scorepad.core.record import DealRecord, parse_record, write_record
from scorepad.core.rules import CLASSIC, RuleSet
from tests.dealgen import random_deal, records, without_hands, without_names
from tests.test_architecture import loaded_after
from tests.test_record import SPEC_EXAMPLE  # legal, but it stops after three tricks


def dealt(players: int = 3, dealer: str = "Ann", rules: RuleSet = CLASSIC, plant=None, seed: int = 0):
    """A random deal of the first ``players`` of Ann, Bob, Cat... dealt by ``dealer``, and where its breach is."""
    rng = random.Random(seed)
    while True:
        record, planted = random_deal(players, rules, rng, plant)
        if record.dealer == dealer:
            return record, planted


def save(folder, name: str, record: DealRecord) -> str:
    path = folder / name
    path.write_text(write_record(record), encoding="utf-8")
    return str(path)


def run(cli, *args: str, input: str | None = None, code: int | None = 0):
    """Like the ``cli`` fixture, with text on standard input."""
    result = cli.runner.invoke(app, [str(a) for a in args], input=input)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert code is None or result.exit_code == code, f"exit {result.exit_code}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.stdout + result.stderr
    return result


def entry_cards(store_path) -> list[dict | None]:
    """The penalty cards stored with each entry, by seat."""
    with closing(sqlite3.connect(store_path)) as conn:
        return [json.loads(c) if c else None for (c,) in conn.execute("SELECT cards FROM entry ORDER BY id")]


# Checking records, no match involved.


def test_a_complete_legal_record_exits_0_and_shows_its_tricks_and_scores(cli, tmp_path, store_path):
    record, _ = dealt(4, "Dan", seed=1)
    report = audit(record)
    out = cli("audit", save(tmp_path, "deal.txt", record)).stdout
    assert "deal.txt: Ann, Bob, Cat, Dan; Dan deals" in out
    assert "Complete: every card played." in out and "No rule broken." in out
    assert "Scores: " + ", ".join(f"{n} {p}" for n, p in report.scores.items()) in out
    first = report.tricks[0]
    assert " ".join(str(c) for c in first.cards) in out  # Unicode suits for people
    assert not store_path.exists(), "auditing files alone needs no store"


def test_ascii_writes_suits_as_letters_also_in_breach_sentences(cli, tmp_path):
    record, _ = dealt(4, "Ann", plant=BreachKind.RENEGE, seed=2)
    out = cli("--ascii", "audit", save(tmp_path, "r.txt", record), code=1).stdout
    assert not set("♠♥♦♣") & set(out)
    assert " ".join(c.ascii() for c in audit(record).tricks[0].cards) in out


def test_the_spec_example_is_legal_but_incomplete_so_exit_1(cli, tmp_path):
    path = tmp_path / "spec.txt"
    path.write_text(SPEC_EXAMPLE)
    out = cli("audit", path, code=1).stdout
    assert "Incomplete: 12 of 52 cards played." in out
    assert "Scores: Ann 0, Bob 1, Cat 13, Dan 0" in out
    assert json.loads(cli("audit", path, "--json", code=1).stdout) == audit(parse_record(SPEC_EXAMPLE)).to_json()


def test_a_record_on_stdin(cli):
    record, _ = dealt(5, "Cat", seed=3)
    result = run(cli, "audit", "-", "--json", input=write_record(record))
    assert json.loads(result.stdout) == audit(record).to_json()
    assert "<stdin>: " in run(cli, "audit", "-", input=write_record(record)).stdout


def test_a_renege_is_told_as_a_sentence_on_its_own_line(cli, tmp_path):
    record, planted = dealt(4, "Bob", plant=BreachKind.RENEGE, seed=4)
    report = audit(without_hands(without_names(record)))
    assert report.renege is not None and report.renege.player == planted.player
    out = cli("audit", save(tmp_path, "renege.txt", without_hands(without_names(record))), code=1).stdout
    assert f"{report.renege.message}." in out.splitlines()
    assert f"{planted.player} reneged: {planted.player} takes the penalty total, the others 0." in out
    assert f"{planted.player} 43" in out


def test_json_of_one_file_is_its_report_and_of_several_a_list_in_order(cli, tmp_path):
    records = [dealt(n, "Ann", seed=n)[0] for n in (3, 4, 6)]
    paths = [save(tmp_path, f"{i}.txt", r) for i, r in enumerate(records)]
    one = cli("audit", paths[1], "--json").stdout
    assert json.loads(one) == audit(records[1]).to_json()
    several = json.loads(cli("audit", *reversed(paths), "--json").stdout)
    assert several == [audit(r).to_json() for r in reversed(records)]
    assert json.loads(cli("audit", paths[0], paths[0], "--json").stdout) == [audit(records[0]).to_json()] * 2


def test_a_batch_with_one_bad_file_audits_the_others_and_exits_1(cli, tmp_path):
    good = [dealt(4, "Ann", seed=s)[0] for s in (5, 6)]
    bad = tmp_path / "bad.txt"
    bad.write_text("players: Ann Bob Cat\ndealer: Ann\n1. 7S 9S XX\n")
    args = [save(tmp_path, "a.txt", good[0]), bad, tmp_path / "missing.txt", save(tmp_path, "b.txt", good[1])]
    result = cli("audit", *args, "--json", code=1)
    assert result.stderr.splitlines() == [
        f"{bad}: line 3: trick 1: not a card: 'XX' (write e.g. QS, Q♠, 10H or TH)",
        f"{tmp_path / 'missing.txt'}: cannot read it: no such file or folder",  # os_reason's words
    ]
    reports = json.loads(result.stdout)
    assert reports[0] == audit(good[0]).to_json() and reports[3] == audit(good[1]).to_json()
    problem = "trick 1: not a card: 'XX' (write e.g. QS, Q♠, 10H or TH)"
    assert reports[1] == {"file": str(bad), "error": f"line 3: {problem}", "errors": [{"line": 3, "message": problem}]}
    assert reports[2]["file"] == str(tmp_path / "missing.txt") and "no such file" in reports[2]["error"]
    out = cli("audit", *args, code=1).stdout  # for people: both good reports are there
    assert out.count("Complete: every card played.") == 2


def test_one_unreadable_file_alone(cli, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"players: Ann Bob Cat\ndealer: Ann\n1. 7S \xff\n")
    assert cli.refused("audit", bad) == f"{bad}: line 3: not UTF-8 text"
    report = json.loads(cli("audit", bad, "--json", code=1).stdout)
    assert report == {"file": str(bad), "error": "line 3: not UTF-8 text"}
    assert cli.refused("audit", tmp_path).startswith(f"{tmp_path}: cannot read it")


def test_no_file_is_a_usage_error(cli):
    cli("audit", code=2)


def test_help_has_examples_and_loads_no_database_layer():
    output, loaded = loaded_after("audit", "--help")
    assert "scorepad audit deal7.txt --match 3 --record" in output
    assert not {"sqlmodel", "sqlalchemy", "alembic"} & loaded


# Under a match's rules.


def test_the_match_rules_apply_to_a_record_without_a_rules_line(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--rules", "spot-hearts")
    path = tmp_path / "spec.txt"
    path.write_text(SPEC_EXAMPLE.replace("rules:", "# rules:"))
    report = json.loads(cli("audit", path, "--match", 1, "--json", code=1).stdout)
    assert report["rules"]["preset"] == "spot-hearts"
    assert report["scores"] == {"Ann": 0, "Bob": 3, "Cat": 25, "Dan": 0} and report["deal_total"] == 146


def test_a_record_with_other_rules_than_the_match_is_refused(cli, tmp_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--rules", "spot-hearts")
    path = tmp_path / "spec.txt"
    path.write_text(SPEC_EXAMPLE)
    with unchanged():
        line = cli.refused("audit", path, "--match", 1)
        assert line.startswith(f"{path}: the record's rules (classic hearts=broken")
        assert "are not match 1's (spot-hearts" in line
        cli.refused("audit", path, "--match", 1, "--record")
    cli.refused("audit", path, "--match", 7, says="there is no match 7")


# Entering an audited deal.


def test_recording_a_complete_legal_record_enters_its_scores_and_cards(cli, tmp_path, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    record, _ = dealt(3, "Ann", seed=7)
    report = audit(record)
    out = cli("audit", save(tmp_path, "d1.txt", record), "--record").stdout
    assert "Recorded as deal 1." in out and "Deal 2 of 9:" in out  # the status follows, as after scorepad deal
    status = cli.json("status")
    assert status["totals"] == report.scores and status["dealer"] == "Bob"
    deal = cli.json("history")["deals"][0]
    assert (deal["number"], deal["kind"], deal["dealer"], deal["scores"]) == (1, "deal", "Ann", report.scores)
    taken: dict[str, list[str]] = {"0": [], "1": [], "2": []}
    for trick in report.tricks:
        taken[str(record.players.index(trick.winner))] += [c.ascii() for c in trick.cards if CLASSIC.points(c)]
    (stored,) = entry_cards(store_path)
    assert {seat: sorted(cards) for seat, cards in stored.items()} == {s: sorted(c) for s, c in taken.items()}


def test_recording_from_stdin_with_json_prints_the_report_alone(cli):
    cli("new", "--players", "Ann,Bob,Cat,Dan")
    record, _ = dealt(4, "Ann", seed=8)
    result = run(cli, "audit", "-", "--record", "--json", input=write_record(without_names(record)))
    assert json.loads(result.stdout) == audit(record).to_json()
    assert "Recorded as deal 1." in result.stderr
    assert cli.json("status")["totals"] == audit(record).scores


def test_names_match_whatever_their_case(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat")
    record, _ = dealt(3, "Ann", seed=9)
    lower = tmp_path / "d.txt"
    lower.write_text(write_record(record).replace("Ann", "ann").replace("Bob", "bob").replace("Cat", "cat"))
    cli("audit", lower, "--match", 1, "--record")
    assert cli.json("status")["totals"] == audit(record).scores


def test_a_renege_is_recorded_as_the_renege_also_when_the_record_stops_there(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat,Dan")
    record, planted = dealt(4, "Ann", plant=BreachKind.RENEGE, seed=10)
    # With the hands recorded the renege shows at once: the record may stop at that trick.
    cut = replace(record, tricks=record.tricks[: planted.trick])
    assert not audit(cut).complete and audit(cut).renege.player == planted.player
    cli("audit", save(tmp_path, "r.txt", cut), "--record")
    deal = cli.json("history")["deals"][0]
    assert deal["renege"] == planted.player
    assert deal["scores"] == {name: 43 if name == planted.player else 0 for name in ("Ann", "Bob", "Cat", "Dan")}


def test_a_renege_in_a_complete_record_is_recorded_as_the_renege(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay")
    record, planted = dealt(6, "Ann", plant=BreachKind.RENEGE, seed=11)
    cli("audit", save(tmp_path, "r.txt", without_hands(record)), "--record")
    assert cli.json("history")["deals"][0]["scores"][planted.player] == 42  # six players: the 2♥ is out


def test_a_tiebreak_deal_is_recorded_from_a_two_player_record(cli, tmp_path):
    # docs/rules.md, worked case 3: Ann and Bob tie on 30; Ann deals the tie-break deal, full deck.
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    for scores in (("Ann=10", "Bob=10", "Cat=23"), ("Ann=13", "Bob=13", "Cat=17"), ("Ann=7", "Bob=7", "Cat=29")):
        cli("deal", *scores)
    assert cli.json("status")["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1}
    record, _ = dealt(2, "Ann", seed=12)
    report = audit(record)
    assert report.complete and report.legal and len(report.tricks) == 26
    out = cli("audit", save(tmp_path, "tb.txt", record), "--record").stdout
    assert "Recorded as tie-break deal 4." in out
    status = cli.json("status")
    assert status["finished"] and status["winner"] == min(report.scores, key=report.scores.get)
    assert status["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}
    deal = cli.json("history")["deals"][-1]
    assert (deal["kind"], deal["scores"]) == ("tiebreak", report.scores)


def test_recording_refuses_a_record_of_another_deal_and_writes_nothing(cli, tmp_path, unchanged):
    cli("new", "--players", "Ann,Cat,Bob")
    record, _ = dealt(3, "Ann", seed=13)
    with unchanged():
        line = cli.refused("audit", save(tmp_path, "order.txt", record), "--record", says="in that seat order")
        assert "the record's players are Ann Bob Cat, but deal 1 of match 1 is played by Ann Cat Bob" in line
        four, _ = dealt(4, "Ann", seed=13)
        cli.refused("audit", save(tmp_path, "four.txt", four), "--record", says="played by Ann Cat Bob")


def test_recording_refuses_a_record_dealt_by_another_dealer(cli, tmp_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat")
    by_bob, _ = dealt(3, "Bob", seed=18)
    with unchanged():
        says = "the record's dealer is Bob, but Ann deals deal 1"
        cli.refused("audit", save(tmp_path, "bob.txt", by_bob), "--record", says=says)
    cli("deal", "Ann=10", "Bob=10", "Cat=23")  # now Bob deals
    by_ann, _ = dealt(3, "Ann", seed=18)
    with unchanged():
        cli.refused("audit", save(tmp_path, "ann.txt", by_ann), "--record", says="but Bob deals deal 2 of match 1")
    cli("audit", save(tmp_path, "bob.txt", by_bob), "--record")


def test_recording_refuses_an_incomplete_record_or_one_with_another_breach(cli, tmp_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat,Dan")
    record, _ = dealt(4, "Ann", seed=14)
    short = replace(record, tricks=record.tricks[:5])
    leader, _ = dealt(4, "Ann", plant=BreachKind.WRONG_LEADER, seed=15)
    hearts, _ = dealt(4, "Ann", plant=BreachKind.HEARTS_LEAD, seed=16)
    with unchanged():
        cli.refused("audit", save(tmp_path, "short.txt", short), "--record", says="incomplete (20 cards played)")
        cli.refused("audit", save(tmp_path, "leader.txt", leader), "--record", says="breaks a rule (trick")
        line = cli.refused("audit", save(tmp_path, "hearts.txt", hearts), "--record", says="settles that first")
        assert "before hearts were broken" in line
        both = [save(tmp_path, "a.txt", record), save(tmp_path, "b.txt", record)]
        cli.refused("audit", *both, "--record", says="give exactly one record")
        bad = tmp_path / "bad.txt"
        bad.write_text("players: Ann Bob Cat Dan\n")
        cli.refused("audit", bad, "--record", says="no 'dealer:' line")


def test_recording_in_a_finished_match_is_refused(cli, tmp_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    for _ in range(3):
        cli("deal", "Ann=10", "Bob=13", "Cat=20")
    record, _ = dealt(3, "Ann", seed=17)
    with unchanged():
        cli.refused("audit", save(tmp_path, "d.txt", record), "--record", says="match 1 is finished")
    cli.refused("audit", save(tmp_path, "d.txt", record), "--record", "--match", 2, says="there is no match 2")


# Any text at all on stdin: a report or a one-line refusal, never a traceback.

HEADERS = ["players: Ann Bob Cat\ndealer: Ann\n", "PLAYERS: Ann,Bob\nDealer : bob\nrules: omnibus slam=on\n"]
KEYS = ["players:", "dealer:", "rules:", "hand Ann:", "hand Zed:", "Dealer:", "rules: spot-hearts hearts=anytime"]
WORDS = ["Ann", "Bob", "Cat", "ann", "Zed", "1.", "2.", "13.", "0.", "#", ",", ":", "Ann:", "Bob:QS", "Zed:2C", "="]
GOOD = ["QS", "q♠", "10h", "TH", "2C", "AS", "KH", "7♦", "2d", "JC", "9S", "3H", "Ann:4D", "bob:QH", "Cat:5C"]
BAD = ["1X", "Q", "10", "QSS", "♠", "Zed:2C", "Ann:", ":QS", "=", "pass=left"]
words = st.sampled_from(GOOD + BAD + WORDS + KEYS) | st.text(max_size=5)


@st.composite
def record_texts(draw) -> str:
    """Lines of cards, then a few lines spoiled: a record that reads is the interesting
    case, and most random text does not read."""
    lines = draw(st.lists(st.lists(st.sampled_from(GOOD), max_size=6).map(" ".join), max_size=12))
    for _ in range(draw(st.sampled_from([0, 0, 1, 3]))):
        spoilt = draw(st.lists(words, max_size=7).map(" ".join))
        lines.insert(draw(st.integers(0, len(lines))), spoilt)
    return draw(st.sampled_from(HEADERS)) + "\n".join(lines)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record_texts(), st.booleans())
def test_any_text_on_stdin_gives_a_report_or_a_refusal(cli, text, as_json):
    result = run(cli, "audit", "-", *(["--json"] if as_json else []), input=text, code=None)
    assert result.exit_code in (0, 1), result.stderr
    assert "internal error" not in result.stderr
    if as_json:
        json.loads(result.stdout)
    if result.exit_code == 0:
        assert audit(parse_record(text)).legal


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records(), st.booleans())
def test_any_written_record_gives_the_engines_report(cli, record, ascii):
    result = run(cli, "audit", "-", "--json", input=write_record(record, ascii=ascii), code=None)
    report = audit(record)
    assert result.exit_code == (0 if report.legal and report.complete else 1)
    assert json.loads(result.stdout) == report.to_json()


def test_a_closed_standard_input_is_reported_not_a_crash(tmp_path):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "scorepad", "audit", "-"], stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    import os

    # As the shell's "<&-" does: Python then starts with no sys.stdin at all.
    closed = subprocess.run(
        [sys.executable, "-m", "scorepad", "audit", "-"], preexec_fn=lambda: os.close(0), capture_output=True, text=True
    )
    assert closed.returncode == 1, closed.stderr
    assert "standard input is closed" in closed.stderr and "internal error" not in closed.stderr


def test_every_problem_of_a_typed_record_is_reported_and_nothing_is_recorded(cli, tmp_path, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    bad = tmp_path / "typed.txt"
    bad.write_text("players: Ann Bob Cat\ndealer: Ann\n1. 7S 9S XX\n2. 4D 5D\n3. 10C J* 2C\n")
    before = entry_cards(store_path)
    result = cli("audit", bad, "--record", code=1)
    assert result.stderr.splitlines() == [
        f"{bad}: line 3: trick 1: not a card: 'XX' (write e.g. QS, Q♠, 10H or TH)",
        f"{bad}: line 5: trick 3: not a card: 'J*' (write e.g. QS, Q♠, 10H or TH)",
    ]
    assert entry_cards(store_path) == before


def test_a_table_with_no_deck_is_one_file_refused_in_a_batch(cli, tmp_path):
    good = save(tmp_path, "good.txt", dealt(4, "Ann", seed=5)[0])
    seven = tmp_path / "seven.txt"
    seven.write_text("players: A B C D E F G\ndealer: G\n1. 3C 4C 5C 6C 7C 8C 9C\n")
    result = cli("audit", seven, good, "--json", code=1)
    assert result.stderr == f"{seven}: a deal of 7 players needs two decks: give its rules decks=2\n"
    reports = json.loads(result.stdout)
    assert reports[0]["file"] == str(seven) and reports[1]["complete"]


def test_a_record_of_more_tricks_than_its_deck_makes_is_refused_at_the_first_too_many(cli, tmp_path):
    record, _ = dealt(4, "Dan", seed=1)
    # Players, dealer, rules, then 13 tricks, unnumbered.
    lines = [re.sub(r"^\d+\. ", "", line) for line in write_record(without_hands(record)).splitlines()]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines + lines[3:] * 300) + "\n")
    problem = "a trick too many: 4 players hold 13 cards each, so a deal has 13 tricks"
    result = cli("audit", path, "--json", code=1)
    assert result.stderr == f"{path}: line 17: {problem}\n"
    assert json.loads(result.stdout) == {
        "file": str(path),
        "error": f"line 17: {problem}",
        "errors": [{"line": 17, "message": problem}],
    }
    # Under a two-deck match's rules a record without a rules: line of six players makes 17 tricks.
    cli("new", "--players", "A,B,C,D,E,F", "--decks", "2")
    six = tmp_path / "six.txt"
    six.write_text("players: A B C D E F\ndealer: F\n" + "2H 3H 4H 5H 6H 7H\n" * 18)
    assert (
        cli.refused("audit", six, "--match", 1)
        == f"{six}: line 20: a trick too many: 6 players hold 17 cards each, so a deal has 17 tricks"
    )
    assert cli.refused("audit", six).endswith(
        "line 11: a trick too many: 6 players hold 8 cards each, so a deal has 8 tricks"
    )


def test_a_record_with_its_own_rules_is_counted_under_them_and_refused_for_differing_from_the_match(cli, tmp_path):
    cli("new", "--players", "A,B,C,D,E,F", "--rules", "spot-hearts")
    six = tmp_path / "six.txt"
    six.write_text("players: A B C D E F\ndealer: F\nrules: spot-hearts decks=2\n" + "2H 3H 4H 5H 6H 7H\n" * 12)
    assert "are not match 1's" in cli.refused("audit", six, "--match", 1)  # 12 of the 17 tricks two decks make
