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
        # The store's own folder is made with the store (0700, ``sqlite_file.new_file``),
        # so that a command that writes nothing leaves none; the data folder above it is
        # made here, as XDG says, for the owner only (anyone could swap a 0777 one's store
        # folder for another).
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


def ambiguous_credentials(url: str) -> bool:
    """More than one ``@`` in a server URL: an ``@`` in a password (or user name) not written as ``%40``.

    SQLAlchemy ends the password at the first ``@`` and takes the rest of it for
    the host name, which the driver's errors then show: the URL is refused
    before it is used.
    """
    return url.partition("://")[2].count("@") > 1


#: Shorter passwords are left in messages: hiding them would blot out ordinary words and hide little.
SHORTEST_HIDDEN = 4


def hide_password(message: str, url: str) -> str:
    """The message with the URL's password, as written or decoded, replaced by ``***`` wherever it appears."""
    from urllib.parse import unquote

    credentials = url.partition("://")[2].rpartition("@")[0]
    password = credentials.partition(":")[2]
    for secret in {password, unquote(password)}:
        if len(secret) >= SHORTEST_HIDDEN:
            message = message.replace(secret, "***")
    return message


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
