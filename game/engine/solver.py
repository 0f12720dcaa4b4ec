"""Meld search: every meld a hand can make, and the plan that scores most.

``iter_melds(ctx, hand)`` yields each distinct new meld the hand can lay down
(one representative per choice of card faces: identical cards from different
decks are interchangeable).  ``best_plan(ctx, hand, table, ...)`` finds the
melds and lay-offs that put the most points on the table.

The best-plan search works on *cores*: groups of natural cards (a set's cards
of one rank, or a run's cards of one suit inside a window) together with the
number of wild cards the core needs to become a valid meld.  A run's core may
leave a natural inside its window to another meld and take a wild in its place
(where two runs of a suit cross, or under a wild limit); under a wild limit a
core also comes with one or two wilds more than it needs.  A core names card
faces: identical cards from different decks are interchangeable, and the search
takes the lowest free copies.  A depth-first search over the naturals, lowest
first, decides for each natural whether it stays in hand or joins a core that
contains it, with the wilds as a shared budget; a memo on (naturals left, wilds
left, room left) keeps it fast.  Wilds left over join the chosen melds as far as
they have room (a set holds as many cards as the pack has of its rank, a run
thirteen) when there is no wild limit, and cards left over are laid off on the
table and on the new melds, greedily, until nothing more fits (a wild where the
next card can follow it).  Before that, the search credits a card that fits a table
meld as it stands.  A hand swollen by a deep pile is bounded: the search stops
branching after ``_STATE_BUDGET`` states, keeping the best plan found so far.
A hand's cores depend only on the hand and the round's rules, so the round's context
remembers them (a bot plans the same hand against many tables).

``_best_plan`` runs in four steps: split the hand (``_Hand``), search the cores
(``_search_cores``), make melds of the chosen ones (``_realise_cores``), and lay off
what is left (``_lay_off``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any

from .cards import JOKER_SUIT, Card
from .melds import (
    RUN,
    SET,
    WILDS,
    Meld,
    MeldContext,
    add_to_meld,
    arrange_run,
    check_set,
    check_wilds,
    cover_index,
    layoff_ends,
    make_meld,
    natural_at,
    shapes_for,
)


def _face_groups(cards: Sequence[int]) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(c & 127, []).append(c)
    return groups


def _multisets(groups: list[list[int]], size: int) -> Iterator[list[int]]:
    """Choices of ``size`` cards from face groups, one per distinct multiset of faces."""
    if size == 0:
        yield []
        return
    if not groups:
        return
    first, rest = groups[0], groups[1:]
    for k in range(min(size, len(first)), -1, -1):
        for tail in _multisets(rest, size - k):
            yield first[:k] + tail


def _pos(card: int, hi: int) -> int:
    r = card & 15
    return 14 if r == 1 and hi == 14 else r


def iter_melds(ctx: MeldContext, hand: Sequence[int], must: int | None = None) -> Iterator[tuple[tuple, tuple]]:
    """Yield (cards, shape) for each distinct new meld in ``hand``.

    With ``must``, only melds that contain a card of that face.
    """
    wilds = [c for c in hand if c in ctx.wilds]
    must_face = None if must is None else must & 127
    must_wild = must is not None and must in ctx.wilds
    seen: set = set()

    def emit(cards: list[int], shape: tuple) -> tuple[tuple[Card, ...], tuple] | None:
        key = (tuple(sorted(c & 127 for c in cards)), shape)
        if key in seen:
            return None
        seen.add(key)
        return (tuple(Card(c) for c in cards), shape)

    m = ctx.min_meld
    nw = len(wilds)
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        su = (c >> 4) & 7
        if su != JOKER_SUIT:
            by_rank.setdefault(c & 15, []).append(c)
            by_suit.setdefault(su, []).append(c)
    if ctx.allow_sets:
        for r in sorted(by_rank):
            if must is not None and not must_wild and (must & 15 != r or (must >> 4) & 7 == JOKER_SUIT):
                continue
            nat = by_rank[r]
            fill = [c for c in wilds if (c >> 4) & 7 == JOKER_SUIT or c & 15 != r]
            if len(nat) + len(fill) < m:
                continue
            # a named card of this rank is in every meld listed: choose the rest around it
            forced: list[int] = []
            if must is not None and must in nat:
                forced = [must]
                nat = list(nat)
                nat.remove(must)
            ng = list(_face_groups(nat).values())
            fg = list(_face_groups(fill).values())
            for a in range(len(nat) + len(forced), 0, -1):
                for b in range(0, len(fill) + 1):
                    if a + b < m or a + b > ctx.max_set:
                        continue
                    if b and ctx.limit == "one_per_meld" and b > (2 if a + b >= 6 else 1):
                        continue
                    if b and ctx.limit == "fewer_than_naturals" and b >= a:
                        continue
                    if a - len(forced) < 0:
                        continue
                    for ns in _multisets(ng, a - len(forced)):
                        for ws in _multisets(fg, b):
                            cards = forced + ns + ws
                            if must_face is not None and not any(c & 127 == must_face for c in cards):
                                continue
                            if check_set(ctx, cards, r) is None:
                                out = emit(cards, (SET, r))
                                if out:
                                    yield out
    if ctx.allow_runs:
        for suit in sorted(by_suit):
            if must is not None and not must_wild and (must >> 4) & 7 != suit:
                continue
            if len(by_suit[suit]) + nw < m:
                continue
            by_pos: dict[int, list[int]] = {}
            for c in by_suit[suit]:
                r = c & 15
                for p in ((1, 14) if r == 1 else (r,)):
                    if ctx.run_lo <= p <= ctx.run_hi:
                        by_pos.setdefault(p, []).append(c)
            if not by_pos or len(by_pos) + nw < m:
                continue
            # prefix[p] = positions below p that hold a card of this suit
            prefix = [0] * 16
            for p in range(1, 15):
                prefix[p + 1] = prefix[p] + (1 if p in by_pos else 0)
            lo_first, lo_last = ctx.run_lo, ctx.run_hi - m + 1
            if must is not None and not must_wild:  # windows must hold the card's place
                places = (1, 14) if must & 15 == 1 else (must & 15,)
                lo_first = max(lo_first, min(places) - 12)
                lo_last = min(lo_last, max(places))
            for lo in range(lo_first, lo_last + 1):
                if lo not in by_pos and not nw:
                    continue
                for hi in range(lo + m - 1, min(ctx.run_hi, lo + 12) + 1):
                    held = prefix[hi + 1] - prefix[lo]
                    gaps = hi - lo + 1 - held
                    if gaps > nw:
                        break  # gaps only grow as the window does
                    if held == 0:
                        continue
                    if must is not None and not must_wild:
                        if not lo <= _pos(must, hi) <= hi:
                            continue
                    naturals = []
                    for p in range(lo, hi + 1):
                        cs = by_pos.get(p)
                        if cs:
                            pick = cs[0]
                            for c in cs:
                                if c not in ctx.wilds:
                                    pick = c
                                    break
                            if must is not None and not must_wild and must & 127 == pick & 127:
                                pick = must
                            naturals.append(pick)
                    pool = [c for c in wilds if c not in naturals]
                    if gaps > len(pool):
                        continue
                    groups = list(_face_groups(pool).values())
                    # a wild may also stand in for a natural the hand holds (kept for elsewhere)
                    for k in range(0, min(len(pool) - gaps, len(naturals) - 1) + 1):
                        for out_idx in combinations(range(len(naturals)), k):
                            kept = [c for j, c in enumerate(naturals) if j not in out_idx]
                            for ws in _multisets(groups, gaps + k):
                                cards = kept + ws
                                if must_face is not None and not any(c & 127 == must_face for c in cards):
                                    continue
                                slots, _ = arrange_run(ctx, cards, suit, lo)
                                if slots is not None:
                                    out = emit(cards, (RUN, suit, lo))
                                    if out:
                                        yield out
    if ctx.joker_groups and (must is None or (must >> 4) & 7 == JOKER_SUIT):
        jokers = [c for c in hand if (c >> 4) & 7 == JOKER_SUIT]
        for size in range(len(jokers), m - 1, -1):
            out = emit(jokers[:size], (SET, 0))
            if out:
                yield out
    if ctx.wild_set:
        perm = [c for c in hand if c in ctx.perm_wilds]
        pg = list(_face_groups(perm).values())
        for size in range(len(perm), max(3, m) - 1, -1):
            for ws in _multisets(pg, size):
                if must_face is not None and not any(c & 127 == must_face for c in ws):
                    continue
                if check_wilds(ctx, ws) is None:
                    out = emit(ws, (WILDS,))
                    if out:
                        yield out


def enumerate_melds(ctx: MeldContext, hand: Sequence[int]) -> list[tuple[tuple, tuple]]:
    return list(iter_melds(ctx, hand))


def any_meld_exists(ctx: MeldContext, hand: Sequence[int]) -> bool:
    return next(iter_melds(ctx, hand), None) is not None


def _meld_with_possible(ctx: MeldContext, card: int, hand: Sequence[int]) -> bool:
    """A quick necessary condition for :func:`meld_with_exists` (False: surely no meld)."""
    if card in ctx.wilds or (card >> 4) & 7 == JOKER_SUIT:
        return True
    need = ctx.min_meld - 1
    wild = 0
    same_rank = 0
    near = set()
    r, su = card & 15, (card >> 4) & 7
    pos = (1, 14) if r == 1 else (r,)
    for c in hand:
        if c == card:
            continue
        if c in ctx.wilds:
            wild += 1
            continue
        cr = c & 15
        if cr == r:
            same_rank += 1
        elif (c >> 4) & 7 == su:
            for p in ((1, 14) if cr == 1 else (cr,)):
                if any(abs(p - q) <= need for q in pos):
                    near.add(p)
    if wild >= need:
        return True
    if ctx.allow_sets and same_rank + wild >= need:
        return True
    return ctx.allow_runs and len(near) + wild >= need


def meld_with_exists(ctx: MeldContext, card: int, hand: Sequence[int], two_naturals: bool = False,
                     not_natural: Sequence[int] = (), max_size: int = 99) -> bool:
    """Whether ``hand`` (which holds ``card``) can make a new meld containing ``card``.

    With ``two_naturals``, the meld must hold two natural cards besides ``card``,
    none of them from ``not_natural``.
    """
    if not _meld_with_possible(ctx, card, hand):
        return False
    for cards, shape in iter_melds(ctx, hand, must=card):
        if len(cards) > max_size:
            continue
        if not two_naturals:
            return True
        nat = 0
        used_must = False
        for c in cards:
            if c & 127 == card & 127 and not used_must:
                used_must = True
                continue
            if c in ctx.wilds or c in not_natural:
                continue
            if shape[0] == SET and c & 15 == shape[1]:
                nat += 1
            elif shape[0] == RUN and (c >> 4) & 7 == shape[1]:
                nat += 1
        if nat >= 2:
            return True
    return False


# ---------------------------------------------------------------------- best plan


class Plan:
    """Melds to make and cards to lay off, with the points they put on the table.

    ``melds`` is a list of (cards, shape); ``layoffs`` a list of (card, target,
    end) where ``target`` is a table meld id (int) or ``("new", i)`` for the
    i-th new meld of the plan; ``left`` the cards that stay in hand.
    """

    __slots__ = ("melds", "layoffs", "points", "left")

    def __init__(self, melds: list, layoffs: list, points: int, left: list):
        self.melds = melds
        self.layoffs = layoffs
        self.points = points
        self.left = left

    def __repr__(self) -> str:
        ms = "; ".join(" ".join(map(str, c)) for c, _ in self.melds)
        ls = "; ".join(f"{c}->{t}" for c, t, _ in self.layoffs)
        return f"Plan({self.points} pts: melds [{ms}] layoffs [{ls}] left [{' '.join(map(str, self.left))}])"


def _cores(ctx: MeldContext, naturals: list[int], nwild: int) -> list[tuple[int, int, tuple, list[int]]]:
    """(mask, wilds needed, shape, cards) for each natural core."""
    out: list[tuple[int, int, tuple, list[int]]] = []
    idx = {i: c for i, c in enumerate(naturals)}
    m = ctx.min_meld
    extra_wilds = ctx.limit != "none" or ctx.rules.four_at_once_double
    if ctx.allow_sets:
        by_rank: dict[int, list[int]] = {}
        for i, c in idx.items():
            by_rank.setdefault(c & 15, []).append(i)
        for r, ids in by_rank.items():
            for k in range(1, min(len(ids), ctx.max_set) + 1):
                for combo in combinations(ids, k):
                    least = max(0, m - k)
                    cards = [naturals[i] for i in combo]
                    # with a wild limit, also the set with one or two wilds more (wilds
                    # left over do not simply join it later); where four or more laid at
                    # once count double, the wild that makes it four is worth more with it
                    for need in (least, least + 1, least + 2) if extra_wilds else (least,):
                        if need > nwild or k + need > ctx.max_set:
                            break
                        probe = cards + [_PROBE] * need
                        if _set_ok(ctx, probe, r, need):
                            mask = 0
                            for i in combo:
                                mask |= 1 << i
                            out.append((mask, need, (SET, r), cards))
    if ctx.allow_runs:
        limited = ctx.limit != "none"
        face_count: Counter[int] = Counter()
        rank_count: Counter[int] = Counter()
        two_deck_suits: set[int] = set()
        if nwild:
            face_count.update(c & 127 for c in naturals)
            two_deck_suits = {(f >> 4) & 7 for f, k in face_count.items() if k > 1}
            if limited:
                rank_count.update(c & 15 for c in naturals if (c >> 4) & 7 != JOKER_SUIT)
        for suit in range(4):
            by_pos: dict[int, list[int]] = {}
            for i, c in idx.items():
                if (c >> 4) & 7 == suit:
                    r = c & 15
                    for p in ((1, 14) if r == 1 else (r,)):
                        if ctx.run_lo <= p <= ctx.run_hi:
                            by_pos.setdefault(p, []).append(i)
            if not by_pos:
                continue
            ps = sorted(by_pos)
            # the naturals a run may leave to another meld, a wild taking their place.  Two runs
            # of a suit can cross where the hand holds cards from two decks; one of them then
            # needs a wild where the card has no second copy.  Under a wild limit, also a wild
            # of the round (it may serve as a wild elsewhere) and a card with a partner of its
            # rank (for a set); without one, the set or the other meld could take the wild
            # instead, which the search finds anyway.
            spare: set[int] = set()
            if nwild and (limited or suit in two_deck_suits) and len(naturals) <= _SKIP_MAX:
                for p, ids in by_pos.items():
                    c = naturals[ids[0]]
                    crossing = suit in two_deck_suits and face_count[c & 127] == 1
                    if crossing or (limited and (c in ctx.wilds or rank_count[c & 15] > 1)):
                        spare.add(p)
            # windows whose both ends are naturals; a natural inside may be left for another
            # meld (a wild takes its place), and wilds extend a short window to a meld
            for a_i, a in enumerate(ps):
                for b_i in range(a_i, len(ps)):
                    b = ps[b_i]
                    if b - a > 12:
                        break
                    span = b - a + 1
                    base = span - (b_i - a_i + 1) + max(0, m - span)
                    if base > nwild:
                        continue
                    if not spare:
                        _add_runs(ctx, out, naturals, by_pos, suit, ps[a_i:b_i + 1], base, nwild)
                        continue
                    inside = ps[a_i + 1:b_i]
                    may_skip = [p for p in inside if p in spare]
                    for k in range(0, min(len(may_skip), nwild - base) + 1):
                        for skipped in combinations(may_skip, k):
                            inner = [a, *(p for p in inside if p not in skipped), b] if b != a else [a]
                            _add_runs(ctx, out, naturals, by_pos, suit, inner, base + k, nwild)
    return out


# How many cores (of all hands) a context keeps: about 13 MB; a decision of the hard bot plans
# about 28,000 hands, 12,000 of them distinct, with nine cores each on average. Past it the
# memo starts again.
_MEMO_CORES = 50_000


class _CoreMemo(dict):
    """Each hand's cores, by (naturals, wilds); ``held`` counts the cores kept."""

    held = 0


