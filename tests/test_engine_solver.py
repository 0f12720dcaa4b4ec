"""The best-plan solver against brute force, and the meld enumerator's completeness."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine import Rules, new_game, parse_cards
from game.engine.cards import Card, card_text
from game.engine.melds import WILDS, MeldContext, layoff_ends, shapes_for
from game.engine.solver import best_plan, iter_melds, meld_with_exists

CASES = [
    ("rummy5000", {}),
    ("rummy500", {}),
    ("rummy5000", {"wild_limit": "one_per_meld"}),
    ("rummy5000", {"wild_limit": "fewer_than_naturals"}),
    ("george", {}),
    ("rummy5000", {"decks": 2, "jokers_per_deck": 1, "permanent_wilds": ["jokers"]}),
    ("basic", {}),
    ("rummy500", {"four_at_once_double": True}),
]
JOKERS = {"jokers_per_deck": 2, "permanent_wilds": ["jokers"]}


def brute_best(ctx, hand) -> int:
    """Most points a hand can meld, by trying every combination of listed melds."""
    melds = list(iter_melds(ctx, hand))
    best = 0

    def rec(rem: Counter, start: int, val: int) -> None:
        nonlocal best
        best = max(best, val)
        for i in range(start, len(melds)):
            cards, _ = melds[i]
            need = Counter(c & 127 for c in cards)
            if all(rem[f] >= k for f, k in need.items()):
                worth = sum(ctx.value[c] for c in cards)  # (twice that for four or more at once,
                # where the rules say so)
                rec(rem - need, i, val + worth * (2 if ctx.rules.counts_double(len(cards)) else 1))

    rec(Counter(c & 127 for c in hand), 0, 0)
    return best


@pytest.mark.parametrize("preset,opts", CASES)
def test_best_plan_matches_brute_force(preset, opts):
    for t in range(40):
        rng = random.Random(t)
        g, _ = new_game(Rules.preset(preset, **opts), 4, seed=t)
        pack = list(g.pack)
        rng.shuffle(pack)
        hand = pack[: rng.randint(4, 9)]
        plan = best_plan(g.ctx, hand, [], 0)
        assert plan.points == brute_best(g.ctx, hand), (hand, plan)
        # the plan's melds are real melds made of the hand's cards
        used = Counter()
        for cards, shape in plan.melds:
            assert shape in shapes_for(g.ctx, cards)
            used.update(cards)
        assert not (used - Counter(hand))


# hands the solver once scored below the best: (preset, options, round seed, hand, best points)
PLAN_REGRESSIONS = [
    # two runs that each need a copy of the same card (two decks)
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"]}, 1, "4♠ 5♠ 7♠ 2♠#2 Jk#3 8♣ 5♠#2", 225),
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"]}, 7, "Jk Jk#4 Q♦#2 5♦ 10♦#2 Q♦ 6♦ A♦", 330),
    # a run that leaves the J♥ inside its window to another run, a wild taking its place
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"]}, 13, "Jk 3♥#2 J♥ Q♥ 10♥#2 Q♥#2 J♣ 8♥ 10♥",
     345),
    # a wild left over goes where there is room: a five-card run, not a full set of four
    ("rummy5000", {}, 1, "7♠ 2♠ 7♣ 7♦ 7♥", 405),
    # under a wild limit, a meld complete without wilds may still take one
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"], "wild_limit": "one_per_meld"}, 1,
     "7♥ 3♠#2 8♥ 8♦ 9♥#2 A♥ 7♥#2", 210),
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"], "wild_limit": "one_per_meld"}, 1,
     "8♦#2 Q♦ 8♦ J♠#2 5♠ Q♠ 10♠ K♠ J♠", 250),
    # a group of jokers takes no wild (it once planned J J 2 with twos wild)
    ("persian", {"permanent_wilds": ["twos"]}, 1, "Jk Jk#2 2♠ 5♦", 0),
    ("persian", {"permanent_wilds": ["twos"]}, 1, "Jk Jk#2 Jk#3 2♠ 5♦ 5♠", 85),
]


def _plan_is_best(g, hand):
    plan = best_plan(g.ctx, hand, [], 0)
    for cards, shape in plan.melds:
        assert shape in shapes_for(g.ctx, cards), (plan, shape)
    used = Counter(c for cards, _ in plan.melds for c in cards)
    assert not (used - Counter(hand)) and sorted(plan.left) == sorted((Counter(hand) - used).elements())
    assert plan.points == sum(sum(g.ctx.value[c] for c in cards) * (2 if g.rules.counts_double(len(cards)) else 1)
                              for cards, _ in plan.melds)
    return plan.points, brute_best(g.ctx, hand)


@pytest.mark.parametrize("preset,opts,rnd,hand,points", PLAN_REGRESSIONS)
def test_best_plan_finds_the_best_in_hands_it_once_missed(preset, opts, rnd, hand, points):
    g, _ = new_game(Rules.preset(preset, **opts), 4, seed=rnd)
    assert _plan_is_best(g, parse_cards(hand)) == (points, points)


@pytest.mark.parametrize("preset,opts", [("rummy5000", {}), ("rummy5000", JOKERS), ("rummy500", {}),
                                         ("rummy500", {"wild_after_meld": "swap"}), ("persian", {})])
def test_the_table_check_agrees_with_lay_offs_and_covers(preset, opts):
    """The solver's quick test of whether a natural card goes onto the table gives the same
    answer as asking each meld (``layoff_ends``, and ``cover_index`` where wilds stay)."""
    from game.engine.melds import cover_index, make_meld
    from game.engine.solver import _table_takes

    g, _ = new_game(Rules.preset(preset, **opts), 4, seed=7)
    ctx = g.ctx
    stays = ctx.rules.wild_after_meld == "stays"
    checked = taken = 0
    for t in range(60):
        rng = random.Random(t)
        pack = list(g.pack)
        rng.shuffle(pack)
        table, used = [], set()
        for cards, shape in iter_melds(ctx, pack[:26]):
            if not used & set(cards):
                table.append(make_meld(ctx, list(cards), shape, 1, len(table) + 1))
                used |= set(cards)
        takes = _table_takes(ctx, table)
        for c in pack[26:]:
            if c in ctx.wilds:
                continue
            slow = any(layoff_ends(ctx, m, c) or (stays and cover_index(ctx, m, c) is not None) for m in table)
            assert takes(c) == slow, (card_text(c), [str(m) for m in table])
            checked += 1
            taken += slow
    assert checked > 1000 and taken > 50


def test_spare_wilds_count_only_where_the_table_has_room():
    """A full set on the table takes no wild, so the spare wild goes into a run of the hand's
    own; a run on the table takes it as a lay-off."""
    from game.engine.melds import make_meld

    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=1)  # sevens are wild this round
    ctx = g.ctx
    hand = parse_cards("7♠ 2♠ 7♣ 7♦ 7♥")
    full = make_meld(ctx, parse_cards("K♠ K♣ K♦ K♥"), ("set", 13), 1, 1)
    plan = best_plan(ctx, hand, [full], 0)
    assert (plan.points, plan.left, plan.layoffs) == (405, [], [])
    assert [len(cards) for cards, _ in plan.melds] == [5]
    run = make_meld(ctx, parse_cards("9♥ 10♥ J♥"), ("run", 2, 9), 1, 2)
    plan = best_plan(ctx, hand, [run], 0)
    assert plan.points == 405 and plan.left == []
    assert best_plan(ctx, hand, [full], 0, may_lay_off=False).points == 405


def brute_best_with_table(ctx, hand, table, seat=0) -> int:
    """Most points a hand can put down: every combination of listed melds, then every order
    of laying the cards left off on those melds and the table's, each at every end."""
    from game.engine.melds import add_to_meld, cover_index, make_meld

    melds = list(iter_melds(ctx, hand))
    best = 0

    def lay(left, ms, val):
        nonlocal best
        best = max(best, val)
        for j, c in enumerate(left):
            rest = left[:j] + left[j + 1:]
            for i, m in enumerate(ms):
                for end in layoff_ends(ctx, m, c):
                    grown = m.copy()
                    add_to_meld(grown, Card(c), end, seat)
                    lay(rest, ms[:i] + [grown] + ms[i + 1:], val + ctx.value[c])
                if ctx.rules.wild_after_meld == "stays" and m.id > 0 and cover_index(ctx, m, c) is not None:
                    grown = m.copy()
                    grown.covers[cover_index(ctx, m, c)] = (Card(c), seat)
                    lay(rest, ms[:i] + [grown] + ms[i + 1:], val + ctx.value[c])

    def rec(rem, start, chosen, val):
        lay(rem, [m.copy() for m in table] + chosen, val)
        for i in range(start, len(melds)):
            cards, shape = melds[i]
            left = list(rem)
            for c in cards:
                same = [x for x in left if x & 127 == c & 127]
                if not same:
                    break
                left.remove(same[0])
            else:
                m = make_meld(ctx, list(cards), shape, seat, -(len(chosen) + 1))
                rec(left, i, chosen + [m], val + sum(ctx.value[c] for c in cards))

    rec(list(hand), 0, [], 0)
    return best


