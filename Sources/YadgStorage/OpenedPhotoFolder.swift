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

/// Where `/photo open` writes a locked journal's photo, opened, so a viewer can show it: a folder
/// only its owner can enter (0700), each file 0600, and scrubbed afterwards — every file
/// overwritten with zeros, made durable, then removed, and the folder with them.
///
/// The folder is `$XDG_RUNTIME_DIR/yadg-photos` when the system gives a per-user runtime folder
/// (a memory file system emptied at logout), else `yadg-photos-UID` in the temporary folder. A
/// folder that is there already is used only when it is a real folder (not a link) owned by this
/// user; anyone else's is refused, so a picture is never written where another account can
/// reach it.
public struct OpenedPhotoFolder: Sendable, Equatable {
    public let path: String
    /// The system empties it at logout (the runtime folder).
    public let clearedAtLogout: Bool

    public init(path: String, clearedAtLogout: Bool) {
        self.path = path
        self.clearedAtLogout = clearedAtLogout
    }

    /// The folder for this user, from the environment's `XDG_RUNTIME_DIR` and `TMPDIR`.
    public init(variables: [String: String]) {
        if let runtime = variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), Self.isOwnedFolder(runtime) {
            self.init(path: runtime + "/yadg-photos", clearedAtLogout: true)
        } else {
            let temporary = variables["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            self.init(path: temporary + "/yadg-photos-\(getuid())", clearedAtLogout: false)
        }
    }

    /// Writes `bytes` as `name` in the folder (made 0700 first): a new file of mode 0600, never
    /// through a link. An earlier copy of the same name is scrubbed first. Returns its path.
    public func save(_ bytes: [UInt8], as name: String) throws -> String {
        precondition(!name.contains("/"), "a name, not a path")
        try prepare()
        let file = path + "/" + name
        Self.scrubFile(file)
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.posix(errno) }
        fchmod(fd, 0o600)
        var failure = Self.writeAll(fd, bytes)
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        guard failure == 0 else {
            Self.scrubFile(file)
            throw Self.posix(failure)
        }
        return file
    }

    /// Scrubs every file in the folder and removes it; returns how many files there were. A
    /// folder that is not this user's own is left alone.
    @discardableResult
    public func scrub() -> Int {
        guard Self.isOwnedFolder(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return 0
        }
        var count = 0
        for name in names where Self.scrubFile(path + "/" + name) { count += 1 }
        rmdir(path)
        return count
    }

    /// Makes the folder (0700), or checks that the one there is this user's own real folder.
    func prepare() throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw Self.posix(errno) }
        guard Self.isOwnedFolder(path) else { throw Self.posix(EACCES) }
        chmod(path, 0o700)
    }

    /// A real folder (lstat: not a link to one) owned by this user.
    static func isOwnedFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid()
    }

    /// Overwrites a regular file with zeros, syncs it, and removes it; a link is only removed.
    /// True when something was removed.
    @discardableResult
    static func scrubFile(_ file: String) -> Bool {
        var info = stat()
        guard lstat(file, &info) == 0 else { return false }
        if info.st_mode & S_IFMT == S_IFREG {
            let fd = open(file, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                let zeros = [UInt8](repeating: 0, count: 16_384)
                var left = Int(info.st_size)
                while left > 0 {
                    let written = write(fd, zeros, min(zeros.count, left))
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { break }
                    left -= written
                }
                fsync(fd)
                close(fd)
            }
        }
        return unlink(file) == 0
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    private static func posix(_ code: Int32) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}
