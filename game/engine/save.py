"""Saving and loading: a versioned, human-readable JSON format.

A **position** is one moment of a game: the options, the scores, and the table
(hands, stock, pile, melds), every card written in text notation (``10♥``,
``Qs``, ``Jk#2``).  Positions are meant to be written by hand for a test or a
bug report: most fields may be left out and take their obvious defaults, and
``"stock": "rest"`` deals every card not named elsewhere into the stock in a
seeded random order.  See ``docs/save-format.md`` for every field.

A **record** is a whole game from its start: the options, the players, the seed
and the actions in their one-line text form (``draw``, ``discard Q♠``, and
``next`` for dealing the next round).  Replaying it reproduces the game exactly.

:func:`loads_position` and :func:`loads_record` check everything they read and
raise :class:`SaveError` naming the field at fault; they never return a state
that breaks the rules' invariants (a card missing or doubled, a bad meld, a
seat out of range).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .actions import parse_action
from .cards import Card, build_pack, card_text, is_whole, parse_card, rank_text
from .errors import EngineError, ParseError, RulesError, SaveError, SaveVersionError
from .melds import (
    RUN,
    SET,
    WILDS,
    Meld,
    MeldContext,
    arrange_run,
    check_set,
    check_wilds,
    natural_at,
)
from .rules import Rules
from .state import CALL, DRAW, GAME_OVER, PLAY, ROUND_OVER, GameState, RoundResult, new_game

FORMAT = "rummy5000"
VERSION = 1
PHASES = (DRAW, PLAY, CALL, ROUND_OVER, GAME_OVER)


# ---------------------------------------------------------------------- writing

def _cards(cards: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def _opt_card(c: int | None) -> str | None:
    return None if c is None else card_text(c)


def _shape_text(m: Meld) -> str:
    if m.kind == RUN:
        # A run is named by its lowest card; a run is at least three cards long, so its lowest
        # card is never the high ace (Q-K-A is "run:Q♠", A-2-3 is "run:A♠").
        return f"run:{rank_text(m.lo)}{'♣♦♥♠'[m.suit]}"
    if m.kind == SET:
        return f"set:{rank_text(m.rank)}"
    return "wilds"


def position_dict(g: GameState) -> dict:
    """The position as plain JSON-ready data."""
    log = []
    for e in g.turn_log:
        kind = e[0]
        if kind == "meld":
            d = {"meld": e[1], "cards": _cards(e[2])}
        elif kind == "layoff":
            d = {"layoff": e[1], "card": card_text(e[2])}
        else:
            d = {"cover": e[1], "card": card_text(e[2]), "index": e[3], "wild": _opt_card(e[4]), "by": e[5]}
            if e[6]:
                d["double"] = True
        if e[-2]:
            d["public"] = _cards(e[-2])
        if e[-1] is not None:
            d["upcard"] = card_text(e[-1])
        log.append(d)
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "position",
        "rules": g.rules.to_dict(),
        "players": g.players,
        "names": list(g.names) if g.names else None,
        "seed": g.seed,
        "decks": g.decks,
        "round": g.round_no,
        "dealer": g.dealer,
        "scores": list(g.scores),
        "results": [r.to_dict() for r in g.results],
        "winners": list(g.winners),
        "table": {
            "wild_rank": None if g.wild_rank is None else rank_text(g.wild_rank),
            "indicator": _opt_card(g.indicator),
            "set_aside": _cards(g.set_aside),
            "hands": [_cards(h) for h in g.hands],
            "stock": _cards(g.stock),
            "pile": _cards(g.pile),
            "melds": [
                {
                    "id": m.id, "owner": m.owner, "shape": _shape_text(m), "cards": _cards(m.cards),
                    "by": list(m.by),
                    "covers": {str(i): [card_text(c), s] for i, (c, s) in sorted(m.covers.items())},
                    **({"double": _cards(sorted(m.double))} if m.double else {}),
                }
                for m in g.melds
            ],
            "next_meld_id": g.next_meld_id,
            "upcards": [_opt_card(c) for c in g.upcards],
            "known": [_cards(sorted(k)) for k in g.known],
            "floating": list(g.floating),
            "turns": list(g.turns),
            "phase": g.phase,
            "current": g.current,
            "turn_seat": g.turn_seat,
            "reshuffles": g.reshuffles,
            "table_at_reshuffle": g.table_at_reshuffle,
            "took_top": _opt_card(g.took_top),
            "must_use": _opt_card(g.must_use),
            "stock_card": _opt_card(g.stock_card),
            "turn_log": log,
            "melds_this_turn": g.melds_this_turn,
            "taken": _cards(g.taken),
            "call_open": g.call_open,
            "discarder": g.discarder,
            "resume_seat": g.resume_seat,
            "went_out": g.went_out,
            "grace": list(g.grace),
            "first_out_turn": g.first_out_turn,
        },
    }


def dumps_position(g: GameState) -> str:
    return json.dumps(position_dict(g), ensure_ascii=False, indent=1)


def dumps_game(g: GameState, actions: list[str] | None = None) -> str:
    """A save file: the position, and the record of actions when the caller kept one."""
    d = position_dict(g)
    d["kind"] = "game"
    if actions is not None:
        d["actions"] = list(actions)
    return json.dumps(d, ensure_ascii=False, indent=1)


def dumps_record(rules: Rules, players: int, seed: int, actions: list[str], names: list[str] | None = None,
                 dealer: int | None = None) -> str:
    return json.dumps({
        "format": FORMAT, "version": VERSION, "kind": "record", "rules": rules.to_dict(),
        "players": players, "seed": seed, "names": names, "dealer": dealer, "actions": list(actions),
    }, ensure_ascii=False, indent=1)


# ---------------------------------------------------------------------- reading


def _is_seat(v: Any, players: int) -> bool:
    return is_whole(v) and 0 <= v < players


class _Reader:
    def __init__(self, data: dict, where: str = ""):
        self.data = data
        self.where = where

    def fail(self, key: str, msg: str) -> SaveError:
        return SaveError(f"{self.where}{key}: {msg}")

    def get(self, key: str, kind: type, default: Any = ..., allow_none: bool = False) -> Any:
        if key not in self.data:
            if default is ...:
                raise SaveError(f"{self.where}{key} is missing")
            return default
        v = self.data[key]
        if v is None and allow_none:
            return None
        if kind is int and not is_whole(v):
            raise self.fail(key, f"must be a whole number, not {v!r}")
        if kind is bool and not isinstance(v, bool):
            raise self.fail(key, f"must be true or false, not {v!r}")
        if kind is str and not isinstance(v, str):
            raise self.fail(key, f"must be text, not {v!r}")
        if kind is list and not isinstance(v, list):
            raise self.fail(key, f"must be a list, not {v!r}")
        if kind is dict and not isinstance(v, dict):
            raise self.fail(key, f"must be an object, not {v!r}")
        return v

    def cards(self, key: str, default: Any = ...) -> list[Card]:
        if isinstance(self.data.get(key), list):
            raise self.fail(key, "write cards as one text, e.g. \"7♥ 8♥ Jk\"")
        v = self.get(key, str, default)
        try:
            return [parse_card(t) for t in v.split()] if isinstance(v, str) else v
        except ParseError as e:
            raise self.fail(key, str(e)) from None

    def card(self, key: str) -> Card | None:
        v = self.get(key, str, None, allow_none=True)
        if v is None:
            return None
        try:
            return parse_card(v)
        except ParseError as e:
            raise self.fail(key, str(e)) from None

    def seat(self, key: str, players: int, default: Any = ...) -> int:
        v = self.get(key, int, default)
        if not 0 <= v < players:
            raise self.fail(key, f"seat {v} does not exist in a game of {players}")
        return v

    def seat_or_none(self, key: str, players: int) -> int | None:
        """A seat, or None when the key is missing or null."""
        return None if self.data.get(key) is None else self.seat(key, players)


def _parse_json(text: str | bytes) -> dict:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("the file is not UTF-8 text: it is damaged or not a save file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        if e.msg.endswith(" at"):  # ("Unterminated string starting at": the place ends the words)
            raise SaveError(f"the file is not valid JSON: {e.msg} line {e.lineno}, column {e.colno}") from None
        raise SaveError(f"the file is not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
    if not isinstance(data, dict):
        raise SaveError("the file does not hold a save (expected a JSON object)")
    if data.get("format", FORMAT) != FORMAT:
        raise SaveError(f"format {data.get('format')!r} is not a Rummy 5000 save")
    version = data.get("version", VERSION)
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveVersionError(f"version {version} comes from a newer version of the game "
                               f"(this one reads 1 to {VERSION})")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"version {version!r} is not one this game can read (it reads 1 to {VERSION})")
    return data


def _rules(r: _Reader) -> Rules:
    raw = r.data.get("rules", {"preset": "rummy5000"})
    if isinstance(raw, str):
        raw = {"preset": raw}
    if not isinstance(raw, dict):
        raise r.fail("rules", "must be an object such as {\"preset\": \"rummy500\"}")
    try:
        return Rules.from_dict(raw)
    except RulesError as e:
        raise r.fail("rules", str(e)) from None


def _parse_shape(text: str) -> tuple:
    t = text.strip()
    if t == "wilds":
        return (WILDS,)
    parts = t.split(":")
    if parts[0] == "set" and len(parts) == 2:
        if parts[1].lower() == "jk":
            return (SET, 0)
        return (SET, parse_card(parts[1] + "♣").rank)
    if parts[0] == "run" and len(parts) == 2:
        c = parse_card(parts[1])
        return (RUN, c.suit, c.rank)
    raise ParseError(f"{text!r} is not a meld shape (set:7, run:6♥ or wilds)")


def _covers_wild(ctx: MeldContext, m: Meld, idx: int, card: Card) -> bool:
    """Whether ``card`` is the real card for the wild at ``idx`` of ``m``."""
    c = m.cards[idx]
    if c not in ctx.wilds or card in ctx.wilds:
        return False
    if m.kind == RUN:
        p = m.lo + idx
        return (not natural_at(ctx, c, RUN, 0, m.suit, p)
                and (card >> 4) & 7 == m.suit and card & 15 == (1 if p == 14 else p))
    if m.kind == SET:
        return not natural_at(ctx, c, SET, m.rank) and card & 15 == m.rank
    return False


def _read_meld(tr: _Reader, i: int, md: Any, ctx: MeldContext, players: int, default_id: int) -> Meld:
    """The table's meld number ``i``, checked: a valid set, run or group of wilds, its cards
    in order, each card's seat, and the real cards that cover its wilds."""
    if not isinstance(md, dict):
        raise tr.fail(f"melds[{i}]", "must be an object with shape and cards")
    mr = _Reader(md, f"table.melds[{i}].")
    try:
        shape = _parse_shape(mr.get("shape", str))
    except ParseError as e:
        raise mr.fail("shape", str(e)) from None
    cards = mr.cards("cards")
    owner = mr.seat("owner", players, 0)
    by = mr.get("by", list, [owner] * len(cards))
    if len(by) != len(cards) or not all(_is_seat(s, players) for s in by):
        raise mr.fail("by", f"must name a seat for each of the {len(cards)} cards")
    covers = {}
    for k, v in mr.get("covers", dict, {}).items():
        try:
            idx = int(k)
            if not isinstance(v[0], str) or not is_whole(v[1]):
                raise TypeError
            covers[idx] = (parse_card(v[0]), v[1])
        except (ValueError, TypeError, IndexError, KeyError, ParseError):
            raise mr.fail("covers", f"entry {k!r} must be [card, seat]") from None
        if not 0 <= idx < len(cards):
            raise mr.fail("covers", f"index {idx} is not a card of the meld")
        if not 0 <= v[1] < players:
            raise mr.fail("covers", f"seat {v[1]} does not exist in a game of {players}")
    mid = mr.get("id", int, default_id)
    double = frozenset(mr.cards("double", ""))
    if not double <= set(cards):
        raise mr.fail("double", "names cards that are not in the meld")
    kind = shape[0]
    if kind == RUN:
        slots, why = arrange_run(ctx, cards, shape[1], shape[2], new=False)
        if slots is None:
            raise mr.fail("cards", f"not a valid run: {why}")
        for j, c in enumerate(cards):
            if c not in ctx.wilds and not natural_at(ctx, c, RUN, 0, shape[1], shape[2] + j):
                raise mr.fail("cards", "list a run's cards in order, lowest first, wilds in their places")
        m = Meld(mid, owner, RUN, 0, shape[1], shape[2], cards, by, covers, double)
    elif kind == SET:
        why = check_set(ctx, cards, shape[1], new=False)
        if why:
            raise mr.fail("cards", f"not a valid set: {why}")
        m = Meld(mid, owner, SET, shape[1], 0, 0, cards, by, covers, double)
    else:
        why = check_wilds(ctx, cards, new=False)
        if why:
            raise mr.fail("cards", f"not a valid group of wilds: {why}")
        m = Meld(mid, owner, WILDS, 0, 0, 0, cards, by, covers)
    for idx, (card, _) in covers.items():
        probe = Meld(mid, owner, m.kind, m.rank, m.suit, m.lo, cards, by, {})
        if not _covers_wild(ctx, probe, idx, card):
            raise mr.fail("covers", f"the {card} is not the real card for the wild at index {idx}")
    return m


