import Testing

@testable import YadgCore

/// The attack strings of the UntrustedText article (YadgCore.docc).
struct TerminalSanitizerTests {
    @Test(arguments: [
        ("title \u{1B}]2;s&open -aCalculator&\u{07}\u{1B}[21t done", "title  done"),  // OSC title + CSI 21 t report
        ("link \u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\", "link click"),  // OSC 8
        ("clip \u{1B}]52;c;ZXZpbA==\u{07}ok", "clip ok"),  // OSC 52 clipboard write
        ("font \u{1B}]50;?\u{07}x", "font x"),  // OSC 50 query
        ("\u{1B}P$q\"p\u{1B}\\decrqss", "decrqss"),  // DCS DECRQSS
        ("8bit \u{9B}31mred", "8bit red"),  // 8-bit CSI
        ("8bit \u{9D}0;title\u{07}osc", "8bit osc"),  // 8-bit OSC
        ("over\rwrite\u{08}\u{07}", "overwrite"),  // CR, BS, BEL
        ("abc \u{202E}cba\u{2066}x\u{2069}", "abc cbax"),  // bidi override and isolates
        ("\u{1B}[2J\u{1B}[Hclear", "clear"),
        ("keep\ttabs\nand newlines ☕ 日本", "keep\ttabs\nand newlines ☕ 日本"),
        ("del\u{7F}ete \u{85}c1", "delete c1"),
    ])
    func removesControls(input: String, output: String) {
        #expect(TerminalSanitizer.clean(input) == output)
    }

    @Test("The byte-level shortcut says 'nothing to remove' exactly when the state machine keeps the text whole")
    func shortcutAgreesWithTheStateMachine() {
        // Every scalar next to its neighbours in the UTF-8 ranges the shortcut reads: ASCII controls,
        // the C1 block and its edges, the bidi controls and theirs, other two- and three-byte text.
        let scalars: [UInt32] = [
            0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0xA0, 0xB7, 0xE9, 0x100,
            0x2029, 0x202A, 0x202E, 0x202F, 0x2065, 0x2066, 0x2069, 0x206A, 0x2615, 0x65E5, 0x1F600,
        ]
        for first in scalars {
            for second in scalars {
                let text = "a" + String(Unicode.Scalar(first)!) + String(Unicode.Scalar(second)!) + "b"
                let unchanged = TerminalSanitizer.slowClean(text) == text
                #expect(TerminalSanitizer.hasNothingToRemove(text) == unchanged, "\(first) \(second)")
            }
        }
    }

    @Test("A sequence split across streamed chunks is still removed")
    func keepsStateAcrossChunks() {
        var sanitizer = TerminalSanitizer()
        let chunks = ["nice \u{1B}", "]52;c;", "ZXZpbA==", "\u{07} work", " \u{1B}[3", "1mdone"]
        #expect(chunks.map { sanitizer.feed($0) }.joined() == "nice  work done")
    }

    @Test("No control character survives any split of a hostile string")
    func noControlSurvives() {
        let hostile = "a\u{1B}[31mb\u{1B}]0;t\u{07}c\u{9B}1;2Hd\u{1B}P1$r\u{1B}\\e\u{202D}f\u{0}g\u{7F}h"
        let scalars = Array(hostile.unicodeScalars)
        for split in 0...scalars.count {
            var sanitizer = TerminalSanitizer()
            let out =
                sanitizer.feed(String(String.UnicodeScalarView(scalars[..<split])))
                + sanitizer.feed(String(String.UnicodeScalarView(scalars[split...])))
            #expect(out == "abcdefgh", "split at \(split)")
        }
    }
}
