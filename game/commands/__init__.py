"""One module per ``plies`` sub-command (DESIGN §9); ``game.cli`` builds the parser."""
