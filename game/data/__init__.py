"""Data files of the application (benchmark positions)."""
