import Foundation
import Testing
import YadgCore
import YadgResources

/// The shipped files are decoded in tests, so a broken pool or an unfilled placeholder fails CI.
struct ResourcesTests {
    @Test func everyResourceDecodes() {
        let resources = TestSupport.resources
        #expect(resources.homePhrases.count == 20)
        #expect(Set(resources.homePhrases).count == 20)
        #expect(
            resources.copy.onboardingLines == [
                "Hey. Glad you're here.", "You're doing better than you think",
                "This app helps you notice the small wins you usually ignore… and feel a bit better",
            ])
        #expect(resources.copy.firstLogPrefill == "I installed this app. A tiny step, but it counts.")
        for spec in CommandTable.specs {
            #expect(resources.copy.commands[spec.name] != nil, "no summary for \(spec.name)")
        }
    }

    @Test("Copy is warm: no streaks, no guilt")
    func noPressureWords() {
        let all = EmbeddedResources.keys.filter { $0.hasPrefix("Resources/") }.compactMap(EmbeddedResources.text)
            .joined(separator: "\n").lowercased()
        for word in ["streak", "you missed", "failed to", "don't break"] {
            #expect(!all.contains(word), "\(word)")
        }
    }

    @Test func promptsNameTheirPlaceholders() throws {
        let user = try #require(EmbeddedResources.text("Prompts/praise-user.md"))
        #expect(user.contains("{{moment}}") && user.contains("{{when}}"))
        let summary = try #require(EmbeddedResources.text("Prompts/summary-user.md"))
        #expect(summary.contains("{{day}}") && summary.contains("{{moments}}"))
        #expect(EmbeddedResources.text("Prompts/praise-system.md")?.contains("<moment>") == true)
    }
}
