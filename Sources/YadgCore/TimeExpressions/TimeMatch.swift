import Foundation

/// What a matched phrase says about when something happened.
public enum TimeMeaning: Sendable, Equatable {
    /// An exact instant ("2 hours ago", "just now").
    case instant(Date)
    /// A period ("yesterday", "this morning"); `representative` is the instant to store, which
    /// defaults to the middle of the part of the period that has passed.
    case period(start: Date, end: Date, representative: Date? = nil)
    /// Points after now: a plan, not a win yet ("in 2 hours", "tomorrow"); the instant it names.
    case future(Date)
}

/// A time expression found in a phrase: which tokens, and what they mean.
public struct TimeMatch: Sendable, Equatable {
    /// Token indices covered by the expression.
    public var tokens: Range<Int>
    public var meaning: TimeMeaning
    /// The family that found it, for debugging and tests.
    public var family: String

    public init(tokens: Range<Int>, meaning: TimeMeaning, family: String) {
        self.tokens = tokens
        self.meaning = meaning
        self.family = family
    }
}

/// Finds the expressions of one phrase family ("2 hours ago", "yesterday", …).
///
/// A family is one small file: it scans the tokens and returns every match it sees, overlapping or
/// not; refiners then decide which match stands.
public protocol TimeExpressionFamily: Sendable {
    func matches(in tokens: [TimeToken], context: TimeContext) -> [TimeMatch]
}

/// Adjusts the list of candidate matches (drops look-alikes, removes overlaps, merges).
public protocol TimeMatchRefiner: Sendable {
    func refine(_ matches: [TimeMatch], tokens: [TimeToken], context: TimeContext) -> [TimeMatch]
}

extension [TimeToken] {
    /// The lower-cased word at `index`, or nil past the end or for non-words.
    func word(_ index: Int) -> String? {
        index >= 0 && index < count && self[index].kind == .word ? self[index].lower : nil
    }

    /// True when the token at `index` is the punctuation mark `mark`.
    func isMark(_ index: Int, _ mark: String) -> Bool {
        index >= 0 && index < count && self[index].kind == .punctuation && self[index].lower == mark
    }
}
