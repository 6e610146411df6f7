import CPseudoTerminal
import Foundation
import Testing
import YadgTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Drives the conversation through a pseudo-terminal, as a person at a keyboard would.
struct InteractiveModeTests {
    @Test("First run: onboarding, the pre-filled first line edited and saved, Ctrl-C, Ctrl-D")
    func firstRun() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"]))
        defer { terminal.close() }

        try terminal.waitFor("Hey. Glad you're here.")
        terminal.type("x")  // any key skips the animation
        try terminal.waitFor("Alright, let's do this")
        terminal.type("\r")
        try terminal.waitFor("› I installed this app. A tiny step, but it counts.")
        terminal.type("\u{17}\u{17}\u{17}matters ☕.\r")  // Ctrl-W ×3 deletes "but it counts."
        try terminal.waitFor("Moment logged")
        try terminal.waitFor("/today to view today's moments")
        terminal.type("abandon this\u{03}")  // Ctrl-C
        try terminal.waitFor("› abandon this^C")
        terminal.type("\u{04}")  // Ctrl-D on an empty line
        let status = try terminal.waitForExit()
        #expect(status == 0)

        let stored = YadgProcess.query("SELECT text, offline_praise FROM moments", home: home)
        #expect(stored.count == 1)
        #expect(stored.first?[0] == "I installed this app. A tiny step, matters ☕.")
        let screen = terminal.screenText
        #expect(
            screen.contains(
                """
                Moment logged  #1
                  I installed this app. A tiny step, matters ☕.
                  just now · 3:04 PM
                  \(stored.first?[1] ?? "")
                  /today to view today's moments
                """))
        #expect(screen.contains("Hey… installing the app counts too. Wanna log that tiny win?"))
        #expect(screen.hasSuffix("Take care. You're doing great.\n"))
        #expect(!screen.contains("abandon this\n"), "the abandoned line was not submitted")
        #expect(
            YadgProcess.query("SELECT key, value FROM state WHERE key LIKE 'has%' ORDER BY key", home: home)
                == [["hasCompletedFirstLog", "1"], ["hasSeenOnboarding", "1"]])
        let history = try String(contentsOfFile: home + "/history", encoding: .utf8)
        #expect(history == "I installed this app. A tiny step, matters ☕.\n")
        let historyMode = try FileManager.default.attributesOfItem(atPath: home + "/history")[.posixPermissions]
        #expect(historyMode as? Int == 0o600)

        // The second run: no onboarding, no hint, an empty first prompt.
        let again = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"]))
        defer { again.close() }
        try again.waitFor("I Did a Thing")
        try again.waitFor("› ")  // the prompt itself, before any key
        again.type("/mom\t")  // Tab completes the command
        try again.waitFor("› /moments ")
        again.type("\r")
        try again.waitFor("I installed this app. A tiny step, matters ☕.")
        again.type("\u{04}")
        #expect(try again.waitForExit() == 0)
        #expect(!again.screenText.contains("Glad you're here"))
        #expect(!again.screenText.contains("installing the app counts too"))
    }
}