TABLE_REGRESSIONS = [
    # the A♦ goes onto the table's aces, so the wild makes 10♦ J Q♦ of the rest
    ("rummy5000", JOKERS, 7, ["A♣#2 4♦#2 4♥#2"], "A♦#2 10♦ Q♦#2 4♥", 220),
    # the 9♣ and the 10♣ after it go onto 6♣ 7♣ 8♣, so the joker makes a set of the 5s
    ("rummy500", {}, 1, ["6♣ 7♣ 8♣"], "9♣ 10♣ 5♥ 5♦ Jk", 44),
    # a wild J and the Q♦ after it go onto 8♦ 9♦ 10♦ (sevens are wild this round), not into a run
    ("rummy5000", {}, 1, ["8♦ 9♦ 10♦"], "2♦ Q♦ 7♣ 3♦ 6♦ 4♦", 125),
    # 8♦ 7♦ below 9♦ 10♦ J♦, and the joker as Q♦ with the K♦ above it
    ("rummy500", {}, 1, ["9♦ 10♦ J♦"], "2♦ 8♦ 7♦ Jk#2 K♦ 3♦", 40),
    # the joker goes to the 9♣ end of 6♣ 7♣ 8♣, so the 10♣ follows it
    ("rummy500", {}, 1, ["4♣ 4♦ Jk#2", "6♣ 7♣ 8♣"], "9♦ Jk K♦ 2♦ 5♦ 10♣", 25),
    # under one wild a meld, the 8♥ (wild this round) goes onto the table's 8s as an 8, and
    # the joker fills the new set
    ("rummy5000", {**JOKERS, "wild_limit": "one_per_meld"}, 1, ["8♦#2 8♠ Jk#2"], "Jk#4 8♥#2 6♠ A♦ 6♦", 210),
    # ... and a wild left over goes onto a table meld that may still take one
    ("rummy5000", {**JOKERS, "wild_limit": "one_per_meld"}, 7, ["A♣#2 A♠ Jk", "2♦#2 2♥ 2♣"],
     "4♠ Q♦#2 Jk#2 5♠#2 2♠#2 Q♣#2", 225),
]


