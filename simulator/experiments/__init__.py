"""Designed experiments on top of runs: tuning bots, ablating card powers, checking verdicts
across strategy pools."""
