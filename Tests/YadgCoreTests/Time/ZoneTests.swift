import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// yadg's zones (the tz database's files and POSIX rules) against Foundation's ICU zones, which
/// these tests may load: the app itself no longer does.
struct ZoneTests {
    /// Zones with daylight saving time north and south, half and quarter hours, a 30-minute DST
    /// (Lord Howe), a zone that dropped DST (São Paulo) and one that skipped a day (Apia).
    static let zones = [
        "America/New_York", "America/Los_Angeles", "America/Phoenix", "America/St_Johns", "America/Sao_Paulo",
        "Europe/London", "Europe/Paris", "Europe/Berlin", "Europe/Moscow", "Asia/Kolkata", "Asia/Kathmandu",
        "Asia/Tokyo", "Asia/Shanghai", "Australia/Sydney", "Australia/Adelaide", "Australia/Lord_Howe",
        "Pacific/Auckland", "Pacific/Chatham", "Pacific/Apia", "Africa/Johannesburg", "UTC",
    ]

    @Test("Every offset from 1980 to 2060 is ICU's, around each change too", arguments: zones)
    func matchesICU(name: String) throws {
        let ours = try #require(Zone(identifier: name))
        let icu = try #require(TimeZone(identifier: name))
        #expect(ours.identifier == name)
        var instant = Date(timeIntervalSince1970: 315_532_800)  // 1980-01-01
        let end = Date(timeIntervalSince1970: 2_840_140_800)  // 2060-01-01
        var mismatches: [String] = []
        while instant < end {
            // Every 5 days and 7 hours, so every hour of the day comes up; and around each of ICU's
            // changes, a second before and at it.
            for probe in [instant] + Self.aroundChange(after: instant, in: icu) {
                let expected = icu.secondsFromGMT(for: probe)
                let found = ours.secondsFromGMT(for: probe)
                if expected != found { mismatches.append("\(probe): ICU \(expected), yadg \(found)") }
            }
            instant = instant.addingTimeInterval(5 * 86400 + 7 * 3600)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    static func aroundChange(after date: Date, in zone: TimeZone) -> [Date] {
        guard let change = zone.nextDaylightSavingTimeTransition(after: date),
            change.timeIntervalSince(date) < 5 * 86400 + 7 * 3600
        else { return [] }
        return [change.addingTimeInterval(-1), change]
    }

    @Test("A slim file (transitions only where the rule cannot say them) reads the same as a fat one")
    func slimFiles() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let source = """
            Rule\tUS\t1967\t2006\t-\tOct\tlastSun\t2:00\t0\tS
            Rule\tUS\t1987\t2006\t-\tApr\tSun>=1\t2:00\t1:00\tD
            Rule\tUS\t2007\tmax\t-\tMar\tSun>=8\t2:00\t1:00\tD
            Rule\tUS\t2007\tmax\t-\tNov\tSun>=1\t2:00\t0\tS
            Zone\tTest/Eastern\t-5:00\tUS\tE%sT
            Rule\tAN\t2008\tmax\t-\tApr\tSun>=1\t2:00s\t0\tS
            Rule\tAN\t2008\tmax\t-\tOct\tSun>=1\t2:00s\t1:00\tD
            Zone\tTest/Sydney\t10:00\tAN\tAE%sT

            """
        try source.write(toFile: folder + "/zones", atomically: true, encoding: .utf8)
        for size in ["slim", "fat"] {
            let zic = Process()
            zic.executableURL = URL(fileURLWithPath: "/usr/sbin/zic")
            zic.arguments = ["-b", size, "-d", folder + "/" + size, folder + "/zones"]
            try zic.run()
            zic.waitUntilExit()
            #expect(zic.terminationStatus == 0)
        }
        for (name, icuName) in [("Test/Eastern", "America/New_York"), ("Test/Sydney", "Australia/Sydney")] {
            let slim = try Zone(
                identifier: name, tzif: Array(Data(contentsOf: URL(fileURLWithPath: folder + "/slim/" + name))))
            let fat = try Zone(
                identifier: name, tzif: Array(Data(contentsOf: URL(fileURLWithPath: folder + "/fat/" + name))))
            #expect(
                slim.rules.transitions.count < fat.rules.transitions.count, "the slim file leaves changes to its rule")
            let icu = try #require(TimeZone(identifier: icuName))
            for hours in stride(from: 342_000, to: 790_000, by: 13) {  // 2009 to 2060, every 13 hours
                let date = Date(timeIntervalSince1970: Double(hours) * 3600)
                #expect(slim.secondsFromGMT(for: date) == icu.secondsFromGMT(for: date), "\(name) at \(date)")
                #expect(fat.secondsFromGMT(for: date) == slim.secondsFromGMT(for: date), "\(name) at \(date)")
            }
        }
    }