def _cached_cores(ctx: MeldContext, naturals: list[int], nwild: int) -> list[tuple[int, int, tuple, list[int]]]:
    """``_cores``, remembered in the context by hand (the list is the caller's to extend)."""
    memo = ctx.memo.get("cores")
    if memo is None:
        memo = ctx.memo["cores"] = _CoreMemo()
    key = (tuple(naturals), nwild)
    got = memo.get(key)
    if got is None:
        got = _cores(ctx, naturals, nwild)
        if memo.held + len(got) > _MEMO_CORES:
            memo.clear()
            memo.held = 0
        memo[key] = got
        memo.held += len(got)
    return list(got)


# The most states the plan search visits; past it (only hands swollen past thirty cards with
# several wilds come near) it settles for the best plan along the melds it has tried.
_STATE_BUDGET = 150_000

# Runs that leave a natural inside them to another meld multiply the cores; past this many
# naturals in hand (a hand swollen by a deep pile) they are not tried, which keeps the search
# within a fraction of a second at the cost of exactness in those rare hands.
_SKIP_MAX = 16


def _add_runs(ctx: MeldContext, out: list, naturals: list[int], by_pos: dict[int, list[int]], suit: int,
              inner: list[int], need: int, nwild: int) -> None:
    """The run cores with the naturals at positions ``inner`` (the first copy of each) and
    ``need`` wilds; where the wild limit may refuse a wild that another meld cannot take,
    also the same core with one or two wilds more."""
    m = ctx.min_meld
    if 1 in inner and 14 in inner:  # one ace cannot stand at both ends
        return
    choice = [by_pos[p][0] for p in inner]
    if len({naturals[i] & 127 for i in choice}) != len(choice):
        return
    cards = [naturals[i] for i in choice]
    mask = 0
    for i in choice:
        mask |= 1 << i
    a, b = inner[0], inner[-1]
    span = b - a + 1
    extras = (0, 1, 2) if ctx.limit != "none" or ctx.rules.four_at_once_double else (0,)
    for extra in extras:
        ext = max(0, m - span) + extra
        n = span + ext
        if need + extra > nwild or n > 13:
            break
        # where the extra places go: upward first, as far as the ranks allow; with a wild
        # limit, each split is its own core (the limit may depend on where the wilds stand)
        up_first = min(ext, ctx.run_hi - b)
        ups = range(up_first, -1, -1) if extra else (up_first,)
        for up in ups:
            lo = a - (ext - up)
            if lo < ctx.run_lo:
                continue
            probe = cards + [_PROBE] * (n - len(cards))
            if _run_ok(ctx, probe, suit, lo):
                out.append((mask, need + extra, (RUN, suit, lo), cards))
                if not extra:
                    break


