import Foundation
import YadgCore

// yadg-bench: speed figures measured in-process, reported as medians of several runs.
//   swift run -c release yadg-bench parse [CORPUS.jsonl]   phrases/s of TimeExpressionParser

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse":
    ParseBenchmark.run(corpusPath: arguments.dropFirst().first ?? "Tests/YadgCoreTests/Fixtures/time-dev.jsonl")
default:
    FileHandle.standardError.write(Data("usage: yadg-bench parse [CORPUS.jsonl]\n".utf8))
    exit(2)
}
