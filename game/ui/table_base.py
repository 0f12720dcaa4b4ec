"""What the parts of the table scene share, declared once for the type checker.

:class:`~game.ui.table.TableScene` is made of three parts: :class:`TableInput`
(:mod:`game.ui.table_input`), :class:`TablePainting` (:mod:`game.ui.table_paint`) and
the scene itself (:mod:`game.ui.table`). Each part reads the scene's state and calls
the others' methods. :class:`TableParts`, which both of the first two inherit from,
names that state with its types (``TableScene.__init__`` sets it) and, for the type
checker only, the methods each part calls on another. It adds nothing at run time but
:meth:`TableParts.laid_out`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame
    from pygame import Rect

    from game.engine import Action, CallRummy, Card, Cover, GameState, LayOff
    from game.engine.events import Event
    from game.engine.melds import Meld

    from .anim import Animator
    from .app import App
    from .cards import CardArt
    from .controller import Controller
    from .layout import HandRow, TableLayout
    from .table import Place
    from .table_input import Drag, Press
    from .widgets import Button, Choice, Text, Toast


class TableParts:
    """The table scene's state, as its parts see it (declarations: the scene sets it)."""

    app: App
    c: Controller
    art: CardArt
    text: Text
    anim: Animator
    bottom: int                      # the seat shown at the bottom: the person's, if one plays
    layout: TableLayout | None       # None until the table knows its size
    size: tuple[int, int]
    order: list[Card]                # the person's hand as shown
    insert_at: int | None            # where cards dragged into the hand go
    selected: list[Card]
    focus_zone: str                  # hand, melds, pile
    focus_index: int
    keyboard: bool                   # the keyboard is in use: the focus frame shows
    press: Press | None
    drag: Drag | None
    fits: set[int]                   # meld ids the dragged card fits
    fit_pile: bool
    fit_own: bool
    hot_meld: int | None
    hover: Card | None               # the hand or pile card under the mouse
    hover_take: bool
    hover_meld: int | None           # the meld under the mouse
    mouse_pos: tuple[int, int] | None
    _hover_version: int
    toasts: list[Toast]
    choice: Choice | None
    dealing: bool
    hint_cards: set[Card]
    hint_meld: int | None
    hint_shape: tuple[frozenset[Card], tuple] | None  # a hinted meld's cards and reading
    hint_layoff: LayOff | Cover | None  # a hinted lay-off (first in the menu that asks how)
    hint_call: CallRummy | None      # a hinted Rummy! call
    hint_stock: bool
    hint_move: tuple[int, Action] | None  # the last hint: the position it was for, the move
    drew_new: tuple[Card, tuple] | None  # the card the person drew from the stock, and in which turn
    took_new: tuple[tuple[Card, ...], tuple] | None  # the cards the person took from the pile, and when
    last_click: tuple[Card, float, int] | None
    draw_click: tuple[float, int] | None
    places: dict[Card, Place]
    draw_list: list[tuple[Card, Place]]
    meld_boxes: dict[int, Rect]
    meld_labels: dict[int, Rect]
    label_room: dict[int, int]
    elsewhere: dict[int, Rect]
    shown_hands: dict[int, list[Rect]]
    hand_labels: dict[int, Rect]
    snapshot: dict[int, Place] | None    # card id -> where it was drawn before a change
    bg: pygame.Surface | None
    overlay: dict[str, bool] | None
    overlay_buttons: list[Button]
    dirty: bool
    buttons: dict[str, Button]

    def laid_out(self) -> TableLayout:
        """The layout, which the table has once it knows its size: drawing and input
        make sure of that first (see ``TableScene._ensure_layout``)."""
        if self.layout is None:
            raise AssertionError("the table has no size yet")
        return self.layout

    if TYPE_CHECKING:
        # the methods one part calls on another (TableScene's unless marked)

        @property
        def g(self) -> GameState: ...

        @property
        def paused(self) -> bool: ...

        def invalidate(self) -> None: ...

        def message(self, text: str, kind: str = "info", ttl: float = 3.2) -> None: ...
        def refuse(self, text: str) -> None: ...

        def _ensure_layout(self, surface: pygame.Surface | None = None) -> None: ...

        def _place(self, force: bool = False) -> None: ...

        def _hand_row(self, n: int) -> HandRow: ...

        def turn_key(self) -> tuple: ...

        def hinted(self) -> Action | None: ...

        def raised_card(self) -> Card | None: ...

        def _pile_open(self) -> int | None: ...

        def _layout_buttons(self) -> None: ...

        def _handle_overlay(self, event: pygame.event.Event) -> None: ...

        def before_change(self) -> None: ...

        def _animate_from_snapshot(self, duration: float, events: list[Event] | None = None,
                                   shows_move: bool = False) -> None: ...

        def _press_holds(self, press: Press) -> bool: ...

        def _selection_in_order(self) -> list[Card]: ...

        def _set_selection(self, cards: list[Card]) -> None: ...

        def _toggled(self, card: Card) -> list[Card]: ...

        def _snap_back(self, cards: list[Card]) -> None: ...

        def _act(self, action: Action, snap_back: list[Card] | None = None) -> bool: ...

        def _layoff_actions(self, card: Card, m: Meld, drop_x: int | None) -> list[LayOff | Cover]: ...

        def draw_stock(self) -> bool: ...

        def take_pile(self, card: Card | None = None) -> bool: ...

        def discard(self, card: Card) -> bool: ...

        def end_round(self, ask: bool = False) -> bool: ...

        def meld_selected(self, cards: list[Card] | None = None) -> None: ...

        def lay_off(self, cards: list[Card], meld_id: int, drop_x: int | None = None) -> None: ...

        def call_rummy(self, meld_id: int | None = None, end: str = "", drop_x: int | None = None) -> None: ...

        def open_menu(self) -> None: ...

        def show_scores(self) -> None: ...

        def show_moves(self) -> None: ...

        def hurry(self) -> None: ...

        def _log_area(self) -> Rect: ...  # TablePainting's

        def _on_pile(self, pos: tuple[int, int]) -> bool: ...  # TableInput's

        def x_target(self) -> str | None: ...  # TableInput's
