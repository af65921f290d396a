"""The Kickstarter and Kickstarter 2 differential check on an easy sheet: the native powers of
ie_powers_kickstarter.cpp and ie_powers_kickstarter2.cpp against the Python reference, in
games where those sets' cards need one container of their colour and no level, so that
bots fulfil them often and every power acts (the sheet is data: the powers must play the
same on any sheet). The check itself is simulator/runs/differential.check_games (every
decision and the tables compared); `easy` only changes the sheet the setup plays.

`python -m tests.native.kick_diff --games 100` runs a long check over every player count,
both sets, random and heuristic bots, and prints the counts compared and how often each
card was fulfilled.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from unittest import mock

from simulator.core.cards import CardRow
from simulator.games.import_export.cards import parse_pips
from simulator.games.import_export.rules import ImportExportGame
from simulator.runs import differential
from simulator.runs.differential import Counts, Setup
from simulator.runs.match import Match

KICK_SETS = ("kickstarter", "kickstarter2")

_plain_match_for = differential.match_for


def easy_match_for(setup: Setup) -> Match:
    """differential.match_for, with every Kickstarter and Kickstarter 2 card needing one
    container of its colour and no level."""
    match = _plain_match_for(setup)
    game = match.game
    assert isinstance(game, ImportExportGame)
    rows = []
    for row in game.sheet.rows:
        values = dict(row.values)
        if row["set"] in KICK_SETS:
            values["cargo"] = f"{row['color']}:1"
            values["level"] = f"{row['color']}:0"
            values["_cargo"] = parse_pips(values["cargo"])  # as cards._check parses them
            values["_level"] = parse_pips(values["level"])
        rows.append(CardRow(row.line, values))
    tag = hashlib.sha256(f"{game.sheet.sha256}:kick-easy".encode()).hexdigest()
    sheet = replace(game.sheet, rows=rows, sha256=tag)
    spec = differential.get_game("import-export")
    assert spec.build_with_sheet is not None
    match.game = spec.build_with_sheet(match.config.game, sheet)
    return match


@contextmanager
def easy_sheets() -> Iterator[None]:
    """While open, differential.check_games plays the easy sheet."""
    with mock.patch.object(differential, "match_for", easy_match_for):
        yield


def check(setup: Setup, indices: Iterable[int], easy: bool = True) -> Counts:
    """check_games on the easy sheet (or the shipped one)."""
    if not easy:
        return differential.check_games(setup, indices)
    with easy_sheets():
        return differential.check_games(setup, indices)


def fulfilled(setup: Setup, indices: Iterable[int], easy: bool = True) -> Counter[str]:
    """How often each Kickstarter or Kickstarter 2 card is fulfilled in these Python games."""
    match = easy_match_for(setup) if easy else _plain_match_for(setup)
    game = match.game
    assert isinstance(game, ImportExportGame)
    cards = game.cards
    found: Counter[str] = Counter()
    for index in indices:
        outcome = differential._python_game(match, index, setup)[0]
        for player in outcome.players:
            for cid in player.events["fulfilled"]:
                card = cards.card_of_contract[cid]
                if cards.sets[card] in KICK_SETS:
                    found[cards.names[card]] += 1
    return found


def seated(strategies: tuple[str, ...], players: int) -> tuple[str, ...]:
    """One strategy for every seat, or several cycled over the seats (as the CLI's)."""
    if len(strategies) == 1:
        return strategies
    return tuple(strategies[p % len(strategies)] for p in range(players))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per setup")
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument(
        "--shipped", action="store_true", help="the shipped sheet, not the easy one"
    )
    args = parser.parse_args()
    total = Counts()
    cover: Counter[str] = Counter()
    start = time.perf_counter()
    for sets in (("base", "kickstarter"), ("base", "kickstarter2"), ("base", *KICK_SETS)):
        for strategies in (("random",), ("heuristic",), ("heuristic", "random")):
            for players in (2, 3, 4, 5, 6):
                bots = seated(strategies, players)
                setup = Setup(players, args.seed, "all", sets=sets, strategies=bots)
                total.add(check(setup, range(args.games), easy=not args.shipped))
                if strategies == ("random",):
                    cover += fulfilled(setup, range(args.games), easy=not args.shipped)
            print(
                f"{'+'.join(sets)} {','.join(strategies)}: {total.games} games so far "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    print(f"fulfilled (random bots): {dict(sorted(cover.items()))}")
    print(
        f"identical: {total.setups} setups, {total.games} games "
        f"({dict(sorted(total.by_players.items()))}), {total.decisions} decisions "
        f"({total.asked} asked), {total.turns} turns"
    )


if __name__ == "__main__":
    main()
