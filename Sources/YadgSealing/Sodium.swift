import CSodium

/// libsodium, started the first time anything is sealed or opened (a journal that is not locked
/// never starts it). `sodium_init` is safe to call from any thread, and again.
enum Sodium {
    private static let started: Bool = sodium_init() >= 0

    /// Starts libsodium; a system where it cannot start (no source of randomness) traps rather
    /// than seal anything with a weak key.
    static func ready() {
        precondition(started, "libsodium could not start: no source of randomness")
    }

    /// `count` random bytes from the system's generator. The corresponding C function is
    /// `randombytes_buf`.
    static func random(_ count: Int) -> [UInt8] {
        ready()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, count) }
        return bytes
    }
}

/// XChaCha20-Poly1305 with a context that names what is sealed (`yadg.moment.v1` and the
/// moment's id, say): a box moved to another row, or cut, does not open.
enum AEAD {
    static let keyBytes = Int(crypto_aead_xchacha20poly1305_ietf_keybytes())
    static let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_npubbytes())
    static let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_abytes())
    /// Where an empty message points (libsodium's parameters may not be null; nothing is read).
    nonisolated(unsafe) static let emptyBytes = UnsafeRawPointer(
        UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// The ciphertext and tag of `message` under `key` and `nonce`. The corresponding C function
    /// is `crypto_aead_xchacha20poly1305_ietf_encrypt`.
    static func seal(
        _ message: UnsafeRawBufferPointer, context: [UInt8], nonce: [UInt8], key: UnsafeRawBufferPointer
    ) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: message.count + tagBytes)
        var written: UInt64 = 0
        out.withUnsafeMutableBytes { target in
            _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                target.baseAddress!, &written, message.baseAddress ?? emptyBytes, UInt64(message.count), context,
                UInt64(context.count), nil, nonce, key.baseAddress!)
        }
        return out
    }

    /// The message, or nil when the box was changed, cut or sealed for another context or key
    /// (the tag is checked in constant time). The corresponding C function is
    /// `crypto_aead_xchacha20poly1305_ietf_decrypt`.
    static func open(
        _ box: UnsafeRawBufferPointer, context: [UInt8], nonce: UnsafeRawBufferPointer,
        key: UnsafeRawBufferPointer, into target: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard box.count >= tagBytes, target.count >= box.count - tagBytes else { return false }
        var written: UInt64 = 0
        return crypto_aead_xchacha20poly1305_ietf_decrypt(
            target.baseAddress ?? UnsafeMutableRawPointer(mutating: emptyBytes), &written, nil, box.baseAddress!,
            UInt64(box.count), context, UInt64(context.count), nonce.baseAddress!, key.baseAddress!) == 0
    }
}
