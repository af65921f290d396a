"""Reaction windows: where "at any time" powers and the leader's contract discard are used.

The rulebook's "any time" icon means any time, even in another player's turn (FAQ on
Lutefisk: "pause the game"). A simulator cannot ask at every instant, so the rules open a
window at each moment where using such a power could change what happens next
(IE-ANYTIME-1): the leader's turn starting, his lead, each follower's choice, a player about
to declare or to perform one action, each import round, the turn's end, and the moment
before end-game scoring. In a window the players are asked in turn order from the leader;
each may use his usable powers, one use at a time, until he passes (IE-ANYTIME-2).

Only the owner of a power that is usable at that moment is asked, with one `any_time`
decision whose options are "pass" and every concrete use (`Use`): a game with no such card
in play asks nothing and pays one cheap test per window (`ImportExportGame.window_wanted`).

A power takes part by registering two functions (powers/__init__.py, `@power(...,
any_time=...)` and `@power(..., use=True)`): one lists its uses at a moment, one performs a
use. Where the power lives is as before: `grep -rn '"Lutefisk"' simulator`.
"""

from __future__ import annotations

from typing import Final

from simulator.core import machine
from simulator.core.machine import Step
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import LOAD, PIRATE
from simulator.games.import_export.decisions import ANY_TIME_USE
from simulator.games.import_export.game_api import GameAPI
from simulator.games.import_export.moments import DISCARD_CONTRACTS, MOMENTS, Moment, Use
from simulator.games.import_export.powers import ANY_TIME, told
from simulator.games.import_export.state import IEState

ACTOR_ONLY: Final = frozenset({"declaring"})
"""Moments where only the actor is asked: declaring concerns his own crew alone (US
Dollars), and the window right after it (lead_declared, follower_chose) asks everyone."""

OWN_TURN: Final = frozenset(MOMENTS) - {"before_scoring"}
"""Moments that belong to the leader's turn: powers used "on your turn" (Olive Oil, Tsukiji
Fish) are usable there by the leader only."""


def leader_discards(game: GameAPI, s: IEState, q: int, moment: Moment) -> list[Use]:
    """The leader may discard a ship's unfulfilled contracts "at any moment in which you are
    the leader". Besides his lead (IE-DISCARD-1) it changes what happens next only between
    his own actions that use his ships at port: before his second and later Load or Pirate
    action of the turn (IE-DISCARD-2)."""
    if (
        moment.name != "before_action"
        or q != s.leader
        or moment.actor != q
        or moment.step == 0
        or moment.action not in (LOAD, PIRATE)
    ):
        return []
    return [
        Use(DISCARD_CONTRACTS, -1, (i,))
        for i, ship in enumerate(s.ships)
        if ship.owner == q and not ship.at_sea and ship.contracts
    ]


def uses_for(game: GameAPI, s: IEState, q: int, moment: Moment) -> list[Use]:
    """Every use q can make now: powers of his fulfilled contracts (and copies), powers of
    cards in his hand that work from there (Lutefisk), and the leader's discard."""
    found: list[Use] = []
    index = game.powers
    contract_by_id = game.cards.contract_by_id
    fulfilled = s.hooks.get(ANY_TIME)
    if fulfilled:
        on_own_turn = moment.name in OWN_TURN and s.leader == q
        for owner, cid in fulfilled:
            if owner != q:
                continue
            entry = index.by_contract[cid]
            if entry.own_turn and not on_own_turn:
                continue
            assert entry.any_time is not None
            for args in entry.any_time(game, s, q, contract_by_id[cid], moment):
                found.append(Use(entry.name, cid, args))
    if index.hand_any_time:
        hand = s.hands[q]
        for card, cid in index.hand_any_time.items():
            if card in hand:
                entry = index.by_contract[cid]
                assert entry.any_time is not None
                for args in entry.any_time(game, s, q, contract_by_id[cid], moment):
                    found.append(Use(entry.name, cid, args))
    if q == s.leader and moment.name == "before_action":  # the only moment it offers
        found.extend(leader_discards(game, s, q, moment))
    return found


def _owns_one(fulfilled: list[tuple[int, int]], q: int) -> bool:
    """Whether q owns one of these fulfilled any-time contracts: `uses_for` offers a player
    the powers of his own only, so a window skips the players who own none (and hold no
    any-time hand card, and are not the leader before his action)."""
    for owner, _ in fulfilled:
        if owner == q:
            return True
    return False


def window(game: GameAPI, s: IEState, moment: Moment) -> Flow:
    """A window as a generator (tests, and rules written as generators)."""
    return machine.nested(game, s, [_first_step(s, moment)])


def push_window(s: IEState, moment: Moment) -> None:
    """Open a window at `moment`: offer every usable any-time power, player by player in
    turn order from the leader (only the actor at ACTOR_ONLY moments); each uses them one
    at a time until he passes (IE-ANYTIME-2). What one player's use makes possible for
    another waits for the next window."""
    s.stack.append(_first_step(s, moment))


def _first_step(s: IEState, moment: Moment) -> Step:
    if moment.name in ACTOR_ONLY:
        return (window_step, moment, 0, moment.actor, 1, False)
    return (window_step, moment, 0, s.leader, s.n, False)  # in turn order from the leader


def window_step(game: GameAPI, s: IEState, step: Step) -> Decision | None:
    """Ask the i-th player of the window (from `first`), or the next one with a use;
    `again`: the same player once more, after a use (no pre-test)."""
    _, moment, i, first, asked, again = step
    n = s.n
    before_action = moment.name == "before_action"  # the leader's discard (IE-DISCARD-2)
    while i < asked:
        q = (first + i) % n
        if not again:
            fulfilled = s.hooks.get(ANY_TIME)
            if not (fulfilled and _owns_one(fulfilled, q)) and not (
                q == s.leader and before_action
            ):
                if not game.holds_hand_any_time(s, q):
                    i += 1
                    continue  # the cheap tests first: uses_for would offer q nothing
        again = False
        options = uses_for(game, s, q, moment)
        if not options:
            i += 1
            continue
        s.stack.append((window_answer, moment, i, first, asked))
        return Decision(q, ANY_TIME_USE, ("pass", *options), context=moment)
    return None


def window_answer(game: GameAPI, s: IEState, step: Step) -> Decision | None:
    _, moment, i, first, asked = step
    choice = s.answer
    if choice == "pass":
        return window_step(game, s, (window_step, moment, i + 1, first, asked, False))
    q = (first + i) % s.n
    s.stack.append((window_step, moment, i, first, asked, True))
    if choice.power == DISCARD_CONTRACTS:
        game.discard_contracts(s, q, choice.args[0])
        return None
    machine.push_flow(s, _using(q, choice, moment))
    return None


def _using(q: int, chosen: Use, moment: Moment) -> machine.MakeFlow:
    """What makes the generator of one use, when it starts."""

    def make(game: GameAPI, s: IEState) -> Flow:
        return use(game, s, q, chosen, moment)

    return make


def use(game: GameAPI, s: IEState, q: int, chosen: Use, moment: Moment) -> Flow:
    """Perform one use that `uses_for` offered."""
    if chosen.power == DISCARD_CONTRACTS:
        game.discard_contracts(s, q, chosen.args[0])
        return
    entry = game.powers.by_contract[chosen.contract]
    assert entry.use is not None
    contract = game.cards.contract_by_id[chosen.contract]
    flow = entry.use(game, s, q, contract, chosen.args, moment)
    yield from told(s, entry.name, q, flow, at_once=True)
