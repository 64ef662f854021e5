"""Tokenizes .menu files with grammar/menu.tmLanguage.json using a real
TextMate engine (textmate-grammar-python) and prints one line per token:

    LINE:COLUMN "TEXT" SCOPE SCOPE …

(1-based line and column; scopes below the root `source.menu`; tokens of
blank space only are left out). Files are separated by a line
`== PATH`. Used by Tests/IntegrationTests/GrammarTests.swift.
"""
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

# The engine keeps a cache in `.textmate_cache` of the folder it is imported
# from: that folder is a temporary one, so nothing lands in the source tree.
paths = [(name, Path(name).resolve()) for name in sys.argv[1:]]
os.chdir(tempfile.gettempdir())

from textmate_grammar.parsers.base import LanguageParser  # noqa: E402

# The engine logs every stretch of text no rule claims; that is expected
# (blank space, identifiers inside headers) and not an error.
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)

grammar_path = Path(__file__).resolve().parents[2] / "grammar" / "menu.tmLanguage.json"
parser = LanguageParser(json.loads(grammar_path.read_text(encoding="utf-8")))

for path, resolved in paths:
    text = resolved.read_text(encoding="utf-8").replace("\r\n", "\n").lstrip("\ufeff")
    print(f"== {path}")
    element = parser.parse_string(text)
    tokens = element.flatten() if element is not None else []
    for (line, column), token_text, scopes in tokens:
        if not token_text.strip():
            continue
        inner = [scope for scope in scopes if scope != "source.menu"]
        print(f"{line + 1}:{column + 1} {json.dumps(token_text, ensure_ascii=False)} {' '.join(inner)}".rstrip())