    @Test("POSIX rules: the changes fall on the instant the rule says")
    func posixRules() throws {
        let eastern = try #require(PosixZoneRule("EST5EDT,M3.2.0,M11.1.0"))
        // 2026: second Sunday of March (the 8th) at 02:00 EST, first Sunday of November (the 1st) at 02:00 EDT.
        let springs = Int64(CivilTime.parse("2026-03-08T07:00:00Z")!.timeIntervalSince1970)
        let falls = Int64(CivilTime.parse("2026-11-01T06:00:00Z")!.timeIntervalSince1970)
        #expect(eastern.offset(at: springs - 1) == -18000 && eastern.offset(at: springs) == -14400)
        #expect(eastern.offset(at: falls - 1) == -14400 && eastern.offset(at: falls) == -18000)

        // South: daylight time spans the new year; change times after the day ("/3").
        let sydney = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.offset(at: Int64(CivilTime.parse("2026-01-01T00:00:00Z")!.timeIntervalSince1970)) == 39600)
        #expect(sydney.offset(at: Int64(CivilTime.parse("2026-06-01T00:00:00Z")!.timeIntervalSince1970)) == 36000)
        // 2026-04-05 03:00 AEDT = 2026-04-04 16:00 UTC.
        let ends = Int64(CivilTime.parse("2026-04-04T16:00:00Z")!.timeIntervalSince1970)
        #expect(sydney.offset(at: ends - 1) == 39600 && sydney.offset(at: ends) == 36000)

        // Quoted names, minutes, no daylight time.
        #expect(PosixZoneRule("<+0530>-5:30")?.offset(at: 0) == 19800)
        #expect(PosixZoneRule("<-03>3")?.offset(at: 0) == -10800)
        // Julian days (February 29th never counted, then counted) and negative change times.
        let julian = try #require(PosixZoneRule("XST0XDT,J60/0,J300/-1"))
        let leapMarch1 = Int64(CivilTime.parse("2028-03-01T00:00:00Z")!.timeIntervalSince1970)
        #expect(julian.offset(at: leapMarch1 - 1) == 0 && julian.offset(at: leapMarch1) == 3600)
        let zeroBased = try #require(PosixZoneRule("XST0XDT,59/0,300"))
        let leapFeb29 = Int64(CivilTime.parse("2028-02-29T00:00:00Z")!.timeIntervalSince1970)
        #expect(zeroBased.offset(at: leapFeb29 - 1) == 0 && zeroBased.offset(at: leapFeb29) == 3600)
        // Daylight time all year, as some files' footers say it.
        let always = try #require(PosixZoneRule("EST5EDT,0/0,J365/25"))
        for month in 1...12 {
            let date = CivilTime.parse("2030-\(month < 10 ? "0" : "")\(month)-15T12:00:00Z")!
            #expect(always.offset(at: Int64(date.timeIntervalSince1970)) == -14400)
        }
        // A named daylight time without its changes keeps the United States'.
        #expect(PosixZoneRule("XST5XDT") == eastern, "the names are not kept: the same offsets and changes")

        for bad in [
            "", "EST", "ES5", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0", "EST25",
            "<+05>", "Europe/Paris", "EST5EDT,J0,J300", "EST5EDT,M3.2.0/200,M11.1.0", "EST5 EDT",
        ] {
            #expect(PosixZoneRule(bad) == nil, "\(bad)")
        }
    }

    @Test("Names that leave the database, leap-second files and files that are not zones are refused")
    func refusedNames() throws {
        for name in [
            "../../etc/passwd", "/etc/localtime", "America/../America/New_York", "right/UTC", "Not/AZone", "America",
            "zone.tab", "", "America//New_York", String(repeating: "A", count: 300),
        ] {
            #expect(Zone(identifier: name) == nil, "\(name)")
        }
        #expect(throws: (any Error).self) { try Zone(identifier: "x", tzif: Array("TZif2".utf8)) }
        #expect(throws: (any Error).self) { try Zone(identifier: "x", tzif: []) }
        var truncated = try Array(Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")))
        truncated.removeLast(40)
        #expect(throws: (any Error).self) { try Zone(identifier: "x", tzif: truncated) }
        #expect(Zone(identifier: "UTC") == Zone.utc && Zone.utc.secondsFromGMT(for: Date()) == 0)
    }
}
