"""Shared fixtures: the `menuc` binary, a pytest-lsp client connected to
`menuc lsp`, and helpers for documents, UTF-16 positions and edits."""

from __future__ import annotations

import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = pathlib.Path(__file__).resolve().parents[2]


def menuc_binary() -> str:
    """The binary under test: $MENUC, else the debug build."""
    path = pathlib.Path(os.environ.get("MENUC", REPO / ".build" / "debug" / "menuc")).resolve()
    if not path.exists():
        raise RuntimeError(f"{path} does not exist; run `swift build` first (or set MENUC)")
    return str(path)


MENUC = menuc_binary()


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    """An empty project folder (a menuc.json marks it as the project root)."""
    (tmp_path / "menuc.json").write_text("{}\n")
    return tmp_path


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MENUC, "lsp"]))
async def client(lsp_client: LanguageClient, workspace: pathlib.Path):
    """A client with VS Code's capabilities, rooted at `workspace`."""
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="test")],
    )
    # Kept on the client so tests can check what the server advertised.
    lsp_client.initialize_result = await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


# --- Documents ------------------------------------------------------------


def open_document(client: LanguageClient, path: pathlib.Path, text: str, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="menu", version=version, text=text)
        )
    )
    return uri


def change_document(client: LanguageClient, uri: str, version: int, edits: list[tuple[types.Range, str]]) -> None:
    """Incremental changes, applied by the server in the order given."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=r, text=t) for r, t in edits],
        )
    )


async def diagnostics_where(client: LanguageClient, uri: str, predicate, timeout: float = 10.0):
    """Waits until the diagnostics published for `uri` satisfy `predicate`."""

    async def wait():
        while True:
            current = client.diagnostics.get(uri)
            if current is not None and predicate(current):
                return current
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    try:
        return await asyncio.wait_for(wait(), timeout)
    except asyncio.TimeoutError:
        last = [(d.code, d.message) for d in client.diagnostics.get(uri) or []]
        raise AssertionError(f"diagnostics of {uri} never matched; last published: {last}") from None


# --- UTF-16 positions, as the protocol counts them --------------------------


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def position_of(text: str, needle: str, occurrence: int = 0, offset: int = 0) -> types.Position:
    """The protocol position of the `occurrence`-th `needle` (plus `offset` characters)."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    line_start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=utf16_len(text[line_start:index]))


def range_of(text: str, needle: str, occurrence: int = 0) -> types.Range:
    start = position_of(text, needle, occurrence)
    end = position_of(text, needle, occurrence, offset=len(needle))
    return types.Range(start=start, end=end)


def offset_of(text: str, position: types.Position) -> int:
    """The string index of a protocol position (UTF-16 character offsets)."""
    lines = text.split("\n")
    index = sum(len(line) + 1 for line in lines[: position.line])
    units = 0
    line = lines[position.line] if position.line < len(lines) else ""
    for column, character in enumerate(line):
        if units >= position.character:
            return index + column
        units += utf16_len(character)
    return index + len(line)


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    """Applies non-overlapping edits (as an editor does: from the end backwards)."""
    ordered = sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
    for edit in ordered:
        start, end = offset_of(text, edit.range.start), offset_of(text, edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text