@pytest.mark.parametrize("preset,opts,rnd,table,hand,points", TABLE_REGRESSIONS)
def test_best_plan_with_a_table_finds_the_best_in_hands_it_once_missed(preset, opts, rnd, table, hand, points):
    from game.engine.melds import make_meld

    g, _ = new_game(Rules.preset(preset, **opts), 4, seed=rnd)
    melds = [make_meld(g.ctx, parse_cards(t), shapes_for(g.ctx, parse_cards(t))[0], 1, i + 1)
             for i, t in enumerate(table)]
    cards = parse_cards(hand)
    assert brute_best_with_table(g.ctx, cards, melds) == points
    assert best_plan(g.ctx, cards, melds, 0).points == points
    # a seat that may not lay off yet counts nothing on the table's melds
    assert best_plan(g.ctx, cards, melds, 0, may_lay_off=False).points == brute_best(g.ctx, cards)


@pytest.mark.parametrize("preset,opts", [("rummy5000", {}), ("rummy5000", JOKERS), ("rummy500", {}),
                                         ("rummy5000", {**JOKERS, "wild_limit": "one_per_meld"})])
def test_best_plan_with_a_table_is_nearly_always_the_best(preset, opts):
    """Small hands crowded around one or two table melds, against every combination and order.
    The plan never claims more than it lays down, and it finds the best but where the best
    runs through the table more than one card deep (a wild, then the card after it, both
    instead of a new meld): at most one hand in a hundred here."""
    from engine_helpers import shuffled_packs

    from game.engine.melds import make_meld

    missed = total = 0
    for ctx, _, rng, pack in shuffled_packs(preset, opts, 50, 17):
        table = []
        for _ in range(rng.randint(1, 2)):
            taken = {c for m in table for c in m.cards}
            for cards, shape in iter_melds(ctx, [c for c in pack[:14] if c not in taken]):
                table.append(make_meld(ctx, list(cards), shape, 1, len(table) + 1))
                break
        taken = {c for m in table for c in m.cards}
        suits = {(c >> 4) & 7 for c in taken}
        pool = [c for c in pack if c not in taken and ((c >> 4) & 7 in suits or c in ctx.wilds)]
        hand = rng.sample(pool, min(len(pool), rng.randint(3, 6)))
        plan = best_plan(ctx, hand, table, 0)
        best = brute_best_with_table(ctx, hand, table)
        assert plan.points <= best
        total += 1
        missed += plan.points < best
    assert total == 100 and missed <= 1, missed


