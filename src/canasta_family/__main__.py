"""``python -m canasta_family`` runs the command line."""

import sys

from canasta_family.cli import main

sys.exit(main())
