"""End to end: the real `menuc lsp` binary driven by a real LSP client
(pytest-lsp, with VS Code's capabilities). Each test starts a fresh server."""

from __future__ import annotations

import pathlib
import subprocess

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import (
    MENUC,
    REPO,
    apply_edits,
    change_document,
    diagnostics_where,
    open_document,
    position_of,
    range_of,
    utf16_len,
)

GUIDELINES = "https://developer.apple.com/design/human-interface-guidelines/"


def codes(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


# --- Lifecycle ----------------------------------------------------------------


async def test_capabilities_are_advertised_honestly(client: LanguageClient):
    result = client.initialize_result.capabilities
    assert result.hover_provider and result.definition_provider and result.references_provider
    assert result.document_symbol_provider and result.folding_range_provider
    assert result.document_formatting_provider  # `menuc lsp` plugs in the `menuc fmt` formatter
    assert result.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert result.completion_provider.trigger_characters
    assert set(result.code_action_provider.code_action_kinds) >= {"quickfix"}
    assert "keyword" in result.semantic_tokens_provider.legend.token_types
    assert result.position_encoding in (None, types.PositionEncodingKind.Utf16)


# --- Diagnostics --------------------------------------------------------------


# The samples compile without errors or findings (the golden tests see to
# that), so a sample with one mistake put in clears completely once fixed,
# whatever guideline rules are added later.
EDIT_SAMPLE = (REPO / "samples" / "shared" / "edit.menu").read_text()


async def test_diagnostics_appear_and_clear(client: LanguageClient, workspace: pathlib.Path):
    text = EDIT_SAMPLE.replace('item copy "Copy" { shortcut:', 'item copy "Copy" { shortcuts:')
    uri = open_document(client, workspace / "edit.menu", text)
    found = await diagnostics_where(client, uri, lambda ds: "unknown-property" in codes(ds))
    problem = next(d for d in found if d.code == "unknown-property")
    assert problem.source == "menuc"
    assert problem.severity == types.DiagnosticSeverity.Error
    assert problem.range == range_of(text, "shortcuts")
    assert "did you mean 'shortcut'" in problem.message

    # Fix it with an incremental edit: delete the stray 's'.
    s = range_of(text, "shortcuts")
    s.start = types.Position(line=s.end.line, character=s.end.character - 1)
    change_document(client, uri, 2, [(s, "")])
    await diagnostics_where(client, uri, lambda ds: len(ds) == 0)


async def test_guideline_findings_link_their_guideline(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu File "File" {\n  item export "Export as PDF..." { input: true }\n}\n'
    uri = open_document(client, workspace / "file.menu", text)
    found = await diagnostics_where(client, uri, lambda ds: "label-ellipsis-character" in codes(ds))
    finding = next(d for d in found if d.code == "label-ellipsis-character")
    assert finding.severity == types.DiagnosticSeverity.Warning
    assert finding.code_description.href.startswith(GUIDELINES)
    assert finding.range == range_of(text, '"Export as PDF..."')


async def test_related_locations_and_unnecessary_tags(client: LanguageClient, workspace: pathlib.Path):
    text = (
        'menu File "File" {\n'
        '  item export "Export"\n'
        '  item export "Export PDF"\n'
        "}\n"
        "@allow(label-ellipsis-character)\n"
        'menu Help "Help" { item about "About" }\n'
    )
    uri = open_document(client, workspace / "file.menu", text)
    found = await diagnostics_where(client, uri, lambda ds: "duplicate-id" in codes(ds))
    duplicate = next(d for d in found if d.code == "duplicate-id")
    related = duplicate.related_information
    assert related and related[0].location.uri == uri
    assert related[0].location.range == range_of(text, "export")
    assert related[0].message == "first declared here"

    # Rules run once the language error is gone; then the @allow is unused.
    change_document(client, uri, 2, [(range_of(text, "export", occurrence=1), "exportPDF")])
    found = await diagnostics_where(client, uri, lambda ds: "unused-allow" in codes(ds))
    unused = next(d for d in found if d.code == "unused-allow")
    assert list(unused.tags) == [types.DiagnosticTag.Unnecessary]
    assert unused.range == range_of(text, "label-ellipsis-character")


async def test_utf16_positions_with_emoji_and_ellipsis(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu File "File" {\n  item share "📤 Share..." { input: true; bogus: 1 }\n}\n'
    uri = open_document(client, workspace / "share.menu", text)
    found = await diagnostics_where(client, uri, lambda ds: "unknown-property" in codes(ds))
    bogus = next(d for d in found if d.code == "unknown-property")
    # 📤 is two UTF-16 units: the column after it must count both.
    assert bogus.range == range_of(text, "bogus")
    assert bogus.range.start.character == utf16_len('  item share "📤 Share..." { input: true; ')

    # Remove the unknown property, then type the ellipsis: both edits sit after the emoji.
    change_document(client, uri, 2, [(range_of(text, "; bogus: 1"), "")])
    text = text.replace("; bogus: 1", "")
    found = await diagnostics_where(client, uri, lambda ds: "label-ellipsis-character" in codes(ds))
    ellipsis = next(d for d in found if d.code == "label-ellipsis-character")
    assert ellipsis.range == range_of(text, '"📤 Share..."')
    change_document(client, uri, 3, [(range_of(text, "..."), "…")])
    await diagnostics_where(client, uri, lambda ds: "label-ellipsis-character" not in codes(ds))

    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text.replace("...", "…"), "input", offset=2),
        )
    )
    assert hover is not None and "**input**" in hover.contents.value