/// The pre-filled first line gives way to the person's own first key.
struct PrefilledLineTests {
    @Test("Typing a win of one's own onto the pre-filled first line replaces it; Enter alone keeps it")
    func typingReplacesThePrefill() throws {
        for (keys, saved) in [
            ("took a really long walk\r", "took a really long walk"),
            ("\r", "I installed this app. A tiny step, but it counts."),
        ] {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            let terminal = try PseudoTerminal(
                arguments: [],
                environment: YadgProcess.environment(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"]))
            defer { terminal.close() }
            try terminal.waitFor("Hey. Glad you're here.")
            terminal.type("x")
            try terminal.waitFor("Alright, let's do this")
            terminal.type("\r")
            try terminal.waitFor("› I installed this app. A tiny step, but it counts.")
            terminal.type(keys)
            try terminal.waitFor("Moment logged")
            // The next prompt, drawn after the card: a key sent sooner may land while it is drawn.
            let card = terminal.screenText.components(separatedBy: "Moment logged")[0].count
            try terminal.waitFor("› ", after: card)
            terminal.type("\u{04}")
            _ = try terminal.waitForExit()
            #expect(YadgProcess.query("SELECT text FROM moments", home: home) == [[saved]])
        }
    }
}

/// Ctrl-C and Ctrl-D in the middle of a step-by-step question.
struct LettingQuestionsGoTests {
    @Test("Ctrl-C leaves /did and says nothing was saved; the next line is a line of its own")
    func controlCLeavesDid() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"])
        defer { terminal.close() }
        terminal.type("/did\r")
        try terminal.waitFor("What did you do?")
        terminal.type("half an answer\u{03}")
        try terminal.waitFor("No problem, nothing was saved.")
        terminal.type("took a walk\r")
        try terminal.waitFor("Moment logged")
        try terminal.waitFor("› ", after: terminal.screenText.components(separatedBy: "Moment logged")[0].count)
        terminal.type("/did\r")
        try terminal.waitFor("What did you do?", after: terminal.screenText.count - 40)
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.screenText.hasSuffix("No problem, nothing was saved.\nTake care. You're doing great.\n"))
        #expect(
            YadgProcess.query("SELECT text FROM moments ORDER BY rowid", home: home) == [["first"], ["took a walk"]])
    }
}

/// A child process on a pseudo-terminal, with what it printed collected as it runs.
final class PseudoTerminal: @unchecked Sendable {
    struct TimedOut: Error, CustomStringConvertible {
        let waitingFor: String
        let screen: String
        var description: String { "timed out waiting for \(waitingFor.debugDescription); screen:\n\(screen)" }
    }

    private let master: Int32
    /// The terminal the child sees (its settings can be read from here).
    private let slavePath: String
    private let process = Process()
    private let lock = NSLock()
    private var output = Data()
    private var reader: Thread?
    private var resizeMarks: [(Int, Int)] = []
    private let initialColumns: Int32

