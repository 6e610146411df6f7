/// A file sealed whole, standing on its own (a photo kept while the journal is locked): a magic
/// line, a fresh key sealed to the journal's public key, then the content sealed under that key.
/// Nothing but the journal's secret key opens it, and nothing in the database is needed to.
public enum SealedFile {
    /// The first bytes of every sealed file.
    public static let magic = Array("yadg-sealed-file-1\n".utf8)
    static let boxBytes = AEAD.keyBytes + 48

    /// `content` sealed to `publicKey`; `context` names it (its file name), so a sealed photo
    /// renamed to another's opens as damage.
    public static func seal(_ content: [UInt8], to publicKey: [UInt8], context: String) -> [UInt8] {
        let (key, box) = DataKey.make(sealingTo: publicKey)
        return magic + box + key.seal(content, context: magic + Array(context.utf8))
    }

    /// Whether `bytes` begin as a sealed file does.
    public static func isSealed(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: magic) }

    /// The content, or nil when the file is cut, changed, named otherwise, or sealed to another key.
    public static func open(_ bytes: [UInt8], with secret: JournalSecretKey, context: String) -> [UInt8]? {
        guard isSealed(bytes), bytes.count > magic.count + boxBytes else { return nil }
        let box = Array(bytes[magic.count..<magic.count + boxBytes])
        guard let key = DataKey.open(id: 1, sealedBox: box, with: secret) else { return nil }
        return key.open(Array(bytes[(magic.count + boxBytes)...]), context: magic + Array(context.utf8))
    }
}

extension SealedFile {
    /// A name that says nothing of what the file holds: 16 random bytes in hex, then `.sealed`
    /// (a plain photo is named by the hash of its content, which anyone holding a copy of the
    /// photo could match).
    public static func freshName() -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(
            decoding: Sodium.random(16).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
            + ".sealed"
    }
}