def _read_turn_log(tr: _Reader, players: int) -> list:
    """The turn's log (what Undo takes back), entry by entry."""
    log: list = []
    for i, e in enumerate(tr.get("turn_log", list, [])):
        try:
            pub = tuple(parse_card(x) for x in e.get("public", "").split())
            up = e.get("upcard")
            tail = (pub, None if up is None else parse_card(up))
            if "meld" in e:
                log.append(("meld", int(e["meld"]), tuple(parse_card(x) for x in e["cards"].split()))
                           + tail)
            elif "layoff" in e:
                log.append(("layoff", int(e["layoff"]), parse_card(e["card"])) + tail)
            else:
                w = e.get("wild")
                # the wild's place in the meld, and who had laid the wild won back
                if not (is_whole(e["index"]) and e["index"] >= 0 and _is_seat(e["by"], players)):
                    raise TypeError
                log.append(("cover", int(e["cover"]), parse_card(e["card"]), e["index"],
                            None if w is None else parse_card(w), e["by"], e.get("double") is True)
                           + tail)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise tr.fail(f"turn_log[{i}]", "is not a meld, layoff or cover entry") from None
        # (Undo makes them known in the hand again)
        played = log[-1][2] if log[-1][0] == "meld" else (log[-1][2],)
        if not set(pub) <= set(played) or tail[1] not in (None, *played):
            raise tr.fail(f"turn_log[{i}]", "its public cards and upcard must be among the cards it played")
    return log


