"""Melds: sets, runs and groups of wilds, with each wild's meaning recorded.

Pure functions over a :class:`MeldContext` (the round's rules that matter for
melds: which cards are wild, ace handling, limits).  Nothing here knows whose
turn it is; :mod:`game.engine.state` decides when a meld may be made.

A meld on the table is a :class:`Meld`.  For a run, ``cards[i]`` stands at run
position ``lo + i`` (positions 1..14; 1 is a low ace and 14 a high ace), so a
wild's meaning is its position.  For a set every wild means the set's rank.
``by[i]`` is the seat that placed ``cards[i]`` (the meld's creator, or the seat
that laid it off).  ``covers`` maps an index to the real card laid on that wild
(``wild_after_meld = stays``) and who laid it.

Shapes name an interpretation of a group of cards as a new meld:
``("set", rank)``, ``("run", suit, lo)`` or ``("wilds",)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import JOKER_SUIT, SUIT_NAMES, SUIT_SYMBOLS, Card, card_name, rank_plural, rank_text
from .rules import Rules

SET, RUN, WILDS = "set", "run", "wilds"


class MeldContext:
    """What a round's meld checks need, precomputed."""

    __slots__ = (
        "rules", "wilds", "perm_wilds", "wild_rank", "max_set", "run_lo", "run_hi",
        "natural_in_place", "limit", "min_meld", "allow_sets", "allow_runs", "wild_set", "value",
        "low_ace_value", "joker_groups", "max_jokers", "memo",
    )

    def __init__(self, rules: Rules, wild_rank: int | None, decks: int, pack: Iterable[int]):
        pack = list(pack)
        self.rules = rules
        self.wild_rank = wild_rank
        self.perm_wilds = frozenset(c for c in pack if rules.is_permanent_wild(c))
        self.wilds = self.perm_wilds | frozenset(
            c for c in pack if wild_rank is not None and (c >> 4) & 7 != JOKER_SUIT and c & 15 == wild_rank
        )
        self.max_set = 4 * decks
        mode = rules.ace_mode
        self.run_lo = 2 if mode == "high_only" else 1
        if mode == "high_only" and rules.lowest_rank > 2:
            self.run_lo = rules.lowest_rank
        self.run_hi = 13 if mode == "low_only" else 14
        self.natural_in_place = rules.wild_rank_natural_in_place
        self.limit = rules.wild_limit
        self.min_meld = rules.min_meld
        self.allow_sets = rules.allow_sets
        self.allow_runs = rules.allow_runs
        self.wild_set = rules.wild_set
        self.joker_groups = rules.joker_groups
        self.max_jokers = sum(1 for c in pack if (c >> 4) & 7 == JOKER_SUIT)
        self.value = {c: rules.card_value(c, c in self.wilds) for c in pack}
        # a low ace scores apart with low_ace, and with simple scoring (5/10/15: a low ace is 5)
        low = rules.low_ace or rules.simple_scoring
        self.low_ace_value = rules.value_table()["ace_low"] if low else None
        # what the meld solver worked out for this context, by hand (the context never changes)
        self.memo: dict = {}

    def is_wild(self, card: int) -> bool:
        return card in self.wilds

    def run_positions(self, card: int) -> tuple[int, ...]:
        """Positions a natural card can take in a run of its suit."""
        r = card & 15
        if r == 1:
            return tuple(p for p in (1, 14) if self.run_lo <= p <= self.run_hi)
        return (r,) if self.run_lo <= r <= self.run_hi else ()


