"""Adjusted per-card contribution: a penalised logistic regression, fitted in chunks.

Raw per-card win rates (GIH WR, IWD) are biased toward the cards that strong players touch:
a strong strategy, or a good seat, touches more cards and wins more, so every card it touches
looks good. The adjusted contribution of a card is its coefficient in one logistic regression
of "this player won" on

- an intercept;
- player count (one-hot, reference: the smallest count) and turn order within each player
  count (one-hot, reference: the first player);
- strategy, as recorded in the players table (the `--strategy` text: name and parameters;
  one-hot, reference: the first in sorted order);
- expansion mix: one 0/1 column per module in play in some games but not in all;
- one 0/1 column per card kind: "this player had the card's event in this game" (by default
  the 17lands "in hand" event: opening hand or drawn);

with constant columns dropped. The card coefficients have a Gaussian prior N(0, prior_sd^2)
(an L2 penalty); the other columns a nearly flat one (nuisance_sd, only to keep the fit finite
when a strategy never wins or two columns coincide); the intercept none. The fit is Newton's
method (IRLS) on the penalised log-likelihood; every pass streams the data chunk by chunk and
adds up X'WX and the gradient, so memory does not grow with the number of games. Intervals
are Wald intervals from the inverse penalised Hessian (a Laplace approximation of the
posterior), with two-sided Wald p-values and Benjamini-Hochberg q-values across the cards that
pass the minimum-sample rule. docs/metrics.md states the model in full.
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from simulator.analysis.stats import Z95, benjamini_hochberg
from simulator.analysis.threads import one_blas_thread, ordered_map
from simulator.analysis.typical import against_typical
from simulator.folders import run_folder

GIH = "gih"
"""The event-set name meaning "in hand" (the game's `seen_events`: opening hand or drawn)."""

BASE_COLUMNS = ("game_id", "turn_order", "strategy", "win", "players", "modules")
"""Columns every chunk must have, besides the event list columns of the model."""

ChunkLoader = Callable[[], pl.DataFrame]
"""Reads one chunk of player rows: every row of its games, BASE_COLUMNS and the event lists."""

BLOCK_ROWS = 16_384
"""Rows multiplied at a time (bounds the float64 temporaries of a big chunk)."""


@dataclass(frozen=True)
class AdjustedOptions:
    """The model's settings; docs/metrics.md explains each default."""

    prior_sd: float = 0.5
    """Prior standard deviation of a card's coefficient (log-odds)."""
    nuisance_sd: float = 10.0
    """Prior sd of seat, player-count, strategy and module coefficients: practically flat."""
    min_games: int = 100
    """A card is reported only with at least this many player-games with and without it."""
    shared_wins: str = "full"
    """'full': a shared win is a win for each winner; 'split': each of k winners scores 1/k."""
    fdr: float = 0.05
    """q-value below which a card is flagged 'over' or 'under'."""
    max_iter: int = 30
    tol: float = 1e-8
    """Newton stops when no coefficient moves by more than this (log-odds)."""
    cache_mb: float = 1024.0
    """Chunks kept in memory between Newton passes (about 24 bytes a player row with 180
    card kinds: a million four-player games take about 100 MB); chunks beyond it are re-read
    each pass."""
    count_covariate: bool = False
    """Also control for how many card kinds had the event for the player (activity): a card's
    coefficient then compares it with an average other card instead of with no card."""

    threads: int = 1
    """Threads that read the chunks and multiply their blocks; the fit does not depend on it
    (analysis/threads.py)."""

    def __post_init__(self) -> None:
        if self.threads < 1:
            raise ValueError("threads must be >= 1")
        if not self.prior_sd > 0 or not self.nuisance_sd > 0:
            raise ValueError("prior_sd and nuisance_sd must be positive")
        if self.shared_wins not in ("full", "split"):
            raise ValueError("shared_wins must be 'full' or 'split'")
        if self.min_games < 0:
            raise ValueError("min_games must be >= 0")


def event_columns(event: str, seen_events: Sequence[str]) -> tuple[str, ...]:
    """The player list columns that make one event set: 'gih' is the seen events, E is E."""
    return tuple(seen_events) if event == GIH else (event,)


def column_prefix(event: str) -> str:
    """Prefix of the summary columns of one event set: 'adj_' for GIH, else 'adj_<event>_'."""
    return "adj_" if event == GIH else f"adj_{event}_"


# ---------------------------------------------------------------------------- data sources


def run_chunks(folder: str | Path, events: Sequence[str]) -> list[ChunkLoader]:
    """One loader per completed chunk of a run folder, in chunk order.

    Each loader scans the chunk's players and games part files for just the columns the
    model needs; nothing is read until a loader is called.
    """
    folder = Path(folder)
    pairs = zip(
        run_folder.part_files(folder, "players"),
        run_folder.part_files(folder, "games"),
        strict=True,
    )
    wanted = ["game_id", "seat", "turn_order", "strategy", "win", *dict.fromkeys(events)]

    def loader(players_part: Path, games_part: Path) -> ChunkLoader:
        def load() -> pl.DataFrame:
            players = pl.scan_parquet(players_part).select(wanted)
            games = pl.scan_parquet(games_part).select("game_id", "players", "modules")
            return players.join(games, on="game_id", how="left").sort("game_id", "seat").collect()

        return load

    return [loader(p, g) for p, g in pairs]


def frame_chunks(
    players: pl.DataFrame, games: pl.DataFrame, games_per_chunk: int | None = None
) -> list[ChunkLoader]:
    """Loaders over in-memory players and games tables, `games_per_chunk` games each."""
    joined = players.join(
        games.select("game_id", "players", "modules"), on="game_id", how="left"
    ).sort("game_id", "seat")
    rows_per_game = joined.group_by("game_id", maintain_order=True).len()["len"].to_numpy()
    ends = np.concatenate([[0], np.cumsum(rows_per_game)])
    size = max(games_per_chunk or len(rows_per_game), 1)
    loaders: list[ChunkLoader] = []
    for first in range(0, len(rows_per_game), size):
        start, stop = int(ends[first]), int(ends[min(first + size, len(rows_per_game))])
        part = joined.slice(start, stop - start)
        loaders.append(_held(part))
    return loaders


def _held(frame: pl.DataFrame) -> ChunkLoader:
    """The loader of a chunk already in memory."""
    return lambda: frame


# ---------------------------------------------------------------------------- design


class _Codes:
    """Stable integer codes for the text values of a column, in order of first sight."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def encode(self, local: _LocalCodes) -> np.ndarray:
        """Codes of a chunk's values, coded first within the chunk (`local_codes`, on any
        thread), here in the order chunks come (so codes follow the order of first sight)."""
        uniques, codes = local
        for value in uniques:
            self.index.setdefault(value, len(self.index))
        table = np.array([self.index[v] for v in uniques], dtype=np.int32)
        return table[codes] if len(uniques) else codes.astype(np.int32)


_LocalCodes = tuple[list[str], np.ndarray]
"""A chunk's distinct values in order of first sight, and each row's index into them."""


def local_codes(values: pl.Series) -> _LocalCodes:
    """The chunk-local coding of a text column (nulls as '')."""
    filled = values.fill_null("")
    uniques = filled.unique(maintain_order=True).to_list()
    mapping = {v: i for i, v in enumerate(uniques)}
    return uniques, filled.replace_strict(mapping, return_dtype=pl.Int32).to_numpy()


@dataclass(frozen=True)
class _Block:
    """One chunk reduced to what the model needs (about one byte per row and card group)."""

    players: np.ndarray
    order: np.ndarray
    strategy: np.ndarray  # codes
    mix: np.ndarray  # codes of the comma-separated module strings
    packed: np.ndarray  # rows x card groups, 0/1, packed eight groups a byte (np.packbits)
    n_groups: int
    count: np.ndarray  # card groups with the event, per row
    y: np.ndarray

    @property
    def cards(self) -> np.ndarray:
        """Rows x card groups, bool: did the row have a card of the group's event."""
        return np.unpackbits(self.packed, axis=1, count=self.n_groups).view(bool)

    @property
    def nbytes(self) -> int:
        arrays = (self.players, self.order, self.strategy, self.mix, self.packed, self.count)
        return self.y.nbytes + sum(a.nbytes for a in arrays)


