"""What one seat may know: :class:`PlayerView`.

A view holds the seat's own hand, the table (melds, pile, stock size, hand
sizes), the cards each hand is publicly known to hold (an upcard from the deal,
cards seen taken from the pile), the scores and the rules — and nothing else:
not the other hands, not the order of the stock, not the game's random seed.

Bots see only views.  :meth:`PlayerView.determinize` deals the unseen cards at
random into a full :class:`GameState` consistent with the view, for search.
"""

from __future__ import annotations

import random
from collections import Counter

from .actions import Action
from .cards import Card
from .melds import Meld
from .rules import Rules
from .state import LIST_FIELDS, VALUE_FIELDS, GameState, RoundResult, Standings

# What a view copies from the state unchanged: everything public.  Not here: the
# seed (it fixes every future shuffle), the stock's order, the other hands, and the
# turn's private bookkeeping (the card drawn from the stock, the undo log).
_PUBLIC_VALUES = tuple(f for f in VALUE_FIELDS if f not in ("seed", "stock_card"))
_PUBLIC_LISTS = tuple(f for f in LIST_FIELDS if f not in ("stock", "turn_log"))


class PlayerView(Standings):
    __slots__ = _PUBLIC_VALUES + _PUBLIC_LISTS + (
        "seat", "hand", "hand_sizes", "stock_count", "stock_drawable", "melds", "known", "stock_card",
        "turn_log",
    )

    # The slots' types beyond the public values :class:`Standings` declares (declarations
    # only; :meth:`of` fills the slots): the state's lists as tuples, and what only the
    # seat knows.
    scores: tuple[int, ...]
    results: tuple[RoundResult, ...]
    set_aside: tuple[Card, ...]
    pile: tuple[Card, ...]
    upcards: tuple[Card | None, ...]
    floating: tuple[bool, ...]
    turns: tuple[int, ...]
    grace: tuple[int, ...]
    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_count: int
    stock_drawable: bool  # the stock has cards, or the pile becomes the stock on a draw
    melds: tuple[Meld, ...]
    known: tuple[frozenset[Card], ...]
    turn_log: tuple[tuple, ...]

    @classmethod
    def of(cls, state: GameState, seat: int) -> PlayerView:
        v = object.__new__(cls)
        for name in _PUBLIC_VALUES:
            setattr(v, name, getattr(state, name))
        for name in _PUBLIC_LISTS:
            setattr(v, name, tuple(getattr(state, name)))
        v.seat = seat
        v.hand = tuple(state.hands[seat])
        v.hand_sizes = tuple(len(h) for h in state.hands)
        v.stock_count = len(state.stock)
        v.stock_drawable = state.stock_drawable()
        v.melds = tuple(m.copy() for m in state.melds)
        v.known = tuple(frozenset(k) if s != seat else frozenset(state.hands[seat])
                        for s, k in enumerate(state.known))
        # the seat's own turn bookkeeping is its own business; nobody else's
        own = state.current == seat
        v.stock_card = state.stock_card if own else None
        v.turn_log = tuple(state.turn_log) if own else ()
        return v

    # ------------------------------------------------------------------ queries
    @property
    def kept_top(self) -> Card | None:
        """As :attr:`GameState.kept_top`: the top card taken this turn that may not go back."""
        return self.took_top if self.rules.top_take_no_return else None

    def unseen(self) -> list[Card]:
        """Cards this seat cannot place: in other hands (not publicly known) or in the stock."""
        counts: Counter[Card] = Counter(self.pack)
        for c in self.hand:
            counts[c] -= 1
        for c in self.pile:
            counts[c] -= 1
        for c in self.set_aside:
            counts[c] -= 1
        for m in self.melds:
            for c in m.all_cards():
                counts[c] -= 1
        for s, k in enumerate(self.known):
            if s != self.seat:
                for c in k:
                    counts[c] -= 1
        return [c for c, n in counts.items() for _ in range(n)]

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this view, hidden cards dealt at random."""
        unseen = self.unseen()
        rng.shuffle(unseen)
        g = object.__new__(GameState)
        for name in _PUBLIC_VALUES:
            setattr(g, name, getattr(self, name))
        for name in _PUBLIC_LISTS:
            setattr(g, name, list(getattr(self, name)))
        g.seed = rng.getrandbits(63)  # future shuffles are unknown too
        g.stock_card = self.stock_card
        g.turn_log = list(self.turn_log)
        hands = []
        for s in range(self.players):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            h = list(self.known[s])
            need = self.hand_sizes[s] - len(h)
            h += unseen[:need]
            del unseen[:need]
            hands.append(h)
        g.hands = hands
        g.stock = unseen
        g.melds = [m.copy() for m in self.melds]
        g.known = [set(k) for k in self.known]
        return g

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions (legality never depends on hidden cards)."""
        g = self.determinize(random.Random(0))
        return g.legal_actions(self.seat)

    def meld_by_id(self, meld_id: int) -> Meld | None:
        for m in self.melds:
            if m.id == meld_id:
                return m
        return None

    def fingerprint(self) -> tuple:
        """Everything in the view, as plain values (two equal views have equal fingerprints)."""
        out = []
        for name in self.__slots__:
            v = getattr(self, name)
            if name == "melds":
                v = tuple((m.id, m.owner, m.kind, m.rank, m.suit, m.lo, tuple(m.cards), tuple(m.by),
                           tuple(sorted(m.covers.items()))) for m in v)
            elif name == "known":
                v = tuple(tuple(sorted(k)) for k in v)
            elif name == "results":
                v = tuple(tuple(sorted(r.to_dict().items(), key=str)) for r in v)
            elif name in ("rules", "ctx"):
                v = repr(v) if name == "rules" else None
            out.append((name, v))
        return tuple(out)


def view_of(state: GameState, seat: int) -> PlayerView:
    return PlayerView.of(state, seat)


__all__ = ["PlayerView", "Rules", "view_of"]
