#!/usr/bin/env python3
"""Draw the application icon into assets/icons/ (needs pygame-ce, nothing else).

Writes ``icon.png`` (256x256, the window icon and the Linux icon), ``icon.ico``
(Windows: PNG-compressed entries at 256, 128, 64, 48, 32 and 16 pixels, packed into
the ICO container by hand) and ``icon.icns`` (macOS: PNG entries from 16 to 1024
pixels, packed into the ICNS container by hand).

    python3 tools/make_icons.py [--out DIR]
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SIZE = 256
SCALE = 4  # draw large, then smooth-scale down for anti-aliasing
ICO_SIZES = (256, 128, 64, 48, 32, 16)
# ICNS element types that may hold PNG data, with their pixel sizes (the "@2x" types are
# the Retina versions of the smaller point sizes).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),  # 16@2x
    (b"ic12", 64),  # 32@2x
    (b"ic07", 128),
    (b"ic13", 256),  # 128@2x
    (b"ic08", 256),
    (b"ic14", 512),  # 256@2x
    (b"ic09", 512),
    (b"ic10", 1024),  # 512@2x
)

FELT = (22, 110, 62)
FELT_DARK = (12, 74, 40)
FELT_RIM = (200, 170, 80)
CARD = (250, 248, 240)
CARD_EDGE = (150, 150, 140)
BLACK = (25, 25, 30)
RED = (200, 30, 45)


def heart_points(cx: float, cy: float, size: float, flip: bool) -> list[tuple[float, float]]:
    """The classic parametric heart; ``flip`` turns it upside down for a spade."""
    pts = []
    for i in range(120):
        t = 2 * math.pi * i / 120
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        y = -y if not flip else y
        pts.append((cx + x * size / 32, cy + (y + (2.5 if flip else -2.5)) * size / 32))
    return pts


def draw_spade(surf: pygame.Surface, cx: float, cy: float, size: float, color) -> None:
    pygame.draw.polygon(surf, color, heart_points(cx, cy - size * 0.08, size, flip=True))
    stem = [
        (cx, cy + size * 0.05),
        (cx - size * 0.2, cy + size * 0.55),
        (cx + size * 0.2, cy + size * 0.55),
    ]
    pygame.draw.polygon(surf, color, stem)


def draw_heart(surf: pygame.Surface, cx: float, cy: float, size: float, color) -> None:
    pygame.draw.polygon(surf, color, heart_points(cx, cy, size, flip=False))


def card_surface(w: int, h: int, suit: str) -> pygame.Surface:
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = w // 9
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD, card.get_rect().inflate(-w // 40, -w // 40), border_radius=radius)
    color = BLACK if suit == "spade" else RED
    size = w * 0.62
    if suit == "spade":
        draw_spade(card, w / 2, h * 0.44, size, color)
    else:
        draw_heart(card, w / 2, h * 0.5, size, color)
    # small corner pips
    for cx, cy, s in ((w * 0.17, h * 0.13, w * 0.16), (w * 0.83, h * 0.87, w * 0.16)):
        if suit == "spade":
            draw_spade(card, cx, cy - s * 0.1, s, color)
        else:
            draw_heart(card, cx, cy, s, color)
    return card


def draw_icon(size: int = SIZE) -> pygame.Surface:
    big = size * SCALE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    rect = surf.get_rect().inflate(-big // 32, -big // 32)
    radius = big // 6
    pygame.draw.rect(surf, FELT_RIM, rect, border_radius=radius)
    pygame.draw.rect(surf, FELT_DARK, rect.inflate(-big // 40, -big // 40), border_radius=radius)
    pygame.draw.rect(surf, FELT, rect.inflate(-big // 16, -big // 16), border_radius=radius)

    # a fan of three cards pivoting around a point below the centre
    cw, ch = int(big * 0.36), int(big * 0.52)
    pivot = (big / 2, big * 0.86)
    for angle, suit in ((28, "heart"), (-28, "heart"), (0, "spade")):
        card = card_surface(cw, ch, suit)
        rotated = pygame.transform.rotate(card, angle)
        # the card's bottom centre sits near the pivot; offset its centre along the angle
        dist = ch * 0.62
        rad = math.radians(angle)
        cx = pivot[0] - math.sin(rad) * dist
        cy = pivot[1] - math.cos(rad) * dist
        surf.blit(rotated, rotated.get_rect(center=(cx, cy)))
    return pygame.transform.smoothscale(surf, (size, size))


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An ICO file whose entries are PNG streams (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(images: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file whose elements are PNG streams (supported since Mac OS X 10.7).

    The container is a big-endian header (``icns``, total length) followed by elements
    of (type, length including its 8-byte header, data).
    """
    body = b"".join(struct.pack(">4sI", kind, 8 + len(data)) + data for kind, data in images)
    return struct.pack(">4sI", b"icns", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    default_out = Path(__file__).resolve().parent.parent / "assets" / "icons"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_out, help="output folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    icon = draw_icon(SIZE)
    (args.out / "icon.png").write_bytes(png_bytes(icon))
    images = []
    for size in ICO_SIZES:
        scaled = icon if size == SIZE else pygame.transform.smoothscale(icon, (size, size))
        images.append((size, png_bytes(scaled)))
    (args.out / "icon.ico").write_bytes(ico_bytes(images))

    # macOS wants up to 1024 pixels: draw the large sizes afresh rather than blowing
    # up the 256-pixel picture, and smooth-scale down from the nearest larger drawing.
    large = draw_icon(1024)
    by_size = {1024: large, SIZE: icon}
    pngs: dict[int, bytes] = {}
    for size in sorted({size for _, size in ICNS_TYPES}):
        if size not in by_size:
            source = large if size > SIZE else icon
            by_size[size] = pygame.transform.smoothscale(source, (size, size))
        pngs[size] = png_bytes(by_size[size])
    (args.out / "icon.icns").write_bytes(icns_bytes([(k, pngs[n]) for k, n in ICNS_TYPES]))
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(args.out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
