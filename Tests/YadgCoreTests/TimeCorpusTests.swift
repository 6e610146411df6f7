import Foundation
import Testing
import YadgCore

/// The shared dev corpus (a copy in Fixtures/), scored as `time-eval/eval.py` scores a command:
/// past cases must land in their window, none cases must find nothing, future cases must be
/// flagged, and the text must match exactly.
struct TimeCorpusTests {
    struct Case {
        let id: String
        let phrase: String
        let now: Date
        let zone: Zone
        let kind: String
        let from: Date?
        let to: Date?
        let text: String
    }

    static func load(_ name: String = "time-dev.jsonl") throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/" + name)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        return try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let expect = try #require(object["expect"] as? [String: Any])
            let zone = try #require(Zone(identifier: object["tz"] as! String))
            return Case(
                id: object["id"] as! String, phrase: object["phrase"] as! String,
                now: try #require(CivilTime.parse(object["now"] as! String, zone: zone)), zone: zone,
                kind: expect["kind"] as! String, from: (expect["from"] as? String).flatMap { CivilTime.parse($0) },
                to: (expect["to"] as? String).flatMap { CivilTime.parse($0) }, text: expect["text"] as! String)
        }
    }

    static func isCorrect(_ c: Case, _ parsed: ParsedMoment) -> Bool {
        guard parsed.text == c.text else { return false }
        switch c.kind {
        case "past":
            guard parsed.kind == .past, let from = c.from, let to = c.to else { return false }
            return parsed.happenedAt >= from.addingTimeInterval(-1) && parsed.happenedAt <= to.addingTimeInterval(1)
        case "none":
            return parsed.kind == .none && abs(parsed.happenedAt.timeIntervalSince(c.now)) <= 60
        default:
            return parsed.kind == .future
        }
    }

    @Test("The dev corpus scores at least 0.97 (time and text both right)")
    func devCorpus() throws {
        let cases = try Self.load()
        #expect(cases.count == 326)
        let parser = TimeExpressionParser()
        var failures: [String] = []
        for c in cases {
            let parsed = parser.parse(c.phrase, now: c.now, timeZone: c.zone)
            if !Self.isCorrect(c, parsed) {
                failures.append(
                    "\(c.id): \(c.phrase) → \(parsed.kind) \(CivilTime.iso8601(parsed.happenedAt, in: c.zone)) \"\(parsed.text)\""
                )
            }
        }
        let accuracy = Double(cases.count - failures.count) / Double(cases.count)
        #expect(accuracy >= 0.97, "accuracy \(accuracy); failing:\n\(failures.joined(separator: "\n"))")
    }

    /// yadg's own cases for §5 of the time semantics (informal phrasings), each rule with the
    /// look-alikes it must leave alone: all of them right.
    @Test("The informal phrasings of §5 are all read as meant, and their look-alikes left alone")
    func informalCorpus() throws {
        try Self.expectEveryCaseRead("time-informal.jsonl", atLeast: 35)
    }

    /// Every case of a corpus file read as its expectation says, each miss named.
    static func expectEveryCaseRead(_ file: String, atLeast minimum: Int) throws {
        let cases = try load(file)
        #expect(cases.count >= minimum)
        let parser = TimeExpressionParser()
        for c in cases {
            let parsed = parser.parse(c.phrase, now: c.now, timeZone: c.zone)
            #expect(
                isCorrect(c, parsed),
                "\(c.id): \(c.phrase) → \(parsed.kind) \(CivilTime.iso8601(parsed.happenedAt, in: c.zone)) \"\(parsed.text)\""
            )
        }
    }

    @Test(
        "The parts of a day (meals, routines, a part without a day, this arvo, 2nite) are read as the window they name",
        arguments: ["time-day-parts.jsonl", "time-day-parts-held-aside.jsonl"])
    func dayParts(file: String) throws {
        try Self.expectEveryCaseRead(file, atLeast: 5)
    }
}
