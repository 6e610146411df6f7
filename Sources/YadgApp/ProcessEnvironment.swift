#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment as a dictionary, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` does the same but first builds Foundation's process
/// state: 1.6 M instructions, a fifth of yadg's own work before the prompt (measured with
/// callgrind). Of two entries with the same name the first wins, as `getenv(3)` reads it (Foundation
/// keeps the last); an entry without `=` is left out.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var values: [String: String] = [:]
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        while let pointer = entry?.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if values[name] == nil { values[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry = entry! + 1
        }
        return values
    }
}