_PROBE = Card(127 * 128 + 4 * 16)  # a stand-in wild: a joker copy no pack reaches


def _set_ok(ctx: MeldContext, cards: list, rank: int, nprobe: int) -> bool:
    if rank == 0 and nprobe:
        return False  # a group of jokers takes no wild card (and the stand-in would pass as a joker)
    if nprobe == 0:
        return check_set(ctx, cards, rank) is None
    return check_set(_ProbeCtx(ctx), cards, rank) is None  # type: ignore[arg-type]  # (a stand-in)


def _run_ok(ctx: MeldContext, cards: list, suit: int, lo: int) -> bool:
    slots, _ = arrange_run(_ProbeCtx(ctx), cards, suit, lo)  # type: ignore[arg-type]  # (a stand-in)
    return slots is not None


class _ProbeCtx:
    """A context in which the probe card counts as an ordinary wild."""

    __slots__ = ("_ctx", "wilds")

    def __init__(self, ctx: MeldContext):
        self._ctx = ctx
        self.wilds = ctx.wilds | {_PROBE}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ctx, name)




def best_plan(ctx: MeldContext, hand: Sequence[int], table: Sequence[Meld] = (), seat: int = 0,
              may_lay_off: bool = True, keep: int = 0) -> Plan:
    """The melds and lay-offs that put the most points on the table.

    ``may_lay_off``: whether the seat may lay off on the table melds (it may
    always extend its new melds).  ``keep``: cards that must stay in hand (1 to
    keep a discard).
    """
    plan = _best_plan(ctx, hand, table, seat, may_lay_off, keep)
    if len(plan.left) >= keep or len(hand) < keep:
        return plan
    # every card went down: hold back the card whose absence costs least, and plan the rest
    best: tuple[Plan, int] | None = None
    for _, c in sorted({c & 127: c for c in hand}.items()):
        rest = list(hand)
        rest.remove(c)
        sub = best_plan(ctx, rest, table, seat, may_lay_off, keep - 1)
        if best is None or (sub.points, -ctx.value[c]) > (best[0].points, -ctx.value[best[1]]):
            best = (sub, c)
    assert best is not None
    sub, c = best
    return Plan(sub.melds, sub.layoffs, sub.points, [*sub.left, c])


