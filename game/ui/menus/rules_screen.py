"""The rules screen: how the chosen game is played, as the engine's rules say."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.errors import RulesError
from game.engine.rules import Rules

from .. import ui_kit as ui
from ..rules_text import (
    describe_rules,
    preset_title,
    table_controls,
)
from .base import MenuScene

if TYPE_CHECKING:
    from ..app import App


class RulesScene(MenuScene):
    """The rules of a preset (or of the new-game screen's choices) in plain words."""

    heading = "Rules"

    def __init__(self, app: App, rules: Rules | None = None, browse: bool | None = None,
                 controls: bool = False, players: int | None = None, problem: str | None = None):
        self.controls = controls  # how to play at the table comes last
        self.problem = problem  # why the new-game screen cannot start these rules, said first
        self.players = players  # the table's size, where there is one (its decks are said)
        if rules is None:  # from the title: browse the presets, starting with the last one played
            last = app.settings.last_game
            try:
                rules = Rules.preset(last["rules"]["preset"])
            except (RulesError, TypeError, KeyError, AttributeError):
                rules = Rules.preset()
            browse = True
            self.controls = True  # a first game is learnt here, controls included
        self.rules = rules
        self.browse = (rules.to_dict() == {"preset": rules.preset_name}) if browse is None else browse
        super().__init__(app)

    def set_preset(self, name: str) -> None:
        self.rules = Rules.preset(name)
        self.players = None
        if self.scroll is not None:  # another game's rules start at their top
            self.scroll.scroll_to(0)
        self.build()

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        keep = self.focus.current
        m, top, foot = self.page_margins()
        text_w = min(w - 2 * m, t.px(980))
        self.body = pygame.Rect((w - text_w) // 2, top, text_w, h - top - foot)
        self.widgets = []
        if self.browse:
            presets = [(p, preset_title(p)) for p in Rules.preset_names()]
            self.widgets.append(ui.Cycler(presets, self.rules.preset_name, self.set_preset,
                                          pygame.Rect(w - m - t.px(300), t.px(26), t.px(300), t.px(38)),
                                          name="preset", size=17))
        bh = t.px(46)
        self.widgets.append(ui.Button("Back", self.back,
                                      pygame.Rect(w // 2 - t.px(80), h - foot + (foot - bh) // 2, t.px(160), bh),
                                      name="back", primary=True))
        view = ui.ScrollView(self.body.inflate(-t.px(24), -t.px(20)))
        view.line = t.px(48)
        width = view.rect.width - t.px(18)
        y = 0
        sections = describe_rules(self.rules, self.players)
        if self.problem and sections:  # (a setup the engine refuses: said before its rules)
            heading, paragraphs = sections[0]
            sections[0] = (heading, [f"This setup cannot be played as it is: {self.problem}", *paragraphs])
        if self.controls:
            sections = [*sections, ("At the table", table_controls(self.rules))]
        for i, (heading, paragraphs) in enumerate(sections):
            block: ui.Widget
            if i == 0:
                block = ui.TextBlock(heading, size=24, bold=True, color=ui.GOLD)
            else:
                block = ui.Heading(heading)
            hh = block.measure(width, t) if isinstance(block, ui.TextBlock) else t.px(38)
            view.add(block, pygame.Rect(0, y, width, hh))
            y += hh + t.px(2)
            for p in paragraphs:
                tb = ui.TextBlock(p, size=16, bullet=i > 0)
                ph = tb.measure(width, t)
                view.add(tb, pygame.Rect(0, y, width, ph))
                y += ph
            y += t.px(8)
        view.go_to(self.scroll.place() if self.scroll else (0, 0.0))  # (the same part, at a new size)
        self.scroll = view
        self.scroll.layout()
        self.refocus(keep)

    def on_key(self, event: pygame.event.Event) -> bool:
        s = self.scroll
        if s is None:  # (build makes it)
            return False
        k = event.key
        if k in (pygame.K_DOWN, pygame.K_UP):
            s.scroll(s.line * (1 if k == pygame.K_DOWN else -1))
            return True
        if k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            s.scroll(s.rect.height * 0.9 * (1 if k == pygame.K_PAGEDOWN else -1))
            return True
        if k in (pygame.K_HOME, pygame.K_END):
            s.scroll_to(0 if k == pygame.K_HOME else s.max_offset)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.browse:
            preset = self.find("preset")
            if preset is not None:
                preset.adjust(-1 if k == pygame.K_LEFT else 1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back()
            return True
        return False

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface, "Rules" if self.browse else "Rules of this game")
        ui.panel(surface, self.body, t)
