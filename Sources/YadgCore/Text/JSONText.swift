/// JSON string literals for yadg's own output (`--json` events, exports), with keys in a fixed
/// order. Control characters (C0, DEL, C1) and line/paragraph separators are escaped, so each
/// event stays on one line and carries no raw terminal controls.
public enum JSONText {
    public static func quote(_ text: String) -> String {
        // Printable ASCII without quotes or backslashes is its own literal (keys, most texts).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `{"a":1,"b":"x"}` from already-encoded values, in the given order.
    public static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
