"""The ``hard`` bot: the normal bot's judgement, checked by sampling and playing ahead.

At the two choices that decide most rounds -- what to draw and what to discard --
the hard bot takes the normal bot's few best candidates and tries each of them in
many imagined deals:

1. **Determinize.**  :meth:`PlayerView.determinize` deals the cards this seat cannot
   see (the other hands, less the cards known to be in them, and the stock) at
   random into a complete game state that agrees with everything the seat knows;
   :meth:`HardBot.deal` then deals again the hidden cards of any hand that does not
   fit how its seat has played (it would have melded them, taken a top card it let
   go, or kept a card of the rank it threw away).
2. **Play ahead.**  In that imagined state the candidate is played, then every seat
   (this one included) plays on with a fast version of the normal policy, "Rummy!"
   calls and all, for ``horizon`` turns (by default until this seat's next turn is
   over) or to the end of the round.
3. **Score.**  A finished round scores as the rules score it; an unfinished one
   counts the points melded so far plus what each hand is worth by the normal bot's
   measure.  The candidate's value is this seat's score minus the others' average;
   an imagined round that ends the game adds ``game_weight`` x target for winning it.
   With ``win_value`` the round is valued instead by the chance of winning the game
   from the scores it leaves (:class:`~game.bots.odds.Outlook`).
4. **End game.**  When this round may end the game (a side is within
   ``endgame_margin`` points of the target, or it is the last deal), every search
   plays to the end of the round, so that who wins the game, not only the points,
   decides.

Every candidate is tried on the same imagined deals with the same random choices
(common random numbers), so the comparison is fair even with few samples, and the
candidate with the best average wins.  The search stops after ``iterations`` deals
or ``time_limit`` seconds, whichever comes first; with the time limit out of reach
(``time_limit=None``) the decision depends on the seed and the view alone.

The hard bot never sees more than its view: the only full states it handles are the
ones it dealt itself from :meth:`PlayerView.determinize`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from game.engine import (
    Action,
    CallRummy,
    Card,
    Discard,
    DrawStock,
    EndRound,
    IllegalActionError,
    MeldCards,
    TakePile,
)
from game.engine.melds import layoff_ends
from game.engine.solver import any_meld_exists, meld_with_exists
from game.engine.view import PlayerView

from .base import CALL, DRAW, PLAY, BotError, Checker, check_settings, sensible_legal
from .normal import NormalBot
from .odds import Outlook
from .tactics import Analysis, first_legal, plan_steps, take_options

GAME_OVER = "game_over"


def _run_neighbours(ctx, card: int) -> set[int]:
    """The faces (natural cards) next to ``card`` in a run of its suit."""
    suit = card & 0x70
    out = set()
    for p in ctx.run_positions(card):
        for q in (p - 1, p + 1):
            if q in (1, 14) and q in ctx.run_positions(suit | 1):
                out.add(suit | 1)
            elif 2 <= q <= 13:
                out.add(suit | q)
    return out


class FastPolicy(NormalBot):
    """A cheaper normal policy, for playing ahead.

    It draws from the stock unless a pile take is melded at once and pays for the
    cards it brings, and discards by each card's own worth and danger without
    re-valuing the rest of the hand.
    """

    level = "normal-fast"
    deep_limit = 2

    def rank_draws(self, view: PlayerView, an: Analysis) -> list[tuple[float, Action]]:
        hand = list(view.hand)
        options: list[tuple[float, Action]] = []
        if view.stock_drawable:
            options.append((0.0, DrawStock()))
        else:
            options.append((0.0, EndRound()))
        if view.floating[view.seat] or not view.pile:
            return options
        base = an.plan_gain(an.plan(hand)) if hand else 0.0
        pile = view.pile
        for t in take_options(view, self.deep_limit):
            i = pile.index(t.card)
            taken = list(pile[i:])
            p = an.plan(hand + taken)
            used = {c for cards, _ in p.melds for c in cards}
            used.update(c for c, _, _ in p.layoffs)
            if t.card not in used:
                continue
            cost = sum(an.loss(c) + an.tempo for c in taken if c not in used)
            options.append((an.plan_gain(p) - base - cost - self.take_margin, t))
        options.sort(key=lambda o: -o[0])
        return options

    def rank_discards(self, view: PlayerView, an: Analysis, hand: list) -> list[tuple[float, Card]]:
        took = view.kept_top
        chances = an.meld_chances(hand)
        tempo = an.tempo
        out = []
        for c, m in zip(hand, chances):
            if c == took:
                continue
            own = m * an.gain(c) - (1.0 - m) * (an.loss(c) + tempo)
            out.append((-own - an.feed(c), c))
        out.sort(key=lambda t: (-t[0], int(t[1])))
        return out

    def choose_after_call(self, view: PlayerView, an: Analysis, checker):
        legal = checker.legal()
        for a in legal:
            if not isinstance(a, Discard):
                return a
        faces = {int(a.card) & 127: a for a in legal if isinstance(a, Discard)}
        for _, c in self.rank_discards(view, an, list(view.hand)):
            a = faces.get(int(c) & 127)
            if a is not None:
                return a
        return None


class HardBot(NormalBot):
    level = "hard"
    # the least value of each count and limit of the search (a search of no deals, or of
    # no candidates, would have nothing to choose from)
    LEAST = {"iterations": 1, "draw_candidates": 1, "discard_candidates": 1,
             "max_rollout_actions": 1, "prune_after": 1, "infer_tries": 1, "horizon": 0,
             "time_limit": 0}

    def __init__(self, seed: int = 0, iterations: int = 24, time_limit: float | None = 0.6,
                 draw_candidates: int = 3, discard_candidates: int = 4, horizon: int | None = None,
                 max_rollout_actions: int = 160, game_weight: float = 0.5, prune: bool = True,
                 prune_after: int = 8, prune_z: float = 2.5, window: float = 50.0,
                 prior_weight: float = 1.0, hold_search: bool = True, hold_margin: float = 20.0,
                 infer: bool = True, infer_tries: int = 12, infer_discards: bool = True,
                 infer_suits: bool = False, infer_policy: int = 0,
                 rollout: str = "fast", endgame_margin: float | None = 400.0,
                 win_value: bool = False, hold_each: bool = False, **tuning):
        named = {k: v for k, v in locals().items() if k not in ("self", "seed", "tuning", "__class__")}
        super().__init__(seed, **tuning)
        check_settings(self.level, HardBot.__init__, named, self.LEAST)
        self.iterations = iterations
        self.time_limit = time_limit
        self.draw_candidates = draw_candidates
        self.discard_candidates = discard_candidates
        self.horizon = horizon
        self.max_rollout_actions = max_rollout_actions
        self.game_weight = game_weight
        self.prune = prune
        self.prune_after = prune_after
        self.prune_z = prune_z
        self.window = window
        self.prior_weight = prior_weight
        self.hold_search = hold_search
        self.hold_margin = hold_margin
        self.infer = infer
        self.infer_tries = infer_tries
        self.infer_discards = infer_discards
        self.infer_suits = infer_suits
        self.infer_policy = infer_policy
        self.endgame_margin = endgame_margin
        self.win_value = win_value
        self.hold_each = hold_each
        self._outlook: Outlook | None = None
        # what this seat saw of the others' draws this round (see observe())
        self._round_key: tuple | None = None
        self._after: tuple[tuple | None, tuple[Card, ...]] | None = None
        self.declined: dict[int, list[int]] = {}
        self.discarded: dict[int, list[int]] = {}
        self.searches = 0
        self.rollouts = 0
        if rollout not in ("fast", "normal"):
            raise BotError(f"the hard bot's rollout policy is 'fast' or 'normal', not {rollout!r}")
        self.rollout = rollout
        self._policy = (FastPolicy if rollout == "fast" else NormalBot)(0, **self.tuning)

    # ------------------------------------------------------------------ memory
    def choose(self, view: PlayerView):
        if view.phase == DRAW:
            self.observe(view)
        action = super().choose(view)
        if isinstance(action, Discard):
            self._after = (self._round_key, tuple(view.pile) + (action.card,))
        return action

    def observe(self, view: PlayerView) -> None:
        """Note which top cards the others let go, and what they threw away, since this
        seat's last discard.

        The pile is public and stays in order.  When it now holds exactly this seat's
        last discard and one more discard per other seat, nobody took from it: each of
        those seats drew from the stock while the card below its own discard was on top,
        then threw its own discard away.  A seat seldom lets a card go that it could meld
        with two cards of its hand, or throws away a card whose rank it still holds, so
        :meth:`deal` avoids such hands.  Any other change to the pile teaches nothing.
        """
        key = (view.round_no, view.dealer, tuple(view.scores))
        if key != self._round_key:
            self._round_key = key
            self.declined = {}
            self.discarded = {}
        after, self._after = self._after, None
        if after is None or after[0] != key:
            return
        before = after[1]
        pile = view.pile
        n = view.players
        between = [(view.seat + k) % n for k in range(1, n)]
        if len(pile) != len(before) + len(between) or tuple(pile[:len(before)]) != before:
            return
        top = before[-1]
        wilds = view.ctx.wilds
        for s, d in zip(between, pile[len(before):]):
            if not view.floating[s]:
                if top not in wilds:
                    self.declined.setdefault(s, []).append(top)
                if d not in wilds:
                    self.discarded.setdefault(s, []).append(d)
            top = d

    # ------------------------------------------------------------------ decisions
    def choose_draw(self, view: PlayerView, an: Analysis, checker: Checker):
        ranked = [(v, a) for v, a in self.rank_draws(view, an) if checker.ok(a)]
        return self._decide(view, an, ranked, self.draw_candidates)

    def choose_discard(self, view: PlayerView, an: Analysis, checker: Checker, hand: list):
        ranked = []
        for v, c in self.rank_discards(view, an, hand):
            a = Discard(c)
            if checker.ok(a):
                ranked.append((v, a))
                if len(ranked) >= self.discard_candidates:
                    break
        return self._decide(view, an, ranked, self.discard_candidates)

    def choose_play(self, view: PlayerView, an: Analysis, checker: Checker):
        if self.hold_search and (self.hold_each or not view.turn_log) and view.must_use is None \
                and view.stock_card is None:
            choice = self._meld_or_hold(view, an, checker)
            if choice is not None:
                return choice
        return super().choose_play(view, an, checker)

    def _meld_or_hold(self, view: PlayerView, an: Analysis, checker: Checker):
        """At the start of a turn's play: meld now, or keep the melds in hand and discard?

        Melding scores the cards but opens the melds to the others' lay-offs and calls;
        holding keeps them private but risks them if someone goes out.  The two are
        played to the end of the round in imagined deals, and holding must win clearly.
        """
        hand = list(view.hand)
        steps, _ = plan_steps(an, hand, None)
        first = first_legal(steps, checker)
        if not isinstance(first, MeldCards):
            return None
        left = list(hand)
        for st in steps:
            for c in (st.cards if isinstance(st, MeldCards) else (st.card,)):
                if c in left:
                    left.remove(c)
        if len(left) < 2:
            return None  # the plan goes out (or nearly): meld
        hold = self.first_discard(view, an, checker, left)
        if hold is None:
            return None
        return self.search(view, an, [first, hold], prior=[0.0, -self.hold_margin], weight=1.0, horizon=0)

    def _decide(self, view: PlayerView, an: Analysis, ranked: list, limit: int):
        """Search the normal bot's best few options that are close enough to its favourite."""
        if not ranked:
            return None
        top = ranked[0][0]
        close = [(v, a) for v, a in ranked[:limit] if top - v <= self.window]
        if len(close) == 1:
            return close[0][1]
        return self.search(view, an, [a for _, a in close], [v - top for v, _ in close])

    # ------------------------------------------------------------------ search
    def search(self, view: PlayerView, an: Analysis, cands: Sequence,
               prior: Sequence[float] | None = None, weight: float | None = None,
               horizon: int | None = None) -> object:
        """The candidate with the best average over imagined deals (see the module notes).

        ``prior``: the normal bot's estimate of each candidate, relative to its favourite;
        ``prior_weight`` of it is added to the average, so that the search must show a
        real difference to overrule the heuristics.
        """
        prior = list(prior) if prior is not None else [0.0] * len(cands)
        self.searches += 1
        t0 = time.perf_counter()
        me = view.seat
        # by default: until this seat's next turn is over; 0: to the end of the round
        if horizon is None:
            horizon = 0 if self.endgame(view) else self.horizon
        horizon = view.players + 1 if horizon is None else (horizon or 10**6)
        alive = list(range(len(cands)))
        values: list[list[float]] = [[] for _ in cands]
        self._outlook = Outlook(view) if self.win_value else None
        for it in range(self.iterations):
            world = self.deal(view)
            world_seed = self.rng.getrandbits(32)
            for i in alive:
                g = world.copy()
                try:
                    g.apply(cands[i])
                except IllegalActionError:  # cannot happen: legality does not depend on hidden cards
                    values[i].append(-1e9)
                    continue
                values[i].append(self.play_ahead(g, me, an, horizon, world_seed))
                self.rollouts += 1
            if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit:
                break
            if self.prune and it + 1 >= self.prune_after and len(alive) > 1:
                alive = self._survivors(alive, values)
                if len(alive) == 1:
                    break
        w = self.prior_weight if weight is None else weight
        best = max(alive, key=lambda i: (sum(values[i]) / max(1, len(values[i])) + w * prior[i], -i))
        return cands[best]

    def endgame(self, view: PlayerView) -> bool:
        """Whether this round may end the game (the engine's
        :meth:`~game.engine.state.Standings.may_end_this_round`, with ``endgame_margin``)."""
        return self.endgame_margin is not None and view.may_end_this_round(self.endgame_margin)

    def deal(self, view: PlayerView):
        """An imagined full state that agrees with the view and with how the others play.

        :meth:`PlayerView.determinize` deals the hidden cards uniformly.  But a seat that
        has played a turn this round has melded what it could and laid off what fitted
        (the other bots do; so do most people), so its hand holds no meld and, once it
        may lay off, no card that fits its own melds; nor two cards that would have made
        a meld with a top card it let go, nor (``infer_discards``) a natural card of a
        rank it threw away (see :meth:`observe`).  Two more rules are off by default, as
        they did not bring the deals closer to the real hands (``benchmarks/bots.py
        beliefs``): ``infer_suits``, no card
        next to one it threw away in a run of its suit; ``infer_policy=k``, its last
        discard among the normal policy's ``k`` first choices from the hand it kept and
        that card.  With ``infer`` each hand that breaks
        these has its hidden cards dealt again from the stock until it keeps them (at
        most ``infer_tries`` times; the last try stands).  Only hidden cards move: the deal
        still agrees with everything the seat knows.
        """
        g = view.determinize(self.rng)
        rules = view.rules
        if not self.infer or rules.one_meld_per_turn or not g.stock:
            return g
        ctx = g.ctx
        rng = self.rng
        owners = {m.owner for m in g.melds}
        may_lay = [s in owners or not rules.layoff_needs_own_meld for s in range(view.players)]
        for s in range(view.players):
            if s == view.seat or g.turns[s] == 0 or view.floating[s]:
                continue
            known = list(view.known[s])
            need = view.hand_sizes[s] - len(known)
            if need <= 0:
                continue
            # its own melds were all on the table at its last turn (others' may be newer)
            table = [m for m in g.melds if m.owner == s] if may_lay[s] else ()
            declined = [c for c in self.declined.get(s, ()) if c not in view.known[s]]
            # a seat seldom throws away a card whose rank it still holds
            ranks = set()
            if self.infer_discards:
                ranks = {d & 15 for d in self.discarded.get(s, ())} - {c & 15 for c in known}
            # nor (infer_suits) a card beside one it threw away in a run of the same suit
            faces = set()
            if self.infer_suits:
                faces = {f for d in self.discarded.get(s, ()) for f in _run_neighbours(ctx, d)}
                faces -= {c & 127 for c in known}
            hand = g.hands[s]
            last = self.discarded.get(s, [None])[-1] if self.infer_policy else None
            checks = (ctx, table, declined, ranks, faces)
            if self._may_hold(g, s, hand, last, checks) or not self._plausible(ctx, known, table, declined):
                continue
            pool = hand[len(known):] + g.stock
            for _ in range(self.infer_tries):
                rng.shuffle(pool)
                hand = known + pool[:need]
                if self._may_hold(g, s, hand, last, checks):
                    break
            g.hands[s] = hand
            g.stock = pool[need:]
        return g

    def _may_hold(self, g, s: int, hand: list, last: int | None, checks: tuple) -> bool:
        """Whether seat ``s`` may hold ``hand``: :meth:`_plausible`, and (``infer_policy``)
        its last discard ``last`` is one the normal policy would have made from it."""
        ctx, table, declined, ranks, faces = checks
        return self._plausible(ctx, hand, table, declined, ranks, faces) and \
            (last is None or self._kept(g, s, hand, last))

    def _kept(self, g, s: int, hand: list, d: int) -> bool:
        """Whether the normal policy, holding ``hand`` and ``d``, would throw ``d`` away
        (it is among its ``infer_policy`` first choices).  The seat's view is taken from
        the imagined state ``g``."""
        v = PlayerView.of(g, s)
        v.hand = tuple(hand) + (d,)
        an = Analysis(v, self.tuning)
        ranked = self._policy.rank_discards(v, an, list(v.hand))
        f = d & 127
        return any(c & 127 == f for _, c in ranked[:self.infer_policy])

    @staticmethod
    def _plausible(ctx, hand: list, table, declined: Sequence[int] = (), ranks=(), faces=()) -> bool:
        """Whether a hand could be left after a turn: no meld in it, nothing that fits
        ``table``, no two cards that make a meld with a card it let go (``declined``), no
        natural card of a rank it threw away (``ranks``), and no natural card of the
        ``faces`` given."""
        if ranks or faces:
            wilds = ctx.wilds
            for c in hand:
                if (c & 15 in ranks or c & 127 in faces) and c not in wilds:
                    return False
        for m in table:
            for c in hand:
                if layoff_ends(ctx, m, c):
                    return False
        for t in declined:
            if meld_with_exists(ctx, t, hand + [t]):
                return False
        return not any_meld_exists(ctx, hand)

    def _survivors(self, alive: list[int], values: list[list[float]]) -> list[int]:
        """Drop candidates clearly worse than the leader (paired over the same deals)."""
        n = min(len(values[i]) for i in alive)
        mean = {i: sum(values[i][:n]) / n for i in alive}
        lead = max(alive, key=lambda i: (mean[i], -i))
        keep = [lead]
        for i in alive:
            if i == lead:
                continue
            d = [values[lead][k] - values[i][k] for k in range(n)]
            m = sum(d) / n
            var = sum((x - m) ** 2 for x in d) / max(1, n - 1)
            if m <= self.prune_z * (var / n) ** 0.5:
                keep.append(i)
        return sorted(keep)

    def play_ahead(self, g, me: int, an: Analysis, horizon: int, seed: int) -> float:
        policy = self._policy
        policy.rng = random.Random(seed)
        turns = 0
        actions = 0
        asked = None
        while not g.round_done and actions < self.max_rollout_actions:
            if g.phase == DRAW:
                if g.call_open and asked != (g.discarder, len(g.pile), actions):
                    asked = (g.discarder, len(g.pile), actions)
                    if self._rollout_call(g):
                        actions += 1
                        continue
                if turns >= horizon:
                    break
                turns += 1
            seat = g.current
            view = PlayerView.of(g, seat)
            sc = Checker.over(g, view)
            try:
                a = policy.propose(view, sc)
            except IllegalActionError:
                a = None
            if a is None or not sc.ok(a):
                a = sensible_legal(view, g.legal_actions(), policy.rng)
            g.apply(a)
            actions += 1
        return self.evaluate(g, me, an)

    def _rollout_call(self, g) -> bool:
        if g.rules.rummy_calls not in ("discard", "top_card"):
            return False
        n = g.players
        for k in range(1, n):
            seat = (g.discarder + k) % n
            if seat in (g.current, g.discarder):
                continue
            opts = g.call_actions(seat)
            if opts:
                try:
                    g.apply(opts[0])
                except IllegalActionError:
                    continue
                return True
        return False

    def evaluate(self, g, me: int, an: Analysis) -> float:
        n = g.players
        outlook = self._outlook
        # the game is decided in this imagined round: this seat's share of the win
        share = (1.0 / len(g.winners) if me in g.winners else 0.0) if g.phase == GAME_OVER else None
        if outlook is not None and share is not None:
            return outlook.value_won(share)
        if g.round_done:
            pts = list(g.results[-1].points)
        else:
            melded = g.melded_points()
            pts = [melded[s] + an.hand_worth(g.hands[s]) for s in range(n)]
        if outlook is not None:
            return outlook.value(pts)
        if g.rules.lowest_total_wins:
            pts = [-p for p in pts]
        others = [pts[s] for s in range(n) if s != me]
        value = pts[me] - sum(others) / max(1, len(others))
        if share is not None and self.game_weight:
            # winning the game is what counts
            value += self.game_weight * g.rules.target * (share - 1.0 / n)
        return value

    # ------------------------------------------------------------------ calls
    def propose_call(self, view: PlayerView, checker: Checker,
                     options: Sequence[CallRummy]) -> CallRummy | None:
        return super().propose_call(view, checker, options)


__all__ = ["HardBot", "FastPolicy", "CALL", "DRAW", "PLAY", "DrawStock", "EndRound", "TakePile"]
