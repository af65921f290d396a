"""Reasoned answers for the base-set, Tokyo and Kickstarter power decisions that the classic
bot answered by a default (the first option that does something, or never) or by a hand
card's `worth` (0 for a card not yet in the hand, so the lowest card id): Apples, Wind
Turbines, Insects, Paper, Flour, Rope, LED Lights, Machine Arms, Squid Jerky, and the cards
taken by Antiquities, Insects, Jets, Flash Drives, Dino Bones and Stretch Goal; and Smart
Cars and Cell Phones, which the classic bot never used (it always loaded from the hand).
Each rule weighs its options from the bot's view and `worth` (a hand card's worth in
credits): a power by its level and timing (the sheet ranks powers by level; an ongoing power
is worth more early), a good by what it adds to the end-game goods score by the rules' own
scoring (`view.good_counts`, `view.goods_score`: points, set, majorities, the illegal
penalty, Foxes' ties), a container by its share of the payout of a ship of mine that needs
it, a card taken into the hand by what it fills or the contract it brings, and it passes or
stops when every real option costs more than it brings. Used by the default bot
(heuristic.py) in place of the classic bot's defaults (power_choices.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, cast

from simulator.core.protocol import Decision
from simulator.games.import_export.cards import ANY, CONTRACT, GOOD_COLORS, GREY, RED, SUPPLY
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.powers.base_immediate import (
    ANTIQUITIES_TAKE,
    APPLES_CHOICE,
    INSECTS_TAKE,
    INSECTS_TARGET,
    WIND_TURBINES_COPY,
)
from simulator.games.import_export.powers.base_modifiers import (
    CELL_PHONES_LOAD,
    CELL_PHONES_USE,
    MACHINE_ARMS_LOAD,
    SMART_CARS_USE,
)
from simulator.games.import_export.powers.base_ongoing import (
    FLASH_DRIVES_TAKE,
    FLOUR_CONTAINER,
    JETS_TAKE,
    LED_LIGHTS_SWAP,
    PAPER_IMPORT,
    ROPE_SWAP,
)
from simulator.games.import_export.powers.kickstarter import DINO_BONES_TAKE, STRETCH_GOAL_IMPORT
from simulator.games.import_export.powers.tokyo import SQUID_JERKY_TAKE
from simulator.games.import_export.state import Ship
from simulator.games.import_export.view import IEView
from strategies.import_export.match_tables import FULFIL_BONUS, TEMPO
from strategies.import_export.power_choices import Rule, Worth
from strategies.import_export.valuation import HOLD, credit_race

SWAP_MARGIN: Final = 0.5
"""Credits a swap (Rope, LED Lights) must gain before the bot makes it."""
CREW_CARD: Final = 2.0
"""A crew card's worth early in the game (an extra action of its type each turn; Supply
crew half of it), falling towards the end."""
IMMEDIATE: Final = 1.0
"""A power's worth, in level pips, for resolving at once (immediate) or at the scoring."""
ONGOING: Final = 2.0
"""An ongoing power's worth, in level pips, at the start of the game (nothing at the end)."""
SHIP_HOME: Final = 1.0
"""Credits an emptied ship of mine is worth coming home (free for new contracts)."""
RIVAL_HOME: Final = 1.5
"""Credits an emptied rival ship coming home is worth to him."""
SHORT_HAND: Final = 3
"""A hand of at most this many cards is short (as power_choices' Oat Milk rule)."""
CARD_TO_PLAY: Final = 0.5
"""Credits a card new to a short hand is worth at least: one more card to declare an action
with."""
LEVEL_SHORT: Final = 0.3
"""The share of a contract's worth left when its levels are beyond my contract actions
(as valuation.py)."""
Swap = tuple[tuple[int, ...], tuple[int, ...]]
"""A swap read from a power's option: (hand cards given, island cards taken)."""
RopeSwap = tuple[str, int, int]
"""Rope's option (powers/base_ongoing.py): ("swap", island card, hand card)."""
LedLightsSwap = tuple[tuple[int, ...], tuple[int, ...]]
"""LED Lights' option (powers/base_ongoing.py): (hand cards given, island cards taken)."""
SwapParts = Callable[[RopeSwap], Swap] | Callable[[LedLightsSwap], Swap]
"""How `_best_swap` reads one power's option as a `Swap`."""

