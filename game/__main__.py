"""``python -m game`` is the ``playmat`` command."""

from game.cli.main import main

raise SystemExit(main())
