"""Saving and loading: positions and records round-trip; damaged files give SaveError."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from engine_helpers import hand_text, meld, play, playing, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import IllegalActionError, Rules, SaveError, Undo, new_game
from game.engine.cards import parse_card
from game.engine.save import (
    dumps_game,
    dumps_position,
    dumps_record,
    loads_game,
    loads_position,
    loads_record,
    position_dict,
    position_from_dict,
)
from game.engine.state import GAME_OVER, ROUND_OVER


def random_game(rules, players, seed, steps, rng=None):
    """A seeded game played at random for ``steps`` actions; returns (state, action texts)."""
    rng = rng or random.Random(seed)
    g, _ = new_game(rules, players=players, seed=seed)
    record = []
    for _ in range(steps):
        if g.phase == GAME_OVER:
            break
        if g.phase == ROUND_OVER:
            g.next_round()
            record.append("next")
            continue
        acts = []
        if g.call_open and rng.random() < 0.5:
            for s in range(g.players):
                acts += g.call_actions(s)
        acts = acts or g.legal_actions()
        a = rng.choice(acts)
        g.apply(a)
        record.append(str(a))
    return g, record


CONFIGS = [
    (Rules.preset(), 4),
    (Rules.preset("rummy500"), 3),
    (Rules.preset("basic"), 2),
    (Rules.preset("george"), 3),
    (Rules.preset(decks=2, jokers_per_deck=1, permanent_wilds={"jokers"}, wild_after_meld="swap"), 5),
    (Rules.preset(wild_indicator="separate", rummy_calls="top_card", empty_stock="reshuffle"), 3),
    (Rules.preset(wild_indicator="rotating", rummy_calls="pile", target=300), 3),
    (Rules.preset(jokers_per_deck=1, permanent_wilds={"jokers"}, wild_set=True,
                  stock_draw_must_use=True, first_turn_out_grace=True), 4),
]


@pytest.mark.parametrize("cfg", range(len(CONFIGS)))
def test_position_round_trips_and_plays_on_identically(cfg):
    rules, players = CONFIGS[cfg]
    for seed in range(3):
        for steps in (0, 7, 40, 120):
            g, _ = random_game(rules, players, seed * 101 + cfg, steps)
            text = dumps_position(g)
            h = loads_position(text)
            assert position_dict(h) == position_dict(g)
            assert dumps_position(h) == text
            assert Counter(h.all_cards()) == Counter(h.pack)
            # both continue the same way
            rng = random.Random(seed)
            for _ in range(15):
                if g.phase in (ROUND_OVER, GAME_OVER):
                    break
                acts = g.legal_actions()
                assert [str(a) for a in h.legal_actions()] == [str(a) for a in acts]
                a = rng.choice(acts)
                assert g.apply(a) == h.apply(a)
            assert position_dict(h) == position_dict(g)


@pytest.mark.parametrize("cfg", range(len(CONFIGS)))
def test_record_round_trips(cfg):
    rules, players = CONFIGS[cfg]
    g, record = random_game(rules, players, 7 + cfg, 150)
    text = dumps_record(rules, players, g.seed, record)
    h, actions = loads_record(text)
    assert actions == record
    assert position_dict(h) == position_dict(g)


def test_game_save_holds_the_position_and_the_record():
    rules = Rules.preset()
    g, record = random_game(rules, 3, 5, 30)
    text = dumps_game(g, record)
    data = json.loads(text)
    assert data["kind"] == "game" and data["actions"] == record
    h = loads_game(text)
    assert position_dict(h) == position_dict(g)


def test_a_record_loaded_as_a_position_replays_it():
    g, record = random_game(Rules.preset("rummy500"), 2, 3, 25)
    h = loads_position(dumps_record(g.rules, 2, g.seed, record))
    assert position_dict(h) == position_dict(g)


def test_a_save_is_readable_text_with_card_notation():
    g, _ = new_game(Rules.preset(), players=3, seed=1)
    data = json.loads(dumps_position(g))
    assert data["format"] == "rummy5000" and data["version"] == 1
    assert isinstance(data["table"]["hands"][0], str)
    assert "♠" in dumps_position(g) or "♣" in dumps_position(g)


# --------------------------------------------------------------------------- hand-written positions


def test_hand_written_position_with_stock_rest():
    g = position_from_dict({
        "rules": {"preset": "rummy5000"},
        "table": {"hands": ["8♣ 10♣ 6♥ K♠", "9d 9s 2c", "Ah Ad 4c 5c"], "pile": "Q♦ 4♠",
                  "wild_rank": "6", "stock": "rest"},
    })
    assert g.players == 3
    assert g.dealer == 2 and g.current == 0 and g.phase == "draw"
    assert len(g.stock) == 52 - 4 - 3 - 4 - 2
    assert Counter(g.all_cards()) == Counter(g.pack)
    assert g.wild_rank == 6
    # ASCII cards were read
    assert "9♦" in [str(c) for c in g.hands[1]]


def test_stock_rest_is_shuffled_by_the_seed():
    def stock(seed):
        return position_from_dict({"seed": seed, "table": {"hands": ["2♣", "3♣"], "stock": "rest"}}).stock
    assert stock(1) == stock(1)
    assert stock(1) != stock(2)
    assert sorted(stock(1)) == sorted(stock(2))


def test_hand_written_position_with_melds_and_two_decks():
    g = position_from_dict({
        "decks": 2,
        "table": {
            "hands": ["5♠#2 2♦", "K♦", "3♦"], "stock": "rest", "phase": "play",
            "melds": [meld(0, "set:5", "5♠ 5♥ 5♦", by=[0, 0, 1]),
                      meld(1, "run:A♥", "A♥ 2♥ 3♥"), meld(1, "run:Q♣", "Q♣ K♣ A♣")],
        },
    })
    assert len(g.pack) == 104
    assert [m.lo for m in g.melds[1:]] == [1, 12]
    play(g, "layoff 5♠#2 on 1", "discard 2♦")


def test_high_ace_run_shape_text():
    g = position_from_dict({"table": {"hands": ["2♦", "3♦"], "stock": "rest",
                                      "melds": [meld(0, "run:Q♣", "Q♣ K♣ A♣"), meld(1, "run:A♠", "A♠ 2♠ 3♠")]}})
    text = dumps_position(g)
    assert [m["shape"] for m in position_dict(g)["table"]["melds"]] == ["run:Q♣", "run:A♠"]
    back = loads_position(text)
    assert position_dict(back)["table"]["melds"] == position_dict(g)["table"]["melds"]
    assert [(m.lo, m.hi) for m in back.melds] == [(12, 14), (1, 3)]


# --------------------------------------------------------------------------- damaged files


def base_save() -> dict:
    g, _ = random_game(Rules.preset(), 3, 11, 12)
    return json.loads(dumps_position(g))


def refused(data, *words):
    text = data if isinstance(data, (str, bytes)) else json.dumps(data, ensure_ascii=False)
    with pytest.raises(SaveError) as e:
        loads_position(text)
    msg = str(e.value)
    for w in words:
        assert w in msg, (w, msg)
    return msg


def test_truncated_json_is_a_save_error():
    text = dumps_position(new_game(Rules.preset(), players=3, seed=2)[0])
    for cut in list(range(0, len(text), 53)) + [len(text) - 1]:
        refused(text[:cut])
    assert "JSON" in refused(text[: len(text) // 2])
    # a string cut short says where it starts ("…: Unterminated string starting at" ended
    # there: a tester)
    said = refused('{"format": "rummy5000", "table": {"hands": ["Q♣ 3♦')
    assert said.startswith("the file is not valid JSON: Unterminated string starting at line 1, column ")
    assert not said.endswith(" at")


def test_not_utf8_or_not_an_object_is_a_save_error():
    refused(b"\xff\xfe\x00garbage")
    refused("[1, 2, 3]")
    refused('"just text"')


@pytest.mark.parametrize("version", [0, 2, 99, "1", None, 1.0])
def test_wrong_version_is_a_save_error(version):
    d = base_save()
    d["version"] = version
    refused(d, "version")


@pytest.mark.parametrize("version", [2, 99])
def test_a_save_from_a_newer_version_says_so_apart_from_damage(version):
    """A newer version's save is not damaged: its error is a kind of its own, and says so."""
    from game.engine import SaveVersionError

    d = base_save()
    d["version"] = version
    with pytest.raises(SaveVersionError, match=f"version {version} comes from a newer version of the game"):
        loads_position(json.dumps(d))
    for old in (0, "3", True, None):  # (a version no game wrote is damage, not a newer game)
        d["version"] = old
        with pytest.raises(SaveError) as e:
            loads_position(json.dumps(d))
        assert not isinstance(e.value, SaveVersionError), old


