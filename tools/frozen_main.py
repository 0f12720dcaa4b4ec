"""Entry point of the stand-alone build (see ``build.spec``).

It does what ``python -m game`` does. It lives outside the ``game`` package so that
PyInstaller, which puts the entry script's folder on its search path, does not also
see the package's own modules as top-level ones.
"""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
