"""Finite fields GF(q), q a prime power, as tables of sums and products: what the affine designs are built on.

An element of GF(p^k) is a polynomial over the integers mod p of degree below
k, numbered by its coefficients as the digits of a number in base p (the
constant first). Sums add digits mod p; products multiply polynomials modulo a
monic polynomial of degree k that has no factor, the first one found in the
order of those numbers. Any such polynomial gives the same field up to the
names of its elements (Galois), and the designs need only its sums and products.
The fields here are tiny (q is at most the largest table), so the tables are
built by brute force.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """GF(q): its elements are 0 to q - 1, 0 and 1 the field's zero and one."""

    q: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p^k and p prime, or None when q is no prime power."""
    if q < 2:
        return None
    p = next(factor for factor in range(2, q + 1) if q % factor == 0)
    k, rest = 0, q
    while rest % p == 0:
        rest, k = rest // p, k + 1
    return (p, k) if rest == 1 else None


def galois(q: int) -> Field | None:
    """GF(q), or None when no field has q elements."""
    found = prime_power(q)
    if found is None:
        return None
    p, k = found
    add = tuple(tuple(_digits_sum(a, b, p, k) for b in range(q)) for a in range(q))
    for tail in range(q):  # the monic polynomial x^k + tail, tail read as digits
        mul = tuple(tuple(_product(a, b, p, k, tail) for b in range(q)) for a in range(q))
        if all(1 in mul[a] for a in range(1, q)):  # every element but 0 has an inverse: no factor
            return Field(q, add, mul)
    raise AssertionError(f"no irreducible polynomial of degree {k} over GF({p})")  # one always exists


def _digits(a: int, p: int, k: int) -> list[int]:
    return [a // p**place % p for place in range(k)]


def _number(digits: list[int], p: int) -> int:
    return sum(digit * p**place for place, digit in enumerate(digits))


def _digits_sum(a: int, b: int, p: int, k: int) -> int:
    return _number([(x + y) % p for x, y in zip(_digits(a, p, k), _digits(b, p, k), strict=True)], p)


def _product(a: int, b: int, p: int, k: int, tail: int) -> int:
    """a times b modulo x^k + tail (all as digits base p)."""
    product = [0] * (2 * k - 1)
    for i, x in enumerate(_digits(a, p, k)):
        for j, y in enumerate(_digits(b, p, k)):
            product[i + j] = (product[i + j] + x * y) % p
    modulus = _digits(tail, p, k)
    for top in range(2 * k - 2, k - 1, -1):  # x^top = -tail * x^(top - k)
        lead, product[top] = product[top], 0
        for place, coefficient in enumerate(modulus):
            product[top - k + place] = (product[top - k + place] - lead * coefficient) % p
    return _number(product[:k], p)