@dataclass(frozen=True)
class _RawBlock:
    """A block read on a worker thread, its text columns still coded within the chunk."""

    block: _Block
    strategy: _LocalCodes
    mix: _LocalCodes


class _Reader:
    """Reads chunks into blocks, keeping them in memory up to the cache budget."""

    def __init__(
        self,
        loaders: Sequence[ChunkLoader],
        events: Sequence[str],
        group_table: np.ndarray,
        n_groups: int,
        options: AdjustedOptions,
    ) -> None:
        self.loaders = loaders
        self.events = tuple(events)
        self.group_table = group_table
        self.n_groups = n_groups
        self.options = options
        self.strategies = _Codes()
        self.mixes = _Codes()
        self.cache: dict[int, _Block] = {}
        self.budget = int(options.cache_mb * 2**20)

    def blocks(self, only: Sequence[int] | None = None) -> Iterator[_Block]:
        """Every chunk's block (or the chunks `only`) in chunk order: from the cache, else
        read (`threads` at a time); the chunks' codes are settled in chunk order by the
        first pass, which reads every chunk (the survey)."""
        chunks = range(len(self.loaders)) if only is None else only

        def fetch(i: int) -> tuple[int, _Block | _RawBlock]:
            held = self.cache.get(i)
            return i, held if held is not None else self._read(self.loaders[i]())

        for i, got in ordered_map(fetch, chunks, self.options.threads):
            if isinstance(got, _RawBlock):
                block = dataclasses.replace(
                    got.block,
                    strategy=self.strategies.encode(got.strategy),
                    mix=self.mixes.encode(got.mix),
                )
                if block.nbytes <= self.budget:
                    self.cache[i] = block
                    self.budget -= block.nbytes
            else:
                block = got
            if len(block.y):
                yield block

    def _read(self, chunk: pl.DataFrame) -> _RawBlock:
        cards = np.zeros((chunk.height, self.n_groups), dtype=bool)
        for event in self.events:
            cards |= group_matrix(chunk[event], self.group_table, self.n_groups)
        block = _Block(
            players=chunk["players"].cast(pl.Int16).to_numpy(),
            order=chunk["turn_order"].cast(pl.Int16).to_numpy(),
            strategy=np.empty(0, dtype=np.int32),
            mix=np.empty(0, dtype=np.int32),
            packed=np.packbits(cards, axis=1),
            n_groups=self.n_groups,
            count=cards.sum(axis=1, dtype=np.int32),
            y=_y(chunk, self.options),
        )
        strategy = local_codes(chunk["strategy"].cast(pl.Utf8))
        return _RawBlock(block, strategy, local_codes(chunk["modules"].cast(pl.Utf8)))


