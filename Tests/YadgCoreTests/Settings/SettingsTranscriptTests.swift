import Foundation
import Testing
import YadgCore
import YadgTestSupport

/// Settings, the paywall and Delete my data's question, word for word at fixed widths.
struct SettingsTranscriptTests {
    /// An installation with OpenAI set up in the config (key from the environment) and RevenueCat.
    static func facts(provider: String = "openai", service: EntitlementService = .revenueCat) -> AppFacts {
        var facts = AppFacts()
        facts.version = "0.1.0"
        facts.ai.provider = provider
        facts.ai.model = provider == "openai" ? "gpt-4o-mini" : ""
        facts.ai.baseURL = provider == "openai" ? "https://api.openai.com/v1" : ""
        facts.ai.keySource = provider == "openai" ? "OPENAI_API_KEY" : nil
        facts.ai.chosenBy = provider == "none" ? .nobody : .configFile
        facts.configuredAI = provider == "none" ? nil : facts.ai
        facts.links = AppFacts.Links(
            support: "https://help.example.org", contact: "care@example.org",
            purchase: "https://shop.example.org/premium?plan={plan}&user={user}")
        facts.entitlementService = service
        facts.userID = "6f1c2a9e-3b7d-4c1a-9e2f-0a1b2c3d4e5f"
        return facts
    }

    static func shell(_ facts: AppFacts, store: InMemoryMomentStore = InMemoryMomentStore(), mode: Shell.Mode = .piped)
        -> Shell
    {
        TestSupport.shell(store: store, mode: mode, configuration: Shell.Configuration(facts: facts))
    }

    static let premiumUntilDec3 = Entitlement(
        entitled: true, expiresAt: TestSupport.date("2026-12-03T12:00:00"), productID: "yadg_yearly",
        managementURL: "https://apps.apple.com/account/subscriptions",
        plans: [
            Entitlement.Plan(id: "yearly", price: "$29.99 / year", trialDays: 7),
            Entitlement.Plan(id: "monthly", price: "$4.99 / month", trialDays: nil),
        ], checkedAt: TestSupport.date("2026-11-19T15:00:00"))

    static func text(_ reply: ShellReply, width: Int) -> String { reply.lines.wrapped(to: width).plainText }

