"""The rules in plain words, made from a ``Rules`` value, and the setup screen's option list.

:func:`describe_rules` turns any :class:`~game.engine.rules.Rules` into headed
paragraphs for the rules screen.  :data:`OPTIONS` lists every house rule the
new-game screen offers, grouped like ``RULES.md`` (Cards, Deal, Melds, Turn,
Rummy calls, Ending, Scoring), each with a short label, a one-line explanation
and a label for every value.

Pure text: this module does not import pygame, and never decides a rule itself;
it only describes the values it is given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.cards import rank_text
from game.engine.rules import PERMANENT_WILDS, TARGETS, Rules

if TYPE_CHECKING:
    from game.engine.state import GameState, RoundResult

GROUPS = ("Cards", "Deal", "Melds", "Turn", "Rummy calls", "Ending", "Scoring")

# Each preset's one-line summary, in parts: plain words, or a key that
# :func:`preset_summary` fills from the rules in play ("wilds", "pile", "aces", "goal"),
# so that the line says what a house rule changed ("deal", "scoring", "melds" and "limit" too).
PRESET_SUMMARIES: dict[str, tuple[str, ...]] = {
    "rummy5000": ("deal", "wilds", "scoring", "goal"),
    "rummy500": ("deal", "pile", "wilds", "scoring", "goal"),
    "basic": ("Standard rummy:", "pile", "aces", "wilds", "scoring", "goal"),
    "george": ("melds", "wilds", "limit", "a double 48-card pack", "goal"),
    "partnership500": ("Rummy 500 for two teams of two", "wilds", "goal"),
    "persian": ("Partnership 500 with jokers as their own groups", "wilds", "goal"),
}

_ROUND_WILD = {
    "dealer_upcard": "the dealer's upcard rank",
    "dealer_last": "the rank of the dealer's last card",
    "extra_card": "the rank of an extra card dealt to the dealer",
    "separate": "the rank of a card under the stock",
}


def _summary_wilds(rules: Rules) -> str:
    """What is wild, in a few words ("" when nothing is): the round's wild rank, then the
    always-wild cards ("the dealer's upcard rank is wild, twos are wild too")."""
    out = []
    if rules.wild_indicator == "rotating":
        out.append("a new wild rank each round")
    elif rules.wild_indicator in _ROUND_WILD:
        out.append(f"{_ROUND_WILD[rules.wild_indicator]} is wild")
    perm = [PERMANENT_WILD_NAMES[k].split(" (")[0] for k in PERMANENT_WILDS if k in rules.permanent_wilds]
    if perm:
        names = perm[0] if len(perm) == 1 else ", ".join(perm[:-1]) + " and " + perm[-1]
        out.append(f"{names} are wild" + (" too" if out else ""))
    return ", ".join(out)


def _summary_goal(rules: Rules) -> str:
    if rules.deals:
        return f"{rules.deals} deal{'s' if rules.deals != 1 else ''}"
    if rules.wild_indicator == "rotating":
        return "one round for each rank, A to K"
    return f"to {rules.target:,}"


def preset_summary(rules: Rules) -> str:
    """The preset's one-line summary as these rules have it: what is wild ("twos are
    wild" when twos were chosen instead of the upcard's rank), how the pile is taken and
    how the game ends ("to 1,000", "2 deals", "one round for each rank, A to K")."""
    parts = PRESET_SUMMARIES.get(rules.preset_name)
    if parts is None:
        return ""
    deal = "Upcard deal" if rules.deal_style == "upcard" else (
        "Seven cards (13 for two)" if rules.hand_size is None else f"{rules.hand_size} cards each")
    filled: dict[str, str] = {
        "deal": deal,
        "scoring": {"melds_and_out_bonus": "melds score", "melds_minus_hand": "melds minus hand",
                    "winner_collects": "the winner collects the hands", "penalty": "penalty points",
                    "add_to_out_player": "melds score, the one who goes out adds the hands"}.get(rules.round_scoring, ""),
        "wilds": _summary_wilds(rules),
        "pile": "take deep from the pile" if rules.discard_pile == "splayed" else "top of the pile only",
        "aces": {"low_only": "low aces", "high_only": "high aces"}.get(rules.aces, "aces high or low"),
        "goal": _summary_goal(rules),
        "melds": "Sets only" if not rules.allow_runs else ("Runs only" if not rules.allow_sets
                                                          else "Sets and runs"),
        "limit": {"one_per_meld": f"one wild per {'set' if not rules.allow_runs else 'meld'}",
                  "fewer_than_naturals": "fewer wilds than natural cards in a meld"}.get(rules.wild_limit, ""),
    }
    words = [w for w in (filled.get(p, p) for p in parts) if w]
    head, rest = words[0], words[1:]
    if head.endswith(":"):  # ("Standard rummy: top of the pile only, …")
        head, rest = f"{head} {rest[0]}", rest[1:]
    return ", ".join([head, *rest]) + "."


PERMANENT_WILD_NAMES = {
    "jokers": "jokers",
    "twos": "twos",
    "tens": "tens",
    "one_eyed_jacks": "one-eyed jacks (J♠ and J♥)",
}


# How to play at the table, shown after the rules when they are opened from a game (F1)
TABLE_CONTROLS: tuple[str, ...] = (
    "Draw: click the stock, or drag its top card into your hand (key D). Take from the discard "
    "pile: click a pile card or drag it into your hand; you take it and every card above it "
    "(P takes the top card).",
    "Meld: click cards to select them, then press Meld (Enter), or drag them onto your meld area. "
    "Lay off: drag a card onto any meld on the table.",
    "Discard: drag a card onto the pile, or double-click it (X discards the card in focus).",
    "Rummy!: press the Rummy! button (R) while it glows red, or drag the discard onto the meld it fits.",
    "Undo (U) takes back a meld or a lay-off until you discard. Hint (H) shows what the normal "
    "computer player would do. S sorts your hand by suit, then by rank. F makes the computer "
    "players play faster until your turn. When the stock is empty and cannot be drawn from, End "
    "round (E) ends the round instead of taking from the pile.",
    # (a newcomer could not guess the bars under melded cards, the green "+110" or what the
    # "laid off" row lists: a tester)
    "Reading the table: a name plate shows the player's total and, in green, what their cards on "
    "the table score this round so far (+85); the number on a fan of backs is the cards in hand, a "
    "face-up deal card included. A meld's tag (#3 7–9♥) is its number and what it is; the coloured "
    "bar under each melded card shows who laid it, and \"laid off\" under a player lists the cards "
    "they laid on others' melds (J♣ → #3). In your hand, \"up\" marks your face-up deal card, "
    "\"new\" the cards just drawn or taken, and \"took\" a card taken from the pile that must be "
    "used, or may not go back, this turn. A gold rim and star mark the round's wild cards.",
    "With the keyboard: ← → move the focus along your hand, a row of melds or the pile (Home and "
    "End to its ends); ↑ ↓ move it up and down the table: your hand, your melds, the pile, the "
    "others' melds. Shift with ← → moves a card within your hand; Space selects; Enter acts on "
    "the focus; Esc puts a selection down. In a small menu (which way a meld reads, where a card "
    "goes), 1 to 9 pick a line.",
    "Esc opens the menu (rules, scores, the round's moves, settings, a new game, quit; the game "
    "is saved after every move). F1 shows these rules, T (or a click on the scores in the "
    "sidebar) every round's scores, L (or a click on the last moves) every move of this round, "
    "F11 switches full screen, F12 saves a screenshot. On a round's sheet, V puts the sheet aside "
    "to show the table as the round ended.",
)


def table_controls(rules: Rules) -> list[str]:
    """:data:`TABLE_CONTROLS` for a game of ``rules``: without "Rummy!" where nobody may call,
    and where a call takes from the pile, how that is done."""
    out = []
    for t in TABLE_CONTROLS:
        if t.startswith("Rummy!") and rules.rummy_calls == "off":
            continue
        if t.startswith("Rummy!") and rules.rummy_calls == "pile":
            t = ("Rummy!: press the Rummy! button (R) while it glows red and pick the pile card to "
                 "take down to, or drag that pile card into your hand.")
        if t.startswith("Draw:") and rules.discard_pile != "splayed":
            t = ("Draw: click the stock, or drag its top card into your hand (key D). Take the top "
                 "card of the discard pile: click it or drag it into your hand (key P); the cards "
                 "under it cannot be taken in this game.")
        out.append(t)
    return out


MINUS = "\u2212"


def points_text(n: int, signed: bool = False) -> str:
    """Points as the game writes them everywhere: 1,335; with ``signed`` +85 (and 0 with no
    sign); below zero with a minus sign, not a hyphen (−20)."""
    text = f"{n:+,}" if signed and n else f"{n:,}"
    return text.replace("-", MINUS)


def points_help(points: int, lowest_wins: bool = False) -> bool:
    """Whether a round's ``points`` help the player: more is better, unless the lowest
    total wins (penalty scoring), where points added are the cost. (The table and the
    sheets colour them by this, each in its own inks.)"""
    return points <= 0 if lowest_wins else points >= 0


def preset_title(name: str) -> str:
    """The engine's name for a preset (:meth:`Rules.preset_title`), or one made from its key."""
    return Rules.preset_title(name) if name in Rules.preset_names() else name.replace("_", " ").title()


