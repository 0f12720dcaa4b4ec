"""Computer opponents: they never peek, never break a rule, and repeat themselves from a seed."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import pytest
from engine_helpers import C, meld, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import rule_sets

from game.bots import KINDS, LEVELS, BotError, make_bot
from game.engine import (
    CallRummy,
    Discard,
    DrawStock,
    EndRound,
    IllegalActionError,
    LayOff,
    MeldCards,
    Rules,
    TakePile,
    new_game,
    parse_card,
    parse_cards,
)
from game.engine.view import PlayerView, view_of
from game.simulate import Simulation, callers, decisions

BOTS_DIR = Path(__file__).resolve().parent.parent / "game" / "bots"
HARD_FAST = {"iterations": 3, "time_limit": None}


def bot(level: str, seed: int = 0):
    return make_bot(level, seed, **(HARD_FAST if level == "hard" else {}))


def play_until(g, bots, stop, limit=400):
    """Drive a game with ``bots`` until ``stop(g)`` holds (calls included); False if it never does."""
    if stop(g):
        return True
    for _ in decisions(g, bots, limit):  # (each turn's view before its action is applied)
        if stop(g):
            return True
    return stop(g)


def hidden_swap(g, seat: int, rng: random.Random):
    """A copy of ``g`` that differs only in cards ``seat`` cannot see; None if there is no such card."""
    g2 = g.copy()
    others = [s for s in range(g.players) if s != seat]
    rng.shuffle(others)
    for s in others:
        hidden = [i for i, c in enumerate(g2.hands[s]) if c not in g2.known[s]]
        if hidden and g2.stock:
            i = rng.choice(hidden)
            j = rng.randrange(len(g2.stock))
            if g2.hands[s][i] & 127 == g2.stock[j] & 127:
                continue  # an identical card from another deck: not a real difference
            g2.hands[s][i], g2.stock[j] = g2.stock[j], g2.hands[s][i]
            rng.shuffle(g2.stock)
            return g2
    return None


def positions(preset: str, seed: int, phases=("draw", "play")):
    """Some positions of a normal-bot game where the seat to act has a choice."""
    rules = Rules.preset(preset)
    g, _ = new_game(rules, 4, seed=seed)
    drivers = [make_bot("normal", s) for s in range(4)]
    out = []
    for phase in phases:
        if play_until(g, drivers, lambda g, p=phase: g.phase == p and len(g.hands[g.current]) >= 2):
            out.append(g.copy())
            g.apply(drivers[g.current].choose(view_of(g, g.current)))
    return out


# ---------------------------------------------------------------------- no peeking


@pytest.mark.parametrize("preset,seed", [("rummy5000", 1), ("rummy5000", 8), ("rummy500", 2), ("basic", 3)])
def test_bots_decide_the_same_on_states_that_look_the_same(preset, seed):
    rng = random.Random(seed)
    checked = 0
    for g in positions(preset, seed):
        seat = g.current
        g2 = hidden_swap(g, seat, rng)
        if g2 is None:
            continue
        assert g2.hands != g.hands or g2.stock != g.stock
        v1, v2 = view_of(g, seat), view_of(g2, seat)
        assert v1.fingerprint() == v2.fingerprint()
        for level in KINDS:
            a1 = bot(level, 11).choose(view_of(g, seat))
            a2 = bot(level, 11).choose(view_of(g2, seat))
            assert a1 == a2, (level, preset, seed, a1, a2)
            # and the action is legal in both worlds
            g.copy().apply(a1)
            g2.copy().apply(a2)
        checked += 1
    assert checked >= 1


@settings(max_examples=30, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rule_sets(), st.integers(0, 2**32))
def test_no_level_peeks_under_any_house_rules(rs, seed):
    """The same as above over random rule sets, at positions of random play: where two
    states differ only in cards the seat cannot see, every level chooses alike."""
    from test_engine_properties import random_move

    rules, players = rs
    rng = random.Random(seed)
    g, _ = new_game(rules, players=players, seed=seed)
    for _ in range(rng.randint(0, 60)):
        if g.phase not in ("draw", "play", "call"):
            break
        acts = g.legal_actions()
        calls = [a for s in range(g.players) if s != g.current for a in g.call_actions(s)]
        g.apply(random_move(rng, acts, calls))
    if g.phase not in ("draw", "play", "call"):
        return
    seat = g.current
    g2 = hidden_swap(g, seat, rng)
    if g2 is None:
        return
    assert view_of(g, seat).fingerprint() == view_of(g2, seat).fingerprint()
    for level in KINDS:
        opts = {"iterations": 3, "time_limit": None} if level == "hard" else {}
        a1 = make_bot(level, 5, **opts).choose(view_of(g, seat))
        a2 = make_bot(level, 5, **opts).choose(view_of(g2, seat))
        assert a1 == a2, (level, a1, a2)


def test_calls_do_not_depend_on_hidden_cards():
    rules = Rules.preset("rummy5000", rummy_calls="top_card")
    found = 0
    for seed in range(40):
        g, _ = new_game(rules, 4, seed=seed)
        # easy drivers: the normal bot avoids discards that others could call
        drivers = [make_bot("easy", s) for s in range(4)]

        def window(g):
            if not g.call_open:
                return False
            return any(g.call_actions(s) for s in range(g.players) if s not in (g.current, g.discarder))

        if not play_until(g, drivers, window, limit=200):
            continue
        rng = random.Random(seed)
        for s in range(g.players):
            if s in (g.current, g.discarder) or not g.call_actions(s):
                continue
            g2 = hidden_swap(g, s, rng)
            if g2 is None:
                continue
            assert view_of(g, s).fingerprint() == view_of(g2, s).fingerprint()
            for level in KINDS:
                c1 = bot(level, 3).call(view_of(g, s))
                c2 = bot(level, 3).call(view_of(g2, s))
                assert c1 == c2
                if c1 is not None:
                    assert isinstance(c1, CallRummy) and c1.seat == s
                    g.copy().apply(c1)
            found += 1
        if found >= 3:
            break
    assert found >= 1


@pytest.mark.parametrize("level", KINDS)
def test_a_bot_refuses_the_full_game_state(level):
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=1)
    b = bot(level)
    with pytest.raises(TypeError):
        b.choose(g)
    with pytest.raises(TypeError):
        b.call(g)
    # a view is fine
    assert b.choose(view_of(g, g.current)) is not None


def test_a_bot_is_asked_only_for_its_own_turn():
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=1)
    other = (g.current + 1) % 4
    with pytest.raises(BotError):
        make_bot("normal").choose(view_of(g, other))
    # no call window right after the deal
    assert make_bot("normal").call(view_of(g, other)) is None


FORBIDDEN = {"game.engine.state", "game.ui", "pygame"}
FORBIDDEN_NAMES = {"GameState", "new_game", "view_of"}


@pytest.mark.parametrize("path", sorted(BOTS_DIR.glob("*.py")), ids=lambda p: p.name)
def test_bot_modules_never_reach_for_the_game_state(path):
    """Bots import neither the state module nor anything that builds a view from the real game."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert not any(alias.name == f or alias.name.startswith(f + ".") for f in FORBIDDEN), alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            mod = node.module
            assert not any(mod == f or mod.startswith(f + ".") for f in FORBIDDEN), mod
            for alias in node.names:
                assert alias.name not in FORBIDDEN_NAMES, f"{path.name} imports {alias.name}"
        elif isinstance(node, ast.Attribute):
            assert node.attr not in ("hands", "stock") or path.name == "hard.py", (
                f"{path.name} reads .{node.attr}"
            )