class _Hand:
    """A hand split for the search: the wilds that can stand as naturals in their own place
    (*flex*, first among the naturals), the other wilds (*pure*, dearest first), and the
    naturals; with each natural's face, the copies of each face, and the mask of each face."""

    __slots__ = ("flex", "pure", "naturals", "nflex", "nwild", "face_at", "copies", "face_mask")

    def __init__(self, ctx: MeldContext, hand: Sequence[int]):
        value = ctx.value
        flex_ok = ctx.natural_in_place
        self.flex = sorted((c for c in hand if c in ctx.wilds and flex_ok and (c >> 4) & 7 != JOKER_SUIT),
                           key=lambda c: (c & 15, (c >> 4) & 7))
        self.pure = sorted((c for c in hand if c in ctx.wilds and c not in self.flex), key=lambda c: -value[c])
        self.naturals = self.flex + sorted((c for c in hand if c not in ctx.wilds),
                                           key=lambda c: (c & 15, (c >> 4) & 7))
        self.nflex = len(self.flex)
        self.nwild = len(self.pure) + self.nflex
        # Identical cards from different decks are interchangeable, so a core names faces, and
        # the search realises it with the lowest copies of those faces still free.  (A core from
        # ``_cores`` holds the first copy of each face; two runs that each need a 5♠ take one
        # copy each.)
        self.face_at = [c & 127 for c in self.naturals]
        self.copies: dict[int, list[int]] = {}
        self.face_mask: dict[int, int] = {}
        for i, f in enumerate(self.face_at):
            self.copies.setdefault(f, []).append(i)
            self.face_mask[f] = self.face_mask.get(f, 0) | 1 << i