@dataclass(frozen=True)
class OptionInfo:
    """One house rule on the setup screen.

    ``name`` is a ``Rules`` attribute, or ``wild.<kind>`` for one member of
    ``permanent_wilds``, or ``values.<key>`` for one entry of the value table.
    ``choices`` is None for an on/off option, else (value, label) pairs.
    """

    name: str
    group: str
    label: str
    help: str
    choices: tuple[tuple[Any, str], ...] | None = None

    @property
    def is_bool(self) -> bool:
        return self.choices is None

    def value_label(self, value: Any) -> str:
        if self.choices is None:
            return "On" if value else "Off"
        for v, text in self.choices:
            if v == value:
                return text
        return str(value)

    def get(self, rules: Rules) -> Any:
        if self.name.startswith("wild."):
            return self.name[5:] in rules.permanent_wilds
        if self.name.startswith("values."):
            return rules.values.get(self.name[7:])
        return getattr(rules, self.name)

    def values_for(self, current: Any) -> list[Any]:
        """The values to cycle through; the current one is kept even if it is unusual."""
        vals = [v for v, _ in self.choices or ((False, ""), (True, ""))]
        if current not in vals:
            vals.append(current)
            if all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
                vals.sort()
        return vals


def _o(name, group, label, help, choices=None) -> OptionInfo:
    return OptionInfo(name, group, label, help, tuple(choices) if choices is not None else None)


OPTIONS: tuple[OptionInfo, ...] = (
    # ------------------------------------------------------------------ Cards
    _o("decks", "Cards", "Decks", "How many decks are shuffled together.",
       [(None, "Auto"), (1, "1"), (2, "2"), (3, "3"), (4, "4")]),
    _o("jokers_per_deck", "Cards", "Jokers per deck", "Jokers added to each deck; they are wild unless they form their own groups.",
       [(n, str(n)) for n in range(5)]),
    _o("lowest_rank", "Cards", "Lowest rank",
       "Smaller cards are taken out of the pack; aces are then high only.",
       [(2, "2 (full deck)"), (3, "3"), (4, "4"), (6, "6")]),
    _o("wild.twos", "Cards", "Twos are always wild", "Every 2 is wild in every round."),
    _o("wild.tens", "Cards", "Tens are always wild", "Every 10 is wild in every round."),
    _o("wild.one_eyed_jacks", "Cards", "One-eyed jacks are wild",
       "The J♠ and the J♥ are wild in every round."),
    # ------------------------------------------------------------------ Deal
    _o("deal_style", "Deal", "How hands are dealt",
       "By the upcard: your face-up first card decides how many more you get; fixed: all get the same.",
       [("upcard", "By the upcard"), ("fixed", "Fixed size")]),
    _o("upcard_counts", "Deal", "Upcard number counts",
       "Whether the upcard's number is the cards dealt after it or the whole hand.",
       [("additional", "Cards after it"), ("total", "Whole hand")]),
    _o("court_counts", "Deal", "Picture cards and aces count",
       "How many cards a J, Q, K or A upcard deals (what cards score is set under Scoring).",
       [("ten", "10 (ace 11)"), ("rank", "11-13 (ace 14)"), ("rank15", "11-13 (ace 15)")]),
    _o("permanent_wild_upcard", "Deal", "A wild card as upcard",
       "What an always-wild upcard (say a joker) gives.",
       [(15, "Counts 15"), (20, "Counts 20"), (25, "Counts 25"), ("replace", "Is replaced")]),
    _o("min_upcard", "Deal", "Smallest upcard",
       "A smaller upcard goes back into the stock and another is dealt.",
       [(2, "Any card"), (3, "3 or more"), (4, "4 or more")]),
    _o("hand_size", "Deal", "Hand size (fixed deal)",
       "Cards each with a fixed deal; Auto gives 13 to two players, 7 to more.",
       [(None, "Auto")] + [(n, str(n)) for n in (5, 6, 7, 8, 9, 10, 11, 12, 13, 15)]),
    _o("wild_indicator", "Deal", "Round's wild rank",
       "Which card names the rank that is wild for the whole round.",
       [("dealer_upcard", "Dealer's upcard"), ("dealer_last", "Dealer's last card"),
        ("extra_card", "Extra card to dealer"), ("separate", "Card under the stock"),
        ("rotating", "A in round 1 ... K"), ("none", "No round wild")]),
    _o("indicator_on_permanent_wild", "Deal", "If that card is always wild",
       "What happens when the card naming the wild rank is a joker or other permanent wild.",
       [("deal_again", "Deal another"), ("replace", "Bury and replace")]),
    _o("dealer_rotation", "Deal", "Next dealer",
       "Who deals the next round: the player on the dealer's left, or the round's winner (who went out, "
       "or, if nobody did, who scored best).",
       [("left", "Player on the left"), ("winner", "Round's winner")]),
    # ------------------------------------------------------------------ Melds
    _o("allow_sets", "Melds", "Sets", "Three or more cards of one rank, like 7 7 7."),
    _o("allow_runs", "Melds", "Runs", "Three or more cards in a row of one suit, like 5♥ 6♥ 7♥."),
    _o("min_meld", "Melds", "Smallest new meld", "How many cards a brand-new meld needs.",
       [(3, "3 cards"), (4, "4 cards")]),
    _o("aces", "Melds", "Aces in runs", "Whether A-2-3, Q-K-A or both are runs (never K-A-2).",
       [("high_or_low", "High or low"), ("low_only", "Low only"), ("high_only", "High only")]),
    _o("wild_limit", "Melds", "Wild cards per meld", "How many wild cards one meld may hold.",
       [("none", "No limit"), ("fewer_than_naturals", "Fewer than naturals"),
        ("one_per_meld", "One per meld")]),
    _o("wild_rank_natural_in_place", "Melds", "Wild card as itself is natural",
       "A wild-rank card used as its own rank counts as a natural card."),
    _o("wild_set", "Melds", "Sets of wild cards",
       "Three or more always-wild cards may form a set of their own."),
    _o("wild_after_meld", "Melds", "The real card for a melded wild",
       "What the holder of the card a wild stands for may do with it.",
       [("stays", "Lay it on the wild"), ("swap", "Swap the wild out")]),
    # ------------------------------------------------------------------ Turn
    _o("discard_pile", "Turn", "Discard pile",
       "Spread out: take a deeper card with every card above it; or only the top card.",
       [("splayed", "Spread out"), ("top_only", "Top card only")]),
    _o("deep_take_use", "Turn", "Deepest card taken must",
       "What you must do this turn with the deepest card you took from the pile.",
       [("meld_or_layoff", "Be played"), ("new_meld", "Start a new meld"),
        ("new_meld_two_naturals", "Meld with 2 naturals")]),
    _o("top_take_no_return", "Turn", "No discarding the card just taken",
       "If you take only the top card of the pile, you may not discard it in the same turn."),
    _o("top_take_must_use", "Turn", "Top card taken must be used",
       "A card taken from the top of the pile must be used in the same turn, as \"Deepest card "
       "taken must\" says of a deeper take (by default: melded or laid off)."),
    _o("stock_draw_must_use", "Turn", "Use or discard the stock card",
       "A card drawn from the stock must be melded at once or discarded."),
    _o("one_meld_per_turn", "Turn", "One new meld a turn",
       "Only one new meld may be laid down in a turn; laying off is free."),
    _o("layoff_needs_own_meld", "Turn", "Lay off only after your own meld",
       "You may add to melds only once you have a meld of your own down (a partner's is not "
       "enough)."),
    # ------------------------------------------------------------------ Rummy calls
    _o("rummy_calls", "Rummy calls", "Calling Rummy!",
       "Snatch a discard that could have been played on the table.",
       [("discard", "Playable discard"), ("top_card", "Anyone may call"),
        ("pile", "Anything in the pile"), ("off", "Off")]),
    _o("after_call", "Rummy calls", "After a call, play goes to",
       "Who plays next once a call is finished.",
       [(None, "Usual for the call"), ("resume", "Whoever was next"),
        ("caller_left", "Caller's left")]),
    _o("pile_call_hand", "Rummy calls", "Pile calls may use hand cards",
       "A pile call may combine cards of the pile with cards from the caller's hand."),
    # ------------------------------------------------------------------ Ending
    _o("going_out", "Ending", "Going out",
       "How a round ends when a player runs out of cards.",
       [("discard_unplayable", "Discard a dead card"), ("floating", "Float, then discard"),
        ("meld_all_or_discard", "Meld all or discard"), ("discard_required", "Must discard")]),
    _o("empty_stock", "Ending", "When the stock runs out",
       "Whether the round ends or the pile is shuffled into a new stock.",
       [("end_round", "Round ends"), ("reshuffle", "Reshuffle the pile")]),
    _o("floaters_draw_when_out", "Ending", "Floaters draw at the end",
       "Players holding no cards draw one from the stock when someone goes out."),
    _o("first_turn_out_grace", "Ending", "Grace turn after a quick out",
       "If someone goes out on their first turn, players yet to play get one turn. The more "
       "players, the likelier a quick out before your first turn."),
    # ------------------------------------------------------------------ Scoring
    _o("round_scoring", "Scoring", "Round scoring", "Where each round's points come from.",
       [("melds_and_out_bonus", "Melds + out bonus"), ("melds_minus_hand", "Melds minus hand"),
        ("winner_collects", "Winner collects"), ("penalty", "Penalty points"),
        ("add_to_out_player", "Out adds hands")]),
    _o("winner_rule", "Scoring", "Who wins", "Who wins once someone reaches the target.",
       [("highest", "Highest score"), ("went_out", "Went out last"),
        ("must_go_out", "Must go out to win")]),
    _o("going_out_bonus", "Scoring", "Going-out bonus",
       "Extra points for going out, with melds-minus-hand scoring.",
       [(n, str(n)) for n in (0, 10, 25, 50, 100, 200)]),
    _o("hands_count_on_empty_stock", "Scoring", "Hands count on an empty stock",
       "With melds minus hand, cards still held count against you even if no one went out."),
    _o("simple_scoring", "Scoring", "Simple scoring", "Every card from 2 to 9 scores 5, and so does a low ace."),
    _o("low_ace", "Scoring", "Low ace scores less", "An ace used low (A-2-3) scores its low value."),
    _o("values.A", "Scoring", "Ace value", "Points for an ace that is not wild.",
       [(n, str(n)) for n in (1, 5, 10, 15, 50, 100)]),
    _o("values.ace_low", "Scoring", "Low ace value", "Points for an ace used low, with the option above.",
       [(n, str(n)) for n in (1, 5, 15)]),
    _o("values.wild", "Scoring", "Wild card value", "Points for a wild card that is not an ace.",
       [(n, str(n)) for n in (15, 20, 25, 50, 100, 200)]),
    _o("values.wild_ace", "Scoring", "Wild ace value", "Points for an ace that is wild.",
       [(n, str(n)) for n in (15, 25, 50, 100, 200)]),
)

