import Synchronization

/// What a line says about the person's safety, from least to most to act on.
package enum Distress: Int, Sendable, Comparable, CaseIterable {
    /// Nothing of death, self-harm or finality, or only an idiom or a literal use of their words.
    case ordinary = 0
    /// A recovery milestone: time clean, an urge ridden out, an anniversary survived. A win, cheered
    /// offline, and kept on this machine.
    case milestone = 1
    /// Words of death, self-harm or finality that no idiom or milestone explains: kept, never
    /// praised or sent anywhere, answered with a short check-in.
    case concern = 2
    /// Suicidal thoughts or plans, or self-harm: kept, never praised or sent, answered with the
    /// crisis message.
    case crisis = 3

    package static func < (a: Distress, b: Distress) -> Bool { a.rawValue < b.rawValue }
}

/// Why a reader reached its verdict: the phrase, class or model that spoke, and the words it saw.
package struct Evidence: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case crisis, concern, milestone, clear, touch, danger, model
    }

    package var kind: Kind
    /// The phrase as written in the resource, or the model's score.
    package var source: String
    /// The words it covered, as read (base forms).
    package var words: String
    /// Whether a wider reading (a milestone, an idiom) set it aside.
    package var setAside: Bool

    package var description: String {
        "\(kind.rawValue)\(setAside ? " (set aside)" : ""): \(source) ← \(words)"
    }
}

/// What ``DistressReader`` made of a line.
package struct DistressReading: Sendable {
    package var verdict: Distress = .ordinary
    /// Whether a word of the families (death, self-harm, means, finality…) stands in the line that
    /// no idiom or milestone explains. A plan that touches them is never told "not a win yet".
    package var touches = false
    package var evidence: [Evidence] = []
    /// The line's words as the reader read them.
    package var words: [String] = []
}