def test_the_hard_bot_only_reads_hands_of_states_it_dealt_itself():
    """hard.py reads ``.hands`` only where it scores a play-ahead and where it deals its own
    imagined states (``deal``, which starts from ``view.determinize``)."""
    src = (BOTS_DIR / "hard.py").read_text(encoding="utf-8")
    tree = ast.parse(src)
    readers = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Attribute) and node.attr in ("hands", "stock"):
                    readers.add(fn.name)
    assert readers <= {"evaluate", "deal"}, readers
    deal = next(fn for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name == "deal")
    assert "view.determinize(" in ast.get_source_segment(src, deal)


def test_the_hard_bots_imagined_deals_agree_with_its_view_and_with_how_the_others_play():
    """Seats that have played a turn hold no meld and nothing that fits their own melds
    (they would have put it down); everything the seat knows stays as it is, and no card is
    made or lost."""
    from game.bots.hard import HardBot

    checked = 0
    for seed in range(8):
        g, _ = new_game(Rules.preset("rummy5000"), 4, seed=seed)
        drivers = [make_bot("normal", s) for s in range(4)]
        if play_until(g, drivers, lambda g: g.phase == "draw" and sum(g.turns) >= 4):
            view = view_of(g, g.current)
            played = [s for s in range(4) if s != g.current and g.turns[s] and not g.floating[s]
                      and view.hand_sizes[s] > len(view.known[s])]
            if not played:
                continue
            b = make_bot("hard", seed)
            plain = make_bot("hard", seed, infer=False)
            fitting = {True: 0, False: 0}
            for _ in range(20):
                for infer, who in ((True, b), (False, plain)):
                    w = who.deal(view)
                    assert Counter(w.all_cards()) == Counter(g.pack)
                    assert PlayerView.of(w, g.current).fingerprint() == view.fingerprint()
                    for s in played:
                        own = [m for m in w.melds if m.owner == s]
                        fitting[infer] += not HardBot._plausible(w.ctx, w.hands[s], own)
            assert fitting[True] < fitting[False] or fitting[False] == 0
            assert fitting[True] <= 2
            checked += 1
    assert checked >= 3


# ---------------------------------------------------------------------- always legal

OPTION_MIXES = [
    ("rummy5000", {}),
    ("rummy500", {}),
    ("basic", {}),
    ("george", {}),
    ("rummy5000", {"rummy_calls": "pile"}),
    ("rummy5000", {"rummy_calls": "top_card"}),
    ("rummy5000", {"wild_after_meld": "swap"}),
    ("rummy500", {"going_out": "floating"}),
    ("rummy5000", {"permanent_wilds": ["jokers"], "jokers_per_deck": 2}),
    ("rummy5000", {"wild_limit": "one_per_meld"}),
    ("rummy500", {"empty_stock": "reshuffle"}),
    ("rummy5000", {"stock_draw_must_use": True, "top_take_must_use": True}),
    ("rummy500", {"deep_take_use": "new_meld", "one_meld_per_turn": True, "going_out": "discard_required"}),
]


@pytest.mark.parametrize("preset,options", OPTION_MIXES, ids=lambda x: x if isinstance(x, str) else
                         ",".join(f"{k}={v}" for k, v in x.items()) or "defaults")
def test_every_level_plays_only_legal_actions(preset, options):
    rules = Rules.preset(preset, **options)
    players = 4
    sim = Simulation(rules, players, ["easy", "normal", "hard", "random"], seed=7, rotate=True,
                     max_rounds=1, max_actions=600, bot_options={"hard": {"iterations": 2, "time_limit": None}})
    s = sim.run(2)
    assert s["invariant_failures"] == 0, s["failure_messages"]
    assert s["illegal_actions"] == 0
    assert s["rounds"] + s["rounds_capped"] >= 2
    # the strategies' own choices are legal: the safety net is not needed
    assert s["refused_proposals"].get("easy", 0) == 0, s["refused_proposals"]
    assert s["refused_proposals"].get("normal", 0) == 0, s["refused_proposals"]
    assert s["decision_time"]["normal"]["count"] > 0


def test_bots_keep_to_the_rules_when_asked_directly():
    """Every level, on many positions, returns an action the engine accepts."""
    for preset in ("rummy5000", "rummy500"):
        for seed in range(3):
            for g in positions(preset, seed, phases=("draw", "play", "draw")):
                for level in KINDS:
                    a = bot(level, seed).choose(view_of(g, g.current))
                    g.copy().apply(a)  # raises IllegalActionError if not legal


def test_fallback_replaces_a_refused_proposal():
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=2)
    b = make_bot("normal", 1)
    b.propose = lambda view, checker: Discard(view.hand[0])  # a discard before drawing: refused
    a = b.choose(view_of(g, g.current))
    g.copy().apply(a)
    assert b.refused == 1
    with pytest.raises(IllegalActionError):
        g.copy().apply(Discard(g.hands[g.current][0]))


@pytest.mark.parametrize("level", LEVELS)
def test_a_card_taken_from_deep_that_goes_down_only_after_another_is_put_down(level):
    """The 8♣ taken from the pile fits the run of clubs only once the 7♣ is on it: every
    level finds that way itself (no refused proposal), and then discards."""
    from game.engine import LayOff

    g = _take_the_deep_8c("7♣ K♥ 9♦ J♠ 2♠")
    assert g.must_use == parse_card("8♣")
    assert not any(isinstance(a, LayOff) and a.card == g.must_use for a in g.legal_actions())
    _play_to_the_discard(g, level)


def _take_the_deep_8c(hand: str):
    """Seat 0 holds ``hand`` and takes the 8♣ from under the 2♦, with 3♣-6♣ on the table."""
    g = position([hand, "Q♦ 3♥ 4♠"], rules=Rules.preset("rummy500"),
                 melds=[meld(1, "run:3♣", "3♣ 4♣ 5♣ 6♣")], pile="8♣ 2♦")
    g.apply(TakePile(parse_card("8♣")))
    return g


def _play_to_the_discard(g, level, card="8♣"):
    """The seat plays its turn out with a bot of ``level``, which proposes only legal moves and
    gets ``card`` onto the table's meld #1."""
    b = make_bot(level, 3, **({"time_limit": None} if level == "hard" else {}))
    for _ in range(8):
        a = b.choose(view_of(g, 0))
        g.apply(a)
        if isinstance(a, Discard):
            break
    assert isinstance(a, Discard) and b.refused == 0
    assert parse_card(card) in g.meld_by_id(1).cards


@pytest.mark.parametrize("level", LEVELS)
def test_a_card_taken_from_deep_goes_down_after_a_wild_at_the_far_end(level):
    """Twos wild: the 3♠ taken fits the seat's 5-7♠ only once the 2♣ stands as the 4♠; as
    the 8♠ it would leave no room. Every level finds the way (no refused proposal)."""
    g = position(["2♣ K♦ Q♥ 9♣", "K♣ Q♠ 3♦"], rules=Rules.preset("rummy5000"), wild="2",
                 melds=[meld(0, "run:5♠", "5♠ 6♠ 7♠")], pile="9♥ 3♠ J♣")
    g.apply(TakePile(parse_card("3♠")))
    _play_to_the_discard(g, level, "3♠")
    assert [str(c) for c in g.meld_by_id(1).cards[:2]] == ["3♠", "2♣"]


