"""The pictures of the 48 hanafuda cards, drawn in code (SVG shapes; no image from elsewhere).

A card is drawn from its month (the plant: pine, plum, cherry, wisteria, iris, peony, bush clover,
susuki grass, chrysanthemum, maple, willow, paulownia) and its kind, so that a player knows each
card as on a printed deck: the crane under the red sun, the curtain, the full moon, the rain man
under his umbrella, the phoenix, each animal (the bush warbler, the cuckoo, the bridge of the irises,
the butterflies, the boar, the geese, the sake cup, the deer, the swallow), the red poetry ribbons
with their writing, the blue ribbons, the plain red ribbons, the lightning and the three
paulownia chaff (the third with its coloured band).

Every function returns SVG elements in a 140 x 200 box; :func:`picture` puts them together. The
drawing depends only on the month, the kind, the card's place in its month and whether its
English name says ``blue`` or ``poetry``: a house deck that renames cards keeps its pictures.
"""

from __future__ import annotations

from typing import Callable

W, H = 140, 200
INK = "#1b1b1b"
RED = "#c8322b"
SKY = "#d8432f"
CREAM = "#f6ecd6"
BLACK_HILL = "#262626"


def _circle(cx: float, cy: float, r: float, fill: str, stroke: str = "none", width: float = 0) -> str:
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>'


def _path(d: str, fill: str = "none", stroke: str = "none", width: float = 0, extra: str = "") -> str:
    return f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}" {extra}/>'


def _blossom(cx: float, cy: float, r: float, petal: str, centre: str, petals: int = 5) -> str:
    """A flower of ``petals`` round petals around a centre."""
    import math

    parts = []
    for i in range(petals):
        a = 2 * math.pi * i / petals - math.pi / 2
        x, y = cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a)
        parts.append(_circle(x, y, r * 0.5, petal, "#00000030", 0.6))
    parts.append(_circle(cx, cy, r * 0.3, centre))
    return "".join(parts)


def _leaf(cx: float, cy: float, length: float, angle: float, fill: str) -> str:
    return (f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{length / 2:g}" ry="{length / 5:g}" fill="{fill}" '
            f'transform="rotate({angle:g} {cx:g} {cy:g})"/>')


# -- the plants ------------------------------------------------------------------------------

def pine(full: bool) -> str:
    trunk = _path("M70 200 C60 160 85 140 70 100 C62 80 78 60 70 40", stroke="#6b3d1f", width=9)
    clusters = [(45, 70), (95, 60), (40, 125), (100, 120), (70, 35)] if full else [(35, 150), (105, 140), (70, 175)]
    parts = [trunk]
    for x, y in clusters:
        parts.append(_path(f"M{x - 26} {y + 8} Q{x} {y - 26} {x + 26} {y + 8} Z", fill="#1f5a2c", stroke="#0e3316",
                           width=1.5))
        parts.append(_path(" ".join(f"M{x} {y + 6} L{x + dx} {y - 12}" for dx in (-18, -9, 0, 9, 18)),
                           stroke="#4f9a52", width=1.6))
    return "".join(parts)


def plum(full: bool) -> str:
    parts = [_path("M10 190 C40 150 40 120 75 95 C100 78 110 60 130 30", stroke="#3b2418", width=7),
             _path("M60 105 C50 80 58 60 45 40", stroke="#3b2418", width=4)]
    spots = [(75, 95), (115, 55), (45, 45), (35, 150), (95, 80)] if full else [(40, 160), (105, 175)]
    parts += [_blossom(x, y, 16, "#e5397a", "#ffd54f") for x, y in spots]
    return "".join(parts)


def cherry(full: bool) -> str:
    parts = [_path("M0 150 C40 140 80 150 140 120", stroke="#5a3a2a", width=6)]
    spots = [(25, 40), (60, 30), (100, 45), (40, 80), (85, 75), (120, 90), (20, 115), (60, 125), (105, 140)]
    if not full:
        spots = [(25, 150), (70, 170), (115, 160)]
    parts += [_blossom(x, y, 20, "#f7b6c8", "#d6336c") for x, y in spots]
    return "".join(parts)


