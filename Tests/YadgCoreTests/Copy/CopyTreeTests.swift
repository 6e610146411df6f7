import Foundation
import Testing
import YadgResources

@testable import YadgCore

/// The small JSON reader copy is parsed with reads what Foundation's does.
struct CopyTreeTests {
    /// The same file through JSONSerialization, in the tree's shape.
    static func tree(_ value: Any) -> CopyTree {
        switch value {
        case let text as String: return .text(text)
        case let list as [String]: return .list(list)
        case let items as [Any]: return .array(items.map(tree))
        case let table as [String: Any]: return .table(table.mapValues(tree))
        default: return .other
        }
    }

    @Test(
        "Every built-in resource file reads the same as with JSONSerialization",
        arguments: ["copy.json", "praise.json", "actions.json", "crisis.json", "home-phrases.json"])
    func builtInResources(_ name: String) throws {
        let json = try #require(EmbeddedResources.text("Resources/" + name))
        let expected = Self.tree(try JSONSerialization.jsonObject(with: Data(json.utf8)))
        #expect(try CopyTree(json: json) == expected)
    }

    @Test("Escapes, nesting, and values that are not copy")
    func escapes() throws {
        let json =
            #"{"a": "line\nnext \"q\" back\\slash \/ \u00e9 \ud83c\udf1f", "b": ["x", "y"], "c": {"d": 1, "e": [1, "z"], "f": true, "g": null}, "h": []}"#
        #expect(
            try CopyTree(json: json)
                == .table([
                    "a": .text("line\nnext \"q\" back\\slash / é 🌟"), "b": .list(["x", "y"]),
                    "c": .table(["d": .other, "e": .array([.other, .text("z")]), "f": .other, "g": .other]),
                    "h": .list([]),
                ]))
    }

    @Test(arguments: [
        #"{"a": "x""#, #"{"a" "x"}"#, #"{"a": "x",}"#, #"{"a": "x"} trailing"#, "", #"{"a": "\u12"}"#,
        #"{"a": "\u+123"}"#, "{\"a\": \"raw\ttab\"}", #"{"a": "\q"}"#,
        String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
    ])
    func malformed(json: String) {
        #expect(throws: (any Error).self) { try CopyTree(json: json) }
    }

    @Test("A half surrogate pair (a person's own file may have one) is replaced, never a crash")
    func loneSurrogates() throws {
        #expect(try CopyTree(json: #""\ud800\u0041""#) == .text("\u{FFFD}A"))
        #expect(try CopyTree(json: #""\udc00 x""#) == .text("\u{FFFD} x"))
        #expect(try CopyTree(json: #""\ud83c""#) == .text("\u{FFFD}"))
    }
}
