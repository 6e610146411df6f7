import YadgCore

/// What a locked journal seals of a moment, as the bytes of one box (<doc:PrivacyAndSecurity>):
/// everything the person wrote or that was written about it — the text and the words its time was
/// said with, the zone it was logged in, the praise (offline and AI), the kind of win, tags, mood,
/// note and photos. In a sealed row those columns hold nothing (`''` or NULL).
///
/// A version byte, then each field in a fixed order as its length plus one (a varint; 0 for nil)
/// and its UTF-8 bytes.
enum SealedFields {
    static let version: UInt8 = 1

    /// The columns (of ``SQLiteMomentStore/columns``) a sealed row leaves empty, with what they hold then.
    static let emptied: [(column: Int, value: SQLiteValue)] = [
        (2, .text("")), (5, .text("")), (7, .text("")), (8, .null), (9, .text("")), (10, .text("")), (14, .null),
        (15, .null), (16, .text("")), (21, .null),
    ]

    /// What is sealed of `m`.
    static func encode(_ m: Moment) -> [UInt8] {
        var out: [UInt8] = [version]
        out.reserveCapacity(m.text.utf8.count + m.offlinePraise.utf8.count + 64)
        for field in [
            m.text, m.tz, m.offlinePraise, m.aiPraise, m.action, m.tags.joinedText(separator: "\n"), m.mood, m.note,
            m.photos.joinedText(separator: "\n"), m.timeSaid,
        ] {
            append(field, to: &out)
        }
        return out
    }

    /// `m` with its sealed fields filled from `bytes`; nil when they are not what ``encode(_:)`` writes.
    static func decode(_ bytes: [UInt8], into m: Moment) -> Moment? {
        guard bytes.first == version else { return nil }
        var reader = Reader(bytes: bytes, offset: 1)
        guard let text = reader.next(), let tz = reader.next(), let offline = reader.next(),
            let ai = reader.next(), let action = reader.next(), let tags = reader.next(), let mood = reader.next(),
            let note = reader.next(), let photos = reader.next(), let said = reader.next(),
            let text = text, let tz = tz, let offline = offline, let action = action, let tags = tags,
            let photos = photos, reader.offset == bytes.count
        else { return nil }
        var opened = m
        opened.text = text
        opened.tz = tz
        opened.offlinePraise = offline
        opened.aiPraise = ai
        opened.action = action
        opened.tags = tags.isEmpty ? [] : tags.split(separator: "\n").map(String.init)
        opened.mood = mood
        opened.note = note
        opened.photos = photos.isEmpty ? [] : photos.split(separator: "\n").map(String.init)
        opened.timeSaid = said
        return opened
    }

    /// One optional text, as a varint of its length plus one and its bytes.
    static func append(_ text: String?, to out: inout [UInt8]) {
        guard let text else {
            out.append(0)
            return
        }
        var length = UInt64(text.utf8.count) + 1
        while length >= 0x80 {
            out.append(UInt8(length & 0x7F) | 0x80)
            length >>= 7
        }
        out.append(UInt8(length))
        out.append(contentsOf: text.utf8)
    }

    /// Reads what ``append(_:to:)`` wrote: `.some(nil)` for a nil field, nil past the end or on
    /// a length that does not fit.
    struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func next() -> String?? {
            var length: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < bytes.count, shift < 63 else { return nil }
                let byte = bytes[offset]
                offset += 1
                length |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            guard length > 0 else { return .some(nil) }
            let count = Int(length - 1)
            guard count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return .some(String(decoding: bytes[offset..<offset + count], as: UTF8.self))
        }
    }
}