def wisteria(full: bool) -> str:
    parts = [_path("M0 10 C40 25 100 5 140 20", stroke="#4a3020", width=5)]
    columns = [(20, 18), (55, 20), (90, 16), (122, 20)] if full else [(30, 120), (110, 120)]
    for x, y in columns:
        for i in range(7):
            parts.append(_circle(x + (i % 2) * 4 - 2, y + 8 + i * 11, 7 - i * 0.6, "#7e4fb8" if i % 2 else "#9c6ad8"))
        parts.append(_leaf(x + 10, y + 4, 22, 30, "#3c7a3a"))
    return "".join(parts)


def iris(full: bool) -> str:
    parts = []
    for x in (30, 55, 85, 110):
        top = 60 if full else 130
        parts.append(_path(f"M{x} 200 C{x - 6} 150 {x + 8} 110 {x + 2} {top}", stroke="#2f6b3a", width=6))
    flowers = [(35, 55), (100, 70), (65, 35)] if full else [(70, 125)]
    for x, y in flowers:
        parts.append(_path(f"M{x} {y} C{x - 22} {y - 10} {x - 18} {y + 18} {x} {y + 12} C{x + 18} {y + 18} "
                           f"{x + 22} {y - 10} {x} {y} Z", fill="#4b2fa0", stroke="#24145a", width=1))
        parts.append(_path(f"M{x - 4} {y + 4} L{x} {y - 16} L{x + 4} {y + 4} Z", fill="#7b5fd6"))
        parts.append(_circle(x, y + 6, 3, "#ffd54f"))
    return "".join(parts)


def peony(full: bool) -> str:
    parts = [_leaf(35, 150, 60, -40, "#2f6b3a"), _leaf(105, 160, 60, 40, "#2f6b3a"), _leaf(70, 175, 50, 90, "#24552d")]
    flowers = [(45, 95, 30), (100, 70, 26)] if full else [(70, 130, 28)]
    for x, y, r in flowers:
        parts.append(_blossom(x, y, r * 1.25, "#d81b3c", "#7a0d1e", 7))
        parts.append(_blossom(x, y, r * 0.75, "#ef4565", "#ffd54f", 5))
    return "".join(parts)


def bush_clover(full: bool) -> str:
    parts = []
    stems = [(10, 10, 60, 190), (70, 0, 100, 190), (130, 15, 120, 190)] if full else [(20, 120, 60, 200),
                                                                                     (120, 120, 90, 200)]
    for x1, y1, x2, y2 in stems:
        parts.append(_path(f"M{x1} {y1} Q{(x1 + x2) / 2 + 20} {(y1 + y2) / 2} {x2} {y2}", stroke="#5b3a1e", width=3))
        for i in range(1, 7):
            t = i / 7
            x, y = x1 + (x2 - x1) * t + 12 * t * (1 - t) * 4, y1 + (y2 - y1) * t
            parts.append(_leaf(x - 8, y, 14, -30, "#c0392b"))
            parts.append(_leaf(x + 8, y + 4, 14, 30, "#8e1f1a"))
    return "".join(parts)


def susuki(full: bool) -> str:
    parts = [_path("M0 200 L0 130 Q70 70 140 130 L140 200 Z", fill=BLACK_HILL)]
    for x in range(8, 140, 14):
        parts.append(_path(f"M{x} 140 Q{x + 4} 115 {x + 10} {100 if full else 120}", stroke="#9a9a8a", width=2))
    return "".join(parts)


