"""`python -m game` is the same as the `plies` command."""

from game.cli import main

raise SystemExit(main())
