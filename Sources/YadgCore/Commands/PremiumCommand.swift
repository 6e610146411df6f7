#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/premium`: the paywall, with the entitlement a server reported. `/premium start` (or `/premium
/// start monthly`) opens the purchase page for the anonymous id; nothing is unlocked here until a
/// server says so, and nothing the person has is ever locked.
struct PremiumCommand: ShellCommand {
    static let spec = CommandSpec(
        "premium", takesArguments: true, completion: ArgumentCompletion(words: ["start"]))

    enum Parsed: Equatable {
        case paywall
        case start(plan: String)
        case unknown(String)
    }

    let parsed: Parsed

    init(_ arguments: CommandArguments) {
        let words = arguments.words.map { $0.lowercased() }
        switch (words.first, words.dropFirst().first) {
        case (nil, _): parsed = .paywall
        case ("start"?, nil): parsed = .start(plan: "yearly")
        case ("start"?, let plan?) where plan == "yearly" || plan == "monthly": parsed = .start(plan: plan)
        case (let first?, _): parsed = .unknown(words.count > 1 && first == "start" ? words[1] : first)
        }
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[PremiumCopy.self]
        switch parsed {
        case .paywall:
            // Nothing to unlock, or no server to ask: the paywall says so without asking anyone.
            if context.facts.noServerToAsk {
                return Self.render(nil, in: context)
            }
            return ShellReply(effects: [.checkEntitlement(.paywall)])
        case .start(let plan):
            if context.facts.nothingToUnlock { return context.shown([StyledLine(words.ownProvider)], by: "premium") }
            // No service could ever confirm a purchase: nothing to buy, and no address is made up.
            if context.facts.entitlementService == .none {
                return context.shown([StyledLine(words.notOffered)], by: "premium")
            }
            if let cached = PremiumState.cached(context), cached.isActive(at: context.clock.now()) {
                return context.shown(
                    [StyledLine(PremiumState.line(context), .primary), StyledLine(words.manageHint, .dim)],
                    by: "premium")
            }
            guard let link = context.facts.purchaseLink(plan: plan) else {
                return context.shown([StyledLine(words.noPurchasePage)], by: "premium")
            }
            return ShellReply(
                lines: [StyledLine(words.afterPurchase, .dim)], events: [.command(name: "premium", output: link)],
                effects: [.openLink(link)])
        case .unknown(let word):
            return .failed(Copy.fill(words.usage, ["argument": word]), usage: true)
        }
    }

    /// The paywall, with what a server said (nil: nothing to unlock, or nothing to ask).
    static func render(_ lookup: EntitlementLookup?, in context: CommandContext) -> ShellReply {
        let words = context.copy[PremiumCopy.self]
        var lines = [StyledLine(words.title, .title), StyledLine(words.subheader, .secondary), StyledLine("")]
        if context.facts.nothingToUnlock {
            lines.append(StyledLine(words.ownProvider))
            return context.shown(lines, by: spec.name)
        }
        lines += words.benefits.map { StyledLine("  ✓ " + $0) }
        lines.append(StyledLine(""))
        guard context.facts.entitlementService != .none else {
            // No server could ever confirm a purchase here: no plans, no button.
            lines.append(StyledLine(words.notOffered))
            return context.shown(lines, by: spec.name)
        }
        let active = lookup?.entitlement?.isActive(at: context.clock.now()) == true
        // A subscriber is shown what they have, never offered a plan or a trial again.
        if !active {
            let plans = lookup?.entitlement?.plans ?? []
            func price(_ id: String) -> String? { plans.first { $0.id == id }?.price.map(TerminalSanitizer.clean) }
            let yearly = [words.yearly, price("yearly"), words.trial].compactMap { $0 }.joined(separator: " · ")
            let monthly = [words.monthly, price("monthly")].compactMap { $0 }.joined(separator: " · ")
            lines.append(StyledLine("  ◉ " + yearly + "   " + words.recommended, .primary))
            lines.append(StyledLine("  ○ " + monthly))
            lines.append(StyledLine(""))
        }
        let state = lookup.map { PremiumState.line($0, context) } ?? PremiumState.line(context)
        if active {
            lines.append(StyledLine(state, .primary))
            lines.append(StyledLine(words.manageHint, .dim))
        } else {
            // The button only where a purchase page is set up (`purchase_url`).
            if context.facts.links.purchase != nil {
                lines.append(StyledLine("  " + words.cta + "  →  /premium start", .title))
                lines.append(StyledLine("  " + words.monthlyHint, .dim))
                lines.append(StyledLine(""))
            }
            lines.append(StyledLine(state + " " + words.restoreHint, .dim))
        }
        lines.append(StyledLine(""))
        lines.append(StyledLine(words.legal, .dim))
        return context.shown(lines, by: spec.name)
    }
}