Port = tuple[float, dict[int, int]]
"""A ship of mine at port: what one more fitting container is worth there (its share of
the payout) and its needs left uncovered by my hand."""


# ---------------------------------------------------------------- what things are worth


def _late(view: IEView) -> float:
    """How near the end the game is: the largest share a seat holds of the credits that
    end it for him (`credit_race`: MRI Machine, Can Openers), 1.0 once the end is
    triggered."""
    if view.end_triggered:
        return 1.0
    return min(1.0, credit_race(view))


def _power_score(view: IEView, contract_id: int, copy: bool) -> float:
    """A completed contract's power for me in level pips: its level (the sheet ranks powers
    by level) plus its timing's worth; -1 where it does nothing from the completed contracts
    (no power, a hand or container power, a copy of one that moves its own card)."""
    contract = view.facts.cards.contract_by_id[contract_id]
    power = POWERS.get(contract.name)
    if power is None or (copy and power.declared.copy_does_nothing):
        return -1.0
    ongoing = (
        bool(power.hooks)
        or power.on_lose is not None
        or power.any_time_from == "fulfilled"
        or (contract.timing == "ongoing" and power.on_fulfil is not None)
    )
    immediate = power.on_fulfil is not None and not ongoing
    if not (ongoing or immediate or power.end):
        return -1.0
    score = float(sum(contract.level.values()))
    if immediate:
        score += IMMEDIATE
    if power.end:
        score += IMMEDIATE
    if ongoing:
        score += ONGOING * (1.0 - _late(view))
    return score


def goods_counts(view: IEView) -> list[list[int]]:
    """Every player's goods by the type each counts as at scoring, from the rules (grey
    Capital goods, Joe Wiggins' counted goods: `view.good_counts`)."""
    return [view.good_counts(q) for q in range(view.n_players)]


def _area_types(view: IEView, goods: Sequence[int]) -> list[int]:
    """A goods area's goods by the type they count as, by colour: the rules' reading of an
    area holding these cards in this order (`view.types_of_goods`: a grey Capital good as
    the leftmost other good; `view.good_counts` reads the goods as they are, a good joining
    or leaving needs the same reading of the area it would leave)."""
    tally = [0] * (GREY + 1)
    for t in view.types_of_goods(goods):
        tally[t] += 1
    return tally


def _regoods(
    view: IEView, counts: list[list[int]], p: int, before: Sequence[int], after: Sequence[int]
) -> list[list[int]]:
    """The counts with p's goods area `before` (as counted in `counts`) become `after`; what
    his completed contracts count as (Joe Wiggins) stays."""
    old, new = _area_types(view, before), _area_types(view, after)
    moved = [row[:] for row in counts]
    moved[p] = [k - o + n for k, o, n in zip(counts[p], old, new, strict=True)]
    return moved


def _goods_value(view: IEView, counts: list[list[int]], p: int) -> float:
    """p's end-game goods credits if the goods counted `counts`, by the rules' own scoring
    (`view.goods_score`: points, set bonus, majorities and the illegal penalty, Foxes'
    ties), plus, short of the set, a fifth of the set bonus for each type held: a step
    towards it (the exact score counts the set only once complete)."""
    score = float(view.goods_score(counts, p))
    types = sum(1 for c in GOOD_COLORS if counts[p][c] > 0)
    if types < len(GOOD_COLORS):
        score += view.facts.rules.set_bonus * types / len(GOOD_COLORS)
    return score


def _good_gain(
    view: IEView, counts: list[list[int]], p: int, goods: Sequence[int], item: int
) -> float:
    """What one more good (a card, or a physical container of its colour) adds to p's goods
    value, his goods area `goods` as counted in `counts`."""
    after = _regoods(view, counts, p, goods, [*goods, item])
    return _goods_value(view, after, p) - _goods_value(view, counts, p)


