# %% [markdown]
# # Travel game: a first balance look
#
# A notebook in the percent format (open it as a notebook in VS Code, Spyder or with
# Jupytext; run it as a script too). It reads a run folder made by
# `deckhand simulate travel ... --out RUN` and answers three designer questions:
# does a seat win too often, which cards move the win rate, do the end reasons look sane.
# Set `DECKHAND_RUN` to the run folder (default: runs/quickstart, from the README).

# %%
import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from simulator.analysis.stats import wilson  # noqa: E402
from simulator.runs import open_run  # noqa: E402

RUN = Path(os.environ.get("DECKHAND_RUN", "runs/quickstart"))
run = open_run(RUN)  # the run folder's tables as polars frames (.to_pandas() for pandas)
games, players, cards = run.games, run.players, run.cards
print(f"{games.height} games, {players.height} player-games from {RUN}")

# %% [markdown]
# The card events as one long table (game, seat, card, event, count): a question about a
# card is a filter and a join. Here in pandas: the win rate of players who held each card.

# %%
events = run.card_events.to_pandas()
held = events[events["event"] == "held"][["game_id", "seat", "card_name"]].drop_duplicates()
by_card = held.merge(players.select("game_id", "seat", "win").to_pandas(), on=["game_id", "seat"])
print(by_card.groupby("card_name")["win"].agg(["mean", "size"]).sort_values("mean").tail(5))

# %% [markdown]
# ## Does the first player win too often?
# With N players a fair seat wins 1/N of the games. Turn order 0 is the first player.


# %%
def win_rates(by: str) -> pl.DataFrame:
    table = (
        players.group_by(by).agg(pl.len().alias("n"), pl.col("win").sum().alias("wins")).sort(by)
    )
    intervals = [wilson(w, n) for w, n in zip(table["wins"], table["n"], strict=True)]
    return table.with_columns(
        (pl.col("wins") / pl.col("n")).alias("win_rate"),
        pl.Series("low", [lo for lo, _ in intervals]),
        pl.Series("high", [hi for _, hi in intervals]),
    )


by_order = win_rates("turn_order")
print(by_order)
print(win_rates("strategy"))

# %% [markdown]
# ## Which cards move the win rate?
# IWD = win rate when the card was ever in hand minus when it was in the game but never
# in hand (17lands). Read it with its interval and its false-discovery-rate q-value.

# %%
held = cards.filter(pl.col("gih_n") > 0, pl.col("iwd").is_not_nan()).sort("iwd")
columns = ["name", "type", "gih_n", "gih_wr", "gns_wr", "iwd", "iwd_lo", "iwd_hi", "iwd_q"]
print(held.select(columns).tail(5))
print(held.select(columns).head(5))

figure, axis = plt.subplots(figsize=(6, max(2, 0.25 * held.height)))
axis.errorbar(
    held["iwd"] * 100,
    range(held.height),
    xerr=[(held["iwd"] - held["iwd_lo"]) * 100, (held["iwd_hi"] - held["iwd"]) * 100],
    fmt="o",
)
axis.set_yticks(range(held.height), held["name"].to_list())
axis.axvline(0, color="grey")
axis.set_xlabel("IWD, percentage points (95% interval)")
figure.tight_layout()
out = RUN / "notebook_iwd.png"
figure.savefig(out)
print(f"figure: {out}")

# %% [markdown]
# ## How do games end?

# %%
print(games.group_by("end_reason").len().sort("len", descending=True))
print(
    games.select(
        pl.col("turns").median().alias("median_turns"), pl.col("turns").mean().alias("mean")
    )
)