def test_scores_that_play_cannot_reach_are_a_save_error():
    d = base_save()
    d["scores"] = [10**30, 0, 0]
    assert "cannot come from play" in refused(d, "scores")
    d["scores"] = [-(10**9), 0, 0]
    refused(d, "scores")
    d["scores"] = [10**9 - 1, 0, 0]
    loads_position(json.dumps(d))


def test_a_round_over_whose_scores_have_ended_the_game_is_a_save_error():
    """A round's end with a side past the target, as the rules end a game, is not a
    round to deal again after; one the rules let go on is read."""
    rng = random.Random(5)
    g, _ = new_game(Rules.preset("rummy500"), players=3, seed=5)
    while g.phase != ROUND_OVER:
        g.apply(rng.choice(g.legal_actions()))
    d = json.loads(dumps_position(g))
    loads_position(json.dumps(d))
    out = g.results[-1].went_out
    d["scores"] = [600 if s == out else 0 for s in range(3)]
    refused(d, "round_over", "game_over")
    # with must_go_out, a side past the target that did not go out plays on
    if out is not None:
        d["scores"] = [0 if s == out else 600 for s in range(3)]
        d["rules"]["winner_rule"] = "must_go_out"
        assert loads_position(json.dumps(d)).phase == ROUND_OVER


