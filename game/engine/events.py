"""Events: what an applied action did, for the table to animate.

Every event is a frozen dataclass.  Events carry the cards involved, some of
which are secret (the card drawn from the stock, a hand being dealt); before an
event is shown to a seat, :func:`redact` blanks what that seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .cards import Card


@dataclass(frozen=True)
class Event:
    pass


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    dealer: int
    wild_rank: int | None


@dataclass(frozen=True)
class DealtUpcard(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class UpcardReplaced(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class DealtHand(Event):
    seat: int
    cards: tuple  # secret: blanked for other seats
    count: int


@dataclass(frozen=True)
class WildIndicator(Event):
    card: Card | None
    rank: int | None
    seat: int | None  # the seat whose hand holds the indicator, if any


@dataclass(frozen=True)
class PileStarted(Event):
    card: Card


@dataclass(frozen=True)
class DrewStock(Event):
    seat: int
    card: Card | None  # secret


@dataclass(frozen=True)
class TookPile(Event):
    seat: int
    cards: tuple  # bottom first
    must_use: Card | None


@dataclass(frozen=True)
class Melded(Event):
    seat: int
    meld: int
    cards: tuple  # in meld order
    double: bool = False  # four or more laid at once, counted double (``four_at_once_double``)


@dataclass(frozen=True)
class LaidOff(Event):
    seat: int
    card: Card
    meld: int
    end: str


@dataclass(frozen=True)
class Covered(Event):
    seat: int
    card: Card
    meld: int
    index: int
    wild_to_hand: Card | None


@dataclass(frozen=True)
class Discarded(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class Undone(Event):
    seat: int
    what: str


@dataclass(frozen=True)
class CalledRummy(Event):
    seat: int
    cards: tuple
    meld: int | None


@dataclass(frozen=True)
class Floated(Event):
    seat: int


@dataclass(frozen=True)
class WentOut(Event):
    seat: int


@dataclass(frozen=True)
class StockReshuffled(Event):
    count: int


@dataclass(frozen=True)
class FloaterDrew(Event):
    seat: int
    card: Card | None  # secret


@dataclass(frozen=True)
class RoundEnded(Event):
    reason: str  # "went_out" or "stock_empty"
    went_out: int | None


@dataclass(frozen=True)
class RoundScored(Event):
    round: int
    melded: tuple
    in_hand: tuple
    bonus: tuple
    points: tuple
    totals: tuple


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple
    totals: tuple = field(default=())


def redact(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (None: a spectator who sees no hand)."""
    if isinstance(event, DealtHand) and event.seat != seat:
        return replace(event, cards=())
    if isinstance(event, (DrewStock, FloaterDrew)) and event.seat != seat:
        return replace(event, card=None)
    return event
