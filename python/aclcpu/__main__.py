"""python3 -m aclcpu: the command line (aclcpu.cli)."""
import sys

from .cli import main

sys.exit(main())