class Meld:
    __slots__ = ("id", "owner", "kind", "rank", "suit", "lo", "cards", "by", "covers", "double")

    def __init__(self, id: int, owner: int, kind: str, rank: int = 0, suit: int = 0, lo: int = 0,
                 cards: list | None = None, by: list | None = None, covers: dict | None = None,
                 double: frozenset = frozenset()):
        self.id = id
        self.owner = owner
        self.kind = kind
        self.rank = rank
        self.suit = suit
        self.lo = lo
        self.cards: list[Card] = cards if cards is not None else []
        self.by: list[int] = by if by is not None else []
        self.covers: dict[int, tuple[Card, int]] = covers if covers is not None else {}
        self.double = double  # cards that score double (a meld of four laid down at once)

    def copy(self) -> Meld:
        return Meld(self.id, self.owner, self.kind, self.rank, self.suit, self.lo,
                    list(self.cards), list(self.by), dict(self.covers), self.double)

    @property
    def hi(self) -> int:
        return self.lo + len(self.cards) - 1

    @property
    def shape(self) -> tuple:
        if self.kind == RUN:
            return (RUN, self.suit, self.lo)
        if self.kind == SET:
            return (SET, self.rank)
        return (WILDS,)

    def all_cards(self) -> list[Card]:
        return list(self.cards) + [c for c, _ in self.covers.values()]

    def placed(self) -> list[tuple[Card, int, int]]:
        """(card, seat, index) for every card on this meld, covers included."""
        out = [(c, s, i) for i, (c, s) in enumerate(zip(self.cards, self.by))]
        out += [(c, s, i) for i, (c, s) in self.covers.items()]
        return out

    def meaning(self, index: int) -> str:
        """What the card at ``index`` stands for, as text (``9♣``, ``7``)."""
        if self.kind == RUN:
            p = self.lo + index
            return rank_text(1 if p == 14 else p) + SUIT_SYMBOLS[self.suit]
        if self.kind == SET:
            return rank_text(self.rank)
        return "wild"

    def describe(self) -> str:
        if self.kind == RUN:
            return (f"run {rank_text(_pos_rank(self.lo))}-{rank_text(_pos_rank(self.hi))} "
                    f"of {SUIT_NAMES[self.suit]}")
        if self.kind == SET:
            return "group of jokers" if self.rank == 0 else f"set of {rank_plural(self.rank)}"
        return "group of wild cards"

    def __repr__(self) -> str:
        return f"Meld(#{self.id} {self.describe()}: {' '.join(map(str, self.cards))})"


def _pos_rank(p: int) -> int:
    return 1 if p == 14 else p


def shape_text(shape: tuple) -> str:
    if shape[0] == RUN:
        _, suit, lo = shape
        return f"run:{rank_text(_pos_rank(lo))}{SUIT_SYMBOLS[suit]}"
    if shape[0] == SET:
        return f"set:{rank_text(shape[1])}"
    return "wilds"


def natural_at(ctx: MeldContext, card: int, kind: str, rank: int, suit: int = 0, pos: int = 0) -> bool:
    """Whether ``card`` counts as natural at that place (sets: ``rank``; runs: ``suit``/``pos``)."""
    if (card >> 4) & 7 == JOKER_SUIT:
        return False
    if card in ctx.wilds and not ctx.natural_in_place:
        return False
    if kind == SET:
        return card & 15 == rank
    if kind == RUN:
        return (card >> 4) & 7 == suit and card & 15 == _pos_rank(pos)
    return False


def stand_ins(ctx: MeldContext, meld: Meld) -> dict[int, str]:
    """The wilds of ``meld`` that stand for another card, by index, with what each stands
    for: "9♠" in a run, "" in a set or a group of wilds (where a wild stands for no one
    card). A wild natural in its place (a wild 5♦ between the 4♦ and the 6♦, or among the
    fives, as ``natural_at`` reads it) is none."""
    out: dict[int, str] = {}
    for i, c in enumerate(meld.cards):
        if c not in ctx.wilds:
            continue
        if meld.kind in (RUN, SET) and natural_at(ctx, c, meld.kind, meld.rank, meld.suit, meld.lo + i):
            continue
        out[i] = meld.meaning(i) if meld.kind == RUN else ""
    return out


def _limit_ok(ctx: MeldContext, n: int, wild_idx: Sequence[int], kind: str, all_rank: bool) -> bool:
    w = len(wild_idx)
    if w == 0 or ctx.limit == "none" or kind == WILDS or all_rank:
        return True
    if ctx.limit == "fewer_than_naturals":
        return n - w > w
    # one_per_meld: one wild, or two in a meld of six or more, one in each half
    if w == 1:
        return True
    if w != 2 or n < 6:
        return False
    if kind == SET:
        return True
    i, j = sorted(wild_idx)
    return max(i + 1, 3) <= min(j, n - 3)


