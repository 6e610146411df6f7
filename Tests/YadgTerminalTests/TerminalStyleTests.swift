import Testing
import YadgCore

@testable import YadgTerminal

struct TerminalStyleTests {
    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(TerminalStyle.detect(isTerminal: false, environment: ["TERM": "xterm-256color"]).colorMode == .none)
        #expect(
            TerminalStyle.detect(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""]).colorMode == .none)
        #expect(TerminalStyle.detect(isTerminal: true, environment: ["TERM": "dumb"]).colorMode == .none)
        #expect(TerminalStyle.detect(isTerminal: true, environment: ["TERM": "xterm"]).colorMode == .ansi256)
        #expect(
            TerminalStyle.detect(isTerminal: true, environment: ["TERM": "xterm", "COLORTERM": "truecolor"]).colorMode
                == .trueColor)
    }

    @Test func paletteColours() {
        let trueColor = TerminalStyle(colorMode: .trueColor)
        #expect(
            trueColor.render(StyledLine("Moment logged", .primary)) == "\u{1B}[38;2;255;184;76mMoment logged\u{1B}[0m")
        #expect(trueColor.render(StyledLine("Nice.", .secondary)) == "\u{1B}[38;2;168;139;250mNice.\u{1B}[0m")
        let ansi256 = TerminalStyle(colorMode: .ansi256)
        #expect(ansi256.render(StyledLine("Moments", .title)) == "\u{1B}[1;38;5;215mMoments\u{1B}[0m")
        #expect(TerminalStyle(colorMode: .none).render(StyledLine("Moments", .title)) == "Moments")
    }

    @Test("Stored or remote text cannot smuggle escape sequences through a styled line")
    func renderingSanitises() {
        let hostile = StyledLine("walked \u{1B}]52;c;ZXZpbA==\u{07}the dog\u{1B}[2J", .plain)
        #expect(TerminalStyle(colorMode: .none).render(hostile) == "walked the dog")
        #expect(TerminalStyle(colorMode: .ansi256).render([hostile]) == "walked the dog\n")
    }

    @Test func emphasisInsideALine() {
        let line = StyledLine("16• 17  18• 19• 20", .plain, emphasis: "19")
        #expect(TerminalStyle(colorMode: .ansi256).render(line) == "16• 17  18• \u{1B}[1;38;5;215m19\u{1B}[0m• 20")
        #expect(TerminalStyle(colorMode: .none).render(line) == "16• 17  18• 19• 20")
    }
}

struct CompletionListTests {
    @Test("Tab's list of commands wraps between names, never inside one")
    func layOut() {
        let names = ["/moments", "/journey", "/calendar", "/delete", "/did", "/edit"]
        #expect(EditLineReader.layOut(names, width: 20) == "/moments  /journey\n/calendar  /delete\n/did  /edit")
        #expect(EditLineReader.layOut(names, width: 100) == names.joined(separator: "  "))
    }
}
