import FixtureServer
import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A locked journal through the real binary, attacked as someone holding its files would be, and
/// used as a new user would: logging from every path needs no passphrase, reading needs it once.
@Suite(.serialized)
struct LockedJournalEndToEndTests {
    static let passphrase = "correct horse battery"
    static let marker = "marker-7431"

    /// A home with a passphrase file (0600) beside it; returns the file's path.
    static func passphraseFile(in home: String, _ text: String = passphrase) throws -> String {
        let path = home + "-passphrase"
        try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    /// Every byte of every file yadg wrote in `home` (the database, its log and index, photos).
    static func everyByte(in home: String) -> Data {
        var bytes = Data()
        for name in FileManager.default.enumerator(atPath: home)?.allObjects as? [String] ?? [] {
            bytes += (try? Data(contentsOf: URL(fileURLWithPath: home + "/" + name))) ?? Data()
        }
        return bytes
    }

    static func holds(_ home: String, _ text: String) -> Bool {
        everyByte(in: home).range(of: Data(text.utf8)) != nil
    }

    static func lock(_ home: String) throws {
        let file = try passphraseFile(in: home)
        defer { unlink(file) }
        let locked = try YadgProcess.run(["lock"], home: home, env: ["YADG_PASSPHRASE_FILE": file])
        #expect(locked.status == 0, "\(locked.stderr)")
    }

    @Test("Done when: /lock, a piped secret win logs with no prompt, no file holds it, reading asks once and shows it")
    func asANewUserWould() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "watered the plants \(Self.marker)\n", home: home)
        #expect(Self.holds(home, Self.marker), "a journal that is not locked holds its words, as ever")
        let file = try Self.passphraseFile(in: home)
        defer { unlink(file) }
        let locked = try YadgProcess.run(["lock"], home: home, env: ["YADG_PASSPHRASE_FILE": file])
        #expect(locked.status == 0)
        #expect(
            locked.stdout == """
                Lock your journal: what you write is sealed on this machine, and only your passphrase opens it. Logging a win still needs nothing, from anywhere.
                A forgotten passphrase cannot be recovered, not by yadg and not by anyone: what is sealed stays sealed. Keep it somewhere safe, like a password manager.
                Once more, because it matters: a forgotten passphrase cannot be recovered.
                Sealing what you wrote…
                Sealed 1 moment. Your journal is locked: logging needs nothing, and reading asks for your passphrase once per conversation.

                """)

        // Every way of logging works with no passphrase and no prompt.
        let piped = try YadgProcess.run(stdin: "secret win \(Self.marker)\n", home: home)
        #expect(piped.status == 0 && piped.stdout.hasPrefix("Moment logged  #2\n  secret win \(Self.marker)\n"))
        let oneShot = try YadgProcess.run(["log", "one-shot", Self.marker], home: home)
        #expect(oneShot.status == 0 && oneShot.stdout.hasPrefix("Moment logged  #3\n"))
        let json = try YadgProcess.run(["--json"], stdin: "json win \(Self.marker)\n", home: home)
        #expect(json.status == 0 && json.stdout.contains("\"text\":\"json win \(Self.marker)\""))
        #expect(!Self.holds(home, Self.marker), "a file yadg wrote holds the words")
        #expect(!Self.holds(home, "watered the plants"))

        // Reading needs the passphrase: said in one line where nobody can type it.
        let refused = try YadgProcess.run(["moments", "today"], home: home)
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(
            refused.stderr
                == "yadg: Your journal is locked, so this needs your passphrase; nothing was shown. (Scripts can give it with YADG_PASSPHRASE_FILE or passphrase_command.)\n"
        )
        let shown = try YadgProcess.run(["moments", "today"], home: home, env: ["YADG_PASSPHRASE_FILE": file])
        #expect(shown.status == 0 && shown.stdout.contains("secret win \(Self.marker)"))
        #expect(shown.stdout.contains("watered the plants \(Self.marker)"))
        // What stays readable needs no passphrase: the counts.
        let stats = try YadgProcess.run(["stats"], home: home)
        #expect(stats.status == 0 && stats.stdout.contains("4"))
    }

    @Test("A wrong passphrase opens nothing and shows nothing, in a kind sentence")
    func wrongPassphrase() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "quiet win \(Self.marker)\n", home: home)
        try Self.lock(home)
        let wrong = try Self.passphraseFile(in: home, "correct horse batterx")
        defer { unlink(wrong) }
        for arguments in [["moments", "today"], ["export", "--format", "json"], ["find", "quiet"]] {
            let result = try YadgProcess.run(arguments, home: home, env: ["YADG_PASSPHRASE_FILE": wrong])
            #expect(result.status == 1, "\(arguments)")
            #expect(!result.stdout.contains("quiet win"), "\(arguments)")
            #expect(
                result.stderr
                    == "yadg: The passphrase yadg was given (YADG_PASSPHRASE_FILE or passphrase_command) doesn't open this journal, so nothing was shown.\n"
            )
        }
        // A file others can read is not used at all.
        let open = try Self.passphraseFile(in: home + "-open")
        defer { unlink(open) }
        chmod(open, 0o644)
        let loose = try YadgProcess.run(["moments", "today"], home: home, env: ["YADG_PASSPHRASE_FILE": open])
        #expect(loose.status == 1 && loose.stderr.hasPrefix("yadg: YADG_PASSPHRASE_FILE \(open) can be read by others"))
    }

    @Test("A sealed box changed or cut short on disk is reported as damage, never shown as an empty moment")
    func tamperedBoxes() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "first win\nsecond win\n", home: home)
        try Self.lock(home)
        let file = try Self.passphraseFile(in: home)
        defer { unlink(file) }
        #expect(
            YadgProcess.execute(
                "UPDATE moments SET sealed = substr(sealed, 1, length(sealed) - 5) WHERE ref = 2", home: home))
        let shown = try YadgProcess.run(["moments", "today"], home: home, env: ["YADG_PASSPHRASE_FILE": file])
        #expect(shown.status == 3)
        #expect(!shown.stdout.contains("first win") && !shown.stdout.contains("No moments"))
        #expect(
            shown.stderr.hasPrefix("yadg: Moment #2 is sealed, but its sealed words were changed or cut short on disk"))
        // Logging still works beside the damaged moment.
        #expect(try YadgProcess.run(["log", "still logging"], home: home).status == 0)
    }

    @Test("Typed on a terminal: the passphrase never shows, is asked once, and a wrong one shows nothing")
    func onATerminal() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let extra = ["TERM": "xterm", "NO_COLOR": "1"]
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: extra)
        defer { terminal.close() }
        terminal.type("typed before the lock \(Self.marker)\r")
        try terminal.waitFor("Moment logged  #2")
        terminal.type("/lock\r")
        try terminal.waitFor("Choose a passphrase (it won't show as you type): ")
        #expect(!terminal.echoesInput, "the terminal echoes while a passphrase is typed")
        let screen = terminal.screenText
        #expect(screen.contains("A forgotten passphrase cannot be recovered, not by yadg and not by anyone"))
        terminal.type("\(Self.passphrase)\r")
        try terminal.waitFor("Remember: a forgotten passphrase cannot be recovered: ")
        terminal.type("\(Self.passphrase)\r")
        try terminal.waitFor("Sealed 2 moments.")
        terminal.type("typed after the lock \(Self.marker)\r")
        try terminal.waitFor("Moment logged  #3")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.screenText.contains(Self.passphrase), "the passphrase was shown")
        #expect(!FileManager.default.fileExists(atPath: home + "/history"), "a locked journal keeps no history file")
        #expect(!Self.holds(home, Self.marker) && !Self.holds(home, Self.passphrase))

        // A one-shot view on a terminal asks once; a wrong passphrase shows nothing.
        let wrong = try PseudoTerminal(
            arguments: ["moments", "today"], environment: YadgProcess.environment(home: home, extra: extra))
        defer { wrong.close() }
        try wrong.waitFor("Your journal is locked; this needs your passphrase.")
        try wrong.waitFor("Passphrase (it won't show): ")
        wrong.type("not it at all\r")
        #expect(try wrong.waitForExit() == 1)
        #expect(wrong.screenText.contains("That passphrase doesn't open your journal, so nothing was shown."))
        #expect(!wrong.screenText.contains("typed after the lock") && !wrong.screenText.contains("not it at all"))

        let right = try PseudoTerminal(
            arguments: ["moments", "today"], environment: YadgProcess.environment(home: home, extra: extra))
        defer { right.close() }
        try right.waitFor("Passphrase (it won't show): ")
        right.type("\(Self.passphrase)\r")
        try right.waitFor("typed after the lock \(Self.marker)")
        #expect(try right.waitForExit() == 0)
        #expect(right.screenText.contains("typed before the lock \(Self.marker)"))
    }

    @Test("Imports, AI praise and photos of a locked journal are sealed too; Delete my data needs no passphrase")
    func everyPathSeals() throws {
        let server = try FixtureServer()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "first\n", home: home)
        try Self.lock(home)
        // An import, with no passphrase.
        let source = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(source) }
        _ = try YadgProcess.run(stdin: "imported win \(Self.marker)\n", home: source)
        let export = source + "/export.json"
        _ = try YadgProcess.run(["export", "--format", "json", "--output", export], home: source)
        let imported = try YadgProcess.run(["import", export], home: home)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 1 new moments"))
        // AI praise comes from the words in memory, and is kept sealed.
        let ai = [
            "YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": server.url("ok") + "/v1", "YADG_AI_MODEL": "m",
            "YADG_AI_API_KEY": "sk-key", "YADG_AI_PRAISE_MODE": "line", "YADG_AI_CANDIDATES": "1",
        ]
        let praised = try YadgProcess.run(stdin: "praised win \(Self.marker)\n", home: home, env: ai)
        #expect(praised.stdout.contains("✨"))
        #expect(server.requests.contains { $0.body.contains("praised win \(Self.marker)") })
        #expect(YadgProcess.query("SELECT count(*) FROM moments WHERE ai_praise IS NOT NULL", home: home) == [["0"]])
        #expect(!Self.holds(home, Self.marker) && !Self.holds(home, FixtureServer.praise))
        // A photo is kept as a sealed file named at random.
        let picture = source + "/walk.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("photo \(Self.marker)".utf8)).write(
            to: URL(fileURLWithPath: picture))
        let photo = try YadgProcess.run(stdin: "photo win\n/photo \(picture)\n", home: home)
        #expect(photo.status == 0, "\(photo.stderr)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: home + "/photos")
        #expect(kept.count == 1 && kept[0].hasSuffix(".sealed"))
        #expect(!Self.holds(home, Self.marker) && !Self.holds(home, FixtureServer.praise))

        let file = try Self.passphraseFile(in: home)
        defer { unlink(file) }
        let shown = try YadgProcess.run(["moments", "today"], home: home, env: ["YADG_PASSPHRASE_FILE": file])
        #expect(shown.stdout.contains(FixtureServer.praise) && shown.stdout.contains("imported win \(Self.marker)"))
        #expect(shown.stdout.contains("photo win") && shown.stdout.contains("📷 sealed · /photo open 4"))
        // /photo open writes the picture out, opened, into a private folder; never without the passphrase.
        let runtime = TemporaryFolder.make("yadg-runtime")
        defer { TemporaryFolder.remove(runtime) }
        let refused = try YadgProcess.run(stdin: "/photo open 4\n", home: home, env: ["XDG_RUNTIME_DIR": runtime])
        #expect(refused.status == 1 && refused.stderr.contains("Your journal is locked"))
        let opened = try YadgProcess.run(
            stdin: "/photo open 4\n", home: home, env: ["XDG_RUNTIME_DIR": runtime, "YADG_PASSPHRASE_FILE": file])
        let copy = runtime + "/yadg-photos/4-1.png"
        #expect(
            opened.stdout
                == "📷 \(copy) (opened, in a folder only you can read; wiped at /lock or when a conversation ends)\n",
            "\(opened.stdout) \(opened.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: URL(fileURLWithPath: picture)))
        #expect(
            OpenedPhotoFolderModes.of(runtime + "/yadg-photos") == 0o700 && OpenedPhotoFolderModes.of(copy) == 0o600)
        // /lock wipes it, even on a journal that is locked already.
        let relocked = try YadgProcess.run(["lock"], home: home, env: ["XDG_RUNTIME_DIR": runtime])
        #expect(relocked.stdout.contains("locked already"), "\(relocked.stdout)")
        #expect(!FileManager.default.fileExists(atPath: runtime + "/yadg-photos"))

        let deleted = try YadgProcess.run(["delete-my-data", "--yes"], home: home)
        #expect(deleted.status == 0)
        #expect(!FileManager.default.fileExists(atPath: home + "/moments.db"))
    }
}

