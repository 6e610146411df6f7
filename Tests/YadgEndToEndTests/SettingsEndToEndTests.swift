import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// `/settings ai` with a model server found on this machine, the settings file yadg owns, and a
/// link opened in the browser from the conversation.
struct SettingsEndToEndTests {
    /// An Ollama that lists one model, as `GET /api/tags` does.
    static func ollama() throws -> FixtureServer {
        try FixtureServer { request in
            request.path == "/api/tags"
                ? (200, #"{"models":[{"name":"smollm2:135m","model":"smollm2:135m","size":270898672}]}"#, "")
                : (404, "{}", "")
        }
    }

    @Test("yadg settings ai lists the server found; a pick goes to yadg's own file (0600), never the config")
    func chooseLocal() throws {
        let server = try Self.ollama()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        try "model = gpt-4o-mini\n".write(toFile: home + "/config", atomically: true, encoding: .utf8)
        let env = ["OLLAMA_HOST": "127.0.0.1:\(server.port)", "YADG_LOCAL_SERVERS": "ollama"]
        let offer = try YadgProcess.run(["settings", "ai"], home: home, env: env)
        expectTranscript(
            offer.stdout,
            """
            Which AI should write your extra encouragement?
              1. None: praise stays offline, nothing leaves this machine
              2. Ollama on this machine (smollm2:135m, http://127.0.0.1:\(server.port))
            For praise, the moment's text and roughly when it happened are sent; for a Journey summary, that day's moment texts. Nothing else.
            Choose with yadg settings ai none, local or configured.

            """)
        let chosen = try YadgProcess.run(["settings", "ai", "local"], home: home, env: env)
        #expect(
            chosen.stdout
                == "Okay: Ollama on this machine (smollm2:135m, http://127.0.0.1:\(server.port)) writes your extra encouragement from now on.\n"
        )
        let mode = try FileManager.default.attributesOfItem(atPath: home + "/settings")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: home + "/config", encoding: .utf8) == "model = gpt-4o-mini\n")
        let settings = try YadgProcess.run(["settings"], home: home, env: env)
        #expect(
            settings.stdout.contains(
                "  Provider             Ollama (chosen with /settings ai)\n  Model                smollm2:135m\n"))

        // The choice is used: praise is asked of that server (which answers 404 here: the offline line stays).
        _ = try YadgProcess.run(stdin: "took a walk\n", home: home, env: env)
        #expect(server.requests.contains { $0.path == "/api/chat" })

        let looks = server.requests.filter { $0.path == "/api/tags" }.count
        let none = try YadgProcess.run(["settings", "ai", "none"], home: home, env: env)
        #expect(none.stdout == "Okay: praise stays offline from now on, and nothing leaves this machine for it.\n")
        #expect(server.requests.filter { $0.path == "/api/tags" }.count == looks, "choosing none looks for nothing")
        let before = server.requests.count
        _ = try YadgProcess.run(stdin: "called mom\n", home: home, env: env)
        #expect(server.requests.count == before, "nothing is sent after none was chosen")
    }

    @Test("/premium start on a terminal opens the browser ($BROWSER); over SSH it prints the link")
    func openLink() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let opened = home + "/opened.txt"
        let browser = home + "/browser.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" > \(opened)\n".write(toFile: browser, atomically: true, encoding: .utf8)
        chmod(browser, 0o755)
        try "purchase_url = https://shop.example.org/premium?plan={plan}&user={user}\n".write(
            toFile: home + "/config", atomically: true, encoding: .utf8)
        let backend = try FixtureBackend()
        let extra = ["TERM": "xterm", "NO_COLOR": "1", "YADG_API_URL": backend.url, "BROWSER": browser]
        let terminal = try PseudoTerminal.pastOnboarding(home: home, extra: extra)
        defer { terminal.close() }
        terminal.type("/premium start\r")
        try terminal.waitFor("Once you're done there, /restore brings Premium here.")
        let id =
            YadgProcess.query("SELECT value FROM state WHERE key = 'anonymousUserId'", home: home).first?.first ?? ""
        let link = "https://shop.example.org/premium?plan=yearly&user=\(id)"
        #expect(terminal.screenText.contains("Opened in your browser:\n\(link)\n"), "the link on a line of its own")
        terminal.type("\u{04}")
        _ = try terminal.waitForExit()
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == link + "\n")

        var overSSH = extra
        overSSH["SSH_CONNECTION"] = "10.0.0.2 50000 10.0.0.1 22"
        try? FileManager.default.removeItem(atPath: opened)
        let remote = try PseudoTerminal(arguments: [], environment: YadgProcess.environment(home: home, extra: overSSH))
        defer { remote.close() }
        try remote.waitFor("I Did a Thing")
        try remote.waitFor("› ")
        remote.type("/premium start\r")
        try remote.waitFor("Open this link in a browser:\n\(link)\n")
        remote.type("\u{04}")
        _ = try remote.waitForExit()
        #expect(!FileManager.default.fileExists(atPath: opened))
    }

    @Test("Settings with the backend: its sync status, support addresses from the config, and --json")
    func settingsWithBackend() throws {
        let backend = try FixtureBackend()
        backend.set(.down)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        try "api_url = \(backend.url)\nsupport_url = https://help.example.org\ncontact = care@example.org\n".write(
            toFile: home + "/config", atomically: true, encoding: .utf8)
        _ = try YadgProcess.run(stdin: "took a walk\n", home: home)
        let settings = try YadgProcess.run(["settings"], home: home)
        #expect(
            settings.stdout.contains(
                "  Support URL          https://help.example.org\n  Contact us           care@example.org\n"
                    + "  Manual               man yadg (or yadg --help)\n"))
        #expect(settings.stdout.contains("  Provider             yadg backend (set in your config file)\n"))
        #expect(
            settings.stdout.contains(
                "  Sync                 1 moment is waiting to sync: the server could not be\n                       reached.\n"
            ))
        let support = try YadgProcess.run(["support"], home: home)
        #expect(
            support.stdout == """
                Support
                Support URL          https://help.example.org
                Contact us           care@example.org
                Manual               man yadg (or yadg --help)
                Reporting a problem  quote what yadg --version says

                """)
        // With nothing configured, no address nobody here owns: the manual, and where links are set.
        let bare = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(bare) }
        let unset = try YadgProcess.run(["support"], home: bare)
        #expect(
            unset.stdout == """
                Support
                Manual               man yadg (or yadg --help)
                Reporting a problem  quote what yadg --version says
                Support links        none set up here (support_url and contact in your config)

                """)
        #expect(!unset.stdout.contains("youaredoinggreat.app"))
        let json = try YadgProcess.run(["settings", "--json"], home: home)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sections = try #require(object["sections"] as? [[String: Any]])
        #expect(
            sections.map { $0["key"] as? String } == [
                "subscription", "privacyAndData", "support", "ai", "lookingBack", "about",
            ])
        #expect(!json.stdout.contains("api_key") && (sections.last?["disclaimer"] as? String)?.contains("988") == true)
    }
}

