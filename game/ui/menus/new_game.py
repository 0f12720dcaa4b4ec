"""The new-game screen: preset, seats, computer players and every house rule.

It never decides a rule: it builds a ``Rules`` with ``Rules.preset``, asks
``check_players`` and shows the engine's message when the combination cannot be played.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.errors import RulesError
from game.engine.rules import Rules

from .. import ui_kit as ui
from ..controller import FRIENDLY_NAMES, remembered_seats
from ..files import NAME_LEN
from ..rules_text import (
    GROUPS,
    OPTION_BY_NAME,
    OPTIONS,
    TARGET_CHOICES,
    OptionInfo,
    option_help,
    preset_summary,
    preset_title,
)
from ..settings import BOT_LEVELS, LEVEL_NOTES
from .base import MenuScene, has_autosave, saved_game_over
from .rules_screen import RulesScene

if TYPE_CHECKING:
    from ..app import App

HUMAN = "human"


def _option_words(option: str, value: str | None) -> str:
    """An option (and a value of it) as the setup screen names them: "Upcard number
    counts: Whole hand" for ``upcard_counts = total`` (for ``Rules.check_players``)."""
    info = OPTION_BY_NAME.get(option)
    if info is None:
        return option if value is None else f"{option} = {value}"
    if value is None:
        return f"\u201c{info.label}\u201d"
    label = next((lab for v, lab in (info.choices or ()) if str(v) == value), value)
    return f"\u201c{info.label}: {label}\u201d"


