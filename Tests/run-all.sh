#!/usr/bin/env bash
# Runs every test of menuc. On a fresh machine it first installs the
# test-only tools (Python packages from PyPI; Vim, Neovim, make and ninja
# from Debian) that some tests drive; the product itself depends on none
# of them.
set -euo pipefail
cd "$(dirname "$0")/.."

python_has() { python3 -c "import $1" >/dev/null 2>&1; }

need=()
python_has jsonschema || need+=("jsonschema")
python_has markdown_it || need+=("markdown-it-py")
python_has sarif || need+=("sarif-tools")
python_has textmate_grammar || need+=("textmate-grammar-python")
python_has pytest_lsp || need+=("pytest-lsp")
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing test tools: ${need[*]}"
  python3 -m pip install --quiet --disable-pip-version-check "${need[@]}"
fi

# GNU make and ninja read the dependency files menuc writes (DepFileToolTests);
# GNU patch applies the diffs of `menuc fmt --check` (FormatDiffPatchTests).
if ! command -v ninja >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1 || ! command -v patch >/dev/null 2>&1; then
  echo "Installing test tools: make ninja-build patch"
  if [ "$(id -u)" -eq 0 ]; then as_root=""; else as_root="sudo"; fi
  $as_root apt-get update -qq
  $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make ninja-build patch >/dev/null
fi

# Headless Vim runs the Vim syntax file (GrammarTests).
if ! command -v vim >/dev/null 2>&1; then
  echo "Installing test tools: vim"
  apt-get update -qq && apt-get install -y -qq vim >/dev/null
fi

# Debian's Neovim (0.7) for the editor check of the language server.
if ! command -v nvim >/dev/null 2>&1; then
  echo "Installing test tools: neovim"
  if [ "$(id -u)" -eq 0 ]; then as_root=""; else as_root="sudo"; fi
  $as_root apt-get update -qq
  $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim >/dev/null
fi

# Everything the run puts in the temporary directory goes in one folder,
# removed when the run ends however it ends: the tests' own folders, and
# the empty TemporaryDirectory.* folders SwiftPM leaves on every build
# (the toolchain's doing, half a dozen a run).
run_tmp="$(mktemp -d "${TMPDIR:-/tmp}/menuc-tests.XXXXXX")"
trap 'rm -rf "$run_tmp"' EXIT
export TMPDIR="$run_tmp"

swift build
swift test

# End to end: `menuc lsp` driven by a real LSP client (pytest-lsp) and by
# headless Neovim, plus hover and completion at every position of every sample.
MENUC="$PWD/.build/debug/menuc" MENUC_REQUIRE_NVIM=1 PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q Tests/lsp
