import Foundation
import Testing
import YadgCore
import YadgTestSupport

@testable import YadgApp

/// The person's zone, found without Foundation's process environment.
struct SystemTimeZoneTests {
    @Test("TZ names the zone (with or without a leading colon) or spells a POSIX rule; an unknown TZ falls back")
    func fromTZ() {
        #expect(SystemTimeZone.current(environment: ["TZ": "Europe/Paris"]).identifier == "Europe/Paris")
        #expect(SystemTimeZone.current(environment: ["TZ": ":Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(
            SystemTimeZone.current(environment: ["TZ": "Not/AZone"]).identifier
                == SystemTimeZone.current(environment: [:]).identifier)
        let rule = SystemTimeZone.current(environment: ["TZ": "XST5XDT,M3.2.0,M11.1.0"])
        #expect(rule.identifier == "XST5XDT,M3.2.0,M11.1.0")
        #expect(rule.secondsFromGMT(for: TestSupport.date("2026-01-15T12:00:00")) == -5 * 3600)
        #expect(rule.secondsFromGMT(for: TestSupport.date("2026-07-15T12:00:00")) == -4 * 3600)
    }

    @Test("A zone named in a file (Debian's /etc/timezone): its first line")
    func fromNamingFile() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        try "Europe/Berlin\n".write(toFile: folder + "/timezone", atomically: true, encoding: .utf8)
        #expect(SystemTimeZone.namedZone(folder + "/timezone") == "Europe/Berlin")
        try "\n".write(toFile: folder + "/empty", atomically: true, encoding: .utf8)
        #expect(SystemTimeZone.namedZone(folder + "/empty") == nil)
        #expect(SystemTimeZone.namedZone(folder + "/missing") == nil)
    }

    @Test("The zone a localtime link points to, by its name under zoneinfo")
    func fromLink() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let link = folder + "/localtime"
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/New_York")
        #expect(SystemTimeZone.linkedZoneName(link) == "America/New_York")
        let elsewhere = folder + "/elsewhere"
        try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: "/etc/somewhere/else")
        #expect(SystemTimeZone.linkedZoneName(elsewhere) == nil)
        #expect(SystemTimeZone.linkedZoneName(folder + "/missing") == nil)
    }

    @Test("The environment as a dictionary; a value holding '=' is kept whole")
    func environment() {
        setenv("YADG_TEST_VARIABLE", "a=b", 1)
        #expect(ProcessEnvironment.current()["YADG_TEST_VARIABLE"] == "a=b")
        #expect(ProcessEnvironment.current()["PATH"] == ProcessInfo.processInfo.environment["PATH"])
    }
}