def chrysanthemum(full: bool) -> str:
    import math

    parts = [_leaf(40, 170, 50, -30, "#2f6b3a"), _leaf(100, 175, 50, 30, "#2f6b3a")]
    flowers = [(45, 75, 30), (105, 120, 24)] if full else [(70, 150, 26)]
    for x, y, r in flowers:
        for i in range(16):
            a = 2 * math.pi * i / 16
            parts.append(f'<ellipse cx="{x + r * 0.55 * math.cos(a):.1f}" cy="{y + r * 0.55 * math.sin(a):.1f}" '
                         f'rx="{r * 0.45:.1f}" ry="{r * 0.14:.1f}" fill="#f5b700" stroke="#b07800" stroke-width="0.6" '
                         f'transform="rotate({math.degrees(a):.0f} {x + r * 0.55 * math.cos(a):.1f} '
                         f'{y + r * 0.55 * math.sin(a):.1f})"/>')
        parts.append(_circle(x, y, r * 0.25, "#e08a00"))
    return "".join(parts)


def _maple_leaf(cx: float, cy: float, r: float, fill: str) -> str:
    import math

    points = []
    for i in range(14):
        a = 2 * math.pi * i / 14 - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.45
        points.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="#6d0f0a" stroke-width="0.8"/>'


def maple(full: bool) -> str:
    parts = [_path("M140 0 C100 40 110 80 60 110", stroke="#4a2b18", width=4)]
    spots = [(110, 30), (80, 55), (120, 75), (50, 35), (65, 100), (25, 70)] if full else [(30, 160), (110, 170),
                                                                                        (70, 185)]
    parts += [_maple_leaf(x, y, 17, "#d62d20" if i % 2 else "#ef6c00") for i, (x, y) in enumerate(spots)]
    return "".join(parts)


def willow(full: bool) -> str:
    parts = []
    for x in ((15, 45, 80, 115) if full else (10, 130)):
        parts.append(_path(f"M{x} 0 C{x + 12} 60 {x - 8} 120 {x + 6} 190", stroke="#3d7a2f", width=2.5))
        for y in range(20, 190, 22):
            parts.append(_leaf(x + 4 + (y % 3) * 2, y, 20, 80, "#6fae3a"))
    return "".join(parts)


def paulownia(full: bool) -> str:
    parts = []
    leaves = [(40, 150), (100, 150), (70, 175)] if full else [(40, 160), (100, 165)]
    for x, y in leaves:
        parts.append(_path(f"M{x} {y + 28} C{x - 40} {y} {x - 25} {y - 35} {x} {y - 20} C{x + 25} {y - 35} "
                           f"{x + 40} {y} {x} {y + 28} Z", fill="#2f6b3a", stroke="#173b1c", width=1.2))
        parts.append(_path(f"M{x} {y + 26} L{x} {y - 18}", stroke="#6fae3a", width=1.2))
    if full:
        for i, x in enumerate((45, 70, 95)):
            for j in range(5):
                parts.append(_circle(x + (j % 2) * 5 - 2, 40 + i * 6 + j * 10, 6, "#8d5fc7", "#4a2d7a", 0.6))
    return "".join(parts)


PLANTS: tuple[Callable[[bool], str], ...] = (pine, plum, cherry, wisteria, iris, peony, bush_clover, susuki,
                                             chrysanthemum, maple, willow, paulownia)


# -- the brights ------------------------------------------------------------------------------

def red_sky(top: float = 0, bottom: float = 95) -> str:
    return f'<rect x="0" y="{top:g}" width="{W}" height="{bottom - top:g}" fill="{SKY}"/>'


def crane() -> str:
    return (red_sky(0, 70) + _circle(95, 38, 26, "#e53935", "#b71c1c", 2)
            + _path("M40 150 C35 120 50 100 70 100 C95 100 110 120 100 150 Z", fill="#ffffff", stroke=INK, width=2)
            + _path("M75 102 C70 80 55 70 58 45", stroke=INK, width=6)           # the long neck
            + _path("M58 45 C60 38 70 38 70 44 L86 46 L70 50 Z", fill="#ffffff", stroke=INK, width=1.5)
            + _circle(64, 40, 4, "#e53935")                                     # the red crown
            + _path("M40 150 L25 165 M48 150 L40 170", stroke=INK, width=4)      # the black tail
            + _path("M100 150 C120 140 125 120 115 110", fill="none", stroke=INK, width=5)
            + _path("M65 150 L60 190 M80 150 L85 190", stroke=INK, width=2.5))


