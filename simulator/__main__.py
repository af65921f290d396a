"""`python -m simulator` runs the same CLI as the `deckhand` command."""

from cli import main

if __name__ == "__main__":
    main()
