"""Bad input everywhere: random command lines never crash, and a refused one changes nothing.

Then a stateful test drives new/deal/misdeal/undo/fix against a small model
of the rules, written separately from scorepad's own fold, and compares
``status`` after every step.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.core.text import CONTROL
from scorepad.store.schema import MATCH, SEAT

from .conftest import dump

pytestmark = pytest.mark.slow  # long property runs over random command lines: CI runs it (python -m pytest -m slow)

COMMANDS = [
    "new", "deal", "misdeal", "undo", "fix", "abandon", "rename", "status", "history", "matches", "doctor", "chart",
]  # fmt: skip
OPTIONS = [
    "--match", "-m", "--json", "--renege", "--expect", "--players", "-p", "--deals", "--until-over",
    "--until-reach", "--cut", "--first-dealer", "--rules", "--hearts", "--pass", "--slam", "--no-slam",
    "--omnibus", "--name", "--ascii", "--help", "--bogus",
]  # fmt: skip
NAMES = ["Ann", "Bob", "Cat", "ann", "Zed", "", "A=B", "Bo b", "Ann,Bob,Cat", "Ann,Bob,Cat,Dan,Eve,Fay,Gus"]
CARDS = ["QS", "q♠", "10h", "TH", "2C", "JD", "1X", "", "-", "QS,KS,AS", "QS,,2H", "7C"]
# Text no one should type, but a file or a hostile paste holds: controls (ESC, NUL, C1), format and
# bidi characters, lone surrogates (what Python makes of argv bytes that are not UTF-8), line separators,
# digits of other scripts; numbers of thousands of digits; and names past their bounds.
ODD_CHARS = st.characters(categories=["Cc", "Cf", "Cs", "Zl", "Zp", "Nd", "No"]) | st.sampled_from("Ann=,:#1 ")
ODD_TEXT = st.text(ODD_CHARS, min_size=1, max_size=10)
HUGE = st.integers(19, 6000).map(lambda digits: "9" * digits)
OTHER_DIGITS = st.text(st.characters(categories=["Nd"]), min_size=1, max_size=4)
LONG = st.integers(41, 300).map(lambda length: "x" * length)
NASTY = st.one_of(
    ODD_TEXT, HUGE, OTHER_DIGITS, LONG, st.sampled_from(["\x1b]52;c;cHduZWQ=\x1b\\", "\x1b[2J", "a\x00b", "\u202e"])
)
token = st.one_of(
    st.sampled_from(COMMANDS),
    st.sampled_from(OPTIONS),
    st.sampled_from(NAMES),
    st.integers(-(10**20), 10**20).map(str),
    st.builds(
        lambda n, s: f"{n}={s}",
        st.sampled_from(NAMES),
        st.one_of(st.integers(-50, 200).map(str), st.sampled_from(CARDS)),
    ),
    st.sampled_from(
        ["classic", "dirty-lady", "spot-hearts", "broken", "anytime", "rotate", "left", "9", "Ann=3C,Bob=3H,Cat=KD"]
    ),
    st.text(max_size=12),
    NASTY,
    st.builds(lambda n, s: f"{n}={s}", st.sampled_from(["Ann", "Bob", "Cat"]), NASTY),  # as a score
    st.builds(lambda n, s: f"{n}={s}", NASTY, st.integers(0, 43).map(str)),  # as a name
    st.builds(lambda n: f"Ann,Bob,{n}", NASTY),  # as one of --players
)
runner = CliRunner()
_TEMPLATE = tempfile.TemporaryDirectory()


@functools.cache
def template(deals: int = 1) -> Path:
    """A store with one match of three deals and ``deals`` played, made once and copied for every example."""
    db = Path(_TEMPLATE.name) / f"template-{deals}.db"
    invoke(db, ["new", "--players", "Ann,Bob,Cat", "--deals", "3"])
    for _ in range(deals):
        invoke(db, ["deal", "Ann=10", "Bob=10", "Cat=23"])
    return db


def fresh_store(folder: str, deals: int = 1) -> Path:
    db = Path(folder) / "scorepad.db"
    shutil.copyfile(template(deals), db)
    db.chmod(0o600)
    return db


def invoke(db: Path, args: list[str]):
    return runner.invoke(app, ["--db", str(db), *args])


def assert_clean(result, args):
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert "Traceback" not in result.output
    assert "internal error" not in result.stderr, (args, result.stderr)  # a defect, not a refusal
    if result.exit_code != 2:  # a usage error is Typer's, quoting the command line as typed
        shown = (result.stdout + result.stderr).replace("\n", "")
        assert not CONTROL.search(shown), (args, CONTROL.findall(shown))  # nothing reaches a terminal raw


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COMMANDS), st.lists(token, max_size=8))
def test_random_command_lines_exit_0_1_or_2_and_refusals_write_nothing(command, words):
    with tempfile.TemporaryDirectory() as folder:
        db = fresh_store(folder)
        before = dump(db)
        args = [command, *words]
        result = invoke(db, args)
        assert_clean(result, args)
        if result.exit_code != 0:
            assert dump(db) == before, args
            if result.exit_code == 1 and "--help" not in args:
                assert len(result.stderr.strip().splitlines()) == 1, (args, result.stderr)


@functools.cache
def old_template() -> Path:
    """The template as a store from before names were checked may hold it: control characters in its names."""
    db = Path(_TEMPLATE.name) / "old.db"
    shutil.copyfile(template(1), db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(f'UPDATE "{MATCH}" SET name = ?', ("Fri\x1b]52;c;cHduZWQ=\x1b\\\x00\x9b\u202e\u2028",))
        conn.execute(f'UPDATE "{SEAT}" SET name = ? WHERE position = 1', ("B\x1b[2Jb",))
    conn.close()
    return db


#: Command lines that show an old store's names, each way: every reader, every writer's status, the refusals.
OLD_STORE_LINES = [
    ["status"], ["status", "--json"], ["history"], ["history", "--json"], ["matches"], ["matches", "--json"],
    ["chart"], ["doctor"], ["undo"], ["misdeal"], ["abandon"], ["deal", "10", "10", "23"], ["deal", "--renege", "Ann"],
    ["fix", "1", "10", "10", "23"], ["rename", "Ann", "Ada"], ["new", "--like", "1"], ["deal", "Zed=1"],
    ["rename", "Zed", "Ann"], ["export"], ["export", "--layout", "sheet"], ["report"], ["play"], ["play", "--json"],
]  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(OLD_STORE_LINES), min_size=1, max_size=3))
def test_command_lines_on_an_old_store_never_write_its_control_characters(lines):
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "scorepad.db"
        shutil.copyfile(old_template(), db)
        for number, line in enumerate(lines):
            args = [*line]
            if line[0] in ("export", "report"):  # to a file of the example's own, read back
                args += ["--out", str(Path(folder, f"out{number}"))]
            result = invoke(db, args)
            assert_clean(result, args)
            assert result.exit_code in (0, 1), (args, result.output)
            written = Path(folder, f"out{number}")
            if written.exists():
                text = written.read_text(encoding="utf-8").replace("\r\n", "").replace("\n", "")
                assert not CONTROL.search(text), (args, CONTROL.findall(text))


@functools.cache
def backup_template() -> dict:
    """A backup of a match with a name, a cut, a renege and an undone deal: every kind of text a backup holds."""
    db = Path(_TEMPLATE.name) / "backup.db"
    invoke(db, ["new", "--players", "Ann,Bob,Cat", "--deals", "3", "--name", "Friday", "--cut", "Ann=4H,Bob=3C,Cat=KD"])
    invoke(db, ["deal", "Ann=QS,2H", "Bob=10", "Cat=?"])
    invoke(db, ["deal", "--renege", "Bob"])
    invoke(db, ["undo"])
    file = Path(_TEMPLATE.name) / "backup.json"
    invoke(db, ["export", "--all", "--format", "json", "--out", str(file)])
    return json.loads(file.read_text())


def text_places(value, path=()):
    """Where a JSON value holds text: ``(path, None)`` for a string, ``(path, key)`` for an object's key."""
    if isinstance(value, str):
        yield path, None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        if isinstance(key, str):
            yield path, key
        yield from text_places(inner, (*path, key))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_text_in_any_text_field_of_a_backup_is_imported_or_refused_in_words(data):
    backup = copy.deepcopy(backup_template())
    path, key = data.draw(st.sampled_from(sorted(text_places(backup), key=repr)))
    text = data.draw(NASTY | st.sampled_from(["Ann", "Bob", "Cat", "", "ann", "Zed"]))
    *parent_path, last = path if key is None else (*path, key)
    parent = backup
    for step in parent_path:
        parent = parent[step]
    if key is None:
        parent[last] = text
    else:  # the key renamed, its value kept
        parent[text] = parent.pop(last)
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder, "backup.json")
        file.write_text(json.dumps(backup))  # ASCII, with \u escapes: lone surrogates too
        db = Path(folder, "scorepad.db")
        args = ["import", str(file)]
        result = invoke(db, args)
        assert_clean(result, args)
        assert result.exit_code in (0, 1), (args, result.output)
        if result.exit_code == 1:
            assert len(result.stderr.strip().splitlines()) == 1, result.stderr
            assert not db.exists()  # refused whole
        else:
            for reading in (["status"], ["history"], ["matches"]):
                assert_clean(invoke(db, reading), reading)