def curtain() -> str:
    parts = [_path("M0 95 L140 95 L140 150 Q105 170 70 150 Q35 170 0 150 Z", fill="#b71c1c", stroke=INK, width=2)]
    for x in (10, 45, 80, 115):
        parts.append(_path(f"M{x} 95 L{x} 155", stroke="#f6ecd6", width=3))
    for x in (28, 98):
        parts.append(_circle(x, 122, 11, "#f6ecd6", INK, 1.5))
        parts.append(_blossom(x, 122, 8, "#e53935", "#ffd54f"))
    parts.append(_path("M0 93 L140 93", stroke="#6b3d1f", width=5))
    return "".join(parts)


def full_moon() -> str:
    return red_sky(0, 140) + _circle(70, 62, 40, "#fff8e1", "#c9a227", 2)


def rain_man() -> str:
    return (red_sky(0, 40)
            + _path("M30 95 C50 55 110 55 120 95 Z", fill="#e6c03a", stroke=INK, width=2)        # the umbrella
            + _path("M75 95 L68 150", stroke=INK, width=3)
            + _path("M48 100 L92 100 L100 165 L40 165 Z", fill="#2b2b6e", stroke=INK, width=2)   # the robe
            + _circle(70, 92, 9, "#f3d2b0", INK, 1.5)
            + _path("M62 86 L70 76 L78 86 Z", fill=INK)                                         # the court hat
            + _path("M20 170 Q40 185 60 172", stroke="#3a6fb0", width=5)                        # the stream
            + _path("M92 176 C95 166 110 166 112 176 Z", fill="#3c8d3c", stroke=INK, width=1.2)  # the frog
            + _circle(98, 169, 2, INK) + _circle(106, 169, 2, INK)
            + _path("M10 0 L12 40 M35 0 L37 40 M110 0 L112 40 M130 0 L132 40", stroke="#ffffff80", width=1.5))


def phoenix() -> str:
    parts = [red_sky(0, 60)]
    for i, colour in enumerate(("#e53935", "#fb8c00", "#43a047", "#1e88e5", "#8e24aa")):
        parts.append(_path(f"M70 95 C{20 + i * 10} {60 - i * 6} {10 + i * 22} 20 {30 + i * 20} 12",
                           stroke=colour, width=6))
    parts += [_path("M55 100 C55 80 85 80 90 100 C95 120 70 130 55 115 Z", fill="#e53935", stroke=INK, width=1.5),
              _path("M88 92 C100 82 110 86 112 78", stroke="#f5b700", width=5),
              _path("M110 76 L122 80 L110 84 Z", fill="#f5b700"),
              _circle(106, 78, 2.5, INK)]
    return "".join(parts)


# -- the animals ------------------------------------------------------------------------------

def warbler() -> str:
    return (_path("M40 120 C40 100 70 92 90 104 L110 100 L96 112 C92 128 60 136 40 120 Z", fill="#7d8b2a",
                  stroke=INK, width=1.5)
            + _path("M40 120 L18 132 L42 126 Z", fill="#5a661c") + _circle(84, 104, 2.5, INK)
            + _path("M60 112 C70 106 80 110 84 116", stroke="#c6d36a", width=2))


def cuckoo() -> str:
    return (red_sky(0, 60) + _path("M95 25 A24 24 0 1 0 118 55 A18 18 0 1 1 95 25 Z", fill="#ffd54f")
            + _path("M20 85 C50 70 70 80 85 88 L115 70 L92 96 C70 110 45 104 20 85 Z", fill=INK)
            + _path("M85 88 L100 84 L88 94 Z", fill=RED) + _circle(82, 88, 1.8, "#ffffff"))


def bridge() -> str:
    return (_path("M0 120 L50 95 L60 103 L10 130 Z", fill="#8b5a2b", stroke=INK, width=1.5)
            + _path("M55 100 L140 130 L135 140 L52 110 Z", fill="#a0692f", stroke=INK, width=1.5)
            + _path("M15 128 L15 150 M45 104 L45 130 M80 115 L80 140 M120 128 L120 150", stroke=INK, width=3)
            + _path("M0 160 Q35 150 70 160 T140 160", stroke="#3a6fb0", width=4))


