import MenuSupport
import MenuCompiler

/// Where the language server writes the pages its Preview command shows:
/// a folder of its own, made on the first preview with mkdtemp(3) under
/// the system's temporary folder (private, 0700, a name no one can guess),
/// holding one page per document, replaced on each preview of it, and
/// removed with its pages when the server shuts down. Nothing is ever
/// written beside the user's files.
///
/// Pages go through `OutputWriter`, as every output of menuc: a temporary
/// created exclusively without following links, then renamed over the
/// previous page; a link planted at a page's name cannot lead the write
/// out of the folder.
final class PreviewFolder {
    /// Where the folder is made; nil: the system's temporary folder.
    private let parent: String?
    /// The folder, once made.
    private(set) var path: String?

    init(parent: String? = nil) {
        self.parent = parent
    }

    deinit { remove() }

    /// Writes `page`, the preview of the document at `uri`, and returns
    /// the page's path.
    func write(_ page: String, for uri: String) -> Result<String, PreviewFolder.Failure> {
        let folder: String
        if let path {
            folder = path
        } else {
            switch FileSystem.makePrivateDirectory(prefix: "menuc-preview-", in: parent) {
            case .success(let made):
                path = made
                folder = made
            case .failure(let failure):
                return .failure(Failure(message: "cannot make a folder for previews in \(PathBytes.displayed(parent ?? FileSystem.temporaryDirectory())): \(failure.reason)"))
            }
        }
        return PreviewFolder.write(page, named: PreviewFolder.pageName(for: uri), in: folder)
    }

    /// Removes the folder and its pages; the next preview makes a new one.
    func remove() {
        guard let path else { return }
        FileSystem.removePrivateDirectory(path)
        self.path = nil
    }

    struct Failure: Error, Equatable {
        var message: String
    }

    /// Writes `page` as `name` in `folder`, atomically; returns its path.
    static func write(_ page: String, named name: String, in folder: String) -> Result<String, PreviewFolder.Failure> {
        let output = OutputWriter.Output(path: PathNames.appending(name, to: folder), folder: folder, contents: page)
        var writer = OutputWriter()
        writer.workers = 1
        switch writer.write([output]) {
        case .success: return .success(output.path)
        case .failure(let failure): return .failure(Failure(message: failure.message))
        }
    }

    /// The page's file name for a document: the last part of its URI,
    /// kept to ASCII letters, digits, `-` and `_` (at most 40), then a
    /// hash of the whole URI, so two documents never share a page and no
    /// URI can name a path (`..`, `/`) or a hidden file.
    static func pageName(for uri: String) -> String {
        let last = uri.split(separator: "/").last.map(String.init) ?? ""
        let stem = last.hasSuffix(".menu") ? String(last.dropLast(5)) : last
        var name = ""
        for scalar in stem.unicodeScalars where name.utf8.count < 40 {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": name.unicodeScalars.append(scalar)
            // Not first: a name never starts like an option.
            case "-" where !name.isEmpty, "_" where !name.isEmpty: name.unicodeScalars.append(scalar)
            default: continue
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in uri.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return (name.isEmpty ? "" : name + "-") + String(repeating: "0", count: 16 - digits.count) + digits + ".html"
    }
}
