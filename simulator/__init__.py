"""Deckhand: a Monte Carlo balance lab for card games."""

__version__ = "0.1.0"
