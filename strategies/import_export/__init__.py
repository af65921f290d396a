"""Import/Export strategies: a parameterised heuristic family and its archetypes."""
