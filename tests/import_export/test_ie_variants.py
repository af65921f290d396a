"""The optional variants (variants.py): the Market's goods markers and the two alternate ways
to play with physical containers. Rulings IE-VAR-n; each test lays out a small table with
the variant on and asserts the exact credits, markers, zones and containers."""

from __future__ import annotations

from typing import Any

import pytest
from test_ie_power_play import fulfil, params, resolve, specs, use, window

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError
from simulator.core.seeding import GameRandom
from simulator.games.import_export import variants
from simulator.games.import_export.cards import (
    BLACK,
    BLUE,
    GREEN,
    GREY,
    LOAD,
    PIRATE,
    RED,
    SUPPLY,
    YELLOW,
)
from strategies.import_export.archetypes import ContractorBot
from strategies.random_strategy import RandomStrategy

SPEC = get_game("import-export")


def vtable(ie_table: Any, *names: str, **kwargs: Any) -> Any:
    """An ie_table whose game plays the variants `names`, with a fresh state to arrange."""
    t = ie_table(**kwargs)
    config = SPEC.make_config(t.n, ("base",), card_sheet=t.sheet, variants=names)
    t.game = SPEC.factory(config)
    t.cards = t.game.cards
    t.state = t.game.new_state(GameRandom.for_game(0, 0, 0))
    return t


def tokens(t: Any, ship: int, *colors: int, action: int = LOAD) -> list[int]:
    """Put physical containers of these colours on a ship (after arrange)."""
    s = t.state
    made = [t.game.tokens.token(c, action) for c in colors]
    s.ships[ship].cargo += made
    s.ships[ship].cargo_colors += list(colors)
    t.game.check_invariants(s)
    return made


def load(t: Any, p: int, ship: int, name: str, color: int, *answers: Any) -> list[Any]:
    """Load a hand card of p onto a ship (as the Load action's last step does)."""
    s = t.state
    card = t.c(name)
    s.hands[p].remove(card)
    return resolve(t, t.game.load_container(s, p, s.ships[ship], card, color), *answers)


# ---------------------------------------------------------------------- the Market


def test_variants_are_accepted_and_unknown_names_still_refused(ie_table) -> None:
    t = vtable(ie_table, "market", "containers")
    assert t.game.variants == ("market", "containers")
    assert t.state.market == [0, 0, 0, 0, 0]  # IE-VAR-1: every marker starts at 0
    with pytest.raises(ConfigError, match="unknown variant"):
        SPEC.make_config(3, ("base",), variants=("barter",))


def test_market_rulebook_example_two_mint_and_two_blue_pay_8(ie_table) -> None:
    """Lines 272-274: tech (mint) at +1, luxury (blue) at -2; 10 + 2 - 4 = 8; the mint
    marker moves down 2, the blue one is at the bottom already (IE-VAR-2, IE-VAR-4)."""
    t = vtable(ie_table, "market", cards={"deal": "black load cargo=green:2+blue:2"})
    t.arrange(
        hands=[["blue load 2"], [], []],
        ships={
            0: {"contracts": ["deal"], "cargo": ["green load 1", "green load 2", "blue load 1"]}
        },
    )
    t.state.market = [1, 0, 0, -2, 0]
    load(t, 0, 0, "blue load 2", BLUE)
    assert t.state.credits[0] == 10 + 8
    assert t.state.market == [-1, 0, 0, -2, 0]
    assert t.ship(0).at_sea and t.state.fulfilled[0] == [t.cid("deal")]


def test_market_markers_at_the_top_add_2_per_container_then_fall(ie_table) -> None:
    t = vtable(ie_table, "market", cards={"deal": "black load cargo=green:4"})
    t.arrange(
        hands=[["green load 4"], [], []],
        ships={
            0: {"contracts": ["deal"], "cargo": ["green load 1", "green load 2", "green load 3"]}
        },
    )
    t.state.market = [2, 2, 2, 2, 2]
    load(t, 0, 0, "green load 4", GREEN)
    assert t.state.credits[0] == 10 + 10 + 4 * 2
    assert t.state.market == [-2, 2, 2, 2, 2]  # four steps down from +2


