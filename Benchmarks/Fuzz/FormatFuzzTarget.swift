// libFuzzer entry point for the formatter alone (`run.sh SECONDS format`):
// `menuc fmt` and the language server's formatting read files nobody
// checked first. For every input, in two layouts: the formatter never
// crashes; it either refuses the file with an error (never the "would
// change the meaning" one) or writes text that parses, keeps every token
// and comment, and formats to itself again; the one minimal edit the
// language server sends turns the input into that text; and the
// `fmt --check` diff of the two can be made. Built by run.sh together with
// the MenuCompiler sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func menucFormatFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = SourceFile(id: FileID(0), displayPath: "fuzz.menu", absolutePath: "", bytes: bytes)
    for options in [MenuFormatter.Options(), MenuFormatter.Options(lineWidth: 40, indentWidth: 4)] {
        switch MenuFormatter.format(file, options: options) {
        case .success(let formatted):
            switch MenuFormatter.format(formatted, displayPath: "formatted.menu", options: options) {
            case .success(let twice): precondition(twice == formatted, "formatting the formatted file changes it again")
            case .failure: preconditionFailure("the formatter refuses its own output")
            }
            // (Not with carriage returns: a protocol position can't fall
            // between the two bytes of a CRLF, which the edit may split.)
            if !bytes.contains(0x0D) {
                let target = Array(formatted.utf8)
                var edited = bytes
                if let edit = FormattingFeature.minimalEdit(from: file, to: target) {
                    edited.replaceSubrange(file.byteRange(of: edit.range), with: Array(edit.newText.utf8))
                }
                precondition(edited == target, "the language server's edit does not give the formatted text")
            }
            _ = UnifiedDiff.render(old: String(decoding: bytes, as: UTF8.self), new: formatted, oldName: "fuzz.menu", newName: "fuzz.menu (formatted)")
        case .failure(let failure):
            precondition(!failure.diagnostics.contains { $0.id == "format" }, "the formatter would change the file's meaning")
            precondition(failure.diagnostics.contains { $0.severity == .error }, "the formatter refused a file without saying why")
        }
    }
    return 0
}
