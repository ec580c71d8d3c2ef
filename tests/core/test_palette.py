"""The team colours and the G colours stay distinguishable for colour-blind readers.

Each colour is passed through the simulation of full protanopia, deuteranopia and tritanopia of
Machado, Oliveira and Fernandes (2009, "A physiologically-based model for simulation of color
vision deficiency", IEEE TVCG 15(6); the severity-1.0 matrices, applied to linear sRGB), then
compared in CIELAB (D65) by the CIEDE2000 difference. Every two colours of a set must differ by
at least ``THRESHOLD`` under each simulation and under normal sight: 10 units is several times a
just-noticeable difference (about 1 to 2.3), enough to tell two small marks (a plane, an arrow)
apart at a glance.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cs_panel.core import palette

THRESHOLD = 10.0

#: Machado et al. (2009), severity 1.0, for linear RGB
SIMULATIONS = {
    "normal": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}

# sRGB (linear) to CIE XYZ, D65
_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                 [0.2126729, 0.7151522, 0.0721750],
                 [0.0193339, 0.1191920, 0.9503041]])
_WHITE = _XYZ @ np.ones(3)


def linear_rgb(colour: str) -> np.ndarray:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    c = np.array([int(h[i:i + 2], 16) for i in (0, 2, 4)]) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(rgb_linear: np.ndarray) -> np.ndarray:
    xyz = _XYZ @ np.clip(rgb_linear, 0.0, 1.0) / _WHITE
    d = 6 / 29
    f = np.where(xyz > d ** 3, np.cbrt(xyz), xyz / (3 * d * d) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(colour: str, sight: str) -> np.ndarray:
    """The colour as a reader with ``sight`` sees it, in CIELAB."""
    return lab(SIMULATIONS[sight] @ linear_rgb(colour))


def ciede2000(lab1, lab2) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dl, dc = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dH = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    l_bar, cp_bar = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * np.cos(np.radians(h_bar - 30)) + 0.24 * np.cos(np.radians(2 * h_bar))
         + 0.32 * np.cos(np.radians(3 * h_bar + 6)) - 0.20 * np.cos(np.radians(4 * h_bar - 63)))
    d_theta = 30 * np.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * np.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / np.sqrt(20 + (l_bar - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    rt = -np.sin(np.radians(2 * d_theta)) * rc
    return float(np.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh)))


def closest_pair(colours, sight: str) -> tuple[float, str, str]:
    return min((ciede2000(seen(a, sight), seen(b, sight)), a, b) for a, b in itertools.combinations(colours, 2))


@pytest.mark.parametrize("lab1, lab2, expected", [
    # Sharma, Wu and Dalal's test data, pairs 1, 7, 17 and 25
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
])
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert ciede2000(np.array(lab1), np.array(lab2)) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_merge_what_each_deficiency_cannot_tell_apart():
    # a check that would pass every palette proves nothing: pure red and green, far apart to normal
    # sight, come out close for protanopes and deuteranopes; blue and green close for tritanopes
    assert ciede2000(seen("#ff0000", "normal"), seen("#00ff00", "normal")) > 80
    assert ciede2000(seen("#d62728", "deuteranopia"), seen("#2ca02c", "deuteranopia")) < THRESHOLD
    assert ciede2000(seen("#2ca02c", "protanopia"), seen("#ff7f0e", "protanopia")) < THRESHOLD
    assert ciede2000(seen("#2f855a", "tritanopia"), seen("#2c7a7b", "tritanopia")) < THRESHOLD
    # each simulation leaves white white and black black (the rows of each matrix sum to one)
    for m in SIMULATIONS.values():
        assert m.sum(axis=1) == pytest.approx(np.ones(3), abs=1e-3)


SETS = {
    "G colours": palette.G_COLOURS,
    "team colours": palette.TEAM_COLOURS,
    "player colours": palette.PLAYER_COLOURS,
    "Air Action colours": palette.AIR_ACTION_COLOURS,
}


@pytest.mark.parametrize("sight", list(SIMULATIONS))
@pytest.mark.parametrize("name", list(SETS))
def test_every_two_colours_of_a_set_stay_apart(name, sight):
    diff, a, b = closest_pair(SETS[name], sight)
    assert diff >= THRESHOLD, f"{name}: {a} and {b} differ by only {diff:.1f} CIEDE2000 under {sight}"


def test_the_drawings_take_their_side_colours_from_the_palette():
    from cs_panel.aces.render import PLAYER_COLOURS as aces
    from cs_panel.airaction.svg import COLOURS as air
    from cs_panel.barrooms.render import SIDE_COLOURS as barrooms
    from cs_panel.fasa.referee.render import PLANE_COLOURS as referee

    assert aces == palette.TEAM_COLOURS and air == palette.AIR_ACTION_COLOURS
    assert barrooms == referee == palette.PLAYER_COLOURS
    assert len(palette.G_COLOURS) == 7  # 0 to 6 G


def test_g_colours_show_against_the_white_hexes():
    # WCAG 2's 3:1 for graphics: a thin arrow must not fade into the hex it is drawn on
    for c in palette.G_COLOURS:
        y = float(linear_rgb(c) @ np.array([0.2126, 0.7152, 0.0722]))
        assert 1.05 / (y + 0.05) >= 3.0, c


def test_legend_words_take_black_or_white_whichever_reads_better():
    assert palette.text_on("#ffffff") == "#000000" and palette.text_on("#000000") == "#ffffff"
    assert palette.contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert palette.contrast("#777777", "#777777") == pytest.approx(1.0)
    # every G chip's words reach WCAG 2's 4.5:1 for text
    for c in palette.G_COLOURS + palette.TEAM_COLOURS:
        assert palette.contrast(c, palette.text_on(c)) >= 4.5, c
