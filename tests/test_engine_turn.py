"""RULES.md section 5: a turn -- draw, meld and lay off, discard -- and undo."""

from __future__ import annotations

import pytest
from engine_helpers import C, attempt, hand_text, legal_texts, meld, play, playing, position

from game.engine import (
    CallRummy,
    Card,
    Cover,
    Discard,
    IllegalActionError,
    LayOff,
    MeldCards,
    Rules,
    TakePile,
    parse_action,
)
from game.engine.state import DRAW, PLAY
from game.engine.view import PlayerView

R500 = "rummy500"


def r(**kw):
    return {"preset": "rummy5000", **kw}


# --------------------------------------------------------------------------- drawing


def test_draw_from_the_stock():
    g = position(["5♣ 9♦", "K♠"], top="7♥", pile="2♣")
    n = len(g.stock)
    play(g, "draw")
    assert g.phase == PLAY
    assert hand_text(g, 0) == sorted(["5♣", "9♦", "7♥"])
    assert len(g.stock) == n - 1
    assert [str(c) for c in g.pile] == ["2♣"]


def test_draw_exactly_one():
    g = position(["5♣ 9♦", "K♠"], top="7♥ 8♥", pile="2♣ 3♣")
    play(g, "draw")
    for again in ("draw", "take 3♣", "take 2♣"):
        assert "already drawn" in attempt(g, again)
    g = position(["5♣ 9♦", "K♠"], pile="2♣ 3♣")
    play(g, "take 3♣")
    assert "already drawn" in attempt(g, "draw")


def test_an_empty_stock_is_refused_naming_the_ways_on():
    g = position(["5♣ 9♦", "K♠"], pile="2♣ 3♣")
    g.set_aside, g.stock = list(g.stock), []
    assert attempt(g, "draw") == "The stock is empty: take from the pile or end the round"
    assert g.phase == DRAW and hand_text(g, 0) == ["5♣", "9♦"]
    play(g, "take 3♣")


def test_end_round_only_instead_of_drawing_from_an_empty_stock():
    g = position(["5♣ 9♦", "K♠"], pile="2♣")
    assert attempt(g, "end") == "The round can be ended only when the stock is empty"
    g.set_aside, g.stock = list(g.stock), []
    play(g, "take 2♣")
    assert attempt(g, "end") == "The round can be ended only instead of drawing"
    assert g.phase == PLAY


def test_no_meld_or_discard_before_drawing():
    g = position(["5♣ 6♣ 7♣ 9♦", "K♠"], pile="2♣")
    assert attempt(g, "discard 9♦") is not None
    assert attempt(g, "meld 5♣ 6♣ 7♣") is not None
    assert g.phase == DRAW


def test_take_the_top_discard_and_not_discard_it_back():
    g = position(["5♣ 9♦", "K♠"], pile="2♣ Q♥")
    play(g, "take Q♥")
    assert hand_text(g, 0) == sorted(["5♣", "9♦", "Q♥"])
    why = attempt(g, "discard Q♥")
    assert why and "Q♥" in why
    assert "discard Q♥" not in legal_texts(g)
    # taking only the top carries no duty to meld it
    assert attempt(g, "discard 9♦") is None
    assert [str(c) for c in g.pile] == ["2♣", "9♦"]


def test_top_take_no_return_off_lets_it_go_back():
    g = position(["5♣ 9♦", "K♠"], pile="2♣ Q♥", rules=r(top_take_no_return=False))
    play(g, "take Q♥")
    assert attempt(g, "discard Q♥") is None
    assert [str(c) for c in g.pile] == ["2♣", "Q♥"]


def test_top_take_must_use():
    rules = r(top_take_must_use=True)
    # cannot be used: refused up front, naming the card
    g = position(["5♣ 9♦ 3♠", "K♠"], pile="2♣ Q♥", rules=rules)
    why = attempt(g, "take Q♥")
    assert why and "Q♥" in why
    assert "take Q♥" not in legal_texts(g)
    # can be used: must be melded before the discard
    g = position(["Q♣ Q♦ 9♦ 3♠", "K♠"], pile="2♣ Q♥", rules=rules)
    play(g, "take Q♥")
    why = attempt(g, "discard 9♦")
    assert why and "Q♥" in why
    play(g, "meld Q♣ Q♦ Q♥", "discard 9♦")
    assert g.current == 1


def test_top_take_must_use_in_the_000_variant_allows_any_top_card_usable():
    g = position(["Q♣ Q♦ 9♦ 3♠", "K♠"], pile="2♣ Q♥", rules=r(top_take_must_use=True))
    assert "take Q♥" in legal_texts(g)


# --------------------------------------------------------------------------- deep takes


def test_000_taking_several_means_melding_the_deepest():
    g = position(["9♥ 10♥ 2♠ K♣", "K♠"], pile="4♦ 8♥ 3♣ 5♠")
    play(g, "take 8♥")
    assert hand_text(g, 0) == sorted(["9♥", "10♥", "2♠", "K♣", "8♥", "3♣", "5♠"])
    assert [str(c) for c in g.pile] == ["4♦"]
    why = attempt(g, "discard 2♠")
    assert why and "8♥" in why
    play(g, "meld 8♥ 9♥ 10♥", "discard 2♠")
    assert g.current == 1


