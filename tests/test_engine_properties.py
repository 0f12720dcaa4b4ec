"""Properties of random legal play over many seeded games, presets and option mixes.

Random legal play must never create or lose a card, the scores must add up, the
seat to act must always have a legal action, every listed action must apply, and
``copy()`` must give an independent state.  Games are short: a low target and at
most a few rounds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine import Rules, RulesError
from game.engine import actions as act
from game.engine.save import dumps_position, loads_position, position_dict
from game.engine.state import CALL, DRAW, GAME_OVER, PLAY, ROUND_OVER, new_game

MAX_ROUNDS = 3
MAX_STEPS = 260

PRESETS = ["rummy5000", "rummy500", "basic", "george", "partnership500", "persian"]

OPTIONS = {
    "dealer_rotation": st.sampled_from(["left", "winner"]),
    "upcard_counts": st.sampled_from(["additional", "total"]),
    "court_counts": st.sampled_from(["ten", "rank", "rank15"]),
    "min_upcard": st.sampled_from([2, 3, 4]),
    "wild_indicator": st.sampled_from(["dealer_upcard", "dealer_last", "extra_card", "separate",
                                       "rotating", "none"]),
    "indicator_on_permanent_wild": st.sampled_from(["deal_again", "replace"]),
    "permanent_wild_upcard": st.sampled_from([15, 20, 25, "replace"]),
    "aces": st.sampled_from(["high_or_low", "low_only", "high_only"]),
    "min_meld": st.sampled_from([3, 4]),
    "allow_sets": st.booleans(),
    "allow_runs": st.booleans(),
    "wild_rank_natural_in_place": st.booleans(),
    "wild_limit": st.sampled_from(["none", "fewer_than_naturals", "one_per_meld"]),
    "wild_after_meld": st.sampled_from(["stays", "swap"]),
    "top_take_no_return": st.booleans(),
    "top_take_must_use": st.booleans(),
    "discard_pile": st.sampled_from(["splayed", "top_only"]),
    "deep_take_use": st.sampled_from(["meld_or_layoff", "new_meld", "new_meld_two_naturals"]),
    "stock_draw_must_use": st.booleans(),
    "one_meld_per_turn": st.booleans(),
    "layoff_needs_own_meld": st.booleans(),
    "rummy_calls": st.sampled_from(["discard", "off", "top_card", "pile"]),
    "after_call": st.sampled_from(["resume", "caller_left"]),
    "pile_call_hand": st.booleans(),
    "going_out": st.sampled_from(["discard_unplayable", "floating", "meld_all_or_discard",
                                  "discard_required"]),
    "empty_stock": st.sampled_from(["end_round", "reshuffle"]),
    "floaters_draw_when_out": st.booleans(),
    "first_turn_out_grace": st.booleans(),
    "round_scoring": st.sampled_from(["melds_and_out_bonus", "melds_minus_hand", "winner_collects",
                                      "penalty", "add_to_out_player"]),
    "going_out_bonus": st.sampled_from([0, 25, 200]),
    "hands_count_on_empty_stock": st.booleans(),
    "simple_scoring": st.booleans(),
    "low_ace": st.booleans(),
    "winner_rule": st.sampled_from(["highest", "went_out", "must_go_out"]),
}

WILDS = st.sampled_from([
    {},
    {"jokers_per_deck": 1, "permanent_wilds": ["jokers"]},
    {"jokers_per_deck": 2, "permanent_wilds": ["jokers"], "wild_set": True},
    {"permanent_wilds": ["twos"]},
    {"permanent_wilds": ["one_eyed_jacks", "tens"]},
    {"lowest_rank": 3, "aces": "high_only"},
    {"lowest_rank": 6, "aces": "high_only", "upcard_counts": "total"},
])


@st.composite
def rule_sets(draw):
    preset = draw(st.sampled_from(PRESETS))
    chosen = draw(st.lists(st.sampled_from(sorted(OPTIONS)), max_size=8, unique=True))
    overrides = {k: draw(OPTIONS[k]) for k in chosen}
    if preset not in ("persian",):
        overrides.update(draw(WILDS))
    overrides["target"] = draw(st.sampled_from([100, 250, 500]))
    try:
        rules = Rules.preset(preset, **overrides)
    except RulesError:
        assume(False)
    lo, hi = rules.player_range()
    players = draw(st.integers(lo, min(hi, 6)))
    try:
        rules.check_players(players)
    except RulesError:
        assume(False)
    return rules, players


def check_pack(g):
    assert Counter(g.all_cards()) == Counter(g.pack)


def check_round(g):
    """The last round's points add up for its scoring mode; totals are the sum of points."""
    res = g.results[-1]
    rules = g.rules
    n = g.players
    mode = rules.round_scoring
    assert res.melded == g.melded_points()
    assert res.in_hand == [g.hand_points(s) for s in range(n)]
    # the last of a fixed number of deals gives the side ahead (alone) the final bonus,
    # counted in that round's bonus and points on top of what the scoring mode gives
    final = [0] * n
    if res.final_to is not None:
        final[res.final_to] = rules.final_bonus
    before = [sum(g.scores[s] - final[s] for s in side) for side in g.sides()]
    best = min(before) if rules.lowest_total_wins else max(before)
    leaders = [i for i, t in enumerate(before) if t == best]
    if rules.deals and res.round >= rules.deals and rules.final_bonus and len(leaders) == 1:
        assert res.final_to == g.sides()[leaders[0]][0]
    else:
        assert res.final_to is None
    bonus = [res.bonus[s] - final[s] for s in range(n)]
    points = [res.points[s] - final[s] for s in range(n)]
    # the hands the player who went out collects: the other side's (a partner's count for nobody)
    collected = None if res.went_out is None else sum(
        res.in_hand[s] for s in range(n) if g.side_of(s) != g.side_of(res.went_out))
    if mode == "melds_and_out_bonus":
        assert points == [res.melded[s] + bonus[s] for s in range(n)]
        if res.went_out is None:
            assert not any(bonus)
        else:
            assert bonus[res.went_out] == collected
    elif mode == "melds_minus_hand":
        count = res.went_out is not None or rules.hands_count_on_empty_stock
        assert points == [res.melded[s] - (res.in_hand[s] if count else 0) + bonus[s]
                          for s in range(n)]
    elif mode == "add_to_out_player":
        assert points == [res.melded[s] + bonus[s] for s in range(n)]
    elif mode == "winner_collects":
        assert points == bonus
        if res.went_out is not None:
            assert points[res.went_out] == collected
    else:
        assert points == res.in_hand
    totals = [sum(r.points[s] for r in g.results) for s in range(n)]
    assert g.scores == totals


