"""A real editor: headless Neovim 0.7 attaches its built-in LSP client to
`menuc lsp` (see nvim_check.lua) and reads back diagnostics.

Tests/run-all.sh installs Debian's `neovim` and sets MENUC_REQUIRE_NVIM=1,
so there a missing `nvim` fails; elsewhere the test is skipped."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import MENUC, REPO

CHECK = pathlib.Path(__file__).with_name("nvim_check.lua")
EDITING = pathlib.Path(__file__).with_name("nvim_editing.lua")
SAMPLE = REPO / "samples" / "errors" / "unknown-property.menu"


def run_neovim(file: pathlib.Path, fix_from: str, fix_to: str, tmp_path: pathlib.Path, script: pathlib.Path = CHECK) -> list[str]:
    nvim = shutil.which("nvim")
    if nvim is None:
        if os.environ.get("MENUC_REQUIRE_NVIM") == "1":
            pytest.fail("nvim is not installed (Tests/run-all.sh installs Debian's neovim)")
        pytest.skip("nvim is not installed")
    report = tmp_path / "report.txt"
    environment = dict(
        os.environ, MENUC=MENUC, MENU_FILE=str(file), NVIM_CHECK_REPORT=str(report), FIX_FROM=fix_from, FIX_TO=fix_to
    )
    # -u NONE: no user configuration, no plugins; only the built-in client.
    completed = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", f"luafile {script}"],
        env=environment,
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
    )
    lines = report.read_text().splitlines() if report.exists() else []
    assert completed.returncode == 0 and lines[-1:] == ["RESULT ok"], (
        f"neovim exited with {completed.returncode}; report: {lines}; stderr: {completed.stderr.decode(errors='replace')[-2000:]}"
    )
    return lines


def test_neovim_reads_diagnostics_of_a_sample(tmp_path: pathlib.Path):
    sample = tmp_path / "unknown-property.menu"
    shutil.copyfile(SAMPLE, sample)
    lines = run_neovim(sample, "shortcuts:", "shortcut:", tmp_path)
    assert "SERVER menuc utf-16:true" in lines
    # `  item copy "Copy" { shortcuts: "cmd+c" }`: line 4, byte column 22.
    assert any(line.startswith("DIAGNOSTIC 4:22 unknown-property unknown property 'shortcuts' for item") for line in lines), lines
    assert any(line.startswith("HOVER") for line in lines), lines
    assert "CLEARED" in lines


def test_neovim_columns_after_emoji(tmp_path: pathlib.Path):
    # 📋 is 4 bytes and 2 UTF-16 units: Neovim converts the server's UTF-16
    # column to bytes, so a wrong count on either side shows up here.
    text = SAMPLE.read_text().replace('item copy "Copy"', 'item copy "📋 Copy"')
    sample = tmp_path / "emoji.menu"
    sample.write_text(text)
    lines = run_neovim(sample, "shortcuts:", "shortcut:", tmp_path)
    expected_column = text.splitlines()[3].encode().index(b"shortcuts") + 1
    assert any(line.startswith(f"DIAGNOSTIC 4:{expected_column} unknown-property") for line in lines), lines
    assert "CLEARED" in lines


def test_neovim_renames_highlights_searches_formats_and_previews(tmp_path: pathlib.Path):
    project = tmp_path / "project"
    (project / "shared").mkdir(parents=True)
    (project / "menuc.json").write_text("{}\n")
    (project / "shared" / "edit.menu").write_text('menu Edit "Edit" {\n  item undo "Undo"\n}\n')
    # 📋 is 4 bytes and 2 UTF-16 units before the name Neovim renames in a file it has not opened.
    (project / "other.menu").write_text('import "shared/edit.menu"\n\ncontextmenu list "📋 List" { menu: Edit }\n')
    main = project / "main.menu"
    main.write_text('import "shared/edit.menu"\n\nmenubar {\n  use Edit\n}\n\nview  Prefs "Preferences" {\n   button show "Show…" { opens: Prefs }\n}\n')
    canonical = subprocess.run([MENUC, "fmt", "-"], input=main.read_bytes(), capture_output=True, check=True).stdout.decode()
    lines = run_neovim(main, "", "", tmp_path, script=EDITING)
    assert lines[0].startswith("RENAME-PROVIDER") and "prepareProvider = true" in lines[0], lines
    assert [line for line in lines if line.startswith("HIGHLIGHT")] == ["HIGHLIGHT 4:6 kind 2"], lines
    assert [line for line in lines if line.startswith("SYMBOL")] == ["SYMBOL undo in edit.menu"], lines
    assert [line for line in lines if line.startswith("LENS")] == ["LENS 3 Preview menubar", "LENS 7 Preview Prefs"], lines
    # Neovim 0.7 opens no documents for servers: it is told where the page is.
    assert [line for line in lines if line.startswith("PREVIEW")] == ["PREVIEW html #decl-Edit", "PREVIEW-SECTION true", "PREVIEW-MESSAGE true"], lines
    formatted = [line[len("FORMATTED ") :] for line in lines if line.startswith("FORMATTED")]
    assert formatted == canonical[canonical.index("view Prefs") :].rstrip("\n").split("\n"), lines
    assert [line for line in lines if line.startswith("RENAMED")] == [
        "RENAMED main.menu:   use EditMenu",
        "RENAMED other.menu: contextmenu list \"📋 List\" { menu: EditMenu }",
        "RENAMED shared/edit.menu: menu EditMenu \"Edit\" {",
    ], lines
