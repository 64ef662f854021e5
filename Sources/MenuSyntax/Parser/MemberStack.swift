import MenuSupport

/// The members of the bodies being parsed, innermost body last. The parser
/// pushes each member as it is parsed and, when a body ends, moves the
/// body's run into `SyntaxTreeBuilder.members`, so that each body's members
/// are contiguous there.
///
/// It owns its memory rather than being an array: every append to an array
/// stored in the parser, and every `removeLast`, asks the runtime whether
/// the array is uniquely referenced, and this stack is touched three times
/// per member.
struct MemberStack: ~Copyable {
    private var storage: UnsafeMutablePointer<MemberRef>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        storage = .allocate(capacity: capacity)
    }

    // `MemberRef` is a trivial type: nothing to deinitialize first.
    deinit { storage.deallocate() }

    @inline(__always)
    mutating func push(_ member: MemberRef) {
        if count == capacity { grow() }
        // In bounds: `count` is below `capacity` here.
        (storage + count).initialize(to: member)
        count += 1
    }

    /// Appends the members from `mark` on (a `count` read when the body
    /// began) to `members`, and removes them.
    mutating func moveRun(from mark: Int, to members: inout [MemberRef]) {
        precondition(mark >= 0 && mark <= count, "a body's mark lies within the stack")
        members.append(contentsOf: UnsafeBufferPointer(start: storage + mark, count: count - mark))
        count = mark
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<MemberRef>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
