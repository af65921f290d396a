"""Flag powers (the dual-contract expansion: two contracts per card, one name each).

One function per contract, named after it; numbers from the card sheet. Rulings for these
powers are in docs/rulings.md, section "Card powers (Flag)".
"""

from __future__ import annotations