def _read_stock(g: GameState, t: dict, tr: _Reader) -> None:
    """The stock: as written, or (``"stock": "rest"``) every card the save does not name,
    shuffled by the seed; either way every card of the pack must be somewhere, once."""
    stock_raw = t.get("stock", "")
    named = [c for h in g.hands for c in h] + g.pile + g.set_aside
    for m in g.melds:
        named += m.all_cards()
    if stock_raw == "rest":
        rest = Counter(g.pack)
        rest.subtract(named)
        if any(v < 0 for v in rest.values()):
            bad = [str(c) for c, v in rest.items() if v < 0]
            raise SaveError(f"table: {', '.join(bad)} named more often than the pack holds")
        g.stock = sorted(c for c, v in rest.items() for _ in range(v))
        random.Random(f"{g.seed}/stock").shuffle(g.stock)
    else:
        g.stock = tr.cards("stock", "")
    have = Counter(named + g.stock)
    want = Counter(g.pack)
    if have != want:
        extra = sorted(str(c) for c in (have - want).elements())
        missing = sorted(str(c) for c in (want - have).elements())
        msg = []
        if extra:
            msg.append(f"not in the pack or named twice: {' '.join(extra[:8])}")
        if missing:
            msg.append(f"missing: {' '.join(missing[:8])}" + (" ..." if len(missing) > 8 else ""))
        raise SaveError("table: the cards do not add up to the pack (" + "; ".join(msg)
                        + "); write \"stock\": \"rest\" to put every unnamed card in the stock")