def _y(chunk: pl.DataFrame, options: AdjustedOptions) -> np.ndarray:
    win = chunk["win"].cast(pl.Float64).fill_null(0.0).to_numpy()
    if options.shared_wins == "split":
        wins = pl.col("win").cast(pl.Float64).sum().over("game_id")
        k = chunk.select(wins).to_series().to_numpy()
        return np.where(k > 0, win / np.maximum(k, 1.0), 0.0)
    return win


def group_table(group_of: dict[int, int]) -> np.ndarray:
    """card id -> card group as an array (-1: a card of no group)."""
    table = np.full(max(group_of, default=-1) + 1, -1, dtype=np.int64)
    for card, group in group_of.items():
        if card >= 0:
            table[card] = group
    return table


def group_matrix(lists: pl.Series, table: np.ndarray, n_groups: int) -> np.ndarray:
    """Rows x card groups, bool: which groups a row's list of card ids holds (`table`:
    group_table; ids of no group are left out)."""
    rows = len(lists)
    cards = np.zeros((rows, n_groups), dtype=bool)
    # through Arrow's list layout: a few calls a column, where polars' own Series methods
    # cost a query each (a thousand columns a second, the summary's hot spot at a million)
    array = lists.to_arrow()
    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks()
    lengths = pc.list_value_length(array).fill_null(0).to_numpy(zero_copy_only=False)
    flat = pc.list_flatten(array)  # the values of the non-null lists, in row order
    ids = pc.fill_null(flat, -1).to_numpy(zero_copy_only=False).astype(np.int64, copy=False)
    r = np.repeat(np.arange(rows), lengths)
    g = _lookup(ids, table)
    keep = g >= 0
    cards[r[keep], g[keep]] = True
    return cards


