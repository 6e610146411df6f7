/// What may follow a command's name, declared beside the command in its ``CommandSpec``: the
/// conversation's Tab, the shells' completion (`yadg __complete`) and the manual page all read it,
/// so a command's words are written once.
public struct ArgumentCompletion: Sendable, Equatable {
    /// Words the person's own data supplies, read when asked.
    public enum Source: Sendable, Equatable {
        /// Tags used so far, as `#tag` (most used first).
        case tags
        /// The mood names (`calm`); with `hashed`, as `#calm` (for `/find`).
        case moods(hashed: Bool)
        /// Month names (`october`).
        case months
        /// A path on this machine.
        case files
    }

    /// An option such as `--format`: the word after it (`argument`, as the manual names it:
    /// `FORMAT`, `FILE`, `TIME`; nil for a flag) and the values Tab offers there.
    public struct Option: Sendable, Equatable {
        public let name: String
        public let argument: String?
        public let values: [String]

        public init(_ name: String, argument: String? = nil, values: [String] = []) {
            self.name = name
            self.argument = argument
            self.values = values
        }

        /// A path is completed by the shell itself.
        public var takesFile: Bool { argument == "FILE" }
    }

    /// Fixed words in the first place after the name (`today`, `yesterday`).
    public let words: [String]
    public let options: [Option]
    public let sources: [Source]
    /// Words offered after one of ``words`` (`/settings onthisday` → `on`, `off`).
    public let after: [String: [String]]

    public init(
        words: [String] = [], options: [Option] = [], sources: [Source] = [], after: [String: [String]] = [:]
    ) {
        self.words = words
        self.options = options
        self.sources = sources
        self.after = after
    }

    public static let none = ArgumentCompletion()

    /// The fixed words offered after `arguments`, the words already typed after the name: the
    /// first place's words (and months), or what follows one of them (`onthisday` → `on`, `off`).
    /// The conversation's Tab and the shells' both ask here.
    public func fixedWords(after arguments: [String]) -> [String] {
        switch arguments.count {
        case 0: return words + (sources.contains(.months) ? Self.monthNames : [])
        case 1: return after[arguments[0].lowercased()] ?? []
        default: return []
        }
    }

    public static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]
}
