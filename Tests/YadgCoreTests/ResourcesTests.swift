import Foundation
import Testing
import YadgCore
import YadgResources
import YadgTerminal
import YadgTestSupport

/// The shipped files are decoded in tests, so a broken pool or an unfilled placeholder fails CI.
struct ResourcesTests {
    @Test func everyResourceDecodes() {
        let resources = TestSupport.resources
        #expect(resources.homePhrases.count == 20)
        #expect(Set(resources.homePhrases).count == 20)
        #expect(
            resources.copy[OnboardingCopy.self].lines == [
                "Hey. Glad you're here.", "You're doing better than you think",
                "This app helps you notice the small wins you usually ignore… and feel a bit better",
            ])
        #expect(resources.copy[HomeCopy.self].firstLogPrefill == "I installed this app. A tiny step, but it counts.")
        for spec in CommandTable.specs {
            #expect(resources.copy[HelpCopy.self].summaries[spec.name] != nil, "no summary for \(spec.name)")
        }
    }

    /// Every section the code declares, decoded from the built-in file on its own (no fallback).
    static let sections: [any CopySection.Type] = [
        OnboardingCopy.self, HomeCopy.self, CardCopy.self, TimeWordsCopy.self, LoggingCopy.self, StorageCopy.self,
        CommandLineCopy.self,
        DidCopy.self, WhenCopy.self, MomentsCopy.self, FindCopy.self, RowsCopy.self, FavCopy.self, UnfavCopy.self,
        DeleteCopy.self, UndoCopy.self, EditCopy.self, HelpCopy.self, JourneyCopy.self, CalendarCopy.self,
        StatsCopy.self, ExportCopy.self, ImportCopy.self, ParseCopy.self, SyncCopy.self, SettingsCopy.self,
        PremiumCopy.self, DeleteMyDataCopy.self, AIChoiceCopy.self, MoodCopy.self, NoteCopy.self,
        PhotoCopy.self, TagCopy.self, ConversationCopy.self, AnswerCopy.self, WeekCopy.self, OnThisDayCopy.self,
        CompletionsCopy.self, LockCopy.self, NotAWinCopy.self, HowToCopy.self,
    ]

    @Test("Every copy section reads from the built-in file, and the file has no section nobody reads")
    func everyCopySectionDecodes() throws {
        let json = try #require(EmbeddedResources.text("Resources/copy.json"))
        let copy = try Copy(json: json)
        for section in Self.sections {
            #expect(throws: Never.self, "\(section.key)") { _ = try copy.strict(section) }
        }
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]).keys
        #expect(Set(keys) == Set(Self.sections.map { $0.key }))
    }

    @Test("An override lacking a section, or getting one wrong, falls back to the built-in one for that section")
    func copyOverrideFallsBackBySection() throws {
        let builtIn = try #require(EmbeddedResources.text("Resources/copy.json"))
        let override =
            #"{"home": {"title": "Hello there", "subtitle": "s", "commandsHint": "c", "firstLogHint": "f", "firstLogPrefill": "p", "goodbye": "Bye", "questionDropped": "q"}, "find": {"title": 3}}"#
        let copy = try Copy(json: override, fallback: builtIn)
        #expect(copy[HomeCopy.self].title == "Hello there")
        #expect(copy[FindCopy.self].title == #"Moments with "{words}""#)
        #expect(copy[StatsCopy.self].title == "Stats")
        #expect(throws: (any Error).self) { try Copy(json: "[1, 2]") }
    }

    @Test("Copy is warm: no streaks, no guilt")
    func noPressureWords() {
        // The readers' words are what people write (`broke my streak`, `show my streak`), not copy.
        let readers: Set = [
            "Resources/crisis.json", "Resources/crisis-reader.txt", "Resources/crisis-model.tsv", "Resources/talk.json",
            "Resources/talk-reader.txt",
        ]
        let all = EmbeddedResources.keys.filter { $0.hasPrefix("Resources/") && !readers.contains($0) }
            .compactMap(EmbeddedResources.text).joined(separator: "\n").lowercased()
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