/// `/restore`: reads the entitlement from the server again (Restore Purchases).
struct RestoreCommand: ShellCommand {
    static let spec = CommandSpec("restore", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        if context.facts.noServerToAsk {
            return context.shown([StyledLine(PremiumState.line(context))], by: Self.spec.name)
        }
        return ShellReply(effects: [.checkEntitlement(.restore)])
    }

    /// What the server said just now.
    static func render(_ lookup: EntitlementLookup, in context: CommandContext) -> ShellReply {
        let line = PremiumState.line(lookup, context)
        if let problem = lookup.problem {
            return ShellReply.failed(
                Copy.fill(context.copy[PremiumCopy.self].checkFailed, ["reason": problem.words(context.copy)])
            ).failing(because: .server)
        }
        let active = lookup.entitlement?.isActive(at: context.clock.now()) == true
        return context.shown([StyledLine(line, active ? .primary : .plain)], by: spec.name)
    }
}

/// `/manage`: opens the store's page for the subscription (Manage Subscription).
struct ManageCommand: ShellCommand {
    static let spec = CommandSpec("manage", takesArguments: false)

    init(_ arguments: CommandArguments) {}

    func run(in context: inout CommandContext) -> ShellReply {
        if context.facts.noServerToAsk {
            return context.shown([StyledLine(PremiumState.line(context))], by: Self.spec.name)
        }
        return ShellReply(effects: [.checkEntitlement(.manage)])
    }

    static func render(_ lookup: EntitlementLookup, in context: CommandContext) -> ShellReply {
        let words = context.copy[PremiumCopy.self]
        if let problem = lookup.problem {
            return .failed(Copy.fill(words.checkFailed, ["reason": problem.words(context.copy)]))
                .failing(because: .server)
        }
        guard let link = lookup.entitlement?.managementURL, !link.isEmpty else {
            return context.shown([StyledLine(words.nothingToManage)], by: spec.name)
        }
        return ShellReply(events: [.command(name: spec.name, output: link)], effects: [.openLink(link)])
    }
}

/// The paywall and everything said about Premium.
public struct PremiumCopy: CopySection {
    public static let key = "premium"
    public let title, subheader: String
    public let benefits: [String]
    public let yearly, monthly, trial, recommended, cta, monthlyHint, legal: String
    public let activeUntil, activeForever, ended, none, notChecked, notOffered, checkFailed, ownProvider: String
    public let restoreHint, manageHint, nothingToManage, afterPurchase, usage: String
    public let openedLink, openLink, planLimitNotice: String
    /// `/premium start` with a service to ask but no purchase page set up.
    public let noPurchasePage: String

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        subheader = try words.text("subheader")
        benefits = try words.list("benefits")
        yearly = try words.text("yearly")
        monthly = try words.text("monthly")
        trial = try words.text("trial")
        recommended = try words.text("recommended")
        cta = try words.text("cta")
        monthlyHint = try words.text("monthlyHint")
        legal = try words.text("legal")
        activeUntil = try words.text("activeUntil")
        activeForever = try words.text("activeForever")
        ended = try words.text("ended")
        none = try words.text("none")
        notChecked = try words.text("notChecked")
        notOffered = try words.text("notOffered")
        checkFailed = try words.text("checkFailed")
        ownProvider = try words.text("ownProvider")
        restoreHint = try words.text("restoreHint")
        manageHint = try words.text("manageHint")
        nothingToManage = try words.text("nothingToManage")
        afterPurchase = try words.text("afterPurchase")
        usage = try words.text("usage")
        openedLink = try words.text("openedLink")
        openLink = try words.text("openLink")
        planLimitNotice = try words.text("planLimitNotice")
        noPurchasePage = try words.text("noPurchasePage")
    }
}