/// Reads a line for suicidal thoughts, plans and self-harm (<doc:CrisisSafety> in YadgCore says
/// why each part is as it is).
///
/// The words are brought to their base forms (``Lexicon``); each word carries the classes it
/// belongs to (`<self>`, `<die>`, `<harm>`, `<body>`, `<means>`…), and the resource's phrases are
/// written over words and classes (``PhrasePattern``), so one phrase, `<want> ~ <die>`, holds for
/// every way of saying it. Four lists of phrases speak:
///
/// - **crisis** phrases make the line a crisis;
/// - **milestone** phrases (`<number> <duration> without ~ <harm>`) make it a recovery milestone,
///   and set aside any crisis phrase or family word they cover;
/// - **clear** phrases are idioms and literal uses (`kill it at`, `dead tired`, `cut the grass`):
///   they set aside what they cover;
/// - **concern** phrases, and every **touch** word left standing, make it a concern.
///
/// A **frame** sets aside what its sentence holds: a recovery frame (`years since`, `used to`)
/// everything, a topic frame (`training`, `podcast`) all but crisis phrases. **Danger** (`on purpose`, `next time`,
/// `still want to`) keeps anything in its sentence from being set aside.
///
/// Then the model (``LinearModel``), if any, may raise a line the phrases are silent about (no
/// idiom, milestone or frame explained it) to a concern, never lower anything: a new model can
/// only add safety.
package struct DistressReader: Sendable {
    package enum Kind: Int, Sendable, CaseIterable {
        case crisis, concern, milestone, clear, touch, planTouch
        /// A sentence about recovery (`used to`, `years since`, `still here and glad`): every phrase of
        /// the sentence is set aside, and the line is a milestone.
        case recoveryFrame
        /// A sentence about the subject as a topic (`training`, `podcast`, `documentary`): the
        /// family words and concern phrases of the sentence are set aside, never a crisis phrase.
        case topicFrame
        /// Present intent or harm (`on purpose`, `next time`, `still want to`): no clear, milestone
        /// or frame sets aside anything in its sentence.
        case danger
    }

    let lexicon: Lexicon
    let emoji: [Unicode.Scalar: String]
    /// Each word's classes, one bit a class.
    let classBits: ByteWordTable<PhrasePattern.ClassMask>
    let numberBit: PhrasePattern.ClassMask
    /// Each class's bit, by its name.
    let bitOf: [String: Int]
    /// The classes' names, by their bit.
    package let classNames: [String]
    /// The phrases: each one's kind, and where its text is in ``compiledText``. A phrase is
    /// compiled the first time a line holds a word it can open with: a run reads its resources at
    /// its first line, and most runs meet few of them.
    let kinds: [Kind]
    let phraseRanges: [Range<Int>]
    /// What a line must hold for each phrase to match it (``PhrasePattern/requirements``).
    let requirements: [(words: UInt64, classes: PhrasePattern.ClassMask)]
    /// Phrases by the words they can open with (the range of their numbers in ``compiledText``),
    /// and by the classes.
    let byWord: ByteWordTable<[Int]>
    let byClass: [[Int]]
    /// A person's own phrases, after the built-in ones (``adding(_:)``).
    let added: [(kind: Kind, text: String, opening: (words: [String], classes: PhrasePattern.ClassMask))]
    let shelf: PatternShelf
    let model: LinearModel?
    /// The compiled form this reader was read from (`Resources/crisis-reader.txt`).
    package let compiledText: String
    private let bytes: [UInt8]

    package enum ReadError: Error, Equatable {
        case phrase(PhrasePattern.ReadError)
        case tooManyClasses
        case badLine(Int)
    }

    /// Builds a reader from what `crisis.json` says (through its compiled form, so a reader built
    /// this way reads exactly as the shipped one).
    ///
    /// - Parameters:
    ///   - classes: each class's name and words (written as typed; read through the lexicon).
    ///     Digits are in the class `number` when there is one.
    ///   - phrases: each kind's phrases, in the language of ``PhrasePattern``.
    package init(
        lexicon: Lexicon, classes: [String: [String]], phrases: [Kind: [String]],
        emoji: [Unicode.Scalar: String] = [:], model: LinearModel? = nil
    ) throws(ReadError) {
        let text = try Self.compile(lexicon: lexicon, classes: classes, phrases: phrases, emoji: emoji)
        try self.init(compiled: text, model: model)
    }

    /// The reader's compiled form (see DistressReader+Compiled.swift for its lines).
    static func compile(
        lexicon: Lexicon, classes: [String: [String]], phrases: [Kind: [String]], emoji: [Unicode.Scalar: String]
    ) throws(ReadError) -> String {
        let names = classes.keys.sorted()
        guard names.count <= 64 else { throw .tooManyClasses }
        var bitOf: [String: Int] = [:]
        for (bit, name) in names.enumerated() { bitOf[name] = bit }
        var members: [String: PhrasePattern.ClassMask] = [:]
        for (bit, name) in names.enumerated() {
            for written in classes[name]! {
                let base = lexicon.normalized(written)
                if base.count == 1 { members[base[0], default: 0] |= 1 << PhrasePattern.ClassMask(bit) }
            }
        }
        var lines = [
            "# yadg crisis reader: compiled from Resources/crisis.json by `yadg-train compile`. Do not edit.",
            lexicon.text.hasSuffix("\n") ? String(lexicon.text.dropLast()) : lexicon.text,
        ]
        for (scalar, word) in emoji.sorted(by: { $0.key.value < $1.key.value }) {
            lines.append("e\t" + String(scalar) + "\t" + word)
        }
        for name in names { lines.append("c\t" + name) }
        for (word, mask) in members.sorted(by: { $0.key < $1.key }) { lines.append("m\t" + word + "\t\(mask)") }
        var byWord: [String: [Int]] = [:]
        var index = 0
        for kind in Kind.allCases {
            for text in phrases[kind] ?? [] {
                let opening: (words: [String], classes: PhrasePattern.ClassMask)
                let required: (words: UInt64, classes: PhrasePattern.ClassMask)
                do {
                    opening = try PhrasePattern.opening(of: text, classes: bitOf) { lexicon.normalized($0) }
                    required = try PhrasePattern(text, classes: bitOf) { lexicon.normalized($0) }.requirements
                } catch { throw .phrase(error) }
                lines.append("p\t\(kind.rawValue)\t\(opening.classes)\t\(required.words)\t\(required.classes)\t" + text)
                for word in Set(opening.words) { byWord[word, default: []].append(index) }
                index += 1
            }
        }
        for (word, indices) in byWord.sorted(by: { $0.key < $1.key }) {
            lines.append("o\t" + word + "\t" + indices.map(String.init).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the compiled form: its words stay in one buffer, and phrases are compiled as lines
    /// need them.
    package init(compiled text: String, model: LinearModel? = nil) throws(ReadError) {
        do { lexicon = try Lexicon(lines: text) } catch {
            guard case .badLine(let line) = error else { throw .badLine(0) }
            throw .badLine(line)
        }
        let bytes = Array(text.utf8)
        var emoji: [Unicode.Scalar: String] = [:]
        var classNames: [String] = []
        var members: [(key: Range<Int>, value: PhrasePattern.ClassMask)] = []
        var kinds: [Kind] = []
        var phraseRanges: [Range<Int>] = []
        var requirements: [(words: UInt64, classes: PhrasePattern.ClassMask)] = []
        var byClass = [[Int]](repeating: [], count: 64)
        var openers: [(key: Range<Int>, value: [Int])] = []
        var failure: Int?
        CompiledLines.read(bytes) { kind, fields, line in
            func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            func number(_ range: Range<Int>) -> UInt64? {
                var value: UInt64 = 0
                for byte in bytes[range] {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                }
                return range.isEmpty ? nil : value
            }
            switch (kind, fields.count) {
            case (UInt8(ascii: "e"), 2):
                if let scalar = string(fields[0]).unicodeScalars.first { emoji[scalar] = string(fields[1]) }
            case (UInt8(ascii: "c"), 1): classNames.append(string(fields[0]))
            case (UInt8(ascii: "m"), 2):
                guard let mask = number(fields[1]) else { return failure = failure ?? line }
                members.append((fields[0], mask))
            case (UInt8(ascii: "p"), 5):
                guard let raw = number(fields[0]), let kind = Kind(rawValue: Int(raw)), let mask = number(fields[1]),
                    let requiredWords = number(fields[2]), let requiredClasses = number(fields[3])
                else { return failure = failure ?? line }
                requirements.append((requiredWords, requiredClasses))
                var bits = mask
                while bits != 0 {
                    byClass[bits.trailingZeroBitCount].append(kinds.count)
                    bits &= bits - 1
                }
                kinds.append(kind)
                phraseRanges.append(fields[4])
            case (UInt8(ascii: "o"), 2):
                var numbers: [Int] = []
                var value = 0
                for byte in bytes[fields[1]] {
                    if byte == UInt8(ascii: " ") {
                        numbers.append(value)
                        value = 0
                    } else {
                        value = value * 10 + Int(byte &- UInt8(ascii: "0"))
                    }
                }
                numbers.append(value)
                openers.append((fields[0], numbers))
            case (UInt8(ascii: "e"), _), (UInt8(ascii: "c"), _), (UInt8(ascii: "m"), _), (UInt8(ascii: "p"), _),
                (UInt8(ascii: "o"), _):
                failure = failure ?? line
            default: break
            }
        }
        if let failure { throw .badLine(failure) }
        guard classNames.count <= 64 else { throw .tooManyClasses }
        var bitOf: [String: Int] = [:]
        for (bit, name) in classNames.enumerated() { bitOf[name] = bit }
        self.emoji = emoji
        self.classNames = classNames
        self.bitOf = bitOf
        classBits = ByteWordTable(bytes: bytes, entries: members)
        numberBit = bitOf["number"].map { 1 << PhrasePattern.ClassMask($0) } ?? 0
        self.kinds = kinds
        self.phraseRanges = phraseRanges
        self.requirements = requirements
        byWord = ByteWordTable(bytes: bytes, entries: openers)
        self.byClass = byClass
        added = []
        shelf = PatternShelf(count: kinds.count)
        self.model = model
        compiledText = text
        self.bytes = bytes
    }

    private init(
        _ reader: DistressReader, added: [(kind: Kind, text: String, opening: (words: [String], classes: PhrasePattern.ClassMask))],
        model: LinearModel?
    ) {
        lexicon = reader.lexicon
        emoji = reader.emoji
        classBits = reader.classBits
        numberBit = reader.numberBit
        bitOf = reader.bitOf
        classNames = reader.classNames
        kinds = reader.kinds
        phraseRanges = reader.phraseRanges
        requirements = reader.requirements
        byWord = reader.byWord
        byClass = reader.byClass
        self.added = added
        shelf = PatternShelf(count: reader.kinds.count + added.count)
        self.model = model
        compiledText = reader.compiledText
        bytes = reader.bytes
    }

    /// The same reader with more phrases (a person's own, which can only raise safety).
    package func adding(_ phrases: [Kind: [String]]) throws(ReadError) -> DistressReader {
        var added = self.added
        for kind in Kind.allCases {
            for text in phrases[kind] ?? [] {
                do {
                    added.append(
                        (kind, text, try PhrasePattern.opening(of: text, classes: bitOf) { lexicon.normalized($0) }))
                } catch { throw .phrase(error) }
            }
        }
        return DistressReader(self, added: added, model: model)
    }

    /// The same reader with another model (or none).
    package func with(model: LinearModel?) -> DistressReader { DistressReader(self, added: added, model: model) }

    /// How many phrases the reader holds, its own and a person's.
    var phraseCount: Int { kinds.count + added.count }

    func kind(_ index: Int) -> Kind { index < kinds.count ? kinds[index] : added[index - kinds.count].kind }

    /// A phrase's text as written.
    func phraseText(_ index: Int) -> String {
        guard index < kinds.count else { return added[index - kinds.count].text }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[phraseRanges[index]]), as: UTF8.self) }
    }

    /// The phrases a word can open, by their numbers.
    func phrases(openedBy word: String) -> [Int] {
        let found = byWord[word] ?? []
        guard !added.isEmpty else { return found }
        return found
            + added.indices.filter { added[$0].opening.words.contains(word) }.map { kinds.count + $0 }
    }

    /// The phrases a class opens.
    func phrases(openedByClass bit: Int) -> [Int] {
        guard !added.isEmpty else { return byClass[bit] }
        return byClass[bit]
            + added.indices.filter { added[$0].opening.classes & (1 << PhrasePattern.ClassMask(bit)) != 0 }.map {
                kinds.count + $0
            }
    }

    /// The phrase at `index`, compiled the first time it is asked for (nil if it cannot be: a
    /// broken phrase never matches; ``compileAll()`` finds one).
    func pattern(_ index: Int) -> PatternShelf.Slot {
        shelf.pattern(index) {
            try? PhrasePattern(phraseText(index), classes: bitOf) { lexicon.normalized($0) }
        }
    }

    /// Compiles every phrase, throwing on the first that cannot be: for tests and `yadg-train`.
    package func compileAll() throws(ReadError) {
        for index in 0..<phraseCount {
            do {
                _ = try PhrasePattern(phraseText(index), classes: bitOf) { lexicon.normalized($0) }
            } catch {
                throw .phrase(error)
            }
        }
    }

    /// Of a dictionary's words, those the lexicon would take for misspellings (``Lexicon/notTypos``).
    package func realWordsNearTargets(_ words: Set<String>) -> [String] { lexicon.realWordsNearTargets(words) }

    /// The words of `text` in their base forms, with ``Words/boundary`` between sentences.
    package func words(of text: String) -> [String] {
        let folded = Words(text, emoji: emoji)
        var out: [String] = []
        out.reserveCapacity(folded.folded.count + 4)
        for (word, shouted) in zip(folded.folded, folded.shouted) {
            if word == Words.boundary { out.append(word) } else { lexicon.normalizeRemembering(word, shouted: shouted, into: &out) }
        }
        return out
    }

    /// Each word's classes.
    package func masks(of words: [String]) -> [PhrasePattern.ClassMask] {
        words.map { word in
            var word = word
            return word.withUTF8 { classes(of: $0, hash: WordTable<Bool>.hash(bytes: $0)) }
        }
    }

    /// A word's classes, its hash already made; a word of digits is in `number` too.
    private func classes(of word: UnsafeBufferPointer<UInt8>, hash: UInt32) -> PhrasePattern.ClassMask {
        let mask = classBits[bytes: word, hash: hash] ?? 0
        return numberBit != 0 && word.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true ? mask | numberBit : mask
    }

    /// Reads a line. `explaining`: gather the evidence (the phrases that spoke, as text), which
    /// only `yadg-train explain` and tests read; a run does not pay for it.
    package func read(_ text: String, explaining: Bool = false) -> DistressReading {
        let words = words(of: text)
        var reading = DistressReading()
        reading.words = words
        guard !words.isEmpty else { return reading }
        // Each word is hashed once for its classes, its signature bit and the phrases it opens.
        var masks: [PhrasePattern.ClassMask] = []
        masks.reserveCapacity(words.count)
        var opened: [[Int]] = []
        opened.reserveCapacity(words.count)
        var lineWords: UInt64 = 0
        var lineClasses: PhrasePattern.ClassMask = 0
        for word in words {
            var word = word
            word.withUTF8 { bytes in
                let hash = WordTable<Bool>.hash(bytes: bytes)
                lineWords |= Signature.bit(hash: hash)
                let mask = classes(of: bytes, hash: hash)
                masks.append(mask)
                lineClasses |= mask
                opened.append(byWord[bytes: bytes, hash: hash] ?? [])
            }
        }
        var found: [(kind: Kind, span: Range<Int>, index: Int)] = []
        for start in words.indices {
            func consider(_ candidates: [Int]) {
                for index in candidates {
                    if index < requirements.count {
                        let required = requirements[index]
                        guard required.words & lineWords == required.words, required.classes & lineClasses == required.classes
                        else { continue }
                    }
                    if let end = pattern(index).pattern?.match(
                        words, masks: masks, at: start, lineWords: lineWords, lineClasses: lineClasses)
                    {
                        found.append((kind(index), start..<end, index))
                    }
                }
            }
            consider(added.isEmpty ? opened[start] : phrases(openedBy: words[start]))
            var mask = masks[start]
            while mask != 0 {
                consider(phrases(openedByClass: mask.trailingZeroBitCount))
                mask &= mask - 1
            }
        }
        guard !found.isEmpty else { return withModel(reading, words: words, masks: masks, explaining: explaining) }
        // Each word's sentence, for the frames and the danger that reach a whole sentence.
        var sentenceOf: [Int] = []
        sentenceOf.reserveCapacity(words.count)
        var sentence = 0
        for word in words {
            if word == Words.boundary { sentence += 1 }
            sentenceOf.append(sentence)
        }
        let endangered = Set(found.filter { $0.kind == .danger }.map { sentenceOf[$0.span.lowerBound] })
        // A clear or milestone phrase covers what lies inside it; a frame, its whole sentence. Danger
        // in a sentence (`on purpose`, `next time`, `still want to`) undoes both there.
        var covers: [Range<Int>] = []
        var framed: Set<Int> = []
        var recoveryFramed: Set<Int> = []
        var recovery = false
        for (kind, span, _) in found where !endangered.contains(sentenceOf[span.lowerBound]) {
            switch kind {
            case .clear: covers.append(span)
            case .milestone:
                covers.append(span)
                recovery = true
            case .recoveryFrame, .topicFrame:
                framed.insert(sentenceOf[span.lowerBound])
                if kind == .recoveryFrame {
                    recoveryFramed.insert(sentenceOf[span.lowerBound])
                    recovery = true
                }
            default: break
            }
        }
        func setAside(_ kind: Kind, _ span: Range<Int>) -> Bool {
            // A topic frame sets aside words of the families, never a crisis phrase: `before I kill
            // myself` stays a crisis in a sentence about an essay.
            framed.contains(sentenceOf[span.lowerBound]) && (kind != .crisis || recoveryFramed.contains(sentenceOf[span.lowerBound]))
                || covers.contains { $0.lowerBound <= span.lowerBound && span.upperBound <= $0.upperBound }
        }
        var standing: Set<Kind> = []
        for (kind, span, index) in found {
            let speaks = [.crisis, .concern, .touch, .planTouch].contains(kind)
            let aside = speaks && setAside(kind, span)
            if speaks && !aside { standing.insert(kind) }
            guard explaining else { continue }
            reading.evidence.append(
                Evidence(
                    kind: Self.evidenceKind(kind), source: phraseText(index),
                    words: words[span].joined(separator: " "), setAside: aside))
        }
        if standing.contains(.crisis) {
            reading.verdict = .crisis
        } else if standing.contains(.concern) || standing.contains(.touch) {
            reading.verdict = .concern
        } else if recovery {
            reading.verdict = .milestone
        }
        reading.touches = reading.verdict >= .concern || standing.contains(.planTouch)
        // A line the phrases explained (an idiom, a milestone, a frame) is theirs; the model reads
        // the lines they are silent about.
        guard covers.isEmpty && framed.isEmpty else { return reading }
        return withModel(reading, words: words, masks: masks, explaining: explaining)
    }

    /// The model, if any, raises a line that is not a concern yet when it is sure enough.
    private func withModel(
        _ reading: DistressReading, words: [String], masks: [PhrasePattern.ClassMask], explaining: Bool
    ) -> DistressReading {
        guard reading.verdict < .concern, let model else { return reading }
        let score = model.score(words: words, masks: masks)
        guard score >= model.threshold else { return reading }
        var raised = reading
        raised.verdict = .concern
        raised.touches = true
        if explaining {
            raised.evidence.append(
                Evidence(kind: .model, source: "score \(LinearModel.format(score))", words: "", setAside: false))
        }
        return raised
    }

    static func evidenceKind(_ kind: Kind) -> Evidence.Kind {
        switch kind {
        case .crisis: .crisis
        case .concern: .concern
        case .milestone, .recoveryFrame: .milestone
        case .clear, .topicFrame: .clear
        case .touch, .planTouch: .touch
        case .danger: .danger
        }
    }
}

/// The compiled phrases, filled in as lines need them. A class so every copy of a reader shares
/// one shelf; a mutex, because the conversation's reader is asked from more than one thread.
final class PatternShelf: Sendable {
    /// A compiled phrase, boxed so handing it out copies no elements.
    final class Slot: Sendable {
        let pattern: PhrasePattern?
        init(_ pattern: PhrasePattern?) { self.pattern = pattern }
    }

    private let slots: Mutex<[Slot?]>

    init(count: Int) { slots = Mutex([Slot?](repeating: nil, count: count)) }

    /// The pattern at `index`, made by `compile` the first time.
    func pattern(_ index: Int, compile: () -> PhrasePattern?) -> Slot {
        if let known = slots.withLock({ $0[index] }) { return known }
        let made = Slot(compile())
        slots.withLock { $0[index] = made }
        return made
    }
}
