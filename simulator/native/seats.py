"""The native Import/Export core's seat codes: which native bot plays each strategy slot of
a run, with the parameter text each bot reads (`_core.play_import_export(seats=..., bots=...)`):
random, the heuristic (heuristic_table.py) and the search (mcts_table.py)."""

from __future__ import annotations

from typing import Any

from simulator.native import heuristic_table, mcts_table


def seat_codes(choices: Any, game: Any) -> tuple[list[int], list[str]]:
    """The native seat code of each strategy slot of a run (`Match.choices`) and, by code,
    the parameter text each code's seats read (`_core.play_import_export(bots=...)`): 0 for
    `random`, and for each distinct heuristic text (its defaults, a preset, overrides) a code
    from heuristic_table.STRATEGY_CODE on, and for each distinct mcts text a code from
    mcts_table.FIRST_CODE on. A slot the core cannot play raises ValueError with
    `native_reason`."""
    codes: list[int] = []
    texts: list[str] = [""]
    by_text: dict[str, int] = {}
    searches: list[str] = []
    for choice in choices:
        built = choice.build()
        if built.name == "random":
            codes.append(0)
            continue
        if built.name == "mcts":  # codes from mcts_table.FIRST_CODE, texts at their code
            why = mcts_table.native_reason(built)
            if why is not None:
                raise ValueError(why)
            text = mcts_table.seat_options(built, game)
            if text not in searches:
                if len(searches) == mcts_table.CODES:
                    raise ValueError("more mcts parameter sets in one run than the core seats")
                searches.append(text)
            codes.append(mcts_table.FIRST_CODE + searches.index(text))
            continue
        why = heuristic_table.native_reason(built)
        if why is None and heuristic_table.is_classic(built) and game is not None:
            why = heuristic_table.classic_modules_reason([*game.sets, *game.variants])
        if why is not None:
            raise ValueError(why)
        if choice.text not in by_text:
            by_text[choice.text] = len(texts)
            texts.append(heuristic_table.seat_options(built, game))
        codes.append(by_text[choice.text])
    if searches:
        texts.extend([""] * (mcts_table.FIRST_CODE - len(texts)))
        texts.extend(searches)
    return codes, texts
