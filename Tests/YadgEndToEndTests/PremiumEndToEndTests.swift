import FixtureServer
import Foundation
import Testing
import YadgTestSupport

/// The paywall, Restore and Manage against a fixture RevenueCat and the fixture backend, and the
/// backend's plan limit, through the real binary.
struct PremiumEndToEndTests {
    static func revenueCatEnv(_ server: FixtureRevenueCat) -> [String: String] {
        ["YADG_REVENUECAT_URL": server.url, "YADG_REVENUECAT_API_KEY": FixtureRevenueCat.apiKey]
    }

    @Test("RevenueCat: never purchased, then restored, then shown in Settings from the cache; down says why")
    func revenueCat() throws {
        let server = try FixtureRevenueCat()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = Self.revenueCatEnv(server)
        let paywall = try YadgProcess.run(["premium"], home: home, env: env)
        #expect(paywall.status == 0)
        #expect(paywall.stdout.contains("No subscription yet. Bought it already? /restore brings it here.\n"))
        // No purchase_url: no button, and /premium start opens nothing nobody here owns.
        #expect(!paywall.stdout.contains("/premium start"))
        let start = try YadgProcess.run(["premium", "start"], home: home, env: env)
        #expect(
            start.stdout
                == "There's no purchase page set up here (purchase_url in your config names one). Bought Premium already? /restore brings it here.\n"
        )
        let id = try #require(
            YadgProcess.query("SELECT value FROM state WHERE key = 'anonymousUserId'", home: home).first?.first)
        #expect(server.requests.last?.path == "/v1/subscribers/\(id)")

        server.set(
            .entitled(expires: "2026-12-03T15:00:00Z", managementURL: "https://apps.apple.com/account/subscriptions"))
        let cached = try YadgProcess.run(["premium"], home: home, env: env)
        #expect(cached.stdout.contains("No subscription yet."), "the paywall trusts an answer for an hour")
        let restored = try YadgProcess.run(["restore"], home: home, env: env)
        #expect(restored.status == 0 && restored.stdout == "You have Premium until Dec 3, 2026.\n")
        let settings = try YadgProcess.run(["settings"], home: home, env: env)
        #expect(settings.stdout.contains("  Premium              You have Premium until Dec 3, 2026.\n"))
        let manage = try YadgProcess.run(["manage"], home: home, env: env)
        #expect(manage.stdout == "Open this link in a browser: https://apps.apple.com/account/subscriptions\n")

        server.set(.down)
        let down = try YadgProcess.run(["restore"], home: home, env: env)
        #expect(down.status == 4)
        #expect(
            down.stderr
                == "yadg: Couldn't check your subscription just now (the server could not be reached). Nothing changed; try /restore again later.\n"
        )
        let stillCached = try YadgProcess.run(["settings"], home: home, env: env)
        #expect(stillCached.stdout.contains("You have Premium until Dec 3, 2026."), "a failed check changes nothing")

        server.set(.garbage)
        #expect(try YadgProcess.run(["restore"], home: home, env: env).status == 4)
        server.set(.entitled(expires: "2026-11-01T15:00:00Z", managementURL: nil))
        let ended = try YadgProcess.run(["restore"], home: home, env: env)
        #expect(ended.stdout == "Your Premium ended on Nov 1, 2026. Everything you logged is still here.\n")
    }

    @Test("The backend's /user/me: prices from the server, and /premium start prints the purchase link")
    func backend() throws {
        let backend = try FixtureBackend()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let env = ["YADG_API_URL": backend.url]
        try "purchase_url = https://shop.example.org/premium?plan={plan}&user={user}\n".write(
            toFile: home + "/config", atomically: true, encoding: .utf8)
        let paywall = try YadgProcess.run(["premium"], home: home, env: env)
        #expect(paywall.stdout.contains("  Start 7-day free trial  →  /premium start\n"))
        #expect(
            paywall.stdout.contains(
                "  ◉ Yearly · $29.99 / year · 7-day free trial   Recommended\n  ○ Monthly · $4.99 / month\n"))
        let id = try #require(
            YadgProcess.query("SELECT value FROM state WHERE key = 'anonymousUserId'", home: home).first?.first)
        #expect(backend.requests.last?.path == "/api/v1/user/me" && backend.requests.last?.headers["x-user-id"] == id)
        let start = try YadgProcess.run(["premium", "start"], home: home, env: env)
        #expect(
            start.stdout == """
                Open this link in a browser: https://shop.example.org/premium?plan=yearly&user=\(id)
                Once you're done there, /restore brings Premium here. Nothing is charged in yadg itself.

                """)
        backend.setEntitlement(user: id, json: #"{"active":true,"expiresAt":"2026-12-03T15:00:00.000Z"}"#)
        #expect(
            try YadgProcess.run(["restore"], home: home, env: env).stdout == "You have Premium until Dec 3, 2026.\n")
        let json = try YadgProcess.run(["restore", "--json"], home: home, env: env)
        #expect(
            json.stdout == #"{"event":"command","command":"restore","output":"You have Premium until Dec 3, 2026."}"#
                + "\n")
        // Another backend's shape: a premium flag with a subscription object. A paying person is
        // never told they have no subscription, nor offered the trial.
        backend.setAccountBody(
            user: id,
            json:
                #"{"isPremium":true,"subscription":{"status":"active","plan":"yearly","expiresAt":"2027-01-05T12:00:00Z"}}"#
        )
        let paying = try YadgProcess.run(["restore"], home: home, env: env)
        #expect(paying.status == 0 && paying.stdout == "You have Premium until Jan 5, 2027.\n", "\(paying.stdout)")
        let premium = try YadgProcess.run(["premium"], home: home, env: env)
        #expect(
            !premium.stdout.contains("No subscription yet") && !premium.stdout.contains("free trial"),
            "\(premium.stdout)")
    }

    @Test("With the person's own provider there is nothing to unlock, and no server is asked")
    func ownProvider() throws {
        let server = try FixtureRevenueCat()
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        var env = Self.revenueCatEnv(server)
        env["YADG_AI_PROVIDER"] = "ollama"
        let paywall = try YadgProcess.run(["premium"], home: home, env: env)
        #expect(
            paywall.stdout.hasSuffix(
                "You use your own AI provider, so there's nothing to unlock: praise and summaries come from it, as much as you like.\n"
            ))
        #expect(server.requests.isEmpty)
    }

    @Test("A plan limit from the backend: the offline praise stays, and /premium is mentioned once")
    func planLimit() throws {
        let backend = try FixtureBackend()
        backend.set(.planLimit)
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        let result = try YadgProcess.run(
            stdin: "took a walk\ncalled mom\n", home: home, env: ["YADG_API_URL": backend.url])
        #expect(result.status == 0)
        let notice =
            "Your offline praise is here as always. Your plan's AI limit was reached for now; /premium shows what unlocks more."
        #expect(result.stdout.components(separatedBy: notice).count == 2, "said once: \(result.stdout)")
        #expect(result.stdout.contains("Moment logged  #2"))
        #expect(YadgProcess.query("SELECT count(*) FROM moments", home: home) == [["2"]])
        let status = try YadgProcess.run(["sync", "--status"], home: home, env: ["YADG_API_URL": backend.url])
        #expect(status.stdout.contains("your plan's limit was reached"))
    }
}