extension LockedJournalEndToEndTests {
    @Test(
        "/photo open in a locked conversation asks once, writes a private copy, and wipes it when the conversation ends"
    )
    func photoOpenedInAConversation() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let runtime = TemporaryFolder.make("yadg-runtime")
        defer { TemporaryFolder.remove(runtime) }
        let pictures = TemporaryFolder.make("yadg-pictures")
        defer { TemporaryFolder.remove(pictures) }
        let picture = pictures + "/walk.png"
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("photo \(Self.marker)".utf8))
        try bytes.write(to: URL(fileURLWithPath: picture))
        _ = try YadgProcess.run(stdin: "first\n", home: home, env: ["YADG_AI_PROVIDER": "none"])
        try Self.lock(home)
        let extra = ["TERM": "xterm", "NO_COLOR": "1", "XDG_RUNTIME_DIR": runtime, "YADG_AI_PROVIDER": "none"]
        let terminal = try PseudoTerminal(
            arguments: [], environment: YadgProcess.environment(home: home, extra: extra), columns: 200)
        defer { terminal.close() }
        try terminal.waitFor("Glad you're here.")
        terminal.type("x\r")
        try terminal.waitFor("I Did a Thing")
        try terminal.waitFor("› ")
        terminal.type("photo win\r")
        try terminal.waitFor("Moment logged  #2")
        terminal.type("/photo \(picture)\r")
        try terminal.waitFor("Photo added to #2")
        #expect(!Self.holds(home, Self.marker))
        terminal.type("/photo open\r")
        try terminal.waitFor("Passphrase (it won't show): ")
        terminal.type("\(Self.passphrase)\r")
        try terminal.waitFor("wiped when you /lock or leave")
        let copy = runtime + "/yadg-photos/2-1.png"
        #expect(terminal.screenText.contains("2-1.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes)
        #expect(OpenedPhotoFolderModes.of(copy) == 0o600)
        // Opened once for the conversation: the second time asks nothing.
        let seen = terminal.screenText.count
        terminal.type("/photo open 2\r")
        try terminal.waitFor("wiped when you /lock or leave", after: seen)
        #expect(terminal.screenText.components(separatedBy: "Passphrase (it won't show)").count == 2)
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(
            !FileManager.default.fileExists(atPath: runtime + "/yadg-photos"),
            "the opened photo outlived the conversation")
        #expect(!terminal.screenText.contains(Self.passphrase))
    }
}