def test_market_markers_at_the_bottom_stay_there(ie_table) -> None:
    t = vtable(ie_table, "market")
    t.arrange(
        hands=[["blue load 2"], [], []],
        ships={0: {"contracts": ["blue load 3"], "cargo": ["blue load 1"]}},
    )
    t.state.market = [0, 0, 0, -2, 0]
    load(t, 0, 0, "blue load 2", BLUE)
    assert t.state.credits[0] == 10 + 6 - 4
    assert t.state.market == [0, 0, 0, -2, 0]


def test_goods_move_their_marker_up_to_2_and_a_discarded_card_moves_nothing(ie_table) -> None:
    """IE-VAR-1: each good placed in goods +1, at most +2; none for a card without room."""
    t = vtable(ie_table, "market")
    t.arrange(goods={1: ["red load 1", "red load 2"]})
    s, game = t.state, t.game
    s.market = [1, 0, 0, 0, 0]
    for name in ("green supply 1", "green supply 2"):
        s.deck.remove(t.c(name))
        resolve(t, game.to_goods(s, 0, t.c(name)))
    assert s.market == [2, 0, 0, 0, 0]
    s.deck.remove(t.c("red supply 1"))
    resolve(t, game.to_goods(s, 1, t.c("red supply 1")))  # player 1's goods are full
    assert s.market == [2, 0, 0, 0, 0] and s.discard[-1] == t.c("red supply 1")


def test_several_contracts_completed_together_add_to_one_payment(ie_table) -> None:
    """IE-VAR-2/4: every container of both contracts adds its marker to the ship's one
    payment; markers move down once per container."""
    t = vtable(ie_table, "market")
    t.arrange(
        hands=[["blue load 2"], [], []],
        ships={
            0: {
                "contracts": ["green load 3", "blue load 3"],
                "cargo": ["green load 1", "green load 2", "blue load 1"],
            }
        },
    )
    t.state.market = [2, 0, 0, 1, 0]
    load(t, 0, 0, "blue load 2", BLUE)
    assert t.state.credits[0] == 10 + 10 + 2 + 2 + 1 + 1
    assert t.state.market == [0, 0, 0, -1, 0]


def test_leftover_and_grey_containers_add_nothing_but_leftovers_move_down(ie_table) -> None:
    """A container left by a discarded contract filled no completed contract: no modifier,
    but it was on the ship; a grey container has no marker (IE-VAR-2, IE-VAR-4)."""
    t = vtable(ie_table, "market", cards={"capital": "grey load cargo=green:2"})
    t.arrange(
        hands=[["green load 2"], [], []],
        ships={
            0: {
                "contracts": ["green load 3"],
                "cargo": ["red load 1", ("capital", GREY)],
            }
        },
    )
    t.state.market = [1, 0, 0, 0, 2]
    load(t, 0, 0, "green load 2", GREEN)
    assert t.state.credits[0] == 10 + 10 + 1  # the green only: red left over, grey none
    assert t.state.market == [0, 0, 0, 0, 1]


def test_the_modifier_applies_to_tablets_bands(ie_table) -> None:
    """IE-VAR-3: Tablets pays 18 for 8 containers; 8 luxury at -2 take 16 off."""
    t = vtable(ie_table, "market", cards=specs("Tablets"))
    blue = [f"blue {a} {k}" for a in ("load", "supply") for k in (1, 2, 3, 4)]
    t.arrange(
        fulfilled={0: ["Tablets"]},
        hands=[[blue[7]], [], []],
        ships={
            0: {
                "contracts": ["blue pirate 1", "blue pirate 2", "blue pirate 3", "blue pirate 4"],
                "cargo": blue[:7],
            }
        },
    )
    fulfil(t, 0, "Tablets")
    t.state.market = [0, 0, 0, -2, 0]
    load(t, 0, 0, blue[7], BLUE)
    assert t.state.credits[0] == 10 + params(t, "Tablets")["pay_8_9"] - 16