def _read_knowledge(g: GameState, tr: _Reader) -> None:
    """What each seat has shown (upcards, cards known in hands), who floats, and how many
    turns each has had this round."""
    players = g.players
    ups = tr.get("upcards", list, [None] * players)
    if len(ups) != players:
        raise tr.fail("upcards", f"must have {players} entries")
    try:
        g.upcards = [None if u is None else parse_card(u) for u in ups]
    except (ParseError, AttributeError):
        raise tr.fail("upcards", "entries must be cards or null") from None
    known = tr.get("known", list, [""] * players)
    if len(known) != players:
        raise tr.fail("known", f"must have {players} entries")
    try:
        g.known = [set(parse_card(x) for x in k.split()) for k in known]
    except (ParseError, AttributeError):
        raise tr.fail("known", "entries must be texts of cards") from None
    for s in range(players):
        up = g.upcards[s]
        if up is not None:
            g.known[s].add(up)
        if not g.known[s] <= set(g.hands[s]):
            raise tr.fail("known", f"seat {s} is said to hold cards not in its hand")
    g.floating = tr.get("floating", list, [False] * players)
    g.turns = tr.get("turns", list, [0] * players)
    if len(g.floating) != players or not all(isinstance(x, bool) for x in g.floating):
        raise tr.fail("floating", f"must be {players} values true or false")
    if len(g.turns) != players or not all(is_whole(x) and x >= 0 for x in g.turns):
        raise tr.fail("turns", f"must be {players} whole numbers")
    for s in range(players):
        # a floater holds no cards, but in its own turn the one card it drew (or, with
        # swaps, the wild that card won back from the table)
        own_turn = tr.data.get("phase", DRAW) in (PLAY, CALL) and s == tr.data.get("current")
        if g.floating[s] and len(g.hands[s]) > (1 if own_turn else 0):
            held = "more than one card" if own_turn else "cards"
            raise tr.fail("floating", f"seat {s} floats but holds {held}")