enum OpenedPhotoFolderModes {
    static func of(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o777
    }
}

extension LockedJournalEndToEndTests {
    @Test("Sync: this run's moments go at once; an earlier run's wait for a passphrase; a pull is sealed")
    func syncWhileLocked() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = ["YADG_API_URL": backend.url]
        _ = try YadgProcess.run(stdin: "before the lock\n", home: home, env: env)
        let file = try Self.passphraseFile(in: home)
        defer { unlink(file) }
        #expect(
            try YadgProcess.run(["lock"], home: home, env: env.merging(["YADG_PASSPHRASE_FILE": file]) { $1 }).status
                == 0)

        // Logged and sent by the same run: the words it wrote, read back with its own key.
        let sent = try YadgProcess.run(stdin: "sent at once \(Self.marker)\n", home: home, env: env)
        #expect(sent.stdout.contains("✨ Server praise for sent at once"))
        #expect(backend.stored.values.contains { $0.text == "sent at once \(Self.marker)" })

        // Logged while the server is down: the next run has no key to read it, so it waits.
        backend.set(.down)
        _ = try YadgProcess.run(stdin: "waiting win \(Self.marker)\n", home: home, env: env)
        backend.set(.normal)
        let locked = try YadgProcess.run(["sync"], home: home, env: env)
        #expect(
            locked.stdout.hasSuffix(
                "1 moment is waiting to sync: the server could not be reached.\n"
                    + "1 of them waits for your passphrase: run yadg sync on a terminal, or give it with YADG_PASSPHRASE_FILE.\n"
            ),
            "\(locked.stdout)")
        #expect(!backend.stored.values.contains { $0.text.hasPrefix("waiting win") })
        let opened = try YadgProcess.run(["sync"], home: home, env: env.merging(["YADG_PASSPHRASE_FILE": file]) { $1 })
        #expect(opened.stdout.hasSuffix("Everything is synced.\n"), "\(opened.stdout)")
        #expect(backend.stored.values.contains { $0.text == "waiting win \(Self.marker)" })

        // A pull from the server is written sealed, with no passphrase.
        backend.seed(
            id: UUID().uuidString.lowercased(), user: SyncEndToEndTests.userID(home), text: "pulled \(Self.marker)")
        let pulled = try YadgProcess.run(["sync", "--pull"], home: home, env: env)
        #expect(pulled.status == 0 && pulled.stdout.contains("1"), "\(pulled.stdout)")
        #expect(!Self.holds(home, Self.marker) && !Self.holds(home, "Server praise"))
        let shown = try YadgProcess.run(
            ["moments", "all"], home: home, env: env.merging(["YADG_PASSPHRASE_FILE": file]) { $1 })
        #expect(
            shown.stdout.contains("pulled \(Self.marker)") && shown.stdout.contains("Server praise for sent at once"))
    }
}