def check_all_actions_apply(g, rng):
    acts = g.legal_actions()
    assert acts, f"seat {g.current} has no legal action in phase {g.phase}"
    sample = acts if len(acts) <= 25 else rng.sample(acts, 25)
    for a in sample:
        c = g.copy()
        c.apply(a)
        check_pack(c)
    calls = []
    for s in range(g.players):
        if s != g.current:
            calls += g.call_actions(s)
    for a in calls[:10]:
        c = g.copy()
        c.apply(a)
        check_pack(c)
    return acts, calls


def random_move(rng, acts, calls):
    """A random move: a "Rummy!" call half the time there is one, else a legal action,
    leaning towards melding and laying off so that rounds reach their ends."""
    if calls and rng.random() < 0.5:
        return rng.choice(calls)
    plays = [x for x in acts if type(x).__name__ in ("MeldCards", "LayOff", "Cover")]
    return rng.choice(plays if plays and rng.random() < 0.6 else acts)


def play_random(rules, players, seed, check_every_action=True):
    rng = random.Random(seed)
    g, _ = new_game(rules, players=players, seed=seed)
    check_pack(g)
    rounds = 0
    for step in range(MAX_STEPS):
        if g.phase == GAME_OVER:
            break
        if g.phase == ROUND_OVER:
            check_round(g)
            rounds += 1
            if rounds >= MAX_ROUNDS:
                break
            g.next_round()
            check_pack(g)
            continue
        assert g.phase in (DRAW, PLAY, CALL)
        if check_every_action:
            acts, calls = check_all_actions_apply(g, rng)
        else:
            acts = g.legal_actions()
            assert acts
            calls = [a for s in range(g.players) if s != g.current for a in g.call_actions(s)]
        a = random_move(rng, acts, calls)
        if step % 17 == 0:
            # copy() is independent both ways
            before = position_dict(g)
            c = g.copy()
            c.apply(a)
            assert position_dict(g) == before
            after_c = position_dict(c)
            g.apply(a)
            assert position_dict(c) == after_c
            assert position_dict(g) == after_c
        else:
            g.apply(a)
        check_pack(g)
        for s in range(g.players):
            assert g.known[s] <= set(g.hands[s])
        if step % 29 == 0:
            # every reachable position saves and loads (melds stay valid, seats in range)
            assert position_dict(loads_position(dumps_position(g))) == position_dict(g)
    if g.phase in (ROUND_OVER, GAME_OVER) and g.results:
        check_round(g)
    return g


