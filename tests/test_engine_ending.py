"""RULES.md section 7: going out, floating, the empty stock, and the 000 ending variants."""

from __future__ import annotations

import pytest
from engine_helpers import attempt, hand_text, legal_texts, meld, play, position

from game.engine import IllegalActionError
from game.engine.cards import card_text, parse_cards
from game.engine.save import dumps_position, loads_position
from game.engine.state import DRAW, GAME_OVER, ROUND_OVER


def r(**kw):
    return {"preset": "rummy5000", **kw}


def r500(**kw):
    return {"preset": "rummy500", **kw}


THREE = ["5♣ 6♣ 7♣ 8♣", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"]


# --------------------------------------------------------------------------- discard_unplayable


def test_going_out_by_discarding_an_unplayable_last_card():
    g = position(THREE, top="2♥", pile="J♥")
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣", "discard 2♥")
    assert g.phase == ROUND_OVER
    assert g.results[-1].went_out == 0
    assert g.results[-1].reason == "went_out"


def test_round_done_is_true_once_the_round_ends_and_over_only_with_the_game():
    g = position(THREE, top="2♥", pile="J♥")
    assert not g.round_done and not g.over
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣")
    assert not g.round_done
    play(g, "discard 2♥")
    assert g.phase == ROUND_OVER and g.round_done and not g.over
    assert g.legal_actions() == []
    g.phase = GAME_OVER
    assert g.round_done and g.over


def test_a_playable_last_card_cannot_be_the_going_out_discard():
    g = position(THREE, top="9♣", pile="J♥")
    play(g, "draw")
    # melding 5-8 leaves the 9♣, which lays off on that run: it may not be discarded
    play(g, "meld 5♣ 6♣ 7♣ 8♣")
    why = attempt(g, "discard 9♣")
    assert why and "9♣" in why and "laid off" in why
    assert [a for a in legal_texts(g) if a != "undo"] == ["layoff 9♣ on 1 high"]
    play(g, "layoff 9♣ on 1")
    assert g.floating[0] and g.hands[0] == []
    assert g.phase == DRAW and g.current == 1


def test_playable_counts_melds_of_other_players():
    melds = [meld(1, "set:K", "K♣ K♦ K♥")]
    g = position(["5♣ 6♣ 7♣", "Q♦ 3♠", "3♦ 9♥"], top="K♠", pile="J♥", melds=melds)
    play(g, "draw", "meld 5♣ 6♣ 7♣")
    assert attempt(g, "discard K♠") is not None
    play(g, "layoff K♠ on 1")
    assert g.floating[0]


def test_a_card_the_player_may_not_lay_off_is_unplayable_for_them():
    # seat 0 has no meld of its own, so it could not lay the K♠ off: it may go out on it
    melds = [meld(1, "set:K", "K♣ K♦ K♥")]
    g = position(["K♠", "3♠ 4♠", "3♦ 9♥"], pile="J♥", melds=melds, phase="play", current=0)
    play(g, "discard K♠")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0
    # with a meld of its own it could, so it may not
    g = position(["K♠", "3♠ 4♠", "3♦ 9♥"], pile="J♥", phase="play", current=0,
                 melds=melds + [meld(0, "run:5♣", "5♣ 6♣ 7♣")])
    assert attempt(g, "discard K♠") is not None
    # and without the own-meld rule anybody could lay it off
    g = position(["K♠", "3♠ 4♠", "3♦ 9♥"], pile="J♥", melds=melds, phase="play", current=0,
                 rules=r(layoff_needs_own_meld=False))
    assert attempt(g, "discard K♠") is not None


def test_melding_every_card_floats():
    g = position(THREE, top="9♣", pile="J♥")
    ev = play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣ 9♣")
    assert any(type(e).__name__ == "Floated" for e in ev)
    assert g.floating == [True, False, False]
    assert g.hands[0] == []
    assert g.phase == DRAW and g.current == 1


def test_a_floater_draws_only_from_the_stock():
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥ 2♣",
                 melds=[meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")], top="2♥")
    assert legal_texts(g) == ["draw"]
    why = attempt(g, "take 2♣")
    assert why and "float" in why.lower()


def test_a_floater_plays_a_playable_card_and_floats_on():
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥",
                 melds=[meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")], top="9♣")
    play(g, "draw")
    assert legal_texts(g) == ["layoff 9♣ on 1 high"]
    play(g, "layoff 9♣ on 1")
    assert g.floating[0] and g.phase == DRAW and g.current == 1


def test_a_floater_discards_an_unplayable_card_and_goes_out():
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥",
                 melds=[meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")], top="2♥")
    play(g, "draw")
    assert legal_texts(g) == ["discard 2♥"]
    play(g, "discard 2♥")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0
    assert g.floating[0] is False


def test_a_floater_on_an_empty_stock_can_only_end_the_round():
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥",
                 melds=[meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")])
    g.pile = g.stock + g.pile
    g.stock = []
    assert legal_texts(g) == ["end"]


# --------------------------------------------------------------------------- other going_out modes


def test_floating_mode_a_floater_may_discard_any_card_to_go_out():
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥",
                 melds=[meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")], top="9♣", rules=r(going_out="floating"))
    play(g, "draw")
    assert "discard 9♣" in legal_texts(g)
    play(g, "discard 9♣")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0


def test_floating_mode_melding_every_card_floats():
    g = position(THREE, top="9♣", pile="J♥", rules=r(going_out="floating"))
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣ 9♣")
    assert g.floating[0] and g.phase == DRAW


def test_meld_all_or_discard_melding_every_card_ends_the_round():
    g = position(THREE, top="9♣", pile="J♥", rules=r500())
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣ 9♣")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0
    assert not any(g.floating)


def test_meld_all_or_discard_laying_off_the_last_card_ends_the_round():
    g = position(THREE, top="9♣", pile="J♥", rules=r500())
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣", "layoff 9♣ on 1")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0


def test_meld_all_or_discard_any_last_card_may_be_discarded():
    g = position(THREE, top="9♣", pile="J♥", rules=r500())
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣", "discard 9♣")  # playable, yet fine
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0


def test_discard_required_goes_out_by_discarding():
    g = position(THREE, top="9♣", pile="J♥", rules=r500(going_out="discard_required"))
    play(g, "draw")
    assert attempt(g, "meld 5♣ 6♣ 7♣ 8♣ 9♣") is not None
    play(g, "meld 5♣ 6♣ 7♣ 8♣")
    assert attempt(g, "layoff 9♣ on 1") is not None  # would leave nothing to discard
    play(g, "discard 9♣")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0


# --------------------------------------------------------------------------- empty stock


def empty_stock(g):
    g.pile = g.stock + g.pile
    g.stock = []


def test_empty_stock_end_round():
    g = position(THREE, pile="J♥")
    empty_stock(g)
    acts = legal_texts(g)
    assert "end" in acts and "draw" not in acts
    play(g, "end")
    assert g.phase == ROUND_OVER
    res = g.results[-1]
    assert res.went_out is None and res.reason == "stock_empty"


def test_empty_stock_the_player_may_take_from_the_pile_instead():
    g = position(["J♣ J♦ 2♠ 3♣", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], pile="J♥")
    empty_stock(g)
    assert "take J♥" in legal_texts(g)
    play(g, "take J♥", "meld J♣ J♦ J♥", "discard 2♠")
    assert g.phase == DRAW and g.current == 1


def test_end_is_refused_while_the_stock_has_cards():
    g = position(THREE, pile="J♥")
    assert "end" not in legal_texts(g)
    why = attempt(g, "end")
    assert why and "stock" in why


def test_empty_stock_reshuffle_turns_the_pile_into_a_new_stock():
    """RULES.md: when the stock is empty "and the player to move cannot or will not take
    from the discard pile", the pile, all but its top card, becomes the new stock. So the
    player first may take from the pile; a draw from the stock turns the pile over."""
    g = position(THREE, pile="J♥", rules=r(empty_stock="reshuffle"), top="2♥")
    # the next player will start a turn with an empty stock
    g.pile = g.stock[:-1] + g.pile
    g.stock = g.stock[-1:]
    n = len(g.pile)
    play(g, "draw", "discard 2♥")  # seat 0 draws the last stock card
    assert g.current == 1 and g.stock == [] and len(g.pile) == n + 1 and g.reshuffles == 0
    acts = legal_texts(g)
    assert "draw" in acts and "end" not in acts
    assert attempt(g, "end").startswith("The stock is empty, but the discard pile becomes the new stock")
    hand = len(g.hands[1])
    events = play(g, "draw")
    assert [type(e).__name__ for e in events][:2] == ["StockReshuffled", "DrewStock"]
    assert len(g.stock) == n - 1 and len(g.hands[1]) == hand + 1  # the whole pile but its top
    assert [str(c) for c in g.pile] == ["2♥"] and g.reshuffles == 1
    assert sorted(g.all_cards()) == sorted(g.pack)


def test_before_the_pile_becomes_the_stock_the_player_may_take_from_deep_in_it():
    """The rule's "cannot or will not take from the discard pile": with an empty stock a
    card deep in the pile may still be taken (the pile is not turned over first)."""
    g = position(["K♠ Q♦ 5♥", "7♥ 7♦ 2♣", "3♣ 4♦ 9♠"], pile="7♣ J♦",
                 rules=r(empty_stock="reshuffle"))
    g.set_aside, g.stock = g.stock[:-1], g.stock[-1:]
    play(g, "draw", f"discard {card_text(g.hands[0][-1])}")  # seat 1's turn starts, the stock empty
    assert g.current == 1 and g.stock == [] and "take 7♣" in legal_texts(g)
    play(g, "take 7♣", "meld 7♥ 7♦ 7♣")
    assert g.reshuffles == 0 and len(g.melds) == 1


def _after_a_reshuffle():
    """Seat 0 has drawn the stock's last card and discarded it; seat 1 drew from the
    empty stock, which turned the pile, all but that card, into a new stock, and
    threw the card drawn away."""
    g = position(THREE, pile="J♥", rules=r(empty_stock="reshuffle"), top="2♥")
    g.pile = g.stock[:-1] + g.pile
    g.stock = g.stock[-1:]
    play(g, "draw", "discard 2♥", "draw")
    play(g, f"discard {card_text(g.hands[1][-1])}")
    assert g.reshuffles == 1 and len(g.stock) > 3 and g.current == 2
    return g


def _through_the_stock(g, meld: str = "") -> None:
    """Every player draws and throws the card drawn away until the stock is gone; the
    seat holding ``meld`` lays it down on its turn first."""
    for _ in range(200):
        if "draw" not in legal_texts(g):  # (a draw from an empty stock may rebuild it)
            return
        seat = g.current
        play(g, "draw")
        if meld and all(c in g.hands[seat] for c in parse_cards(meld)):
            play(g, f"meld {meld}")
        play(g, f"discard {card_text(g.hands[seat][-1])}")
    raise AssertionError("the stock never ran out")


def test_the_stock_is_rebuilt_again_only_after_a_card_was_played_since_the_last_time():
    """A new stock that everyone draws through without putting a card on the table would
    come round for ever; the round then ends as with ``end_round``."""
    g = _after_a_reshuffle()
    _through_the_stock(g)
    assert g.phase == DRAW and len(g.pile) >= 2 and g.reshuffles == 1 and g.reshuffle_waits()
    acts = legal_texts(g)
    assert "end" in acts and "draw" not in acts
    play(g, "end")
    assert g.phase == ROUND_OVER and g.results[-1].reason == "stock_empty"


def test_a_meld_since_the_last_reshuffle_rebuilds_the_stock_again():
    g = _after_a_reshuffle()
    _through_the_stock(g, meld="5♣ 6♣ 7♣")  # (through the second stock too, without a meld)
    assert len(g.melds) == 1 and g.reshuffles == 2 and g.table_at_reshuffle == 3 and g.reshuffle_waits()
    assert "end" in legal_texts(g) and "draw" not in legal_texts(g)
    assert sorted(g.all_cards()) == sorted(g.pack)


def test_a_round_of_hands_too_small_to_meld_ends_with_reshuffle():
    """Four seats of two cards each with melds of four at least: nobody can ever meld or
    go out, and one card would go round the stock and the pile for ever."""
    rules = {"preset": "rummy500", "empty_stock": "reshuffle", "min_meld": 4}
    g = position(["2♣ 9♦", "3♦ J♠", "4♥ Q♣", "6♠ K♦"], pile="7♣ J♦", rules=rules)
    g.set_aside, g.stock = g.stock[:-1], g.stock[-1:]  # (one card left; the rest out of play)
    for _ in range(40):
        if g.phase != DRAW:
            break
        acts = legal_texts(g)
        if "draw" not in acts:
            play(g, "end")
            break
        seat = g.current
        play(g, "draw", f"discard {card_text(g.hands[seat][-1])}")
    assert g.phase == ROUND_OVER and g.reshuffles == 1


def test_reshuffle_with_too_small_a_pile_lets_the_round_end():
    g = position(THREE, pile="J♥", rules=r(empty_stock="reshuffle"))
    g.set_aside = list(g.stock)  # out of play for this test
    g.stock = []
    acts = legal_texts(g)
    assert "end" in acts and "draw" not in acts
    play(g, "end")
    assert g.phase == ROUND_OVER


# --------------------------------------------------------------------------- 000 ending variants


@pytest.mark.parametrize("on", [True, False])
def test_floaters_draw_when_out(on):
    melds = [meld(1, "run:5♣", "5♣ 6♣ 7♣ 8♣"), meld(0, "set:K", "K♦ K♥ K♠")]
    # seat 0 has drawn and goes out on the 2♥ while seat 1 floats
    g = position(["2♥", "", "3♦ 9♥ 4♠"], floating=[False, True, False], pile="J♥", melds=melds,
                 phase="play", current=0, top="Q♦", rules=r(floaters_draw_when_out=on))
    ev = play(g, "discard 2♥")
    assert g.phase == ROUND_OVER
    res = g.results[-1]
    assert res.went_out == 0
    drew = [e for e in ev if type(e).__name__ == "FloaterDrew"]
    if on:
        assert hand_text(g, 1) == ["Q♦"]
        assert [(e.seat, str(e.card)) for e in drew] == [(1, "Q♦")]
        assert res.in_hand[1] == 10
        assert res.bonus[0] == 10 + 15
        assert not g.floating[1]  # it holds a card again
    else:
        assert g.hands[1] == [] and not drew
        assert res.bonus[0] == 15
        assert g.floating[1]
    assert sorted(g.all_cards()) == sorted(g.pack)
    # the position at the round's end (an autosave) loads again (it was refused when on)
    back = loads_position(dumps_position(g))
    assert back.floating == g.floating and back.hands == g.hands


def test_a_round_ended_by_a_discard_keeps_no_turn_log():
    """The last turn's moves cannot be taken back once the round is over. The log was
    left behind when a player went out by a discard; after a swap (the wild to the hand)
    and going out on that wild, the round's end was a position its own save refused."""
    rules = r(wild_after_meld="swap", going_out="discard_required")
    g = position(["K♠", "3♦ 9♥ 4♠", "5♦ 8♠ Q♦"], melds=[meld(0, "set:K", "K♦ K♣ 7♥")], wild="7",
                 phase="play", current=0, rules=rules, pile="J♥")
    play(g, "cover K♠ on 1")
    assert hand_text(g, 0) == ["7♥"] and g.turn_log
    play(g, "discard 7♥")
    assert g.phase in (ROUND_OVER, GAME_OVER) and g.results[-1].went_out == 0
    assert g.turn_log == [] and "undo" not in legal_texts(g)
    back = loads_position(dumps_position(g))
    assert back.phase == g.phase and back.hands == g.hands


def test_only_floaters_draw_when_someone_goes_out():
    melds = [meld(1, "run:5♣", "5♣ 6♣ 7♣ 8♣"), meld(0, "set:K", "K♦ K♥ K♠")]
    g = position(["2♥", "", "3♦ 9♥ 4♠", "5♦"], floating=[False, True, False, False], pile="J♥",
                 melds=melds, phase="play", current=0, top="Q♦ J♠",
                 rules=r(floaters_draw_when_out=True))
    play(g, "discard 2♥")
    assert [len(h) for h in g.hands] == [0, 1, 3, 1]


def test_first_turn_out_grace():
    # dealer is seat 2; seat 0 goes out on its first turn; seats 1 and 2 still get one turn
    rules = r(first_turn_out_grace=True)
    g = position(["5♣ 6♣ 7♣", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], top="2♥ J♦ 10♣", pile="J♥", rules=rules,
                 dealer=2)
    play(g, "draw", "meld 5♣ 6♣ 7♣", "discard 2♥")
    assert g.phase == DRAW and g.current == 1
    assert g.went_out == 0
    play(g, "draw", "discard K♠")
    assert g.phase == DRAW and g.current == 2
    play(g, "draw", "discard 3♦")
    assert g.phase == ROUND_OVER
    assert g.results[-1].went_out == 0


def test_first_turn_out_grace_a_second_player_out_gets_no_credit():
    rules = r(first_turn_out_grace=True)
    g = position(["5♣ 6♣ 7♣", "Q♣ Q♦ Q♠", "3♦ 9♥ 4♠"], top="2♥ 3♥ 10♣", pile="J♥", rules=rules,
                 dealer=2)
    play(g, "draw", "meld 5♣ 6♣ 7♣", "discard 2♥")
    play(g, "draw", "meld Q♣ Q♦ Q♠", "discard 3♥")  # seat 1 goes out too
    assert g.phase in (DRAW, ROUND_OVER)
    if g.phase == DRAW:
        assert g.current == 2
        play(g, "draw", "discard 3♦")
    res = g.results[-1]
    assert res.went_out == 0
    assert res.bonus[1] == 0
    assert res.bonus[0] == res.in_hand[2]


def test_without_grace_going_out_on_the_first_turn_ends_the_round():
    g = position(["5♣ 6♣ 7♣", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], top="2♥", pile="J♥", dealer=2)
    play(g, "draw", "meld 5♣ 6♣ 7♣", "discard 2♥")
    assert g.phase == ROUND_OVER


def test_grace_only_on_the_first_turn():
    rules = r(first_turn_out_grace=True)
    g = position(["5♣ 6♣ 7♣", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], top="2♥", pile="J♥", dealer=2,
                 turns=[1, 1, 1], rules=rules)
    play(g, "draw", "meld 5♣ 6♣ 7♣", "discard 2♥")
    assert g.phase == ROUND_OVER


def test_no_action_after_the_round_or_the_game():
    g = position(THREE, top="2♥", pile="J♥")
    play(g, "draw", "meld 5♣ 6♣ 7♣ 8♣", "discard 2♥")
    assert g.legal_actions() == []
    assert attempt(g, "draw") is not None
    g.next_round()
    assert g.phase == DRAW
    with pytest.raises(IllegalActionError, match="The round is not over yet"):
        g.next_round()  # a round under way is not dealt again
    assert g.phase == DRAW
    g.phase = GAME_OVER
    assert attempt(g, "draw") is not None
    assert hand_text(g, 0)


def test_a_last_card_that_could_cover_a_wild_is_playable():
    rules = r(jokers_per_deck=1, permanent_wilds=["jokers"])
    melds = [meld(1, "run:5♥", "5♥ Jk 7♥"), meld(0, "set:K", "K♣ K♦ K♥")]
    g = position(["6♥", "3♠ 4♠", "3♦ 9♥"], pile="J♥", melds=melds, phase="play", current=0,
                 rules=rules)
    why = attempt(g, "discard 6♥")
    assert why and "6♥" in why
    play(g, "cover 6♥ on 1")
    assert g.floating[0]


def test_went_out_early_reads_the_turns_of_the_round_just_ended():
    import random

    from game.engine import Rules, new_game

    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=5)
    rng = random.Random(5)
    while g.phase not in ("round_over", "game_over"):
        g.apply(rng.choice(g.legal_actions()))
    out = g.results[-1].went_out
    assert out is not None, "this fixed deal should end with someone going out: pick another seed"
    g.turns = [2] * 4
    g.turns[out] = 0
    assert not g.went_out_early()  # everyone else had played
    g.turns[(out + 1) % 4] = 0
    assert g.went_out_early()
    g.turns[out] = 1  # (with the grace rule, the engine counts the out player's turn)
    assert not g.went_out_early()
