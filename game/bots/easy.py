"""The ``easy`` bot: sensible but loose, so that a beginner can win.

* Drawing: takes the top discard when it makes a meld with the hand at once (most of
  the time), sometimes when it fits a meld on the table; looks at most three cards
  deep, and takes deeper only now and then.  Otherwise it draws from the stock.
* Playing: melds the first meld it sees, again and again, then lays off what fits.
  It does not search for the best arrangement.
* Discarding: the dearest card that has no partner in the hand (no card of its rank,
  no neighbour of its suit), keeping wild cards; now and then any card.  It does not
  watch what the others pick up.
* "Rummy!": calls only about a third of the times it could.
"""

from __future__ import annotations

from collections.abc import Sequence

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
)
from game.engine.melds import cover_index, layoff_ends
from game.engine.solver import iter_melds
from game.engine.view import PlayerView

from .base import CALL, DRAW, Bot, Checker
from .tactics import JOKER, face, rank, suit


class EasyBot(Bot):
    level = "easy"
    call_chance = 0.35
    top_meld_chance = 0.85
    top_layoff_chance = 0.4
    deep_chance = 0.15
    careless_discard = 0.3

    def propose(self, view: PlayerView, checker: Checker):
        if view.phase == DRAW:
            return self._draw(view, checker)
        if view.phase == CALL:
            return self._after_call(view, checker)
        return self._play(view, checker)

    # ------------------------------------------------------------------ drawing
    def _draw(self, view: PlayerView, checker: Checker):
        ctx = view.ctx
        hand = list(view.hand)
        pile = view.pile
        may = _may_lay_off(view)
        wants: list[Action] = []
        if pile and not view.floating[view.seat]:
            top = pile[-1]
            if _melds_with(ctx, top, hand + [top]) and self.rng.random() < self.top_meld_chance:
                wants.append(TakePile(top))
            elif may and _fits(view, top) and self.rng.random() < self.top_layoff_chance:
                wants.append(TakePile(top))
            if view.rules.discard_pile == "splayed" and self.rng.random() < self.deep_chance:
                for i in range(len(pile) - 2, max(-1, len(pile) - 4), -1):
                    c = pile[i]
                    if _melds_with(ctx, c, hand + list(pile[i:])):
                        wants.append(TakePile(c))
                        break
        if view.stock_drawable:
            wants.append(DrawStock())
        else:
            # an empty stock: take only what melds at once, else end the round
            wants = [w for w in wants if isinstance(w, TakePile) and
                     _melds_with(ctx, w.card, hand + list(pile[pile.index(w.card):]))]
            wants.append(EndRound())
        for a in wants:
            if checker.ok(a):
                return a
        return None

    # ------------------------------------------------------------------ playing
    def _play(self, view: PlayerView, checker: Checker):
        ctx = view.ctx
        hand = list(view.hand)
        must = view.must_use if view.must_use in hand else None
        sc = view.stock_card if view.stock_card in hand else None
        first = must if must is not None else sc
        tried = 0
        a: Action
        for cards, shape in iter_melds(ctx, hand, must=first):
            a = MeldCards(tuple(cards), shape)
            if checker.ok(a):
                return a
            tried += 1
            if tried >= 6:
                break
        if _may_lay_off(view):
            cand = [first] if first is not None else sorted(hand, key=lambda c: -ctx.value[c])
            for c in cand:
                for m in view.melds:
                    ends = layoff_ends(ctx, m, c)
                    if ends:
                        a = LayOff(c, m.id, ends[0])
                        if checker.ok(a):
                            return a
                    if cover_index(ctx, m, c) is not None:
                        a = Cover(c, m.id)
                        if checker.ok(a):
                            return a
        if sc is not None:
            return Discard(sc)
        if must is not None:
            # the card taken from the pile must go down before any discard, and the first
            # few melds looked at did not take it (a two-naturals duty, say): any legal way
            plays = [a for a in checker.legal() if isinstance(a, (MeldCards, LayOff, Cover))]
            for a in plays:
                if (isinstance(a, MeldCards) and must in a.cards) or \
                        (isinstance(a, (LayOff, Cover)) and a.card == must):
                    return a
            # no move puts it down yet: one that leads there first (the 7♣ laid off on a
            # run of clubs, so that the 8♣ taken fits after it), a card of its suit or rank
            def kin(a) -> tuple[bool, bool]:
                cards = a.cards if isinstance(a, MeldCards) else (a.card,)
                return (not any(suit(c) == suit(must) for c in cards),
                        not any(rank(c) == rank(must) for c in cards))

            plays.sort(key=kin)
            if plays:
                return plays[0]
        return self._discard(view, checker, hand)

    def _discard(self, view: PlayerView, checker: Checker, hand: list):
        ctx = view.ctx
        order = sorted(hand, key=lambda c: (-_loneliness(ctx, c, hand), -ctx.value[c], int(c)))
        if self.rng.random() < self.careless_discard:
            self.rng.shuffle(order)
            order.sort(key=lambda c: c in ctx.wilds)  # still keeps wilds
        for c in order:
            a = Discard(c)
            if checker.ok(a):
                return a
        return None

    def _after_call(self, view: PlayerView, checker: Checker):
        legal = checker.legal()
        plays = [a for a in legal if isinstance(a, (LayOff, Cover))]
        if plays:
            return plays[0]
        return self._discard(view, checker, list(view.hand))

    # ------------------------------------------------------------------ calls
    def propose_call(self, view: PlayerView, checker: Checker,
                     options: Sequence[CallRummy]) -> CallRummy | None:
        if self.rng.random() >= self.call_chance:
            return None
        return options[0]


def _may_lay_off(view: PlayerView) -> bool:
    return not view.rules.layoff_needs_own_meld or any(m.owner == view.seat for m in view.melds)


def _fits(view: PlayerView, c: int) -> bool:
    return any(layoff_ends(view.ctx, m, c) for m in view.melds)


def _melds_with(ctx, c: int, pool: list) -> bool:
    return next(iter_melds(ctx, pool, must=c), None) is not None


def _loneliness(ctx, c: int, hand: list) -> int:
    """2 for a card with no partner in the hand, 1 with one, 0 for wilds and melded pairs."""
    if c in ctx.wilds:
        return -1
    partners = 0
    for k in hand:
        if k == c or suit(k) == JOKER:
            continue
        if k in ctx.wilds:
            continue
        if rank(k) == rank(c) and face(k) != face(c) or (suit(k) == suit(c) and abs(rank(k) - rank(c)) == 1):
            partners += 1
    return max(0, 2 - partners)


__all__ = ["EasyBot"]
