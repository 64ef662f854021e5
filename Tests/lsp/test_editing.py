"""End to end: rename, document highlights, workspace symbols, range
formatting and the preview code lens, through a real LSP client
(pytest-lsp, VS Code's capabilities) against the real `menuc lsp`."""

from __future__ import annotations

import pathlib
import subprocess

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import MENUC, apply_edits, open_document, position_of, range_of

EDIT = '/// Edit.\nmenu Edit "Edit" {\n  item undo "Undo"\n}\n'
OTHER = 'import "shared/edit.menu"\ncontextmenu list { menu: Edit }\n'
MAIN = 'import "shared/edit.menu"\nmenubar {\n  use Edit\n}\n\nview Prefs "Preferences" {\n  button show "Show Edit…" { opens: Prefs }\n}\n'


def project(workspace: pathlib.Path) -> dict[str, pathlib.Path]:
    """Three files: a declaration, an open file using it, an unopened file using it."""
    (workspace / "shared").mkdir()
    files = {"edit": workspace / "shared" / "edit.menu", "other": workspace / "other.menu", "main": workspace / "main.menu"}
    files["edit"].write_text(EDIT)
    files["other"].write_text(OTHER)
    files["main"].write_text(MAIN)
    return files


def edits_by_uri(edit: types.WorkspaceEdit) -> dict[str, list[types.TextEdit]]:
    """The edits of a workspace edit, whichever form the server chose."""
    if edit.document_changes:
        return {change.text_document.uri: list(change.edits) for change in edit.document_changes}
    return dict(edit.changes or {})


def compile_errors(paths: list[pathlib.Path]) -> str:
    """What `menuc check` says about files: the renamed project must still compile."""
    completed = subprocess.run([MENUC, "check", "--format", "short", *map(str, paths)], capture_output=True, text=True)
    return completed.stdout if completed.returncode != 0 else ""


async def rename(client: LanguageClient, uri: str, position: types.Position, new_name: str):
    return await client.text_document_rename_async(
        types.RenameParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name=new_name)
    )


# --- Rename -------------------------------------------------------------------------


async def test_capabilities_include_the_editing_features(client: LanguageClient):
    result = client.initialize_result.capabilities
    assert result.rename_provider.prepare_provider  # VS Code prepares renames
    assert result.document_highlight_provider and result.workspace_symbol_provider
    assert result.document_range_formatting_provider
    assert result.code_lens_provider is not None
    assert list(result.execute_command_provider.commands) == ["menuc.preview", "menuc.applyFix"]


async def test_rename_a_declaration_across_files(client: LanguageClient, workspace: pathlib.Path):
    files = project(workspace)
    main_uri = open_document(client, files["main"], MAIN)
    # From the `use` in the open file: the declaration and every reference, opened or not.
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=types.TextDocumentIdentifier(uri=main_uri), position=position_of(MAIN, "Edit", offset=2))
    )
    assert prepared.range == range_of(MAIN, "Edit") and prepared.placeholder == "Edit"
    edit = await rename(client, main_uri, position_of(MAIN, "Edit", offset=2), "EditMenu")
    by_uri = edits_by_uri(edit)
    assert sorted(by_uri) == sorted(path.as_uri() for path in files.values())
    # The references finder and rename agree: every reference is renamed.
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=main_uri),
            position=position_of(MAIN, "Edit", offset=2),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    renamed = sorted((uri, e.range.start.line, e.range.start.character) for uri, edits in by_uri.items() for e in edits)
    assert renamed == sorted((r.uri, r.range.start.line, r.range.start.character) for r in references)
    texts = {name: apply_edits(path.read_text(), by_uri[path.as_uri()]) for name, path in files.items()}
    assert texts["edit"] == EDIT.replace("menu Edit", "menu EditMenu")
    assert texts["other"] == OTHER.replace("menu: Edit", "menu: EditMenu")
    assert "use EditMenu" in texts["main"] and 'import "shared/edit.menu"' in texts["main"]
    for name, path in files.items():
        path.write_text(texts[name])
    assert compile_errors(list(files.values())) == ""