@pytest.mark.parametrize("level", LEVELS)
def test_a_card_taken_from_deep_goes_down_after_two_cards_of_the_hand(level):
    """Melds of four: the 9♣ taken fits the seat's 3-6♣ only after the 7♣ and the 8♣, and
    7-8-9♣ is no meld. Every level lays the three off (no refused proposal)."""
    g = position(["7♣ 8♣ K♥ 9♦ J♠", "K♣ Q♠ 3♦"], rules=Rules.preset("rummy5000", min_meld=4),
                 wild="10", melds=[meld(0, "run:3♣", "3♣ 4♣ 5♣ 6♣")], pile="9♣ 2♦")
    g.apply(TakePile(parse_card("9♣")))
    _play_to_the_discard(g, level, "9♣")
    assert [str(c) for c in g.meld_by_id(1).cards[-3:]] == ["7♣", "8♣", "9♣"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_seat_without_a_meld_does_not_plan_lay_offs_it_may_not_make(level):
    """Rummy 5000 (here with melds of four): a seat lays off only once it has a meld of its
    own. The Q♥ and K♥ with the wild as J♥ would score most laid off on 7-10♥, a plan with no
    meld in it: the seat melds its 4s with the wild instead of holding everything back."""
    from game.engine.solver import best_plan

    g = position(["4♠ 4♣ 4♦ 5♣ Q♥ K♥ 8♠", "Q♦ 3♥ 4♥"], rules=Rules.preset("rummy5000", min_meld=4),
                 wild="5", melds=[meld(1, "run:7♥", "7♥ 8♥ 9♥ 10♥")], phase="play", current=0)
    assert g.rules.layoff_needs_own_meld and not g.has_own_meld(0)
    layoffs_only = best_plan(g.ctx, list(g.hands[0]), g.melds, 0, may_lay_off=True)
    assert layoffs_only.melds == [] and len(layoffs_only.layoffs) == 3
    b = make_bot(level, 3, **({"time_limit": None} if level == "hard" else {}))
    a = b.choose(view_of(g, 0))
    assert b.refused == 0
    assert isinstance(a, MeldCards) and sorted(map(str, a.cards)) == ["4♠", "4♣", "4♦", "5♣"]
    g.apply(a)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_card_taken_from_deep_goes_down_after_a_card_the_plan_wanted_for_a_set(level):
    """The 8♣ taken from the pile fits 3♣-6♣ only after the 7♣, which the best melds would
    put in a set of 7s. The seat lays the 7♣ and the 8♣ off (no refused proposal)."""
    _play_to_the_discard(_take_the_deep_8c("7♣ 7♥ 7♦ K♥ 2♠"), level)


def _refuse(kind):
    """A ``propose`` that fails in one of the ways the fallback catches."""
    def propose(view, checker):
        if kind == "illegal":
            return Discard(view.hand[0]) if view.phase == "draw" else DrawStock()
        if kind == "raises":
            raise IllegalActionError("a strategy that asked the engine for something refused")
        return None
    return propose


@pytest.mark.parametrize("kind", ["illegal", "raises", "none"])
@pytest.mark.parametrize("level", LEVELS)
def test_fallback_after_the_draw_discards_the_dearest_card(kind, level):
    g = position(["5♣ K♦ A♠ 9♥", "Q♠ 2♣ 7♦"], top="3♦")
    g.apply(DrawStock())
    b = make_bot(level, 1)
    b.propose = _refuse(kind)
    a = b.choose(view_of(g, 0))
    assert a == Discard(parse_card("A♠"))  # the ace is worth 100 in rummy5000
    assert b.refused == 1
    g.apply(a)


def test_fallback_on_an_empty_stock_ends_the_round_rather_than_take_the_pile():
    g = position(["5♣ K♦ A♠", "Q♠ 2♣ 7♦"], pile="9♥ 4♥")
    g.pile[:0] = g.stock  # the stock ran out onto the pile
    g.stock.clear()
    assert TakePile(g.pile[-1]) in g.legal_actions()
    b = make_bot("normal", 1)
    b.propose = _refuse("none")
    a = b.choose(view_of(g, 0))
    assert a == EndRound()
    g.apply(a)


# ---------------------------------------------------------------------- seeds


def test_same_seed_same_games():
    def run():
        sim = Simulation(Rules.preset("rummy5000", target=800), 4, ["easy", "normal", "hard", "random"],
                         seed=3, max_rounds=3, bot_options={"hard": {"iterations": 2, "time_limit": None}})
        s = sim.run(1)
        return s["rounds"], s["actions"], s["per_kind"], s["rummy_calls"]

    assert run() == run()


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_repeats_its_choices_from_its_seed(level):
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=9)
    seen = []
    for _ in range(2):
        g2 = g.copy()
        b = bot(level, 21)
        acts = []
        for _ in range(12):
            if g2.phase not in ("draw", "play", "call"):
                break
            a = b.choose(view_of(g2, g2.current)) if g2.current == 0 else make_bot("normal", 0).choose(
                view_of(g2, g2.current))
            acts.append(str(a))
            g2.apply(a)
        seen.append(acts)
    assert seen[0] == seen[1]


def test_make_bot_names_the_levels():
    assert LEVELS == ("easy", "normal", "hard")
    for k in KINDS:
        assert make_bot(k, 1).level == k
    with pytest.raises(BotError):
        make_bot("expert")
    with pytest.raises(BotError):
        make_bot("easy", 1, iterations=3)
    with pytest.raises(BotError, match="rollout"):
        make_bot("hard", 1, rollout="perfect")
    assert make_bot("hard", 1, rollout="normal")._policy.level == "normal"


@pytest.mark.parametrize("setting, value", [
    ("iterations", 0), ("iterations", -3), ("draw_candidates", 0), ("discard_candidates", -1), ("max_rollout_actions", 0), ("prune_after", 0),
    ("infer_tries", 0), ("horizon", -1), ("time_limit", -0.5), ("time_limit", float("nan")),
])
def test_the_hard_bots_counts_out_of_range_are_refused_by_name(setting, value):
    """A search setting out of its range is a BotError naming it when the bot is made,
    not an error deep in the first search."""
    with pytest.raises(BotError, match=setting):
        make_bot("hard", 1, **{setting: value})
    # the edge of each range is a bot that plays
    edge = {"horizon": 0, "time_limit": 0.0}.get(setting, 1)
    bot = make_bot("hard", 1, **{setting: edge})
    g, _ = new_game(Rules.preset(), players=3, seed=4)
    g.apply(bot.choose(view_of(g, g.current)))


def test_a_bots_settings_are_named_and_their_values_checked():
    """The hard bot's unknown-setting message lists its own search settings as well as the
    normal bot's weights it inherits; a value of the wrong kind is refused at once."""
    hard = type(make_bot("hard", 1)).settings()
    assert hard[:2] == ["iterations", "time_limit"] and "hold_margin" in hard and "take_margin" in hard
    assert type(make_bot("normal", 1)).settings() == list(type(make_bot("normal", 1)).TUNABLE)
    with pytest.raises(BotError, match="hold_margin") as exc:
        make_bot("hard", 1, hold_margn=5)
    assert "iterations" in str(exc.value)
    for bad, words in ((dict(iterations="many"), "iterations is a whole number, not 'many'"),
                       (dict(iterations=2.5), "iterations is a whole number"),
                       (dict(time_limit="soon"), "time_limit is a number or none"),
                       (dict(prune=1), "prune is true or false, not 1"),
                       (dict(risk_scale="high"), "risk_scale is a number"),
                       (dict(take_margin=True), "take_margin is a number, not True")):
        with pytest.raises(BotError, match=words):
            make_bot("hard", 1, **bad)
    with pytest.raises(BotError, match="risk_scale is a number"):
        make_bot("normal", 1, risk_scale="high")
    ok = make_bot("hard", 1, time_limit=None, horizon=None, hold_margin=0, window=5, prior_weight=0.5,
                  risk_scale=2, infer=False)
    assert (ok.time_limit, ok.horizon, ok.hold_margin, ok.tuning["risk_scale"], ok.infer) == (None, None, 0, 2, False)


def test_a_bot_only_ever_gets_a_player_view():
    seen = []
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=4)
    b = make_bot("normal", 0)
    orig = b.propose

    def spy(view, checker):
        seen.append(type(view))
        return orig(view, checker)

    b.propose = spy
    b.choose(view_of(g, g.current))
    assert seen == [PlayerView]


