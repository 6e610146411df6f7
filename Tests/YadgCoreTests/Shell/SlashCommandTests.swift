import Testing

@testable import YadgCore

struct SlashCommandTests {
    @Test func parsesNameAndArguments() throws {
        let moments = try SlashCommand.parse("/moments today")
        #expect(moments.name == "moments" && moments.arguments == CommandArguments("today"))
        let help = try SlashCommand.parse("  /HELP ")
        #expect(help.name == "help" && help.arguments.isEmpty)
        #expect(try SlashCommand.parse("moments").name == "moments")
        #expect(try SlashCommand.parse("/exit").name == "quit")
        let export = try SlashCommand.parse(words: ["export", "--output", "my file.json"])
        #expect(export.name == "export" && export.arguments.words == ["--output", "my file.json"])
        let typed = try SlashCommand.parse(#"/export md -o "my file.md" 'x y'"#)
        #expect(typed.arguments.words == ["md", "-o", "my file.md", "x y"])
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
        #expect(throws: SlashCommand.ParseError.takesNoArguments(name: "undo")) { try SlashCommand.parse("/undo me") }
    }

    @Test func editDistance() {
        #expect(SlashCommand.editDistance("kitten", "sitting") == 3)
        #expect(SlashCommand.editDistance("", "abc") == 3)
        #expect(SlashCommand.editDistance("same", "same") == 0)
    }
}