def _lookup(ids: np.ndarray, table: np.ndarray) -> np.ndarray:
    out = np.full(ids.shape, -1, dtype=np.int64)
    ok = (ids >= 0) & (ids < len(table))
    out[ok] = table[ids[ok]]
    return out


def _modules_of(mix: str) -> set[str]:
    return {m for m in mix.split(",") if m}


@dataclass(frozen=True)
class _Layout:
    """The design matrix's columns, fixed by a first pass over the data."""

    names: tuple[str, ...]
    players: tuple[int, ...]  # player counts with a column
    orders: tuple[tuple[int, int], ...]  # (players, turn order) with a column
    strategies: tuple[int, ...]  # strategy codes with a column
    modules: np.ndarray  # bool, mix code x module column
    count: bool  # a column for the number of card kinds with the event
    cards: np.ndarray  # card groups with a column, in column order
    card_column: np.ndarray  # group -> design column (or -1)

    @property
    def n_nuisance(self) -> int:
        return len(self.names) - len(self.cards)


@dataclass(frozen=True)
class _Survey:
    rows: int
    y_sum: float
    count_varies: bool
    orders: dict[tuple[int, int], int]
    strategies: dict[int, int]
    mixes: dict[int, int]
    n_with: np.ndarray  # per group
    y_with: np.ndarray  # per group: the response summed over the rows with the event
    n_any: int  # rows with the event for at least one card group
    y_any: float


def _survey(reader: _Reader) -> _Survey:
    rows = 0
    y_sum = 0.0
    orders: dict[tuple[int, int], int] = {}
    strategies: dict[int, int] = {}
    mixes: dict[int, int] = {}
    n_with = np.zeros(reader.n_groups, dtype=np.int64)
    y_with = np.zeros(reader.n_groups, dtype=np.float64)
    n_any = 0
    y_any = 0.0
    counts_seen: set[int] = set()
    for block in reader.blocks():
        rows += len(block.y)
        y_sum += float(block.y.sum())
        some = block.count > 0
        n_any += int(some.sum())
        y_any += float(block.y[some].sum())
        cards = block.cards
        y_with += block.y @ cards
        if len(counts_seen) < 2:
            counts_seen.update(np.unique(block.count).tolist())
        seats = np.stack([block.players, block.order])
        pairs, counts = np.unique(seats, axis=1, return_counts=True)
        for (n, k), c in zip(pairs.T.tolist(), counts.tolist(), strict=True):
            orders[(n, k)] = orders.get((n, k), 0) + c
        for table, codes in ((strategies, block.strategy), (mixes, block.mix)):
            values, counts = np.unique(codes, return_counts=True)
            for v, c in zip(values.tolist(), counts.tolist(), strict=True):
                table[v] = table.get(v, 0) + c
        n_with += cards.sum(axis=0)
    return _Survey(
        rows, y_sum, len(counts_seen) > 1, orders, strategies, mixes, n_with, y_with, n_any, y_any
    )


def _layout(survey: _Survey, reader: _Reader) -> _Layout:
    rows = survey.rows

    def varies(count: int) -> bool:
        return 0 < count < rows

    names = ["(intercept)"]
    by_count: dict[int, int] = {}
    for (n, _), c in survey.orders.items():
        by_count[n] = by_count.get(n, 0) + c
    counts = sorted(by_count)
    players = tuple(n for n in counts[1:] if varies(by_count[n]))
    names += [f"players={n}" for n in players]
    orders = tuple(
        (n, k) for (n, k) in sorted(survey.orders) if k > 0 and varies(survey.orders[(n, k)])
    )
    many = len(counts) > 1
    names += [f"turn_order={k}" + (f" ({n} players)" if many else "") for n, k in orders]
    strategy_text = {code: text for text, code in reader.strategies.index.items()}
    ordered = sorted(survey.strategies, key=strategy_text.__getitem__)
    strategies = tuple(s for s in ordered[1:] if varies(survey.strategies[s]))
    names += [f"strategy={strategy_text[s]}" for s in strategies]
    mix_modules = {code: _modules_of(text) for text, code in reader.mixes.index.items()}
    module_rows: dict[str, int] = {}
    for code, c in survey.mixes.items():
        for m in mix_modules[code]:
            module_rows[m] = module_rows.get(m, 0) + c
    modules = [m for m in sorted(module_rows) if varies(module_rows[m])]
    names += [f"module={m}" for m in modules]
    table = np.zeros((len(reader.mixes.index), len(modules)), dtype=bool)
    for code, present in mix_modules.items():
        for j, m in enumerate(modules):
            table[code, j] = m in present
    count = reader.options.count_covariate and survey.count_varies
    if count:
        names.append("cards with the event")
    cards = np.array(
        [g for g in range(reader.n_groups) if varies(int(survey.n_with[g]))], dtype=np.int64
    )
    card_column = np.full(reader.n_groups, -1, dtype=np.int64)
    card_column[cards] = len(names) + np.arange(len(cards))
    names += [f"card group {g}" for g in cards.tolist()]
    return _Layout(tuple(names), players, orders, strategies, table, count, cards, card_column)


