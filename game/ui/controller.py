"""The game driver: one :class:`Controller` per game on the table.

It owns the :class:`~game.engine.GameState` and is the only thing that changes it.
The person's moves come in from the table scene through :meth:`Controller.act`
(which raises :class:`~game.engine.IllegalActionError` with the engine's reason);
computer seats are asked for their moves in :meth:`Controller.update`, one move at a
time, each after the previous one's animation has finished and a short pause that
depends on the bot's level (none at all at animation speed 0).

"Rummy!" calls: when a discard opens a call window, every computer seat that could
call is asked once whether it wants to; if the person might call (they have a meld of
their own, when the rules ask for one), the next draw waits ``rummy_window`` seconds
(a setting, default 4) and a bot's call comes only after its reaction time (and never before half the window), so the
person has a fair chance to be first. The window closes when the next player draws.
With the ``rummy_help`` setting on (the default) the person's window opens only when
the engine lists a call the person can make (from their own hand and the table, which
they can see): no wait, and no glowing Rummy! button, after a discard that fits nowhere.
Off, every discard opens it, and a call that does not fit is refused with the reason.

Whoever listens (the table) gets ``before_change()`` just before an action is applied
and ``after_change(events, seat, action)`` just after, which is how moves become
animations. After every change the game is saved (atomically: a temporary file, then
``os.replace``; the previous save is kept as ``.bak``). A new game starts its save
afresh, so its ``.bak`` is never another game's; a save that cannot be read is set aside
when the game goes on from its ``.bak``, which so stays the good copy: as ``.damaged``
when its contents are damaged, as ``.unreadable`` when the file could not be opened at
all (no permission to read it, or a folder of that name), as ``.newer`` when a newer
version of the game wrote it (kept whole, for that version).

The controller never decides whether a move is legal: it asks the engine.
"""

from __future__ import annotations

import json
import logging
import random
import shutil
import stat
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots import KINDS, Bot, make_bot
from game.bots.explain import hint_reason
from game.engine import (
    Action,
    CallRummy,
    Card,
    Cover,
    Discard,
    GameState,
    IllegalActionError,
    LayOff,
    Rules,
    SaveVersionError,
    TakePile,
    Undo,
    new_game,
)
from game.engine.cards import card_name
from game.engine.events import CalledRummy, Covered, Event, FloaterDrew, LaidOff
from game.engine.save import dumps_game, loads_game
from game.engine.state import use_words
from game.engine.view import view_of

from .files import NAME_LEN, backup_of, clean_text, replace_file, why_failed, write_atomic
from .files import set_aside as set_aside_file
from .moves_text import action_words, wild_meanings
from .settings import MAX_SEATS, Settings, kept_levels

if TYPE_CHECKING:
    from .app import Overrides
    from .table import TableScene

log = logging.getLogger(__name__)

DRAW, PLAY, CALL, ROUND_OVER, GAME_OVER = "draw", "play", "call", "round_over", "game_over"
ACTING = (DRAW, PLAY, CALL)

# The names the new-game screen offers computer players, seat by seat, and gives on
# a ↻ (none of them a word of a house rule's name: "Grace" read as a player in "Grace turn")
FRIENDLY_NAMES = (
    "Alice", "Ben", "Chloe", "Dev", "Elena", "Farid", "Gina", "Hugo", "Ines", "Jonas", "Kira",
    "Leo", "Maya", "Nico", "Olga", "Pablo", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Victor",
    "Wen", "Yusuf", "Zoe",
)
# a game started without names (the command line, autoplay): the same, seat by seat, and
# "Ada" for seat 0 when no person plays
BOT_NAMES = ("Ada", *FRIENDLY_NAMES[:7])
# pause before each computer move, in seconds at animation speed 1
BOT_DELAY = {"easy": 0.9, "normal": 0.7, "hard": 0.55}
HURRY_WORDS = "F: faster"  # the status line's offer while the others play (a click on it hurries too)
HURRY = 4.0  # how much faster the others play once the person asks them to (F), until their turn
DRAW_PAUSE = 0.6
CALL_SHOW = 0.8  # seconds a discard lies on the pile before a computer player calls it (the person cannot)
# how long a computer player takes to shout "Rummy!" while the person could also call
CALL_REACTION = {"easy": 2.2, "normal": 1.6, "hard": 1.1}
AUTOSAVE_NAME = "autosave.json"
MOVES_KEPT = 400  # the moves of a round a game remembers (and saves): all of them, but for a freak round
HUMAN = "human"
MOVE_LEN = 200  # letters in a saved line of the last moves, at most


def _clean_names(g: GameState) -> None:
    """The player names of a loaded game, cleaned by :func:`clean_text` (one left empty
    reads as the engine's "Player N")."""
    if g.names:
        g.names = tuple(clean_text(n, NAME_LEN) for n in g.names)


def _discard_keys(x: str | None) -> str:
    """What X does, in words: ``x`` says which card it discards ("focus", "selected"), that
    the card in focus may not be thrown ("kept": taken from the top of the pile this turn),
    or that it discards none (``None``); the table decides (``TableScene.x_target``)."""
    if x == "focus":
        return "X discards the card in focus"
    if x == "selected":
        return "X discards the selected card"
    if x == "kept":  # (the card in focus was taken from the top of the pile this turn)
        return "the card in focus may not go back to the pile this turn"
    return "\u2193 to your hand, then X discards"


@dataclass
class Seat:
    name: str
    kind: str = "bot"          # "human" or "bot"
    level: str = "normal"
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def computer(self) -> Bot:
        """The computer player of a computer seat (the controller gives each one its bot)."""
        if self.bot is None:
            raise AssertionError(f"{self.name}'s seat has no computer player")
        return self.bot


@dataclass
class CallWindow:
    key: tuple
    opened: float
    deadline: float
    human: bool                              # the person may call in this window
    pointed: bool = False                    # opened with "Point out Rummy! chances" on
    bot_calls: list[tuple[float, int, CallRummy]] = field(default_factory=list)  # (time, seat, action)


def autosave_path() -> Path:
    from game.resources import user_data_dir

    return user_data_dir() / AUTOSAVE_NAME


