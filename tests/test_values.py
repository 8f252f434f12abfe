"""The one rule for value types of ``scorepad/core/__init__.py``, held by every class of the core."""

import dataclasses
import enum
import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import pytest

import scorepad.core


def core_classes() -> Iterator[type]:
    for module in pkgutil.iter_modules(scorepad.core.__path__):
        found = importlib.import_module(f"scorepad.core.{module.name}")
        for cls in vars(found).values():
            if inspect.isclass(cls) and cls.__module__ == found.__name__:
                yield cls


def name_of(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def test_the_core_has_no_named_tuple_only_store_rows_are():
    tuples = [name_of(cls) for cls in core_classes() if issubclass(cls, tuple)]
    assert tuples == []


def test_what_the_use_cases_hand_back_follows_the_core_s_rule():
    """``app.results`` is read by every command and view: frozen dataclasses, as the core's values are."""
    from scorepad.app.results import HistoryRow, Result

    for cls in (Result, HistoryRow):
        assert not issubclass(cls, tuple) and cls.__dataclass_params__.frozen, name_of(cls)
    assert hasattr(HistoryRow, "__slots__")  # made once per entry of a history: 100,000 for a long match


def test_every_dataclass_of_the_core_is_frozen():
    dataclasses_ = [cls for cls in core_classes() if dataclasses.is_dataclass(cls)]
    assert len(dataclasses_) > 10  # the rule is read from the classes themselves: they must be found
    thawed = [name_of(cls) for cls in dataclasses_ if not cls.__dataclass_params__.frozen]
    assert thawed == []


@pytest.mark.parametrize(
    "value, field",
    [
        ("scorepad.core.match:Format", "value"),
        ("scorepad.core.match:Entry", "kind"),
        ("scorepad.core.match:NextDeal", "dealer"),
        ("scorepad.core.match:Step", "number"),
        ("scorepad.core.match:Turn", "dealer"),
        ("scorepad.core.scoring:Outcome", "scores"),
    ],
)
def test_the_fold_s_small_values_are_frozen_dataclasses_with_slots(value, field):
    module, name = value.split(":")
    cls = getattr(importlib.import_module(module), name)
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen
    assert field in cls.__slots__ and "__dict__" not in dir(cls)


def test_a_card_is_one_member_of_a_closed_set():
    from scorepad.core.cards import FULL_DECK, Card

    assert issubclass(Card, enum.Enum) and set(Card) == FULL_DECK