def _design(block: _Block, layout: _Layout) -> np.ndarray:
    """The block's design matrix (float64, rows x columns)."""
    x = np.empty((len(block.y), len(layout.names)))
    x[:, 0] = 1.0
    col = 1
    for count in layout.players:
        x[:, col] = block.players == count
        col += 1
    for count, order in layout.orders:
        x[:, col] = (block.players == count) & (block.order == order)
        col += 1
    for code in layout.strategies:
        x[:, col] = block.strategy == code
        col += 1
    width = layout.modules.shape[1]
    if width:
        x[:, col : col + width] = layout.modules[block.mix]
        col += width
    if layout.count:
        x[:, col] = block.count
        col += 1
    x[:, col:] = block.cards[:, layout.cards]
    return x


# ---------------------------------------------------------------------------- the fit


@dataclass(frozen=True)
class CardFit:
    """A fitted model: coefficients and standard errors of every design column."""

    names: tuple[str, ...]
    coef: np.ndarray
    se: np.ndarray
    card_column: np.ndarray
    """For each card group, its design column, or -1 when the column was constant."""
    n_with: np.ndarray
    """For each card group, player-games with the event."""
    rows: int
    baseline: float
    """Mean response: the win rate at which coefficients are translated to points."""
    iterations: int
    converged: bool
    covariance: np.ndarray | None = None
    """The inverse penalised Hessian (posterior covariance of every coefficient)."""
    wins_with: np.ndarray | None = None
    """For each card group, the response summed over the player-games with the event."""
    n_any: int = 0
    """Player-games with the event for at least one card group."""
    wins_any: float = 0.0

    def coefficient(self, name: str) -> tuple[float, float]:
        """(coefficient, standard error) of a design column by name."""
        i = self.names.index(name)
        return float(self.coef[i]), float(self.se[i])


def _expit(eta: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * eta))


_Terms = list[tuple[np.ndarray, np.ndarray, float]]
"""One block's terms of a pass: X'WX, X'(y - p) and the log-likelihood of each BLOCK_ROWS."""


def _block_terms(block: _Block, layout: _Layout, beta: np.ndarray) -> _Terms:
    x_all = _design(block, layout)
    terms: _Terms = []
    for start in range(0, len(block.y), BLOCK_ROWS):
        x = x_all[start : start + BLOCK_ROWS]
        y = block.y[start : start + BLOCK_ROWS]
        eta = x @ beta
        p = _expit(eta)
        xw = x * np.sqrt(p * (1.0 - p))[:, None]
        # numpy computes A.T @ A as a symmetric rank-k update
        terms.append((xw.T @ xw, x.T @ (y - p), float(np.sum(y * eta - np.logaddexp(0.0, eta)))))
    return terms


def _pass(
    reader: _Reader, layout: _Layout, beta: np.ndarray, only: Sequence[int] | None = None
) -> tuple[np.ndarray, np.ndarray, float]:
    """X'WX, the score X'(y - p) and the log-likelihood at beta, summed over every block
    (or the chunks `only`): the blocks' terms are computed `threads` at a time and added in
    block order."""
    n_cols = len(beta)
    h = np.zeros((n_cols, n_cols))
    g = np.zeros(n_cols)
    ll = 0.0
    threads = reader.options.threads
    for terms in ordered_map(
        lambda block: _block_terms(block, layout, beta), reader.blocks(only), threads
    ):
        for h_part, g_part, ll_part in terms:
            h += h_part
            g += g_part
            ll += ll_part
    return h, g, ll