async def test_imports_are_read_from_open_buffers_before_disk(client: LanguageClient, workspace: pathlib.Path):
    shared = workspace / "shared.menu"
    shared.write_text('menu Edit "Edit" { item undo "Undo" }\n')
    main_text = 'import "shared.menu"\nmenubar {\n  use Edit\n  use Format\n}\n'
    main_uri = open_document(client, workspace / "main.menu", main_text)
    found = await diagnostics_where(client, main_uri, lambda ds: "unknown-reference" in codes(ds))
    assert next(d for d in found if d.code == "unknown-reference").range == range_of(main_text, "Format")

    # Declare Format in the unsaved buffer of shared.menu: main.menu sees it at once.
    open_document(client, shared, 'menu Edit "Edit" { item undo "Undo" }\nmenu Format "Format" { item bold "Bold" }\n')
    await diagnostics_where(client, main_uri, lambda ds: "unknown-reference" not in codes(ds))


# --- Hover --------------------------------------------------------------------

SAMPLE = """platforms macOS 14

/// The standard Edit menu.
menu Edit "Edit" {
  @allow(label-ellipsis-character)
  item paste "Paste" { shortcut: "cmd+shift+v"; role: normal }
}

menubar {
  use Edit
}

view Prefs "Preferences" {
  popup theme "Theme" {
    default: dark
    option light "Light"
    option dark "Dark"
  }
  button save "Save" { style: filled }
}
"""


async def hover_at(client: LanguageClient, uri: str, position: types.Position) -> str:
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    )
    assert result is not None
    assert result.contents.kind == types.MarkupKind.Markdown
    return result.contents.value


async def test_hover_explains_elements_properties_and_rules(client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(client, workspace / "sample.menu", SAMPLE)
    element = await hover_at(client, uri, position_of(SAMPLE, "item paste", offset=1))
    assert "identifier: `paste`" in element
    assert "⇧⌘V" in element  # the shortcut's glyphs
    assert "`enabled: true` — default" in element  # effective defaults

    prop = await hover_at(client, uri, position_of(SAMPLE, "style", offset=2))
    assert "**style**" in prop and "`filled` · `tinted`" in prop

    rule = await hover_at(client, uri, position_of(SAMPLE, "label-ellipsis-character", offset=8))
    assert "**label-ellipsis-character**" in rule and GUIDELINES in rule

    reference = await hover_at(client, uri, position_of(SAMPLE, "use Edit", offset=5))
    assert 'menu Edit "Edit"' in reference and "The standard Edit menu." in reference


# --- Completion -----------------------------------------------------------------


async def complete_at(client: LanguageClient, uri: str, position: types.Position) -> list[str]:
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    )
    items = result.items if isinstance(result, types.CompletionList) else (result or [])
    return [item.label for item in items]


