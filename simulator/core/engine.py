"""The play loop: asks strategies for every decision and feeds their answers to the rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from simulator.core.errors import DeckhandError, PluginError, StrategyError
from simulator.core.forward import Playthrough, SeatModel
from simulator.core.machine import State
from simulator.core.narration import Narrator
from simulator.core.plugins import blame
from simulator.core.protocol import Decision, Outcome, Strategy
from simulator.core.seeding import STRATEGY_STREAM, GameRandom
from simulator.core.spec import Game


def play_game(
    game: Game[State],
    strategies: Sequence[Strategy],
    master_seed: int,
    game_index: int,
    *,
    check_invariants: bool = False,
    on_decision: Callable[[Decision, object], None] | None = None,
    trace: Narrator | None = None,
    deal: int | None = None,
) -> tuple[Outcome, int]:
    """Play one game from its seed; returns the outcome and the number of decisions asked.

    A decision with one legal option is taken without asking. A strategy that raises or
    answers with an option not offered stops the game with a StrategyError that names the
    strategy, the decision, the options and how to replay the game. `trace` listens to the
    rules' narration of the game (core/narration.py; deckhand replay). `on_decision` is
    told each decision and its answer (whichever option it was). `deal` is the index
    of the rules stream (default: the game's own index); duplicate mode gives the games of a
    block one deal, so they share the shuffle while the strategies keep a stream of their
    own per game.
    """
    strategy_rng = GameRandom.for_game(master_seed, game_index, STRATEGY_STREAM)
    kinds = game.spec.decision_kinds()
    searches = [strategy.looks_ahead_in(kinds) for strategy in strategies]
    try:
        playthrough = Playthrough.start(  # copyable at every decision only for a searching bot
            game, master_seed, game_index, deal=deal, trace=trace, clonable=any(searches)
        )
    except Exception as exc:
        _raise_if_designed(exc, master_seed, game_index)
        raise  # a bug of ours: its own traceback, untouched
    state = playthrough.state
    decision = playthrough.decision
    asked = 0
    while decision is not None:
        options = decision.options
        if len(options) == 1:
            choice = options[0]
        else:
            asked += 1
            strategy = strategies[decision.player]
            try:
                view = game.observe(state, decision.player)
                if searches[decision.player]:
                    model = SeatModel(playthrough, decision.player)
                    choice = strategy.choose_ahead(decision, view, strategy_rng, model)
                else:
                    choice = strategy.choose(decision, view, strategy_rng)
            except Exception as exc:
                raise _strategy_error(
                    strategy, decision, master_seed, game_index, f"raised {exc!r}", exc
                ) from exc
            if choice not in options:
                raise _strategy_error(
                    strategy,
                    decision,
                    master_seed,
                    game_index,
                    f"answered {choice!r}, not offered",
                )
        if on_decision is not None:
            on_decision(decision, choice)
        try:
            decision = playthrough.apply(choice)
        except Exception as exc:
            _raise_if_designed(exc, master_seed, game_index)
            raise  # a bug of ours: its own traceback, untouched
        if check_invariants:
            game.check_invariants(state)
    if check_invariants:
        game.check_invariants(state)
    return game.outcome(state), asked


def _raise_if_designed(error: Exception, master_seed: int, game_index: int) -> None:
    """The rules raised: when the error passed through a designer's code (`--powers`),
    raise it as a PluginError naming the file, line and game to replay; otherwise return,
    and the caller re-raises it as it was."""
    where = blame(error)
    if where is not None and not isinstance(error, DeckhandError):
        raise PluginError(
            f"the code in {where} raised {error!r} in game {game_index} (seed {master_seed}); "
            f"replay it with deckhand replay RUN {game_index}"
        ) from error


def _strategy_error(
    strategy: Strategy,
    decision: Decision,
    master_seed: int,
    game_index: int,
    what: str,
    error: Exception | None = None,
) -> DeckhandError:
    if isinstance(error, PluginError):  # a designer's power broke its own contract
        return error
    where = blame(error) if error is not None else None
    if where is not None:  # a bot looking ahead ran a designer's power, which raised
        return PluginError(
            f"the code in {where} raised {error!r} while strategy '{strategy.name}' looked "
            f"ahead at decision '{decision.kind}' for seat {decision.player}; replay this game "
            f"with seed {master_seed}, game index {game_index} (deckhand replay RUN "
            f"{game_index})"
        )
    options = list(decision.options)
    shown = options if len(options) <= 20 else options[:20] + [f"... {len(options) - 20} more"]
    return StrategyError(
        f"strategy '{strategy.name}' {what} at decision '{decision.kind}' for seat "
        f"{decision.player}; options were {shown}. Replay this game with seed {master_seed}, "
        f"game index {game_index} (deckhand replay RUN {game_index})."
    )
