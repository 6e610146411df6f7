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

    /// The same, except that a plan's text is checked only where the case gives one: a plan is not
    /// stored, so its text is never seen.
    static func isRead(_ c: Case, _ parsed: ParsedMoment) -> Bool {
        c.kind == "future" && c.text.isEmpty ? parsed.kind == .future : isCorrect(c, parsed)
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

    /// The tense corpus (<doc:TimeSemantics> §6): past lines naming a window still ahead, plans
    /// naming one gone, lines with no tense, their look-alikes, and the fresh lines of t1 and t2
    /// (written by helpers who never saw the rules; t2 held out until the rules were done; t3 scored
    /// once on the final rules, its one plan read as done added with a look-alike). The
    /// issue's bar: no line told as done is ever a plan, and at least 95 % of the plans are not logged.
    @Test("Tense decides plan or past: no win is read as a plan, and the plans are not logged")
    func tenseCorpus() throws {
        let cases = try Self.load("time-tense.jsonl")
        #expect(cases.count == 412)
        let parser = TimeExpressionParser()
        var misread: [String] = []
        var plans = 0
        var plansHeld = 0
        for c in cases {
            let parsed = parser.parse(c.phrase, now: c.now, timeZone: c.zone)
            let line =
                "\(c.id): \(c.phrase) → \(parsed.kind) \(CivilTime.iso8601(parsed.happenedAt, in: c.zone)) \"\(parsed.text)\""
            if !Self.isRead(c, parsed) { misread.append(line) }
            if c.kind == "future" {
                plans += 1
                if parsed.kind == .future { plansHeld += 1 }
            } else {
                #expect(parsed.kind != .future, "a win read as a plan: \(line)")
                if c.kind == "past" { #expect(parsed.happenedAt <= c.now, "logged after it was typed: \(line)") }
            }
        }
        #expect(Double(plansHeld) / Double(plans) >= 0.95, "plans held \(plansHeld) of \(plans)")
        // Two known misses, both t2's plans said in no tense that yadg reads as wins, as it reads any
        // line it is unsure of (§6.5): "walk the dog at 7" typed at 07:40 (07:00 is nearer than
        // 19:00), and "got to pick up timber at bunnings first thing" (`got to`, said without `I've`).
        #expect(misread.count <= 2, "misread:\n\(misread.joined(separator: "\n"))")
    }

    /// The part of the tense corpus held aside while the rules were written: every case read as meant.
    @Test("The tense corpus's held-aside part is read as meant")
    func tenseHeldAside() throws {
        let parser = TimeExpressionParser()
        for c in try Self.load("time-tense-held-aside.jsonl") {
            let parsed = parser.parse(c.phrase, now: c.now, timeZone: c.zone)
            #expect(
                Self.isRead(c, parsed),
                "\(c.id): \(c.phrase) → \(parsed.kind) \(CivilTime.iso8601(parsed.happenedAt, in: c.zone)) \"\(parsed.text)\""
            )
        }
    }
}
