// The C library, for every stage: Glibc on Linux, Darwin on Apple's
// platforms. Exported, so no file outside Platform/ names either; what
// differs between them lives in the files beside this one, one per
// concern (files, signals, memory), where a reader can check both sides.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
