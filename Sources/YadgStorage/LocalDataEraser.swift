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

/// Delete my data, on this machine: every file yadg wrote, and none the person wrote.
///
/// Kill-safe by rolling forward: a marker file is made (and made durable) before the first file
/// is removed, and removed after the last. A run that finds the marker finishes the deletion before
/// it opens anything, so a `kill -9` at any point leaves either everything as it was (no marker
/// yet) or, from the next start on, nothing — never a database missing its `-wal` that yadg would
/// open half-deleted.
public struct LocalDataEraser: Sendable {
    public let dataDirectory: String
    public let stateDirectory: String
    public let configDirectory: String
    /// The moments database (its `-wal`, `-shm` and `-journal` go with it).
    public let database: String
    /// The conversation's line history.
    public let history: String
    /// yadg's own settings (`/settings ai`), beside the person's config.
    public let settingsFile: String

    public init(
        dataDirectory: String, stateDirectory: String, configDirectory: String, database: String, history: String,
        settingsFile: String
    ) {
        self.dataDirectory = dataDirectory
        self.stateDirectory = stateDirectory
        self.configDirectory = configDirectory
        self.database = database
        self.history = history
        self.settingsFile = settingsFile
    }

    /// Present while a deletion is under way.
    public var marker: String { dataDirectory + "/.deleting" }
    /// Where attached photos are kept.
    public var photos: String { dataDirectory + "/photos" }

    /// Every path yadg may have written, in the order they are removed: the log's companions
    /// before the database, so no reader ever sees a database without them while the marker is
    /// absent.
    public var ownPaths: [String] {
        [
            database + "-wal", database + "-shm", database + "-journal", database, history, settingsFile, photos,
            dataDirectory + "/sync.lock",
        ]
    }

    /// What a deletion did.
    public struct Report: Sendable, Equatable {
        public var removed: [String] = []
        /// Paths that could not be removed, with the reason (the marker stays; the next start retries).
        public var failed: [(path: String, reason: String)] = []

        public static func == (a: Report, b: Report) -> Bool {
            a.removed == b.removed && a.failed.map(\.path) == b.failed.map(\.path)
        }
    }

    /// True when a deletion was interrupted (the next open must finish it first).
    public var isInterrupted: Bool { access(marker, F_OK) == 0 }

    /// Removes everything yadg wrote. Folders yadg made are removed too when nothing else is left
    /// in them (a config file the person wrote keeps its folder).
    public func erase() -> Report {
        var report = Report()
        guard access(dataDirectory, F_OK) == 0 || access(stateDirectory, F_OK) == 0 else { return report }
        if !makeMarker() {
            report.failed.append((marker, String(cString: strerror(errno))))
            return report
        }
        for path in ownPaths where access(path, F_OK) == 0 {
            do {
                try FileManager.default.removeItem(atPath: path)
                report.removed.append(path)
            } catch {
                report.failed.append((path, SystemError.words(error)))
            }
        }
        guard report.failed.isEmpty else { return report }
        syncDirectory(dataDirectory)
        unlink(marker)
        syncDirectory(dataDirectory)
        for folder in Set([dataDirectory, stateDirectory, configDirectory]) { rmdir(folder) }  // only if empty
        return report
    }

    /// At start: finishes a deletion a kill interrupted. Nil when none was.
    public func finishIfInterrupted() -> Report? {
        isInterrupted ? erase() : nil
    }

    /// Files in the config folder yadg did not write (the config, the person's own copy or
    /// prompts): deletion leaves them, and says so.
    public func handWrittenFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: configDirectory)) ?? []
        let own = Set(ownPaths + [marker])
        return names.sorted().map { configDirectory + "/" + $0 }.filter { !own.contains($0) }
    }

    /// Creates the marker durably (its folder entry synced), or says it could not.
    private func makeMarker() -> Bool {
        let fd = open(marker, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        fsync(fd)
        close(fd)
        syncDirectory(dataDirectory)
        return true
    }

    private func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