def _take_gain(view: IEView, counts: list[list[int]], item: int, source: int | None) -> float:
    """A good taken into my goods: what it adds to mine (nothing without room: it would be
    discarded) and, taken out of a rival's goods (`source`), what he loses with it."""
    value = 0.0
    if source is not None:
        his = list(view.goods(source))
        left = [c for c in his if c != item]
        after = _regoods(view, counts, source, his, left)
        value = _goods_value(view, counts, source) - _goods_value(view, after, source)
        counts = after
    if view.goods_room() > 0:
        value += _good_gain(view, counts, view.player, view.goods(view.player), item)
    return value


def _crew_worth(view: IEView, card: int) -> float:
    """A card in my crew: an extra action of its type each turn, worth less near the end."""
    value = CREW_CARD * max(0.2, 1.0 - _late(view))
    return value / 2 if view.facts.actions[card] == SUPPLY else value


def import_worth(view: IEView, counts: list[list[int]], card: int) -> float:
    """A container taken into my goods or crew, whichever it is worth more in (0 without
    room for it: it would be discarded)."""
    values = []
    if view.goods_room() > 0:
        values.append(_take_gain(view, counts, card, None))
    if view.crew_room() > 0:
        values.append(_crew_worth(view, card))
    return max(values, default=0.0)


def _emptied(view: IEView, index: int) -> float:
    """Taking the last container off a ship sends it home (IE-POWER-28, IE-KS-13): free
    for new contracts, good for me on mine (`SHIP_HOME`), for him on a rival's."""
    owner, _, _, cargo, _ = view.ships[index]
    if len(cargo) != 1:
        return 0.0
    return SHIP_HOME if owner == view.player else -RIVAL_HOME


def _colors(view: IEView, card: int) -> tuple[int, ...]:
    """The colours a card may be loaded as (two for a Flag card)."""
    facts = view.facts
    return facts.cards.colors[card] if card < facts.n_cards else (facts.color[card],)


def _slot(view: IEView, need: dict[int, int], cargo: int) -> float:
    """What one more fitting container is worth on a ship of mine with these needs left:
    its share of the payout (mine: `view.ship_payout`, Tablets), more when it completes the
    ship (as valuation.py)."""
    left = sum(v for v in need.values() if v > 0)
    if left <= 0:
        return 0.0
    slot = view.ship_payout(cargo + left) / left
    return slot + FULFIL_BONUS if left == 1 else slot


def _covers(need: dict[int, int], colors: tuple[int, ...]) -> int | None:
    """The need a container of these colours would fill, or None."""
    for color in colors:
        if color != GREY and need.get(color, 0) > 0:
            return color
    return ANY if need.get(ANY, 0) > 0 else None


def _my_needs(view: IEView) -> list[tuple[dict[int, int], int]]:
    """The uncovered needs of each ship of mine at port with contracts, and its containers
    loaded: what a Load from my hand could fill."""
    return [
        (dict(view.facts.remaining(cast(Ship, view.ship(i)))[0]), len(cargo))
        for i, (owner, at_sea, contracts, cargo, _) in enumerate(view.ships)
        if owner == view.player and not at_sea and contracts
    ]


def _ports(view: IEView, hand: list[int]) -> list[Port]:
    """My ships at port with contracts, best paying first, with the needs my `hand` cannot
    cover (each hand card covering one need of the best ship it fits)."""
    ports: list[Port] = [(_slot(view, need, cargo), need) for need, cargo in _my_needs(view)]
    ports.sort(key=lambda port: -port[0])
    for card in hand:
        for _, need in ports:
            covered = _covers(need, _colors(view, card))
            if covered is not None:
                need[covered] -= 1
                break
    return ports


def _fill_worth(view: IEView, ports: list[Port], card: int) -> float:
    """A card new to my hand as a container: HOLD (a share: it still needs a Load) of the
    best slot it fills that my hand leaves uncovered."""
    colors = _colors(view, card)
    fills = [slot for slot, need in ports if _covers(need, colors) is not None]
    return HOLD * max(fills, default=0.0)


