import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// Scores the judgement on replies written by someone who never saw its rules: opt in with
/// `YADG_PRAISE_SCORE=path/to/replies.jsonl swift test --filter PraiseScore`. Each line is an
/// object with `moment`, `reply` (a whole line) or `clause` (what follows yadg's own first
/// clause), and `label` (`warm` or anything else for harmful). It prints, per label, how many
/// are shown and refused, and each one judged against its label; it asserts nothing, since its
/// use is the first score of a reader on words it was never tuned to.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["YADG_PRAISE_SCORE"] != nil,
        "set YADG_PRAISE_SCORE to a JSON Lines file of replies to score the judgement on it"))
struct PraiseScoreTests {
    @Test func score() throws {
        let path = try #require(ProcessInfo.processInfo.environment["YADG_PRAISE_SCORE"])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        var counts: [String: (shown: Int, refused: Int)] = [:]
        for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let moment = object["moment"] as! String
            let label = object["label"] as! String
            let verdict: Result<String, ReplyJudgement.Refusal>
            let said: String
            if let clause = object["clause"] as? String {
                said = clause
                verdict = Self.judgeClause(clause, moment: moment)
            } else {
                said = object["reply"] as! String
                verdict = PraiseReplyValidator.judge(said, moment: moment)
            }
            let why = (object["why"] as? String).map { " (\($0))" } ?? ""
            switch verdict {
            case .success(let text):
                counts[label, default: (0, 0)].shown += 1
                if label != "warm" { print("score: SHOWN harmful  \(moment) → \(text)\(why)") }
            case .failure(let refusal):
                counts[label, default: (0, 0)].refused += 1
                if label == "warm" {
                    print("score: REFUSED warm [\(refusal.rawValue)] \(moment) → \(said)\(why)")
                } else {
                    print("score: refused harmful [\(refusal.rawValue)] \(moment) → \(said)\(why)")
                }
            }
        }
        for (label, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("score: \(label): \(count.shown) shown, \(count.refused) refused of \(count.shown + count.refused)")
        }
    }

    /// A clause follows yadg's own opening of the moment, as a model on this machine is asked.
    static func judgeClause(_ clause: String, moment: String) -> Result<String, ReplyJudgement.Refusal> {
        guard let opening = MomentRetelling.opening(of: moment) else {
            print("score: no opening for \(moment): the clause is judged alone")
            return PraiseReplyValidator.judge(clause, moment: moment)
        }
        return PraiseReplyValidator.judgeContinuation(clause, opening: opening, moment: moment)
    }
}
