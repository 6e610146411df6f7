/// A small learned reader: logistic regression over a line's words, word pairs and the classes
/// its words belong to (`<want>`, `<die>`, `<want> <die>`), so a pair it learnt from one phrasing
/// (`want to die`) also speaks for another (`wish i was dead`).
///
/// Its weights are a text file a person can review (`Resources/crisis-model.tsv`, one feature and
/// its weight a line, strongest first), made by `yadg-train fit` from the corpora and reproduced by
/// it byte for byte: training is deterministic (the examples in a fixed order, a fixed number of
/// passes, weights written rounded).
package struct LinearModel: Sendable {
    /// The weights, by each feature's ``FeatureKey``.
    let weights: FeatureTable
    package let bias: Double
    /// The score from which a line is a concern.
    package let threshold: Double
    /// Each class's name by its bit, for the class features.
    let classNames: [String]
    /// Each class's part of a key (the hash of `<want>`), by its bit.
    private let classParts: [UInt64]

    package init(weights: [String: Double], bias: Double, threshold: Double, classNames: [String]) {
        var table = FeatureTable(capacity: weights.count)
        for (feature, weight) in weights {
            var feature = feature
            if let key = feature.withUTF8({ FeatureKey.of(text: $0) }) { table.insert(key, weight) }
        }
        self.init(weights: table, bias: bias, threshold: threshold, classNames: classNames)
    }

    init(weights: FeatureTable, bias: Double, threshold: Double, classNames: [String]) {
        classParts = classNames.map { name in
            var token = "<" + name + ">"
            return token.withUTF8 { FeatureKey.part($0) }
        }
        self.weights = weights
        self.bias = bias
        self.threshold = threshold
        self.classNames = classNames
    }

    /// The line's score: its bias plus the weight of every feature it has
    /// (``features(words:masks:classNames:_:)``). Each feature is looked up by its key, made from
    /// the hashes of its parts: no feature is written out as text, and a run reads every line it
    /// is given this way.
    package func score(words: [String], masks: [PhrasePattern.ClassMask], classNames names: [String]? = nil) -> Double {
        if let names, names != classNames {
            var total = bias
            Self.features(words: words, masks: masks, classNames: names) { feature in
                var feature = feature
                if let key = feature.withUTF8({ FeatureKey.of(text: $0) }) { total += weights[key] ?? 0 }
            }
            return total
        }
        var total = bias
        let parts = words.map { word -> UInt64 in
            var word = word
            return word.withUTF8 { FeatureKey.part($0) }
        }
        func add(_ key: UInt64) { total += weights[key] ?? 0 }
        func each(_ mask: PhrasePattern.ClassMask, _ body: (UInt64) -> Void) {
            var bits = mask
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                if bit < classParts.count { body(classParts[bit]) }
                bits &= bits - 1
            }
        }
        for i in words.indices where words[i] != Words.boundary {
            add(FeatureKey.one(.word, parts[i]))
            each(masks[i]) { add(FeatureKey.one(.classOf, $0)) }
            for distance in 1...2 where i + distance < words.count {
                let j = i + distance
                if words[j] == Words.boundary { break }
                if distance == 1 {
                    add(FeatureKey.two(.pair, parts[i], parts[j]))
                    each(masks[j]) { add(FeatureKey.two(.wordClass, parts[i], $0)) }
                    each(masks[i]) { add(FeatureKey.two(.classWord, $0, parts[j])) }
                }
                each(masks[i]) { first in each(masks[j]) { add(FeatureKey.two(.classPair, first, $0)) } }
            }
        }
        return total
    }

    /// Every feature of a line, each once per place it occurs: `w:word`, `b:word word` for two words
    /// side by side, `c:<class>` for a word's class, `cc:<class> <class>` for two side by side or
    /// one word apart, and `cw:`/`wc:` for a class beside a word. Nothing crosses a sentence.
    package static func features(
        words: [String], masks: [PhrasePattern.ClassMask], classNames: [String], _ body: (String) -> Void
    ) {
        func classes(_ mask: PhrasePattern.ClassMask) -> [String] {
            guard mask != 0 else { return [] }
            return classNames.indices.compactMap { mask & (1 << PhrasePattern.ClassMask($0)) != 0 ? classNames[$0] : nil }
        }
        let named = masks.map(classes)
        for (i, word) in words.enumerated() where word != Words.boundary {
            body("w:" + word)
            for c in named[i] { body("c:<" + c + ">") }
            for distance in 1...2 where i + distance < words.count {
                let j = i + distance
                if words[j] == Words.boundary { break }
                if distance == 1 {
                    body("b:" + word + " " + words[j])
                    for c in named[j] { body("wc:" + word + " <" + c + ">") }
                    for c in named[i] { body("cw:<" + c + "> " + words[j]) }
                }
                for a in named[i] { for b in named[j] { body("cc:<" + a + "> <" + b + ">") } }
            }
        }
    }

    /// The model as its resource file writes it.
    package func text(features: [String: Double]) -> String {
        Self.text(weights: features, bias: bias, threshold: threshold)
    }

    /// The resource file: a header with the bias and the threshold, then one `feature<TAB>weight` a
    /// line, by weight (strongest first), then by feature.
    package static func text(weights: [String: Double], bias: Double, threshold: Double) -> String {
        var lines = [
            "# yadg crisis model: logistic regression, made by `yadg-train fit`; do not edit by hand.",
            "bias\t" + format(bias), "threshold\t" + format(threshold),
        ]
        let sorted = weights.sorted { a, b in a.value != b.value ? abs(a.value) > abs(b.value) || (abs(a.value) == abs(b.value) && a.value > b.value) : a.key < b.key }
        for (feature, weight) in sorted { lines.append(feature + "\t" + format(weight)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the resource file, byte by byte (it is read at the first line of every run).
    package static func parse(_ text: String, classNames: [String]) -> LinearModel? {
        var text = text
        return text.withUTF8 { buffer -> LinearModel? in
            var table = FeatureTable(capacity: buffer.count / 20)
            var bias: Double?
            var threshold: Double?
            var start = 0
            for index in 0...buffer.count where index == buffer.count || buffer[index] == UInt8(ascii: "\n") {
                defer { start = index + 1 }
                guard index > start, buffer[start] != UInt8(ascii: "#") else { continue }
                var tab = index - 1
                while tab > start && buffer[tab] != UInt8(ascii: "\t") { tab -= 1 }
                guard buffer[tab] == UInt8(ascii: "\t"),
                    let value = TextPieces.decimal(UnsafeBufferPointer(rebasing: buffer[(tab + 1)..<index]))
                else { return nil }
                let key = UnsafeBufferPointer(rebasing: buffer[start..<tab])
                if key.elementsEqual("bias".utf8) {
                    bias = value
                } else if key.elementsEqual("threshold".utf8) {
                    threshold = value
                } else {
                    guard let feature = FeatureKey.of(text: key) else { return nil }
                    table.insert(feature, value)
                }
            }
            guard let bias, let threshold else { return nil }
            return LinearModel(weights: table, bias: bias, threshold: threshold, classNames: classNames)
        }
    }

    /// A weight as written: rounded to four decimals, no trailing zeros (digits written by hand, so
    /// the file is the same on every platform).
    package static func format(_ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        guard scaled != 0 else { return "0" }
        let whole = abs(scaled) / 10_000
        var fraction = String(abs(scaled) % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (scaled < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

/// A feature's key: the kind of feature and the hashes of its parts, mixed. The model's file
/// writes each feature as text (`cc:<want> <die>`), which reads back to the same key as the
/// line's words make, so a line is scored without writing its features out.
enum FeatureKey {
    enum Kind: UInt64 {
        case word = 1, pair, classOf, classPair, wordClass, classWord
    }

    /// FNV-1a, 64 bits, over a part's bytes (a word, or a class written `<want>`).
    static func part(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    static func one(_ kind: Kind, _ a: UInt64) -> UInt64 { mix(kind.rawValue &* 0x9E37_79B9_7F4A_7C15 ^ a) }

    static func two(_ kind: Kind, _ a: UInt64, _ b: UInt64) -> UInt64 {
        mix(mix(kind.rawValue &* 0x9E37_79B9_7F4A_7C15 ^ a) &+ b)
    }

    /// A 64-bit finaliser (splitmix64's), so keys spread over the table.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The key of a feature as the model's file writes it (`w:word`, `b:word word`, `c:<class>`,
    /// `cc:<class> <class>`, `wc:word <class>`, `cw:<class> word`), or nil for another shape.
    static func of(text bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let prefix = UnsafeBufferPointer(rebasing: bytes[..<colon])
        let rest = UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])
        func kind(_ name: String) -> Bool { prefix.elementsEqual(name.utf8) }
        if kind("w") { return one(.word, part(rest)) }
        if kind("c") { return one(.classOf, part(rest)) }
        guard let space = rest.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let a = part(UnsafeBufferPointer(rebasing: rest[..<space]))
        let b = part(UnsafeBufferPointer(rebasing: rest[(space + 1)...]))
        if kind("b") { return two(.pair, a, b) }
        if kind("cc") { return two(.classPair, a, b) }
        if kind("wc") { return two(.wordClass, a, b) }
        if kind("cw") { return two(.classWord, a, b) }
        return nil
    }
}

/// The model's weights by feature key: open addressing over 64-bit keys, a quarter full at most.
struct FeatureTable: Sendable {
    private var keys: [UInt64]
    private var values: [Double]
    private var mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 4 { size *= 2 }
        keys = [UInt64](repeating: 0, count: size)
        values = [Double](repeating: 0, count: size)
        mask = size - 1
    }

    /// Adds a weight (0 is never a key: the mix never gives it for a real feature, and such a
    /// feature would only be left out). A key given twice keeps its first weight.
    mutating func insert(_ key: UInt64, _ value: Double) {
        guard key != 0 else { return }
        var slot = Int(truncatingIfNeeded: key) & mask
        while keys[slot] != 0 {
            if keys[slot] == key { return }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value
    }

    subscript(_ key: UInt64) -> Double? {
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let stored = keys[slot]
            if stored == key { return values[slot] }
            if stored == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }
}
