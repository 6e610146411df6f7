import Testing

@testable import YadgCore

/// A reply's failure is one value, its message and its cause together: the exit status follows
/// the cause, and a reply that did not fail has none to set.
struct ShellReplyFailureTests {
    @Test("The exit status is the failure's cause; a reply that did not fail exits 0 whatever is asked")
    func causeTravelsWithTheMessage() {
        #expect(ShellReply.failed("no such moment").exitStatus == .notDone)
        #expect(
            ShellReply.failed("takes no arguments", usage: true).failure == .init("takes no arguments", cause: .usage))
        let damaged = ShellReply.failed("the file is damaged").failing(because: .data)
        #expect(damaged.failure?.message == "the file is damaged" && damaged.exitStatus == .data)
        #expect(ShellReply.failed("locked").failing(because: .locked).exitStatus == .notDone)
        #expect(ShellReply(lines: [StyledLine("fine")]).failing(because: .server).exitStatus == .ok)
        var kept = ShellReply()
        kept.failure = kept.failure ?? damaged.failure
        #expect(kept.exitStatus == .data, "taken from another reply, the cause comes with it")
    }
}
