# %% [markdown]
# # Expansion mixes compared
#
# A notebook in the percent format (open it as a notebook in VS Code, Spyder or with
# Jupytext; run it as a script too). It reads the run folders of one game made by
# `deckhand mixes GAME --mix base --mix base+kickstarter ... --out GRID` (or any
# `deckhand simulate` runs) and asks: do games get longer or end differently, does the first
# player's edge change, and which cards' contributions change most when the mix changes.
# Set `DECKHAND_RUNS` to the run folders separated by `os.pathsep` (":" on Linux); the first
# is the reference. Default: every run folder under runs/mixes. `deckhand compare` writes the
# same numbers as an HTML report.

# %%
import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from simulator.analysis.compare import (  # noqa: E402
    card_changes,
    count_rates,
    length_stats,
    load_runs,
    mean_difference,
    rate_difference,
    win_rates,
)

default = os.pathsep.join(sorted(str(p.parent) for p in Path("runs/mixes").glob("*/manifest.json")))
RUNS = [Path(p) for p in os.environ.get("DECKHAND_RUNS", default).split(os.pathsep) if p]
runs = load_runs(RUNS)  # labelled by what differs between their manifests
for run in runs:
    print(f"{run.label}: {run.folder}")

# %% [markdown]
# ## Game length and end reasons
# Mean turns with a normal interval, median with the distribution-free one; the change of
# the mean against the reference with Welch's standard error.

# %%
lengths = [length_stats(run) for run in runs]
for run, s in zip(runs, lengths, strict=True):
    lo, hi = s.mean_interval
    print(
        f"{run.label}: {s.games} games, mean {s.mean:.1f} turns [{lo:.1f}, {hi:.1f}], "
        f"median {s.median:g} [{s.median_lo:g}, {s.median_hi:g}]"
    )
for run, s in zip(runs[1:], lengths[1:], strict=True):
    d = mean_difference(lengths[0], s)
    print(f"{run.label} vs {runs[0].label}: mean {d.diff:+.1f} turns [{d.lo:+.1f}, {d.hi:+.1f}]")

for run in runs:
    reasons, total = count_rates(run, "end_reason")
    shares = ", ".join(f"{k} {r.rate:.0%}" for k, r in sorted(reasons.items()))
    print(f"{run.label}: {shares} of {total} games")

# %% [markdown]
# ## The first player's edge
# With N players a fair seat wins 1/N; the change against the reference has a Newcombe
# interval.

# %%
first = [win_rates(run, "turn_order")[0] for run in runs]
for run, rate in zip(runs, first, strict=True):
    lo, hi = rate.interval
    print(f"{run.label}: first player wins {rate.rate:.1%} [{lo:.1%}, {hi:.1%}]")
for run, rate in zip(runs[1:], first[1:], strict=True):
    d = rate_difference(first[0], rate)
    print(f"{run.label} vs {runs[0].label}: {100 * d.diff:+.1f} points, p = {d.p:.3f}")

# %% [markdown]
# ## Cards whose contribution changes most
# Per card in both runs: the adjusted contribution (or raw IWD when the run has no adjusted
# columns) in each run, the change with its 95% interval, and the Benjamini-Hochberg q-value
# across the cards compared. Read q < 0.05, not p.

# %%
reference = runs[0].cards()
changes = pl.DataFrame()
for run in runs[1:]:
    changes = card_changes(reference, run.cards())
    h = changes["headline"][0]
    columns = ["name", "type", f"{h}_a", f"{h}_b", f"{h}_change", f"{h}_change_lo"]
    columns += [f"{h}_change_hi", f"{h}_change_q"]
    print(f"{run.label} vs {runs[0].label} ({h}): {changes.height} cards compared")
    print(changes.select(columns).head(8))

# %%
top = changes.head(12).reverse()
h = changes["headline"][0]
figure, axis = plt.subplots(figsize=(6, max(2, 0.3 * top.height)))
axis.errorbar(
    top[f"{h}_change"] * 100,
    range(top.height),
    xerr=[
        (top[f"{h}_change"] - top[f"{h}_change_lo"]) * 100,
        (top[f"{h}_change_hi"] - top[f"{h}_change"]) * 100,
    ],
    fmt="o",
)
axis.set_yticks(range(top.height), top["name"].to_list())
axis.axvline(0, color="grey")
axis.set_xlabel(f"change of {h}, {runs[-1].label} - {runs[0].label} (points, 95% interval)")
figure.tight_layout()
out = RUNS[0].parent / "notebook_compare.png"
figure.savefig(out)
print(f"figure: {out}")