def test_wrong_format_is_a_save_error():
    d = base_save()
    d["format"] = "gin rummy"
    refused(d, "format")


def test_a_missing_card_is_a_save_error():
    d = base_save()
    stock = d["table"]["stock"].split()
    gone = stock.pop()
    d["table"]["stock"] = " ".join(stock)
    refused(d, "missing", gone)


def test_a_doubled_card_is_a_save_error():
    d = base_save()
    card = d["table"]["hands"][0].split()[0]
    d["table"]["hands"][1] += " " + card
    refused(d, card)


def test_a_doubled_card_with_stock_rest_is_a_save_error():
    refused({"table": {"hands": ["7♣ 8♣", "7♣"], "stock": "rest"}}, "7♣")


def test_a_card_not_in_the_pack_is_a_save_error():
    refused({"table": {"hands": ["Jk", "7♣"], "stock": "rest"}}, "Jk")
    refused({"table": {"hands": ["5♠#3", "7♣"], "stock": "rest"}}, "5♠#3")


def test_a_bad_card_text_names_the_hand():
    refused({"table": {"hands": ["7♣", "Xq 8♣"], "stock": "rest"}}, "hands[1]", "'Xq'")


@pytest.mark.parametrize("shape,cards,word", [
    ("run:7♣", "7♣ 8♦ 9♥", "melds[0]"),
    ("set:7", "7♣ 8♦ 7♥", "melds[0]"),
    ("run:7♣", "9♣ 8♣ 7♣", "melds[0]"),
    ("wilds", "7♣ 7♦ 7♥", "melds[0]"),
    ("nonsense", "7♣ 7♦ 7♥", "shape"),
    ("run:K♣", "K♣ A♣ 2♣", "melds[0]"),
])
def test_a_bad_meld_is_a_save_error(shape, cards, word):
    refused({"table": {"hands": ["2♦", "3♦"], "stock": "rest",
                       "melds": [{"owner": 0, "shape": shape, "cards": cards}]}}, word)


def test_two_melds_with_one_id_is_a_save_error():
    refused({"table": {"hands": ["2♦", "3♦"], "stock": "rest",
                       "melds": [meld(0, "set:7", "7♣ 7♦ 7♥", id=1), meld(0, "set:8", "8♣ 8♦ 8♥", id=1)]}},
            "id")


@pytest.mark.parametrize("where,key,value", [
    ("", "dealer", 5),
    ("", "dealer", -1),
    ("table", "current", 3),
    ("table", "turn_seat", 7),
    ("table", "discarder", 9),
    ("table", "resume_seat", -2),
    ("table", "went_out", 3),
])
def test_a_seat_out_of_range_is_a_save_error(where, key, value):
    d = base_save()
    (d[where] if where else d)[key] = value
    refused(d, key, str(value))


def test_a_meld_owner_or_layer_out_of_range_is_a_save_error():
    base = {"table": {"hands": ["2♦", "3♦"], "stock": "rest"}}
    d = copy.deepcopy(base)
    d["table"]["melds"] = [meld(4, "set:7", "7♣ 7♦ 7♥")]
    refused(d, "owner")
    d = copy.deepcopy(base)
    d["table"]["melds"] = [meld(0, "set:7", "7♣ 7♦ 7♥", by=[0, 0, 2])]
    refused(d, "by")


def test_a_cover_seat_out_of_range_is_a_save_error():
    refused({"rules": {"preset": "rummy5000", "jokers_per_deck": 1, "permanent_wilds": ["jokers"]},
             "table": {"hands": ["2♦", "3♦"], "stock": "rest",
                       "melds": [meld(0, "run:5♥", "5♥ Jk 7♥", covers={"1": ["6♥", 9]})]}}, "covers")


@pytest.mark.parametrize("entry", [[6, 0], [["6♥"], 0], [None, 0], ["6♥", "0"], ["6♥"], "6♥ 0"])
def test_a_cover_entry_of_the_wrong_kind_says_so(entry):
    refused({"rules": {"preset": "rummy5000", "jokers_per_deck": 1, "permanent_wilds": ["jokers"]},
             "table": {"hands": ["2♦", "3♦"], "stock": "rest",
                       "melds": [meld(0, "run:5♥", "5♥ Jk 7♥", covers={"1": entry})]}},
            "table.melds[0].covers: entry '1' must be [card, seat]")


def test_a_cover_on_a_natural_card_is_a_save_error():
    refused({"table": {"hands": ["2♦", "3♦"], "stock": "rest",
                       "melds": [meld(0, "set:K", "K♣ K♦ K♥", covers={"0": ["A♠", 0]})]}}, "covers")


def test_bad_turn_counts_are_a_save_error():
    d = base_save()
    d["table"]["turns"] = ["x", 0, 0]
    refused(d, "turns")


