"""Shared helpers of the power tests (test_ie_power_*.py), and random play with every base
power in the game: the invariants hold and every game ends properly.

`spec(name)` gives a hand-built table (ie_table) the real card sheet's row for a card, so its
power is registered and its numbers are the sheet's; `params(t, name)` reads them back, and
`resolve` steps through a power's flow answering its decisions in order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.games.import_export import windows
from simulator.games.import_export.moments import Moment, Use
from simulator.games.import_export.sheet_checks import load_import_export_sheet
from strategies.random_strategy import RandomStrategy

ROWS = {row["name"]: row for row in load_import_export_sheet().rows}


def spec(name: str) -> str:
    """An ie_table card spec copying the real sheet's colour, action, level, cargo, params."""
    row = ROWS[name]
    words = [row["color"], row["action"], f"cargo={row['cargo']}"]
    if row["level"]:
        words.append(f"level={row['level']}")
    if row["params"]:
        words.append("params=" + ";".join(f"{k}={v}" for k, v in row["params"].items()))
    return " ".join(words)


def specs(*names: str) -> dict[str, str]:
    return {name: spec(name) for name in names}


def params(t: Any, name: str) -> dict[str, Any]:
    return t.cards.contract_by_id[t.cid(name)].params


def resolve(t: Any, flow: Any, *answers: Any) -> list[Any]:
    """Run a flow, answering its decisions with `answers` in order; return the decisions.
    Every answer must be offered and used; the invariants must hold at the end."""
    asked = []
    pending = list(answers)
    try:
        decision = next(flow)
        while True:
            asked.append(decision)
            assert pending, f"unexpected decision {decision!r}"
            answer = pending.pop(0)
            assert answer in decision.options, f"{answer!r} not in {decision!r}"
            decision = flow.send(answer)
    except StopIteration:
        pass
    assert not pending, f"answers left over: {pending}"
    t.game.check_invariants(t.state)
    return asked


def window(t: Any, moment: str, actor: int, action: int = -1, step: int = 0) -> Any:
    """The flow of a reaction window at a moment (windows.MOMENTS), for `resolve`."""
    return windows.window(t.game, t.state, Moment(moment, actor, action, step))


def use(t: Any, name: str, *args: Any) -> Use:
    """The window option using `name`'s power (of its contract) with these arguments."""
    return Use(name, t.cid(name), args)


def fulfil(t: Any, owner: int, name: str, *answers: Any) -> list[Any]:
    """Resolve the power of `name`, already among `owner`'s fulfilled contracts."""
    cid = t.cid(name)
    assert cid in t.state.fulfilled[owner], f"arrange {name} as fulfilled by {owner} first"
    return resolve(t, t.game.powers.fulfilled(t.game, t.state, owner, cid), *answers)


def test_random_games_with_every_base_power_keep_the_invariants() -> None:
    spec_ = get_game("import-export")
    reasons: Counter[str] = Counter()
    for players in (2, 3, 4, 5):
        game = spec_.factory(spec_.make_config(players, ("base",), max_turns=300))
        for i in range(8):
            outcome, _ = play_game(
                game, [RandomStrategy()] * players, 5, 100 * players + i, check_invariants=True
            )
            reasons[outcome.end_reason] += 1
            assert outcome.end_reason in ("credits", "deck_exhausted", "card", "turn_limit")
    assert reasons["credits"] + reasons["deck_exhausted"] + reasons["card"] > 0
