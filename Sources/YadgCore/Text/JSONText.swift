/// JSON string literals for yadg's own output (`--json` events, exports), with keys in a fixed
/// order. Control characters (C0, DEL, C1) and line/paragraph separators are escaped, so each
/// event stays on one line and carries no raw terminal controls.
public enum JSONText {
    public static func quote(_ text: String) -> String {
        guard isPlain(text) else { return escaped(text) }
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count + 2) { out in
                out[0] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: out[1...]).initialize(fromContentsOf: bytes)
                out[bytes.count + 1] = UInt8(ascii: "\"")
                return bytes.count + 2
            }
        }
    }

    /// Printable ASCII without quotes or backslashes is its own literal (keys, most texts).
    private static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C } }
    }

    /// The literal of `text` added to `out`: events are written as bytes, each string once.
    private static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        guard isPlain(text) else { return out.append(contentsOf: escaped(text).utf8) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\""))
    }

    private static func escaped(_ text: String) -> String {
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
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(fields.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 })
        for (index, (key, value)) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendQuoted(key, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: value.utf8)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}
