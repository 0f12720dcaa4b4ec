"""Actions: what a player can do, as small frozen values with a one-line text form.

``action_text(a)`` and ``parse_action(text)`` round-trip::

    draw                      take the top card of the stock
    take 4♠                   take the pile from the 4♠ up (the top card alone: take <top card>)
    meld 7♥ 8♥ Jk             meld these cards (the engine picks the shape)
    meld 7♥ 8♥ Jk as run:6♥   ... as the run starting at 6 of hearts (or set:7, wilds)
    layoff 9♣ on 3            lay the 9♣ off on meld 3 (``on 3 low`` / ``on 3 high`` for a run end)
    cover 6♥ on 2             lay the real card on the wild that stands for it in meld 2
    discard Q♠
    undo                      take back the last meld, lay-off or cover of this turn
    end                       end the round (stock empty, nothing taken from the pile)
    rummy 2 on 3              seat 2 calls "Rummy!" and lays the discard off on meld 3
    rummy 2 take 4♠           seat 2 calls "Rummy!" on the pile from the 4♠ up (pile calls)

Cards may be written in ASCII (``take 4s``); seats count from 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import _RANK_PARSE, _SUIT_PARSE, SUIT_LETTERS, Card, card_text, parse_card, rank_text  # noqa: PLC2701
from .errors import ParseError
from .melds import RUN, SET, WILDS, shape_text


@dataclass(frozen=True)
class DrawStock:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class TakePile:
    card: Card

    def __str__(self) -> str:
        return f"take {card_text(self.card)}"


@dataclass(frozen=True)
class MeldCards:
    cards: tuple
    shape: tuple | None = None

    def __str__(self) -> str:
        s = "meld " + " ".join(card_text(c) for c in self.cards)
        return s + (f" as {shape_text(self.shape)}" if self.shape else "")


@dataclass(frozen=True)
class LayOff:
    card: Card
    meld: int
    end: str = ""

    def __str__(self) -> str:
        return f"layoff {card_text(self.card)} on {self.meld}" + (f" {self.end}" if self.end else "")


@dataclass(frozen=True)
class Cover:
    card: Card
    meld: int

    def __str__(self) -> str:
        return f"cover {card_text(self.card)} on {self.meld}"


@dataclass(frozen=True)
class Discard:
    card: Card

    def __str__(self) -> str:
        return f"discard {card_text(self.card)}"


@dataclass(frozen=True)
class Undo:
    def __str__(self) -> str:
        return "undo"


@dataclass(frozen=True)
class EndRound:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class CallRummy:
    seat: int
    meld: int | None = None
    end: str = ""
    take: Card | None = None

    def __str__(self) -> str:
        if self.take is not None:
            return f"rummy {self.seat} take {card_text(self.take)}"
        return f"rummy {self.seat} on {self.meld}" + (f" {self.end}" if self.end else "")


Action = DrawStock | TakePile | MeldCards | LayOff | Cover | Discard | Undo | EndRound | CallRummy


def action_text(action: Action) -> str:
    return str(action)


def parse_shape(text: str) -> tuple:
    t = text.strip()
    if t.lower() == "wilds":
        return (WILDS,)
    kind, _, rest = t.partition(":")
    kind = kind.lower()
    try:
        if kind == "set":
            return (SET, _RANK_PARSE[rest.upper()])
        if kind == "run" and len(rest) >= 2:
            r, s = rest[:-1].upper(), rest[-1]
            rank = _RANK_PARSE[r]
            suit = _SUIT_PARSE.get(s.lower(), _SUIT_PARSE.get(s))
            if suit is None or rank == 0:
                raise KeyError(s)
            return (RUN, suit, rank)
    except KeyError:
        pass
    raise ParseError(f"{text!r} is not a meld shape (write set:7, run:6♥ or wilds)")


def parse_action(text: str) -> Action:
    """Read an action from its text form; :class:`ParseError` names the input."""
    words = text.strip().split()
    if not words:
        raise ParseError("an empty line is not an action")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "draw" and not args:
            return DrawStock()
        if verb == "undo" and not args:
            return Undo()
        if verb == "end" and not args:
            return EndRound()
        if verb == "take" and len(args) == 1:
            return TakePile(parse_card(args[0]))
        if verb == "discard" and len(args) == 1:
            return Discard(parse_card(args[0]))
        if verb == "meld" and args:
            shape = None
            if "as" in args:
                i = args.index("as")
                if i != len(args) - 2:
                    raise ParseError(f"{text!r}: write the shape last, as in 'meld 7h 8h Jk as run:6h'")
                shape = parse_shape(args[-1])
                args = args[:i]
            if not args:
                raise ParseError(f"{text!r}: name the cards to meld")
            return MeldCards(tuple(parse_card(a) for a in args), shape)
        if verb in ("layoff", "cover") and len(args) in (3, 4) and args[1] == "on":
            card, meld = parse_card(args[0]), int(args[2])
            if verb == "cover" and len(args) == 3:
                return Cover(card, meld)
            end = args[3].lower() if len(args) == 4 else ""
            if verb == "layoff" and end in ("", "low", "high"):
                return LayOff(card, meld, end)
        if verb == "rummy" and len(args) in (3, 4):
            seat = int(args[0])
            if args[1] == "take" and len(args) == 3:
                return CallRummy(seat, take=parse_card(args[2]))
            if args[1] == "on":
                end = args[3].lower() if len(args) == 4 else ""
                if end in ("", "low", "high"):
                    return CallRummy(seat, meld=int(args[2]), end=end)
    except ValueError as e:
        if isinstance(e, ParseError):
            raise
        raise ParseError(f"{text!r} is not an action: {e}") from None
    raise ParseError(
        f"{text!r} is not an action (try: draw, take 4♠, meld 7♥ 8♥ 9♥, layoff 9♣ on 3, "
        f"cover 6♥ on 2, discard Q♠, undo, end, rummy 2 on 3)"
    )


__all__ = [
    "Action", "CallRummy", "Cover", "Discard", "DrawStock", "EndRound", "LayOff", "MeldCards",
    "TakePile", "Undo", "action_text", "parse_action", "parse_shape", "rank_text", "SUIT_LETTERS",
]
