import CSodium

/// Bytes that must not outlive their use (a passphrase, a secret key, a key derived from them):
/// held in memory of their own, kept out of swap where the system allows it (`sodium_mlock`), and
/// zeroed when released (`sodium_memzero`, which the compiler may not leave out). Never a Swift
/// `String` or `Array`, whose copies nobody zeroes.
public final class SecretBytes: @unchecked Sendable {
    private let storage: UnsafeMutableRawBufferPointer
    /// Bytes in use (a passphrase being typed grows up to the capacity).
    public private(set) var count: Int

    /// `capacity` bytes, `count` of them in use and zero.
    public init(capacity: Int, count: Int = 0) {
        storage = .allocate(byteCount: max(capacity, 1), alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        // Best effort: a limit on locked memory (RLIMIT_MEMLOCK) leaves the bytes swappable.
        _ = sodium_mlock(storage.baseAddress!, storage.count)
        self.count = min(count, capacity)
    }

    /// A copy of `bytes` (the caller zeroes its own).
    public convenience init(copying bytes: UnsafeRawBufferPointer) {
        self.init(capacity: bytes.count, count: bytes.count)
        if let source = bytes.baseAddress, bytes.count > 0 {
            storage.baseAddress!.copyMemory(from: source, byteCount: bytes.count)
        }
    }

    deinit {
        sodium_memzero(storage.baseAddress!, storage.count)
        _ = sodium_munlock(storage.baseAddress!, storage.count)
        storage.deallocate()
    }

    public var capacity: Int { storage.count }
    public var isEmpty: Bool { count == 0 }

    /// The bytes in use.
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(rebasing: storage[0..<count]))
    }

    /// The whole buffer, to be written into (libsodium fills a key in place).
    func withUnsafeMutableBytes<T>(_ body: (UnsafeMutableRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeMutableRawBufferPointer(rebasing: storage[0..<count]))
    }

    /// Adds one byte; false when the buffer is full (nothing is added then).
    @discardableResult
    public func append(_ byte: UInt8) -> Bool {
        guard count < storage.count else { return false }
        storage[count] = byte
        count += 1
        return true
    }

    /// Takes the last character off (a UTF-8 sequence, not only its last byte): Backspace.
    public func removeLastCharacter() {
        while count > 0 {
            count -= 1
            let byte = storage[count]
            storage[count] = 0
            // A continuation byte (10xxxxxx) belongs to the character before it.
            if byte & 0xC0 != 0x80 { break }
        }
    }

    /// Drops trailing bytes equal to `byte` (a file's or a command's final newline).
    public func trimTrailing(_ bytes: Set<UInt8>) {
        while count > 0, bytes.contains(storage[count - 1]) {
            count -= 1
            storage[count] = 0
        }
    }

    /// Everything zeroed and forgotten.
    public func clear() {
        sodium_memzero(storage.baseAddress!, storage.count)
        count = 0
    }

    /// Characters (Unicode scalars) in use, counted without making a string of them.
    public var characterCount: Int {
        withUnsafeBytes { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }

    /// Equal contents, compared in constant time (`sodium_memcmp`).
    public func isEqual(to other: SecretBytes) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { a in
            other.withUnsafeBytes { b in count == 0 || sodium_memcmp(a.baseAddress!, b.baseAddress!, count) == 0 }
        }
    }
}

/// A passphrase as it was typed or read: at most ``maximumBytes`` bytes of UTF-8.
public typealias Passphrase = SecretBytes

extension SecretBytes {
    /// The longest passphrase kept (longer input is refused, never cut).
    public static let maximumBytes = 1024

    /// An empty passphrase, ready to be typed into.
    public static func passphrase() -> Passphrase { SecretBytes(capacity: maximumBytes) }

    /// A passphrase from text (tests, and the benchmark).
    public static func passphrase(_ text: String) -> Passphrase {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { SecretBytes(copying: $0) }
    }
}
