import CSQLite
import Foundation
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `yadg` binary, as a person or a script would.
enum YadgProcess {
    /// The `yadg` built beside this test bundle.
    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "yadg")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.appending(path: ".build/debug/yadg")
    }

    struct Result {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    /// A fresh, empty YADG_HOME (remove it with `defer { TemporaryFolder.remove(home) }`).
    static func makeHome() -> String { TemporaryFolder.make("yadg-e2e") }

    /// The fixed environment of the transcripts: Thu 2026-11-19 15:04 in New York, seed 7.
    static func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "YADG_HOME": home, "YADG_NOW": "2026-11-19T15:04:00", "TZ": "America/New_York", "YADG_SEED": "7",
            "PATH": "/usr/bin:/bin", "HOME": home, "TERM": "dumb",
            // No model server on this machine is looked for (one running here would otherwise
            // answer a test's first run); a test with an Ollama fixture names it and sets "ollama".
            "YADG_LOCAL_SERVERS": "none",
        ]
        env.merge(extra) { $1 }
        return env
    }

    /// The same as a user who is not the owner of files made 0600 by root: tests run as root, who
    /// may read and write anything, so a permission is only tested as another user (nobody,
    /// through setpriv). Not root: as this user.
    static func runAsAnotherUser(
        _ arguments: [String] = [], stdin: String = "", home: String, env: [String: String] = [:]
    ) throws -> Result {
        guard getuid() == 0 else { return try run(arguments, stdin: stdin, home: home, env: env) }
        return try run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments, stdin: stdin, home: home,
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"), env: env)
    }

    static func run(
        _ arguments: [String] = [], stdin: String = "", home: String, executable: URL? = nil,
        env: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.environment = environment(home: home, extra: env)
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// `yadg --json` reading a pipe, started and left running: the kill loops write to `input`
    /// and kill the process while it works.
    static func startJSON(home: String, extra: [String: String] = [:], removing: [String] = []) throws -> (
        process: Process, input: FileHandle, output: FileHandle
    ) {
        let started = try start(["--json"], home: home, extra: extra, removing: removing, keepErrors: false)
        return (started.process, started.input, started.output)
    }

    /// yadg reading a pipe, started and left running: the test writes to `input` as it goes.
    /// `defaultInterrupt`: SIGINT at its default, as from a terminal (a runner in the background
    /// ignores it, and a child inherits that).
    static func start(
        _ arguments: [String] = [], home: String, extra: [String: String] = [:], removing: [String] = [],
        defaultInterrupt: Bool = false, keepErrors: Bool = true
    ) throws -> (process: Process, input: FileHandle, output: FileHandle, errors: FileHandle) {
        let process = Process()
        if defaultInterrupt {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["--default-signal=INT", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var env = environment(home: home, extra: extra)
        for name in removing { env[name] = nil }
        process.environment = env
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        // Not kept: nobody reads it, and a full pipe would stop the process.
        process.standardError = keepErrors ? errors : FileHandle.nullDevice
        try process.run()
        let errorsRead = keepErrors ? errors.fileHandleForReading : FileHandle.nullDevice
        return (process, input.fileHandleForWriting, output.fileHandleForReading, errorsRead)
    }

    /// Reads `output` until `text` has come (or the other end closed); what came.
    static func read(_ output: FileHandle, until text: String) -> String {
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains(text) {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// As ``read(_:until:)``, giving up when nothing more comes for `seconds`: what came so far.
    static func read(_ output: FileHandle, until text: String, within seconds: Int32) -> String {
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains(text) {
            var ready = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, seconds * 1000) > 0 else { break }
            let chunk = output.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// The ids of the `logged` events in `--json` output; only whole lines count as acknowledgements.
    static func loggedIDs(_ output: String) -> Set<String> {
        let whole = output.split(separator: "\n", omittingEmptySubsequences: true).dropLast(
            output.hasSuffix("\n") ? 0 : 1)
        return Set(
            whole.filter { $0.hasPrefix(#"{"event":"logged","id":""#) }.map {
                String($0.dropFirst(#"{"event":"logged","id":""#.count).prefix(36))
            })
    }

    /// Runs one statement on the home's database directly; true when it worked. `creating`: the
    /// database is made when missing.
    static func execute(_ sql: String, home: String, creating: Bool = false) -> Bool {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0)
        guard sqlite3_open_v2(home + "/moments.db", &db, flags, nil) == SQLITE_OK else { return false }
        defer { sqlite3_close(db) }
        return sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK
    }

    /// Rows of a query on the home's database, read with SQLite directly (as the sqlite3 shell would).
    static func query(_ sql: String, home: String) -> [[String]] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(home + "/moments.db", &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
                })
        }
        return rows
    }
}
