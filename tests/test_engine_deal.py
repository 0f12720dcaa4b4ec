"""RULES.md section 3: the deal.

The shuffle is seeded, so these tests deal many seeded games and check each deal
against the rule, and make sure the interesting cases (a joker upcard, an ace, a
permanent wild as indicator ...) actually came up.
"""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import play, position

from game.engine import Rules, new_game
from game.engine import events as ev
from game.engine.state import DRAW, GAME_OVER, ROUND_OVER
from game.engine.view import PlayerView

SEEDS = range(60)


def deal(rules, players=4, seed=0, dealer=None):
    g, events = new_game(rules, players=players, seed=seed, dealer=dealer)
    assert Counter(g.all_cards()) == Counter(g.pack)
    return g, events


def upcard_deals(events):
    """[(seat, upcard, cards dealt after it)] in deal order."""
    out = []
    up = None
    for e in events:
        if isinstance(e, ev.DealtUpcard):
            up = e
        elif isinstance(e, ev.DealtHand) and up is not None:
            assert e.seat == up.seat
            assert e.count == len(e.cards)
            out.append((e.seat, up.card, e.count))
            up = None
    return out


def additional(card, court="ten"):
    r = card.rank
    if r == 1:
        return {"ten": 11, "rank": 14, "rank15": 15}[court]
    if r >= 11:
        return 10 if court == "ten" else r
    return r


def wild_event(events):
    (w,) = [e for e in events if isinstance(e, ev.WildIndicator)]
    return w


# --------------------------------------------------------------------------- upcard counts


def test_upcard_additional_counts():
    seen = set()
    for seed in SEEDS:
        g, events = deal(Rules.preset(), seed=seed)
        for seat, up, count in upcard_deals(events):
            assert count == additional(up), (seed, seat, up)
            seen.add(up.rank)
    assert seen == set(range(1, 14))  # every rank came up, A and courts included


def test_000_example_dealer_upcard_4_gives_four_more_and_fours_are_wild():
    found = 0
    for seed in range(300):
        g, events = deal(Rules.preset(), seed=seed)
        if g.upcards[g.dealer].rank != 4:
            continue
        found += 1
        assert len(g.hands[g.dealer]) == 5
        assert g.wild_rank == 4
        fours = [c for c in g.pack if c.rank == 4]
        assert all(g.ctx.is_wild(c) for c in fours)
        assert not any(g.ctx.is_wild(c) for c in g.pack if c.rank != 4)
    assert found


def test_upcard_total_counts():
    rules = Rules.preset(upcard_counts="total")
    for seed in SEEDS:
        g, events = deal(rules, seed=seed)
        for seat, up, count in upcard_deals(events):
            assert count + 1 == additional(up), (seed, seat, up)
            if seat != g.dealer:
                assert len(g.hands[seat]) == additional(up)


@pytest.mark.parametrize("court", ["rank", "rank15"])
def test_court_counts_by_rank(court):
    rules = Rules.preset(court_counts=court)
    seen = set()
    for seed in SEEDS:
        g, events = deal(rules, players=3, seed=seed)
        for _seat, up, count in upcard_deals(events):
            assert count == additional(up, court)
            seen.add(up.rank)
    assert {1, 11, 12, 13} <= seen
    assert rules.upcard_extra(next(c for c in g.pack if c.rank == 1)) == (14 if court == "rank" else 15)
    assert [rules.upcard_extra(c) for c in g.pack if c.rank in (11, 12, 13) and c.suit == 0] == [11, 12, 13]


def test_court_counts_with_total_give_the_hand_total():
    rules = Rules.preset(court_counts="rank", upcard_counts="total")
    for seed in range(20):
        g, events = deal(rules, players=3, seed=seed)
        for _seat, up, count in upcard_deals(events):
            assert count + 1 == additional(up, "rank")


def test_deal_goes_left_of_the_dealer_with_the_dealer_last():
    for seed in range(10):
        g, events = deal(Rules.preset(), players=5, seed=seed)
        seats = [s for s, _, _ in upcard_deals(events)]
        n = g.players
        assert seats == [(g.dealer + 1 + i) % n for i in range(n)]
        assert g.current == (g.dealer + 1) % n
        assert g.phase == DRAW


