import Foundation

/// Every user-facing line of yadg, decoded from `Resources/copy.json` so copy is reviewed in one
/// place. Templates use `{name}` placeholders, filled with ``Copy/fill(_:_:)``.
public struct Copy: Sendable, Equatable, Decodable {
    public let onboardingLines: [String]
    public let onboardingAction: String
    public let onboardingActionHint: String
    public let onboardingFooter: String
    public let homeTitle: String
    public let homeSubtitle: String
    public let homeCommandsHint: String
    public let firstLogHint: String
    public let firstLogPrefill: String
    public let momentLogged: String
    /// A moment's short reference on its card (`#12`), the number the row commands take.
    public let momentReference: String
    public let afterCardHint: String
    public let notLoggedFuture: String
    public let notLoggedTooLong: String
    public let tooLongHistoryHint: String
    public let notLoggedNoText: String
    public let aiPraiseFailed: String
    public let aiPraiseLabel: String
    public let crisisMessage: String
    public let aiConsentQuestion: String
    public let aiConsentYes: String
    public let aiConsentNo: String
    public let aiKeyFileTooOpen: String
    public let saveFailed: String
    public let damagedDatabase: String
    public let damagedDatabaseAt: String
    public let readFailed: String
    /// Writes refused because a newer yadg wrote the data.
    public let newerSchema: String
    public let unknownCommandWithSuggestion: String
    public let unknownCommand: String
    /// `yadg took a walk`: no slash in the CLI, and the way to log it.
    public let unknownSubcommand: String
    public let unknownSubcommandWithSuggestion: String
    public let commandTakesNoArguments: String
    public let commandOnlyInConversation: String
    public let didAskText: String
    public let didAskWhen: String
    public let didUnclearWhen: String
    public let didFutureWhen: String
    public let didConfirm: String
    public let didCancelled: String
    public let cancelNothing: String
    public let whenNoMoment: String
    public let whenNeedsExpression: String
    public let whenUnclear: String
    public let whenFuture: String
    public let whenSet: String
    public let momentsTitle: String
    public let momentsToday: String
    public let momentsYesterday: String
    public let momentsEmpty: String
    public let momentsEmptyAction: String
    public let momentsUnknownRange: String
    public let helpTitle: String
    public let helpCommandsTitle: String
    public let goodbye: String
    public let usage: String
    public let unknownOption: String
    public let logNeedsText: String
    public let storageUnavailable: String
    public let invalidNow: String
    public let parseUsage: String
    public let parseBadArguments: String
    public let journeyTitle: String
    public let journeySubtitle: String
    public let journeyEmpty: String
    public let journeyCount: String
    public let journeyCountOne: String
    public let journeyMoreOnDay: String
    public let journeyMore: String
    public let journeyNoMore: String
    public let journeySummaryOne: String
    public let journeySummarySeveral: String
    public let momentsNothingInRange: String
    public let momentsShowingNewest: String
    public let findNeedsWords: String
    public let findNothing: String
    public let findTitle: String
    public let referenceUnknown: String
    public let referenceNeeded: String
    public let favDone: String
    public let unfavDone: String
    public let deleteDone: String
    public let undoDone: String
    public let undoNothing: String
    public let editDone: String
    public let editNeedsText: String
    public let calendarLegend: String
    public let calendarToday: String
    public let calendarUnknownMonth: String
    public let statsTitle: String
    public let statsMoments: String
    public let statsDays: String
    public let statsFavorites: String
    public let statsRecent: String
    public let statsKinds: String
    public let statsEmpty: String
    public let exportDone: String
    public let exportFailed: String
    public let exportUnknownFormat: String
    public let importDone: String
    public let importFailed: String
    public let importNeedsFile: String
    /// What the offline Journey summary says for each kind of win.
    public let journeyActions: [String: String]
    /// The Journey's line for a day that held crisis language, instead of a mood and a summary.
    public let journeyHeavyDay: String
    public let unfavNotFavorite: String
    /// The help pointer, shown once on a Journey page that has such a day.
    public let journeyHeavyDayHelp: String
    public let journeySummaryArrived: String
    /// One-line summaries of commands, by command name.
    public let commands: [String: String]

    public init(json: String) throws {
        self = try JSONDecoder().decode(Copy.self, from: Data(json.utf8))
    }

    /// Replaces each `{key}` in `template` with its value.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = template
        for (key, value) in values { out = out.replacingOccurrences(of: "{\(key)}", with: value) }
        return out
    }
}

/// The decoded resources the shell needs, handed in by the executable (never paths).
public struct ShellResources: Sendable {
    public let copy: Copy
    public let praise: PraisePool
    public let classifier: ActionClassifier
    /// Light, kind lines for Home; an empty line shows the next one.
    public let homePhrases: [String]
    public let privacy: String
    public let terms: String
    public let crisis: CrisisCheck

    public init(
        copy: Copy, praise: PraisePool, classifier: ActionClassifier, homePhrases: [String], privacy: String,
        terms: String, crisis: CrisisCheck
    ) {
        self.crisis = crisis
        self.copy = copy
        self.praise = praise
        self.classifier = classifier
        self.homePhrases = homePhrases
        self.privacy = privacy
        self.terms = terms
    }
}
