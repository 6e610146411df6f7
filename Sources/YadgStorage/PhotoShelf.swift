import YadgCore

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

/// Where attached photos are kept: `photos/` in the data folder, each a private copy (0600, the
/// folder 0700) named by the SHA-256 of its content, so the same photo attached twice is stored
/// once. The original is only read.
public struct PhotoShelf: Sendable {
    /// The data folder; photos go in its `photos/`.
    public let dataDirectory: String
    /// Largest photo kept, in bytes (a phone's full-size photo fits well under it).
    public var limit = 25 * 1024 * 1024

    public init(dataDirectory: String) { self.dataDirectory = dataDirectory }

    /// The folder inside the data folder, as stored with a moment (`photos/ab12….jpg`).
    public static let folderName = "photos"

    /// Copies the photo at `path` (`~` and relative paths as a shell reads them) and returns its
    /// path relative to the data folder. `sealingTo`: a locked journal's public key, to which the
    /// copy is sealed (<doc:PrivacyAndSecurity>).
    public func keep(
        _ path: String, home: String, currentDirectory: String, sealingTo publicKey: [UInt8]? = nil
    ) -> Result<String, PhotoError> {
        let full =
            path == "~" || path.hasPrefix("~/")
            ? home + path.dropFirst() : path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var info = stat()
        guard stat(full, &info) == 0 else {
            return .failure(errno == EACCES ? .unreadable(path: path) : .missing(path: path))
        }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(.folder(path: path)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAPhoto(path: path)) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(path: path, limitMB: limit / 1024 / 1024)) }
        // One more than the limit, so a file that grew since stat is still refused.
        guard let bytes = PrivateFiles.readBytes(full, upTo: limit + 1) else {
            return .failure(.unreadable(path: path))
        }
        let data = Data(bytes)
        guard data.count <= limit else { return .failure(.tooLarge(path: path, limitMB: limit / 1024 / 1024)) }
        guard let kind = Self.imageKind(data) else { return .failure(.notAPhoto(path: path)) }
        if let publicKey { return keepSealed(bytes, to: publicKey) }
        let name = Self.folderName + "/" + SHA256.hex(data) + "." + kind
        let target = dataDirectory + "/" + name
        if FileManager.default.fileExists(atPath: target) { return .success(name) }
        do {
            try PrivateFiles.createDirectory(dataDirectory + "/" + Self.folderName)
            try PrivateFiles.replace(target, with: data)
        } catch {
            return .failure(Self.problem(error))
        }
        return .success(name)
    }

    /// The file extension of a photo, read from its first bytes, or nil when it is not one.
    static func imageKind(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(16))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "webp" }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: head.count >= 12 ? head[8..<12] : [], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return "avif" }
            if ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(brand) { return "heic" }
        }
        return nil
    }

    /// What stopped the copy: a full disk is said as the store says it; anything else with the
    /// system's own words.
    static func problem(_ error: any Error) -> PhotoError {
        switch (error as? POSIXError)?.code {
        case .ENOSPC?, .EDQUOT?: return .diskFull
        default: return .notSaved(reason: SystemError.words(error))
        }
    }
}