def _butterfly(cx: float, cy: float, s: float, colour: str) -> str:
    return (f'<g transform="translate({cx:g} {cy:g}) scale({s:g})">'
            + _path("M0 0 C-22 -26 -34 -4 -20 6 C-30 18 -10 24 0 4 Z", fill=colour, stroke=INK, width=1.2)
            + _path("M0 0 C22 -26 34 -4 20 6 C30 18 10 24 0 4 Z", fill=colour, stroke=INK, width=1.2)
            + _path("M0 -8 L0 10", stroke=INK, width=2.5) + _path("M0 -8 L-6 -18 M0 -8 L6 -18", stroke=INK, width=1)
            + "</g>")


def butterflies() -> str:
    return _butterfly(45, 45, 1.1, "#5c6bc0") + _butterfly(100, 40, 0.9, "#ff7043")


def boar() -> str:
    return (_path("M25 150 C25 120 60 105 95 112 C115 116 125 130 122 142 L130 150 L118 152 C110 162 60 168 25 150 Z",
                  fill="#5d3a1a", stroke=INK, width=2)
            + _path("M35 150 L32 172 M55 158 L55 176 M92 158 L94 176 M110 154 L114 172", stroke=INK, width=5)
            + _circle(110, 128, 2.5, "#ffffff") + _path("M120 140 L128 134", stroke="#f6ecd6", width=2)
            + _path("M40 120 L50 108 L60 116 L72 106 L82 114", stroke=INK, width=2))


def geese() -> str:
    parts = [red_sky(0, 40)]
    for x, y, s in ((40, 40, 1), (85, 30, 0.85), (110, 58, 0.75)):
        parts.append(f'<g transform="translate({x} {y}) scale({s})">'
                     + _path("M-20 0 C-10 -14 0 -4 0 0 C0 -4 10 -14 20 0 C10 -4 4 4 0 4 C-4 4 -10 -4 -20 0 Z",
                             fill=INK) + _path("M0 2 L6 -6", stroke=INK, width=2) + "</g>")
    return "".join(parts)


def sake_cup() -> str:
    return (_path("M30 75 L110 75 C108 100 90 112 70 112 C50 112 32 100 30 75 Z", fill=RED, stroke="#6d0f0a", width=2)
            + _path("M55 112 L50 125 L90 125 L85 112 Z", fill="#b71c1c", stroke="#6d0f0a", width=2)
            + _circle(70, 90, 11, "#ffd54f")
            + '<text x="70" y="96" font-size="15" text-anchor="middle" fill="#6d0f0a" '
              'font-family="Noto Sans CJK JP, sans-serif" font-weight="bold">寿</text>')


def deer() -> str:
    return (_path("M30 140 C30 120 50 112 80 115 L95 100 L100 70 L110 72 L106 104 L112 112 L104 120 C100 140 "
                  "70 150 30 140 Z", fill="#8d5524", stroke=INK, width=1.8)
            + _path("M100 72 L92 52 M100 72 L108 50 M95 60 L86 58 M106 58 L116 56", stroke="#5d3a1a", width=3)
            + _path("M40 140 L38 175 M55 145 L57 178 M85 140 L84 175 M98 130 L102 168", stroke=INK, width=4)
            + _circle(104, 84, 2, INK)
            + "".join(_circle(x, y, 3, "#f6ecd6") for x, y in ((50, 125), (65, 122), (80, 126), (58, 133))))


def swallow() -> str:
    return (_path("M20 70 C50 60 70 62 85 68 L125 40 L95 76 C80 90 50 86 20 70 Z", fill="#152238")
            + _path("M28 70 L5 60 L22 74 Z M30 74 L8 84 L28 78 Z", fill="#152238")
            + _path("M85 68 L98 66 L88 74 Z", fill=RED)
            + _path("M0 130 L140 130", stroke="#3a6fb0", width=3))