# options of newer engines: offered only when the engine has them
_LATER: tuple[OptionInfo, ...] = (
    _o("joker_groups", "Cards", "Jokers form their own groups",
       "Jokers are never wild: they meld only as sets of jokers."),
    _o("partnerships", "Scoring", "Partnerships",
       "Four players in two teams; partners sit opposite and score together."),
    _o("four_at_once_double", "Scoring", "Four at once scores double",
       "A meld of four or more laid down in one go counts double."),
    _o("deals", "Ending", "Number of deals",
       "Play a fixed number of deals instead of playing to the target.",
       [(0, "Play to the target")] + [(n, f"{n} deal{'s' if n > 1 else ''}") for n in (1, 2, 3, 4, 5, 6, 8, 10)]),
    _o("final_bonus", "Scoring", "Bonus for the winner",
       "Extra points for the side ahead after the last deal.",
       [(n, str(n)) for n in (0, 25, 50, 100, 200)]),
)


def _engine_has(name: str) -> bool:
    return name.split(".")[0] in Rules.option_names() or name.startswith(("wild.", "values."))


OPTIONS = tuple(o for o in OPTIONS if _engine_has(o.name)) + tuple(
    o for o in _LATER if _engine_has(o.name)
)
_ORDER = {g: i for i, g in enumerate(GROUPS)}
OPTIONS = tuple(sorted(OPTIONS, key=lambda o: _ORDER[o.group]))  # stable: keeps the order within groups
OPTION_BY_NAME = {o.name: o for o in OPTIONS}
TARGET_CHOICES = tuple((t, f"{t:,}") for t in TARGETS)


def deck_words(rules: Rules) -> str:
    """One deck of ``rules`` in words: "52 cards", "48 cards (no 2s)", "52 cards and 2 jokers"."""
    cards = rules.pack_size(1) - rules.jokers_per_deck
    low = rules.lowest_rank
    text = f"{cards} cards" + ("" if low <= 2 else f" (no {_join([f'{r}s' for r in range(2, low)], 'or')})"
                               if low <= 4 else f" (no 2s to {low - 1}s)")
    if rules.jokers_per_deck:
        text += f" and {_count(rules.jokers_per_deck, 'joker')}"
    return text


def option_help(info: OptionInfo, rules: Rules, players: int) -> str:
    """The explanation under an option on the setup screen, for these rules and this many
    players where it depends on them (the size of a deck, what Auto picks)."""
    if info.name == "decks":
        free = dataclasses.replace(rules, decks=None)
        auto = free.decks_for(players)
        base = free.default_decks(players)
        why = ""
        if auto > base:  # (say why: a wild rule or a deal that can run past the pack)
            most = free.cards_needed(players, base)
            decks = "one deck holds" if base == 1 else f"{base} decks hold"
            why = f" (a deal could need {most} cards, more than {decks})"
        return (f"How many decks of {deck_words(rules)} are shuffled together; "
                f"Auto uses {auto} for {players} players{why}.")
    if info.name in ("allow_sets", "allow_runs") and rules.min_meld != 3:  # (the row's words say three)
        kind = "set" if info.name == "allow_sets" else "run"
        what = "of one rank" if kind == "set" else "in a row of one suit"
        return f"Four or more cards {what}, like {meld_example(kind, rules.min_meld)}."
    if info.name == "indicator_on_permanent_wild":  # (what is done follows the card that names the rank)
        return on_permanent_wild_text(rules)
    if info.name == "wild_indicator" and rules.wild_indicator == "rotating" and rules.deals:
        return _wild_indicator_text(rules)  # (a game of so many deals: it may start again at aces)
    said = VALUE_HELP.get(info.name)
    if said is not None:
        return said.get(OptionInfo.get(info, rules), info.help)
    return info.help


