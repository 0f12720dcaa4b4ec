"""What a bot works out from its view: card values, meld chances, danger, turn plans.

Everything here reads a :class:`~game.engine.view.PlayerView` only.  The numbers are
in points of the current scoring, so that a card's worth, the risk of holding it
and the gift of discarding it can be added up and compared:

* ``gain(c)``: what melding ``c`` is worth to this seat (its value in
  rummy5000 and rummy500; nothing in "winner collects", where melding only helps
  to go out).
* ``loss(c)``: what holding ``c`` until the round ends costs (the card goes to
  the player who goes out, or counts against this seat), times the chance that
  the round ends that way.
* ``meld chance m(c)``: how likely the card ends up melded or laid off by this
  seat: pairs and run pieces count their live outs (cards this seat has not
  seen), wild cards and cards that fit the table count high.

A hand is worth ``sum(m*gain - (1-m)*(loss + tempo))``.  The discard is the card
whose loss hurts least, plus what it would give the others (a card that fits a
meld on the table invites a "Rummy!" call; a card that matches what an opponent
was seen to take from the pile feeds that opponent).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from game.engine import CallRummy, Card, Cover, Discard, DrawStock, LayOff, MeldCards, TakePile
from game.engine.melds import RUN, cover_index, layoff_chain, layoff_ends, shapes_for, swap_ok
from game.engine.solver import Plan, best_plan, iter_melds
from game.engine.view import PlayerView

C = TypeVar("C", bound=int)  # a card, or a card's id

JOKER = 4

# chance that an opponent holding h cards goes out before the round ends
_OUT_RISK = {0: 0.7, 1: 0.6, 2: 0.5, 3: 0.42, 4: 0.36, 5: 0.3, 6: 0.26, 7: 0.23}


def face(c: int) -> int:
    return c & 127


def rank(c: int) -> int:
    return c & 15


def suit(c: int) -> int:
    return (c >> 4) & 7


class Analysis:
    """Facts about one view, computed once per decision."""

    def __init__(self, view: PlayerView, tuning: dict | None = None):
        self.view = view
        self.tuning = tuning or {}
        self.seat = view.seat
        self.rules = view.rules
        self.ctx = ctx = view.ctx
        self.value = ctx.value
        self.wilds = ctx.wilds
        self.players = view.players
        self.table = view.melds
        unseen = view.unseen()
        self.unseen_n = max(1, len(unseen))
        self.live_face = Counter(face(c) for c in unseen if c not in ctx.wilds)
        # (with ``joker_groups`` the jokers meld only with each other: as a rank of their own,
        # rank 0, which no other card has; ``joker_sets`` off, they are counted as dead cards)
        self.joker_sets = bool(ctx.joker_groups and self.tuning.get("joker_sets", 1.0))
        self.live_rank = Counter(rank(c) for c in unseen
                                 if c not in ctx.wilds and (suit(c) != JOKER or self.joker_sets))
        self.live_wild = sum(1 for c in unseen if c in ctx.wilds)
        self.avg_unseen = sum(self.value[c] for c in unseen) / max(1, len(unseen))
        self.has_meld = any(m.owner == self.seat for m in view.melds)
        self.may_lay_off = self.has_meld or not self.rules.layoff_needs_own_meld
        self.opponents = [(self.seat + k) % self.players for k in range(1, self.players)]
        # the seats a discard may feed: in a team game, not the partner (``team_aware``)
        mine = view.side_of(self.seat)
        self.feeders = [s for s in self.opponents if view.side_of(s) != mine] \
            if self.tuning.get("team_aware", 0) else self.opponents
        self.scoring = self.rules.round_scoring
        self.wild_cap = 1 if ctx.limit == "one_per_meld" else 99
        # how many more draws this seat may expect this round
        per_round = view.stock_count / max(1, self.players)
        if self.rules.empty_stock == "reshuffle":
            per_round = max(per_round, 4)
        self.draws_left = max(1.0, min(per_round, 8.0))
        t = self.tuning
        if t.get("short_draws", 0.0):
            # a player down to a card or two may go out within a turn or two: the draws to come
            # are as few (with the stock's count alone, a pair of twos kept its chances while a
            # player on one card was about to end the round, and the hint threw it before a 10)
            few = min((view.hand_sizes[s] for s in self.opponents), default=99)
            cap = {0: 1.0, 1: 1.5, 2: 2.5, 3: 3.5}.get(few)
            if cap is not None:
                self.draws_left = max(1.0, min(self.draws_left, cap))
        self.p_opp_out = min(0.95, self._p_opp_out() * t.get("risk_scale", 1.0))
        self.bonus = self._bonus_estimate() * t.get("out_scale", 1.0)
        self.tempo = self._tempo() * t.get("tempo_scale", 1.0)
        self.feed_scale = t.get("feed_scale", 1.0)
        # (on where jokers meld only with each other, Persian: they gather in the pile, and a
        # third thrown onto two is a meld for the taking; elsewhere measured without gain)
        self.pile_feed = t.get("pile_feed", 1.0 if ctx.joker_groups else 0.0)
        self.pile_pair = t.get("pile_pair", 1.0)
        self.known_pair = t.get("known_pair", 0.0)
        self.hold_wild = t.get("hold_wild", 1.0)
        self.short_hands = t.get("short_hands", 1.0)
        self.merge_runs = t.get("merge_runs", 1.0)
        self.pile_out = t.get("pile_out", 1.0)
        self.stock_end = t.get("stock_end", 1.0)
        ends = self.rules.empty_stock != "reshuffle"
        self.p_stock_end = max(0.0, 1.0 - view.stock_count / (2.0 * self.players)) if ends else 0.0
        self._fits: dict[int, bool] = {}
        self._pg: dict[tuple[int, float], float] = {}
        self._opp_melds = [any(m.owner == s for m in view.melds) for s in range(self.players)]
        self._out_by: list[int] | None = None

    # ------------------------------------------------------------------ the round
    def _p_opp_out(self) -> float:
        v = self.view
        keep = 1.0
        for s in self.opponents:
            h = v.hand_sizes[s]
            if v.floating[s]:
                h = 0
            keep *= 1.0 - _OUT_RISK.get(h, 0.2)
        p = 1.0 - keep
        # a nearly empty stock ends many rounds without anyone going out
        if self.rules.empty_stock != "reshuffle":
            p *= min(1.0, 0.35 + v.stock_count / (3.0 * self.players))
        return min(0.95, p)

    def opp_hand_value(self, s: int) -> float:
        v = self.view
        known = v.known[s]
        val = sum(self.value[c] for c in known)
        return val + max(0, v.hand_sizes[s] - len(known)) * self.avg_unseen

    def _bonus_estimate(self) -> float:
        """What going out is worth to this seat, relative to the others."""
        if self.rules.out_collects_hands:
            # the other side's hands: a partner's count for nobody
            mine = self.view.side_of(self.seat)
            return sum(self.opp_hand_value(s) for s in self.opponents if self.view.side_of(s) != mine)
        opp = sum(self.opp_hand_value(s) for s in self.opponents)
        if self.scoring == "melds_minus_hand":
            # the others' hands count against them
            return self.rules.going_out_bonus + opp / max(1, self.players - 1)
        return opp / max(1, self.players - 1)  # penalty: the others are charged

    def _tempo(self) -> float:
        """The cost of one more card standing between this seat and going out."""
        return max(2.0, min(15.0, 0.08 * self.bonus))

    def gain(self, c: int) -> float:
        mode = self.scoring
        if mode in ("winner_collects", "penalty"):
            return 0.0
        return float(self.value[c])

    def loss(self, c: int) -> float:
        mode = self.scoring
        v = self.value[c]
        if mode == "melds_minus_hand":
            return v * (0.95 if self.rules.hands_count_on_empty_stock else 0.7)
        if mode == "penalty":
            return float(v)
        if mode == "winner_collects" and self.stock_end:
            # the stock running out ends the round with the lowest hand collecting from the
            # others: near its end every point held is at stake, not only if someone goes out
            return v * max(self.p_opp_out, self.p_stock_end)
        return v * self.p_opp_out

    # ------------------------------------------------------------------ meld chances
    def fits_table(self, c: int) -> bool:
        f = face(c) if c not in self.wilds else -1 - int(c)
        got = self._fits.get(f)
        if got is None:
            ctx = self.ctx
            got = False
            for m in self.table:
                if layoff_ends(ctx, m, c):
                    got = True
                    break
                if self.rules.wild_after_meld == "stays" and cover_index(ctx, m, c) is not None:
                    got = True
                    break
            self._fits[f] = got
        return got

    def _p_get(self, need: int, outs: float) -> float:
        key = (need, outs)
        got = self._pg.get(key)
        if got is not None:
            return got
        if need <= 0:
            got = 0.92
        elif outs <= 0:
            got = 0.0
        else:
            q = min(0.9, 1.25 * outs / self.unseen_n)
            p1 = 1.0 - (1.0 - q) ** self.draws_left
            got = p1 if need == 1 else (0.55 * p1 * p1 if need == 2 else 0.0)
        self._pg[key] = got
        return got

    def meld_chances(self, hand: Sequence[int]) -> list[float]:
        """``m(c)`` for each card of ``hand`` (same order)."""
        ctx = self.ctx
        wilds = self.wilds
        nat_rank: Counter = Counter()
        present: set[tuple[int, int]] = set()
        nw = 0
        for c in hand:
            if c in wilds:
                nw += 1
                continue
            nat_rank[c & 15] += 1
            s = (c >> 4) & 7
            for p in ctx.run_positions(c):
                present.add((s, p))
        w_eff = min(nw, self.wild_cap)
        live_w = self.live_wild if self.wild_cap > 1 or nw == 0 else 0
        mm = ctx.min_meld
        lay_now = self.may_lay_off
        p_get = self._p_get
        live_face = self.live_face
        # per suit: prefix sums of presence and of live cards at missing positions
        prefix: dict[int, tuple[list[int], list[int]]] = {}
        if ctx.allow_runs:
            for s in {(c >> 4) & 7 for c in hand if c not in wilds}:
                ph = [0] * 16
                pl = [0] * 16
                for q in range(1, 15):
                    here = (s, q) in present
                    ph[q + 1] = ph[q] + here
                    pl[q + 1] = pl[q] + (0 if here else live_face[s * 16 + (1 if q == 14 else q)])
                prefix[s] = (ph, pl)
        memo: dict[int, float] = {}
        out = []
        wild_m = (0.93 if lay_now and self.table else (0.8 if len(hand) >= 3 else 0.6))
        for c in hand:
            if c in wilds:
                out.append(wild_m)
                continue
            f = c & 127
            got = memo.get(f)
            if got is not None:
                out.append(got)
                continue
            r, s = c & 15, (c >> 4) & 7
            miss = 1.0
            if self.joker_sets and s == JOKER:  # (a group of jokers alone: no wild helps it)
                miss *= 1.0 - p_get(max(0, mm - nat_rank[r]), self.live_rank[r])
            elif ctx.allow_sets:
                k = nat_rank[r] - 1
                need = mm - 1 - k - (w_eff if k >= 1 or self.wild_cap > 1 else min(w_eff, 1))
                if need < 0:
                    need = 0
                miss *= 1.0 - p_get(need, self.live_rank[r] + (live_w if need else 0))
            if ctx.allow_runs:
                best = 0.0
                ph, pl = prefix[s]
                for p in ctx.run_positions(c):
                    lo_start = max(ctx.run_lo, p - mm + 1)
                    hi_start = min(p, ctx.run_hi - mm + 1)
                    for lo in range(lo_start, hi_start + 1):
                        have = ph[lo + mm] - ph[lo]
                        need = mm - have - w_eff
                        if need <= 0:
                            pr = p_get(0, 0)
                        else:
                            pr = p_get(need, pl[lo + mm] - pl[lo] + live_w)
                        if pr > best:
                            best = pr
                miss *= 1.0 - best
            if self.table and self.fits_table(c):
                miss *= 0.03 if lay_now else 0.45
            got = 1.0 - miss
            memo[f] = got
            out.append(got)
        return out

    def hand_worth(self, hand: Sequence[int], chances: Sequence[float] | None = None) -> float:
        if chances is None:
            chances = self.meld_chances(hand)
        tempo = self.tempo
        total = 0.0
        for c, m in zip(hand, chances):
            total += m * self.gain(c) - (1.0 - m) * (self.loss(c) + tempo)
        return total

    # ------------------------------------------------------------------ danger
    def feed(self, c: int) -> float:
        """What discarding ``c`` is expected to give the others, in points."""
        return self.feed_scale * self._feed(c)

    def _feed(self, c: int) -> float:
        v = self.view
        value = self.value[c]
        calls = self.rules.rummy_calls
        danger = 0.0
        if self.table and self._fits_for_others(c):
            if calls in ("discard", "top_card", "pile"):
                danger += 0.9 * (value + 6)
            else:
                danger += 0.55 * (value + 6)
            if self.short_hands and self.out_by():
                # a player down to a card who lays it off (by a call, or taking it) goes out
                # at once: what this hand still holds goes with the round
                held = sum(self.value[k] for k in v.hand) - value
                danger += self.short_hands * 0.9 * (held + self.tempo * (len(v.hand) - 1))
        if self._deep_takes() and self.pile_feed:
            danger += self.pile_feed * self._pile_meld(c)
        if self._deep_takes() and self.pile_out and self.opponents and 0 < v.hand_sizes[self.opponents[0]] <= 1 \
                and not v.floating[self.opponents[0]] and self.pile_meld_cards(c) is not None:
            # the next player, down to a card, takes the pile down to a meld this card makes
            # with two cards in it, and goes out: what this hand still holds goes with the round
            held = sum(self.value[k] for k in v.hand) - value
            danger += self.pile_out * 0.9 * (held + self.tempo * (len(v.hand) - 1))
        if self._deep_takes() and self.pile_pair and c not in self.wilds:
            danger += self.pile_pair * self._pile_pair(c)
        if self.known_pair and c not in self.wilds:
            danger += self.known_pair * self._pile_pair(c, in_hand=True)
        if c in self.wilds:
            danger += 0.6 * value + 10
        else:
            nxt = self.opponents[0] if self.opponents else None
            for s in self.feeders:
                known = v.known[s]
                if not known:
                    continue
                weight = 1.0 if s == nxt else (0.6 if self._deep_takes() else 0.25)
                same, near = partners(c, known, self.wilds, self.ctx)
                if same >= 2 or near >= 2:
                    danger += weight * (value + sum(self.value[k] for k in known if related(c, k)))
                elif same == 1 or near == 1:
                    danger += weight * 0.35 * value
            # someone may hold the partners among the cards this seat has not seen
            if self.tuning.get("feed_model", 2) == 2:
                their = (0.5 * value + self.tempo) if self.scoring in ("winner_collects", "penalty") \
                    else 1.5 * value + 5.0
                deep = self._deep_takes()
                for s in self.feeders:
                    w = 1.0 if s == nxt else (0.5 if deep else 0.15)
                    danger += w * self._use_odds(c, s) * their
            else:
                pair_odds = min(1.0, (self.live_rank[rank(c)] + 0.5 * self.live_wild) / self.unseen_n * 4)
                spread = 1.0 + (0.5 * (self.players - 2) if self._deep_takes() else 0.0)
                danger += 0.12 * value * pair_odds * spread
        return danger

    def known_pile_meld(self, c: int, s: int) -> tuple[int, int] | None:
        """A card of the pile and one seat ``s`` is known to hold (taken from the pile, or
        its face-up deal card) that make a meld with ``c`` (None if none do): thrown onto a
        spread pile, ``c`` lets ``s`` take the pile down to that card and lay the three.
        (Said by the hints; weighed in the feed measure it gained nothing: docs/bots.md.)"""
        held = [x for x in self.view.known[s] if x not in self.wilds and self._goes(c, x)]
        if not held:
            return None
        for k in self.view.pile:
            if k in self.wilds or not self._goes(c, k):
                continue
            for x in held:
                if shapes_for(self.ctx, (c, k, x)):
                    return k, x
        return None

    def _pile_meld(self, c: int) -> float:
        """Where a card deep in the pile may be taken (and must be melded at once): the
        points of the best new meld ``c`` would make with two cards already in the pile,
        which the next seat could take down to and lay at once (0 if none)."""
        pair = self.pile_meld_cards(c)
        return float(self.value[c] + sum(self.value[k] for k in pair)) if pair else 0.0

    def pile_meld_cards(self, c: int) -> tuple[int, int] | None:
        """The two cards of the pile that make, with ``c``, the richest new meld (None if
        none do)."""
        pile = self.view.pile
        wilds = self.wilds
        near = [k for k in pile if k in wilds or self._goes(c, k)]
        best, out = -1.0, None
        for i, a in enumerate(near):
            for b in near[i + 1:]:
                group = (c, a, b)
                if shapes_for(self.ctx, group):
                    worth = float(sum(self.value[k] for k in group))
                    if worth > best:
                        best, out = worth, (a, b)
        return out

    def _pile_pair(self, c: int, in_hand: bool = False) -> float:
        """Where the pile is spread: ``c`` thrown onto a pile holding a card it goes with
        (the 3♠ onto the 3♦, the 8♥ onto the 7♥) lets the next seat take the pile down to
        that card with one partner of its own, a wild or a third card: the points of that
        meld times the chance the next seat holds such a card (0 if none). With
        ``in_hand``, the card it goes with is one the next seat is known to hold (its
        face-up deal card, a card it took), and it takes ``c`` alone."""
        ctx = self.ctx
        v = self.view
        if ctx.min_meld != 3 or not self.opponents or (suit(c) == JOKER and not self.joker_sets):
            return 0.0
        s = self.opponents[0]
        held = list(v.known[s])  # taken from the pile, or its face-up deal card
        h = 0 if v.floating[s] else max(0, v.hand_sizes[s] - len(held))
        q = min(1.0, h / self.unseen_n)
        best = 0.0
        for k in (held if in_hand else v.pile):
            if k in self.wilds or not self._goes(c, k):
                continue
            others = [x for x in held if x != k]
            if in_hand and partners(c, others, self.wilds, ctx) != (0, 0):
                continue  # two partners known: counted as such (see _feed)
            third = self.third_cards(c, k)
            if third is None:
                continue
            n, fits = third
            known = any(x in self.wilds or fits(x) for x in others)
            odds = 1.0 if known else 1.0 - (1.0 - q) ** n
            best = max(best, odds * (self.value[c] + self.value[k] + self.avg_unseen))
        return best

    def third_cards(self, c: int, k: int) -> tuple[int, Callable[[int], bool]] | None:
        """For two natural cards that go together (3♠ 3♦, 7♥ 8♥, 7♥ 9♥) where a meld takes
        three: how many cards this seat has not seen would make a meld of the three (wilds
        included), and a test for a natural card that would; None where none can."""
        ctx = self.ctx
        if self.joker_sets and suit(c) == JOKER and suit(k) == JOKER and ctx.min_meld == 3:
            return self.live_rank[0], lambda x: suit(x) == JOKER  # (jokers meld with jokers alone)
        if ctx.min_meld != 3 or suit(c) == JOKER or suit(k) == JOKER:
            return None
        if rank(k) == rank(c):
            if not ctx.allow_sets:
                return None
            r = rank(c)
            return self.live_rank[r] + self.live_wild, lambda x: rank(x) == r and suit(x) != JOKER
        if suit(k) != suit(c) or not ctx.allow_runs:
            return None
        spots: set[int] = set()
        for pc in ctx.run_positions(c):
            for pk in ctx.run_positions(k):
                lo, gap = min(pc, pk), abs(pc - pk)
                spots.update((lo - 1, lo + 2) if gap == 1 else ((lo + 1,) if gap == 2 else ()))
        faces = frozenset(suit(c) * 16 + (1 if p == 14 else p) for p in spots if ctx.run_lo <= p <= ctx.run_hi)
        if not faces:
            return None
        return sum(self.live_face[f] for f in faces) + self.live_wild, lambda x: face(x) in faces

    def _use_odds(self, c: int, s: int) -> float:
        """Chance that seat ``s`` holds, among its unknown cards, two partners for ``c``."""
        v = self.view
        h = 0 if v.floating[s] else v.hand_sizes[s] - len(v.known[s])
        if h <= 0 or (self.short_hands and v.hand_sizes[s] < 2):  # (one card holds no two partners)
            return 0.0
        q = min(1.0, h / self.unseen_n)
        ctx = self.ctx
        lw = self.live_wild if self.wild_cap > 1 and suit(c) != JOKER else 0
        miss = 1.0
        if ctx.allow_sets or (self.joker_sets and suit(c) == JOKER):
            lam = (self.live_rank[rank(c)] + lw) * q
            miss *= math.exp(-lam) * (1.0 + lam)
        if ctx.allow_runs:
            st = suit(c)

            def p_has(pos: int) -> float:
                if pos < ctx.run_lo or pos > ctx.run_hi:
                    return 0.0
                n = self.live_face[st * 16 + (1 if pos == 14 else pos)] + lw
                return 1.0 - (1.0 - q) ** n

            for p in ctx.run_positions(c):
                for a, b in ((-2, -1), (-1, 1), (1, 2)):
                    miss *= 1.0 - p_has(p + a) * p_has(p + b)
        return 1.0 - miss

    def _goes(self, c: int, k: int) -> bool:
        """:func:`related`, and a joker with a joker where jokers meld as groups of their own."""
        return related(c, k) or (self.joker_sets and suit(c) == JOKER and suit(k) == JOKER)

    def _deep_takes(self) -> bool:
        return self.rules.discard_pile == "splayed"

    def out_by(self) -> list[int]:
        """The other players down to one card (or none, floating) who may lay a card off:
        a discard that fits a table meld lets them go out at once (by a call, or taking it).
        (Worked out once: ``_feed`` asks for every card of every discard weighed.)"""
        if self._out_by is None:
            v = self.view
            need = self.rules.layoff_needs_own_meld or self.rules.caller_needs_meld
            self._out_by = [s for s in self.opponents if v.hand_sizes[s] <= 1 and (self._opp_melds[s] or not need)]
        return self._out_by

    def _fits_for_others(self, c: int) -> bool:
        rules = self.rules
        if rules.layoff_needs_own_meld and not any(self._opp_melds[s] for s in self.feeders):
            return False
        ctx = self.ctx
        for m in self.table:
            if layoff_ends(ctx, m, c):
                return True
        return False

    # ------------------------------------------------------------------ plans
    def plan(self, hand: Sequence[int], keep: int = 0) -> Plan:
        ctx = self.ctx
        may = self.may_lay_off
        p = best_plan(ctx, list(hand), self.table, self.seat, may_lay_off=may, keep=keep)
        if not may and p.melds:
            # a meld of its own this turn lets the seat lay off after it, so plan with lay-offs;
            # a plan that lays off but melds nothing is not open to it, and the first stands
            q = best_plan(ctx, list(hand), self.table, self.seat, may_lay_off=True, keep=keep)
            if q.melds:
                p = q
        if self.merge_runs and len(p.melds) >= 2:
            p = self._merged_runs(p)
        if self.hold_wild and len(p.left) >= 2:
            p = self._held_wilds(p)
        return p

    def _merged_runs(self, p: Plan) -> Plan:
        """``p`` with two runs of one suit that make one run together laid as one (7♣ 8♣ 9♣
        and J♣ Q♣ with the wild 10♣ as the K♣ are 7♣ to Q♣, the 10♣ in its own place): the
        same cards and points, fewer ends for the others, and a wild that stands as itself."""
        ctx = self.ctx
        melds = list(p.melds)
        layoffs = list(p.layoffs)
        merged = True
        while merged:
            merged = False
            for i in range(len(melds)):
                for j in range(i + 1, len(melds)):
                    (a, sa), (b, sb) = melds[i], melds[j]
                    if sa[0] != RUN or sb[0] != RUN or sa[1] != sb[1]:
                        continue
                    if any(t in (("new", i), ("new", j)) for _, t, _ in layoffs):
                        continue  # (a lay-off onto either: its place may change)
                    runs = [sh for sh in shapes_for(ctx, list(a) + list(b)) if sh[0] == RUN]
                    if not runs:
                        continue
                    melds[i] = (tuple(a) + tuple(b), runs[0])
                    del melds[j]
                    layoffs = [(c, ("new", t[1] - 1) if isinstance(t, tuple) and t[1] > j else t, e)
                               for c, t, e in layoffs]
                    merged = True
                    break
                if merged:
                    break
        return Plan(melds, layoffs, p.points, p.left) if len(melds) != len(p.melds) else p

    def _held_wilds(self, p: Plan) -> Plan:
        """``p`` with a wild kept back from a meld that stands without it, where the wild
        is worth more in hand (the chances it gives the cards left) than its points now."""
        ctx = self.ctx
        melds = list(p.melds)
        left = list(p.left)
        points = p.points
        for i, (cards, shape) in enumerate(melds):
            if len(cards) <= ctx.min_meld or any(t == ("new", i) for _, t, _ in p.layoffs):
                continue
            for w in cards:
                if w not in self.wilds:
                    continue
                rest = [c for c in cards if c != w]
                shapes = shapes_for(ctx, rest)
                if not shapes:
                    continue
                held = self.hand_worth(left + [w]) - self.hand_worth(left)
                if held > self.hold_wild * self.gain(w):
                    melds[i] = (tuple(rest), shape if shape in shapes else shapes[0])
                    left.append(w)
                    points -= self.value[w]
                    break
        return Plan(melds, p.layoffs, points, left)

    def plan_gain(self, plan: Plan) -> float:
        g = 0.0
        for cards, _ in plan.melds:
            for c in cards:
                g += self.gain(c)
        for c, _, _ in plan.layoffs:
            g += self.gain(c)
        return g

    def discard_scores(self, hand: Sequence[C], allowed: Iterable[int] | None = None,
                       chances: Sequence[float] | None = None) -> list[tuple[float, C]]:
        """(worth of the hand after discarding c minus the danger of c, c), best first."""
        cards = list(hand)
        pool = cards if allowed is None else [c for c in cards if c in set(allowed)]
        seen: set[int] = set()
        out: list[tuple[float, C]] = []
        for c in pool:
            f = face(c)
            if f in seen:
                continue
            seen.add(f)
            rest = list(cards)
            rest.remove(c)
            w = self.hand_worth(rest) if rest else self.out_value()
            out.append((w - self.feed(c), c))
        out.sort(key=lambda t: (-t[0], int(t[1])))
        return out

    def out_value(self) -> float:
        """Worth of an empty hand after a discard: the round ends with this seat out."""
        return self.bonus


def related(c: int, k: int) -> bool:
    """Whether ``k`` is of ``c``'s rank, or of its suit within two ranks of it (a joker never is)."""
    if suit(k) == JOKER:
        return False
    if rank(k) == rank(c):
        return True
    return suit(k) == suit(c) and abs(rank(k) - rank(c)) <= 2


