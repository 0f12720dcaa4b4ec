"""RULES.md section 6: calling "Rummy!"."""

from __future__ import annotations

import pytest
from engine_helpers import C, attempt, hand_text, legal_texts, meld, play, position

from game.engine import IllegalActionError
from game.engine.save import dumps_position, loads_position
from game.engine.state import CALL, DRAW, PLAY

# seat 0 owns the club run, seat 2 the queens; seat 1 is about to discard
MELDS = [meld(0, "run:4♣", "4♣ 5♣ 6♣"), meld(2, "set:Q", "Q♣ Q♦ Q♥")]


def table(rules=None, hands=("J♠ 2♦", "7♣ 3♦ 8♠", "9♥ 10♦"), melds=MELDS, **kw):
    kw.setdefault("top", "K♠ K♥ K♦")
    return position(list(hands), melds=melds, phase="play", current=1, rules=rules, **kw)


def calls(g, seat):
    return [str(a) for a in g.call_actions(seat)]


# --------------------------------------------------------------------------- discard calls


def test_a_playable_discard_may_be_called_by_players_with_a_meld():
    g = table()
    play(g, "discard 7♣")
    assert g.phase == DRAW and g.current == 2
    assert calls(g, 0) == ["rummy 0 on 1 high"]
    assert calls(g, 2) == ["rummy 2 on 1 high"]
    assert calls(g, 1) == []  # not the discarder
    assert "rummy 0 on 1 high" in legal_texts(g, 0)
    why = attempt(g, "rummy 1 on 1")
    assert why and "own discard" in why


def test_a_call_on_the_discard_that_also_names_a_pile_card_is_refused():
    """Only a program can write such a call (``CallRummy(0, 1, take=...)``; no text reads
    so): it is refused, not carried out with the pile card ignored, whose record would
    then not replay."""
    from game.engine import CallRummy

    g = table(pile="9♦")
    play(g, "discard 7♣")
    before = dumps_position(g)
    for take in (C("7♣"), C("9♦")):
        with pytest.raises(IllegalActionError, match="name the meld, not a pile card"):
            g.apply(CallRummy(0, 1, "", take))
        assert dumps_position(g) == before
    play(g, "rummy 0 on 1")


def test_a_discard_call_needs_an_own_meld():
    melds = [meld(0, "run:4♣", "4♣ 5♣ 6♣")]  # seat 2 has nothing down
    g = table(melds=melds)
    play(g, "discard 7♣")
    assert calls(g, 2) == []
    why = attempt(g, "rummy 2 on 1")
    assert why and "meld of your own" in why
    assert attempt(g, "rummy 0 on 1") is None


def test_an_unplayable_discard_cannot_be_called():
    g = table()
    play(g, "discard 3♦")
    assert calls(g, 0) == [] and calls(g, 2) == []
    assert attempt(g, "rummy 0 on 1") is not None
    assert attempt(g, "rummy 0 on 2") is not None


def test_the_caller_lays_the_card_off_and_scores_it_then_discards():
    g = table()
    play(g, "discard 7♣", "rummy 2 on 1")
    m = g.meld_by_id(1)
    assert [str(c) for c in m.cards] == ["4♣", "5♣", "6♣", "7♣"]
    assert m.by == [0, 0, 0, 2]  # laid off by the caller, on seat 0's meld
    assert not g.pile or g.pile[-1] != C("7♣")
    assert g.phase == CALL and g.current == 2
    assert legal_texts(g) == ["discard 9♥", "discard 10♦"]
    assert attempt(g, "draw") is not None
    assert attempt(g, "meld 9♥ 10♦ J♠") is not None
    # the reason names the call, not a draw the caller never made
    assert attempt(g, "meld 9♥ 10♦ J♠") == 'After a "Rummy!" call you only discard'
    assert attempt(g, "layoff 9♥ on 1") == 'After a "Rummy!" call you only discard'
    assert attempt(g, "draw") == 'After a "Rummy!" call you only discard'  # (not "already drawn")
    assert attempt(g, "take 7♣") == 'After a "Rummy!" call you only discard'  # (before "not in the pile")
    play(g, "discard 9♥")
    assert hand_text(g, 2) == ["10♦"]


def test_play_resumes_with_the_player_who_was_next():
    g = table()
    play(g, "discard 7♣", "rummy 0 on 1", "discard J♠")
    assert g.phase == DRAW
    assert g.current == 2  # seat 2 was next after seat 1's discard
    play(g, "draw")
    assert g.current == 2 and g.phase == PLAY