def test_a_payment_never_goes_below_zero(ie_table) -> None:
    """IE-VAR-3: a power's band of 1 credit with two containers at -2 pays 0, not -3."""
    t = vtable(ie_table, "market")
    t.arrange(
        hands=[["blue load 2"], [], []],
        ships={0: {"contracts": ["blue load 3"], "cargo": ["blue load 1"]}},
    )
    t.state.mods[0]["pay_bands"] = ((2, 1),)
    t.state.market = [0, 0, 0, -2, 0]
    load(t, 0, 0, "blue load 2", BLUE)
    assert t.state.credits[0] == 10


def test_credits_a_power_pays_on_completion_are_not_modified(ie_table) -> None:
    """IE-VAR-3: Mouthwash's payment stays as printed; only the payout is modified."""
    t = vtable(ie_table, "market", cards=specs("Mouthwash"))
    t.arrange(
        fulfilled={0: ["Mouthwash"]},
        hands=[["black supply 2"], [], []],
        ships={0: {"contracts": ["black load 1"], "cargo": ["black supply 1"]}},
    )
    fulfil(t, 0, "Mouthwash")
    t.state.market = [0, 0, -2, 0, 0]
    load(t, 0, 0, "black supply 2", BLACK)
    assert t.state.credits[0] == 10 + (6 - 4) + params(t, "Mouthwash")["payment"]


def test_the_markers_are_public(ie_table) -> None:
    t = vtable(ie_table, "market")
    t.arrange()
    t.state.market = [2, -1, 0, 1, -2]
    assert t.game.observe(t.state, 2).market == (2, -1, 0, 1, -2)
    plain = ie_table()
    assert plain.game.observe(plain.state, 0).market is None


def test_markers_out_of_range_fail_the_invariant_check(ie_table) -> None:
    t = vtable(ie_table, "market")
    t.arrange()
    t.state.market = [3, 0, 0, 0, 0]
    with pytest.raises(AssertionError, match="market marker"):
        t.game.check_invariants(t.state)


# ---------------------------------------------------------------------- physical containers


def test_setup_replaces_the_cards_under_the_ships_at_sea(ie_table) -> None:
    """IE-VAR-5: the cards dealt under ships at sea are discarded, in order, for containers
    of their colours."""
    t = vtable(ie_table, "containers", players=4)
    s, game = t.state, t.game
    at_sea = [ship for ship in s.ships if ship.at_sea]
    cargo = [c for ship in at_sea for c in ship.cargo]
    assert len(cargo) == 4 * 4 and all(c >= game.n_cards for c in cargo)
    assert [game.color[c] for c in s.discard] == [game.color[c] for c in cargo]
    assert [ship.cargo_colors for ship in at_sea] == [
        [game.color[c] for c in ship.cargo] for ship in at_sea
    ]
    game.check_invariants(s)


def test_setup_keeps_yogurt_and_bok_choy_as_cards(ie_table) -> None:
    """FAQ (IE-VAR-6): cards whose power concerns themselves as containers stay cards."""
    t = vtable(ie_table, "containers", cards=specs("Yogurt", "Bok Choy"))
    assert t.game.tokens.keep == {t.c("Yogurt"), t.c("Bok Choy")}
    t.arrange(ships={1: {"at_sea": True, "cargo": ["Bok Choy", "green load 1"]}})
    s = t.state
    variants.setup(t.game, s)
    assert s.ships[1].cargo[0] == t.c("Bok Choy")
    assert s.ships[1].cargo[1] == t.game.tokens.token(GREEN, LOAD)
    assert s.discard[-1] == t.c("green load 1")
    t.game.check_invariants(s)


