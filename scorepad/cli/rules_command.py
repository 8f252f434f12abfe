"""``scorepad rules``: the rules of a match, or of a preset at a table of N, in plain words."""

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.language import N_
from ..core.rules import Preset, RuleSet
from ..present.marks import titled
from ..present.translation import _
from .common import MatchOpt, console, json_text, open_store, print_json, refusals, use_ascii
from .entries import (
    DealsOpt,
    DecksOpt,
    HeartsOpt,
    OmnibusOpt,
    PassOpt,
    SlamOpt,
    UntilOverOpt,
    UntilReachOpt,
    chosen_format,
    rule_options,
)
from .helptext import TranslatedCommand
from .numbers import POSITIVE

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..app.results import Result
    from ..core.match import Format
    from ..core.rule_facts import RuleFacts

RulesJson = Annotated[bool, typer.Option("--json", help="Print the rules as JSON.")]


PresetOpt = Annotated[
    Preset | None, typer.Option("--preset", "--rules", help="The rules of this preset instead of a match's.")
]
TableOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        metavar="N",
        parser=POSITIVE,
        help="The rules at a table of N players, 3 to 10, with the preset and options given (default: classic).",
    ),
]


def rules(
    match: MatchOpt = None,
    preset: PresetOpt = None,
    players: TableOpt = None,
    hearts: HeartsOpt = None,
    slam: SlamOpt = None,
    pass_: PassOpt = None,
    omnibus: OmnibusOpt = None,
    decks: DecksOpt = None,
    deals: DealsOpt = None,
    until_over: UntilOverOpt = None,
    until_reach: UntilReachOpt = None,
    as_json: RulesJson = False,
) -> None:
    """The rules that apply, in plain words: for a table that disputes one.

    The cards taken out and how many each player gets, every card's points,
    the deal total, passing, leading hearts, slam, renege, misdeal, the match
    format and tie-breaks. Without --preset or --players: the rules of the match
    (--match, else the latest one used). With them: the rules a new match with
    those options would have, as scorepad new would set them.

    Examples:

    \b
      scorepad rules
      scorepad rules --match 3 --json
      scorepad rules --preset dirty-lady --players 4
      scorepad rules --players 8 --decks 2
    """
    from ..core.errors import RuleError

    options = rule_options(hearts, slam, pass_, omnibus, decks)
    formats = (deals, until_over, until_reach)
    if preset is not None or players is not None or any(v is not None for v in (*formats, *options.values())):
        if match is not None:
            raise RuleError(N_("give --match, or --preset and --players, not both"))
        if players is None:
            raise RuleError(N_("give --players N with --preset and the other options: the rules depend on the table"))
        from ..present.preset_names import preset_name

        facts = _of_preset(preset or Preset.CLASSIC, players, chosen_format(*formats), options)
        title = _("Rules of {preset} for {count} players").format(preset=preset_name(facts.rules.preset), count=players)
        show_rules(facts, title, {}, as_json)
    else:
        from ..app import reading

        show_rules(*of_match(reading.status(open_store(), match)), as_json)


def _of_preset(preset: Preset, players: int, fmt: "Format | None", options: "Mapping[str, object]") -> "RuleFacts":
    """The rules a new match of ``players`` would have with these options, as ``new`` would set them."""
    from ..core.match import default_format
    from ..core.rule_facts import RuleFacts

    rule_set = RuleSet.build(preset, **options)
    rule_set.check_table(players)
    fmt = fmt or default_format(players, rule_set)
    fmt.check(players)
    return RuleFacts(rule_set, players, fmt)


def of_match(result: "Result") -> tuple["RuleFacts", str, dict]:
    """A match's rules, the title that names it, and the keys that name it in JSON."""
    from ..core.rule_facts import RuleFacts
    from ..present.preset_names import preset_name

    settings = result.state.settings
    facts = RuleFacts(settings.rules, len(settings.players), settings.format)
    name = titled(result.name)
    title = _("Rules of match {match}{name}: {preset}, {players}").format(
        match=result.match_id, name=name, preset=preset_name(settings.rules.preset), players=", ".join(settings.players)
    )
    return facts, title, {"match": result.match_id, "name": result.name}


def show_rules(facts: "RuleFacts", title: str, header: dict, as_json: bool, one_line: bool = False) -> None:
    """The rules as sentences, or as JSON (on one line for a pipe that reads a line per answer)."""
    from ..present.rules_output import rules_json, rules_lines

    if as_json and one_line:
        sys.stdout.write(json_text(header | rules_json(facts)) + "\n")
    elif as_json:
        print_json(header | rules_json(facts))
    else:
        out = console()
        for line in rules_lines(facts, title, use_ascii()):
            out.print(line, markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand, rich_help_panel="Looking back")(refusals(rules))
