"""The forward model (core/forward.py): a game copied at any decision, continued, redealt.

At random decisions of random games of both games (every set and variant), the copy and the
original continued with the same answers play the same game to the same outcome; continuing
only the copy leaves the original as it was; a determinisation for a seat leaves what the
seat sees unchanged and permutes only what it cannot see. Hypothesis draws the games, the
decisions and the answers.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.catalog import get_game
from simulator.core import machine
from simulator.core.forward import Playthrough
from simulator.core.seeding import GameRandom

SETUPS = [
    ("import-export", 4, ("base",)),
    ("import-export", 3, ("all",)),
    ("import-export", 5, ("all", "market")),
    ("import-export", 2, ("all", "containers")),
    ("import-export", 4, ("all", "containers_all")),
    ("import-export", 6, ("base", "capital", "tokyo")),
    ("travel", 4, ()),
    ("travel", 3, ("events", "special_items", "forbidden_items", "postcards", "characters")),
]
GAMES: dict[tuple[str, int, tuple[str, ...]], Any] = {}
EXAMPLES = int(os.environ.get("DECKHAND_FORWARD_EXAMPLES", "40"))
"""Decisions tried per property (CI); by hand, e.g. DECKHAND_FORWARD_EXAMPLES=2000."""
TRIED: Counter[str] = Counter()
"""What the properties tried, by setup and where: written to DECKHAND_FORWARD_REPORT."""


def _count(what: str, setup: tuple[str, int, tuple[str, ...]], pt: Playthrough) -> None:
    name, players, modules = setup
    inside = machine.waiting_flow(pt.state) is not None
    TRIED[f"{what} {name} {players}p {'+'.join(modules) or 'none'}"] += 1
    TRIED[f"{what} total"] += 1
    if inside:
        TRIED[f"{what} inside a power"] += 1
    report = os.environ.get("DECKHAND_FORWARD_REPORT")
    if report:
        Path(report).write_text(json.dumps(dict(sorted(TRIED.items())), indent=2) + "\n")


def _game(setup: tuple[str, int, tuple[str, ...]]) -> Any:
    if setup not in GAMES:
        name, players, modules = setup
        spec = get_game(name)
        variants = tuple(m for m in modules if m in spec.names_of_kind("variant"))
        sets = tuple(m for m in modules if m not in variants)
        config = spec.make_config(players, sets, max_turns=150, variants=variants)
        GAMES[setup] = spec.factory(config)
    return GAMES[setup]


def fingerprint(s: Any) -> str:
    """Everything of a state that play depends on, as text: zones, counters, modifiers,
    powers in play, and the pending steps (functions by name)."""
    parts = []
    # a plain class declares its fields in __slots__, a compiled one (mypyc) in __mypyc_attrs__
    fields = getattr(type(s), "__mypyc_attrs__", None) or type(s).__slots__
    for name in fields:
        if name in ("rng", "views", "trace", "clonable", "limit_marks", "answer", "ret"):
            continue
        value = getattr(s, name)
        if name == "stack":
            value = [_step_text(step) for step in value]
        elif name == "ships":
            value = [(sh.owner, sh.at_sea, sh.contracts, sh.cargo, sh.cargo_colors) for sh in value]
        elif name == "known":
            value = [sorted(k) for k in value]
        parts.append(f"{name}={value!r}")
    return "\n".join(parts)


def _step_text(step: tuple[Any, ...]) -> str:
    head = getattr(step[0], "__qualname__", repr(step[0]))
    rest = [getattr(a, "__qualname__", None) or type(a).__name__ for a in step[1:]]
    return f"{head}{rest}"


def play_on(pt: Playthrough, rng: GameRandom, limit: int = 100_000) -> list[Any]:
    """Answer at random until the game ends; returns the answers."""
    answers = []
    while pt.decision is not None and len(answers) < limit:
        options = pt.decision.options
        choice = options[rng.below(len(options))]
        answers.append(choice)
        pt.apply(choice)
    return answers


def _outcome_key(pt: Playthrough) -> Any:
    o = pt.outcome()
    return (o.turns, o.winners, o.end_reason, [(p.score, p.placement, p.events) for p in o.players])


@given(
    setup=st.sampled_from(SETUPS),
    seed=st.integers(0, 2**20),
    stop=st.integers(0, 600),
    play_seed=st.integers(0, 2**20),
)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_copy_at_any_decision_plays_on_as_the_original(
    setup: tuple[str, int, tuple[str, ...]], seed: int, stop: int, play_seed: int
) -> None:
    game = _game(setup)
    pt = Playthrough.start(game, seed, 0)
    walk = GameRandom.from_seed(play_seed)
    play_on(pt, walk, limit=stop)
    if pt.decision is None:
        return
    _count("clone", setup, pt)
    check_clone(pt, play_seed)


def check_clone(pt: Playthrough, play_seed: int) -> None:
    """The copy stands where the original stands; continuing only the copy leaves the
    original as it was; both continued with the same answers play the same game."""
    before = fingerprint(pt.state)
    copy = pt.clone()
    assert fingerprint(copy.state) == before
    assert repr(copy.decision) == repr(pt.decision)
    # continue only the copy: the original is untouched
    probe = copy.clone()
    play_on(probe, GameRandom.from_seed(play_seed + 1))
    assert fingerprint(pt.state) == before
    # continue both with the same answers: the same game
    answers = play_on(copy, GameRandom.from_seed(play_seed + 2))
    for choice in answers:
        assert pt.decision is not None
        pt.apply(choice)
    assert pt.decision is None
    assert _outcome_key(pt) == _outcome_key(copy)


def _hidden_and_seen(game: Any, s: Any, seat: int) -> tuple[list[int], str]:
    """The cards `seat` cannot see (as a sorted multiset) and a text of all it sees."""
    hidden = list(s.deck)
    seen_deck_top = None
    if hasattr(s, "known"):  # travel
        for q in range(s.n):
            if q != seat:
                hidden += [c for c in s.hands[q] if c not in s.known[q]]
    else:
        if s.deck and s.mods[seat].get("deck_face_up"):
            seen_deck_top = s.deck[-1]
            hidden.remove(seen_deck_top)
        for q in range(s.n):
            if q != seat:
                hidden += s.hands[q]
    view = game.observe(s, seat)
    seen = [
        f"{name}={getattr(view, name)!r}"
        for name in dir(view)
        if not name.startswith("_") and not callable(getattr(view, name))
    ]
    seen.append(f"top={seen_deck_top}")
    if hasattr(s, "known"):
        seen.append(repr([sorted(k) for k in s.known]))
    return sorted(hidden), "\n".join(seen)


@given(
    setup=st.sampled_from(SETUPS),
    seed=st.integers(0, 2**20),
    stop=st.integers(0, 600),
    redeal_seed=st.integers(0, 2**20),
)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_determinisation_keeps_what_the_seat_sees_and_permutes_the_rest(
    setup: tuple[str, int, tuple[str, ...]], seed: int, stop: int, redeal_seed: int
) -> None:
    game = _game(setup)
    pt = Playthrough.start(game, seed, 0)
    play_on(pt, GameRandom.from_seed(seed), limit=stop)
    if pt.decision is None:
        return
    _count("redeal", setup, pt)
    redealt = check_redeal(game, pt, redeal_seed)
    if redealt.kept_hidden:
        _count("redeal kept the hidden cards", setup, pt)
        assert machine.waiting_flow(pt.state) is not None  # only ever inside a power


def check_redeal(game: Any, pt: Playthrough, redeal_seed: int) -> Playthrough:
    """A determinisation for the seat to decide: what it sees is unchanged, what it cannot
    see is a permutation of the same cards, the original is untouched, and it plays on."""
    seat = pt.decision.player
    before = fingerprint(pt.state)
    hidden, seen = _hidden_and_seen(game, pt.state, seat)
    redealt = pt.for_seat(seat, GameRandom.from_seed(redeal_seed))
    assert fingerprint(pt.state) == before  # the original untouched
    hidden_after, seen_after = _hidden_and_seen(game, redealt.state, seat)
    assert seen_after == seen
    assert hidden_after == hidden
    assert redealt.decision is not None and redealt.decision.player == seat
    assert list(redealt.decision.options) == list(pt.decision.options)
    finished = redealt.clone() if redealt.state.clonable else redealt
    play_on(finished, GameRandom.from_seed(redeal_seed))  # and it plays to its end
    assert finished.decision is None
    return redealt


@pytest.mark.parametrize("setup", [s for s in SETUPS if s[0] == "import-export"])
def test_every_decision_inside_a_power_copies_and_redeals(
    setup: tuple[str, int, tuple[str, ...]],
) -> None:
    """Decisions inside a card power's resolution are rare in random play (about one in a
    hundred): here every one of a few whole games is copied and redealt."""
    game = _game(setup)
    walk = GameRandom.from_seed(11)
    inside = 0
    for seed in range(3):
        pt = Playthrough.start(game, seed, 0)
        answers: list[Any] = []
        powers_at: list[int] = []
        while pt.decision is not None:
            if machine.waiting_flow(pt.state) is not None:
                powers_at.append(len(answers))
            options = pt.decision.options
            answers.append(options[walk.below(len(options))])
            pt.apply(answers[-1])
        for k in powers_at:
            inside += 1
            at = Playthrough.start(game, seed, 0)
            for choice in answers[:k]:
                at.apply(choice)
            _count("clone", setup, at)
            _count("redeal", setup, at)
            if check_redeal(game, at, inside).kept_hidden:
                _count("redeal kept the hidden cards", setup, at)
            check_clone(at, seed * 1000 + inside)
    assert inside > 0, "no decision inside a power: the property was not tried"


def test_the_redeal_moves_hidden_cards() -> None:
    """Not a no-op: over a few redeals of a mid-game state the other hands change."""
    game = _game(("import-export", 4, ("base",)))
    pt = Playthrough.start(game, 3, 0)
    play_on(pt, GameRandom.from_seed(1), limit=40)
    seat = pt.decision.player
    other = (seat + 1) % 4
    hands = {tuple(pt.for_seat(seat, GameRandom.from_seed(k)).state.hands[other]) for k in range(5)}
    assert len(hands) > 1


def test_a_playthrough_started_not_clonable_refuses_to_copy() -> None:
    game = _game(("travel", 4, ()))
    pt = Playthrough.start(game, 1, 0, clonable=False)
    with pytest.raises(ValueError, match="clonable=False"):
        pt.clone()
