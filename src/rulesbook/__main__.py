import sys

from rulesbook.cli import main

sys.exit(main())
