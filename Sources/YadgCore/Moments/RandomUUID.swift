#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension UUID {
    /// A random (version 4) UUID from the standard library's system generator (`getrandom` on
    /// Linux). Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` for each one:
    /// three system calls for every line a pipe logs.
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// The same from any generator (tests).
    public static func random(using generator: inout some RandomNumberGenerator) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for half in 0..<2 {
            let word = generator.next() as UInt64
            for i in 0..<8 { bytes[half * 8 + i] = UInt8(truncatingIfNeeded: word >> (8 * i)) }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
