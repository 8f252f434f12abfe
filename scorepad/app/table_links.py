"""The links and short codes of a night's tables: made, shown to the organiser, and recognised by the board.

Every table number of a night has a link ``/t/TOKEN`` (a secret of 192
bits) and a 6-character code for a phone that cannot scan; both last the
whole night, whatever round the table is in. They are made, not drawn: each
is an HMAC-SHA256 of the night, a random value the store keeps for the night
(``store.night_links``) and the table number, under a key of 256 random bits
kept in the organiser's user data folder (``store.location.links_key_path``),
never in the store. So ``night codes`` shows the same links all evening, and
a stolen store file or its backup does not give them. ``night codes --new``
draws a new value: the old links and codes stop working at once.

The store keeps beside the value a check of the key the links were made
with, so that a computer with another key (or none) says so instead of
showing links that would not work.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import RuleError
from ..core.language import N_
from ..core.night.state import MAX_PLAYERS
from ..store.night_rows import NoNightYet

if TYPE_CHECKING:
    from ..store.db import Store
    from ..store.night_links import Salt
    from ..store.night_rows import StoredNight

#: A code is typed: digits and capital letters without 0/O and 1/I, which are read for each other.
#: 32 of them, so that a byte of the HMAC gives one without bias.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: Characters of a link's token: 32 URL-safe ones, 192 bits.
TOKEN_LENGTH = 32
#: The most table numbers a night can have: all its players at tables of three.
MOST_TABLES = -(-MAX_PLAYERS // 3)


@dataclass(frozen=True)
class TableLink:
    """A table number's link and code."""

    table: int
    token: str
    code: str

    @property
    def path(self) -> str:
        """The link's path on the board's address."""
        return f"/t/{self.token}"


@dataclass(frozen=True)
class NightLinks:
    """The links and codes of a night's tables, by table number."""

    night_id: int
    salt: str  #: the random value they were made from: new links, a new value
    tables: tuple[TableLink, ...]

    def table_of_token(self, token: str) -> int | None:
        """The table whose link holds ``token``; every link compared in constant time."""
        found = None
        for link in self.tables:
            if hmac.compare_digest(link.token.encode(), token.encode("utf-8", "replace")):
                found = link.table
        return found

    def token_of_code(self, code: str) -> str | None:
        """The token of the table whose code is ``code`` (typed in any case, spaces and dashes ignored)."""
        typed = "".join(code.split()).replace("-", "").upper().encode("utf-8", "replace")
        found = None
        for link in self.tables:
            if hmac.compare_digest(link.code.encode(), typed):
                found = link.token
        return found


class LinksOfAnotherKey(RuleError):
    """The night's links were made with a key this computer does not have."""

    def __init__(self, night: int) -> None:
        super().__init__(
            N_("the links of night {night} were made on another computer (its key for the links is not here)"),
            night=night,
        )
        self.night = night


def links_key(make: bool) -> bytes | None:
    """This user's key for the links: made (0600) when ``make`` and there is none yet; else None when none."""
    from ..store.location import links_key_path

    path = links_key_path()
    try:
        return path.read_bytes()
    except FileNotFoundError:
        if not make:
            return None
    try:
        # O_EXCL: two commands making the key at once keep the one that came first.
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes()
    with os.fdopen(handle, "wb") as file:
        file.write(secrets.token_bytes(32))
    return path.read_bytes()


def _mac(key: bytes, *parts: object) -> bytes:
    return hmac.new(key, "/".join(map(str, parts)).encode(), hashlib.sha256).digest()


def key_check(key: bytes, salt: str) -> str:
    return _mac(key, "check", salt).hex()


def _link(key: bytes, uid: str, salt: str, number: int) -> TableLink:
    token = base64.urlsafe_b64encode(_mac(key, "link", uid, salt, number)).decode()[:TOKEN_LENGTH]
    code = "".join(CODE_ALPHABET[byte % len(CODE_ALPHABET)] for byte in _mac(key, "code", uid, salt, number))
    return TableLink(number, token, code[:CODE_LENGTH])


def _new_salt(key: bytes, uid: str) -> Salt:
    """A new random value for a night's links, such that no two of its possible tables share a code."""
    from ..store.night_links import Salt

    while True:
        salt = secrets.token_hex(16)
        codes = {_link(key, uid, salt, number).code for number in range(1, MOST_TABLES + 1)}
        if len(codes) == MOST_TABLES:  # 32**6 codes: a clash is rare, and drawing again is simplest
            return Salt(salt, key_check(key, salt))


def table_numbers(night: StoredNight) -> list[int]:
    """Every table number the night has or may have: the ones seated, and enough for all its players at once."""
    seated = {table.number for tables in night.rounds for table, _ in tables}
    most = -(-len(night.attendance) // night.settings.table_size)
    return sorted(seated | set(range(1, most + 1)))


def night_codes(store: Store, night_id: int | None, new: bool = False) -> NightLinks:
    """The links and codes of the night's tables; made first if the night has none yet, or with ``new``."""
    from ..store import night_links, nights
    from ..store.errors import NoStoreYet

    key = links_key(make=True)
    assert key is not None
    try:
        with store.write() as conn:
            chosen = nights.resolve_night_id(conn, night_id)
            night = nights.load(conn, chosen, lock=True)
            salt = night_links.salt_of(conn, chosen)
            if salt is None or new:
                salt = _new_salt(key, night.uid)
                night_links.keep_salt(conn, chosen, salt)
            return _links(chosen, night.uid, salt, key, table_numbers(night))
    except NoStoreYet:
        raise NoNightYet() from None


def current_links(store: Store, night_id: int, key: bytes, known: NightLinks | None) -> NightLinks | None:
    """The links of every table number the night may ever have, for the board to recognise them;
    ``known`` again while the night's links are the same; None while it has none.

    One small read each time, so that links made new (``night codes --new``) stop working at once.
    """
    from ..store import night_links

    with store.read() as conn:
        salt = night_links.salt_of(conn, night_id)
        if salt is None:
            return None
        if known is not None and known.salt == salt.salt:
            return known
        uid = night_links.night_uid(conn, night_id)
    return _links(night_id, uid, salt, key, range(1, MOST_TABLES + 1))


def _links(night_id: int, uid: str, salt: Salt, key: bytes, numbers: Iterable[int]) -> NightLinks:
    if not hmac.compare_digest(salt.key_check, key_check(key, salt.salt)):
        raise LinksOfAnotherKey(night_id)
    return NightLinks(night_id, salt.salt, tuple(_link(key, uid, salt.salt, number) for number in numbers))
