import YadgLanguage
import Foundation
import Testing

@testable import YadgCore

/// The hand-written fast paths of a logged line give what the slow, obvious code gave.
struct FastTextTests {
    @Test("A UUID's stored text is uuidString lower-cased")
    func uuidText() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let (a, b) = (generator.next(), generator.next())
            let id = withUnsafeBytes(of: (a, b)) { bytes in
                UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    ))
            }
            #expect(id.lowercasedText == id.uuidString.lowercased())
        }
        let edges = [
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
        ]
        #expect(edges.map(\.lowercasedText) == edges.map { $0.uuidString.lowercased() })
    }

    @Test("The buffered system generator gives numbers all over the range, and distinct UUIDs")
    func bufferedRandom() {
        var generator = BufferedSystemRandom()
        // More than one 4 KiB block.
        let numbers = (0..<2000).map { _ in generator.next() }
        #expect(Set(numbers).count == numbers.count)
        #expect(numbers.contains { $0 >> 63 == 1 } && numbers.contains { $0 >> 63 == 0 })
        let ids = (0..<1000).map { _ in UUID.random() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { $0.uuidString.dropFirst(14).first == "4" })
    }

    @Test("A local day's text is the padded date, for any day from year 1 to 9999")
    func localDayText() {
        for number in stride(from: CivilTime.daysFromCivil(year: 1, month: 1, day: 1), to: 2_932_896, by: 997) + [
            0, -1, 20_417, CivilTime.daysFromCivil(year: 9999, month: 12, day: 31),
        ] {
            let (y, m, d) = CivilTime.civilFromDays(number)
            #expect(
                LocalDay(number: number).text == "\(CivilTime.pad(y, 4))-\(CivilTime.pad(m))-\(CivilTime.pad(d))")
        }
    }

    @Test("A word table finds every word it holds and nothing else, ASCII or not")
    func wordTable() {
        let words = (0..<300).map { "w\($0)" } + ["", "naïve", "i’ll", "日本", "at", "a", "ago"]
        let table = WordTable(Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, $0) }))
        for (index, word) in words.enumerated() { #expect(table[word] == index) }
        for missing in ["w300", "W1", "naive", "i'll", "日", "ag", "agoo", " at"] { #expect(table[missing] == nil) }
        let set: WordSet = ["on", "the", "on"]
        #expect(set.contains("on") && set.contains("the") && !set.contains("in"))
    }
}
