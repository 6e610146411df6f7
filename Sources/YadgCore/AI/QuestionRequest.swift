#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An open question about one's own moments (`how was my week?`), for the AI provider to answer
/// from the moments found on this machine (<doc:Conversation>). Only the question, the period's
/// words and at most ``maxMoments`` moments' texts leave; a crisis moment never does.
public struct QuestionRequest: Sendable, Equatable {
    public static let maxMoments = 30

    public let question: String
    /// The period the moments are from, in words (`this week`, `the past week`).
    public let period: String
    /// The moments' texts, newest first.
    public let moments: [String]

    public init(question: String, period: String, moments: [String]) {
        self.question = question
        self.period = period
        self.moments = moments
    }

    /// The request, or nil when no moment may be sent (none, or only moments that stay here).
    public init?(question: String, period: String, moments: [Moment]) {
        let sent = moments.filter { !$0.staysOnThisMachine }.prefix(Self.maxMoments).map(\.text)
        guard !sent.isEmpty else { return nil }
        self.init(question: question, period: period, moments: Array(sent))
    }
}

/// Answers an open question from the moments it is given. Same contract as ``PraiseProvider``:
/// unvalidated text (the never-shown rules decide), or a ``PraiseProviderError``, by the deadline.
public protocol QuestionAnswerWriter: Sendable {
    func answer(for request: QuestionRequest) async throws -> String
}