def test_deep_take_refused_up_front_naming_the_card():
    g = position(["9♥ 2♠ K♣", "K♠"], pile="4♦ 8♥ 3♣ 5♠")
    why = attempt(g, "take 8♥")
    assert why and "8♥" in why
    assert "take 8♥" not in legal_texts(g)
    assert g.phase == DRAW and [str(c) for c in g.pile] == ["4♦", "8♥", "3♣", "5♠"]


def test_deep_take_may_use_cards_taken_with_it():
    g = position(["9♥ 2♠ K♣", "K♠"], pile="4♦ 8♥ 10♥ 5♠")
    play(g, "take 8♥", "meld 8♥ 9♥ 10♥", "discard 2♠")
    assert g.current == 1


def test_deep_take_meld_or_layoff_accepts_a_lay_off():
    melds = [meld(0, "run:5♥", "5♥ 6♥ 7♥")]
    g = position(["2♠ K♣", "K♠"], pile="4♦ 8♥ 3♣", melds=melds)
    play(g, "take 8♥")
    assert "8♥" in attempt(g, "discard 2♠")
    play(g, "layoff 8♥ on 1", "discard 2♠")


def test_deep_take_lay_off_needs_an_own_meld_when_the_rules_say_so():
    melds = [meld(1, "run:5♥", "5♥ 6♥ 7♥")]  # seat 1's meld
    g = position(["2♠ K♣", "K♠"], pile="4♦ 8♥ 3♣", melds=melds)
    assert attempt(g, "take 8♥") is not None
    g = position(["2♠ K♣", "K♠"], pile="4♦ 8♥ 3♣", melds=melds, rules=r(layoff_needs_own_meld=False))
    assert attempt(g, "take 8♥") is None


def test_deep_take_lay_off_after_melding_from_the_taken_cards():
    # no meld of one's own yet, but the take brings one: Q Q Q, then the 8 lays off
    melds = [meld(1, "run:5♥", "5♥ 6♥ 7♥")]
    g = position(["Q♣ Q♦ 2♠", "K♠"], pile="4♦ 8♥ Q♥", melds=melds)
    play(g, "take 8♥", "meld Q♣ Q♦ Q♥", "layoff 8♥ on 1", "discard 2♠")


def _can_use_by_search(ctx, card, hand, table, keep):
    """Brute force: some order of melds (one of them first, as no meld of the seat's own
    is on the table), lay-offs onto any meld at any end, then ``card`` melded, laid off or
    on a wild, with ``keep`` cards left."""
    from game.engine.melds import add_to_meld, cover_index, layoff_ends, make_meld
    from game.engine.solver import iter_melds

    seen = set()

    def search(ms, left, own):
        key = (tuple(sorted(left)), own, tuple((tuple(m.cards), m.lo) for m in ms))
        if key in seen:
            return False
        seen.add(key)
        if own and len(left) - 1 >= keep and any(
                cover_index(ctx, m, card) is not None or layoff_ends(ctx, m, card) for m in ms):
            return True
        if any(card in cards and len(left) - len(cards) >= keep
               for cards, _ in iter_melds(ctx, left, must=card)):
            return True
        others = list(left)
        others.remove(card)
        for cards, shape in iter_melds(ctx, others):
            if len(left) - len(cards) - 1 < keep:
                continue
            rest = list(left)
            for c in cards:
                rest.remove(c)
            if search(ms + [make_meld(ctx, list(cards), shape, 0, 90 + len(ms))], rest, True):
                return True
        if own and len(left) - 2 >= keep:
            for c in set(others):
                for j, m in enumerate(ms):
                    for end in layoff_ends(ctx, m, c):
                        grown = m.copy()
                        add_to_meld(grown, c, end, 0)
                        rest = list(left)
                        rest.remove(c)
                        if search([*ms[:j], grown, *ms[j + 1:]], rest, True):
                            return True
        return False

    return search(list(table), list(hand), False)


@pytest.mark.parametrize("opts", [{}, {"going_out": "discard_required"},
                                  {"jokers_per_deck": 2, "permanent_wilds": ["jokers"]}])