def test_non_dealer_hands_are_the_upcard_and_its_count():
    for seed in range(20):
        g, events = deal(Rules.preset(), seed=seed)
        for seat, up, count in upcard_deals(events):
            assert g.hands[seat][0] == up
            assert len(g.hands[seat]) == 1 + count
            assert g.upcards[seat] == up


# --------------------------------------------------------------------------- permanent wild upcards

JOKERS = {"jokers_per_deck": 2, "permanent_wilds": {"jokers"}}


@pytest.mark.parametrize("count", [15, 20, 25])
def test_permanent_wild_upcard_count(count):
    rules = Rules.preset(**JOKERS, permanent_wild_upcard=count, decks=2)
    found = 0
    for seed in range(200):
        g, events = deal(rules, players=3, seed=seed)
        for _seat, up, n in upcard_deals(events):
            if up.is_joker:
                found += 1
                assert n == count
            else:
                assert n == additional(up)
    assert found


def test_permanent_wild_upcard_count_is_a_total_with_upcard_counts_total():
    rules = Rules.preset(**JOKERS, permanent_wild_upcard=20, decks=2, upcard_counts="total")
    found = 0
    for seed in range(200):
        g, events = deal(rules, players=3, seed=seed)
        for _seat, up, n in upcard_deals(events):
            if up.is_joker:
                found += 1
                assert n == 19
    assert found


def test_twos_as_permanent_wild_upcards_use_the_wild_count():
    rules = Rules.preset(permanent_wilds={"twos"}, permanent_wild_upcard=15, decks=2)
    found = 0
    for seed in range(60):
        g, events = deal(rules, players=3, seed=seed)
        for _seat, up, n in upcard_deals(events):
            if up.rank == 2:
                found += 1
                assert n == 15
    assert found


def test_permanent_wild_upcard_replace_buries_it_and_deals_another():
    rules = Rules.preset(**JOKERS, permanent_wild_upcard="replace", decks=2)
    found = 0
    for seed in range(200):
        g, events = deal(rules, players=3, seed=seed)
        replaced = [e for e in events if isinstance(e, ev.UpcardReplaced)]
        for e in replaced:
            assert e.card.is_joker
            found += 1
            # the same seat gets another upcard right after
            i = events.index(e)
            nxt = events[i + 1]
            assert isinstance(nxt, (ev.DealtUpcard, ev.UpcardReplaced)) and nxt.seat == e.seat
        assert not any(up.is_joker for up in g.upcards if up is not None)
    assert found


@pytest.mark.parametrize("minimum,low", [(4, {2, 3}), (3, {2})])
def test_min_upcard_sends_low_upcards_back_for_another(minimum, low):
    rules = Rules.preset(min_upcard=minimum)
    replaced = 0
    for seed in SEEDS:
        g, events = deal(rules, seed=seed)
        for _seat, up, count in upcard_deals(events):
            assert up.rank not in low
            assert count == additional(up)
        for e in events:
            if isinstance(e, ev.UpcardReplaced):
                assert e.card.rank in low
                replaced += 1
    assert replaced


def test_without_min_upcard_twos_and_threes_are_dealt_as_upcards():
    ranks = set()
    for seed in SEEDS:
        _, events = deal(Rules.preset(), seed=seed)
        ranks |= {up.rank for _, up, _ in upcard_deals(events)}
        assert not any(isinstance(e, ev.UpcardReplaced) for e in events)
    assert {2, 3} <= ranks


# --------------------------------------------------------------------------- wild indicator


def test_wild_indicator_dealer_upcard():
    for seed in range(30):
        g, events = deal(Rules.preset(), seed=seed)
        up = g.upcards[g.dealer]
        assert g.wild_rank == up.rank
        assert g.indicator == up
        w = wild_event(events)
        assert (w.card, w.rank, w.seat) == (up, up.rank, g.dealer)
        assert len(g.hands[g.dealer]) == 1 + additional(up)


def test_wild_indicator_dealer_last():
    rules = Rules.preset(wild_indicator="dealer_last")
    for seed in range(30):
        g, events = deal(rules, seed=seed)
        dealt = [e for e in events if isinstance(e, ev.DealtHand) and e.seat == g.dealer][-1]
        last = dealt.cards[-1]
        assert g.indicator == last
        assert g.wild_rank == last.rank
        assert last in g.hands[g.dealer]
        assert last in g.known[g.dealer]  # turned face up: public
        assert len(g.hands[g.dealer]) == 1 + additional(g.upcards[g.dealer])


