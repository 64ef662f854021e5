"""Screenshots of every sample's preview page in headless Chromium,
compared with reviewed PNGs in Tests/browser/screenshots/ (a small
tolerance absorbs anti-aliasing). Also: the platform and appearance
switches (a page with another radio button checked), and the system's
dark appearance (`--force-dark-mode`).

After an intended change, re-record and look at every changed PNG:

    MENUC_RECORD_SCREENSHOTS=1 MENUC=.build/debug/menuc python3 -m pytest -q Tests/browser
"""

from __future__ import annotations

import os
import pathlib

import pytest
from PIL import Image, ImageChops

from conftest import run_chromium

GOLDEN = pathlib.Path(__file__).resolve().parent / "screenshots"
RECORDING = os.environ.get("MENUC_RECORD_SCREENSHOTS") == "1"
WINDOW = (800, 900)
# A pixel differs when a channel moves by more than this; a screenshot
# differs when more than this share of its pixels do.
CHANNEL_TOLERANCE = 48
PIXEL_SHARE = 0.0002


def differing_share(expected: Image.Image, actual: Image.Image) -> float:
    difference = ImageChops.difference(expected.convert("RGB"), actual.convert("RGB"))
    histogram = difference.convert("L").point(lambda value: 255 if value > CHANNEL_TOLERANCE else 0).histogram()
    return histogram[255] / (actual.width * actual.height)


def screenshot(chromium, page: pathlib.Path, out: pathlib.Path, *extra: str) -> Image.Image:
    # The virtual time budget lets the whole page load and lay out before the picture is taken.
    result = run_chromium(chromium, f"--window-size={WINDOW[0]},{WINDOW[1]}", "--virtual-time-budget=3000", "--run-all-compositor-stages-before-draw", f"--screenshot={out}", *extra, page.as_uri(),
                          profile=out.with_suffix(".profile"))
    assert out.exists(), f"no screenshot of {page}: {result.stderr[-1500:]}"
    return Image.open(out)


def variants(previews, tmp_path):
    """(golden name, page, extra Chromium flags) for every screenshot taken."""
    shots = [(name.replace("/", "__"), page, ()) for name, page in previews.items()]
    notes = previews["notes"].read_text(encoding="utf-8")
    touch = notes.replace('id="p-mac" class="switch" checked>', 'id="p-mac" class="switch">') \
                 .replace('id="p-touch" class="switch">', 'id="p-touch" class="switch" checked>')
    dark = notes.replace('id="a-auto" class="switch" checked>', 'id="a-auto" class="switch">') \
                .replace('id="a-dark" class="switch">', 'id="a-dark" class="switch" checked>')
    assert touch != notes and dark != notes
    for name, text in (("notes--touch", touch), ("notes--dark-switch", dark)):
        copy = tmp_path / (name + ".html")
        copy.write_text(text, encoding="utf-8")
        shots.append((name, copy, ()))
    shots.append(("notes--dark-system", previews["notes"], ("--force-dark-mode",)))
    shots.append(("workout--dark-system", previews["workout"], ("--force-dark-mode",)))
    return shots


def test_previews_look_as_reviewed(chromium, previews, tmp_path):
    failures = []
    shots = variants(previews, tmp_path)
    assert len(shots) >= 40
    for name, page, extra in shots:
        actual = screenshot(chromium, page, tmp_path / (name + ".png"), *extra)
        golden = GOLDEN / (name + ".png")
        if RECORDING:
            GOLDEN.mkdir(exist_ok=True)
            actual.save(golden, optimize=True)
            continue
        if not golden.exists():
            failures.append(f"{name}: no reviewed screenshot {golden.name}; record with MENUC_RECORD_SCREENSHOTS=1")
            continue
        expected = Image.open(golden)
        if expected.size != actual.size:
            failures.append(f"{name}: {actual.size} instead of {expected.size}")
            continue
        share = differing_share(expected, actual)
        if share > PIXEL_SHARE:
            kept = tmp_path / (name + ".actual.png")
            actual.save(kept)
            failures.append(f"{name}: {share:.2%} of the pixels differ from {golden.name} (now: {kept})")
    if not RECORDING:
        names = {name + ".png" for name, _, _ in shots}
        failures += [f"{png.name} belongs to no page; delete it" for png in GOLDEN.glob("*.png") if png.name not in names]
    assert not failures, "\n".join(failures)


def test_the_comparison_sees_a_changed_picture(chromium, previews, tmp_path):
    """A menu drawn with its rows moved is more than the tolerance away."""
    text = previews["notes"].read_text(encoding="utf-8")
    moved = text.replace('<g class="m-row" data-path="menubar/File/newNote">', '<g class="m-row" data-path="menubar/File/newNote" transform="translate(60 3)">')
    assert moved != text
    copy = tmp_path / "moved.html"
    copy.write_text(moved, encoding="utf-8")
    original = screenshot(chromium, previews["notes"], tmp_path / "original.png")
    changed = screenshot(chromium, copy, tmp_path / "changed.png")
    assert differing_share(original, changed) > PIXEL_SHARE
    assert differing_share(original, screenshot(chromium, previews["notes"], tmp_path / "again.png")) == 0, "screenshots are stable"