def test_taking_a_pile_card_to_lay_off_after_a_first_meld_is_allowed_exactly_when_it_can_be_done(opts):
    """The seat has no meld of its own, so the card taken deep from the pile can only be
    laid off after a meld of the hand goes down, and that meld must not use up the cards
    that make room for it, nor (``discard_required``) the card kept to discard.  Small
    hands around a run: the engine allows the take exactly when brute force finds a way."""
    from engine_helpers import shuffled_packs

    from game.engine.melds import make_meld
    from game.engine.solver import iter_melds
    from game.engine.state import new_game

    counts = {True: 0, False: 0}
    games = {s: new_game(Rules.preset("rummy5000", **opts), 4, seed=s)[0] for s in (1, 7)}
    for ctx, _, rng, pack in shuffled_packs("rummy5000", opts, 150, 17):
        naturals = [c for c in pack if c not in ctx.wilds]
        wild_ranks = {c & 15 for c in ctx.wilds}
        suit, lo = rng.randrange(4), rng.randint(2, 9)
        while wild_ranks & set(range(lo, lo + 5)):
            lo = rng.randint(2, 9)
        run = [next(c for c in naturals if c & 127 == (suit << 4) | r) for r in range(lo, lo + 3)]
        table = [make_meld(ctx, run, ("run", suit, lo), 1, 1)]
        left = [c for c in pack if c not in run]
        # the card: one or two places past the run's top; the card between, maybe
        gap = rng.randint(1, 2)
        card = next(c for c in left if c not in ctx.wilds and c & 127 == (suit << 4) | (lo + 2 + gap))
        left.remove(card)
        hand = [card]
        if gap == 2 and rng.random() < 0.7:
            between = next(c for c in left if c not in ctx.wilds and c & 127 == (suit << 4) | (lo + 3))
            hand.append(between)
            left.remove(between)
            if rng.random() < 0.5:  # a set of its rank, which would use it up
                for c in [c for c in left if c & 15 == between & 15 and c not in ctx.wilds][:rng.randint(1, 3)]:
                    hand.append(c)
                    left.remove(c)
        extra = left[:rng.randint(0, 4)]
        hand += extra
        for cards, _ in iter_melds(ctx, left[5:20]):
            if rng.random() < 0.5:
                hand += list(cards)
            break
        g = next(g for g in games.values() if g.ctx.wilds == ctx.wilds)
        keep = g.rules.kept_to_discard
        g.melds = table
        got = g._can_use(0, card, list(hand), "meld_or_layoff", has_meld=False)
        want = _can_use_by_search(ctx, card, hand, table, keep)
        assert got == want, (opts, hand, table)
        counts[want] += 1
    assert counts[True] >= 30 and counts[False] >= 30, counts


def test_deep_take_new_meld():
    rules = r(deep_take_use="new_meld")
    melds = [meld(0, "run:5♥", "5♥ 6♥ 7♥")]
    # a lay-off is not enough
    g = position(["2♠ K♣", "K♠"], pile="4♦ 8♥ 3♣", melds=melds, rules=rules)
    why = attempt(g, "take 8♥")
    assert why and "8♥" in why
    # a new meld is
    g = position(["8♣ 8♦ 2♠", "K♠"], pile="4♦ 8♥ 3♣", melds=melds, rules=rules)
    play(g, "take 8♥")
    why = attempt(g, "layoff 8♥ on 1")
    assert why and "8♥" in why
    why = attempt(g, "discard 2♠")
    assert why and "8♥" in why
    play(g, "meld 8♣ 8♦ 8♥", "discard 2♠")


def test_deep_take_new_meld_two_naturals():
    rules = r(deep_take_use="new_meld_two_naturals", jokers_per_deck=1, permanent_wilds=["jokers"])
    # one natural and a wild from hand: refused
    g = position(["8♣ Jk 2♠", "K♠"], pile="4♦ 8♥ 3♣", rules=rules)
    why = attempt(g, "take 8♥")
    assert why and "8♥" in why
    # two naturals from hand: allowed, and the meld must use them
    g = position(["8♣ 8♦ Jk 2♠", "K♠"], pile="4♦ 8♥ 3♣", rules=rules)
    play(g, "take 8♥")
    assert attempt(g, "meld 8♣ 8♥ Jk") is not None
    play(g, "meld 8♣ 8♦ 8♥", "discard 2♠")


def test_deep_take_two_naturals_must_come_from_the_hand():
    rules = r(deep_take_use="new_meld_two_naturals")
    # only one 7 in hand; the other comes from the pile with the deepest card
    g = position(["7♥ 4♠ 9♦", "K♠"], pile="2♦ 7♣ 7♦ K♥", rules=rules)
    assert attempt(g, "take 7♣") is not None


@pytest.mark.parametrize("mode", ["meld_or_layoff", "new_meld", "new_meld_two_naturals"])
def test_deep_take_duty_refuses_the_discard_while_unmet(mode):
    g = position(["8♣ 8♦ 2♠ 3♦", "K♠"], pile="4♦ 8♥ 3♣", rules=r(deep_take_use=mode))
    play(g, "take 8♥")
    for card in ("2♠", "3♦", "3♣", "8♣"):
        why = attempt(g, f"discard {card}")
        assert why and "8♥" in why
    assert not [a for a in legal_texts(g) if a.startswith("discard")]
    play(g, "meld 8♣ 8♦ 8♥")
    assert "discard 2♠" in legal_texts(g)


def test_a_move_that_strands_the_deep_take_is_refused():
    # 8♥ taken from deep; melding 6♣ 7♣ 8♣ would use up a partner it needs
    g = position(["8♣ 8♦ 6♣ 7♣ 2♠", "K♠"], pile="4♦ 8♥ 3♣", rules=r(deep_take_use="new_meld"))
    play(g, "take 8♥")
    why = attempt(g, "meld 6♣ 7♣ 8♣")
    assert why and "8♥" in why
    assert "meld 6♣ 7♣ 8♣" not in legal_texts(g)
    play(g, "meld 8♣ 8♦ 8♥", "discard 2♠")


def test_top_only_pile():
    g = position(["8♣ 8♦ 2♠", "K♠"], pile="4♦ 8♥ 3♣", rules="basic")
    assert legal_texts(g) == ["draw", "take 3♣"]
    why = attempt(g, "take 8♥")
    assert why and "top" in why
    play(g, "take 3♣", "discard 2♠")


def test_a_taken_pile_card_is_public_knowledge():
    g = position(["9♥ 10♥ 2♠", "K♠"], pile="4♦ 8♥ 3♣ 5♠")
    play(g, "take 8♥")
    v = PlayerView.of(g, 1)
    assert set(map(str, v.known[0])) == {"8♥", "3♣", "5♠"}