def test_a_grace_seat_out_of_range_is_a_save_error():
    d = base_save()
    d["table"]["grace"] = [9]
    refused(d, "grace")


def test_a_call_phase_without_a_seat_to_resume_is_a_save_error():
    refused({"table": {"hands": ["2♦ 3♣", "3♦"], "stock": "rest", "phase": "call", "current": 0,
                       "pile": "J♥"}}, "resume_seat")


RESULT = {"round": 1, "reason": "went_out", "went_out": 0, "melded": [0, 0, 0], "in_hand": [0, 0, 0],
          "bonus": [0, 0, 0], "points": [0, 0, 0]}


def test_json_that_is_no_save_says_so_before_naming_a_field():
    """Another program's JSON object: not "table is missing", but that it is no save."""
    assert refused({"a": 1}) == ('the file does not hold a Rummy 5000 save (it has neither "format" '
                                 'nor "table")')
    assert refused({"format": "rummy5000"}, "table is missing")


def test_a_position_without_its_format_line_still_reads():
    d = base_save()
    del d["format"], d["version"]
    assert loads_position(json.dumps(d, ensure_ascii=False)).players == 3


@pytest.mark.parametrize("mutate,word", [
    (lambda d: d.__setitem__("players", 9), "players"),
    (lambda d: d.__setitem__("decks", 9), "decks"),
    (lambda d: d.__setitem__("seed", "x"), "seed"),
    (lambda d: d.__setitem__("round", "2"), "round"),
    (lambda d: d.__setitem__("scores", [1, 2]), "scores"),
    (lambda d: d.__setitem__("names", ["a"]), "names"),
    (lambda d: d.__setitem__("rules", {"preset": "rummy5000", "bogus": 1}), "bogus"),
    (lambda d: d.__setitem__("rules", {"preset": "gin"}), "gin"),
    (lambda d: d.__setitem__("rules", {"preset": {"name": "rummy500"}}), "rules: unknown preset"),
    (lambda d: d.__setitem__("rules", {"preset": ["rummy500"]}), "rules: unknown preset"),
    (lambda d: d.__setitem__("rules", [1]), "rules"),
    (lambda d: d.__setitem__("table", []), "table"),
    (lambda d: d["table"].__setitem__("hands", "5♣"), "hands"),
    (lambda d: d["table"].__setitem__("hands", ["5♣", 7, ""]), "hands[1]"),
    (lambda d: d["table"].__setitem__("stock", ["A♠"]), "stock"),
    (lambda d: d["table"].__setitem__("pile", "Zz"), "pile"),
    (lambda d: d["table"].__setitem__("wild_rank", "Z"), "wild_rank"),
    (lambda d: d["table"].__setitem__("wild_rank", "Jk"), "table.wild_rank: 'Jk' is not a rank"),
    (lambda d: d.__setitem__("rules", {"preset": "rummy5000", "permanent_wilds": [{"a": 1}]}),
     "rules: option permanent_wilds must list names"),
    (lambda d: d["table"].__setitem__("phase", "lunch"), "phase"),
    (lambda d: d["table"].__setitem__("known", [1, "", ""]), "known"),
    (lambda d: d["table"].__setitem__("upcards", ["A♠"]), "upcards"),
    (lambda d: d["table"].__setitem__("floating", [False]), "floating"),
    (lambda d: d["table"].__setitem__("call_open", "yes"), "call_open"),
    (lambda d: d["table"].__setitem__("took_top", "Zz"), "took_top"),
    (lambda d: d["table"].__setitem__("turn_log", [{"what": 1}]), "turn_log"),
    (lambda d: d.__setitem__("results", [{"round": 1}]), "results"),
    (lambda d: d.__setitem__("results", [7]), "results"),
    (lambda d: d.__setitem__("results", [dict(RESULT, final_to=9)]), "results: final_to must be a seat"),
    (lambda d: d.__setitem__("results", [dict(RESULT, final_to="0")]), "results: final_to must be a seat"),
    (lambda d: d["table"].__delitem__("hands"), "table.hands is missing"),
    (lambda d: d.__delitem__("table"), "table is missing"),
    (lambda d: d["table"].__setitem__("stock", d["table"]["stock"].split()),
     'table.stock: write cards as one text, e.g. "7♥ 8♥ Jk"'),
    (lambda d: d["table"]["melds"][1].__setitem__("covers", {"5": ["8♣", 1]}),
     "covers: index 5 is not a card of the meld"),
    (lambda d: d["table"]["melds"][1].__setitem__("double", "9♠"),
     "double: names cards that are not in the meld"),
    (lambda d: d["table"].__setitem__("known", ["", ""]), "table.known: must have 3 entries"),
    (lambda d: d["table"].__setitem__("next_meld_id", 2), "table.next_meld_id: must be above every meld's id"),
    (lambda d: d["table"].update(stock=d["table"]["stock"] + " " + d["table"]["pile"], pile=""),
     "table.call_open: a call window needs a discard on the pile"),
    (lambda d: d["table"]["melds"][0].__setitem__("shape", "row:4♣"), "'row:4♣' is not a meld shape"),
    (lambda d: d["table"]["melds"][0].__setitem__("shape", "run:4♣:low:x"), "is not a meld shape"),
    (lambda d: d["table"]["melds"][0].__setitem__("shape", "run:A♣:high"), "'run:A♣:high' is not a meld shape"),
    (lambda d: d["table"].__setitem__("discarder", None),
     "table.discarder: a call window is open: name the seat whose discard it is"),
    (lambda d: d.__setitem__("rules", {"preset": "partnership500"}),
     "players: Partnership 500 needs four players (two teams of two), not 3"),
    (lambda d: d.__setitem__("rules", {"preset": "rummy5000", "partnerships": True}),
     "players: Rummy 5000 with partnerships needs four players (two teams of two), not 3"),
])
def test_hand_edited_fields_are_named(mutate, word):
    d = base_save()
    mutate(d)
    refused(d, word)


