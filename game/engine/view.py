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
from .state import GameState


class PlayerView:
    __slots__ = (
        "seat", "rules", "players", "decks", "pack", "round_no", "dealer", "scores", "wild_rank",
        "indicator", "set_aside", "hand", "hand_sizes", "stock_count", "pile", "melds",
        "next_meld_id", "upcards", "known", "floating", "turns", "phase", "current", "turn_seat",
        "took_top", "must_use", "stock_card", "turn_log", "melds_this_turn", "call_open",
        "discarder", "resume_seat", "went_out", "grace", "first_out_turn", "results", "winners",
        "names", "reshuffles", "ctx", "taken",
    )

    @classmethod
    def of(cls, state: GameState, seat: int) -> PlayerView:
        v = object.__new__(cls)
        v.seat = seat
        v.rules = state.rules
        v.players = state.players
        v.decks = state.decks
        v.pack = state.pack
        v.round_no = state.round_no
        v.dealer = state.dealer
        v.scores = tuple(state.scores)
        v.wild_rank = state.wild_rank
        v.indicator = state.indicator
        v.set_aside = tuple(state.set_aside)
        v.hand = tuple(state.hands[seat])
        v.hand_sizes = tuple(len(h) for h in state.hands)
        v.stock_count = len(state.stock)
        v.pile = tuple(state.pile)
        v.melds = tuple(m.copy() for m in state.melds)
        v.next_meld_id = state.next_meld_id
        v.upcards = tuple(state.upcards)
        v.known = tuple(frozenset(k) if s != seat else frozenset(state.hands[seat])
                        for s, k in enumerate(state.known))
        v.floating = tuple(state.floating)
        v.turns = tuple(state.turns)
        v.phase = state.phase
        v.current = state.current
        v.turn_seat = state.turn_seat
        v.took_top = state.took_top
        v.must_use = state.must_use
        # the stock card's identity is secret from the others
        v.stock_card = state.stock_card if state.current == seat else None
        v.turn_log = tuple(state.turn_log) if state.current == seat else ()
        v.melds_this_turn = state.melds_this_turn
        v.call_open = state.call_open
        v.discarder = state.discarder
        v.resume_seat = state.resume_seat
        v.went_out = state.went_out
        v.grace = tuple(state.grace)
        v.first_out_turn = state.first_out_turn
        v.results = tuple(state.results)
        v.winners = state.winners
        v.names = state.names
        v.reshuffles = state.reshuffles
        v.taken = state.taken
        v.ctx = state.ctx  # derived from public facts: the rules and the round's wild rank
        return v

    # ------------------------------------------------------------------ queries
    def unseen(self) -> list[Card]:
        """Cards this seat cannot place: in other hands (not publicly known) or in the stock."""
        counts = Counter(self.pack)
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
        g.rules = self.rules
        g.players = self.players
        g.decks = self.decks
        g.seed = rng.getrandbits(63)
        g.pack = self.pack
        g.round_no = self.round_no
        g.dealer = self.dealer
        g.scores = list(self.scores)
        g.results = list(self.results)
        g.winners = self.winners
        g.names = self.names
        g.wild_rank = self.wild_rank
        g.indicator = self.indicator
        g.ctx = self.ctx
        g.set_aside = list(self.set_aside)
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
        g.pile = list(self.pile)
        g.melds = [m.copy() for m in self.melds]
        g.next_meld_id = self.next_meld_id
        g.upcards = list(self.upcards)
        g.known = [set(k) for k in self.known]
        g.floating = list(self.floating)
        g.turns = list(self.turns)
        g.phase = self.phase
        g.current = self.current
        g.turn_seat = self.turn_seat
        g.reshuffles = self.reshuffles
        g.took_top = self.took_top
        g.must_use = self.must_use
        g.stock_card = self.stock_card
        g.turn_log = list(self.turn_log)
        g.melds_this_turn = self.melds_this_turn
        g.taken = self.taken
        g.call_open = self.call_open
        g.discarder = self.discarder
        g.resume_seat = self.resume_seat
        g.went_out = self.went_out
        g.grace = list(self.grace)
        g.first_out_turn = self.first_out_turn
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