def check_set(ctx: MeldContext, cards: Sequence[int], rank: int, new: bool = True) -> str | None:
    """None if ``cards`` form a valid set of ``rank``; otherwise the reason."""
    n = len(cards)
    if new and n < ctx.min_meld:
        return f"a meld needs at least {ctx.min_meld} cards"
    if rank == 0:  # a group of jokers, where jokers are not wild
        if not ctx.joker_groups:
            return "jokers do not form groups of their own in this game"
        if any((c >> 4) & 7 != JOKER_SUIT for c in cards):
            return "a group of jokers holds jokers only"
        return None
    if not ctx.allow_sets:
        return "sets are not allowed in this game"
    if n > ctx.max_set:
        return f"a set holds at most {ctx.max_set} cards with this pack"
    wild_idx = []
    has_rank = False
    for i, c in enumerate(cards):
        if (c >> 4) & 7 != JOKER_SUIT and c & 15 == rank:
            has_rank = True
            if c in ctx.wilds and not ctx.natural_in_place:
                wild_idx.append(i)
        elif c in ctx.wilds:
            wild_idx.append(i)
        else:
            return f"{card_name(c)} is not a {rank_text(rank)} and not wild"
    all_rank = len(wild_idx) == 0 or all(
        (cards[i] >> 4) & 7 != JOKER_SUIT and cards[i] & 15 == rank for i in wild_idx
    )
    # a natural card is needed, but cards of the wild rank make a set of it by themselves
    if not has_rank or (len(wild_idx) == n and not all_rank):
        return "a meld needs at least one natural card"
    if not _limit_ok(ctx, n, wild_idx, SET, all_rank):
        return _limit_reason(ctx)
    return None


def _limit_reason(ctx: MeldContext) -> str:
    if ctx.limit == "fewer_than_naturals":
        return "natural cards must outnumber wild cards in a meld"
    return "a meld may hold only one wild card (two in a meld of six or more, one in each half)"


def arrange_run(ctx: MeldContext, cards: Sequence[int], suit: int, lo: int,
                new: bool = True) -> tuple[list[int] | None, str | None]:
    """Place ``cards`` as the run of ``suit`` starting at position ``lo``.

    Returns (cards in position order, None) or (None, reason).
    """
    if not ctx.allow_runs:
        return None, "runs are not allowed in this game"
    n = len(cards)
    if new and n < ctx.min_meld:
        return None, f"a meld needs at least {ctx.min_meld} cards"
    hi = lo + n - 1
    if lo < ctx.run_lo or hi > ctx.run_hi or n > 13:
        return None, "that run does not fit between the lowest and highest cards"
    slots: list[int | None] = [None] * n
    wild_pool = []
    for c in cards:
        if c in ctx.wilds:
            wild_pool.append(c)
            continue
        if (c >> 4) & 7 != suit:
            return None, f"{card_name(c)} is not a {SUIT_NAMES[suit][:-1]} and not wild"
        r = c & 15
        p = 14 if r == 1 and hi == 14 else r
        if not lo <= p <= hi:
            return None, f"{card_name(c)} does not belong in that run"
        if slots[p - lo] is not None:
            return None, f"a run cannot hold two cards of the same rank ({card_name(c)})"
        slots[p - lo] = c
    naturals = n - len(wild_pool)
    rest = []
    for c in wild_pool:  # wilds that can stand in their own place do so
        if (c >> 4) & 7 == suit and (c >> 4) & 7 != JOKER_SUIT:
            r = c & 15
            p = 14 if r == 1 and hi == 14 else r
            if lo <= p <= hi and slots[p - lo] is None:
                slots[p - lo] = c
                if ctx.natural_in_place:
                    naturals += 1
                continue
        rest.append(c)
    it = iter(rest)
    full = [next(it) if c is None else c for c in slots]
    if naturals == 0:
        return None, "a meld needs at least one natural card"
    wild_idx = [i for i, c in enumerate(full) if not natural_at(ctx, c, RUN, 0, suit, lo + i)]
    if not _limit_ok(ctx, n, wild_idx, RUN, False):
        return None, _limit_reason(ctx)
    return full, None


def check_wilds(ctx: MeldContext, cards: Sequence[int], new: bool = True) -> str | None:
    if not ctx.wild_set:
        return "wild cards cannot form a meld of their own in this game"
    if new and len(cards) < max(3, ctx.min_meld):
        return f"a meld needs at least {max(3, ctx.min_meld)} cards"
    if new and any(c not in ctx.perm_wilds for c in cards):
        return "a group of wilds is made of permanent wild cards only"
    if any(c not in ctx.wilds for c in cards):
        return "a group of wilds can be extended only by wild cards"
    return None


