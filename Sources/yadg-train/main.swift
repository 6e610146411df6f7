import Foundation
import YadgCore
import YadgLanguage

// yadg-train: the crisis reader's corpora, model and lexicon, from the repository's root.
//   yadg-train eval [--no-model] [-v] FILE...   how the reader does on corpus files (JSON lines
//       in the corpus shape, or label<TAB>line as other hands write them); -v lists each miss
//       with the phrases that spoke
//   yadg-train explain LINE...                  the reading of each line, phrase by phrase
//   yadg-train fit [--check]                    fits the model on Tests/Corpora/crisis.jsonl and ordinary.jsonl and
//       writes Resources/crisis-model.tsv (--check: exit 1 if the file is not what fit writes)
//   yadg-train compile                          writes Resources/crisis-reader.txt, the form of
//       crisis.json every run reads
//   yadg-train lexicon DICTIONARY...            rewrites the `notTypos` list of
//       Resources/crisis.json: the real words (one a line in each dictionary, e.g.
//       /usr/share/dict/american-english) one edit from a word the phrases use
//   yadg-train talk eval [-v] FILE...           how the conversation's reading does on corpus files
//       (Tests/Corpora/talk.jsonl, or label<TAB>line and label<TAB>kind<TAB>line as other hands
//       write them): talk lines not logged, read as their kind, wins logged; -v lists each miss
//   yadg-train talk explain [--after] LINE...   what the talk reader and the stage make of each line
//   yadg-train talk compile                     writes Resources/talk-reader.txt, the form of
//       talk.json every run reads
//   yadg-train talk lexicon DICTIONARY...       rewrites the `notTypos` list of Resources/talk.json:
//       the real words near a word the talk reader's phrases or classes name (run `talk compile` after)
// Resources are read from the working directory, so a change to them needs no rebuild.

let crisisPath = "Resources/crisis.json"
let modelPath = "Resources/crisis-model.tsv"
let compiledPath = "Resources/crisis-reader.txt"
let corpusPath = "Tests/Corpora/crisis.jsonl"
/// Everyday lines from the repository's other corpora: the model learns what ordinary looks like.
let ordinaryPath = "Tests/Corpora/ordinary.jsonl"
/// More lines by other hands, for the model: the reader is held to a floor on them, not to all.
let trainingPath = "Tests/Corpora/crisis-training.jsonl"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("yadg-train: " + message + "\n").utf8))
    exit(2)
}

func read(_ path: String) -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    return text
}

func check(model: Bool) -> CrisisCheck {
    do {
        return try CrisisCheck(
            json: read(crisisPath), model: model ? (try? String(contentsOfFile: modelPath, encoding: .utf8)) : nil)
    } catch {
        fail("\(crisisPath): \(error)")
    }
}

/// The fit's settings for `cv` and `cv-sets`: CV_L2, CV_PASSES and CV_RATE try others than `fit` uses.
func trialSettings() -> LinearModelTrainer.Settings {
    let environment = ProcessInfo.processInfo.environment
    var settings = LinearModelTrainer.Settings()
    if let l2 = environment["CV_L2"].flatMap(Double.init) { settings.l2 = l2 }
    if let passes = environment["CV_PASSES"].flatMap(Int.init) { settings.passes = passes }
    if let rate = environment["CV_RATE"].flatMap(Double.init) { settings.rate = rate }
    return settings
}

