import Testing
import YadgCore

@testable import YadgApp

/// Every message for standard error is made by `StderrMessages`: its prefix, cleaning and newline.
struct StderrMessagesTests {
    @Test("A failure: `yadg: `, the message with its escapes removed, one newline")
    func failure() {
        #expect(StderrMessages.failure("no moment 7") == "yadg: no moment 7\n")
        #expect(StderrMessages.failure("no \u{1B}[31mmoment\u{1B}[0m 7\u{202E}") == "yadg: no moment 7\n")
    }

    @Test("A pipe's line not logged: `yadg: line N: `, the message cleaned")
    func pipeLine() {
        #expect(StderrMessages.failure("I couldn't save that", line: 3) == "yadg: line 3: I couldn't save that\n")
        #expect(StderrMessages.failure("a\u{7}b\u{1B}]0;x\u{7}", line: 12) == "yadg: line 12: ab\n")
    }

    @Test("The copy's own words keep their `yadg: ` and are cleaned; no second prefix")
    func said() {
        #expect(StderrMessages.said("yadg: TZ says Mars/Base") == "yadg: TZ says Mars/Base\n")
        #expect(StderrMessages.said("yadg: I don't know the option -\u{1B}[2J") == "yadg: I don't know the option -\n")
    }

    @Test("Progress is written over the last line and cleared the same way")
    func progress() {
        #expect(StderrMessages.progress("waiting for 3\u{1B}[1A") == "\r\u{1B}[Kwaiting for 3")
        #expect(StderrMessages.progressCleared == "\r\u{1B}[K")
    }
}
