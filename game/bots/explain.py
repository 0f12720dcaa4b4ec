"""Why a hint: a few words on the normal player's draw or discard, for a person to learn from.

The hint itself is the normal bot's choice (see :mod:`game.bots.normal`); this module
only says, from the same seat's view, what speaks for it, in facts the person can check
on the table.  A take is explained by the normal bot's own plan for the hand with the
taken cards (the meld the card goes into, or the meld it is laid off on, and whether the
seat can then go out); a stock draw by what the top card of the pile would not do; a
discard by what the card goes with, how its chances compare with the rest of the hand,
and what the next player has taken.  It never claims more than the view shows (a
discard is never called "safe": hidden hands may still want it).  Melds, lay-offs and
calls get no reason, except a meld or lay-off that plays the last cards: it says the
seat floats, and why it could not go out on a discard instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from typing import Any

from game.engine import (
    Action,
    Card,
    Cover,
    Discard,
    DrawStock,
    EngineError,
    LayOff,
    MeldCards,
    TakePile,
)
from game.engine.cards import card_name, cards_name
from game.engine.view import PlayerView

from .tactics import Analysis, face, partners, plan_steps


def hint_reason(view: PlayerView, action: object) -> str | None:
    """A short reason for ``action``, the hint in the seat's ``view`` ("it melds with your
    7♣ 7♦"), or None when there is nothing useful to say."""
    if isinstance(action, Discard):
        return _discard_reason(view, action.card)
    if isinstance(action, TakePile) and action.card in view.pile:
        return _take_reason(view, list(view.pile[view.pile.index(action.card):]))
    if isinstance(action, DrawStock) and view.pile:
        return _draw_reason(view)
    if isinstance(action, (MeldCards, LayOff, Cover)):
        cards = action.cards if isinstance(action, MeldCards) else (action.card,)
        why = _last_cards_reason(view, cards)
        if why is None:
            why = _then_out(view, action, cards)
        if why is None and isinstance(action, MeldCards):
            why = _more_melds(view, action)
        return why
    return None


def _then_out(view: PlayerView, action: Action, cards: Sequence[Card]) -> str | None:
    """"then you go out by discarding the Q♠" where the move leaves one card, and the rules
    let that card be thrown to go out (the point of the move, which a tester missed)."""
    left = [k for k in view.hand if k not in cards]
    if len(left) != 1:
        return None
    g = view.determinize(random.Random(0))  # (legality never depends on the hidden cards)
    try:
        g.apply(action)
    except EngineError:
        return None
    if g.is_legal(Discard(left[0])):
        return f"then you go out by discarding the {_one(view, left[0])}"  # (a wild named as one)
    # the last card may not be thrown (it fits a meld, where only a card that fits none may
    # go out): the move leads to floating, which the hint did not say (a tester)
    fits = sorted({a.meld for a in g.legal_actions() if isinstance(a, (LayOff, Cover)) and a.card == left[0]
                   and isinstance(a.meld, int)})
    if view.rules.floats and fits:
        return (f"then your {_one(view, left[0])} fits #{fits[0]}, so it cannot be thrown to go out: "
                "laid off too, it leaves you floating")
    return None


def _more_melds(view: PlayerView, meld: MeldCards) -> str | None:
    """"2 more melds can follow this turn" when the plan lays down more after this one (a
    hint shows one move at a time, the richest meld first)."""
    hand = list(view.hand)
    must = view.must_use if view.must_use in hand else None
    steps, _ = plan_steps(Analysis(view), hand, must)
    melds = [s.cards for s in steps if isinstance(s, MeldCards)]
    if len(melds) < 2 or set(meld.cards) not in [set(m) for m in melds]:
        return None
    more = len(melds) - 1
    return f"{more} more meld{'s' if more > 1 else ''} can follow this turn"


def _last_cards_reason(view: PlayerView, cards: Sequence[Card]) -> str | None:
    """What a meld or lay-off that plays the last cards does: goes out, where that needs no
    discard, or (where it does not go out) floats."""
    if set(view.hand) - set(cards):
        return None
    if view.rules.out_by_playing_all:
        return "that plays your last cards, so you go out"
    if not view.rules.floats:
        return None
    if view.floating[view.seat]:  # (what floating is, said again to a floating player: a tester)
        return "that plays your last card, so you float on"
    if view.rules.going_out == "discard_unplayable":
        # (what floating is, not a warning: the move is fine, and read as one it confused)
        return ("that plays your last cards, so you float: you draw on your turns, and go out by "
                "throwing a card that fits no meld")
    return "that plays your last cards, so you float"


