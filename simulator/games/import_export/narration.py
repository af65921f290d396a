"""What Import/Export tells a replay (core/narration.py): where every card is, the setup,
the table after a turn, and the scoring table.

The rules call in here only behind `if s.trace is not None`, so a game played for a dataset
never imports the work done here. Seats are written as `seat(p)` markers, which the
renderers turn into the seat's one name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from simulator.core.narration import Narrator, Table, seat
from simulator.games.import_export.cards import (
    ACTIONS,
    BLACK,
    BLUE,
    COLORS,
    GOOD_TYPES,
    GREEN,
    PAIRED,
    RED,
    YELLOW,
)

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.state import IEState, Scoring

GOODS_ORDER = (GREEN, YELLOW, BLACK, BLUE, RED)

# Causes of credit changes the rules name (constants: naming a cause costs nothing when
# nobody listens). A power's own gains and payments are named after the power.
START = "starting credits"
GREY_BONUS = "grey port bonus"
PAYOUT = "ship payout"
MARKET_PAYOUT = "ship payout with the Market"
SALE = "sale of a hand card"
BID = "winning import bid"
COMPENSATION = "import compensation to the ship's owner"
ISLAND_BID = "Dark Flight: winning bid on the supply island"
ISLAND_BID_PAID = "Dark Flight: a winning bid on the supply island, paid to the leader"
PORT_COST = "a contract bought from the port"
FLAG_FEE = "loading a Flag card"
STEM_CELLS = "Stem Cells: a plundered card to goods"
SMART_CARS = "Smart Cars: a card to the supply island instead of a Load"
JIDOHANBAIKI = "Jidohanbaiki: credits instead of drawing"
FAKE_DVDS = "Fake DVDs: another player spent credits"


def island_name(game: GameAPI) -> str:
    """The supply island, or the Tokyo Port that replaces it (IE-TOKYO-1)."""
    return "the Tokyo Port" if game.tokyo_port else "the supply island"


def action_name(action: int) -> str:
    return ACTIONS[action].capitalize()


def color_name(color: int) -> str:
    """A container or port colour with its good type: "green (tech)"."""
    if color == PAIRED:
        return "paired"
    if 0 <= color < len(GOOD_TYPES):
        return f"{COLORS[color]} ({GOOD_TYPES[color]})"
    return "any colour"


def ship_name(s: IEState, i: int) -> str:
    """A ship by its owner and its number among the owner's ships (1, 2, ...)."""
    owner = s.ships[i].owner
    number = sum(1 for ship in s.ships[:i] if ship.owner == owner) + 1
    return f"{seat(owner)}'s ship {number}"


def cards_text(game: GameAPI, cards: Sequence[int]) -> str:
    return ", ".join(game.names[c] for c in cards) or "nothing"


def where(game: GameAPI, s: IEState) -> list[tuple[int, str]]:
    """Every card in a zone, as (card, zone): what the narrator compares to find moves.
    Cards in transit (`s.moving`, while their taker decides) are in none: the narrator
    tells each as one move from where it was to where it lands."""
    of = game.cards.card_of_contract
    island = island_name(game)
    listed = [(c, "the deck") for c in s.deck]
    listed += [(c, "the discard pile") for c in s.discard]
    listed += [(c, island) for c in s.island]
    listed += [(c, "the cards played this turn") for c in s.in_play]
    for p in range(s.n):
        who = seat(p)
        listed += [(c, f"{who}'s hand") for c in s.hands[p]]
        listed += [(c, f"{who}'s crew") for c in s.crew[p]]
        listed += [(c, f"{who}'s goods") for c in s.goods[p]]
        listed += [(of[cid], f"{who}'s fulfilled contracts") for cid in s.fulfilled[p]]
        listed += [(c, f"kept aside by {who}") for c in s.mods[p].get("held_cards", ())]
    for i, ship in enumerate(s.ships):
        name = ship_name(s, i)
        listed += [(of[cid], f"a contract on {name}") for cid in ship.contracts]
        listed += [(c, f"{name}'s cargo") for c in ship.cargo]
    return listed


