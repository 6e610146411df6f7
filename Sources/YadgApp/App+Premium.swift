import YadgAI
import YadgCore
import YadgEntitlement
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The paywall's server side: whether the person has Premium, read from the backend or RevenueCat
/// (a recent answer is reused for the paywall; Restore and Manage always ask again), and links
/// opened in the browser.
extension App {
    /// How long the paywall trusts the last answer before asking again.
    static let entitlementFreshFor: TimeInterval = 3600

    func checkEntitlement(_ check: EntitlementCheck) -> ShellReply {
        let reply = shell.entitlementRead(readEntitlement(check), for: check)
        return openLinks(in: reply)
    }

    private func readEntitlement(_ check: EntitlementCheck) -> EntitlementLookup {
        let cached = ((try? store.stateValue(.entitlement)) ?? nil).flatMap(Entitlement.init(cacheText:))
        guard let kind = environment.entitlement else { return EntitlementLookup(service: .none, entitlement: nil) }
        let source = EntitlementSource(
            kind: kind, userID: ((try? store.stateValue(.anonymousUserId)) ?? nil) ?? "", transport: CurlTransport())
        let now = Date()
        if check == .paywall, let cached, now.timeIntervalSince(cached.checkedAt) < Self.entitlementFreshFor {
            return EntitlementLookup(service: source.service, entitlement: cached)
        }
        guard !settings.networkOff else {
            return EntitlementLookup(service: source.service, entitlement: cached, problem: .off)
        }
        switch waitFor(seconds: 8, { await source.read(now: now) }) ?? .failure(.timedOut) {
        case .success(let entitlement):
            // Not cached (the store refuses writes): what the server said is shown all the same;
            // the next paywall asks the server again instead of trusting an hour-old answer.
            try? store.setState([.entitlement: entitlement.cacheText])
            return EntitlementLookup(service: source.service, entitlement: entitlement)
        case .failure(let problem):
            return EntitlementLookup(service: source.service, entitlement: cached, problem: problem)
        }
    }

    /// Carries out the reply's `openLink` effects: the browser where there is one (a terminal, not
    /// over SSH), the link printed otherwise (and always in `--json`, as the command's output).
    func openLinks(in reply: ShellReply) -> ShellReply {
        var shown = reply
        for case .openLink(let link) in reply.effects {
            let mayOpen = !json && outputIsTerminal && shell.context.mode != .piped
            let opened = mayOpen && LinkOpener(variables: environment.variables).open(link)
            let words = copy[PremiumCopy.self]
            let line = StyledLine(Copy.fill(opened ? words.openedLink : words.openLink, ["link": link]), .primary)
            shown.lines.insert(line, at: 0)
        }
        return shown
    }
}
