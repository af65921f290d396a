"""The Import/Export heuristic bots: legal answers to every decision kind, and strength.

The bots are named by import path (`package.module:Class`), so these tests do not depend
on the registry; the last test checks the registry names once they are registered. They
play on the real card sheet when it exists, otherwise on a synthetic 100-card base sheet.
"""

from __future__ import annotations

import copy
import csv
import gc
import weakref
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from simulator.analysis.stats import wilson
from simulator.core.engine import play_game
from simulator.core.protocol import Decision, Strategy
from simulator.core.seeding import GameRandom
from simulator.folders.config import make_run_config
from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.runs.match import Match
from strategies.import_export import power_choices
from strategies.import_export.archetypes import ContractorBot, ImporterBot, PirateBot
from strategies.import_export.classic import IEClassic
from strategies.import_export.heuristic import IEHeuristic

ARCHETYPES = {
    "contractor": ContractorBot,
    "importer": ImporterBot,
    "pirate": PirateBot,
    "heuristic": IEHeuristic,
}
KINDS = {
    "lead",
    "lead_with",
    "follow",
    "follow_with",
    "declare",
    "supply",
    "contract",
    "load",
    "pirate",
    "pirate_to",
    "import_ship",
    "bid",
    "import_tie",
    "import_take",
    "import_place",
}
"""Every decision kind of the base rules (rules.py)."""
BEST = "importer"
"""The archetype the strength test plays (see the measurements in the bots' report)."""


def _synthetic_rows() -> list[dict[str, object]]:
    """100 base cards: 20 per colour, 4 per action, levels 0-2, cargo 2-4 containers."""
    colors = ("green", "yellow", "black", "blue", "red")
    actions = ("supply", "import", "contract", "load", "pirate")
    rows: list[dict[str, object]] = []
    for ci, color in enumerate(colors):
        other = colors[(ci + 1) % 5]
        for k in range(20):
            level = 0 if k < 8 else (1 if k < 16 else 2)
            cargo = (
                f"{color}:2",
                f"{color}:1+{other}:1",
                f"{color}:3",
                f"{color}:2+{other}:1",
                f"{color}:2+{other}:2",
            )[k % 5]
            number = 20 * ci + k + 1
            rows.append(
                {
                    "id": number,
                    "card": number,
                    "name": f"{color.title()} {k}",
                    "set": "base",
                    "side": "",
                    "color": color,
                    "action": actions[(k + ci) % 5],
                    "level": f"{color}:{level}" if level else "",
                    "cargo": cargo,
                    "timing": "immediate",
                    "params": "",
                    "power": "synthetic",
                    "provenance": "assumed",
                }
            )
    return rows


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> str | None:
    """None (the real sheet) when it exists, else the path of a synthetic base sheet."""
    if DEFAULT_SHEET.exists():
        return None
    path = tmp_path_factory.mktemp("ie_bots") / "synthetic_cards.csv"
    rows = _synthetic_rows()
    with Path(path).open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return str(path)


@pytest.mark.parametrize("name", sorted(ARCHETYPES))
def test_archetype_answers_every_decision_kind_legally(name: str, sheet: str | None) -> None:
    cls = ARCHETYPES[name]
    bot = f"{cls.__module__}:{cls.__name__}"
    games = 30
    config = make_run_config(
        "import-export",
        4,
        ("base",),
        (bot, "random", bot, "random"),
        games=games,
        seed=7,
        card_sheet=sheet,
        check_invariants=True,
    )
    match = Match(config)
    asked: Counter[str] = Counter()
    for i in range(games):
        slots = [(seat + i) % 4 for seat in range(4)]

        def record(decision, choice, slots=slots) -> None:  # noqa: ANN001
            if slots[decision.player] in (0, 2) and len(decision.options) > 1:
                assert choice in decision.options, (decision, choice)
                asked[decision.kind] += 1

        outcome, _, _ = match.play(i, on_decision=record)
        assert outcome.end_reason in ("credits", "deck_exhausted", "card", "turn_limit")
    assert KINDS <= set(asked), KINDS - set(asked)
    for kind in asked:  # the bot's own rule, or its rule for a card power's question
        assert hasattr(cls, "_" + kind) or kind in power_choices.RULES, kind


class _Forgetful(Strategy):
    """Plays a bot, and asks a new copy of it (no memory of earlier decisions) each question
    too: both must answer alike, so the bots' caches never change an answer."""

    def __init__(self, cls: type[IEHeuristic]) -> None:
        super().__init__()
        self.cls = cls
        self.bot = cls()
        self.name = cls.name
        self.asked = 0

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        fresh = self.cls()
        for name in ("_import_turn", "_import_declared", "_import_round"):  # this turn's plan
            setattr(fresh, name, getattr(self.bot, name))
        expected = fresh.choose(decision, view, copy.deepcopy(rng))
        answer = self.bot.choose(decision, view, rng)
        assert answer == expected, (decision, answer, expected)
        self.asked += 1
        return answer