def is_autosave(path: str | Path) -> bool:
    """Whether ``path`` names the autosave (however it is written: relative, through a link)."""
    try:
        return Path(path).resolve() == autosave_path().resolve()
    except (OSError, RuntimeError, ValueError):  # (a link loop, a NUL in the name)
        return Path(path) == autosave_path()


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` safely (:func:`files.write_atomic`); the previous file
    is kept as ``path.bak``."""
    path = Path(path)
    if path.exists():
        bak = backup_of(path)
        bak_tmp = bak.with_name(bak.name + ".tmp")
        try:
            shutil.copy(path, bak_tmp)  # (with its mode: the save is private, so is its copy)
            replace_file(bak_tmp, bak)
        except OSError:
            pass
    write_atomic(path, text)


def remove_save(path: Path, backups: bool = False) -> None:
    """Forget a finished game (the ``.bak`` copies stay unless ``backups``). A folder
    where a file should be is not the game's to delete: it is set aside (renamed
    ``.unreadable``), so that the next save can be written."""
    files = [Path(path), seats_path(path)]
    if backups:
        files += [backup_of(f) for f in files]
    for p in files:
        try:
            if p.is_dir():
                set_aside(p, UNREADABLE)
            else:
                p.unlink()
        except OSError:
            pass


DAMAGED, UNREADABLE, NEWER = ".damaged", ".unreadable", ".newer"  # how a save that could not be read is set aside


def set_aside(path: Path, suffix: str = DAMAGED) -> Path | None:
    """Rename a save that could not be read to ``path.damaged`` (or ``suffix``): kept for
    a look, out of the way of the next save, which would otherwise copy it over the good
    ``.bak``. A newer version's save keeps a copy of its seat list beside it
    (``<seats>.newer``), so that, both renamed back, that version has its players' names."""
    if suffix == NEWER:
        seats, copy = seats_path(path), newer_seats(path)
        try:
            if seats.is_file():
                shutil.copy(seats, copy)
            else:  # (not another game's list)
                copy.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not keep %s: %s", seats, exc)
    return set_aside_file(path, suffix)


def newer_seats(save: Path) -> Path:
    """Where the seat list of a newer version's save is kept (see :func:`set_aside`)."""
    seats = seats_path(save)
    return seats.with_name(seats.name + NEWER)


@dataclass(frozen=True)
class SaveProblem:
    """Why the save ``file`` could not be read, when its ``.bak`` copy was: ``damaged``
    (its contents), or not (the file could not be opened: no permission, a folder of
    that name; or ``newer``: a newer version of the game wrote it); ``reason`` in a few
    words."""

    file: str
    reason: str
    damaged: bool = True
    kept: str | None = None  # the name it was set aside as
    newer: bool = False
    kept_seats: str | None = None  # where a newer save's seat list is kept

    @property
    def state(self) -> str:
        """What is wrong, after "it" ("is damaged", "could not be read (a folder, ...)")."""
        if self.newer:
            return "was saved by a newer version of Rummy 5000"
        return "is damaged" if self.damaged else f"could not be read ({self.reason})"

    @property
    def words(self) -> str:
        """What the table says when the game goes on from the ``.bak`` copy."""
        why = "was damaged" if self.damaged and not self.newer else self.state
        # (the file set aside is named, damaged or not: where to look for it, to send it on)
        kept = f"; it is kept as {self.kept}" if self.kept else ""
        if kept and self.newer and self.kept_seats:
            kept += f" (its players as {self.kept_seats})"
        return f"The saved game {why}: it goes on from its backup copy{kept}"

    @property
    def suffix(self) -> str:
        """The name's ending the file is set aside with."""
        return NEWER if self.newer else DAMAGED if self.damaged else UNREADABLE

    def __str__(self) -> str:
        return f"{self.file}: {self.reason}"


def remembered_seats(last: Any, default_level: str) -> tuple[list[str], list[str]]:
    """The names and levels of every seat as the last game set up left them (``last``,
    the settings' ``last_game``): the person first, then the computer seats; a seat not
    remembered has a friendly name and ``default_level`` (see :func:`kept_levels`). The
    new-game screen opens with them, and a game started from the command line is seated so."""
    names = ["You"] + list(FRIENDLY_NAMES[: MAX_SEATS - 1])
    levels = [HUMAN] + [default_level] * (MAX_SEATS - 1)
    saved = last.get("names") if isinstance(last, dict) else None
    if isinstance(saved, list):
        for i, n in enumerate(saved[:MAX_SEATS]):
            if isinstance(n, str) and n.strip():
                names[i] = n.strip()[:NAME_LEN]
    for i, lv in enumerate(kept_levels(last, default_level)[:MAX_SEATS - 1], start=1):
        if lv is not None:
            levels[i] = lv
    return names, levels


def seats_path(save: Path) -> Path:
    return Path(save).with_name(Path(save).name + ".seats")


def load_saved(path: str | Path) -> tuple[GameState, list[dict] | None]:
    """Read a saved game (falling back to the ``.bak`` copy) and its seat list, if any."""
    g, seats, _ = read_save(path)
    return g, seats


SAVE_LIMIT = 4 * 2**20  # bytes: a saved game is a few kilobytes


def read_save(path: str | Path) -> tuple[GameState, list[dict] | None, SaveProblem | None]:
    """:func:`load_saved`, and why the save itself could not be read when its ``.bak``
    copy was used instead (``None`` when the save was read)."""
    path = Path(path)
    errors: list[SaveProblem] = []
    for p in (path, backup_of(path)):
        try:
            mode = p.stat().st_mode
            if stat.S_ISDIR(mode):  # (the words are the game's, not the system's)
                errors.append(SaveProblem(p.name, "a folder, not a saved game", damaged=False))
                continue
            if not stat.S_ISREG(mode):  # a pipe would wait for a writer, a device may never end
                errors.append(SaveProblem(p.name, "a device or a pipe, not a saved game", damaged=False))
                continue
            with p.open("rb") as f:  # (a file picked by mistake may be huge)
                data = f.read(SAVE_LIMIT + 1)
            if len(data) > SAVE_LIMIT:
                errors.append(SaveProblem(p.name, f"larger than {SAVE_LIMIT // 2**20} MB, not a saved game"))
                continue
            g = loads_game(data.decode("utf-8"))
        except FileNotFoundError:
            errors.append(SaveProblem(p.name, "not found", damaged=False))
            continue
        except UnicodeDecodeError:
            errors.append(SaveProblem(p.name, "the file is not text: it is damaged or not a save file"))
            continue
        except OSError as exc:  # a folder of that name, no permission: the file may be good
            why = "no permission to read it" if isinstance(exc, PermissionError) else \
                (exc.strerror or type(exc).__name__).lower()
            errors.append(SaveProblem(p.name, why, damaged=False))
            continue
        except SaveVersionError as exc:  # not damaged: this version cannot read it
            errors.append(SaveProblem(p.name, str(exc), damaged=False, newer=True))
            continue
        except Exception as exc:  # SaveError, a damaged file
            errors.append(SaveProblem(p.name, str(exc)))
            continue
        _clean_names(g)
        return g, _read_seats(path, backup=p != path), (errors[0] if errors else None)
    if all(e.reason == "not found" for e in errors):
        raise FileNotFoundError(f"there is no such file ({path.name})")  # (nor a backup copy of it)
    raise SaveUnreadable(errors)


class SaveUnreadable(RuntimeError):
    """Neither the save nor its ``.bak`` copy could be read: ``problems``, the save's
    first (a backup copy that is not there is not named in the message)."""

    def __init__(self, problems: list[SaveProblem]):
        said = [e for e in problems if e.reason != "not found"]
        # (the file alone: its reason; the file and its backup copy: each named)
        super().__init__(said[0].reason if said == problems[:1] else "; ".join(str(e) for e in said))
        self.problems = problems


def _read_seats(save: Path, backup: bool = False) -> list | None:
    """The seat list of the saved game: who plays each seat never changes during a game,
    so the game's ``.bak`` copy has the same seats; a damaged seat file falls back to its
    own ``.bak`` copy, then to none (the caller's defaults). ``backup``: the game was read
    from its ``.bak`` copy, so the seat file's ``.bak``, written with it, comes first (its
    last moves and hand order are that position's, not those of the save that was lost)."""
    first = seats_path(save)
    files = [first, backup_of(first)]
    for p in (files[::-1] if backup else files):
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):  # (RecursionError: nested too deep)
            continue
        if isinstance(data, list):
            return data
    return None


def game_in_progress(played: bool = True, read: tuple | None = None) -> tuple[GameState, int, list[str | None]] | None:
    """The saved game a new one would end, if it is not over and (``played``) the person
    has had a turn in it: ``(game, the person's seat, each seat's computer level or
    None)``; None when there is none, or it cannot be read. ``read``: what
    :func:`read_save` gave for it just now (the title screen reads it once)."""
    try:
        if not autosave_path().exists():  # a finished game leaves only its .bak copies
            return None
        g, seats, _ = read if read is not None else read_save(autosave_path())
    except Exception:  # none, or damaged: nothing to count
        return None
    human = next((i for i, s in enumerate(seats or ())
                  if isinstance(s, dict) and s.get("kind") == "human"), None)
    if g.phase == "game_over" or human is None or human >= g.players:
        return None
    if played and not g.results and not g.turns[human]:
        return None  # the person has not had a turn yet
    levels = [s.get("level") if isinstance(s, dict) and s.get("kind") == "bot" else None
              for s in seats or ()]
    return g, human, levels


def _card_number(x: Any) -> bool:
    """Whether ``x``, read from a seat list, is a card's number (not a bool, in range)."""
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 4096


def _saved_left_from(data: Any, order: list[Card]) -> dict[Card, tuple[Card, ...]]:
    """Where the cards laid down this turn were in the hand (``[[card, [hand order]],
    ...]``, each order holding its card); anything else is dropped whole: it only
    places cards that Undo brings back."""
    def cards(xs: Any) -> list[Card] | None:
        if not isinstance(xs, list) or not all(_card_number(x) for x in xs):
            return None
        return [Card(x) for x in xs]

    if not isinstance(data, list) or len(data) > 500 or not order:
        return {}
    out: dict[Card, tuple[Card, ...]] = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 2):
            return {}
        card, was = cards([item[0]]), cards(item[1])
        if card is None or was is None or card[0] not in was:
            return {}
        out[card[0]] = tuple(was)
    return out


def _saved_moves(info: Any, g: GameState) -> list[tuple[int, str]]:
    """The round's last moves kept with a save: only this round's, and only well-formed
    lines (a damaged list is dropped whole: it is a convenience, not part of the game),
    cleaned by :func:`clean_text`."""
    if not isinstance(info, dict) or info.get("moves_round") != g.round_no:
        return []
    lines = info.get("moves")
    if not isinstance(lines, list):
        return []
    kept = []
    for line in lines[-MOVES_KEPT:]:
        if not (isinstance(line, list) and len(line) == 2 and isinstance(line[1], str)
                and isinstance(line[0], int) and not isinstance(line[0], bool) and 0 <= line[0] < g.players):
            return []
        text = clean_text(line[1], MOVE_LEN)
        if text:
            kept.append((line[0], text))
    return kept


def _saved_laid(info: Any, g: GameState) -> dict[Card, int]:
    """The order the cards laid on others' melds this round were laid in, kept with a save
    (their "laid off" chips keep it after Continue): ``{card: its place}``, of cards still
    on the table; anything malformed is none (the chips then follow the melds)."""
    laid = info.get("laid") if isinstance(info, dict) and info.get("moves_round") == g.round_no else None
    if not (isinstance(laid, list) and all(_card_number(x) for x in laid)):
        return {}
    on_table = {c for m in g.melds for c in m.cards} | {c for m in g.melds for c, _ in m.covers.values()}
    return {Card(x): i for i, x in enumerate(dict.fromkeys(laid)) if Card(x) in on_table}


def _saved_drew(info: Any, g: GameState, seat: int) -> tuple[Card, tuple] | None:
    """The card the person had drawn from the stock in the turn the save was made, while
    that turn is still the one being played and the card is in hand, or on the table (laid
    down this turn: Undo may bring it back), so that its "new" tag comes back with Continue;
    anything else, or anything malformed, is none."""
    drew = info.get("drew") if isinstance(info, dict) else None
    if not (isinstance(drew, list) and len(drew) == 3 and _card_number(drew[0])):
        return None
    card, round_no, turns = drew
    if not _still_this_turn(g, seat, [card], round_no, turns):
        return None
    return Card(card), (round_no, seat, turns)


def _still_this_turn(g: GameState, seat: int, cards: list, round_no: Any, turns: Any) -> bool:
    """Whether a seat file's tag is of the turn now played by ``seat`` (``round_no``,
    ``turns``), each of its ``cards`` in that hand or on the table (laid down this turn:
    Undo may bring it back)."""
    if round_no != g.round_no or turns != g.turns[seat] or g.current != seat:
        return False
    placed = set(g.hands[seat]) | {x for m in g.melds for x in m.cards}
    return all(Card(x) in placed for x in cards)


def _saved_took(info: Any, g: GameState, seat: int) -> tuple[tuple[Card, ...], tuple] | None:
    """The cards the person had taken from the pile in the turn the save was made, as
    :func:`_saved_drew` reads the card drawn: that turn still being played, and each card
    in hand or on the table; anything else, or anything malformed, is none."""
    took = info.get("took") if isinstance(info, dict) else None
    if not (isinstance(took, list) and len(took) == 3 and isinstance(took[0], list) and took[0]
            and all(_card_number(x) for x in took[0])):
        return None
    cards, round_no, turns = took
    if not _still_this_turn(g, seat, cards, round_no, turns):
        return None
    return tuple(Card(x) for x in cards), (round_no, seat, turns)


class Controller:
    """Drives one game. ``seats[i]`` says who plays seat ``i``."""

    def __init__(self, game: GameState, seats: list[Seat], settings: Settings | Overrides | None = None,
                 save_path: Path | str | None = None, seed: int | None = None):
        self.g = game
        self.seats = seats
        # the person's Settings (or the application's Overrides of them); the defaults
        # when a tool drives a game without any
        self.settings = settings if settings is not None else Settings()
        self.save_path = Path(save_path) if save_path else None
        self.rng = random.Random(seed)
        self.humans = [i for i, s in enumerate(seats) if s.is_human]
        self.human = self.humans[0] if self.humans else None
        for i, s in enumerate(seats):
            if not s.is_human and s.bot is None:
                s.bot = make_bot(s.level, self.rng.getrandbits(32) + i)
        self.listener: TableScene | None = None
        self.now = 0.0
        self.wait_until = 0.0
        self.window: CallWindow | None = None
        self.version = 0
        self._asked: dict[tuple, Any] = {}  # the status line's questions to the engine (see _ask)
        self._asked_version = -1
        self._thinking: tuple[int, int, Future[Action]] | None = None  # (version, seat, future)
        self._pool: ThreadPoolExecutor | None = None
        self._hint_pool: ThreadPoolExecutor | None = None
        self.history: list[str] = []
        # (seat, action, its events, its words for the last moves, worked out as it was made)
        self.moves: list[tuple[int, Action, tuple[Event, ...], str]] = []
        self.earlier_moves: list[tuple[int, str]] = []  # this round's, as saved before Continue
        # the cards laid off (or on a wild) this round, in the order they were laid (a game
        # loaded from a file knows only those laid since)
        self.laid_order: dict[Card, int] = {}
        self.save_error: str | None = None
        self.finished_seen = False  # the person has seen who won (the save can go)
        # a finished game counted in the statistics: True, False (not yet: the game was
        # closed before its sheets were made), None (unknown: another program's file)
        self.end_counted: bool | None = False
        self.recovered: SaveProblem | None = None  # why the save could not be read (its .bak was)
        self.hurry = False  # the person asked the others to play faster (F), until their turn
        self.hand_order: list[Card] | None = None  # the person's hand as they had arranged it
        # where the cards the person laid down this turn were in that hand (for Undo)
        self.left_from: dict[Card, tuple[Card, ...]] = {}
        # the card the person drew from the stock this turn, and the turn (TableScene.turn_of)
        self.drew_new: tuple[Card, tuple] | None = None
        # the cards the person took from the pile this turn, and the turn
        self.took_new: tuple[tuple[Card, ...], tuple] | None = None

    # ------------------------------------------------------------------ building
    @classmethod
    def new(cls, rules: Rules | str | None = "rummy5000", players: int = 4,
            names: list[str] | None = None, levels: list[str] | None = None, seed: int | None = None,
            settings: Settings | Overrides | None = None, save_path: Path | str | None = None,
            autoplay: bool = False, **options: Any) -> Controller:
        """Deal a new game.

        ``rules`` is a :class:`Rules` or a preset name (then ``options`` are set on it).
        ``levels`` is either one entry per seat, ``"human"`` marking the person, or the
        levels of the computer seats only (the person then sits in seat 0). With
        ``autoplay`` every seat is a computer player.
        """
        if not isinstance(rules, Rules):
            rules = Rules.preset(rules or "rummy5000", **options)
        rules.check_players(players)  # before the seats are named (a RulesError says why)
        if settings is None:
            settings = Settings()
        default = settings.default_level
        levels = list(levels or [])
        if len(levels) == players and (HUMAN in levels or autoplay):
            kinds = levels
        else:
            kinds = [HUMAN] + [levels[i] if i < len(levels) else default for i in range(players - 1)]
        if autoplay:
            kinds = [default if k == HUMAN else k for k in kinds]
        first_human = kinds.index(HUMAN) if HUMAN in kinds else None
        # one person at the table: any other "human" seat is played by the computer
        kinds = [k if k != HUMAN or i == first_human else default for i, k in enumerate(kinds)]
        if names is None or len(names) != players:
            bots = iter(BOT_NAMES[1:] if first_human is not None else BOT_NAMES)
            names = ["You" if k == HUMAN else next(bots) for k in kinds]
        names = [str(n) for n in names]
        g, events = new_game(rules, players, seed=seed, names=names)
        seats = [Seat(names[i], "human", "") if k == HUMAN else Seat(names[i], "bot", k)
                 for i, k in enumerate(kinds)]
        c = cls(g, seats, settings=settings, save_path=save_path, seed=seed)
        c.deal_events = events
        return c

    @classmethod
    def load(cls, path: str | Path, settings: Settings | Overrides | None = None, save_path: Path | str | None = None,
             autoplay: bool = False) -> Controller:
        g, seat_info, problem = read_save(path)
        seats: list[Seat] = []
        for i in range(g.players):
            info = seat_info[i] if seat_info and i < len(seat_info) else {}
            if not isinstance(info, dict):
                info = {}
            kind = info.get("kind")
            if kind not in ("human", "bot"):
                kind = "human" if i == 0 else "bot"
            if autoplay:
                kind = "bot"
            name = clean_text(info.get("name"), NAME_LEN) or g.seat_name(i)
            level = info.get("level")
            if level not in KINDS:  # what a saved seat list may name
                level = "normal"
            if kind == "human" and any(s.is_human for s in seats):
                kind, level = "bot", "normal"  # one person at the table, as in a new game
            seats.append(Seat(name, kind, level if kind == "bot" else ""))
        if not autoplay and not any(s.is_human for s in seats):
            seats[0] = Seat(seats[0].name, "human", "")  # (a seat list naming nobody: as with none)
        g.names = tuple(s.name for s in seats)  # the sheets name the seats as the table does
        c = cls(g, seats, settings=settings, save_path=save_path)
        c.recovered = problem
        if c.human is not None and seat_info and c.human < len(seat_info):
            order = seat_info[c.human].get("order") if isinstance(seat_info[c.human], dict) else None
            if isinstance(order, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in order):
                c.hand_order = [Card(x) for x in dict.fromkeys(order)]  # the table keeps the ones in hand
                c.left_from = _saved_left_from(seat_info[c.human].get("left"), c.hand_order)
            c.earlier_moves = _saved_moves(seat_info[c.human], g)
            c.laid_order = _saved_laid(seat_info[c.human], g)
            c.drew_new = _saved_drew(seat_info[c.human], g, c.human)
            c.took_new = _saved_took(seat_info[c.human], g, c.human)
        if g.phase == GAME_OVER:
            mine = seat_info[c.human] if c.human is not None and seat_info and c.human < len(seat_info) else None
            counted = mine.get("counted") if isinstance(mine, dict) else None
            c.end_counted = counted if isinstance(counted, bool) else None
        return c

    deal_events: list[Event] = []

    def move_lines(self, last: int = MOVES_KEPT) -> list[tuple[int, str]]:
        """This round's last moves as ``(seat, words)``, the oldest first (at most ``last``)."""
        if last <= 0:
            return []
        lines = [(seat, words) for seat, _, _, words in self.moves[-last:]]
        if len(lines) < last:
            lines[:0] = self.earlier_moves[-(last - len(lines)):]
        return lines

    # ------------------------------------------------------------------ settings
    @property
    def speed(self) -> float:
        return float(self.settings.animation_speed)

    @property
    def call_window_seconds(self) -> float:
        """The person's time to call "Rummy!" (the ``rummy_window`` setting)."""
        return max(0.5, float(self.settings.rummy_window))

    @property
    def pace(self) -> float:
        """The speed the table animates at: the setting's, times ``HURRY`` while the
        person has asked the others to hurry (0 stays 0: no animation)."""
        return self.speed * (HURRY if self.hurry else 1.0)

    def hurry_others(self) -> bool:
        """The person asks the computer players to play faster until it is the person's
        turn again (or the person may call "Rummy!"); False when it is their turn now."""
        if self.human is None or self.human_to_act or self.g.phase not in ACTING:
            return False
        self.hurry = True
        return True

    @property
    def fast(self) -> bool:
        """No pauses at all: animation speed 0 and nobody at the table to wait for."""
        return self.speed <= 0 and self.human is None

    # ------------------------------------------------------------------ queries
    def seat_is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    @property
    def human_to_act(self) -> bool:
        g = self.g
        return self.human is not None and g.phase in ACTING and g.current == self.human

    def human_may_call(self) -> bool:
        """A call window is open in which the person could call (they may still be refused)."""
        w = self.window
        return (w is not None and w.human and self.g.call_open and self.g.phase == DRAW)

    def call_time_left(self) -> float:
        w = self.window
        if w is None or not self.human_may_call():
            return 0.0
        return max(0.0, w.deadline - self.now)

    def status(self, keys: bool = False, focus: str = "hand", selected: int = 0,
               x: str | None = "focus", pile_at: int | None = None,
               lay_off: tuple[Card, int] | None = None, enter_draws: bool = False) -> str:
        """The line that says whose turn it is and what to do; ``keys`` words it for a
        person playing with the keyboard (the keys instead of dragging), whose focus is
        in ``focus`` ("hand", "melds" or "pile") with ``selected`` cards selected, and
        for whom X discards the card in focus, the selected one or none (``x``);
        ``pile_at``: the index of the pile card in focus; ``lay_off``: the one selected card
        and the id of the meld in focus, which Enter would lay it off on; ``enter_draws``:
        Enter carries out a hint to draw from the stock."""
        g = self.g
        if g.phase == GAME_OVER:
            return "The game is over"
        if g.phase == ROUND_OVER:
            return f"Round {g.round_no} is over"
        seat = g.current
        name = self.seats[seat].name
        if self.seats[seat].is_human:
            if g.phase == DRAW:
                if g.floating[seat]:
                    return "You are floating: draw from the stock" + (" (D)" if keys else "")
                if not g.stock and g.stock_restocks():
                    if keys:
                        return ("The stock is empty: draw (D) to turn the pile over into a new "
                                "stock, or take from the pile (P)")
                    return "The stock is empty: draw to turn the pile over into a new stock, or take from the pile"
                if not g.stock:
                    why = " (no card played since the last reshuffle)" if g.reshuffle_waits() else ""
                    if keys:
                        return f"The stock is empty{why}: take from the pile (P) or end the round (E)"
                    return f"The stock is empty{why}: take from the pile or end the round"
                if self.human_may_call() and g.pile:  # (what the red Rummy! button is for)
                    call = "call Rummy! (R)" if keys else "call Rummy!"
                    if keys and pile_at is not None and 0 <= pile_at < len(g.pile):
                        # what Enter does there: a take, not a call (it said only "draw, or
                        # call Rummy!", and Enter took the card: a tester)
                        refused, what = self._enter_takes(pile_at)
                        if refused is not None:
                            return f"{refused}: R calls Rummy!, D draws"
                        return f"Your turn: Enter takes {what}, R calls Rummy!, D draws"
                    if keys and focus == "melds" and g.rules.rummy_calls != "pile":
                        return (f"Your turn: draw (D), or call Rummy! on the {card_name(g.pile[-1])} "
                                f"(R; Enter calls on the meld in focus)")
                    if g.rules.rummy_calls == "pile":  # (a call on the pile, down to a card that
                        # fits: it named the top card, which may fit nothing: a tester)
                        if self.settings.rummy_help:
                            return f"Your turn: draw, or {call} on the pile"
                        return f"Your turn: draw, or {call} if a card in the pile fits a meld"
                    if self.settings.rummy_help:  # the window opened because the card fits
                        return f"Your turn: draw, or {call} on the {card_name(g.pile[-1])}"
                    return f"Your turn: draw, or {call} if the {card_name(g.pile[-1])} fits a meld"
                if not g.pile:  # (taken by a "Rummy!" call: nothing to take from)
                    return "Your turn: draw from the stock" + (" (D)" if keys else "")
                # (the top card may be refused too: a card taken from the pile that must be used)
                top_ok = self._why_not_take(g.pile[-1]) is None
                if keys and pile_at is not None and 0 <= pile_at < len(g.pile):
                    # the focus on a pile card: what Enter would take, if it may (on the top
                    # card it said only "take from the discard pile (P)": a tester)
                    refused, what = self._enter_takes(pile_at)
                    if refused is None:
                        return f"Your turn: Enter takes {what}, or draw from the stock (D)"
                    if pile_at < len(g.pile) - 1:  # (a top card refused: said below, with P)
                        return f"{refused}: D draws" + (", P takes the top card" if top_ok else "")
                if not top_ok:
                    top = card_name(g.pile[-1])
                    # (a take down to a deeper card may still be open: "draw from the stock" read
                    # as the only choice)
                    deeper = g.rules.discard_pile == "splayed" and len(g.pile) > 1 and self._ask(
                        ("deeper",), lambda: any(isinstance(a, TakePile) for a in g.legal_actions()))
                    if deeper:
                        return (f"Your turn: draw from the stock{' (D)' if keys else ''}, or take the pile "
                                f"from a deeper card; the {top} alone may not be taken")
                    if keys:
                        return f"Your turn: draw from the stock (D); the {top} may not be taken now (P says why)"
                    return f"Your turn: draw from the stock; the {top} on the pile may not be taken now"
                if keys:  # (a hinted draw: Enter does it too, which it did not say: a tester)
                    d = "D or Enter" if enter_draws else "D"
                    return f"Your turn: draw from the stock ({d}) or take from the discard pile (P)"
                return "Your turn: draw from the stock or take from the discard pile"
            last = self.last_card_must_go_on(seat)
            if last is not None:
                card, meld = last
                then = (": you float on" if g.floating[seat] else ": you then float") if g.rules.floats else ""
                how = " (select it, then Enter on the meld)" if keys else " (drag it onto the meld)"
                if keys and selected == 1 and focus == "melds":  # (done: it still said "select it")
                    how = " (Enter lays it off here)" if lay_off and lay_off[1] == meld else " (Enter on the meld)"
                return f"Lay the {card_name(card)} off on #{meld}{then}{how}"
            if g.phase == CALL:
                return "Rummy! Now discard a card" + (f" ({_discard_keys(x)})" if keys else "")
            hand = g.hands[seat]
            if len(hand) == 1 and self._ask(("discard", int(hand[0]), g.phase),
                                            lambda: self.is_legal(Discard(hand[0]))):
                # (a floating player's drawn card that goes nowhere, say: it ends the round)
                how = f" ({_discard_keys(x)})" if keys else " (drag it to the pile)"
                if g.rules.out_by_playing_all and self._ask(
                        ("lay off last", int(hand[0])),
                        lambda: any(isinstance(a, (LayOff, Cover)) and a.card == hand[0] for a in g.legal_actions())):
                    # (laying it off goes out too, as the hint may say: both ways are named)
                    how = how if keys else " (drag it onto the meld or the pile)"
                    return f"Lay the {card_name(hand[0])} off or discard it to go out{how}"
                return f"Discard the {card_name(hand[0])} to go out{how}"
            if g.must_use is not None and g.must_use in g.hands[seat]:
                use = use_words(g.rules.deep_take_use, f"the {card_name(g.must_use)} you took")
                how = "X" if x else "\u2193 to your hand, then X"
                if keys and focus == "hand" and selected >= 2:  # (the hint's meld selected: Enter's)
                    how = f"Enter melds the selected cards; then {how}"
                if keys and focus == "melds" and selected:  # (what Enter does on the meld in focus,
                    # as without the take to use: it went on naming X alone, a tester)
                    refused = self._why_not_lay_off(*lay_off) if lay_off else None
                    if refused is not None:
                        return refused
                    these = "the selected card" if selected == 1 else "the selected cards"
                    how = f"Enter lays {these} off here; then {how}"
                return f"{use[0].upper()}{use[1:]}, then discard" + (f" ({how})" if keys else "")
            if g.stock_card is not None and g.stock_card in g.hands[seat]:  # (stock_draw_must_use)
                return (f"Meld the {card_name(g.stock_card)} you drew from the stock, or discard it"
                        + (f" ({_discard_keys(x)})" if keys else ""))
            todo = "Meld or lay off, then discard"
            # (no discard needed to go out: after the keys, which belong to the discard)
            out = ", or play every card to go out" if g.rules.out_by_playing_all else ""
            if keys:
                refused = self._why_not_lay_off(*lay_off) if focus == "melds" and lay_off else None
                if refused is not None:  # Enter would be refused: say why instead of offering it
                    return f"{refused} ({_discard_keys(x)})"
                if focus == "melds" and selected:
                    these = "the selected card" if selected == 1 else "the selected cards"
                    also = ", X discards it" if selected == 1 else ""
                    return f"{todo} (Enter lays {these} off here{also}){out}"
                if focus == "hand" and selected >= 2:  # (Enter's meld first: with a hint's meld
                    # selected, X alone was offered, the focus on a 200-point wild: a tester)
                    return f"{todo} (Enter melds the selected cards; {_discard_keys(x)}){out}"
                return f"{todo} ({_discard_keys(x)}){out}"
            return f"{todo} (drag a card to the pile){out}"
        if self.human_may_call():
            left = self.call_time_left()
            if left < 0.05:  # (the draw comes with the next frames: no "0.0s" that stays)
                return f"Rummy{' (R)' if keys else ''}? {name} draws now"
            return f"Rummy{' (R)' if keys else ''}? {left:.1f}s before {name} draws"
        if self.hurry:
            return f"{name} is playing… (faster until your turn)"
        return f"{name} is playing…" + (f" ({HURRY_WORDS})" if self.human is not None and g.players > 3 else "")

    def _ask(self, key: tuple, answer: Callable[[], Any]) -> Any:
        """``answer()``, asked once per position: the status line asks the engine the same
        question every frame it is drawn, and the answer changes only with a move."""
        if self._asked_version != self.version:
            self._asked, self._asked_version = {}, self.version
        if key not in self._asked:
            self._asked[key] = answer()
        return self._asked[key]

    def _why_not_take(self, card: Card) -> str | None:
        """Why the person may not take the pile from ``card`` now (None: they may); the
        engine's reason."""
        return self._ask(("take", int(card)), lambda: self.why_illegal(TakePile(card)))

    def _enter_takes(self, pile_at: int) -> tuple[str | None, str]:
        """What Enter on the pile card at ``pile_at`` takes, in words ("the 8♥", "the pile
        from the Q♦ (3 cards)"), and the engine's reason where it may not (else None)."""
        pile = self.g.pile
        card = pile[pile_at]
        what = (f"the {card_name(card)}" if pile_at == len(pile) - 1 else
                f"the pile from the {card_name(card)} ({len(pile) - pile_at} cards)")
        return self._why_not_take(card), what

    def _why_not_lay_off(self, card: Card, meld_id: int) -> str | None:
        """Why ``card`` may not go on meld ``meld_id`` now, at either end or on a wild
        (None: it may); the engine's reason."""
        def answer() -> str | None:
            m = self.g.meld_by_id(meld_id)
            ends = ("high", "low") if m is not None and m.kind == "run" else ("",)
            tries = [LayOff(card, meld_id, end) for end in ends] + [Cover(card, meld_id)]
            reasons = [self.why_illegal(a) for a in tries]
            return None if None in reasons else reasons[0]
        return self._ask(("lay off", int(card), meld_id), answer)

    def last_card_must_go_on(self, seat: int) -> tuple[Card, int] | None:
        """When ``seat`` holds one card that the rules will not let it throw away (it is
        playable: it must be laid off, and the player floats), that card and a meld it
        goes on; else None. The engine's legal moves decide."""
        g = self.g
        if len(g.hands[seat]) != 1 or g.phase not in (PLAY, CALL):
            return None

        def answer() -> tuple[Card, int] | None:
            moves = g.legal_actions(seat)
            if any(isinstance(a, Discard) for a in moves):
                return None
            lay = next((a for a in moves if isinstance(a, (LayOff, Cover))), None)
            return (lay.card, lay.meld) if lay is not None else None
        return self._ask(("last card", seat, int(g.hands[seat][0]), g.phase), answer)

    # ------------------------------------------------------------------ acting
    def act(self, action: Action) -> list[Event]:
        """The person's move; raises IllegalActionError with the engine's reason."""
        if isinstance(action, CallRummy):
            if self.human is None or not self.seat_is_human(action.seat):
                raise IllegalActionError("That seat is not yours")
        elif not self.human_to_act:
            raise IllegalActionError(self.not_your_turn())
        return self._apply(action, action.seat if isinstance(action, CallRummy) else self.g.current)

    def not_your_turn(self) -> str:
        """Why the person may not move now (while it is not their turn)."""
        if self.g.round_done:
            return "The round is over"
        return f"It is {self.seats[self.g.current].name}'s turn"

    def is_legal(self, action: Action) -> bool:
        """Ask the engine, on a copy, whether ``action`` would be accepted now."""
        return self.g.is_legal(action)

    def why_illegal(self, action: Action) -> str | None:
        refused = self.first_refusal([action])
        return refused[1] if refused is not None else None

    def first_refusal(self, actions: Sequence[Action]) -> tuple[int, str] | None:
        """The first of ``actions``, played in turn on a copy of the game, that the engine
        refuses, with its reason; None when it takes them all."""
        trial = self.g.copy()
        for i, action in enumerate(actions):
            try:
                trial.apply(action)
            except IllegalActionError as exc:
                return i, str(exc)
        return None

    def _apply(self, action: Action, seat: int) -> list[Event]:
        g = self.g
        if self.listener is not None:
            self.listener.before_change()
        events = g.apply(action)  # an illegal move raises and leaves the state as it was
        self.version += 1
        self.history.append(f"{self.seats[seat].name}: {action}")
        self.moves.append((seat, action, tuple(events), action_words(action, events, wild_meanings(g, events))))
        for e in events:  # (a floating player's card drawn as the round ends: it counts in its hand)
            if isinstance(e, (LaidOff, Covered)) or (isinstance(e, CalledRummy) and e.meld is not None and e.cards):
                card = e.cards[-1] if isinstance(e, CalledRummy) else e.card
                self.laid_order.pop(card, None)
                self.laid_order[card] = self.version
            if isinstance(e, FloaterDrew) and e.card is not None:
                self.moves.append((e.seat, action, (e,), f"drew {card_name(e.card)} from the stock as the "
                                                          "round ended (floating)"))
        del self.history[:-50]
        del self.moves[:-MOVES_KEPT]
        if not g.call_open:
            self.window = None
        try:  # (the table places new cards in the hand first, so the save has them in place)
            if self.listener is not None:
                self.listener.after_change(events, seat, action)
        finally:
            self.autosave()
        return events

    def next_round(self) -> list[Event]:
        g = self.g
        if g.phase != ROUND_OVER:
            return []
        if self.listener is not None:
            self.listener.before_change()
        events = g.next_round()
        self.version += 1
        self.window = None
        self.hurry = False
        self.moves.clear()  # "Last moves" are this round's
        self.earlier_moves.clear()
        self.laid_order.clear()
        try:
            if self.listener is not None:
                self.listener.after_change(events, None, None)
        finally:
            self.autosave()
        return events

    def hint_soon(self) -> Future[tuple[Action | None, str | None]]:
        """:meth:`hint` and its reason (:meth:`hint_with_reason`), worked out in a thread of
        its own: in a hand swollen by a long pile the plan search may take seconds, and the
        table keeps drawing meanwhile. (The seat's view is taken here, so the thread never
        reads the game while a move changes it.)"""
        if self._hint_pool is None:
            self._hint_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        return self._hint_pool.submit(self.hint_with_reason, *self._hint_view())

    def hint_with_reason(self, view: Any, what: str) -> tuple[Action | None, str | None]:
        """The hint in ``view`` and why: a few words from that view (see
        :func:`game.bots.explain.hint_reason`), or None."""
        action = self._hint_from(view, what)
        if action is None:
            return None, None
        try:
            return action, hint_reason(view, action)
        except Exception as exc:  # a reason is a courtesy: the hint stands without it
            log.warning("hint reason failed: %s", exc)
            return action, None

    def hint(self) -> Action | None:
        """The move a "normal" computer player would make in the person's place."""
        return self._hint_from(*self._hint_view())

    def _hint_view(self) -> tuple[Any, str]:
        """The person's view, and what a hint answers in it: a move, a call, or nothing."""
        if self.human is None:
            return None, ""
        seat = self.human
        if self.g.current == seat and self.g.phase in ACTING:
            return view_of(self.g, seat), "move"
        if self.human_may_call():
            return view_of(self.g, seat), "call"
        return None, ""

    @staticmethod
    def _hint_from(view: Any, what: str) -> Action | None:
        if view is None:
            return None
        bot = make_bot("normal", 12345)
        try:
            return bot.choose(view) if what == "move" else bot.call(view)
        except Exception as exc:
            log.warning("hint failed: %s", exc)
        return None

    # ------------------------------------------------------------------ time
    def update(self, dt: float, animating: bool = False, budget: float = 0.02) -> bool:
        """Advance the game by ``dt`` seconds; returns True if anything changed.

        ``animating``: the table is still showing the previous move, so computer
        players wait. In fast mode several moves are made, up to ``budget`` seconds.
        """
        self.now += dt
        changed = False
        start = time.perf_counter()
        while True:
            step = self._step(animating)
            changed |= step
            if not step or not self.fast or time.perf_counter() - start > budget:
                break
            if self.g.round_done:
                break
        return changed

    def _step(self, animating: bool) -> bool:
        g = self.g
        if g.phase not in ACTING:
            return False
        # the "Rummy!" window
        if g.call_open and g.phase == DRAW:
            w = self._window()
            if w.human:
                self.hurry = False  # the person may call: no more hurrying past it
            fired = self._fire_bot_calls(w, final=False)
            if fired:
                return True
            if self.now < w.deadline and not self.seats[g.current].is_human:
                return False
            if self.now >= w.deadline and self._fire_bot_calls(w, final=True):
                return True
        seat = g.current
        if self.seats[seat].is_human:
            self.hurry = False  # (the person's turn: the table plays at its own pace again)
            return False
        if animating and not self.fast:
            return False
        return self._bot_turn(seat)

    def _window(self) -> CallWindow:
        g = self.g
        key = (g.round_no, g.discarder, len(g.pile), int(g.pile[-1]) if g.pile else -1, sum(g.turns))
        w = self.window
        if w is not None and w.key == key:
            if w.human and not w.pointed and self.settings.rummy_help:
                # the setting turned on while the window was open (from the menu): the Rummy!
                # button lit for a card the person could not call
                w.pointed = True
                if self.human is not None and not g.call_actions(self.human):
                    w.human = False
                    w.deadline = min(w.deadline, self.now)
            return w
        rules = g.rules
        discarder = g.discarder
        if discarder is None:  # (a discard opens the window; a save without one is refused)
            raise AssertionError("a call window with no discard")
        h = self.human
        human = False
        if h is not None and h != discarder and rules.rummy_calls != "off":
            human = not rules.caller_needs_meld or g.has_own_meld(h)
            if human and self.settings.rummy_help and not g.call_actions(h):
                human = False  # (pointing out calls: nothing the person could call, so no wait)
        decided: list[tuple[int, CallRummy]] = []
        for s in [(discarder + k) % g.players for k in range(1, g.players)]:
            if self.seats[s].is_human or not g.call_actions(s):
                continue
            try:
                action = self.seats[s].computer.call(view_of(g, s))
            except Exception as exc:
                log.warning("%s failed to decide on a call: %s", self.seats[s].name, exc)
                action = None
            if action is not None:
                decided.append((s, action))
        if human:
            length = self.call_window_seconds
        elif decided and h is not None and self.pace > 0 and not self.seats[g.current].is_human:
            length = CALL_SHOW / self.pace  # (the discard is seen on the pile before it is called)
        else:
            length = 0.0
        w = CallWindow(key, self.now, self.now + length, human, pointed=self.settings.rummy_help)
        for s, action in decided:
            if human:
                react = CALL_REACTION.get(self.seats[s].level, 1.5)
                # never before half the person's time (a longer window gives them longer to
                # be first, as the setting's name says), never after the window
                react = min(max(react, length * 0.5), length * 0.95)
            else:
                react = length
            w.bot_calls.append((self.now + react, s, action))
        w.bot_calls.sort(key=lambda t: t[0])
        self.window = w
        return w

    def _fire_bot_calls(self, w: CallWindow, final: bool) -> bool:
        while w.bot_calls and (final or w.bot_calls[0][0] <= self.now):
            _, seat, action = w.bot_calls.pop(0)
            if not self.g.call_open:
                w.bot_calls.clear()
                return False
            try:
                self._apply(action, seat)
            except IllegalActionError as exc:
                log.warning("%s's call %s was refused: %s", self.seats[seat].name, action, exc)
                continue
            w.bot_calls.clear()
            return True
        return False

    def _bot_turn(self, seat: int) -> bool:
        think = self._thinking
        if think is not None and (think[0] != self.version or think[1] != seat):
            self._thinking = think = None
        if think is None:
            view = view_of(self.g, seat)
            if self.speed <= 0 or self.fast:
                fut: Future[Action] = Future()
                try:
                    fut.set_result(self.seats[seat].computer.choose(view))
                except Exception as exc:  # a bot bug must not stop the game
                    fut.set_exception(exc)
                self.wait_until = self.now
            else:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
                fut = self._pool.submit(self.seats[seat].computer.choose, view)
                delay = BOT_DELAY.get(self.seats[seat].level, 0.7) / max(self.pace, 0.1)
                # at a big table the pauses shrink, so a lap takes about as long as with 5 players
                delay *= min(1.0, 4 / max(1, self.g.players - 1))
                if self.g.phase == DRAW:
                    delay *= DRAW_PAUSE  # drawing needs less watching than a meld or a discard
                self.wait_until = self.now + delay
            self._thinking = think = (self.version, seat, fut)
        _, _, fut = think
        if not fut.done() or self.now < self.wait_until:
            return False
        self._thinking = None
        try:
            action = fut.result()
        except Exception as exc:
            log.warning("%s failed to choose a move: %s", self.seats[seat].name, exc)
            action = None
        if action is not None:
            try:
                self._apply(action, seat)
                return True
            except IllegalActionError as exc:
                log.warning("%s chose an illegal move %s: %s", self.seats[seat].name, action, exc)
        # fall back to any legal move, so the game always goes on
        actions = [a for a in self.g.legal_actions(seat) if not isinstance(a, Undo)]
        if not actions:
            log.error("no legal move for %s in phase %s", self.seats[seat].name, self.g.phase)
            return False
        self._apply(self.rng.choice(actions), seat)
        return True

    def next_wake(self) -> float | None:
        """Seconds until :meth:`update` has something to do on its own (None: only input)."""
        g = self.g
        if g.phase not in ACTING:
            return None
        if self.fast:
            return 0.0
        w = self.window
        if g.call_open and g.phase == DRAW and w is not None:
            times = [t for t, _, _ in w.bot_calls]
            if not self.seats[g.current].is_human:
                times.append(w.deadline)
            if w.human:
                return 0.05  # the countdown on screen
            if times:
                return max(0.0, min(times) - self.now)
        if self.seats[g.current].is_human:
            return None
        if self._thinking is not None and not self._thinking[2].done():
            return 0.02
        return max(0.0, self.wait_until - self.now)

    # ------------------------------------------------------------------ saving
    def autosave(self, fresh: bool = False) -> None:
        """Save after every change. A finished game is saved too, until the person has
        seen who won (:meth:`forget_finished`): closed on the last round's sheet, it
        shows its sheets again on Continue (counted once).

        ``fresh``: this is another game than the one saved there; its files and their
        ``.bak`` copies go first, so that a ``.bak`` always belongs to this game."""
        if self.save_path is None:
            return
        if fresh:
            remove_save(self.save_path, backups=True)
        if self.g.phase == GAME_OVER and (self.human is None or self.finished_seen):
            remove_save(self.save_path)
            return
        try:
            atomic_write(self.save_path, dumps_game(self.g))
            seats: list[dict[str, Any]] = [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats]
            # the person's own arrangement of their hand (the table's, or the one loaded)
            order = (self.listener.hand_order if self.listener is not None else None) or self.hand_order
            if order and self.human is not None:
                seats[self.human]["order"] = [int(c) for c in order]
                left = self.listener.undo_places() if self.listener is not None else self.left_from
                if left:  # so that Undo after Continue puts cards back where they were
                    seats[self.human]["left"] = [[int(c), [int(x) for x in was]] for c, was in left.items()]
            if self.human is not None and self.g.phase == GAME_OVER:  # (so that it is counted once)
                seats[self.human]["counted"] = self.end_counted is not False
            drew = self.listener.drew_new if self.listener is not None else self.drew_new
            if drew is not None and self.human is not None:  # so that Continue keeps its "new" tag
                card, (round_no, _, turns) = drew
                seats[self.human]["drew"] = [int(card), round_no, turns]
            took = self.listener.took_new if self.listener is not None else self.took_new
            if took is not None and self.human is not None:  # and the tags of the cards taken from the pile
                cards, (round_no, _, turns) = took
                seats[self.human]["took"] = [[int(x) for x in cards], round_no, turns]
            if self.human is not None:  # so that Continue shows this round's last moves
                seats[self.human]["moves"] = [[s, text] for s, text in self.move_lines()]
                seats[self.human]["moves_round"] = self.g.round_no
                # and the "laid off" chips in the order the cards were laid (not the melds')
                seats[self.human]["laid"] = [int(c) for c in sorted(self.laid_order, key=self.laid_order.__getitem__)]
            atomic_write(seats_path(self.save_path), json.dumps(seats))
            self.save_error = None
        except Exception as exc:  # a full disk must not end the game
            self.save_error = why_failed(exc)
            # (in words, with the folder: the OSError's own text ended "-> None", a tester)
            folder = Path(exc.filename).parent if isinstance(exc, OSError) and exc.filename else None
            log.warning("autosave failed: %s%s", self.save_error, f" in {folder}" if folder else "")

    def forget_finished(self) -> None:
        """The person has seen who won a finished game: remove its save, so that
        **Continue** is offered only for a game in progress (the ``.bak`` copies stay)."""
        self.finished_seen = True
        if self.g.phase == GAME_OVER:
            self.autosave()

    def close(self) -> None:
        for pool in (self._pool, self._hint_pool):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._hint_pool = None


__all__ = [
    "BOT_NAMES", "FRIENDLY_NAMES", "HUMAN", "Controller", "Seat", "atomic_write", "autosave_path",
    "SaveProblem", "SaveUnreadable", "load_saved", "newer_seats", "read_save", "remembered_seats", "remove_save", "set_aside",
]