def test_the_callers_discard_may_be_called_in_turn():
    g = table(hands=("8♣ 2♦", "7♣ 3♦ 8♠", "9♥ 10♦"))
    play(g, "discard 7♣", "rummy 0 on 1", "discard 8♣")
    assert g.discarder == 0 and g.call_open
    assert calls(g, 2) == ["rummy 2 on 1 high"]
    assert calls(g, 0) == []
    play(g, "rummy 2 on 1", "discard 9♥")
    assert [str(c) for c in g.meld_by_id(1).cards] == ["4♣", "5♣", "6♣", "7♣", "8♣"]
    assert g.meld_by_id(1).by == [0, 0, 0, 0, 2]
    assert g.current == 2 and g.phase == DRAW  # still seat 2's turn to draw


def test_the_next_player_may_call_too():
    g = table()
    play(g, "discard 7♣")
    assert g.current == 2
    play(g, "rummy 2 on 1", "discard 10♦")
    # and then draws as usual
    assert g.current == 2 and g.phase == DRAW
    play(g, "draw")


def test_the_call_window_closes_when_the_next_player_draws():
    g = table()
    play(g, "discard 7♣", "draw")
    assert not g.call_open
    assert calls(g, 0) == []
    why = attempt(g, "rummy 0 on 1")
    assert why and "no discard" in why.lower()


def test_the_call_window_closes_when_the_next_player_takes_the_discard():
    g = table()
    play(g, "discard 7♣", "take 7♣")
    assert attempt(g, "rummy 0 on 1") is not None


def test_a_call_names_a_meld_the_card_fits():
    g = table()
    play(g, "discard 7♣")
    assert attempt(g, "rummy 0 on 2") is not None  # the queens
    assert attempt(g, "rummy 0 on 7") is not None  # no such meld
    assert attempt(g, "rummy 0 on 1 low") is not None
    assert attempt(g, "rummy 9 on 1") is not None  # no such seat


def test_a_caller_whose_last_card_is_unplayable_goes_out():
    g = table(hands=("J♠", "7♣ 3♦ 8♠", "9♥ 10♦"))
    play(g, "discard 7♣", "rummy 0 on 1", "discard J♠")
    assert g.went_out == 0 or g.results[-1].went_out == 0


def test_a_floater_who_calls_plays_the_card_and_keeps_floating():
    g = table(hands=("", "7♣ 3♦ 8♠", "9♥ 10♦"), floating=[True, False, False])
    play(g, "discard 7♣")
    assert calls(g, 0) == ["rummy 0 on 1 high"]
    play(g, "rummy 0 on 1")
    assert g.floating[0] is True
    assert g.hands[0] == []
    assert g.phase == DRAW and g.current == 2
    assert g.meld_by_id(1).by[-1] == 0


# --------------------------------------------------------------------------- modes


def test_rummy_calls_off():
    for rules in ({"preset": "rummy5000", "rummy_calls": "off"}, {"preset": "rummy500"}):
        g = table(rules=rules)
        play(g, "discard 7♣")
        assert calls(g, 0) == [] and calls(g, 2) == []
        why = attempt(g, "rummy 0 on 1")
        assert why and "not played" in why


def test_top_card_calls_need_no_meld_of_ones_own():
    melds = [meld(0, "run:4♣", "4♣ 5♣ 6♣")]
    g = table(rules={"preset": "rummy5000", "rummy_calls": "top_card"}, melds=melds)
    play(g, "discard 7♣")
    assert calls(g, 2) == ["rummy 2 on 1 high"]
    assert calls(g, 1) == []
    play(g, "rummy 2 on 1", "discard 9♥")
    assert g.current == 2 and g.phase == DRAW
    assert g.meld_by_id(1).by[-1] == 2


def _pile_table(**rules):
    r = {"preset": "rummy5000", "rummy_calls": "pile", **rules}
    # the pile, bottom to top: 9♦ 5♠ 6♠ K♦, then seat 1 discards 7♠
    return position(["J♠ 2♦", "7♠ 3♦ 8♥", "9♥ 10♦", "4♥ 4♦"], melds=[], phase="play", current=1,
                    pile="9♦ 5♠ 6♠ K♦", rules=r, top="K♠ K♥ K♣")


def test_pile_call_takes_down_to_the_deepest_card_used():
    g = _pile_table()
    play(g, "discard 7♠")
    assert calls(g, 0) == ["rummy 0 take 5♠"]
    assert calls(g, 1) == []  # not the discarder
    play(g, "rummy 3 take 5♠")
    assert [str(c) for c in g.pile] == ["9♦"]
    assert {"5♠", "6♠", "K♦", "7♠"} <= set(hand_text(g, 3))
    assert g.current == 3 and g.phase == PLAY
    why = attempt(g, "discard 4♥")
    assert why and "5♠" in why
    play(g, "meld 5♠ 6♠ 7♠", "discard K♦")