@pytest.mark.parametrize("preset,opts", CASES + [
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"]}),
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"], "wild_limit": "one_per_meld"}),
    ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"], "wild_limit": "fewer_than_naturals"}),
    ("rummy5000", {"aces": "low_only", "min_meld": 4}),
    ("persian", {"permanent_wilds": ["twos"], "wild_limit": "one_per_meld"}),
])
def test_best_plan_matches_brute_force_on_crowded_hands(preset, opts):
    """Hands crowded with one suit, wilds, jokers and one other rank: the runs, sets, copies
    from a second deck and wilds compete for the same cards, which random hands seldom do."""
    for rnd in (1, 7, 13):
        g, _ = new_game(Rules.preset(preset, **opts), 4, seed=rnd)
        for t in range(16):
            rng = random.Random(t * 31 + rnd)
            suit, rank = rng.randrange(4), rng.randint(1, 13)
            pool = [c for c in g.pack if (c >> 4) & 7 in (suit, 4) or c in g.ctx.wilds or c & 15 == rank]
            hand = rng.sample(pool, rng.randint(4, 9))
            got, best = _plan_is_best(g, hand)
            assert got == best, (" ".join(map(str, hand)), got, best)


def test_best_plan_uses_table_layoffs():
    g, _ = new_game(Rules.preset("rummy500"), 2, seed=1)
    from game.engine.melds import make_meld

    ctx = g.ctx
    run = make_meld(ctx, parse_cards("6♥ 7♥ 8♥"), ("run", 2, 6), 1, 1)
    plan = best_plan(ctx, parse_cards("9♥ 5♥ K♣"), [run], 0)
    assert sorted(str(c) for c, _, _ in plan.layoffs) == ["5♥", "9♥"]
    assert [str(c) for c in plan.left] == ["K♣"]
    # ``keep`` leaves a card to discard
    plan = best_plan(ctx, parse_cards("9♥ 5♥"), [run], 0, keep=1)
    assert len(plan.left) == 1


def test_any_meld_exists_agrees_with_iter_melds():
    from game.engine.solver import any_meld_exists

    g, _ = new_game(Rules.preset("rummy500"), 4, seed=1)
    assert any_meld_exists(g.ctx, parse_cards("5♠ 9♥ 6♠ 7♠"))
    assert any_meld_exists(g.ctx, parse_cards("K♣ K♦ 2♥ K♠"))
    assert not any_meld_exists(g.ctx, parse_cards("5♠ 6♠ 8♠ K♦ K♣"))
    assert not any_meld_exists(g.ctx, [])
    for t in range(40):
        hand = random.Random(t).sample(list(g.pack), 7)
        assert any_meld_exists(g.ctx, hand) == bool(list(iter_melds(g.ctx, hand)))


