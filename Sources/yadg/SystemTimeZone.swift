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

/// The person's time zone: `TZ` when it names a zone or spells a POSIX rule, else the zone
/// `/etc/localtime` links to, else the name in `/etc/timezone` (Debian's), else UTC.
///
/// The order the C library follows. A `TZ` that is neither (`Not/AZone`) is passed over, as
/// Foundation's `TimeZone.current` did; a `/etc/localtime` that is a copied file, not a link,
/// names no zone, so the next source decides.
enum SystemTimeZone {
    static func current(environment: [String: String]) -> Zone {
        if let name = environment["TZ"], !name.isEmpty,
            let zone = Zone(identifier: name.hasPrefix(":") ? String(name.dropFirst()) : name)
        {
            return zone
        }
        if let name = linkedZoneName("/etc/localtime"), let zone = Zone(identifier: name) { return zone }
        if let name = namedZone("/etc/timezone"), let zone = Zone(identifier: name) { return zone }
        return .utc
    }

    /// The first line of a file that names a zone (`Europe/Paris`), if any.
    static func namedZone(_ path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
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
