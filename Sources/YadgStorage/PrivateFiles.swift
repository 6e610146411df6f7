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
    /// Creates `path` and any missing parents with mode 0700, whatever the umask. A folder that is
    /// already there keeps its mode, yadg's own included (a shared 2775 `YADG_HOME` keeps its group
    /// and its setgid bit): yadg sets modes only on what it creates. A file where the folder should
    /// be throws ENOTDIR.
    public static func createDirectory(_ path: String) throws {
        // stat(2), not FileManager: this runs at every start, before anything is shown.
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw POSIXError(.ENOTDIR) }
            return
        }
        let parent = parentFolder(of: path)
        if parent != path, parent != ".", stat(parent, &info) != 0 { try createDirectory(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // Made here (or by another yadg just now): 0700 whatever the umask.
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

    /// Creates an empty file with mode 0600 (whatever the umask) unless it exists; an existing
    /// file keeps its mode. Either way it is opened for writing once, so a file this process may
    /// not write throws (EACCES, EROFS) here, before SQLite quietly opens it read-only.
    public static func createFileIfMissing(_ path: String) throws {
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            fchmod(fd, 0o600)
        } else if errno == EEXIST {
            fd = open(path, O_WRONLY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        close(fd)
    }

    /// Writes `data` as the whole of `path` (0600): into a temporary file of its own in the same
    /// folder, made durable, then renamed over it, and the folder synced, so a crash or a full disk
    /// leaves the old file or the new one, never a part, and never nothing where the old one was.
    /// Every write, sync and close is checked; on failure the temporary file is removed and the
    /// old file is untouched.
    public static func replace(_ path: String, with data: Data) throws {
        let temporary =
            parentFolder(of: path) + "/." + (path.split(separator: "/").last.map(String.init) ?? "file")
            + ".\(getpid()).partial"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
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
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        // The rename is durable once the folder is synced (a file system that cannot sync a folder
        // says EINVAL: there is nothing more to do there).
        let folder = open(parentFolder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        let synced = fsync(folder) == 0 || errno == EINVAL
        let code = errno
        close(folder)
        if !synced { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    }

    /// The folder a path is in (`/a/b` for `/a/b/c`, `.` for a bare name).
    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
