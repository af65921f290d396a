"""Bots: game-agnostic ones here, game-specific ones in a package per game."""
