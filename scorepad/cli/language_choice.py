"""Choosing the language of the command line: ``--lang``, else the environment's, for every word it shows.

scorepad's own messages are looked up in the catalog ``present.translation``
reads; Typer looks its few words up through gettext's global domain, which
knows the language from the environment alone: ``choose`` points both at the
same catalog, in the same language.
"""

from __future__ import annotations

import gettext
import os

from ..present import translation


def choose(language: str | None = None) -> None:
    """Speak ``language`` (a code of ``translation.LANGUAGES``), or the environment's when None."""
    gettext.bindtextdomain(translation.DOMAIN, str(translation.catalog_folder()))
    gettext.textdomain(translation.DOMAIN)
    if language:
        os.environ["LANGUAGE"] = language
    translation.speak(language)