def _check_turn_state(g: GameState, tr: _Reader) -> None:
    """The turn's record agrees with the phase, and the seat to act can act."""
    ids = [m.id for m in g.melds]
    if g.phase == DRAW:  # a turn starts with none of a turn's duties or record (see _start_turn)
        for name, under_way in (("took_top", g.took_top is not None), ("must_use", g.must_use is not None),
                                ("stock_card", g.stock_card is not None), ("taken", len(g.taken) > 0),
                                ("turn_log", len(g.turn_log) > 0), ("melds_this_turn", g.melds_this_turn != 0)):
            if under_way:
                raise tr.fail(name, "belongs to a turn under way, not to one about to draw")
    if g.phase == ROUND_OVER and g.results and g._game_winners(g.results[-1].went_out) is not None:
        raise tr.fail("phase", "is round_over, but the scores have ended the game (it would be game_over)")
    if g.phase == CALL and g.resume_seat is None:
        raise tr.fail("resume_seat", "a caller's turn (phase call) needs the seat that plays next")
    if g.phase in (PLAY, CALL) and not g.hands[g.current] and not g.floating[g.current]:
        raise tr.fail("phase", f"seat {g.current} is to play but holds no cards")
    if g.phase in (DRAW, PLAY, CALL):
        for s in range(g.players):
            # a seat whose hand is played out floats, or went out: then the round is
            # over, unless the seats yet to play a first turn still get theirs
            out = g.first_out_turn and g.went_out is not None and g.turns[s] > 0 and s != g.current
            if not g.hands[s] and not g.floating[s] and not out:
                raise tr.fail("hands", f"seat {s} holds no cards and does not float: the round would be over")
    if g.melds_this_turn < 0 or g.next_meld_id <= max(ids, default=0):
        raise tr.fail("next_meld_id", "must be above every meld's id")
    if g.phase in (PLAY, CALL) and g.melds_this_turn != sum(1 for e in g.turn_log if e[0] == "meld"):
        raise tr.fail("melds_this_turn", "must count the melds in the turn's log")
    if g.call_open and not g.pile:
        raise tr.fail("call_open", "a call window needs a discard on the pile")
    if g.call_open and g.discarder is None:
        raise tr.fail("discarder", "a call window is open: name the seat whose discard it is")
    if g.turn_log:
        _check_turn_log(g, tr)
    if g.phase in (DRAW, PLAY, CALL) and not g.legal_actions():
        # (a card it must use that it does not hold, say): the game could not go on
        raise tr.fail("phase", f"seat {g.current} is to act but could make no legal move")


SCORE_LIMIT = 10**9  # points: no game comes near; a larger score is a damaged (or edited) file