async def test_completion_follows_the_cursor(client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(client, workspace / "sample.menu", SAMPLE)
    # After `{` of the menu: menu elements and the menu's properties.
    in_menu = await complete_at(client, uri, position_of(SAMPLE, '"Edit" {', offset=8))
    assert {"item", "section", "submenu", "toggle", "use", "dynamic"} <= set(in_menu)
    assert "button" not in in_menu and "option" not in in_menu
    # Enumeration values after `style:`.
    values = await complete_at(client, uri, position_of(SAMPLE, "filled"))
    assert values == ["filled", "tinted", "gray", "plain", "bordered"]
    # Options after `default:`, menus after `use`, rule ids in @allow.
    assert await complete_at(client, uri, position_of(SAMPLE, "dark")) == ["light", "dark"]
    assert await complete_at(client, uri, position_of(SAMPLE, "Edit\n}", offset=0)) == ["Edit"]
    rules = await complete_at(client, uri, position_of(SAMPLE, "label-ellipsis-character", offset=6))
    assert "label-ellipsis-character" in rules and "syntax" not in rules


async def test_completion_in_a_broken_document(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu File "File" {\n  item open "Open…" {\n    sh\n'
    uri = open_document(client, workspace / "broken.menu", text)
    labels = await complete_at(client, uri, position_of(text, "sh", offset=2))
    assert "shortcut" in labels and "action" in labels


# --- Navigation -----------------------------------------------------------------


async def test_definition_and_references_across_files(client: LanguageClient, workspace: pathlib.Path):
    (workspace / "shared").mkdir()
    edit_path = workspace / "shared" / "edit.menu"
    edit_text = '/// Edit.\nmenu Edit "Edit" { item undo "Undo" }\n'
    edit_path.write_text(edit_text)
    other_text = 'import "shared/edit.menu"\ncontextmenu list { menu: Edit }\n'
    (workspace / "other.menu").write_text(other_text)
    main_text = 'import "shared/edit.menu"\nmenubar {\n  use Edit\n}\n'
    main_uri = open_document(client, workspace / "main.menu", main_text)

    definition = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=main_uri), position=position_of(main_text, "use Edit", offset=5)
        )
    )
    location = definition[0] if isinstance(definition, list) else definition
    assert location.uri == edit_path.as_uri()
    assert location.range == range_of(edit_text, "Edit", occurrence=1)

    # From the declaration: the open file's `use` and the unopened file's `menu:`.
    edit_uri = open_document(client, edit_path, edit_text)
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=edit_uri),
            position=position_of(edit_text, "Edit", occurrence=1),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    found = sorted((r.uri, r.range.start.line, r.range.start.character) for r in references)
    assert found == sorted(
        [
            (edit_uri, 1, 5),
            (main_uri, 2, 6),
            ((workspace / "other.menu").as_uri(), 1, 25),
        ]
    )


