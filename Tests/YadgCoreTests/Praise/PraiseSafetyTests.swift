import Foundation
import Testing
import YadgCore
import YadgResources

struct PraiseSafetyTests {
    @Test(arguments: [
        ("You took a walk, and that counts.", "You took a walk, and that counts."),
        (
            "  \"You cleaned the kitchen. Nice care for your space.\"  ",
            "You cleaned the kitchen. Nice care for your space."
        ),
        ("Praise: You called your mom.", "You called your mom."),
        ("You did one. Then two! Three.", "You did one. Then two!"),
        ("Nice\n\nwork   today, you.", "Nice work today, you."),
        ("\u{1B}[31mRed\u{1B}[0m alert avoided, by you.", "Red alert avoided, by you."),
    ])
    func acceptedReplies(raw: String, shown: String) {
        #expect(PraiseReplyValidator.accept(raw) == shown)
    }

    @Test(arguments: [
        "", "   ", "How did that feel?", "Just now.", "See https://example.com for more.",
        String(repeating: "a", count: 281),
    ])
    func refusedReplies(raw: String) {
        #expect(PraiseReplyValidator.accept(raw) == nil)
    }

    @Test func crisisLanguageIsRecognised() throws {
        let check = try CrisisCheck(json: EmbeddedResources.text("Resources/crisis.json")!)
        for line in ["I want to die", "thinking about SUICIDE today"] {
            let caught = check.matches(line)
            #expect(caught, "\(line)")
        }
        // A recovery milestone is a win: not caught, but kept on this machine.
        let milestone = check.read("didn't hurt myself today").sensitivity
        #expect(milestone == .milestone)
        for line in ["killed it at the gym", "watched a movie about a dying star", "took a walk"] {
            let caught = check.matches(line)
            #expect(!caught, "\(line)")
        }
    }

    @Test func promptTemplates() throws {
        let user = PromptTemplate(try #require(EmbeddedResources.text("Prompts/praise-user.md")))
        #expect(user.placeholders == ["moment", "when", "feeling"])
        #expect(!user.text.contains("<!--"))
        // Without a feeling its line is left out; with one it is said.
        #expect(
            user.filled(["moment": "took a walk", "when": "just now", "feeling": ""])
                == "<moment>took a walk</moment>\nWhen: just now"
        )
        #expect(
            user.filled(["moment": "took a walk", "when": "just now", "feeling": "tired"])
                == "<moment>took a walk</moment>\nWhen: just now\nFeeling: tired"
        )
        // One pass: text that looks like a placeholder stays as the person wrote it.
        #expect(
            user.filled(["moment": "wrote {{when}} in a doc", "when": "just now", "feeling": ""])
                == "<moment>wrote {{when}} in a doc</moment>\nWhen: just now"
        )
        let summary = PromptTemplate(try #require(EmbeddedResources.text("Prompts/summary-user.md")))
        #expect(summary.placeholders == ["day", "moments"])
        #expect(PromptTemplate(try #require(EmbeddedResources.text("Prompts/praise-system.md"))).placeholders.isEmpty)
    }
}
