import YadgCore
import YadgStorage

/// What `yadg __complete` prints for a shell's completion script: one candidate a line, its
/// description after a tab, or `:files` when the shell should complete a path itself.
public enum ShellCompletionAnswer {
    public static func text(typed: [String], copy: Copy, moods: MoodVocabulary, database: String) -> String {
        let help = copy[HelpCopy.self]
        let answer = ShellCompletion.answer(
            typed: typed.isEmpty ? [""] : typed, summaries: help.summaries, optionSummaries: help.options,
            tags: { SQLiteMomentStore.tagsInUse(readingOnly: database, limit: 200) },
            moods: { moods.moods.map(\.name) })
        switch answer {
        case .files: return ":files\n"
        case .words(let candidates):
            return candidates.map { candidate in
                let description = candidate.description.filter { $0 != "\t" && $0 != "\n" }
                return description.isEmpty ? candidate.word + "\n" : candidate.word + "\t" + description + "\n"
            }.joined()
        }
    }
}
