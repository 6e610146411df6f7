import Foundation
import YadgCore

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer target for the time parser (the README's developer section). Build and run:
//   swift build -c release --product FuzzTimeParser --scratch-path .build-fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
//   SWIFT_BACKTRACE=enable=no .build-fuzz/release/FuzzTimeParser -max_total_time=60
// (lld, because ld.gold crashes on this link.) A crash input goes into
// Tests/YadgCoreTests/Fixtures/fuzz-regressions/, where `swift test` replays it.
// Besides "no crash", each input is checked against properties a correct parse must have.

let zones = ["America/New_York", "Europe/London", "Pacific/Auckland", "Asia/Tokyo", "UTC"].compactMap {
    Zone(identifier: $0)
}
// Instants around DST changes and midnights, so the fuzzer reaches the edge cases.
let nows: [Date] = [1_773_043_200.0, 1_792_912_800, 1_763_582_640, 1_763_600_400, 1_730_000_000].map {
    Date(timeIntervalSince1970: $0)
}
let parser = TimeExpressionParser()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let phrase = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let zone = zones[Int(bytes[0]) % zones.count]
    let now = nows[Int(bytes[0] / 8) % nows.count]
    let parsed = parser.parse(phrase, now: now, timeZone: zone)
    // Properties: tidy text, a consistent kind, and a past that is not after now.
    // (By scalars, as the text rule works: a space before a combining mark is still a space.)
    let scalars = Array(parsed.text.unicodeScalars)
    precondition(scalars.first?.properties.isWhitespace != true && scalars.last?.properties.isWhitespace != true)
    precondition(
        !zip(scalars, scalars.dropFirst()).contains { $0.properties.isWhitespace && $1.properties.isWhitespace })
    switch parsed.kind {
    case .none:
        precondition(parsed.happenedAt == now && parsed.timeExpression == nil && parsed.matchedRange == nil)
    case .past:
        precondition(parsed.happenedAt.timeIntervalSince(now) <= 60)
        precondition(parsed.matchedRange.map { $0.upperBound <= phrase.unicodeScalars.count } == true)
    case .future:
        precondition(parsed.timeExpression != nil)
    }
    return 0
}

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
#else
    print("Build with -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING to fuzz (see the comment in main.swift).")
#endif