def property_test(check, examples=120, derandomize=True):
    """A hypothesis test of ``check(rules, players, seed)`` over random rule sets and
    seeds. The suite runs it with a fixed set of examples; ``tools/long_checks.py
    properties`` makes the same test with as many fresh examples as asked."""

    @settings(max_examples=examples, deadline=None, derandomize=derandomize, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(rule_sets(), st.integers(0, 2**32))
    def test(rs, seed):
        rules, players = rs
        check(rules, players, seed)

    return test


test_random_legal_play_keeps_every_invariant = property_test(play_random)


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PRESETS), st.integers(0, 2**32))
def test_presets_play_to_the_end_of_rounds(preset, seed):
    rules = Rules.preset(preset) if preset in ("persian",) else Rules.preset(preset, target=250)
    lo, hi = rules.player_range()
    players = random.Random(seed).randint(lo, min(hi, 6))
    play_random(rules, players, seed, check_every_action=False)


@pytest.mark.parametrize("mode", ["melds_and_out_bonus", "melds_minus_hand", "winner_collects",
                                  "penalty", "add_to_out_player"])
def test_the_last_deals_final_bonus_is_checked_under_every_scoring_mode(mode):
    """A fixed number of deals with a final bonus (persian: two deals, 50 to the side
    ahead) under each way of scoring a round: the check of the round's points takes the
    bonus apart from what the scoring mode gives, and the games here do award it."""
    rules = Rules.preset("persian", round_scoring=mode)
    awarded = 0
    for seed in (2, 3):
        g = play_random(rules, 4, seed, check_every_action=False)
        assert g.phase == GAME_OVER
        awarded += sum(r.final_to is not None for r in g.results)
    assert awarded == 2


def test_many_seeded_default_games_reach_round_ends():
    ends = 0
    for seed in range(12):
        g = play_random(Rules.preset(target=250), 4, seed, check_every_action=False)
        ends += len(g.results)
    assert ends >= 6


def test_a_game_is_reproducible_from_its_seed_and_actions():
    rules = Rules.preset("rummy500", target=200)
    rng = random.Random(5)
    g, _ = new_game(rules, players=3, seed=99)
    h, _ = new_game(rules, players=3, seed=99)
    for _ in range(150):
        if g.phase == GAME_OVER:
            break
        if g.phase == ROUND_OVER:
            g.next_round()
            h.next_round()
            continue
        a = rng.choice(g.legal_actions())
        assert g.apply(a) == h.apply(a)
    assert position_dict(g) == position_dict(h)


# --------------------------------------------------------------------------- an independent referee
#
# The referee re-reads RULES.md sections 4-7 without the engine's meld code: after every
# action of a random game it checks every meld on the table, and at the end of every
# turn it checks that the turn's duties were met.


