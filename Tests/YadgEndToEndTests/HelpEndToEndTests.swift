import Foundation
import Testing
import YadgTestSupport

/// `yadg --help` as a person reads it, word for word: the commands come from the command table and
/// their lines from the copy, so a command that is added, renamed or reworded shows up here.
struct HelpEndToEndTests {
    @Test func helpVerbatim() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(["--help"], home: home)
        #expect(result.status == 0 && result.stderr.isEmpty)
        expectTranscript(
            result.stdout,
            """
            Usage: yadg [--json] [--no-ai] [--literal] [command]

            With no command, yadg starts a conversation on a terminal, or reads one moment or /command per line from a pipe.

            Commands:
              help             show what you can do; /help export shows one command
              moments          your moments by day: /moments today, yesterday, week, all, favs, a day (/moments nov 3) or a period (/moments last month)
              today            view today's moments
              find             find moments with some words or a tag: /find walk, /find #proud
              journey          your days with a short summary each (/journey more, /journey weeks)
              week             your week, Monday to Sunday (/week last, /week 3, /week of Nov 3)
              onthisday        moments from this day a month, six months and years ago
              calendar         a month with a mark on days that have moments: /calendar october
              stats            totals, recent weeks and your most common kinds of wins
              export           save your moments to a file: /export json (or csv, md)
              import           add moments from a yadg JSON export: yadg import FILE
              when             change when the last moment happened: /when 2 hours ago (/when #3 ... for another)
              settings         your subscription, your data, support and AI: /settings ai
              premium          what Premium adds; /premium start opens the purchase page
              restore          check again whether you have Premium
              manage           manage your subscription in the browser
              support          where to get help
              privacy          what stays on this machine and what leaves it
              lock             seal what you write with a passphrase; logging still needs none (/lock --change to change it)
              unlock           open a locked journal for this conversation (/unlock --remove takes the lock away)
              terms            the terms of use
              delete-my-data   remove everything yadg keeps here (asks first)
              log              log a moment from the command line: yadg log took a walk
              parse            show how phrases on stdin are read: yadg parse --now 2026-11-19T15:00:00 --tz Europe/Paris
              sync             send changes to the yadg backend now: yadg sync (--status to only look, --pull to bring your history back)
              completions      print Tab completion for your shell: yadg completions bash (or zsh, fish)

            Options:
              --json           write JSON (one object per line) instead of text
              --no-ai          no AI praise or summaries for this run
              --literal        in a pipe, log every line as written, even one that looks like a /command, a question or small talk (a plan is still not a win, and is said on stderr)
              --no-wait        at the end of a pipe, wait one praise deadline in all, not for every AI line
              --help           show the commands; after a command (yadg export --help), that command alone
              --version        show the version and the commit it was built from

            Environment: YADG_HOME (keep everything in one folder), YADG_NOW and TZ (fix the clock), YADG_SEED (fix praise choice), NO_COLOR.
            More in the manual: man yadg.

            """)
    }

    @Test("An unknown option is a kind line on stderr and exit 2")
    func unknownOption() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(["--colour"], home: home)
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr == "yadg: I don't know the option --colour. Try yadg --help.\n")
    }

    @Test("--version names the version and the commit the binary was built from, to quote in a report")
    func version() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(["--version"], home: home)
        #expect(result.status == 0 && result.stderr.isEmpty)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", root.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
        let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // A checkout builds its commit in; a source tree without .git says the version alone.
        let expected = git.terminationStatus == 0 ? "yadg 0.1.0 (commit \(head.prefix(12)))\n" : "yadg 0.1.0\n"
        #expect(result.stdout == expected)
        #expect(try YadgProcess.run(["-V"], home: home).stdout == expected)
    }
}