def position_from_dict(data: dict) -> GameState:
    """A position from a save's JSON object, every field checked as it is read (the rules,
    the seats and scores, the hands and pile, the melds, the stock, what each seat has
    shown, the turn under way); :class:`SaveError` names the first field that is wrong."""
    if "format" not in data and "table" not in data:  # another program's JSON, say
        raise SaveError("the file does not hold a Rummy 5000 save (it has neither \"format\" nor \"table\")")
    r = _Reader(data)
    rules = _rules(r)
    players = r.get("players", int, None)
    t = r.get("table", dict)
    tr = _Reader(t, "table.")
    hands_raw = tr.get("hands", list)
    if players is None:
        players = len(hands_raw)
    if len(hands_raw) != players:
        raise tr.fail("hands", f"has {len(hands_raw)} hands for {players} players")
    why = rules.players_problem(players)
    if why:
        raise r.fail("players", why)
    decks = r.get("decks", int, rules.decks_for(players))
    if not 1 <= decks <= 4:
        raise r.fail("decks", f"must be 1 to 4, not {decks}")
    g = object.__new__(GameState)
    g.rules = rules
    g.players = players
    g.decks = decks
    g.seed = r.get("seed", int, 0)
    g.pack = tuple(build_pack(decks, rules.jokers_per_deck, rules.lowest_rank))
    g.round_no = r.get("round", int, 1)
    if g.round_no < 1:
        raise r.fail("round", f"rounds are counted from 1, not {g.round_no}")
    g.dealer = r.seat("dealer", players, players - 1)
    g.scores = r.get("scores", list, [0] * players)
    if len(g.scores) != players or not all(is_whole(s) for s in g.scores):
        raise r.fail("scores", f"must be {players} whole numbers")
    if any(abs(s) >= SCORE_LIMIT for s in g.scores):
        raise r.fail("scores", f"{max(g.scores, key=abs):,} points cannot come from play "
                               f"(a score stays under {SCORE_LIMIT:,})")
    try:
        g.results = [RoundResult.from_dict(x) for x in r.get("results", list, [])]
    except (KeyError, TypeError):
        raise r.fail("results", "an entry lacks round, reason, went_out, melded, in_hand, bonus or points") from None
    if any(x.final_to is not None and not _is_seat(x.final_to, players) for x in g.results):
        raise r.fail("results", f"final_to must be a seat, 0 to {players - 1}")
    g.winners = tuple(r.get("winners", list, []))
    names = r.get("names", list, None, allow_none=True)
    if names is not None and (len(names) != players or not all(isinstance(n, str) for n in names)):
        raise r.fail("names", f"must be {players} names")
    g.names = tuple(names) if names else None
    wr = tr.get("wild_rank", str, None, allow_none=True)
    if wr is None:
        g.wild_rank = None
    else:
        try:
            g.wild_rank = parse_card(wr + "♣").rank
            if not 1 <= g.wild_rank <= 13:
                raise ParseError(wr)
        except ParseError:
            raise tr.fail("wild_rank", f"{wr!r} is not a rank (A, 2 .. 10, J, Q, K)") from None
    g.indicator = tr.card("indicator")
    g.set_aside = tr.cards("set_aside", "")
    g.hands = []
    for i, h in enumerate(hands_raw):
        if not isinstance(h, str):
            raise tr.fail(f"hands[{i}]", "write a hand as one text, e.g. \"7♥ 8♥ Jk\"")
        try:
            g.hands.append([parse_card(x) for x in h.split()])
        except ParseError as e:
            raise tr.fail(f"hands[{i}]", str(e)) from None
    g.pile = tr.cards("pile", "")
    ctx = MeldContext(rules, g.wild_rank, decks, g.pack)
    g.ctx = ctx
    g.melds = [_read_meld(tr, i, md, ctx, players, i + 1) for i, md in enumerate(tr.get("melds", list, []))]
    ids = [m.id for m in g.melds]
    if len(set(ids)) != len(ids):
        raise tr.fail("melds", "two melds share an id")
    g.next_meld_id = tr.get("next_meld_id", int, max(ids, default=0) + 1)
    _read_stock(g, t, tr)
    _read_knowledge(g, tr)
    g.phase = tr.get("phase", str, DRAW)
    if g.phase not in PHASES:
        raise tr.fail("phase", f"must be one of {', '.join(PHASES)}")
    g.current = tr.seat("current", players, (g.dealer + 1) % players)
    g.turn_seat = tr.seat("turn_seat", players, g.current)
    g.reshuffles = tr.get("reshuffles", int, 0)
    if g.reshuffles < 0:
        raise tr.fail("reshuffles", f"counts the times the pile became the stock, not {g.reshuffles}")
    g.table_at_reshuffle = tr.get("table_at_reshuffle", int, None, allow_none=True)
    if g.table_at_reshuffle is not None and not 0 <= g.table_at_reshuffle <= g.cards_on_table():
        # (the table only gains cards in a round: Undo takes back no more than the turn's)
        raise tr.fail("table_at_reshuffle", f"counts cards in melds, 0 to the {g.cards_on_table()} there now")
    g.took_top = tr.card("took_top")
    g.must_use = tr.card("must_use")
    g.stock_card = tr.card("stock_card")
    g.turn_log = _read_turn_log(tr, players)
    g.melds_this_turn = tr.get("melds_this_turn", int, 0)
    g.taken = tuple(tr.cards("taken", ""))
    g.call_open = tr.get("call_open", bool, False)
    g.discarder = tr.seat_or_none("discarder", players)
    g.resume_seat = tr.seat_or_none("resume_seat", players)
    g.went_out = tr.seat_or_none("went_out", players)
    g.grace = tr.get("grace", list, [])
    if not all(_is_seat(x, players) for x in g.grace):
        raise tr.fail("grace", f"must list seats from 0 to {players - 1}")
    g.first_out_turn = tr.get("first_out_turn", bool, False)
    _check_turn_state(g, tr)
    return g