def meld_example(kind: str, n: int) -> str:
    """The smallest meld of ``kind`` ("set", "run") where a new meld takes ``n`` cards, for
    the rules' words: "7♣ 7♦ 7♠", "5♥ 6♥ 7♥ 8♥"."""
    return {("set", 3): "7♣ 7♦ 7♠", ("set", 4): "7♣ 7♦ 7♥ 7♠",
            ("run", 3): "5♥ 6♥ 7♥", ("run", 4): "5♥ 6♥ 7♥ 8♥"}[(kind, n)]


# what each value of a house rule does, in the rules' words and under the row on the setup screen
WILD_INDICATOR_TEXT = {
    "dealer_upcard": "The rank of the dealer's upcard is wild for the whole round.",
    "dealer_last": "The last card dealt to the dealer is turned face up; its rank is wild for the round.",
    "extra_card": "The dealer gets one extra card face up; its rank is wild for the round.",
    "separate": "After the deal one card is turned up and tucked under the stock; its rank is wild "
                "for the round.",
}
REAL_CARD_TEXT = {  # (three lines under the row at 1280x800: a tester found it cut short)
    "stays": "Holding the real card a melded wild stands for (not a card that is wild itself), you may "
             "lay it on the wild in your turn; it scores for you, and the wild stays.",
    "swap": "Holding the real card a melded wild stands for (not a card that is wild itself), you may "
            "swap it in during your turn and take the wild into your hand.",
}
DEEP_TAKE_TEXT = {  # (after "The deepest card you take … must")
    "meld_or_layoff": "be melded or laid off in the same turn",
    "new_meld": "go into a new meld in the same turn",
    "new_meld_two_naturals": "go into a new meld with two natural cards from your hand, in the same turn",
}


# what the value chosen means, under the option on the setup screen (a newcomer read the
# row's words, "Usual for the call", "Discard a dead card", and was none the wiser)
VALUE_HELP: dict[str, dict[Any, str]] = {
    "rummy_calls": {
        "discard": "Snatch a discard that could have been laid off on the table (once you have a meld).",
        "top_card": "Snatch a discard that could have been laid off on the table; anyone may call.",
        "pile": "Take the pile down to any card that you can meld or lay off at once, out of turn.",
        "off": "Nobody may call Rummy! in this game.",
    },
    "after_call": {
        None: "Who plays next after a call: as the kind of call has it (whoever was next after a "
              "discard call, the caller's left after a pile call).",
        "resume": "After a call, play goes on with whoever would have been next.",
        "caller_left": "After a call, play goes on from the caller's left.",
    },
    "going_out": {
        "discard_unplayable": "Go out by discarding a last card that fits no meld on the table; "
                              "play every card and you float until you can.",
        "floating": "Go out by discarding your last card; play every card and you float until you do.",
        "meld_all_or_discard": "The round ends when a player has no cards left, by melding, laying "
                               "off or discarding the last one.",
        "discard_required": "Go out only by discarding: keep one card to throw.",
    },
    "wild_indicator": {
        **WILD_INDICATOR_TEXT,
        "rotating": "The wild rank goes up every round: aces are wild in round 1, then the next rank, "
                    "up to kings; the game ends after the kings' round.",
        "none": "No rank is wild for a round: only the always-wild cards chosen under Cards are wild.",
    },
    "wild_after_meld": REAL_CARD_TEXT,
    "deep_take_use": {v: f"The deepest card you take from the pile must {t}." for v, t in DEEP_TAKE_TEXT.items()},
    "round_scoring": {
        "melds_and_out_bonus": "Everyone scores their melds and lay-offs; whoever goes out also scores "
                               "the cards left in the other hands, which cost their holders nothing.",
        "melds_minus_hand": "Everyone scores their melds and lay-offs, minus the cards left in their "
                            "hand: a round can score below zero.",
        "winner_collects": "Only the round's winner scores: the value of the cards left in the other hands.",
        "penalty": "The cards left in each hand are charged to their holder; the lowest total wins.",
        "add_to_out_player": "As “Melds + out bonus”, and when the stock runs out, two players (or two "
                             "teams) each score the cards left in the other's hand.",
    },
    "winner_rule": {
        "highest": "Once someone reaches the target, the highest total wins; equal totals share the win.",
        "went_out": "Once someone reaches the target, the player who went out in that round wins if they "
                    "reached it too; otherwise the highest total.",
        "must_go_out": "Only a player who went out can win: the game goes on until someone at or over "
                       "the target goes out.",
    },
    "wild_limit": {
        "none": "A meld may hold any number of wild cards.",
        "fewer_than_naturals": "A meld must hold more natural cards than wild ones.",
        "one_per_meld": "A meld may hold one wild card (two in a meld of six or more, one in each half).",
    },
}


def covered_option_names() -> set[str]:
    """The ``Rules`` attributes the setup screen can change (tests check it is all of them)."""
    names = {o.name for o in OPTIONS if "." not in o.name}
    if any(o.name.startswith("wild.") for o in OPTIONS):
        names.add("permanent_wilds")
    if any(o.name.startswith("values.") for o in OPTIONS):
        names.add("values")
    names.add("target")  # its own control at the top of the screen
    return names


# ---------------------------------------------------------------------- describing rules