def _contract_value(view: IEView, cid: int, loads: list[tuple[int, ...]]) -> float:
    """A contract placed on an empty ship of mine: its payout (mine: `view.ship_payout`)
    and the completion bonus, `TEMPO` for each container the cards loaded as `loads`
    (their colours) leave missing, `LEVEL_SHORT` of it when its levels are beyond my
    contract actions."""
    contract = view.facts.cards.contract_by_id[cid]
    need = dict(contract.cargo)
    for colors in loads:
        covered = _covers(need, colors)
        if covered is not None:
            need[covered] -= 1
    left = sum(v for v in need.values() if v > 0)
    value = (view.ship_payout(contract.cargo_total) + FULFIL_BONUS) * TEMPO**left
    if view.missing_levels(cid) >= 1 + view.crew_actions(CONTRACT):
        value *= LEVEL_SHORT
    return value


def _best_contract(view: IEView, card: int, loads: list[tuple[int, ...]], ship: Ship) -> float:
    """The card's contract worth most on this empty ship (0 for a physical container)."""
    facts = view.facts
    if card >= facts.n_cards:
        return 0.0
    return max(
        (
            _contract_value(view, c.id, loads)
            for c in facts.cards.contracts[card]
            if facts.can_hold(ship, c.id)
        ),
        default=0.0,
    )


def _empty_ship(view: IEView) -> tuple[int, Ship | None]:
    """How many empty ships of mine are at port, and the first of them."""
    empty = [
        i
        for i, (owner, at_sea, contracts, _, _) in enumerate(view.ships)
        if owner == view.player and not at_sea and not contracts
    ]
    return len(empty), (cast(Ship, view.ship(empty[0])) if empty else None)


def _contract_bar(view: IEView, kept: list[int], empty: int, ship: Ship) -> float:
    """What the contracts of the hand cards `kept` would bring on my empty ships (one each
    per empty ship; each kept card's contract loaded by the others): the value a new card's
    contract must beat to be placed instead."""
    rivals = sorted(
        (_best_contract(view, c, [_colors(view, k) for k in kept if k != c], ship) for c in kept),
        reverse=True,
    )
    return rivals[empty - 1] if len(rivals) >= empty else 0.0


Known = dict[tuple[int, ...], tuple[list[Port], int, Ship | None, float | None]]
"""What `_island_worth` works out once per set of kept hand cards, within one decision:
my ports' uncovered needs, the empty ships, and the bar a new contract must beat."""


def _island_worth(
    view: IEView, worth: Worth, card: int, kept: list[int], known: Known | None = None
) -> float:
    """A card new to my hand (from the island, the deck, a ship), beside the hand cards
    `kept`: what `worth` says, or what it fills on my ships that those cards cannot, or,
    as a contract to place, HOLD (it still needs a Contract action) of what its best
    contract would bring on an empty ship of mine beyond what the kept cards' contracts
    would (`_contract_bar`). `known` keeps what depends on `kept` alone across the options
    of one decision."""
    key = tuple(kept)
    entry = known.get(key) if known is not None else None
    if entry is None:
        empty, ship = _empty_ship(view)
        entry = (_ports(view, kept), empty, ship, None)
    ports, empty, ship, bar = entry
    as_contract = 0.0
    if ship is not None and card < view.facts.n_cards:
        own = _best_contract(view, card, [_colors(view, c) for c in kept], ship)
        if own > 0.0:
            if bar is None:
                bar = _contract_bar(view, kept, empty, ship)
            as_contract = HOLD * max(0.0, own - bar)
    if known is not None:
        known[key] = (ports, empty, ship, bar)
    return max(worth(card), _fill_worth(view, ports, card), as_contract)


def _flag_fee(view: IEView, card: int) -> int:
    """What loading the card costs (a two-colour Flag card: IE-FLAG-1)."""
    return view.facts.rules.flag_load_cost if len(_colors(view, card)) > 1 else 0


# ---------------------------------------------------------------- the rules


def _apples(decision: Decision, view: IEView, worth: Worth) -> object:
    """Apples: complete the agricultural card whose power (level, timing) is worth most for
    the hand card it costs; levels are waived, so a card I cannot place costs little."""
    options = [o for o in decision.options if isinstance(o, tuple)]
    if not options:
        return decision.options[0]
    return max(options, key=lambda o: (_power_score(view, o[1], False) - worth(o[0]), -o[1]))


