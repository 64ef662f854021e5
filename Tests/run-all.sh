#!/usr/bin/env bash
# Runs every test of menuc. On a fresh machine it first installs the
# test-only tools (Python packages from PyPI) that some tests drive; the
# product itself depends on none of them.
set -euo pipefail
cd "$(dirname "$0")/.."

python_has() { python3 -c "import $1" >/dev/null 2>&1; }

need=()
python_has jsonschema || need+=("jsonschema")
python_has markdown_it || need+=("markdown-it-py")
python_has sarif || need+=("sarif-tools")
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing test tools: ${need[*]}"
  python3 -m pip install --quiet --disable-pip-version-check "${need[@]}"
fi

swift build
swift test