def test_wild_indicator_extra_card():
    rules = Rules.preset(wild_indicator="extra_card")
    for seed in range(30):
        g, events = deal(rules, seed=seed)
        up = g.upcards[g.dealer]
        assert len(g.hands[g.dealer]) == 1 + additional(up) + 1
        assert g.hands[g.dealer][-1] == g.indicator
        assert g.wild_rank == g.indicator.rank
        assert g.indicator in g.known[g.dealer]
        # everyone else's hand is unchanged
        for seat, _u, count in upcard_deals(events):
            if seat != g.dealer:
                assert len(g.hands[seat]) == 1 + count


def test_wild_indicator_separate_is_in_no_hand():
    rules = Rules.preset(wild_indicator="separate")
    for seed in range(30):
        g, events = deal(rules, seed=seed)
        assert g.set_aside == [g.indicator]
        assert g.wild_rank == g.indicator.rank
        assert all(g.indicator not in h for h in g.hands)
        assert g.indicator not in g.stock and g.indicator not in g.pile
        assert wild_event(events).seat is None
        for seat, _up, count in upcard_deals(events):
            assert len(g.hands[seat]) == 1 + count
        # everyone sees it
        v = PlayerView.of(g, (g.dealer + 1) % g.players)
        assert g.indicator in v.set_aside


def test_wild_indicator_none():
    for name in ("rummy500", "basic"):
        g, events = deal(Rules.preset(name), seed=1)
        assert g.wild_rank is None
        assert not [e for e in events if isinstance(e, ev.WildIndicator)]
    g, _ = deal(Rules.preset(wild_indicator="none"), seed=1)
    assert g.wild_rank is None
    assert not g.ctx.wilds


def _end_round_now(g):
    """End the round on an empty stock: the stock goes under the pile (cards kept)."""
    g.pile = g.stock + g.pile
    g.stock = []
    play(g, "end")


def test_wild_indicator_rotating_and_the_game_ends_after_the_king_round():
    rules = Rules.preset(wild_indicator="rotating", target=100)
    g, events = deal(rules, seed=2)
    ranks = []
    for rnd in range(1, 14):
        assert g.round_no == rnd
        ranks.append(g.wild_rank)
        assert all(g.ctx.is_wild(c) for c in g.pack if c.rank == rnd)
        g.scores = [1000, 0, 0, 0] if rnd < 13 else g.scores  # far past the target
        _end_round_now(g)
        if rnd < 13:
            assert g.phase == ROUND_OVER, f"the game ended after round {rnd}"
            g.next_round()
    assert ranks == list(range(1, 14))
    assert g.phase == GAME_OVER
    assert g.winners == (0,)


def test_rotating_wild_round_one_event():
    g, events = deal(Rules.preset(wild_indicator="rotating"), seed=3)
    w = wild_event(events)
    assert w.rank == 1 and w.card is None
    assert g.wild_rank == 1


MANY_WILDS = {"jokers_per_deck": 2, "permanent_wilds": {"jokers", "twos", "tens"}}


@pytest.mark.parametrize("style", ["dealer_upcard", "dealer_last", "extra_card", "separate"])
def test_indicator_on_permanent_wild_deal_again(style):
    rules = Rules.preset(**MANY_WILDS, wild_indicator=style, indicator_on_permanent_wild="deal_again",
                         decks=2)
    hit = 0
    for seed in range(150):
        g, events = deal(rules, players=3, seed=seed)
        assert not rules.is_permanent_wild(g.indicator)
        assert g.wild_rank == g.indicator.rank
        up = g.upcards[g.dealer]
        base = 1 + rules.upcard_extra(up) + (1 if style == "extra_card" else 0)
        if style == "separate":
            extra_turned = len(g.set_aside) - 1
            assert all(rules.is_permanent_wild(c) for c in g.set_aside[:-1])
            assert len(g.hands[g.dealer]) == base
        else:
            extra_turned = len(g.hands[g.dealer]) - base
            assert extra_turned >= 0
            if extra_turned:
                # the first indicator was a permanent wild, so the dealer got more
                # cards until one was not
                first = up if style == "dealer_upcard" else g.hands[g.dealer][base - 1]
                assert rules.is_permanent_wild(first)
                assert g.hands[g.dealer][-1] == g.indicator
                assert all(rules.is_permanent_wild(c) for c in g.hands[g.dealer][-extra_turned:-1])
        if extra_turned:
            hit += 1
    assert hit


