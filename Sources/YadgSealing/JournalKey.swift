import CSodium

/// How a locked journal keeps its key (the Privacy and security article of YadgStorage): an X25519 key pair made when the
/// journal is locked. The public key is stored as it is (writing needs only it); the secret key is
/// stored sealed under a key derived from the passphrase with Argon2id (`crypto_pwhash`, at
/// libsodium's interactive limits), with the salt and the limits beside it.
public struct JournalKeyRecord: Sendable, Equatable {
    /// X25519, 32 bytes: what every writer seals to.
    public var publicKey: [UInt8]
    /// Argon2id's salt, 16 random bytes, new at every passphrase.
    public var salt: [UInt8]
    public var opsLimit: UInt64
    public var memLimit: Int
    /// libsodium's number for Argon2id 1.3 (`crypto_pwhash_ALG_ARGON2ID13`).
    public var algorithm: Int32
    /// A nonce (24 bytes), then the secret key sealed with XChaCha20-Poly1305 under the derived
    /// key, its context naming the public key (a record whose halves were swapped does not open).
    public var wrappedSecret: [UInt8]

    public init(
        publicKey: [UInt8], salt: [UInt8], opsLimit: UInt64, memLimit: Int, algorithm: Int32, wrappedSecret: [UInt8]
    ) {
        self.publicKey = publicKey
        self.salt = salt
        self.opsLimit = opsLimit
        self.memLimit = memLimit
        self.algorithm = algorithm
        self.wrappedSecret = wrappedSecret
    }

    /// Sizes and limits a record made by yadg has; anything else is damage (and a memory limit
    /// from a changed file is never allocated).
    var isWellFormed: Bool {
        publicKey.count == JournalKeys.publicKeyBytes && salt.count == JournalKeys.saltBytes
            && wrappedSecret.count == AEAD.nonceBytes + JournalKeys.secretKeyBytes + AEAD.tagBytes
            && algorithm == crypto_pwhash_alg_argon2id13()
            && (UInt64(crypto_pwhash_opslimit_min())...UInt64(crypto_pwhash_opslimit_sensitive())).contains(opsLimit)
            && (Int(crypto_pwhash_memlimit_min())...Int(crypto_pwhash_memlimit_sensitive())).contains(memLimit)
    }
}

/// The journal's secret key, opened with the passphrase: held for the run, zeroed when released.
public final class JournalSecretKey: Sendable {
    let bytes: SecretBytes
    public let publicKey: [UInt8]

    init(bytes: SecretBytes, publicKey: [UInt8]) {
        self.bytes = bytes
        self.publicKey = publicKey
    }
}

/// What a passphrase made of a journal's key.
public enum KeyOpening: Sendable {
    case opened(JournalSecretKey)
    /// The passphrase is not this journal's (or the record was changed: the two cannot be told apart).
    case wrongPassphrase
    /// The record is not one yadg writes, or its secret does not match its public key.
    case damaged
    /// Argon2id could not have the memory it needs.
    case noMemory
}

/// Making, opening and re-wrapping a journal's key.
public enum JournalKeys {
    static let publicKeyBytes = Int(crypto_box_publickeybytes())
    static let secretKeyBytes = Int(crypto_box_secretkeybytes())
    static let saltBytes = Int(crypto_pwhash_saltbytes())
    static let wrapContext = Array("yadg.journal-key.v1".utf8)

    /// A new key pair with its secret sealed under `passphrase`; nil when Argon2id could not have
    /// its memory.
    public static func create(passphrase: Passphrase) -> (record: JournalKeyRecord, secret: JournalSecretKey)? {
        Sodium.ready()
        var publicKey = [UInt8](repeating: 0, count: publicKeyBytes)
        let secret = SecretBytes(capacity: secretKeyBytes, count: secretKeyBytes)
        secret.withUnsafeMutableBytes { _ = crypto_box_keypair(&publicKey, $0.baseAddress!) }
        let key = JournalSecretKey(bytes: secret, publicKey: publicKey)
        guard let record = wrap(key, under: passphrase) else { return nil }
        return (record, key)
    }

