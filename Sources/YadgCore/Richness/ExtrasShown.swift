/// How lists, cards and exports show what a moment carries besides its words: the mood's symbol
/// before the text, tags that left the text after it, the note and the photos under it.
/// Nothing at all for a moment without them, so the path from Enter to praise looks as it did.
public struct ExtrasShown: Sendable {
    /// Read only when a moment shown has a mood.
    private let vocabulary: Lazy<MoodVocabulary>
    public var moods: MoodVocabulary { vocabulary.value }
    /// The data folder, so a photo stored as `photos/….jpg` is shown with a path that opens.
    public let photoRoot: String

    public init(moods: MoodVocabulary, photoRoot: String = "") {
        self.init(moods: Lazy(value: moods), photoRoot: photoRoot)
    }

    public init(moods: Lazy<MoodVocabulary>, photoRoot: String = "") {
        vocabulary = moods
        self.photoRoot = photoRoot
    }

    /// `🙏 made dinner for friends #cooking`.
    public func headline(_ moment: Moment) -> String {
        headline(text: moment.text, mood: moment.mood, tags: moment.tags)
    }

    /// The same for a moment still being written (`/did`): the mood's symbol, the text, and the
    /// tags the text does not hold.
    public func headline(text: String, mood: String?, tags: [String]) -> String {
        // Most moments have neither: the text is the headline.
        if mood == nil && tags.isEmpty { return text }
        let symbol = mood.map { moods.shown($0).symbol } ?? ""
        let lowered = text.lowercased()
        let left = tags.filter { !lowered.contains("#" + $0) }.map { "#" + $0 }
        return ([symbol.isEmpty ? nil : symbol, text] + left).compactMap { $0 }.joinedText(separator: " ")
    }

    /// A photo a locked journal keeps sealed (`photos/….sealed`): no viewer opens it as it is.
    public static func isSealed(_ stored: String) -> Bool { stored.hasSuffix(".sealed") }

    /// Where a photo is: its full path for one kept in the data folder, else as stored (an import
    /// may name a file elsewhere; it is shown, never opened).
    public func photoPath(_ stored: String) -> String {
        stored.hasPrefix("/") || photoRoot.isEmpty ? stored : photoRoot + "/" + stored
    }
}
