import Foundation
import Synchronization

/// Fresh private folders for tests, removed when the test is done (`defer { TemporaryFolder.remove(home) }`)
/// or, for those a test cannot remove itself (a store a factory opens), when the test process exits.
public enum TemporaryFolder {
    /// A new, empty folder under the system's temporary folder.
    public static func make(_ prefix: String = "yadg-test") -> String {
        let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        made.withLock { $0.append(path) }
        _ = removedAtExit
        return path
    }

    /// Removes a folder made by ``make(_:)`` and everything in it.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    private static let made = Mutex<[String]>([])

    /// Registered once: every folder still there when the process ends is removed.
    private static let removedAtExit: Void = {
        atexit {
            for path in TemporaryFolder.made.withLock({ $0 }) { TemporaryFolder.remove(path) }
        }
    }()
}
