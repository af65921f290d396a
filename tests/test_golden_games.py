"""The golden games are unchanged (tests/golden_games.py): same seed and config, the same
games, bit for bit. A deliberate play change records them again in a commit of its own."""

from __future__ import annotations

import json
from pathlib import Path

import golden_games
import pytest
from golden_games import (
    CONFIGS,
    NATIVE_CANDIDATES,
    Golden,
    fingerprint,
    golden_config,
    recorded,
    recorded_version,
)

from simulator import __version__
from simulator.native.engine_choice import blockers

SAVED = recorded()


def test_every_configuration_is_recorded() -> None:
    assert sorted(SAVED) == sorted(g.name for g in CONFIGS)


def test_the_games_were_recorded_by_this_version() -> None:
    """A change of play moves the version (golden_games.py refuses to record new games under
    the old one), and a new version records the games again: so a run folder's version
    says which games it holds, and no run is resumed with games of another kind."""
    assert recorded_version() == __version__


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


@pytest.mark.parametrize("golden", NATIVE_CANDIDATES, ids=lambda g: g.name)
def test_the_native_engine_plays_the_golden_games(golden: Golden) -> None:
    """The base-set configurations, played by the native core, give the recorded games
    bit for bit (decisions asked included), wherever the built core plays them."""
    missing = blockers(golden_config(golden))
    if missing:
        pytest.skip("; ".join(missing))
    saved = SAVED[golden.name]
    now = fingerprint(golden, "native")
    assert now["sample"] == saved["sample"], "the first games differ"
    assert now == saved


def test_new_games_are_not_recorded_under_the_old_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`golden_games.py --update` refuses games that differ from the recorded ones while
    the version is the one that recorded them (here one configuration's fingerprint is
    altered, as if the rules had changed)."""
    copy = tmp_path / "golden_games.json"
    saved = json.loads(golden_games.FINGERPRINTS.read_text())
    name = "travel/none/2p/random"
    saved[name]["games_sha256"] = "0" * 64
    copy.write_text(json.dumps(saved))
    monkeypatch.setattr(golden_games, "FINGERPRINTS", copy)
    assert golden_games.main(["--update", name]) == 1
    assert json.loads(copy.read_text()) == saved  # nothing recorded