def _named(cards: Sequence[int], wilds, whose: str) -> str:
    """``cards`` for a sentence: "your 8♠ 9♠", "your 8♠ and wild 2♥", "the wilds 2♥ 2♣"."""
    plain = [k for k in cards if k not in wilds]
    wild = [k for k in cards if k in wilds]
    label = ("wilds " if len(wild) > 1 else "wild ") + cards_name(wild)
    if plain and wild:
        return f"{whose} {cards_name(plain)} and {label}"
    return f"{whose} {label if wild else cards_name(plain)}"


def _one(view: PlayerView, card: Card) -> str:
    """A card by name, a wild one named as wild ("wild K♥")."""
    return ("wild " if card in view.ctx.wilds else "") + card_name(card)


def _goes_with(view: PlayerView, card: Card, cards: Sequence[Card]) -> list[Card]:
    """The natural cards of ``cards`` of ``card``'s rank, or near it in its suit, as this
    game's melds go (sets, runs, an ace next to a king where aces are high)."""
    ctx = view.ctx
    near = [k for k in cards if k != card and k not in ctx.wilds and partners(card, [k], ctx.wilds, ctx) != (0, 0)]
    if ctx.allow_runs and near and card not in ctx.wilds and ctx.run_positions(card):
        # a card of the suit one further on, with a partner between: the 5♣ in 2♣ 4♣ 5♣,
        # which wants only the 3♣ (not "it goes only with your 4♣")
        suit = Card(card).suit
        between = [j for j in near if Card(j).suit == suit]
        near += [k for k in cards if k != card and k not in near and k not in ctx.wilds and Card(k).suit == suit
                 and any(_spans(ctx, (card, j, k)) <= ctx.min_meld for j in between)]
    return _ranked(near)


def _spans(ctx: Any, cards: Sequence[Card]) -> int:
    """The fewest run positions from the lowest of ``cards`` to the highest (3♣ 4♣ 5♣: 2),
    reading an ace high or low, whichever is nearer; 99 where they make no run."""
    return min((max(spot) - min(spot) for spot in product(*(ctx.run_positions(k) for k in cards))
                if len(set(spot)) == len(spot)), default=99)


def _twins(card: Card, cards: Sequence[Card]) -> str:
    """``cards`` by name, where one is ``card``'s twin of a second deck as "other": "the
    other 9♣", "your other 9♣ 10♣" ("it goes with the 9♣ …" of the 9♣ thrown read as a
    slip, a tester)."""
    twin = [k for k in cards if k & 127 == card & 127]
    rest = [k for k in cards if k & 127 != card & 127]
    return " ".join(([f"other {card_name(twin[0])}"] if twin else []) + ([cards_name(rest)] if rest else []))


def _ranked(cards: Sequence[Card]) -> list[Card]:
    """``cards`` in rank order, to be named so: "your 4♠ 7♠ K♣"."""
    return sorted(cards, key=lambda k: (k & 15, (k >> 4) & 7))


def _but_wilds(view: PlayerView, cards: Sequence[Card]) -> str:
    """" but wilds" when ``cards`` hold a wild (which goes with anything), else ""."""
    return " but wilds" if any(k in view.ctx.wilds for k in cards) else ""


def _plan_for(an: Analysis, hand: Sequence[Card], card: Card,
              must: Card | None) -> tuple[tuple[str, Any] | None, list[Card], float]:
    """How the normal bot's plan for ``hand`` uses ``card``: ("meld", the other cards of its
    meld), ("onto", a table meld's id) or None, with the cards the plan leaves in hand and
    the points it puts down."""
    steps, plan = plan_steps(an, hand, must)
    use: tuple[str, Any] | None = None
    for s in steps:
        if isinstance(s, MeldCards) and card in s.cards:
            use = ("meld", [k for k in s.cards if k != card])
        elif isinstance(s, (LayOff, Cover)) and s.card == card:
            if isinstance(s.meld, int):
                use = ("onto", s.meld)
            else:  # ("new", i): onto a meld the plan makes this turn
                use = ("meld", [k for k in plan.melds[s.meld[1]][0] if k != card])
        if use is not None:
            break
    return use, plan.left, an.plan_gain(plan)


