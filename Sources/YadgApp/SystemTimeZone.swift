import YadgCore
import YadgStorage

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

/// The person's time zone: `TZ` when it names a zone or spells a POSIX rule, else the zone
/// `/etc/localtime` links to, else the name in `/etc/timezone` (Debian's), else UTC.
///
/// The order the C library follows. A `TZ` that is neither (`Not/AZone`) is passed over for the
/// system's zone, as the C library does, and said once (``find(environment:)``); a
/// `/etc/localtime` that is a copied file, not a link, names no zone, so the next source decides.
public enum SystemTimeZone {
    public static func current(environment: [String: String]) -> Zone {
        find(environment: environment).zone
    }

    /// Why `TZ` was not the zone used, for one line at the start of a run: the person's times
    /// would otherwise be in another zone in silence (and stored with it).
    public enum Unused: Sendable, Equatable {
        /// No tz database at all: the zone is UTC (the system's own zone cannot be read either).
        case noDatabase(String)
        /// The database knows no zone of that name (a typo, `Europe/Pariss`): the system's zone.
        case unknown(String)
    }

    /// The zone, and why `TZ` was not used when it named something that could not be read.
    public static func find(environment: [String: String]) -> (zone: Zone, unused: Unused?) {
        var unused: Unused?
        if let name = environment["TZ"].map({ $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }), !name.isEmpty {
            if let zone = Zone(identifier: name) { return (zone, nil) }
            if !Zone.databaseIsInstalled { return (.utc, .noDatabase(name)) }
            unused = .unknown(name)
        }
        if let name = linkedZoneName("/etc/localtime"), let zone = Zone(identifier: name) { return (zone, unused) }
        if let name = namedZone("/etc/timezone"), let zone = Zone(identifier: name) { return (zone, unused) }
        return (.utc, unused)
    }

    /// The first line of a file that names a zone (`Europe/Paris`), if any.
    static func namedZone(_ path: String) -> String? {
        guard let text = PrivateFiles.readText(path),
            let line = text.split(whereSeparator: \.isNewline).first?.trimmedWhitespace, !line.isEmpty
        else { return nil }
        return line
    }

    /// `Europe/Paris` for a link to `…/zoneinfo/Europe/Paris`.
    static func linkedZoneName(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        // Bytes, not Foundation's range(of:): that would wake NSString for one search.
        let target = buffer[..<length].map { UInt8(bitPattern: $0) }
        let marker = Array("/zoneinfo/".utf8)
        guard target.count > marker.count,
            let at = (0...(target.count - marker.count)).first(where: {
                target[$0..<$0 + marker.count].elementsEqual(marker)
            })
        else { return nil }
        let name = String(decoding: target[(at + marker.count)...], as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}