# ---------------------------------------------------------------------- judgement


def arranged(preset: str, hand: str, top: str, seat_melds=(), **options):
    """A rummy game at the draw with seat 0 holding ``hand`` and ``top`` on the pile.

    Cards are moved from wherever the deal put them, swapping with stock cards, so the
    pack stays whole. ``seat_melds``: (seat, "cards") melds put on the table first.
    """
    from game.engine.melds import make_meld, shapes_for

    rules = Rules.preset(preset, **options)
    g, _ = new_game(rules, 3, seed=5, dealer=2)
    assert g.current == 0 and g.phase == "draw"

    def take(card):
        for h in g.hands:
            if card in h:
                h.remove(card)
                return
        if card in g.stock:
            g.stock.remove(card)
            return
        if card in g.pile:
            g.pile.remove(card)
            return
        raise AssertionError(card)

    wanted = parse_cards(hand)
    top_card = parse_cards(top)[0]
    for meld_seat, text in seat_melds:
        cards = parse_cards(text)
        for c in cards:
            take(c)
        shape = shapes_for(g.ctx, cards)[0]
        g.melds.append(make_meld(g.ctx, cards, shape, meld_seat, g.next_meld_id))
        g.next_meld_id += 1
    for c in wanted + [top_card]:
        take(c)
    g.stock.extend(g.hands[0])
    g.stock.extend(g.pile)
    g.hands[0] = list(wanted)
    g.known = [set() for _ in g.known]
    g.upcards = [None] * len(g.upcards)
    g.pile = [top_card]
    # keep every other hand at a fixed size, drawn from the stock
    for s in (1, 2):
        while len(g.hands[s]) > 5:
            g.stock.append(g.hands[s].pop())
        while len(g.hands[s]) < 5:
            g.hands[s].append(g.stock.pop(0))
    assert Counter(g.all_cards()) == Counter(g.pack)
    return g


def test_normal_takes_the_discard_that_completes_a_set_of_aces():
    g = arranged("rummy5000", "A♠ A♥ 6♣ 9♦ J♠", "A♦", min_upcard=2)
    a = make_bot("normal", 1).choose(view_of(g, 0))
    assert str(a) == "take A♦"


def test_normal_does_not_feed_a_meld_on_the_table():
    # seat 1 has a run of hearts on the table: the 9♥ would be laid off or called
    g = arranged("rummy5000", "9♥ K♣ 4♦ 4♠ 4♣ 7♠", "2♣", seat_melds=[(1, "6♥ 7♥ 8♥")])
    v = view_of(g, 0)
    b = make_bot("normal", 1)
    g.apply(b.choose(v))  # draw
    while g.phase == "play" and g.current == 0:
        a = b.choose(view_of(g, 0))
        g.apply(a)
        if isinstance(a, Discard):
            assert a.card != parse_card("9♥")
            break


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_melds_the_hundred_point_cards(level):
    g = arranged("rummy5000", "A♠ A♥ A♣ 5♦ 9♣ J♦", "3♠")
    b = bot(level, 2)
    g.apply(b.choose(view_of(g, 0)))
    for _ in range(8):
        if g.current != 0 or g.phase != "play":
            break
        a = b.choose(view_of(g, 0))
        g.apply(a)
        if isinstance(a, Discard):
            break
    on_table = {c for m in g.melds if m.owner == 0 for c in m.cards}
    assert {parse_card("A♠"), parse_card("A♥"), parse_card("A♣")} <= on_table


HOLDER = "A♠ A♥ A♣ 5♦ 6♦ 7♦ 9♣ J♦ K♠"  # two melds and three loose cards


def _after_draw(hand: str):
    """Seat 0 of a rummy5000 game in its play, holding ``hand`` and one card from the stock."""
    g = arranged("rummy5000", hand, "3♠")
    g.apply(DrawStock())
    assert g.current == 0 and g.phase == "play"
    return g


@pytest.mark.parametrize("margin, expect", [(10_000, MeldCards), (-10_000, Discard)])
def test_the_hard_bot_weighs_melding_now_against_holding(margin, expect):
    # the aces and the diamonds meld, four cards stay: melding does not go out, so the
    # search weighs the first meld against keeping both in hand and discarding;
    # hold_margin is the head start melding gets
    g = _after_draw(HOLDER)
    b = make_bot("hard", 3, iterations=4, time_limit=None, prune=False, hold_margin=margin)
    a = b.choose(view_of(g, 0))
    assert isinstance(a, expect) and b.searches == 1
    if expect is Discard:  # holding: every card of both melds stays in hand
        g.apply(a)
        assert {parse_card(x) for x in ("A♠", "A♥", "A♣", "5♦", "6♦", "7♦")} <= set(g.hands[0])
    # without the search the normal bot's plan melds at once
    b = make_bot("hard", 3, iterations=4, time_limit=None, hold_search=False, hold_margin=margin)
    assert isinstance(b.choose(view_of(_after_draw(HOLDER), 0)), MeldCards)


@pytest.mark.parametrize("hold_each", [False, True])
def test_the_hard_bot_weighs_holding_again_after_a_meld_only_with_hold_each(hold_each):
    g = _after_draw(HOLDER)
    keen = make_bot("hard", 3, iterations=4, time_limit=None, prune=False, hold_margin=10_000)
    first = keen.choose(view_of(g, 0))
    assert isinstance(first, MeldCards)
    g.apply(first)  # one meld down, the other still in hand
    b = make_bot("hard", 3, iterations=4, time_limit=None, prune=False, hold_margin=-10_000,
                 hold_each=hold_each)
    a = b.choose(view_of(g, 0))
    assert isinstance(a, Discard if hold_each else MeldCards)
    assert b.searches == (1 if hold_each else 0)


def test_hard_search_is_bounded_and_repeatable():
    g = positions("rummy5000", 4, phases=("play",))[0]
    picks = []
    for _ in range(2):
        b = make_bot("hard", 5, iterations=10, time_limit=None)
        picks.append(b.choose(view_of(g, g.current)))
        assert b.rollouts <= 10 * max(b.draw_candidates, b.discard_candidates) * max(1, b.searches)
    assert picks[0] == picks[1]
    g.copy().apply(picks[0])
    # a time limit ends the search after the first deal at the latest
    b = make_bot("hard", 5, iterations=1000, time_limit=0.0)
    b.choose(view_of(g, g.current))
    assert b.rollouts <= max(b.draw_candidates, b.discard_candidates) * max(1, b.searches)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_card_taken_from_the_pile_is_used_even_when_the_plan_chains_lay_offs(level):
    """A plan that meets the pile duty by a chain of lay-offs (6♣ then 7♣ on a 3-5 run)
    is played through, and the duty card ends on the table."""
    from game.engine.melds import make_meld

    g, _ = new_game(Rules.preset("rummy5000"), 3, seed=5, dealer=2)

    def take(c):
        for pile in (*g.hands, g.stock, g.pile):
            if c in pile:
                pile.remove(c)
                return
        raise AssertionError(c)

    run = parse_cards("3♣ 4♣ 5♣")
    hand = parse_cards("6♣ 7♣ 8♣ 8♦ 8♠ K♦ Q♥")
    for c in run + hand:
        take(c)
    g.stock += g.hands[0]
    g.hands[0] = list(hand)
    g.melds.append(make_meld(g.ctx, run, ("run", 0, 3), 1, g.next_meld_id))
    g.next_meld_id += 1
    g.phase, g.current, g.turn_seat = "play", 0, 0
    g.must_use = parse_card("7♣")
    g.known[0].add(g.must_use)
    assert Counter(g.all_cards()) == Counter(g.pack)
    b = bot(level, 1)
    while g.phase == "play" and g.current == 0:
        g.apply(b.choose(view_of(g, 0)))
    assert b.refused == 0
    assert parse_card("7♣") not in g.hands[0]
    assert any(parse_card("7♣") in m.cards for m in g.melds)