def _wind_turbines(decision: Decision, view: IEView, worth: Worth) -> object:
    """Wind Turbines: copy the strongest power (level, then an ongoing power early and an
    immediate one late), never one that does nothing as a copy."""
    return max(decision.options, key=lambda cid: (_power_score(view, cid, True), -cid))


def _insects_target(decision: Decision, view: IEView, worth: Worth) -> object:
    """Insects: the rival whose goods give me the best take (my gain and his loss) less what
    my illegal goods do for him (those his own goods limit holds: `view.goods_room`); a
    rival with no goods would give my own back. The richest on a tie."""
    me = view.player
    counts = goods_counts(view)
    mine = list(view.goods(me))
    illegal = [c for c, t in zip(mine, view.types_of_goods(mine), strict=True) if t == RED]
    kept = [c for c in mine if c not in illegal]  # they leave together (IE-CAP-26)
    room = view.goods_limit() - len(kept)
    given = _regoods(view, counts, me, mine, kept)
    credits = view.credits

    def score(q: int) -> tuple[float, int, int]:
        his = list(view.goods(q))
        his_room = view.goods_room(q)
        received = [*his, *illegal[: max(0, his_room)]]  # the rest discarded
        after = _regoods(view, given, q, his, received)
        his_value = _goods_value(view, after, q)
        gift = his_value - _goods_value(view, given, q)
        take = []
        for item in received:
            left = [c for c in received if c != item]
            lost = _regoods(view, after, q, received, left)
            gain = his_value - _goods_value(view, lost, q)
            if room > 0:
                gain += _good_gain(view, lost, me, kept, item)
            take.append(gain)
        return (max(take, default=0.0) - gift, credits[q], -q)

    return max(decision.options, key=score)


def _paper_import(decision: Decision, view: IEView, worth: Worth) -> object:
    """Paper: import from the ship whose best container is worth most in my goods or crew
    (emptying a rival's ship sends it home for him, emptying mine frees it); pass when no
    container is worth taking (no room, or only goods that cost me)."""
    counts = goods_counts(view)
    rows = view.ships
    best: object = "pass"
    best_value = 0.0
    for option in decision.options:
        if not isinstance(option, int):
            continue
        cargo = rows[option][3]
        value = max((import_worth(view, counts, c) for c in cargo), default=0.0)
        value += _emptied(view, option)
        if value > best_value:
            best, best_value = option, value
    return best


def _flour_container(decision: Decision, view: IEView, worth: Worth) -> object:
    """Flour: load the hand cards worth least kept (a Flag card's fee counted), each as the
    colour its ship needs most."""
    options = [o for o in decision.options if isinstance(o, tuple)]
    if not options:
        return decision.options[0]
    needs: dict[int, dict[int, int]] = {}
    for _, i, _ in options:
        if i not in needs:
            needs[i] = view.facts.remaining(cast(Ship, view.ship(i)))[0]
    return min(
        options,
        key=lambda o: (worth(o[0]) + _flag_fee(view, o[0]), -needs[o[1]].get(o[2], 0), o[0]),
    )


def _best_swap(decision: Decision, view: IEView, worth: Worth, parts: SwapParts) -> object:
    """The swap whose island cards, in my hand beside the cards I keep, are worth more than
    the hand cards given by the most, at least `SWAP_MARGIN`; else "pass". `parts` reads an
    option as (hand cards given, island cards taken)."""
    hand = list(view.hand)
    best: object = "pass"
    best_gain = SWAP_MARGIN
    known: Known = {}
    for option in decision.options:
        if not isinstance(option, tuple):
            continue
        given, taken = parts(option)
        kept = [c for c in hand if c not in given]
        gain = sum(_island_worth(view, worth, c, kept, known) for c in taken)
        gain -= sum(worth(c) for c in given)
        if gain > best_gain:
            best, best_gain = option, gain
    return best