def _take_reason(view: PlayerView, taken: list[Card]) -> str | None:
    card = taken[0]  # the deepest card taken, the one the take is for
    rules = view.rules
    hand = list(view.hand)
    top = len(taken) == 1
    must = card if rules.take_must_use(top) else None
    an = Analysis(view)
    use, left, _ = _plan_for(an, hand + taken, card, must)
    wilds = view.ctx.wilds
    if use is None:
        if card in wilds:  # (a wild goes with anything: it said nothing, a tester)
            return "it is wild, and a wild card can stand in for a card of any meld"
        near = _goes_with(view, card, hand)
        if near:
            return f"it goes with your {cards_name(near[:3])}"
        # taken for its worth alone, by the normal player's sums: a costly card said so, in
        # points both ways (a take of an ace that went with nothing said nothing, a tester)
        value = an.value[card]
        if an.gain(card) and value > an.avg_unseen:
            cost = (f"its {value} go to whoever goes out" if rules.out_collects_hands
                    else f"it counts {value} against you")
            return f"it goes with none of your cards yet, but melded it scores {value} points (left in your hand, {cost})"
        return "it goes with none of your cards yet, but it is likelier to be of use than a card from the stock"
    if use[0] == "onto":
        words = f"it can be laid off on #{use[1]}"
    else:
        mine = [k for k in use[1] if k in hand]
        also = [k for k in use[1] if k not in hand]  # (cards above it in the pile)
        parts = ([_named(mine, wilds, "your")] if mine else []) + \
            ([_named(also, wilds, "the") + " you take with it"] if also else [])
        words = "it melds with " + (", and " if " and " in parts[0] else " and ").join(parts)
    stuck = top and rules.top_take_no_return and left == [card]  # (the taken card may not go back)
    if _out_with(rules, left) and not stuck:
        words += ", and then you can go out"
    elif len(left) - 1 > len(hand):  # (the hand grows): say so when someone is close to going out
        rivals = [s for s in range(view.players) if view.side_of(s) != view.side_of(view.seat)]
        close = _near_out(view, rivals)
        if close:  # (where the one who goes out collects the hands, a hand costs its holder
            # nothing: "count against you" was loose there, a tester)
            words += (f"; careful: {close}: the cards you keep would go to whoever goes out"
                      if rules.out_collects_hands else
                      f"; careful: {close}: the cards you keep would count against you")
    return words


def _near_out(view: PlayerView, rivals: Sequence[int]) -> str | None:
    """The rivals down to two cards or fewer, by name, fewest first: "Chloe has 1 card left
    and may go out", "Ben is floating and Chloe has 1 card left, and either may go out" (it
    said "a player with 0 cards left" of a floating player, and named one of two: a tester)."""
    close = sorted((view.hand_sizes[s], s) for s in rivals if view.hand_sizes[s] <= 2)
    if not close:
        return None
    if len(close) > 2:
        return f"{len(close)} players have 2 cards or fewer, and any of them may go out"
    said = [f"{view.seat_name(s)} is floating" if n == 0 else
            f"{view.seat_name(s)} has {n} card{'s' if n != 1 else ''} left" for n, s in close]
    if len(said) == 1:
        return f"{said[0]} and may go out"
    return f"{said[0]} and {said[1]}, and either may go out"


def _out_with(rules: Any, left: Sequence[Card]) -> bool:
    """Whether a plan that leaves ``left`` in hand goes out: all down but the discard, or
    all down where that goes out with no discard (Rummy 500, basic rummy; elsewhere a
    player with no cards floats)."""
    return len(left) == 1 or (not left and rules.out_by_playing_all)


