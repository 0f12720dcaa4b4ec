"""The rules engine: a pure, standard-library core.

It owns every rule: cards and the pack (:mod:`.cards`), the options
(:mod:`.rules`), melds (:mod:`.melds`), the state and its legal actions
(:mod:`.state`), what a seat may see (:mod:`.view`), meld search
(:mod:`.solver`), and saving (:mod:`.save`).

It must never import pygame, :mod:`game.ui` or :mod:`game.bots`.
"""

from .actions import (
    Action,
    CallRummy,
    Cover,
    Discard,
    DrawStock,
    EndRound,
    LayOff,
    MeldCards,
    TakePile,
    Undo,
    action_text,
    parse_action,
)
from .cards import Card, card_text, cards_text, parse_card, parse_cards
from .errors import (
    EngineError,
    IllegalActionError,
    ParseError,
    RulesError,
    SaveError,
    SaveVersionError,
)
from .rules import Rules
from .state import GameState, new_game

__all__ = [
    "Action", "CallRummy", "Card", "Cover", "Discard", "DrawStock", "EndRound", "EngineError",
    "GameState", "IllegalActionError", "LayOff", "MeldCards", "ParseError", "Rules", "RulesError",
    "SaveError", "SaveVersionError", "TakePile", "Undo", "action_text", "card_text", "cards_text", "new_game",
    "parse_action", "parse_card", "parse_cards",
]