def test_a_wild_is_kept_back_from_a_set_complete_without_it():
    """"Meld 7♣ 7♦ 7♥ joker" on the first turn of Rummy 500 spent the joker on a set that
    stands without it (a tester): it is worth more in hand, where it makes a meld of any
    two loose cards, than its points now. (hold_wild=0 is the old way.)"""
    g = position(["7♣ 7♦ 7♥ joker 2♠ 9♦ K♣ 4♥", "5♦ 8♠ Q♥ 3♣ 4♣ 6♦ 10♠", "6♥ 9♣ K♠ 2♦ 3♥ 8♥ J♣"],
                 rules=Rules.preset("rummy500"), phase="play", current=0, pile="Q♣")
    sevens = parse_cards("7♣ 7♦ 7♥")
    first = make_bot("normal", 1).choose(view_of(g, 0))
    assert isinstance(first, MeldCards) and sorted(first.cards) == sorted(sevens)
    old = make_bot("normal", 1, hold_wild=0).choose(view_of(g, 0))
    assert isinstance(old, MeldCards) and parse_card("joker") in old.cards
    # going out comes first: with the joker the hand's last card, it goes down
    g = position(["7♣ 7♦ 7♥ joker 4♥", "5♦ 8♠ Q♥", "6♥ 9♣ K♠"], rules=Rules.preset("rummy500"),
                 phase="play", current=0, pile="Q♣")
    b = make_bot("normal", 1)
    while g.phase == "play" and g.current == 0:
        g.apply(b.choose(view_of(g, 0)))
    assert g.phase in ("round_over", "game_over") and not g.hands[0]


def test_two_runs_of_a_suit_that_make_one_are_laid_as_one():
    """With tens wild, "meld J♣ Q♣ wild 10♣ as a run J♣–K♣", then 7♣ 8♣ 9♣, split what is one
    run, 7♣ to Q♣ with the 10♣ in its own place (a tester): the same points, one meld."""
    g = position(["5♣ 7♣ 8♣ 9♣ J♣ Q♣ 3♥ 3♠ 4♠ K♠ 10♣ 7♠", "5♦ 8♠ Q♥ 3♣ 4♣ 6♦ 10♠", "6♥ 9♥ K♦ 2♦ 3♦ 8♥ J♦"],
                 rules=Rules.preset("rummy5000"), wild="10", phase="play", current=0, pile="Q♦")
    first = make_bot("normal", 1, merge_runs=1).choose(view_of(g, 0))
    assert isinstance(first, MeldCards) and sorted(first.cards) == sorted(parse_cards("7♣ 8♣ 9♣ 10♣ J♣ Q♣"))
    assert first.shape == ("run", parse_card("7♣").suit, 7)
    split = make_bot("normal", 1, merge_runs=0).choose(view_of(g, 0))
    assert isinstance(split, MeldCards) and len(split.cards) == 3


def test_a_card_that_must_be_used_is_laid_off_first():
    """After a take the hints went Q♦ K♦ A♦, then 4♣ 5♣ 6♣, and only then the K♣ that had
    to be used (a tester): a lay-off of that card on a meld already on the table comes first,
    with any lay-off on that meld it needs before it."""
    g = position(["Q♦ K♦ A♦ 4♣ 5♣ 6♣ K♣ 8♣ 9♥", "5♦ 8♠ Q♥", "6♦ 9♦ K♠"], rules=Rules.preset("rummy500"),
                 phase="play", current=0, must_use="K♣", taken="K♣", pile="2♥",
                 melds=[meld(1, "run:9♣", "9♣ 10♣ J♣ Q♣"), meld(2, "set:7", "7♥ 7♦ 7♠")])
    run = g.melds[0].id
    b = make_bot("normal", 1)
    assert b.choose(view_of(g, 0)) == LayOff(parse_card("K♣"), run, "high")
    done = []
    while g.phase == "play" and g.current == 0:
        a = b.choose(view_of(g, 0))
        done.append(a)
        g.apply(a)
    assert {type(a).__name__ for a in done} >= {"MeldCards", "LayOff", "Discard"}
    # a lay-off the card needs on the same meld goes before it: the Q♣ then the K♣ on 9-J♣
    g = position(["Q♣ K♣ 4♥ 5♥ 6♥ 9♥", "5♦ 8♠ Q♥", "6♦ 9♦ K♠"], rules=Rules.preset("rummy500"),
                 phase="play", current=0, must_use="K♣", taken="K♣", pile="2♥",
                 melds=[meld(1, "run:9♣", "9♣ 10♣ J♣")])
    b = make_bot("normal", 1)
    steps = []
    while g.phase == "play" and g.current == 0 and len(steps) < 3:
        a = b.choose(view_of(g, 0))
        steps.append(a)
        g.apply(a)
    assert [getattr(a, "card", None) for a in steps[:2]] == parse_cards("Q♣ K♣")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_wild_taken_from_the_pile_under_the_two_naturals_duty_is_melded(level):
    """George with one-eyed jacks and tens wild: the 3♥ (wild this round) taken from the
    pile must go into a new meld with two naturals, and most melds with it in this hand
    lean on the other wilds. The easy bot looked at a few melds, found none, and fell
    back on a discard the rules refuse."""
    rules = {"preset": "george", "permanent_wilds": ["one_eyed_jacks", "tens"], "wild_limit": "none",
             "top_take_must_use": True, "deep_take_use": "new_meld_two_naturals"}
    g = position(["J♦ 6♥#2 7♣ 4♣ 4♣#2 9♣ 10♣#2 A♠ K♣#2 J♠#2 J♥ 3♥#2", "5♦ 8♠ Q♦", "6♦ 9♥ K♠"],
                 rules=rules, wild="3", phase="play", current=0, must_use="3♥#2", took_top="3♥#2",
                 taken="3♥#2", pile="8♦")
    for seed in range(6):
        b = bot(level, seed)
        h = g.copy()
        while h.phase == "play" and h.current == 0:
            h.apply(b.choose(view_of(h, 0)))
        assert b.refused == 0, seed
        assert any(parse_card("3♥#2") in m.cards for m in h.melds)


def _hard_after_a_lap(seed: int, **options):
    """A rummy5000 round of a hard seat 0 and three normal seats, played until seat 0's
    second draw, when the hard bot has watched the others' last turns.

    Returns ``(state, hard bot, its view, let_go, thrown)``, where ``let_go`` holds
    (seat, top card) for every draw from the stock and ``thrown`` (seat, card) for every
    discard, as they happened; ``None`` if the round ended first."""
    from game.engine import DrawStock

    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=seed)
    hard = make_bot("hard", seed, iterations=2, time_limit=None, **options)
    bots = [hard] + [make_bot("normal", s) for s in (1, 2, 3)]
    let_go, thrown = set(), set()
    for _ in range(300):
        if (g.current == 0 and g.phase == "draw" and g.turns[0] >= 2) or g.phase in ("round_over", "game_over"):
            break
        if g.call_open:
            called = next((c for s in callers(g) if (c := bots[s].call(view_of(g, s))) is not None), None)
            if called is not None:
                g.apply(called)
                continue
        a = bots[g.current].choose(view_of(g, g.current))
        if isinstance(a, DrawStock) and g.pile:
            let_go.add((g.current, g.pile[-1]))
        if isinstance(a, Discard):
            thrown.add((g.current, a.card))
        g.apply(a)
    if g.phase != "draw" or g.current != 0:
        return None
    view = view_of(g, 0)
    hard.observe(view)
    return g, hard, view, let_go, thrown


