"""``python -m trapper_core`` runs the ``trapper`` command line."""

import sys

from .cli import console

sys.exit(console())