@pytest.mark.parametrize("hand,points,left", [
    ("5♠ 6♠ 7♠ 8♠", 21, 1),          # a run of three, and one end kept
    ("5♠ 6♠ 7♠", 0, 3),              # no meld leaves a card: nothing goes down
    ("K♠ K♦ K♣ 5♠ 6♠ 7♠", 30, 3),    # the kings go down, the run is held for a discard
    ("K♠ K♦ K♣ K♥ 9♦", 40, 1),       # the nine is left over anyway
])
def test_keep_holds_a_card_back_when_every_card_would_go_down(hand, points, left):
    g, _ = new_game(Rules.preset("rummy500"), 4, seed=1)
    cards = parse_cards(hand)
    plan = best_plan(g.ctx, cards, [], 0, keep=1)
    assert (plan.points, len(plan.left)) == (points, left)
    assert sorted(plan.left + [c for m, _ in plan.melds for c in m]) == sorted(cards)


def test_best_plan_covers_a_wild_on_the_table_with_its_real_card():
    """Where a wild stays on the table (``wild_after_meld`` "stays"), the real card it stands
    for may be laid on it: the plan counts that cover as a lay-off."""
    from game.engine.melds import make_meld

    g, _ = new_game(Rules.preset("rummy5000", **JOKERS), 4, seed=1)
    ctx = g.ctx
    assert ctx.rules.wild_after_meld == "stays"
    run = make_meld(ctx, parse_cards("5♥ Jk 7♥"), ("run", 2, 5), 1, 1)
    plan = best_plan(ctx, parse_cards("6♥ K♣ Q♦"), [run], 0)
    assert plan.layoffs == [(parse_cards("6♥")[0], 1, "cover")]
    assert plan.points == ctx.value[parse_cards("6♥")[0]]
    # without the stays rule there is nothing to cover
    g2, _ = new_game(Rules.preset("rummy5000", **JOKERS, wild_after_meld="swap"), 4, seed=1)
    run2 = make_meld(g2.ctx, parse_cards("5♥ Jk 7♥"), ("run", 2, 5), 1, 1)
    assert best_plan(g2.ctx, parse_cards("6♥ K♣ Q♦"), [run2], 0).layoffs == []


def test_meld_with_exists_prefers_the_named_copy():
    g, _ = new_game(Rules.preset("rummy500"), 6, seed=1)  # two decks
    ctx = g.ctx
    hand = parse_cards("4♥ 4♥#2 5♥ 6♥ K♠")
    assert meld_with_exists(ctx, parse_cards("4♥#2")[0], hand)
    assert meld_with_exists(ctx, parse_cards("4♥")[0], hand)
    assert not meld_with_exists(ctx, parse_cards("K♠")[0], hand)


def test_solver_is_fast_enough_for_a_big_hand():
    # not a timing test: a 24-card hand with wilds must simply finish and be sane
    g, _ = new_game(Rules.preset(), 4, seed=3)
    ctx = g.ctx
    pack = list(g.pack)
    random.Random(5).shuffle(pack)
    wilds = [c for c in pack if c in ctx.wilds][:4]
    hand = wilds + [c for c in pack if c not in ctx.wilds][:20]
    plan = best_plan(ctx, hand, [], 0)
    assert plan.points >= sum(ctx.value[c] for c in wilds)


