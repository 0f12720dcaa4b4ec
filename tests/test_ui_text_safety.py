"""Text from player files reaches the fonts: a NUL, a lone surrogate or a newline must
not crash the drawing, and a very long string must be cut short quickly."""

from __future__ import annotations

import pygame
import pytest

from game.ui import ui_kit as ui
from game.ui.widgets import Button, Choice, Text

BAD = ["Bo\x00b", "Jos\udce9", "two\nlines", "tab\there", "\x00", "\udce9\udcff", "\x1b[31mred\x7f"]
ORDINARY = [
    "Alice",
    "The quick brown fox jumps over the lazy dog",
    "Ĳssel ♠♥♦♣ Ünïcødé names",
    "WWWWWWWWWWWWWWWWWWWWWWWW",
    "iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii",
    "ab",
    "abc",
    "x",
    "",
]
LONG = "W" * 100_000


@pytest.fixture(autouse=True)
def _fonts():
    pygame.init()
    yield


def _clean(s: str) -> bool:
    """No control characters or surrogates left."""
    return all(c.isprintable() or c == " " for c in s) and not any(0xD800 <= ord(c) <= 0xDFFF for c in s)


class Budget:
    """Counts the characters a font is asked to measure or draw, and stops a runaway."""

    def __init__(self, limit: int):
        self.limit, self.used = limit, 0

    def spend(self, text: str) -> None:
        self.used += len(text)
        assert self.used <= self.limit, f"measured {self.used} characters"


class CountingFont:
    def __init__(self, font: pygame.font.Font, budget: Budget):
        self.font, self.budget = font, budget

    def size(self, text):
        self.budget.spend(text)
        return self.font.size(text)

    def render(self, text, *args, **kwargs):
        self.budget.spend(text)
        return self.font.render(text, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.font, name)


class RecordingText(Text):
    """A Text that remembers what it last rendered, and can count what its fonts measure."""

    def __init__(self, budget: Budget | None = None):
        super().__init__()
        self.budget = budget
        self.last: tuple[str, int] | None = None

    def font(self, size, bold=False):
        f = ui.get_font(size, bold)
        return CountingFont(f, self.budget) if self.budget else f

    def render(self, text, size, colour=(240, 240, 232), bold=False):
        self.last = (text, int(size))
        return super().render(text, size, colour, bold)


# ---------------------------------------------------------------- the old algorithms


