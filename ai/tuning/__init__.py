"""Tuning scripts (run by hand; ``ai/TUNING.md`` records their runs)."""