@pytest.mark.parametrize("style", ["dealer_upcard", "dealer_last", "extra_card", "separate"])
def test_indicator_on_permanent_wild_replace(style):
    rules = Rules.preset(**MANY_WILDS, wild_indicator=style, indicator_on_permanent_wild="replace",
                         decks=2)
    for seed in range(150):
        g, events = deal(rules, players=3, seed=seed)
        assert not rules.is_permanent_wild(g.indicator)
        assert g.wild_rank == g.indicator.rank
        up = g.upcards[g.dealer]
        base = 1 + rules.upcard_extra(up) + (1 if style == "extra_card" else 0)
        assert len(g.hands[g.dealer]) == base  # a replacement, never an extra card
        if style == "separate":
            assert g.set_aside == [g.indicator]
        if style == "dealer_upcard":
            assert up == g.indicator


def test_dealer_upcard_replace_buries_a_permanent_wild_dealer_upcard():
    rules = Rules.preset(**MANY_WILDS, indicator_on_permanent_wild="replace", decks=2)
    found = 0
    for seed in range(200):
        g, events = deal(rules, players=3, seed=seed)
        for e in events:
            if isinstance(e, ev.UpcardReplaced) and e.seat == g.dealer:
                found += 1
                assert rules.is_permanent_wild(e.card)
        # other seats keep a permanent wild upcard (it counts as wild_upcard cards)
    assert found


# --------------------------------------------------------------------------- fixed deal, pile


@pytest.mark.parametrize("name,players,size", [
    ("rummy500", 2, 13), ("rummy500", 3, 7), ("rummy500", 6, 7), ("basic", 2, 13), ("basic", 4, 7),
])
def test_fixed_deal_hand_sizes(name, players, size):
    g, events = deal(Rules.preset(name), players=players, seed=4)
    assert [len(h) for h in g.hands] == [size] * players
    dealt = [e.seat for e in events if isinstance(e, ev.DealtHand)]
    assert dealt == [(g.dealer + 1 + i) % players for i in range(players)]
    assert g.upcards == [None] * players


def test_fixed_hand_size_option():
    g, _ = deal(Rules.preset("rummy500", hand_size=10), players=4, seed=4)
    assert [len(h) for h in g.hands] == [10] * 4


@pytest.mark.parametrize("name", ["rummy5000", "rummy500", "basic", "george"])
def test_after_the_deal_the_top_stock_card_starts_the_pile(name):
    g, events = deal(Rules.preset(name), players=4, seed=8)
    assert len(g.pile) == 1
    (started,) = [e for e in events if isinstance(e, ev.PileStarted)]
    assert started.card == g.pile[0]
    assert isinstance(events[-1], ev.PileStarted)


def test_the_deal_is_reproducible_from_the_seed():
    a, ea = deal(Rules.preset(), seed=77)
    b, eb = deal(Rules.preset(), seed=77)
    assert ea == eb
    assert a.hands == b.hands and a.stock == b.stock and a.dealer == b.dealer