# --------------------------------------------------------------------------- the 002 example


def test_002_worked_example_take_from_the_deeper_four():
    g = position(["2♣ 4♣ 5♦ 8♥ J♠ K♣ K♦", "3♠ 3♥"], rules=R500, pile="6♠ 4♥ Q♥ 4♦ A♠ 7♣")
    # only from the deeper 4 can the fours be melded: the upper one alone makes a pair
    assert "take 4♥" in legal_texts(g)
    why = attempt(g, "take 4♦")
    assert why and "4♦" in why
    play(g, "take 4♥")
    assert [str(c) for c in g.pile] == ["6♠"]
    why = attempt(g, "discard 2♣")
    assert why and "4♥" in why
    play(g, "meld 4♣ 4♥ 4♦")
    ranks = sorted(c.rank for c in g.hands[0])
    assert ranks == sorted([2, 5, 7, 8, 11, 12, 13, 13, 1])
    play(g, "discard 2♣")
    assert [str(c) for c in g.pile] == ["6♠", "2♣"]


def test_002_worked_example_taking_only_the_seven_carries_no_duty():
    g = position(["2♣ 4♣ 5♦ 8♥ J♠ K♣ K♦", "3♠ 3♥"], rules=R500, pile="6♠ 4♥ Q♥ 4♦ A♠ 7♣")
    play(g, "take 7♣")
    assert g.must_use is None
    assert attempt(g, "discard 7♣") is not None  # but it may not go straight back
    play(g, "discard 2♣")
    assert C("7♣") in g.hands[0]


# --------------------------------------------------------------------------- stock_draw_must_use


def test_stock_draw_must_use_meld_it_or_discard_it():
    rules = r(stock_draw_must_use=True)
    g = position(["5♣ 6♣ K♦ K♥ K♠ 2♠", "Q♠"], rules=rules, top="7♣")
    play(g, "draw")
    why = attempt(g, "discard 2♠")
    assert why and "7♣" in why
    why = attempt(g, "meld K♦ K♥ K♠")
    assert why and "7♣" in why
    play(g, "meld 5♣ 6♣ 7♣")
    # once it is used the turn is free
    play(g, "meld K♦ K♥ K♠", "discard 2♠")


def test_stock_draw_must_use_discarding_it_is_fine():
    g = position(["5♣ 6♣ K♦ 2♠", "Q♠"], rules=r(stock_draw_must_use=True), top="9♥")
    play(g, "draw")
    assert legal_texts(g) == ["discard 9♥"]
    play(g, "discard 9♥")


def test_stock_draw_must_use_lay_off_counts():
    melds = [meld(0, "run:4♣", "4♣ 5♣ 6♣")]
    g = position(["K♦ 2♠", "Q♠"], rules=r(stock_draw_must_use=True), top="7♣", melds=melds)
    play(g, "draw", "layoff 7♣ on 1", "discard 2♠")


def test_stock_draw_must_use_off_by_default():
    g = position(["5♣ 6♣ K♦ K♥ K♠ 2♠", "Q♠"], top="7♣")
    play(g, "draw", "meld K♦ K♥ K♠", "discard 2♠")


def test_undo_keeps_the_stock_draw_duty():
    g = position(["5♣ 6♣ K♦ K♥ 2♠", "Q♠"], rules=r(stock_draw_must_use=True), top="7♣")
    play(g, "draw", "meld 5♣ 6♣ 7♣", "undo")
    why = attempt(g, "discard 2♠")
    assert why and "7♣" in why


# --------------------------------------------------------------------------- melding and laying off


def test_meld_and_lay_off_in_any_order_any_number_of_times():
    melds = [meld(1, "set:9", "9♣ 9♦ 9♥")]
    g = position(["5♣ 6♣ 7♣ K♦ K♥ K♠ 8♣ 9♠ 2♦", "Q♠"], melds=melds, top="3♦")
    play(g, "draw", "meld 5♣ 6♣ 7♣", "layoff 9♠ on 1", "meld K♦ K♥ K♠", "layoff 8♣ on 2",
         "discard 2♦")
    assert len(g.melds) == 3
    assert g.current == 1


def test_one_meld_per_turn():
    rules = r(one_meld_per_turn=True)
    g = position(["5♣ 6♣ 7♣ K♦ K♥ K♠ 8♣ 2♦", "Q♠ Q♥ Q♦ 3♠"], rules=rules, top="3♦ 4♠")
    play(g, "draw", "meld 5♣ 6♣ 7♣")
    why = attempt(g, "meld K♦ K♥ K♠")
    assert why and "one" in why.lower()
    assert not [a for a in legal_texts(g) if a.startswith("meld")]
    play(g, "layoff 8♣ on 1", "discard 2♦")  # lay-offs are still free
    play(g, "draw", "meld Q♠ Q♥ Q♦", "discard 3♠")
    play(g, "draw", "meld K♦ K♥ K♠")  # a new turn, a new meld