def test_a_search_past_its_budget_still_gives_a_sound_plan(monkeypatch):
    """With the state budget cut to almost nothing, the plan is still made of real melds of
    the hand's cards and scores what it lays down; it may only score less than the best."""
    import game.engine.solver as solver

    g, _ = new_game(Rules.preset("rummy5000", **JOKERS), 8, seed=3)
    ctx = g.ctx
    rng = random.Random(4)
    full = []
    hands = []
    for _ in range(20):
        pack = list(g.pack)
        rng.shuffle(pack)
        hands.append([c for c in pack if c in ctx.wilds][:3] + [c for c in pack if c not in ctx.wilds][:14])
        full.append(best_plan(ctx, hands[-1], [], 0).points)
    monkeypatch.setattr(solver, "_STATE_BUDGET", 40)
    cut = []
    for hand in hands:
        plan = best_plan(ctx, hand, [], 0)
        for cards, shape in plan.melds:
            assert shape in shapes_for(ctx, cards)
        used = Counter(c for cards, _ in plan.melds for c in cards)
        assert sorted(plan.left) == sorted((Counter(hand) - used).elements())
        assert plan.points == sum(ctx.value[c] for c in used.elements())
        cut.append(plan.points)
    assert all(0 < c <= f for c, f in zip(cut, full))
    assert sum(cut) < sum(full)  # the budget did cut the search short



def test_the_context_remembers_a_hands_cores_without_changing_a_plan(monkeypatch):
    """The solver keeps each hand's cores in the round's context. A plan whose search added
    the table's bridges leaves the remembered cores as they were, and a full memo starts
    again: the plans are the ones a fresh context gives."""
    import game.engine.solver as solver
    from game.engine.melds import make_meld

    def setup():
        g, _ = new_game(Rules.preset("rummy5000"), 4, seed=1)  # sevens are wild
        run = parse_cards("8♦ 9♦ 10♦")
        return g.ctx, [make_meld(g.ctx, run, shapes_for(g.ctx, run)[0], 1, 1)]

    hands = [parse_cards(h) for h in ("2♦ Q♦ 7♣ 3♦ 6♦ 4♦", "Q♦ 7♣ 5♠ 5♥", "2♦ 3♦ 4♦ 7♣ J♣")]

    def plans(ctx, table):
        return [repr(best_plan(ctx, h, t, 0, may_lay_off=may))
                for h in hands for t in (table, []) for may in (True, False)]

    monkeypatch.setattr(solver, "_MEMO_CORES", 0)  # each call works its cores out afresh
    ctx, table = setup()
    first = plans(ctx, table)
    assert best_plan(ctx, hands[0], table, 0).points == 125  # the wild J and the Q♦ go onto the run
    monkeypatch.setattr(solver, "_MEMO_CORES", 50_000)
    ctx, table = setup()
    assert plans(ctx, table) == first
    memo = ctx.memo["cores"]
    assert len(memo) == len(hands) and memo.held == sum(len(cores) for cores in memo.values())
    assert plans(ctx, table) == first
    # what the memo keeps is the hand's own cores, not the bridges onto this table
    assert all(cores == solver._cores(ctx, list(naturals), nwild) for (naturals, nwild), cores in memo.items())
    most = max(len(cores) for cores in memo.values())
    monkeypatch.setattr(solver, "_MEMO_CORES", most)
    memo.clear()
    memo.held = 0
    assert plans(ctx, table) == first  # each hand's cores worked out again
    assert len(memo) < len(hands) and memo.held <= most

def test_enumerated_melds_are_valid_and_distinct():
    found = 0
    for t in range(30):
        rng = random.Random(t)
        g, _ = new_game(Rules.preset(), 4, seed=t)
        pack = list(g.pack)
        rng.shuffle(pack)
        hand = pack[:12]
        seen = set()
        for cards, shape in iter_melds(g.ctx, hand):
            assert shape in shapes_for(g.ctx, cards)
            key = (tuple(sorted(c & 127 for c in cards)), shape)
            assert key not in seen
            seen.add(key)
        found += len(seen)
    assert found > 30  # the hands held melds to check


def test_context_is_shared_by_state():
    g, _ = new_game(Rules.preset(), 4, seed=3)
    assert isinstance(g.ctx, MeldContext)


