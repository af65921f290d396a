"""Import/Export (Definitive Edition): goods cards as contracts, containers, crew and goods."""
