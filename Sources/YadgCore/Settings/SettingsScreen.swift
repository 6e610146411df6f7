#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Settings screen as data: sections of labelled items, in the app's order (Subscription,
/// Privacy & Data, Support, AI, About). The text view and `--json` are both made from it.
public struct SettingsScreen: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        /// Stable name for `--json` (`manage`, `provider`, …).
        public var key: String
        public var label: String
        public var value: String
        public var style: TextStyle = .plain
    }

    public struct Section: Sendable, Equatable {
        public var key: String
        public var title: String
        public var items: [Item]
    }

    public var sections: [Section]

    /// The screen for this installation, from the facts the application gathered and what the
    /// store remembers (the last entitlement a server reported, what waits for the backend).
    public static func build(_ context: CommandContext) -> SettingsScreen {
        let words = context.copy[SettingsCopy.self]
        let facts = context.facts
        func item(_ key: String, _ label: String, _ value: String, _ style: TextStyle = .plain) -> Item {
            Item(key: key, label: label, value: value, style: style)
        }
        let subscription = Section(
            key: "subscription", title: words.subscription,
            items: [
                item("manage", words.manage, "/manage"), item("restore", words.restore, "/restore"),
                item("premium", words.premium, PremiumState.line(context), .dim),
            ])
        let privacy = Section(
            key: "privacyAndData", title: words.privacyAndData,
            items: [
                item("deleteMyData", words.deleteMyData, "/delete-my-data"),
                item("export", words.export, words.exportValue), item("privacy", words.privacy, "/privacy"),
                item("terms", words.terms, "/terms"),
            ])
        let support = Section(
            key: "support", title: words.support,
            items: supportItems(context).map { item($0.key, $0.label, $0.value) })
        let about = Section(
            key: "about", title: words.about,
            items: [item("version", words.version, "yadg " + facts.version)]
                + words.crisisDisclaimer.split(separator: "\n").map { item("disclaimer", "", String($0), .dim) })
        let lookingBack = Section(
            key: "lookingBack", title: words.lookingBack,
            items: [item("onThisDay", words.onThisDay, facts.onThisDayAtHome ? words.onThisDayOn : words.onThisDayOff)])
        return SettingsScreen(sections: [subscription, privacy, support, aiSection(context), lookingBack, about])
    }

    /// Where to get help: the configured page and address (never one nobody here owns), the
    /// manual, and what to quote in a report.
    static func supportItems(_ context: CommandContext) -> [(key: String, label: String, value: String)] {
        let words = context.copy[SettingsCopy.self]
        let links = context.facts.links
        var items: [(key: String, label: String, value: String)] = []
        if let page = links.support, !page.isEmpty { items.append(("supportURL", words.supportURL, page)) }
        if let address = links.contact, !address.isEmpty { items.append(("contact", words.contact, address)) }
        items.append(("manual", words.manual, words.manualValue))
        items.append(("report", words.report, words.reportValue))
        if items.count == 2 { items.append(("supportLinks", words.supportLinks, words.supportLinksValue)) }
        return items
    }

    private static func aiSection(_ context: CommandContext) -> Section {
        let words = context.copy[SettingsCopy.self]
        let ai = context.facts.ai
        var items: [Item] = []
        let chosen = words.chosenBy[ai.chosenBy.rawValue] ?? ""
        let provider = words.providerNames[ai.provider] ?? ai.provider
        items.append(
            Item(key: "provider", label: words.provider, value: chosen.isEmpty ? provider : "\(provider) (\(chosen))"))
        if ai.provider != "none" {
            if !ai.model.isEmpty { items.append(Item(key: "model", label: words.model, value: ai.model)) }
            items.append(Item(key: "baseURL", label: words.baseURL, value: ai.baseURL))
            if ai.provider != "yadg" {
                let key = ai.keySource.map { Copy.fill(words.keySet, ["source": $0]) } ?? words.keyNotSet
                items.append(Item(key: "apiKey", label: words.apiKey, value: key))
            }
        }
        if context.facts.backendURL != nil, let queue = context.store as? any SyncQueue {
            let status = (try? queue.syncStatus()).map {
                SyncStatusView.render($0, copy: context.copy).first?.text ?? ""
            }
            items.append(
                Item(key: "sync", label: words.sync, value: status ?? context.copy[StorageCopy.self].readFailed))
        }
        items.append(Item(key: "change", label: words.change, value: "/settings ai"))
        return Section(key: "ai", title: words.ai, items: items)
    }

    /// The screen as lines: a title per section and aligned items under it; a long value wraps
    /// under itself, not under its label.
    public func lines(title: String, width: Int) -> [StyledLine] {
        let labelWidth = sections.flatMap(\.items).map { TextWidth.columns($0.label) }.max() ?? 0
        let hanging = String(repeating: " ", count: labelWidth + 4)
        var lines = [StyledLine(title, .title)]
        for section in sections {
            lines.append(StyledLine(""))
            lines.append(StyledLine(section.title, .primary))
            for item in section.items {
                let label =
                    "  " + item.label + String(repeating: " ", count: labelWidth - TextWidth.columns(item.label)) + "  "
                lines += TextWidth.wrap(
                    item.value, width: max(width, labelWidth + 24), firstIndent: label, indent: hanging
                )
                .map { StyledLine($0, item.style) }
            }
        }
        return lines
    }
}

