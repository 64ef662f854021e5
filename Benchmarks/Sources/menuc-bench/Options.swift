import Foundation

/// The harness's command line, for the modes that make a table (the
/// one-shot modes — `--measure`, `--write-corpus`, `--write-many`,
/// `--time` — read their own arguments first, in main.swift).
struct Options: Equatable {
    static let usage = """
        usage: menuc-bench [--quick | --full] [--no-peer | --install-peer] [--peer-large] [--scratch-in DIR]
               menuc-bench --many | --hostile | --shapes | --typecheck | --phases [BYTES]
               menuc-bench --time lex|parse|check|json|swift|markdown|pictures PATH [RUNS]
               menuc-bench --write-corpus BYTES PATH | --write-many DIRECTORY

          (no flag)      100 KB, 1 MB and 10 MB corpora, many files, cold start, re-check, and the peer if installed
          --quick        100 KB and 1 MB only, fewer runs
          --full         also the 100 MB corpus
          --no-peer      without blueprint-compiler
          --install-peer install blueprint-compiler first if it is missing (Benchmarks/peer/setup.sh: apt-get and pip)
          --peer-large   the peer on every corpus, not only 100 KB (slow: about 100 s per MB)
          --many         only the 2,000-file parallel build
          --hostile      hostile inputs: time, peak memory, exit status, first diagnostic
          --shapes       5 MB and 50 MB of each dense shape: time, peak memory, × size
          --typecheck    swiftc -typecheck of generated Swift for 100-, 300- and 1,000-item menu bars, beside the floor
          --phases       only the in-process phases, at one size (10 MB unless given)
          --scratch-in   make the scratch folder in DIR instead of Benchmarks/.build (a RAM disk, say)
          --time         one phase on one file, best of RUNS (7)
          --write-corpus write one corpus file and stop
          --write-many   write the many-files corpus and stop
        """

    static let flags: Set = ["--hostile", "--shapes", "--typecheck", "--quick", "--full", "--many", "--phases",
                             "--no-peer", "--install-peer", "--peer-large", "--scratch-in"]

    var quick = false
    var full = false
    var many = false
    var hostile = false
    var shapes = false
    var typecheck = false
    /// `--phases [BYTES]`: only the in-process phases at this size.
    var phases: Int?
    var noPeer = false
    var installPeer = false
    var peerLarge = false
    var scratchParent: URL?

    struct UsageError: Error, Equatable {
        var message: String
    }

    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--full": full = true
            case "--many": many = true
            case "--hostile": hostile = true
            case "--shapes": shapes = true
            case "--typecheck": typecheck = true
            case "--no-peer": noPeer = true
            case "--install-peer": installPeer = true
            case "--peer-large": peerLarge = true
            case "--phases":
                phases = 10_000_000
                if let next = rest.first, let bytes = Int(next) {
                    phases = bytes
                    rest = rest.dropFirst()
                }
            case "--scratch-in":
                guard let folder = rest.popFirst() else { throw UsageError(message: "--scratch-in needs a folder") }
                scratchParent = URL(fileURLWithPath: folder)
            default:
                // A mistyped flag would otherwise run the whole (long) default table.
                throw UsageError(message: "unknown option '\(argument)'")
            }
        }
        if noPeer && installPeer { throw UsageError(message: "--no-peer and --install-peer contradict each other") }
    }

    /// Whether the peer's figures are wanted: the full table, unless `--no-peer`.
    var wantsPeer: Bool { !many && phases == nil && !noPeer }

    /// Whether the peer may be installed (with apt-get and pip): only when asked.
    var installsPeer: Bool { wantsPeer && installPeer }
}