def test_first_dealer_is_random_but_seeded():
    dealers = {deal(Rules.preset(), seed=s)[0].dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    g, _ = deal(Rules.preset(), seed=5, dealer=1)
    assert g.dealer == 1


@pytest.mark.parametrize("overrides,players", [
    ({"decks": 1}, 4),
    ({"court_counts": "rank15", "decks": 2}, 6),
    ({**JOKERS, "permanent_wild_upcard": 25, "decks": 2}, 3),
    ({**MANY_WILDS, "permanent_wild_upcard": 25, "wild_indicator": "extra_card", "decks": 3}, 4),
    ({"lowest_rank": 6, "aces": "high_only", "upcard_counts": "total", "decks": 2}, 5),
])
def test_the_engine_never_deals_from_an_empty_stock(overrides, players):
    rules = Rules.preset(**overrides)
    rules.check_players(players)
    for seed in range(80):
        g, _ = deal(rules, players=players, seed=seed)
        assert len(g.pile) == 1


def test_george_deal_is_total_with_court_ranks_on_a_double_48_pack():
    rules = Rules.preset("george")
    for seed in range(20):
        g, events = deal(rules, players=4, seed=seed)
        assert len(g.pack) == 96
        assert not any(c.rank == 2 for c in g.pack)
        for _s, up, count in upcard_deals(events):
            assert count + 1 == additional(up, "rank")


# --------------------------------------------------------------------------- dealer rotation


def _finish(g):
    _end_round_now(g)
    assert g.phase == ROUND_OVER


def test_dealer_rotation_left():
    g, _ = deal(Rules.preset(), players=4, seed=1, dealer=2)
    for expected in (3, 0, 1, 2):
        _finish(g)
        g.next_round()
        assert g.dealer == expected
        assert g.current == (expected + 1) % 4


def test_dealer_rotation_winner_goes_to_the_out_player_not_the_left():
    g = position(["K♠ Q♦", "5♣ 6♣ 7♣ 8♣", "3♦ 9♥"], rules=Rules.preset(dealer_rotation="winner"),
                 top="3♣ 2♥", pile="J♦", dealer=2)
    play(g, "draw", "discard Q♦")                              # seat 0
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣", "discard 2♥")          # seat 1 goes out
    assert g.results[-1].went_out == 1
    g.next_round()
    assert g.dealer == 1  # left of the old dealer would have been 0


# --------------------------------------------------------------------------- public upcards


def test_upcards_are_public_knowledge_until_they_leave_the_hand():
    g, _ = deal(Rules.preset(), players=4, seed=11)
    for seat in range(4):
        for other in range(4):
            v = PlayerView.of(g, other)
            assert g.upcards[seat] in v.known[seat]
            assert v.upcards[seat] == g.upcards[seat]
    seat = g.current
    up = g.upcards[seat]
    # the first player draws and discards the upcard: it is no longer known to be held
    play(g, "draw")
    if g.legal_actions() and any(str(a) == f"discard {up}" for a in g.legal_actions()):
        play(g, f"discard {up}")
        assert g.upcards[seat] is None
        v = PlayerView.of(g, (seat + 1) % 4)
        assert up not in v.known[seat]


def test_upcard_leaves_public_knowledge_when_discarded():
    g = position(["7♥ 8♥ K♣", "2♠ 3♠", "4♦ 5♦"], upcards=["K♣", "2♠", None], top="Q♥", pile="9♣")
    assert g.known[0] == {g.hands[0][2]}
    v = PlayerView.of(g, 1)
    assert [str(c) for c in v.known[0]] == ["K♣"]
    play(g, "draw", "discard K♣")
    assert g.upcards[0] is None
    assert not PlayerView.of(g, 1).known[0]
    assert [str(c) for c in PlayerView.of(g, 0).known[1]] == ["2♠"]


@pytest.mark.parametrize("style", ["dealer_upcard", "dealer_last", "extra_card"])
def test_deal_again_cards_are_public_knowledge(style):
    rules = Rules.preset(**MANY_WILDS, wild_indicator=style, indicator_on_permanent_wild="deal_again",
                         decks=2)
    hit = 0
    for seed in range(150):
        g, _ = deal(rules, players=3, seed=seed)
        up = g.upcards[g.dealer]
        base = 1 + rules.upcard_extra(up) + (1 if style == "extra_card" else 0)
        extra = len(g.hands[g.dealer]) - base
        if not extra:
            continue
        hit += 1
        turned = g.hands[g.dealer][-extra:]
        first = up if style == "dealer_upcard" else g.hands[g.dealer][base - 1]
        v = PlayerView.of(g, (g.dealer + 1) % 3)
        for c in [first, *turned]:
            assert c in v.known[g.dealer], (seed, c)
    assert hit


def test_rotating_wild_skips_ranks_removed_from_the_pack():
    # the project's rules doc: the wild rank runs through the ranks in the pack, ace first
    rules = Rules.preset(wild_indicator="rotating", lowest_rank=3, aces="high_only", target=100)
    g, _ = deal(rules, seed=2)
    ranks = []
    while True:
        ranks.append(g.wild_rank)
        assert g.deals_left() == 12 - len(ranks)  # 12 ranks in the pack: A, 3 to K
        assert g.last_round() is (g.deals_left() == 0)
        _end_round_now(g)
        if g.phase == GAME_OVER:
            break
        g.next_round()
    assert ranks == [1] + list(range(3, 14))


def test_dealer_rotation_winner_when_nobody_went_out_the_top_scorer_deals():
    # the project's rules doc: with nobody out, the round's top scorer deals next
    from engine_helpers import meld

    g = position(["2♦", "3♦", "4♦"], rules=Rules.preset(dealer_rotation="winner"), dealer=0,
                 melds=[meld(2, "set:K", "K♣ K♦ K♥")])
    _end_round_now(g)
    assert g.results[-1].went_out is None
    g.next_round()
    assert g.dealer == 2


def test_dealer_rotation_winner_with_penalty_scoring_the_lowest_charge_deals():
    rules = Rules.preset("basic", round_scoring="penalty", dealer_rotation="winner", target=1000)
    g = position(["K♦ Q♦", "2♦", "9♣ 8♣"], rules=rules, dealer=2)
    _end_round_now(g)
    assert g.results[-1].points == [20, 2, 17]
    g.next_round()
    assert g.dealer == 1


def test_fixed_deal_with_dealer_upcard_turns_up_the_dealers_first_card():
    # the project's rules doc: no upcard in a fixed deal, so the dealer's first card is turned
    rules = Rules.preset("rummy500", wild_indicator="dealer_upcard")
    for seed in range(15):
        g, events = deal(rules, players=3, seed=seed)
        first = [e for e in events if isinstance(e, ev.DealtHand) and e.seat == g.dealer][0].cards[0]
        if rules.is_permanent_wild(first):  # a joker: the dealer gets face-up cards until one is not
            assert g.indicator == g.hands[g.dealer][-1] and len(g.hands[g.dealer]) > 7
            continue
        assert g.indicator == first == g.hands[g.dealer][0]
        assert g.wild_rank == first.rank
        assert first in PlayerView.of(g, (g.dealer + 1) % 3).known[g.dealer]
        assert len(g.hands[g.dealer]) == 7


# --------------------------------------------------------------------------- seeds


def test_a_random_generator_as_seed_gives_a_game_repeatable_from_its_recorded_seed():
    import random

    g, _ = new_game(Rules.preset(), players=4, seed=random.Random(12))
    again, _ = new_game(Rules.preset(), players=4, seed=random.Random(12))
    assert isinstance(g.seed, int) and g.seed == again.seed
    assert g.hands == again.hands and g.stock == again.stock
    replay, _ = new_game(Rules.preset(), players=4, seed=g.seed)
    assert replay.hands == g.hands and replay.stock == g.stock


def test_no_seed_gives_a_fresh_recorded_seed():
    a, _ = new_game(Rules.preset(), players=4)
    b, _ = new_game(Rules.preset(), players=4)
    assert isinstance(a.seed, int) and a.seed != b.seed
    assert new_game(Rules.preset(), players=4, seed=a.seed)[0].hands == a.hands


@pytest.mark.parametrize("seed", ["12", 1.5])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    from game.engine import RulesError

    with pytest.raises(RulesError, match="seed must be a whole number"):
        new_game(Rules.preset(), players=4, seed=seed)



@pytest.mark.parametrize("dealer", [4, -1, True, "0", 1.0])
def test_a_dealer_who_is_no_seat_is_refused(dealer):
    from game.engine import RulesError

    with pytest.raises(RulesError, match="^the dealer must be a seat from 0 to 3, not "):
        new_game(Rules.preset(), players=4, seed=1, dealer=dealer)


def test_names_must_be_text():
    from game.engine import RulesError

    with pytest.raises(RulesError, match="^names must be text"):
        new_game(Rules.preset(), players=2, seed=1, names=["Ann", 7])


def test_a_seat_without_a_name_is_player_n():
    g, _ = new_game(Rules.preset(), players=3, seed=1)
    assert [g.seat_name(s) for s in range(3)] == ["Player 1", "Player 2", "Player 3"]
    g, _ = new_game(Rules.preset(), players=3, seed=1, names=["Ann", "", "Cy"])
    assert [g.seat_name(s) for s in range(3)] == ["Ann", "Player 2", "Cy"]