# The model: three players, three deals, Ann deals first; a tie goes to tie-break deals.
PLAYERS = ["Ann", "Bob", "Cat"]


def replay(entries):
    """The model's view of a match: totals, who plays next, and whether every entry fits."""
    totals, played, last_dealer, tied, round_, winner, number = [0, 0, 0], 0, None, None, 0, None, 0
    for kind, scores in entries:
        if winner is not None:
            return None  # an entry after the end: this list of entries cannot stand
        expected = tied if tied else [0, 1, 2]
        if kind == "misdeal":
            continue
        if sorted(scores) != expected:
            return None
        number += 1
        if tied is None:
            last_dealer = played % 3
            for seat, points in scores.items():
                totals[seat] += points
            played += 1
            if played == 3:
                low = min(totals)
                tied, round_ = [s for s in range(3) if totals[s] == low], 1
        else:
            last_dealer = next(s for s in [(last_dealer + i) % 3 for i in (1, 2, 3)] if s in tied)
            low = min(scores.values())
            tied, round_ = [s for s in tied if scores[s] == low], round_ + 1
        if tied is not None and len(tied) == 1:
            winner, tied = tied[0], None
    if winner is not None:
        dealer = None
    elif tied:
        dealer = next(s for s in [(last_dealer + i) % 3 for i in (1, 2, 3)] if s in tied)
    else:
        dealer = played % 3
    return {"totals": totals, "played": played, "tied": tied, "round": round_, "winner": winner, "dealer": dealer}


