"""The statistics screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.rules import Rules

from .. import ui_kit as ui
from ..files import why_failed
from ..rules_text import points_text, preset_title
from ..settings import BOT_LEVELS
from ..stats import PresetStats, Stats
from .base import MenuScene

if TYPE_CHECKING:
    from ..app import App


class StatsScene(MenuScene):
    """Games, wins, best score and rounds per preset."""

    heading = "Statistics"

    def __init__(self, app: App):
        self.stats = Stats.load()
        self.in_progress = self._in_progress()
        self.confirm_reset = False
        super().__init__(app)
        if self.stats.problem:
            self.say(self.stats.problem, error=True)
            self.build()  # (with room for it)

    def reset(self) -> None:
        if not self.confirm_reset:
            self.confirm_reset = True
            button = self.find("reset")
            if isinstance(button, ui.Button):
                button.label = "Really reset?"
            return
        self.stats.reset()
        try:
            self.stats.save()
            self.say("Statistics cleared.")
        except OSError as exc:
            self.say(f"The statistics could not be saved: {why_failed(exc)}", error=True)
        self.confirm_reset = False
        self.build()

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        keep = self.focus.current
        m, top, foot = self.page_margins()
        pw = min(w - 2 * m, t.px(900))
        # room for the line by level or a message, always (so clearing the statistics, or a
        # message, does not move the buttons), and for a second line when there are both
        notes = t.px(60) + (t.px(30) if self.message and self.against_text() else 0) + \
            (t.px(28) if self.in_progress else 0)
        need = t.px(150) + len(self.rows()) * t.px(44) + notes
        self.body = pygame.Rect((w - pw) // 2, top, pw, min(h - top - foot, need))
        bh = t.px(46)
        fy = min(h - foot + (foot - bh) // 2, self.body.bottom + t.px(22))
        self.widgets = [
            ui.Button("Back", self.back, pygame.Rect(w // 2 + t.px(8), fy, t.px(170), bh), primary=True,
                      name="back"),
            ui.Button("Really reset?" if self.confirm_reset else "Reset statistics", self.reset,
                      pygame.Rect(w // 2 - t.px(8) - t.px(190), fy, t.px(190), bh), name="reset", size=16),
        ]
        self.refocus(keep)

    def rows(self) -> list[tuple[str, PresetStats]]:
        names = list(Rules.preset_names()) + sorted(set(self.stats.presets) - set(Rules.preset_names()))
        return [(n, self.stats.get(n)) for n in names]

    @staticmethod
    def _in_progress() -> str:
        """A line on the saved game still being played, which the table does not count yet
        (its rounds go in when it ends), or "" when there is none."""
        from ..controller import game_in_progress

        left = game_in_progress(played=False)
        if left is None:
            return ""
        g = left[0]
        n = len(g.results)
        rounds = f", {n} round{'s' if n != 1 else ''} played so far" if n else ""
        return f"Not counted yet: your {preset_title(g.rules.preset_name)} game in progress{rounds}."

    def against_text(self) -> str:
        """The games won against each computer level (the strongest opponent at the table)."""
        parts = [f"{label} {rec.wins} of {rec.games}" for level, label in BOT_LEVELS
                 if (rec := self.stats.get_against(level)).games]
        return "Your wins, by your strongest computer opponent: " + "  ·  ".join(parts) if parts else ""

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface)
        ui.panel(surface, self.body, t)
        inner = self.body.inflate(-t.px(48), -t.px(40))
        cols = (("Game", 0.0, "midleft"), ("Games", 0.42, "midright"), ("Won", 0.55, "midright"),
                ("Win rate", 0.70, "midright"), ("Best score", 0.86, "midright"),
                ("Rounds", 1.0, "midright"))
        hf = t.font(16, True)
        y = inner.y + t.px(14)
        for text, fx, anchor in cols:
            ui.draw_text(surface, text, hf, ui.GOLD, (inner.x + round(inner.width * fx), y), anchor)
        y += t.px(22)
        pygame.draw.line(surface, (150, 130, 70), (inner.x, y), (inner.right, y), 1)
        y += t.px(8)
        bf, rf = t.font(17, True), t.font(17)
        row_h = t.px(44)
        for i, (name, st) in enumerate(self.rows()):
            cy = y + row_h // 2
            if i % 2 == 0:
                ui.rounded_rect(surface, (255, 255, 255, 12), pygame.Rect(inner.x - t.px(8), y, inner.width + t.px(16),
                                                                          row_h), t.px(6))
            ui.draw_text(surface, preset_title(name), bf, ui.INK, (inner.x, cy), "midleft")
            values = (
                str(st.games), str(st.wins), f"{st.win_rate:.0%}" if st.games else "–",
                _best_text(st), str(st.total_rounds),
            )
            ink = ui.INK if st.games else ui.FAINT
            for k, ((_, fx, anchor), val) in enumerate(zip(cols[1:], values)):
                at = (inner.x + round(inner.width * fx), cy)
                room = round(inner.width * (fx - cols[k][1])) - t.px(14)  # (to the column before)
                if cols[k + 1][0] == "Best score" and " · " in val and rf.size(val)[0] > room:
                    # both bests do not fit side by side: the lowest goes under the highest,
                    # smaller (they ran into the win rate)
                    high, low = val.split(" · ")
                    sf = t.font(13)
                    ui.draw_text(surface, high, rf, ink, (at[0], cy - t.px(2)), "bottomright")
                    ui.draw_text(surface, low, sf, ui.MUTED, (at[0], cy - t.px(2)), "topright")
                    continue
                ui.draw_text(surface, val, rf, ink, at, anchor)
            y += row_h
        total = self.stats.total_games
        left = sum(st.abandoned for _, st in self.rows())
        note = (f"{total} game{'s' if total != 1 else ''} played in all." if total
                else "No games yet: a game counts when it ends, or as not won if another ends it unfinished.")
        if left:
            # (a game's row with a best score of "–", and nothing to say why: a tester)
            note = note[:-1] + f", {left} of them left unfinished (counted as not won, with no best score)."
        font = t.font(15)
        ui.draw_text(surface, ui.fit_text(note, font, inner.width), font, ui.MUTED, (inner.x, y + t.px(16)))
        below = y + t.px(16) + font.get_linesize()
        for line in (self.in_progress, self.against_text()):
            if line:
                ui.draw_text(surface, ui.fit_text(line, font, inner.width), font, ui.MUTED,
                             (inner.x, below + t.px(28) - font.get_linesize()))
                below += t.px(28)
        if self.message:  # under the notes, never over them
            self.draw_message(surface, pygame.Rect(inner.x, below + t.px(10), inner.width, t.px(40)))


def _best_text(st: PresetStats) -> str:
    """The best final score: the highest, and where games of the lowest total winning were
    played too, the lowest of those beside it ("2,000 · 50 low")."""
    parts = [points_text(st.best_score)] if st.best_score is not None else []
    if st.best_low is not None:
        parts.append(f"{points_text(st.best_low)} low")
    return " · ".join(parts) or "–"