def _deep_take_reason(view: PlayerView, an: Analysis, hand: list[Card]) -> str | None:
    """Where a card deeper in the pile would meld: what taking down to it costs (the cards
    above it that would stay in hand), so a reason about the top card alone does not mislead;
    a take that would let the seat go out comes first, whatever its depth."""
    pile = view.pile
    legal = {a.card for a in view.legal_actions() if isinstance(a, TakePile)}
    found = []  # (depth, what the plan does with it, the cards it leaves, the points it puts down)
    for i in range(len(pile) - 2, max(-1, len(pile) - 10), -1):  # (the shallowest first)
        if pile[i] not in legal:
            continue
        use, left, points = _plan_for(an, hand + list(pile[i:]), pile[i], pile[i])
        if use is not None:
            found.append((i, use, left, points))
    if not found:
        return None
    out = next((f for f in found if _out_with(view.rules, f[2])), None)  # (all down but the discard)
    if out is not None:
        # going out collects the others' cards, where that is how it scores: few, little
        # (the other side's hands: with partners, the partner's count for nobody)
        held = sum(view.hand_sizes[s] for s in an.opponents if view.side_of(s) != view.side_of(view.seat))
        little = (f" (the others hold only {held} card{'s' if held != 1 else ''} between them)"
                  if held <= 3 and view.rules.out_collects_hands
                  else "")
        return (f"taking the pile down to the {_one(view, pile[out[0]])} would let you go out{little}, but "
                f"{_stock_odds(view, an, hand)}")
    i, use, left, points = found[0]
    taken = list(pile[i:])
    kept = [k for k in taken[1:] if k in left]
    # (with what: "would meld it" sent a newcomer looking through the pile for its partners)
    verb = f"lay it off on #{use[1]}" if use[0] == "onto" else f"meld it with {_named(use[1], view.ctx.wilds, 'the')}"
    # the cards and points the take puts down beyond what the hand puts down anyway
    base = plan_steps(an, hand)[1]
    down = len(hand) + len(taken) - len(left) - (len(hand) - len(base.left))
    points -= an.plan_gain(base)
    # the cards above it cost something only where the hand is left bigger than after a
    # stock draw (one card may go straight back as the discard), and matter only where
    # they are worth something beside what goes down
    grows = len(left) - 1 > len(base.left)
    if kept and grows and not (2 * sum(an.value[k] for k in kept) < points and down > 1):
        return (f"taking the pile down to the {_one(view, pile[i])} would {verb}, but the "
                f"{cards_name(kept)} above it would stay in your hand")
    # (beyond what the hand puts down anyway: a wild may move from a meld of its own to this one)
    what = (f"put down {down} more cards than your hand alone ({points:.0f} more points)"
            if down > 1 and points > 0 else verb)
    return f"taking the pile down to the {_one(view, pile[i])} would {what}, but {_stock_odds(view, an, hand)}"


def _stock_odds(view: PlayerView, an: Analysis, hand: list[Card]) -> str:
    """Why a stock draw beats a take that would put cards down, in words a person can follow,
    and where the odds are good (a third of the cards or more), in a fact the seat can count:
    how many of the cards it has not seen would let it put more down this turn."""
    unseen = view.unseen() if view.stock_count else list(view.pile[:-1])
    wilds = view.ctx.wilds
    plain = [k for k in hand if k not in wilds]
    now = len(plan_steps(an, hand)[1].left)
    kinds: dict[int, int] = {}  # (a second deck's twin plays the same: one plan for both)
    good: dict[int, bool] = {}
    for k in unseen:
        kinds[k & 127] = kinds.get(k & 127, 0) + 1
        if k & 127 not in good:
            good[k & 127] = ((k in wilds or partners(k, plain, wilds, view.ctx) != (0, 0) or an.fits_table(k))
                             and len(plan_steps(an, hand + [k])[1].left) <= now)
    n = sum(kinds[f] for f, g in good.items() if g)
    odds = "a card from the stock is the better bet for this hand"
    if 3 * n < len(unseen):  # (long odds are no reason to give: the take's cost is what weighs)
        return odds
    return f"{odds}: {n} of the {len(unseen)} cards you have not seen would let you put more down"


def _draw_reason(view: PlayerView) -> str | None:
    if view.floating[view.seat]:
        return "you are floating, and a floating player draws only from the stock"
    if not view.hand:
        return None
    hand = list(view.hand)
    an = Analysis(view)
    deep = _deep_take_reason(view, an, hand)
    if deep is not None:
        return deep
    top = view.pile[-1]
    wilds = view.ctx.wilds
    if top in wilds:
        return None
    near = _goes_with(view, top, hand)
    must = view.rules.take_must_use(True)
    use, left, points = _plan_for(an, hand + [top], top, top if must else None)
    name = card_name(top)
    plan = plan_steps(an, hand)[1]  # (the hand's plan without it)
    if use is not None:  # it would go down, yet a stock card promises more by the bot's sums
        extra = len(plan.left) + 1 - len(left)  # (how many more cards go down with it)
        if extra <= 0:
            return f"with the {name} from the pile you could put down no more cards than now"
        more = points - an.plan_gain(plan)
        if extra == 1 and 0 < more < 20:  # (it alone goes down, onto what would anyway)
            return f"the {name} on the pile would add only its own {more:.0f} points to your melds"
        # (it would make a meld, yet the bot's sums favour the stock: say both, in its words)
        with_ = (f"lay off on #{use[1]}" if use[0] == "onto"
                 else f"meld with {_named(use[1], wilds, 'your')}")
        return f"the {name} on the pile would {with_}, but {_stock_odds(view, an, hand)}"
    if must and near:
        return f"the {name} on the pile could not be melded this turn, and a card taken from the pile must be"
    if not near:
        return f"the {name} on the pile goes with none of your cards{_but_wilds(view, hand)}"
    melded = set(hand) - set(plan.left)
    if any(k in wilds for k in melded):  # (a wild could meld it, but is worth more where it is)
        mine = [k for k in melded if k in wilds]
        if len(mine) == 1:  # (named with the cards it melds with: "your other melds" read as melds on the table)
            w = mine[0]
            partners = next((_ranked([k for k in cards if k != w]) for cards, _ in plan.melds if w in cards), [])
            where = f"with your {cards_name(partners)}" if partners else "in the melds your other cards make"
            return (f"the {name} on the pile goes with your {cards_name(near[:3])}, but your "
                    f"{_one(view, Card(w))} does more {where}")
        # (named: "the melds your other cards make" left a newcomer looking for melds on the table)
        groups = [cards_name([k for k in cards if k not in wilds]) for cards, _ in plan.melds
                  if any(k in wilds for k in cards) and any(k not in wilds for k in cards)]
        if groups:
            with_ = groups[0] if len(groups) == 1 else ", your ".join(groups[:-1]) + " and your " + groups[-1]
            return (f"the {name} on the pile goes with your {cards_name(near[:3])}, but your wilds "
                    f"{cards_name(_ranked(mine))} do more with your {with_}")
        return (f"the {name} on the pile goes with your {cards_name(near[:3])}, but your wilds do more in the "
                "melds your other cards make")
    gone = _all_gone(view, an, Card(top), near)
    if gone is not None:  # (no meld can ever come of them: said so, not "yet")
        return f"the {name} on the pile goes with your {cards_name(near[:3])}, but {gone}"
    return f"the {name} on the pile goes with your {cards_name(near[:3])}, but makes no meld yet"