class NewGameScene(MenuScene):
    """Preset, seats, computer players and every house rule; Start builds the game."""

    heading = "New game"

    def __init__(self, app: App):
        settings = app.settings
        self.level_default = settings.default_level
        last = settings.last_game if isinstance(settings.last_game, dict) else {}
        self.preset = "rummy5000"
        self.overrides: dict[str, Any] = {}
        self.kept: dict[str, dict[str, Any]] = {}  # the changes to another game, for its return
        self.players = 4
        self._restore(last)  # (the names and levels of every seat, and the game)
        self.rules: Rules | None = None
        self.error: str | None = None
        self.summary = ""  # the preset's line under "Game", as the chosen rules end it (see validate)
        self.confirm_replace = False  # Start was pressed once with a game in progress
        super().__init__(app)
        self.validate()
        # Enter starts the game; the first arrow key shows the focus there (see on_key)
        self.focus.focus(self.find("start"))
        self.refocus()

    # ------------------------------------------------------------------ model
    def _restore(self, last: dict) -> None:
        try:
            rules = Rules.from_dict(last.get("rules") or {"preset": last.get("preset", "rummy5000")})
            base = Rules.preset(rules.preset_name)
            self.preset = rules.preset_name
            self.overrides = {
                n: getattr(rules, n) for n in Rules.option_names()
                if getattr(rules, n) != getattr(base, n)
            }
        except (RulesError, TypeError, ValueError, AttributeError):
            self.preset, self.overrides = "rummy5000", {}
        self.names, self.levels = remembered_seats(last, self.level_default)
        players = last.get("players")
        lo, hi = Rules.preset(self.preset).player_range()
        self.players = players if isinstance(players, int) and lo <= players <= hi else max(lo, min(hi, 4))

    def target_choices(self) -> list[tuple[Any, str]]:
        """The targets offered for the game chosen: from a tenth of its own up (100 made a
        game of Rummy 5000 one round long, its first meld of an ace: a tester), and the one
        set now, whatever it is."""
        floor = self.base_rules().target / 10
        now = self.option_value(_TARGET)
        return [(t, label) for t, label in TARGET_CHOICES if t >= floor or t == now] + (
            [(now, f"{now:,}")] if isinstance(now, int) and now not in dict(TARGET_CHOICES) else [])

    def base_rules(self) -> Rules:
        return Rules.preset(self.preset)

    def option_value(self, info: OptionInfo) -> Any:
        """The value shown for an option: the override, or the preset's."""
        base = self.base_rules()
        if info.name.startswith("wild."):
            pw = self.overrides.get("permanent_wilds", base.permanent_wilds)
            return info.name[5:] in pw
        if info.name.startswith("values."):
            vals = self.overrides.get("values", base.values)
            return vals.get(info.name[7:], base.values.get(info.name[7:]))
        return self.overrides.get(info.name, getattr(base, info.name))

    def _set_override(self, name: str, value: Any) -> None:
        base = getattr(self.base_rules(), name)
        if value == base:
            self.overrides.pop(name, None)
        else:
            self.overrides[name] = value

    def set_option(self, name: str, value: Any) -> None:
        """Change one option (``wild.x`` and ``values.k`` name parts of the composite options)."""
        base = self.base_rules()
        if name.startswith("wild."):
            pw = set(self.overrides.get("permanent_wilds", base.permanent_wilds))
            (pw.add if value else pw.discard)(name[5:])
            self._set_override("permanent_wilds", frozenset(pw))
        elif name.startswith("values."):
            vals = dict(self.overrides.get("values", base.values))
            vals[name[7:]] = value
            self._set_override("values", vals)
        else:
            self._set_override(name, value)
            if name == "lowest_rank" and value > 2 and self.option_value(OPTION_BY_NAME["aces"]) == "low_only":
                self._set_override("aces", "high_only")  # aces are high only without the low cards
            groups = bool(self.overrides.get("joker_groups", getattr(base, "joker_groups", False)))
            if name in ("jokers_per_deck", "joker_groups"):
                # jokers are played wild unless they form their own groups: keep the options in step
                jokers = self.overrides.get("jokers_per_deck", base.jokers_per_deck)
                pw = set(self.overrides.get("permanent_wilds", base.permanent_wilds))
                (pw.add if jokers and not groups else pw.discard)("jokers")
                self._set_override("permanent_wilds", frozenset(pw))
        self.validate()
        self.sync()

    def set_preset(self, name: str) -> None:
        """Another game: its own house rules, or the changes made to it earlier on this
        screen (a game's changes are kept when another is chosen, and come back with it)."""
        left, changed = self.preset, self.changed_count()
        if self.overrides:
            self.kept[left] = dict(self.overrides)
        self.preset = name
        self.overrides = dict(self.kept.pop(name, {}))
        lo, hi = Rules.preset(name).player_range()
        self._seat_more(max(lo, min(hi, self.players)))
        self.build()
        self.validate()
        if self.error:
            return
        back = self.changed_count()
        game = f"{preset_title(name)} for {self.players} players"
        if back:
            self.say(f"{game}: your house-rule change is back." if back == 1
                     else f"{game}: your {back} house-rule changes are back.")
        elif changed:
            self.say(f"{game}; your {preset_title(left)} changes are kept for later.")

    def set_players(self, n: int) -> None:
        self._seat_more(n)
        self.build()
        self.validate()

    def _seat_more(self, n: int) -> None:
        """A new number of seats. A seat that comes back into play keeps its name unless an
        earlier seat has taken it meanwhile (or it is "You"); then it gets a friendly name
        nobody at the table has, so that adding a player never blocks **Start game**."""
        old, self.players = self.players, n
        for i in range(old, n):
            taken = {name.casefold() for name in self.seat_names()[:i]} | {"you"}
            if self.seat_names()[i].casefold() in taken:
                self.pick_name(i)

    def players_limit(self, step: int) -> None:
        """The players' arrows were pressed past the game's limit: say what the game allows,
        in the engine's words ("Basic rummy is played by 2 to 4 players, not 5")."""
        try:
            self.base_rules().check_players(self.players + step)
            return
        except RulesError as exc:
            why = _sentence(str(exc))
        if self.error:  # the problem in hand stays on show
            self.say(f"{why} {_sentence(self.error)}", error=True)
        else:
            self.say(why)

    def reset_options(self) -> None:
        target = self.overrides.get("target")
        self.overrides = {} if target is None else {"target": target}
        self.validate()
        self.sync()

    def build_rules(self) -> Rules:
        """The ``Rules`` of the screen; raises RulesError with the engine's message."""
        rules = Rules.preset(self.preset, **self.overrides)
        rules.check_players(self.players, say=_option_words)
        return rules

    def validate(self) -> Rules | None:
        try:
            self.rules = self.build_rules()
            self.error = self.names_problem()
        except RulesError as exc:
            self.rules = None
            self.error = str(exc)
        if self.error:
            self.rules = None
        if self.error:
            self.say(_sentence(self.error), error=True)
        else:
            changed = self.changed_count()
            extra = f", {changed} house rule{'s' if changed != 1 else ''} changed" if changed else ""
            self.say(f"{preset_title(self.preset)} for {self.players} players{extra}.")
        self.summary = preset_summary(self.shown_rules())  # (the line under "Game")
        if getattr(self, "rows", None):
            self.sync()
        return self.rules

    def seat_names(self) -> list[str]:
        return [self.names[i].strip() or f"Player {i + 1}" for i in range(self.players)]

    def seat_levels(self) -> list[str]:
        return [HUMAN] + [self.levels[i] for i in range(1, self.players)]

    def pick_name(self, seat: int) -> None:
        used = {n for i, n in enumerate(self.names[: self.players]) if i != seat}
        try:
            start = FRIENDLY_NAMES.index(self.names[seat]) + 1
        except ValueError:
            start = 0
        for k in range(len(FRIENDLY_NAMES)):
            cand = FRIENDLY_NAMES[(start + k) % len(FRIENDLY_NAMES)]
            if cand not in used:
                self.names[seat] = cand
                break
        w = self.find(f"name{seat}")
        if isinstance(w, ui.TextInput):
            w.text = self.names[seat]

    def set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text.strip()[:NAME_LEN] or (FRIENDLY_NAMES[seat - 1] if seat else "You")
        self.validate()

    def names_problem(self) -> str | None:
        """Why the seats' names will not do, or None: every player needs a name of their
        own (the moves and the scores are told by name), and "You" is the person's."""
        seen: dict[str, int] = {}
        for i, name in enumerate(self.seat_names()):
            key = name.casefold()
            if i and key == "you":
                return (f"Seat {i + 1} is a computer player: \u201cYou\u201d is kept for your own "
                        f"seat, so give it another name.")
            if key in seen:
                return (f"Seats {seen[key] + 1} and {i + 1} are both called \u201c{name}\u201d: "
                        f"give each player a name of their own.")
            seen[key] = i
        return None

    def start(self) -> None:
        self._finish_editing()
        rules = self.validate()
        if rules is None:
            self.app.play_sound("error")
            return
        if has_autosave() and not self.confirm_replace and not saved_game_over():  # the first press only asks
            self.confirm_replace = True
            button = self.find("start")
            if isinstance(button, ui.Button):
                button.label = "Start anyway"
            self.say("You have a game in progress, and a new game ends it (once you have played "
                     "in it, it counts as not won). Press Start anyway "
                     "for the new game, or Back to keep the old one.", error=True)
            return
        self.remember(rules)
        self.app.start_game(rules, self.players, self.seat_names(), self.seat_levels())

    def remember(self, rules: Rules | None) -> None:
        """Keep the setup in the settings, so that the screen opens with it next time (after
        Start, and after Back too: a stray Esc lost every change). Rules the engine refuses
        are not kept; the last good ones stay."""
        settings = self.app.settings
        last = settings.last_game if isinstance(settings.last_game, dict) else {}
        kept = rules.to_dict() if rules is not None else last.get("rules")
        settings.last_game = {
            **({"rules": kept} if kept else {}), "players": self.players,
            # the levels of the seats played (a seat added next time starts at the setting's)
            "names": list(self.names), "levels": self.seat_levels(), "default_level": self.level_default,
        }
        settings.save_or_log("the new game's setup")

    def _finish_editing(self) -> None:
        """A name being typed is kept, as Enter keeps it."""
        for w in self.all_widgets():
            if isinstance(w, ui.TextInput) and w.editing:
                w.finish()

    def back(self) -> None:
        self._finish_editing()
        self.remember(self.validate())
        super().back()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_F1:  # as at the table: the rules of the game being set up
            self.show_rules()
            return True
        start = self.find("start")
        # (a keyboard player deep in the house rules pressed ↓ 27 times to reach Start, and
        # Enter there changed the rule in focus: a tester)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and getattr(event, "mod", 0) & pygame.KMOD_CTRL \
                and start is not None:
            if start.enabled:
                start.activate()
            else:
                self.say(_sentence(self.error or ""), error=True)
            return True
        if event.key == pygame.K_END and start is not None:
            self.focus.focus(start)
            self.show_focus = True
            return True
        return self.show_focus and self._seat_key(event.key)

    _SEAT_COLUMNS = ("name", "pick", "level")

    def _seat_key(self, key: int) -> bool:
        """The seats are a grid (name, ↻, level): ↑ and ↓ keep to the column (a level
        goes to the next seat's level, not to its name); Tab goes along a row, and ← →
        step a level, as they step every value on the screen. True if used."""
        current = self.focus.current
        found = re.fullmatch(r"(name|pick|level)(\d)", current.name if current is not None else "")
        if found is None or key not in (pygame.K_UP, pygame.K_DOWN):
            return False
        column, seat = self._SEAT_COLUMNS.index(found.group(1)), int(found.group(2))
        step = 1 if key == pygame.K_DOWN else -1
        if 0 <= seat + step < self.players:
            # seat 1 (yours) has only its name
            target = self.find(f"{self._SEAT_COLUMNS[column]}{seat + step}") or self.find(f"name{seat + step}")
            self.focus.focus(target)
            return True
        # past the seats: on from the row's end, as Tab goes
        edge = self.find(f"name{seat}") if step < 0 else (self.find(f"level{seat}") or self.find(f"name{seat}"))
        self.focus.focus(edge)
        self.focus.move(step)
        return True

    def show_rules(self) -> None:
        rules = self.validate()
        if rules is None:  # the rules may be fine, and only the players or the pack not
            try:
                rules = Rules.preset(self.preset, **self.overrides)
            except RulesError:
                self.app.play_sound("error")
                return
        self.app.stack.push(RulesScene(self.app, rules, browse=False, players=self.players,
                                       problem=_in_words(self.error) if self.error else None))

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        t = self.theme
        w, h = t.size
        keep = self.focus.current
        m, top, foot = self.page_margins()
        left_w = max(t.px(400), round((w - 3 * m) * 0.43))
        self.left = pygame.Rect(m, top, left_w, h - top - foot - t.px(8))
        self.right = pygame.Rect(self.left.right + m, top, w - left_w - 3 * m, self.left.height)
        self.widgets = []

        # --- left column: preset, players, target, seats
        x, y, cw = self.left.x + t.px(14), self.left.y + t.px(12), self.left.width - t.px(28)
        row_h = t.px(40)
        label_w = t.px(110)

        def control_rect(yy: int) -> pygame.Rect:
            return pygame.Rect(x + label_w, yy + (row_h - t.px(34)) // 2, cw - label_w, t.px(34))

        self.labels: list[tuple[str, tuple[int, int]]] = []
        presets = [(p, preset_title(p)) for p in Rules.preset_names()]
        self.widgets.append(ui.Cycler(presets, self.preset, self.set_preset, control_rect(y),
                                      name="preset", size=17))
        self.labels.append(("Game", (x, y + row_h // 2)))
        y += row_h
        self.summary_pos = (x, y + t.px(2), cw)
        y += t.px(44)
        lo, hi = self.base_rules().player_range()
        self.widgets.append(ui.Cycler([(n, f"{n} players") for n in range(lo, hi + 1)], self.players,
                                      self.set_players, control_rect(y), name="players", wrap=False,
                                      on_limit=self.players_limit))
        self.labels.append(("Players", (x, y + row_h // 2)))
        y += row_h + t.px(4)
        target = ui.Cycler(self.target_choices(), self.option_value(_TARGET), lambda v: self.set_option("target", v),
                           control_rect(y), name="target", wrap=False)
        self.widgets.append(target)
        self.labels.append(("Play to", (x, y + row_h // 2)))
        y += row_h + t.px(10)
        self.seats_top = y
        y += t.px(26)
        seat_h = min(t.px(40), max(t.px(28), (self.left.bottom - y - t.px(8)) // max(1, self.players)))
        levels = list(BOT_LEVELS)
        name_w = round((cw - t.px(30)) * 0.50)
        for seat in range(self.players):
            ry = y + seat * seat_h
            ih = min(t.px(32), seat_h - t.px(4))
            name_rect = pygame.Rect(x + t.px(30), ry + (seat_h - ih) // 2, name_w, ih)
            inp = ui.TextInput(self.names[seat], (lambda s: lambda text: self.set_name(s, text))(seat),
                               name_rect, max_len=NAME_LEN, placeholder="You" if seat == 0 else "Name",
                               name=f"name{seat}",
                               on_limit=lambda: self.say(f"A name has {NAME_LEN} letters at most."))
            self.widgets.append(inp)
            if seat == 0:
                continue
            pick = ui.Button("↻", (lambda s: lambda: self.pick_name(s))(seat),
                             pygame.Rect(name_rect.right + t.px(6), name_rect.y, ih, ih),
                             name=f"pick{seat}", size=16)
            self.widgets.append(pick)
            lx = pick.rect.right + t.px(8)
            self.widgets.append(ui.Cycler(levels, self.levels[seat],
                                          (lambda s: lambda v: self._set_level(s, v))(seat),
                                          pygame.Rect(lx, name_rect.y, x + cw - lx, ih),
                                          name=f"level{seat}", wrap=True, size=15))
        self.seat_h = seat_h
        self.seat_y = y
        self.level_notes = self._place_level_notes(x, y + self.players * seat_h + t.px(14), cw)

        # --- right column: house rules
        head_h = t.px(44)
        was = self.scroll.place() if self.scroll is not None else (0, 0.0)  # (kept when the rows are built anew)
        self.scroll = ui.ScrollView(pygame.Rect(self.right.x + t.px(6), self.right.y + head_h,
                                                self.right.width - t.px(12), self.right.height - head_h - t.px(6)))
        self.scroll.line = t.px(40)
        sw = self.scroll.rect.width - t.px(14)
        cy = 0
        opt_h = t.px(50)
        control_w = max(t.px(170), round(sw * 0.38))
        self.rows: dict[str, ui.Row] = {}
        shown = self.shown_rules()
        unused = self.unused(shown)
        self.opt_h = opt_h
        for group in GROUPS:
            self.scroll.add(ui.Heading(group), pygame.Rect(0, cy, sw, t.px(34)))
            cy += t.px(36)
            for info in OPTIONS:
                if info.group != group:
                    continue
                control = self._control_for(info)
                row = ui.Row(info.label, control, option_help(info, shown, self.players), name=info.name,
                             control_width=control_w)
                row.note = _unused_note(unused.get(info.name))  # (its room too: see sync)
                rh = row.measure(sw, t, opt_h)
                row.place(pygame.Rect(0, cy, sw, rh), t)
                self.scroll.add(row, pygame.Rect(0, cy, sw, rh))
                self.rows[info.name] = row
                cy += rh
            cy += t.px(6)
        self.scroll.go_to(was)
        self.widgets.append(ui.Button("Reset house rules", self.reset_options,
                                      pygame.Rect(self.right.right - t.px(190), self.right.y + t.px(8),
                                                  t.px(178), t.px(30)), name="reset", size=14))

        # --- footer
        bh, bw = t.px(46), t.px(170)
        fy = h - foot + (foot - bh) // 2 - t.px(4)
        start = ui.Button("Start anyway" if self.confirm_replace else "Start game", self.start,
                          pygame.Rect(w - m - bw, fy, bw, bh), primary=True, name="start", size=19)
        rules_b = ui.Button("Read the rules", self.show_rules,
                            pygame.Rect(start.rect.x - t.px(12) - bw, fy, bw, bh), name="read_rules", size=16)
        back = ui.Button("Back", self.back, pygame.Rect(m, fy, t.px(120), bh), name="back")
        self.widgets += [back, rules_b, start]  # (Tab goes along them as they sit: left to right)
        self.message_rect = pygame.Rect(back.rect.right + t.px(16), fy - t.px(4),
                                        rules_b.rect.x - back.rect.right - t.px(32), bh + t.px(8))
        self.sync()
        self.refocus(keep)

    def _handle(self, event: pygame.event.Event) -> None:
        start = self.find("start")
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and start is not None and not start.enabled and start.hit(event.pos) and self.error):
            self.app.play_sound("error")  # a press on the greyed Start: the reason again
            self.say(_sentence(self.error), error=True)
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and self.scroll is not None and self.scroll.rect.collidepoint(event.pos)):
            row = next((r for r in self.rows.values() if r.rect.collidepoint(event.pos)), None)
            why = None if row is None or row.control.enabled else self.unused_why.get(row.name)
            if why and row is not None and not self.error:  # (an error stays on show: it says what to change)
                self.say(f"\u201c{row.label}\u201d is not used here: {why}.")
        super()._handle(event)

    def focus_order(self) -> list[ui.Widget]:
        # as the screen reads: the setup on the left, the house rules (their Reset button
        # first: it sits above them), then the footer from left to right
        left = [w for w in self.widgets if w.name not in ("reset", "read_rules", "start", "back")]
        rows = self.scroll.widgets() if self.scroll else []
        reset = self.find("reset")
        foot = [self.find(n) for n in ("back", "read_rules", "start")]
        return left + ([reset] if reset is not None else []) + rows + [w for w in foot if w is not None]

    def _control_for(self, info: OptionInfo) -> ui.Widget:
        value = self.option_value(info)
        if info.is_bool:
            return ui.Toggle(value, functools.partial(self.set_option, info.name), name=info.name)
        choices = [(v, info.value_label(v)) for v in info.values_for(value)]
        return ui.Cycler(choices, value, functools.partial(self.set_option, info.name), name=info.name,
                         size=15)

    def _set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level

    def shown_rules(self) -> Rules:
        """The rules as the screen shows them, even a combination the engine refuses (to
        ask it which options are unused)."""
        try:
            return Rules.preset(self.preset, **self.overrides)
        except RulesError:
            return dataclasses.replace(self.base_rules(), **self.overrides)

    def unused(self, shown: Rules | None = None) -> dict[str, str]:
        """Option (row) name -> why it changes nothing now, in the engine's words."""
        unused = (shown or self.shown_rules()).unused_options()
        return {(("wild." + k.split(".", 1)[1]) if k.startswith("permanent_wilds.") else k): why
                for k, why in unused.items()}

    def changed_count(self) -> int:
        """How many house rules differ from the preset, counted as the rows show them (the
        twos, tens and one-eyed jacks are a row each, though one option), the target apart."""
        if not self.overrides.keys() - {"target"}:
            return 0
        base = self.base_rules()
        return sum(1 for name, info in OPTION_BY_NAME.items()
                   if name != "target" and self.option_value(info) != OptionInfo.get(info, base))

    def sync(self) -> None:
        """Show the model's values in every control, and grey out the options the engine
        says change nothing with the other choices (with its reason under the label)."""
        base = self.base_rules()
        shown = self.shown_rules()
        unused = self.unused(shown)
        self.unused_why: dict[str, str | None] = {}
        relayout = False
        for name, row in getattr(self, "rows", {}).items():
            info = OPTION_BY_NAME[name]
            help_ = option_help(info, shown, self.players)
            row.help = help_  # (the size of a deck follows the lowest rank and the jokers)
            value = self.option_value(info)
            c = row.control
            if isinstance(c, ui.Cycler):
                if not any(v == value for v, _ in c.choices):
                    c.choices.append((value, info.value_label(value)))
                c.value = value
            elif isinstance(c, ui.Toggle):
                c.value = bool(value)
            base_value = OptionInfo.get(info, base)
            row.changed = value != base_value
            row.blamed = bool(self.error and _blames(self.error, name))
            why = self.unused_why[name] = unused.get(name)
            # while the setup is refused, what was changed stays changeable, to undo it
            c.enabled = why is None or row.blamed or (bool(self.error) and row.changed)
            if isinstance(c, ui.Cycler) and name == "winner_rule":
                # (greyed where the lowest total wins, it read "Highest score" beside that note)
                c.resting_label = "Lowest total" if why is not None and shown.lowest_total_wins else None
            row.note = _unused_note(why)
            # a help or a note that now takes another number of lines
            relayout = relayout or row.measure(row.rect.width, self.theme, self.opt_h) != row.rect.height
        target = self.find("target")
        if isinstance(target, ui.Cycler):
            target.choices = self.target_choices()
            target.value = self.option_value(_TARGET)
            target.enabled = "target" not in unused
            # a game of so many deals has no target: the control says how long it lasts
            deals = getattr(shown, "deals", None)
            target.resting_label = f"{deals} deal{'s' if deals != 1 else ''}" if deals else (
                "to the kings' round" if getattr(shown, "wild_indicator", "") == "rotating" else None)
        deals_c = getattr(self.find("deals"), "control", None)
        if isinstance(deals_c, ui.Cycler):  # (with rotating wilds, no fixed number of deals ends
            # the game at the kings' round, not at a target: "Play to the target" read oddly)
            zero = "To the kings' round" if getattr(shown, "wild_indicator", "") == "rotating" else \
                OPTION_BY_NAME["deals"].value_label(0)
            deals_c.choices = [(v, zero if v == 0 else label) for v, label in deals_c.choices]
        preset = self.find("preset")
        if isinstance(preset, ui.Cycler):
            preset.value = self.preset
        start = self.find("start")
        if start is not None:  # greyed while the engine refuses the setup; the message says why
            start.enabled = self.rules is not None
        if relayout:
            self.build()

    def _place_level_notes(self, x: int, top: int, width: int) -> list[tuple[str, bool, int]]:
        """Where a line on each computer level goes, under the seats: ``(text, bold, y)``.

        All of them, or (with many seats in a small window) none: the pack's line below
        keeps its room."""
        t = self.theme
        font, head = t.font(13), t.font(14, True)
        bottom = self.left.bottom - t.px(12) - t.font(14).get_linesize() - t.px(6)
        for heading in (True, False):  # without the heading if that is what fits
            lines: list[tuple[str, bool, int]] = [("Computer players", True, top)] if heading else []
            y = top + (head.get_linesize() + t.px(2) if heading else 0)
            for level, label in BOT_LEVELS:
                for part in ui.wrap_text(f"{label}: {LEVEL_NOTES[level]}", font, width):
                    lines.append((part, False, y))
                    y += font.get_linesize()
            if y <= bottom:
                return lines
        return []

    # ------------------------------------------------------------------ drawing
    def summary_lines(self, width: int) -> tuple[pygame.font.Font, list[str]]:
        """The game's summary under "Game" as drawn: in smaller letters (down to 11) where it
        takes more lines than its room (two at 14), the last line ending in "…" where even
        that is not enough (a long one was cut after two lines, mid-phrase: a tester)."""
        t = self.theme
        room = t.px(44)
        for size in (14, 13, 12, 11):
            sf = t.font(size)
            lines = ui.wrap_text(self.summary, sf, width)
            most = max(1, room // sf.get_linesize())
            if len(lines) <= most:
                return sf, lines
        return sf, lines[:most - 1] + [ui.fit_text(" ".join(lines[most - 1:]), sf, width)]

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface)
        ui.panel(surface, self.left, t)
        ui.panel(surface, self.right, t)
        lf = t.font(16, True)
        for text, pos in self.labels:
            ui.draw_text(surface, text, lf, ui.INK, pos, "midleft")
        x, y, cw = self.summary_pos
        sf, lines = self.summary_lines(cw)
        for i, line in enumerate(lines):
            ui.draw_text(surface, line, sf, ui.MUTED, (x, y + i * sf.get_linesize()))
        # seats
        hf = t.font(17, True)
        ui.draw_text(surface, "Seats", hf, ui.GOLD, (x, self.seats_top), "topleft")
        small = t.font(13)
        ui.draw_text(surface, "name  ·  ↻ another name  ·  level", small, ui.FAINT,  # ("picks one": a tester)
                     (x + cw, self.seats_top + t.px(3)), "topright")
        nf = t.font(15, True)
        for seat in range(self.players):
            cy = self.seat_y + seat * self.seat_h + self.seat_h // 2
            ui.draw_text(surface, str(seat + 1), nf, ui.MUTED, (x + t.px(10), cy), "center")
            if seat == 0:
                name = self.find("name0")
                partners = bool(self.overrides.get("partnerships",
                                                   getattr(self.base_rules(), "partnerships", False)))
                notes = ["you play this seat"]
                if partners and self.players == 4:  # (a long name shortened before it is cut)
                    field = self.find("name2")  # (as it is being typed)
                    partner = (getattr(field, "text", "") or "").strip() or self.seat_names()[2]
                    notes = [f"you; your partner is {ui.short_name(partner, style)}" for style in (0, 1)]
                    notes += [f"partner: {ui.short_name(partner, style)}" for style in (1, 2)]
                if name is not None:
                    nf14, room = t.font(14), x + cw - name.rect.right - t.px(12)
                    note = next((n for n in notes if nf14.size(n)[0] <= room), notes[-1])
                    ui.draw_text(surface, ui.fit_text(note, nf14, room),
                                 nf14, ui.MUTED, (name.rect.right + t.px(12), cy), "midleft")
        for text, bold, ly in self.level_notes:
            ui.draw_text(surface, text, t.font(14, True) if bold else t.font(13), ui.INK if bold else ui.MUTED,
                         (x, ly), "topleft")
        # house rules header
        hr = ui.draw_text(surface, "House rules", t.font(20, True), ui.GOLD,
                          (self.right.x + t.px(16), self.right.y + t.px(22)), "midleft")
        changed = self.changed_count()
        if changed:
            ui.draw_text(surface, f"{changed} changed from the preset", t.font(14), ui.GOLD,
                         (hr.right + t.px(14), hr.centery + t.px(1)), "midleft")

        if self.rules is not None:
            decks = self.rules.decks_for(self.players)
            cards = self.rules.pack_size(decks)
            note = f"The pack: {decks} deck{'s' if decks != 1 else ''}, {cards} cards."
            ui.draw_text(surface, note, t.font(14), ui.MUTED, (x, self.left.bottom - t.px(12)), "bottomleft")

    def draw_front(self, surface: pygame.Surface) -> None:
        self.draw_message(surface, self.message_rect)


def _unused_note(why: str | None) -> str | None:
    """What a greyed option says instead of its help: why it changes nothing."""
    return None if why is None else f"Not used: {why}."


_TARGET = OptionInfo("target", "Scoring", "Play to", "", TARGET_CHOICES)


def _in_words(text: str) -> str:
    """The engine's message with each option it names by attribute ("allow_sets") named as
    the screen's row is ("“Sets”")."""
    def label(m: re.Match) -> str:
        info = OPTION_BY_NAME.get(m.group(0))
        return f"\u201c{info.label}\u201d" if info is not None else m.group(0)

    return re.sub(r"(?<![a-z_.])[a-z]+(?:_[a-z]+)+(?![a-z_])", label, text)


def _sentence(text: str) -> str:
    text = _in_words(text.strip())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _blames(error: str, name: str) -> bool:
    """Whether the engine's message names this option (its row is then marked): by its
    attribute, or as the screen names it (:func:`_option_words`)."""
    info = OPTION_BY_NAME.get(name)
    if info is not None and f"\u201c{info.label}" in error:
        return True
    attr = "permanent_wilds" if name.startswith("wild.") else name.split(".")[0]
    if attr == "permanent_wilds" and name.startswith("wild.") and name[5:] not in error:
        return False
    return re.search(rf"(?<![a-z_]){re.escape(attr)}(?![a-z_])", error) is not None and "_" in attr
