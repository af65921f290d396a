"""A run's storage: its config (config.py), its folder's layout and readers (run_folder.py)
and the lock that keeps one writer per folder (lock.py). It sits below the analysis, which
reads run folders, and below `simulator.runs`, which plays games into them."""