def partners(c: int, cards: Iterable[int], wilds, ctx) -> tuple[int, int]:
    """(cards of ``c``'s rank, same-suit neighbours within two) among ``cards`` (wilds count
    for both; where jokers form groups of their own, a joker's partners are the jokers).
    Neighbours as this game's runs go: an ace beside a king only where aces may be high,
    beside a two only where they may be low."""
    same = near = 0
    r, s = rank(c), suit(c)
    if s == JOKER and ctx.joker_groups:  # (jokers meld with jokers alone, wilds or not)
        return sum(1 for k in cards if suit(k) == JOKER), 0
    mine = ctx.run_positions(c) if ctx.allow_runs else ()
    for k in cards:
        if k in wilds:
            same += 1
            near += 1
            continue
        if suit(k) == JOKER:
            continue
        if rank(k) == r and ctx.allow_sets:
            same += 1
        elif suit(k) == s and mine and any(0 < abs(p - q) <= 2 for p in mine for q in ctx.run_positions(k)):
            near += 1
    return same, near


# ---------------------------------------------------------------------- turn steps


def plan_steps(an: Analysis, hand: Sequence[Card], must: Card | None = None) -> tuple[list, Plan]:
    """The melds, lay-offs and covers to make now, in order, and the plan they come from."""
    view = an.view
    ctx = an.ctx
    steps: list = []
    plan = an.plan(hand)
    if must is not None and must in hand and not _plan_uses(plan, must):
        forced = forced_use(an, hand, must)
        if forced is None and an.may_lay_off and an.rules.deep_take_use == "meld_or_layoff":
            forced = _layoff_chain(an, hand, must)
        if forced is not None:
            first, rest_plan = forced
            steps.extend(first if isinstance(first, list) else [first])
            plan = rest_plan
    # covers that swap a wild into the hand come first: the wild is worth more
    if an.may_lay_off and an.rules.wild_after_meld == "swap":
        for c in hand:
            if c in ctx.wilds:
                continue
            for m in view.melds:
                i = cover_index(ctx, m, c)
                if i is not None and swap_ok(ctx, m, i, c):
                    steps.append(Cover(c, m.id))
                    break
    melds = sorted(plan.melds, key=lambda mc: -sum(an.value[c] for c in mc[0]))
    if must is not None:
        melds.sort(key=lambda mc: must not in mc[0])
    layoffs = [_placing(c, target, end) for c, target, end in plan.layoffs]
    # a card that must be used, laid off on a meld already on the table, goes first (with
    # the lay-offs on that meld before it, which it may need): the rules ask for it, and a
    # person following the hints should not wonder why it comes last
    at = next((i for i, s in enumerate(layoffs) if s.card == must), None)
    if at is not None and any(m.id == layoffs[at].meld for m in view.melds):
        target = layoffs[at].meld
        first = [s for s in layoffs[:at + 1] if s.meld == target]
        steps.extend(first)
        layoffs = [s for s in layoffs if s not in first]
    for cards, shape in melds:
        steps.append(MeldCards(tuple(cards), shape))
    steps.extend(layoffs)
    return steps, plan