WARM_START_CHUNKS = 64
"""From this many chunks the fit starts where a fit on every WARM_START_EVERY-th chunk ends,
to WARM_START_TOL: Newton then needs two or three passes over every chunk instead of five or
six (a pass over a million games' four million rows costs seconds), and ends at the same
optimum (to `tol`)."""
WARM_START_EVERY = 8
WARM_START_TOL = 1e-4


def _newton(
    reader: _Reader,
    layout: _Layout,
    beta: np.ndarray,
    penalty: np.ndarray,
    options: AdjustedOptions,
    tol: float | None = None,
    only: Sequence[int] | None = None,
) -> tuple[np.ndarray, np.ndarray, int, bool]:
    """Newton's method on the penalised log-likelihood from `beta` over the chunks `only`
    (None: all) until no coefficient moves by more than `tol` (default: the options');
    (beta, the penalised Hessian of the last pass, passes, converged)."""
    tol = options.tol if tol is None else tol
    previous: tuple[np.ndarray, float] | None = None
    converged = False
    iterations = 0
    halvings = 0
    hessian = np.diag(penalty + 1.0)
    while iterations < options.max_iter:
        iterations += 1
        h, g, ll = _pass(reader, layout, beta, only)
        objective = ll - 0.5 * float(np.sum(penalty * beta * beta))
        if previous is not None and objective < previous[1] - 1e-9 * abs(previous[1]):
            if halvings < 20:  # overshoot: go back half-way (rare for a logistic model)
                halvings += 1
                beta = 0.5 * (beta + previous[0])
                continue
        hessian = h + np.diag(penalty)
        step = np.linalg.solve(hessian, g - penalty * beta)
        previous = (beta, objective)
        beta = beta + step
        if float(np.max(np.abs(step))) < tol:
            converged = True
            break
    return beta, hessian, iterations, converged


def fit_card_model(
    loaders: Sequence[ChunkLoader],
    events: Sequence[str],
    group_of: dict[int, int],
    n_groups: int,
    options: AdjustedOptions | None = None,
) -> CardFit | None:
    """Fit the model on every chunk; None when there is nothing to fit (no rows, or nobody
    or everybody won).

    `events`: the player list columns whose union is the card's 0/1 indicator; `group_of`:
    card id -> card group (copies of a kind share a group).
    """
    options = options or AdjustedOptions()
    with one_blas_thread():
        return _fit(loaders, events, group_table(group_of), n_groups, options)


def _fit(
    loaders: Sequence[ChunkLoader],
    events: Sequence[str],
    table: np.ndarray,
    n_groups: int,
    options: AdjustedOptions,
) -> CardFit | None:
    reader = _Reader(loaders, tuple(dict.fromkeys(events)), table, n_groups, options)
    survey = _survey(reader)
    if survey.rows == 0 or not 0 < survey.y_sum < survey.rows:
        return None
    layout = _layout(survey, reader)
    baseline = survey.y_sum / survey.rows
    n_cols = len(layout.names)
    penalty = np.full(n_cols, 1.0 / options.nuisance_sd**2)
    penalty[0] = 0.0
    penalty[layout.n_nuisance :] = 1.0 / options.prior_sd**2
    beta = np.zeros(n_cols)
    beta[0] = math.log(baseline / (1.0 - baseline))
    chunks = len(reader.loaders)
    if chunks >= WARM_START_CHUNKS:
        sample = range(0, chunks, WARM_START_EVERY)
        beta = _newton(reader, layout, beta, penalty, options, WARM_START_TOL, sample)[0]
    beta, hessian, iterations, converged = _newton(reader, layout, beta, penalty, options)
    if not converged:
        warnings.warn(
            f"adjusted card model: Newton did not converge in {options.max_iter} passes",
            RuntimeWarning,
            stacklevel=2,
        )
    covariance = np.linalg.inv(hessian)
    se = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    return CardFit(
        names=layout.names,
        coef=beta,
        se=se,
        card_column=layout.card_column,
        n_with=survey.n_with,
        rows=survey.rows,
        baseline=baseline,
        iterations=iterations,
        converged=converged,
        covariance=covariance,
        wins_with=survey.y_with,
        n_any=survey.n_any,
        wins_any=survey.y_any,
    )


