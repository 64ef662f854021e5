#!/usr/bin/env bash
# Builds the libFuzzer target (with AddressSanitizer) and runs it.
#   bash Benchmarks/Fuzz/run.sh [SECONDS]        (default 60)
# The corpus starts from every sample and the multi-file seeds; crashing inputs land in
# .build/fuzz/crashes/ — add each as a regression fixture under
# Tests/MenuCompilerTests/Fixtures/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
out=.build/fuzz
mkdir -p "$out/corpus" "$out/crashes"
find samples Tests/MenuCompilerTests/Fixtures -name '*.menu' -exec cp {} "$out/corpus/" \;
# Several files in one input, split at lines '%%' (see FuzzFiles in FuzzTarget.swift).
cp Benchmarks/Fuzz/seeds/*.menus "$out/corpus/"
# Compile a snapshot, so editing the tree while it builds is harmless.
rm -rf "$out/src" && mkdir -p "$out/src" && cp -R Sources/MenuCompiler "$out/src/"
sources=$(find "$out/src/MenuCompiler" -name '*.swift' | sort)
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name MenuCompiler -package-name menuc \
  $sources Benchmarks/Fuzz/FuzzTarget.swift -o "$out/menuc-fuzz"
"$out/menuc-fuzz" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$out/crashes/" -print_final_stats=1 "$out/corpus"
