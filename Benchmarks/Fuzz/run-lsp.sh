#!/usr/bin/env bash
# Builds the language server's libFuzzer target (with AddressSanitizer) and runs it.
#   bash Benchmarks/Fuzz/run-lsp.sh [SECONDS]        (default 60)
# Inputs are byte streams as an editor writes them to `menuc lsp` (see
# LSPFuzzTarget.swift); the corpus starts from Benchmarks/Fuzz/seeds/lsp/,
# with lsp.dict for the protocol's words. Inputs reach 64 KB, past the
# 16 KB header limit and deep JSON. Crashing inputs land in
# .build/fuzz-lsp/crashes/ — add each as a regression fixture under
# Tests/MenuCompilerTests/Fixtures/fuzz-lsp/ (LanguageServerTests replays them).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
out=.build/fuzz-lsp
mkdir -p "$out/corpus" "$out/crashes"
cp Benchmarks/Fuzz/seeds/lsp/*.lsp "$out/corpus/"
# Earlier findings are seeds too.
if compgen -G "Tests/MenuCompilerTests/Fixtures/fuzz-lsp/*.lsp" >/dev/null; then
  cp Tests/MenuCompilerTests/Fixtures/fuzz-lsp/*.lsp "$out/corpus/"
fi
# Compile a snapshot, so editing the tree while it builds is harmless.
rm -rf "$out/src" && mkdir -p "$out/src" && cp -R Sources/MenuCompiler "$out/src/"
sources=$(find "$out/src/MenuCompiler" -name '*.swift' | sort)
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name MenuCompiler -package-name menuc \
  $sources Benchmarks/Fuzz/LSPFuzzTarget.swift -o "$out/menuc-lsp-fuzz"
"$out/menuc-lsp-fuzz" -max_total_time="$seconds" -max_len=65536 -len_control=0 -timeout=10 -rss_limit_mb=4096 \
  -dict=Benchmarks/Fuzz/lsp.dict -artifact_prefix="$out/crashes/" -print_final_stats=1 "$out/corpus"
