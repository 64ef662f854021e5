/// How many diagnostics of one file are listed, and shown.
public enum DiagnosticLimits {
    /// More than this many diagnostics in one file are summarized for
    /// people (see `DisplayLimit`): past that point they are noise, and
    /// hostile input must not flood a terminal.
    public static let shownPerFile = 200

    /// More than this many language errors in one file are counted, not
    /// listed, in every format (see `UnlistedErrors`). Fewer than are shown
    /// to people, so a broken file reads the same in every format: its
    /// first hundred errors and one `too-many-errors` (javac's default
    /// `-Xmaxerrs` is also 100). What each stage holds of a file's errors
    /// stays this small whatever the file holds.
    public static let errorsPerFile = 100
}