class Referee:
    def __init__(self, g):
        self.g = g
        self.turn = None

    # -- cards
    def wild(self, c) -> bool:
        g = self.g
        if g.rules.is_permanent_wild(c):
            return True
        return not c.is_joker and g.wild_rank is not None and c.rank == g.wild_rank

    def run_bounds(self):
        r = self.g.rules
        mode = "high_only" if r.lowest_rank > 2 else r.aces
        lo = 1 if mode != "high_only" else (r.lowest_rank if r.lowest_rank > 2 else 2)
        hi = 13 if mode == "low_only" else 14
        return lo, hi

    def natural_in_run(self, c, suit, pos) -> bool:
        if c.is_joker or c.suit != suit or c.rank != (1 if pos == 14 else pos):
            return False
        return not self.wild(c) or self.g.rules.wild_rank_natural_in_place

    def natural_in_set(self, c, rank) -> bool:
        if c.is_joker or c.rank != rank:
            return False
        return not self.wild(c) or self.g.rules.wild_rank_natural_in_place

    def limit_ok(self, n, wild_idx, naturals, halves) -> bool:
        limit = self.g.rules.wild_limit
        w = len(wild_idx)
        if limit == "fewer_than_naturals":
            return naturals > w
        if limit == "one_per_meld":
            if w <= 1:
                return True
            return w == 2 and n >= 6 and halves(wild_idx)
        return True

    # -- melds
    def check_meld(self, m, new=False) -> str | None:
        g = self.g
        r = g.rules
        cards = list(m.cards)
        n = len(cards)
        if new and n < r.min_meld:
            return "a new meld smaller than min_meld"
        if m.kind == "set":
            if m.rank == 0:  # a group of jokers (joker_groups)
                return None if all(c.is_joker for c in cards) else "a joker group with other cards"
            if not r.allow_sets:
                return "a set where sets are not allowed"
            if n > 4 * g.decks:
                return "a set larger than 4 x decks"
            for c in cards:
                if not (self.wild(c) or (not c.is_joker and c.rank == m.rank)):
                    return f"{c} in a set of {m.rank}"
            nat = [i for i, c in enumerate(cards) if self.natural_in_set(c, m.rank)]
            all_rank = all(not c.is_joker and c.rank == m.rank for c in cards)
            if all_rank:
                return None  # the wild rank's own set, or a plain set
            if not nat:
                return "a set without a natural card"
            wild_idx = [i for i in range(n) if i not in nat]
            if not self.limit_ok(n, wild_idx, len(nat), lambda w: True):
                return "a set over the wild limit"
            return None
        if m.kind == "run":
            if not r.allow_runs:
                return "a run where runs are not allowed"
            lo_b, hi_b = self.run_bounds()
            if n > 13 or m.lo < lo_b or m.lo + n - 1 > hi_b:
                return f"a run out of bounds ({m.lo}..{m.lo + n - 1})"
            nat = []
            for i, c in enumerate(cards):
                if self.natural_in_run(c, m.suit, m.lo + i):
                    nat.append(i)
                elif not self.wild(c):
                    return f"{c} out of place in a run"
            if not nat:
                return "a run without a natural card"
            wild_idx = [i for i in range(n) if i not in nat]

            def halves(w):
                i, j = sorted(w)
                return any(i < k <= j for k in range(3, n - 2))
            if not self.limit_ok(n, wild_idx, len(nat), halves):
                return "a run over the wild limit"
            return None
        # a group of wilds
        if not r.wild_set:
            return "a group of wilds without wild_set"
        if not all(self.wild(c) for c in cards):
            return "a natural card in a group of wilds"
        if new and not all(r.is_permanent_wild(c) for c in cards):
            return "a new group of wilds with a round wild"
        return None

    def check_covers(self, m) -> str | None:
        for i, (c, _s) in m.covers.items():
            w = m.cards[i]
            if not self.wild(w) or self.wild(c):
                return "a cover that is not a real card on a wild"
            if m.kind == "run":
                if self.natural_in_run(w, m.suit, m.lo + i) or not self.natural_in_run(c, m.suit, m.lo + i):
                    return "a cover that is not the wild's real card"
            elif c.is_joker or c.rank != m.rank or self.natural_in_set(w, m.rank):
                return "a cover that is not the wild's real card"
        return None

    def fits(self, m, c) -> bool:
        """Whether ``c`` could be laid off on ``m`` or laid on one of its wilds."""
        from game.engine.melds import Meld

        if m.kind == "run":
            trials = [Meld(0, 0, "run", 0, m.suit, m.lo, list(m.cards) + [c]),
                      Meld(0, 0, "run", 0, m.suit, m.lo - 1, [c] + list(m.cards))]
        else:
            trials = [Meld(0, 0, m.kind, m.rank, 0, 0, list(m.cards) + [c])]
        if any(self.check_meld(t) is None for t in trials):
            return True
        if self.g.rules.wild_after_meld == "stays" and not self.wild(c):
            probe = m.copy()
            for i in range(len(m.cards)):
                if i not in m.covers:
                    probe.covers = {**m.covers, i: (c, 0)}
                    if self.check_covers(probe) is None:
                        return True
        return False

    def playable(self, seat, c) -> bool:
        g = self.g
        if g.rules.layoff_needs_own_meld and not any(m.owner == seat for m in g.melds):
            return False
        return any(self.fits(m, c) for m in g.melds)

    # -- actions
    def before(self, a):
        g = self.g
        self.prev = {
            "phase": g.phase, "current": g.current, "floating": list(g.floating),
            "discarder": g.discarder, "owners": {m.owner for m in g.melds},
            "hand": list(g.hands[g.current]), "hands": [list(h) for h in g.hands],
            "playable": None,
        }
        if type(a).__name__ == "Discard" and len(g.hands[g.current]) == 1:
            self.prev["playable"] = self.playable(g.current, a.card)

    def after(self, a, events):
        from game.engine import events as ev

        g = self.g
        r = g.rules
        p = self.prev
        for m in g.melds:
            why = self.check_meld(m) or self.check_covers(m)
            assert why is None, f"{why}: {m!r} after {a}"
        names = [type(e).__name__ for e in events]
        for e in events:
            if isinstance(e, ev.TookPile):
                assert not p["floating"][e.seat], "a floater took from the pile"
                self.turn = {"seat": e.seat, "taken": list(e.cards), "hand0": p["hand"],
                             "stock": None, "new": set()}
            elif isinstance(e, ev.DrewStock):
                self.turn = {"seat": e.seat, "taken": [], "hand0": p["hand"], "stock": e.card,
                             "new": set()}
            elif isinstance(e, ev.CalledRummy):
                assert e.seat != p["discarder"], "a call on one's own discard"
                after = r.after_call or ("caller_left" if r.rummy_calls == "pile" else "resume")
                self.resume = (e.seat, p["current"] if after == "resume" else (e.seat + 1) % g.players)
                if r.rummy_calls == "discard":
                    assert e.seat in p["owners"], "a discard call without a meld of one's own"
                if e.meld is None:  # a pile call starts a turn for the caller
                    self.turn = {"seat": e.seat, "taken": list(e.cards), "hand0": p["hands"][e.seat],
                                 "stock": None, "new": set(), "pile_call": True}
            elif isinstance(e, ev.Melded):
                m = g.meld_by_id(e.meld)
                if m is not None and m.cards == list(e.cards):
                    assert self.check_meld(m, new=True) is None, f"{self.check_meld(m, new=True)}: {m!r}"
                    assert set(m.by) == {e.seat}
                if self.turn is not None:
                    self.turn["new"].add(e.meld)
            elif isinstance(e, (ev.LaidOff, ev.Covered)):
                call = "CalledRummy" in names
                if r.layoff_needs_own_meld and not (call and r.rummy_calls == "top_card"):
                    assert any(m.owner == e.seat for m in g.melds), f"{a}: a lay-off without an own meld"
        if "WentOut" in names and "Discarded" in names and r.going_out == "discard_unplayable":
            assert p["playable"] is False, f"went out on a playable card: {a}"
        if "WentOut" in names and "Discarded" not in names:
            assert r.going_out in ("meld_all_or_discard",) or p["phase"] == "call", \
                f"the hand was emptied by a meld under going_out = {r.going_out}"
        if "Floated" in names:
            assert r.going_out in ("discard_unplayable", "floating")
        pending = getattr(self, "resume", None)
        if pending is not None:
            caller, nxt = pending
            ended = "CalledRummy" in names or (p["current"] == caller and p["phase"] in ("play", "call")
                                               and ("Discarded" in names or "Floated" in names))
            if g.phase != "draw" or g.went_out is not None:
                if g.phase in ("round_over", "game_over"):
                    self.resume = None
            elif ended:
                assert g.current == nxt, f"after the call play went to {g.current}, not {nxt}"
                self.resume = None
        self.check_last_card()
        turn_over = ("Discarded" in names and p["phase"] == "play") or "Floated" in names or (
            "WentOut" in names and p["phase"] == "play")
        if turn_over and self.turn is not None and self.turn["seat"] == p["current"]:
            self.check_turn(a, events)
            self.turn = None

    def check_last_card(self):
        """Holding one card after the draw, with no other duty: under discard_unplayable
        it may be the going-out discard exactly when it is not playable."""
        g = self.g
        if g.phase != "play" or g.rules.going_out != "discard_unplayable":
            return
        hand = g.hands[g.current]
        if len(hand) != 1 or g.took_top is not None:
            return
        if g.must_use is not None and g.must_use in hand:
            return
        if g.rules.deep_take_use != "meld_or_layoff" and g.must_use is not None:
            return
        c = hand[0]
        listed = any(type(x).__name__ == "Discard" for x in g.legal_actions())
        assert listed == (not self.playable(g.current, c)), \
            f"last card {c}: discard listed {listed}, playable {self.playable(g.current, c)}"

    def check_turn(self, a, events):
        g = self.g
        r = g.rules
        t = self.turn
        seat = t["seat"]
        hand = g.hands[seat]
        discard = a.card if type(a).__name__ == "Discard" else None
        taken = t["taken"]
        new = [m for m in g.melds if m.id in t["new"] and m.owner == seat]
        if r.one_meld_per_turn:
            assert len(new) <= 1, "two new melds in one turn"
        if len(taken) == 1 and r.top_take_no_return and not t.get("pile_call"):
            assert discard != taken[0], "the top card taken went straight back"
        duty = taken[0] if taken and (len(taken) > 1 or r.top_take_must_use or t.get("pile_call")) else None
        if duty is not None:
            assert duty not in hand and duty != discard, f"the {duty} taken from the pile was not used"
            if r.deep_take_use != "meld_or_layoff":
                home = [m for m in new if duty in m.cards]
                assert home, f"the {duty} is not in a new meld"
                if r.deep_take_use == "new_meld_two_naturals":
                    m = home[0]
                    own = [c for c in m.cards if c != duty and c in t["hand0"] and not self.wild(c) and (
                        (m.kind == "set" and c.rank == m.rank) or (m.kind == "run" and c.suit == m.suit))]
                    assert len(own) >= 2, f"the {duty} was not melded with two naturals from the hand"
        if r.stock_draw_must_use and t["stock"] is not None:
            sc = t["stock"]
            assert sc not in hand or sc == discard, f"the {sc} drawn was neither used nor discarded"


