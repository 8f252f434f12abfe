"""Where the store is: ``--db``, then ``SCOREPAD_DB``, then the user data folder.

A plain path is a SQLite file, whatever characters it holds: ``?``, ``%`` and
``#`` are part of its name, never a URL's query, escape or fragment. So a path
stays a ``Path`` from here to SQLite (``db`` gives it to SQLAlchemy as its
URL's database, never as text to parse), and the quick reader opens the same
file. Anything with ``://`` is an SQLAlchemy URL, as written.

Kept free of SQLAlchemy so that naming the store costs nothing.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

ENV_VAR = "SCOREPAD_DB"
FILENAME = "scorepad.db"


def default_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("scorepad", appauthor=False) / FILENAME


def store_location(option: str | None = None) -> Path | str:
    """The store named by the option, the environment or the default: a SQLite file's path, or a URL.

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
        return path
    if "://" in value:
        return value
    return _absolute(Path(value).expanduser())


def _absolute(path: Path) -> Path:
    """The path with its links resolved; as given, made absolute, where they loop (the store's check then says so)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: RuntimeError before Python 3.13, OSError since
        return Path(os.path.abspath(path))


def file_of(location: Path | str) -> tuple[Path | None, bool]:
    """The file of a SQLite store (None for a server or one in memory), and whether a ``file:`` URI names it.

    A URI carries its own options (``mode=ro`` ...): scorepad checks the file it
    names, but neither creates it nor chooses how to open it.
    """
    if isinstance(location, Path):
        return location, False
    if not location.startswith("sqlite"):
        return None, False
    from sqlalchemy.engine import make_url  # a URL written out: the file SQLAlchemy will read in it

    database = make_url(location).database
    if not database or database == ":memory:" or database.startswith("file::memory:"):
        return None, False
    if database.startswith("file:"):
        return Path(unquote(urlsplit(database).path)), True
    return Path(os.path.abspath(database)), False  # as SQLAlchemy's SQLite dialect opens it


def describe(location: Path | str) -> str:
    """The store as people know it: the path of the file opened, or the URL without its password."""
    if isinstance(location, Path):
        return str(location)
    path, _ = file_of(location)
    if path is not None:
        return str(path)
    scheme, _, rest = location.partition("://")
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


#: The key the links of the nights' tables are made from (``app.table_links``): kept in the user
#: data folder, never in a store, so that a store file, or its backup, does not give the links.
LINKS_KEY = "night-links.key"


def links_key_path() -> Path:
    """Where this user's key for the tables' links is; its folder made (0700) if need be."""
    from platformdirs import user_data_path

    folder = user_data_path("scorepad", appauthor=False)
    make_private_folders(folder)
    return folder / LINKS_KEY
