"""The ``normal`` bot: solid heuristics in points of the current scoring.

* Drawing: every pile take worth a look (the top card; deeper cards that could be
  melded or laid off with the hand) is played out in the head: the best melds and
  lay-offs the solver finds with the taken cards, the discard that would follow,
  and what the rest of the hand is then worth.  The stock is valued the same way,
  averaged over a few cards the seat has not seen.  The best wins; a take must beat
  the stock by a small margin.  On an empty stock it takes the pile only if the
  taken card goes onto the table this turn (so rounds cannot loop), else it ends
  the round.
* Playing: the meld solver's best plan (melds, lay-offs, covers), with the card
  taken from the pile melded first when the rules demand it and, when a wild can be
  swapped off the table, that first.  Aces and wilds are worth 100 in rummy5000: they
  are melded when they can be, and shed when their meld chance is poor.
* Discarding: the card whose loss costs the hand least, minus what it would give
  away: cards that fit a meld on the table (a "Rummy!" call or a lay-off for the
  next player) and cards that match what an opponent was seen taking from the pile
  are held back.
* Going out: the plan goes out when it can, since the others' hands come with it
  (rummy5000) or count against them (rummy500); a pile take that puts more points
  on the table than the going-out chance of a stock draw is preferred.  A floating
  seat draws and plays what it can.
* "Rummy!": calls whenever it may on a discard; on pile calls only when the pile
  taken is worth more than it costs.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import (
    Action,
    CallRummy,
    Card,
    Cover,
    Discard,
    DrawStock,
    EndRound,
    LayOff,
    MeldCards,
    TakePile,
)
from game.engine.view import PlayerView

from .base import CALL, DRAW, Bot, Checker
from .tactics import Analysis, face, first_legal, forced_use, partners, plan_steps, take_options

NEG = -1.0e9


class NormalBot(Bot):
    level = "normal"
    TUNABLE = ("stock_samples", "take_margin", "deep_limit", "feed_model", "risk_scale", "out_scale",
               "tempo_scale", "feed_scale", "pile_feed", "pile_pair", "known_pair", "stock_exact", "hold_wild",
               "short_hands", "merge_runs", "team_aware", "joker_sets",
               "pile_out", "stock_end", "short_draws")
    stock_samples = 6
    take_margin = 3.0
    deep_limit = 8

    def propose(self, view: PlayerView, checker: Checker):
        an = Analysis(view, self.tuning)
        if view.phase == DRAW:
            return self.choose_draw(view, an, checker)
        if view.phase == CALL:
            return self.choose_after_call(view, an, checker)
        return self.choose_play(view, an, checker)

    # ------------------------------------------------------------------ drawing
    def rank_draws(self, view: PlayerView, an: Analysis) -> list[tuple[float, Action]]:
        """Draw options, best first, with their estimated worth."""
        options: list[tuple[float, Action]] = []
        hand = list(view.hand)
        floating = view.floating[view.seat]
        if view.stock_drawable:
            options.append((self.stock_value(view, an, hand) + self.take_margin, DrawStock()))
        if not floating:
            for t in take_options(view, self.deep_limit):
                v = self.take_value(view, an, hand, t)
                if v > NEG / 2:
                    options.append((v, t))
        if not view.stock_drawable:
            options.append((self.end_value(view, an, hand), EndRound()))
        options.sort(key=lambda o: -o[0])
        return options

    def choose_draw(self, view: PlayerView, an: Analysis, checker: Checker):
        for _, a in self.rank_draws(view, an):
            if checker.ok(a):
                return a
        return None

    def end_value(self, view: PlayerView, an: Analysis, hand: Sequence[int]) -> float:
        return an.hand_worth(hand)

    def take_value(self, view: PlayerView, an: Analysis, hand: list, t: TakePile) -> float:
        pile = view.pile
        i = pile.index(t.card)
        taken = list(pile[i:])
        top = i == len(pile) - 1
        must = t.card if view.rules.take_must_use(top) else None
        took_top = t.card if top and view.rules.top_take_no_return else None
        new_hand = hand + taken
        v, used = self.turn_value(an, new_hand, must=must, took_top=took_top)
        if must is not None and not used.get(must, False):
            return NEG
        if not view.stock_drawable:
            # only takes that put the taken card on the table: rounds must end
            if not used.get(t.card, False):
                return NEG
        return v

    def stock_value(self, view: PlayerView, an: Analysis, hand: list) -> float:
        # (an empty stock that the pile is about to become: the card comes from the pile)
        unseen = view.unseen() if view.stock_count else list(view.pile[:-1])
        if not unseen:
            return self.turn_value(an, hand)[0]
        must = view.rules.stock_draw_must_use
        if self.tuning.get("stock_exact", 1):
            return self._stock_exact(view, an, hand, unseen, must)
        k = min(self.stock_samples, len(unseen))
        sample = self.rng.sample(unseen, k)
        total = 0.0
        for c in sample:
            v, used = self.turn_value(an, hand + [c], stock_card=c if must else None)
            total += v
        return total / k

    def _stock_exact(self, view: PlayerView, an: Analysis, hand: list, unseen: list[Card], must: bool) -> float:
        """The stock draw's worth over every card it may bring: each card that goes with the
        hand, is wild or fits a meld on the table worked out once (weighed by how many of it
        are unseen), the cards that do none of these by one of them."""
        ctx = view.ctx
        wilds = ctx.wilds
        plain = [c for c in hand if c not in wilds]
        counts: dict[int, int] = {}
        first: dict[int, Card] = {}  # (one card of each kind: a second deck's twin plays the same)
        for c in unseen:
            counts[c & 127] = counts.get(c & 127, 0) + 1
            first.setdefault(c & 127, c)
        total = 0.0
        dead_n = 0
        dead_card: Card | None = None
        for f, n in counts.items():
            c = first[f]
            if c in wilds or partners(c, plain, wilds, ctx) != (0, 0) or an.fits_table(c):
                v, _ = self.turn_value(an, hand + [c], stock_card=c if must else None)
                total += n * v
            else:
                dead_n += n
                dead_card = c
        if dead_card is not None:
            v, _ = self.turn_value(an, hand + [dead_card], stock_card=dead_card if must else None)
            total += dead_n * v
        return total / len(unseen)

    def turn_value(self, an: Analysis, hand: list, must: Card | None = None,
                   took_top: Card | None = None, stock_card: Card | None = None) -> tuple[float, dict]:
        """The worth of playing ``hand`` this turn: points put down plus what is left after a discard."""
        steps, _ = plan_steps(an, hand, must)
        used: dict[int, bool] = {}
        left = list(hand)
        got = 0.0
        for s in steps:
            cards = s.cards if isinstance(s, MeldCards) else (s.card,)
            ok = all(c in left for c in cards)
            if not ok:
                continue
            for c in cards:
                left.remove(c)
                used[c] = True
                got += an.gain(c)
        if stock_card is not None and not used.get(stock_card, False):
            # the drawn card must be melded at once or thrown away
            rest = list(hand)
            rest.remove(stock_card)
            steps2, _ = plan_steps(an, rest, must)
            got = 0.0
            left = list(rest)
            for s in steps2:
                cards = s.cards if isinstance(s, MeldCards) else (s.card,)
                if all(c in left for c in cards):
                    for c in cards:
                        left.remove(c)
                        got += an.gain(c)
            return got + (an.hand_worth(left) if left else an.out_value()) - an.feed(stock_card), used
        if not left:
            if an.rules.floats:
                return got + 0.6 * an.out_value(), used
            return got + an.out_value(), used
        allowed = [c for c in left if c != took_top]
        if not allowed:
            return got + an.hand_worth(left) - 20.0, used
        scores = an.discard_scores(left, allowed)
        return got + scores[0][0], used

    # ------------------------------------------------------------------ playing
    def choose_play(self, view: PlayerView, an: Analysis, checker: Checker):
        hand = list(view.hand)
        must = view.must_use if view.must_use is not None and view.must_use in hand else None
        sc = view.stock_card if view.stock_card is not None and view.stock_card in hand else None
        steps, _ = plan_steps(an, hand, must)
        if sc is not None:
            with_sc = [s for s in steps if _touches(s, sc)]
            step = first_legal(with_sc, checker)
            if step is not None:
                return step
            return Discard(sc)
        step = first_legal(self.filter_steps(view, an, steps), checker)
        if step is not None:
            return step
        if must is not None:
            # the plan meets the duty only through a chain of lay-offs the rules may not
            # foresee: meld the card taken from the pile outright instead
            step = self.use_duty_card(an, checker, hand, must)
            if step is not None:
                return step
        return self.choose_discard(view, an, checker, hand)

    def use_duty_card(self, an: Analysis, checker: Checker, hand: list, must: int):
        forced = forced_use(an, hand, must)
        if forced is not None and checker.ok(forced[0]):
            return forced[0]
        for a in checker.legal():
            if isinstance(a, MeldCards) and any(face(c) == face(must) for c in a.cards):
                return a
            if isinstance(a, (LayOff, Cover)) and face(a.card) == face(must):
                return a
        return None

    def filter_steps(self, view: PlayerView, an: Analysis, steps: list) -> list:
        return steps

    def choose_discard(self, view: PlayerView, an: Analysis, checker: Checker, hand: list):
        return self.first_discard(view, an, checker, hand)

    def first_discard(self, view: PlayerView, an: Analysis, checker: Checker, hand: list):
        """The best legal discard from ``hand`` by :meth:`rank_discards` (None if none is)."""
        for _, c in self.rank_discards(view, an, hand):
            a = Discard(c)
            if checker.ok(a):
                return a
        return None

    def rank_discards(self, view: PlayerView, an: Analysis, hand: list) -> list[tuple[float, Card]]:
        took = view.kept_top
        allowed = [c for c in hand if c != took]
        return an.discard_scores(hand, allowed)

    def choose_after_call(self, view: PlayerView, an: Analysis, checker: Checker):
        legal = checker.legal()
        plays = [a for a in legal if isinstance(a, (LayOff, Cover))]
        if plays:
            return plays[0]
        discards = {face(a.card): a for a in legal if isinstance(a, Discard)}
        for _, c in an.discard_scores(list(view.hand)):
            a = discards.get(face(c))
            if a is not None:
                return a
        return None

    # ------------------------------------------------------------------ calls
    def propose_call(self, view: PlayerView, checker: Checker,
                     options: Sequence[CallRummy]) -> CallRummy | None:
        pile_calls = [o for o in options if o.take is not None]
        if not pile_calls:
            return options[0]
        an = Analysis(view, self.tuning)
        hand = list(view.hand)
        base = an.hand_worth(hand) if hand else 0.0
        best = None
        for o in pile_calls:
            i = view.pile.index(o.take)
            taken = list(view.pile[i:])
            v, used = self.turn_value(an, hand + taken, must=o.take)
            if used.get(o.take, False) and v > base + 5 and (best is None or v > best[0]):
                best = (v, o)
        return best[1] if best else None


def _touches(step, card: int) -> bool:
    if isinstance(step, MeldCards):
        return card in step.cards
    return getattr(step, "card", None) == card


__all__ = ["NormalBot"]