def _mid_turn_save() -> dict:
    """Seat 0 has melded three nines (the 9♣ one the table knew it held, taken from the
    pile) and laid the 10♣ off on seat 1's run this turn."""
    g = playing("9♣ 9♠ 9♦ 10♣ 2♦ K♠", rules="basic", melds=[meld(1, "run:J♣", "J♣ Q♣ K♣")],
                others=("4♥ 5♥",), known=["9♣", ""])
    play(g, "meld 9♣ 9♠ 9♦", "layoff 10♣ on 1")
    return json.loads(dumps_position(g))


def test_a_mid_turn_save_can_still_be_taken_back():
    d = _mid_turn_save()
    assert d["table"]["turn_log"][0]["public"] == "9♣"
    g = loads_position(json.dumps(d, ensure_ascii=False))
    play(g, "undo", "undo")
    assert hand_text(g, 0) == sorted(["9♣", "9♠", "9♦", "10♣", "2♦", "K♠"]) and len(g.melds) == 1
    assert g.known[0] == {parse_card("9♣")}


@pytest.mark.parametrize("entry,value", [(0, {"meld": 2, "cards": "9♣ 9♠ 9♦", "public": "K♠"}),
                                         (0, {"meld": 2, "cards": "9♣ 9♠ 9♦", "public": "4♥ 9♣"}),
                                         (1, {"layoff": 1, "card": "10♣", "upcard": "2♦"})])
def test_a_turn_log_entry_shows_only_cards_it_played(entry, value):
    """Undo makes an entry's "public" cards (and "upcard") known in the hand again: cards
    the entry did not play would be said to be in a hand that does not hold them."""
    d = _mid_turn_save()
    d["table"]["turn_log"][entry] = value
    refused(d, f"table.turn_log[{entry}]: its public cards and upcard must be among the cards it played")


@pytest.mark.parametrize("entry,value", [(0, {"meld": 9, "cards": "9♣ 9♠ 9♦"}),   # no meld 9
                                         (0, {"meld": 2, "cards": "9♣ 9♠ 9♥"}),   # not its cards
                                         (1, {"layoff": 2, "card": "10♣"}),       # not on meld 2
                                         (1, {"layoff": 1, "card": "J♣"})])        # not in meld 1
def test_a_turn_log_that_does_not_match_the_table_is_refused(entry, value):
    d = _mid_turn_save()
    d["table"]["turn_log"][entry] = value
    refused(d, "table.turn_log: does not match the melds on the table")


def test_a_record_with_a_bad_action_names_it():
    g, record = random_game(Rules.preset(), 3, 4, 10)
    record[5] = "discard Zz"
    with pytest.raises(SaveError) as e:
        loads_record(dumps_record(g.rules, 3, g.seed, record))
    assert "actions[5]" in str(e.value)
    record[5] = "meld A♠ A♥ A♦ A♣ K♠"  # well formed but not legal here
    with pytest.raises(SaveError) as e:
        loads_record(dumps_record(g.rules, 3, g.seed, record))
    assert "actions[5]" in str(e.value)
    record[5] = 5
    with pytest.raises(SaveError, match=r'^actions\[5\]: must be text such as "draw"$'):
        loads_record(dumps_record(g.rules, 3, g.seed, record))


def test_a_position_with_more_players_than_its_game_allows_is_refused():
    d = json.loads(dumps_position(new_game(Rules.preset(), players=5, seed=3)[0]))
    d["rules"] = {"preset": "basic"}
    refused(d, "players: Basic rummy is played by 2 to 4 players, not 5")


@pytest.mark.parametrize("field,value,words", [("dealer", 3, "the dealer must be a seat from 0 to 2, not 3"),
                                                ("names", ["A", "B", 3], "names must be text")])
def test_a_record_with_a_dealer_or_names_that_cannot_be_is_a_save_error(field, value, words):
    g, record = random_game(Rules.preset(), 3, 4, 10)
    d = json.loads(dumps_record(g.rules, 3, g.seed, record))
    d[field] = value
    with pytest.raises(SaveError, match=words):
        loads_record(json.dumps(d, ensure_ascii=False))


