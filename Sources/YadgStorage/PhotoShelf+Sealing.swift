import YadgCore
import YadgSealing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Photos of a locked journal (<doc:PrivacyAndSecurity>): each kept as a sealed file of its own,
/// named at random, which only the journal's secret key opens.
extension PhotoShelf {
    /// Whether a stored photo name is a sealed file's.
    public static func isSealed(_ name: String) -> Bool { name.hasSuffix(".sealed") }

    /// A sealed copy of the photo `name` (`photos/….jpg`), written beside it (the plain file is
    /// removed once the rows name the copy). Nil when `name` is sealed already or no file of the
    /// data folder (an import may name a photo it does not carry).
    func sealedCopy(of name: String, to publicKey: [UInt8]) throws -> String? {
        guard !Self.isSealed(name), !name.hasPrefix("/"), let bytes = PrivateFiles.readBytes(dataDirectory + "/" + name)
        else { return nil }
        let sealed = Self.folderName + "/" + SealedFile.freshName()
        try PrivateFiles.replace(
            dataDirectory + "/" + sealed, with: Data(SealedFile.seal(bytes, to: publicKey, context: sealed)))
        return sealed
    }

    /// A plain copy of the sealed photo `name`, named by its content as any plain photo is; nil
    /// when it is not sealed, missing, or does not open (it is then left as it is).
    func openedCopy(of name: String, with secret: JournalSecretKey) throws -> String? {
        guard Self.isSealed(name), let bytes = PrivateFiles.readBytes(dataDirectory + "/" + name),
            let photo = SealedFile.open(bytes, with: secret, context: name)
        else { return nil }
        let data = Data(photo)
        let plain = Self.folderName + "/" + SHA256.hex(data) + "." + (Self.imageKind(data) ?? "jpg")
        try PrivateFiles.replace(dataDirectory + "/" + plain, with: data)
        return plain
    }

    /// The sealed photo at `name` opened, for `/photo open`: the picture's bytes and the file
    /// extension its first bytes say, or nil when it is missing, changed or cut short.
    public func opened(_ name: String, with secret: JournalSecretKey) -> (bytes: [UInt8], kind: String)? {
        guard let bytes = PrivateFiles.readBytes(dataDirectory + "/" + name),
            let picture = SealedFile.open(bytes, with: secret, context: name)
        else { return nil }
        return (picture, Self.imageKind(Data(picture)) ?? "jpg")
    }

    func remove(_ names: [String]) {
        for name in names { unlink(dataDirectory + "/" + name) }
    }

    /// Every file in the photos folder that is not sealed (plain photos, half-written copies): in a
    /// locked journal they are what /lock left to remove.
    func removePlainFiles() {
        let folder = dataDirectory + "/" + Self.folderName
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !Self.isSealed(entry) {
            unlink(folder + "/" + entry)
        }
    }
}

extension PhotoShelf {
    /// A photo kept in a locked journal: sealed to its public key under a fresh name.
    func keepSealed(_ bytes: [UInt8], to publicKey: [UInt8]) -> Result<String, PhotoError> {
        let name = Self.folderName + "/" + SealedFile.freshName()
        do {
            try PrivateFiles.createDirectory(dataDirectory + "/" + Self.folderName)
            try PrivateFiles.replace(
                dataDirectory + "/" + name, with: Data(SealedFile.seal(bytes, to: publicKey, context: name)))
        } catch {
            return .failure(Self.problem(error))
        }
        return .success(name)
    }
}