class FitMemo:
    """The fits already made for one run's card table, so a model asked twice is fitted once
    (the verdicts' peer model of "fulfilled" over every card in play is the adjusted
    "fulfilled" model with its activity control). `present` are the card ids the data can
    hold (the cards in play): two card maps that agree on them give the same design, so the
    same fit."""

    def __init__(self, present: Iterable[int]) -> None:
        self.present = frozenset(present)
        self.fits: dict[tuple[Any, ...], CardFit | None] = {}

    def fit(
        self,
        loaders: Sequence[ChunkLoader],
        events: Sequence[str],
        group_of: dict[int, int],
        n_groups: int,
        options: AdjustedOptions,
    ) -> CardFit | None:
        mapped = frozenset((c, g) for c, g in group_of.items() if c in self.present)
        key = (tuple(dict.fromkeys(events)), mapped, n_groups, options)
        if key not in self.fits:
            self.fits[key] = fit_card_model(loaders, events, group_of, n_groups, options)
        return self.fits[key]


def _fitter(memo: FitMemo | None) -> Callable[..., CardFit | None]:
    return memo.fit if memo is not None else fit_card_model


# ---------------------------------------------------------------------------- per card

RESULT_COLUMNS = (
    ("pp", pl.Float64),
    ("lo", pl.Float64),
    ("hi", pl.Float64),
    ("coef", pl.Float64),
    ("coef_lo", pl.Float64),
    ("coef_hi", pl.Float64),
    ("se", pl.Float64),
    ("p", pl.Float64),
    ("q", pl.Float64),
    ("flag", pl.Utf8),
    ("n", pl.Int64),
    ("n_without", pl.Int64),
    ("base", pl.Float64),
)
"""Per card and event set (names after the prefix, e.g. adj_pp): the coefficient translated
to percentage points (as a fraction: 0.031 = +3.1 points) with its 95% interval, the
coefficient in log-odds with its interval and standard error, Wald p, BH q, the flag, the
player-games with and without the event, and the baseline win rate of the translation."""


def to_points(coef: float, baseline: float) -> float:
    """A log-odds change as a change of win rate at `baseline` (monotone in coef)."""
    logit = math.log(baseline / (1.0 - baseline))
    return 1.0 / (1.0 + math.exp(-(logit + coef))) - baseline


def card_effects(
    fit: CardFit | None, n_groups: int, options: AdjustedOptions | None = None
) -> dict[str, list[Any]]:
    """One value per card group for each RESULT_COLUMNS name; None where not reported."""
    options = options or AdjustedOptions()
    out: dict[str, list[Any]] = {name: [None] * n_groups for name, _ in RESULT_COLUMNS}
    if fit is None:
        return out
    reported: list[int] = []
    p_values: list[float] = []
    for g in range(n_groups):
        n_with = int(fit.n_with[g])
        out["n"][g] = n_with
        out["n_without"][g] = fit.rows - n_with
        col = int(fit.card_column[g])
        if col < 0 or n_with < options.min_games or fit.rows - n_with < options.min_games:
            continue
        b, se = float(fit.coef[col]), float(fit.se[col])
        lo, hi = b - Z95 * se, b + Z95 * se
        p = math.erfc(abs(b / se) / math.sqrt(2.0)) if se > 0 else 1.0
        out["coef"][g], out["coef_lo"][g], out["coef_hi"][g], out["se"][g] = b, lo, hi, se
        out["pp"][g] = to_points(b, fit.baseline)
        out["lo"][g] = to_points(lo, fit.baseline)
        out["hi"][g] = to_points(hi, fit.baseline)
        out["p"][g] = p
        out["base"][g] = fit.baseline
        reported.append(g)
        p_values.append(p)
    for g, q in zip(reported, benjamini_hochberg(p_values), strict=True):
        out["q"][g] = q
        if q < options.fdr:
            out["flag"][g] = "over" if out["coef"][g] > 0 else "under"
    return out


