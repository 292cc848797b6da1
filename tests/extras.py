"""The optional extras' modules for tests: skipped when an extra is not installed, except in CI,
where ``THOUSAND_REQUIRE_EXTRAS=1`` turns a missing extra into a failure."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def extra(module: str) -> ModuleType:
    """``module``, or skip the test file without it (fail instead under CI)."""
    if os.environ.get("THOUSAND_REQUIRE_EXTRAS") == "1":
        return importlib.import_module(module)
    found: ModuleType = pytest.importorskip(module)
    return found
