"""What a seat may see: a view holds nothing secret, and determinize agrees with it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_helpers import play, position

from game.engine import Card, Rules, new_game
from game.engine import events as ev
from game.engine.state import GAME_OVER, ROUND_OVER
from game.engine.view import PlayerView


def advanced_game(rules, players, seed, steps):
    g, _ = new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.phase in (ROUND_OVER, GAME_OVER):
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


CASES = [(Rules.preset(), 4), (Rules.preset("rummy500"), 3), (Rules.preset("basic"), 2),
         (Rules.preset(wild_indicator="separate", stock_draw_must_use=True), 3),
         (Rules.preset(decks=2, jokers_per_deck=1, permanent_wilds={"jokers"}), 5)]


def hidden_swap(g, seat, rng):
    """A copy of ``g`` that differs only in what ``seat`` cannot see."""
    h = g.copy()
    h.seed = g.seed + 12345
    others = [s for s in range(h.players) if s != seat]
    # swap a hidden card of another hand with a stock card
    for s in others:
        hidden = [c for c in h.hands[s] if c not in h.known[s]]
        if hidden and h.stock:
            a = rng.choice(hidden)
            b = rng.choice(h.stock)
            h.hands[s][h.hands[s].index(a)] = b
            h.stock[h.stock.index(b)] = a
            if h.stock_card == a:
                h.stock_card = b
    rng.shuffle(h.stock)
    return h


@pytest.mark.parametrize("case", range(len(CASES)))
def test_a_view_holds_nothing_secret(case):
    rules, players = CASES[case]
    rng = random.Random(case)
    for seed in range(4):
        for steps in (0, 5, 30):
            g = advanced_game(rules, players, seed + 10 * case, steps)
            for seat in range(players):
                if g.stock_card is not None and g.current != seat:
                    continue  # the swap could move the drawn card; covered below
                h = hidden_swap(g, seat, rng)
                assert PlayerView.of(g, seat).fingerprint() == PlayerView.of(h, seat).fingerprint()


def test_a_view_has_no_seed_no_stock_order_and_no_other_hands():
    g = advanced_game(Rules.preset(), 4, 3, 10)
    v = PlayerView.of(g, 1)
    for name in ("seed", "stock", "hands"):
        assert not hasattr(v, name), name
    assert v.stock_count == len(g.stock)
    assert v.hand_sizes == tuple(len(h) for h in g.hands)
    assert list(v.hand) == g.hands[1]
    # nothing in the view is the other hands' hidden cards, except where public
    hidden = {c for s in range(4) if s != 1 for c in g.hands[s] if c not in g.known[s]}
    values = [getattr(v, n) for n in v.__slots__ if n not in ("pack", "ctx", "rules", "hand")]

    def cards_in(x):
        if isinstance(x, Card):
            yield x
        elif isinstance(x, (list, tuple, set, frozenset)):
            for y in x:
                yield from cards_in(y)
    found = {c for x in values for c in cards_in(x)}
    assert not (hidden & found - set(v.pile) - {c for m in v.melds for c in m.all_cards()})


def test_other_hands_are_seen_only_through_known():
    g = position(["5♦ 5♥ K♣", "2♠ 3♠ 9♦", "4♦ 6♦"], upcards=[None, "9♦", None], pile="Q♣ 5♣ J♥")
    play(g, "take 5♣")
    v = PlayerView.of(g, 2)
    assert set(map(str, v.known[0])) == {"J♥", "5♣"}
    assert set(map(str, v.known[1])) == {"9♦"}
    assert set(map(str, v.known[2])) == {"4♦", "6♦"}  # its own hand
    play(g, "meld 5♦ 5♥ 5♣")
    assert set(map(str, PlayerView.of(g, 2).known[0])) == {"J♥"}


def test_the_drawn_stock_card_is_secret_from_the_others():
    g = position(["7♥ 8♥ K♣", "2♠ 3♠ 9♦"], top="Q♦", pile="5♣",
                 rules={"preset": "rummy5000", "stock_draw_must_use": True})
    play(g, "draw")
    assert str(PlayerView.of(g, 0).stock_card) == "Q♦"
    assert PlayerView.of(g, 1).stock_card is None


def test_the_turn_log_is_shown_only_to_the_seat_playing():
    g = position(["7♥ 8♥ 9♥ K♣", "2♠ 3♠ 9♦"], top="Q♦", pile="5♣")
    play(g, "draw", "meld 7♥ 8♥ 9♥")
    assert PlayerView.of(g, 0).turn_log
    assert PlayerView.of(g, 1).turn_log == ()


def test_a_view_is_a_copy():
    g = advanced_game(Rules.preset(), 3, 5, 20)
    v = PlayerView.of(g, 0)
    before = PlayerView.of(g, 0).fingerprint()
    for m in v.melds:
        m.cards.append(m.cards[0])
    assert PlayerView.of(g, 0).fingerprint() == before


def test_events_are_redacted_for_other_seats():
    g, events = new_game(Rules.preset(), players=3, seed=4)
    for e in events:
        if isinstance(e, ev.DealtHand):
            assert ev.redact(e, e.seat) == e
            other = (e.seat + 1) % 3
            assert ev.redact(e, other).cards == ()
            assert ev.redact(e, other).count == e.count
            assert ev.redact(e, None).cards == ()
        if isinstance(e, ev.DealtUpcard):
            assert ev.redact(e, (e.seat + 1) % 3) == e  # upcards are public
    drew = g.apply(next(a for a in g.legal_actions() if str(a) == "draw"))
    d = drew[0]
    assert isinstance(d, ev.DrewStock) and d.card is not None
    assert ev.redact(d, d.seat).card == d.card
    assert ev.redact(d, (d.seat + 1) % 3).card is None


# --------------------------------------------------------------------------- determinize


@pytest.mark.parametrize("case", range(len(CASES)))
def test_determinize_is_consistent_with_the_view(case):
    rules, players = CASES[case]
    for seed in range(3):
        for steps in (0, 8, 40):
            g = advanced_game(rules, players, seed + 7 * case, steps)
            for seat in range(players):
                v = PlayerView.of(g, seat)
                d = v.determinize(random.Random(seed))
                assert Counter(d.all_cards()) == Counter(d.pack)
                assert d.hands[seat] == g.hands[seat]
                for s in range(players):
                    assert len(d.hands[s]) == len(g.hands[s])
                    assert set(v.known[s]) <= set(d.hands[s])
                assert len(d.stock) == len(g.stock)
                assert d.pile == g.pile
                assert PlayerView.of(d, seat).fingerprint() == v.fingerprint()
                # legality never depends on hidden cards
                if g.current == seat or g.call_open:
                    assert [str(a) for a in d.legal_actions(seat)] == \
                        [str(a) for a in g.legal_actions(seat)]


def test_determinize_deals_the_unseen_cards_at_random():
    g = advanced_game(Rules.preset(), 4, 9, 3)
    v = PlayerView.of(g, 0)
    deals = {tuple(v.determinize(random.Random(i)).hands[1]) for i in range(6)}
    assert len(deals) > 1
    unseen = Counter(v.unseen())
    assert sum(unseen.values()) == len(g.stock) + sum(
        len(g.hands[s]) - len(g.known[s]) for s in range(1, 4))


def test_determinized_state_plays_on():
    g = advanced_game(Rules.preset("rummy500"), 3, 2, 15)
    d = PlayerView.of(g, g.current).determinize(random.Random(1))
    rng = random.Random(0)
    for _ in range(30):
        if d.phase in (ROUND_OVER, GAME_OVER):
            break
        d.apply(rng.choice(d.legal_actions()))
    assert Counter(d.all_cards()) == Counter(d.pack)


def test_view_legal_actions_match_the_state():
    g = advanced_game(Rules.preset(), 3, 6, 12)
    seat = g.current
    assert [str(a) for a in PlayerView.of(g, seat).legal_actions()] == \
        [str(a) for a in g.legal_actions(seat)]
