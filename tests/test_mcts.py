"""The `mcts` strategy (strategies/mcts.py): a search bot for any game from its forward model.

It must answer only offered options, make the same decisions from the same seed, play
either game without knowing it, and be refused with a clear message when misconfigured. The
forward model it relies on must survive determinisations taken while a trade is on the
table (a redeal once moved the offered cards out of the offering hand).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simulator.catalog import get_game
from simulator.core.engine import play_game
from simulator.core.errors import ConfigError
from simulator.core.forward import Playthrough, SeatModel
from simulator.core.protocol import Outcome, PlayerOutcome, lead_value, score_margin
from simulator.core.seeding import GameRandom
from simulator.games.import_export.prospects import LOADED_SHARE, PLACED_SHARE, standing
from simulator.games.import_export.prospects import prospects as ie_prospects
from simulator.games.travel.prospects import READY, TRIPS_TO_WIN, nearness, prospects
from strategies import mcts
from strategies.registry import resolve


def _game(name: str, players: int, sets: tuple[str, ...], max_turns: int) -> Any:
    spec = get_game(name)
    return spec.factory(spec.make_config(players, sets, max_turns=max_turns))


def _player(score: float) -> PlayerOutcome:
    return PlayerOutcome(score, 1, {})


def _play(game_name: str, texts: list[str], seed: int, max_turns: int) -> tuple[Any, list]:
    sets = ("base",) if game_name == "import-export" else ()
    game = _game(game_name, len(texts), sets, max_turns)
    seats = [resolve(game_name, text).build() for text in texts]
    asked: list = []
    outcome, _ = play_game(game, seats, seed, 0, on_decision=lambda d, c: asked.append(c))
    return outcome, asked


def test_same_seed_same_decisions() -> None:
    texts = ["mcts:iterations=6,rollout_decisions=15", "random"]
    first = _play("travel", texts, 11, 40)
    again = _play("travel", texts, 11, 40)
    assert first[1] == again[1]
    assert [p.score for p in first[0].players] == [p.score for p in again[0].players]


@pytest.mark.parametrize("game_name", ["import-export", "travel"])
def test_it_plays_either_game_with_offered_options(game_name: str) -> None:
    """The engine refuses an option not offered (StrategyError): a whole short game passes."""
    texts = ["mcts:iterations=4,rollout_decisions=10", "random", "random"]
    outcome, asked = _play(game_name, texts, 5, 12)
    assert outcome.turns > 0 and asked


def test_a_small_search_beats_random_play_at_import_export() -> None:
    """Eight simulations a decision, random rollouts of 30 decisions scored by the credit lead:
    the search wins every game against random play (fixed seeds: a fixed result)."""
    texts = ["mcts:iterations=8,rollout_decisions=30", "random"]
    for seed in (1, 2):
        outcome, _ = _play("import-export", texts, seed, 300)
        assert outcome.winners == [0]
        assert outcome.players[0].score > outcome.players[1].score


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("mcts:value=score", "value='score' is not one of placement, win"),
        ("mcts:rollout=nobody", "unknown strategy 'nobody'"),
        ("mcts:rollout=mcts", "a searching strategy cannot be the rollout policy"),
        ("mcts:iterations=0", "outside its scale"),
        ("mcts:expand=greedy", "expand='greedy' is not one of random, policy"),
        ("mcts:depth=-1", "outside its scale"),
    ],
)
def test_bad_settings_are_refused_with_a_message(text: str, says: str) -> None:
    with pytest.raises(ConfigError, match=says.replace("(", r"\(")):
        resolve("travel", text)


def test_a_redeal_during_a_trade_keeps_the_offered_cards_in_the_offering_hand() -> None:
    """Determinise for the player a trade is offered to, then play on: the offered cards
    must still be in the offering hand (they are on the table), and every copy plays on."""
    game = _game("travel", 3, (), 200)
    found = 0
    for index in range(40):
        pt = Playthrough.start(game, 3, index)
        rng = GameRandom.from_seed(index)
        while pt.decision is not None and found < 12:
            d = pt.decision
            if d.kind == "trade_answer":
                offerer, give, _ = d.context
                for k in range(3):
                    copy = pt.for_seat(d.player, GameRandom.from_seed(1000 * index + k))
                    assert set(give) <= set(copy.state.hands[offerer])
                    while copy.decision is not None:
                        copy.apply(copy.decision.options[rng.below(len(copy.decision.options))])
                found += 1
            pt.apply(d.options[rng.below(len(d.options))])
        if found >= 12:
            break
    assert found >= 12


def test_the_benchmark_times_a_search_and_refuses_a_bot_that_does_not_search() -> None:
    from click.testing import CliRunner

    from cli import main

    args = ["bench", "import-export", "-p", "2", "--sets", "base", "-n", "2", "-r", "1"]
    result = CliRunner().invoke(main, [*args, "--search", "mcts:iterations=5,rollout_decisions=5"])
    assert result.exit_code == 0, result.output
    assert "iterations/s" in result.output and "rollouts" in result.output
    only = "mcts:iterations=3,rollout_decisions=3,search=contract"
    result = CliRunner().invoke(main, [*args, "--search", only])
    assert result.exit_code == 0, result.output
    assert "decisions in: contract)" in result.output  # timed where it searches
    assert "ms per decision searched" in result.output
    refused = CliRunner().invoke(main, [*args, "--search", "random"])
    assert refused.exit_code == 2 and "not a searching strategy" in refused.output


# ---------------------------------------------------------------------- evaluation


@given(st.lists(st.floats(-100, 100, allow_nan=False), min_size=2, max_size=6))
def test_a_lead_is_valued_between_0_and_1_and_ranks_as_the_scores(scores: list[float]) -> None:
    values = lead_value(scores, 10.0)
    assert all(0.0 <= v <= 1.0 for v in values)
    for p, q in itertools.combinations(range(len(scores)), 2):
        if scores[p] > scores[q]:
            assert values[p] >= values[q]
    if len(set(scores)) == 1:
        assert values == [0.5] * len(scores)


def test_travel_nearness_counts_trips_and_the_next_trips_needs() -> None:
    game = _game("travel", 2, (), 100)
    pt = Playthrough.start(game, 1, 0)
    s = pt.state
    needs = game.cards.requires[s.target(0)]
    one_of_each = [next(c for c in game.cards.items if game.kind_of[c] == k) for k in needs]
    s.hands[0] = [*one_of_each, game.cards.passports[0]]
    assert nearness(game, s, 0) == pytest.approx(READY / TRIPS_TO_WIN)
    s.completed[0], s.country[0], s.hands[0] = 1, -1, []
    assert nearness(game, s, 0) == pytest.approx(1 / TRIPS_TO_WIN)
    s.hands[1] = []
    assert prospects(game, s)[0] > 0.5 > prospects(game, s)[1]


@pytest.mark.parametrize("game_name", ["import-export", "travel"])
def test_a_rollout_stopped_early_is_scored_by_the_games_evaluation(game_name: str) -> None:
    """Five decisions into a rollout the game is not over: the rewards are the game's
    declared evaluation of where it stands, not a placement (which would be 0 or 1)."""
    sets = ("base",) if game_name == "import-export" else ()
    game = _game(game_name, 2, sets, 200)
    bot = resolve(game_name, "mcts:rollout_decisions=5").build()
    for index in range(3):
        pt = Playthrough.start(game, 7, index, clonable=True)
        rewards = bot._rollout(pt, GameRandom.from_seed(index))
        assert pt.decision is not None  # stopped early, not at the end
        assert rewards == game.spec.evaluation(game, pt.state)
        assert all(0.0 < r < 1.0 for r in rewards)


def test_import_export_prospects_count_goods_and_contracts_in_progress() -> None:
    """The standing a search values a stopped rollout by: credits, plus what goods would
    score now (the rules' own scoring), plus a placed contract's share of its payment, a
    share that grows as its ship is loaded."""
    game = _game("import-export", 2, ("base",), 100)
    s = Playthrough.start(game, 1, 0).state
    s.credits = [10, 10]
    s.goods = [[], []]
    for ship in s.ships:
        ship.contracts, ship.cargo, ship.cargo_colors = [], [], []
    assert standing(game, s) == [10.0, 10.0]
    assert ie_prospects(game, s) == [0.5, 0.5]
    ship = next(sh for sh in s.ships if sh.owner == 0 and not sh.at_sea)
    almonds = next(c for c in game.cards.contract_by_id.values() if c.name == "Almonds")
    ship.contracts.append(almonds.id)  # three containers of its colour
    pay = game.payout(s, 0, almonds.cargo_total)
    placed = standing(game, s)[0]
    assert placed == pytest.approx(10 + PLACED_SHARE * pay)
    color = next(iter(almonds.cargo))
    card = next(c for c in range(game.n_cards) if game.color[c] == color)
    ship.cargo.append(card)
    ship.cargo_colors.append(color)
    loaded = standing(game, s)[0]
    assert loaded == pytest.approx(10 + (PLACED_SHARE + LOADED_SHARE / 3) * pay)
    assert ie_prospects(game, s)[0] > 0.5 > ie_prospects(game, s)[1]
    s.goods[1] = [card, card + 1, card + 2]  # goods score at the end (IE-END-2)
    counts = [game.good_counts(s, p) for p in range(2)]
    assert standing(game, s)[1] == 10 + game.goods_score_of(s, counts, 1) > 10


def _recording_roots(bot: Any) -> list[Any]:
    """The root of every iteration the bot runs from now on."""
    roots: list[Any] = []
    real = bot._iterate

    def iterate(root: Any, *args: Any) -> bool:
        roots.append(root)
        return real(root, *args)

    bot._iterate = iterate
    return roots


def test_mcts_searches_only_the_kinds_named_and_answers_the_rest_by_its_rollout_bot() -> None:
    """`search=lead/contract`: other decisions are the rollout bot's own answers (the same
    as the heuristic's), and a flat search (`depth=1`) grows no node below the root."""
    game = _game("import-export", 2, ("base",), 100)
    bot = resolve(
        "import-export",
        "mcts:iterations=6,rollout=heuristic,rollout_decisions=5,depth=1,search=lead/contract",
    ).build()
    assert bot.searched == {"lead", "contract"}
    heuristic = resolve("import-export", "heuristic").build()
    roots = _recording_roots(bot)  # depth=1 grows the root's children only
    pt = Playthrough.start(game, 3, 0, clonable=True)
    rng = GameRandom.from_seed(1)
    compared = searched = 0
    while pt.decision is not None and searched < 3:
        d = pt.decision
        if len(d.options) > 1 and d.kind not in bot.searched:
            view = pt.observe(d.player)
            mine = bot.choose_ahead(d, view, GameRandom.from_seed(5), SeatModel(pt, d.player))
            assert mine == heuristic.choose(d, view, GameRandom.from_seed(5))
            compared += 1
        elif len(d.options) > 1:
            bot.choose_ahead(d, pt.observe(d.player), rng, SeatModel(pt, d.player))
            assert roots and all(not child.children for r in roots for child in r.children.values())
            searched += 1
        pt.apply(
            d.options[0] if len(d.options) == 1 else heuristic.choose(d, pt.observe(d.player), rng)
        )
    assert compared > 5 and searched == 3


def test_mcts_policy_expansion_tries_the_rollout_bots_choice_first() -> None:
    game = _game("import-export", 2, ("base",), 100)
    bot = resolve(
        "import-export", "mcts:iterations=1,rollout=heuristic,rollout_decisions=3,expand=policy"
    ).build()
    heuristic = resolve("import-export", "heuristic").build()
    pt = Playthrough.start(game, 4, 0, clonable=True)
    rng = GameRandom.from_seed(2)
    tried = 0
    while pt.decision is not None and tried < 5:
        d = pt.decision
        if len(d.options) > 1 and d.kind in ("lead", "follow"):  # one iteration: the policy's
            # own option is expanded (these kinds' answers read only what the seat sees)
            answer = bot.choose_ahead(
                d, pt.observe(d.player), GameRandom.from_seed(9), SeatModel(pt, d.player)
            )
            assert answer == heuristic.choose(d, pt.observe(d.player), GameRandom.from_seed(0))
            tried += 1
        pt.apply(
            d.options[0] if len(d.options) == 1 else heuristic.choose(d, pt.observe(d.player), rng)
        )
    assert tried == 5


def test_a_game_with_no_evaluation_is_scored_by_its_score_margin() -> None:
    outcome = Outcome(3, 0, [], "turn_limit", [_player(12.0), _player(4.0), _player(12.0)])
    values = score_margin(outcome)
    assert values[0] == values[2] == 0.5 and values[1] < 0.5


def test_the_benchmark_split_times_a_searching_seat() -> None:
    """`bench --split` wraps each seat in a stopwatch: the wrapper must ask a searching bot
    with the forward model (it once called its plain `choose`, which a search refuses)."""
    from click.testing import CliRunner

    from cli import main

    args = ["bench", "import-export", "-p", "2", "--sets", "base", "-n", "1", "-r", "1"]
    strategies = ["-s", "mcts:iterations=3,rollout_decisions=3", "-s", "random", "--split"]
    result = CliRunner().invoke(main, [*args, *strategies])
    assert result.exit_code == 0, result.output
    assert "bots" in result.output and "rules" in result.output


def _root(visits: list[int], keys: str = "") -> Any:
    """A root whose i-th key (keys[i], or "o0", "o1", ...) has a child of visits[i] (0:
    untried)."""
    root = mcts.Node()
    for i, v in enumerate(visits):
        if v:
            child = root.children[keys[i] if keys else f"o{i}"] = mcts.Node()
            child.visits = v
    root.visits = sum(visits)
    return root


def _answer_after(visits: list[int], extra: list[int], keys: list[str]) -> int:
    more = list(visits)
    for i in extra:
        more[i] += 1
    return mcts._most_visited(_root(more), keys)


@given(
    st.lists(st.integers(0, 12), min_size=1, max_size=6),
    st.integers(0, 10),
    st.data(),
)
def test_a_settled_search_keeps_its_answer_whatever_the_iterations_left_would_do(
    visits: list[int], remaining: int, data: st.DataObject
) -> None:
    """The early stop (mcts._settled) is exact: once settled, no way of spending the
    iterations left (each one visit to one root option, or none) changes the most visited
    option; while not settled, spending them all on one rival does."""
    keys = [f"o{i}" for i in range(len(visits))]
    root = _root(visits)
    answer = mcts._most_visited(root, keys)
    if mcts._settled(root, keys, remaining):
        extra = data.draw(st.lists(st.integers(0, len(keys) - 1), max_size=remaining))
        assert _answer_after(visits, extra, keys) == answer
    else:
        assert any(
            _answer_after(visits, [rival] * remaining, keys) != answer
            for rival in range(len(keys))
            if rival != answer
        )


def test_options_keyed_alike_are_one_edge_and_never_keep_the_search_going() -> None:
    keys = ["a", "b", "a"]  # the third option is the first's edge (equal keys)
    root = _root([5, 1], "ab")
    assert mcts._most_visited(root, keys) == 0
    # b can reach 5 at most, a tie that keeps the first offered; the second "a" (5 + 4 if it
    # were a rival) is a's own edge
    assert mcts._settled(root, keys, 4)
    assert not mcts._settled(root, keys, 5)  # b could reach 6


@pytest.mark.parametrize("game_name", ["import-export", "travel"])
def test_a_search_that_stops_when_settled_decides_as_the_full_search(
    game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same game, decision for decision, whether the search stops once its answer is
    settled or spends every iteration; it does stop early, spending fewer; and the iteration
    that settles it plays no rollout (one fewer than its iterations per search)."""
    rollouts = [0]
    real_rollout = mcts.MCTS._rollout

    def counted(self: mcts.MCTS, playthrough: Playthrough, rng: GameRandom) -> list[float]:
        rollouts[0] += 1
        return real_rollout(self, playthrough, rng)

    monkeypatch.setattr(mcts.MCTS, "_rollout", counted)

    def play() -> tuple[list, list[float], int, int]:
        rollouts[0] = 0
        sets = ("base",) if game_name == "import-export" else ()
        game = _game(game_name, 2, sets, 6)
        seats = [resolve(game_name, "mcts:iterations=24,rollout_decisions=8").build() for _ in "ab"]
        asked: list = []
        outcome, _ = play_game(game, seats, 7, 0, on_decision=lambda d, c: asked.append(c))
        searches = [s for s in seats if isinstance(s, mcts.MCTS)]
        assert sum(s.rollouts_done for s in searches) == rollouts[0]  # (the bench's count)
        spent = sum(s.iterations_done for s in searches)
        return asked, [p.score for p in outcome.players], spent, rollouts[0]

    stopping = play()
    monkeypatch.setattr(mcts, "_settled", lambda root, keys, remaining: False)
    full = play()
    assert stopping[:2] == full[:2]
    searches = full[2] // 24  # every asked decision searched (no `search=`), 24 iterations each
    assert full[3] == full[2]  # a rollout for each iteration
    assert stopping[2] < full[2]
    assert stopping[3] == stopping[2] - searches