async def test_document_symbols_outline(client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(client, workspace / "sample.menu", SAMPLE)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [s.name for s in symbols] == ["Edit", "menubar", "Preferences"]
    prefs = symbols[2]
    assert [c.name for c in prefs.children] == ["Theme", "Save"]
    assert [c.name for c in prefs.children[0].children] == ["Light", "Dark"]
    assert prefs.selection_range == range_of(SAMPLE, "Prefs")


async def test_semantic_tokens_and_folding(client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(client, workspace / "sample.menu", SAMPLE)
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    legend = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    assert len(tokens.data) % 5 == 0 and tokens.data
    # Decode the first tokens: `platforms` keyword, `macOS` type.
    first = [legend[tokens.data[i + 3]] for i in range(0, 10, 5)]
    assert first == ["keyword", "type"]

    folds = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    starts = {(f.start_line, f.end_line) for f in folds}
    assert (3, 5) in starts  # the Edit menu's body, up to the line before its `}`


# --- Code actions ---------------------------------------------------------------


async def code_actions(client: LanguageClient, uri: str, diagnostic: types.Diagnostic) -> list[types.CodeAction]:
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    return [a for a in result or [] if isinstance(a, types.CodeAction)]


async def apply_action(client: LanguageClient, uri: str, text: str, action: types.CodeAction, version: int) -> str:
    """Applies a workspace edit the way an editor does: as incremental changes."""
    edits = action.edit.changes[uri]
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        change_document(client, uri, version, [(edit.range, edit.new_text)])
    return apply_edits(text, edits)


async def test_fix_it_code_action_is_applied(client: LanguageClient, workspace: pathlib.Path):
    text = EDIT_SAMPLE.replace('"Find…"', '"Find..."')
    uri = open_document(client, workspace / "edit.menu", text)
    found = await diagnostics_where(client, uri, lambda ds: "label-ellipsis-character" in codes(ds))
    finding = next(d for d in found if d.code == "label-ellipsis-character")
    actions = await code_actions(client, uri, finding)
    fix = next(a for a in actions if a.title == "Replace '...' with '…'")
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    text = await apply_action(client, uri, text, fix, 2)
    assert text == EDIT_SAMPLE
    await diagnostics_where(client, uri, lambda ds: len(ds) == 0)


async def test_allow_code_action_silences_the_rule(client: LanguageClient, workspace: pathlib.Path):
    text = 'menu File "File" {\n  item export "Export as PDF..." { input: true }\n}\n'
    uri = open_document(client, workspace / "file.menu", text)
    found = await diagnostics_where(client, uri, lambda ds: "label-ellipsis-character" in codes(ds))
    actions = await code_actions(client, uri, next(d for d in found if d.code == "label-ellipsis-character"))
    allow = next(a for a in actions if a.title.startswith("Allow 'label-ellipsis-character'"))
    text = await apply_action(client, uri, text, allow, 2)
    assert "  @allow(label-ellipsis-character)\n  item export" in text
    # Silenced, and the allow is used (so it is not reported either).
    await diagnostics_where(client, uri, lambda ds: not {"label-ellipsis-character", "unused-allow"} & set(codes(ds)))


# --- Formatting -------------------------------------------------------------------


async def test_formatting_matches_menuc_fmt(client: LanguageClient, workspace: pathlib.Path):
    if not client.initialize_result.capabilities.document_formatting_provider:
        pytest.skip("no formatter is plugged into menuc lsp: formatting is (honestly) not advertised")
    text = 'menu   File "File"{\n item open "📂 Open…"{shortcut:"cmd+o"}\n\n\n item close "Close" // keep me\n}\n'
    uri = open_document(client, workspace / "file.menu", text)
    params = types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=8, insert_spaces=False),
    )
    edits = await client.text_document_formatting_async(params)
    assert edits, "the badly formatted file should change"
    formatted = apply_edits(text, edits)
    # What `menuc fmt` writes, indented as the editor asked: a tab for each
    # level of the canonical two spaces.
    canonical = subprocess.run([MENUC, "fmt", "-"], input=text.encode(), capture_output=True, check=True).stdout.decode()
    def tabbed(line: str) -> str:
        spaces = len(line) - len(line.lstrip(" "))
        return "\t" * (spaces // 2) + " " * (spaces % 2) + line[spaces:]
    expected = "\n".join(tabbed(line) for line in canonical.split("\n"))
    assert "\t" in expected and formatted == expected

    # Applied as incremental changes, the result is formatted: nothing more to do.
    change_document(client, uri, 2, [(e.range, e.new_text) for e in edits])
    again = await client.text_document_formatting_async(params)
    assert again is not None and len(again) == 0

    # A file with syntax errors is left alone (no edits, no error).
    change_document(client, uri, 3, [(types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)), "}")])
    assert await client.text_document_formatting_async(params) is None
