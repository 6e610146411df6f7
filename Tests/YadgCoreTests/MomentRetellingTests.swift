import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// yadg's own first clause of an AI line: the moment said back in the second person and the
/// past (<doc:PraiseFromAModel>).
struct MomentRetellingTests {
    @Test(
        "Pronouns, possessives, kin, tense and the common irregular verbs",
        arguments: [
            ("made my bed", "You made your bed"),
            ("called mom", "You called your mom"),
            ("went to therapy", "You went to therapy"),
            ("Called Mom!", "You called your mom"),
            ("answered the email I was avoiding", "You answered the email you were avoiding"),
            ("fixed a bug that took me all week", "You fixed a bug that took you all week"),
            ("I cooked for my roommate", "You cooked for your roommate"),
            ("stood up for myself", "You stood up for yourself"),
            ("finally called my grandma back", "You finally called your grandma back"),
            ("call dad", "You called your dad"),
            ("cleaning the kitchen", "You cleaned the kitchen"),
            ("baking bread", "You baked bread"),
            ("running 5k", "You ran 5k"),
            ("tidy my desk", "You tidied your desk"),
            ("jog around the park", "You jogged around the park"),
            ("I was brave at the dentist", "You were brave at the dentist"),
            ("was brave at the dentist", "You were brave at the dentist"),
            ("I'm finally done with my thesis", "You're finally done with your thesis"),
            ("I've read 20 pages", "You've read 20 pages"),
            ("walked our dog to the park", "You walked your dog to the park"),
            ("write a poem for my mum", "You wrote a poem for your mum"),
            ("didn't skip breakfast", "You didn't skip breakfast"),
            ("got out of bed even though it was hard", "You got out of bed even though it was hard"),
            ("drank enough water today.", "You drank enough water today"),
            ("swept the floor #home", "You swept the floor"),
            ("ran a 5k 🎉", "You ran a 5k"),
            ("helped my kid with homework and I was patient", "You helped your kid with homework and you were patient"),
            ("took the kids' bikes to my mother's", "You took the kids' bikes to your mother's"),
        ])
    func retells(_ moment: String, _ opening: String) {
        #expect(MomentRetelling.opening(of: moment) == opening)
    }

    @Test(
        "A line that does not open with a deed has none: the model writes the whole line",
        arguments: [
            "huge presentation done", "tired", "my first 5k", "Coffee with Sam", "why did I do that?",
            "felt sad. then went out", "the dishes",
        ])
    func noRetelling(_ moment: String) {
        #expect(MomentRetelling.opening(of: moment) == nil)
    }

    /// Every moment of the praise and time corpora: a retelling, when there is one, speaks to the
    /// person (no `I`, `my`, `me` left) and keeps every other word of the moment in its order.
    @Test("The praise and time corpora's moments")
    func corpora() {
        var moments: [String] = []
        for name in ["praise-replies.jsonl", "praise-replies-held-aside.jsonl"] {
            moments += TestSupport.fixtureObjects(name).map { $0["moment"] as! String }
        }
        for name in ["time-dev.jsonl", "time-informal.jsonl", "time-day-parts.jsonl"] {
            moments += TestSupport.fixtureObjects(name).compactMap {
                let expect = $0["expect"] as? [String: Any]
                return expect?["kind"] as? String == "past" ? expect?["text"] as? String : nil
            }
        }
        moments = Array(Set(moments)).sorted()
        var told = 0
        for moment in moments {
            guard let opening = MomentRetelling.opening(of: moment) else {
                if ProcessInfo.processInfo.environment["YADG_SHOW_RETELLINGS"] != nil {
                    print("retold: \(moment) → none")
                }
                continue
            }
            told += 1
            if ProcessInfo.processInfo.environment["YADG_SHOW_RETELLINGS"] != nil {
                print("retold: \(moment) → \(opening)")
            }
            let words = ReplyJudgement.words(opening)
            #expect(words.first == "you" || words.first == "youre" || words.first == "youve", "\(opening)")
            for first in ["i", "my", "me", "myself", "mine", "im", "ive"] {
                #expect(!words.contains(first), "\(moment) → \(opening)")
            }
            // The moment's own words, in order, past the verb.
            let own = ReplyJudgement.words(moment).filter {
                !MomentRetelling.pronouns.keys.contains($0) && !["am", "was", "im", "ive"].contains($0)
            }
            let said = Set(words)
            let kept = own.dropFirst().filter { said.contains($0) }
            #expect(kept.count >= own.count - 2, "\(moment) → \(opening)")
        }
        print("retelling: \(told) of \(moments.count) corpus moments")
        #expect(told * 10 >= moments.count * 8, "at least 8 moments in 10 get yadg's own first clause")
    }
}
