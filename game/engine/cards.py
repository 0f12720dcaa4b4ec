"""Cards, their text notation, and the pack.

A card is a :class:`Card`, a subclass of ``int`` so that hands, piles and sets of
cards stay as fast as plain integers.  The integer packs three fields::

    id = copy * 128 + suit * 16 + rank

``rank`` is 1 (ace) .. 13 (king), ``suit`` 0..3 for clubs, diamonds, hearts and
spades, and 4 for a joker (whose rank field is 0).  ``copy`` tells identical
cards apart when several decks are shuffled together: the first 5 of spades is
copy 0, the one from the second deck copy 1.  Jokers are numbered the same way.

Text notation (``str(card)``) is the rank then the suit symbol, ``10♥``, ``Q♠``,
``Jk`` for a joker, with ``#2``, ``#3`` ... appended for the second and later
copies.  :func:`parse_card` reads that form back, and also ASCII forms such as
``10h``, ``Qs``, ``TH``, ``jk``, ``5S#2``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard

from .errors import ParseError

CLUBS, DIAMONDS, HEARTS, SPADES, JOKER_SUIT = 0, 1, 2, 3, 4
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_LETTERS = "cdhs"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = tuple(range(1, 14))
RANK_TEXT = {0: "Jk", 1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {
    0: "joker",
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
_RANK_PARSE = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "10": 10, "1": 1, "JK": 0}
_RANK_PARSE.update({str(r): r for r in range(2, 10)})
_SUIT_PARSE = {s: i for i, s in enumerate(SUIT_SYMBOLS)}
_SUIT_PARSE.update({s: i for i, s in enumerate(SUIT_LETTERS)})
_SUIT_PARSE.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


def rank_text(rank: int) -> str:
    """``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
    return RANK_TEXT.get(rank, str(rank))


def rank_plural(rank: int) -> str:
    """A set's rank in words: ``aces``, ``2s`` .. ``10s``, ``jacks``, ``queens``, ``kings``
    (``jokers`` for rank 0)."""
    return f"{RANK_NAMES[rank]}s" if rank in RANK_TEXT else f"{rank}s"


class Card(int):
    """One physical card.  Compares and hashes as its integer id."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        return int.__new__(cls, value)

    @classmethod
    def make(cls, rank: int, suit: int, copy: int = 0) -> Card:
        if suit == JOKER_SUIT:
            rank = 0
        elif not (1 <= rank <= 13 and 0 <= suit <= 3):
            raise ValueError(f"no such card: rank {rank}, suit {suit}")
        return _card(copy * 128 + suit * 16 + rank)

    @classmethod
    def joker(cls, copy: int = 0) -> Card:
        return _card(copy * 128 + JOKER_SUIT * 16)

    @property
    def rank(self) -> int:
        return self & 15

    @property
    def suit(self) -> int:
        return (self >> 4) & 7

    @property
    def copy(self) -> int:
        return self >> 7

    @property
    def is_joker(self) -> bool:
        return (self >> 4) & 7 == JOKER_SUIT

    @property
    def face(self) -> int:
        """The id without the copy: identical cards share a face."""
        return self & 127

    def __str__(self) -> str:
        return card_text(self) if is_card(self) else f"#{int(self)}"

    def __repr__(self) -> str:
        return f"Card({card_text(self)!r})" if is_card(self) else f"Card({int(self)})"

    def name(self) -> str:
        """Words for messages: ``the queen of spades``."""
        if self.is_joker:
            return "a joker"
        return f"the {RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


_CACHE: dict[int, Card] = {}


def _card(value: int) -> Card:
    c = _CACHE.get(value)
    if c is None:
        c = _CACHE[value] = int.__new__(Card, value)
    return c


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an int, but not ``True`` or ``False``, which
    Python counts as ints (a switch's value in a number's place is a mistake)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_card(value: object) -> bool:
    """Whether ``value`` is a card's id (a suit and rank, or a joker, and a copy), whether
    or not it is in a given pack: what a move must name before the rules are asked."""
    if not is_whole(value) or not 0 <= value < 1 << 12:
        return False
    suit, rank = (value >> 4) & 7, value & 15
    return rank == 0 if suit == JOKER_SUIT else suit < 4 and 1 <= rank <= 13


def card_text(card: int, ascii: bool = False) -> str:
    suit = (card >> 4) & 7
    copy = card >> 7
    if suit == JOKER_SUIT:
        base = "Jk"
    else:
        base = rank_text(card & 15) + (SUIT_LETTERS[suit] if ascii else SUIT_SYMBOLS[suit])
    return base if copy == 0 else f"{base}#{copy + 1}"


def card_name(card: int) -> str:
    """``10♥``: the card for a person, without the deck copy marker (``#2``) that
    :func:`card_text` adds to tell identical cards apart; a joker is "joker" (``Jk`` is
    for the text form that :func:`parse_card` reads)."""
    if (int(card) >> 4) & 7 == JOKER_SUIT:
        return "joker"
    return card_text(int(card) & 127)


def cards_name(cards: Iterable[int]) -> str:
    return " ".join(card_name(c) for c in cards)


def parse_card(text: str) -> Card:
    """Read a card from its text form; raises :class:`ParseError` naming the input."""
    s = text.strip()
    copy = 0
    if "#" in s:
        s, _, c = s.partition("#")
        if not (c.isascii() and c.isdigit()) or int(c) < 1:
            raise ParseError(f"{text!r} is not a card: the copy after '#' must be 1 or more")
        copy = int(c) - 1
    if s.lower() in ("jk", "joker", "jo", "*"):
        return Card.joker(copy)
    if len(s) < 2:
        raise ParseError(f"{text!r} is not a card (write it like 10♥, Qs or Jk)")
    r, su = s[:-1].upper(), s[-1]
    suit = _SUIT_PARSE.get(su.lower(), _SUIT_PARSE.get(su))
    rank = _RANK_PARSE.get(r)
    if suit is None or not rank:  # (a joker has no suit: "Jk♣" is no card)
        raise ParseError(f"{text!r} is not a card (write it like 10♥, Qs or Jk)")
    return Card.make(rank, suit, copy)


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def cards_text(cards: Iterable[int], ascii: bool = False) -> str:
    return " ".join(card_text(c, ascii) for c in cards)


def build_pack(decks: int, jokers_per_deck: int, lowest_rank: int) -> list[Card]:
    """Every card of the pack, in a fixed order (shuffling is the deal's job)."""
    pack = []
    for d in range(decks):
        for suit in SUITS:
            for rank in RANKS:
                if rank == 1 or rank >= lowest_rank:
                    pack.append(Card.make(rank, suit, d))
    for j in range(decks * jokers_per_deck):
        pack.append(Card.joker(j))
    return pack
