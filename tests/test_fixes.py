"""A fix names only what changes, and says what changed: an eight-player table puts deal 2 right.

Eight players, two decks: deal 2 went down with Cor's and Dirk's scores
swapped. ``fix 2 Cor=17 Dirk=6`` puts it right without typing the other six
again, and scorepad reads it back as old → new.
"""

import json
import sqlite3

import pytest

from scorepad.cli.main import app

EIGHT = "Anke,Bram,Cor,Dirk,Eva,Fien,Gijs,Hans"


@pytest.fixture
def eight(cli):
    cli("new", "--players", EIGHT, "--decks", "2")
    cli("deal", "10", "10", "10", "10", "10", "10", "13", "13")
    cli("deal", "Anke=10", "Bram=10", "Cor=6", "Dirk=17", "Eva=10", "Fien=10", "Gijs=10", "Hans=13")
    return cli


def play(cli, lines: str, *options: str, root: tuple[str, ...] = ()):
    """``scorepad play`` reading ``lines`` from a pipe, in this process; ``root``: options before the command."""
    done = cli.runner.invoke(app, [*root, "play", *options], input=lines)
    assert "Traceback" not in done.stdout + done.stderr
    return done


def scores(cli, number):
    deals = cli.json("history")["deals"]
    return next(d["scores"] for d in deals if d["number"] == number)


def test_a_fix_names_only_the_players_whose_scores_change(eight, cli):
    said = cli("fix", "2", "Cor=17", "Dirk=6").stdout
    assert said.startswith("deal 2: Cor 6 → 17, Dirk 17 → 6\n")
    assert scores(cli, 2) == {
        "Anke": 10,
        "Bram": 10,
        "Cor": 17,
        "Dirk": 6,
        "Eva": 10,
        "Fien": 10,
        "Gijs": 10,
        "Hans": 13,
    }
    assert cli.json("status")["totals"]["Cor"] == 27


def test_the_rest_of_the_total_and_cards_mix_with_the_kept_scores(eight, cli):
    assert cli("fix", "2", "Cor=17", "Dirk=?").stdout.startswith(
        "deal 2: Cor 6 → 17, Dirk 17 → 6; Dirk: 6, the rest of 86"
    )
    cli("fix", "2", "Hans=QS", "Gijs=10")  # Gijs unchanged: only Hans is read back
    assert scores(cli, 2)["Hans"] == 13


def test_the_others_keep_theirs_and_the_deal_as_a_whole_is_checked(eight, cli, unchanged):
    with unchanged():
        line = cli.refused("fix", "2", "Cor=18")
    assert line == (
        "scorepad: the others keep Anke 10, Bram 10, Dirk 17, Eva 10, Fien 10, Gijs 10, Hans 13,"
        " and the scores add up to 98, but this deal's add up to 86"
    )
    with unchanged():
        cli.refused("fix", "2", "Cor=6", says="deal 2 has these scores already: nothing to fix")
    with unchanged():
        cli.refused("fix", "2", "Zoe=6", says="no player 'Zoe'")


def test_seat_order_still_gives_every_score_and_a_renege_fix_still_works(eight, cli, unchanged):
    with unchanged():
        cli.refused("fix", "2", "17", "6", says="2 scores in seat order, but deal 2 has 8 players")
    said = cli("fix", "2", "--renege", "Bram").stdout.splitlines()[0]
    assert (
        said
        == "deal 2: Anke 10 → 0, Bram 10 → 86, Cor 6 → 0, Dirk 17 → 0, Eva 10 → 0, Fien 10 → 0, Gijs 10 → 0, Hans 13 → 0; renege by Bram"
    )
    said = cli("fix", "2", "10", "10", "6", "17", "10", "10", "10", "13").stdout.splitlines()[0]
    assert said.startswith("deal 2: Anke 0 → 10, Bram 86 → 10, Cor 0 → 6")


def test_a_fix_that_keeps_the_points_says_so(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=13", "Bob=10", "Cat=20")
    said = cli("fix", "1", "Ann=QS").stdout.splitlines()[0]
    assert said == "deal 1: the same points (Ann 13, Bob 10, Cat 20)"


def test_a_tie_break_deal_is_fixed_by_naming_one_of_its_players(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    for scores_ in (("10", "10", "23"), ("13", "13", "17"), ("7", "7", "29")):
        cli("deal", *scores_)
    cli("deal", "Ann=20", "Bob=23")
    said = cli("fix", "4", "Ann=23", "Bob=20").stdout
    assert said.startswith("tie-break deal 4: Ann 20 → 23, Bob 23 → 20\n")
    assert cli.json("status")["winner"] == "Bob"


def test_play_reads_a_fix_back_as_old_and_new(eight, cli):
    done = play(cli, "fix 2 Cor=17 Dirk=6\nfix 2 Cor = 6 Dirk:17\n")
    assert done.exit_code == 0
    assert "line 1: deal 2: Cor 6 → 17, Dirk 17 → 6" in done.stderr
    assert "line 2: deal 2: Cor 17 → 6, Dirk 6 → 17" in done.stderr


def test_ascii_reads_a_fix_back_with_an_ascii_arrow(eight, cli):
    assert cli("--ascii", "fix", "2", "Cor=17", "Dirk=6").stdout.startswith("deal 2: Cor 6 -> 17, Dirk 17 -> 6\n")
    shown = cli("fix", "2", "Cor=6", "Dirk=17", "--json")
    assert "deal 2: Cor 17 → 6, Dirk 6 → 17" in shown.stderr and json.loads(shown.stdout)["match"] == 1


def test_in_dutch_the_kept_scores_and_the_read_back_are_dutch(eight, cli, unchanged):
    with unchanged():
        line = cli.refused("--lang", "nl", "fix", "2", "Cor=18")
    assert line.startswith("scorepad: de anderen houden Anke 10, Bram 10, Dirk 17")
    assert cli("--lang", "nl", "fix", "2", "Cor=17", "Dirk=6").stdout.startswith("spel 2: Cor 6 → 17, Dirk 17 → 6\n")


def test_a_fix_keeps_the_later_entries_numbers_and_dealers_true(cli, store_path, tmp_path):
    """A misdeal of a tie-break deal is stored with its dealer; a fix that changes who ties moves it."""
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=13", "Bob=13", "Cat=17")
    cli("deal", "Ann=7", "Bob=7", "Cat=29")  # Ann and Bob tie on 30: Ann deals the tie-break
    cli("misdeal")
    assert misdeals(store_path) == [(4, 0)]
    cli("fix", "3", "Ann=26", "Bob=17", "Cat=0")  # now Bob and Cat tie on 40: Bob deals the tie-break
    assert cli.json("status")["tiebreak"] == {"players": ["Bob", "Cat"], "round": 1}
    assert misdeals(store_path) == [(4, 1)]  # the stored misdeal names the dealer who really dealt it
    backup = tmp_path / "b.json"
    cli("export", "--format", "json", "--out", backup)
    trail = json.loads(backup.read_text())["matches"][0]["trail"]
    assert [(e["number"], e["dealer"]) for e in trail if e["state"] == "standing" and e["kind"] == "misdeal"] == [
        (4, "Bob")
    ]
    cli("--db", tmp_path / "other.db", "import", backup)  # and the backup restores as it is
    assert cli.json("--db", tmp_path / "other.db", "status")["dealer"] == "Bob"


def misdeals(store_path) -> list[tuple[int, int]]:
    with sqlite3.connect(store_path) as conn:
        return conn.execute("SELECT number, dealer FROM entry WHERE kind = 'misdeal' AND state = 'standing'").fetchall()
