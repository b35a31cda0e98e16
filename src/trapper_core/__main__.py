"""``python -m trapper_core`` runs the ``trapper`` command line."""

import sys

from .cli import main

sys.exit(main())