# one core as the search uses it: (mask of the first copies, whether its faces have one copy
# each, its faces, wilds needed, shape, wilds it has room for beyond those, worth)
_Core = tuple[int, bool, tuple[int, ...], int, tuple, int, int]


def _best_plan(ctx: MeldContext, hand: Sequence[int], table: Sequence[Meld], seat: int,
               may_lay_off: bool, keep: int) -> Plan:
    h = _Hand(ctx, hand)
    chosen = _search_cores(ctx, h, table, seat, may_lay_off)
    melds = _realise_cores(ctx, h, chosen, table, may_lay_off)
    used = {c for cards, _ in melds for c in cards}
    left = [c for c in hand if c not in used]
    return _lay_off(ctx, melds, left, table, seat, may_lay_off, keep)


def _index_cores(ctx: MeldContext, h: _Hand, cores: list, wild_unit: int) -> dict[int, list[_Core]]:
    """The cores by the face of their lowest natural, each once (two cores that name the same
    faces are one), with the room each leaves for wilds left over."""
    value = ctx.value
    run_len = min(13, ctx.run_hi - ctx.run_lo + 1)
    rooms = h.nwild and ctx.limit == "none"  # whether spare wilds need room (see ``_search_cores``)
    twins = len(h.copies) < len(h.naturals)  # some face has two copies
    double = ctx.rules.four_at_once_double  # (asked once: this loop is the search's hot path)
    by_face: dict[int, list[_Core]] = {}
    seen: set = set()
    for mask, need, shape, cards in cores:
        # ``mask`` holds the first copy of each face; a core whose faces have no second copy
        # in the hand can only ever be that mask
        faces: tuple[int, ...] = ()
        single = True
        if twins:
            faces = tuple(c & 127 for c in cards)
            key = (tuple(sorted(faces)), need, shape)
            if key in seen:
                continue
            seen.add(key)
            single = all(len(h.copies[f]) == 1 for f in faces)
        room = 0
        if rooms:
            # how many more wilds the meld could take: a set up to the pack's copies of its
            # rank (a group of jokers takes none), a run up to thirteen cards within the ranks
            size = len(cards) + need
            if shape[0] == SET:
                room = max(0, ctx.max_set - size) if shape[1] else 0
            elif shape[0] == RUN:
                room = max(0, run_len - size)  # (a bridge onto the table adds no room of its own)
        low = (mask & -mask).bit_length() - 1
        val = sum(value[c] for c in cards) + need * wild_unit
        if double and ctx.rules.counts_double(len(cards) + need):  # (four or more laid at once)
            val *= 2
        val += 1
        by_face.setdefault(h.face_at[low], []).append((mask, single, faces, need, shape, room, val))
    return by_face


def _table_space(ctx: MeldContext, h: _Hand, table: Sequence[Meld], seat: int) -> int:
    """How many of the hand's wilds the table's melds have room for (at most all of them)."""
    space = 0
    a_wild = (h.pure + h.flex)[0]
    for tm in table:
        if space >= h.nwild:
            break
        if ctx.limit == "none" and tm.kind == SET:
            space += max(0, ctx.max_set - len(tm.cards)) if tm.rank else 0
        elif ctx.limit == "none" and tm.kind == RUN:
            space += max(0, min(13 - len(tm.cards), tm.lo - ctx.run_lo + ctx.run_hi - tm.hi))
        else:  # a wild limit (or a meld of wilds): lay wilds on a copy until it takes no more
            ends = layoff_ends(ctx, tm, a_wild)
            grown = tm.copy() if ends else tm
            while ends and space < h.nwild:
                add_to_meld(grown, Card(a_wild), ends[0], seat)
                space += 1
                ends = layoff_ends(ctx, grown, a_wild)
    return min(space, h.nwild)