def test_layoff_needs_own_meld():
    melds = [meld(1, "run:4♣", "4♣ 5♣ 6♣")]
    g = position(["7♣ K♦ K♥ K♠ 2♦", "Q♠"], melds=melds, top="3♦")
    play(g, "draw")
    why = attempt(g, "layoff 7♣ on 1")
    assert why and "meld" in why
    assert not [a for a in legal_texts(g) if a.startswith("layoff")]
    # a meld made this turn is enough
    play(g, "meld K♦ K♥ K♠", "layoff 7♣ on 1", "discard 2♦")


def test_layoff_without_own_meld_when_the_rules_allow():
    melds = [meld(1, "run:4♣", "4♣ 5♣ 6♣")]
    for rules in (R500, r(layoff_needs_own_meld=False)):
        g = position(["7♣ K♦ 2♦", "Q♠"], melds=melds, top="3♦", rules=rules)
        play(g, "draw", "layoff 7♣ on 1", "discard 2♦")


def test_layoff_is_recorded_with_who_laid_it_and_scores_for_them():
    melds = [meld(1, "run:4♣", "4♣ 5♣ 6♣")]
    g = position(["7♣ 3♣ K♦ K♥ K♠ 2♦", "Q♠"], melds=melds, top="3♦")
    play(g, "draw", "meld K♦ K♥ K♠", "layoff 7♣ on 1", "layoff 3♣ on 1")
    m = g.meld_by_id(1)
    assert [str(c) for c in m.cards] == ["3♣", "4♣", "5♣", "6♣", "7♣"]
    assert m.by == [0, 1, 1, 1, 0]
    assert m.owner == 1
    pts = g.melded_points()
    assert pts[0] == 30 + 5 + 5 and pts[1] == 15


def test_a_layoff_must_keep_the_meld_valid():
    melds = [meld(1, "run:4♣", "4♣ 5♣ 6♣"), meld(0, "set:K", "K♦ K♥ K♠")]
    g = position(["9♣ 6♦ Q♠ 2♦", "Q♦"], melds=melds, top="3♦")
    play(g, "draw")
    for bad in ("layoff 9♣ on 1", "layoff 6♦ on 1", "layoff Q♠ on 2", "layoff 2♦ on 9"):
        assert attempt(g, bad) is not None, bad


def test_000_example_6_7_8_plus_9_then_5_or_10_fits_but_not_another_9():
    # A (seat 0) melds 6-7-8, B (seat 1) lays off 9, C (seat 2) then tries
    g = position(["6♥ 7♥ 8♥ 2♣", "9♥ J♣ J♦ J♠ 3♣", "5♥ 10♥ 9♥#2 Q♣ Q♦ Q♠ 4♣"],
                 top="K♣ K♦ K♠", pile="A♣", decks=2)
    play(g, "draw", "meld 6♥ 7♥ 8♥", "discard 2♣")
    play(g, "draw", "meld J♣ J♦ J♠", "layoff 9♥ on 1", "discard 3♣")
    m = g.meld_by_id(1)
    assert m.by == [0, 0, 0, 1]
    play(g, "draw", "meld Q♣ Q♦ Q♠")
    lay = legal_texts(g)
    assert "layoff 5♥ on 1 low" in lay
    assert "layoff 10♥ on 1 high" in lay
    assert not [a for a in lay if a.startswith("layoff 9♥")]
    why = attempt(g, "layoff 9♥#2 on 1")
    assert why and "9♥" in why
    play(g, "layoff 5♥ on 1", "layoff 10♥ on 1")
    assert [str(c) for c in g.meld_by_id(1).cards] == ["5♥", "6♥", "7♥", "8♥", "9♥", "10♥"]
    assert g.meld_by_id(1).by == [2, 0, 0, 0, 1, 2]


# --------------------------------------------------------------------------- covers and swaps


def _run_with_joker():
    return [meld(1, "run:5♥", "5♥ Jk 7♥")]


JK = r(jokers_per_deck=1, permanent_wilds=["jokers"])


def test_cover_stays_the_real_card_scores_for_its_holder():
    g = position(["6♥ K♦ K♥ K♠ 2♦", "Q♠"], rules=JK, melds=_run_with_joker(), top="3♦")
    play(g, "draw", "meld K♦ K♥ K♠")
    assert "cover 6♥ on 1" in legal_texts(g)
    before = g.melded_points()[0]
    play(g, "cover 6♥ on 1")
    m = g.meld_by_id(1)
    assert [str(c) for c in m.cards] == ["5♥", "Jk", "7♥"]  # the wild stays
    assert m.covers == {1: (C("6♥"), 0)}
    assert g.melded_points()[0] == before + 5
    assert C("Jk") not in g.hands[0]
    # the spot is taken: nobody covers it again
    play(g, "discard 2♦")


def test_cover_needs_an_own_meld_under_layoff_needs_own_meld():
    g = position(["6♥ 2♦", "Q♠"], rules=JK, melds=_run_with_joker(), top="3♦")
    play(g, "draw")
    assert attempt(g, "cover 6♥ on 1") is not None


def test_cover_in_a_set():
    melds = [meld(1, "set:9", "9♣ Jk 9♥")]
    g = position(["9♠ K♦ K♥ K♠ 2♦", "Q♠"], rules=JK, melds=melds, top="3♦")
    play(g, "draw", "meld K♦ K♥ K♠", "cover 9♠ on 1")
    assert g.meld_by_id(1).covers == {1: (C("9♠"), 0)}