    /// `executable`: the program to run (yadg unless given: a shell, to try its completion).
    init(
        arguments: [String], environment: [String: String], columns: Int32 = 80,
        executable: URL = YadgProcess.binary
    ) throws {
        var name = [CChar](repeating: 0, count: 128)
        initialColumns = columns
        master = yadg_open_pty(&name, 24, columns)
        guard master >= 0 else { throw POSIXError(.ENXIO) }
        slavePath = String(cString: name)
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw POSIXError(.ENXIO) }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
        let fd = master
        let thread = Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                guard let self else { break }
                self.lock.withLock { self.output.append(contentsOf: buffer[0..<n]) }
            }
        }
        reader = thread
        thread.start()
    }

    /// The terminal as a person would see it now: the output so far replayed on a screen of its
    /// size, resizes included where they happened.
    var screen: TerminalScreen {
        let (bytes, resizes) = lock.withLock { (output, resizeMarks) }
        var screen = TerminalScreen(columns: Int(initialColumns), rows: 24)
        var start = 0
        for (offset, columns) in resizes {
            screen.feed(String(decoding: bytes[start..<offset], as: UTF8.self))
            screen.resize(columns: columns)
            start = offset
        }
        screen.feed(String(decoding: bytes[start...], as: UTF8.self))
        return screen
    }

    /// Runs `body` while the child's terminal settings are read over and over on another thread;
    /// returns how many readings found the terminal taking keys itself: in its own line mode (ICANON),
    /// where a key typed is held by the terminal, echoed by it and its Ctrl-D turned into an end of
    /// input, or with its signal keys on (ISIG), where a Ctrl-C typed ahead flushes the keys before it.
    func readingsInLineMode(during body: () throws -> Void) throws -> Int {
        let fd = open(slavePath, O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw POSIXError(.ENXIO) }
        defer { Glibc.close(fd) }
        let state = Mutex((done: false, inLineMode: 0))
        let sampler = Thread {
            var settings = termios()
            while !state.withLock({ $0.done }) {
                if tcgetattr(fd, &settings) == 0, settings.c_lflag & tcflag_t(ICANON | ISIG) != 0 {
                    state.withLock { $0.inLineMode += 1 }
                }
                usleep(50)
            }
        }
        sampler.start()
        defer { state.withLock { $0.done = true } }
        try body()
        return state.withLock { $0.inLineMode }
    }

    /// Changes the terminal's width, as a window being resized does (the child is told with
    /// SIGWINCH, which a pseudo-terminal without a session does not send by itself).
    func resize(columns: Int32) {
        lock.withLock { resizeMarks.append((output.count, Int(columns))) }
        yadg_resize_pty(master, 24, columns)
        kill(process.processIdentifier, SIGWINCH)
    }

    /// The terminal echoes what is typed (its ECHO flag, read on the master side).
    var echoesInput: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// True once the child has a file open whose path ends with `suffix` (it got that far in
    /// starting).
    func hasOpen(_ suffix: String) -> Bool {
        let folder = "/proc/\(process.processIdentifier)/fd"
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return fds.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0))?.hasSuffix(suffix) == true
        }
    }

    func type(_ text: String) {
        for byte in Array(text.utf8) {
            var b = byte
            _ = write(master, &b, 1)
        }
    }

    /// Everything printed, escape sequences included.
    var raw: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

    /// What a person would read: the output with escape sequences and carriage returns removed.
    var screenText: String {
        let raw = lock.withLock { String(decoding: output, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        var scalars = raw.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            if c == "\u{1B}" {
                guard let kind = scalars.next() else { break }
                if kind == "[" {
                    while let p = scalars.next(), !(0x40...0x7E).contains(p.value) {}
                } else if kind == "]" {
                    while let p = scalars.next(), p != "\u{07}" {}
                }
            } else if c == "\r" || c == "\u{07}" || c == "\u{08}" {
                continue
            } else {
                text.append(c)
            }
        }
        return String(text)
    }

    /// Waits until `text` shows, past the first `after` characters of the screen when given.
    func waitFor(_ text: String, after: Int = 0, timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screenText.dropFirst(after).contains(text) { return }
            usleep(20_000)
        }
        throw TimedOut(waitingFor: text, screen: screenText)
    }

    /// Waits until a row of the replayed screen contains `text` (for output drawn in place,
    /// which the plain screen text cannot show as it looks).
    func waitForRow(_ text: String, timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screen.visible.contains(where: { $0.contains(text) }) { return }
            usleep(20_000)
        }
        throw TimedOut(waitingFor: text, screen: screen.visible.joined(separator: "\n"))
    }

    func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            process.terminate()
            throw TimedOut(waitingFor: "exit", screen: screenText)
        }
        usleep(100_000)  // let the reader collect the last bytes
        return process.terminationStatus
    }

    func close() {
        if process.isRunning { process.terminate() }
        Glibc.close(master)
    }
}

extension PseudoTerminal {
    /// The conversation in `home` after one piped moment (so no first-log hint or pre-filled
    /// line), past the onboarding and waiting at Home's prompt.
    static func pastOnboarding(home: String, extra: [String: String], columns: Int32 = 80) throws -> PseudoTerminal {
        _ = try YadgProcess.run(stdin: "first\n", home: home, env: ["YADG_AI_PROVIDER": "none"])
        let terminal = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: extra), columns: columns)
        do {
            try terminal.waitFor("Glad you're here.")
            terminal.type("x\r")
            try terminal.waitFor("I Did a Thing")
            // Keys typed before the prompt is drawn reach a terminal not yet in libedit's mode (the
            // early-keys problem, issue 13): wait for the prompt itself.
            try terminal.waitFor("› ")
        } catch {
            terminal.close()
            throw error
        }
        return terminal
    }
}
