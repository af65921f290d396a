"""Statistics over run folders: per-card metrics, the adjusted model, ratings, planning,
comparisons, sweeps and the precision of a run."""