# -- ribbons and the lightning --------------------------------------------------------------------

def ribbon(colour: str, writing: str) -> str:
    """A tanzaku ribbon hanging across the card; ``writing`` in black on the red poetry ribbons."""
    out = ('<g transform="rotate(-14 70 100)">'
           + f'<rect x="54" y="36" width="32" height="118" fill="{colour}" stroke="{INK}" stroke-width="2"/>'
           + _path("M54 48 L86 48 M54 142 L86 142", stroke="#ffffffa0", width=2))
    if writing:
        out += (f'<text x="70" y="50" font-size="16" text-anchor="start" fill="{INK}" writing-mode="tb" '
                f'font-family="Noto Serif CJK JP, Noto Sans CJK JP, serif" font-weight="bold" '
                f'letter-spacing="1">{writing}</text>')
    return out + "</g>"


def lightning() -> str:
    """The willow's chaff (柳に雷): a black storm, the thunder drums and the red lightning."""
    parts = [_path("M0 0 L140 0 L140 110 Q70 140 0 110 Z", fill="#2a2a2a"),
             _path("M70 20 L48 70 L68 70 L46 120 L96 58 L74 58 L92 20 Z", fill="#e53935", stroke="#ffd54f", width=2)]
    for x in (25, 115):
        parts.append(_circle(x, 40, 15, "#c8322b", "#ffd54f", 2))
        parts.append(_path(f"M{x - 8} 40 A8 8 0 0 1 {x + 8} 40", stroke="#ffd54f", width=2))
    parts += [_path("M0 150 Q35 135 70 150 T140 150 L140 200 L0 200 Z", fill="#3a6fb0"),
              _path("M10 170 Q40 160 70 170 T130 170", stroke="#bcd4f0", width=2)]
    return "".join(parts)


POEMS = {1: "あかよろし", 2: "あかよろし", 3: "みよしの"}
BRIGHTS: dict[int, Callable[[], str]] = {1: crane, 3: curtain, 8: full_moon, 11: rain_man, 12: phoenix}
ANIMALS: dict[int, Callable[[], str]] = {2: warbler, 4: cuckoo, 5: bridge, 6: butterflies, 7: boar, 8: geese,
                                         9: sake_cup, 10: deer, 11: swallow}


def picture(month: int, card_class: str, index: int, english: str) -> str:
    """The card's drawing: the month's plant, then the card's own subject (a bright, an animal, a
    ribbon; the chaff shows the plant alone, the willow's is the lightning)."""
    plant = PLANTS[(month - 1) % len(PLANTS)]
    name = english.lower()
    if card_class == "bright" and month in BRIGHTS:
        subject = BRIGHTS[month]()
        if month == 8:                                       # the moon rises over the black hill
            return subject + plant(True)
        if month == 11:
            return willow(False) + subject
        return plant(month != 3) + subject
    if card_class == "animal" and month in ANIMALS:
        if month == 8:
            return ANIMALS[month]() + plant(True)
        return plant(month not in (5, 9)) + ANIMALS[month]()
    if card_class == "ribbon":
        colour = "#1f3f8f" if "blue" in name else RED
        writing = POEMS.get(month, "あかよろし") if "poetry" in name else ""
        return plant(True) + ribbon(colour, writing)
    if card_class == "chaff" and month == 11:
        return lightning()
    body = plant(True)
    if month == 12 and index == 3:                          # the paulownia chaff with the coloured band
        body += f'<rect x="0" y="178" width="{W}" height="22" fill="#f5b700" opacity="0.85"/>'
    if card_class not in ("bright", "animal", "ribbon", "chaff"):
        body += _circle(70, 100, 18, "#9e9e9e", INK, 2)
    if card_class == "bright":
        body += _circle(70, 50, 22, "#ffd54f", "#b8860b", 2)
    elif card_class == "animal":
        body += f'<rect x="50" y="80" width="40" height="40" rx="8" fill="#8d2b1f" stroke="{INK}" stroke-width="2"/>'
    return body