/// The one line about Premium, from the last answer a server gave (kept in the store).
enum PremiumState {
    static func cached(_ context: CommandContext) -> Entitlement? {
        ((try? context.store.stateValue(.entitlement)) ?? nil).flatMap(Entitlement.init(cacheText:))
    }

    static func line(_ context: CommandContext) -> String {
        line(EntitlementLookup(service: context.facts.entitlementService, entitlement: cached(context)), context)
    }

    /// "You have Premium until Dec 3, 2026.", "No subscription yet.", or why it is not known.
    static func line(_ lookup: EntitlementLookup, _ context: CommandContext) -> String {
        let words = context.copy[PremiumCopy.self]
        let now = context.clock.now()
        if context.facts.nothingToUnlock { return words.ownProvider }
        guard lookup.service != .none else { return words.notOffered }
        guard let entitlement = lookup.entitlement else {
            return lookup.problem.map { Copy.fill(words.checkFailed, ["reason": $0.words(context.copy)]) }
                ?? words.notChecked
        }
        let date: (Date) -> String = {
            TimeWords(context.copy).monthDayYear(LocalDay(number: TimeWords.dayNumber($0, context.zone)))
        }
        if entitlement.isActive(at: now) {
            return entitlement.expiresAt.map { Copy.fill(words.activeUntil, ["date": date($0)]) } ?? words.activeForever
        }
        if entitlement.entitled, let ended = entitlement.expiresAt {
            return Copy.fill(words.ended, ["date": date(ended)])
        }
        return words.none
    }
}

/// The Settings screen.
public struct SettingsCopy: CopySection {
    public static let key = "settings"
    public let title: String
    public let subscription, manage, restore, premium: String
    public let privacyAndData, deleteMyData, export, exportValue, privacy, terms: String
    public let support, supportURL, contact, manual, manualValue, report, reportValue: String
    public let supportLinks, supportLinksValue: String
    public let about, version, crisisDisclaimer: String
    public let ai, provider, model, baseURL, apiKey, keySet, keyNotSet, sync, change: String
    public let providerNames: [String: String]
    public let chosenBy: [String: String]
    public let usage: String
    public let lookingBack, onThisDay, onThisDayOn, onThisDayOff: String
    public let onThisDayTurnedOn, onThisDayTurnedOff, onThisDaySaveFailed: String

    public init(_ words: CopyWords) throws {
        title = try words.text("title")
        subscription = try words.text("subscription")
        manage = try words.text("manage")
        restore = try words.text("restore")
        premium = try words.text("premium")
        privacyAndData = try words.text("privacyAndData")
        deleteMyData = try words.text("deleteMyData")
        export = try words.text("export")
        exportValue = try words.text("exportValue")
        privacy = try words.text("privacy")
        terms = try words.text("terms")
        support = try words.text("support")
        supportURL = try words.text("supportURL")
        contact = try words.text("contact")
        manual = try words.text("manual")
        manualValue = try words.text("manualValue")
        report = try words.text("report")
        reportValue = try words.text("reportValue")
        supportLinks = try words.text("supportLinks")
        supportLinksValue = try words.text("supportLinksValue")
        about = try words.text("about")
        version = try words.text("version")
        crisisDisclaimer = try words.text("crisisDisclaimer")
        ai = try words.text("ai")
        provider = try words.text("provider")
        model = try words.text("model")
        baseURL = try words.text("baseURL")
        apiKey = try words.text("apiKey")
        keySet = try words.text("keySet")
        keyNotSet = try words.text("keyNotSet")
        sync = try words.text("sync")
        change = try words.text("change")
        providerNames = try words.table("providerNames")
        chosenBy = try words.table("chosenBy")
        usage = try words.text("usage")
        lookingBack = try words.text("lookingBack")
        onThisDay = try words.text("onThisDay")
        onThisDayOn = try words.text("onThisDayOn")
        onThisDayOff = try words.text("onThisDayOff")
        onThisDayTurnedOn = try words.text("onThisDayTurnedOn")
        onThisDayTurnedOff = try words.text("onThisDayTurnedOff")
        onThisDaySaveFailed = try words.text("onThisDaySaveFailed")
    }
}
