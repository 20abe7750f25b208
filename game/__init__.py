"""Plies: Gomoku, Othello and Connect-4 against an alpha-beta computer opponent."""

__version__ = "0.1.0"