def shapes_for(ctx: MeldContext, cards: Sequence[int]) -> list[tuple]:
    """Every interpretation of ``cards`` as a new meld, the default reading first."""
    out: list[tuple] = []
    n = len(cards)
    if n < ctx.min_meld:
        return out
    naturals = [c for c in cards if c not in ctx.wilds]
    if ctx.allow_runs and n <= 13:
        suits = {(c >> 4) & 7 for c in naturals}
        if not naturals:  # only wilds: a run of any suit one of them stands in naturally
            suits = {(c >> 4) & 7 for c in cards if (c >> 4) & 7 != JOKER_SUIT} if ctx.natural_in_place else set()
        elif len(suits) > 1:
            suits = set()
        for suit in sorted(suits):
            lo_min, lo_max = ctx.run_lo, ctx.run_hi - n + 1
            plain = [c & 15 for c in naturals if c & 15 != 1]
            if plain:  # the window must cover every natural that is not an ace
                lo_min = max(lo_min, max(plain) - n + 1)
                lo_max = min(lo_max, min(plain))
            for lo in range(lo_min, lo_max + 1):
                slots, _ = arrange_run(ctx, cards, suit, lo)
                if slots is not None:
                    out.append((RUN, suit, lo))
    if ctx.allow_sets:
        ranks = {c & 15 for c in cards if (c >> 4) & 7 != JOKER_SUIT}
        nat_ranks = {c & 15 for c in naturals if (c >> 4) & 7 != JOKER_SUIT}
        if len(nat_ranks) > 1:
            ranks = set()
        for r in sorted(ranks):
            if check_set(ctx, cards, r) is None:
                out.append((SET, r))
    if ctx.wild_set and check_wilds(ctx, cards) is None:
        out.append((WILDS,))
    if ctx.joker_groups and all((c >> 4) & 7 == JOKER_SUIT for c in cards):
        out.append((SET, 0))
    # the default reading comes first: a set when the naturals share one rank,
    # otherwise the run that extends upward (7♥ 8♥ W is 7-8-9 before 6-7-8)
    runs = sorted((x for x in out if x[0] == RUN), key=lambda x: (-x[2], x[1]))
    rest = [x for x in out if x[0] != RUN]
    ranked = naturals or [c for c in cards if (c >> 4) & 7 != JOKER_SUIT]
    one_rank = len({c & 15 for c in ranked}) == 1
    return rest + runs if one_rank else runs + rest


def stand_in_count(ctx: MeldContext, cards: Sequence[int], shape: tuple) -> int:
    """How many wilds of ``cards`` stand for another card when they are read as ``shape``
    (a wild natural in its place, as ``natural_at`` reads it, stands for none)."""
    if shape[0] == RUN:
        full, _ = arrange_run(ctx, cards, shape[1], shape[2])
        if full is None:
            return len(cards)
        return sum(1 for i, c in enumerate(full)
                   if c in ctx.wilds and not natural_at(ctx, c, RUN, 0, shape[1], shape[2] + i))
    if shape[0] == SET:
        return sum(1 for c in cards if c in ctx.wilds and not natural_at(ctx, c, SET, shape[1]))
    return 0


def natural_first(ctx: MeldContext, cards: Sequence[int], shapes: Sequence[tuple]) -> list[tuple]:
    """``shapes`` with the readings whose wilds stand in their own places first, in their
    order otherwise: with 6s wild, 6♥ 7♥ 8♥ 9♥ 10♥ reads 6-10 before 7-J (the 6♥ for the
    J♥), as a player holding five hearts in a row expects (the engine's default reading
    extends upward; either scores the same)."""
    return sorted(shapes, key=lambda shape: stand_in_count(ctx, cards, shape))


def explain_no_meld(ctx: MeldContext, cards: Sequence[int]) -> str:
    """Why ``cards`` make no meld, in words."""
    n = len(cards)
    if n < ctx.min_meld:
        return f"a meld needs at least {ctx.min_meld} cards"
    naturals = [c for c in cards if c not in ctx.wilds]
    jokers = [c for c in naturals if (c >> 4) & 7 == JOKER_SUIT]
    if ctx.joker_groups and jokers and len(jokers) < n:
        return "jokers are not wild in this game; they meld only as a group of jokers"
    reasons = []
    ranks = {c & 15 for c in naturals}
    suits = {(c >> 4) & 7 for c in naturals}
    if ctx.allow_sets and len(ranks) <= 1:
        r = next(iter(ranks)) if ranks else (ctx.wild_rank or 0)
        why = check_set(ctx, cards, r) if r else "a meld needs at least one natural card"
        if why:
            reasons.append(why)
    if ctx.allow_runs and len(suits) <= 1:
        suit = next(iter(suits)) if suits else 0
        why = _run_gap_reason(ctx, cards, suit)
        if why is None:
            # the run's own trouble (a wild limit, the ends of the ranks): the reason given
            # for the run that starts at its lowest natural card, or else the first one tried
            los = [min(p for c in naturals for p in ctx.run_positions(c) or (0,))] if naturals else []
            for lo in [*los, *range(ctx.run_lo, ctx.run_hi - n + 2)]:
                _, why = arrange_run(ctx, cards, suit, lo)
                if why is not None:
                    break
        reasons.append(why or "those cards are not consecutive")
    if not reasons:
        if len(ranks) > 1 and len(suits) > 1:
            return "those cards are neither one rank nor one suit in sequence"
        if not ctx.allow_runs:
            return "those cards are not all of one rank (only sets are allowed)"
        if not ctx.allow_sets:
            return "those cards are not one suit in sequence (only runs are allowed)"
        return "those cards do not form a set or a run"
    return reasons[-1] if len(suits) <= 1 and len(ranks) > 1 else reasons[0]