def _check_turn_log(g: GameState, tr: _Reader) -> None:
    """Taking back every entry of the turn's log, the last first, must work and keep
    every card: a log that names melds or cards the table does not have would only
    break later, when the player presses Undo."""
    w = g.copy()
    w.phase = PLAY
    seat = w.current
    bad = tr.fail("turn_log", "does not match the melds on the table")
    try:
        while w.turn_log:
            kind, meld_id, card = w.turn_log[-1][:3]
            m = w.meld_by_id(meld_id)
            if m is None:
                raise bad
            if kind == "meld" and (m.owner != seat or Counter(m.cards) != Counter(card)):
                raise bad  # the meld made this turn, as it was made (later lay-offs undone first)
            if kind == "layoff" and not any(c == card and b == seat for c, b in zip(m.cards, m.by)):
                raise bad
            w._undo(seat)
    except (EngineError, ValueError, KeyError, IndexError, AttributeError, TypeError):
        raise bad from None
    if Counter(w.all_cards()) != Counter(w.pack):
        raise bad


def loads_position(text: str | bytes) -> GameState:
    """Read a position (or a game save); :class:`SaveError` names what is wrong."""
    data = _parse_json(text)
    if data.get("kind") == "record":
        return loads_record(text)[0]
    try:
        return position_from_dict(data)
    except SaveError:
        raise
    except (EngineError, KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(f"the save could not be read: {e}") from None


loads_game = loads_position


def loads_record(text: str | bytes) -> tuple[GameState, list[str]]:
    """Replay a record; returns the final state and the action texts."""
    data = _parse_json(text)
    r = _Reader(data)
    rules = _rules(r)
    players = r.get("players", int)
    seed = r.get("seed", int)
    names = r.get("names", list, None, allow_none=True)
    dealer = r.get("dealer", int, None, allow_none=True)
    actions = r.get("actions", list, [])
    try:
        g, _ = new_game(rules, players, seed=seed, names=names, dealer=dealer)
    except RulesError as e:
        raise r.fail("rules", str(e)) from None
    for i, text_ in enumerate(actions):
        if not isinstance(text_, str):
            raise r.fail(f"actions[{i}]", "must be text such as \"draw\"")
        try:
            if text_.strip() == "next":
                g.next_round()
            else:
                g.apply(parse_action(text_))
        except EngineError as e:
            raise r.fail(f"actions[{i}]", f"{text_!r}: {e}") from None
    return g, list(actions)


__all__ = [
    "dumps_game", "dumps_position", "dumps_record", "loads_game", "loads_position", "loads_record",
    "position_dict", "position_from_dict",
]
