"""The game state and the rules of play.

Theory of operation
-------------------
A :class:`GameState` holds one whole game: the options, the scores, and the
round in progress (hands, stock, discard pile, melds on the table).  It is
changed only by :meth:`GameState.apply`, which checks an action, performs it
and returns the :mod:`events <game.engine.events>` it caused; an action the
rules do not allow raises :class:`IllegalActionError` with a reason a player
can read, and leaves the state as it was.  :meth:`legal_actions` lists what
the seat to act may do.  :meth:`copy` is cheap, for search.

A round moves through phases:

``draw``        the seat ``current`` draws (stock, pile, or ``end`` on an empty
                stock).  While a call window is open, other seats may call
                "Rummy!" (:class:`CallRummy`) before the draw.
``play``        the seat melds, lays off, covers, undoes, and ends with a discard.
``call``        a "Rummy!" caller, after laying the called card off, discards.
``round_over``  the round is scored; :meth:`next_round` deals the next one.
``game_over``   someone won.

Randomness: every shuffle draws from ``random.Random`` seeded with the game's
``seed``, the round number and a counter, so the same seed and the same actions
give the same game on every platform, and a saved position needs no generator
state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from . import events as ev
from .actions import (
    Action,
    CallRummy,
    Cover,
    Discard,
    DrawStock,
    EndRound,
    LayOff,
    MeldCards,
    TakePile,
    Undo,
)
from .cards import Card, build_pack, card_name, card_text, cards_name, is_card, is_whole, rank_text
from .errors import IllegalActionError, RulesError
from .melds import (
    RUN,
    SET,
    Meld,
    MeldContext,
    add_to_meld,
    cover_index,
    explain_no_meld,
    layoff_chain,
    layoff_ends,
    layoff_reason,
    make_meld,
    meld_points_by_seat,
    remove_from_meld,
    shape_text,
    shapes_for,
    swap_ok,
)
from .rules import Rules

DRAW, PLAY, CALL, ROUND_OVER, GAME_OVER = "draw", "play", "call", "round_over", "game_over"
AFTER_CALL = "After a \"Rummy!\" call you only discard"  # (the caller took the discard: no draw)


def _ranks_in_pack(rules: Rules) -> list[int]:
    return [r for r in range(1, 14) if r == 1 or r >= rules.lowest_rank]


class RoundResult:
    """Where each seat's points came from in one round."""

    __slots__ = ("round", "reason", "went_out", "melded", "in_hand", "bonus", "points", "final_to")

    def __init__(self, round: int, reason: str, went_out: int | None, melded: list, in_hand: list,
                 bonus: list, points: list, final_to: int | None = None):
        self.round = round
        self.reason = reason
        self.went_out = went_out
        self.melded = melded
        self.in_hand = in_hand
        self.bonus = bonus      # going out, collecting the hands, and the final bonus
        self.points = points
        self.final_to = final_to  # the seat whose bonus holds the last deal's final_bonus

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in self.__slots__}
        if d["final_to"] is None:
            del d["final_to"]  # (as saves made before it was kept)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> RoundResult:
        if not isinstance(d, dict):
            raise TypeError("a round result is an object")
        return cls(**{k: d[k] for k in cls.__slots__ if k != "final_to"}, final_to=d.get("final_to"))


# The state's fields by how copy() treats them: values shared as they are (numbers,
# cards, immutable rules), and flat lists copied; hands, melds and known are deeper.
VALUE_FIELDS = (
    "rules", "players", "decks", "seed", "pack", "round_no", "dealer", "winners", "names", "ctx",
    "wild_rank", "indicator", "next_meld_id", "phase", "current", "turn_seat", "reshuffles",
    "took_top", "must_use", "stock_card", "melds_this_turn", "taken", "call_open", "discarder",
    "resume_seat", "went_out", "first_out_turn", "table_at_reshuffle",
)
LIST_FIELDS = (
    "scores", "results", "set_aside", "stock", "pile", "upcards", "floating", "turns", "turn_log",
    "grace",
)


class Standings:
    """The scoring sides and how near the game is to its end, read from public fields
    only (``rules``, ``players``, ``scores``, ``round_no``, ``wild_rank``), so that a
    :class:`GameState` and a seat's view answer alike."""

    __slots__ = ()

    # The public values a state and a view both hold, declared for type checkers (the
    # subclasses' slots hold them; a view has no ``seed``, and ``stock_card`` only
    # for its own seat's turn).
    rules: Rules
    players: int
    decks: int
    pack: tuple[Card, ...]
    round_no: int
    dealer: int
    winners: tuple[int, ...]
    names: tuple[str, ...] | None
    ctx: MeldContext
    wild_rank: int | None
    indicator: Card | None
    next_meld_id: int
    phase: str
    current: int
    turn_seat: int
    reshuffles: int
    took_top: Card | None
    must_use: Card | None
    stock_card: Card | None
    melds_this_turn: int
    taken: tuple[Card, ...]
    call_open: bool
    discarder: int | None
    resume_seat: int | None
    went_out: int | None
    first_out_turn: bool
    table_at_reshuffle: int | None
    scores: Sequence[int]

    def seat_name(self, seat: int) -> str:
        """The seat's name; "Player N" when the game has no names or this one is empty."""
        return (self.names[seat] if self.names else "") or f"Player {seat + 1}"

    def sides(self) -> list[list[int]]:
        """The scoring sides: partners together with ``partnerships``, else one seat each."""
        return self.rules.sides(self.players)

    def side_scores(self) -> list[int]:
        return [sum(self.scores[s] for s in side) for side in self.sides()]

    def side_of(self, seat: int) -> int:
        """The index in :meth:`sides` (and :meth:`side_scores`) of ``seat``'s side."""
        return seat % 2 if self.rules.partnerships else seat

    def deals_left(self) -> int | None:
        """In a game of fixed length (a number of ``deals``, or rotating wilds, which end
        with the K round): how many deals follow this one.  None when the target decides."""
        rules = self.rules
        if rules.deals:
            return max(0, rules.deals - self.round_no)
        if rules.wild_indicator == "rotating":
            ranks = _ranks_in_pack(rules)
            return len(ranks) - 1 - ranks.index(self.wild_rank) if self.wild_rank in ranks else 0
        return None

    def last_round(self) -> bool | None:
        """In a game of fixed length: whether this round is its last (see
        :meth:`deals_left`).  None when the target decides."""
        left = self.deals_left()
        return None if left is None else left == 0

    def goes_on_past_target(self) -> bool:
        """Whether a side has reached the target and the game goes on all the same: with
        ``winner_rule = must_go_out``, until a side at or over it goes out (see
        :meth:`_game_winners`, where no other rule lets a reached target pass)."""
        return (not self.winners and self.deals_left() is None and not self.rules.lowest_total_wins
                and self.rules.winner_rule == "must_go_out" and max(self.side_scores()) >= self.rules.target)

    def may_end_this_round(self, margin: float) -> bool:
        """Whether this round may end the game: it is the last, or a side is within
        ``margin`` points of the target."""
        last = self.last_round()
        if last is not None:
            return last
        return max(self.side_scores()) + margin >= self.rules.target


def use_words(rule: str, what: str) -> str:
    """What ``deep_take_use`` asks of the deepest card taken, in words, for messages:
    ``what`` names the card ("the 2♣ you took from the pile", or "it")."""
    if rule == "new_meld":
        return f"put {what} into a new meld"
    if rule == "new_meld_two_naturals":
        return f"meld {what} with two natural cards from your hand"
    return "meld it or lay it off" if what == "it" else f"meld or lay off {what}"