_NO_CORNER = "a run cannot turn the corner from K to A to 2"
_ACES_LOW = "aces are low in this game: A-2-3 is a run, Q-K-A is not"


def _aces_high(ctx: MeldContext) -> str:
    """Why an ace does not go below the lowest rank: "A-2-3 is not" a run (or, with the low
    ranks taken out of the pack, "A-4-5 is not")."""
    lo = max(2, ctx.run_lo)
    return (f"aces are high in this game: Q-K-A is a run, "
            f"A-{rank_text(lo)}-{rank_text(lo + 1)} is not")


def _run_cards_text(suit: int, positions: Sequence[int]) -> str:
    """The cards of ``suit`` at run ``positions``, for a person: "7♥", "7♥ and 9♥",
    "2♥, 3♥ and 4♥", or past three "8♠ to Q♠"."""
    names = [card_name((suit << 4) | (1 if p == 14 else p)) for p in positions]
    if len(names) > 3:
        return f"{names[0]} to {names[-1]}"
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def _run_gap_reason(ctx: MeldContext, cards: Sequence[int], suit: int) -> str | None:
    """Why ``cards`` of one suit are no run, when their natural cards alone say it: two of one
    rank, a turn round the corner (K-A-2), or more gaps between them than wilds to fill
    them. None when the naturals could stand in one run."""
    naturals = [c for c in cards if c not in ctx.wilds]
    if not naturals:
        return None
    seen: set[int] = set()
    for c in naturals:
        if c & 15 in seen:
            return f"a run cannot hold two cards of the same rank ({card_name(c)})"
        seen.add(c & 15)
    # a wild of the round in this suit may stand in its own place, or be a wild
    in_place = [c for c in cards if c in ctx.wilds and ctx.natural_in_place and (c >> 4) & 7 == suit
                and c & 15 not in seen]
    best: list[int] | None = None
    nwild = 0
    for own in (in_place[:1], []) if in_place else ([],):
        ranks = seen | {c & 15 for c in own}
        wilds = len(cards) - len(naturals) - len(own)
        for ace in sorted({p for p in (1, 14) if 1 in ranks and ctx.run_lo <= p <= ctx.run_hi}) or [0]:
            ps = sorted(ace if r == 1 else r for r in ranks)
            if not all(ctx.run_lo <= p <= ctx.run_hi for p in ps):
                continue
            missing = [p for p in range(ps[0], ps[-1] + 1) if p not in ps]
            if len(missing) <= wilds:
                return None  # the naturals could stand in one run: the trouble is elsewhere
            if best is None or len(missing) - wilds < len(best) - nwild:
                best, nwild = missing, wilds
    if best is None:
        return None
    if {1, 2, 13} <= seen:
        return _NO_CORNER
    if 1 in seen and ctx.run_hi < 14 and max(seen) >= 14 - len(cards):
        return _ACES_LOW
    if 1 in seen and ctx.run_lo > 1 and min(seen - {1}, default=14) - (ctx.run_lo - 2) <= len(cards):
        return _aces_high(ctx)
    if len(best) > 3:
        return "those cards are too far apart to make one run"
    text = _run_cards_text(suit, best)
    verb = "is" if len(best) == 1 else "are"
    if not nwild:
        return f"{text} {verb} missing from that run"
    stand_ins = "one wild card" if nwild == 1 else f"{nwild} wild cards"
    return f"{text} {verb} missing from that run, with only {stand_ins} to stand in"


