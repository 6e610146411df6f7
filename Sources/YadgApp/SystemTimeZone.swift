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
/// The order the C library follows. A `TZ` that is neither (`Not/AZone`) is passed over, as
/// Foundation's `TimeZone.current` did; a `/etc/localtime` that is a copied file, not a link,
/// names no zone, so the next source decides.
public enum SystemTimeZone {
    public static func current(environment: [String: String]) -> Zone {
        find(environment: environment).zone
    }

    /// The zone, and the name `TZ` gave when it could not be read because there is no tz database
    /// at all (which the person should hear about: their times would otherwise be UTC in silence).
    /// Then the zone is UTC: the system's own zone could not be read either.
    public static func find(environment: [String: String]) -> (zone: Zone, unreadable: String?) {
        if let name = environment["TZ"].map({ $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }), !name.isEmpty {
            if let zone = Zone(identifier: name) { return (zone, nil) }
            if !Zone.databaseIsInstalled { return (.utc, name) }
        }
        if let name = linkedZoneName("/etc/localtime"), let zone = Zone(identifier: name) { return (zone, nil) }
        if let name = namedZone("/etc/timezone"), let zone = Zone(identifier: name) { return (zone, nil) }
        return (.utc, nil)
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
