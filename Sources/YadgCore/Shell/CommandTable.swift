/// The one list of yadg's commands, in the order `/help` and `yadg --help` show them.
public enum CommandTable {
    public static let all: [any ShellCommand.Type] = [
        HelpCommand.self, MomentsCommand.self, TodayCommand.self, FindCommand.self, FavCommand.self,
        UnfavCommand.self, DeleteCommand.self, UndoCommand.self, EditCommand.self, MoodCommand.self, NoteCommand.self,
        TagCommand.self,
        PhotoCommand.self, JourneyCommand.self, WeekCommand.self, OnThisDayCommand.self,
        CalendarCommand.self, StatsCommand.self, ExportCommand.self, ImportCommand.self, WhenCommand.self,
        DidCommand.self, CancelCommand.self, SettingsCommand.self, PremiumCommand.self, RestoreCommand.self,
        ManageCommand.self, SupportCommand.self, PrivacyCommand.self, LockCommand.self, UnlockCommand.self,
        TermsCommand.self, DeleteMyDataCommand.self,
        QuitCommand.self, LogCommand.self, ParseCommand.self, SyncCommand.self, CompletionsCommand.self,
    ]

    public static let specs: [CommandSpec] = all.map { $0.spec }

    /// The command a name or alias stands for (any case).
    public static func command(named name: String) -> (any ShellCommand.Type)? {
        let lowered = name.lowercased()
        return all.first { $0.spec.name == lowered || $0.spec.aliases.contains(lowered) }
    }

    public static func spec(named name: String) -> CommandSpec? { command(named: name)?.spec }

    /// `/name` of every command offered in the conversation, for help and completion.
    public static var conversationNames: [String] {
        specs.filter(\.inConversation).map { "/" + $0.name }
    }
}