def _wanted(view: PlayerView, card: Card, kept: Sequence[Card], one: str = "", stays: bool = False,
            group: str = "") -> str:
    """Why the other players would sooner take the ``kept`` cards than ``card``: what a
    player can see, where the spread pile holds a card each of them goes with and ``card``
    goes with none ("your 4♣ would go with the 4♠ in the pile"); else the odds of the cards
    no one has seen ("going by the cards still unseen the other players are likelier to want
    your 4♣"). ``one`` names the kept cards instead of "your …" ("that one"); ``stays``
    says what follows (", so it stays"); ``group``, what more than three of them are, in
    place of their names ("any of your 5 other loose cards")."""
    so = (", so it stays" if len(kept) == 1 else ", so they stay") if stays else ""
    if view.rules.discard_pile == "splayed" and not _goes_with(view, card, list(view.pile)):
        pals = [_goes_with(view, k, list(view.pile)) for k in kept]
        if all(pals):
            with_ = sorted({p for ps in pals for p in ps}, key=list(view.pile).index)
            would = "would" if len(kept) == 1 else "would each"
            return f"{one or 'your ' + cards_name(kept)} {would} go with the {cards_name(with_)} in the pile{so}"
    who = "the other player is" if view.players == 2 else "the other players are"  # (one, at two)
    if not one and group and len(kept) > 3:  # (five cards of mixed suits named were hard to follow: a tester)
        one = f"any of your {len(kept)} {group}"
    return f"going by the cards still unseen {who} likelier to want {one or 'your ' + cards_name(kept)}{so}"


def _all_gone(view: PlayerView, an: Analysis, card: Card, near: Sequence[Card]) -> str | None:
    """Where ``card`` and the cards it goes with (``near``) can never make a meld, the words
    for it: every card that would make one is in a meld, in the pile out of reach or in a hand
    known ("every card that would make a meld of them has been played or taken (the J♦ J♠ lie
    under the top of the pile)"); None where one may still come."""
    if not near or an.fits_table(card):
        return None
    thirds = [an.third_cards(card, k) if k not in view.ctx.wilds else None for k in near]
    if not all(t is not None and t[0] == 0 for t in thirds):
        return None
    spread = view.rules.discard_pile == "splayed"
    if spread and any(t is not None and t[1](x) for t in thirds for x in view.pile):
        return None  # (a card deeper in a spread pile may still be taken: the J♦ under the Q♥)
    # (those under the top of a pile only its top may be taken from are named there)
    under = _ranked(list({Card(x) for x in view.pile[:-1] for t in thirds if t is not None and t[1](x)}))
    where = (f" (the {cards_name(under)} {'lies' if len(under) == 1 else 'lie'} under the top of the pile)"
             if under and not spread else "")
    return f"every card that would make a meld of them has been played or taken{where}"