def referee_points(g, ref):
    """Each seat's melded points, counted card by card from the table."""
    pts = [0] * g.players
    for m in g.melds:
        placed = [(c, s, i) for i, (c, s) in enumerate(zip(m.cards, m.by))]
        placed += [(c, s, i) for i, (c, s) in m.covers.items()]
        for c, s, i in placed:
            low = m.kind == "run" and m.lo + i == 1
            v = g.rules.card_value(c, ref.wild(c), low=low)
            pts[s] += v * (2 if c in getattr(m, "double", ()) else 1)
    return pts


def referee_game(rules, players, seed, steps=MAX_STEPS):
    rng = random.Random(seed)
    g, _ = new_game(rules, players=players, seed=seed)
    ref = Referee(g)
    rounds = 0
    for _ in range(steps):
        if g.phase == GAME_OVER:
            break
        if g.phase == ROUND_OVER:
            assert g.results[-1].melded == referee_points(g, ref)
            rounds += 1
            if rounds >= MAX_ROUNDS:
                break
            g.next_round()
            ref.turn = None
            ref.resume = None
            continue
        acts = g.legal_actions()
        calls = [x for s in range(g.players) if s != g.current for x in g.call_actions(s)]
        a = random_move(rng, acts, calls)
        ref.before(a)
        events = g.apply(a)
        ref.after(a, events)
    return g