def test_pile_call_play_continues_left_of_the_caller():
    g = _pile_table()
    play(g, "discard 7♠", "rummy 3 take 5♠", "meld 5♠ 6♠ 7♠", "discard K♦")
    assert g.current == 0  # seat 2, who was next, is skipped
    assert g.phase == DRAW


def test_pile_call_with_after_call_resume():
    g = _pile_table(after_call="resume")
    play(g, "discard 7♠", "rummy 0 take 5♠", "meld 5♠ 6♠ 7♠", "discard K♦")
    assert g.current == 2


def test_discard_call_with_after_call_caller_left():
    g = table(rules={"preset": "rummy5000", "after_call": "caller_left"},
              hands=("J♠ 2♦", "7♣ 3♦ 8♠", "9♥ 10♦", "5♥ 6♥"))
    play(g, "discard 7♣", "rummy 2 on 1", "discard 9♥")
    assert g.current == 3


def test_pile_call_uses_only_pile_cards_unless_the_hand_may_help():
    # pile 9♦ 8♠ K♦ then 7♠ discarded; seat 0 holds 6♠: 6-7-8 needs the hand
    r = {"preset": "rummy5000", "rummy_calls": "pile"}
    g = position(["6♠ 2♦", "7♠ 3♦ 8♥", "9♥ 10♦"], phase="play", current=1, pile="9♦ 8♠ K♦",
                 rules=r, top="K♠ K♥")
    play(g, "discard 7♠")
    assert calls(g, 0) == []
    g = position(["6♠ 2♦", "7♠ 3♦ 8♥", "9♥ 10♦"], phase="play", current=1, pile="9♦ 8♠ K♦",
                 rules={**r, "pile_call_hand": True}, top="K♠ K♥")
    play(g, "discard 7♠")
    assert calls(g, 0) == ["rummy 0 take 8♠"]
    play(g, "rummy 0 take 8♠", "meld 6♠ 7♠ 8♠", "discard K♦")


def _floater_pile_table(pile: str):
    """Seat 3 floats (no cards); seat 1 is about to discard the 7♠ onto ``pile``."""
    r = {"preset": "rummy5000", "rummy_calls": "pile", "going_out": "discard_unplayable"}
    return position(["J♠ 2♦", "7♠ 3♦ 8♥", "9♥ 10♦", ""], melds=[], phase="play", current=1,
                    pile=pile, rules=r, top="K♠ K♥ K♣", floating=[False, False, False, True])


def test_a_floater_who_calls_on_the_pile_holds_cards_again_and_stops_floating():
    """A pile call takes the cards down to the one called on into the caller's hand: a
    floater who calls holds cards again, so after its turn it is an ordinary player
    again (it may take from the pile, and a save of the position loads)."""
    g = _floater_pile_table("9♦ 5♠ 6♠ K♦")
    play(g, "discard 7♠")
    assert calls(g, 3) == ["rummy 3 take 5♠"]
    play(g, "rummy 3 take 5♠")
    assert not g.floating[3] and sorted(hand_text(g, 3)) == sorted(["5♠", "6♠", "K♦", "7♠"])
    play(g, "meld 5♠ 6♠ 7♠", "discard K♦")
    assert g.results[-1].went_out == 3  # the K♦ was its last card and fits no meld: out
    g = _floater_pile_table("9♦ 5♠ 6♠ K♦ 4♦")
    play(g, "discard 7♠", "rummy 3 take 5♠", "meld 5♠ 6♠ 7♠", "discard K♦")
    assert hand_text(g, 3) == ["4♦"] and not g.floating[3] and g.phase == DRAW
    assert loads_position(dumps_position(g)).floating == [False] * 4  # (refused before)
    play(g, "draw", "discard J♠", "draw", "discard 3♦", "draw", "discard 9♥")
    assert g.current == 3 and "take 9♥" in legal_texts(g)  # not floating: it may take


def test_a_floater_who_calls_on_the_pile_and_plays_every_card_floats_again():
    g = _floater_pile_table("9♦ 5♠ 6♠")
    play(g, "discard 7♠", "rummy 3 take 5♠", "meld 5♠ 6♠ 7♠")
    assert g.hands[3] == [] and g.floating[3]
    assert g.phase == DRAW and g.current == 0  # its turn is over; play goes on at its left