def _search_cores(ctx: MeldContext, h: _Hand, table: Sequence[Meld], seat: int,
                  may_lay_off: bool) -> tuple[tuple[int, int, tuple], ...]:
    """The cores of the best plan: (mask of the naturals, wilds needed, shape) each."""
    value = ctx.value
    naturals, nflex = h.naturals, h.nflex
    face_at, copies, face_mask = h.face_at, h.copies, h.face_mask
    wild_unit = max((value[c] for c in h.pure + h.flex), default=0)
    cores = _cached_cores(ctx, naturals, h.nwild)
    # the hand's cards that follow one another onto the table's runs, and the bridges onto them
    follow, bridges = _table_reach(ctx, naturals, nflex, table) if may_lay_off and table else (set(), [])
    if h.nwild and ctx.limit == "none":
        cores += bridges
    by_face = _index_cores(ctx, h, cores, wild_unit)
    memo: dict[tuple[int, int, int], tuple[int, tuple]] = {}
    flex_mask = (1 << nflex) - 1
    # wilds left over can join a meld or the table as far as they have room for them; this is
    # the room the table's melds have, when the seat may lay off on them
    table_space = _table_space(ctx, h, table, seat) if h.nwild and may_lay_off and table else 0
    NEG = (-(10**9), ())
    # what each natural is worth laid off on the table as it stands (the lay-offs themselves
    # are made after the search, so a card that fits only after another counts nothing here)
    fits_table = [0] * len(naturals)
    if may_lay_off and table and len(naturals) > nflex:
        takes = _table_takes(ctx, table)
        for i in range(nflex, len(naturals)):
            if takes(naturals[i]):
                fits_table[i] = value[naturals[i]]
        for i in follow:  # (9♣ then 10♣ on 6♣ 7♣ 8♣)
            fits_table[i] = value[naturals[i]]

    def realise(rest: int, faces: tuple[int, ...]) -> int:
        """The mask of the lowest free copies of ``faces`` in ``rest`` (0 when one is missing)."""
        mask = 0
        for f in faces:
            for i in copies[f]:
                bit = 1 << i
                if rest & bit and not mask & bit:
                    mask |= bit
                    break
            else:
                return 0
        return mask

    def search(rest: int, w: int, room: int) -> tuple[int, tuple]:
        # ``w`` may dip below zero while flex cards still to be decided can repay it
        if rest == 0:
            if w < 0:
                return NEG
            # (under a wild limit, ``room`` is only the table's: the cores themselves come
            # with the extra wilds a limit lets them take)
            return min(w, room) * wild_unit, ()
        key = (rest, w, room)
        got = memo.get(key)
        if got is not None:
            return got
        low = (rest & -rest).bit_length() - 1
        pending = (rest & flex_mask).bit_count()
        # the cores that hold this card, first: should the search outgrow its budget (a hand
        # swollen past thirty cards), the states still to come leave their cards out, and the
        # plan is the best found along the melds tried so far
        core_best = NEG
        if len(memo) < _STATE_BUDGET:
            for first, single, faces, need, shape, core_room, val in by_face.get(face_at[low], ()):
                if first & rest == first:
                    mask = first  # the first copies are free, so they are the lowest free ones
                elif single:
                    continue
                else:
                    mask = realise(rest, faces)
                    if not mask:
                        continue
                most = w + pending - (mask & flex_mask).bit_count()  # wilds the rest can still free
                if need > most:
                    continue
                # room beyond the wilds that can still be left over changes nothing: capping it
                # keeps the states few
                sub_v, sub_c = search(rest & ~mask, w - need, min(most - need, room + core_room))
                v = sub_v + val
                if v > core_best[0]:
                    core_best = (v, ((mask, need, shape),) + sub_c)
        # or leave this card out, and its other free copies with it (leaving one copy out and
        # melding another is the same as melding the first, which the cores do): a flex card
        # then serves as a wild, a natural stays in hand or goes onto a table meld it fits
        out = rest & face_mask[face_at[low]]
        best = search(rest & ~out, w + (out & flex_mask).bit_count(), room)
        credit = fits_table[low] * out.bit_count()
        if credit:
            best = (best[0] + credit, best[1])
        if core_best[0] > best[0]:
            best = core_best
        memo[key] = best
        return best

    return search((1 << len(naturals)) - 1, len(h.pure), table_space)[1]


def _realise_cores(ctx: MeldContext, h: _Hand, chosen: tuple[tuple[int, int, tuple], ...],
                   table: Sequence[Meld], may_lay_off: bool) -> list[tuple[list, tuple]]:
    """The chosen cores as melds of real cards: the cheapest wilds (pure wilds and the flex
    cards no core holds) fill the gaps; a wild of the round that fits a table meld in its own
    place is kept for that lay-off, and a bridge's cards stay for the lay-offs."""
    value = ctx.value
    naturals = h.naturals
    in_cores = {i for mask, _, _ in chosen for i in range(len(naturals)) if mask >> i & 1}

    def keep_for_table(c: int) -> bool:
        return may_lay_off and c in h.flex and any(layoff_ends(ctx, tm, c) for tm in table)

    wild_pool = sorted(h.pure + [c for i, c in enumerate(h.flex) if i not in in_cores],
                       key=lambda c: (-keep_for_table(c), -value[c]))
    melds: list[tuple[list, tuple]] = []
    for mask, need, shape in chosen:
        if shape[0] == _BRIDGE:
            continue  # its cards and its wild stay for the lay-offs
        cards = [naturals[i] for i in range(len(naturals)) if mask >> i & 1]
        use = [wild_pool.pop() for _ in range(need)]  # cheapest wilds fill gaps
        melds.append((cards + use, shape))
    return melds