test_random_play_satisfies_an_independent_referee = property_test(referee_game)


def odd_move(rng, g):
    """A move made up at random: mostly of the pack's cards and the table's meld numbers,
    legal or not, now and then with a field that holds no card or no number at all."""
    from game.engine import Card

    junk = [None, "7♣", Card(127), Card(0), -1, True, 2.5]

    def card():
        return rng.choice(junk) if rng.random() < 0.1 else rng.choice(g.pack)

    hand = list(g.hands[g.current])

    def held():
        return rng.choice(hand) if hand and rng.random() < 0.8 else card()

    meld = rng.choice([m.id for m in g.melds] + [0, 99] + (["1", None] if rng.random() < 0.1 else []))
    end = rng.choice(["", "", "low", "high"] + (["top"] if rng.random() < 0.1 else []))
    kind = rng.randrange(9)
    if kind == 0:
        return act.TakePile(rng.choice(g.pile) if g.pile and rng.random() < 0.8 else card())
    if kind == 1:
        return act.MeldCards(tuple(held() for _ in range(rng.randint(0, 5))))
    if kind == 2:
        return act.LayOff(held(), meld, end)
    if kind == 3:
        return act.Cover(held(), meld)
    if kind == 4:
        return act.Discard(held())
    if kind == 5:
        seat = rng.choice(list(range(g.players)) + [g.players, -1])
        return act.CallRummy(seat, meld, end, rng.choice([None, None, card()]))
    return rng.choice([act.DrawStock(), act.EndRound(), act.Undo()])


