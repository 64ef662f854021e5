#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

extension OutputWriter {
    /// Where an output will be written, found before anything is: the
    /// command's check that no source is written over and the writer both
    /// read it. Looked at once per output (a build can write thousands, and
    /// each look is a system call).
    ///
    /// Symbolic links are followed only inside the output's folder (the
    /// `--out` folder, or the folder of a file written in place): an output
    /// that is a link into that folder is written through (the link stays,
    /// the file it leads to gets the contents), and a link that leads out of
    /// it — the output itself, or a folder on the way — is refused. Someone
    /// who may write in the output folder must not be able to send menuc's
    /// output, as root, onto a file elsewhere.
    package struct Destination: Sendable {
        /// Where the output goes: absolute, links resolved — the output's own
        /// path, or the file a link there leads to.
        package var target: String
        /// The output folder, absolute with links resolved; `target` lies in it.
        package var folder: String
        /// The output's path is a symbolic link: to a file in `folder`
        /// (written through), or to nothing (replaced by the output).
        package var isLink: Bool
        /// Why nothing may be written: a link that leads outside `folder`.
        package var refusal: String?
        /// What the survey's look at `target` found, so that staging need
        /// not look again.
        package var found: Found = .unknown

        package enum Found: Sendable, Equatable {
            /// Nothing was there.
            case nothing
            /// A regular file was there (staging opens it and checks again).
            case regularFile
            /// Something else, a link followed, or a look that failed: staging looks itself.
            case unknown
        }
    }

    /// What is at each output's path, and where its bytes will go.
    package static func survey(_ outputs: [Output],
                               currentDirectory: String = FileManager.default.currentDirectoryPath) -> [Destination] {
        // Each directory resolved once (realpath(3) asks about every
        // component), and whether it exists: nothing is in one that does not.
        var realDirectories: [String: (path: String, exists: Bool)] = [:]
        func real(_ directory: String) -> (path: String, exists: Bool) {
            if let known = realDirectories[directory] { return known }
            let resolved = PathNames.realPath(directory).map { ($0, true) } ?? (PathNames.standardized(directory), false)
            realDirectories[directory] = resolved
            return resolved
        }
        return outputs.map { output in
            let absolute = output.path.hasPrefix("/") ? output.path : PathNames.appending(output.path, to: currentDirectory)
            let parent = PathNames.deletingLastComponent(of: absolute)
            let folderGiven = output.folder.map { $0.hasPrefix("/") ? $0 : PathNames.appending($0, to: currentDirectory) } ?? parent
            let folder = real(folderGiven).path
            let (directory, directoryExists) = real(parent)
            var destination = Destination(target: PathNames.appending(PathNames.lastComponent(of: absolute), to: directory),
                                          folder: folder, isLink: false)
            let place = output.folder.map { "the output folder \(PathBytes.displayed($0))" } ?? "its own folder"
            guard PathNames.isInside(directory, root: folder) else {
                destination.refusal = "a folder on the way is a symbolic link to \(PathBytes.displayed(directory)), outside \(place)"
                    + " (menuc follows links only inside the folder it writes to)"
                return destination
            }
            switch directoryExists ? FileSystem.lookUpLink(destination.target) : .failure(FileSystem.Failure(code: ENOENT)) {
            case .success(.symbolicLink):
                destination.isLink = true
                // A link that dangles or loops stays where it is: the output replaces it.
                if let resolved = PathNames.realPath(destination.target) { destination.target = resolved }
            case .success(.regularFile):
                destination.found = .regularFile
            case .success:
                break
            case .failure(let failure):
                if failure.isMissing { destination.found = .nothing }
            }
            if destination.target == folder || !PathNames.isInside(destination.target, root: folder) {
                destination.refusal = "it is a symbolic link to \(PathBytes.displayed(destination.target)), outside \(place)"
                    + " (menuc writes through links only inside the folder it writes to)"
            }
            return destination
        }
    }
}