def adjusted_frame(
    loaders: Sequence[ChunkLoader],
    event_sets: Sequence[str],
    seen_events: Sequence[str],
    group_of: dict[int, int],
    n_groups: int,
    options: AdjustedOptions | None = None,
    activity_events: Sequence[str] = (),
    memo: FitMemo | None = None,
) -> pl.DataFrame:
    """One row per card group, the columns of every event set (one model fitted per set).
    Event sets in `activity_events` also control for activity (`count_covariate`); `memo`
    holds fits other tables of the same run may share."""
    options = options or AdjustedOptions()
    data: dict[str, Any] = {}
    schema: dict[str, Any] = {}
    for event in dict.fromkeys(event_sets):
        used = options
        if event in activity_events and not options.count_covariate:
            used = dataclasses.replace(options, count_covariate=True)
        fit = _fitter(memo)(loaders, event_columns(event, seen_events), group_of, n_groups, used)
        values = card_effects(fit, n_groups, used)
        prefix = column_prefix(event)
        for name, dtype in RESULT_COLUMNS:
            data[prefix + name] = values[name]
            schema[prefix + name] = dtype
    return pl.DataFrame(data, schema=schema)


# ---------------------------------------------------------------------------- against peers

PEER_COLUMNS = (
    ("pp", pl.Float64),
    ("lo", pl.Float64),
    ("hi", pl.Float64),
    ("coef", pl.Float64),
    ("se", pl.Float64),
    ("p", pl.Float64),
    ("n", pl.Int64),
    ("wins", pl.Int64),
    ("n_peers", pl.Int64),
    ("peer_wins", pl.Int64),
    ("base", pl.Float64),
)
"""Per card of a peer group: the contrast with an average peer in points (as a fraction) with
its 95% interval, in log-odds with its standard error, the Wald p, the player-games with the
event and their wins, the player-games with a peer's event but not this card's and their
wins, and the baseline win rate of the translation."""


def peer_effects(
    loaders: Sequence[ChunkLoader],
    events: Sequence[str],
    group_of: dict[int, int],
    n_groups: int,
    options: AdjustedOptions | None = None,
    memo: FitMemo | None = None,
) -> dict[str, list[Any]]:
    """A card against its peers: the model above fitted on the peer group's cards only
    (`group_of` maps just them), with the number of peer kinds that had the event as a
    control, and each card's contrast with the typical card of its kind (analysis/typical.py:
    the precision-weighted mean of the middle half of the other peers' coefficients), with its
    variance from the posterior covariance (the reference's uncertainty and its covariance with
    the card included). It reads "having this card's event instead of a typical peer's", does
    not depend on how the fit splits a common effect between the cards and the count (the two
    are collinear), and is not pulled by one card far from the rest.

    One value per card group for each PEER_COLUMNS name; None where not reported: fewer than
    `min_games` player-games with the event, or with a peer's event and not this card's, or
    fewer than two card kinds of the group with a figure."""
    options = dataclasses.replace(options or AdjustedOptions(), count_covariate=True)
    out: dict[str, list[Any]] = {name: [None] * n_groups for name, _ in PEER_COLUMNS}
    fit = _fitter(memo)(loaders, events, group_of, n_groups, options)
    if fit is None or fit.wins_with is None or fit.covariance is None:
        return out
    groups = sorted(set(group_of.values()))
    for g in groups:
        n_with = int(fit.n_with[g])
        out["n"][g], out["wins"][g] = n_with, round(float(fit.wins_with[g]))
        out["n_peers"][g] = fit.n_any - n_with
        out["peer_wins"][g] = round(fit.wins_any - float(fit.wins_with[g]))
    columns = [int(fit.card_column[g]) for g in groups if fit.card_column[g] >= 0]
    if len(columns) < 2:
        return out
    figured = [
        g
        for g in groups
        if fit.card_column[g] >= 0 and min(out["n"][g], out["n_peers"][g]) >= options.min_games
    ]
    # the reference is made of the peers of the group that had a card column in the fit (as
    # before: a thinly seen peer still counts, weighted by its precision)
    cols = np.array(columns)
    contrasts = against_typical(fit.coef[cols], fit.covariance[np.ix_(cols, cols)])
    by_column = dict(zip(columns, contrasts, strict=True))
    for g in figured:
        contrast = by_column[int(fit.card_column[g])]
        if contrast is None:
            continue
        b, se = contrast.contrast, contrast.se
        out["coef"][g], out["se"][g] = b, se
        out["pp"][g] = to_points(b, fit.baseline)
        out["lo"][g] = to_points(b - Z95 * se, fit.baseline)
        out["hi"][g] = to_points(b + Z95 * se, fit.baseline)
        out["p"][g] = math.erfc(abs(b / se) / math.sqrt(2.0)) if se > 0 else 1.0
        out["base"][g] = fit.baseline
    return out
