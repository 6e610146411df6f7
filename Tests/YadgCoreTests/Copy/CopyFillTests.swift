import Foundation
import Testing
import YadgCore

/// `Copy.fill`: every `{name}` with a value is replaced, once, in one pass.
struct CopyFillTests {
    @Test func fills() {
        #expect(Copy.fill("{count} moments on {day}", ["count": "3", "day": "Monday"]) == "3 moments on Monday")
        #expect(Copy.fill("{a}{a}", ["a": "x"]) == "xx")
        #expect(Copy.fill("no placeholders", ["a": "x"]) == "no placeholders")
        #expect(Copy.fill("{unknown} stays, {a} goes", ["a": "x"]) == "{unknown} stays, x goes")
        #expect(Copy.fill("a { brace and {a}", ["a": "x"]) == "a { brace and x")
        #expect(Copy.fill("{a}", ["a": "{b}", "b": "no"]) == "{b}", "a value is never filled again")
        #expect(Copy.fill("ends with {", ["a": "x"]) == "ends with {")
        #expect(Copy.fill("☕ {a} ☕", ["a": "é"]) == "☕ é ☕")
        #expect(Copy.fill("{a}", [:]) == "{a}")
    }
}

/// `UUID.random()`: version 4, RFC 4122 variant, and different every time.
struct RandomUUIDTests {
    @Test func versionAndVariant() {
        let ids = (0..<1000).map { _ in UUID.random() }
        #expect(Set(ids).count == 1000)
        for id in ids {
            let text = id.uuidString
            #expect(Array(text)[14] == "4", "\(text)")
            #expect("89AB".contains(Array(text)[19]), "\(text)")
        }
    }
}

/// `trimmedWhitespace` is Foundation's trimming of white space and newlines.
struct TrimmingTests {
    @Test(arguments: [
        "  took a walk  ", "\t\n x \r\n", "", "   ", "\u{3000}全角\u{3000}", "a", " \u{00A0}nbsp\u{2003}", "é ", "☕",
    ])
    func sameAsFoundation(_ text: String) {
        #expect(text.trimmedWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