def _lay_off(ctx: MeldContext, melds: list[tuple[list, tuple]], left: list[int], table: Sequence[Meld],
             seat: int, may_lay_off: bool, keep: int) -> Plan:
    """The plan: the ``melds``, and the cards ``left`` laid off (wilds first, dearest first)
    onto them and onto the table, greedily, until nothing more fits or ``keep`` cards are
    left."""
    value = ctx.value
    new_melds = [make_meld(ctx, cards, shape, seat, -(i + 1)) for i, (cards, shape) in enumerate(melds)]
    layoffs: list[tuple[int, object, str]] = []
    # the table's melds, each copied the first time a card goes onto it
    on_table = _TableCopy(table if may_lay_off else ())
    changed = True
    while changed and len(left) > keep:
        changed = False
        for c in sorted(left, key=lambda c: -value[c]):
            if len(left) <= keep:
                break
            if _place(ctx, c, left, new_melds, on_table, layoffs, seat):
                left.remove(c)
                changed = True
    # fold new-meld lay-offs into the melds themselves
    final_melds = [(tuple(m.cards), m.shape) for m in new_melds]
    # (the lay-offs stop while ``keep`` cards are left; a hand whose melds take every card
    # is left to ``best_plan``, which holds one back and plans again)
    table_layoffs = [(c, t, e) for c, t, e in layoffs if not isinstance(t, tuple)]
    points = sum(value[c] for cards, _ in final_melds for c in cards) + sum(value[c] for c, _, _ in table_layoffs)
    if ctx.rules.four_at_once_double:  # (a meld of four or more laid at once counts twice)
        points += sum(value[c] for cards, _ in final_melds if ctx.rules.counts_double(len(cards)) for c in cards)
    return Plan(final_melds, table_layoffs, points, left)


class _TableCopy(list):
    """The table's melds for a plan's lay-offs: each is copied before its first change, so
    that a plan that lays nothing on a meld costs no copy of it."""

    def __init__(self, table: Sequence[Meld]):
        super().__init__(table)
        self._own: set[int] = set()

    def own(self, m: Meld) -> Meld:
        """The copy of ``m`` (one of these melds) that may be changed."""
        for j, x in enumerate(self):
            if x is m:
                if j not in self._own:
                    self[j] = m = m.copy()
                    self._own.add(j)
                return m
        raise ValueError("not one of the table's melds")


def _place(ctx: MeldContext, c: int, left: list[int], new_melds: list[Meld], table: _TableCopy,
           layoffs: list[tuple[int, object, str]], seat: int) -> bool:
    """Lay ``c`` off on one of the plan's new melds or the ``table``, noting the lay-off in
    ``layoffs``; whether it went somewhere."""
    if c in ctx.wilds and len(left) > 1:
        # a wild goes where it lets the most of the cards left follow it (a wild on the
        # 9♣ end of 6♣ 7♣ 8♣ lets the 10♣ go down too)
        chain = _wild_spot(ctx, c, left, new_melds, table, seat)
        if chain is not None:
            where, m, end = chain
            if not isinstance(where, tuple):
                m = table.own(m)
            add_to_meld(m, Card(c), end, seat)
            layoffs.append((c, where, end))
            return True
    for i, m in enumerate(new_melds):
        ends = layoff_ends(ctx, m, c)
        if ends:
            add_to_meld(m, Card(c), ends[0], seat)
            layoffs.append((c, ("new", i), ends[0]))
            return True
    for m in table:
        ends = layoff_ends(ctx, m, c)
        if ends:
            add_to_meld(table.own(m), Card(c), ends[0], seat)
            layoffs.append((c, m.id, ends[0]))
            return True
        spot = cover_index(ctx, m, c)
        if spot is not None and ctx.rules.wild_after_meld == "stays":
            table.own(m).covers[spot] = (Card(c), seat)
            layoffs.append((c, m.id, "cover"))
            return True
    return False


_BRIDGE = "bridge"


def _table_reach(ctx: MeldContext, naturals: list[int], nflex: int,
                 table: Sequence[Meld]) -> tuple[set[int], list[tuple[int, int, tuple, list[int]]]]:
    """Walking out from each end of the table's runs over the hand's natural cards: the ones
    that follow one another onto a run with no gap (the 9♣ and the 10♣ onto 6♣ 7♣ 8♣), by
    index, and the cores that carry on past one gap a wild fills, a *bridge* (Q♦ after a wild
    J on 8♦ 9♦ 10♦; the lay-offs after the search lay the wild first, where the cards can
    follow it)."""
    held = {c & 127: i for i, c in enumerate(naturals) if i >= nflex}
    follow: set[int] = set()
    out: list[tuple[int, int, tuple, list[int]]] = []
    for m in table:
        if m.kind != RUN:
            continue
        for step, start in ((1, m.hi + 1), (-1, m.lo - 1)):
            pos, n, mask, cards, gap = start, len(m.cards), 0, [], False
            while ctx.run_lo <= pos <= ctx.run_hi and n < 13:
                i = held.get((m.suit << 4) | (1 if pos == 14 else pos))
                if i is None:
                    if gap:
                        break
                    gap = True
                else:
                    mask |= 1 << i
                    cards.append(naturals[i])
                    if gap:
                        out.append((mask, 1, (_BRIDGE, m.id, step), list(cards)))
                    else:
                        follow.add(i)
                pos += step
                n += 1
    return follow, out