def start(game: GameAPI, s: IEState) -> None:
    """The setup, told before the first turn: ports, starting credits, the deal (every card
    moving out of the deck), the first player."""
    trace = s.trace
    assert trace is not None
    spare = (
        (lambda card: "the container reserve" if card >= game.n_cards else "out of play")
        if game.tokens is not None
        else None
    )
    trace.tally = "credits"
    ports = ", ".join(f"{seat(p)} {color_name(s.port[p])}" for p in range(s.n))
    trace.say(f"Setup: the ports are {ports}; the cards are dealt from the deck", kind="setup")
    trace.watch(
        lambda: where(game, s),
        game.names,
        spare,
        start=[(c, "the deck") for c in range(game.n_cards)],
    )
    for p in range(s.n):
        start_credits = game.rules.start_credits
        trace.change(p, start_credits, start_credits, START)
        trace.change(p, s.credits[p] - start_credits, s.credits[p], GREY_BONUS)
    trace.flush()
    trace.say(f"{seat(s.first_player)} leads the first turn", s.first_player, kind="setup")


def turn_text(game: GameAPI, s: IEState, p: int) -> str:
    held = len(s.hands[p])
    return (
        f"Turn {s.turn}: {seat(p)} leads, with {s.credits[p]} credits and "
        f"{held} card{'' if held == 1 else 's'} in hand ({cards_text(game, s.hands[p])})"
    )


def declared_text(s: IEState, order: Sequence[int], acts: Sequence[int], counts: Any) -> str:
    """The actions each player declared, in turn order, in words."""
    parts = [
        f"{seat(q)} {counts[q]} {action_name(acts[q])}" if counts[q] else f"{seat(q)} none"
        for q in order
    ]
    return "actions declared: " + ", ".join(parts)


def bids_text(bids: dict[int, int]) -> str:
    return ", ".join(f"{seat(q)} {bid}" for q, bid in bids.items())


def _ship_cell(game: GameAPI, s: IEState, i: int) -> str:
    ship = s.ships[i]
    name = ship_name(s, i).split("'s ")[1]
    place = "at sea" if ship.at_sea else "at port"
    parts = [f"{name} {place}"]
    if ship.contracts:
        names = [game.cards.contract_by_id[c].name for c in ship.contracts]
        parts.append("contracts " + ", ".join(names))
    if ship.cargo:
        cargo = [
            f"{game.names[c]} ({COLORS[k] if k < len(COLORS) else 'paired'})"
            for c, k in zip(ship.cargo, ship.cargo_colors, strict=True)
        ]
        parts.append("cargo " + ", ".join(cargo))
    return "; ".join(parts)


def turn_table(game: GameAPI, s: IEState) -> Table:
    """Every player's credits and zones after a turn, and the shared zones under it."""
    rows = []
    contract_name = game.cards.contract_by_id
    for p in range(s.n):
        ships = [i for i, ship in enumerate(s.ships) if ship.owner == p]
        rows.append(
            (
                seat(p),
                str(s.credits[p]),
                cards_text(game, s.hands[p]),
                cards_text(game, s.crew[p]),
                cards_text(game, s.goods[p]),
                ", ".join(contract_name[c].name for c in s.fulfilled[p]) or "nothing",
                " | ".join(_ship_cell(game, s, i) for i in ships),
            )
        )
    notes = [
        f"{island_name(game)[4:]}: {cards_text(game, s.island)}",
        f"deck: {len(s.deck)} cards; discard pile: {len(s.discard)} cards",
    ]
    if s.market is not None:
        markets = ", ".join(f"{GOOD_TYPES[k]} {m:+d}" for k, m in enumerate(s.market))
        notes.append(f"market: {markets}")
    return Table(
        ("seat", "credits", "hand", "crew", "goods", "fulfilled contracts", "ships"),
        tuple(rows),
        title=f"The table after turn {s.turn}",
        notes=tuple(notes),
    )


def score_stage(game: GameAPI, s: IEState, sc: Scoring, stage: str) -> None:
    """Run one scoring stage power by power, noting what each adds to each final score
    (narrator.score_parts) and saying the cards each moves (Cheap Shirts, Diamonds)."""
    trace = s.trace
    assert trace is not None
    index = game.powers
    for owner in range(s.n):
        copies = s.mods[owner].get("copied_powers", ())  # Wind Turbines
        for contract_id in [*s.fulfilled[owner], *copies]:
            entry = index.by_contract.get(contract_id)
            if entry is None or stage not in entry.end:
                continue
            before = _standing(sc, s.n, stage)
            trace.enter(entry.name, owner)
            entry.end[stage](game, s, owner, game.cards.contract_by_id[contract_id], sc)
            trace.leave()
            after = _standing(sc, s.n, stage)
            for q in range(s.n):
                if after[q] != before[q]:
                    trace.score_parts.append((q, entry.name, after[q] - before[q]))


