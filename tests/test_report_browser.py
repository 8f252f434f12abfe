"""The match report as a real browser shows it: Debian's chromium, headless.

Skipped where chromium is missing, except in CI (CI is set), which installs it:
there a missing browser fails rather than hides the test.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a real browser: CI runs it (python -m pytest -m slow)

CHROMIUM = Path("/usr/bin/chromium")
PNG = b"\x89PNG\r\n\x1a\n"
PLAYERS = ("Ann", "B&b", "<Cat>", "Dan")


@pytest.fixture
def browser(tmp_path):
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must test the report in chromium: apt-get install chromium")
        pytest.skip("no /usr/bin/chromium")

    def run(*args: str) -> subprocess.CompletedProcess:
        profile = tmp_path / "profile"
        profile.mkdir(exist_ok=True)
        command = [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",  # run as root in CI, where the sandbox cannot start
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            *args,
        ]
        return subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)

    return run


@pytest.fixture
def report(cli, tmp_path, monkeypatch) -> Path:
    """Four players, a misdeal, then B&b and <Cat> tie on 23: B&b wins the tie-break."""
    monkeypatch.chdir(tmp_path)
    cli("new", "--players", ",".join(PLAYERS), "--deals", "4", "--name", "Friday <night>")
    cli("deal", "Ann=10", "B&b=13", "<Cat>=20", "Dan=0")
    cli("misdeal")
    cli("deal", "Ann=0", "B&b=0", "<Cat>=0", "Dan=43")
    cli("deal", "Ann=33", "B&b=10", "<Cat>=0", "Dan=0")
    cli("deal", "Ann=40", "B&b=0", "<Cat>=3", "Dan=0")  # Ann 83, B&b 23, <Cat> 23, Dan 43
    cli("deal", "B&b=20", "<Cat>=23")
    return tmp_path / cli("report").stdout.strip()


def test_the_browser_shows_every_player_and_one_line_per_player(browser, report):
    dom = browser("--dump-dom", report.as_uri()).stdout
    assert "<svg" in dom
    assert dom.count("<polyline") == len(PLAYERS)
    for name in ("Ann", "B&amp;b", "&lt;Cat&gt;", "Dan"):
        assert name in dom, name
    assert "Friday &lt;night&gt;" in dom
    assert "B&amp;b wins with 23 after the tie-break." in dom


def test_the_browser_renders_a_picture_of_it(browser, report, tmp_path):
    shot = tmp_path / "report.png"
    browser("--window-size=1000,1600", f"--screenshot={shot}", report.as_uri())
    data = shot.read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000
