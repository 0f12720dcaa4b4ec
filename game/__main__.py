"""Command-line entry point: ``rummy5000`` and ``python -m game``.

``main`` is a small dispatcher. A first argument naming a subcommand (see
``SUBCOMMANDS``) hands the remaining arguments to that subcommand's own ``main``;
anything else is parsed as options for the graphical game.

Every target is imported lazily, so ``rummy5000 --version`` and the headless
subcommands never load pygame. To add a subcommand, add one line to ``SUBCOMMANDS``
pointing at a ``main(argv: list[str]) -> int | None`` function.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from game import __version__

PROG = "rummy5000"

# name -> (module, function, one-line help). The function receives the remaining argv.
SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "simulate": (
        "game.simulate",
        "main",
        "play computer-only games headless and report statistics",
    ),
}

GUI_MODULE = "game.ui.app"


def _load(module_name: str, func_name: str) -> Callable[..., Any]:
    module = importlib.import_module(module_name)
    return getattr(module, func_name)


def _exit_code(result: object) -> int:
    """Map a target's return value to a process exit code (``None`` means success)."""
    if result is None:
        return 0
    if isinstance(result, bool):
        return int(result)
    if isinstance(result, int):
        return result
    return 1


def build_parser() -> argparse.ArgumentParser:
    """The parser for the graphical game's options."""
    commands = "\n".join(f"  {name:<10} {help_}" for name, (_, _, help_) in SUBCOMMANDS.items())
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Rummy 5000 -- play rummy against computer opponents.",
        epilog=(
            f"subcommands:\n{commands}\n\n"
            f"Run '{PROG} SUBCOMMAND --help' for a subcommand's own options."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--preset",
        metavar="NAME",
        help="rules preset to start with (for example rummy5000, rummy500, basic)",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="number of players at the table, including you",
    )
    parser.add_argument(
        "--seed", type=int, metavar="N", help="seed the shuffle for a repeatable game"
    )
    parser.add_argument("--load", metavar="FILE", help="resume a saved game from FILE")
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="let a computer player take the human seat (demo and testing)",
    )
    parser.add_argument(
        "--exit-after",
        choices=("round", "game"),
        help="quit automatically when the current round or game ends",
    )
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="open the window, run a quick self-check and exit",
    )
    return parser


def _run_subcommand(name: str, argv: Sequence[str]) -> int:
    module_name, func_name, _ = SUBCOMMANDS[name]
    try:
        target = _load(module_name, func_name)
    except (ImportError, AttributeError) as exc:
        print(
            f"{PROG}: the '{name}' command is not available ({module_name}.{func_name}: {exc})",
            file=sys.stderr,
        )
        return 2
    return _exit_code(target(list(argv)))


def _run_gui(args: argparse.Namespace) -> int:
    try:
        target = _load(GUI_MODULE, "main")
    except (ImportError, AttributeError) as exc:
        print(f"{PROG}: cannot start the game: {exc}", file=sys.stderr)
        return 2
    return _exit_code(target(args))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        return _run_subcommand(argv[0], argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    for option in ("load", "preset"):  # an empty value would otherwise be quietly ignored
        if getattr(args, option) is not None and not getattr(args, option).strip():
            parser.error(f"--{option} needs a {'file' if option == 'load' else 'preset'} name")
    return _run_gui(args)


if __name__ == "__main__":
    sys.exit(main())
