"""The vocabulary of reaction windows: the moments a window opens at, and a use of an
any-time power there. Kept apart from windows.py, which runs the windows, so the powers can
name a Moment without importing the machinery that imports them."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

MOMENTS: dict[str, str] = {
    "turn_start": "the leader's turn starts, before he leads or draws (actor: the leader)",
    "lead_declared": "the leader has led and declared his actions, or drawn (actor: leader)",
    "follower_chose": "a follower has followed or drawn, and declared (actor: the follower)",
    "declaring": "the actor is about to declare his actions of `action` (asked: the actor)",
    "before_action": "the actor is about to perform one action of `action`; `step` counts "
    "the actions of that type he has already performed this turn",
    "import_round": "an import round has been resolved (actor: the round's winner)",
    "turn_end": "every action of the turn is performed, before its end checks (actor: leader)",
    "before_scoring": "the game is over; end-game scoring comes next (actor: the last leader)",
}
"""Every moment a window opens, and what it means (IE-ANYTIME-1)."""


class Moment(NamedTuple):
    """Where the game stands when a window opens; the `context` of an any_time decision."""

    name: str
    """One of MOMENTS."""
    actor: int
    """The player the moment concerns (see MOMENTS)."""
    action: int = -1
    """The action declared or about to be performed, where there is one."""
    step: int = 0
    """before_action: how many actions of this type the actor performed before this one."""


class Use(NamedTuple):
    """One way to use an any-time power now: an option of an `any_time` decision."""

    power: str
    """The card name, or DISCARD_CONTRACTS for the leader's rule."""
    contract: int
    """The contract id whose power this is (-1 for the leader's discard)."""
    args: tuple[Any, ...] = ()
    """What the use needs: a card, a ship index, a destination (see each power)."""


DISCARD_CONTRACTS: Final = "discard_contracts"
"""The leader's rule (IE-DISCARD-1), offered in windows like a power (IE-DISCARD-2)."""