def test_swap_the_real_card_takes_the_place_and_the_wild_goes_to_hand():
    rules = {**JK, "wild_after_meld": "swap"}
    g = position(["6♥ K♦ K♥ K♠ 2♦ 3♣ 4♣", "Q♠"], rules=rules, melds=_run_with_joker(), top="3♦")
    play(g, "draw", "meld K♦ K♥ K♠", "cover 6♥ on 1")
    m = g.meld_by_id(1)
    assert [str(c) for c in m.cards] == ["5♥", "6♥", "7♥"]
    assert m.by == [1, 0, 1]
    assert not m.covers
    assert C("Jk") in g.hands[0]
    assert C("Jk") in PlayerView.of(g, 1).known[0]  # everyone saw it picked up
    # the wild may be melded elsewhere
    play(g, "meld 3♣ 4♣ Jk", "discard 2♦")


def test_a_wrong_real_card_does_not_cover():
    g = position(["8♥ 6♣ K♦ K♥ K♠ 2♦", "Q♠"], rules=JK, melds=_run_with_joker(), top="3♦")
    play(g, "draw", "meld K♦ K♥ K♠")
    assert attempt(g, "cover 8♥ on 1") is not None
    assert attempt(g, "cover 6♣ on 1") is not None


# --------------------------------------------------------------------------- undo


def test_undo_a_meld():
    g = position(["5♣ 6♣ 7♣ 2♦", "Q♠"], top="3♦")
    play(g, "draw", "meld 5♣ 6♣ 7♣")
    nid = g.next_meld_id
    play(g, "undo")
    assert not g.melds
    assert hand_text(g, 0) == sorted(["5♣", "6♣", "7♣", "2♦", "3♦"])
    assert g.next_meld_id == nid - 1
    assert g.phase == PLAY
    # melding again is fine (the count of melds this turn went back too)
    play(g, "meld 5♣ 6♣ 7♣")


def test_undo_restores_one_meld_per_turn():
    g = position(["5♣ 6♣ 7♣ K♦ K♥ K♠ 2♦", "Q♠"], top="3♦", rules=r(one_meld_per_turn=True))
    play(g, "draw", "meld 5♣ 6♣ 7♣", "undo", "meld K♦ K♥ K♠", "discard 2♦")


def test_undo_a_layoff_and_a_low_end_layoff():
    melds = [meld(1, "run:4♣", "4♣ 5♣ 6♣"), meld(0, "set:K", "K♦ K♥ K♠")]
    g = position(["3♣ 7♣ 2♦", "Q♠"], melds=melds, top="3♦")
    play(g, "draw", "layoff 3♣ on 1", "layoff 7♣ on 1")
    play(g, "undo")
    assert [str(c) for c in g.meld_by_id(1).cards] == ["3♣", "4♣", "5♣", "6♣"]
    play(g, "undo")
    m = g.meld_by_id(1)
    assert [str(c) for c in m.cards] == ["4♣", "5♣", "6♣"]
    assert m.lo == 4 and m.by == [1, 1, 1]
    assert hand_text(g, 0) == sorted(["3♣", "7♣", "2♦", "3♦"])


@pytest.mark.parametrize("mode", ["stays", "swap"])
def test_undo_a_cover(mode):
    rules = {**JK, "wild_after_meld": mode}
    melds = _run_with_joker() + [meld(0, "set:K", "K♦ K♥ K♠")]
    g = position(["6♥ 2♦", "Q♠"], rules=rules, melds=melds, top="3♦")
    play(g, "draw", "cover 6♥ on 1", "undo")
    m = g.meld_by_id(1)
    assert [str(c) for c in m.cards] == ["5♥", "Jk", "7♥"]
    assert m.by == [1, 1, 1] and not m.covers
    assert hand_text(g, 0) == sorted(["6♥", "2♦", "3♦"])


def test_undo_brings_back_the_deep_take_duty():
    g = position(["8♣ 8♦ 2♠", "K♠"], pile="4♦ 8♥ 3♣")
    play(g, "take 8♥", "meld 8♣ 8♦ 8♥", "undo")
    why = attempt(g, "discard 2♠")
    assert why and "8♥" in why


def test_nothing_to_undo():
    g = position(["5♣ 6♣ 7♣ 2♦", "Q♠"], top="3♦")
    play(g, "draw")
    assert "undo" not in legal_texts(g)
    assert attempt(g, "undo") is not None
    # drawing from the stock is final; so is a discard
    play(g, "meld 5♣ 6♣ 7♣", "discard 2♦")
    assert attempt(g, "undo") is not None
    assert len(g.melds) == 1


def test_undo_is_listed_after_a_meld():
    g = position(["5♣ 6♣ 7♣ 2♦", "Q♠"], top="3♦")
    play(g, "draw", "meld 5♣ 6♣ 7♣")
    assert "undo" in legal_texts(g)


def test_undo_keeps_an_upcard_public():
    g = position(["5♣ 6♣ 7♣ 2♦", "Q♠"], top="3♦", upcards=["7♣", None])
    play(g, "draw", "meld 5♣ 6♣ 7♣", "undo")
    assert C("7♣") in PlayerView.of(g, 1).known[0]


# --------------------------------------------------------------------------- stuck moves


