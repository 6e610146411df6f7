import Foundation
import Testing
import YadgCore

/// Inputs the fuzzer (Sources/FuzzTimeParser) once found, replayed with the fuzzer's properties.
/// The first byte picks the zone and `now` exactly as the fuzz target does.
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "Fixtures/fuzz-regressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: inputs)
    func replay(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appending(path: name)))
        let zones = ["America/New_York", "Europe/London", "Pacific/Auckland", "Asia/Tokyo", "UTC"]
            .compactMap { Zone(identifier: $0) }
        let nows: [Date] = [1_773_043_200.0, 1_792_912_800, 1_763_582_640, 1_763_600_400, 1_730_000_000].map {
            Date(timeIntervalSince1970: $0)
        }
        let phrase = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let now = nows[Int(bytes[0] / 8) % nows.count]
        let parsed = TimeExpressionParser().parse(phrase, now: now, timeZone: zones[Int(bytes[0]) % zones.count])
        let scalars = Array(parsed.text.unicodeScalars)
        #expect(scalars.first?.properties.isWhitespace != true && scalars.last?.properties.isWhitespace != true)
        #expect(
            !zip(scalars, scalars.dropFirst()).contains { $0.properties.isWhitespace && $1.properties.isWhitespace })
        if parsed.kind == .past { #expect(parsed.happenedAt.timeIntervalSince(now) <= 60) }
        if parsed.kind == .none { #expect(parsed.happenedAt == now && parsed.timeExpression == nil) }
    }
}