func records(_ path: String) -> [CorpusRecord] {
    do {
        return try CorpusRecord.read(read(path), source: path)
    } catch {
        fail("\(path): \(error)")
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
let verbose = arguments.contains("-v")
let useModel = !arguments.contains("--no-model")
arguments.removeAll { $0 == "-v" || $0 == "--no-model" }

/// The conversation's reading, from the working directory's resources.
func talkStage() -> (crisis: CrisisCheck, moods: MoodVocabulary, talk: TalkWords) {
    do {
        let talk = try TalkWords(json: read("Resources/talk.json"))
        try talk.reader.compileAll()
        return (check(model: true), try MoodVocabulary(json: read("Resources/moods.json")), talk)
    } catch {
        fail("Resources/talk.json: \(error)")
    }
}

switch arguments.first {
case "talk":
    let stage = talkStage()
    let after = arguments.contains("--after")
    arguments.removeAll { $0 == "--after" }
    switch arguments.dropFirst().first {
    case "eval":
        for path in arguments.dropFirst(2) {
            let score = TalkScore(records(path), crisis: stage.crisis, moods: stage.moods, talk: stage.talk)
            print("\(path)  \(score)")
            guard verbose else { continue }
            for (record, reading) in score.misses {
                print("  MISS \(record.label)\(record.context?["kind"].map { "/" + $0 } ?? "") → \(reading): \(record.text)")
            }
        }
    case "explain":
        for line in arguments.dropFirst(2) {
            let record = CorpusRecord(text: line, label: "", source: "", context: after ? ["after": "moment"] : nil)
            let context = TalkScore.context(record, crisis: stage.crisis, moods: stage.moods, talk: stage.talk)
            print("\(LineMeaning.read(line, in: context)): \(line)")
            print("  words: \(stage.talk.reader.words(of: line).joined(separator: " "))")
            for reading in stage.talk.reader.read(line) {
                print("  \(reading.kind)\(reading.rest.isEmpty ? "" : " [\(reading.rest)]") ← \(reading.phrase)")
            }
        }
    case "compile":
        // The compiled form every run reads (a test holds it to talk.json).
        try! stage.talk.reader.compiledText.write(toFile: "Resources/talk-reader.txt", atomically: true, encoding: .utf8)
        print("wrote Resources/talk-reader.txt")
    case "lexicon":
        // The real words near a word the talk reader knows: never read as its misspellings.
        var words = Set<String>()
        for path in arguments.dropFirst(2) {
            for line in read(path).split(separator: "\n") {
                let folded = Words(String(line)).folded
                if folded.count == 1 { words.insert(folded[0]) }
            }
        }
        // A past tense typed without its `e` (`fixd the sink`) tells a thing done: never a command
        // word misspelt (`find`).
        for word in Array(words) where word.hasSuffix("ed") && word.count >= 5 {
            words.insert(String(word.dropLast(2)) + "d")
        }
        let near = stage.talk.reader.realWordsNearTargets(words)
        let path = "Resources/talk.json"
        let json = read(path)
        let list = near.map { "  \"\($0)\"" }.joined(separator: ",\n")
        let rewritten: String
        if let start = json.range(of: "\"notTypos\": ["),
            let end = json.range(of: "]", range: start.upperBound..<json.endIndex)
        {
            rewritten = json.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "\"notTypos\": [\n\(list)\n ]")
        } else {
            guard let last = json.range(of: "}", options: .backwards) else { fail("\(path) is not an object") }
            var head = String(json[..<last.lowerBound])
            while head.last?.isWhitespace == true { head.removeLast() }
            rewritten = head + ",\n \"notTyposHelp\": \"Real words near a word the phrases or classes name: never read as its misspelling. Written by `yadg-train talk lexicon /usr/share/dict/american-english /usr/share/dict/british-english`.\",\n \"notTypos\": [\n\(list)\n ]\n}"
        }
        try! rewritten.write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(near.count) words to notTypos in \(path)")
    default:
        fail("usage: yadg-train talk eval|explain|compile|lexicon …")
    }
case "eval":
    let reader = check(model: useModel)
    do { try reader.reader.compileAll() } catch { fail("a phrase cannot be read: \(error)") }
    for path in arguments.dropFirst() {
        let score = CrisisScore(records(path), reader: reader.reader)
        print("\(path)  \(score)")
        guard verbose else { continue }
        for (record, reading) in score.misses {
            print("  MISS \(record.label) → \(reading.verdict): \(record.text)")
            for evidence in reading.evidence { print("       \(evidence)") }
        }
    }
case "explain":
    let reader = check(model: useModel)
    for line in arguments.dropFirst() {
        let reading = reader.explain(line)
        print("\(reading.verdict)\(reading.touches ? " (touches)" : ""): \(line)")
        print("  words: \(reading.words.joined(separator: " "))")
        for evidence in reading.evidence { print("  \(evidence)") }
    }
case "fit":
    let reader = check(model: false)
    let text = reader.reader.fitModel(records(corpusPath) + records(trainingPath) + records(ordinaryPath))
    if arguments.contains("--check") {
        let current = (try? String(contentsOfFile: modelPath, encoding: .utf8)) ?? ""
        guard current == text else {
            print("\(modelPath) is not what `yadg-train fit` writes from \(corpusPath)")
            exit(1)
        }
        print("\(modelPath) is what fit writes")
    } else {
        try! text.write(toFile: modelPath, atomically: true, encoding: .utf8)
        print("wrote \(modelPath): \(text.split(separator: "\n").count - 3) features")
    }
case "cv":
    // k-fold cross-validation of the model alone: how it scores lines it was not fitted on.
    let reader = check(model: false).reader
    let all = records(corpusPath) + records(trainingPath) + records(ordinaryPath)
    let folds = 5
    var scored: [(score: Double, positive: Bool, ruled: Bool)] = []
    for fold in 0..<folds {
        let train = all.enumerated().filter { $0.offset % folds != fold }.map(\.element)
        let test = all.enumerated().filter { $0.offset % folds == fold }.map(\.element)
        let settings = trialSettings()
        let text = reader.fitModel(train, settings: settings)
        let model = LinearModel.parse(text, classNames: reader.classNames)!
        for record in test {
            let words = reader.words(of: record.text)
            let ruled = reader.read(record.text).verdict >= .concern
            scored.append((model.score(words: words, masks: reader.masks(of: words)), record.label == "crisis", ruled))
        }
    }
    for threshold in [-1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0] {
        let positives = scored.filter(\.positive)
        let negatives = scored.filter { !$0.positive }
        let caught = positives.filter { $0.score >= threshold }.count
        let falseAlarms = negatives.filter { $0.score >= threshold && !$0.ruled }.count
        print("threshold \(threshold): crisis lines over it \(caught)/\(positives.count), look-alikes over it (rules silent) \(falseAlarms)/\(negatives.count)")
    }
case "compile":
    // The compiled form every run reads (a test holds it to crisis.json).
    let text = try! CrisisCheck.compile(json: read(crisisPath))
    try! text.write(toFile: compiledPath, atomically: true, encoding: .utf8)
    print("wrote \(compiledPath)")
case "cv-sets":
    // Leave one set of other hands' lines out at a time: the model is fitted on the rest, and the
    // phrases with that model read the set left out.
    let check = check(model: false)
    let reader = check.reader
    let all = records(corpusPath) + records(trainingPath) + records(ordinaryPath)
    let sets = Set(all.map(\.source)).filter { $0.hasPrefix("other hands") }.sorted()
    for set in sets {
        // CV_THRESHOLD tries another threshold than the one `fit` writes.
        let threshold = ProcessInfo.processInfo.environment["CV_THRESHOLD"].flatMap(Double.init)
        let settings = trialSettings()
        let kept = all.filter { $0.source != set }
        let text = threshold.map { reader.fitModel(kept, settings: settings, threshold: $0) } ?? reader.fitModel(kept, settings: settings)
        let model = LinearModel.parse(text, classNames: reader.classNames)!
        let withModel = reader.with(model: model)
        let score = CrisisScore(all.filter { $0.source == set }, reader: withModel)
        print("\(set.prefix(40))…  \(score)")
    }
case "lexicon":
    let reader = check(model: false)
    var words = Set<String>()
    for path in arguments.dropFirst() {
        for line in read(path).split(separator: "\n") {
            let folded = Words(String(line)).folded
            if folded.count == 1 { words.insert(folded[0]) }
        }
    }
    let near = reader.reader.realWordsNearTargets(words).sorted()
    let json = read(crisisPath)
    guard let start = json.range(of: "\"notTypos\": ["), let end = json.range(of: "]", range: start.upperBound..<json.endIndex)
    else { fail("no notTypos list in \(crisisPath)") }
    let list = near.map { "    \"\($0)\"" }.joined(separator: ",\n")
    let rewritten = json.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "\"notTypos\": [\n\(list)\n  ]")
    try! rewritten.write(toFile: crisisPath, atomically: true, encoding: .utf8)
    print("wrote \(near.count) words to notTypos in \(crisisPath)")
default:
    fail("usage: yadg-train eval|explain|fit|lexicon …")
}
