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
        let phrases: [Phrase] = data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
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

    /// This parser beside another build's (`yadg-bench parse` of an older commit, run as its own
    /// process in turn with this one's), so the ratio is measured on one machine at one time.
    static func compare(corpusPath: String, against other: String, rounds: Int = 5) {
        var mine: [Double] = []
        var theirs: [Double] = []
        for _ in 0..<rounds {
            mine.append(rate(of: CommandLine.arguments[0], corpusPath))
            theirs.append(rate(of: other, corpusPath))
        }
        print("parse, \(rounds) rounds, each a median of 9 runs, this build and --against in turn")
        print("  this       " + Spread(mine).text("phrases/s", digits: 0))
        print("  --against  " + Spread(theirs).text("phrases/s", digits: 0))
        let ratios = zip(mine, theirs).map { $0 / $1 }
        print("  this / --against, round by round: " + Spread(ratios).text("×", digits: 2))
    }

    /// The median phrases/s a `yadg-bench parse` run printed.
    private static func rate(of binary: String, _ corpusPath: String) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["parse", corpusPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return .nan }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = output.range(of: "median ") else { return .nan }
        return Double(output[range.upperBound...].prefix { $0.isNumber }) ?? .nan
    }
}
