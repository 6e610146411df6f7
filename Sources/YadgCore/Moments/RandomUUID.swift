import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

extension UUID {
    /// A random (version 4) UUID from the system's generator, read in blocks
    /// (``BufferedSystemRandom``). Foundation's `UUID()` on Linux opens, reads and closes
    /// `/dev/urandom` for each one: three system calls for every line a pipe logs.
    public static func random() -> UUID {
        var generator = BufferedSystemRandom()
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

extension UUID {
    /// The UUID as yadg stores and sends it: lower-case hex in the 8-4-4-4-12 form, as
    /// `uuidString.lowercased()` gives, written straight from the bytes (that pair built and then
    /// lower-cased a string for every moment stored or looked up).
    public var lowercasedText: String {
        let hex: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { source in
            String(unsafeUninitializedCapacity: 36) { out in
                var position = 0
                for (index, byte) in source.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    hex.withUTF8Buffer { digits in
                        out[position] = digits[Int(byte >> 4)]
                        out[position + 1] = digits[Int(byte & 0x0F)]
                    }
                    position += 2
                }
                return 36
            }
        }
    }
}

/// The system's random numbers (`/dev/urandom`), read 4 KiB at a time and handed out from that
/// block. `SystemRandomNumberGenerator` makes one system call per number: a piped line drew three
/// (its id's two halves and its praise line), and those calls were a tenth of the pipe's kernel
/// time. The numbers are the same kind; only the reads are fewer.
public struct BufferedSystemRandom: RandomNumberGenerator, Sendable {
    public init() {}

    public mutating func next() -> UInt64 { Self.shared.withLock { $0.next() } }

    private struct Block: ~Copyable {
        var words = [UInt64](repeating: 0, count: 512)
        var used = 512

        mutating func next() -> UInt64 {
            if used == words.count { refill() }
            defer { used += 1 }
            return words[used]
        }

        mutating func refill() {
            let filled = words.withUnsafeMutableBytes { bytes -> Bool in
                #if canImport(Glibc)
                    // `getrandom(2)` is not in Swift's Glibc module; the device gives the same numbers.
                    let device = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
                    guard device >= 0 else { return false }
                    defer { close(device) }
                    var offset = 0
                    while offset < bytes.count {
                        let n = read(device, bytes.baseAddress! + offset, bytes.count - offset)
                        if n > 0 {
                            offset += n
                        } else if n < 0 && errno == EINTR {
                            continue
                        } else {
                            return false
                        }
                    }
                    return true
                #else
                    return false
                #endif
            }
            if !filled {
                var system = SystemRandomNumberGenerator()
                for index in words.indices { words[index] = system.next() }
            }
            used = 0
        }
    }

    private static let shared = Mutex(Block())
}
