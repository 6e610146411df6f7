import Foundation
import YadgCore

// yadg-bench: speed figures measured in-process, reported as medians of several runs.
//   swift run -c release yadg-bench parse [CORPUS.jsonl]   phrases/s of TimeExpressionParser
//   swift build -c release && .build/release/yadg-bench views
//       whole-process times of `yadg moments today`, `yadg journey`, `yadg stats` and the
//       conversation's start to prompt, over 100,000 moments in a temporary home

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse":
    ParseBenchmark.run(corpusPath: arguments.dropFirst().first ?? "Tests/YadgCoreTests/Fixtures/time-dev.jsonl")
case "views":
    ViewsBenchmark.run()
default:
    FileHandle.standardError.write(Data("usage: yadg-bench parse [CORPUS.jsonl] | views\n".utf8))
    exit(2)
}
