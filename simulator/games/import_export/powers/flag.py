"""Flag (the dual-contract expansion) powers. One function per card, named after it; numbers from the card sheet.

Rulings for these powers are in docs/rulings.md, section "Card powers (Flag (the dual-contract expansion))".
"""

from __future__ import annotations
