"""What the native travel search (simulator/native/src/travel_mcts.cpp) reads from a built
`mcts` strategy (strategies/mcts.py) of the travel game: its parameters as text, and its
rollout policy's (random, or the native travel heuristic with its parameters). The search
runs natively and draws what the Python search draws, so the same seed gives the same
decisions (tests/native/test_travel_mcts_native.py)."""

from __future__ import annotations

from simulator.native.mcts_table import PARAMS, searched_beyond, settings_text
from simulator.native.travel_table import HEURISTIC_PARAMS, heuristic_numbers
from strategies.mcts import MCTS
from strategies.travel.heuristic import TravelHeuristic

NATIVE_SEARCHED = frozenset(
    {"action", "recycle_cost", "recycle_take", "steal_cost", "dispose_with", "smuggle_to"}
)
"""The travel decision kinds the native search may search: those only a step of the turn asks
(rules.py), never a generator (an event's or a special item's effect, the over-limit discard
and the Mousetrap, which effects ask too) nor a trade's steps. There Python's copy redeals
where the effect started and replays its answers (Playthrough.for_seat), or keeps the
cards of the offer on the table (rules._offered), while the native copy redeals at the
decision itself; a search of those kinds (or of every kind: `search` empty) plays in
Python. The shipped preset (mcts@guided) searches `action`."""


def native_reason(strategy: object) -> str | None:
    """Why this built travel mcts cannot search natively, or may decide otherwise than
    Python's search (None: it searches natively, deciding as Python does)."""
    if type(strategy) is not MCTS:
        return f"strategy '{getattr(strategy, 'name', type(strategy).__name__)}' has no native bot"
    unknown = sorted(set(strategy.settings) - set(PARAMS))
    if unknown:
        return f"mcts parameter(s) {', '.join(unknown)} have no native reading"
    bot = strategy.rollout_bot
    if bot is not None:
        if type(bot) is not TravelHeuristic:
            return f"mcts rollout '{strategy.rollout_text}' has no native travel version"
        extra = sorted(set(bot.settings) - set(HEURISTIC_PARAMS))
        if extra:
            return f"mcts rollout: the native travel heuristic has no parameter {', '.join(extra)}"
    elif strategy.rollout_text != "random":
        return f"mcts rollout '{strategy.rollout_text}' has no native travel version"
    return searched_beyond(
        strategy,
        NATIVE_SEARCHED,
        "the native travel search",
        "an effect's questions redeal where the effect started, and a trade's keep the "
        "offered cards",
    )


def seat_text(strategy: MCTS) -> str:
    """The text a native travel mcts seat reads: its settings (mcts_table.settings_text),
    then a new line and the rollout heuristic's parameters joined by ',' (none for a random
    rollout)."""
    bot = strategy.rollout_bot
    rollout = ""
    if bot is not None:
        assert isinstance(bot, TravelHeuristic)
        rollout = ",".join(repr(x) for x in heuristic_numbers(bot))
    return settings_text(strategy) + "\n" + rollout
