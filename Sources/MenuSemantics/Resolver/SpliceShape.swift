import MenuSupport
import MenuSyntax

/// What a declaration holds once resolved, summed so that the resolver can
/// tell what a splice of it would add without walking it: how many
/// elements, how deep they go, and how many bytes the outputs repeat for
/// them.
///
/// A splice copies the menu with everything the menu spliced itself, so
/// its cost is the menu's whole resolved tree, moved down to where it is
/// spliced. The sums are kept relative to the declaration's root, which
/// makes moving them an addition: an element `depth` levels below the root
/// lands `depth` levels below the place that splices it.
struct SpliceShape {
    /// Elements of the resolved tree, the root included.
    var elements = 0
    /// The text every element repeats from where it is written — its
    /// identifier, label, doc comment and properties — summed.
    var writtenBytes = 0
    /// Depths below the root, summed (the root is at 0).
    var depths = 0
    /// Lengths of the identifier paths (`menu/a/b`, as every output
    /// writes them), summed.
    var pathBytes = 0
    /// The deepest element's depth below the root.
    var height = 0
    /// The root's own written text and identifier (a splice of the items
    /// leaves it out, and puts the host's path where the root's was).
    var rootWrittenBytes = 0
    var rootIDBytes = 0
    /// The menu whose splice took `height` deepest, and the one whose
    /// splice cost the most (model indices of their roots; -1 for none):
    /// the links of the chain an error names.
    var deepestVia: Int32 = -1
    var heaviestVia: Int32 = -1
    /// The cost of that costliest splice.
    var heaviestCost = 0

    /// Adds one written element, `depth` levels below the root, whose
    /// path is `pathBytes` long (the root's is its identifier).
    mutating func addWritten(depth: Int, pathBytes: Int, writtenBytes: Int) {
        elements += 1
        self.writtenBytes += writtenBytes
        depths += depth
        self.pathBytes += pathBytes
        if depth > height {
            // Written, not spliced: the chain to the deepest element ends here.
            height = depth
            deepestVia = -1
        }
        if depth == 0 {
            rootWrittenBytes = writtenBytes
            rootIDBytes = pathBytes
        }
    }

    /// Adds a splice (see `Splice`) made by `via`, the spliced menu's root.
    mutating func add(_ splice: Splice, via: Int32) {
        elements += splice.elements
        writtenBytes += splice.writtenBytes
        depths += splice.depths
        pathBytes += splice.pathBytes
        if splice.height > height {
            height = splice.height
            deepestVia = via
        }
        if splice.cost > heaviestCost {
            heaviestCost = splice.cost
            heaviestVia = via
        }
    }

    /// What splicing a menu of this shape adds below a host element
    /// `depth` levels below its own root, whose path is `hostPath` bytes
    /// long: the menu's items (`use` in a menu, `menu:`), or the menu
    /// itself (`withRoot`: `use` in a menubar).
    func splice(withRoot: Bool, atDepth depth: Int, hostPath: Int) -> Splice {
        if withRoot {
            // Every copy lands one level deeper than the host's own depth
            // adds, and its path starts with the host's and a '/'.
            return Splice(elements: elements, writtenBytes: writtenBytes, depths: Self.sum(depths, Self.product(elements, depth + 1)),
                          pathBytes: Self.sum(pathBytes, Self.product(elements, hostPath + 1)), height: height + depth + 1)
        }
        // The items: the host's path takes the place of the root's identifier.
        let items = elements - 1
        return Splice(elements: items, writtenBytes: writtenBytes - rootWrittenBytes, depths: Self.sum(depths, Self.product(items, depth)),
                      pathBytes: Self.sum(pathBytes - rootIDBytes, Self.product(items, hostPath - rootIDBytes)), height: items > 0 ? height + depth : 0)
    }

    /// Sums and products that stop at `Int.max`: a splice that would
    /// overflow is past every budget anyway (a file of gigabytes could
    /// make many elements with long paths).
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : result
    }

    static func product(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : result
    }

    /// What one splice adds, relative to the root of the declaration that
    /// makes it.
    struct Splice {
        var elements: Int
        var writtenBytes: Int
        var depths: Int
        var pathBytes: Int
        /// The deepest depth the copies reach.
        var height: Int

        /// The bytes the outputs spend on the copies, estimated: each
        /// copy's written text and identifier path, and `bytesPerLevel` for
        /// each level it is nested (see `bytesPerLevel`).
        var cost: Int { SpliceShape.sum(SpliceShape.sum(writtenBytes, pathBytes), SpliceShape.product(depths, SpliceShape.bytesPerLevel)) }
    }

    /// What an output spends on one level of nesting of one element:
    /// JSON indents each of an element's twenty-odd lines by four more
    /// spaces per level (about 130 bytes a level) and Swift by about as
    /// much; half of that still makes indentation the largest part of a
    /// deep splice, where counting text alone let a 3 KB file of 64 nested
    /// splices write 7 MB of JSON unnoticed.
    static let bytesPerLevel = 64
}
