"""The manual in docs/ stays true: generated pages are current, links resolve, examples run as stated."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer

from scorepad.cli.commands import subcommands
from scorepad.cli.main import app
from scorepad.core.rules import Preset
from tools import commands_doc

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_the_commands_page_is_what_the_program_says():
    assert (DOCS / "commands.md").read_text(encoding="utf-8") == commands_doc.render(), (
        "docs/commands.md is stale: run python -m tools.commands_doc"
    )


def test_the_commands_page_has_every_command_and_option():
    page = (DOCS / "commands.md").read_text(encoding="utf-8")
    group = typer.main.get_command(app)
    commands = [(name, command) for name, command in subcommands(group).items()]
    for name, command in list(commands):  # a group's commands too: scorepad night new
        commands += [(f"{name} {sub}", each) for sub, each in subcommands(command).items()]
    for name, command in commands:
        assert f"## scorepad {name}\n" in page
        for param in command.params:
            for flag in getattr(param, "opts", []):
                if flag.startswith("-"):
                    assert f"`{flag}" in page, (name, flag)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_stays_in_the_repository_and_resolves(page):
    text = page.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"^[a-z]+:", target):
            continue  # a web address, not a file of the repository
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.is_relative_to(ROOT), f"{page.name} links outside the repository: {target}"
        assert file.exists(), f"{page.name} links to a missing file: {target}"
        if anchor and file.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), flags=re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
            assert anchor in slugs, f"{page.name}: no heading for #{anchor} in {file.name}"


def test_the_rules_page_names_every_preset_and_every_option_of_new():
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    for preset in Preset:
        assert preset.value in page
    new = subcommands(typer.main.get_command(app))["new"]
    for param in new.params:
        if param.name not in ("as_json", "like", "name"):
            assert param.opts[0] in page, param.opts[0]
    for total in ("43", "42", "86", "66", "26", "292", "72", "146", "36", "33"):
        assert total in page


# --- docs/deal-record.md: every record block audits as the line after it says ----------------

RECORD = re.compile(r"```record\n(.*?)```\n+Result: ([^\n]*)\n", flags=re.S)
STATED = re.compile(r"exit (\d); legal (yes|no); complete (yes|no); scores (.*)")


def record_examples() -> list[tuple[str, str]]:
    return RECORD.findall((DOCS / "deal-record.md").read_text(encoding="utf-8"))


def test_the_record_page_has_examples_of_each_kind():
    examples = record_examples()
    assert len(examples) >= 4
    texts = "\n".join(text for text, _ in examples)
    assert "decks=2" in texts
    assert all(STATED.fullmatch(result.strip()) for _, result in examples), [r for _, r in examples]


def test_every_record_example_audits_as_stated(cli, tmp_path):
    for number, (text, result) in enumerate(record_examples(), 1):
        path = tmp_path / f"record-{number}.txt"
        path.write_text(text, encoding="utf-8")
        code, legal, complete, scores = STATED.fullmatch(result.strip()).groups()  # type: ignore[union-attr]
        report = json.loads(cli("audit", path, "--json", code=int(code)).stdout)
        stated = {name: int(points) for name, points in (s.rsplit(" ", 1) for s in scores.split(", "))}
        assert (report["legal"], report["complete"], report["scores"]) == (
            legal == "yes",
            complete == "yes",
            stated,
        ), f"example {number} of docs/deal-record.md"


def test_the_record_in_audit_help_is_a_legal_record(cli, tmp_path):
    help_text = cli("audit", "--help").stdout
    assert "docs/deal-record.md" in help_text
    lines = help_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("players:")) - 1
    end = next(i for i in range(start, len(lines)) if not lines[i].strip())
    path = tmp_path / "help.txt"
    path.write_text("\n".join(line.strip() for line in lines[start:end]) + "\n", encoding="utf-8")
    report = json.loads(cli("audit", path, "--json", code=1).stdout)  # it stops after three tricks
    assert report["legal"] and len(report["tricks"]) == 3 and report["scores"]["Cat"] == 13


# --- docs/json.md: every shape shown has the keys scorepad prints -----------------------------

SHAPE = re.compile(r"<!-- shape: ([\w-]+) -->\n```json\n(.*?)```", flags=re.S)
CASE_11 = """players: Ann Bob Cat Dan Eve Fay
dealer: Fay
rules: classic decks=2
1. AC KC AC 5C 9D 3C
2. 7D 7D QC 2H 4S 3H
3. 9S 8S 10S JS 3S 5S
"""


def keys(value):
    """The structure of a JSON value: its keys all the way down, the first item standing for a list."""
    if isinstance(value, dict):
        return {k: keys(v) for k, v in value.items()}
    if isinstance(value, list) and value and isinstance(value[0], dict | list):
        return [keys(value[0])]
    return None


def test_every_json_shape_in_the_docs_is_what_scorepad_prints(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3", "--name", "Tuesday")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=13", "Bob=13", "Cat=17")
    spec = tmp_path / "spec.txt"
    spec.write_text("players: Ann Bob Cat Dan\ndealer: Dan\n1. Ann:7S Bob:9S Cat:QS Dan:2S\n", encoding="utf-8")
    two = tmp_path / "two.txt"
    two.write_text(CASE_11, encoding="utf-8")
    printed = {
        "status": cli.json("status"),
        "history": cli.json("history"),
        "matches": cli.json("matches"),
        "rules": cli.json("rules"),
        "audit": json.loads(cli("audit", spec, "--json", code=1).stdout),
        "audit-two-decks-trick": json.loads(cli("audit", two, "--json", code=1).stdout)["tricks"][1],
    }
    # The club night of the page: its first round played in seat order, a deal of round 2 entered.
    cli(
        "night", "new", "-p", "Ann,Bob,Cat,Dan,Eva,Fay,Gus", "--seating", "listed", "--seed", "7", "--name", "Clubavond"
    )
    for match, scores, deals in ((2, ["0", "3", "10", "30"], 4), (3, ["3", "10", "30"], 3)):
        for _ in range(deals):
            cli("deal", "--match", match, *scores)
    cli("night", "next")
    cli("deal", "--match", "4", "3", "0", "30", "10")
    printed |= {"night-status": cli.json("night", "status"), "nights": cli.json("nights")}
    # The plan of the page: a mixed night of nine, a name put right.
    nine = "Ann,Bob,Cat,Dan,Eva,Fay,Gus,Hal,Ivy"
    cli("night", "new", "-p", nine, "--table-size", "3", "--rounds", "3", "--movement", "mixed", "--seed", "4")
    cli("night", "rename", "Ivy", "Ivo")
    printed["night-plan"] = cli.json("night", "plan")
    shown = dict(SHAPE.findall((DOCS / "json.md").read_text(encoding="utf-8")))
    assert set(shown) == set(printed)
    for name, block in shown.items():
        assert keys(json.loads(block)) == keys(printed[name]), name
    # The examples are the story's real values, but for the times it was played at.
    for name in ("status", "rules", "audit-two-decks-trick"):
        assert json.loads(shown[name]) == printed[name], name
    assert json.loads(shown["night-status"]) == printed["night-status"]
    matches = {"match": None}  # the night of the page was the store's first; here it is its second
    assert [[t | matches for t in r["tables"]] for r in json.loads(shown["night-plan"])["rounds"]] == [
        [t | matches for t in r["tables"]] for r in printed["night-plan"]["rounds"]
    ]


def test_the_readme_s_layout_names_every_folder_of_the_package():
    """The Layout section is a newcomer's map of the code: every folder of ``scorepad/`` has its line there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^- `scorepad/([a-z_]+)/`", layout, re.MULTILINE))
    folders = {p.name for p in (ROOT / "scorepad").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert named == folders