def test_a_move_that_would_leave_only_the_top_card_taken_is_refused():
    g = position(["5♣ 6♣ 7♣", "Q♠"], pile="2♦ 9♥")
    play(g, "take 9♥")
    why = attempt(g, "meld 5♣ 6♣ 7♣")
    assert why and "9♥" in why
    assert "meld 5♣ 6♣ 7♣" not in legal_texts(g)
    # with top_take_no_return off the 9♥ may be the discard
    g = position(["5♣ 6♣ 7♣", "Q♠"], pile="2♦ 9♥", rules=r(top_take_no_return=False))
    play(g, "take 9♥", "meld 5♣ 6♣ 7♣")


def test_a_lay_off_that_would_leave_only_the_top_card_taken_is_refused():
    melds = [meld(0, "run:4♣", "4♣ 5♣ 6♣")]
    g = position(["7♣", "Q♠"], pile="2♦ 9♥", melds=melds)
    play(g, "take 9♥")
    assert attempt(g, "layoff 7♣ on 1") is not None
    assert "9♥" in attempt(g, "discard 9♥")


def test_discard_required_forbids_melding_the_last_card():
    rules = {"preset": R500, "going_out": "discard_required"}
    g = position(["5♣ 6♣ 7♣", "Q♠"], top="3♦", rules=rules)
    play(g, "draw", "meld 5♣ 6♣ 7♣")  # keeps the 3♦
    g = position(["5♣ 6♣ 7♣", "Q♠"], top="8♣", rules=rules)
    play(g, "draw")
    why = attempt(g, "meld 5♣ 6♣ 7♣ 8♣")
    assert why and "discard" in why


def test_there_is_always_a_legal_move_after_a_draw():
    g = position(["5♣ 6♣ 7♣", "Q♠"], pile="2♦ 9♥")
    play(g, "take 9♥")
    acts = g.legal_actions()
    assert acts
    for a in acts:
        g.copy().apply(a)


def test_illegal_actions_leave_the_state_unchanged():
    from game.engine.save import position_dict

    g = position(["5♣ 6♣ 7♣ 2♦", "Q♠"], pile="2♣ 9♥")
    before = position_dict(g)
    for text in ("discard 2♦", "meld 5♣ 6♣ 7♣", "take 2♣", "layoff 2♦ on 1", "undo"):
        with pytest.raises(IllegalActionError):
            g.apply(parse_action(text))
        assert position_dict(g) == before


@pytest.mark.parametrize("action,why", [
    (TakePile("7♣"), "'7♣' is not a card"),
    (TakePile(None), "None is not a card"),
    (Discard(Card(127)), "Card(127) is not a card"),
    (Discard(True), "True is not a card"),
    (MeldCards((C("5♣"), C("6♣"), "7♣")), "'7♣' is not a card"),
    (MeldCards("5♣ 6♣ 7♣"), "the cards to meld must be a tuple of cards"),
    (MeldCards((C("5♣"), C("6♣"), C("7♣")), shape="run:5♣"), "the shape 'run:5♣' is not a meld shape"),
    (LayOff(C("2♦"), "1"), "the meld '1' is not a meld number"),
    (LayOff(C("2♦"), None), "no meld was named"),
    (LayOff(C("2♦"), 1, "top"), "the end 'top' is neither low nor high"),
    (Cover(Card(1000), 1), "Card(1000) is not a card"),
    (CallRummy("1", 1), "the seat '1' is not a seat number"),
    (CallRummy(1, None, "", "4♠"), "'4♠' is not a card"),
])
@pytest.mark.parametrize("phase_moves", [[], ["draw"]])
def test_a_move_that_names_no_card_or_no_meld_is_refused_saying_what_is_wrong(action, why, phase_moves):
    from game.engine.save import position_dict

    g = position(["5♣ 6♣ 7♣ 2♦", "Q♠"], pile="2♣ 9♥", melds=[meld(1, "set:K", "K♦ K♥ K♠")])
    play(g, *phase_moves)
    before = position_dict(g)
    with pytest.raises(IllegalActionError) as e:
        g.apply(action)
    assert str(e.value) == f"{action!r} is not a move: {why}"
    assert position_dict(g) == before


def test_a_move_naming_cards_by_their_bare_ids_leaves_cards_on_the_table():
    """A program may name a card by its id (a plain int); what reaches the table, the
    events and their texts is a card all the same ("9♠", not a number)."""
    g = position(["5♣ 6♣ 7♣ K♣ 2♦ 9♠", "Q♠"], pile="2♣ 8♣", melds=[meld(1, "set:K", "K♦ K♥ K♠")])
    events = g.apply(TakePile(int(C("8♣"))))
    assert type(g.hands[0][-1]) is Card and events[0].cards == (C("8♣"),)
    g.apply(MeldCards(tuple(int(C(t)) for t in ("5♣", "6♣", "7♣", "8♣"))))
    assert all(type(c) is Card for c in g.melds[-1].cards) and str(g.melds[-1].cards[0]) == "5♣"
    g.apply(LayOff(int(C("K♣")), 1))
    assert all(type(c) is Card for c in g.melds[0].cards)
    events = g.apply(Discard(int(C("9♠"))))
    assert type(g.pile[-1]) is Card and str(g.pile[-1]) == "9♠"
    assert [str(e.card) for e in events if hasattr(e, "card")][:1] == ["9♠"]
    assert all(type(c) is Card for h in g.hands for c in h)


