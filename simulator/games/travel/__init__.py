"""The travel card game: passports, countries, items, and five expansion modules."""
