"""The moves of a round in a few words, for the table's "Last moves" list.

Pure text: no pygame; the words are kept with a saved game so that **Continue** shows
the round's moves as they were.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine import (
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
)
from game.engine import events as ev
from game.engine.cards import Card, card_name
from game.engine.melds import stand_ins


def wild_meanings(g: Any, events: Sequence[ev.Event]) -> dict[Card, str]:
    """What each wild card a move put on the table stands for, read from the state ``g``
    just after the move: ``{A♥: "9♠"}`` in a run, ``""`` in a set or a group of wilds."""
    out: dict[Card, str] = {}
    wilds = g.ctx.wilds
    for e in events:
        if isinstance(e, ev.Melded):
            where = [(c, e.meld) for c in e.cards]
        elif isinstance(e, ev.LaidOff):
            where = [(e.card, e.meld)]
        elif isinstance(e, ev.CalledRummy) and e.meld is not None and e.cards:
            where = [(e.cards[-1], e.meld)]
        else:
            continue
        for c, meld_id in where:
            m = g.meld_by_id(meld_id)
            if c in wilds and m is not None and c in m.cards:
                stands = stand_ins(g.ctx, m)  # (a wild natural in its place is named as itself)
                i = m.cards.index(c)
                if i in stands:
                    out[c] = stands[i]
    return out


def action_words(action: Action, events: Sequence[ev.Event] = (), wilds: Mapping[Card, str] | None = None) -> str:
    """A move as a short phrase for the list of last moves, with what it led to: "discarded
    8♦ and went out", "laid 7♥ off on #2, now floating" (going by the move's events); a wild
    it put down is named as one, with what it stands for in a run (``wilds``, from
    :func:`wild_meanings`): "melded 7♠ 8♠ A♥ (wild, for 9♠) as #3"."""
    words = _words(action, events, wilds or {})
    if any(isinstance(e, ev.WentOut) for e in events):
        words += " and went out"
    elif any(isinstance(e, ev.Floated) for e in events):
        words += ", now floating"  # (the same for "You" and for "Ann")
    if any(isinstance(e, ev.StockReshuffled) for e in events):
        words += " (the pile was shuffled into a new stock)"
    return words


def _name(c: Card, wilds: Mapping[Card, str]) -> str:
    """A card by name, a wild put down with what it is: "A♥ (wild, for 9♠)", "joker (for 9♠)"."""
    name = card_name(c)
    if c not in wilds:
        return name
    stands = wilds[c]
    if Card(c).is_joker:
        return f"{name} (for {stands})" if stands else name
    return f"{name} (wild, for {stands})" if stands else f"{name} (wild)"


def _words(action: Action, events: Sequence[ev.Event], wilds: Mapping[Card, str]) -> str:
    if isinstance(action, DrawStock):
        return "drew from the stock"
    if isinstance(action, TakePile):
        took = next((e for e in events if isinstance(e, ev.TookPile)), None)
        if took is not None and len(took.cards) > 1:
            return f"took the pile from the {card_name(took.cards[0])} ({len(took.cards)} cards)"
        return f"took {card_name(action.card)} from the pile"
    if isinstance(action, MeldCards):
        # as the meld lies on the table (3♥ 4♥ 2♥ chosen in that order is the run 2♥ 3♥ 4♥)
        # and by its number, whose label on the table says what any wild in it stands for
        melded = next((e for e in events if isinstance(e, ev.Melded)), None)
        if melded is None:
            return "melded " + " ".join(map(card_name, action.cards))
        # (a set's wilds lie after its naturals: see make_meld)
        return (f"melded {' '.join(_name(c, wilds) for c in melded.cards)} as #{melded.meld}"
                + (" (counts double)" if melded.double else ""))
    if isinstance(action, LayOff):
        return f"laid {_name(action.card, wilds)} off on #{action.meld}"
    if isinstance(action, Cover):
        covered = next((e for e in events if isinstance(e, ev.Covered)), None)
        if covered is not None and covered.wild_to_hand is not None:
            return f"swapped {card_name(action.card)} for the wild {card_name(covered.wild_to_hand)} in #{action.meld}"
        return f"put {card_name(action.card)} on the wild in #{action.meld}"
    if isinstance(action, Discard):
        return f"discarded {card_name(action.card)}"
    if isinstance(action, Undo):
        undone = next((e for e in events if isinstance(e, ev.Undone)), None)
        return f"took back the {undone.what}" if undone is not None else "took back a move"
    if isinstance(action, EndRound):
        return "ended the round: the stock is empty"
    if isinstance(action, CallRummy):
        called = next((e for e in events if isinstance(e, ev.CalledRummy)), None)
        if called is not None and called.cards and called.meld is not None:
            return f"called Rummy! and laid {_name(called.cards[-1], wilds)} off on #{called.meld}"
        if called is not None and len(called.cards) > 1:
            return f"called Rummy! and took the pile from the {card_name(called.cards[0])} ({len(called.cards)} cards)"
        if called is not None and called.cards:
            return f"called Rummy! and took {card_name(called.cards[0])} from the pile"
        return "called Rummy!" + (f" on #{action.meld}" if action.meld is not None else "")
    return str(action)