def test_the_hard_bot_remembers_the_top_cards_the_others_let_go():
    """After a lap in which nobody took from the pile, each other seat let the card below
    its discard go and threw away its own discard; the bot notes exactly those, and its
    imagined deals then avoid giving that seat two cards that meld with a card it let go,
    or a card of a rank it threw away."""
    from game.bots.hard import HardBot
    from game.engine.solver import meld_with_exists

    seen = 0
    totals = {True: 0, False: 0}
    rank_totals = {True: 0, False: 0}
    for seed in range(60):
        if seen >= 3:
            break
        got = _hard_after_a_lap(seed)
        if got is None or not got[1].declined:
            continue
        g, hard, view, let_go, thrown = got
        seen += 1
        for s, cards in hard.declined.items():
            assert s != 0
            assert all((s, t) in let_go for t in cards), (s, cards, let_go)
        for s, cards in hard.discarded.items():
            assert s != 0
            assert all((s, d) in thrown for d in cards), (s, cards, thrown)
        melds_with = {True: 0, False: 0}
        same_rank = {True: 0, False: 0}
        rng = random.Random(seed)
        for _ in range(40):
            for infer, w in ((True, hard.deal(view)), (False, view.determinize(rng))):
                assert Counter(w.all_cards()) == Counter(g.pack)
                for s, cards in hard.declined.items():
                    if g.floating[s] or view.hand_sizes[s] == len(view.known[s]):
                        continue
                    own = [m for m in w.melds if m.owner == s]
                    if not HardBot._plausible(w.ctx, list(view.known[s]), own, cards):
                        continue  # its known cards alone break the pattern: nothing to mend
                    melds_with[infer] += any(meld_with_exists(w.ctx, t, w.hands[s] + [t]) for t in cards
                                             if t not in view.known[s])
                for s, cards in hard.discarded.items():
                    ranks = {d & 15 for d in cards} - {c & 15 for c in view.known[s]}
                    same_rank[infer] += sum(1 for c in w.hands[s] if c & 15 in ranks and c not in w.ctx.wilds)
        for k in totals:
            totals[k] += melds_with[k]
            rank_totals[k] += same_rank[k]
    # a hand dealt at random often could have melded a card its seat let go, or holds a
    # card of a rank it threw away; the bot's deals seldom
    assert totals[False] >= 6 and totals[True] * 4 <= totals[False], totals
    assert rank_totals[False] >= 6 and rank_totals[True] * 3 <= rank_totals[False], rank_totals
    assert seen >= 3


def test_run_neighbours_are_the_cards_beside_one_in_a_run_of_its_suit():
    from game.bots.hard import _run_neighbours

    ctx = new_game(Rules.preset("rummy5000"), 4, seed=0)[0].ctx

    def faces(text):
        return {c & 127 for c in parse_cards(text)}

    assert _run_neighbours(ctx, parse_card("7♥")) == faces("6♥ 8♥")
    assert _run_neighbours(ctx, parse_card("K♠")) == faces("Q♠ A♠")
    assert _run_neighbours(ctx, parse_card("A♣")) == faces("2♣ K♣")
    assert _run_neighbours(ctx, parse_card("2♦")) == faces("A♦ 3♦")


@pytest.mark.parametrize("rule", ["suits", "policy"])
def test_the_hard_bots_extra_inference_rules_shape_its_deals(rule):
    """``infer_suits``: the deals seldom give a seat a card beside one it threw away in a
    run of its suit; ``infer_policy=1``: the normal policy would more often have thrown
    that seat's last discard away from the hand the deal gives it.  Hands dealt at random
    often break both."""
    from game.bots.hard import _run_neighbours

    option = {"suits": {"infer_suits": True}, "policy": {"infer_policy": 1}}[rule]
    broken = [0, 0]  # the bot's deals, random deals
    seen = 0
    for seed in range(60):
        if seen >= 4:
            break
        got = _hard_after_a_lap(seed, infer_tries=30, **option)
        if got is None or not got[1].discarded:
            continue
        g, hard, view, _, _ = got
        seen += 1
        rng = random.Random(seed)
        for _ in range(30):
            for i, w in enumerate((hard.deal(view), view.determinize(rng))):
                assert Counter(w.all_cards()) == Counter(g.pack)
                for s, cards in hard.discarded.items():
                    if view.hand_sizes[s] == len(view.known[s]):
                        continue
                    if rule == "suits":
                        near = {f for d in cards for f in _run_neighbours(w.ctx, d)}
                        near -= {c & 127 for c in view.known[s]}
                        broken[i] += sum(1 for c in w.hands[s] if c & 127 in near and c not in w.ctx.wilds)
                    else:
                        broken[i] += not hard._kept(w, s, w.hands[s], cards[-1])
    assert seen >= 4
    bot, rand = broken
    assert rand >= 10 and bot * (4 if rule == "suits" else 1.5) <= rand, broken


def test_the_hard_bot_plays_its_searches_to_the_end_of_a_round_that_may_end_the_game():
    """Near the target, who wins the game is decided in this round: every search then
    plays the imagined rounds to their end (where winning the game counts), and not only
    until the seat's next turn."""
    from game.bots.hard import HardBot
    from game.bots.tactics import Analysis
    from game.engine import DrawStock

    rules = Rules.preset("rummy5000", target=1500)
    g, _ = new_game(rules, 4, seed=3)
    horizons = []

    class Probe(HardBot):
        def play_ahead(self, g, me, an, horizon, seed):
            horizons.append(horizon)
            return 0.0

    def search_horizon(scores, **settings):
        g.scores = list(scores)
        b = Probe(1, iterations=1, time_limit=None, **settings)
        view = view_of(g, g.current)
        horizons.clear()
        b.search(view, Analysis(view), [DrawStock(), DrawStock()])
        return b.endgame(view), set(horizons)

    assert search_horizon([0, 300, 200, 0]) == (False, {5})
    assert search_horizon([0, 1100, 200, 0]) == (True, {10**6})
    assert search_horizon([0, 1099, 200, 0]) == (False, {5})
    assert search_horizon([0, 1400, 200, 0], endgame_margin=None) == (False, {5})
    assert search_horizon([0, 1400, 200, 0], horizon=2) == (True, {10**6})
    # the last of a fixed number of deals, and the K round of rotating wilds
    g1, _ = new_game(Rules.preset("persian"), 4, seed=1)
    assert HardBot(1).endgame(view_of(g1, 0)) is False
    g1.round_no = 2
    assert HardBot(1).endgame(view_of(g1, 0)) is True
    rot = Rules.preset("rummy5000", wild_indicator="rotating")
    g2, _ = new_game(rot, 4, seed=1)
    assert HardBot(1).endgame(view_of(g2, 0)) is False
    g2.wild_rank = 13
    assert HardBot(1).endgame(view_of(g2, 0)) is True


# ---------------------------------------------------------------------- positions of random play


@settings(max_examples=36, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rule_sets(), st.integers(0, 2**32))
def test_easy_and_normal_find_their_own_move_in_positions_of_random_play(rs, seed):
    """Random legal play (the properties tests' mover, "Rummy!" calls included) over
    random rule sets reaches positions no bot would steer into, such as a deep card
    taken that goes down only after another card: easy and normal still propose a legal
    move themselves there, their fallback never needed, and answer calls legally."""
    from test_engine_properties import random_move

    from game.engine.state import GAME_OVER, ROUND_OVER, new_game

    rules, players = rs
    rng = random.Random(seed)
    g, _ = new_game(rules, players=players, seed=seed)
    bots = [make_bot("easy", seed), make_bot("normal", seed)]
    for _ in range(120):
        if g.phase == GAME_OVER:
            break
        if g.phase == ROUND_OVER:
            g.next_round()
            continue
        for b in bots:
            g.copy().apply(b.choose(view_of(g, g.current)))
            for s in range(g.players):
                if g.call_open and s not in (g.current, g.discarder):
                    call = b.call(view_of(g, s))
                    if call is not None:
                        g.copy().apply(call)
        acts = g.legal_actions()
        calls = [a for s in range(g.players) if s != g.current for a in g.call_actions(s)]
        g.apply(random_move(rng, acts, calls))
    assert [b.refused for b in bots] == [0, 0]


