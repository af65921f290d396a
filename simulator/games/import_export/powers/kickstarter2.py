"""Kickstarter 2 powers. One function per card, named after it; numbers from the card sheet.

Rulings for these powers are in docs/rulings.md, section "Card powers (Kickstarter 2)".
"""

from __future__ import annotations
