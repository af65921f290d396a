# %% [markdown]
# # One card parameter swept
#
# A notebook in the percent format. It reads a folder made by
# `deckhand sweep GAME --card NAME --param KEY=V1,V2,... --out SWEEP` (one run per value, all
# with the same seed) and asks: how does the card's contribution move with the number, and
# at which values is it neither over- nor under-performing? Set `DECKHAND_SWEEP` to the
# folder (default: runs/sweep). `OUT/sweep.html` shows the same as an HTML report.

# %%
import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from simulator.runs.sweep import sweep_summary  # noqa: E402

SWEEP = Path(os.environ.get("DECKHAND_SWEEP", "runs/sweep"))
summary = sweep_summary(SWEEP)
print(
    f"{summary.card}: {summary.key} over {[p.value for p in summary.points]} "
    f"(sheet value {summary.original}); contribution: {summary.metric}"
)

# %% [markdown]
# ## Per value
# The contribution (adjusted if the runs have it, raw IWD otherwise) with its 95% interval,
# and the win rate of the card's owner (Import/Export: fulfilled it; travel: held it).

# %%
table = pl.DataFrame(
    {
        summary.key: [float(p.value) for p in summary.points],
        "contribution": [p.contribution for p in summary.points],
        "lo": [p.lo for p in summary.points],
        "hi": [p.hi for p in summary.points],
        "status": [p.status for p in summary.points],
        "owner_n": [p.owner_n for p in summary.points],
        "owner_wr": [p.owner_wins / p.owner_n if p.owner_n else None for p in summary.points],
        "mean_turns": [p.mean_turns for p in summary.points],
    }
)
print(table)

# %% [markdown]
# ## Where is the card balanced?
# Each value's verdict against the card's peers (docs/metrics.md, "Verdicts"): balanced only
# when the whole interval lies within the tolerance, unclear when the run cannot tell yet.
# Then where a weighted straight line through the measure meets the peers, with Fieller's
# interval (`deckhand balance` searches for that value with its own games).

# %%
for point in summary.points:
    print(f"{summary.key} = {point.value}: {point.words()}")
print(f"balanced at {summary.key} = {summary.balanced_values or 'no value tried'}")
fit = summary.fit
if fit is not None and fit.bounded:
    print(f"meets its peers near {summary.key} = {fit.x0:.3g} [{fit.x0_lo:.3g}, {fit.x0_hi:.3g}]")
elif fit is not None:
    print(f"slope {fit.slope:+.4f} per unit is not clearly away from 0: no break-even value")

# %%
figure, axis = plt.subplots(figsize=(5, 3))
xs = table[summary.key]
axis.errorbar(
    xs,
    table["contribution"] * 100,
    yerr=[
        (table["contribution"] - table["lo"]) * 100,
        (table["hi"] - table["contribution"]) * 100,
    ],
    fmt="o",
)
axis.axhline(0, color="grey")
axis.set_xlabel(summary.key)
axis.set_ylabel(f"{summary.metric} contribution (points)")
figure.tight_layout()
out = SWEEP / "notebook_sweep.png"
figure.savefig(out)
print(f"figure: {out}")
