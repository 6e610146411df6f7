/// Short lines of conversation that are not moments: greetings, thanks, kind words, `ok`, `how are
/// you?`. What makes a line one is the talk reader's (`Resources/talk.json`); each is answered from
/// copy (`conversation` in `Resources/copy.json`), never saved, never sent to an AI.
public enum SmallTalk: String, Sendable, Equatable, CaseIterable {
    case greeting, thanks, ack, howAreYou = "howareyou", compliment
}
