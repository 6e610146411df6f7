import Foundation
import Testing
import YadgCore
import YadgResources
import YadgSealing
import YadgTestSupport

@testable import YadgStorage

/// What a locked journal leaves readable is written down, column by column: a column added later
/// cannot stay readable without the Privacy and security article and `/privacy` saying so.
struct ReadableColumnsTests {
    /// Each column a sealed row keeps readable, and the words `/privacy` says it in.
    static let saidInPrivacy: [String: String] = [
        "id": "how many moments there are", "server_id": "the server's id", "submitted_at": "was logged",
        "happened_at": "when each happened", "time_ago": "was logged", "is_favorite": "a favourite",
        "is_synced": "whether it is synced", "sync_error": "the last sync problem", "archived_at": "or deleted",
        "is_crisis": "a crisis, a concern or a recovery milestone", "ref": "its number",
        "time_precision": "a clock time, a day or a period", "local_day": "its day",
    ]

    static var article: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return
            (try? String(
                contentsOf: root.appending(path: "Sources/YadgStorage/YadgStorage.docc/PrivacyAndSecurity.md"),
                encoding: .utf8)) ?? ""
    }

    @Test("Every readable column of a sealed row, and every table, is named in the article and in /privacy")
    func readableColumnsAreNamed() throws {
        let store = try SQLiteMomentStore(path: TemporaryFolder.make() + "/moments.db")
        var moment = Moment(
            id: UUID(), text: "a win", submittedAt: Date(), happenedAt: Date(), tz: "Europe/Berlin",
            offlinePraise: "Nice.", action: "movement", tags: ["t"], mood: "calm", note: "n", photos: ["p"])
        moment.aiPraise = "AI"
        try store.insert(moment, state: [:])
        _ = try store.lock(with: .passphrase("a long passphrase"), photos: nil)

        let info = try store.connection.prepare("PRAGMA table_info(moments)")
        var columns: [String] = []
        while try info.step() { columns.append(info.text(1) ?? "") }
        let sealed = Set(
            SealedFields.emptied.map { SQLiteMomentStore.columnName($0.column) } + ["sealed", "sealed_key"])
        let readable = columns.filter { !sealed.contains($0) }
        #expect(Set(readable) == Set(Self.saidInPrivacy.keys), "a column's place in /privacy is not written down")
        let privacy = try #require(EmbeddedResources.text("Resources/privacy.md"))
        let article = Self.article
        for column in readable {
            #expect(article.contains("`\(column)`"), "\(column) is not in the article")
            #expect(privacy.contains(Self.saidInPrivacy[column] ?? "\u{0}"), "\(column) is not said in /privacy")
        }
        // The sealed ones are empty in the file.
        for column in sealed where column != "sealed" && column != "sealed_key" {
            let value = try store.connection.scalarText("SELECT coalesce(\(column), '') FROM moments")
            #expect(value == "", "\(column) holds something in a sealed row")
        }
        let tables = try store.connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        while try tables.step() {
            let name = tables.text(0) ?? ""
            #expect(name == "moments" || article.contains("`\(name)"), "\(name) is not in the article")
        }
    }
}