def test_pile_pair_weighs_a_discard_onto_a_pile_card_it_goes_with():
    """Where the pile is spread, the 3♠ thrown onto a pile holding the 3♦ lets the next seat
    take down to the 3♦ with a 3 or a wild of its own (a tester's hint put it there, and
    the next player went out with it). ``pile_pair`` counts that meld's points times the
    chance the next seat holds the third card: certain when it is known to hold one."""
    from game.bots.tactics import Analysis

    hands = ["3♠ 8♥ Q♣ 10♥", "2♠ 6♥ 10♣ J♦", "4♠ 7♣ J♠ 5♦"]
    g = position(hands, pile="9♣ 3♦ 7♥ K♠", rules={"preset": "rummy500"}, phase="play")
    view = view_of(g, 0)
    on, off = Analysis(view), Analysis(view, {"pile_pair": 0.0})  # (on by default)
    three, eight, queen, ten = parse_cards("3♠ 8♥ Q♣ 10♥")
    meld = 2 * on.value[three] + on.avg_unseen  # the 3♠, the 3♦ and a third card
    assert 0 < on._pile_pair(three) < meld  # a chance, not a certainty
    assert on.feed(three) - off.feed(three) == pytest.approx(on._pile_pair(three))
    assert on._pile_pair(eight) > 0  # onto the 7♥: a 6♥, a 9♥ or a wild makes the run
    assert on._pile_pair(queen) == 0 and on._pile_pair(ten) == 0  # nothing near it in the pile
    g.known[1] = {parse_cards("3♣")[0]}  # the next seat took a 3 from the pile: it holds the third card
    g.hands[1] = [*g.hands[1], parse_cards("3♣")[0]]
    sure = Analysis(view_of(g, 0), {"pile_pair": 1.0})
    assert sure._pile_pair(three) == pytest.approx(2 * sure.value[three] + sure.avg_unseen)
    top_only = position(hands, pile="9♣ 3♦ 7♥ K♠", rules={"preset": "basic"}, phase="play")
    assert Analysis(view_of(top_only, 0)).feed(three) == \
        Analysis(view_of(top_only, 0), {"pile_pair": 0.0}).feed(three)  # only the top card is taken there


def test_pile_out_keeps_a_card_that_hands_a_one_card_player_a_meld_from_the_pile():
    """Rummy 5000, the pile spread: the hint threw the Q♦ onto a pile holding the Q♠ and the
    Q♣ with the next player on one card, who could take the pile down to the Q♠, meld the
    three and go out (a tester; the reason named the risk). ``pile_out`` (on by default)
    counts what the hand still holds as fed by such a discard."""
    from game.bots.tactics import Analysis

    hands = ["Q♦ 9♣ 10♥ J♥ K♣ 8♣", "4♣", "J♣ J♦ 4♠ 10♣ 8♦"]
    g = position(hands, rules=Rules.preset("rummy5000"), wild="3", pile="Q♠ 10♦ Q♣ 6♥", phase="play",
                 current=0, melds=[meld(1, "run:5♠", "5♠ 6♠ 7♠")])
    view = view_of(g, 0)
    queen, king = parse_cards("Q♦ K♣")
    on, off = Analysis(view), Analysis(view, {"pile_out": 0.0})
    held = sum(on.value[k] for k in view.hand) - on.value[queen]
    assert on.feed(queen) - off.feed(queen) >= 0.9 * held
    assert on.feed(king) == off.feed(king)  # (no meld in the pile for the K♣)
    assert make_bot("normal", 1, pile_out=0).choose(view) == Discard(queen)
    assert make_bot("normal", 1).choose(view) != Discard(queen)
    g.hands[1] += [g.stock.pop()]  # (two cards: taking three and throwing one leaves two)
    view = view_of(g, 0)
    assert Analysis(view).feed(queen) == Analysis(view, {"pile_out": 0.0}).feed(queen)


def test_stock_end_counts_every_point_held_as_the_stock_runs_out_where_the_lowest_hand_collects():
    """Basic rummy: when the stock runs out the lowest hand collects the difference from each
    other hand, so near its end the points held are at stake whoever goes out; the bot
    counted them only as much as someone going out was likely (a tester's hint kept the
    higher hand). ``stock_end`` (on by default) counts them in full by the stock's end."""
    from game.bots.tactics import Analysis

    hands = ["K♠ Q♦ 3♣ 7♥ 2♦", "4♣ 5♣ 9♥ J♦ 6♠", "8♣ 8♦ 10♥ A♠ 5♥"]
    g = position(hands, rules=Rules.preset("basic"), pile="9♣", phase="play", current=0)
    g.stock = g.stock[:2]  # (the last lap)
    view = view_of(g, 0)
    on, off = Analysis(view), Analysis(view, {"stock_end": 0.0})
    king = parse_cards("K♠")[0]
    assert on.loss(king) > off.loss(king) and on.loss(king) >= 0.6 * on.value[king]
    full = position(hands, rules=Rules.preset("basic"), pile="9♣", phase="play", current=0)
    view = view_of(full, 0)  # (a full stock: as before)
    assert Analysis(view).loss(king) == Analysis(view, {"stock_end": 0.0}).loss(king)
    r500 = view_of(position(hands, rules=Rules.preset("rummy500"), pile="9♣", phase="play", current=0), 0)
    assert Analysis(r500).loss(king) == Analysis(r500, {"stock_end": 0.0}).loss(king)


def test_joker_sets_count_jokers_as_cards_that_meld_with_each_other():
    """Persian rummy: jokers are not wild; any three make a meld (20 points each). The normal
    bot counted them as dead cards: two jokers in hand had no chance to meld, and a joker
    thrown onto a pile holding a joker fed no one (a tester's hint threw one there).
    ``joker_sets`` (on by default) counts the jokers still unseen as their partners."""
    from game.bots.tactics import Analysis

    rules = {"preset": "persian"}
    hands = ["joker joker#2 7♣ 9♦ K♠ 4♥", "4♣ 5♣ 6♣ 7♦", "Q♣ Q♦ 5♠ 6♠", "J♣ J♦ 2♠ 3♥"]
    view = view_of(position(hands, rules=rules, pile="3♠ 8♦", phase="play"), 0)
    on, off = Analysis(view), Analysis(view, {"joker_sets": 0.0})
    chances = dict(zip(view.hand, on.meld_chances(view.hand)))
    joker, seven = parse_cards("joker 7♣")
    assert chances[joker] > chances[seven] > 0  # (two of three, with two jokers unseen)
    assert dict(zip(view.hand, off.meld_chances(view.hand)))[joker] == 0
    # a joker thrown onto a joker in the spread pile: the next player takes both with one joker
    hands[0] = "joker 7♣ 9♦ K♠ 4♥ 5♥"
    view = view_of(position(hands, rules=rules, pile="3♠ joker#2", phase="play"), 0)
    on, off = Analysis(view), Analysis(view, {"joker_sets": 0.0})
    assert on._pile_pair(joker) > 0 and off._pile_pair(joker) == 0
    assert on.feed(joker) > off.feed(joker) + 5
    # where jokers are wild (Rummy 500), nothing changes
    view = view_of(position(["joker 7♣ 9♦ K♠", "4♣ 5♣ 6♣ 7♦", "Q♣ Q♦ 5♠ 6♠"], rules={"preset": "rummy500"},
                            pile="3♠ 8♦", phase="play"), 0)
    assert Analysis(view).meld_chances(view.hand) == Analysis(view, {"joker_sets": 0.0}).meld_chances(view.hand)
    assert Analysis(view).feed(joker) == Analysis(view, {"joker_sets": 0.0}).feed(joker)