def real_deal(rnd: random.Random, seats: list[int]) -> dict[int, int]:
    """Scores that real cards give: each penalty card to a random player of the deal."""
    scores = dict.fromkeys(seats, 0)
    for value in [13, 10, 7] + [1] * 13:
        scores[rnd.choice(seats)] += value
    return scores


class MatchMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.db = fresh_store(self.folder.name, deals=0)  # Ann, Bob and Cat; three deals
        self.entries: list = []
        #: Each change that stands, last on top: None for an entry added, (index, scores before) for a fix.
        self.changes: list = []

    def teardown(self):
        self.folder.cleanup()

    def run(self, *args):
        result = invoke(self.db, list(args))
        assert_clean(result, args)
        return result

    @property
    def model(self):
        return replay(self.entries)

    def due_seats(self):
        state = self.model
        return state["tied"] or [0, 1, 2]

    @precondition(lambda self: self.model["winner"] is None)
    @rule(seed=st.integers(0, 2**32))
    def deal(self, seed):
        scores = real_deal(random.Random(seed), self.due_seats())
        result = self.run("deal", *[f"{PLAYERS[s]}={p}" for s, p in scores.items()])
        assert result.exit_code == 0, result.stderr
        self.entries.append(("deal", scores))
        self.changes.append(None)

    @rule(seed=st.integers(0, 2**32))
    def impossible_deal(self, seed):
        rnd = random.Random(seed)
        scores = {s: rnd.randint(0, 30) for s in self.due_seats()}
        if sum(scores.values()) == 43:
            scores[self.due_seats()[0]] += 1
        assert self.run("deal", *[f"{PLAYERS[s]}={p}" for s, p in scores.items()]).exit_code == 1

    @rule()
    def misdeal(self):
        result = self.run("misdeal")
        if self.model["winner"] is None:
            assert result.exit_code == 0
            self.entries.append(("misdeal", {}))
            self.changes.append(None)
        else:
            assert result.exit_code == 1 and "finished" in result.stderr

    @rule()
    def undo(self):
        result = self.run("undo")
        if self.entries:  # the last change is taken back: an entry added, or a fix
            assert result.exit_code == 0
            change = self.changes.pop()
            if change is None:
                self.entries.pop()
            else:
                index, before = change
                self.entries[index] = before
        else:
            assert result.exit_code == 1

    @rule(which=st.integers(1, 6), seed=st.integers(0, 2**32))
    def fix(self, which, seed):
        scored = [i for i, (kind, _) in enumerate(self.entries) if kind != "misdeal"]
        result = None
        if which > len(scored):
            assert self.run("fix", str(which), "Ann=43", "Bob=0", "Cat=0").exit_code == 1
            return
        index = scored[which - 1]
        scores = real_deal(random.Random(seed), sorted(self.entries[index][1]))
        changed = list(self.entries)
        changed[index] = ("deal", scores)
        result = self.run("fix", str(which), *[f"{PLAYERS[s]}={p}" for s, p in scores.items()])
        if scores == self.entries[index][1]:  # the same cards fell the same way: a fix that changes nothing
            assert result.exit_code == 1 and "nothing to fix" in result.stderr
        elif replay(changed) is None:
            assert result.exit_code == 1 and f"undo the entries after deal {which} first" in result.stderr
        else:
            assert result.exit_code == 0, result.stderr
            self.changes.append((index, self.entries[index]))
            self.entries = changed

    @invariant()
    def status_agrees_with_the_model(self):
        status = json.loads(self.run("status", "--json").stdout)
        model = self.model
        assert status["totals"] == dict(zip(PLAYERS, model["totals"], strict=False))
        assert status["deals_played"] == model["played"]
        assert status["winner"] == (PLAYERS[model["winner"]] if model["winner"] is not None else None)
        assert status["finished"] == (model["winner"] is not None)
        if model["tied"]:
            assert status["tiebreak"] == {"players": [PLAYERS[s] for s in model["tied"]], "round": model["round"]}
        else:
            assert status["tiebreak"] is None
        assert status["dealer"] == (PLAYERS[model["dealer"]] if model["dealer"] is not None else None)


MatchMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=20, deadline=None)
test_new_deal_misdeal_undo_fix_against_a_model = MatchMachine.TestCase