def make_meld(ctx: MeldContext, cards: Sequence[int], shape: tuple, owner: int, meld_id: int) -> Meld:
    """Build the table meld; the caller has checked the shape with :func:`shapes_for`."""
    kind = shape[0]
    if kind == RUN:
        slots, why = arrange_run(ctx, cards, shape[1], shape[2])
        assert slots is not None, why
        return Meld(meld_id, owner, RUN, 0, shape[1], shape[2], [Card(c) for c in slots], [owner] * len(slots))
    if kind == SET:  # (its wilds after its naturals: a wild between them read as one card's stand-in)
        cards = sorted(cards, key=lambda c: c in ctx.wilds and not natural_at(ctx, c, SET, shape[1]))
        return Meld(meld_id, owner, SET, shape[1], 0, 0, [Card(c) for c in cards], [owner] * len(cards))
    return Meld(meld_id, owner, WILDS, 0, 0, 0, [Card(c) for c in cards], [owner] * len(cards))


_NONE: list[str] = []


def layoff_reason(ctx: MeldContext, meld: Meld, card: int) -> str | None:
    """Why ``card`` (which :func:`layoff_ends` refuses) cannot go on ``meld``, when a rule of
    the game is the reason: a wild card over the limit, a full set.  None when it is simply
    not a card the meld takes."""
    if meld.kind == SET:
        if card in ctx.wilds or (card & 15 == meld.rank and ((card >> 4) & 7 == JOKER_SUIT) == (meld.rank == 0)):
            return check_set(ctx, meld.cards + [card], meld.rank, new=False)
        return None
    if meld.kind == RUN and card in ctx.wilds:
        reasons = [arrange_run(ctx, cards, meld.suit, lo, new=False)[1]
                   for cards, lo in ((meld.cards + [card], meld.lo), ([card] + meld.cards, meld.lo - 1))]
        return next((r for r in reasons if r), None)
    if meld.kind == RUN and (card >> 4) & 7 == meld.suit:
        return _run_layoff_reason(ctx, meld, card)
    return None


def _run_layoff_reason(ctx: MeldContext, meld: Meld, card: int) -> str | None:
    """Why a natural card of a run's suit does not go on it, in the person's terms."""
    if len(meld.cards) >= 13:
        return "a run holds at most 13 cards"
    lo, hi = meld.lo, meld.hi
    places = ctx.run_positions(card)
    for p in places:
        if lo <= p <= hi:
            held = meld.cards[p - lo]
            if held in ctx.wilds and held & 127 != card & 127:
                return f"a wild card already stands for the {card_name(card)} in that run"
            return f"that run already has its {rank_text(card & 15)}"
    r = card & 15
    if r == 1 and hi == 13:
        return _ACES_LOW
    if r == 1 and ctx.run_lo > 1 and lo == ctx.run_lo:
        return _aces_high(ctx)
    if (r == 2 and hi == 14) or (r == 13 and lo == 1):
        return _NO_CORNER
    if not places:
        return None
    p = min(places, key=lambda q: min(abs(q - lo), abs(q - hi)))
    gap = list(range(hi + 1, p)) if p > hi else list(range(p + 1, lo))
    if len(meld.cards) + len(gap) + 1 > 13:
        return "a run holds at most 13 cards"
    return f"the {_run_cards_text(meld.suit, gap)} would have to go down first"


def layoff_ends(ctx: MeldContext, meld: Meld, card: int) -> list[str]:
    """The ends of ``meld`` that ``card`` can extend ("low"/"high" for runs, "" otherwise)."""
    if ctx.limit == "none" and card not in ctx.wilds:
        # fast path: a natural card fits only its own rank (sets) or the next place (runs)
        if meld.kind == SET:
            if card & 15 != meld.rank or ((card >> 4) & 7 == JOKER_SUIT) != (meld.rank == 0):
                return _NONE
            return [""] if len(meld.cards) < (ctx.max_set if meld.rank else ctx.max_jokers) else _NONE
        if meld.kind == WILDS:
            return _NONE
        if (card >> 4) & 7 != meld.suit or len(meld.cards) >= 13:
            return _NONE
        r = card & 15
        hi = meld.lo + len(meld.cards)
        lo = meld.lo - 1
        out = []
        if (r == hi or (r == 1 and hi == 14)) and hi <= ctx.run_hi:
            out.append("high")
        if r == lo and lo >= ctx.run_lo:
            out.append("low")
        return out if out else _NONE
    if meld.kind == SET:
        if card not in ctx.wilds and (card & 15 != meld.rank
                                      or ((card >> 4) & 7 == JOKER_SUIT) != (meld.rank == 0)):
            return _NONE
        cards = meld.cards + [card]
        return [""] if check_set(ctx, cards, meld.rank, new=False) is None else _NONE
    if meld.kind == WILDS:
        return [""] if check_wilds(ctx, meld.cards + [card], new=False) is None else []
    out = []
    wild = card in ctx.wilds
    n = len(meld.cards)
    for end, pos in (("high", meld.hi + 1), ("low", meld.lo - 1)):
        if pos < ctx.run_lo or pos > ctx.run_hi or n + 1 > 13:
            continue
        nat = (card >> 4) & 7 == meld.suit and (card >> 4) & 7 != JOKER_SUIT and card & 15 == _pos_rank(pos)
        if not (nat or wild):
            continue
        if ctx.limit != "none":
            slots = [*meld.cards, card] if end == "high" else [card, *meld.cards]
            lo = meld.lo if end == "high" else meld.lo - 1
            wild_idx = [i for i, c in enumerate(slots) if not natural_at(ctx, c, RUN, 0, meld.suit, lo + i)]
            if not _limit_ok(ctx, n + 1, wild_idx, RUN, False):
                continue
        out.append(end)
    return out


