"""Why a hint: a few words on the normal player's draw or discard, for a person to learn from.

The hint itself is the normal bot's choice (see :mod:`game.bots.normal`); this module
only says, from the same seat's view, what speaks for it, in facts the person can check
on the table: which of their cards a taken card melds or goes with, that a discard goes
with none of their other cards, that the next player has taken nothing near it.  It
never claims more than the view shows (a discard is never called "safe": hidden hands
may still want it).  Melds, lay-offs and calls explain themselves and get no reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from game.engine import Discard, DrawStock, TakePile
from game.engine.cards import card_name, cards_name
from game.engine.melds import shapes_for
from game.engine.view import PlayerView

from .tactics import Analysis, _partners, _related

PAIRS_TRIED = 300  # (a long hand has many pairs; the first meld found is enough)


def hint_reason(view: PlayerView, action: object) -> str | None:
    """A short reason for ``action``, the hint in the seat's ``view`` ("it melds with your
    7♣ 7♦"), or None when there is nothing useful to say."""
    if isinstance(action, Discard):
        return _discard_reason(view, action.card)
    if isinstance(action, TakePile) and action.card in view.pile:
        return _take_reason(view, list(view.pile[view.pile.index(action.card):]))
    if isinstance(action, DrawStock) and view.pile:
        return _draw_reason(view)
    return None


def _meld_with(view: PlayerView, card: int, pool: Sequence[int]) -> list[int] | None:
    """Two cards of ``pool`` that make a meld with ``card`` (naturals before wilds, cards
    in hand before others)."""
    ctx = view.ctx
    hand = set(view.hand)
    near = sorted((k for k in pool if k != card and (_related(card, k) or k in ctx.wilds)),
                  key=lambda k: (k in ctx.wilds, k not in hand))
    for n, pair in enumerate(combinations(near, 2)):
        if n >= PAIRS_TRIED:
            break
        if shapes_for(ctx, [card, *pair]):
            return list(pair)
    return None


def _goes_with(view: PlayerView, card: int, pool: Sequence[int]) -> list[int]:
    """The natural cards of ``pool`` of ``card``'s rank or next to it in its suit."""
    wilds = view.ctx.wilds
    return [k for k in pool if k != card and k not in wilds and _related(card, k)]


def _take_reason(view: PlayerView, taken: list[int]) -> str | None:
    card = taken[0]  # the deepest card taken, the one the take is for
    hand = list(view.hand)
    pair = _meld_with(view, card, [*hand, *taken[1:]])
    if pair is not None:
        mine = [k for k in pair if k in hand]
        also = [k for k in pair if k not in hand]  # (cards above it in the pile)
        if not also:
            return f"it melds with your {cards_name(mine)}"
        if not mine:
            return f"it melds with the {cards_name(also)} you take with it"
        return f"it melds with your {cards_name(mine)} and the {cards_name(also)} you take with it"
    an = Analysis(view)
    if an.fits_table(card):
        return "it can be laid off on the table"
    near = _goes_with(view, card, hand)
    if near:
        return f"it goes with your {cards_name(near[:3])}"
    return None


def _draw_reason(view: PlayerView) -> str | None:
    top = view.pile[-1]
    hand = list(view.hand)
    if top in view.ctx.wilds:
        return None
    if not _goes_with(view, top, hand) and _meld_with(view, top, hand) is None:
        return f"the {card_name(top)} on the pile goes with none of your cards"
    return None


def _discard_reason(view: PlayerView, card: int) -> str | None:
    ctx = view.ctx
    if card in ctx.wilds:
        return None
    an = Analysis(view)
    others = [k for k in view.hand if k != card]
    same, near = _partners(card, [k for k in others if k not in ctx.wilds], ctx.wilds, ctx)
    words = ["it goes with none of your other cards" if same == near == 0
             else "the rest of your hand is worth more to keep"]
    if an.opponents:
        nxt = an.opponents[0]
        known = list(view.known[nxt])  # what it took from the pile, and its face-up deal card
        up = view.upcards[nxt] if view.upcards else None
        took = [k for k in known if k != up]
        if took and not any(k in ctx.wilds or _related(card, k) for k in known) \
                and not an.fits_table(card):
            words.append("the next player has taken nothing near it")
    return ", and ".join(words)
