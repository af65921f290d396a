"""The golden games are unchanged (tests/golden_games.py): same seed and config, the same
games, bit for bit. A deliberate play change records them again in a commit of its own."""

from __future__ import annotations

import pytest
from golden_games import CONFIGS, Golden, fingerprint, recorded

SAVED = recorded()


def test_every_configuration_is_recorded() -> None:
    assert sorted(SAVED) == sorted(g.name for g in CONFIGS)


@pytest.mark.parametrize("golden", CONFIGS, ids=lambda g: g.name)
def test_golden_games_are_unchanged(golden: Golden) -> None:
    saved = SAVED[golden.name]
    now = fingerprint(golden)
    # the first games as rows first: a difference there says which game went otherwise
    assert now["sample"] == saved["sample"], "the first games differ"
    assert now["turns"] == saved["turns"], "same first games, but later ones differ in length"
    assert (now["games_sha256"], now["players_sha256"]) == (
        saved["games_sha256"],
        saved["players_sha256"],
    ), "the games differ (run `python tests/golden_games.py` to see which configurations)"
    assert now["decisions"] == saved["decisions"], (
        "the same games, but the bots were asked a different number of decisions: record "
        "again (`python tests/golden_games.py --update`) if that is what the change meant"
    )
