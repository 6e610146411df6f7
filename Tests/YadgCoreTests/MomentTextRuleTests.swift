import Testing

@testable import YadgCore

/// The table of the TextRule article (YadgCore.docc): the expression's span is given, the rule tidies the rest.
struct MomentTextRuleTests {
    func strip(_ phrase: String, removing expression: String) -> String {
        let scalars = Array(phrase.unicodeScalars)
        let target = Array(expression.unicodeScalars)
        let start = (0...(scalars.count - target.count)).first { Array(scalars[$0..<($0 + target.count)]) == target }!
        return MomentTextRule.strip(scalars, start: start, end: start + target.count)
    }

    @Test(arguments: [
        ("Yesterday: called mom", "Yesterday", "called mom"),
        ("called mom yesterday.", "yesterday", "called mom."),
        ("took a walk (2h ago)", "2h ago", "took a walk"),
        ("2 hours ago I went for a run", "2 hours ago", "I went for a run"),
        ("Yesterday, I finally cleaned the fridge!", "Yesterday", "I finally cleaned the fridge!"),
        ("Finally, yesterday, I called the bank", "yesterday", "Finally, I called the bank"),
        ("called the bank yesterday, felt proud", "yesterday", "called the bank, felt proud"),
        ("Watered the plants - 20 min ago", "20 min ago", "Watered the plants"),
        ("Called Mom at 3pm :)", "3pm", "Called Mom :)"),
        ("ran 5k (yesterday evening) 🎉", "yesterday evening", "ran 5k 🎉"),
        ("YESTERDAY: SAID NO TO OVERTIME", "YESTERDAY", "SAID NO TO OVERTIME"),
        ("Made my bed at 7:30", "7:30", "Made my bed"),
        ("went for a run this morning and felt great", "this morning", "went for a run and felt great"),
        ("stretched at around 7", "7", "stretched"),
        ("last night — finished my essay", "last night", "finished my essay"),
    ])
    func table(phrase: String, expression: String, text: String) {
        #expect(strip(phrase, removing: expression) == text)
    }
}
