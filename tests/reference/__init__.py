"""An independent reference model of Thousand, used only as a test oracle.

It follows ``/work/shared/design/rulings.md`` and shares no code with the engine under test.
"""

from .model import RefGame, perft

__all__ = ["RefGame", "perft"]
