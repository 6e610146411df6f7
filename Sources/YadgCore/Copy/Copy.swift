import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every user-facing line of yadg, from `Resources/copy.json`, so copy is reviewed in one place.
///
/// The file has one section per feature (`"journey"`, `"export"`, …). Each is decoded into the
/// ``CopySection`` type declared next to the view or command that uses it, the first time it is
/// asked for: a new command brings its own section without touching this file. A person's own
/// `copy.json` in the config folder overrides the built-in one section by section; a section it
/// lacks or gets wrong falls back to the built-in one. Templates use `{name}` placeholders, filled
/// with ``Copy/fill(_:_:)``.
public struct Copy: Sendable {
    /// The file's sections, each parsed the first time it is asked for, and the built-in ones to
    /// fall back on.
    private let sections: LazyTable
    private let fallback: LazyTable?
    private let decoded = DecodedSections()

    /// Reads `json`, using `fallback` (the built-in copy) for any section `json` lacks or gets wrong.
    /// Throws when `json` is not a JSON object of sections.
    public init(json: String, fallback: String? = nil) throws {
        sections = try LazyTable(json: json)
        self.fallback = fallback.flatMap { $0 != json ? try? LazyTable(json: $0) : nil }
    }

    /// The section of copy a feature uses: `copy[JourneyCopy.self].title`.
    public subscript<Section: CopySection>(_ type: Section.Type) -> Section {
        // Each in a box of its type: a class cast is a pointer compare, where a cast out of an
        // existential searched the runtime's tables (several sections are read for every line logged).
        if let box = decoded.values.withLock({ $0[Section.key] }) as? SectionBox<Section> { return box.section }
        // The built-in copy is read section by section in the tests, so this is a programming error.
        guard let section = (try? strict(type)) ?? fallback.flatMap({ Self.read(type, from: $0) }) else {
            preconditionFailure("copy.json has no valid \"\(Section.key)\" section")
        }
        decoded.values.withLock { $0[Section.key] = SectionBox(section) }
        return section
    }

    /// The section as this file has it, without falling back: throws what is missing.
    public func strict<Section: CopySection>(_ type: Section.Type) throws -> Section {
        guard case .table(let fields)? = sections[Section.key] else {
            throw CopyError(section: Section.key, field: "")
        }
        return try Section(CopyWords(fields: fields, section: Section.key))
    }

    private static func read<Section: CopySection>(_ type: Section.Type, from sections: LazyTable) -> Section? {
        guard case .table(let fields)? = sections[Section.key] else { return nil }
        return try? Section(CopyWords(fields: fields, section: Section.key))
    }

    /// Replaces each `{key}` in `template` with its value, in one pass over its UTF-8 bytes (every
    /// card fills several templates, so this is on the path of each logged line: walking it by
    /// Character cost ten thousand instructions a template). A `{word}` with no value, and a value
    /// holding braces, are left as they are.
    ///
    /// The values are pairs, not a dictionary: a literal `["count": "3"]` is then only a small
    /// array, where a dictionary was allocated and every key hashed for each template filled.
    public static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
        fill(template, pairs: values)
    }

    /// The same with values a caller has gathered in a dictionary.
    public static func fill(_ template: String, dictionary values: [String: String]) -> String {
        fill(template, pairs: values.map { (key: $0.key, value: $0.value) })
    }

    /// The template is read once into its pieces, each its own bytes up to a placeholder and the
    /// value put there (by its place among `pairs`), kept in a buffer on the stack; then the
    /// pieces are written straight into the new string's storage. A card fills three templates:
    /// building an array of bytes, or of pieces, to make a string from cost more.
    private static func fill<Pairs: RandomAccessCollection<(key: String, value: String)>>(
        _ template: String, pairs: Pairs
    ) -> String where Pairs.Index == Int {
        guard !pairs.isEmpty else { return template }
        var template = template
        let filled = template.withUTF8 { bytes -> String? in
            let placeholders = bytes.count { $0 == UInt8(ascii: "{") }
            guard placeholders > 0 else { return nil }
            return withUnsafeTemporaryAllocation(of: Piece.self, capacity: placeholders) { pieces -> String? in
                var count = 0
                var length = 0
                var done = 0
                var searchFrom = 0
                while let open = bytes[searchFrom...].firstIndex(of: UInt8(ascii: "{")) {
                    // A template has a few values: comparing names in place is cheaper than hashing a copy.
                    let name = bytes[(open + 1)...]
                    guard let close = name.firstIndex(of: UInt8(ascii: "}")),
                        let index = pairs.firstIndex(where: {
                            named($0.key, UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close]))
                        })
                    else {
                        searchFrom = open + 1
                        continue
                    }
                    pieces[count] = Piece(text: done..<open, value: index)
                    count += 1
                    length += open - done + pairs[index].value.utf8.count
                    done = close + 1
                    searchFrom = done
                }
                guard count > 0 else { return nil }
                length += bytes.count - done
                return String(unsafeUninitializedCapacity: length) { out in
                    var written = 0
                    for piece in pieces[..<count] {
                        written += UnsafeMutableBufferPointer(rebasing: out[written...])
                            .initialize(fromContentsOf: bytes[piece.text])
                        var value = pairs[piece.value].value
                        written += value.withUTF8 {
                            UnsafeMutableBufferPointer(rebasing: out[written...]).initialize(fromContentsOf: $0)
                        }
                    }
                    return written
                        + UnsafeMutableBufferPointer(rebasing: out[written...]).initialize(
                            fromContentsOf: bytes[done...])
                }
            }
        }
        return filled ?? template
    }

    /// A piece of a filled template: the template's bytes before a placeholder, and the place
    /// among the pairs of the value put there.
    private struct Piece {
        let text: Range<Int>
        let value: Int
    }

    /// Whether a value's key is the placeholder's name, compared as bytes in place.
    private static func named(_ key: String, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.utf8.count == name.count else { return false }
        var key = key
        return key.withUTF8 { $0.elementsEqual(name) }
    }

    /// Sections already decoded, shared by copies of this value, by their key in the file. (Not by
    /// `ObjectIdentifier`: the first dictionary keyed by it cost the runtime a search of every
    /// conformance in the process, a tenth of a millisecond at each start.)
    private final class DecodedSections: Sendable {
        let values = Mutex<[String: AnyObject]>([:])
    }

    private final class SectionBox<Section: CopySection>: Sendable {
        let section: Section
        init(_ section: Section) { self.section = section }
    }
}

