import Foundation
import YadgCore

/// Phrases per second of the time parser over the corpus phrases, each with its own `now` and
/// zone, as `parse(_:now:timeZone:)` is called when a moment is logged.
enum ParseBenchmark {
    struct Phrase {
        let text: String
        let now: Date
        let zone: Zone
    }

    static func run(corpusPath: String, runs: Int = 9, passesPerRun: Int = 200) {
        guard let data = FileManager.default.contents(atPath: corpusPath) else {
            print("yadg-bench: cannot read \(corpusPath)")
            exit(1)
        }
        let phrases: [Phrase] = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let text = object["phrase"] as? String, let zoneName = object["tz"] as? String,
                let zone = Zone(identifier: zoneName), let nowText = object["now"] as? String,
                let now = CivilTime.parse(nowText, zone: zone)
            else { return nil }
            return Phrase(text: text, now: now, zone: zone)
        }
        let parser = TimeExpressionParser()
        // The checksum keeps the work from being optimised away; it counts bytes, not Characters,
        // so the benchmark's own cost stays out of the figure.
        var sink = 0
        for phrase in phrases {
            sink &+= parser.parse(phrase.text, now: phrase.now, timeZone: phrase.zone).text.utf8.count
        }
        var rates: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<passesPerRun {
                for phrase in phrases {
                    sink &+= parser.parse(phrase.text, now: phrase.now, timeZone: phrase.zone).text.utf8.count
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            rates.append(Double(phrases.count * passesPerRun) / seconds)
        }
        print(
            "parse: \(phrases.count) phrases × \(passesPerRun) passes × \(runs) runs, in-process  [checksum \(sink % 1000)]"
        )
        print("  " + Spread(rates).text("phrases/s", digits: 0))
    }
}