def test_a_loaded_card_is_discarded_for_a_container(ie_table) -> None:
    t = vtable(ie_table, "containers")
    t.arrange(ships={0: {"contracts": ["black load 1"]}}, hands=[["black supply 1"], [], []])
    load(t, 0, 0, "black supply 1", BLACK)
    s, game = t.state, t.game
    (token,) = s.ships[0].cargo
    assert token >= game.n_cards and game.color[token] == BLACK and game.actions[token] == SUPPLY
    assert s.ships[0].cargo_colors == [BLACK]
    assert s.discard[-1] == t.c("black supply 1")
    assert s.log[0]["loaded"] == [t.c("black supply 1")]
    assert game.names[token] == "black container (supply)"


def test_yogurt_loads_as_itself_and_its_power_works(ie_table) -> None:
    """FAQ (IE-VAR-6): Yogurt stays a card on the ship, so loading it still draws."""
    t = vtable(ie_table, "containers", cards=specs("Yogurt"))
    t.arrange(ships={0: {"contracts": ["yellow load 1"]}}, hands=[["Yogurt"], [], []])
    load(t, 0, 0, "Yogurt", YELLOW)
    s = t.state
    assert s.ships[0].cargo == [t.c("Yogurt")] and t.c("Yogurt") not in s.discard
    assert [len(h) for h in s.hands] == [4, 2, 2]


def test_a_grey_card_becomes_a_container_of_a_chosen_colour(ie_table) -> None:
    """IE-VAR-9: no grey container; the loader chooses, the colours that fit first."""
    t = vtable(ie_table, "containers", cards={"capital": "grey load cargo=green:2"})
    t.arrange(ships={0: {"contracts": ["blue load 1"]}}, hands=[["capital"], [], []])
    asked = load(t, 0, 0, "capital", GREY, BLUE)
    assert asked[0].kind == "container_color"
    assert asked[0].options == (BLUE, GREEN, YELLOW, BLACK, RED)
    s = t.state
    assert s.ships[0].cargo == [t.game.tokens.token(BLUE, LOAD)]
    assert s.ships[0].cargo_colors == [BLUE] and s.discard[-1] == t.c("capital")


def test_pirating_moves_the_container_itself(ie_table) -> None:
    """IE-VAR-7: the container goes from the ship at sea onto the pirate's own ship."""
    t = vtable(ie_table, "containers")
    t.arrange(ships={0: {"contracts": ["blue load 1"]}, 3: {"at_sea": True}})
    (token,) = tokens(t, 3, BLUE, action=PIRATE)
    discard = list(t.state.discard)
    resolve(t, t.game.pirate(t.state, t.state.rng, 0), ("ship", 3, 0), (0, BLUE))
    s = t.state
    assert s.ships[0].cargo == [token] and s.ships[0].cargo_colors == [BLUE]
    assert not s.ships[3].at_sea and s.ships[3].cargo == []  # emptied: home
    assert s.discard == discard and s.log[0]["pirated"] == []


def test_a_pirated_container_not_loaded_goes_back_to_the_reserve(ie_table) -> None:
    t = vtable(ie_table, "containers")
    t.arrange(ships={0: {"contracts": ["blue load 1"]}, 3: {"at_sea": True}})
    tokens(t, 3, BLUE, RED)
    discard = list(t.state.discard)
    resolve(t, t.game.pirate(t.state, t.state.rng, 0), ("ship", 3, 0), "discard")
    s = t.state
    assert s.ships[0].cargo == [] and s.discard == discard
    assert s.ships[3].cargo_colors == [RED]


def test_importing_searches_the_discard_pile_from_the_top(ie_table) -> None:
    """IE-VAR-8: the first card of the container's colour from the top is taken; the
    others keep their order."""
    t = vtable(ie_table, "containers")
    pile = ["green supply 1", "blue supply 1", "green supply 2", "red supply 1"]  # bottom first
    t.arrange(ships={3: {"at_sea": True}}, discard=pile)
    tokens(t, 3, GREEN)
    s = t.state
    resolve(t, t.game.take_from_ship(s, 0, s.ships[3], 2), "goods")
    assert s.goods[0] == [t.c("green supply 2")]
    assert s.discard == t.cs("green supply 1", "blue supply 1", "red supply 1")
    assert s.log[0]["imported"] == [t.c("green supply 2")]


