import Foundation
import Testing

@testable import YadgCore

/// yadg's JSON reader and writer, which replies from servers and models go through.
struct JSONValueTests {
    @Test("Documents read as JSONSerialization reads them")
    func readsLikeFoundation() throws {
        let document = #"""
            {"id": "a1", "n": 42, "neg": -7, "x": 0.25, "big": 1e3, "ok": true, "no": false, "none": null,
             "list": [1, "two", [3], {"four": 4}], "text": "tab\there \"quoted\" \\ slash\/ \u00e9 \ud83c\udf89",
             "empty": {}, "nothing": []}
            """#
        let value = try #require(JSONValue.parse(document))
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        #expect(value["id"]?.string == foundation["id"] as? String)
        #expect(value["n"] == .int(42) && value["neg"]?.int == -7)
        #expect(value["x"]?.double == 0.25 && value["x"]?.int == nil)
        #expect(value["big"]?.int == 1000 && value["big"]?.double == 1000)
        #expect(value["ok"]?.bool == true && value["no"]?.bool == false && value["none"]?.isNull == true)
        #expect(value["list"]?.array?.count == 4 && value["list"]?.array?[3]["four"]?.int == 4)
        #expect(value["text"]?.string == foundation["text"] as? String)
        #expect(value["text"]?.string?.hasSuffix("é 🎉") == true)
        #expect(value["empty"]?.object?.isEmpty == true && value["nothing"]?.array?.isEmpty == true)
        #expect(value["missing"] == nil && value["id"]?["deeper"] == nil, "a member of a text is nothing")
    }

    @Test("What is not JSON is nothing, never a crash")
    func malformed() {
        let bad = [
            "", "{", "}", "[1,]", "{\"a\":}", "{\"a\" 1}", "{a: 1}", "\"unterminated", "tru", "nul", "01x",
            "[1] [2]", "\"bad \\q escape\"", "\"raw \n newline\"", "\"\\u12\"", "-", "+1", ".5", "NaN", "1e999",
        ]
        for text in bad { #expect(JSONValue.parse(text) == nil, "\(text)") }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONValue.parse(deep) == nil, "nesting deeper than the limit is refused, not followed")
        let allowed = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(JSONValue.parse(allowed) != nil)
        #expect(JSONValue.parse("\"\\ud83c alone\"")?.string == "\u{FFFD} alone", "a lone surrogate is replaced")
    }

    @Test("Bodies are written compactly with sorted keys, and read back the same")
    func writes() throws {
        let body: JSONValue = [
            "model": "smollm2", "temperature": 0.3, "max_tokens": 80, "stream": false, "stop": ["\n"],
            "messages": [["role": "user", "content": "took a walk \"today\" \u{1B}[31m"]], "none": .null,
        ]
        #expect(
            body.encoded
                == #"{"max_tokens":80,"messages":[{"content":"took a walk \"today\" \u001b[31m","role":"user"}],"#
                + #""model":"smollm2","none":null,"stop":["\n"],"stream":false,"temperature":0.3}"#)
        #expect(JSONValue.parse(body.encoded) == body)
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(body.encoded.utf8)) as? [String: Any])
        #expect(foundation["temperature"] as? Double == 0.3 && foundation["max_tokens"] as? Int == 80)
        #expect(JSONValue.double(2).encoded == "2" && JSONValue.double(.nan).encoded == "null")
    }

    @Test("Events' objects: keys and texts quoted, escaped where they must be, values as given")
    func writesObjects() {
        #expect(JSONText.quote("took a walk") == #""took a walk""#)
        #expect(JSONText.quote("") == #""""#)
        #expect(JSONText.quote("say \"hi\"\n") == #""say \"hi\"\n""#)
        #expect(JSONText.quote("café ☕") == "\"café ☕\"")
        #expect(JSONText.quote("\u{1B}[2J") == #""\u001b[2J""#)
        #expect(JSONText.object([]) == "{}")
        #expect(
            JSONText.object([("event", JSONText.quote("logged")), ("ref", "12"), ("odd \"key\"", "true")])
                == #"{"event":"logged","ref":12,"odd \"key\"":true}"#)
    }
}
