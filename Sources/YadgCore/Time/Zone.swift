import Synchronization

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

/// A time zone: its IANA name and the offset from UTC in force at any instant, read from the
/// system's tz database (`/usr/share/zoneinfo`, the `tzdata` package) or from a POSIX `TZ` rule.
///
/// yadg's own instead of Foundation's `TimeZone`, whose named zones come from ICU: loading that
/// library took longer than all the rest of a one-shot `yadg log` (<doc:TimeZones>). All the
/// rest of the calendar arithmetic is already yadg's own (``CivilTime``), so a zone only has to
/// answer ``secondsFromGMT(for:)``.
///
/// Reading a zone's file is the one read the core makes, as `TimeZone(identifier:)` reads ICU's
/// data: the tz database is the system's reference data, not the person's.
public struct Zone: Sendable, Equatable, CustomStringConvertible {
    /// `America/New_York`, `UTC`, or the POSIX rule it was made from (`EST5EDT,M3.2.0,M11.1.0`).
    public let identifier: String
    let rules: ZoneRules

    public static func == (a: Zone, b: Zone) -> Bool { a.identifier == b.identifier }
    public var description: String { identifier }

    /// Coordinated Universal Time, which needs no file.
    public static let utc = Zone(identifier: "UTC", rules: ZoneRules(fixedOffset: 0))

    init(identifier: String, rules: ZoneRules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// The zone of this name in the system's tz database, else the POSIX rule it spells; nil
    /// when it is neither (a misspelt name, a path that leaves the database, a file that is not one).
    /// Each name is read once per process.
    public init?(identifier: String) {
        guard let zone = ZoneDatabase.shared.zone(named: identifier) else { return nil }
        self = zone
    }

    /// Whether the system's tz database is there at all (a container may lack the tzdata package).
    public static var databaseIsInstalled: Bool {
        var info = stat()
        return stat(ZoneDatabase.shared.folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A zone from a TZif file's bytes (RFC 8536), named `identifier`.
    public init(identifier: String, tzif bytes: [UInt8]) throws {
        self.init(identifier: identifier, rules: try TZif.read(bytes))
    }

    /// Seconds east of UTC at that instant (`-18000` in New York in winter).
    public func secondsFromGMT(for date: Date) -> Int {
        // Clamped to ±30 million years, so no date (an imported one, say) can overflow the arithmetic.
        let seconds = date.timeIntervalSince1970
        return rules.offset(at: seconds.isNaN ? 0 : Int64(min(max(seconds, -1e15), 1e15).rounded(.down)))
    }
}

/// What a zone's file says: the instants its offset changed, and after the last of them the POSIX
/// rule that goes on (for the years no file lists).
struct ZoneRules: Sendable {
    /// Instants (seconds since 1970, UTC) at which the offset changed, ascending.
    var transitions: [Int64] = []
    /// The offset in force from each transition on.
    var offsets: [Int32] = []
    /// The offset before the first transition.
    var initialOffset: Int32 = 0
    /// The rule after the last transition; without one the last offset stays.
    var rule: PosixZoneRule?

    init(fixedOffset: Int32) {
        initialOffset = fixedOffset
    }

    init(transitions: [Int64], offsets: [Int32], initialOffset: Int32, rule: PosixZoneRule?) {
        self.transitions = transitions
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.rule = rule
    }

    func offset(at instant: Int64) -> Int {
        guard let last = transitions.last else { return rule.map { $0.offset(at: instant) } ?? Int(initialOffset) }
        if instant >= last, let rule { return rule.offset(at: instant) }
        if instant < transitions[0] { return Int(initialOffset) }
        // The last transition at or before the instant.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return Int(offsets[low])
    }
}

/// The system's tz database, each zone read once per process and kept (views look up the zone of
/// every moment they show).
final class ZoneDatabase: Sendable {
    static let shared = ZoneDatabase(folder: ZoneDatabase.systemFolder())

    /// `TZDIR` when set (as the C library reads it), else `/usr/share/zoneinfo`.
    static func systemFolder() -> String {
        if let folder = getenv("TZDIR").map({ String(cString: $0) }), !folder.isEmpty { return folder }
        return "/usr/share/zoneinfo"
    }

    let folder: String
    private let cache = Mutex<[String: Zone?]>([:])

    init(folder: String) {
        self.folder = folder
    }

    /// Names kept at most: an imported file could name a different zone in every moment.
    static let cacheLimit = 1024

    func zone(named name: String) -> Zone? {
        if let known = cache.withLock({ $0[name] }) { return known }
        let zone = load(name)
        cache.withLock { if $0.count < Self.cacheLimit { $0[name] = zone } }
        return zone
    }

    private func load(_ name: String) -> Zone? {
        // UTC by any of its usual names needs no file (a system may have none).
        if ["UTC", "Etc/UTC", "GMT", "Etc/GMT"].contains(name) {
            return Zone(identifier: name, rules: ZoneRules(fixedOffset: 0))
        }
        if Self.isDatabaseName(name), let rules = try? file(name) { return Zone(identifier: name, rules: rules) }
        return PosixZoneRule(name).map {
            Zone(identifier: name, rules: ZoneRules(transitions: [], offsets: [], initialOffset: 0, rule: $0))
        }
    }

    /// A name that stays inside the database: `Area/Place` words, never `..`, never absolute, and
    /// not the `right/` zones (which count leap seconds, as nothing else here does).
    static func isDatabaseName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/"), !name.hasPrefix("right/") else {
            return false
        }
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                UInt8(ascii: "+"), UInt8(ascii: "."):
                return true
            default: return false
            }
        }
        return allowed
            && !name.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0 == ".." || $0 == "." || $0.isEmpty
            }
    }

    private func file(_ name: String) throws -> ZoneRules {
        guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { throw TZif.MalformedError() }
        return try TZif.read(Array(data))
    }
}