async def test_rename_gives_a_derived_identifier_a_written_one(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu "Edit" {\n  item "Undo"\n}\nmenubar {\n  use edit\n}\n'
    uri = open_document(client, workspace / "derived.menu", text)
    edit = await rename(client, uri, position_of(text, "use edit", offset=5), "EditMenu")
    renamed = apply_edits(text, edits_by_uri(edit)[uri])
    assert renamed == 'menu EditMenu "Edit" {\n  item "Undo"\n}\nmenubar {\n  use EditMenu\n}\n'


async def test_rename_an_option_and_its_default(client: LanguageClient, workspace: pathlib.Path):
    text = 'view V "V" {\n  popup size "Size" {\n    default: small\n    option small "Small"\n    option large "Large"\n  }\n}\n'
    uri = open_document(client, workspace / "popup.menu", text)
    edit = await rename(client, uri, position_of(text, "option small", offset=8), "tiny")
    renamed = apply_edits(text, edits_by_uri(edit)[uri])
    assert renamed == text.replace("small", "tiny")
    # From the `default:` value, the same rename.
    again = await rename(client, uri, position_of(text, "default: small", offset=10), "tiny")
    assert apply_edits(text, edits_by_uri(again)[uri]) == renamed


async def test_rename_refuses_clashes_and_bad_names(client: LanguageClient, workspace: pathlib.Path):
    files = project(workspace)
    main_uri = open_document(client, files["main"], MAIN)
    at_edit = position_of(MAIN, "use Edit", offset=5)
    refusals = {
        "1Edit": "is not an identifier",
        "Edit Menu": "is not an identifier",
        "Prefs": "already declared",  # main.menu declares it, and sees Edit
        "true": "reads as a boolean",
        "e" * 5000: "bytes long",
    }
    for new_name, reason in refusals.items():
        with pytest.raises(Exception, match=reason):
            await rename(client, main_uri, at_edit, new_name)
    # Edit and edit would clash in generated Swift: the compiler's own check says so.
    with pytest.raises(Exception, match="name-clash|generated Swift"):
        text = 'menu Edit "Edit" {}\nmenu edit2 "Other" {}\n'
        uri = open_document(client, workspace / "clash.menu", text)
        await rename(client, uri, position_of(text, "edit2"), "edit")
    # Two siblings with one identifier.
    text = 'menu M "M" {\n  item a "A"\n  item c "C"\n  section {\n    item b "B"\n  }\n}\n'
    uri = open_document(client, workspace / "siblings.menu", text)
    with pytest.raises(Exception, match="duplicate identifier 'a'"):
        await rename(client, uri, position_of(text, "item c", offset=5), "a")
    # Through a section without an identifier: one path for two elements.
    with pytest.raises(Exception, match="name-clash"):
        await rename(client, uri, position_of(text, "item b", offset=5), "a")


async def test_rename_refuses_what_is_not_a_name(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu M "M" {\n  section {\n    item a "A" { shortcut: "cmd+a" }\n  }\n  use Nowhere\n}\n'
    uri = open_document(client, workspace / "names.menu", text)
    for needle, reason in [("shortcut", "no identifier here"), ("section", "no identifier of its own"), ("Nowhere", "names no declaration")]:
        with pytest.raises(Exception, match=reason):
            await rename(client, uri, position_of(text, needle, offset=1), "x")
        with pytest.raises(Exception, match=reason):
            await client.text_document_prepare_rename_async(
                types.PrepareRenameParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, needle, offset=1))
            )


# --- Highlights, workspace symbols ------------------------------------------------------


async def test_document_highlights_mark_the_declaration_and_its_uses(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu Edit "Edit" {}\nmenubar {\n  use Edit\n}\ncontextmenu c { menu: Edit }\n'
    uri = open_document(client, workspace / "h.menu", text)
    highlights = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, "use Edit", offset=5))
    )
    found = sorted((h.range.start.line, h.range.start.character, h.kind) for h in highlights)
    assert found == [(0, 5, types.DocumentHighlightKind.Write), (2, 6, types.DocumentHighlightKind.Read), (4, 22, types.DocumentHighlightKind.Read)]
    nothing = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=9))
    )
    assert not nothing


async def test_workspace_symbols_search_every_file(client: LanguageClient, workspace: pathlib.Path):
    files = project(workspace)
    open_document(client, files["main"], MAIN)
    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="edit"))
    names = [(s.name, s.location.uri) for s in symbols]
    # The exact identifier first, then the label "Show Edit…" (from main.menu).
    assert names[0] == ("Edit", files["edit"].as_uri())
    assert ("show", files["main"].as_uri()) in names
    undo = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="und"))
    assert [(s.name, s.container_name) for s in undo] == [("undo", "Edit")]
    # Letters in order match too; the same query gives the same answer.
    fuzzy = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="prf"))
    assert [s.name for s in fuzzy] == ["Prefs"]
    assert [s.name for s in await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="edit"))] == [s.name for s in symbols]


# --- Range formatting ----------------------------------------------------------------------


MESSY = 'menu   File "File"{\n item open "Open…"{shortcut:"cmd+o"}\n}\n\n\n\nmenu  Edit "Edit" {\n   item undo "Undo"\n}\n'


async def test_range_formatting_formats_only_the_selected_lines(client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(client, workspace / "messy.menu", MESSY)
    canonical = subprocess.run([MENUC, "fmt", "-"], input=MESSY.encode(), capture_output=True, check=True).stdout.decode()
    # The second declaration only: its lines become what `menuc fmt` writes; the first stays messy.
    selection = types.Range(start=position_of(MESSY, "menu  Edit"), end=position_of(MESSY, "}", occurrence=2, offset=1))
    edits = await client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=selection, options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    formatted = apply_edits(MESSY, edits)
    assert formatted.startswith('menu   File "File"{\n item open')
    assert formatted.endswith(canonical[canonical.index('menu Edit'):])
    # Everything selected: the whole of `menuc fmt`.
    everything = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=99, character=0))
    all_edits = await client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=everything, options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    assert apply_edits(MESSY, all_edits) == canonical


# --- Preview lens ----------------------------------------------------------------------------


async def test_preview_lens_on_each_declaration_runs_its_command(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu Edit "Edit" {}\n\nview Prefs "Preferences" {}\n'
    uri = open_document(client, workspace / "lens.menu", text)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [(lens.range.start.line, lens.command.title, lens.command.command, list(lens.command.arguments)) for lens in lenses] == [
        (0, "Preview", "menuc.preview", [uri, "Edit"]),
        (2, "Preview", "menuc.preview", [uri, "Prefs"]),
    ]
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=lenses[1].command.command, arguments=lenses[1].command.arguments)
    )
    assert result.startswith("file:///") and result.endswith(".html#decl-Prefs")  # more in test_preview.py
    with pytest.raises(Exception, match="declares nothing named 'Nope'"):
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command="menuc.preview", arguments=[uri, "Nope"]))
    with pytest.raises(Exception, match="two arguments"):
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command="menuc.preview", arguments=[]))
