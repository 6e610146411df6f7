import YadgLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The crisis reading, run on every path that takes text (typed, piped, `/did`, `/edit`, `/note`,
/// import, sync pull, a model's reply) before anything is praised or sent.
///
/// It reads a line into one of four outcomes (``Moment/Sensitivity``): a crisis (suicidal thoughts
/// or plans, self-harm), a concern (words of death, self-harm or finality that no idiom or
/// milestone explains), a recovery milestone (cheered, kept here) or an ordinary line. The reader
/// itself is `DistressReader` in YadgLanguage; its lexicon, classes and phrases are
/// `Resources/crisis.json` and its model `Resources/crisis-model.tsv`, reviewed like code. How and
/// why: <doc:CrisisSafety>.
public struct CrisisCheck: Sendable {
    package let reader: DistressReader

    /// What the check made of a line.
    public struct Reading: Sendable, Equatable {
        public var sensitivity: Moment.Sensitivity
        /// A word of the families (death, self-harm, means, finality) stands in the line that no
        /// idiom or milestone explains: a plan that holds one is a concern, never "not a win yet".
        public var touchesDistress: Bool
    }

    /// The reader a run uses: the compiled `Resources/crisis-reader.txt` (what `crisis.json` compiles
    /// to, ``compile(json:)``), the model, and a person's own additions.
    ///
    /// - Parameters:
    ///   - model: `Resources/crisis-model.tsv`, or nil for phrases alone.
    ///   - additions: a `crisis.json` in the config folder. It may add `crisis`, `concern` and
    ///     `danger` phrases, written in the built-in words and classes; nothing else in it is read
    ///     (no clear phrase, milestone, spelling or class), so it can never remove, clear or empty
    ///     the built-in reading.
    public init(compiled: String, model: String? = nil, additions: String? = nil) throws {
        do {
            var reader = try DistressReader(compiled: compiled)
            if let model { reader = reader.with(model: LinearModel.parse(model, classNames: reader.classNames)) }
            if let additions { reader = try reader.adding(Self.additions(additions)) }
            self.reader = reader
        } catch {
            throw ResourceError.unexpected("crisis reader: \(error)")
        }
    }

    /// Reads `crisis.json` itself (and its additions): for `yadg-train` and the test that holds the
    /// compiled form to it.
    public init(json: String, model: String? = nil, additions: String? = nil) throws {
        var reader = try Self.reader(json: json)
        if let model { reader = reader.with(model: LinearModel.parse(model, classNames: reader.classNames)) }
        if let additions {
            do { reader = try reader.adding(Self.additions(additions)) } catch {
                throw ResourceError.unexpected("crisis additions: \(error)")
            }
        }
        self.reader = reader
    }

    /// The compiled form of `crisis.json` (`Resources/crisis-reader.txt`).
    public static func compile(json: String) throws -> String { try reader(json: json).compiledText }

    /// The phrases a person's `crisis.json` may add: only those that raise safety.
    package static func additions(_ json: String) throws -> [DistressReader.Kind: [String]] {
        let added = try CopyTree(json: json).fields ?? [:]
        return [
            .crisis: added["crisis"]?.texts ?? [], .concern: added["concern"]?.texts ?? [],
            .danger: added["danger"]?.texts ?? [],
        ]
    }

    static func reader(json: String) throws -> DistressReader {
        guard let file = try CopyTree(json: json).fields else { throw ResourceError.unexpected("crisis file shape") }
        func texts(_ key: String, _ table: [String: CopyTree]) -> [String] { table[key]?.texts ?? [] }
        func table(_ key: String, _ source: [String: CopyTree]) throws -> [String: [String]] {
            var result: [String: [String]] = [:]
            for (name, value) in source[key]?.fields ?? [:] {
                guard let words = value.texts ?? value.text.map({ [$0] }) else {
                    throw ResourceError.unexpected("crisis \(key) \(name)")
                }
                result[name] = words
            }
            return result
        }
        let spellings = try table("spellings", file).mapValues { $0.flatMap { TextPieces.split($0, on: UInt8(ascii: " ")) } }
        var forms: [String: String] = [:]
        for (base, others) in try table("forms", file) { for other in others { forms[other] = base } }
        let classes = try table("classes", file)
        let kinds: [(DistressReader.Kind, String)] = [
            (.crisis, "crisis"), (.concern, "concern"), (.milestone, "milestones"), (.clear, "clear"),
            (.touch, "touch"), (.planTouch, "planTouch"), (.recoveryFrame, "recoveryFrames"),
            (.topicFrame, "topicFrames"), (.danger, "danger"),
        ]
        var phrases: [DistressReader.Kind: [String]] = [:]
        for (kind, key) in kinds { phrases[kind] = texts(key, file) }
        // `keep`: words that are bases of their own although an ending would take them to another
        // (`used` is not `use`, `training` not `train`).
        let vocabulary = Set(classes.values.joined()).union(texts("keep", file))
        // The words phrases are written with: known, so never read as misspellings.
        var phraseWords = Set<String>()
        for list in phrases.values { for phrase in list { TextPieces.plainWords(of: phrase, into: &phraseWords) } }
        var emoji: [Unicode.Scalar: String] = [:]
        for (symbol, word) in try table("emoji", file) {
            guard let scalar = symbol.unicodeScalars.first, let word = word.first else { continue }
            emoji[scalar] = word
        }
        var typoTargets = Set(texts("typoWords", file))
        for name in texts("typoClasses", file) { typoTargets.formUnion(classes[name] ?? []) }
        let lexicon = Lexicon(
            spellings: spellings, forms: forms, vocabulary: vocabulary, phraseWords: phraseWords, typoTargets: typoTargets,
            notTypos: texts("notTypos", file))
        do {
            return try DistressReader(lexicon: lexicon, classes: classes, phrases: phrases, emoji: emoji)
        } catch {
            throw ResourceError.unexpected("crisis phrase: \(error)")
        }
    }

    /// What `text` says about the person's safety.
    public func read(_ text: String) -> Reading {
        let reading = reader.read(text)
        return Reading(sensitivity: Moment.Sensitivity(reading.verdict), touchesDistress: reading.touches)
    }

    /// True when the text is a crisis or a concern: nothing that holds it is shown or sent as praise.
    public func matches(_ text: String) -> Bool {
        read(text).sensitivity >= .concern
    }

    /// The moment as it must be kept, read again with its note: a reading can only raise what a
    /// moment was (private once means private), so a crisis stays a crisis when edited and a new
    /// phrase or model never un-flags history. A moment that is not ordinary has no praise from a
    /// model, and a concern or a crisis no praise and no kind of win.
    public func flagged(_ moment: Moment) -> Moment {
        var sensitivity = max(moment.sensitivity, read(moment.text).sensitivity)
        if let note = moment.note, sensitivity < .crisis { sensitivity = max(sensitivity, read(note).sensitivity) }
        guard sensitivity != moment.sensitivity else { return moment }
        var flagged = moment
        flagged.sensitivity = sensitivity
        flagged.aiPraise = nil
        if sensitivity >= .concern {
            flagged.action = ""  // not a kind of win: stats do not count it among them
            flagged.offlinePraise = ""
        }
        return flagged
    }

    /// The reader's account of a line, for `yadg-train explain` and tests: each phrase that spoke.
    package func explain(_ text: String) -> DistressReading { reader.read(text, explaining: true) }
}

extension Moment.Sensitivity {
    init(_ verdict: Distress) {
        switch verdict {
        case .ordinary: self = .ordinary
        case .milestone: self = .milestone
        case .concern: self = .concern
        case .crisis: self = .crisis
        }
    }
}
