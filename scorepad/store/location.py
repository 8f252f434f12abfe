"""Where the store is: ``--db``, then ``SCOREPAD_DB``, then the user data folder.

A plain path is a SQLite file; anything with ``://`` is an SQLAlchemy URL.
Kept free of SQLAlchemy so that naming the store costs nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "SCOREPAD_DB"
FILENAME = "scorepad.db"


def default_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("scorepad", appauthor=False) / FILENAME


def store_url(option: str | None = None) -> str:
    """The SQLAlchemy URL of the store named by the option, the environment or the default.

    For the default, the user data folder that holds scorepad's own is made
    first if need be (see ``make_private_folders``).
    """
    value = option or os.environ.get(ENV_VAR)
    if not value:
        path = default_path()
        # The store's own folder is made with the store (0700, ``db._prepare_sqlite_file``),
        # so that a command that writes nothing leaves none; but there every folder above
        # it would be made with the umask's mode (0777 under umask 000: anyone could swap the
        # store's folder for another). Made here instead, as XDG says, for the owner only.
        make_private_folders(path.parent.parent)
        value = str(path)
    if "://" in value:
        return value
    return "sqlite:///" + str(Path(value).expanduser().resolve())


def describe(url: str) -> str:
    """The store as people know it: a file's path, or the URL without its password."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///") :]
    scheme, _, rest = url.partition("://")
    if "@" in rest:
        credentials, _, host = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        rest = f"{user}@{host}" if user else host
    return f"{scheme}://{rest}"


def make_private_folders(folder: Path) -> None:
    """Make ``folder`` and the folders above it that are missing, each 0700 whatever the umask.

    Best effort: a folder that cannot be made is left for the store to report
    when it is created there.
    """
    missing = []
    while not folder.exists() and folder != folder.parent:  # one look when all is there, as it mostly is
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):  # the outermost first
        try:
            os.mkdir(each, 0o700)
        except FileExistsError:
            continue  # made meanwhile by another scorepad
        except OSError:
            return