def test_pile_call_window_closes_at_the_draw():
    g = _pile_table()
    play(g, "discard 7♠", "draw")
    assert attempt(g, "rummy 0 take 5♠") is not None


@pytest.mark.parametrize("mode", ["discard", "top_card", "pile"])
def test_every_listed_call_applies(mode):
    g = table(rules={"preset": "rummy5000", "rummy_calls": mode}, pile="5♣#2 2♥", decks=2)
    play(g, "discard 7♣")
    listed = [a for seat in range(3) for a in g.call_actions(seat)]
    assert listed  # the 7♣ fits the 4♣-6♣ run on the table: somebody may call
    for a in listed:
        g.copy().apply(a)


def test_a_callers_playable_last_card_is_laid_off_and_the_caller_floats():
    g = table(hands=("8♣", "7♣ 3♦ 8♠", "9♥ 10♦"))
    play(g, "discard 7♣", "rummy 0 on 1")
    assert g.phase == CALL and g.current == 0
    why = attempt(g, "discard 8♣")
    assert why and "8♣" in why
    assert legal_texts(g) == ["layoff 8♣ on 1 high"]
    play(g, "layoff 8♣ on 1")
    assert g.floating[0] and g.hands[0] == []
    assert g.phase == DRAW and g.current == 2


def test_002_pile_call_a_discard_that_extends_a_meld_on_the_board():
    # 3-4-5 on the board; a discarded 6 may be called by anyone but the discarder
    r = {"preset": "rummy500", "rummy_calls": "pile"}
    g = position(["K♦ 2♦", "6♠ 9♥ 10♦", "J♣ Q♦"], melds=[meld(0, "run:3♠", "3♠ 4♠ 5♠")],
                 phase="play", current=1, pile="8♦", rules=r, top="K♠ K♥")
    play(g, "discard 6♠")
    assert calls(g, 2) == ["rummy 2 take 6♠"] and calls(g, 0) == ["rummy 0 take 6♠"]
    assert calls(g, 1) == []
    play(g, "rummy 2 take 6♠", "layoff 6♠ on 1", "discard J♣")
    assert g.meld_by_id(1).by == [0, 0, 0, 2]
    assert g.current == 0  # the caller's left neighbour


def test_002_pile_call_on_a_card_buried_in_the_pile():
    # seat 0 holds 7-8, draws the 6 and melds 6-7-8; a 5 is buried in the pile:
    # anyone else may call on it, taking the cards above it too; seat 0 may not
    r = {"preset": "rummy500", "rummy_calls": "pile"}
    g = position(["7♠ 8♠ K♦ 2♦", "9♥ 10♦", "J♣ Q♦"], pile="3♥ 5♠ Q♣", rules=r, top="6♠ K♠ K♥")
    play(g, "draw", "meld 6♠ 7♠ 8♠", "discard 2♦")
    assert calls(g, 0) == []
    assert "rummy 2 take 5♠" in calls(g, 2)
    play(g, "rummy 2 take 5♠")
    assert [str(c) for c in g.pile] == ["3♥"]
    assert {"5♠", "Q♣", "2♦"} <= set(hand_text(g, 2))
    play(g, "layoff 5♠ on 1", "discard Q♣")
    assert [str(c) for c in g.meld_by_id(1).cards] == ["5♠", "6♠", "7♠", "8♠"]


def test_the_call_window_closes_when_the_round_is_ended():
    g = table()
    play(g, "discard 7♣")
    g.pile = g.stock + g.pile
    g.stock = []
    play(g, "end")
    assert calls(g, 0) == []
    assert attempt(g, "rummy 0 on 1") is not None


def test_a_pile_call_must_name_a_pile_card_it_can_use():
    """Under pile calls a call names the pile card it takes down to; a call that names
    no card, a card not in the pile, or a card that cannot be melded or laid off from
    the pile is refused, saying which, and changes nothing."""
    g = _pile_table()
    play(g, "discard 7♠")
    before = dumps_position(g)
    assert "Name the card of the pile" in attempt(g, "rummy 3 on 1")
    assert "Name the card of the pile" in attempt(g, "rummy 3 take Q♣")
    why = attempt(g, "rummy 3 take 9♦")
    assert why == "The 9♦ cannot be melded or laid off from the pile"
    assert dumps_position(g) == before
    from game.engine import CallRummy

    with pytest.raises(IllegalActionError, match="name the pile card, not a meld"):
        g.apply(CallRummy(3, 1, "", C("5♠")))  # a pile card and a meld: only a program writes it
    assert dumps_position(g) == before
    play(g, "rummy 3 take 5♠")  # the usable card is still there to call on
