"""Scenes: the start / new-game screen, the play scene, and the dialogs over it."""
