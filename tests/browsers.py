"""Debian's chromium, headless, driven by Selenium through chromium-driver: the browser of the board's pages' tests.

Where chromium or its driver is missing the test is skipped, except in CI (CI
is set), which installs both: there a missing browser fails rather than hides
the test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
WALL, PHONE = (1920, 1080), (390, 844)


def need_chromium(what: str) -> None:
    """Skip the test without chromium and its driver; fail it so in CI. ``what`` the browser is there to test."""
    if not (CHROMIUM.exists() and DRIVER.exists()):
        if os.environ.get("CI"):
            pytest.fail(f"CI must test {what} in chromium: apt-get install chromium chromium-driver")
        pytest.skip("no /usr/bin/chromium with /usr/bin/chromedriver")


@contextmanager
def chromium(profile: Path, size: tuple[int, int] = WALL) -> Iterator[Any]:
    """A headless chromium of its own ``profile`` folder (its own cookies and localStorage), quit at the end."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",  # run as root in CI, where the sandbox cannot start
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
        f"--window-size={size[0]},{size[1]}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)  # the driver named: nothing downloaded
    try:
        yield driver
    finally:
        driver.quit()


def screen(driver: Any, size: tuple[int, int]) -> None:
    """Show the pages that follow on a screen of ``size`` CSS pixels; under 600 wide, as a phone does."""
    width, height = size
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
