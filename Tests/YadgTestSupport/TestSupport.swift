import Foundation
import YadgCore
import YadgLanguage
import YadgResources

/// Shared by the test targets: the real resource files, a fixed clock, seeded randomness and
/// predictable ids, a seeded shell.
public enum TestSupport {
    public static let newYork = Zone(identifier: "America/New_York")!

    /// The shipped resources, decoded as the executable decodes them.
    public static let resources: ShellResources = {
        func text(_ key: String) -> String { EmbeddedResources.text(key)! }
        return try! ShellResources(
            copy: Copy(json: text("Resources/copy.json")),
            praise: PraisePool(json: text("Resources/praise.json")),
            classifier: ActionClassifier(json: text("Resources/actions.json")),
            homePhrases: JSONDecoder().decode([String].self, from: Data(text("Resources/home-phrases.json").utf8)),
            privacy: text("Resources/privacy.md"), terms: text("Resources/terms.md"),
            crisis: CrisisCheck(compiled: text("Resources/crisis-reader.txt"), model: text("Resources/crisis-model.tsv")),
            moods: MoodVocabulary(json: text("Resources/moods.json")),
            talk: TalkWords(compiled: text("Resources/talk-reader.txt")))
    }()

    /// The lines of a file in the `Fixtures/` folder beside the calling test file (comment lines,
    /// starting with `#`, left out).
    public static func fixtureLines(_ name: String, beside file: String = #filePath) -> [String] {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().appending(path: "Fixtures/" + name)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// The records of a reader's corpus in `Tests/Corpora/` (the one record shape every reader's
    /// corpus has), or none when the file does not exist.
    package static func corpus(_ name: String) -> [CorpusRecord] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Corpora/" + name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return try! CorpusRecord.read(text, source: name)
    }

    /// The JSON objects of a JSON Lines fixture, one per line.
    public static func fixtureObjects(_ name: String, beside file: String = #filePath) -> [[String: Any]] {
        fixtureLines(name, beside: file).map {
            try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    /// The shipped words for times and dates.
    public static let timeWords = TimeWords(resources.copy)

    /// A local wall time in a zone, e.g. `date("2026-11-19T15:04:00")`.
    public static func date(_ local: String, _ zone: Zone = newYork) -> Date {
        CivilTime.parse(local, zone: zone)!
    }

    /// Ids 00000000-0000-4000-8000-000000000001, …02, … in order.
    public static func sequentialIDs() -> () -> UUID {
        var next = 0
        return {
            next += 1
            return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", next))!
        }
    }

    public static func shell(
        store: InMemoryMomentStore = InMemoryMomentStore(), now: String = "2026-11-19T15:04:00",
        mode: Shell.Mode = .piped, seed: UInt64 = 7, configuration: Shell.Configuration = Shell.Configuration()
    ) -> Shell {
        Shell(
            store: store, clock: FixedClock(date(now)), timeZone: newYork, resources: resources,
            rng: SplitMix64(seed: seed), mode: mode, configuration: configuration, makeID: sequentialIDs())
    }
}

extension ShellReply {
    /// The moments this reply asks AI praise for.
    public var praiseRequests: [Moment] {
        effects.compactMap { if case .requestPraise(let moment) = $0 { moment } else { nil } }
    }

    /// The days and weeks this reply asks summaries for.
    public var summaryRequests: [SummaryTarget] {
        effects.flatMap { effect -> [SummaryTarget] in
            if case .writeSummaries(let targets, _) = effect { targets } else { [] }
        }
    }
}