/// The kill loops of a locked journal run beside the others of their kind, one at a time: two at once
/// on a busy machine starve each other's runs of the time to acknowledge anything.
extension CrashSafetyTests {
    @Test("SIGKILL during /lock leaves the old plain journal or the new sealed one, never a mix")
    func killedWhileLocking() throws {
        signal(SIGPIPE, SIG_IGN)
        let pristine = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(pristine) }
        let lines = (0..<3000).map { "seeded win \(LockedJournalEndToEndTests.marker) number \($0)\n" }.joined()
        #expect(try YadgProcess.run(["--no-ai"], stdin: lines, home: pristine).status == 0)
        let file = try LockedJournalEndToEndTests.passphraseFile(in: pristine)
        defer { unlink(file) }
        // How long a whole /lock takes now (a busy machine is slower): the kills fall across it.
        let timed = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(timed) }
        for name in ["moments.db", "moments.db-wal", "moments.db-shm"] {
            try? FileManager.default.copyItem(atPath: pristine + "/" + name, toPath: timed + "/" + name)
        }
        let start = Date()
        _ = try YadgProcess.run(["lock"], home: timed, env: ["YADG_PASSPHRASE_FILE": file])
        let whole = UInt32(Date().timeIntervalSince(start) * 1_000_000)
        var outcomes: [String: Int] = [:]
        for step in 0..<10 {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            for name in ["moments.db", "moments.db-wal", "moments.db-shm"] {
                try? FileManager.default.copyItem(atPath: pristine + "/" + name, toPath: home + "/" + name)
            }
            let (process, _, _, _) = try YadgProcess.start(["lock"], home: home, extra: ["YADG_PASSPHRASE_FILE": file])
            // Spread evenly from a fifth of a whole lock to past its end.
            usleep(whole / 5 + whole * UInt32(step) / 10)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let plain = YadgProcess.query("SELECT count(*) FROM moments WHERE sealed IS NULL", home: home)
            let keys = YadgProcess.query("SELECT count(*) FROM journal_key", home: home)
            #expect(YadgProcess.query("PRAGMA integrity_check", home: home) == [["ok"]])
            if keys == [["0"]] {
                #expect(plain == [["3000"]], "a journal not locked lost or half-sealed its rows")
                outcomes["plain", default: 0] += 1
            } else {
                #expect(keys == [["1"]] && plain == [["0"]], "a locked journal holds plain rows")
                // The next start finishes what the kill left: no old page holds a word.
                _ = try YadgProcess.run(["stats"], home: home)
                #expect(
                    !LockedJournalEndToEndTests.holds(home, LockedJournalEndToEndTests.marker),
                    "old plain pages remain after the next start")
                let read = try YadgProcess.run(
                    ["export", "--format", "json"], home: home, env: ["YADG_PASSPHRASE_FILE": file])
                #expect(read.stdout.components(separatedBy: LockedJournalEndToEndTests.marker).count == 3001)
                outcomes["sealed", default: 0] += 1
            }
        }
        print("kills during /lock: \(outcomes)")
    }

    @Test("SIGKILL on locked pipes loses no acknowledged line, and every one opens with the passphrase")
    func killedLockedPipes() throws {
        signal(SIGPIPE, SIG_IGN)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        try LockedJournalEndToEndTests.lock(home)
        var rng = SystemRandomNumberGenerator()
        var acknowledged: Set<String> = []
        for iteration in 0..<12 {
            let (process, input, output) = try YadgProcess.startJSON(home: home, removing: ["YADG_NOW"])
            let burst = (0..<3_000).map { "sealed burst \(iteration)-\($0) \(LockedJournalEndToEndTests.marker)\n" }
                .joined()
            let writer = Thread { try? input.write(contentsOf: Data(burst.utf8)) }
            writer.start()
            usleep(UInt32.random(in: 100_000...600_000, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? input.close()
            acknowledged.formUnion(YadgProcess.loggedIDs(String(decoding: output.readDataToEndOfFile(), as: UTF8.self)))
        }
        let stored = Set(YadgProcess.query("SELECT id FROM moments", home: home).map { $0[0] })
        #expect(acknowledged.count > 50, "the runs acknowledged too few moments to mean anything")
        #expect(
            acknowledged.subtracting(stored).isEmpty, "acknowledged but lost: \(acknowledged.subtracting(stored).count)"
        )
        #expect(YadgProcess.query("SELECT count(*) FROM moments WHERE sealed IS NULL", home: home) == [["0"]])
        #expect(YadgProcess.query("PRAGMA integrity_check", home: home) == [["ok"]])
        #expect(!LockedJournalEndToEndTests.holds(home, LockedJournalEndToEndTests.marker))
        let file = try LockedJournalEndToEndTests.passphraseFile(in: home)
        defer { unlink(file) }
        let export = try YadgProcess.run(
            ["export", "--format", "json"], home: home, env: ["YADG_PASSPHRASE_FILE": file])
        #expect(export.status == 0)
        #expect(
            export.stdout.components(separatedBy: LockedJournalEndToEndTests.marker).count - 1 == stored.count,
            "a stored box does not open")
        print("locked kill loop: \(acknowledged.count) acknowledged, \(stored.count) stored")
    }
}
