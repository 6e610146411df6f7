/// What a person may add to a moment besides its words and time, all optional: a mood, tags and
/// a note (photos are attached afterwards, with `/photo`).
public struct MomentExtras: Sendable, Equatable {
    public var mood: String?
    public var tags: [String]
    public var note: String?

    public init(mood: String? = nil, tags: [String] = [], note: String? = nil) {
        self.mood = mood
        self.tags = tags
        self.note = note
    }
}
