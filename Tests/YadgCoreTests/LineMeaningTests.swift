import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// The stage every line goes through (``LineMeaning``), on the table of lines in
/// `Fixtures/line-readings.tsv`: each line with what it is. `line-readings-held-aside.tsv` was
/// written with it and kept out of sight while the stage was tuned; it must not be tuned to.
struct LineMeaningTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let reading: String
        let afterMoment: Bool
        let line: String
        var testDescription: String { "\(reading): \(line)" }
    }

    static func load(_ name: String) -> [Row] {
        TestSupport.fixtureLines(name).map { row in
            let columns = row.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            return Row(reading: columns[0], afterMoment: columns[1] == "after-moment", line: columns[2])
        }
    }

    static let table = load("line-readings.tsv")
    static let heldAside = load("line-readings-held-aside.tsv")

    /// Thu 2026-11-19 15:04 in New York, as every transcript.
    static func context(afterMoment: Bool) -> LineContext {
        let now = TestSupport.date("2026-11-19T15:04:00")
        return LineContext(
            crisis: TestSupport.resources.crisis, moods: TestSupport.resources.moods,
            parse: { TimeExpressionParser().parse($0, now: now, timeZone: TestSupport.newYork) },
            afterMoment: afterMoment)
    }

    static func read(_ line: String, afterMoment: Bool = false) -> LineMeaning {
        LineMeaning.read(line, in: context(afterMoment: afterMoment))
    }

    @Test("The table: 300 lines or more, a third of them moments that look like something else")
    func shape() {
        let all = Self.table + Self.heldAside
        #expect(all.count >= 300)
        #expect(all.filter { $0.reading == "moment" }.count >= all.count / 3)
    }

    @Test(arguments: table)
    func tableLine(_ row: Row) {
        #expect(Self.read(row.line, afterMoment: row.afterMoment).name == row.reading)
    }

    @Test(arguments: heldAside)
    func heldAsideLine(_ row: Row) {
        #expect(Self.read(row.line, afterMoment: row.afterMoment).name == row.reading)
    }
}
