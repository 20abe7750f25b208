"""Scripts that exercise the library at length (``python -m ai.tools.<name>``); no pygame."""