def _placing(card: Card, target: int, end: str) -> LayOff | Cover:
    """The action for a lay-off ``(card, meld id, end)`` of a plan or a chain; the end
    ``"cover"`` lays the card on a wild it stands for."""
    return Cover(card, target) if end == "cover" else LayOff(card, target, end)


def _plan_uses(plan: Plan, card: int) -> bool:
    for cards, _ in plan.melds:
        if card in cards:
            return True
    return any(c == card for c, _, _ in plan.layoffs)


def forced_use(an: Analysis, hand: Sequence[int], must: int):
    """The best new meld holding ``must`` and the plan for the rest of the hand."""
    best = None
    two = an.rules.deep_take_use == "new_meld_two_naturals"
    tried = 0
    for cards, shape in iter_melds(an.ctx, list(hand), must=must):
        if must not in cards:
            # iter_melds names one copy of each face; use the very card taken
            lst = list(cards)
            idx = next((i for i, c in enumerate(lst) if face(c) == face(must)), None)
            if idx is None:
                continue
            lst[idx] = must
            cards = tuple(lst)
        if two and not _two_naturals(an, cards, shape, must):
            continue
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        p = an.plan(rest)
        score = sum(an.gain(c) for c in cards) + an.plan_gain(p) + 0.01 * len(cards)
        if best is None or score > best[0]:
            best = (score, MeldCards(tuple(cards), shape), p)
        tried += 1
        if tried >= 24:
            break
    if best is None:
        return None
    return best[1], best[2]