def test_a_selection_of_several_melds_splits_into_them():
    from game.engine.cards import build_pack
    from game.engine.solver import split_into_melds

    rules = Rules.preset("rummy500")
    ctx = MeldContext(rules, None, 1, build_pack(1, 0, 2))
    cards = parse_cards("3♣ 3♠ 7♠ 3♥ 7♦ 7♥")
    split = split_into_melds(ctx, cards)
    assert split is not None and sorted(sorted(g) for g, _ in split) == sorted(
        [sorted(parse_cards("3♣ 3♠ 3♥")), sorted(parse_cards("7♠ 7♦ 7♥"))])
    assert all(shapes_for(ctx, g) == [shape] for g, shape in split)
    # a set and a run, in any order
    split = split_into_melds(ctx, parse_cards("9♥ K♣ 10♥ K♦ J♥ K♠ Q♥"))
    assert split is not None and sorted(len(g) for g, _ in split) == [3, 4]
    # a card left over, a single meld, too few or too many cards: no split
    assert split_into_melds(ctx, parse_cards("3♣ 3♠ 3♥ 7♠ 7♦ 7♥ 9♣")) is None
    assert split_into_melds(ctx, parse_cards("3♣ 4♣ 5♣")) is None
    assert split_into_melds(ctx, parse_cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")) is None


def test_a_selection_of_several_melds_one_of_which_reads_two_ways():
    """K♣ K♥ K♠ with 8♠ 9♠ and a wild: the wild may be the 7♠ or the 10♠, so no split is
    sure; ``unique=False`` finds the split and shows which meld reads two ways."""
    from game.engine.cards import build_pack
    from game.engine.solver import split_into_melds

    rules = Rules.preset("rummy5000")
    ctx = MeldContext(rules, 12, 1, build_pack(1, 2, 2))  # queens wild
    cards = parse_cards("K♣ K♥ K♠ 8♠ 9♠ Q♣")
    assert split_into_melds(ctx, cards) is None
    loose = split_into_melds(ctx, cards, unique=False)
    assert loose is not None and sorted(sorted(g) for g, _ in loose) == sorted(
        [sorted(parse_cards("K♣ K♥ K♠")), sorted(parse_cards("8♠ 9♠ Q♣"))])
    assert [len(shapes_for(ctx, g)) for g, _ in loose if len(shapes_for(ctx, g)) > 1] == [2]
    assert split_into_melds(ctx, parse_cards("K♣ K♥ K♠ 8♠ 9♠ 4♦"), unique=False) is None


@pytest.mark.parametrize("limit", ["none", "one_per_meld", "fewer_than_naturals"])
@pytest.mark.parametrize("wild_set", [False, True])
@pytest.mark.parametrize("hand", [
    "7♣ 7♦ 7♥ 7♠ Jk Jk#2",          # a set of six holds two wilds under one_per_meld
    "7♣ 7♦ 7♥ 7♠ 7♣#2 Jk Jk#2",
    "4♥ 5♥ 6♥ 7♥ 8♥ 9♥ Jk Jk#2",
    "A♠ K♠ Q♠ 7♠ 2♣ Jk Jk#2",
    "Jk Jk#2 Jk#3 Jk#4 5♦ 9♣",       # four jokers: a meld of wilds alone, where wild_set allows it
])
def test_iter_melds_lists_every_meld_the_rules_accept(limit, wild_set, hand):
    """Every meld the hand holds, and with ``must`` every one holding that card's face, is
    listed once, and nothing else: checked against ``shapes_for`` over every sub-hand."""
    from itertools import combinations

    rules = Rules.preset("rummy5000", jokers_per_deck=2, permanent_wilds=["jokers"], wild_limit=limit,
                         wild_set=wild_set)
    g, _ = new_game(rules, 6, seed=1)  # six players: two decks
    cards = parse_cards(hand)
    want = set()
    for n in range(g.ctx.min_meld, len(cards) + 1):
        for combo in combinations(cards, n):
            for shape in shapes_for(g.ctx, combo):
                want.add((tuple(sorted(c & 127 for c in combo)), shape))
    got = {(tuple(sorted(c & 127 for c in cs)), shape) for cs, shape in iter_melds(g.ctx, cards)}
    assert got == want
    assert any(shape == (WILDS,) for _, shape in want) == (wild_set and hand.startswith("Jk"))
    for must in {cards[0], cards[-1], cards[-2]}:
        face = must & 127
        got = {(tuple(sorted(c & 127 for c in cs)), shape) for cs, shape in iter_melds(g.ctx, cards, must)}
        assert got == {(key, shape) for key, shape in want if face in key}, card_text(must)


@pytest.mark.parametrize("hand", ["K♠ A♠ Jk", "A♠ Jk Jk#2 9♦", "K♥ Jk Jk#2", "2♣ A♣ Jk"])
def test_best_plan_fills_a_short_run_below_when_the_ace_caps_it(hand):
    """A run core at the top of the ranks (K-A, or an ace alone) is completed downward with
    wilds; one at the bottom (A-2) upward."""
    rules = Rules.preset("rummy5000", jokers_per_deck=2, permanent_wilds=["jokers"])
    g, _ = new_game(rules, 4, seed=1)
    cards = parse_cards(hand)
    plan = best_plan(g.ctx, cards, [], 0)
    assert plan.points == brute_best(g.ctx, cards) > 0
    if hand.startswith("K♠"):
        assert [sorted(map(str, m)) for m, _ in plan.melds] == [sorted(["K♠", "A♠", "Jk"])]


def test_several_melds_at_once_split_into_as_few_melds_as_can_be():
    """Ten clubs A♣ 4♣-9♣ J♣-K♣ are a run of six and a run of four, not the smallest pieces
    4-6, 7-9, J-A (which lost Persian's "four laid at once" double); where the fewest melds
    come more than one way, each way is given."""
    from game.engine.cards import build_pack
    from game.engine.solver import meld_splits, split_into_melds

    ctx = MeldContext(Rules.preset("persian"), None, 1, build_pack(1, 0, 2))

    def ways(text):
        return [sorted(sorted(str(Card(x)) for x in group) for group, _ in way)
                for way in meld_splits(ctx, parse_cards(text))]

    assert ways("A♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣") == [
        sorted([sorted(["A♣", "J♣", "Q♣", "K♣"]), sorted(["4♣", "5♣", "6♣", "7♣", "8♣", "9♣"])])]
    split = split_into_melds(ctx, parse_cards("4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♥ J♠ J♦"))
    assert split is not None and sorted(len(g) for g, _ in split) == [3, 7]
    # the 9♣ in the run or in the set of 9s: both ways, for the player to choose
    both = ways("4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 9♥ 9♠ 9♦")
    assert len(both) == 2 and {tuple(sorted(len(g) for g in way)) for way in both} == {(4, 5), (3, 6)}
    assert ways("3♣ 3♠ 3♥ 7♠ 7♦ 7♥ 9♣") == []


def test_ways_that_differ_only_in_alike_cards_are_one():
    from game.engine.cards import build_pack
    from game.engine.solver import meld_splits

    rules = Rules.preset("rummy500")
    ctx = MeldContext(rules, None, 2, build_pack(2, 0, 2))  # two decks: 9♣ and 9♣#2
    nines = [x for x in build_pack(2, 0, 2) if Card(x).rank == 9][:6]
    ways = meld_splits(ctx, nines)
    assert len(ways) == 1 and sorted(len(g) for g, _ in ways[0]) == [3, 3]


def test_the_best_plan_counts_a_meld_of_four_laid_at_once_double():
    # "Four at once scores double": 4-8♣ and four 9s (twice 30 + twice 36) beat 4-9♣ and
    # three 9s, or three runs of three; the hint and the computer players plan by it (a tester)
    from game.engine.cards import build_pack

    hand = parse_cards("4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 9♥ 9♠ 9♦ K♦")
    ctx = MeldContext(Rules.preset("rummy500", four_at_once_double=True), None, 1, build_pack(1, 0, 2))
    plan = best_plan(ctx, hand, keep=1)
    assert sorted(len(m) for m, _ in plan.melds) == [4, 5] and plan.points == 2 * 30 + 2 * 36
    plain = MeldContext(Rules.preset("rummy500"), None, 1, build_pack(1, 0, 2))
    assert best_plan(plain, hand, keep=1).points == 66