def cover_index(ctx: MeldContext, meld: Meld, card: int) -> int | None:
    """Index of a wild on ``meld`` that ``card`` is the real card for (not yet covered)."""
    if card in ctx.wilds or meld.kind == WILDS:
        return None
    if meld.kind == SET:
        if card & 15 != meld.rank or (card >> 4) & 7 == JOKER_SUIT:
            return None
    elif (card >> 4) & 7 != meld.suit:
        return None
    for i, c in enumerate(meld.cards):
        if i in meld.covers or c not in ctx.wilds:
            continue
        if meld.kind == RUN:
            if natural_at(ctx, c, RUN, 0, meld.suit, meld.lo + i):
                continue
            if (card >> 4) & 7 == meld.suit and card & 15 == _pos_rank(meld.lo + i):
                return i
        else:
            if natural_at(ctx, c, SET, meld.rank):
                continue
            if card & 15 == meld.rank:
                return i
    return None


def swap_ok(ctx: MeldContext, meld: Meld, index: int, card: int) -> bool:
    """Whether the meld stays valid with ``card`` in place of the wild at ``index``."""
    cards: list[int] = list(meld.cards)
    cards[index] = card
    if meld.kind == SET:
        return check_set(ctx, cards, meld.rank, new=False) is None
    slots, _ = arrange_run(ctx, cards, meld.suit, meld.lo, new=False)
    return slots is not None


def layoff_chain(ctx: MeldContext, card: Card, hand: Sequence[Card], melds: Sequence[Meld],
                 seat: int = -1, keep: int = 0, budget: int = 4000) -> list[tuple[Card, int, str]] | None:
    """The shortest way to put ``card`` on a table meld, other cards of ``hand`` laid off
    on the same meld first to make room for it (a 6♣ on 3-4-5♣, then the 7♣), or None.

    The answer lists ``(card, meld id, end)`` in the order to play them, ``card``'s own
    last; its end is ``"cover"`` where it takes the place of a wild.  At least ``keep``
    cards of ``hand`` stay in hand after the chain.  Cards laid off on other melds never
    make room on this one, so each meld is searched alone, breadth first (the fewest
    cards of the hand spent), over distinct arrangements of the meld.  ``budget`` bounds
    the arrangements looked at over all melds; past it the search answers None.
    """
    others = list(hand)
    if card in others:
        others.remove(card)
    spare = len(others) - keep
    if spare < 0:
        return None
    for m in melds:
        last = _last_step(ctx, m, card)
        if last is not None:
            return [(card, m.id, last)]
    best: list[tuple[Card, int, str]] | None = None
    wild = card in ctx.wilds
    for m in melds:
        limit = spare if best is None else min(spare, len(best) - 2)
        if limit < 1:
            break
        # lay-offs never change a meld's kind, suit or rank: only a wild may fit another
        if not wild and (m.kind == WILDS or (m.kind == RUN and (card >> 4) & 7 != m.suit)
                         or (m.kind == SET and card & 15 != m.rank)):
            continue
        chain, budget = _chain_onto(ctx, card, m, others, seat, limit, budget)
        if chain is not None:
            best = chain
        if budget <= 0:
            return best
    return best


