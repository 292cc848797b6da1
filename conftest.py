"""Leave out the doctests of modules whose extra is not installed (unless CI requires them)."""

import importlib.util
import os

collect_ignore: list[str] = []
if os.environ.get("THOUSAND_REQUIRE_EXTRAS") != "1":
    for module, path in [
        ("numpy", "src/thousand/tensors.py"),
        ("pyspiel", "src/thousand/adapters/openspiel.py"),
        ("pettingzoo", "src/thousand/adapters/pettingzoo.py"),
    ]:
        if importlib.util.find_spec(module) is None:
            collect_ignore.append(path)