    @Test("/settings at 80 columns: every section in the app's order; Premium as a server last said")
    func settingsAt80() throws {
        let store = InMemoryMomentStore()
        try store.setState([.entitlement: Self.premiumUntilDec3.cacheText])
        let shell = Self.shell(Self.facts(provider: "none"), store: store)
        shell.width = 80
        let reply = shell.handle("/settings")
        expectTranscript(
            Self.text(reply, width: 80),
            """
            Settings

            Subscription
              Manage Subscription  /manage
              Restore Purchases    /restore
              Premium              You have Premium until Dec 3, 2026.

            Privacy & Data
              Delete my data       /delete-my-data
              Export my data       /export json, csv or md
              Privacy Policy       /privacy
              Terms of Use         /terms

            Support
              Support URL          https://help.example.org
              Contact us           care@example.org
              Manual               man yadg (or yadg --help)
              Reporting a problem  quote what yadg --version says

            AI
              Provider             None: praise stays offline
              Change               /settings ai

            Looking back
              On this day at Home  on (/settings onthisday off)

            About
              Version              yadg 0.1.0
                                   yadg is not a crisis service. If you might be in danger,
                                   please contact your local emergency number now.
                                   In the US or Canada you can call or text 988; elsewhere,
                                   a local crisis line can help (findahelpline.com lists
                                   them).
            """)
        guard case .settings(let screen)? = reply.events.first else {
            Issue.record("no settings event")
            return
        }
        #expect(
            screen.sections.map(\.key) == ["subscription", "privacyAndData", "support", "ai", "lookingBack", "about"])
    }

    @Test("/settings at 60 columns with the person's own provider: the key's source, never the key")
    func settingsAt60() {
        let shell = Self.shell(Self.facts())
        shell.width = 60
        let text = Self.text(shell.handle("/settings"), width: 60)
        expectTranscript(
            text,
            """
            Settings

            Subscription
              Manage Subscription  /manage
              Restore Purchases    /restore
              Premium              You use your own AI provider, so
                                   there's nothing to unlock: praise and
                                   summaries come from it, as much as
                                   you like.

            Privacy & Data
              Delete my data       /delete-my-data
              Export my data       /export json, csv or md
              Privacy Policy       /privacy
              Terms of Use         /terms

            Support
              Support URL          https://help.example.org
              Contact us           care@example.org
              Manual               man yadg (or yadg --help)
              Reporting a problem  quote what yadg --version says

            AI
              Provider             OpenAI-compatible (set in your config
                                   file)
              Model                gpt-4o-mini
              Base URL             https://api.openai.com/v1
              API key              set, from OPENAI_API_KEY (never
                                   shown)
              Change               /settings ai

            Looking back
              On this day at Home  on (/settings onthisday off)

            About
              Version              yadg 0.1.0
                                   yadg is not a crisis service. If you
                                   might be in danger, please contact
                                   your local emergency number now.
                                   In the US or Canada you can call or
                                   text 988; elsewhere, a local crisis
                                   line can help (findahelpline.com
                                   lists them).
            """)
    }

    @Test("The paywall at 60 columns, with the plans and prices a server gave")
    func paywallAt60() {
        let shell = Self.shell(Self.facts(provider: "none"))
        let notYet = EntitlementLookup(
            service: .revenueCat,
            entitlement: Entitlement(
                entitled: false, expiresAt: nil, plans: Self.premiumUntilDec3.plans,
                checkedAt: TestSupport.date("2026-11-19T15:00:00")))
        expectTranscript(
            Self.text(shell.entitlementRead(notYet, for: .paywall), width: 60),
            """
            You're doing great. Let's keep it going.
            Unlock more praise and deeper insights.

              ✓ Unlimited AI encouragement
              ✓ Daily summaries
              ✓ Future features

              ◉ Yearly · $29.99 / year · 7-day free trial   Recommended
              ○ Monthly · $4.99 / month

              Start 7-day free trial  →  /premium start
              Prefer monthly? /premium start monthly

            No subscription yet. Bought it already? /restore brings it
            here.

            Billed by the store on the purchase page; the trial becomes
            a yearly plan unless you cancel before it ends. Export,
            delete, your views and offline praise stay free, always.
            """)
        let active = EntitlementLookup(service: .revenueCat, entitlement: Self.premiumUntilDec3)
        expectTranscript(
            Self.text(shell.entitlementRead(active, for: .paywall), width: 60),
            """
            You're doing great. Let's keep it going.
            Unlock more praise and deeper insights.

              ✓ Unlimited AI encouragement
              ✓ Daily summaries
              ✓ Future features

            You have Premium until Dec 3, 2026.
            /manage opens the page where you can change or cancel it.

            Billed by the store on the purchase page; the trial becomes
            a yearly plan unless you cancel before it ends. Export,
            delete, your views and offline praise stay free, always.
            """)
    }

    @Test("The paywall with nothing to unlock: the person's own provider, or no service to ask")
    func paywallWithNothingToUnlock() {
        let own = Self.shell(Self.facts()).handle("/premium")
        #expect(own.effects.isEmpty, "nothing is asked of any server")
        expectTranscript(
            Self.text(own, width: 80),
            """
            You're doing great. Let's keep it going.
            Unlock more praise and deeper insights.

            You use your own AI provider, so there's nothing to unlock: praise and summaries
            come from it, as much as you like.
            """)
        let none = Self.shell(Self.facts(provider: "none", service: .none)).handle("/premium")
        expectTranscript(
            Self.text(none, width: 80),
            """
            You're doing great. Let's keep it going.
            Unlock more praise and deeper insights.

              ✓ Unlimited AI encouragement
              ✓ Daily summaries
              ✓ Future features

            No subscription service is set up here; everything in yadg is yours.
            """)
    }

    @Test("/premium start opens the purchase page for the anonymous id; when Premium is active it does not")
    func premiumStart() throws {
        let shell = Self.shell(Self.facts(provider: "none"))
        let start = shell.handle("/premium start monthly")
        #expect(
            start.effects == [
                .openLink(
                    "https://shop.example.org/premium?plan=monthly&user=6f1c2a9e-3b7d-4c1a-9e2f-0a1b2c3d4e5f")
            ])
        #expect(
            start.lines.plainText
                == "Once you're done there, /restore brings Premium here. Nothing is charged in yadg itself.")
        let store = InMemoryMomentStore()
        try store.setState([.entitlement: Self.premiumUntilDec3.cacheText])
        let active = Self.shell(Self.facts(provider: "none"), store: store).handle("/premium start")
        #expect(active.effects.isEmpty)
        #expect(active.lines.first?.text == "You have Premium until Dec 3, 2026.")
        #expect(shell.handle("/premium buy").failure?.message.contains("\"buy\" isn't one of them") == true)
        // Only an address someone here set up is opened: no purchase_url, no link; no service, no purchase.
        var noPage = Self.facts(provider: "none")
        noPage.links.purchase = nil
        let none = Self.shell(noPage).handle("/premium start")
        #expect(none.effects.isEmpty)
        #expect(none.lines.plainText.hasPrefix("There's no purchase page set up here"))
        let paywall = Self.shell(noPage).entitlementRead(
            EntitlementLookup(service: .revenueCat, entitlement: nil), for: .paywall)
        #expect(paywall.lines.plainText.contains("Bought it already? /restore brings it here."))
        #expect(!paywall.lines.plainText.contains("/premium start"))
        let noService = Self.shell(Self.facts(provider: "none", service: .none)).handle("/premium start")
        #expect(noService.effects.isEmpty)
        #expect(noService.lines.plainText == "No subscription service is set up here; everything in yadg is yours.")
    }

    @Test("Restore and Manage ask the server; what it says is shown, a failure says why and changes nothing")
    func restoreAndManage() {
        let shell = Self.shell(Self.facts(provider: "none"))
        #expect(shell.handle("/restore").effects == [.checkEntitlement(.restore)])
        #expect(shell.handle("/manage").effects == [.checkEntitlement(.manage)])
        let active = EntitlementLookup(service: .revenueCat, entitlement: Self.premiumUntilDec3)
        #expect(shell.entitlementRead(active, for: .restore).lines.plainText == "You have Premium until Dec 3, 2026.")
        #expect(
            shell.entitlementRead(active, for: .manage).effects == [
                .openLink("https://apps.apple.com/account/subscriptions")
            ])
        let down = EntitlementLookup(service: .revenueCat, entitlement: nil, problem: .unreachable)
        #expect(
            shell.entitlementRead(down, for: .restore).failure?.message
                == "Couldn't check your subscription just now (the server could not be reached). Nothing changed; try /restore again later."
        )
        let never = EntitlementLookup(
            service: .revenueCat, entitlement: Entitlement(entitled: false, expiresAt: nil, checkedAt: Date()))
        #expect(shell.entitlementRead(never, for: .restore).lines.plainText == "No subscription yet.")
        #expect(shell.entitlementRead(never, for: .manage).lines.plainText == "There's no subscription to manage yet.")
    }

    @Test("Delete my data asks for the word delete; anything else keeps everything; pipes need --yes")
    func deleteMyDataQuestion() {
        let shell = Self.shell(Self.facts(provider: "none"), mode: .conversation)
        let question = shell.handle("/delete-my-data")
        #expect(question.effects.isEmpty)
        expectTranscript(
            question.lines.plainText,
            """
            This removes everything yadg keeps on this machine: every moment, your history, photos, summaries, settings and your anonymous id. It can't be undone; /export saves a copy first.
            Type delete to remove it all, or anything else to keep it.
            """)
        let kept = shell.handle("yes")
        #expect(
            kept.effects.isEmpty && kept.lines.plainText == "Okay, nothing was deleted. Everything is just as it was.")
        _ = shell.handle("/delete-my-data")
        #expect(shell.handle("  Delete ").effects == [.deleteMyData])
        _ = shell.handle("/delete-my-data")
        #expect(shell.handle("/today").effects.isEmpty, "a command instead of the answer lets the question go")
        #expect(shell.handle("delete").events.contains { $0.isLogged }, "and delete is a moment again")

        let piped = Self.shell(Self.facts(provider: "none")).handle("/delete-my-data")
        #expect(piped.failure?.isUsage == true && piped.effects.isEmpty)
        #expect(Self.shell(Self.facts(provider: "none")).handle("/delete-my-data --yes").effects == [.deleteMyData])
    }

    @Test("/settings ai offers none, each server found, and the configured provider; a pick is written")
    func aiChoices() {
        let ollama = LocalModelServer(
            kind: "ollama", baseURL: "http://127.0.0.1:11434", model: "llama3.2", name: "Ollama")
        let shell = Self.shell(Self.facts(), mode: .conversation)
        #expect(shell.handle("/settings ai").effects == [.offerAIChoices(pick: nil)])
        let offer = shell.offerAIChoices(found: [ollama], pick: nil)
        expectTranscript(
            offer.lines.plainText,
            """
            Which AI should write your extra encouragement?
              1. None: praise stays offline, nothing leaves this machine
              2. Ollama on this machine (llama3.2, http://127.0.0.1:11434)
              3. OpenAI-compatible, set in your config file (gpt-4o-mini, https://api.openai.com/v1)
            For praise, the moment's text and roughly when it happened are sent; for a Journey summary, that day's moment texts. Nothing else.
            Type a number (1-3), or press Enter to leave it as it is.
            """)
        #expect(shell.handle("2").effects == [.chooseAI(.local(ollama))])
        _ = shell.offerAIChoices(found: [ollama], pick: nil)
        #expect(shell.handle("").lines.plainText == "Okay, left as it was.")
        // A line that is not a choice is read as any line, and the question lets go.
        _ = shell.offerAIChoices(found: [ollama], pick: nil)
        #expect(shell.handle("took a nap").events.contains { $0.isLogged })
        #expect(shell.handle("2").events.contains { $0.isLogged }, "no question waits any more")
        #expect(shell.offerAIChoices(found: [], pick: "none").effects == [.chooseAI(.none)])
        #expect(shell.offerAIChoices(found: [], pick: "configured").effects == [.chooseAI(.configured)])
        #expect(shell.offerAIChoices(found: [], pick: "local").failure?.isUsage == true, "nothing found to pick")
    }
}
