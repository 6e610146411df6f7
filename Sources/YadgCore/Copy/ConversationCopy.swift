#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The conversation's own words: small talk, and words for the conversation said in a pipe.
public struct ConversationCopy: CopySection {
    public static let key = "conversation"
    public let answers: [SmallTalk: [String]]
    public let firstHint, leaveInPipe, helpInPipe, openQuestion: String
    public let keepHint, nothingToKeep, notFound, whichOne, noneBefore, notSame, fixNotFound, fixNoNearWord, keptInstead: String
    /// Greetings for someone coming back (never on an empty home).
    public let greetingAgain: [String]

    public init(_ words: CopyWords) throws {
        greetingAgain = try words.list("greetingAgain")
        answers = [
            .greeting: try words.list("greeting"), .thanks: try words.list("thanks"), .ack: try words.list("ack"),
            .howAreYou: try words.list("howAreYou"), .compliment: try words.list("compliment"),
        ]
        firstHint = try words.text("firstHint")
        leaveInPipe = try words.text("leaveInPipe")
        helpInPipe = try words.text("helpInPipe")
        openQuestion = try words.text("openQuestion")
        keepHint = try words.text("keepHint")
        nothingToKeep = try words.text("nothingToKeep")
        notFound = try words.text("notFound")
        whichOne = try words.text("whichOne")
        noneBefore = try words.text("noneBefore")
        notSame = try words.text("notSame")
        fixNotFound = try words.text("fixNotFound")
        fixNoNearWord = try words.text("fixNoNearWord")
        keptInstead = try words.text("keptInstead")
    }
}

/// Kind lines for what did not happen (`notAWin` in `Resources/copy.json`), by kind.
public struct NotAWinCopy: CopySection {
    public static let key = "notAWin"
    public let lines: [String: [String]]

    public init(_ words: CopyWords) throws {
        var lines: [String: [String]] = [:]
        for kind in ["negated", "todo", "feeling", "hardday", "help"] { lines[kind] = try words.list(kind) }
        self.lines = lines
    }
}

/// Answers to how-to and app questions (`howTo` in `Resources/copy.json`), by topic; each ends
/// where the person can act.
public struct HowToCopy: CopySection {
    public static let key = "howTo"
    public let answers: [String: String]

    public init(_ words: CopyWords) throws {
        var answers: [String: String] = [:]
        for topic in Self.topics { answers[topic] = try words.text(topic) }
        self.answers = answers
    }

    /// Every topic the talk reader may name (`Resources/talk.json`), and the few the stage names.
    public static let topics = [
        "export", "delete", "edit", "find", "moments", "leave", "tag", "note", "fav", "time", "colors", "sync", "data",
        "privacy", "version", "ai", "about", "offline", "backup", "cost", "log", "help", "reminders", "scores", "judge",
        "shell", "pasted", "typo", "merge", "untag", "settings", "space", "built",
    ]
}