def _chain_onto(ctx: MeldContext, card: Card, meld: Meld, others: list[Card], seat: int,
                limit: int, budget: int) -> tuple[list[tuple[Card, int, str]] | None, int]:
    """Breadth-first search of lay-offs from ``others`` onto ``meld`` after which ``card``
    fits it, at most ``limit`` of them: the chain (``card``'s own step last) and the budget left."""
    exact = ctx.limit != "none"  # where wilds are limited, their places matter, not only the cards

    def key(m: Meld, used: tuple) -> tuple:  # faces: the decks' copies of a card are alike
        return tuple(c & 127 for c in m.cards) if exact else (m.lo, len(m.cards), used)

    level: list[tuple[Meld, list[Card], tuple, list]] = [(meld, others, (), [])]
    seen = {key(meld, ())}
    for _ in range(limit):
        nxt = []
        for m, left, used, steps in level:
            for c in {c & 127: c for c in left}.values():  # one copy of each card
                for end in layoff_ends(ctx, m, c):
                    grown = m.copy()
                    add_to_meld(grown, c, end, seat)
                    now = tuple(sorted((*used, c & 127)))
                    k = key(grown, now)
                    if k in seen:
                        continue
                    seen.add(k)
                    budget -= 1
                    rest = list(left)
                    rest.remove(c)
                    path = [*steps, (c, m.id, end)]
                    last = _last_step(ctx, grown, card)
                    if last is not None:
                        return [*path, (card, m.id, last)], budget
                    if budget <= 0:
                        return None, budget
                    nxt.append((grown, rest, now, path))
        if not nxt:
            break
        level = nxt
    return None, budget


def _last_step(ctx: MeldContext, meld: Meld, card: Card) -> str | None:
    """How ``card`` goes on ``meld`` now: ``"cover"`` on a wild it stands for, else the
    first end it extends, or None."""
    if cover_index(ctx, meld, card) is not None:
        return "cover"
    ends = layoff_ends(ctx, meld, card)
    return ends[0] if ends else None


def _of_rank(meld: Meld, card: int) -> bool:
    """Whether ``card`` is of a set's own rank (a natural there, or a wild that reads as one)."""
    return card & 15 == meld.rank and (card >> 4) & 7 != JOKER_SUIT


def add_to_meld(meld: Meld, card: Card, end: str, seat: int) -> None:
    if end == "low":
        meld.cards.insert(0, card)
        meld.by.insert(0, seat)
        meld.lo -= 1
        meld.covers = {i + 1: v for i, v in meld.covers.items()}
    elif meld.kind == SET and _of_rank(meld, card):
        # a card of the set's rank goes before the wilds at its end (a new set lies with its
        # wilds after its naturals: a natural laid off after them put a wild between them)
        i = len(meld.cards)
        while i > 0 and not _of_rank(meld, meld.cards[i - 1]):
            i -= 1
        meld.cards.insert(i, card)
        meld.by.insert(i, seat)
        meld.covers = {k + 1 if k >= i else k: v for k, v in meld.covers.items()}
    else:
        meld.cards.append(card)
        meld.by.append(seat)


def remove_from_meld(meld: Meld, card: Card) -> None:
    """Undo :func:`add_to_meld` (the card is at one end, or a set's before its wilds) or a cover."""
    for i, (c, _) in list(meld.covers.items()):
        if c == card:
            del meld.covers[i]
            return
    if meld.kind == RUN and meld.cards and meld.cards[0] == card:
        meld.cards.pop(0)
        meld.by.pop(0)
        meld.lo += 1
        meld.covers = {i - 1: v for i, v in meld.covers.items()}
        return
    i = len(meld.cards) - 1 - meld.cards[::-1].index(card)
    meld.cards.pop(i)
    meld.by.pop(i)
    meld.covers = {k - 1 if k > i else k: v for k, v in meld.covers.items()}  # (a set's card may be inside it)


def card_points(ctx: MeldContext, card: int, meld: Meld | None = None, index: int = -1) -> int:
    """A card's value; a low ace in a run may score ``ace_low``."""
    if (ctx.low_ace_value is not None and meld is not None and meld.kind == RUN
            and meld.lo + index == 1 and card & 15 == 1 and card not in ctx.wilds):
        return ctx.low_ace_value
    return ctx.value[card]


def meld_points_by_seat(ctx: MeldContext, meld: Meld, seats: int,
                        without: frozenset[int] | set[int] = frozenset()) -> list[int]:
    """Each seat's points in ``meld`` (by who put each card down), the cards of
    ``without`` left out (a table counts the cards still on their way to it apart)."""
    pts = [0] * seats
    for i, (c, s) in enumerate(zip(meld.cards, meld.by)):
        if c not in without:
            pts[s] += card_points(ctx, c, meld, i) * (2 if c in meld.double else 1)
    for i, (c, s) in meld.covers.items():
        if c not in without:
            pts[s] += card_points(ctx, c, meld, i)
    return pts
