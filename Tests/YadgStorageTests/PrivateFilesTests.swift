import Foundation
import Testing
import YadgStorage
import YadgTestSupport

/// Reading the small files yadg reads at every start.
struct PrivateFilesTests {
    @Test("A file's text; nil for a missing file, a folder, or bytes that are not UTF-8")
    func readText() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let settings = folder + "/settings"
        try Data("ai = none\nnote = café ☕\n".utf8).write(to: URL(fileURLWithPath: settings))
        #expect(PrivateFiles.readText(settings) == "ai = none\nnote = café ☕\n")

        let large = folder + "/large"
        let text = String(repeating: "a line of praise\n", count: 5_000)  // more than one read
        try Data(text.utf8).write(to: URL(fileURLWithPath: large))
        #expect(PrivateFiles.readText(large) == text)

        #expect(PrivateFiles.readText(folder + "/missing") == nil)
        #expect(PrivateFiles.readText(folder) == nil)
        let broken = folder + "/broken"
        try Data([0x61, 0xFF, 0x62]).write(to: URL(fileURLWithPath: broken))
        #expect(PrivateFiles.readText(broken) == nil)
        let empty = folder + "/empty"
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(PrivateFiles.readText(empty) == "")
    }
}
