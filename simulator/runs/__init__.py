"""Runs: playing games into run folders (config, match, runner, backends, bench, replay,
mixes, sweep, experiment). The package itself only offers `open_run`, to read a run folder's
tables for analysis: `from simulator.runs import open_run`."""

from simulator.folders.run_folder import Run, open_run

__all__ = ["Run", "open_run"]
