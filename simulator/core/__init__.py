"""Game-agnostic core: specs, registry, seeding, the play loop, runner and datasets."""
