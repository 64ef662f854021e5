"""Shared fixtures: the `menuc` binary, headless Chromium, and the preview
pages of every sample (and of the hostile-labels fixture)."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = REPO / "Tests" / "MenuCompilerTests" / "Fixtures"


def menuc_binary() -> str:
    path = pathlib.Path(os.environ.get("MENUC", REPO / ".build" / "debug" / "menuc")).resolve()
    if not path.exists():
        raise RuntimeError(f"{path} does not exist; run `swift build` first (or set MENUC)")
    return str(path)


def chromium_binary() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def chromium() -> str:
    """Chromium, or a skip when this machine has none (a failure under CI=true)."""
    found = chromium_binary()
    if found is None:
        if os.environ.get("CI") == "true" or os.environ.get("MENUC_REQUIRE_CHROMIUM") == "1":
            pytest.fail("chromium is not installed (Debian: apt-get install chromium)")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium)")
    return found


def run_chromium(chromium: str, *arguments: str, profile: pathlib.Path) -> subprocess.CompletedProcess:
    """Headless Chromium with its own profile (parallel runs don't share one), no GPU, no network."""
    return subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--disable-extensions", "--font-render-hinting=none", "--force-device-scale-factor=1",
         f"--user-data-dir={profile}", *arguments],
        capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="session")
def previews(tmp_path_factory) -> dict[str, pathlib.Path]:
    """Every sample's preview page (no exclusions), and the hostile-labels fixture's, by name (`notes`, `errors/syntax`)."""
    out = tmp_path_factory.mktemp("previews")
    config = out / "menuc.json"
    config.write_text("{}\n")
    subprocess.run([menuc_binary(), "preview", "samples", "--config", str(config), "--out", str(out / "samples"), "-q"],
                   cwd=REPO, check=True)
    subprocess.run([menuc_binary(), "preview", "hostile-labels.menu", "--out", str(out / "fixtures"), "-q"],
                   cwd=FIXTURES, check=True)
    pages = {}
    for page in sorted((out / "samples").rglob("*.html")):
        pages[str(page.relative_to(out / "samples"))[:-5]] = page
    pages["fixtures/hostile-labels"] = out / "fixtures" / "hostile-labels.html"
    return pages