def test_a_record_that_cannot_be_set_up_is_a_save_error():
    text = json.dumps({"format": "rummy5000", "version": 1, "kind": "record",
                       "rules": {"preset": "rummy5000", "decks": 1}, "players": 8, "seed": 1, "actions": []})
    with pytest.raises(SaveError):
        loads_record(text)


# --------------------------------------------------------------------------- fuzzing

WEIRD = [None, -1, 0, 1, 2, 99, "x", "", [], {}, 1.5, True, [1], {"a": 1}, "7♣", "rest", "Zz", "A"]


def _paths(obj, pre=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield pre + (k,)
            yield from _paths(v, pre + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield pre + (i,)
            yield from _paths(v, pre + (i,))


def _edited(save: dict, edits, weird: list) -> dict:
    """A copy of ``save`` with each ``(where, what)`` of ``edits`` done: the field at
    ``where`` (counted over every field and list entry, wrapping round) set to
    ``weird[what]``, or deleted from its object when ``what`` is past the list's end."""
    d = copy.deepcopy(save)
    for where, what in edits:
        paths = list(_paths(d))
        p = paths[where % len(paths)]
        tgt = d
        for k in p[:-1]:
            tgt = tgt[k]
        if what >= len(weird):
            if isinstance(tgt, dict):
                del tgt[p[-1]]
        else:
            tgt[p[-1]] = copy.deepcopy(weird[what])
    return d


def _swap_save() -> dict:
    """Seat 0 has melded 7♣ 7♦ 7♥ and a wild 6♠ (Persian Rummy: four at once count double),
    then laid the 7♠ on the wild and taken it back into the hand."""
    g = playing("7♣ 7♦ 7♥ 6♠ 7♠ 2♦", rules={"preset": "persian", "wild_after_meld": "swap"}, wild="6",
                others=("3♣ 9♥ K♦", "4♦ 10♠ Q♣", "5♥ 8♣ J♠"))
    play(g, "meld 7♣ 7♦ 7♥ 6♠", "cover 7♠ on 1")
    return json.loads(dumps_position(g))


# (positions about to draw, and two in the middle of a turn that Undo can take back)
_SAVES = [json.loads(dumps_position(random_game(Rules.preset(p), n, s, k)[0]))
          for p, n, s, k in (("rummy5000", 3, 1, 20), ("rummy500", 4, 2, 35), ("basic", 2, 3, 9),
                             ("rummy5000", 4, 4, 80))] + [_mid_turn_save(), _swap_save()]


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_SAVES) - 1), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 40)),
                                                  min_size=1, max_size=3))
def test_hand_edits_give_save_error_or_a_sound_state(which, edits):
    d = _edited(_SAVES[which], edits, WEIRD)
    try:
        g = loads_position(json.dumps(d, ensure_ascii=False))
    except SaveError:
        return
    assert Counter(g.all_cards()) == Counter(g.pack)
    for seat in range(g.players):
        assert 0 <= g.current < g.players
        assert all(0 <= m.owner < g.players and all(0 <= s < g.players and not isinstance(s, bool)
                                                    for s in m.by) for m in g.melds)
        g.legal_actions(seat)
    if g.phase in ("draw", "play", "call"):
        assert g.legal_actions()  # the game can go on
    # and it does: a few moves (Undo first, when there is a turn to take back) keep
    # every card, and what the table knows of each hand stays in that hand
    rng = random.Random(repr(edits))
    for _ in range(12):
        if g.phase not in ("draw", "play", "call"):
            break
        acts = g.legal_actions()
        undo = [a for a in acts if isinstance(a, Undo)]
        g.apply(undo[0] if undo else rng.choice(acts))
        assert Counter(g.all_cards()) == Counter(g.pack)
        for seat in range(g.players):
            assert g.known[seat] <= set(g.hands[seat])
            assert g.upcards[seat] is None or g.upcards[seat] in g.hands[seat]


def _record_saves() -> list[dict]:
    out = []
    for p, n, s, k in (("rummy5000", 3, 1, 40), ("persian", 4, 5, 50)):
        g, rec = random_game(Rules.preset(p), n, s, k)
        out += [json.loads(dumps_game(g, rec)), json.loads(dumps_record(g.rules, n, g.seed, rec))]
    return out


_RECORDS = _record_saves()
WEIRD_RECORD = WEIRD + ["draw", "next", "discard 7♣", ["draw"], 10**12, -5]


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_RECORDS) - 1),
       st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, len(WEIRD_RECORD))), min_size=1, max_size=3))