def old_fit_text(text: str, font: pygame.font.Font, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"  # (no space before the ellipsis)


def old_text_fit(text: str, size: int, max_w: int, bold: bool = False) -> tuple[str, int]:
    """What ``Text.fit`` renders, the slow and plain way: the string and the font size (a
    point or two below the proportional size is tried before the text is cut, since letters
    do not narrow in proportion)."""
    def width(t: str, px: int) -> int:
        return ui.get_font(px, bold).render(t, True, (0, 0, 0)).get_width()

    w = width(text, size)
    if w <= max_w:
        return text, size
    smaller = max(9, int(size * max_w / max(1, w)))
    for k in (smaller, smaller - 1, smaller - 2):
        if k >= 9 and width(text, k) <= max_w:
            return text, k
    while width(text, smaller) > max_w and len(text) > 2:
        text = text[:-2] + "…"
    if text.endswith("…"):  # (no space before the ellipsis)
        text = (text[:-1].rstrip() or text[:1]) + "…"
    return text, smaller


def old_wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def old_text_wrap(text: str, size: int, max_w: int, lines: int = 2) -> list[str]:
    font = ui.get_font(size)
    out, rest = [], text
    while len(out) < lines - 1 and font.size(rest)[0] > max_w:
        words = rest.split(" ")
        cut = len(words) - 1
        while cut > 1 and font.size(" ".join(words[:cut]))[0] > max_w:
            cut -= 1
        if cut < 1:
            break
        out.append(" ".join(words[:cut]))
        rest = " ".join(words[cut:])
    out.append(rest)
    # no widow: a last line of one short word takes the word before it along
    if len(out) >= 2 and " " not in out[-1]:
        words = out[-2].split(" ")
        if len(words) >= 3 and font.size(words[-1] + " " + out[-1])[0] <= max_w:
            out[-2:] = [" ".join(words[:-1]), words[-1] + " " + out[-1]]
    return out


# ---------------------------------------------------------------- safe_text


def test_safe_text_cleans_controls_and_surrogates():
    assert ui.safe_text("Bo\x00b") == "Bo b"
    assert ui.safe_text("Jos\udce9") == "Jos?"
    assert ui.safe_text("two\nlines\tand\r\n") == "two lines and  "
    for s in BAD:
        out = ui.safe_text(s)
        assert _clean(out) and len(out) == len(s)
        ui.get_font(16).render(out, True, (0, 0, 0))


def test_safe_text_keeps_ordinary_text():
    for s in [*ORDINARY, "a\u00a0b", "caf\u00e9 \u2665", "\U0001f600"]:
        assert ui.safe_text(s) == s
    s = "Ordinary name"
    assert ui.safe_text(s) is s


# ---------------------------------------------------------------- ui_kit


@pytest.mark.parametrize("text", BAD)
def test_draw_text_and_fit_text_take_bad_text(text):
    font = ui.get_font(16)
    surf = pygame.Surface((400, 100))
    r = ui.draw_text(surf, text, font, ui.INK, (10, 10), shadow=True)
    assert r.height == font.get_height()  # one line, even for a newline
    assert r.width == font.size(ui.safe_text(text))[0]
    out = ui.fit_text(text, font, 400)
    assert out == ui.safe_text(text)
    short = ui.fit_text(text * 20, font, 60)
    assert _clean(short) and font.size(short)[0] <= 60


@pytest.mark.parametrize("text", BAD)
def test_wrapping_takes_bad_text(text):
    font = ui.get_font(16)
    lines = ui.wrap_text(text + " and more words " + text, font, 80)
    assert lines and all(_clean(line) for line in lines)
    surf = pygame.Surface((300, 300))
    h = ui.draw_paragraph(surf, text, font, ui.INK, pygame.Rect(0, 0, 120, 300))
    assert h == ui.paragraph_height(text, font, 120) > 0


def test_wrap_text_still_breaks_at_newlines():
    font = ui.get_font(16)
    assert ui.wrap_text("one\ntwo\x00three", font, 500) == ["one", "two three"]


def test_widgets_draw_bad_text():
    theme = ui.Theme((1280, 800))
    surf = pygame.Surface((1280, 800))
    for text in BAD:
        widgets: list[ui.Widget] = [
            ui.Button(text, rect=(10, 10, 200, 40)),
            ui.Cycler([(1, text), (2, "two")], 1, rect=(10, 60, 260, 40)),
            ui.Heading(text, rect=(10, 110, 400, 30)),
        ]
        block = ui.TextBlock(text, bullet=True)
        block.rect = pygame.Rect(10, 150, 300, block.measure(300, theme))
        widgets.append(block)
        row = ui.Row(text, ui.Toggle(True), help=text + " help " + text, rect=(10, 300, 700, 60))
        row.place(pygame.Rect(10, 300, 700, 60), theme)
        widgets.append(row)
        for w in widgets:
            w.draw(surf, theme)

        field = ui.TextInput(text, rect=(10, 400, 240, 40), max_len=64)
        field.draw(surf, theme)
        field.start()
        field.draw(surf, theme)
        field.selected = True
        field.draw(surf, theme)
        field.finish()
        empty = ui.TextInput("", rect=(10, 450, 240, 40), placeholder=text)
        empty.draw(surf, theme)


def test_card_tiles_take_bad_text():
    font = ui.get_font(16, True)
    img, shown = ui.card_tiles([("K\x00", 0, False), ("\udce9", 1, True)], font, 300)
    assert shown == 2 and img.get_width() == 300


def test_fit_text_matches_the_old_result():
    for px in (12, 16, 22):
        font = ui.get_font(px)
        for s in ORDINARY:
            for width in (0, 5, 20, 37, 60, 90, 150, 400):
                assert ui.fit_text(s, font, width) == old_fit_text(s, font, width), (s, px, width)


def test_fit_text_cuts_a_huge_string_quickly():
    font = CountingFont(ui.get_font(16), Budget(20_000))
    out = ui.fit_text(LONG, font, 200)
    assert out.endswith("…") and out[:-1] == "W" * (len(out) - 1)
    assert font.size(out)[0] <= 200 < font.size("W" + out)[0]
    assert ui.fit_text("x" + "\x00" * 50_000, font, 100) == "x…"  # (the NULs drawn as spaces, cut off)


def test_wrap_text_matches_the_old_result():
    font = ui.get_font(15)
    texts = [*ORDINARY, "Supercalifragilisticexpialidocious and a word",
             "short\nlines then a looooooooooooooooooooooooooooooooong one", "W" * 150 + " x"]
    for s in texts:
        for width in (1, 30, 80, 200):
            assert ui.wrap_text(s, font, width) == old_wrap_text(s, font, width), (s, width)


def test_wrap_text_cuts_a_huge_word_quickly():
    font = CountingFont(ui.get_font(16), Budget(1_000_000))
    text = "Name " + LONG[:50_000] + " said hello"
    lines = ui.wrap_text(text, font, 300)
    assert all(font.size(line)[0] <= 300 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert lines[0] == "Name" and lines[-1].endswith("hello")


# ---------------------------------------------------------------- widgets.Text


@pytest.mark.parametrize("text", BAD)
def test_text_render_fit_blit_take_bad_text(text):
    t = Text()
    s = t.render(text, 16)
    assert s.get_height() == ui.get_font(16).get_height()
    assert s.get_width() == ui.get_font(16).size(ui.safe_text(text))[0]
    assert t.fit(text * 30, 16, 80).get_width() <= 80
    surf = pygame.Surface((300, 100))
    t.blit(surf, text, 16, (5, 5), max_w=100)
    lines = t.wrap(text + " and some more words " + text, 16, 90)
    assert all(_clean(line) for line in lines)


def test_text_fit_matches_the_old_result():
    t = RecordingText()
    for s in ORDINARY + ["A much longer sentence that will need both shrinking and eliding, surely"]:
        for size in (12, 16, 24):
            for width in (0, 10, 30, 60, 120, 300):
                img = t.fit(s, size, width)
                assert t.last == old_text_fit(s, size, width), (s, size, width)
                text, px = t.last
                assert img.get_width() == ui.get_font(px).size(text)[0]


def test_text_fit_cuts_a_huge_string_quickly():
    t = RecordingText(Budget(20_000))
    img = t.fit(LONG, 16, 200)
    assert img.get_width() <= 200
    assert t.last is not None
    text, px = t.last
    assert px == 9 and text.endswith("…") and len(text) > 5
    assert t.fit(LONG, 16, 200) is img  # cached: nothing is measured twice
    t.budget = Budget(0)
    assert t.fit(LONG, 16, 200) is img


def test_text_wrap_matches_the_old_result():
    t = Text()
    texts = [*ORDINARY, "Bob laid down three kings and a run of hearts", "x yy zzz " * 10,
             "Hint: draw from the stock: the 8♠ above it would stay in your hand (D)"]
    for s in texts:
        for width in (10, 60, 150, 400):
            for lines in (1, 2, 3):
                assert t.wrap(s, 16, width, lines) == old_text_wrap(s, 16, width, lines), (s, width)


def test_text_wrap_takes_many_words_quickly():
    t = RecordingText(Budget(200_000))
    text = "ab " * 33_000 + "end"
    lines = t.wrap(text, 16, 200)
    assert len(lines) == 2 and " ".join(lines) == text
    assert ui.get_font(16).size(lines[0])[0] <= 200


def test_table_widgets_draw_bad_text():
    t = Text()
    surf = pygame.Surface((800, 600))
    for text in BAD:
        b = Button("b", text, pygame.Rect(10, 10, 120, 40), hint=text)
        b.draw(surf, t, 16)
        c = Choice(text, [text, "fine", text * 3], on_pick=lambda i: None, anchor=(400, 500))
        c.layout(t, 16, surf.get_rect())
        c.draw(surf, t, 16)


def test_a_wrapped_message_never_ends_in_a_lone_key():
    """A hint wrapped just before its "(D)" ended with the "(D)" alone on its line: the
    word before it comes down with it (and so for any one word: "… lays them" / "down)")."""
    t = Text()
    font = ui.get_font(16)
    lines = t.wrap("Hint: meld 3♣ 3♣ 3♦ (selected: Meld or Enter lays them down)", 16,
                   font.size("Hint: meld 3♣ 3♣ 3♦ (selected: Meld or Enter lays them")[0] + 2)
    assert lines[-1] == "them down)", lines
    text = "Hint: draw from the stock: the 8♠ above it would stay in your hand (D)"
    widths = [w for w in range(100, 700) if font.size(text[:-4])[0] <= w < font.size(text)[0]]
    assert widths
    for w in widths:
        lines = t.wrap(text, 16, w)
        assert lines[-1] == "hand (D)" and " ".join(lines) == text, (w, lines)
        assert all(font.size(line)[0] <= w for line in lines)