/// One section of `Resources/copy.json`, declared beside the code that shows it.
public protocol CopySection: Sendable {
    /// The section's name in the file.
    static var key: String { get }
    /// Reads the section's fields (throws when one is missing or of another shape).
    init(_ words: CopyWords) throws
}

/// The decoded resources the shell needs, handed in by the executable (never paths).
public struct ShellResources: Sendable {
    public let copy: Copy
    /// Light, kind lines for Home; an empty line shows the next one.
    public let homePhrases: [String]
    public let privacy: String
    public let terms: String
    private let lazyPraise: Lazy<PraisePool>
    private let lazyClassifier: Lazy<ActionClassifier>
    private let lazyCrisis: Lazy<CrisisCheck>
    private let lazyMoods: Lazy<MoodVocabulary>
    private let lazyTalk: Lazy<TalkWords>

    public var praise: PraisePool { lazyPraise.value }
    public var classifier: ActionClassifier { lazyClassifier.value }
    public var crisis: CrisisCheck { lazyCrisis.value }
    /// The moods a moment may carry.
    public var moods: MoodVocabulary { lazyMoods.value }
    /// What the conversation listens for besides wins (`Resources/talk.json`).
    public var talk: TalkWords { lazyTalk.value }
    /// The same, not read until first used.
    public var moodsWhenNeeded: Lazy<MoodVocabulary> { lazyMoods }
    /// The crisis reader, not read until first used (it judges a model's replies on background threads).
    public var crisisWhenNeeded: Lazy<CrisisCheck> { lazyCrisis }

    public init(
        copy: Copy, praise: PraisePool, classifier: ActionClassifier, homePhrases: [String], privacy: String,
        terms: String, crisis: CrisisCheck, moods: MoodVocabulary, talk: TalkWords
    ) {
        self.init(
            copy: copy, homePhrases: homePhrases, privacy: privacy, terms: terms, praise: Lazy(value: praise),
            classifier: Lazy(value: classifier), crisis: Lazy(value: crisis), moods: Lazy(value: moods),
            talk: Lazy(value: talk))
    }

    /// With the larger resources read when first used (a start that only shows Home reads none).
    public init(
        copy: Copy, homePhrases: [String], privacy: String, terms: String, praise: Lazy<PraisePool>,
        classifier: Lazy<ActionClassifier>, crisis: Lazy<CrisisCheck>, moods: Lazy<MoodVocabulary>,
        talk: Lazy<TalkWords>
    ) {
        self.copy = copy
        self.homePhrases = homePhrases
        self.privacy = privacy
        self.terms = terms
        lazyPraise = praise
        lazyClassifier = classifier
        lazyCrisis = crisis
        lazyMoods = moods
        lazyTalk = talk
    }
}