/// A one-shot command prints one answer, whatever the backend does meanwhile.
struct OneShotAnswerTests {
    @Test("yadg settings --json is one JSON document even when an earlier change is retried as it runs")
    func oneDocumentWhileRetrying() throws {
        let backend = try FixtureBackend()
        backend.set(.down)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        try "api_url = \(backend.url)\n".write(toFile: home + "/config", atomically: true, encoding: .utf8)
        _ = try YadgProcess.run(stdin: "took a walk\n", home: home)
        // The first retry of that moment falls due after about two seconds: the next run tries it.
        Thread.sleep(forTimeInterval: 2.2)
        let json = try YadgProcess.run(["settings", "--json"], home: home)
        #expect(json.stdout.hasPrefix("{") && json.stdout.hasSuffix("}\n"))
        #expect(!json.stdout.contains("sync_failed"), "the retry of an earlier change is not part of this answer")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["sections"] != nil)
        // The retry itself happened, and failed quietly: the moment still waits.
        let waiting = YadgProcess.query("SELECT attempts FROM sync_outbox", home: home)
        #expect(waiting.first.flatMap { Int($0[0]) } ?? 0 >= 2)
    }
}

/// The first run offers a model server already running on this machine, with the model it reports.
struct FirstRunLocalModelTests {
    /// A first run, through the walkthrough to what comes after it.
    static func firstRun(_ env: [String: String]) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(arguments: [], environment: env)
        try terminal.waitFor("Glad you're here.")
        terminal.type("x")
        try terminal.waitFor("Alright, let's do this")
        terminal.type("\r")
        return terminal
    }

    @Test("First run: a running Ollama is offered with its model; yes is written once, and never asked again")
    func offeredOnFirstRun() throws {
        let server = try SettingsEndToEndTests.ollama()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = YadgProcess.environment(
            home: home,
            extra: [
                "TERM": "xterm", "NO_COLOR": "1", "OLLAMA_HOST": "127.0.0.1:\(server.port)",
                "YADG_LOCAL_SERVERS": "ollama",
            ])
        let terminal = try Self.firstRun(env)
        defer { terminal.close() }
        try terminal.waitFor("Ollama is running on this machine with smollm2:135m.")
        terminal.type("y")
        try terminal.waitFor("Okay, I'll ask smollm2:135m through Ollama, right here on this")
        try terminal.waitFor("› ")
        terminal.type("\u{15}\u{04}")  // Ctrl-U clears the pre-filled line, Ctrl-D leaves
        #expect(try terminal.waitForExit() == 0)
        let settings = try String(contentsOfFile: home + "/settings", encoding: .utf8)
        #expect(settings.contains("smollm2:135m") && settings.contains("127.0.0.1:\(server.port)"))
        // Looks are requests for the list of models; the chosen model also gets its warm-up.
        func looks() -> Int { server.requests.filter { $0.path.contains("/api/tags") }.count }
        #expect(looks() == 1, "one look, at /api/tags")

        // The next start asks nothing and looks for nothing.
        let again = try PseudoTerminal(arguments: [], environment: env)
        defer { again.close() }
        try again.waitFor("› ")
        again.type("\u{15}\u{04}")
        #expect(try again.waitForExit() == 0)
        #expect(!again.screenText.contains("running on this machine"))
        #expect(looks() == 1, "the next start looks for nothing")
        #expect(server.requests.contains { $0.body.contains("warm-up") }, "the chosen model is warmed up")
    }

    @Test("None answered at the first run: the next start looks once more, and the one after looks for nothing")
    func looksAgainOnce() throws {
        let server = try SettingsEndToEndTests.ollama()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        func environment(ollama: String?) -> [String: String] {
            var extra = ["TERM": "xterm", "NO_COLOR": "1"]
            // Nothing answers the first look: no place to look at.
            extra["OLLAMA_HOST"] = ollama
            extra["YADG_LOCAL_SERVERS"] = ollama == nil ? "none" : "ollama"
            return YadgProcess.environment(home: home, extra: extra)
        }
        let first = try Self.firstRun(environment(ollama: nil))
        defer { first.close() }
        try first.waitFor("› ")
        first.type("\u{15}\u{04}")
        #expect(try first.waitForExit() == 0)
        #expect(!first.screenText.contains("running on this machine"))

        // The server has started since: the next start finds it and asks.
        let second = try PseudoTerminal(arguments: [], environment: environment(ollama: "127.0.0.1:\(server.port)"))
        defer { second.close() }
        try second.waitFor("Ollama is running on this machine with smollm2:135m.")
        second.type("n")
        try second.waitFor("› ")
        second.type("\u{15}\u{04}")
        #expect(try second.waitForExit() == 0)
        func looks() -> Int { server.requests.filter { $0.path.contains("/api/tags") }.count }
        #expect(looks() == 1)

        let third = try PseudoTerminal(arguments: [], environment: environment(ollama: "127.0.0.1:\(server.port)"))
        defer { third.close() }
        try third.waitFor("› ")
        third.type("\u{15}\u{04}")
        #expect(try third.waitForExit() == 0)
        #expect(looks() == 1, "a third start looks for nothing")
        #expect(!third.screenText.contains("running on this machine"))
    }

    @Test(
        "First run with nothing running, an OLLAMA_HOST nobody answers at, or provider none chosen: no offer, no question"
    )
    func notOffered() throws {
        let server = try SettingsEndToEndTests.ollama()
        let choseNone = [
            "OLLAMA_HOST": "127.0.0.1:\(server.port)", "YADG_AI_PROVIDER": "none", "YADG_LOCAL_SERVERS": "ollama",
        ]
        let silentHost = ["OLLAMA_HOST": "127.0.0.1:9", "YADG_LOCAL_SERVERS": "ollama"]
        for extra in [[:], choseNone, silentHost] {
            let home = YadgProcess.makeHome()
            defer { TemporaryFolder.remove(home) }
            let env = YadgProcess.environment(
                home: home, extra: ["TERM": "xterm", "NO_COLOR": "1"].merging(extra) { $1 })
            let terminal = try Self.firstRun(env)
            defer { terminal.close() }
            try terminal.waitFor("› ")
            terminal.type("\u{15}\u{04}")
            #expect(try terminal.waitForExit() == 0)
            #expect(!terminal.screenText.contains("running on this machine"))
            #expect(!terminal.screenText.contains("I noticed"), "no consent asked for a server that is not there")
        }
        #expect(server.requests.isEmpty, "a chosen none is respected: nothing is asked")
    }
}