def _rope_swap(decision: Decision, view: IEView, worth: Worth) -> object:
    """Rope: swap when the island card, in my hand, is worth more than the hand card given:
    a container a ship of mine needs and my hand cannot fill, for a card of little use."""
    return _best_swap(decision, view, worth, _rope_parts)


def _rope_parts(option: RopeSwap) -> Swap:
    """Rope's option as a swap: its hand card given, its island card taken."""
    return (option[2],), (option[1],)


def _led_lights_swap(decision: Decision, view: IEView, worth: Worth) -> object:
    """LED Lights: give two hand cards for an island card only when it is worth more than
    both together."""
    return _best_swap(decision, view, worth, _led_lights_parts)


def _led_lights_parts(option: LedLightsSwap) -> Swap:
    """LED Lights' option as a swap: its hand cards given, its island cards taken."""
    return tuple(option[0]), tuple(option[1])


def _machine_arms_load(decision: Decision, view: IEView, worth: Worth) -> object:
    """Machine Arms: load the card whose container is worth more on my ship (its share of
    the payout) than kept in hand (a contract to place, a container for later); else stop."""
    slots: dict[int, float] = {}
    best: object = "stop"
    best_gain = 0.0
    for option in decision.options:
        if not isinstance(option, tuple):
            continue
        card, i, _ = option
        if i not in slots:
            ship = cast(Ship, view.ship(i))
            slots[i] = _slot(view, view.facts.remaining(ship)[0], len(ship.cargo))
        gain = slots[i] - worth(card) - _flag_fee(view, card)
        if gain > best_gain:
            best, best_gain = option, gain
    return best


def _fits_any(view: IEView) -> bool:
    """Whether a card of my hand fills an uncovered need of a ship of mine at port: whether
    a Load from my hand can load anything."""
    return any(
        _covers(need, _colors(view, card)) is not None
        for need, _ in _my_needs(view)
        for card in view.hand
    )


def _smart_cars_use(decision: Decision, view: IEView, worth: Worth) -> object:
    """Smart Cars: when no hand card can be loaded (the Load would do nothing), put the card
    worth least on the island for the power's credits if it is worth less than they are;
    otherwise the Load as usual. Weighing the island against a Load that does something
    (its share of a payout against the card and the credits) cost the owner 1.1 points
    [-2.3, 0.1] (paired ablation, 4,000 deals: heuristic.py's docstring); this rule uses the
    power only where the Load had nothing to give."""
    pay = view.load_to_island_payment()
    cards = [o[1] for o in decision.options if isinstance(o, tuple)]
    if pay is None or not cards or _fits_any(view):
        return "load"
    card = min(cards, key=lambda c: (worth(c), c))
    return ("island", card) if worth(card) < pay else "load"


def _cell_phones_use(decision: Decision, view: IEView, worth: Worth) -> str:
    """Cell Phones: draw the deck's top card when no hand card can be loaded: a drawn card
    that fits must be loaded, one that does not joins the hand (IE-POWER-34), either better
    than a Load that loads nothing. Drawing also in place of a hand card worth more kept
    (an expected share of a payout against the best hand load) cost the owner 2.1 points
    [-4.6, 0.4] (paired ablation, 4,000 deals)."""
    return "hand" if _fits_any(view) else "draw"


def _cell_phones_load(decision: Decision, view: IEView, worth: Worth) -> object:
    """Cell Phones' drawn card: onto the need of my ship whose slot is worth most."""

    def slot(option: tuple[int, int]) -> tuple[float, int]:
        ship = cast(Ship, view.ship(option[0]))
        return _slot(view, view.facts.remaining(ship)[0], len(ship.cargo)), -option[0]

    return max(decision.options, key=slot)


def _squid_jerky_take(decision: Decision, view: IEView, worth: Worth) -> object:
    """Squid Jerky: complete the Port card whose power is worth most to me now (one column,
    one level: an ongoing power early, an immediate one late)."""
    options = [o for o in decision.options if isinstance(o, tuple)]
    if not options:
        return decision.options[0]
    return max(options, key=lambda o: (_power_score(view, o[1], False), -o[1]))


