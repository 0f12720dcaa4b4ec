"""The ``Rules`` value: one preset plus any house-rule overrides.

Every rule of ``RULES.md`` that differs between sources is an option here, with
the name used by saves and by the setup screen.  A ``Rules`` is immutable; build
one with :meth:`Rules.preset` and change it with :meth:`Rules.replace`.  Both
check every option and refuse unknown names or impossible combinations with a
message that names the option and what to change.

``Rules.check_players(n)`` is the last check, made when a game is set up: it
refuses a player count the preset does not allow and a deal that could not fit
in the pack.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, build_pack, card_text, is_whole, parse_card, rank_text
from .errors import ParseError, RulesError

PERMANENT_WILDS = ("jokers", "twos", "tens", "one_eyed_jacks")


def _one_of(value: object, allowed: tuple) -> bool:
    """Whether ``value`` is one of ``allowed`` and of the same type: ``2.0`` is not the
    choice ``2``, nor ``True`` the choice ``1``."""
    return any(type(value) is type(a) and value == a for a in allowed)


def _value_key(key: object) -> str:
    """A values entry's name: a rank (``A``, ``10``), ``Jk``, ``wild``, ``wild_ace``,
    ``ace_low``, or one card (``Q♠``, also written ``Qs``)."""
    if not isinstance(key, str):
        raise RulesError(f"option values has an entry {key!r}: name a rank, a card, wild or wild_ace")
    k = key.strip()
    if k in VALUE_KEYS:
        return k
    if k.upper() in VALUE_KEYS:
        return k.upper()
    if k.upper() == "T":
        return "10"
    try:
        card = parse_card(k)
    except ParseError:
        raise RulesError(
            f"option values has an unknown entry {key!r}: name a rank (A, 2 .. K), Jk, wild, "
            f"wild_ace, ace_low or one card such as Q♠"
        ) from None
    return card_text(card & 127)

# option name -> allowed values (None: checked by hand below)
CHOICES: dict[str, tuple] = {
    "dealer_rotation": ("left", "winner"),
    "deal_style": ("upcard", "fixed"),
    "upcard_counts": ("additional", "total"),
    "court_counts": ("ten", "rank", "rank15"),
    "wild_indicator": ("dealer_upcard", "dealer_last", "extra_card", "separate", "rotating", "none"),
    "indicator_on_permanent_wild": ("deal_again", "replace"),
    "aces": ("high_or_low", "low_only", "high_only"),
    "wild_limit": ("none", "fewer_than_naturals", "one_per_meld"),
    "wild_after_meld": ("stays", "swap"),
    "discard_pile": ("splayed", "top_only"),
    "deep_take_use": ("meld_or_layoff", "new_meld", "new_meld_two_naturals"),
    "rummy_calls": ("discard", "off", "top_card", "pile"),
    "after_call": ("resume", "caller_left"),
    "going_out": ("discard_unplayable", "floating", "meld_all_or_discard", "discard_required"),
    "empty_stock": ("end_round", "reshuffle"),
    "round_scoring": (
        "melds_and_out_bonus", "melds_minus_hand", "winner_collects", "penalty", "add_to_out_player",
    ),
    "winner_rule": ("highest", "went_out", "must_go_out"),
}

TARGETS = (100, 250, 500, 1000, 1500, 2000, 2200, 2500, 2800, 5000, 10000)

VALUES_5000 = {
    "A": 100, "2": 5, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5,
    "10": 10, "J": 10, "Q": 10, "K": 10, "Jk": 100, "wild": 100, "wild_ace": 200,
    "ace_low": 5,  # (only with the house rule low_ace: a low ace then scores as the low cards do)
}
VALUES_500 = {
    "A": 15, **{str(r): r for r in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10,
    "Jk": 15, "wild": 15, "wild_ace": 15, "ace_low": 1,
}
VALUES_BASIC = {**VALUES_500, "A": 1, "ace_low": 1}
VALUE_KEYS = tuple(VALUES_5000)

# preset -> (min players, max players, the game's name as the screens and messages give it)
PLAYERS = {
    "rummy5000": (2, 8, "Rummy 5000"),
    "rummy500": (2, 8, "Rummy 500"),
    "basic": (2, 4, "Basic rummy"),
    "george": (3, 8, "George (2500 Rummy)"),
    "partnership500": (4, 4, "Partnership 500"),
    "persian": (4, 4, "Persian Rummy"),
}


@dataclass(frozen=True)
class Rules:
    """Every option of the game.  Defaults are the ``rummy5000`` preset."""

    preset_name: str = "rummy5000"
    # 1. cards
    decks: int | None = None            # None: chosen from the player count
    jokers_per_deck: int = 0
    lowest_rank: int = 2
    permanent_wilds: frozenset = frozenset()
    # 3. the deal
    dealer_rotation: str = "left"
    deal_style: str = "upcard"
    upcard_counts: str = "additional"
    court_counts: str = "ten"
    permanent_wild_upcard: int | str = 15
    min_upcard: int = 2
    hand_size: int | None = None        # fixed deal; None: 13 for two players, else 7
    wild_indicator: str = "dealer_upcard"
    indicator_on_permanent_wild: str = "deal_again"
    # 4. melds
    aces: str = "high_or_low"
    min_meld: int = 3
    allow_sets: bool = True
    allow_runs: bool = True
    wild_rank_natural_in_place: bool = True
    wild_set: bool = False
    wild_limit: str = "none"
    wild_after_meld: str = "stays"
    # 5. a turn
    top_take_no_return: bool = True
    top_take_must_use: bool = False
    discard_pile: str = "splayed"
    deep_take_use: str = "meld_or_layoff"
    stock_draw_must_use: bool = False
    one_meld_per_turn: bool = False
    layoff_needs_own_meld: bool = True
    # 6. calls
    rummy_calls: str = "discard"
    after_call: str | None = None       # None: "caller_left" for pile calls, else "resume"
    pile_call_hand: bool = False
    # 7. ending a round
    going_out: str = "discard_unplayable"
    empty_stock: str = "end_round"
    floaters_draw_when_out: bool = False
    first_turn_out_grace: bool = False
    # 8. scoring
    values: dict = field(default_factory=lambda: dict(VALUES_5000))
    simple_scoring: bool = False
    low_ace: bool = False
    round_scoring: str = "melds_and_out_bonus"
    going_out_bonus: int = 0
    hands_count_on_empty_stock: bool = True
    four_at_once_double: bool = False
    target: int = 5000
    winner_rule: str = "highest"
    deals: int = 0                      # 0: play to the target; else a fixed number of deals
    final_bonus: int = 0
    # 9. relatives
    partnerships: bool = False
    joker_groups: bool = False

    # ------------------------------------------------------------------ building
    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        return tuple(PRESETS)

    @staticmethod
    def preset_title(name: str) -> str:
        """The game's name for a preset ("Basic rummy" for ``basic``)."""
        return PLAYERS[name][2]

    @classmethod
    def preset(cls, name: str = "rummy5000", **overrides: Any) -> Rules:
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError(
                f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}"
            )
        base = dict(PRESETS[name])
        base["preset_name"] = name
        return cls._build(base, overrides)

    def replace(self, **overrides: Any) -> Rules:
        base = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return self._build(base, overrides)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls) if f.name != "preset_name")

    @classmethod
    def _build(cls, base: dict, overrides: dict) -> Rules:
        names = set(cls.option_names())
        for key in overrides:
            if key not in names:
                close = [n for n in names if n.split("_")[0] == key.split("_")[0]]
                hint = f" (did you mean {', '.join(sorted(close))}?)" if close else ""
                raise RulesError(f"unknown option {key!r}{hint}")
        merged = {**base, **overrides}
        if "values" in overrides:
            vals = dict(base.get("values", VALUES_5000))
            extra = overrides["values"] or {}
            if not isinstance(extra, dict):
                raise RulesError("option values must map card names (A, 2 .. K, Jk, wild, Q♠ ...) to points")
            for key, v in extra.items():
                vals[_value_key(key)] = v
            merged["values"] = vals
        if "permanent_wilds" in overrides:
            wilds = overrides["permanent_wilds"]
            if not isinstance(wilds, (list, tuple, set, frozenset)) or not all(
                    isinstance(x, str) for x in wilds):
                raise RulesError(
                    f"option permanent_wilds must list names such as \"jokers\" or \"twos\" "
                    f"(or be empty), not {wilds!r}"
                )
            merged["permanent_wilds"] = frozenset(wilds)
        rules = cls(**merged)
        rules._check()
        return rules

    def _check(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if name == "after_call" and value is None:
                continue
            if value not in allowed:
                raise RulesError(
                    f"option {name} cannot be {value!r}; choose one of {', '.join(allowed)}"
                )
        for name in (
            "allow_sets", "allow_runs", "wild_rank_natural_in_place", "wild_set",
            "top_take_no_return", "top_take_must_use", "stock_draw_must_use",
            "one_meld_per_turn", "layoff_needs_own_meld", "pile_call_hand",
            "floaters_draw_when_out", "first_turn_out_grace", "simple_scoring", "low_ace",
            "hands_count_on_empty_stock", "four_at_once_double", "partnerships", "joker_groups",
        ):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"option {name} must be true or false, not {getattr(self, name)!r}")
        if self.decks is not None and (not is_whole(self.decks) or not 1 <= self.decks <= 4):
            raise RulesError(f"option decks must be 1 to 4 (or automatic), not {self.decks!r}")
        if not is_whole(self.jokers_per_deck) or not 0 <= self.jokers_per_deck <= 4:
            raise RulesError(f"option jokers_per_deck must be 0 to 4, not {self.jokers_per_deck!r}")
        if not _one_of(self.lowest_rank, (2, 3, 4, 6)):
            raise RulesError(f"option lowest_rank must be 2, 3, 4 or 6, not {self.lowest_rank!r}")
        bad = set(self.permanent_wilds) - set(PERMANENT_WILDS)
        if bad:
            raise RulesError(
                f"option permanent_wilds has unknown {', '.join(sorted(bad))}; "
                f"choose from {', '.join(PERMANENT_WILDS)}"
            )
        if self.jokers_per_deck and "jokers" not in self.permanent_wilds and not self.joker_groups:
            raise RulesError(
                "jokers must be played as wild cards (add 'jokers' to permanent_wilds) or as "
                "groups of their own (joker_groups), or set jokers_per_deck to 0"
            )
        if self.joker_groups and "jokers" in self.permanent_wilds:
            raise RulesError("jokers cannot be both wild and a group of their own: "
                             "remove 'jokers' from permanent_wilds or turn joker_groups off")
        if not is_whole(self.deals) or not 0 <= self.deals <= 50:
            raise RulesError(f"option deals must be 0 (play to the target) to 50, not {self.deals!r}")
        if not is_whole(self.final_bonus) or self.final_bonus < 0:
            raise RulesError(f"option final_bonus must be 0 or more, not {self.final_bonus!r}")
        if "jokers" in self.permanent_wilds and not self.jokers_per_deck:
            raise RulesError("permanent_wilds names jokers but jokers_per_deck is 0: set it to 1 or 2")
        if "twos" in self.permanent_wilds and self.lowest_rank > 2:
            raise RulesError("twos cannot be wild when lowest_rank removes them: set lowest_rank to 2")
        if self.lowest_rank > 2 and self.aces == "low_only":
            raise RulesError(
                "aces cannot be low_only when low ranks are removed: set aces to high_only "
                "or lowest_rank to 2"
            )
        if not _one_of(self.permanent_wild_upcard, (15, 20, 25, "replace")):
            raise RulesError(
                f"option permanent_wild_upcard must be 15, 20, 25 or 'replace', "
                f"not {self.permanent_wild_upcard!r}"
            )
        if not _one_of(self.min_upcard, (2, 3, 4)):
            raise RulesError(f"option min_upcard must be 2 (no limit), 3 or 4, not {self.min_upcard!r}")
        if self.hand_size is not None and (not is_whole(self.hand_size) or not 1 <= self.hand_size <= 20):
            raise RulesError(f"option hand_size must be 1 to 20 (or automatic), not {self.hand_size!r}")
        if not _one_of(self.min_meld, (3, 4)):
            raise RulesError(f"option min_meld must be 3 or 4, not {self.min_meld!r}")
        if not (self.allow_sets or self.allow_runs):
            raise RulesError("allow_sets and allow_runs are both off: no meld could be made; turn one on")
        if self.wild_set and not self.permanent_wilds:
            raise RulesError("wild_set needs permanent wild cards: set permanent_wilds (e.g. jokers)")
        for key in VALUE_KEYS:
            if key not in self.values:
                raise RulesError(f"option values lacks an entry for {key!r}")
        for key, v in self.values.items():
            if not is_whole(v):
                raise RulesError(f"option values[{key!r}] must be a whole number, not {v!r}")
        if not is_whole(self.target) or self.target <= 0:
            raise RulesError(f"option target must be a positive number of points, not {self.target!r}")
        if not is_whole(self.going_out_bonus) or self.going_out_bonus < 0:
            raise RulesError(f"option going_out_bonus must be 0 or more, not {self.going_out_bonus!r}")

    # ------------------------------------------------------------------ derived
    @property
    def ace_mode(self) -> str:
        return "high_only" if self.lowest_rank > 2 else self.aces

    @property
    def call_after(self) -> str:
        if self.after_call is not None:
            return self.after_call
        return "caller_left" if self.rummy_calls == "pile" else "resume"

    @property
    def floats(self) -> bool:
        """Whether a player who plays their last card floats instead of going out."""
        return self.going_out in ("discard_unplayable", "floating")

    @property
    def out_by_playing_all(self) -> bool:
        """Whether melding or laying off every card goes out, with no discard (Rummy 500,
        basic rummy: ``meld_all_or_discard``)."""
        return self.going_out == "meld_all_or_discard"

    @property
    def kept_to_discard(self) -> int:
        """Cards a player must keep in hand while melding and laying off: one where going
        out needs a discard (``discard_required``), else none."""
        return 1 if self.going_out == "discard_required" else 0

    @property
    def lowest_total_wins(self) -> bool:
        return self.round_scoring == "penalty"

    @property
    def melds_score(self) -> bool:
        """Whether melded cards earn points (they do not in ``winner_collects`` and
        ``penalty``, where only the hands count)."""
        return self.round_scoring not in ("winner_collects", "penalty")

    @property
    def out_collects_hands(self) -> bool:
        """Whether the player who goes out scores the hands left (of the other side, with
        partnerships): in ``melds_and_out_bonus``, ``add_to_out_player`` and
        ``winner_collects``, where a hand costs its holder nothing but what it gives away."""
        return self.round_scoring in ("melds_and_out_bonus", "add_to_out_player", "winner_collects")

    @property
    def may_give_bonus(self) -> bool:
        """Whether a round's scores may hold a bonus: for going out (the others' hands
        collected, or ``going_out_bonus``), the lowest hand's pot on an empty stock, or
        the last deal's ``final_bonus``. Not in Rummy 500's scoring without a going-out
        bonus, nor in penalty scoring."""
        if self.deals and self.final_bonus:
            return True
        if self.round_scoring == "melds_minus_hand":
            return self.going_out_bonus > 0
        return self.round_scoring != "penalty"

    def unused_options(self) -> dict[str, str]:
        """The options that change nothing with the other values, each with the reason in
        words ("no card is wild"). Keys are option names; one part of a composite option is
        ``permanent_wilds.twos`` or ``values.wild``. An option missing here may matter."""
        out: dict[str, str] = {}
        non_joker_wilds = set(self.permanent_wilds) - {"jokers"}
        round_wild = self.wild_indicator != "none"
        any_wild = round_wild or bool(self.permanent_wilds)
        fixed = "every hand is dealt at a fixed size"
        if self.deal_style != "upcard":
            for name in ("upcard_counts", "court_counts", "permanent_wild_upcard", "min_upcard"):
                out[name] = fixed
        else:
            out["hand_size"] = "the upcard decides the size of each hand"
            if not self.permanent_wilds:
                out["permanent_wild_upcard"] = "no card is always wild"
            if self.lowest_rank >= 4:
                out["min_upcard"] = "the pack has no 2s or 3s"
        if self.lowest_rank > 2:
            out["permanent_wilds.twos"] = "the pack has no 2s"
        if self.wild_indicator == "none":
            out["indicator_on_permanent_wild"] = "no card names a wild rank"
        elif self.wild_indicator == "rotating":
            out["indicator_on_permanent_wild"] = "the wild rank follows the round number"
        elif not self.permanent_wilds and (
                not self.jokers_per_deck
                or (self.wild_indicator == "dealer_upcard" and self.deal_style == "upcard")):
            # (a joker in its own groups is not wild; as the dealer's upcard it is dealt
            # another card under either value, as any indicator without a rank is)
            out["indicator_on_permanent_wild"] = "no card is always wild"
        if not any_wild:
            for name in ("wild_limit", "wild_after_meld", "values.wild"):
                out[name] = "no card is wild"
        if not round_wild and not non_joker_wilds:
            out["wild_rank_natural_in_place"] = "only jokers are wild" if any_wild else "no card is wild"
        if not self.permanent_wilds:
            out["wild_set"] = "no card is always wild"
        if not round_wild:
            out["values.wild_ace"] = "no ace can be wild without a wild rank"
        if not self.allow_runs:
            out["aces"] = "there are no runs"
        elif self.lowest_rank > 2:
            out["aces"] = "aces are high only when the low cards are taken out"
        if self.discard_pile != "splayed" and not self.top_take_must_use:
            # (with "Top card taken must be used" it says what the top card must do)
            out["deep_take_use"] = "only the top card of the pile may be taken"
        if self.rummy_calls == "off":
            out["after_call"] = out["pile_call_hand"] = "nobody calls \u201cRummy!\u201d"
        elif self.rummy_calls != "pile":
            out["pile_call_hand"] = "calls take only the discard, not the pile"
        if not self.floats:
            out["floaters_draw_when_out"] = "nobody floats, as playing the last card ends the round"
        if self.round_scoring != "melds_minus_hand":
            out["going_out_bonus"] = out["hands_count_on_empty_stock"] = (
                "only melds-minus-hand scoring uses it")
        if not self.melds_score:
            out["four_at_once_double"] = "melds score nothing, only the hands count"
        low_aces = self.allow_runs and self.ace_mode != "high_only"
        if not self.melds_score:
            out["low_ace"] = out["values.ace_low"] = "melds score nothing, only the hands count"
        elif not low_aces:
            out["low_ace"] = out["values.ace_low"] = "no ace is played low in a run"
        elif self.simple_scoring:
            out["low_ace"] = out["values.ace_low"] = "simple scoring already makes a low ace 5"
        elif not self.low_ace:
            out["values.ace_low"] = "a low ace scores as any ace"
        if self.simple_scoring and self.ace_mode == "low_only":
            out["values.A"] = "with simple scoring every ace, being low, scores 5"
        if not self.jokers_per_deck:
            out["joker_groups"] = "the pack has no jokers"
        if self.deals:
            out["target"] = "the game lasts a fixed number of deals"
            out["winner_rule"] = "the game lasts a fixed number of deals"
        elif self.wild_indicator == "rotating":
            out["target"] = out["winner_rule"] = "the game ends after the kings' round"
        elif self.lowest_total_wins:
            out["winner_rule"] = "the lowest total wins"
        if not self.deals:
            out["final_bonus"] = ("it goes with a number of deals, and this game ends after the kings' round"
                                  if self.wild_indicator == "rotating"
                                  else "the game is played to a target, not a number of deals")
        return out

    def sides(self, players: int) -> list[list[int]]:
        """The scoring sides of a game of ``players``: with ``partnerships``, seats 0 and 2
        against 1 and 3 (partners sit opposite); else one seat each."""
        if self.partnerships:
            return [[s for s in range(players) if s % 2 == t] for t in (0, 1)]
        return [[s] for s in range(players)]

    def player_range(self) -> tuple[int, int]:
        lo, hi, _ = PLAYERS[self.preset_name]
        return lo, hi

    def default_decks(self, players: int) -> int:
        base = 2 if self.preset_name == "george" else (1 if players <= 4 else 2)
        return base

    def decks_for(self, players: int) -> int:
        """Decks used with this many players: the option, or the smallest count that fits."""
        if self.decks is not None:
            return self.decks
        d = self.default_decks(players)
        while d < 4 and self.cards_needed(players, d) > self.pack_size(d):
            d += 1
        return d

    @property
    def caller_needs_meld(self) -> bool:
        """Whether a "Rummy!" caller needs a meld of their own on the table (calls on a
        playable discard, ``rummy_calls = discard``)."""
        return self.rummy_calls == "discard"

    def counts_double(self, cards: int) -> bool:
        """Whether a new meld of this many cards, laid down at once, counts double
        (``four_at_once_double``: four or more)."""
        return self.four_at_once_double and cards >= 4

    def take_must_use(self, top: bool) -> bool:
        """Whether a card taken from the pile must be melded or laid off in the same turn:
        the deepest card of a deep take always, the top card alone with ``top_take_must_use``."""
        return not top or self.top_take_must_use

    def cards_needed(self, players: int, decks: int) -> int:
        """The most cards a deal with this many decks can take from the pack, the first
        discard or stock card included: the pack must hold at least this many."""
        return self.largest_deal(players, decks) + 1

    def pack_size(self, decks: int) -> int:
        ranks = 1 + sum(1 for r in range(2, 14) if r >= self.lowest_rank)
        return decks * (4 * ranks + self.jokers_per_deck)

    def fixed_hand_size(self, players: int) -> int:
        if self.hand_size is not None:
            return self.hand_size
        return 13 if players == 2 else 7

    def is_permanent_wild(self, card: int) -> bool:
        c = Card(card)
        if c.is_joker:
            return "jokers" in self.permanent_wilds
        r = c.rank
        if r == 2 and "twos" in self.permanent_wilds:
            return True
        if r == 10 and "tens" in self.permanent_wilds:
            return True
        return r == 11 and c.suit in (2, 3) and "one_eyed_jacks" in self.permanent_wilds

    def upcard_extra(self, card: int) -> int | None:
        """Face-down cards dealt after this upcard; None when the upcard is replaced."""
        c = Card(card)
        if self.is_permanent_wild(c):
            if self.permanent_wild_upcard == "replace":
                return None
            count = int(self.permanent_wild_upcard)
        else:
            r = c.rank
            if r < self.min_upcard and r != 1:
                return None
            if r == 1:
                count = {"ten": 11, "rank": 14, "rank15": 15}[self.court_counts]
            elif r >= 11:
                count = 10 if self.court_counts == "ten" else r
            else:
                count = r
        return max(0, count - 1) if self.upcard_counts == "total" else count

    def largest_deal(self, players: int, decks: int) -> int:
        """Most cards a deal can put in hands (or set aside), whatever the shuffle."""
        if self.deal_style == "fixed":
            total = players * self.fixed_hand_size(players)
        else:
            pack = build_pack(decks, self.jokers_per_deck, self.lowest_rank)
            sizes = sorted(
                (1 + e for e in (self.upcard_extra(c) for c in pack) if e is not None), reverse=True
            )
            if not sizes:
                return 10**6
            total = sum(sizes[:players]) + max(0, players - len(sizes)) * sizes[0]
        extra = {"extra_card": 1, "separate": 1}.get(self.wild_indicator, 0)
        if self.wild_indicator not in ("rotating", "none"):
            pack = build_pack(decks, self.jokers_per_deck, self.lowest_rank)
            if self.wild_indicator == "dealer_upcard" and self.deal_style == "upcard":
                # the dealer's upcard names the rank: a permanent wild there is kept and more
                # cards are dealt to the dealer (deal_again), or it is replaced as an upcard
                if self.indicator_on_permanent_wild == "deal_again":
                    extra += sum(1 for c in pack if self.is_permanent_wild(c))
            else:
                # a permanent wild or a joker names no rank, and every one of them may be
                # turned before the card that does: each goes to the dealer (deal_again), or
                # is buried in the stock, which must still hold a card that names a rank
                # and then one more to start the pile (replace)
                extra += sum(1 for c in pack if self.is_permanent_wild(c) or c.is_joker)
        return total + extra

    def players_problem(self, players: int) -> str | None:
        """Why ``players`` cannot sit at a table of these rules (the team games need
        four, each preset has its range), or None."""
        lo, hi = self.player_range()
        name = self.describe()
        if self.partnerships and players != 4:
            game = name if PRESETS[self.preset_name].get("partnerships") else f"{name} with partnerships"
            return f"{game} needs four players (two teams of two), not {players}"
        if not is_whole(players) or not lo <= players <= hi:
            return f"{name} is played by {lo} to {hi} players, not {players}"
        return None

    def check_players(self, players: int, say: Callable[[str, str | None], str] | None = None) -> None:
        """Raise :class:`RulesError` if ``players`` cannot play these rules. A pack too small
        names the options that would help; ``say(option, value)`` words each one
        (by default ``upcard_counts = total``, or the option's name where no value is meant)."""
        say = say or (lambda option, value: option if value is None else f"{option} = {value}")
        why = self.players_problem(players)
        if why:
            raise RulesError(why)
        decks = self.decks_for(players)
        jokers = decks * self.jokers_per_deck
        if self.joker_groups and 0 < jokers < self.min_meld:
            # (a group of jokers could never be made: every joker would be a dead card)
            raise RulesError(
                f"jokers form groups of their own, but a pack of {decks} deck{'s' if decks != 1 else ''} "
                f"holds {jokers} joker{'s' if jokers != 1 else ''} and a group needs {self.min_meld}: "
                f"choose more {say('jokers_per_deck', None)}, more {say('decks', None)}, or jokers as wild cards")
        need = self.cards_needed(players, decks)
        have = self.pack_size(decks)
        if need > have:
            hints = []
            if decks < 4:
                hints.append(f"more {say('decks', None)}")
            if self.deal_style == "upcard" and self.upcard_counts == "additional":
                hints.append(say("upcard_counts", "total"))
            if self.deal_style == "upcard" and self.court_counts != "ten":
                hints.append(say("court_counts", "ten"))
            if self.deal_style == "fixed":
                hints.append(f"a smaller {say('hand_size', None)}")
            hints.append("fewer players")
            choices = hints[0] if len(hints) == 1 else f"{', '.join(hints[:-1])}, or {hints[-1]}"
            raise RulesError(
                f"the deal may need {need} cards but a pack of {decks} deck{'s' if decks != 1 else ''} "
                f"has {have}: "
                f"choose {choices}"
            )

    # ------------------------------------------------------------------ values
    def value_table(self) -> dict[str, int]:
        vals = dict(self.values)
        if self.simple_scoring:
            for r in range(2, 10):
                vals[str(r)] = 5
            vals["ace_low"] = 5
            if self.ace_mode == "low_only":
                # every ace is low (004: "In 'Simple scoring' option, low aces are 5
                # points"): in a set and in hand too, not only at the foot of a run
                vals["A"] = 5
        return vals

    def card_value(self, card: int, wild: bool, low: bool = False) -> int:
        """Points of one card: ``wild`` if it is wild this round, ``low`` if melded as a low ace."""
        vals = self.value_table()
        c = Card(card)
        if wild:
            return vals["wild_ace"] if c.rank == 1 else vals["wild"]
        if c.is_joker:
            return vals["Jk"]
        special = vals.get(str(c).split("#")[0])
        if special is not None:
            return special
        if c.rank == 1 and low and (self.low_ace or self.simple_scoring):
            return vals["ace_low"]
        return vals[rank_text(c.rank)]

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict:
        """Every option that differs from the preset, plus the preset's name."""
        base = Rules.preset(self.preset_name)
        out: dict[str, Any] = {"preset": self.preset_name}
        for name in self.option_names():
            v = getattr(self, name)
            if v != getattr(base, name):
                if isinstance(v, frozenset):
                    v = sorted(v)
                elif isinstance(v, dict):
                    v = {k: x for k, x in v.items() if base.values.get(k) != x}
                out[name] = v
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules must be an object of option names and values")
        data = dict(data)
        name = data.pop("preset", "rummy5000")
        return cls.preset(name, **data)

    def describe(self) -> str:
        return self.preset_title(self.preset_name)


