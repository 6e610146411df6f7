import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Modes are set only on what yadg creates, and the small things said in words: a `YADG_HOME`
/// that is a file, an unknown `TZ`, an import's number out of range.
struct ModesAndSmallOnesEndToEndTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    @Test("A YADG_HOME that is there keeps its mode (a shared 2775 folder too); what yadg makes is 0700 and 0600")
    func modesOnlyOnWhatYadgCreates() throws {
        let shared = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(shared) }
        chmod(shared, 0o2775)
        #expect(try YadgProcess.run(["log", "took", "a", "walk"], home: shared).status == 0)
        #expect(Self.mode(shared) == 0o2775)
        #expect(Self.mode(shared + "/moments.db") == 0o600)
        chmod(shared + "/moments.db", 0o640)
        #expect(try YadgProcess.run(["log", "made", "tea"], home: shared).status == 0)
        #expect(Self.mode(shared + "/moments.db") == 0o640, "a file that is there keeps its mode")

        let parent = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(parent) }
        let fresh = parent + "/new/yadg"
        let made = try YadgProcess.run(
            ["log", "took", "a", "walk"], home: parent, env: ["YADG_HOME": fresh])
        #expect(made.status == 0)
        #expect(Self.mode(parent + "/new") == 0o700 && Self.mode(fresh) == 0o700)
        #expect(Self.mode(fresh + "/moments.db") == 0o600)
    }

    @Test("A YADG_HOME that is a file is said in words, with exit 3, and the file is untouched")
    func homeIsAFile() throws {
        let folder = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(folder) }
        let file = folder + "/notes.txt"
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try YadgProcess.run(["log", "took", "a", "walk"], home: folder, env: ["YADG_HOME": file])
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "yadg: \(file) is a file, not a folder, so I can't keep your moments there. Point YADG_HOME at a "
                + "folder, or move the file aside; nothing was changed.\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "my notes\n")
    }

    @Test("An import's number out of range is named as such, not taken for a file that is not JSON")
    func importNumberOutOfRange() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let file = home + "/in.json"
        let row =
            #"{"id":"11111111-2222-4333-8444-000000000001","text":"took a walk","submittedAt":"2026-11-18T15:00:00.000Z","#
            + #""happenedAt":"2026-11-18T15:00:00.000Z","tz":"UTC","timeAgo":1e30}"#
        try (#"{"version":1,"moments":["# + row + "]}").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try YadgProcess.run(["import", file], home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "yadg: I couldn't read \(file) as a yadg JSON export: moment 11111111-2222-4333-8444-000000000001's "
                + "timeAgo is out of range (whole seconds, not below zero, up to a few thousand years)\n")
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["0"]])
    }
}
