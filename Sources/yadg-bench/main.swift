import Foundation
import YadgCore

// yadg-bench: speed figures measured in-process, reported as medians of several runs.
//   swift run -c release yadg-bench parse [CORPUS.jsonl]   phrases/s of TimeExpressionParser
//   swift build -c release && .build/release/yadg-bench views
//       whole-process times of `yadg moments today`, `yadg journey`, `yadg stats` and the
//       conversation's start to prompt, over 100,000 moments in a temporary home;
//       `views --against OLD_YADG` times another binary alongside and prints the ratios
//   .build/release/yadg-bench pipe [--against OLD_YADG]
//       10,000 piped phrases, whole process, text and --json
//   .build/release/yadg-bench views --locked [--key-every N] | pipe --locked | seal
//       a locked journal beside the same unlocked, and what sealing and a passphrase cost
//   .build/release/yadg-bench start [--static] [--against OLD_YADG]
//       start to prompt and `yadg log`, each beside a Foundation hello built here (`--static`:
//       both linked with the Swift standard library inside, as the README installs yadg)

let arguments = Array(CommandLine.arguments.dropFirst())
if let name = arguments.first, name != "phrases" { print(MachineFacts.header(name)) }
switch arguments.first {
case "parse":
    // `--passes N`: fewer passes, to profile it (under callgrind, say). `--against BENCH`: another
    // build's yadg-bench, run in turn with this one. The corpus is the argument no option names.
    let optionValues = Set(["--passes", "--against"].compactMap { BenchHarness.option($0, in: arguments) })
    let corpusPath =
        arguments.dropFirst().first { !$0.hasPrefix("--") && !optionValues.contains($0) }
        ?? "Tests/YadgCoreTests/Fixtures/time-dev.jsonl"
    if let other = BenchHarness.option("--against", in: arguments) {
        ParseBenchmark.compare(corpusPath: corpusPath, against: other)
    } else {
        ParseBenchmark.run(
            corpusPath: corpusPath,
            passesPerRun: max(1, BenchHarness.option("--passes", in: arguments).flatMap { Int($0) } ?? 200))
    }
case "views":
    // `--against PATH`: the same figures for another yadg binary, side by side in one run.
    // `--locked [--key-every N]`: the same history locked, beside it unlocked.
    if arguments.contains("--locked") {
        LockedBenchmark.views(keyEvery: BenchHarness.option("--key-every", in: arguments).flatMap { Int($0) } ?? 92)
    } else {
        ViewsBenchmark.run(against: BenchHarness.option("--against", in: arguments))
    }
case "pipe":
    // `--locked`: a locked home beside an unlocked one, in turn.
    if arguments.contains("--locked") {
        LockedBenchmark.pipe()
    } else {
        PipeBenchmark.run(against: BenchHarness.option("--against", in: arguments))
    }
case "seal":
    LockedBenchmark.seal()
case "scale":
    // `--sizes 1000,10000`: other sizes (the default is 1k, 10k, 100k and 1M).
    let sizes = BenchHarness.option("--sizes", in: arguments).map { $0.split(separator: ",").compactMap { Int($0) } }
    ScaleBenchmark.run(sizes: sizes ?? [1_000, 10_000, 100_000, 1_000_000])
case "phrases":
    // The pipe benchmark's input, to profile the same lines: `yadg-bench phrases 10000 > phrases.txt`.
    print(PipeBenchmark.phrases(arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000), terminator: "")
    exit(0)
case "start":
    StartBenchmark.run(
        staticStdlib: arguments.contains("--static"), against: BenchHarness.option("--against", in: arguments))
default:
    FileHandle.standardError.write(
        Data(
            "usage: yadg-bench parse [CORPUS.jsonl] [--passes N] [--against BENCH] | views [--against YADG] [--locked [--key-every N]] | pipe [--against YADG] [--locked] | seal | start [--static] [--against YADG] | scale [--sizes N,N,…] | phrases [N]\n"
                .utf8))
    exit(2)
}