def _who_has(view: PlayerView, rivals: Sequence[int], short: int) -> str:
    """Who is down to ``short`` cards, for "… has 1 card left": the player by name (a tester
    had to look up who "a player" was), or how many."""
    at = [s for s in rivals if view.hand_sizes[s] == short]
    return f"{view.seat_name(at[0])} has" if len(at) == 1 else f"{len(at)} players have"


def _least_lost(an: Analysis, view: PlayerView, card: Card) -> bool:
    """Whether ``card`` is the discard the bot's sums rank first (said only then: "the card
    you lose least by throwing")."""
    scores = an.discard_scores(view.hand)
    return bool(scores) and face(scores[0][1]) == face(card)


def _known_pile_meld(view: PlayerView, an: Analysis, card: Card) -> tuple[int, tuple[int, int]] | None:
    """The first other seat (in turn order) known to hold a card that makes a meld with
    ``card`` and one in the pile, with those two cards (see ``Analysis.known_pile_meld``)."""
    for s in an.feeders:
        found = an.known_pile_meld(card, s)
        if found is not None:
            return s, found
    return None


def _discard_reason(view: PlayerView, card: Card) -> str | None:
    ctx = view.ctx
    if card not in view.hand:
        return None
    if len(view.hand) == 1:
        return "it is your last card, so you go out"
    top = view.kept_top
    if top is not None and top != card and all(k in (card, top) for k in view.hand):
        # (no choice to explain: the other card may not go back)
        return (f"it is the only card you may throw: the {card_name(top)} you took from the top of the "
                "pile may not go back this turn")
    if card in ctx.wilds:
        return None
    an = Analysis(view)
    value = ctx.value
    others = _ranked([k for k in view.hand if k != card])  # (and the lists drawn from it)
    plain = [k for k in others if k not in ctx.wilds]
    near = _goes_with(view, card, others)
    chance = dict(zip(view.hand, an.meld_chances(view.hand)))
    rules = view.rules
    callers = rules.rummy_calls in ("discard", "top_card") and (
        not rules.caller_needs_meld or any(m.owner in an.opponents for m in view.melds))
    loose = [k for k in plain if not _goes_with(view, k, view.hand)]  # (the others that go with nothing)
    words = []
    if not near:
        head = f"it goes with none of your other cards{_but_wilds(view, others)}"
        # what sets it apart from the other cards that go with nothing
        if loose and value[card] > max(value[k] for k in loose) and an.loss(card) > 0:
            # ("costs" what? a newcomer asked: left in hand, it counts at the round's end)
            head += f", and at {value[card]} points it is the loose card that would cost you most if left in your hand"
        elif loose and chance[card] < min(chance[k] for k in loose) - 1e-9:
            head += ", and of your loose cards it has the least chance to meld"
        elif loose and not an.fits_table(card) and an.feed(card) < min(an.feed(k) for k in loose) - 1e-9:
            head += f", and {_wanted(view, card, loose, stays=True, group='other loose cards')}"
        elif loose and chance[card] <= min(chance[k] for k in loose) + 1e-9:
            # (a near thing between loose cards alike in their chances: said as such)
            head += ", and it is as unlikely to meld as any of your loose cards"
        elif loose and not an.fits_table(card) and _least_lost(an, view, card):
            # (no one thing sets it apart: the sum of them does)
            head += (", and on balance (its points, its chances to meld, what the others may want) it is the "
                     "loose card you lose least by throwing")
        words.append(head)
    else:
        rest = [k for k in plain if k not in near]  # (its partners are as close as it is)
        weaker = [k for k in plain if chance[k] < chance[card] - 1e-9]
        dead = _all_gone(view, an, card, near)
        if dead:
            words.append(f"it goes only with your {_twins(card, near)}, but {dead}")
        elif not weaker and len(near) > 2:
            words.append("of your cards it is the least likely to make a meld")
        elif not weaker and rest and all(chance[k] > chance[card] + 1e-9 and (k not in loose or an.fits_table(k))
                                         for k in rest):
            # (said only where the others have partners of their own or fit the table: lone
            # cards beside it read as "closer to melds" to nobody, whatever their odds)
            words.append(f"it goes only with your {_twins(card, near)}, and your other cards are closer to melds")
        elif not weaker and rest and all(k not in loose or an.fits_table(k) for k in rest):
            # (some as close as it is: which of those goes is a near thing, this one by a little)
            words.append(f"it goes only with your {_twins(card, near)}, and your other cards are as close to "
                         "melds or closer")
        elif weaker and all(value[k] < value[card] for k in weaker) and an.loss(card) > 0:
            which = "which are further from melds" if len(weaker) > 1 else "which is further from a meld"
            words.append(f"at {value[card]} points it costs more if it is left in your hand than your "
                         f"{cards_name(weaker)}, {which}")
        elif (kept := [k for k in weaker if k not in near and not (callers and an.fits_table(k))]) \
                and not an.fits_table(card) \
                and an.feed(card) < min(an.feed(k) for k in kept) - 3:
            # (a card further from a meld is kept: the others would sooner take it, by a
            # margin worth saying, in points of the feed measure)
            words.append(f"it goes only with your {_twins(card, near)}, but "
                         f"{_wanted(view, card, kept, group='cards further from melds')}")
        elif all(k not in ctx.wilds and not (callers and an.fits_table(k)) and value[k] < 2 * value[card]
                 for k in near) and not an.fits_table(card) and an.feed(card) < min(an.feed(k) for k in near) - 3:
            # (of cards that go together, alike in points, the one thrown is the one the
            # others would less likely take: its partner stays)
            words.append(f"it goes only with your {_twins(card, near)}, and "
                         f"{_wanted(view, card, near, 'that one' if len(near) == 1 else 'those', stays=True)}")
    if callers and not an.fits_table(card):
        # a loose card kept where throwing it away would invite a call: say why it stays
        risky = [k for k in loose if an.fits_table(k)]
        if risky:
            one = len(risky) == 1
            words.append(f"your {cards_name(risky)} {'fits' if one else 'fit'} a meld on the table, so "
                         f"another player could call Rummy! on {'it' if one else 'them'}")
    # a player about to go out: the points left in hand weigh most, and this card's most of all
    rivals = [s for s in range(view.players) if view.side_of(s) != view.side_of(view.seat)
              and view.hand_sizes[s] and not view.floating[s]]
    short = min((view.hand_sizes[s] for s in rivals), default=99)
    if short <= 2 and an.loss(card) > 0 and others and value[card] >= max(value[k] for k in others) \
            and value[card] > min(value[k] for k in others) and not any(" points" in w for w in words):
        # (where the one who goes out collects the hands, a card left costs you nothing: it
        # counts for them)
        collects = view.rules.out_collects_hands
        tie = any(value[k] == value[card] for k in others)  # ("the most" of two alike read wrongly)
        # ("2 players have 2 cards left, … if that player goes out": a tester)
        many = sum(1 for s in rivals if view.hand_sizes[s] == short)
        who = "that player" if many == 1 else "either" if many == 2 else "any of them"
        whom = f"{who} goes out"
        what = ((f"it is {'as much as any card' if tie else 'the most'} {who} would collect from you by "
                 "going out") if collects else
                f"it would cost you {'as much as any card' if tie else 'the most'} if {whom}")
        words.append(f"{_who_has(view, rivals, short)} {short} card{'s' if short != 1 else ''} left, and at {value[card]} "
                     f"points {what}")
    risk = None  # (a risk the discard takes all the same)
    if an.fits_table(card) and (out := an.out_by()):  # (a call or a take, then out)
        who = ("a floating player" if all(view.floating[s] for s in out)
               else "a player with 1 card left")
        risk = f"it fits a meld on the table, and {who} could lay it off and go out"
    elif callers and an.fits_table(card):  # (a call that lays the discard off on a meld)
        risk = "it fits a meld on the table, so another player may call Rummy! on it"
    elif rules.discard_pile == "splayed" and an.opponents and (pair := an.pile_meld_cards(card)):
        # (the next player may take the pile down to the deeper of them and meld the three)
        named = " ".join(_one(view, Card(k)) for k in sorted(pair, key=view.pile.index))  # (a wild as wild)
        risk = (f"with the {named} in the pile it makes a meld, "
                f"for the next player to take")
    elif rules.discard_pile == "splayed" and an.opponents and an.joker_sets and card.is_joker \
            and (pj := [k for k in view.pile if Card(k).is_joker]) and len(pj) + 2 >= an.ctx.min_meld:
        # (jokers meld only with each other here: one more joker makes a meld of these)
        risk = ("with the joker in the pile, the next player needs only one more joker to take both and meld"
                if len(pj) == 1 else
                f"with the {len(pj)} jokers in the pile, the next player needs only one more joker to take them "
                "and meld")
    elif rules.discard_pile == "splayed" and (sure := _known_pile_meld(view, an, card)) is not None:
        # (a player known to hold a partner takes the pile down to the other: A♦ onto the A♥,
        # with the A♠ taken from the pile before)
        s, (k, x) = sure
        # (by name: "a player holding the A♠ it took" read badly, a tester)
        how = (f"was dealt the {card_name(x)} face up" if view.upcards and x == view.upcards[s]
               else f"took the {card_name(x)} from the pile")
        who = view.seat_name(s) + (", next to play" if s == an.opponents[0] else "")
        risk = (f"with the {_one(view, Card(k))} in the pile, {who}, who {how}, could "
                "take the pile down to it and meld the three")
    elif an.opponents:
        nxt = an.opponents[0]
        known = list(view.known[nxt])  # what it took from the pile, and its face-up deal card
        up = view.upcards[nxt] if view.upcards else None
        took = [k for k in known if k != up]
        near_known = _goes_with(view, card, known) if not an.fits_table(card) else []
        if near_known:  # (its face-up deal card, or a card it took from the pile and still holds)
            how = "was dealt face up" if near_known == [up] else "took from the pile"
            risk = f"it goes with the {_twins(card, near_known)} the next player {how}"
        elif (wild := [k for k in known if k in ctx.wilds]) and view.hand_sizes[nxt] <= 3 \
                and not an.fits_table(card):
            # (a wild it holds goes with anything: with so few cards, almost any discard helps)
            how = "it was dealt face up" if wild[0] == up else "it took from the pile"
            n = view.hand_sizes[nxt]
            risk = (f"the next player has {n} card{'s' if n != 1 else ''} left, "
                    f"{'one of them ' if n != 1 else ''}the wild {card_name(wild[0])} {how}")
        elif took and not any(k in ctx.wilds for k in known) and not an.fits_table(card):
            words.append("the next player has taken nothing near it")
    # a costlier card kept while a player is about to go out: the risk the hint takes (a
    # wild kept is worth its points: it goes with anything), where it is 15 points or more,
    # or a face card that goes with nothing (one kept in a pair needs no telling)
    kept_dear = [k for k in plain if value[k] >= 15 or (value[k] >= 10 and k in loose)]
    if risk is None and short <= 2 and an.loss(card) > 0 and kept_dear:
        dear = max(kept_dear, key=lambda k: value[k])
        if value[dear] >= 2 * value[card]:
            # ("…, so they stay, though …, and your A♦ (100 points) stays in your hand" read as
            # a contradiction: a tester); every such card kept is named (of two aces kept,
            # one was, and the player was caught with both: a tester)
            dears = sorted((k for k in kept_dear if value[k] >= 2 * value[card]), key=lambda k: -value[k])
            what = (f"your {card_name(dear)} risks its {value[dear]} points" if len(dears) == 1 else
                    f"your {cards_name(dears)} risks their {sum(value[k] for k in dears)} points")
            risk = f"{_who_has(view, rivals, short)} {short} card{'s' if short != 1 else ''} left, and keeping {what}"
            if not words and an.feed(dear) > an.feed(card) + 3:
                words.append(_wanted(view, card, [dear]))
            if len(dears) == 1 and words and words[-1].endswith(f"your {card_name(dear)}"):  # (named just
                # before it: "…want your A♠, though …, and keeping your A♠ risks…" said it twice, a tester)
                risk = risk.replace(f"keeping your {card_name(dear)} risks", "keeping it risks")
    if not words and not risk and len(others) == 1:  # (a pair in a two-card hand: nothing tells them apart)
        other = others[0]
        if other not in ctx.wilds and other.rank == card.rank and value[other] == value[card] \
                and not an.fits_table(card) and not an.fits_table(other):
            # (but a spread pile may: the Q♠ thrown onto the K♠ is a take down to it)
            spread = rules.discard_pile == "splayed"
            theirs = _goes_with(view, other, list(view.pile)) if spread else []
            mine = _goes_with(view, card, list(view.pile)) if spread else []
            if theirs and not mine:
                words.append(f"one of your last two cards must go, and your {card_name(other)} would go with "
                             f"the {cards_name(theirs)} in the pile")
            elif theirs or not mine:  # (the pile tells them apart for neither)
                words.append(f"one of your last two cards must go, and your {cards_name(_ranked(view.hand))} "
                             "are alike: either will do")
    if not words and near and not an.fits_table(card) and _least_lost(an, view, card):
        # (no one thing sets it apart: the sum of them does, as for a loose card)
        words.append(f"it goes only with your {_twins(card, near)}, and on balance (its points, its chances to "
                     "meld, what the others may want) it is the card you lose least by throwing")
    # a risk taken all the same follows the reasons ("…, though the next player holds the
    # 4♠ …"), or, alone, is said as such ("mind: …")
    if not words:
        return f"mind: {risk}" if risk else None
    return "; ".join(words) + (f", though {risk}" if risk else "")