def test_a_container_with_no_matching_card_brings_nothing_but_the_owner_is_paid(
    ie_table,
) -> None:
    """IE-VAR-8: no black card in the pile: nothing taken; the ship's owner still gets 2."""
    t = vtable(ie_table, "containers")
    t.arrange(ships={3: {"at_sea": True}}, discard=["green supply 1", "red supply 1"])
    tokens(t, 3, BLACK)
    s = t.state
    resolve(t, t.game.import_rounds(s, s.rng, [0, 1, 2], [1, 0, 0]), 3, 0)
    assert s.goods[0] == [] and s.crew[0] == []
    assert s.discard == t.cs("green supply 1", "red supply 1")
    assert s.credits == [10, 12, 10]
    assert not s.ships[3].at_sea  # emptied, home


def test_flash_drives_takes_a_matching_card_into_the_hand(ie_table) -> None:
    """IE-VAR-8 for powers: a container taken into the hand brings the discard card."""
    t = vtable(ie_table, "containers", cards=specs("Flash Drives"))
    t.arrange(
        fulfilled={0: ["Flash Drives"]},
        ships={1: {"at_sea": True}},
        discard=["yellow supply 1", "red supply 1"],
    )
    fulfil(t, 0, "Flash Drives")
    (token,) = tokens(t, 1, YELLOW)
    s = t.state
    flow = t.game.emit(s, "ship_completed", 0, (1, [], [-1]))
    resolve(t, flow, token)
    assert s.hands[0] == [t.c("yellow supply 1")] and s.discard == [t.c("red supply 1")]


# ---------------------------------------------------------------------- containers_all


def test_crew_becomes_a_container_remembering_the_action(ie_table) -> None:
    """IE-VAR-10: a Supply to crew discards the card; the container counts for its action."""
    t = vtable(ie_table, "containers_all")
    t.arrange(island=["red load 1"])
    s, game = t.state, t.game
    resolve(t, game._supply(s, 0), ("crew", t.c("red load 1")))
    assert s.crew[0] == [game.tokens.token(RED, LOAD)]
    assert s.discard[-1] == t.c("red load 1") and s.log[0]["crew"] == [t.c("red load 1")]
    assert game.crew_actions(s, 0, LOAD) == 1 and game.crew_actions(s, 0, PIRATE) == 0


def test_importing_to_crew_takes_the_found_cards_action(ie_table) -> None:
    """IE-VAR-8 then IE-VAR-10: the card found is discarded again, on top, and a container
    with its action joins the crew."""
    t = vtable(ie_table, "containers_all")
    t.arrange(ships={3: {"at_sea": True}}, discard=["blue pirate 1", "green supply 1"])
    tokens(t, 3, BLUE, action=LOAD)
    s, game = t.state, t.game
    resolve(t, game.take_from_ship(s, 0, s.ships[3], 2), "crew")
    assert s.crew[0] == [game.tokens.token(BLUE, PIRATE)]
    assert s.discard == t.cs("green supply 1", "blue pirate 1")
    assert game.crew_actions(s, 0, PIRATE) == 1


def test_goods_containers_count_for_levels_and_scoring(ie_table) -> None:
    t = vtable(ie_table, "containers_all", "market")
    t.arrange()
    s, game = t.state, t.game
    s.deck.remove(t.c("blue supply 1"))
    resolve(t, game.to_goods(s, 0, t.c("blue supply 1")))
    assert s.goods[0] == [game.tokens.token(BLUE, SUPPLY)] and s.market == [0, 0, 0, 1, 0]
    assert game.level(s, 0, BLUE) == 1 and game.good_counts(s, 0)[BLUE] == 1
    game.score(s)
    assert s.final_credits[0] == 10 + 1 + 8  # one luxury good and its majority


