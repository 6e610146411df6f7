import Foundation

/// A small, conservative local check for crisis language (ai.md §5.3), run before any AI call.
/// On a match the moment is still saved, but no praise is shown and nothing extra is sent.
public struct CrisisCheck: Sendable {
    let phrases: [[String]]

    /// Decodes `{"phrases": ["kill myself", …]}` (`Resources/crisis.json`).
    public init(json: String) throws {
        struct File: Decodable { let phrases: [String] }
        let file = try JSONDecoder().decode(File.self, from: Data(json.utf8))
        phrases = file.phrases.map { $0.lowercased().split(separator: " ").map(String.init) }
    }

    /// True when the text holds one of the phrases as whole words, ignoring case.
    public func matches(_ text: String) -> Bool {
        let words = TimeToken.tokenize(Array(text.unicodeScalars)).compactMap { $0.kind == .word ? $0.lower : nil }
        return phrases.contains { phrase in
            guard !phrase.isEmpty, words.count >= phrase.count else { return false }
            return (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
        }
    }
}
