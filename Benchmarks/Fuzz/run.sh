#!/usr/bin/env bash
# Builds a libFuzzer target (with AddressSanitizer) and runs it.
#   bash Benchmarks/Fuzz/run.sh [SECONDS] [TARGET]      (default: 60 compiler)
# Targets, one source file and one binary each (each defines LLVMFuzzerTestOneInput):
#   compiler  FuzzTarget.swift: the whole pipeline on one file, or several
#             files split at '%%' lines (.menus seeds) — parse, resolve, every
#             rule, every diagnostic format, every backend, the SVG pictures
#             in each look and the preview page (bounded), formatter, fix-its.
#   format    FormatFuzzTarget.swift: the formatter alone — never crashes,
#             output parses and is idempotent, the language server's minimal
#             edit and the --check diff agree with it.
#   lsp       LSPFuzzTarget.swift: the language server's message stream — byte
#             streams as an editor writes them to `menuc lsp`; every reply is
#             valid JSON and every well-formed request is answered. Seeds in
#             seeds/lsp/, the protocol's words in lsp.dict; findings go under
#             Tests/MenuCompilerTests/Fixtures/fuzz-lsp/ (LanguageServerTests replays them).
# Inputs go up to 64 KiB, so that the depth and size limits (thousands of
# nested lists or elements, long chains of splices and imports) are within
# reach; the structure-aware seeds in seeds/ start there. The corpus starts
# from every sample, every fixture and the seeds, and is kept per target in
# .build/fuzz/TARGET/corpus. Crashing inputs land in .build/fuzz/TARGET/crashes/ —
# add each as a regression fixture under Tests/MenuCompilerTests/Fixtures/fuzz/
# (RobustnessTests runs every file there).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
target="${2:-compiler}"
case "$target" in
  compiler) source_file=Benchmarks/Fuzz/FuzzTarget.swift ;;
  format) source_file=Benchmarks/Fuzz/FormatFuzzTarget.swift ;;
  lsp) source_file=Benchmarks/Fuzz/LSPFuzzTarget.swift ;;
  *) echo "unknown target '$target' (compiler, format or lsp)" >&2; exit 2 ;;
esac
out=.build/fuzz/$target
mkdir -p "$out/corpus" "$out/crashes"
extra=()
if [ "$target" = lsp ]; then
  cp Benchmarks/Fuzz/seeds/lsp/*.lsp "$out/corpus/"
  find Tests/MenuCompilerTests/Fixtures/fuzz-lsp -type f -exec cp {} "$out/corpus/" \;
  # Whole messages from the start: the 16 KB header limit and deep JSON are past the default growth.
  extra=(-len_control=0 -dict=Benchmarks/Fuzz/lsp.dict)
else
  find samples Tests/MenuCompilerTests/Fixtures -name '*.menu' -exec cp {} "$out/corpus/" \;
  # Several files in one input, split at lines '%%' (see FuzzFiles in FuzzTarget.swift).
  cp Benchmarks/Fuzz/seeds/*.menus Benchmarks/Fuzz/seeds/*.menu "$out/corpus/"
  find Tests/MenuCompilerTests/Fixtures/fuzz -type f -exec cp {} "$out/corpus/" \;
fi
# Compile a snapshot, so editing the tree while it builds is harmless. The
# pipeline's targets are compiled as one module (libFuzzer and the sanitizers
# want one swiftc invocation): their imports of each other are dropped.
layers=(MenuModel MenuSupport MenuSyntax MenuSemantics MenuRules MenuBackends MenuFormatter MenuCompiler MenuLanguageServer)
rm -rf "$out/src" && mkdir -p "$out/src"
for layer in "${layers[@]}"; do cp -R "Sources/$layer" "$out/src/"; done
cp "$source_file" "$out/src/"
find "$out/src" -name '*.swift' -exec sed -i -E '/^(@_spi\([A-Za-z]+\) )?(@testable )?import Menu(Model|Support|Syntax|Semantics|Rules|Backends|Formatter|Compiler|LanguageServer)$/d' {} +
sources=$(find "$out/src" -name '*.swift' | sort)
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name MenuCompiler -package-name menuc \
  $sources -o "$out/menuc-fuzz"
"$out/menuc-fuzz" -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=4096 \
  "${extra[@]}" -artifact_prefix="$out/crashes/" -print_final_stats=1 "$out/corpus"
