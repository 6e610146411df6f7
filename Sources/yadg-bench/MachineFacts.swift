import Foundation
import YadgResources

#if canImport(Glibc)
    import Glibc
#endif

/// What a figure was measured on, printed before every benchmark: a figure without its machine,
/// build and commit cannot be reproduced, only believed.
enum MachineFacts {
    static func header(_ benchmark: String) -> String {
        var lines = ["yadg-bench \(benchmark)"]
        lines.append("  cpu     \(cpuModel()) × \(ProcessInfo.processInfo.activeProcessorCount) cores")
        lines.append("  kernel  \(kernel())   load \(loadAverage())")
        lines.append("  build   \(buildConfiguration)   commit \(commit())")
        lines.append("  date    \(ISO8601DateFormatter().string(from: Date()))")
        return lines.joined(separator: "\n")
    }

    static var buildConfiguration: String {
        #if DEBUG
            "debug (figures from a debug build mean little: build with -c release)"
        #else
            "release"
        #endif
    }

    /// The first `model name` of /proc/cpuinfo (Linux), else the machine's architecture.
    static func cpuModel() -> String {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return machine()
    }

    static func kernel() -> String {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let system = withUnsafeBytes(of: &name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(system) \(release) \(machine())"
    }

    static func machine() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The 1, 5 and 15 minute load averages: a busy machine is the first reason a figure differs.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The commit this benchmark was built from (embedded at build time), and whether the working
    /// tree it runs in has changes on top (asked of git, when there is one).
    static func commit() -> String {
        let built = EmbeddedResources.buildCommit
        guard !built.isEmpty else { return "unknown (built outside a git checkout)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "status", "--porcelain", "--untracked-files=no"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return String(built.prefix(12)) }
        let changes = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dirty = process.terminationStatus == 0 && !changes.isEmpty
        return String(built.prefix(12)) + (dirty ? " + uncommitted changes" : "")
    }
}

/// A sample's median and spread, the way every benchmark reports it.
struct Spread {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.filter { !$0.isNaN }.sorted() }

    var median: Double { sorted[sorted.count / 2] }
    var p25: Double { sorted[sorted.count / 4] }
    var p75: Double { sorted[3 * sorted.count / 4] }
    /// The interquartile range over the median: the spread a reproduction should fall within.
    var relative: Double { (p75 - p25) / median }

    /// `median 12.3 ms (p25 12.0, p75 12.9, ±4%, n=21)`, with the unit and digits given.
    func text(_ unit: String, digits: Int = 1) -> String {
        func f(_ v: Double) -> String { String(format: "%.\(digits)f", v) }
        guard !sorted.isEmpty else { return "no measurement" }
        return
            "median \(f(median)) \(unit)  (p25 \(f(p25)), p75 \(f(p75)), spread ±\(Int((relative * 50).rounded()))%, n=\(sorted.count))"
    }
}