def test_a_card_id_that_is_no_card_still_prints():
    from game.engine.cards import is_card

    assert not is_card(Card(127)) and repr(Card(127)) == "Card(127)" and str(Card(127)) == "#127"
    assert is_card(C("Q♠")) and is_card(C("Jk")) and repr(C("Q♠")) == "Card('Q♠')"
    assert not any(is_card(v) for v in (None, True, -1, 0, 14, 1 << 12, "Q♠", 1.0))


@pytest.mark.parametrize("phase_moves", [[], ["draw"]])
@pytest.mark.parametrize("thing", ["draw", None, 3])
def test_something_that_is_not_an_action_is_refused_naming_it(phase_moves, thing):
    from game.engine.save import position_dict

    g = position(["5♣ 6♣ 7♣ 2♦", "Q♠"], pile="2♣ 9♥")
    play(g, *phase_moves)
    before = position_dict(g)
    with pytest.raises(IllegalActionError, match=f"^{thing!r} is not an action$"):
        g.apply(thing)
    assert position_dict(g) == before


def test_legal_actions_list_a_wild_standing_in_for_a_held_natural():
    g = playing("8♠ 9♠ 10♠ Jk 2♦", rules=JK)
    melds = {(frozenset(map(str, a.cards)), a.shape) for a in g.legal_actions()
             if type(a).__name__ == "MeldCards"}
    assert attempt(g.copy(), "meld 8♠ Jk 10♠") is None
    assert any(faces == {"8♠", "Jk", "10♠"} for faces, _ in melds)
    assert (frozenset({"8♠", "9♠", "Jk"}), ("run", 3, 8)) in melds


def test_deep_take_duty_with_one_meld_per_turn():
    # the duty meld must be the turn's one meld: melding the kings first is refused
    g = position(["8♣ 8♦ K♦ K♥ K♠ 2♠", "Q♠"], pile="4♦ 8♥ 3♣", rules=r(one_meld_per_turn=True))
    play(g, "take 8♥")
    why = attempt(g, "meld K♦ K♥ K♠")
    assert why and "8♥" in why
    play(g, "meld 8♣ 8♦ 8♥", "discard 2♠")


def test_deep_take_refused_when_its_meld_would_leave_nothing_to_discard():
    rules = {"preset": R500, "going_out": "discard_required"}
    g = position(["8♣", "Q♠"], pile="4♦ 8♥ 8♦", rules=rules)
    why = attempt(g, "take 8♥")
    assert why and "8♥" in why
    # without the discard rule the same take goes out
    g = position(["8♣", "Q♠"], pile="4♦ 8♥ 8♦", rules=R500)
    play(g, "take 8♥", "meld 8♣ 8♥ 8♦")
    assert g.results[-1].went_out == 0


def test_after_a_deep_take_the_former_top_card_may_be_discarded():
    # no-return is for a take of the top card alone
    g = position(["9♥ 10♥ 2♠", "K♠"], pile="4♦ 8♥ 3♣ 5♠")
    play(g, "take 8♥", "meld 8♥ 9♥ 10♥")
    assert "discard 5♠" in legal_texts(g)
    play(g, "discard 5♠")
    assert [str(c) for c in g.pile] == ["4♦", "5♠"]


@pytest.mark.parametrize("mode", ["new_meld", "new_meld_two_naturals"])
def test_a_swap_cannot_take_back_the_pile_card_that_met_the_duty(mode):
    # fours are wild: the 4♣ taken from deep in the pile goes into 6-7-(8), then the 8♥
    # is swapped in for it, and the 4♣ is back in hand
    rules = r(wild_after_meld="swap", deep_take_use=mode)
    g = position(["7♥ 6♥ 8♥ 2♠", "Q♠"], pile="9♦ 4♣ K♠", wild="4", rules=rules)
    play(g, "take 4♣", "meld 6♥ 7♥ 4♣ as run:6♥")
    swapped = attempt(g, "cover 8♥ on 1")
    if swapped is None:
        assert C("4♣") in g.hands[0]
        why = attempt(g, "discard 4♣")
        assert why is not None and "4♣" in why


@pytest.mark.parametrize("rule, words", [
    ("meld_or_layoff", "meld or lay off the 8♥ you took from the pile"),
    ("new_meld", "put the 8♥ you took from the pile into a new meld"),
    ("new_meld_two_naturals", "meld the 8♥ you took from the pile with two natural cards from your hand"),
])
def test_deep_take_messages_say_what_the_rule_asks(rule, words):
    """The refusals say what this game's rule asks of the deepest card (a lay-off counts
    only where it does), in the present tense."""
    melds = [meld(0, "run:5♥", "5♥ 6♥ 7♥")]
    g = position(["8♣ 8♦ 2♠", "K♠"], pile="4♦ 8♥ 3♣", melds=melds, rules=r(deep_take_use=rule))
    play(g, "take 8♥")
    assert attempt(g, "discard 2♠") == f"You must {words} before you discard"
    it = {"meld_or_layoff": "meld it or lay it off", "new_meld": "put it into a new meld",
          "new_meld_two_naturals": "meld it with two natural cards from your hand"}[rule]
    g = position(["2♠ K♣", "K♠"], pile="4♦ 8♥ 3♣", rules=r(deep_take_use=rule))
    assert attempt(g, "take 8♥") == f"You may not take the 8♥: you would have no way to {it} this turn"