PRESETS: dict[str, dict[str, Any]] = {
    "rummy5000": {},
    "rummy500": {
        "deal_style": "fixed",
        "wild_indicator": "none",
        "jokers_per_deck": 2,
        "permanent_wilds": frozenset({"jokers"}),
        "layoff_needs_own_meld": False,
        "rummy_calls": "off",
        "going_out": "meld_all_or_discard",
        "round_scoring": "melds_minus_hand",
        "target": 500,
        "values": dict(VALUES_500),
    },
    "basic": {
        "deal_style": "fixed",
        "wild_indicator": "none",
        "discard_pile": "top_only",
        "aces": "low_only",
        "layoff_needs_own_meld": False,
        "rummy_calls": "off",
        "going_out": "meld_all_or_discard",
        "round_scoring": "winner_collects",
        "target": 100,
        "values": dict(VALUES_BASIC),
    },
    "george": {
        "allow_runs": False,
        "wild_limit": "one_per_meld",
        "deep_take_use": "new_meld_two_naturals",
        "top_take_must_use": True,
        "lowest_rank": 3,
        "upcard_counts": "total",
        "court_counts": "rank",
        "target": 2500,
    },
}
PRESETS["partnership500"] = {**PRESETS["rummy500"], "partnerships": True}
PRESETS["persian"] = {
    **PRESETS["rummy500"],
    "partnerships": True,
    "jokers_per_deck": 4,
    "permanent_wilds": frozenset(),
    "joker_groups": True,
    "four_at_once_double": True,
    "going_out_bonus": 25,
    "deals": 2,
    "final_bonus": 50,
    "values": {**VALUES_500, "Jk": 20},
}
