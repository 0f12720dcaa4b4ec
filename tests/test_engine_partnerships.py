"""Section 9: Partnership 500 Rum and Persian Rummy."""

from __future__ import annotations

import pytest

from game.engine import IllegalActionError, Rules, parse_action, parse_cards
from game.engine.errors import RulesError
from game.engine.save import position_from_dict
from game.engine.state import new_game
from game.engine.view import view_of


def pos(preset, hands, pile="9♣", melds=(), scores=None, round_=1, phase="play", current=0):
    return position_from_dict({
        "rules": {"preset": preset}, "players": 4, "round": round_,
        "scores": scores or [0, 0, 0, 0],
        "table": {"hands": hands, "pile": pile, "stock": "rest", "melds": list(melds),
                  "phase": phase, "current": current},
    })


def test_partnerships_need_four_players():
    with pytest.raises(RulesError, match="four players"):
        Rules.preset("partnership500").check_players(3)
    Rules.preset("partnership500").check_players(4)


def test_partners_sit_opposite_and_score_as_one():
    g = pos("partnership500", ["K♠", "2♣ 3♣", "4♦ 5♦", "6♥ 7♥"], scores=[250, 100, 280, 0])
    assert g.sides() == [[0, 2], [1, 3]]
    assert g.side_scores() == [530, 100]
    assert [g.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    g.apply(parse_action("discard K♠"))  # seat 0 goes out
    assert g.over
    # the team's total passed 500 together, though neither partner did alone
    assert g.winners == (0, 2)


def test_a_round_may_end_the_game_when_a_team_nears_the_target_together():
    from game.engine.view import view_of

    g = pos("partnership500", ["K♠", "2♣ 3♣", "4♦ 5♦", "6♥ 7♥"], scores=[250, 100, 200, 0])
    # neither partner is within 100 points of 500 alone; the team is
    assert g.last_round() is None and g.deals_left() is None
    assert g.may_end_this_round(50) is True and g.may_end_this_round(49) is False
    # a seat's view answers alike
    assert view_of(g, 1).may_end_this_round(50) is True


def test_persian_ends_after_its_second_deal():
    g = pos("persian", ["Jk 5♠", "2♣ 3♣", "4♦ 5♦", "6♥ 7♥"])
    assert g.last_round() is False and not g.may_end_this_round(10_000)
    assert g.deals_left() == 1
    g.round_no = 2
    assert g.last_round() is True and g.may_end_this_round(0)
    assert g.deals_left() == 0


def test_persian_jokers_are_not_wild_and_form_their_own_groups():
    g = pos("persian", ["Jk Jk#2 Jk#3 5♠", "2♣ 3♣", "4♦ 5♦", "6♥ 7♥"])
    assert not g.ctx.is_wild(parse_cards("Jk")[0])
    with pytest.raises(IllegalActionError):
        g.copy().apply(parse_action("meld 5♠ Jk Jk#2"))
    g.apply(parse_action("meld Jk Jk#2 Jk#3"))
    assert g.melds[0].describe() == "group of jokers"
    # three jokers laid down score 3 x 20
    assert g.melded_points()[0] == 60


def test_persian_four_laid_at_once_count_double_and_a_fourth_added_later_single():
    g = pos("persian", ["6♣ 6♦ 6♥ 6♠ K♠", "2♣ 3♣", "4♦ 5♦", "Jk Jk#2 Jk#3 Jk#4 7♥"])
    g.apply(parse_action("meld 6♣ 6♦ 6♥ 6♠"))
    assert g.melded_points()[0] == 48
    g = pos("persian", ["Jk Jk#2 Jk#3 Jk#4 K♠", "2♣ 3♣", "4♦ 5♦", "6♥ 7♥"])
    g.apply(parse_action("meld Jk Jk#2 Jk#3"))
    g.apply(parse_action("layoff Jk#4 on 1"))
    assert g.melded_points()[0] == 80  # 60 for three, 20 for the fourth added


def test_persian_going_out_bonus_and_two_deals_with_final_bonus():
    g = pos("persian", ["K♠", "2♣ 3♣", "4♦ 5♦", "6♥ 7♥"], round_=1)
    g.apply(parse_action("discard K♠"))
    r = g.results[-1]
    assert r.bonus[0] == 25 and r.final_to is None
    assert not g.over  # the game is two deals
    g.next_round()
    assert g.round_no == 2
    g2 = pos("persian", ["K♠", "2♣ 3♣", "4♦ 5♦", "6♥ 7♥"], round_=2, scores=[100, 0, 50, 0])
    g2.apply(parse_action("discard K♠"))
    assert g2.over and g2.winners == (0, 2)
    # the winning side gets the 50 bonus once, recorded in the last round's bonus
    last = g2.results[-1]
    assert last.bonus[0] == 25 + 50 and last.bonus[2] == 0 and last.final_to == 0
    # saved and read back with it (and a save from before it was kept reads as none)
    from game.engine.save import dumps_game, loads_game

    assert loads_game(dumps_game(g2)).results[-1].final_to == 0
    assert loads_game(dumps_game(g)).results[-1].final_to is None
    assert g2.side_scores()[0] == 150 + last.points[0] + last.points[2]
    assert g2.scores == [sum(r.points[s] for r in g2.results) + [100, 0, 50, 0][s] for s in range(4)]


def test_persian_pack_has_four_jokers():
    r = Rules.preset("persian")
    assert r.pack_size(1) == 56
    assert r.values["Jk"] == 20


def test_a_joker_never_names_the_wild_rank_when_jokers_are_not_wild():
    from game.engine import new_game

    rules = Rules.preset("persian", wild_indicator="extra_card")
    turned = 0
    for seed in range(200):
        g, _ = new_game(rules, players=4, seed=seed)
        assert g.indicator is not None and not g.indicator.is_joker
        assert g.wild_rank in range(1, 14)
        # jokers turned before the indicator stay in the dealer's hand, in plain view
        extra = [c for c in g.hands[g.dealer] if c.is_joker and c in g.known[g.dealer]]
        turned += len(extra)
    assert turned  # the case came up


# ---------------------------------------------------------------------------------
# pile duties met through a chain of lay-offs


def test_a_pile_card_may_be_used_after_a_chain_of_layoffs():
    from game.engine.save import position_from_dict

    g = position_from_dict({
        "rules": {"preset": "rummy5000"}, "players": 3, "dealer": 2,
        "table": {"hands": ["6♣ 8♣ 8♦ 8♠ K♦ Q♥", "2♥ 3♥", "4♦ 5♦"], "pile": "9♥ 7♣ J♠",
                  "melds": [{"owner": 1, "shape": "run:3♣", "cards": "3♣ 4♣ 5♣"}],
                  "stock": "rest", "phase": "draw", "current": 0},
    })
    g.apply(parse_action("take 7♣"))
    # the 7♣ fits 3-4-5♣ only once the 6♣ is laid off: melding the 8s first is fine
    g.apply(parse_action("meld 8♣ 8♦ 8♠"))
    g.apply(parse_action("layoff 6♣ on 1"))
    g.apply(parse_action("layoff 7♣ on 1"))
    g.apply(parse_action("discard K♦"))
    assert g.phase == "draw" and g.current == 1


def test_the_top_card_taken_may_be_the_last_card_when_it_can_then_be_laid_off():
    from game.engine.save import position_from_dict

    # Rummy 500 with top_take_must_use: the 7♦ taken from the top must be used; laying
    # off the 6♦ first leaves only the 7♦, which then goes on the run too (going out)
    g = position_from_dict({
        "rules": {"preset": "rummy500", "top_take_must_use": True}, "players": 2, "dealer": 1,
        "table": {"hands": ["6♦", "K♣ Q♠"], "pile": "A♣ 7♦",
                  "melds": [{"owner": 1, "shape": "run:A♦", "cards": "A♦ 2♦ 3♦ 4♦ 5♦"}],
                  "stock": "rest", "phase": "draw", "current": 0},
    })
    g.apply(parse_action("take 7♦"))
    assert [str(a) for a in g.legal_actions()] == ["layoff 6♦ on 1 high"]
    g.apply(parse_action("layoff 6♦ on 1"))
    g.apply(parse_action("layoff 7♦ on 1"))
    assert g.went_out == 0
    # where a discard is required, that move would leave nothing to end the turn with
    g = position_from_dict({
        "rules": {"preset": "rummy500", "going_out": "discard_required"}, "players": 2, "dealer": 1,
        "table": {"hands": ["6♦", "K♣ Q♠"], "pile": "A♣ 7♦",
                  "melds": [{"owner": 1, "shape": "run:A♦", "cards": "A♦ 2♦ 3♦ 4♦ 5♦"}],
                  "stock": "rest", "phase": "draw", "current": 0},
    })
    g.apply(parse_action("take 7♦"))
    with pytest.raises(IllegalActionError, match="only the 7♦"):
        g.apply(parse_action("layoff 6♦ on 1"))


def test_a_pile_card_may_be_used_after_a_wild_makes_room_at_the_far_end():
    from engine_helpers import meld, position

    # twos wild: the 3♠ fits 5-7♠ once the 2♣ stands as the 4♠ (not as the 8♠)
    g = position(["2♣ K♦ Q♥", "K♣ Q♠ 3♦"], rules=Rules.preset("rummy5000"), wild="2",
                 melds=[meld(0, "run:5♠", "5♠ 6♠ 7♠")], pile="9♥ 3♠ J♣")
    assert "take 3♠" in [str(a) for a in g.legal_actions()]
    g.apply(parse_action("take 3♠"))
    with pytest.raises(IllegalActionError, match="3♠"):
        g.apply(parse_action("layoff 2♣ on 1 high"))  # the 3♠ would then fit nowhere
    g.apply(parse_action("layoff 2♣ on 1 low"))
    g.apply(parse_action("layoff 3♠ on 1"))
    g.apply(parse_action("discard K♦"))
    assert g.phase == "draw" and g.current == 1


@pytest.mark.parametrize("going_out", ["discard_required", "meld_all_or_discard"])
def test_a_pile_take_is_refused_when_its_chain_would_leave_nothing_to_discard(going_out):
    from engine_helpers import meld, position

    # the 6♦ goes on A-3♦ only after the 4♦ and the 5♦: where a discard is required to go
    # out, that leaves no card to discard, so the take is refused up front; otherwise the
    # chain goes out
    g = position(["4♦", "K♣ Q♠"], rules=Rules.preset("rummy500", going_out=going_out),
                 melds=[meld(1, "run:A♦", "A♦ 2♦ 3♦")], pile="J♣ 6♦ 5♦")
    if going_out == "discard_required":
        assert [str(a) for a in g.legal_actions()] == ["draw", "take 5♦"]
        with pytest.raises(IllegalActionError, match="6♦"):
            g.apply(parse_action("take 6♦"))
        return
    g.apply(parse_action("take 6♦"))
    for text in ("layoff 4♦ on 1", "layoff 5♦ on 1", "layoff 6♦ on 1"):
        g.apply(parse_action(text))
    assert g.went_out == 0


def test_a_pile_take_is_refused_when_the_meld_needed_first_uses_the_card_that_makes_room():
    from game.engine.save import position_from_dict

    # twos wild; no meld of one's own yet.  The Q♠ would fit 8-9-10♠ only after the 2♣
    # is laid off as the J♠, but the only meld the hand can make first (4♣ 2♣ 6♣) uses
    # that 2♣: taking the pile from the Q♠ could never be completed, so it is refused
    g = position_from_dict({
        "rules": {"preset": "rummy5000", "wild_indicator": "rotating"}, "players": 2,
        "round": 2, "dealer": 1,
        "table": {"wild_rank": "2", "hands": ["2♣ 10♥ 6♣", "K♣ Q♥ 3♦"], "pile": "J♣ Q♠ 4♣",
                  "melds": [{"owner": 1, "shape": "run:8♠", "cards": "8♠ 9♠ 10♠"}],
                  "stock": "rest", "phase": "draw", "current": 0},
    })
    legal = [str(a) for a in g.legal_actions()]
    assert "take Q♠" not in legal and "take 4♣" in legal
    with pytest.raises(IllegalActionError, match="Q♠"):
        g.apply(parse_action("take Q♠"))


@pytest.mark.parametrize("preset", ["rummy5000", "partnership500", "persian"])
def test_each_seat_finds_its_own_side(preset):
    g, _ = new_game(Rules.preset(preset), 4, seed=3)
    for seat in range(4):
        assert seat in g.sides()[g.side_of(seat)]
        assert view_of(g, seat).side_of(seat) == g.side_of(seat)
