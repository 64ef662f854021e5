"""A client that declares little: no code-action literals (it gets commands
that make the server send `workspace/applyEdit`), plain-text hovers only.
The server answers it in the forms it said it takes."""

from __future__ import annotations

import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import MENUC, apply_edits, change_document, diagnostics_where, open_document, position_of

# Applies edits the server sends, hovers in plain text; nothing about code actions.
PLAIN_CAPABILITIES = types.ClientCapabilities(
    workspace=types.WorkspaceClientCapabilities(apply_edit=True),
    text_document=types.TextDocumentClientCapabilities(
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.PlainText]),
        code_action=types.CodeActionClientCapabilities(),
    ),
)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MENUC, "lsp"]))
async def plain_client(lsp_client: LanguageClient, workspace: pathlib.Path):
    lsp_client.applied_edits = []

    @lsp_client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams):
        lsp_client.applied_edits.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)

    params = types.InitializeParams(capabilities=PLAIN_CAPABILITIES, root_uri=workspace.as_uri())
    lsp_client.initialize_result = await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


TEXT = 'menu File "File" {\n  item export "Export as PDF..." { input: true }\n}\n'


async def test_fixes_come_as_commands_that_apply_edits(plain_client: LanguageClient, workspace: pathlib.Path):
    commands = plain_client.initialize_result.capabilities.execute_command_provider.commands
    assert "menuc.applyFix" in commands
    uri = open_document(plain_client, workspace / "file.menu", TEXT)
    found = await diagnostics_where(plain_client, uri, lambda ds: any(d.code == "label-ellipsis-character" for d in ds))
    finding = next(d for d in found if d.code == "label-ellipsis-character")
    result = await plain_client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding]),
        )
    )
    assert result and all(isinstance(item, types.Command) for item in result), result
    fix = next(c for c in result if c.title == "Replace '...' with '…'")
    assert fix.command == "menuc.applyFix"

    answer = await plain_client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=fix.command, arguments=fix.arguments)
    )
    assert answer is None
    assert len(plain_client.applied_edits) == 1
    sent = plain_client.applied_edits[0]
    assert sent.label == fix.title
    edits = sent.edit.changes[uri]
    text = apply_edits(TEXT, edits)
    assert '"Export as PDF…"' in text
    for edit in edits:
        change_document(plain_client, uri, 2, [(edit.range, edit.new_text)])
    await diagnostics_where(plain_client, uri, lambda ds: not any(d.code == "label-ellipsis-character" for d in ds))

    # The fix was made for version 1; the document is at 2 now: refused, nothing sent.
    with pytest.raises(JsonRpcException, match="changed since"):
        await plain_client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=fix.command, arguments=fix.arguments)
        )
    assert len(plain_client.applied_edits) == 1


async def test_hovers_are_plain_text(plain_client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(plain_client, workspace / "file.menu", TEXT)
    for needle, offset in [("item export", 1), ("input", 1), ("true", 1)]:
        hover = await plain_client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(TEXT, needle, offset=offset))
        )
        assert hover is not None and hover.contents.kind == types.MarkupKind.PlainText
        value = hover.contents.value
        assert value and "**" not in value and "`" not in value and "\\" not in value, value
    element = await plain_client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(TEXT, "item export", offset=1))
    )
    assert "export" in element.contents.value