def test_hand_edited_records_give_save_error_or_a_game(which, edits):
    """A saved game with its record, or a bare record, edited anywhere: loading it as a
    game and as a record gives a SaveError or a sound state, never another exception."""
    d = _edited(_RECORDS[which], edits, WEIRD_RECORD)
    text = json.dumps(d, ensure_ascii=False)
    for load in (loads_game, loads_record):
        try:
            loaded = load(text)
        except SaveError:
            continue
        g = loaded[0] if isinstance(loaded, tuple) else loaded
        assert Counter(g.all_cards()) == Counter(g.pack)
        if g.phase in ("draw", "play", "call"):
            assert g.legal_actions()


@pytest.mark.parametrize("phase, current", [("draw", 0), ("play", 0), ("draw", 1)])
def test_a_seat_that_holds_no_cards_and_does_not_float_is_a_save_error(phase, current):
    """A hand played out ends the round unless its seat floats: a save with such a hand
    in a round under way is one no game reaches (the seat could take a pile card and
    then have no move)."""
    hands = ["4♠ 5♠ 9♦", "K♠ Q♦ 3♠"]
    hands[1 - current] = ""
    table = {"hands": hands, "pile": "J♥", "stock": "rest", "phase": phase, "current": current}
    if phase == "play":
        table["stock_card"] = "9♦"
    data = {"rules": {"preset": "rummy500"}, "table": table}
    refused(data, "hands", f"seat {1 - current} holds no cards and does not float")
    table["floating"] = [current == 1, current == 0]
    assert loads_position(json.dumps(data, ensure_ascii=False)).legal_actions()


def test_seats_out_on_their_first_turn_hold_no_cards_while_the_others_take_theirs():
    """With first_turn_out_grace the seats yet to play get a turn after a first-turn
    going out; the seats already out hold nothing meanwhile, and such a position saves,
    loads and plays on. Without the grace turns under way it is refused."""
    rules = Rules.from_dict({"preset": "rummy5000", "first_turn_out_grace": True})
    g = position(["5♣ 6♣ 7♣", "Q♣ Q♦ Q♠", "3♦ 9♥ 4♠"], top="2♥ 3♥ 10♣", pile="J♥", rules=rules,
                 dealer=2)
    play(g, "draw", "meld 5♣ 6♣ 7♣", "discard 2♥")
    play(g, "draw", "meld Q♣ Q♦ Q♠", "discard 3♥")  # seat 1 goes out too
    assert g.phase == "draw" and g.current == 2 and g.hands[0] == g.hands[1] == []
    text = dumps_position(g)
    h = loads_position(text)
    assert dumps_position(h) == text
    play(h, "draw", "discard 3♦")
    assert h.phase == ROUND_OVER and h.results[-1].went_out == 0
    data = json.loads(text)
    data["table"]["first_out_turn"] = False
    refused(data, "hands", "seat 0 holds no cards and does not float")


def test_a_card_to_use_that_the_seat_does_not_hold_is_a_save_error():
    """A save whose seat to act could make no move (a card taken from the pile that it
    must use but does not hold) would stop the game: it is refused on loading."""
    table = {"hands": ["4♠ 5♠ 9♦", "K♠ Q♦ 3♠"], "pile": "J♥", "stock": "rest", "phase": "play",
             "current": 0, "turn_seat": 0, "took_top": "6♠", "taken": "6♠"}
    rules = {"preset": "rummy500", "deep_take_use": "new_meld"}
    ok = copy.deepcopy(table)
    ok["hands"][0] += " 6♠"
    ok["must_use"] = "6♠"
    assert loads_position(json.dumps({"rules": rules, "table": ok}, ensure_ascii=False)).legal_actions()
    bad = copy.deepcopy(table)
    bad["must_use"] = "8♣"  # (in the stock)
    refused({"rules": rules, "table": bad}, "seat 0", "no legal move")


@pytest.mark.parametrize("field, value", [("took_top", "6♠"), ("must_use", "6♠"), ("stock_card", "6♠"),
                                          ("taken", "6♠"), ("melds_this_turn", 1),
                                          ("turn_log", [{"layoff": 1, "card": "7♥"}])])
def test_a_turn_about_to_draw_has_no_duties_yet(field, value):
    """Before the draw a turn has taken nothing and owes nothing: a duty left over would
    bind the turn after the draw (a pile card to use that it never took)."""
    table = {"hands": ["4♠ 5♠ 6♠", "K♠ Q♦ 3♠"], "pile": "J♥", "stock": "rest", "phase": "draw",
             "current": 0, "melds": [meld(0, "set:7", "7♣ 7♦ 7♥", by=[0, 0, 0])]}
    rules = {"preset": "rummy500", "deep_take_use": "new_meld"}
    assert loads_position(json.dumps({"rules": rules, "table": table}, ensure_ascii=False)).legal_actions()
    table[field] = value
    refused({"rules": rules, "table": table}, field, "a turn under way")


