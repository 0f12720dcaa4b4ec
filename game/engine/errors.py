"""The engine's exceptions.

Every message is written for a person: it names the card, option or input at fault
and, where it can, what to do instead.
"""


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class ParseError(EngineError, ValueError):
    """Text (a card, an action, a save file) that cannot be read."""


class RulesError(EngineError, ValueError):
    """An unknown option, a bad value, or a combination that cannot be played."""


class IllegalActionError(EngineError, ValueError):
    """A well-formed action that the rules do not allow now."""


class SaveError(EngineError, ValueError):
    """A save file that is damaged, hand-edited wrongly, or from an unknown version."""


class SaveVersionError(SaveError):
    """A save file written by a newer version of the game: not damaged, but not readable
    by this one."""