def test_a_sold_goods_container_goes_back_to_the_reserve(ie_table) -> None:
    """IE-VAR-7: Telescopes sells a tech goods container; nothing enters the discard pile."""
    t = vtable(ie_table, "containers_all", cards=specs("Telescopes"))
    t.arrange(fulfilled={0: ["Telescopes"]})
    s, game = t.state, t.game
    fulfil(t, 0, "Telescopes")
    s.deck.remove(t.c("green load 1"))
    resolve(t, game.to_goods(s, 0, t.c("green load 1")))
    (token,) = s.goods[0]
    discard = list(s.discard)
    resolve(t, window(t, "turn_start", 0), use(t, "Telescopes", token))
    assert s.goods[0] == [] and s.discard == discard
    assert s.credits[0] == 10 + params(t, "Telescopes")["price"]


def test_a_token_out_of_place_fails_the_invariant_check(ie_table) -> None:
    t = vtable(ie_table, "containers")
    t.arrange()
    t.state.discard.append(t.game.tokens.token(RED, LOAD))
    with pytest.raises(AssertionError, match="out of place"):
        t.game.check_invariants(t.state)


@pytest.mark.parametrize("zone", ["hands", "crew", "goods"])
def test_a_token_in_a_players_zone_fails_unless_containers_all(ie_table, zone: str) -> None:
    """With `containers` a physical container lives on the ships only; with containers_all
    also in crew and goods (IE-VAR-10), never in a hand."""
    t = vtable(ie_table, "containers")
    t.arrange()
    token = t.game.tokens.token(RED, LOAD)
    getattr(t.state, zone)[0].append(token)
    with pytest.raises(AssertionError, match="out of place|not conserved"):
        t.game.check_invariants(t.state)
    everywhere = vtable(ie_table, "containers_all")
    everywhere.arrange()
    getattr(everywhere.state, zone)[0].append(token)
    if zone in ("crew", "goods"):
        everywhere.game.check_invariants(everywhere.state)
    else:
        with pytest.raises(AssertionError, match="out of place|not conserved"):
            everywhere.game.check_invariants(everywhere.state)


def test_cards_are_counted_apart_from_the_tokens(ie_table) -> None:
    """Tokens on the ships are left out of the count; a card twice or missing still fails."""
    t = vtable(ie_table, "containers")
    t.arrange()
    tokens(t, 1, RED, RED, BLUE)  # checks the invariants with three tokens on a ship
    s = t.state
    card = s.deck.pop()
    with pytest.raises(AssertionError, match="not conserved"):
        t.game.check_invariants(s)
    s.ships[1].cargo.append(card)  # back, on a ship, beside the tokens
    s.ships[1].cargo_colors.append(t.game.color[card])
    t.game.check_invariants(s)
    s.hands[0].append(card)  # and once more
    with pytest.raises(AssertionError, match="not conserved"):
        t.game.check_invariants(s)
    s.hands[0].pop()
    s.ships[1].cargo.append(t.game.tokens.base + 10_000)
    s.ships[1].cargo_colors.append(RED)
    with pytest.raises(AssertionError, match="unknown container id"):
        t.game.check_invariants(s)


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    ("names", "players"),
    [
        (("market",), 2),
        (("containers",), 4),
        (("containers_all",), 6),
        (("market", "containers_all"), 3),
    ],
)
def test_random_games_with_the_variants_keep_the_invariants(names, players) -> None:
    game = SPEC.factory(SPEC.make_config(players, ("base",), variants=names, max_turns=150))
    outcome, _ = play_game(game, [RandomStrategy()] * players, 7, players, check_invariants=True)
    assert outcome.end_reason in ("credits", "deck_exhausted", "card", "turn_limit")


def test_a_heuristic_game_with_physical_containers_everywhere() -> None:
    game = SPEC.factory(SPEC.make_config(3, ("base",), variants=("containers_all", "market")))
    outcome, _ = play_game(game, [ContractorBot()] * 3, 11, 0, check_invariants=True)
    assert outcome.end_reason in ("credits", "deck_exhausted", "card")