def test_bots_answer_as_if_they_remembered_nothing(sheet: str | None) -> None:
    config = make_run_config(
        "import-export", 4, ("base",), ("random",) * 4, games=6, seed=11, card_sheet=sheet
    )
    game = Match(config).game
    asked = 0
    for i in range(config.games):
        seats = [_Forgetful(cls) for cls in ARCHETYPES.values()]
        play_game(game, seats, config.seed, i)
        asked += sum(seat.asked for seat in seats)
    assert asked > 1000


def test_best_archetype_beats_three_random_bots(sheet: str | None) -> None:
    games = 40
    bot = f"{ARCHETYPES[BEST].__module__}:{ARCHETYPES[BEST].__name__}"
    config = make_run_config(
        "import-export",
        4,
        ("base",),
        (bot, "random", "random", "random"),
        games=games,
        seed=2024,
        card_sheet=sheet,
    )
    match = Match(config)
    wins = 0
    for i in range(games):
        outcome, _, slots = match.play(i)
        wins += any(slots[seat] == 0 for seat in outcome.winners)
    low, _ = wilson(wins, games)
    assert low > 0.4, (wins, games, low)


def test_archetypes_differ_only_in_their_default_weights() -> None:
    names = {cls.name for cls in ARCHETYPES.values()}
    assert names == set(ARCHETYPES)
    for cls in ARCHETYPES.values():
        assert issubclass(cls, IEClassic)
        assert set(cls.params) == set(IEClassic.params)
    assert ContractorBot.params["contract_bias"] > ImporterBot.params["contract_bias"]
    assert ImporterBot.params["import_bias"] > ContractorBot.params["import_bias"]
    assert PirateBot.params["pirate_bias"] > max(
        ContractorBot.params["pirate_bias"], ImporterBot.params["pirate_bias"]
    )
    tuned = PirateBot(deny=2.0, bid_share=0.1)
    assert (tuned.weights.deny, tuned.weights.bid_share) == (2.0, 0.1)


def test_same_seed_same_game(sheet: str | None) -> None:
    bots = tuple(f"{cls.__module__}:{cls.__name__}" for cls in ARCHETYPES.values())
    config = make_run_config("import-export", 4, ("base",), bots, games=2, seed=5, card_sheet=sheet)
    first = [Match(config).play(i) for i in range(2)]
    second = [Match(config).play(i) for i in range(2)]
    assert [(o.winners, o.turns, d) for o, d, _ in first] == [
        (o.winners, o.turns, d) for o, d, _ in second
    ]


def test_a_worker_keeps_the_bot_tables_of_one_match_only(sheet: str | None) -> None:
    """Workers build a match per chunk: the bot's tables of earlier matches (and through
    them their rules) must be released, or a worker grows chunk after chunk."""
    config = make_run_config("import-export", 4, ("base",), ("heuristic",), games=8, seed=3)
    games = []  # (weak: the rules of this test's matches only; an experiment run earlier in
    for i in range(8):  # the process keeps its own workers' games, as it should)
        match = Match(config)
        match.play(i)
        games.append(weakref.ref(match.game))
        del match  # dropped after its game, as after a chunk
    gc.collect()
    live = sum(ref() is not None for ref in games)
    assert live <= 1, f"{live} matches' rules still alive"


def test_matches_played_in_turn_play_the_games_each_plays_alone(sheet: str | None) -> None:
    """The tables follow the rules they were built from: two matches with different rules
    played alternately in one process give the games each gives alone."""
    configs = [
        make_run_config("import-export", 4, ("base",), ("heuristic",), games=3, seed=9),
        make_run_config(
            "import-export",
            4,
            ("base",),
            ("heuristic",),
            games=3,
            seed=9,
            rules=[("sell_price", "5")],
        ),
    ]
    alone = [[_fingerprint(Match(c).play(i)) for i in range(3)] for c in configs]
    matches = [Match(c) for c in configs]
    in_turn: list[list[Any]] = [[], []]
    for i in range(3):
        for k in (0, 1):
            in_turn[k].append(_fingerprint(matches[k].play(i)))
    assert in_turn == alone
    assert alone[0] != alone[1]


def _fingerprint(played: Any) -> Any:
    outcome, decisions, _ = played
    return outcome.winners, outcome.turns, decisions, [p.score for p in outcome.players]


def test_registry_names_map_to_the_bots() -> None:
    from strategies.registry import BY_GAME

    table = BY_GAME.get("import-export", {})
    archetypes = {name: cls for name, cls in ARCHETYPES.items() if name != "heuristic"}
    assert table["classic"] is IEClassic
    if not set(archetypes) <= set(table):
        pytest.skip("the Import/Export bots are not registered yet")
    for name, cls in archetypes.items():
        assert table[name] is cls
    if "heuristic" in table:  # the default: the family or whichever archetype is chosen
        assert issubclass(table["heuristic"], IEHeuristic)