def test_a_third_joker_is_not_thrown_onto_two_where_jokers_meld_with_each_other():
    """Persian rummy: a computer partner threw a third joker onto two in the pile, and the
    next player took the three and melded them for 60 points (a tester). Where jokers meld
    only with each other, ``pile_feed`` is on by default: a card that makes a meld with two
    in the pile counts that meld's points as feeding."""
    from game.bots.tactics import Analysis

    hands = ["joker 7♣ 9♦ K♠ 4♥ 5♥", "4♣ 5♣ 6♣ 7♦", "Q♣ Q♦ 5♠ 6♠", "J♣ J♦ 2♠ 3♥"]
    g = position(hands, rules={"preset": "persian"}, pile="joker#2 3♠ joker#3", phase="play", current=0)
    view = view_of(g, 0)
    joker = parse_cards("joker")[0]
    assert Analysis(view)._pile_meld(joker) == 60.0
    assert Analysis(view).feed(joker) >= Analysis(view, {"pile_feed": 0.0}).feed(joker) + 60
    assert make_bot("normal", 1, pile_feed=0.0).choose(view) == Discard(joker)  # (as it did)
    assert make_bot("normal", 1).choose(view) != Discard(joker)
    # elsewhere it stays off (measured without gain in Rummy 500 and Rummy 5000)
    other = view_of(position(["3♦ 8♠ Q♣", "2♠ 6♥ 10♣", "4♠ 7♥ J♠"], pile="3♣ 9♦ 3♥ K♠",
                             rules={"preset": "rummy500"}, phase="play"), 0)
    assert Analysis(other).pile_feed == 0.0


@pytest.mark.parametrize("pile, worth", [("3♣ 9♦ 3♥ K♠", 9.0), ("4♦ 5♦ J♣", 12.0), ("9♣ J♥", 0.0)])
def test_pile_feed_weighs_a_discard_that_melds_with_two_cards_already_in_the_pile(pile, worth):
    """Where the pile is spread, the next seat may take it down to a card and meld it at
    once: a 3♦ thrown onto 3♣ 3♥ (or onto 4♦ 5♦) hands over a meld. The normal bot's
    ``pile_feed`` setting (off by default) counts that meld's points as feeding."""
    from game.bots.tactics import Analysis

    g = position(["3♦ 8♠ Q♣", "2♠ 6♥ 10♣", "4♠ 7♥ J♠"], pile=pile, rules={"preset": "rummy500"}, phase="play")
    view = view_of(g, 0)
    on, off = Analysis(view, {"pile_feed": 1.0}), Analysis(view)
    assert on._pile_meld(parse_cards("3♦")[0]) == worth
    assert on.feed(parse_cards("3♦")[0]) - off.feed(parse_cards("3♦")[0]) == pytest.approx(worth)
    assert on.feed(parse_cards("8♠")[0]) == off.feed(parse_cards("8♠")[0])
    top_only = position(["3♦ 8♠ Q♣", "2♠ 6♥ 10♣", "4♠ 7♥ J♠"], pile=pile, rules={"preset": "basic"}, phase="play")
    assert Analysis(view_of(top_only, 0), {"pile_feed": 1.0}).feed(parse_cards("3♦")[0]) == \
        Analysis(view_of(top_only, 0)).feed(parse_cards("3♦")[0])  # only the top card is taken


def test_the_normal_bots_draw_does_not_hang_on_its_seed():
    """The stock is valued over every card it may bring, so the same position gets the same
    draw whatever the bot's seed (six sampled cards made a tester's hint say "stock" for
    some seeds and "take the 2♣" for others)."""
    hands = ["A♣ 3♣ A♦ 7♦ 3♥ Q♥ 8♠ J♠ K♠", "9♣ 8♣", "4♣ 5♣ 6♣ 7♣ 8♦ 9♦ K♦", "5♠ 6♠ 2♠ 4♠ J♦ K♥ 7♥"]
    g = position(hands, rules=Rules.preset("rummy5000"), wild="10", pile="9♥ 5♥ 2♣ 7♠", phase="draw",
                 current=0, melds=[meld(1, "run:4♦", "4♦ 5♦ 6♦"), meld(2, "set:J", "J♣ J♥ 10♦"),
                                   meld(3, "set:3", "3♠ 3♦ 10♥"), meld(3, "set:Q", "Q♣ Q♦ Q♠")])
    v = PlayerView.of(g, 0)
    draws = {repr(make_bot("normal", seed).choose(v)) for seed in range(12)}
    assert len(draws) == 1, draws
    sampled = {repr(make_bot("normal", seed, stock_exact=0).choose(v)) for seed in range(12)}
    assert len(sampled) == 2, sampled  # (the old estimate: it hung on the seed)


def test_short_draws_caps_the_draws_to_come_by_the_fewest_cards_another_player_holds():
    """``short_draws`` (tried, off: docs/bots.md) counts fewer draws to come where another
    player is down to three cards or fewer, so a pair's chance to meld falls."""
    from game.bots.tactics import Analysis

    hands = ["2♣ 2♦ 9♠ 10♣ 5♥ 6♥", "Q♦", "K♦ 3♥ 7♣ 8♥ 4♦ J♠"]
    g = position(hands, pile="4♣", rules={"preset": "rummy500"}, phase="play")
    view = view_of(g, 0)
    off, on = Analysis(view), Analysis(view, {"short_draws": 1.0})
    assert off.draws_left > 1.5 and on.draws_left == 1.5
    two = parse_cards("2♣")[0]
    hand = list(view.hand)
    assert on.meld_chances(hand)[hand.index(two)] < off.meld_chances(hand)[hand.index(two)]
    calm = view_of(position([hands[0], "Q♦ Q♣ 5♣ 7♦ 8♣", hands[2]], pile="4♣", rules={"preset": "rummy500"},
                            phase="play"), 0)  # (no one close to going out: no cap)
    assert Analysis(calm, {"short_draws": 1.0}).draws_left == Analysis(calm).draws_left


def test_a_deep_take_of_an_ace_above_a_king_is_weighed():
    """Holding Q♠ K♠, the normal bot drew from the stock over taking the pile down to the
    A♠ (Q♠ K♠ A♠ and the 6♦ laid off: 125 points, one card left), and so did its hint (a
    newcomer followed the take and went out): the cards a deep take might go with were
    counted with an ace low only, so the take was never weighed."""
    from game.bots.tactics import take_options

    g = position(["Q♣ 3♦ Q♠ K♠", "8♣ J♦ 7♥ 2♦", "7♠ 10♥", "2♠ 8♥ J♠"], wild="4",
                 pile="A♦ K♥ 3♣ 9♦ 10♦ 9♠ A♠ 6♦",
                 melds=[meld(1, "set:6", "6♠ 6♥ 4♥"), meld(2, "set:5", "5♣ 5♥ 5♠ 4♣", by=[2, 2, 1, 2])],
                 current=0, phase="draw")
    view = view_of(g, 0)
    assert TakePile(C("A♠")) in take_options(view)
    assert make_bot("normal", 1).choose(view) == TakePile(C("A♠"))
    # an ace below a two where aces are low only: no Q-K-A, so nothing to take it for
    low = position(["Q♣ 3♦ Q♠ K♠", "8♣ J♦ 7♥ 2♦"], wild=None, pile="9♠ A♠ 6♦",
                   rules=Rules.preset("basic"), current=0, phase="draw")
    assert TakePile(C("A♠")) not in take_options(view_of(low, 0))