    /// The same secret key under another passphrase: a new salt, a new derivation, a new nonce.
    /// The public key, and so everything sealed to it, does not change.
    public static func wrap(_ secret: JournalSecretKey, under passphrase: Passphrase) -> JournalKeyRecord? {
        Sodium.ready()
        let salt = Sodium.random(saltBytes)
        let limits = (ops: UInt64(crypto_pwhash_opslimit_interactive()), mem: Int(crypto_pwhash_memlimit_interactive()))
        guard let derived = derive(passphrase, salt: salt, opsLimit: limits.ops, memLimit: limits.mem) else {
            return nil
        }
        let nonce = Sodium.random(AEAD.nonceBytes)
        let sealed = secret.bytes.withUnsafeBytes { message in
            derived.withUnsafeBytes { key in
                AEAD.seal(message, context: wrapContext + secret.publicKey, nonce: nonce, key: key)
            }
        }
        return JournalKeyRecord(
            publicKey: secret.publicKey, salt: salt, opsLimit: limits.ops, memLimit: limits.mem,
            algorithm: crypto_pwhash_alg_argon2id13(), wrappedSecret: nonce + sealed)
    }

    /// Opens the secret key with `passphrase`. Whatever is typed, the work is the same: one
    /// Argon2id derivation, then one authenticated decryption whose tag is compared in constant
    /// time; a wrong passphrase opens nothing and reveals nothing of how near it was.
    public static func open(_ record: JournalKeyRecord, passphrase: Passphrase) -> KeyOpening {
        Sodium.ready()
        guard record.isWellFormed else { return .damaged }
        guard
            let derived = derive(
                passphrase, salt: record.salt, opsLimit: record.opsLimit, memLimit: record.memLimit)
        else { return .noMemory }
        let secret = SecretBytes(capacity: secretKeyBytes, count: secretKeyBytes)
        let opened = record.wrappedSecret.withUnsafeBytes { wrapped in
            derived.withUnsafeBytes { key in
                secret.withUnsafeMutableBytes { target in
                    AEAD.open(
                        UnsafeRawBufferPointer(rebasing: wrapped[AEAD.nonceBytes...]),
                        context: wrapContext + record.publicKey,
                        nonce: UnsafeRawBufferPointer(rebasing: wrapped[0..<AEAD.nonceBytes]), key: key, into: target)
                }
            }
        }
        guard opened else { return .wrongPassphrase }
        // The secret must be the public key's: a record pieced together from two journals is damage.
        var derivedPublic = [UInt8](repeating: 0, count: publicKeyBytes)
        secret.withUnsafeBytes { _ = crypto_scalarmult_base(&derivedPublic, $0.baseAddress!) }
        guard sodium_memcmp(derivedPublic, record.publicKey, publicKeyBytes) == 0 else { return .damaged }
        return .opened(JournalSecretKey(bytes: secret, publicKey: record.publicKey))
    }

    /// Argon2id of the passphrase. The corresponding C function is `crypto_pwhash`.
    static func derive(_ passphrase: Passphrase, salt: [UInt8], opsLimit: UInt64, memLimit: Int) -> SecretBytes? {
        // An empty passphrase is never set; one read empty (an empty file) opens nothing.
        guard !passphrase.isEmpty else { return SecretBytes(capacity: AEAD.keyBytes, count: AEAD.keyBytes) }
        let key = SecretBytes(capacity: AEAD.keyBytes, count: AEAD.keyBytes)
        let result = passphrase.withUnsafeBytes { typed in
            key.withUnsafeMutableBytes { target in
                crypto_pwhash(
                    target.baseAddress!, UInt64(target.count), typed.baseAddress!.assumingMemoryBound(to: CChar.self),
                    UInt64(typed.count), salt, opsLimit, memLimit, crypto_pwhash_alg_argon2id13())
            }
        }
        return result == 0 ? key : nil
    }
}
