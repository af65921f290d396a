"""J powers. One function per card, named after it; numbers from the card sheet.

Rulings for these powers are in docs/rulings.md, section "Card powers (J)".
"""

from __future__ import annotations
