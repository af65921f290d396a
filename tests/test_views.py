"""A bot's view is read-only: nothing a strategy can reach through the view's public
attributes and methods (taken as far as they go) is the game, the state or one of the
state's own lists, dicts or sets, one of the rules' card tables, or a method bound to any of
them. So a bot can read the table but has no route to a method that changes it, nor to the
tables the rules play with (issue 12, item 5)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from simulator.folders.config import make_run_config
from simulator.games.travel.cards import EXPANSIONS
from simulator.runs.match import Match

ATOMS = (int, float, str, bool, bytes, type(None))


def _public_values(obj: Any) -> list[Any]:
    """The values of obj's public attributes, with its public methods that take no
    argument called (a property is read the same way)."""
    values = []
    for name in dir(obj):
        if name.startswith("_"):
            continue
        try:
            value = getattr(obj, name)
        except Exception:  # noqa: BLE001 - a property that does not apply now
            continue
        values.append(value)
        if callable(value) and not isinstance(value, type):
            try:
                required = [
                    p
                    for p in inspect.signature(value).parameters.values()
                    if p.default is p.empty
                    and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                ]
            except (TypeError, ValueError):
                continue
            if not required:
                try:
                    values.append(value())
                except Exception:  # noqa: BLE001 - a query that does not apply now
                    pass
    return values


def _reachable(view: Any, depth: int = 4) -> list[Any]:
    seen: set[int] = set()
    found: list[Any] = []
    stack = [(view, 0)]
    while stack:
        obj, level = stack.pop()
        if id(obj) in seen or isinstance(obj, ATOMS):
            continue
        seen.add(id(obj))
        found.append(obj)
        if level >= depth:
            continue
        if isinstance(obj, dict):
            children = [*obj.keys(), *obj.values()]
        elif isinstance(obj, (tuple, list, set, frozenset)):
            children = list(obj)
        else:
            children = _public_values(obj)
        stack.extend((child, level + 1) for child in children)
    return found


def _state_containers(state: Any) -> set[int]:
    """The ids of the state and of every list, dict and set inside it (a few levels)."""
    ids: set[int] = {id(state)}
    stack = [
        (getattr(state, name, None), 0)
        for name in dir(state)
        if not name.startswith("__") and name != "views"  # (the views themselves are handed out)
    ]
    while stack:
        obj, level = stack.pop()
        if isinstance(obj, (list, dict, set)):
            if id(obj) in ids:
                continue
            ids.add(id(obj))
            if level < 3:
                items = [*obj.keys(), *obj.values()] if isinstance(obj, dict) else list(obj)
                stack.extend((item, level + 1) for item in items)
        elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
            if level < 3 and not isinstance(obj, ATOMS) and not callable(obj):
                for name in dir(obj):
                    if not name.startswith("__"):
                        stack.append((getattr(obj, name, None), level + 1))
    return ids


@pytest.mark.parametrize(
    ("game", "sets"),
    [
        ("import-export", ("all",)),
        ("travel", EXPANSIONS),
    ],
)
def test_no_public_route_from_a_view_to_the_game_or_its_state(game: str, sets: tuple) -> None:
    match = Match(make_run_config(game, 4, sets, ("random",), games=1, seed=2))
    views: list[tuple[Any, Any]] = []
    observe = match.game.observe

    def watched(state: Any, player: int) -> Any:  # the views handed to the bots, kept
        view = observe(state, player)
        views.append((state, view))
        return view

    match.game.observe = watched  # type: ignore[method-assign]
    match.play(0)
    assert len(views) > 20
    tables = _state_containers(match.game.cards)  # the rules' own card tables
    for state, view in views[:: len(views) // 5]:  # five moments of the game
        forbidden = _state_containers(state) | tables
        reachable = _reachable(view)
        assert len(reachable) > 10  # the walk reaches the view's tables, not just itself
        for obj in reachable:
            assert obj is not match.game, f"{type(view).__name__} reaches the game"
            assert obj is view or id(obj) not in forbidden, (
                f"{type(view).__name__} reaches a part of the state: {type(obj).__name__}"
            )
            owner = getattr(obj, "__self__", None)
            assert owner is not match.game and (owner is view or id(owner) not in forbidden), (
                f"{type(view).__name__} reaches a method of the game or the state: {obj!r:.80}"
            )


def test_the_views_card_tables_are_an_equal_copy_with_dicts_of_their_own() -> None:
    """The tables the views show equal the rules' own, field for field, and share none of
    their dicts (a field added to the tables and forgotten by the copy fails here)."""
    match = Match(make_run_config("import-export", 4, ("all",), ("heuristic",), games=1))
    rules = match.game.cards
    shown = match.game.facts.cards
    assert shown == rules and shown is not rules
    assert shown.contract_by_id is not rules.contract_by_id
    assert shown.card_of_contract is not rules.card_of_contract
    for cid, contract in rules.contract_by_id.items():
        twin = shown.contract_by_id[cid]
        assert twin == contract
        assert twin.level is not contract.level and twin.cargo is not contract.cargo
        assert twin.params is not contract.params
