# %% [markdown]
# # From a flagged card to its ablation and sweep
#
# A notebook in the percent format. A designer's run report flags a card: players who owned
# it won more (or less). That is a correlation, and the adjusted figure only controls for
# seat and strategy. This notebook takes the card from the run (`DECKHAND_RUN`, an
# Import/Export run folder made by `deckhand simulate`), asks the experiment (`deckhand
# ablate`: the same deals with its power on and off) what its power is worth, and then
# sweeps one of its numbers (`deckhand sweep`) to see where it would be balanced.
# `DECKHAND_OUT` is where the ablation and the sweep go (default runs/flagged);
# `DECKHAND_DEALS` how many deals each plays (default 1000: a minute or two per step on two
# cores at 2 players; more for a 4-player game). See docs/metrics.md, "Three kinds of
# evidence".

# %%
import json
import math
import os
from pathlib import Path

import polars as pl

from simulator.experiments.ablation import make_plan, run_ablation
from simulator.folders.config import RunConfig, RunOptions
from simulator.folders.run_folder import load_manifest
from simulator.runs.sweep import plan_sweep, run_sweep, sweep_summary

RUN = Path(os.environ.get("DECKHAND_RUN", "runs/ie"))
OUT = Path(os.environ.get("DECKHAND_OUT", "runs/flagged"))
DEALS = int(os.environ.get("DECKHAND_DEALS", "1000"))
config = RunConfig.from_json(load_manifest(RUN)["config"])
cards = pl.read_parquet(RUN / "cards.parquet")
print(f"run {RUN}: {config.games:,} games, {config.game.players} players, {config.strategies}")

# %% [markdown]
# ## 1. The flagged card (correlation, then adjusted)
# The card with the strongest adjusted figure for owning its power (`adj_fulfilled_*`,
# flagged when its q < 0.05); where the run is too small for any adjusted figure, the card
# with the largest raw IWD (games in hand minus games not seen).

# %%
cards = cards.filter(pl.col("in_game")).with_columns(pl.col(pl.Float64).fill_nan(None))
if "adj_fulfilled_pp" in cards.columns and cards["adj_fulfilled_pp"].drop_nulls().len():
    ranked = cards.drop_nulls("adj_fulfilled_pp").sort(
        pl.col("adj_fulfilled_pp").abs(), descending=True
    )
    basis = "adjusted (fulfilled)"
elif cards["iwd"].drop_nulls().len():
    ranked = cards.drop_nulls("iwd").sort(pl.col("iwd").abs(), descending=True)
    basis = "raw IWD"
else:  # a run too small for either: the card owned most often, to show the steps
    ranked = cards.sort("fulfilled_n", descending=True)
    basis = "most often owned (the run is too small for IWD or adjusted figures)"
card = ranked.row(0, named=True)["name"]
wanted = (
    "name",
    "fulfilled_n",
    "fulfilled_wr",
    "iwd",
    "iwd_q",
    "adj_fulfilled_pp",
    "adj_fulfilled_q",
)
print(f"flagged card ({basis}): {card}")
print(ranked.select([c for c in wanted if c in cards.columns]).head(5))


# %% [markdown]
# ## 2. The experiment: the same deals with its power on and off
# Paired design: every deal is played as printed and with the card vanilla, with the same
# random streams, so the games differ only once the power matters. The power's worth is the
# change in its owner's win rate in points, with a 95% interval: does the power do anything?
# Whether the card is too strong is another question, answered against the typical power of
# its kind: that needs the other powers ablated too (`deckhand ablate --cards all`), and an
# ablation of one card says so instead of a verdict (docs/metrics.md, "The typical card").

# %%
plan = make_plan(
    config.game, config.strategies, cards=card, design="paired", deals=DEALS, seed=config.seed
)
folder = run_ablation(plan, OUT / "ablation", progress=False, overwrite=True)
effect = pl.read_parquet(folder / "ablation.parquet").row(0, named=True)


def points(v: float | None) -> str:
    return "n/a" if v is None or math.isnan(v) else f"{v:+.1f}"  # ablation.parquet: points


print(
    f"{card}: worth to its owner (power on minus off) = {points(effect['worth'])} points "
    f"[{points(effect['worth_lo'])}, {points(effect['worth_hi'])}], owner rows "
    f"{effect['n_on']}; game length {effect['turns_effect']:+.2f} turns"
)
check = (
    "no figure (too few deals where it was owned: raise DECKHAND_DEALS)"
    if effect["worth"] is None
    else f"{effect['worth_check']} (tolerance \u00b1{effect['tolerance']:g} points)"
)
print(f"does the power do anything? {check}")
print(
    f"against the typical power of its kind: {effect['verdict']}"
    if effect["verdict"] is not None
    else f"against the typical power of its kind: no verdict ({effect['typical_note']})"
)

# %% [markdown]
# ## 3. A number of the card, swept
# If the power is worth too much or too little, which value of its number would balance it?
# One run per value, all with the same seed (common random numbers).

# %%
from simulator.catalog import get_game  # noqa: E402

spec = get_game(config.game.game)
sheet_path = Path(config.game.card_sheet or spec.card_sheet)
from simulator.core.cards import load_card_sheet  # noqa: E402

sheet_row = next(r for r in load_card_sheet(sheet_path, spec.card_schema).rows if r["name"] == card)
numbers = {k: v for k, v in (sheet_row["params"] or {}).items() if isinstance(v, int | float)}
if numbers:
    key, printed = next(iter(numbers.items()))
    values = sorted({printed, max(1, printed // 2), printed * 2 if printed else 2})
    options = RunOptions(
        config.game.game,
        players=config.game.players,
        modules=config.game.modules,
        strategies=config.strategies,
        games=DEALS,
        seed=config.seed,
        card_sheet=config.game.card_sheet,
    )
    values_text = ",".join(str(v) for v in values)
    sweep = plan_sweep(options, card, f"{key}={values_text}", OUT / "sweep", overwrite=True)
    run_sweep(sweep, progress=False)
    summary = sweep_summary(OUT / "sweep")
    for p in summary.points:
        owner = p.owner_wins / p.owner_n if p.owner_n else math.nan
        print(f"  {key}={p.value}: owner win rate {100 * owner:.1f}% (n={p.owner_n}), {p.status}")
    print(f"balanced at {key} = {summary.balanced_values}")
else:
    print(f"{card} has no numbers to sweep; its power is all or nothing (step 2)")

# %%
print(json.dumps({"card": card, "basis": basis, "worth": effect["worth"]}, default=str))
