#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one environment variable.
///
/// `ProcessInfo.environment` copies the whole environment into a dictionary
/// on first use — a tenth of the instructions of `menuc check` on a
/// one-line file — to answer one question.
public enum Environment {
    public static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        return String(cString: pointer)
    }
}