def try_odd_moves(rules, players, seed):
    from game.engine import IllegalActionError

    rng = random.Random(seed)
    g, _ = new_game(rules, players=players, seed=seed)
    refused = 0
    for _ in range(rng.randint(0, 40)):  # somewhere into the round
        if g.phase != DRAW and g.phase != PLAY and g.phase != CALL:
            break
        acts = g.legal_actions()
        calls = [a for s in range(g.players) if s != g.current for a in g.call_actions(s)]
        g.apply(random_move(rng, acts, calls))
    for _ in range(60):
        if g.phase not in (DRAW, PLAY, CALL):
            break
        a = odd_move(rng, g)
        before = position_dict(g)
        listed = g.legal_actions()
        if isinstance(a, act.CallRummy) and a.seat in range(g.players):
            listed = g.call_actions(a.seat)
        try:
            g.apply(a)
        except IllegalActionError as e:
            assert str(e), a
            assert position_dict(g) == before, a
            refused += 1
        else:
            assert any(same_move(a, x) for x in listed), (a, listed)
        check_pack(g)
    return refused


def same_move(a, listed) -> bool:
    """Whether ``a`` is the listed move ``listed``, up to identical cards of other decks
    (the listing names one of them), the order of a meld's cards, and an end left unnamed
    (the engine then picks one)."""
    def key(m, end=True):
        if isinstance(m, act.MeldCards):
            return sorted(int(c) & 127 for c in m.cards)
        fields = vars(m) if end else {k: v for k, v in vars(m).items() if k != "end"}
        return {k: int(v) & 127 if k in ("card", "take") and v is not None else v for k, v in fields.items()}

    named_end = bool(getattr(a, "end", ""))
    return type(a) is type(listed) and key(a, named_end) == key(listed, named_end)


# Moves made up at random, legal or not, well formed or not: each one either applies (and
# no card is created or lost, and the move was among those the engine listed) or is refused
# with a reason and changes nothing.
test_any_move_applies_or_is_refused_leaving_the_game_as_it_was = property_test(try_odd_moves, examples=60)


def test_odd_moves_are_mostly_refused():
    """(The test above tries moves the rules refuse, not only legal ones.)"""
    refused = sum(try_odd_moves(Rules.preset(), 4, seed) for seed in range(5))
    assert refused >= 100
