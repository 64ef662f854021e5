"""Every sample (the clean ones, the language-error ones, the golden test
fixtures with hostile labels, CRLF and BOM): hover and completion at every
position of every line, including one past the end of each line and the
middle of surrogate pairs. No request may fail or crash the server, and
every answer must be well formed (pytest-lsp deserializes each one into the
protocol's types and checks it against the client's capabilities)."""

from __future__ import annotations

import asyncio
import pathlib

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import REPO, diagnostics_where, open_document, utf16_len

SAMPLES = sorted(
    list((REPO / "samples").rglob("*.menu")) + list((REPO / "Tests" / "MenuCompilerTests" / "Fixtures").glob("*.menu"))
)

# Requests in flight at once: the server answers them in order, and keeping
# it busy makes the whole sweep take seconds instead of minutes.
BATCH = 200


def positions(text: str):
    for line_number, line in enumerate(text.split("\n")):
        for character in range(utf16_len(line) + 2):
            yield types.Position(line=line_number, character=character)


def check_range(r: types.Range, line_count: int) -> None:
    assert 0 <= r.start.line <= r.end.line < line_count + 1
    assert (r.start.line, r.start.character) <= (r.end.line, r.end.character)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: str(p.relative_to(REPO)))
async def test_hover_and_completion_everywhere(client: LanguageClient, sample: pathlib.Path):
    text = sample.read_bytes().decode("utf-8")
    uri = open_document(client, sample, text)
    document = types.TextDocumentIdentifier(uri=uri)
    line_count = text.count("\n") + 1
    all_positions = list(positions(text))
    answered = 0

    for start in range(0, len(all_positions), BATCH):
        batch = all_positions[start : start + BATCH]
        hovers = [client.text_document_hover_async(types.HoverParams(text_document=document, position=p)) for p in batch]
        completions = [
            client.text_document_completion_async(types.CompletionParams(text_document=document, position=p)) for p in batch
        ]
        results = await asyncio.gather(*hovers, *completions)
        for position, hover in zip(batch, results[: len(batch)]):
            if hover is not None:
                assert isinstance(hover.contents, types.MarkupContent) and hover.contents.value
                check_range(hover.range, line_count)
        for position, completion in zip(batch, results[len(batch) :]):
            assert isinstance(completion, types.CompletionList)
            for item in completion.items:
                assert item.label
                edit = item.text_edit
                # The protocol: one line, containing the position completion was asked at.
                assert edit.range.start.line == edit.range.end.line
                assert edit.range.start.character <= min(position.character, edit.range.end.character)
        answered += len(batch)

    assert answered == len(all_positions)
    # And the server is still there.
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert symbols is not None


@pytest.mark.parametrize("name", ["notes.menu", "mail.menu"])
async def test_typing_a_sample_line_by_line(client: LanguageClient, name: str):
    """The document is broken at almost every step: insert the sample one line
    at a time (incremental edits at the end), asking for completion, hover and
    diagnostics after each line; the final text must be what the sample holds."""
    sample = REPO / "samples" / name
    lines = sample.read_text().split("\n")
    uri = open_document(client, sample, "")
    document = types.TextDocumentIdentifier(uri=uri)
    for number, line in enumerate(lines):
        end = types.Position(line=number, character=0)
        text = line + ("\n" if number + 1 < len(lines) else "")
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=number + 2),
                content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=end, end=end), text=text)],
            )
        )
        cursor = types.Position(line=number, character=utf16_len(line))
        completion, hover = await asyncio.gather(
            client.text_document_completion_async(types.CompletionParams(text_document=document, position=cursor)),
            client.text_document_hover_async(types.HoverParams(text_document=document, position=cursor)),
        )
        assert isinstance(completion, types.CompletionList)
        assert hover is None or hover.contents.value
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert symbols, "the whole sample is there again"
    # The sample compiles cleanly once complete.
    await diagnostics_where(client, uri, lambda ds: len(ds) == 0)
