import Testing
import YadgCore
import YadgResources
import YadgTestSupport

/// yadg(1) is made from the command table: the checked-in page is what the template and the
/// table make now, so a new command, option or exit status cannot ship without its page.
struct ManualPageTests {
    static let page = EmbeddedResources.text("Resources/yadg.1") ?? ""

    @Test("Resources/yadg.1 is what Resources/yadg.1.in and the table make (swift run yadg-dist manual)")
    func upToDate() throws {
        let template = try #require(EmbeddedResources.text("Resources/yadg.1.in"))
        let made = ManualPage.render(template: template, copy: TestSupport.resources.copy)
        #expect(made == Self.page, "Resources/yadg.1 is out of date: run swift run yadg-dist manual")
    }

    @Test("Every command, option and exit status is on the page, each with what it does")
    func everythingIsThere() {
        let help = TestSupport.resources.copy[HelpCopy.self]
        for spec in CommandTable.specs where spec.asSubcommand || spec.inConversation {
            let name = ManualPage.escaped((spec.asSubcommand ? "" : "/") + spec.name)
            #expect(Self.page.contains(".B \(name)\n") || Self.page.contains(".B \(name) "), "\(spec.name)")
            let summary = ManualPage.asciiOnly(ManualPage.escaped(help.summaries[spec.name] ?? "?"))
            #expect(Self.page.contains(summary), "\(spec.name)")
        }
        for option in ShellCompletion.globalOptions + CommandTable.specs.flatMap(\.completion.options) {
            #expect(Self.page.contains(ManualPage.escaped(option.name)), "\(option.name)")
        }
        for status in ExitStatus.allCases {
            #expect(Self.page.contains(".TP\n.B \(status.rawValue)\n"), "\(status)")
            #expect(help.exitStatuses[String(status.rawValue)] != nil, "\(status)")
        }
        #expect(Set(help.exitStatuses.keys) == Set(ExitStatus.allCases.map { String($0.rawValue) }))
    }

    @Test("Text is made safe for roff: hyphens, backslashes, a leading dot, and ASCII only")
    func escaping() {
        #expect(ManualPage.escaped("--no-ai") == "\\-\\-no\\-ai")
        #expect(ManualPage.escaped(".hidden") == "\\&.hidden")
        #expect(ManualPage.escaped("a\\b") == "a\\eb")
        #expect(ManualPage.asciiOnly("2 … more") == "2 \\[u2026] more")
        #expect(Self.page.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
