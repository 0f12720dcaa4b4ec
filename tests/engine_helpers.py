"""Small helpers shared by the engine tests: hand-written positions and play by text.

A position is written as a JSON-like dict (see ``game.engine.save``); ``position``
fills in the usual fields, puts every card not named into the stock and can stack
chosen cards on top of the stock so that the next draws are known.
"""

from __future__ import annotations

import random
from collections import Counter

from game.engine import Rules, parse_action, parse_card, parse_cards
from game.engine.save import position_from_dict


def C(text: str):
    """One card from its text form."""
    return parse_card(text)


def cards(text: str) -> list:
    return parse_cards(text)


def rules_dict(rules) -> dict:
    if rules is None:
        return {"preset": "rummy5000"}
    if isinstance(rules, Rules):
        return rules.to_dict()
    if isinstance(rules, str):
        return {"preset": rules}
    return dict(rules)


def position(hands, *, rules=None, pile: str = "", melds=(), wild=None, top: str = "",
             players: int | None = None, **table):
    """A state from hand texts; ``top`` lists the next stock cards, first drawn first."""
    t = {"hands": list(hands), "pile": pile, "melds": list(melds), "stock": "rest",
         "wild_rank": wild}
    extra = {k: table.pop(k) for k in ("dealer", "scores", "round", "decks", "seed", "results")
             if k in table}
    t.update(table)
    data = {"rules": rules_dict(rules), "players": players or len(hands), "table": t, **extra}
    g = position_from_dict(data)
    stack(g, top)
    return g


def stack(g, text: str) -> None:
    """Move the named cards to the top of the stock, the first named on top."""
    for c in reversed(parse_cards(text)):
        g.stock.remove(c)
        g.stock.append(c)


def meld(owner: int, shape: str, text: str, by=None, covers=None, id=None) -> dict:
    d = {"owner": owner, "shape": shape, "cards": text}
    if by is not None:
        d["by"] = by
    if covers is not None:
        d["covers"] = covers
    if id is not None:
        d["id"] = id
    return d


def play(g, *texts: str) -> list:
    """Apply each action text in turn; returns every event."""
    out = []
    for t in texts:
        out += g.apply(parse_action(t))
    return out


def legal_texts(g, seat=None) -> list[str]:
    return [str(a) for a in g.legal_actions(seat)]


def card_multiset(g) -> Counter:
    return Counter(g.all_cards())


def assert_pack_intact(g) -> None:
    assert Counter(g.all_cards()) == Counter(g.pack)


def hand_text(g, seat: int) -> list[str]:
    return sorted(str(c) for c in g.hands[seat])


def playing(hand: str, *, rules=None, wild=None, melds=(), others=("",), **table):
    """Seat 0 holds ``hand`` and has drawn: it may meld, lay off and discard. The
    other hands are ``others``; an empty one, of a seat that does not float, gets one
    card that no text names (a hand that holds nothing and does not float would have
    ended the round)."""
    floating = table.get("floating") or [False] * (1 + len(others))
    named = " ".join([hand, *others, table.get("pile", ""), table.get("top", ""),
                      *(m["cards"] for m in melds)])
    filled = []
    for seat, text in enumerate(others, start=1):
        if not text and not floating[seat]:
            text = spare_card(named)
            named += " " + text
        filled.append(text)
    return position([hand, *filled], rules=rules, wild=wild, melds=melds, phase="play", current=0,
                    **table)


def spare_card(named: str) -> str:
    """The text of a plain card that ``named`` does not mention."""
    used = set(named.split())
    return next(t for t in (f"{r}{s}" for s in "♣♦♥♠" for r in ("K", "Q", "J", "10", "9", "8", "7"))
                if t not in used)


def attempt(g, text: str):
    """Apply one action; returns None if it was accepted, else the refusal message."""
    from game.engine import IllegalActionError

    try:
        g.apply(parse_action(text))
    except IllegalActionError as e:
        return str(e)
    return None


def shuffled_packs(preset: str, opts: dict, count: int, step: int, seeds=(1, 7)):
    """For each of ``seeds``, a game of four dealt with that seed, and ``count`` shuffles of
    its pack: yields ``(ctx, t, rng, pack)``, ``rng`` seeded ``t * step + seed`` and
    already used for the shuffle."""
    from game.engine.state import new_game

    for seed in seeds:
        g, _ = new_game(Rules.preset(preset, **opts), 4, seed=seed)
        for t in range(count):
            rng = random.Random(t * step + seed)
            pack = list(g.pack)
            rng.shuffle(pack)
            yield g.ctx, t, rng, pack
