"""One package per game; each declares a frozen GameSpec in its spec module."""
