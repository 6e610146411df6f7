import Testing

@testable import YadgCore

struct SlashCommandTests {
    @Test func parsesNameAndArguments() throws {
        #expect(try SlashCommand.parse("/moments today") == SlashCommand(name: .moments, arguments: "today"))
        #expect(try SlashCommand.parse("  /HELP ") == SlashCommand(name: .help))
        #expect(try SlashCommand.parse("moments") == SlashCommand(name: .moments))
        #expect(try SlashCommand.parse("/exit") == SlashCommand(name: .quit))
    }

    @Test(arguments: [
        ("/momnts", "/moments"), ("/mom", "/moments"), ("/hlep", "/help"), ("/todya", "/today"), ("/qiut", "/quit"),
    ])
    func suggestsTheClosestCommand(typed: String, suggestion: String) {
        #expect(throws: SlashCommand.ParseError.unknown(name: String(typed.dropFirst()), suggestion: suggestion)) {
            try SlashCommand.parse(typed)
        }
    }

    @Test func noSuggestionForSomethingElseEntirely() {
        #expect(throws: SlashCommand.ParseError.unknown(name: "xyzzyplugh", suggestion: nil)) {
            try SlashCommand.parse("/xyzzyplugh")
        }
    }

    @Test func commandsWithoutArgumentsSaySo() {
        #expect(throws: SlashCommand.ParseError.takesNoArguments(name: "help")) { try SlashCommand.parse("/help me") }
    }

    @Test func editDistance() {
        #expect(SlashCommand.editDistance("kitten", "sitting") == 3)
        #expect(SlashCommand.editDistance("", "abc") == 3)
        #expect(SlashCommand.editDistance("same", "same") == 0)
    }
}
