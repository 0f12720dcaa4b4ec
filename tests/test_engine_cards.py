"""RULES.md section 1: cards, the pack, lowest_rank and which cards are wild."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import C, cards

from game.engine import Card, Rules, RulesError, new_game
from game.engine.cards import JOKER_SUIT, build_pack
from game.engine.melds import MeldContext


def faces(pack):
    return Counter(c.face for c in pack)


def test_a_deck_is_52_cards_thirteen_ranks_in_four_suits():
    pack = build_pack(1, 0, 2)
    assert len(pack) == 52
    assert len(set(pack)) == 52
    assert {c.rank for c in pack} == set(range(1, 14))
    assert {c.suit for c in pack} == {0, 1, 2, 3}
    for suit in range(4):
        assert sorted(c.rank for c in pack if c.suit == suit) == list(range(1, 14))


@pytest.mark.parametrize("decks,jokers", [(1, 0), (1, 2), (2, 0), (2, 2), (3, 1), (4, 4)])
def test_pack_is_decks_times_deck_plus_jokers(decks, jokers):
    pack = build_pack(decks, jokers, 2)
    assert len(pack) == decks * (52 + jokers)
    assert sum(1 for c in pack if c.is_joker) == decks * jokers
    assert Rules.preset(jokers_per_deck=jokers, permanent_wilds={"jokers"} if jokers else set()) \
        .pack_size(decks) == len(pack)


def test_identical_cards_of_several_decks_are_distinct_objects():
    pack = build_pack(2, 1, 2)
    assert len(set(pack)) == len(pack) == 106
    # every face appears once per deck, but each copy is its own card
    assert set(faces(pack).values()) == {2}
    five = [c for c in pack if c.rank == 5 and c.suit == 3]
    assert len(five) == 2 and five[0] != five[1]
    assert five[0].face == five[1].face
    assert {c.copy for c in five} == {0, 1}
    assert str(five[0]) != str(five[1])
    assert C("5♠") in five and C("5♠#2") in five


def test_a_game_with_two_decks_holds_identical_cards():
    g, _ = new_game(Rules.preset(), players=6, seed=3)
    assert g.decks == 2
    assert len(g.pack) == 104
    assert Counter(g.all_cards()) == Counter(g.pack)


@pytest.mark.parametrize("lowest,per_deck,missing", [
    (2, 52, set()), (3, 48, {2}), (4, 44, {2, 3}), (6, 36, {2, 3, 4, 5}),
])
def test_lowest_rank_removes_ranks_below_it_from_every_deck(lowest, per_deck, missing):
    pack = build_pack(2, 0, lowest)
    assert len(pack) == 2 * per_deck
    ranks = {c.rank for c in pack}
    assert not ranks & missing
    assert 1 in ranks  # aces stay
    rules = Rules.preset(lowest_rank=lowest, aces="high_or_low" if lowest == 2 else "high_only")
    assert rules.pack_size(2) == 2 * per_deck
    g, _ = new_game(rules.replace(decks=2, upcard_counts="total"), players=3, seed=1)
    assert {c.rank for c in g.pack} == ranks


@pytest.mark.parametrize("lowest", [3, 4, 6])
def test_lowest_rank_above_two_makes_aces_high_only(lowest):
    assert Rules.preset(lowest_rank=lowest).ace_mode == "high_only"
    # even when the option itself still says high_or_low
    assert Rules.preset(lowest_rank=lowest, aces="high_or_low").ace_mode == "high_only"
    assert Rules.preset(lowest_rank=2).ace_mode == "high_or_low"


def test_bad_lowest_rank_is_refused():
    with pytest.raises(RulesError, match="lowest_rank"):
        Rules.preset(lowest_rank=5)


def _ctx(rules, wild_rank=None, decks=1):
    return MeldContext(rules, wild_rank, decks, build_pack(decks, rules.jokers_per_deck, rules.lowest_rank))


def test_round_wild_rank_makes_every_card_of_that_rank_wild():
    ctx = _ctx(Rules.preset(), wild_rank=6)
    assert {c for c in ctx.wilds} == set(cards("6♣ 6♦ 6♥ 6♠"))
    ctx = _ctx(Rules.preset(), wild_rank=None)
    assert not ctx.wilds


@pytest.mark.parametrize("kind,wild,not_wild", [
    ("jokers", "Jk Jk#2", "2♣ 10♥ J♠"),
    ("twos", "2♣ 2♦ 2♥ 2♠", "Jk 3♣ 10♥"),
    ("tens", "10♣ 10♦ 10♥ 10♠", "9♣ J♠ 2♣"),
    ("one_eyed_jacks", "J♠ J♥", "J♣ J♦ Q♠ 10♥"),
])
def test_each_permanent_wild_kind(kind, wild, not_wild):
    jokers = 1 if kind == "jokers" else 0
    rules = Rules.preset(permanent_wilds={kind}, jokers_per_deck=jokers)
    for c in cards(wild):
        assert rules.is_permanent_wild(c), c
    for c in cards(not_wild):
        assert not rules.is_permanent_wild(c), c
    ctx = _ctx(rules, wild_rank=None, decks=2)
    assert all(c in ctx.wilds for c in cards(wild))


def test_one_eyed_jacks_are_the_jacks_of_spades_and_hearts():
    rules = Rules.preset(permanent_wilds={"one_eyed_jacks"})
    wild = [c for c in build_pack(1, 0, 2) if rules.is_permanent_wild(c)]
    assert sorted(map(str, wild)) == ["J♠", "J♥"]


def test_round_wild_and_permanent_wilds_combine():
    rules = Rules.preset(permanent_wilds={"jokers", "tens"}, jokers_per_deck=1)
    ctx = _ctx(rules, wild_rank=6)
    assert set(cards("6♣ 6♦ 6♥ 6♠ 10♣ 10♦ 10♥ 10♠ Jk")) == set(ctx.wilds)


def test_a_card_wild_for_two_reasons_is_still_one_wild():
    rules = Rules.preset(permanent_wilds={"twos"})
    ctx = _ctx(rules, wild_rank=2)
    two = C("2♣")
    assert two in ctx.wilds
    # scores as one wild, not twice
    assert ctx.value[two] == rules.values["wild"] == 100
    # counts as one wild toward a wild limit: 7 7 2 is fine with one wild per meld
    ctx1 = _ctx(rules.replace(wild_limit="one_per_meld"), wild_rank=2)
    from game.engine.melds import check_set
    assert check_set(ctx1, cards("7♣ 7♦ 2♣"), 7) is None


def test_card_identity_packs_rank_suit_and_copy():
    c = Card.make(12, 3, 1)
    assert (c.rank, c.suit, c.copy) == (12, 3, 1)
    assert str(c) == "Q♠#2"
    j = Card.joker(2)
    assert j.is_joker and j.suit == JOKER_SUIT and j.copy == 2 and j.rank == 0
    assert str(j) == "Jk#3"
    with pytest.raises(ValueError):
        Card.make(14, 0)
