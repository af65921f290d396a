"""Flag powers (the dual-contract expansion: two contracts per card, one name each).

One function per contract, named after it; numbers from the card sheet. Rulings for these
powers are in docs/rulings.md, section "Card powers (Flag)".

"At any time" powers are offered at fixed moments, as the base set's are (IE-POWER-38,
IE-POWER-43): Iceland Water and Olive Oil at the start of each of their owner's turns, Maple
Syrup after each Load action of its holder; Legos is a rule of the ship it is placed on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.cards import Need
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import (
    ACTIONS,
    BLACK,
    BLUE,
    GOOD_COLORS,
    GREEN,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
    Contract,
)
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import draw, set_mod
from simulator.games.import_export.powers.framework import Reach, Restated, power
from simulator.games.import_export.powers.numbers import COUNT, GROUP, LIMIT, PAY
from simulator.games.import_export.sheet_rows import (
    SheetCards,
    SheetProblem,
    number,
)
from simulator.games.import_export.state import IEState, Scoring

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.moments import Moment


# ---------------------------------------------------------------- any time


@power("Iceland Water", any_time="fulfilled", params={"price": PAY})
def iceland_water(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[int]]:
    """At any time, in anyone's turn, the owner may sell agricultural cards from his hand
    (a Flag card by its first side, IE-FLAG-3) to the supply island for `price` each, one
    use a card; not his Supply sale of the turn (IE-FLAGP-1)."""
    return [(c,) for c in s.hands[owner] if game.color[c] == YELLOW]


@power("Iceland Water", use=True)
def iceland_water_sell(
    game: GameAPI, s: IEState, owner: int, contract: Contract, args: tuple[int], moment: Moment
) -> Flow:
    (card,) = args
    s.hands[owner].remove(card)
    s.island.append(card)
    s.log[owner]["sold"].append(card)
    game.gain(s, owner, contract.params["price"])
    return
    yield


MAPLE_SYRUP_LOAD = KINDS.declare(
    "maple_syrup_load",
    "Maple Syrup: where the card is loaded, or pass (context: the card).",
)


@power("Maple Syrup", in_hand="load_action", params={"min_credits": PAY}, asks=(MAPLE_SYRUP_LOAD,))
def maple_syrup(
    game: GameAPI,
    s: IEState,
    contract: Contract,
    card: int,
    holder: int,
    actor: int,
    payload: tuple[int, ...],
) -> Flow:
    """After each Load action its holder performs with at least `min_credits` credits, he
    may also load Maple Syrup from his hand, as either colour that fits, for free: no
    action spent, no Flag fee (IE-FLAGP-3, IE-FLAGP-4)."""
    if actor != holder or s.credits[holder] < contract.params["min_credits"]:
        return
    targets = tuple(o[1:] for o in game.load_options(s, holder, [card], fee=False))
    if not targets:
        return
    choice = yield Decision(holder, MAPLE_SYRUP_LOAD, ("pass", *targets), context=card)
    if choice == "pass":
        return
    i, color = choice
    s.hands[holder].remove(card)
    yield from game.load_container(s, holder, s.ships[i], card, color)


@power(
    "Olive Oil",
    any_time="fulfilled",
    own_turn=True,
    params={"payment": PAY},
    copy_does_nothing=True,
)
def olive_oil(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[()]]:
    """At any time on his own turn, before the game ends (not at scoring), the owner may
    discard Olive Oil from his completed contracts for `payment`; his limits fall with it.
    A copy (Wind Turbines) has no card to discard (IE-FLAGP-18)."""
    return [()] if contract.id in s.fulfilled[owner] else []


@power("Olive Oil", use=True)
def olive_oil_discard(
    game: GameAPI, s: IEState, owner: int, contract: Contract, args: tuple[()], moment: Moment
) -> Flow:
    game.powers.lost(game, s, owner, contract.id)
    game.leave_fulfilled(s, owner, contract.id)
    card = game.cards.card_of_contract[contract.id]
    s.discard.append(card)
    s.log[owner]["discarded"].append(card)
    game.gain(s, owner, contract.params["payment"])
    return
    yield


@power(
    "Legos",
    unlimited_ship=True,
    restates={
        "max_payout": Restated(
            "the payout cap Legos keeps (the top band, BaseRules.pay_5_6; IE-FLAGP-21)",
            rule="pay_5_6",
        )
    },
)
def legos(*_: object) -> None:
    """A ship with Legos among its contracts (or taking it) has no capacity limit on
    contracts or containers; the payout keeps its bands, whose top is the cap
    (`max_payout`, 14, or Tablets' higher bands) (IE-FLAGP-21)."""


# ---------------------------------------------------------------- immediate


@power("Surströmming", on_fulfil=True)
def surstromming(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """No player, the owner included, may perform a Pirate action until the owner's next
    turn starts: nobody leads Pirate, no crew or power plunders. The owner's "pirate_ban"
    is read by rules.pirate_banned and lifted by rules._turn, so it ends even if the card
    changes hands (IE-FLAGP-2)."""
    set_mod(s, owner, "pirate_ban", True)
    return
    yield


@power("Avocado", on_fulfil=True, copy_does_nothing=True)
def avocado(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Avocado leaves the completed contracts for the owner's crew (a crew card of its
    action); with the crew at its limit, as the move lowers it, it is discarded instead. A
    copy has no card to move (IE-FLAGP-6)."""
    if contract.id not in s.fulfilled[owner]:
        return
    game.leave_fulfilled(s, owner, contract.id)
    game.to_crew(s, owner, game.cards.card_of_contract[contract.id])
    return
    yield


@power("Yerba Mate", on_fulfil=True)
def yerba_mate(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The deck is face up for the rest of the game: every player sees its top card, and
    only that one (player views: IE-FLAGP-9)."""
    for q in range(s.n):
        set_mod(s, q, "deck_face_up", True)
    return
    yield


@power("Rooibos Tea", on_fulfil=True, params={"payment": PAY})
def rooibos_tea(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every player drinking tea takes `payment`: the seats in the rules' `tea_drinkers`,
    nobody by default (IE-FLAGP-8)."""
    for q in game.rules.tea_drinkers:
        if 0 <= q < s.n:
            game.gain(s, q, contract.params["payment"])
    return
    yield


@power("Tej", on_fulfil=True, params={"minus": PAY})
def tej(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Crew cards minus `minus`, rounded up to an even number, in credits; nothing when
    that is not above zero (IE-FLAGP-10)."""
    credits = len(s.crew[owner]) - contract.params["minus"]
    if credits > 0:
        game.gain(s, owner, credits + credits % 2)
    return
    yield


@power(
    "Muay Thai Shorts",
    hook="contract_fulfilled",
    params={"pay_per_contract": PAY},
    copy_does_nothing=True,
)
def muay_thai_shorts(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """On its own completion, `pay_per_contract` for each contract of its ship, itself
    included: the contracts completed with it. A copy has no ship: nothing (IE-FLAGP-13)."""
    if actor == owner and contract.id in fulfilled:
        game.gain(s, owner, contract.params["pay_per_contract"] * len(fulfilled))
    return
    yield


@power("Merino Wool", on_fulfil=True)
def merino_wool(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Draw as many cards as the hand holds (fewer if the deck runs out) (IE-FLAGP-17)."""
    draw(game, s, owner, len(s.hands[owner]))
    return
    yield


@power("Unpasteurized Cheese", on_fulfil=True, copy_does_nothing=True)
def unpasteurized_cheese(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Completed, the card moves into the owner's crew, even over the crew limit, as a
    Pirate crew card whatever its printed action. A copy has no card to move
    (IE-FLAGP-19)."""
    if contract.id not in s.fulfilled[owner]:
        return
    game.leave_fulfilled(s, owner, contract.id)
    card = game.cards.card_of_contract[contract.id]
    game.allow_over_limit(s, owner, "crew")
    s.crew[owner].append(card)
    s.log[owner]["crew"].append(card)
    if game.actions[card] != PIRATE:
        s.mods[owner]["crew_as"] = (*s.mods[owner].get("crew_as", ()), (card, PIRATE))
    return
    yield


# ---------------------------------------------------------------- ongoing


DRAGON_FRUIT_CHOICE = KINDS.declare(
    "dragon_fruit_choice",
    "Dragon Fruit: draw, or take credits.",
)


@power(
    "Dragon Fruit",
    hook="action_declared",
    params={"cards": COUNT, "credits": PAY},
    asks=(DRAGON_FRUIT_CHOICE,),
)
def dragon_fruit(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, tuple[int, ...], tuple[int, ...]],
) -> Flow:
    """Leading a Pirate action (with a card or a wildcard), once all have declared: draw
    `cards` or take `credits` (IE-FLAGP-7)."""
    if actor != owner or payload[0] != PIRATE:
        return
    p = contract.params
    if (yield Decision(owner, DRAGON_FRUIT_CHOICE, ("draw", "credits"))) == "credits":
        game.gain(s, owner, p["credits"])
    else:
        draw(game, s, owner, p["cards"])


JASMINE_TEA_PLACE = KINDS.declare(
    "jasmine_tea_place",
    "Jasmine Tea: place one more contract, or stop (IE-FLAGP-12).",
)


@power("Jasmine Tea", on_fulfil=True, asks=(JASMINE_TEA_PLACE,))
def jasmine_tea(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Each Contract action of the owner places as many cards as he likes; a missing level
    still costs an extra action (rules._contract_more: IE-FLAGP-12)."""
    set_mod(s, owner, "contracts_unlimited", True)
    return
    yield


@power("Jasmine Tea", on_lose=True)
def jasmine_tea_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    """Taken away (Stolen Documents, Railguns): one contract per action again."""
    s.mods[owner].pop("contracts_unlimited", None)


@power("Volkswagen", on_fulfil=True, params={"level_per_tech_good": LIMIT})
def volkswagen(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Tech goods (and grey Capital ones) count `level_per_tech_good` each toward the
    owner's level requirements (rules.level: IE-FLAGP-15)."""
    set_mod(s, owner, "level_per_tech_good", contract.params["level_per_tech_good"])
    return
    yield


@power("Volkswagen", on_lose=True)
def volkswagen_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    """Taken away (Stolen Documents, Railguns): tech goods count 1 again."""
    s.mods[owner].pop("level_per_tech_good", None)


PAPRIKA_LOAD = KINDS.declare(
    "paprika_load",
    "Paprika: a free load of a hand card after placing a contract, or pass.",
)


@power("Paprika", hook="contract_placed", params={"containers": COUNT}, asks=(PAPRIKA_LOAD,))
def paprika(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, placed: int
) -> Flow:
    """Each contract the owner places (by any means) lets him load `containers` hand
    card(s) onto a ship at his port, for free: no action, no Flag fee (IE-FLAGP-16,
    IE-FLAGP-4)."""
    if actor != owner:
        return
    for _ in range(contract.params["containers"]):
        options = game.load_options(s, owner, s.hands[owner], fee=False)
        if not options:
            return
        choice = yield Decision(owner, PAPRIKA_LOAD, ("pass", *options))
        if choice == "pass":
            return
        card, i, color = choice
        s.hands[owner].remove(card)
        yield from game.load_container(s, owner, s.ships[i], card, color)


def scotch_pair(sc: SheetCards) -> list[SheetProblem]:
    """Scotch's group of `luxury_goods` counts as fewer goods (`counts_as`) toward the limit.

    "Every 2 Luxury Goods ... count as only 1": the limit gains `luxury_goods - counts_as`
    per group (rules._pair_room); `counts_as` equal to the group does nothing and a larger one
    would shrink the goods limit, the opposite of the power."""
    scotch = sc.contract("Scotch")
    if scotch is None:
        return []
    group = number(scotch.params, "luxury_goods")
    counts = number(scotch.params, "counts_as")
    if group is None or counts is None or counts < group:
        return []
    return [
        sc.problem(
            "scotch_pair",
            "Scotch",
            "params",
            f"makes a group of luxury_goods={group} count as many goods or more: the power "
            f"would not lower the goods the group counts as",
            f"counts_as below {group}, e.g. {max(group - 1, 0)}",
            f"counts_as={counts}",
        )
    ]


@power(
    "Scotch",
    on_fulfil=True,
    params={"luxury_goods": GROUP, "counts_as": Need(0, why="goods a group counts as")},
    reaches={"luxury_goods": Reach((BLUE,))},
    checks=(scotch_pair,),
)
def scotch(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every `luxury_goods` luxury goods count as `counts_as` toward the owner's goods
    limit (rules.goods_limit, goods_fit: IE-FLAGP-20)."""
    p = contract.params
    set_mod(s, owner, "luxury_pair", (p["luxury_goods"], p["counts_as"]))
    return
    yield


@power("Scotch", on_lose=True)
def scotch_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    """Taken away (Stolen Documents, Railguns): every good counts 1 again; goods over the
    limit stay (IE-LIMIT-2)."""
    s.mods[owner].pop("luxury_pair", None)


# ---------------------------------------------------------------- end of game


def _own_score(game: GameAPI, scoring: Scoring, owner: int, counts: list[list[int]]) -> int:
    """The owner's credits from goods, the set bonus and the majorities, for these counts."""
    rules = game.rules
    mine = counts[owner]
    value = scoring.good_value[owner]
    total = sum(mine[c] * value[c] for c in GOOD_COLORS)
    if all(mine[c] >= 1 for c in GOOD_COLORS):
        total += rules.set_bonus
    for color, bonus in zip((GREEN, YELLOW, BLACK, BLUE), rules.majority, strict=True):
        total += sum(share for q, share in game.majority_shares(counts, color, bonus) if q == owner)
    total -= sum(
        share for q, share in game.majority_shares(counts, RED, rules.illegal_penalty) if q == owner
    )
    return total


@power("Teslas", end="counts")
def teslas(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """The owner's Supply crew cards count as goods of one type, the same for all, declared
    before the majorities (FAQ); scoring asks no questions, so the type is the one scoring
    him most against the others' counts as they stand (IE-FLAGP-5)."""
    supply = game.crew_count(s, owner, SUPPLY)
    if not supply:
        return

    def gain(color: int) -> int:
        counts = [row[:] for row in scoring.counts]
        counts[owner][color] += supply
        return _own_score(game, scoring, owner, counts)

    best = max(GOOD_COLORS, key=lambda c: (gain(c), -GOOD_COLORS.index(c)))
    scoring.counts[owner][best] += supply


@power("Champagne", end="game", params={"payment": PAY})
def champagne(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """`payment` for strictly the most completed contracts: a tie pays nothing, and cards
    that left the completed area do not count (FAQ: IE-FLAGP-11); Foxes wins the tie
    (IE-JP-3)."""
    if game.has_most(s, owner, [len(f) for f in s.fulfilled]):
        scoring.final[owner] += contract.params["payment"]


@power("Cologne", end="game", params={"pay_per_card": PAY})
def cologne(game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring) -> None:
    """`pay_per_card` for each crew card of the action the owner has most of; with Cannons
    the others' Pirate crew count as his (FAQ). Fridges' virtual crew are not cards
    (IE-FLAGP-14)."""
    best = 0
    for action in range(len(ACTIONS)):
        count = game.crew_count(s, owner, action)
        if action == PIRATE and s.mods[owner].get("shared_pirate_crew"):
            count += sum(game.crew_count(s, q, PIRATE) for q in range(s.n) if q != owner)
        best = max(best, count)
    scoring.final[owner] += contract.params["pay_per_card"] * best
