"""Game rules: pure, deterministic engines with no I/O (see DESIGN.md)."""