def _standing(sc: Scoring, n: int, stage: str) -> list[int]:
    """Each seat's final score so far: the majority awards count until they are added to
    the final scores (after the awards stage)."""
    standing = list(sc.final)
    if stage != "game":
        for p, _, amount in sc.awards:
            standing[p] += amount
    return standing[:n]


def scoring_table(
    game: GameAPI, s: IEState, sc: Scoring, start: list[int], awards: list[list[int]]
) -> None:
    """The end-game scoring per player, every part of the final score in its own column,
    and in words who won which majority and what each power added. `start`: the credits
    scoring began from; `awards`: the majority awards as the rules gave them."""
    trace = s.trace
    assert trace is not None
    rules = game.rules
    rows = []
    notes = []
    powers: list[list[tuple[str, int]]] = [[] for _ in range(s.n)]
    for q, name, amount in trace.score_parts:
        powers[q].append((name, amount))
    for p in range(s.n):
        unfulfilled = sum(
            rules.unfulfilled_container * len(ship.cargo)
            for ship in s.ships_of(p)
            if not ship.at_sea and ship.contracts
        )
        counts = sc.counts[p]
        goods = sum(counts[c] * sc.good_value[p][c] for c in GOODS_ORDER)
        full_set = rules.set_bonus if all(counts[c] >= 1 for c in GOODS_ORDER) else 0
        majorities = sum(a[2] for a in awards if a[0] == p and a[1] != RED)
        illegal = sum(a[2] for a in awards if a[0] == p and a[1] == RED)
        bonus = sum(amount for _, amount in powers[p])
        parts = (start[p], unfulfilled, goods, full_set, majorities, illegal, bonus)
        rows.append((seat(p), *(str(v) for v in parts), str(sc.final[p])))
        held = ", ".join(f"{counts[c]} {GOOD_TYPES[c]}" for c in GOODS_ORDER)
        notes.append(f"{seat(p)}'s goods: {held}")
        if sum(parts) != sc.final[p]:  # a part the table does not show: say so, never hide it
            notes.append(
                f"{seat(p)}: {sc.final[p] - sum(parts)} credits from a scoring step "
                "this table does not itemise"
            )
    for color in (*GOODS_ORDER,):
        won = [(p, amount) for p, c, amount in awards if c == color]
        what = "the illegal goods penalty" if color == RED else f"most {GOOD_TYPES[color]} goods"
        if won:
            who = " and ".join(f"{seat(p)} ({amount:+d})" for p, amount in won)
            notes.append(f"{what}: {who}")
        else:
            notes.append(f"{what}: nobody holds any")
    for p in range(s.n):
        for name, amount in powers[p]:
            notes.append(f"{name} (power): {seat(p)} {amount:+d}")
    trace.table(
        Table(
            (
                "seat",
                "credits",
                "unfulfilled cargo",
                "goods",
                "set bonus",
                "majorities",
                "illegal goods",
                "power bonuses",
                "final score",
            ),
            tuple(rows),
            title="End-game scoring",
            notes=tuple(notes),
        ),
        kind="scoring",
    )
    _result(trace, s, sc.final)


def ended_at_once(game: GameAPI, s: IEState, why: str) -> None:
    """A card's win condition ended the game: no scoring, the credits in play decide."""
    trace = s.trace
    assert trace is not None
    winners = " and ".join(seat(p) for p in s.winners) or "nobody"
    trace.end(f"The game ends at once: the win condition of {why} is met; {winners} wins", None)
    trace.table(turn_table(game, s))
    trace.table(
        Table(
            ("seat", "credits", "final score"),
            tuple((seat(p), str(s.credits[p]), str(s.credits[p])) for p in range(s.n)),
            title="No end-game scoring (the game ended at once)",
        ),
        kind="scoring",
    )
    _result(trace, s, s.credits)


def _result(trace: Narrator, s: IEState, final: Sequence[int]) -> None:
    ranked = sorted(range(s.n), key=lambda p: -final[p])
    scores = ", ".join(f"{seat(p)} {final[p]}" for p in ranked)
    winners = " and ".join(seat(p) for p in s.winners) or "nobody"
    verb = "win" if len(s.winners) > 1 else "wins"
    trace.result(
        [float(v) for v in final],
        s.winners,
        f"Final scores: {scores}. {winners} {verb}.",
    )
