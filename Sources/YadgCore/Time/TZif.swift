/// Reads a zone's file from the tz database: the Time Zone Information Format of RFC 8536.
///
/// Version 1 files are read from their 32-bit block; later versions from the 64-bit block, with the
/// footer's POSIX rule for the instants after the last transition (a "slim" file lists no
/// transitions a rule can say, so for most zones the rule is what says today's offset).
enum TZif {
    struct MalformedError: Error {}

    static func read(_ bytes: [UInt8]) throws -> ZoneRules {
        var reader = ByteReader(bytes: bytes)
        let first = try Header(&reader)
        guard first.version >= 2 else { return try block(first, &reader, timeSize: 4) }
        // Skip the version 1 block: the same data again, in 64 bits, follows it.
        try reader.skip(first.blockSize(timeSize: 4))
        let second = try Header(&reader)
        var rules = try block(second, &reader, timeSize: 8)
        // The footer: "\n", a POSIX TZ string (may be empty), "\n".
        guard try reader.byte() == 0x0A else { throw MalformedError() }
        var footer: [UInt8] = []
        while true {
            let byte = try reader.byte()
            if byte == 0x0A { break }
            footer.append(byte)
        }
        if !footer.isEmpty {
            guard let rule = PosixZoneRule(String(decoding: footer, as: UTF8.self)) else { throw MalformedError() }
            rules.rule = rule
        }
        return rules
    }

    struct Header {
        let version: Int
        let isUTCCount, isStandardCount, leapCount, transitionCount, typeCount, characterCount: Int

        init(_ reader: inout ByteReader) throws {
            guard try reader.bytes(4).elementsEqual("TZif".utf8) else { throw MalformedError() }
            let version = try reader.byte()
            self.version = version == 0 ? 1 : Int(version) - Int(UInt8(ascii: "0"))
            try reader.skip(15)
            isUTCCount = Int(try reader.uint32())
            isStandardCount = Int(try reader.uint32())
            leapCount = Int(try reader.uint32())
            transitionCount = Int(try reader.uint32())
            typeCount = Int(try reader.uint32())
            characterCount = Int(try reader.uint32())
            // Leap seconds would shift every transition: those ("right/") files are not read.
            guard typeCount > 0, leapCount == 0, transitionCount < 100_000, typeCount < 256 else {
                throw MalformedError()
            }
        }

        func blockSize(timeSize: Int) -> Int {
            transitionCount * timeSize + transitionCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }
    }

    static func block(_ header: Header, _ reader: inout ByteReader, timeSize: Int) throws -> ZoneRules {
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount {
            transitions.append(
                timeSize == 8 ? Int64(bitPattern: try reader.uint64()) : Int64(Int32(bitPattern: try reader.uint32())))
        }
        let typeIndices = try reader.bytes(header.transitionCount)
        var offsets: [Int32] = []
        for _ in 0..<header.typeCount {
            offsets.append(Int32(bitPattern: try reader.uint32()))
            try reader.skip(2)  // is-DST, abbreviation index: yadg shows neither
        }
        try reader.skip(header.characterCount + header.isStandardCount + header.isUTCCount)
        guard typeIndices.allSatisfy({ Int($0) < offsets.count }),
            zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 })
        else { throw MalformedError() }
        return ZoneRules(
            transitions: transitions, offsets: typeIndices.map { offsets[Int($0)] }, initialOffset: offsets[0],
            rule: nil)
    }

    struct ByteReader {
        let bytes: [UInt8]
        var index = 0

        mutating func byte() throws -> UInt8 {
            guard index < bytes.count else { throw MalformedError() }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
            guard count >= 0, index + count <= bytes.count else { throw MalformedError() }
            defer { index += count }
            return bytes[index..<index + count]
        }

        mutating func skip(_ count: Int) throws { _ = try bytes(count) }

        mutating func uint32() throws -> UInt32 { try bytes(4).reduce(0) { $0 << 8 | UInt32($1) } }
        mutating func uint64() throws -> UInt64 { try bytes(8).reduce(0) { $0 << 8 | UInt64($1) } }
    }
}
