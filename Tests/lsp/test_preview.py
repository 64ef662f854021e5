"""End to end: the Preview command writes the page of the document as the
editor has it into the server's own private folder, answers its `file:`
URI with the declaration's section as fragment, asks the client to open it
in the browser, and removes the folder at shutdown."""

from __future__ import annotations

import os
import re
import pathlib
import stat
import urllib.parse

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import change_document, open_document, range_of
from test_protocol import RawServer, server  # noqa: F401 (the fixture)

TEXT = 'menu Edit "Edit" {\n  item undo "Undo"\n}\n\nview Prefs "Preferences" {\n  button done "Done"\n}\n'


async def preview(client: LanguageClient, uri: str, declaration: str):
    return await client.workspace_execute_command_async(types.ExecuteCommandParams(command="menuc.preview", arguments=[uri, declaration]))


def page_of(result: str) -> tuple[pathlib.Path, str]:
    """The page's path and the URI's fragment."""
    parsed = urllib.parse.urlsplit(result)
    assert parsed.scheme == "file", result
    return pathlib.Path(urllib.parse.unquote(parsed.path)), parsed.fragment


async def test_preview_writes_the_page_of_the_unsaved_text_and_opens_it_in_the_browser(client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(client, workspace / "notes.menu", TEXT)
    # An unsaved edit, and a mistake that the page lists.
    change_document(client, uri, 2, [(range_of(TEXT, '"Done"'), '"done it"'), (range_of(TEXT, '"Undo"'), '"Unsaved Undo"')])
    result = await preview(client, uri, "Prefs")
    page, fragment = page_of(result)
    assert fragment == "decl-Prefs"
    html = page.read_text()
    assert f'<section class="declaration" id="{fragment}">' in html
    assert "Preferences view</title>" in html and ">Unsaved Undo</text>" in html
    assert 'class="finding ' in html  # "done it" is no title case
    # Its own private folder in the system's temporary folder, never the project.
    folder = page.parent
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700 and folder.name.startswith("menuc-preview-")
    assert not folder.is_relative_to(workspace)
    assert sorted(path.name for path in workspace.iterdir()) == ["menuc.json"]
    # VS Code shows documents: it is asked to open the page outside the editor.
    assert [(shown.uri, shown.external) for shown in client.shown_documents] == [(result, True)]
    # The next preview of the document replaces the page.
    again, fragment = page_of(await preview(client, uri, "Edit"))
    assert again == page and fragment == "decl-Edit"
    assert sorted(os.listdir(folder)) == [page.name]


async def test_hostile_arguments_get_errors_and_nothing_is_written(client: LanguageClient, workspace: pathlib.Path):
    uri = open_document(client, workspace / "a.menu", TEXT)
    for arguments, message in [
        ([uri, "../../../etc/passwd"], "declares nothing named '../../../etc/passwd'"),
        ([uri, "<img src=x>"], "declares nothing named"),
        (["file:///etc/passwd", "Edit"], "is not an open document"),
        ([uri + "/../../x.menu", "Edit"], "is not an open document"),
        ([uri], "two arguments"),
    ]:
        with pytest.raises(Exception, match=re.escape(message)):
            await client.workspace_execute_command_async(types.ExecuteCommandParams(command="menuc.preview", arguments=arguments))
    assert client.shown_documents == []
    assert sorted(path.name for path in workspace.iterdir()) == ["menuc.json"]


def preview_raw(server: RawServer, text: str = TEXT) -> tuple[pathlib.Path, list[dict]]:
    """Opens an untitled buffer and previews Edit; the page and the notifications that came before the answer."""
    server.initialize()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": "untitled:Untitled-1", "languageId": "menu", "version": 1, "text": text}})
    server.send({"jsonrpc": "2.0", "id": 2, "method": "workspace/executeCommand", "params": {"command": "menuc.preview", "arguments": ["untitled:Untitled-1", "Edit"]}})
    notifications = []
    while "id" not in (message := server.receive()) or message.get("method"):
        notifications.append(message)
    page, fragment = page_of(message["result"])
    assert fragment == "decl-Edit" and page.is_file()
    return page, notifications


def test_a_client_that_cannot_show_documents_is_told_where_the_page_is(server: RawServer):
    page, notifications = preview_raw(server)
    messages = [note["params"]["message"] for note in notifications if note.get("method") == "window/showMessage"]
    assert messages == [f"menuc: the preview of 'Edit' is at {page.as_uri()}#decl-Edit"]
    assert not any(note.get("method") == "window/showDocument" for note in notifications)


def test_the_folder_is_removed_at_shutdown(server: RawServer):
    page, _ = preview_raw(server)
    assert page.parent.is_dir()
    assert server.request(3, "shutdown")["result"] is None
    assert not page.parent.exists()
    server.notify("exit")
    assert server.close() == 0


def test_the_folder_is_removed_when_the_client_goes_away(server: RawServer):
    page, _ = preview_raw(server)
    assert server.close() == 1
    assert not page.parent.exists()