def _layoff_chain(an: Analysis, hand: Sequence[Card], must: Card) -> tuple[list, Plan] | None:
    """A card taken from the pile that fits a table meld, maybe only once other cards of the
    hand are laid off before it (the 8♠ on 3-7♠, then the 9♠ taken): the engine's shortest
    chain of lay-offs, and the plan for the rest of the hand."""
    chain = layoff_chain(an.ctx, must, hand, an.table, an.seat, keep=an.rules.kept_to_discard)
    if chain is None:
        return None
    rest = list(hand)
    for c, _, _ in chain:
        rest.remove(c)
    return [_placing(*step) for step in chain], an.plan(rest)


def _two_naturals(an: Analysis, cards, shape, must) -> bool:
    nat = 0
    for c in cards:
        if c == must or c in an.wilds:
            continue
        if shape[0] == RUN:
            nat += suit(c) == shape[1]
        else:
            nat += rank(c) == shape[1]
    return nat >= 2


def first_legal(steps: Sequence, checker) -> object | None:
    for s in steps:
        if checker.ok(s):
            return s
    return None


# ---------------------------------------------------------------------- draw options


def take_options(view: PlayerView, limit: int = 8) -> list[TakePile]:
    """Pile takes worth a look: the top card, and deeper cards that could be used."""
    pile = view.pile
    if not pile or view.floating[view.seat]:
        return []
    out = [TakePile(pile[-1])]
    if view.rules.discard_pile != "splayed":
        return out
    ctx = view.ctx
    hand = list(view.hand)
    deep = []
    for i in range(len(pile) - 2, -1, -1):
        c = pile[i]
        pool = hand + list(pile[i:])
        if _could_use(ctx, c, pool, view):
            deep.append(TakePile(c))
    # the shallowest first: a deep take carries the whole pile above it
    return out + deep[:limit]


def _could_use(ctx, c: int, pool: Sequence[int], view: PlayerView) -> bool:
    """Whether ``c`` might go into a meld with two of ``pool`` or onto a meld on the table.
    (Counted as :func:`partners` counts: its own count missed an ace above a king, so a take
    down to the A♠ for Q♠ K♠ A♠ was never weighed.)"""
    if c in ctx.wilds:
        return True
    same, near = partners(c, [k for k in pool if k != c], ctx.wilds, ctx)
    if same >= 2 or near >= 2:
        return True
    for m in view.melds:
        if layoff_ends(ctx, m, c):
            return True
    return False


def draw_actions(view: PlayerView) -> list:
    out = []
    if view.stock_drawable:
        out.append(DrawStock())
    return out


__all__ = [
    "Analysis", "CallRummy", "Discard", "DrawStock", "LayOff", "MeldCards", "TakePile", "draw_actions",
    "first_legal", "partners", "plan_steps", "related", "take_options",
]