def test_a_floater_holds_one_card_at_most_in_its_own_turn():
    """A floater holds no cards; in its own turn only the one it drew. A hand-edited
    floater with a hand would play on into positions the game could not load again."""
    table = {"hands": ["K♠", "Q♦ 3♠ 9♥"], "pile": "J♥", "stock": "rest", "phase": "play", "current": 0,
             "turn_seat": 0, "floating": [True, False], "melds": [meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")]}
    rules = {"preset": "rummy5000", "going_out": "floating"}
    assert loads_position(json.dumps({"rules": rules, "table": table}, ensure_ascii=False)).floating[0]
    table["hands"][0] = "K♠ 2♥"
    refused({"rules": rules, "table": table}, "floating", "seat 0", "more than one card")
    table["phase"] = "draw"
    refused({"rules": rules, "table": table}, "floating", "seat 0", "holds cards")


def test_a_true_or_false_is_no_seat_in_a_meld():
    d = {"table": {"hands": ["2♦", "3♦"], "stock": "rest",
                   "melds": [meld(0, "set:7", "7♣ 7♦ 7♥", by=[True, 0, 1])]}}
    refused(d, "by")


def test_illegal_actions_after_loading_are_refused_not_crashes():
    g = loads_position(json.dumps(base_save()))
    for text in ("draw", "discard A♠", "meld 2♣ 3♣ 4♣", "undo", "end", "rummy 1 on 1", "take 2♣"):
        try:
            play(g.copy(), text)
        except IllegalActionError:
            pass


def test_a_floater_holding_a_drawn_card_round_trips():
    from engine_helpers import position

    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥"], floating=[True, False, False], pile="J♥",
                 melds=[meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")], top="2♥")
    play(g, "draw")
    assert position_dict(loads_position(dumps_position(g))) == position_dict(g)


@pytest.mark.parametrize("style", ["extra_card", "dealer_last", "separate", "dealer_upcard"])
def test_joker_groups_never_name_the_wild_rank_and_round_trip(style):
    rules = Rules.preset("persian", wild_indicator=style)
    for seed in range(60):
        g, _ = new_game(rules, players=4, seed=seed)
        assert g.indicator is not None and not g.indicator.is_joker
        assert 1 <= g.wild_rank <= 13
        assert position_dict(loads_position(dumps_position(g))) == position_dict(g)


def test_a_swap_on_a_doubled_meld_round_trips():
    from engine_helpers import attempt, playing

    g = playing("7♣ 7♦ 7♥ 6♠ 7♠ 2♦", rules={"preset": "persian", "wild_after_meld": "swap"}, wild="6",
                others=("", "", ""))
    assert attempt(g, "meld 7♣ 7♦ 7♥ 6♠") is None
    assert attempt(g, "cover 7♠ on 1") is None
    assert position_dict(loads_position(dumps_position(g))) == position_dict(g)


@pytest.mark.parametrize("field,value", [("by", 4), ("by", -1), ("by", "0"), ("index", -1), ("index", 3.0)])
def test_a_cover_entry_of_the_turn_log_names_a_seat_and_a_place(field, value):
    """Undoing a swap puts the wild back at ``index`` as laid by seat ``by``."""
    d = _swap_save()
    assert d["table"]["turn_log"][1]["index"] == 3
    loads_position(json.dumps(d, ensure_ascii=False))  # as written: read
    d["table"]["turn_log"][1][field] = value
    refused(d, "table.turn_log[1]: is not a meld, layoff or cover entry")


@pytest.mark.parametrize("where,field,value,word", [((), "round", 0, "round: rounds are counted from 1"),
                                                    ((), "round", -3, "round: rounds are counted from 1"),
                                                    (("table",), "reshuffles", -1, "table.reshuffles: counts")])
def test_counts_below_their_start_are_refused(where, field, value, word):
    d = base_save()
    (d["table"] if where else d)[field] = value
    refused(d, word)


def test_the_table_at_the_last_reshuffle_is_saved_and_checked():
    rules = {"preset": "rummy500", "empty_stock": "reshuffle"}
    g = playing("9♣ 9♠ 9♦ 10♣ 2♦ K♠", rules=rules, melds=[meld(1, "run:J♣", "J♣ Q♣ K♣")], others=("4♥ 5♥",))
    g.table_at_reshuffle = 2
    d = json.loads(dumps_position(g))
    assert d["table"]["table_at_reshuffle"] == 2
    assert loads_position(json.dumps(d, ensure_ascii=False)).table_at_reshuffle == 2
    del d["table"]["table_at_reshuffle"]  # (a save from before: no reshuffle yet this round)
    assert loads_position(json.dumps(d, ensure_ascii=False)).table_at_reshuffle is None
    for bad in (-1, 4, "2"):
        d["table"]["table_at_reshuffle"] = bad
        refused(d, "table.table_at_reshuffle")


@pytest.mark.parametrize("count", [0, 2, 99])
def test_the_melds_made_this_turn_are_the_melds_in_its_log(count):
    """With one meld a turn, a count above the log's would leave a card taken from the pile
    that must be melded with no way to meld it, even after Undo."""
    d = _mid_turn_save()
    assert d["table"]["melds_this_turn"] == 1
    d["table"]["melds_this_turn"] = count
    refused(d, "table.melds_this_turn: must count the melds in the turn's log")