def _table_takes(ctx: MeldContext, table: Sequence[Meld]) -> Callable[[int], bool]:
    """Whether a natural card goes onto one of the ``table``'s melds as they stand (a lay-off,
    or where the rules let it, a cover). Without a wild limit, from the cards each meld takes
    next, worked out once (the test runs for every natural in the hand, at every solver call)."""
    stays = ctx.rules.wild_after_meld == "stays"
    if ctx.limit != "none":
        return lambda c: any(layoff_ends(ctx, tm, c) or (stays and cover_index(ctx, tm, c) is not None)
                             for tm in table)
    ranks: set[int] = set()  # sets with room: any card of the rank (a joker: rank 0)
    faces: set[int] = set()  # runs: the card just below and just above, of the run's suit
    for m in table:
        if m.kind == SET:
            if len(m.cards) < (ctx.max_set if m.rank else ctx.max_jokers):
                ranks.add(m.rank)
        elif m.kind == RUN and len(m.cards) < 13:
            for pos in (m.lo - 1, m.hi + 1):
                if ctx.run_lo <= pos <= ctx.run_hi:
                    faces.add((m.suit << 4) | (1 if pos == 14 else pos))
        if not stays or m.kind == WILDS:
            continue
        for i, w in enumerate(m.cards):  # a wild not yet covered: its real card covers it
            if i in m.covers or w not in ctx.wilds:
                continue
            if m.kind == RUN and not natural_at(ctx, w, RUN, 0, m.suit, m.lo + i):
                pos = m.lo + i
                faces.add((m.suit << 4) | (1 if pos == 14 else pos))
            elif m.kind == SET and m.rank and not natural_at(ctx, w, SET, m.rank):
                ranks.add(m.rank)

    def takes(c: int) -> bool:
        joker = (c >> 4) & 7 == JOKER_SUIT
        return (0 if joker else c & 15) in ranks or (not joker and c & 127 in faces)

    return takes


def _wild_spot(ctx: MeldContext, wild: int, left: list[int], new_melds: list[Meld], table: list[Meld],
               seat: int) -> tuple[object, Meld, str] | None:
    """Where to lay off ``wild`` so that the most points of the other cards ``left`` fit after
    it: (the lay-off's target, the meld, the end), or None when no place makes a card fit
    that did not already (then the first place will do)."""
    others = [c for c in left if c != wild and c not in ctx.wilds]
    if not others:
        return None
    targets: list[tuple[object, Meld]] = [(("new", i), m) for i, m in enumerate(new_melds)]
    targets += [(m.id, m) for m in table]
    fit_before = {c for c in others if any(layoff_ends(ctx, m, c) for _, m in targets)}
    best, best_gain = None, 0
    for where, m in targets:
        for end in layoff_ends(ctx, m, wild):
            grown = m.copy()
            add_to_meld(grown, Card(wild), end, seat)
            gain = sum(ctx.value[c] for c in others if c not in fit_before and layoff_ends(ctx, grown, c))
            if gain > best_gain:
                best, best_gain = (where, m, end), gain
    return best


def split_into_melds(ctx: MeldContext, cards: Sequence[int], limit: int = 12,
                     unique: bool = True) -> list[tuple[tuple, tuple]] | None:
    """A way to lay every one of ``cards`` down as two or more new melds, each of which can
    be read one way only: ``[(its cards, its shape), ...]``, in as few melds as can be (the
    first of :func:`meld_splits`). None when there is none (or ``cards`` are fewer than six
    or more than ``limit``). For a selection of several melds at once ("3♣ 3♠ 3♥ 7♠ 7♦
    7♥"); each meld is still an action the engine checks. ``unique=False`` lets a meld be
    read more than one way (its first reading is given): to tell a player which of the
    melds needs its reading chosen."""
    splits = meld_splits(ctx, cards, limit, unique, most=1)
    return splits[0] if splits else None


def meld_splits(ctx: MeldContext, cards: Sequence[int], limit: int = 12, unique: bool = True,
                most: int = 4) -> list[list[tuple[tuple, tuple]]]:
    """The ways (up to ``most``) to lay every one of ``cards`` down as two or more new
    melds, each readable one way only (see :func:`split_into_melds`), with as few melds as
    any way has: 4♣-9♣ J♣-A♣ is a run of six and a run of four, not the smallest pieces
    4-6, 7-9, J-A (which would lose a "four laid at once" bonus). Several ways with that
    many melds are each given, for the player to choose (a card that could go in either
    meld); ways that differ only in which of alike cards goes where count once. Empty
    when there is none."""
    cards = list(cards)
    if not 6 <= len(cards) <= limit:
        return []

    seen: dict[tuple, tuple | None] = {}  # (each deeper try meets the same groups again)

    def reading(group: tuple) -> tuple | None:
        if group not in seen:
            shapes = shapes_for(ctx, group)
            seen[group] = shapes[0] if shapes and (not unique or len(shapes) == 1) else None
        return seen[group]

    def split(rest: list[int], parts: int) -> Iterator[list[tuple[tuple, tuple]]]:
        """``rest`` as exactly ``parts`` melds, the first holding ``rest[0]``."""
        if parts == 1:
            shape = reading(tuple(rest))
            if shape is not None:
                yield [(tuple(rest), shape)]
            return
        first, others = rest[0], rest[1:]
        for size in range(2, len(others) + 1):
            if len(others) - size < 3 * (parts - 1):
                break  # too few cards left for the other melds
            for picked in combinations(range(len(others)), size):
                group = (first, *(others[i] for i in picked))
                shape = reading(group)
                if shape is None:
                    continue
                chosen = set(picked)
                for tail in split([c for i, c in enumerate(others) if i not in chosen], parts - 1):
                    yield [(group, shape)] + tail

    for parts in range(2, len(cards) // 3 + 1):
        found: dict[tuple, list[tuple[tuple, tuple]]] = {}
        for way in split(cards, parts):
            # ways that differ only in which of two alike cards goes where (two sets of 9s
            # from two decks) are one to the player: the same melds, as long
            found.setdefault(tuple(sorted(((shape, len(group)) for group, shape in way), key=repr)), way)
            if len(found) >= most:
                break
        if found:
            return list(found.values())
    return []


__all__ = ["Plan", "any_meld_exists", "best_plan", "enumerate_melds", "iter_melds", "meld_splits",
           "meld_with_exists", "split_into_melds",
]