def not_held(hand: list[Card], card: Card) -> str:
    """Why ``card`` cannot be played from ``hand``. Cards are named as people see them;
    when the hand holds an identical card from the other deck, the message gives the
    exact card asked for (``5♠#2``), since only a program can name the wrong copy."""
    if any(int(h) & 127 == int(card) & 127 for h in hand):
        return f"You hold another {card_name(card)}, not this copy of it ({Card(card)})"
    return f"You do not hold the {card_name(card)}"


class GameState(Standings):
    """One game of rummy.  Build it with :func:`new_game`."""

    __slots__ = VALUE_FIELDS + LIST_FIELDS + ("hands", "melds", "known")

    # The slots' types beyond the public values :class:`Standings` declares (declarations
    # only: :func:`new_game`, :meth:`copy` and the save loader fill the slots without
    # ``__init__``).
    seed: int
    scores: list[int]
    results: list[RoundResult]
    set_aside: list[Card]
    stock: list[Card]
    pile: list[Card]
    upcards: list[Card | None]
    floating: list[bool]
    turns: list[int]
    turn_log: list[tuple]
    grace: list[int]
    hands: list[list[Card]]
    melds: list[Meld]
    known: list[set[Card]]

    # ------------------------------------------------------------------ basics
    def copy(self) -> GameState:
        g = object.__new__(GameState)
        for name in VALUE_FIELDS:
            setattr(g, name, getattr(self, name))
        for name in LIST_FIELDS:
            setattr(g, name, list(getattr(self, name)))
        g.hands = [list(h) for h in self.hands]
        g.melds = [m.copy() for m in self.melds]
        g.known = [set(k) for k in self.known]
        return g

    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.phase == GAME_OVER

    @property
    def round_done(self) -> bool:
        """The round has ended (and perhaps the game with it): nobody is to act."""
        return self.phase in (ROUND_OVER, GAME_OVER)

    def meld_by_id(self, meld_id: int) -> Meld | None:
        for m in self.melds:
            if m.id == meld_id:
                return m
        return None

    def _meld_at(self, meld_id: int) -> Meld:
        """The meld ``meld_id``, which a check made sure is on the table."""
        m = self.meld_by_id(meld_id)
        if m is None:
            raise AssertionError(f"no meld {meld_id}")
        return m

    def has_own_meld(self, seat: int) -> bool:
        return any(m.owner == seat for m in self.melds)

    def all_cards(self) -> list[Card]:
        """Every card of the pack, wherever it is this round (for invariant checks)."""
        out = list(self.stock) + list(self.pile) + list(self.set_aside)
        for h in self.hands:
            out += h
        for m in self.melds:
            out += m.all_cards()
        return out

    def reshuffle_waits(self) -> bool:
        """With ``empty_stock = reshuffle``: the stock is empty and the pile could become
        the stock, but does not, as no card was put on the table since the last time (the
        player takes from the pile or ends the round)."""
        return (self._pile_may_restock() and self.table_at_reshuffle is not None
                and self.cards_on_table() <= self.table_at_reshuffle)

    def stock_restocks(self) -> bool:
        """With ``empty_stock = reshuffle``: the stock is empty, and a draw from it turns
        the pile, all but its top card, into a new stock first.  The first time in a round
        it always may; again only if a card was put on the table since the last time
        (otherwise the same cards could go round for ever: see :meth:`reshuffle_waits`).
        The player to move may take from the pile instead, as the rules say ("cannot or
        will not take from the discard pile")."""
        return self._pile_may_restock() and not self.reshuffle_waits()

    @property
    def kept_top(self) -> Card | None:
        """The top card of the pile taken alone this turn, where the rules keep it from
        going back to the pile this turn (``top_take_no_return``); else None."""
        return self.took_top if self.rules.top_take_no_return else None

    def stock_drawable(self) -> bool:
        """Whether the player to move may draw from the stock (it has cards, or it is
        rebuilt from the pile on the draw)."""
        return bool(self.stock) or self.stock_restocks()

    def _pile_may_restock(self) -> bool:
        """The stock is empty, the rules turn the pile over, and it has cards below its top."""
        return not self.stock and self.rules.empty_stock == "reshuffle" and len(self.pile) >= 2

    def cards_on_table(self) -> int:
        """How many cards lie in melds (real cards laid on wilds included)."""
        return sum(len(m.all_cards()) for m in self.melds)

    def _rng(self, what: str) -> random.Random:
        return random.Random(f"{self.seed}/{self.round_no}/{what}")

    def went_out_early(self) -> bool:
        """Whether the last round ended with a player going out before every other seat had
        a turn (``first_turn_out_grace`` prevents it). Read it before the next deal."""
        out = self.results[-1].went_out if self.results else None
        return (out is not None and self.turns[out] == 0
                and any(n == 0 for s, n in enumerate(self.turns) if s != out))

    def melded_points(self, without: frozenset[int] | set[int] = frozenset()) -> list[int]:
        """Each seat's points in the melds on the table, the cards of ``without`` left out."""
        pts = [0] * self.players
        for m in self.melds:
            for s, p in enumerate(meld_points_by_seat(self.ctx, m, self.players, without)):
                pts[s] += p
        return pts

    def hand_points(self, seat: int) -> int:
        v = self.ctx.value
        return sum(v[c] for c in self.hands[seat])

    # ------------------------------------------------------------------ dealing
    def _deal(self) -> list[ev.Event]:
        rules = self.rules
        n = self.players
        rng = self._rng("deal")
        stock = list(self.pack)
        rng.shuffle(stock)
        self.hands = [[] for _ in range(n)]
        self.upcards = [None] * n
        self.known = [set() for _ in range(n)]
        self.set_aside = []
        self.melds = []
        self.pile = []
        self.next_meld_id = 1
        self.indicator = None
        self.reshuffles = 0
        self.table_at_reshuffle = None
        if rules.wild_indicator == "rotating":
            ranks = _ranks_in_pack(rules)
            self.wild_rank = ranks[(self.round_no - 1) % len(ranks)]
        else:
            self.wild_rank = None
        events: list[ev.Event] = []
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        perm = rules.is_permanent_wild

        def bury(card: Card) -> None:
            stock.insert(rng.randrange(len(stock) + 1), card)

        if rules.deal_style == "upcard":
            for seat in order:
                while True:
                    up = stock.pop()
                    dealer_indicator = (
                        seat == self.dealer and rules.wild_indicator == "dealer_upcard"
                        and perm(up) and rules.indicator_on_permanent_wild == "replace"
                    )
                    extra = rules.upcard_extra(up)
                    if extra is None or dealer_indicator:
                        events.append(ev.UpcardReplaced(seat, up))
                        if not perm(up) and rules.min_upcard > 2:
                            stock.append(up)
                            rng.shuffle(stock)
                        else:
                            bury(up)
                        continue
                    break
                events.append(ev.DealtUpcard(seat, up))
                self.hands[seat].append(up)
                self.upcards[seat] = up
                self.known[seat].add(up)
                dealt = [stock.pop() for _ in range(extra)]
                self.hands[seat].extend(dealt)
                events.append(ev.DealtHand(seat, tuple(dealt), len(dealt)))
        else:
            size = rules.fixed_hand_size(n)
            for seat in order:
                dealt = [stock.pop() for _ in range(size)]
                self.hands[seat].extend(dealt)
                events.append(ev.DealtHand(seat, tuple(dealt), len(dealt)))

        style = rules.wild_indicator
        if style in ("dealer_upcard", "dealer_last", "extra_card", "separate"):
            d = self.dealer
            up_d = self.upcards[d]
            if style == "dealer_upcard":
                if up_d is None:
                    # a fixed deal has no upcard: the dealer's first card is turned face up
                    ind = self.hands[d][0]
                    style = "dealer_first"
                else:
                    ind = up_d
            elif style == "dealer_last":
                ind = self.hands[d][-1]
            else:
                ind = stock.pop()
                if style == "extra_card":
                    self.hands[d].append(ind)
                else:
                    self.set_aside.append(ind)
            faceup = [ind]
            while perm(ind) or ind.is_joker:  # a joker has no rank to name
                if rules.indicator_on_permanent_wild == "replace" and style != "dealer_upcard":
                    # bury the permanent wild and turn another in its place
                    if style == "separate":
                        self.set_aside.remove(ind)
                    else:
                        self.hands[d].remove(ind)
                    faceup.remove(ind)
                    bury(ind)
                ind = stock.pop()
                faceup.append(ind)
                if style == "separate":
                    self.set_aside.append(ind)
                else:
                    self.hands[d].append(ind)
            self.indicator = ind
            self.wild_rank = ind.rank
            holder = None if style == "separate" else d
            if holder is not None:
                # every card turned face up for the dealer is public knowledge
                self.known[d].update(faceup)
            events.append(ev.WildIndicator(ind, ind.rank, holder))
        elif style == "rotating":
            events.append(ev.WildIndicator(None, self.wild_rank, None))

        self.ctx = MeldContext(rules, self.wild_rank, self.decks, self.pack)
        top = stock.pop()
        self.pile.append(top)
        events.append(ev.PileStarted(top))
        self.stock = stock
        self.floating = [False] * n
        self.turns = [0] * n
        self.went_out = None
        self.grace = []
        self.first_out_turn = False
        self.call_open = False
        self.discarder = None
        self.resume_seat = None
        self._start_turn((self.dealer + 1) % n)
        return events

    def _start_turn(self, seat: int) -> None:
        # the turn's log (what Undo takes back) lives until the next turn starts or the
        # round ends (_end_round), whichever way the turn ended
        self.phase = DRAW
        self.current = seat
        self.turn_seat = seat
        self.took_top = None
        self.must_use = None
        self.stock_card = None
        self.turn_log = []
        self.melds_this_turn = 0
        self.taken = ()

    def next_round(self) -> list[ev.Event]:
        """Deal the next round after ``round_over``."""
        if self.phase != ROUND_OVER:
            raise IllegalActionError("The round is not over yet")
        last = self.results[-1] if self.results else None
        if self.rules.dealer_rotation == "winner" and last is not None:
            if last.went_out is not None:
                self.dealer = last.went_out
            else:  # the round's best score: the lowest charge under penalty scoring
                pts = last.points
                self.dealer = pts.index(min(pts) if self.rules.lowest_total_wins else max(pts))
        else:
            self.dealer = (self.dealer + 1) % self.players
        self.round_no += 1
        events: list[ev.Event] = [ev.RoundStarted(self.round_no, self.dealer, None)]
        events += self._deal()
        events[0] = ev.RoundStarted(self.round_no, self.dealer, self.wild_rank)
        return events

    # ------------------------------------------------------------------ helpers
    def can_lay_off(self, seat: int, card: int, melds: Iterable[Meld] | None = None) -> bool:
        """Whether ``seat`` could lay ``card`` off on some meld on the table now."""
        if self.rules.layoff_needs_own_meld and not self.has_own_meld(seat):
            return False
        ctx = self.ctx
        for m in self.melds if melds is None else melds:
            if layoff_ends(ctx, m, card):
                return True
        return False

    def playable(self, seat: int, card: int) -> bool:
        """A card that cannot be the going-out discard in ``discard_unplayable``."""
        return self.can_lay_off(seat, card) or (
            self.rules.wild_after_meld == "stays" and self._coverable(seat, card)
        )

    def _coverable(self, seat: int, card: int) -> bool:
        if self.rules.layoff_needs_own_meld and not self.has_own_meld(seat):
            return False
        return any(cover_index(self.ctx, m, card) is not None for m in self.melds)

    def _can_use(self, seat: int, card: Card, hand: list, mode: str, has_meld: bool | None = None,
                 taken: tuple = ()) -> bool:
        """Whether ``card`` (in ``hand``) can still be used as the obligation ``mode`` demands.

        ``taken``: cards that came from the pile with it (never the two naturals of
        ``new_meld_two_naturals``).
        """
        from .solver import meld_with_exists

        ctx = self.ctx
        keep = self.rules.kept_to_discard
        may_meld = not (self.rules.one_meld_per_turn and self.melds_this_turn >= 1)
        chain = None
        if mode == "meld_or_layoff":
            # maybe after other cards of the hand are laid off first (a 6♣ on 3-4-5♣ makes
            # room for the 7♣), with ``keep`` cards left over
            chain = layoff_chain(ctx, card, hand, self.melds, keep=keep)
            if chain is not None:
                own = self.has_own_meld(seat) if has_meld is None else has_meld
                if own or not self.rules.layoff_needs_own_meld:
                    return True
        if not may_meld:
            return False
        if taken:
            hand = sorted(hand, key=lambda c: c in taken)  # identical cards: prefer the hand's own
        if meld_with_exists(ctx, card, hand, two_naturals=mode == "new_meld_two_naturals",
                            not_natural=taken, max_size=len(hand) - keep):
            return True
        if chain is None:
            return False
        # no meld of one's own yet: one must be made first, and it must not use up the
        # cards that make room for this one.  Any meld of the cards the chain leaves will do.
        from .solver import iter_melds

        spare = list(hand)
        for c, _, _ in chain:
            spare.remove(c)
        if any(len(spare) - len(cards) >= keep for cards, _ in iter_melds(ctx, spare)):
            return True
        # else a meld that shares cards with that chain, laid down first, may open another
        rest = list(hand)
        rest.remove(card)
        for n, (cards, shape) in enumerate(iter_melds(ctx, rest)):
            left = list(hand)
            for c in cards:
                left.remove(c)
            new = make_meld(ctx, cards, shape, seat, -1)
            if layoff_chain(ctx, card, left, self.melds + [new], keep=keep) is not None:
                return True
            if n >= 200:  # a hand this rich surely has a way; stop looking
                return True
        return False

    def _obligation_met(self, seat: int) -> bool:
        o = self.must_use
        if o is None:
            return True
        if self.rules.deep_take_use == "meld_or_layoff":
            return o not in self.hands[seat]
        # it must be in a new meld made this turn, and still on the table (a swap may bring it back)
        return o not in self.hands[seat] and any(e[0] == "meld" and o in e[2] for e in self.turn_log)

    def _leaves_discard_problem(self, seat: int, hand_after: list, what: str,
                                action: MeldCards | LayOff | Cover | None = None) -> str | None:
        """Refuse a meld/lay-off whose result would leave no legal way to end the turn."""
        if not hand_after:
            if self.rules.going_out == "discard_required":
                return f"You must keep a card to discard when you go out, so you cannot {what}"
            return None
        top = self.kept_top
        if len(hand_after) == 1 and top is not None and hand_after[0] == top:
            # fine when that last card can then be laid off (going out, or floating)
            if action is not None and self.rules.going_out != "discard_required":
                g = self._after_move(seat, action)
                if g.can_lay_off(seat, top) or g._coverable(seat, top):
                    return None
            return f"That would leave you holding only the {card_name(top)}, which you may not discard this turn"
        return None

    def _after_move(self, seat: int, action: MeldCards | LayOff | Cover) -> GameState:
        """A copy of the state after a meld, lay-off or cover, made without any check."""
        g = self.copy()
        g.must_use = None
        if isinstance(action, MeldCards):
            g._meld(seat, action)
        elif isinstance(action, LayOff):
            g._lay_off(seat, action)
        else:
            g._cover(seat, action)
        return g

    def _strands_obligation(self, seat: int, action: MeldCards | LayOff | Cover) -> str | None:
        """Refuse a move after which the card taken from the pile could no longer be used."""
        o = self.must_use
        if o is None or self.phase != PLAY or self._obligation_met(seat):
            return None
        if isinstance(action, MeldCards):
            if o in action.cards:
                return None
            moved = action.cards
        else:
            if action.card == o:
                return None
            moved = (action.card,)
        # fast path: a meld with the card is still there in what the hand keeps
        one_meld = self.rules.one_meld_per_turn and (self.melds_this_turn or isinstance(action, MeldCards))
        if not one_meld:
            from .solver import meld_with_exists

            rest = list(self.hands[seat])
            for c in moved:
                rest.remove(c)
            rest.sort(key=lambda c: c in self.taken)
            keep = self.rules.kept_to_discard
            if meld_with_exists(self.ctx, o, rest, two_naturals=self.rules.deep_take_use == "new_meld_two_naturals",
                                not_natural=self.taken, max_size=len(rest) - keep):
                return None
        g = self._after_move(seat, action)
        if o not in g.hands[seat]:
            return None
        if not g._can_use(seat, o, g.hands[seat], self.rules.deep_take_use, taken=self.taken):
            return f"That would leave no way to {use_words(self.rules.deep_take_use, self._took(o))}"
        return None

    # ------------------------------------------------------------------ legality
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` (default: the seat to act) may take now.

        For the seat to act these are its moves; "Rummy!" calls, its own included,
        are listed apart by :meth:`call_actions` (a driver asks every seat).

        Melds are listed once for each distinct choice of card faces; identical
        cards from different decks are interchangeable and :meth:`apply`
        accepts any of them.
        """
        if self.round_done:
            return []
        if seat is None:
            seat = self.current
        if seat != self.current:
            return self.call_actions(seat)
        out: list[Action] = []
        if self.phase == DRAW:
            drawable = self.stock_drawable()
            if drawable:
                out.append(DrawStock())
            if not self.floating[seat] and self.pile:
                idx = [len(self.pile) - 1] if self.rules.discard_pile == "top_only" else range(len(self.pile))
                for i in idx:
                    if self._take_problem(seat, i) is None:
                        out.append(TakePile(self.pile[i]))
            if not drawable:
                out.append(EndRound())
            return out
        hand = self.hands[seat]
        for c in _distinct([c for c in hand if self._discard_problem(seat, c) is None]):
            out.append(Discard(c))
        if self.phase == CALL:
            if len(hand) == 1:
                for a in self._layoff_actions(seat, hand):
                    out.append(a)
            return out
        from .solver import enumerate_melds

        if not (self.rules.one_meld_per_turn and self.melds_this_turn >= 1):
            # the listing takes the first of identical cards: duty cards first, pile cards last
            special = (self.must_use, self.stock_card)
            taken = self.taken
            ordered = sorted(hand, key=lambda c: (c not in special, c in taken))
            for cards, shape in enumerate_melds(self.ctx, ordered):
                a = MeldCards(tuple(cards), shape)
                if self._meld_problem(seat, a, trusted=True) is None:
                    out.append(a)
        out.extend(self._layoff_actions(seat, hand))
        if self.turn_log:
            out.append(Undo())
        return out

    def _layoff_actions(self, seat: int, hand: list) -> list[Action]:
        out: list[Action] = []
        if self.rules.layoff_needs_own_meld and not self.has_own_meld(seat):
            return out
        wilds = self.ctx.wilds
        with_wilds = {m.id for m in self.melds if any(x in wilds for x in m.cards)}
        for c in _distinct_keep(hand, self.must_use, self.stock_card, self.took_top):
            for m in self.melds:
                for end in layoff_ends(self.ctx, m, c):
                    a = LayOff(c, m.id, end)
                    if self._layoff_problem(seat, a) is None:
                        out.append(a)
                if m.id in with_wilds and cover_index(self.ctx, m, c) is not None:
                    a2 = Cover(c, m.id)
                    if self._cover_problem(seat, a2) is None:
                        out.append(a2)
        return out

    def call_actions(self, seat: int) -> list[Action]:
        """The "Rummy!" calls ``seat`` may make now (empty when no window is open)."""
        if not self.call_open or seat == self.discarder or self.phase != DRAW:
            return []
        mode = self.rules.rummy_calls
        out: list[Action] = []
        if mode in ("discard", "top_card"):
            if self.rules.caller_needs_meld and not self.has_own_meld(seat):
                return out
            top = self.pile[-1]
            for m in self.melds:
                for end in layoff_ends(self.ctx, m, top):
                    out.append(CallRummy(seat, meld=m.id, end=end))
        elif mode == "pile":
            for i in range(len(self.pile)):
                if self._pile_call_ok(seat, i):
                    out.append(CallRummy(seat, take=self.pile[i]))
        return out

    def _pile_call_ok(self, seat: int, i: int) -> bool:
        taken = self.pile[i:]
        card = self.pile[i]
        if self.rules.pile_call_hand:
            hand = self.hands[seat] + taken
        else:
            hand = list(taken)
        return self._can_use(seat, card, hand, self.rules.deep_take_use, taken=tuple(taken))

    @staticmethod
    def _took(card: Card) -> str:
        return f"the {card_name(card)} you took from the pile"

    def _take_problem(self, seat: int, i: int) -> str | None:
        rules = self.rules
        card = self.pile[i]
        top = i == len(self.pile) - 1
        if self.floating[seat]:
            return "You are floating: you may only draw from the stock"
        if not top and rules.discard_pile == "top_only":
            return "Only the top card of the discard pile may be taken in this game"
        if not rules.take_must_use(top):
            return None
        hand = self.hands[seat] + self.pile[i:]
        if not self._can_use(seat, card, hand, rules.deep_take_use, taken=tuple(self.pile[i:])):
            return (f"You may not take the {card_name(card)}: you would have no way to "
                    f"{use_words(rules.deep_take_use, 'it')} this turn")
        return None

    def _discard_problem(self, seat: int, card: Card) -> str | None:
        rules = self.rules
        hand = self.hands[seat]
        if card not in hand:
            return not_held(hand, card)
        if self.phase == PLAY:
            if card == self.kept_top:
                return f"You took the {card_name(card)} from the top of the pile, so you may not discard it this turn"
            o = self.must_use
            if o is not None and not self._obligation_met(seat):
                return f"You must {use_words(rules.deep_take_use, self._took(o))} before you discard"
            sc = self.stock_card
            if sc is not None and sc in hand and card != sc:
                return f"You must meld the {card_name(sc)} you drew from the stock, or discard it"
        if len(hand) == 1 and rules.going_out == "discard_unplayable" and self.playable(seat, card):
            return (
                f"The {card_name(card)} could be laid off on a meld, so it cannot be your last discard: "
                f"lay it off and float"
            )
        return None

    def no_new_meld(self) -> str | None:
        """Why no new meld may be made now, whatever its cards (the phase, or a meld a turn
        already made); None when one may be."""
        if self.phase == CALL:
            return AFTER_CALL
        if self.phase != PLAY:
            return "You can meld only after drawing, before you discard"
        if self.rules.one_meld_per_turn and self.melds_this_turn >= 1:
            return "Only one new meld may be made in a turn in this game"
        return None

    def _meld_problem(self, seat: int, a: MeldCards, trusted: bool = False) -> str | None:
        """Why the meld is refused, or None.  ``trusted``: the cards and shape are known valid."""
        why = self.no_new_meld()
        if why is not None:
            return why
        hand = self.hands[seat]
        rest = list(hand)
        for c in a.cards:
            if c not in rest:
                return not_held(hand, c) if c not in hand else f"The {card_name(c)} is named twice"
            rest.remove(c)
        if self.stock_card is not None and self.stock_card in hand and self.stock_card not in a.cards:
            return f"You must meld the {card_name(self.stock_card)} you drew from the stock first, or discard it"
        shapes = [tuple(a.shape)] if trusted and a.shape is not None else shapes_for(self.ctx, a.cards)
        if not shapes:
            ranked = sorted(a.cards, key=lambda c: (Card(c).is_joker, c & 15, (c >> 4) & 7))  # (not as clicked)
            return f"{cards_name(ranked)} is not a meld: {explain_no_meld(self.ctx, a.cards)}"
        if a.shape is not None and tuple(a.shape) not in shapes:
            return f"{cards_name(a.cards)} cannot be played as {shape_text(a.shape)}"
        o = self.must_use
        if (o is not None and o in a.cards and self.rules.deep_take_use == "new_meld_two_naturals"):
            shape = tuple(a.shape) if a.shape else shapes[0]
            nat = sum(1 for c in a.cards
                      if c != o and c not in self.taken and _natural_for_shape(self.ctx, c, shape))
            if nat < 2:
                return f"The {card_name(o)} you took must be melded with two natural cards from your hand"
        return self._finish_problem(seat, a, rest, "meld every card")

    def _placing_problem(self, seat: int, card: Card, meld_id: int, what: str) -> str | Meld:
        """Checks shared by lay-offs and covers: the reason it may not be done, or the meld."""
        hand = self.hands[seat]
        if self.phase == CALL and len(hand) != 1:
            return AFTER_CALL
        if self.phase != PLAY and not (self.phase == CALL and len(hand) == 1):
            return f"You can {what} only after drawing, before you discard"
        if card not in hand:
            return not_held(hand, card)
        if self.rules.layoff_needs_own_meld and not self.has_own_meld(seat):
            return "You need a meld of your own on the table before you lay off"
        m = self.meld_by_id(meld_id)
        if m is None:
            return f"There is no meld {meld_id} on the table"
        if self.stock_card is not None and self.stock_card in hand and card != self.stock_card:
            return f"You must meld the {card_name(self.stock_card)} you drew from the stock first, or discard it"
        o = self.must_use
        if o is not None and card == o and self.rules.deep_take_use != "meld_or_layoff":
            return f"The {card_name(o)} you took from the pile must go into a new meld"
        return m

    def _finish_problem(self, seat: int, a: MeldCards | LayOff | Cover, rest: list, what: str) -> str | None:
        """Whether the hand left after a move can still end the turn legally."""
        return self._leaves_discard_problem(seat, rest, what, a) or self._strands_obligation(seat, a)

    def _layoff_problem(self, seat: int, a: LayOff) -> str | None:
        m = self._placing_problem(seat, a.card, a.meld, "lay off")
        if isinstance(m, str):
            return m
        ends = layoff_ends(self.ctx, m, a.card)
        if not ends:
            why = layoff_reason(self.ctx, m, a.card)  # a rule, such as one wild a meld
            return f"The {card_name(a.card)} does not fit the {m.describe()}" + (f": {why}" if why else "")
        if a.end and a.end not in ends:
            return f"The {card_name(a.card)} does not fit the {a.end} end of the {m.describe()}"
        rest = list(self.hands[seat])
        rest.remove(a.card)
        return self._finish_problem(seat, a, rest, "lay off your last card")

    def _cover_problem(self, seat: int, a: Cover) -> str | None:
        m = self._placing_problem(seat, a.card, a.meld, "lay a card on a wild")
        if isinstance(m, str):
            return m
        i = cover_index(self.ctx, m, a.card)
        if i is None:
            return f"No wild card in the {m.describe()} stands for the {card_name(a.card)}"
        if self.rules.wild_after_meld == "swap":
            if not swap_ok(self.ctx, m, i, a.card):
                return f"The {m.describe()} would not stay valid with the {card_name(a.card)} in place of its wild"
            if m.cards[i] == self.must_use and self.phase == PLAY:
                return f"The {card_name(self.must_use)} you took from the pile must stay melded this turn"
        rest = list(self.hands[seat])
        rest.remove(a.card)
        if self.rules.wild_after_meld == "swap":
            rest.append(m.cards[i])
        return self._finish_problem(seat, a, rest, "lay off your last card")

    def is_legal(self, action: Action) -> bool:
        try:
            self.copy().apply(action)
        except IllegalActionError:
            return False
        return True

    def layoff_plan(self, cards: Sequence[Card], meld_id: int,
                    options: Callable[[Card], Sequence[LayOff | Cover]],
                    limit: int = 6) -> list[LayOff | Cover] | None:
        """Lay-offs that put every one of ``cards`` on meld ``meld_id``, tried on copies of
        the game: natural cards before wilds, each card's ``options`` (its ends and a
        cover, in the order the caller prefers) in turn. None when no order fits them all
        (or there are more than ``limit`` cards to try)."""
        if len(cards) > limit:
            return None
        failed: set[tuple] = set()  # (the meld's cards, the cards left) that led nowhere

        def search(g: GameState, left: list[Card]) -> list[LayOff | Cover] | None:
            if not left:
                return []
            now = g.meld_by_id(meld_id)
            key = (tuple(now.cards) if now is not None else (), frozenset(left))
            if key in failed:
                return None
            for c in left:
                for a in options(c):
                    after = g.copy()
                    try:
                        after.apply(a)
                    except IllegalActionError:
                        continue
                    rest = search(after, [x for x in left if x != c])
                    if rest is not None:
                        return [a, *rest]
            failed.add(key)
            return None

        return search(self, sorted(cards, key=self.ctx.is_wild))  # (stable: the caller's order otherwise)

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> list[ev.Event]:
        """Perform ``action`` for the seat to act (or the caller named in a call)."""
        if self.phase == GAME_OVER:
            raise IllegalActionError("The game is over")
        if self.phase == ROUND_OVER:
            raise IllegalActionError("The round is over: deal the next round first")
        why = _malformed(action)
        if why:
            raise IllegalActionError(f"{action!r} is not a move: {why}")
        action = _with_cards(action)
        if isinstance(action, CallRummy):
            return self._call(action)
        seat = self.current
        if isinstance(action, DrawStock):
            return self._draw_stock(seat)
        if isinstance(action, TakePile):
            return self._take_pile(seat, action.card)
        if isinstance(action, EndRound):
            if self.phase != DRAW:
                raise IllegalActionError("The round can be ended only instead of drawing")
            if self.stock:
                raise IllegalActionError("The round can be ended only when the stock is empty")
            if self.stock_restocks():
                raise IllegalActionError("The stock is empty, but the discard pile becomes the new "
                                         "stock: draw from it, or take from the pile")
            self.call_open = False
            return self._end_round(None)
        if isinstance(action, MeldCards):
            why = self._meld_problem(seat, action)
            if why:
                raise IllegalActionError(why)
            return self._meld(seat, action)
        if isinstance(action, LayOff):
            why = self._layoff_problem(seat, action)
            if why:
                raise IllegalActionError(why)
            return self._lay_off(seat, action)
        if isinstance(action, Cover):
            why = self._cover_problem(seat, action)
            if why:
                raise IllegalActionError(why)
            return self._cover(seat, action)
        if isinstance(action, Discard):
            if self.phase not in (PLAY, CALL):
                raise IllegalActionError("Draw a card before you discard")
            why = self._discard_problem(seat, action.card)
            if why:
                raise IllegalActionError(why)
            return self._discard(seat, action.card)
        if isinstance(action, Undo):
            return self._undo(seat)
        raise IllegalActionError(f"{action!r} is not an action")

    def _draw_stock(self, seat: int) -> list[ev.Event]:
        if self.phase == CALL:  # (the caller took the discard: no draw follows)
            raise IllegalActionError(AFTER_CALL)
        if self.phase != DRAW:
            raise IllegalActionError("You have already drawn this turn")
        events: list[ev.Event] = []
        if not self.stock:
            if not self.stock_restocks():
                if self.reshuffle_waits():
                    raise IllegalActionError("The stock is empty, and no card was played since the "
                                             "pile last became the stock: take from the pile or end the round")
                raise IllegalActionError("The stock is empty: take from the pile or end the round")
            events = self._restock()
        self.call_open = False
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.phase = PLAY
        if self.rules.stock_draw_must_use:
            self.stock_card = card
        return events + [ev.DrewStock(seat, card)]

    def _take_pile(self, seat: int, card: Card) -> list[ev.Event]:
        if self.phase == CALL:
            raise IllegalActionError(AFTER_CALL)
        if self.phase != DRAW:
            raise IllegalActionError("You have already drawn this turn")
        if card not in self.pile:
            raise IllegalActionError(f"The {card_name(card)} is not in the discard pile")
        i = self.pile.index(card)
        why = self._take_problem(seat, i)
        if why:
            raise IllegalActionError(why)
        self.call_open = False
        taken = self.pile[i:]
        del self.pile[i:]
        self.hands[seat].extend(taken)
        self.known[seat].update(taken)
        self.taken = tuple(taken)
        top = len(taken) == 1
        if top:
            self.took_top = card
        if self.rules.take_must_use(top):
            self.must_use = card
        self.phase = PLAY
        return [ev.TookPile(seat, tuple(taken), self.must_use)]

    def _meld(self, seat: int, a: MeldCards) -> list[ev.Event]:
        shape = tuple(a.shape) if a.shape else shapes_for(self.ctx, a.cards)[0]
        m = make_meld(self.ctx, a.cards, shape, seat, self.next_meld_id)
        if self.rules.counts_double(len(m.cards)):
            m.double = frozenset(m.cards)
        self.next_meld_id += 1
        pub, up = self._public_part(seat, a.cards)
        for c in a.cards:
            self._remove_from_hand(seat, c)
        self.melds.append(m)
        self.melds_this_turn += 1
        self.turn_log.append(("meld", m.id, tuple(a.cards), pub, up))
        out: list[ev.Event] = [ev.Melded(seat, m.id, tuple(m.cards), bool(m.double))]
        return out + self._after_play(seat)

    def _lay_off(self, seat: int, a: LayOff) -> list[ev.Event]:
        m = self._meld_at(a.meld)
        end = a.end or layoff_ends(self.ctx, m, a.card)[0]
        pub, up = self._public_part(seat, (a.card,))
        self._remove_from_hand(seat, a.card)
        add_to_meld(m, a.card, end, seat)
        self.turn_log.append(("layoff", m.id, a.card, pub, up))
        out: list[ev.Event] = [ev.LaidOff(seat, a.card, m.id, end)]
        return out + self._after_play(seat)

    def _cover(self, seat: int, a: Cover) -> list[ev.Event]:
        m = self._meld_at(a.meld)
        i = cover_index(self.ctx, m, a.card)
        if i is None:
            raise AssertionError(f"no wild in meld {m.id} stands for {a.card}")
        pub, up = self._public_part(seat, (a.card,))
        self._remove_from_hand(seat, a.card)
        wild = None
        old_by = m.by[i]
        old_double = m.double
        if self.rules.wild_after_meld == "swap":
            wild = m.cards[i]
            m.cards[i] = a.card
            m.by[i] = seat
            m.double = m.double - {wild}  # the wild leaves; the card put in was not laid at once
            self.hands[seat].append(wild)
            self.known[seat].add(wild)
        else:
            m.covers[i] = (a.card, seat)
        self.turn_log.append(("cover", m.id, a.card, i, wild, old_by, old_double != m.double, pub, up))
        return [ev.Covered(seat, a.card, m.id, i, wild)] + self._after_play(seat)

    def _public_part(self, seat: int, cards: Sequence[Card]) -> tuple[tuple, Card | None]:
        """The cards among ``cards`` the table knows this seat holds, and its upcard if moved."""
        known = self.known[seat]
        up = self.upcards[seat]
        return tuple(c for c in cards if c in known), (up if up in cards else None)

    def _remove_from_hand(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.known[seat].discard(card)
        if self.upcards[seat] == card:
            self.upcards[seat] = None

    def _after_play(self, seat: int) -> list[ev.Event]:
        """After a meld, lay-off or cover: an empty hand floats or goes out."""
        if self.hands[seat]:
            return []
        if self.rules.floats:
            self.floating[seat] = True
            if self.phase == CALL:  # a caller's last card: float, and play resumes
                return [ev.Floated(seat)] + self._resume_after_call()
            return [ev.Floated(seat)] + self._end_turn(seat)
        return self._go_out(seat)

    def _undo(self, seat: int) -> list[ev.Event]:
        if self.phase != PLAY or not self.turn_log:
            raise IllegalActionError("There is nothing to take back this turn: Undo takes back melds and "
                                     "lay-offs, not a draw or a take from the pile")
        entry = self.turn_log.pop()
        kind, meld_id = entry[0], entry[1]
        pub, up = entry[-2], entry[-1]
        m = self._meld_at(meld_id)
        hand = self.hands[seat]
        if kind == "meld":
            what = f"meld {cards_name(m.cards)}"  # as it lay on the table
            self.melds.remove(m)
            hand.extend(entry[2])
            self.melds_this_turn -= 1
            self.next_meld_id -= 1
        elif kind == "layoff":
            remove_from_meld(m, entry[2])
            hand.append(entry[2])
            what = f"lay-off of the {card_name(entry[2])}"
        else:
            card, i, wild, old_by, was_double = entry[2:7]
            if wild is not None:
                hand.remove(wild)
                m.cards[i] = wild
                m.by[i] = old_by
                if was_double:
                    m.double = m.double | {wild}
                self.known[seat].discard(wild)
            else:
                del m.covers[i]
            hand.append(card)
            what = f"{card_name(card)} laid on the wild"
        self.known[seat].update(pub)
        if up is not None:
            self.upcards[seat] = up
        return [ev.Undone(seat, what)]

    def _discard(self, seat: int, card: Card) -> list[ev.Event]:
        self._remove_from_hand(seat, card)
        self.pile.append(card)
        out: list[ev.Event] = [ev.Discarded(seat, card)]
        if not self.hands[seat]:
            self.floating[seat] = False
            return out + self._go_out(seat)
        if self.phase == CALL:
            out += self._resume_after_call()
            self._open_call_window(seat)
            return out
        out += self._end_turn(seat)
        if self.phase == DRAW:
            self._open_call_window(seat)
        return out

    def _open_call_window(self, seat: int) -> None:
        if self.rules.rummy_calls != "off" and self.phase == DRAW:
            self.call_open = True
            self.discarder = seat

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _end_turn(self, seat: int) -> list[ev.Event]:
        self.turns[seat] += 1
        if self.grace:
            nxt = self.grace.pop(0)
            self._start_turn(nxt)
            return []
        if self.went_out is not None and self.first_out_turn:
            return self._end_round(self.went_out)
        if self.resume_seat is not None:
            nxt, self.resume_seat = self.resume_seat, None
        else:
            nxt = self._next_seat(seat)
        self._start_turn(nxt)
        return []

    def _restock(self) -> list[ev.Event]:
        """Turn the pile, all but its top card, into a new stock (seeded shuffle): a draw
        from the empty stock does it when :meth:`stock_restocks` says so."""
        self.table_at_reshuffle = self.cards_on_table()
        top = self.pile.pop()
        cards = self.pile
        self.pile = [top]
        self.reshuffles += 1
        self._rng(f"reshuffle{self.reshuffles}").shuffle(cards)
        self.stock = cards
        for k in self.known:
            k.difference_update(cards)
        self.call_open = False
        return [ev.StockReshuffled(len(cards))]

    def _resume_after_call(self) -> list[ev.Event]:
        seat = self.resume_seat
        if seat is None:
            raise AssertionError("no turn to resume after a call")
        self.resume_seat = None
        self._start_turn(seat)
        return []

    def _call(self, a: CallRummy) -> list[ev.Event]:
        seat = a.seat  # (a whole number: apply checked the call is well formed)
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"There is no seat {seat}")
        if self.rules.rummy_calls == "off":
            raise IllegalActionError("Calling \"Rummy!\" is not played in this game")
        if not self.call_open or self.phase != DRAW:
            raise IllegalActionError("There is no discard to call \"Rummy!\" on now")
        if seat == self.discarder:
            raise IllegalActionError("You cannot call \"Rummy!\" on your own discard")
        if self.rules.rummy_calls == "pile":
            if a.take is None or a.take not in self.pile:
                raise IllegalActionError("Name the card of the pile you call \"Rummy!\" on")
            if a.meld is not None or a.end:
                raise IllegalActionError(
                    "In this game a \"Rummy!\" call takes from the pile: name the pile card, not a meld")
            i = self.pile.index(a.take)
            if not self._pile_call_ok(seat, i):
                raise IllegalActionError(f"The {card_name(a.take)} cannot be melded or laid off from the pile")
            taken = self.pile[i:]
            del self.pile[i:]
            self.call_open = False
            resume = self.current
            self._start_turn(seat)
            self.hands[seat].extend(taken)
            self.known[seat].update(taken)
            # a floater who takes cards from the pile holds cards again: it no longer
            # floats (and floats again if it plays them all)
            self.floating[seat] = False
            self.taken = tuple(taken)
            self.must_use = a.take
            self.phase = PLAY
            if self.rules.call_after == "resume":
                self.resume_seat = resume
            return [ev.CalledRummy(seat, tuple(taken), None)]
        if a.take is not None:
            raise IllegalActionError(
                "In this game a \"Rummy!\" call lays the discard off: name the meld, not a pile card")
        if self.rules.caller_needs_meld and not self.has_own_meld(seat):
            raise IllegalActionError("You need a meld of your own on the table to call \"Rummy!\"")
        m = self.meld_by_id(a.meld) if a.meld is not None else None
        top = self.pile[-1]
        if m is None:
            raise IllegalActionError(f"There is no meld {a.meld} on the table")
        ends = layoff_ends(self.ctx, m, top)
        if not ends or (a.end and a.end not in ends):
            raise IllegalActionError(f"The {card_name(top)} does not fit the {m.describe()}")
        self.pile.pop()
        self.call_open = False
        add_to_meld(m, top, a.end or ends[0], seat)
        out: list[ev.Event] = [ev.CalledRummy(seat, (top,), m.id), ev.LaidOff(seat, top, m.id, a.end or ends[0])]
        self.resume_seat = self.current if self.rules.call_after == "resume" else self._next_seat(seat)
        if not self.hands[seat]:
            return out + self._resume_after_call()
        self.phase = CALL
        self.current = seat
        self.took_top = None
        self.must_use = None
        self.stock_card = None
        self.turn_log = []
        return out

    def _go_out(self, seat: int) -> list[ev.Event]:
        out: list[ev.Event] = []
        if self.went_out is None:
            self.went_out = seat
            out.append(ev.WentOut(seat))
            if self.rules.first_turn_out_grace and self.turns[seat] == 0:
                pending = [
                    s for s in ((seat + k) % self.players for k in range(1, self.players))
                    if self.turns[s] == 0 and s != seat
                ]
                if pending:
                    self.first_out_turn = True
                    self.turns[seat] += 1
                    self.grace = pending[1:]
                    self._start_turn(pending[0])
                    return out
        else:
            out.append(ev.WentOut(seat))
            if self.grace:
                self.turns[seat] += 1
                self._start_turn(self.grace.pop(0))
                return out
        return out + self._end_round(self.went_out)

    # ------------------------------------------------------------------ scoring
    def _end_round(self, went_out: int | None) -> list[ev.Event]:
        rules = self.rules
        out: list[ev.Event] = [ev.RoundEnded("went_out" if went_out is not None else "stock_empty", went_out)]
        self.turn_log = []  # nothing of the last turn can be taken back once the round is over
        if went_out is not None and rules.floaters_draw_when_out:
            for s in range(self.players):
                if self.floating[s] and s != went_out and self.stock:
                    c = self.stock.pop()
                    self.hands[s].append(c)
                    self.floating[s] = False  # it holds a card again (which counts in its hand)
                    out.append(ev.FloaterDrew(s, c))
        n = self.players
        melded = self.melded_points()
        in_hand = [self.hand_points(s) for s in range(n)]
        bonus = [0] * n
        mode = rules.round_scoring
        sides = self.sides()

        def collected(seat: int) -> int:
            """The hands a seat that went out collects: the other side's (a partner's cards
            are its own side's, scored as one, and count for nobody)."""
            return sum(in_hand[s] for s in range(n) if self.side_of(s) != self.side_of(seat))

        if mode == "melds_and_out_bonus":
            points = list(melded)
            if went_out is not None:
                bonus[went_out] = collected(went_out)
        elif mode == "melds_minus_hand":
            count_hands = went_out is not None or rules.hands_count_on_empty_stock
            points = [melded[s] - (in_hand[s] if count_hands else 0) for s in range(n)]
            if went_out is not None:
                bonus[went_out] = rules.going_out_bonus
        elif mode == "add_to_out_player":
            points = list(melded)
            if went_out is not None:
                bonus[went_out] = collected(went_out)
            elif len(sides) == 2:  # two players or two teams: each side adds
                # the other's hands (on its first seat, as a team's scores are summed)
                for i, side in enumerate(sides):
                    bonus[side[0]] = sum(in_hand[s] for s in sides[1 - i])
        elif mode == "winner_collects":
            points = [0] * n
            if went_out is not None:
                bonus[went_out] = collected(went_out)
            else:  # the side with the lowest hands collects the difference from each other side
                held = [sum(in_hand[s] for s in side) for side in sides]
                low = min(held)
                winners = [i for i, v in enumerate(held) if v == low]
                pot = sum(v - low for v in held)
                for i in winners:  # (a team's on its first seat, as its scores are summed)
                    bonus[sides[i][0]] = pot // len(winners)
        else:  # penalty: points are charged; the lowest total wins
            points = list(in_hand)
        points = [points[s] + bonus[s] for s in range(n)]
        final_to = None
        if rules.deals and self.round_no >= rules.deals and rules.final_bonus:
            # the last deal: the side ahead gets the final bonus (nobody on a tie)
            after = [sum(self.scores[s] + points[s] for s in side) for side in sides]
            best = min(after) if rules.lowest_total_wins else max(after)
            top = [i for i, v in enumerate(after) if v == best]
            if len(top) == 1:
                first = final_to = sides[top[0]][0]
                bonus[first] += rules.final_bonus
                points[first] += rules.final_bonus
        for s in range(n):
            self.scores[s] += points[s]
        result = RoundResult(self.round_no, "went_out" if went_out is not None else "stock_empty",
                             went_out, melded, in_hand, bonus, points, final_to)
        self.results.append(result)
        out.append(ev.RoundScored(self.round_no, tuple(melded), tuple(in_hand), tuple(bonus),
                                  tuple(points), tuple(self.scores)))
        self.call_open = False
        self.phase = ROUND_OVER
        game_won = self._game_winners(went_out)
        if game_won is not None:
            self.winners = tuple(game_won)
            self.phase = GAME_OVER
            out.append(ev.GameOver(self.winners, tuple(self.scores)))
        return out

    def _game_winners(self, went_out: int | None) -> list[int] | None:
        rules = self.rules
        sides = self.sides()
        totals = self.side_scores()
        lowest = rules.lowest_total_wins

        def seats(idx: list[int]) -> list[int]:
            return [s for i in idx for s in sides[i]]

        def best() -> list[int]:
            b = min(totals) if lowest else max(totals)
            return [i for i, v in enumerate(totals) if v == b]

        last = self.last_round()
        if last is not None:
            return seats(best()) if last else None
        reached = [i for i, v in enumerate(totals) if v >= rules.target]
        if not reached:
            return None
        if lowest:
            return seats(best())
        out_side = None if went_out is None else next(i for i, sd in enumerate(sides) if went_out in sd)
        if rules.winner_rule == "must_go_out":
            return seats([out_side]) if out_side in reached else None
        if rules.winner_rule == "went_out" and out_side in reached:
            return seats([out_side])
        top = max(totals[i] for i in reached)
        return seats([i for i in reached if totals[i] == top])


def _distinct(cards: Iterable[Card]) -> list[Card]:
    seen = set()
    out = []
    for c in cards:
        f = c & 127
        if f not in seen:
            seen.add(f)
            out.append(c)
    return out


def _distinct_keep(cards: Iterable[Card], *special: Card | None) -> list[Card]:
    """Distinct faces; a card with a duty attached is kept apart from its identical twins."""
    seen = set()
    out = []
    for c in cards:
        key = (c & 127, c in special)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _natural_for_shape(ctx: MeldContext, card: int, shape: tuple) -> bool:
    if card in ctx.wilds:
        return False
    if shape[0] == SET:
        return card & 15 == shape[1]
    if shape[0] == RUN:
        return (card >> 4) & 7 == shape[1]
    return False


def _with_cards(action: Action) -> Action:
    """``action`` with every card it names a :class:`Card`: a program may name a card by its
    bare id, and the state, its events and their texts hold cards ("J♠", not 59). The
    moves' own code (``_lay_off``, ``_cover`` ...) can then take the cards as they come."""
    if isinstance(action, MeldCards):
        if all(type(c) is Card for c in action.cards):
            return action
        return replace(action, cards=tuple(Card(c) for c in action.cards))
    if isinstance(action, (TakePile, Discard, LayOff, Cover)):
        return action if type(action.card) is Card else replace(action, card=Card(action.card))
    if isinstance(action, CallRummy) and action.take is not None and type(action.take) is not Card:
        return replace(action, take=Card(action.take))
    return action


def _malformed(action: object) -> str | None:
    """What makes ``action`` no move at all (a card that is no card, a meld that is not a
    number, an end that is neither low nor high), before the rules are asked; None if it
    is well formed. Actions made by :func:`~game.engine.actions.parse_action` or listed
    by the engine always are."""
    if isinstance(action, (TakePile, Discard, LayOff, Cover)) and not is_card(action.card):
        return f"{action.card!r} is not a card"
    if isinstance(action, MeldCards):
        if not isinstance(action.cards, (tuple, list)):
            return "the cards to meld must be a tuple of cards"
        for c in action.cards:
            if not is_card(c):
                return f"{c!r} is not a card"
        if action.shape is not None and not isinstance(action.shape, tuple):
            return f"the shape {action.shape!r} is not a meld shape"
    if isinstance(action, (LayOff, Cover, CallRummy)):
        if action.meld is not None and not is_whole(action.meld):
            return f"the meld {action.meld!r} is not a meld number"
        if isinstance(action, (LayOff, Cover)) and action.meld is None:
            return "no meld was named"
    if isinstance(action, (LayOff, CallRummy)) and action.end not in ("", "low", "high"):
        return f"the end {action.end!r} is neither low nor high"
    if isinstance(action, CallRummy):
        if not is_whole(action.seat):
            return f"the seat {action.seat!r} is not a seat number"
        if action.take is not None and not is_card(action.take):
            return f"{action.take!r} is not a card"
    return None


def new_game(rules: Rules | None = None, players: int = 4, seed: int | random.Random | None = None,
             names: list[str] | None = None, dealer: int | None = None) -> tuple[GameState, list[ev.Event]]:
    """Set up a game and deal the first round; returns the state and the deal's events."""
    rules = rules or Rules.preset()
    rules.check_players(players)
    if isinstance(seed, random.Random):
        seed = seed.getrandbits(63)
    elif seed is None:
        seed = random.SystemRandom().getrandbits(63)
    if not is_whole(seed):
        raise RulesError(f"seed must be a whole number, not {seed!r}")
    if names is not None and len(names) != players:
        raise RulesError(f"{len(names)} names were given for {players} players")
    if names is not None and not all(isinstance(n, str) for n in names):
        raise RulesError(f"names must be text, not {names!r}")
    if dealer is not None and (not is_whole(dealer) or not 0 <= dealer < players):
        raise RulesError(f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    g = object.__new__(GameState)
    g.rules = rules
    g.players = players
    g.decks = rules.decks_for(players)
    g.seed = seed
    g.pack = tuple(build_pack(g.decks, rules.jokers_per_deck, rules.lowest_rank))
    g.round_no = 1
    g.dealer = random.Random(f"{seed}/dealer").randrange(players) if dealer is None else dealer
    g.scores = [0] * players
    g.results = []
    g.winners = ()
    g.names = tuple(names) if names else None
    g.took_top = g.must_use = g.stock_card = None
    g.turn_log = []
    g.melds_this_turn = 0
    g.taken = ()
    events: list[ev.Event] = [ev.RoundStarted(1, g.dealer, None)]
    events += g._deal()
    events[0] = ev.RoundStarted(1, g.dealer, g.wild_rank)
    return g, events


__all__ = ["GameState", "RoundResult", "new_game", "DRAW", "PLAY", "CALL", "ROUND_OVER", "GAME_OVER",
           "card_text", "rank_text"]
