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

/// Creates yadg's folders and files so only their owner can read them (folders 0700, files 0600),
/// whatever the umask.
public enum PrivateFiles {
    /// Creates `path` and any missing parents with mode 0700. Folders that already exist keep
    /// their permissions (XDG Base Directory spec), except yadg's own leaf folder, which is
    /// tightened to 0700.
    public static func createDirectory(_ path: String) throws {
        // stat(2), not FileManager: this runs at every start, before anything is shown.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            chmod(path, 0o700)
            return
        }
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(path, 0o700)
    }

    /// The text of a file yadg reads at start (the settings, the config, an override), or nil
    /// when it is missing, unreadable or not UTF-8. With open(2) and read(2): Foundation's
    /// `String(contentsOfFile:)` builds an `NSError` for a file that is not there, which cost
    /// more than reading one that is.
    public static func readText(_ path: String) -> String? {
        readBytes(path).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The first `limit` bytes of a file (all of it when shorter), or nil when it cannot be read
    /// (missing, a folder, no permission: `errno` says which).
    public static func readBytes(_ path: String, upTo limit: Int = .max) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < limit {
            let count = read(fd, &buffer, min(buffer.count, limit - bytes.count))
            if count < 0 {
                if errno == EINTR { continue }
                return nil  // a folder, or a read error
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// Creates an empty file with mode 0600 unless it exists; an existing file is set to 0600.
    public static func createFileIfMissing(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fchmod(fd, 0o600)
        close(fd)
    }

    /// Writes `data` as the whole of `path` (0600): under a temporary name, made durable, then
    /// renamed over it, and the folder synced, so a crash leaves the old file or the new one,
    /// never a part.
    public static func replace(_ path: String, with data: Data) throws {
        let temporary = path + ".partial"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fchmod(fd, 0o600)
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        guard failure == 0, rename(temporary, path) == 0 else {
            let code = failure != 0 ? failure : errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let folder = open(parentFolder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// The folder a path is in (`/a/b` for `/a/b/c`, `.` for a bare name).
    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