def _join(items: list[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _upcard_count_text(rules: Rules) -> str:
    if rules.court_counts == "ten":
        court, ace = "J, Q and K count 10", "an ace 11"
    elif rules.court_counts == "rank":
        court, ace = "J, Q and K count 11, 12 and 13", "an ace 14"
    else:
        court, ace = "J, Q and K count 11, 12 and 13", "an ace 15"
    if "permanent_wild_upcard" in rules.unused_options():  # (no card is always wild)
        wild = ""
    elif rules.permanent_wild_upcard == "replace":
        wild = " An always-wild upcard is buried in the stock and another upcard is dealt."
    else:
        wild = f" An always-wild upcard counts {rules.permanent_wild_upcard}."
    lo = ""
    small = [f"a {r}" for r in range(max(2, rules.lowest_rank), rules.min_upcard)]  # (in the pack)
    if small:
        lo = f" An upcard of {' or '.join(small)} goes back into the stock, which is shuffled, and another is dealt."
    return f"For the deal, number cards count their number, {court} and {ace} (what cards score is " \
           f"another matter: see Scoring).{wild}{lo}"


def on_permanent_wild_text(rules: Rules) -> str:
    """What is done when the card that names the round's wild rank is an always-wild card
    (or a joker, which names no rank): the card under the stock is followed by another
    there; the dealer's is kept, another dealt face up."""
    if rules.indicator_on_permanent_wild == "replace":
        return "If that card is an always-wild card, it is buried in the stock and another turned up in its place."
    if rules.wild_indicator == "separate":
        return "If that card is an always-wild card, another is turned up and tucked under the stock too, until one is not."
    return "If that card is an always-wild card, the dealer keeps it and gets another face up, until one is not."


def _wild_indicator_text(rules: Rules) -> str:
    wi = rules.wild_indicator
    if wi == "none":
        return ""
    text = WILD_INDICATOR_TEXT.get(wi, "")
    if wi == "rotating":  # (the ranks of the pack in turn: a pack without its twos starts again sooner)
        ranks = [1] + [r for r in range(2, 14) if r >= rules.lowest_rank]
        second = {2: "twos", 3: "threes", 4: "fours", 6: "sixes"}[ranks[1]]  # (the lowest ranks allowed)
        text = (f"The wild rank changes every round: aces in round 1, {second} in round 2, and so on up to "
                f"kings in round {len(ranks)}")
        text += (", after which the game ends." if not rules.deals
                 else ", then aces again." if rules.deals > len(ranks) else ".")
    if wi != "rotating" and rules.permanent_wilds:
        text += " " + on_permanent_wild_text(rules)
    return text


def _values_text(rules: Rules) -> str:
    v = rules.value_table()
    pips = [v[str(r)] for r in range(max(2, rules.lowest_rank), 10)]
    low = max(2, rules.lowest_rank)
    parts = []
    if pips and all(p == pips[0] for p in pips):
        parts.append(f"{low} to 9 score {pips[0]} each")
    elif pips and all(v[str(r)] == r for r in range(low, 10)):
        parts.append(f"{low} to 9 score their number")
    else:
        parts.append(", ".join(f"{rank_text(r)} {v[str(r)]}" for r in range(low, 10)))
    courts = [v["10"], v["J"], v["Q"], v["K"]]
    if all(c == courts[0] for c in courts):
        parts.append(f"10, J, Q and K {courts[0]} each")
    else:
        parts.append(f"10 {v['10']}, J {v['J']}, Q {v['Q']}, K {v['K']}")
    ace = f"aces {v['A']}"
    if rules.low_ace and v["ace_low"] != v["A"]:
        ace += f" ({v['ace_low']} when used low)"
    parts.append(ace)
    has_wilds = bool(rules.permanent_wilds) or rules.wild_indicator != "none"
    if has_wilds:
        wild = f"a wild card {v['wild']}"
        if v["wild_ace"] != v["wild"] and "values.wild_ace" not in rules.unused_options():
            wild += f" (a wild ace {v['wild_ace']})"
        # (with twos always wild, "2 to 9 score 5 each" read as a 2 scoring 5: a tester)
        always = [PERMANENT_WILD_NAMES[w].split(" (")[0] for w in PERMANENT_WILDS
                  if w in rules.permanent_wilds and w != "jokers"]
        if always:
            wild += f", {_join(always)} included"
        parts.append(wild)
    if rules.jokers_per_deck and "jokers" not in rules.permanent_wilds:
        parts.append(f"jokers {v['Jk']}")
    specials = [f"{k} {x}" for k, x in v.items() if k not in (
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk", "wild", "wild_ace",
        "ace_low")]
    if specials:
        parts.append("and these single cards: " + ", ".join(specials))
    return "Card values: " + _join(parts) + "."


def _scoring_text(rules: Rules) -> list[str]:
    rs = rules.round_scoring
    teams = rules.partnerships
    # (with partners, whoever goes out collects the other team's hands only: a tester found
    # "every card left in the other players' hands" here, against the overview)
    others = "the other team's hands" if teams else "the other players' hands"
    out = []
    if rs == "melds_and_out_bonus":
        out.append("At the end of a round everyone scores the cards they have on the table: their "
                   "own melds and the cards they laid off. The player who went out also scores every "
                   f"card left in {others}. If the stock ran out, the hands count for "
                   "nobody. Cards left in your hand are never taken off your own score: they only "
                   "give points to the player who went out"
                   + (" (to no one if it was your partner)." if teams else "."))
    elif rs == "melds_minus_hand":
        t = ("At the end of a round everyone scores the cards they have on the table, minus the "
             "cards still in their hand, so a round can score below zero.")
        if not rules.hands_count_on_empty_stock:
            t += " If the stock ran out and no one went out, hands do not count."
        out.append(t)
        if rules.going_out_bonus:
            out.append(f"Going out is worth {rules.going_out_bonus} extra points.")
    elif rs == "winner_collects":
        out.append("Only the winner of the round scores: the player who went out takes the value of "
                   f"every card left in {others}. "
                   + ("If the stock runs out, the team whose hands add up to less takes the difference."
                      if teams else
                      "If the stock runs out, the lowest hand wins and takes the difference from each "
                      "other hand; tied winners share."))
    elif rs == "penalty":
        out.append("Cards left in your hand count against you: each round adds their value to your "
                   "total, and the lowest total wins.")
    else:
        out.append("Everyone scores the cards they have on the table, and the player who went out "
                   f"adds the value of the cards left in {others if teams else 'the other hands'}. "
                   + ("If the stock runs out, each team adds the value of the other team's hands."
                      if rules.partnerships else
                      "If the stock runs out, the hands count for nobody, except with two players: "
                      "each adds the value of the other's hand."))
    return out


def _winning_text(rules: Rules) -> list[str]:
    side = "side" if rules.partnerships else "total"
    deals = rules.deals
    if deals:
        t = f"The game lasts {_count(deals, 'deal')}. Then the {'lowest' if rules.lowest_total_wins else 'highest'} "
        t += "team total wins" if side == "side" else "total wins"
        bonus = rules.final_bonus
        return [t + (f" and scores {bonus} extra points" if bonus else "")
                + ("; it wins by the difference between the totals." if side == "side" else ".")]
    if rules.wild_indicator == "rotating":
        t = "The game lasts 13 rounds, one for each wild rank, "
        return [t + ("and the lowest total wins." if rules.lowest_total_wins
                     else "and the highest total wins; ties share the win.")]
    who = "a team" if rules.partnerships else "someone"
    reach = f"The game ends after the round in which {who} reaches {rules.target:,} points."
    if rules.lowest_total_wins:
        return [reach + " Then the player with the lowest total wins."]
    if rules.partnerships:  # (the team's total counts: a tester)
        w = {
            "highest": " Then the higher team total wins; equal totals share the win.",
            "went_out": " If the team of the player who went out in that round has reached the target, "
                        "it wins; otherwise the higher total wins.",
            "must_go_out": " Only the team of a player who went out can win: the game goes on until a "
                           "player whose team is at or over the target goes out.",
        }[rules.winner_rule]
    else:
        w = {
            "highest": " Then the highest total wins; equal totals share the win.",
            "went_out": " If the player who went out in that round has reached the target, they win; "
                        "otherwise the highest total wins.",
            "must_go_out": " Only a player who went out can win: the game goes on until someone at or "
                           "over the target goes out.",
        }[rules.winner_rule]
    return [reach + w]


def describe_rules(rules: Rules, players: int | None = None) -> list[tuple[str, list[str]]]:
    """The rules of ``rules`` in plain words: a list of (heading, paragraphs); with
    ``players``, the table's size, the decks it is dealt from are said too."""
    lo, hi = rules.player_range()
    title = preset_title(rules.preset_name)
    sections: list[tuple[str, list[str]]] = []

    # --- overview
    aim = ("Make melds, sets of one rank or runs in one suit, and lay them down on the table; "
           "go out by getting rid of your cards.")
    if not rules.allow_runs:
        aim = "Make sets of cards of one rank and lay them down; go out by getting rid of your cards."
    elif not rules.allow_sets:
        aim = "Make runs of one suit and lay them down; go out by getting rid of your cards."
    count = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
    # the aim first, in plain words; the summary's card-table words after it ("Upcard deal, …"
    # opened the page: a newcomer stopped there)
    summary = preset_summary(rules)
    short = "In short, " if ":" in summary.split(",")[0] else "In short: "  # ("standard rummy: top of …")
    overview = [f"{title} is for {count}. {aim}", f"{short}{summary[0].lower()}{summary[1:]}" if summary else ""]
    overview = [line for line in overview if line]
    if rules.partnerships:
        overview.append("The players form two teams of two, partners sitting opposite each other; "
                        "each team's points are its two players' points together."
                        + (" Whoever goes out collects only the other team's hands: a partner's "
                           "cards count for nobody."
                           if rules.out_collects_hands else ""))
    overview.append("New to rummy? The card-table words are explained at the end, under \u201cWords used "
                    "here\u201d; at the table, Hint (H) shows a good move and says why.")
    sections.append((title, overview))

    # --- cards
    cards = []
    if rules.decks is None:
        if rules.preset_name == "george":
            cards.append("Two decks are shuffled together (more if the deal needs them).")
        elif rules.player_range()[1] <= 4:
            cards.append("One deck of 52 cards (two if the deal needs them).")
        else:
            cards.append("One deck of 52 cards for up to four players, two decks for more "
                         "(more if the deal needs them).")
    else:
        cards.append(f"{_count(rules.decks, 'deck')} of 52 cards {'is' if rules.decks == 1 else 'are'} "
                     "shuffled together.")
    if players is not None and rules.decks is None:  # what that comes to at this table
        d = rules.decks_for(players)
        jokers = ", jokers included" if rules.jokers_per_deck else ""  # ("52 cards … (56 cards)": a tester)
        cards[-1] += (f" With {players} players here: {'one deck' if d == 1 else _count(d, 'deck')}"
                      f" ({rules.pack_size(d)} cards{jokers}).")
    if rules.lowest_rank > 2:
        removed = _join([rank_text(r) + "s" for r in range(2, rules.lowest_rank)])
        cards.append(f"The {removed} are taken out of every deck." + (" Aces are high only." if rules.allow_runs else ""))
    if rules.jokers_per_deck:
        cards.append(f"Each deck has {_count(rules.jokers_per_deck, 'joker')}.")
        if rules.joker_groups:
            cards.append("Jokers are never wild: they meld only as sets of jokers.")
    perm = [PERMANENT_WILD_NAMES[w] for w in PERMANENT_WILDS if w in rules.permanent_wilds]
    if perm:
        cards.append(f"Always wild: {_join(perm)}.")
    wi = _wild_indicator_text(rules)
    if wi:
        cards.append(wi)
    no_wilds = not perm and rules.wild_indicator == "none"
    if no_wilds:
        cards.append("There are no wild cards.")
    else:
        cards.append("A wild card can stand for any card a meld needs.")
    sections.append(("Cards", cards))

    # --- deal
    deal = ["Seats go clockwise. The first dealer is chosen at random; afterwards "
            + ("the deal passes to the left." if rules.dealer_rotation == "left"
               else "the winner of the last round deals: who went out, or, if nobody did, who "
               "scored best in it.")]
    if rules.deal_style == "upcard":
        if rules.upcard_counts == "additional":
            deal.append("Starting left of the dealer, dealer last, everyone gets one card face up, "
                        "their upcard, and then as many more cards face down as the upcard counts for the deal.")
        else:
            deal.append("Starting left of the dealer, dealer last, everyone gets one card face up, "
                        "their upcard; their whole hand then has as many cards as the upcard counts for the deal.")
        deal.append(_upcard_count_text(rules))
        deal.append("Everyone saw the upcards, and the table keeps showing them while they stay in hand.")
    else:
        lo, hi = rules.player_range()
        if rules.hand_size is None and lo == 2 < hi:
            deal.append("Each player gets 13 cards when two play, 7 cards when more play.")
        elif rules.hand_size is None:  # (a game for a fixed number, or never for two)
            deal.append(f"Each player gets {rules.fixed_hand_size(lo)} cards.")
        else:
            deal.append(f"Each player gets {rules.hand_size} cards.")
    deal.append("The next card of the stock is turned face up to start the discard pile.")
    sections.append(("The deal", deal))

    # --- melds
    melds = []
    kinds = []
    if rules.allow_sets:
        kinds.append(f"a set is {rules.min_meld} or more cards of one rank "
                     f"({meld_example('set', rules.min_meld)})")
    if rules.allow_runs:
        kinds.append(f"a run is {rules.min_meld} or more cards in a row of one suit "
                     f"({meld_example('run', rules.min_meld)})")
    melds.append(_join(kinds).capitalize() + ".")
    if rules.allow_sets:  # (George's double pack: sets of up to eight)
        # ("wild cards included" after "There are no wild cards" puzzled a reader: a tester)
        melds.append("A set holds at most four cards for each deck in the pack"
                     + ("." if no_wilds else ", wild cards included."))
    if rules.allow_runs:
        ace = {
            "high_or_low": "An ace is high or low: A-2-3 and Q-K-A are runs, K-A-2 is not.",
            "low_only": "Aces are low: A-2-3 is a run, Q-K-A is not.",
            "high_only": "Aces are high: Q-K-A is a run, A-2-3 is not.",
        }[rules.ace_mode]
        melds.append(ace)
    has_wilds = bool(perm) or rules.wild_indicator != "none"
    if has_wilds:
        melds.append("A meld needs at least one natural card, but cards of the round's wild rank may "
                     "form a set of their own." if rules.wild_indicator != "none"
                     else "A meld needs at least one natural card.")
        limit = {
            "none": "",
            "fewer_than_naturals": "A meld must hold more natural cards than wild cards.",
            "one_per_meld": ("A meld may hold only one wild card (two in a meld of six or more, "
                             "one in each half)." if rules.allow_runs
                             else "A set may hold only one wild card (two in a set of six or more)."),
        }[rules.wild_limit]
        if limit:
            melds.append(limit)
        if rules.wild_indicator != "none":  # (its own place: its rank in a set, its spot in a run)
            place = _join((["in a set of its own rank"] if rules.allow_sets else [])
                          + (["in its own place in a run"] if rules.allow_runs else []), "or")
            melds.append(f"A card of the wild rank {place} counts as natural there, but still scores as a "
                         "wild card." if rules.wild_rank_natural_in_place
                         else f"A card of the wild rank is always a wild card, even {place}.")
        if rules.wild_set:
            melds.append("Three or more always-wild cards may form a set of their own, which only "
                         "more wild cards can join.")
        melds.append(REAL_CARD_TEXT[rules.wild_after_meld])
        if rules.wild_after_meld == "stays" and rules.allow_sets:  # (five kings from one deck read as
            # a bug: a newcomer)
            melds.append("A set may then show one card more than a deck holds of its rank: the wild is "
                         "still under the real card.")
    sections.append(("Melds", melds))

    # --- turn
    turn = []
    draw = ["Start your turn by drawing one card: the top card of the stock, or the top card of "
            "the discard pile"]
    if rules.discard_pile == "splayed":
        draw.append(", or any deeper card of the spread-out pile together with every card above it")
    turn.append("".join(draw) + ".")
    if rules.discard_pile == "splayed":
        # (read as binding every take from the pile: a newcomer took a computer player's
        # top-card take, thrown away later, for cheating)
        turn.append(f"The deepest card you take that way must {DEEP_TAKE_TEXT[rules.deep_take_use]}"
                    + ("." if rules.top_take_must_use else "; the top card taken alone need not be."))
    if rules.top_take_must_use:  # (the engine asks of it what it asks of the deepest card)
        turn.append(f"A card taken from the top of the pile must {DEEP_TAKE_TEXT[rules.deep_take_use]}.")
    if rules.top_take_no_return and not rules.top_take_must_use:  # (one that must be melded stays)
        turn.append("A card taken from the pile may not be discarded in the same turn."
                    if rules.discard_pile == "top_only" else
                    "If you take only the top card of the pile, you may not discard it in the same turn.")
    if rules.stock_draw_must_use:
        turn.append("A card drawn from the stock must be melded at once or discarded.")
    t = "Then lay down melds and lay cards off on any meld on the table, in any order"
    if rules.one_meld_per_turn:
        t += ", but only one new meld per turn"
    turn.append(t + (". A laid-off card scores for the player who laid it." if rules.melds_score else "."))
    if rules.layoff_needs_own_meld:
        turn.append("You may lay off only once you have a meld of your own on the table this round"
                    + (" (a partner's meld is not enough)." if rules.partnerships else "."))
    turn.append("End your turn by discarding one card face up on the pile. Until you discard you may "
                "take back the melds and lay-offs of this turn.")
    sections.append(("Your turn", turn))

    # --- calls
    calls = []
    rc = rules.rummy_calls
    if rc == "off":
        calls.append("There is no calling Rummy! in this game.")
    else:
        if rc == "discard":
            calls.append("When someone discards a card that could be laid off on a meld on the "
                         "table, any other player who has a meld of their own down may call "
                         "Rummy!, take that card and lay it off, then discard a card.")
        elif rc == "top_card":
            calls.append("When someone discards a card that could be laid off on a meld on the "
                         "table, any other player may call Rummy!, take that card and lay it "
                         "off, then discard a card.")
        else:
            calls.append("When the discard pile holds cards that could be melded or laid off, any "
                         "other player may call Rummy! and take the pile down to the deepest card "
                         "they use"
                         + (", together with cards from their own hand." if rules.pile_call_hand
                            else ", using only cards from the pile."))
        if rc in ("discard", "top_card") and (rules.wild_indicator != "none" or rules.permanent_wilds):
            calls.append("A card that would only go on a wild card's place in a meld is no call: "
                         "laying the real card there is done in your own turn.")
        calls.append("After a call, play goes on with "
                     + ("the player who would have been next." if rules.call_after == "resume"
                        else "the caller's left-hand neighbour.")
                     + " The call window closes when the next player draws.")
        calls.append("The caller's discard may be their last card: then they go out at once, "
                     "before the next player's turn, as anyone who discards their last card does.")
        if rules.floats and rc != "pile":
            calls.append("A floating player who calls plays the card and floats on, with nothing to discard.")
    sections.append(("Calling Rummy!", calls))

    # --- ending
    ending = []
    go = rules.going_out
    if go == "discard_unplayable":
        swap = (" (swapping it for a wild does not count: that would leave you a card)"
                if rules.wild_after_meld == "swap" else "")
        ending.append("You go out by discarding your last card, and that card must be one that "
                      f"cannot be laid off on the table{swap}. If you play every card, you float: on later "
                      "turns you draw from the stock (never the pile), play the card if it fits, or discard "
                      "it and go out.")
    elif go == "floating":
        ending.append("You go out by discarding your last card. If you play every card, you float: "
                      "on later turns you draw from the stock (never the pile), play the card if it "
                      "fits, or discard it and go out.")
    elif go == "meld_all_or_discard":
        ending.append("The round ends as soon as a player has no cards left, whether by melding, "
                      "laying off or discarding the last one.")
    else:
        ending.append("You go out by discarding your last card; you may not meld or lay off all "
                      "your cards, so keep one to discard.")
    if rules.empty_stock == "end_round":
        ending.append("If the stock runs out and the player to move cannot or will not take from "
                      "the pile, the round ends.")
    else:
        ending.append("If the stock runs out and the player to move cannot or will not take from "
                      "the pile, drawing from the stock turns the discard pile, except its top card, "
                      "over into a new stock. It happens again only if someone has put a card on the "
                      "table since; if not, the player to move takes from the pile or ends the round.")
    if rules.floaters_draw_when_out:
        ending.append("When someone goes out, each floating player draws one card from the stock.")
    if rules.first_turn_out_grace:
        ending.append("If someone goes out on their very first turn, the players who have not yet "
                      "had a turn get one; the one who went out keeps the credit.")
    sections.append(("Ending a round", ending))

    # --- scoring
    scoring = _scoring_text(rules)
    if rules.four_at_once_double:
        scoring.append("A meld of four or more cards laid down in one go counts double.")
    scoring.append(_values_text(rules))
    sections.append(("Scoring", scoring))
    sections.append(("Winning", _winning_text(rules)))
    sections.append(("Words used here", _words_text(rules)))
    return sections


def _words_text(rules: Rules) -> list[str]:
    """The card-table words of the rules above, for a player new to rummy."""
    least = "three" if rules.min_meld == 3 else "four"
    words = [f"Meld: a set ({least} or more cards of one rank) or a run ({least} or more cards of one "
             "suit in order) laid face up on the table; to meld is to lay one down."
             if rules.allow_sets and rules.allow_runs else
             "Meld: a group of cards laid face up on the table; to meld is to lay one down.",
             "Lay off: add cards from your hand to a meld already on the table, yours or another "
             "player's.",
             ("Go out: end the round by getting rid of your last card as the rules above say "
              "(floating: holding no cards after playing the last one, without going out)."
              if rules.floats else "Go out: get rid of your last card, which ends the round."),
             "Stock and discard pile: the face-down cards you draw from, and the face-up cards "
             "thrown away.",
             "Dealer: the player who deals the round (marked D); the deal passes to the left each round.",
             "Loose cards: the cards in your hand that are not part of a meld you could lay down; "
             "the hints weigh which of them to throw."]
    if rules.rummy_calls != "off":
        words.append("Rummy!: a call on a discard that fits a meld on the table; the first to call "
                     "lays it off there and scores it"
                     + ("; only a player with a meld of their own on the table may call."
                        if rules.caller_needs_meld else "."))
    if rules.deal_style == "upcard":
        words.append("Upcard: the card each player is dealt face up, for everyone to see; it sets how many "
                     "cards that player is dealt"
                     + ("; the dealer's also sets the round's wild rank." if rules.wild_indicator == "dealer_upcard"
                        else "."))
    if rules.wild_indicator != "none" or rules.permanent_wilds:
        words.append("Wild card: a card that can stand for any card a meld needs; a natural card "
                     "is one that is not wild.")
    if rules.round_scoring == "melds_minus_hand":
        words.append("Melds minus hand: you score the cards you melded and laid off, minus the "
                     "cards still in your hand when the round ends.")
    return words


def rules_as_text(rules: Rules) -> str:
    """The whole description as plain text (for a console or a file)."""
    parts = []
    for heading, paragraphs in describe_rules(rules):
        parts.append(heading)
        parts.append("=" * len(heading))
        parts.extend(paragraphs)
        parts.append("")
    return "\n".join(parts)


def goal_text(state: GameState, short: bool = False) -> str:
    """What ends the game, for the table and the round sheet: ``Playing to 5,000`` (short:
    ``to 5,000``), or in a game of fixed length (a number of deals, rotating wilds)
    ``Round 1 of 2`` (rounds, as the sidebar and the round sheet count them), as the
    engine's ``deals_left`` counts."""
    left = state.deals_left()
    if left is not None:
        text = f"Round {state.round_no} of {state.round_no + left}"
        return text.lower() if short else text
    rules = state.rules
    if short:
        return f"to {rules.target:,}"
    return f"Playing to {rules.target:,}" + (" (lowest total wins)" if rules.lowest_total_wins else "")


def about_game(state: GameState, seat: int) -> str:
    """A saved game in a few words, for the title's Continue and the question before it is
    replaced: "Rummy 5000, round 3, 370 points before this round" (once the round is
    scored: "after round 3, 370 points"). In a team game the points are the side's, which
    decide it: "after round 2, your side 338 points". A game of fixed length counts its
    rounds ("round 2 of 13"), and where the lowest total wins the points are penalties."""
    title = preset_title(state.rules.preset_name)
    side = next((side for side in state.sides() if seat in side), [seat])
    score = sum(state.scores[s] for s in side)
    kind = "penalty point" if state.rules.lowest_total_wins else "point"
    points = ("your side " if len(side) > 1 else "") + f"{points_text(score)} {kind}{'s' if abs(score) != 1 else ''}"
    left = state.deals_left()
    number = f"{state.round_no}" + (f" of {state.round_no + left}" if left is not None else "")
    if state.round_done:
        return f"{title}, after round {number}, {points}"
    return f"{title}, round {number}, {points} before this round"


def win_reason(state: GameState) -> str | None:
    """Why the game's winners won where their total is not the highest: the house rule
    "Who wins" (the sheet said "You win!" over a higher total, and nothing of why: a
    tester); None where the highest total won."""
    rules = state.rules
    if (not state.winners or rules.winner_rule == "highest" or rules.lowest_total_wins
            or state.deals_left() is not None):
        return None
    totals = state.side_scores()
    won = [i for i, side in enumerate(state.sides()) if any(s in state.winners for s in side)]
    if all(totals[i] == max(totals) for i in won):
        return None
    info = OPTION_BY_NAME["winner_rule"]
    return (f"By the house rule \u201c{info.label}: {info.value_label(rules.winner_rule)}\u201d, the win goes to "
            f"whoever went out in the last round at {rules.target:,} or over, not to the highest total.")


def round_over_words(state: GameState, number: int) -> tuple[str, str]:
    """The round sheet's title and what ends the game, in the words of the table's sidebar,
    which counts rounds ("Round 2"): "Round 2 of 2 is over" and "That was the last round"
    in a game of fixed length (a number of deals, rotating wilds); else "Round 3 is over"
    and :func:`goal_text` ("Playing to 5,000", after the game's last round "Playing to
    5,000: the game is over")."""
    left = state.deals_left()
    if left is None:
        # (the round just scored: a game loaded from a position file numbers its rounds on from
        # the file's, with fewer results kept than rounds played)
        latest = bool(state.results) and number == state.results[-1].round
        last = bool(state.winners) and latest
        goal = goal_text(state) + (": the game is over" if last else "")
        if latest and state.goes_on_past_target():
            # (reached, and the game goes on: it read "Playing to 5,000", nothing of why: a tester)
            goal += (": it goes on until a player whose team is at or over it goes out"
                     if state.rules.partnerships else ": it goes on until a player at or over it goes out")
        return f"Round {number} is over", goal
    total = state.round_no + left
    goal = "That was the last round" if left == 0 else f"{_count(left, 'more round')} to play"
    return f"Round {number} of {total} is over", goal


def _left_in_hands(points: int, players: int, teams: bool = False) -> str:
    """"the 305 points left in the other hands", "the 1 point left in the other hand" (two
    players), "the 30 points left in the other team's hands" (partnerships: a partner's
    cards count for nobody)."""
    where = ("other team's hands" if teams else
             f"other hand{'s' if players > 2 else ''}")
    if not points:  # ("you also collect the 0 points left in the other hands": a tester)
        return f"nothing, as no points were left in the {where}"
    return f"the {points:,} point{'s' if points != 1 else ''} left in the {where}"


def _verb(subject: list[str], verb: str) -> str:
    """``verb`` (a regular one: "collects") agreeing with ``subject``: "Ann collects",
    "You collect", "Ann and Bo collect"."""
    return verb if len(subject) == 1 and subject[0] != "You" else verb.removesuffix("s")


def explain_round(rules: Rules, result: RoundResult, names: list[str], early: bool = False,
                  doubled: bool = False, graced: bool = False, floaters_drew: Sequence[int] = ()) -> str:
    """One or two sentences on how the last round was scored, for the round-end sheet.

    ``result`` is the engine's ``RoundResult`` (``went_out``, ``in_hand``, ``bonus`` ...;
    ``final_to`` names the seat whose bonus holds the last deal's final bonus). ``early``:
    the player went out before everyone had a turn (which the house rule
    ``first_turn_out_grace`` prevents; the sentence names it). ``doubled``: a meld of the
    round counted double (``four_at_once_double``), which is then said. ``graced``: the
    others had the turns ``first_turn_out_grace`` gives after an early out.
    ``floaters_drew``: the floating seats that drew a card as the round ended
    (``floaters_draw_when_out``).
    """
    out = result.went_out
    who = names[out] if out is not None and 0 <= out < len(names) else None
    fin = getattr(result, "final_to", None)
    final = rules.final_bonus if fin is not None and 0 <= fin < len(names) else 0
    # what each seat's bonus holds apart from the final one
    bonus = [b - (final if s == fin else 0) for s, b in enumerate(result.bonus)]
    inner = "you" if who == "You" else who  # the same seat, inside a sentence
    if who is not None and early:
        first = (f"{who} went out before everyone had a turn (it is allowed; the house rule \u201c"
                 f"{OPTION_BY_NAME['first_turn_out_grace'].label}\u201d, off in this game, would "
                 f"give everyone one first).")
    elif who is not None:
        first = f"{who} went out."
        if graced:  # (the turns after the out read as a mystery on the sheet: a tester)
            first = (f"{who} went out before everyone had a turn, so the players who had not "
                     f"had one each played one, as the house rule \u201c"
                     f"{OPTION_BY_NAME['first_turn_out_grace'].label}\u201d says.")
    else:
        first = "The stock ran out and no one went out."
    rs = rules.round_scoring
    teams = rules.partnerships
    if rs == "melds_and_out_bonus":
        if who is not None and out is not None:
            rest = (f"Everyone scores their melds and lay-offs; {inner} also {_verb([who], 'collects')} "
                    f"{_left_in_hands(bonus[out], len(names), teams)}.")
        else:
            rest = "Everyone scores their melds and lay-offs; the cards left in hand count for nobody."
    elif rs == "melds_minus_hand":
        counted = who is not None or rules.hands_count_on_empty_stock
        rest = ("Everyone scores their melds and lay-offs minus the cards left in their hand."
                if counted else "Everyone scores their melds and lay-offs; hands do not count this time.")
        if who is not None and out is not None and bonus[out]:
            rest += f" {who} {_verb([who], 'gets')} {bonus[out]:,} for going out."
    elif rs == "winner_collects":
        # (by side: a team's hands are scored as one, and its first seat holds its bonus)
        sides = [[s for s in side if s < len(result.in_hand)] for side in rules.sides(len(names))]
        sides = [side for side in sides if side]
        hands = [sum(result.in_hand[s] for s in side) for side in sides]
        lowest = min(hands) if hands else 0
        winners = [i for i, v in enumerate(hands) if v == lowest]
        if who is not None and out is not None:
            rest = f"{who} {_verb([who], 'collects')} {_left_in_hands(bonus[out], len(names), teams)}."
        elif not hands or len(winners) == len(hands):
            rest = "The hands were level, so no one scores."
        elif teams and len(winners) == 1:
            low = [names[s] for s in sides[winners[0]]]
            high = max(hands)  # (the two sides' sums, which the sheet's rows do not show: a tester)
            rest = (f"{_join(low)} had the lower hands ({lowest:,} points against {high:,}) and "
                    f"{_verb(low, 'collects')} the difference from the other team's hands.")
        elif len(winners) == 1:
            low = [names[sides[winners[0]][0]]]
            rest = (f"{low[0]} had the lowest hand and {_verb(low, 'collects')} the difference "
                    "from each other hand.")
        else:
            low = [names[sides[i][0]] for i in winners]
            pot = sum(v - lowest for v in hands)
            share = bonus[sides[winners[0]][0]]
            rest = (f"{_join(low)} tied for the lowest hand and split the {pot:,} point{'s' if pot != 1 else ''} "
                    f"of difference from the other hands: {share:,} each" + (" (rounded down)." if share * len(winners) != pot
                                                               else "."))
    elif rs == "penalty":
        rest = "The cards left in each hand count against their holder; the lowest total wins."
    else:
        rest = "Everyone scores their melds and lay-offs"
        if who is not None and out is not None:
            rest += f"; {inner} {_verb([who], 'adds')} {_left_in_hands(bonus[out], len(names), teams)}."
        elif any(bonus):  # (two players or two teams: each side adds the other's hands)
            rest += ("; each team adds the points left in the other team's hands." if rules.partnerships
                     else "; each adds the points left in the other's hand.")
        else:
            rest += "; the cards left in hand count for nobody."
    if final and fin is not None:  # (there is a final bonus only when a seat holds it)
        def called(s: int) -> str:
            return "you" if names[s] == "You" else names[s]
        side = next(side for side in rules.sides(len(names)) if fin in side)
        to = _join([called(s) for s in sorted(side, key=lambda s: s != fin)])
        if len(side) > 1:  # (the engine books it on one partner's row; the side's total is the same)
            to += ", and it is counted on " + ("your row" if names[fin] == "You" else f"{names[fin]}\u2019s row")
        rest += f" The final bonus of {final:,}, for the side ahead after the last round, goes to {to}."
    elif (rules.deals and rules.final_bonus and fin is None
          and getattr(result, "round", 0) >= rules.deals):
        rest += f" The sides are level after the last round, so the final bonus of {rules.final_bonus:,} goes to no one."
    if floaters_drew:  # (a card showed up in a hand that had none: a tester)
        who_drew = [names[s] for s in floaters_drew if 0 <= s < len(names)]
        if who_drew:
            one = len(who_drew) == 1
            rest += (f" {_join(who_drew)}, floating, {'drew a card' if one else 'each drew a card'} as the "
                     f"round ended, as the house rule \u201c{OPTION_BY_NAME['floaters_draw_when_out'].label}"
                     f"\u201d says; it counts in {'that' if one else 'their'} hand.")
    if doubled:  # (the sheet's sums are otherwise hard to follow: a tester)
        rest += " Melds of four or more cards laid down in one go count double (marked \u00d72)."
    return f"{first} {rest}"