def _antiquities_take(decision: Decision, view: IEView, worth: Worth) -> object:
    """Antiquities: the illegal card of the deck worth most in my hand, where it goes: a
    container a ship of mine needs that my hand cannot fill, or a contract to place on an
    empty ship of mine (one must be taken)."""
    hand = list(view.hand)
    known: Known = {}
    return max(decision.options, key=lambda c: (_island_worth(view, worth, c, hand, known), -c))


def _insects_take(decision: Decision, view: IEView, worth: Worth) -> object:
    """Insects: the rival's good (my illegal goods just given included) whose move into my
    goods gains me most and costs him most, by the goods score (the take is compulsory:
    IE-POWER-13)."""
    counts = goods_counts(view)
    source = cast(int, decision.context)
    return max(decision.options, key=lambda c: (_take_gain(view, counts, c, source), -c))


def _jets_take(decision: Decision, view: IEView, worth: Worth) -> object:
    """Jets: the container of my completed ship that adds most to my goods score (taking
    the last one brings the ship home); pass when none adds anything (no room, or only
    goods that cost me, such as an illegal good bringing the penalty)."""
    index = cast(int, decision.context)
    counts = goods_counts(view)
    best: object = "pass"
    best_value = 0.0
    for option in decision.options:
        if option == "pass":
            continue
        value = _take_gain(view, counts, option, None) + _emptied(view, index)
        if value > best_value:
            best, best_value = option, value
    return best


def _flash_drives_take(decision: Decision, view: IEView, worth: Worth) -> object:
    """Flash Drives: the container of my completed ship worth most in my hand (what it
    fills on my ships at port that my hand cannot, or a contract to place; in a short hand
    at least a card to play; taking the last one brings the ship home); pass when none is
    of use: left at sea, a container may still pay me when a rival imports it."""
    index = cast(int, decision.context)
    hand = list(view.hand)
    floor = CARD_TO_PLAY if len(hand) <= SHORT_HAND else 0.0
    best: object = "pass"
    best_value = 0.0
    for option in decision.options:
        if option == "pass":
            continue
        value = max(_island_worth(view, worth, option, hand), floor) + _emptied(view, index)
        if value > best_value:
            best, best_value = option, value
    return best


def _dino_bones_take(decision: Decision, view: IEView, worth: Worth) -> object:
    """Dino Bones: the island card that adds most to my goods score (the take is
    compulsory; beyond my goods limit the card is discarded: IE-KS-5)."""
    counts = goods_counts(view)
    return max(decision.options, key=lambda c: (_take_gain(view, counts, c, None), -c))


def _stretch_goal_import(decision: Decision, view: IEView, worth: Worth) -> object:
    """Stretch Goal: the container of a ship at sea that adds most to my goods score, its
    last container taken sending the ship home (mine freed, a rival's back to him); the
    import is compulsory (IE-KS-13)."""
    counts = goods_counts(view)

    def value(option: tuple[int, int]) -> tuple[float, int]:
        index, card = option
        return (_take_gain(view, counts, card, None) + _emptied(view, index), -card)

    return max(decision.options, key=value)


RULES: dict[str, Rule] = {
    APPLES_CHOICE: _apples,
    WIND_TURBINES_COPY: _wind_turbines,
    INSECTS_TARGET: _insects_target,
    PAPER_IMPORT: _paper_import,
    FLOUR_CONTAINER: _flour_container,
    ROPE_SWAP: _rope_swap,
    LED_LIGHTS_SWAP: _led_lights_swap,
    MACHINE_ARMS_LOAD: _machine_arms_load,
    SMART_CARS_USE: _smart_cars_use,
    CELL_PHONES_USE: _cell_phones_use,
    CELL_PHONES_LOAD: _cell_phones_load,
    SQUID_JERKY_TAKE: _squid_jerky_take,
    ANTIQUITIES_TAKE: _antiquities_take,
    INSECTS_TAKE: _insects_take,
    JETS_TAKE: _jets_take,
    FLASH_DRIVES_TAKE: _flash_drives_take,
    DINO_BONES_TAKE: _dino_bones_take,
    STRETCH_GOAL_IMPORT: _stretch_goal_import,
}
"""The reasoned rules of these kinds, for the default bot (heuristic.py)."""
