import Foundation
import Testing
import YadgCore
import YadgSealing
import YadgTestSupport

@testable import YadgStorage

/// A locked journal, attacked as someone holding its files would, and used as its owner would.
struct SealedStoreTests {
    static let passphrase = "a long and quiet passphrase"
    static let marker = "marker-7431"

    static func moment(_ text: String, at seconds: TimeInterval = 1_763_560_000, action: String = "movement") -> Moment
    {
        let date = Date(timeIntervalSince1970: seconds)
        return Moment(
            id: UUID(), text: text, submittedAt: date, happenedAt: date, tz: "Europe/Berlin",
            offlinePraise: "Nice one.", action: action)
    }

    /// Every byte of the database, its log and its index, and the photos folder.
    static func everyByte(in folder: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        for name in files {
            bytes += (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))) ?? []
        }
        return bytes
    }

    static func holds(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains {
            bytes[$0] == needle[0] && Array(bytes[$0..<$0 + needle.count]) == needle
        }
    }

    @Test("Locking seals every word already written: no page of the file, its log or a photo holds them")
    func lockingSealsWhatWasWritten() throws {
        let folder = TemporaryFolder.make()
        let store = try SQLiteMomentStore(path: folder + "/moments.db", syncs: true)
        var walk = Self.moment("secret win \(Self.marker) walk")
        walk.note = "note \(Self.marker)"
        walk.tags = ["tag-\(Self.marker)"]
        walk.mood = "calm"
        walk.aiPraise = "praise \(Self.marker)"
        walk.said = SaidTime(.day, "said \(Self.marker)")
        let photos = PhotoShelf(dataDirectory: folder)
        let picture = folder + "/walk.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("photo \(Self.marker)".utf8)).write(
            to: URL(fileURLWithPath: picture))
        walk.photos = [try photos.keep(picture, home: folder, currentDirectory: folder).get()]
        try FileManager.default.removeItem(atPath: picture)
        try store.insert(walk, state: [:])
        var edited = try #require(try store.moment(id: walk.id))
        edited.text = "edited \(Self.marker) walk"
        try store.update(edited)  // an edit's text waits in the outbox
        try store.saveDaySummary(DaySummary(day: walk.localDay, text: "summary \(Self.marker)", fingerprint: "f"))
        #expect(Self.holds(Self.everyByte(in: folder), Self.marker), "the plain journal holds the words, as it did")

        let outcome = try store.lock(with: .passphrase(Self.passphrase), photos: photos)
        #expect(outcome == .locked(moments: 1, photos: 1))
        #expect(!Self.holds(Self.everyByte(in: folder), Self.marker), "a sealed journal holds none of them")
        #expect(!store.lockIsUnfinished)

        // This run keeps the key it just made, and reads everything as it was.
        let read = try #require(try store.moment(id: walk.id))
        #expect(read.text == "edited \(Self.marker) walk" && read.note == walk.note && read.tags == walk.tags)
        #expect(read.mood == "calm" && read.aiPraise == walk.aiPraise && read.timeSaid == walk.timeSaid)
        #expect(read.photos.count == 1 && PhotoShelf.isSealed(read.photos[0]))
        let opened = try #require(store.openedSecretKey.flatMap { photos.opened(read.photos[0], with: $0) })
        #expect(Self.holds(opened.bytes, "photo \(Self.marker)") && opened.kind == "png")
        #expect(try store.daySummary(for: walk.localDay)?.text == "summary \(Self.marker)")
        // The create goes first; then the edit, its new text opened to be sent.
        let later = Date().addingTimeInterval(10)
        let create = try #require(try store.dueOperations(now: later, includingHeld: true, limit: 10).first)
        try store.completed(create, server: nil)
        let due = try store.dueOperations(now: later, includingHeld: true, limit: 10)
        #expect(due.first?.fields?.contains(Self.marker) == true, "the edit is sent as it was")
    }

    @Test("A writer holds only the public key: it logs sealed, reads its own, and nothing written before")
    func writingNeedsNoKey() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let owner = try SQLiteMomentStore(path: path)
        let before = Self.moment("before the lock")
        try owner.insert(before, state: [:])
        #expect(try owner.lock(with: .passphrase(Self.passphrase), photos: nil) == .locked(moments: 1, photos: 0))

        let pipe = try SQLiteMomentStore(path: path)
        #expect(pipe.lockState == .locked(open: false))
        let logged = Self.moment("piped \(Self.marker)", at: 1_763_570_000)
        #expect(try pipe.insert(logged, state: [.hasCompletedFirstLog: "1"]))
        #expect(try pipe.moment(id: logged.id)?.text == "piped \(Self.marker)", "a run reads what it wrote")
        #expect(throws: MomentStoreError.locked) { try pipe.moment(id: before.id) }
        #expect(throws: MomentStoreError.locked) { try pipe.allMoments() }
        #expect(try pipe.stateValue(.hasCompletedFirstLog) == "1", "state stays readable")
        #expect(try pipe.totals(recentFrom: nil).moments == 2, "counts need no key")

        #expect(pipe.open(with: .passphrase("not the passphrase")) == .wrongPassphrase)
        #expect(throws: MomentStoreError.locked) { try pipe.moment(id: before.id) }
        #expect(pipe.open(with: .passphrase(Self.passphrase)) == .opened)
        #expect(try pipe.moment(id: before.id)?.text == "before the lock")
        #expect(try owner.moment(id: logged.id)?.text == "piped \(Self.marker)")
        #expect(!Self.holds(Self.everyByte(in: (path as NSString).deletingLastPathComponent), Self.marker))
    }

    @Test("A script's passphrase is read at the first need, once; a wrong one is said, and opens nothing")
    func passphraseSource() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let owner = try SQLiteMomentStore(path: path)
        try owner.insert(Self.moment("a win"), state: [:])
        _ = try owner.lock(with: .passphrase(Self.passphrase), photos: nil)

        let asked = Counter()
        let script = try SQLiteMomentStore(path: path)
        script.setPassphraseSource {
            asked.add()
            return .passphrase(Self.passphrase)
        }
        try script.insert(Self.moment("logged without it"), state: [:])
        #expect(asked.value == 0, "logging never asks")
        #expect(try script.allMoments().count == 2)
        #expect(try script.allMoments().count == 2)
        #expect(asked.value == 1)

        let wrong = try SQLiteMomentStore(path: path)
        wrong.setPassphraseSource { .passphrase("wrong") }
        #expect(throws: MomentStoreError.wrongPassphrase) { try wrong.allMoments() }
        #expect(throws: MomentStoreError.wrongPassphrase) { try wrong.allMoments() }
    }

    @Test("A box changed or cut short on disk is damage, named by its moment, never an empty moment")
    func tamperedBoxes() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let store = try SQLiteMomentStore(path: path)
        let a = Self.moment("first")
        let b = Self.moment("second", at: 1_763_570_000)
        try store.insert(a, state: [:])
        try store.insert(b, state: [:])
        try store.saveDaySummary(DaySummary(day: a.localDay, text: "a day", fingerprint: "f"))
        _ = try store.lock(with: .passphrase(Self.passphrase), photos: nil)

        let raw = try SQLiteConnection(path: path)
        // One bit of the first moment's box flipped; the second's cut short.
        try Self.change(raw, "SELECT sealed FROM moments WHERE ref = 1", "UPDATE moments SET sealed = ? WHERE ref = 1")
        {
            $0[40] ^= 1
        }
        try Self.change(raw, "SELECT sealed FROM moments WHERE ref = 2", "UPDATE moments SET sealed = ? WHERE ref = 2")
        {
            $0.removeLast(3)
        }
        try raw.execute("UPDATE day_summaries SET sealed = substr(sealed, 1, 30)")
        let reader = try SQLiteMomentStore(path: path)
        #expect(reader.open(with: .passphrase(Self.passphrase)) == .opened)
        #expect(throws: MomentStoreError.sealDamaged(reference: 1)) { try reader.moment(ref: 1) }
        #expect(throws: MomentStoreError.sealDamaged(reference: 2)) { try reader.moment(ref: 2) }
        #expect(throws: MomentStoreError.sealDamaged(reference: 1)) { try reader.allMoments() }
        #expect(throws: MomentStoreError.sealDamaged(reference: nil)) { try reader.daySummary(for: a.localDay) }

        // A box moved onto another row does not open there either.
        let moved = try SQLiteConnection(path: path)
        try moved.execute("UPDATE moments SET sealed = (SELECT sealed FROM moments WHERE ref = 2) WHERE ref = 1")
        #expect(throws: MomentStoreError.sealDamaged(reference: 1)) { try reader.moment(ref: 1) }
    }

    @Test("Counts, favourites and days stay right through lock, edits, deletes and unlock")
    func countsThroughLockAndUnlock() throws {
        let store = try SQLiteMomentStore(path: TemporaryFolder.make() + "/moments.db")
        var calm = Self.moment("walk", action: "movement")
        calm.mood = "calm"
        try store.insert(calm, state: [:])
        try store.insert(Self.moment("dishes", at: 1_763_570_000, action: "chores"), state: [:])
        let plain = try store.totals(recentFrom: nil)
        _ = try store.lock(with: .passphrase(Self.passphrase), photos: nil)
        #expect(try store.totals(recentFrom: nil) == plain)

        var tired = Self.moment("nap", at: 1_763_580_000, action: "rest")
        tired.mood = "tired"
        try store.insert(tired, state: [:])
        var archived = try #require(try store.moment(id: calm.id))
        archived.archivedAt = Date(timeIntervalSince1970: 1_763_590_000)
        try store.update(archived)
        var moved = try #require(try store.moment(id: tired.id))
        moved.action = "self-care"
        moved.mood = "proud"
        try store.update(moved)
        let locked = try store.totals(recentFrom: nil)
        #expect(locked.moments == 2)
        #expect(locked.actions.map { "\($0.0)=\($0.1)" }.sorted() == ["chores=1", "self-care=1"])
        #expect(locked.moods.map { "\($0.0)=\($0.1)" } == ["proud=1"])

        let (outcome, count) = try store.removeLock(with: .passphrase(Self.passphrase), photos: nil)
        #expect(outcome == .opened && count == 3)
        #expect(try store.totals(recentFrom: nil) == locked)
        #expect(store.lockState == .notLocked)
        let raw = store.connection
        #expect(try raw.scalarText("SELECT count(*) FROM moments WHERE sealed IS NOT NULL") == "0")
        #expect(try raw.scalarText("SELECT count(*) FROM sealed_keys") == "0")
        #expect(try raw.scalarText("SELECT text FROM moments WHERE ref = 3") == "nap")
        try store.insert(Self.moment("after the lock", at: 1_763_600_000), state: [:])
        #expect(try raw.scalarText("SELECT text FROM moments WHERE ref = 4") == "after the lock")
    }

    @Test("Changing the passphrase touches no row: the old one stops opening, the new one opens all")
    func changingThePassphrase() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let store = try SQLiteMomentStore(path: path)
        try store.insert(Self.moment("kept as it was"), state: [:])
        _ = try store.lock(with: .passphrase(Self.passphrase), photos: nil)
        let boxes = try store.connection.scalarText("SELECT hex(sealed) FROM moments")
        #expect(
            try store.changePassphrase(current: .passphrase("wrong"), new: .passphrase("new one")) == .wrongPassphrase)
        #expect(
            try store.changePassphrase(current: .passphrase(Self.passphrase), new: .passphrase("a new passphrase"))
                == .opened)
        #expect(try store.connection.scalarText("SELECT hex(sealed) FROM moments") == boxes)
        let later = try SQLiteMomentStore(path: path)
        #expect(later.open(with: .passphrase(Self.passphrase)) == .wrongPassphrase)
        #expect(later.open(with: .passphrase("a new passphrase")) == .opened)
        #expect(try later.allMoments().map(\.text) == ["kept as it was"])
    }

    @Test("A run that opened the file before another yadg locked it writes sealed rows from then on")
    func lockedMeanwhile() throws {
        let path = TemporaryFolder.make() + "/moments.db"
        let pipe = try SQLiteMomentStore(path: path)
        try pipe.insert(Self.moment("plain, before"), state: [:])
        let conversation = try SQLiteMomentStore(path: path)
        _ = try conversation.lock(with: .passphrase(Self.passphrase), photos: nil)
        try pipe.batch {
            _ = try pipe.insertNumbered(Self.moment("after \(Self.marker)", at: 1_763_570_000), state: [:])
        }
        #expect(try pipe.connection.scalarText("SELECT count(*) FROM moments WHERE sealed IS NULL") == "0")
        #expect(!Self.holds(Self.everyByte(in: (path as NSString).deletingLastPathComponent), Self.marker))
        #expect(try conversation.allMoments().map(\.text) == ["plain, before", "after \(Self.marker)"])
    }

    @Test("Sealed moments are found by their words and tags once opened; Tab's tags too")
    func findingSealedMoments() throws {
        let store = try SQLiteMomentStore(path: TemporaryFolder.make() + "/moments.db")
        var walk = Self.moment("Took a WALK by the river")
        walk.tags = ["Outside"]
        try store.insert(walk, state: [:])
        var tea = Self.moment("made tea", at: 1_763_570_000)
        tea.mood = "calm"
        try store.insert(tea, state: [:])
        _ = try store.lock(with: .passphrase(Self.passphrase), photos: nil)
        #expect(try store.moments(containing: ["walk"], tagged: [], limit: 10).map(\.text) == [walk.text])
        #expect(try store.moments(containing: [], tagged: ["outside"], limit: 10).map(\.text) == [walk.text])
        #expect(try store.moments(containing: [], tagged: ["calm"], limit: 10).map(\.text) == ["made tea"])
        #expect(try store.tagsInUse(limit: 10) == ["Outside"])
        let stranger = try SQLiteMomentStore(path: store.connection.openedFile!.path)
        #expect(try stranger.tagsInUse(limit: 10) == [], "Tab offers no tags while locked")
        #expect(throws: MomentStoreError.locked) { try stranger.moments(containing: ["walk"], tagged: [], limit: 10) }
    }
}

extension SealedStoreTests {
    /// Reads one blob, changes it, writes it back (as someone with the file and a hex editor would).
    static func change(_ raw: SQLiteConnection, _ select: String, _ update: String, _ edit: (inout [UInt8]) -> Void)
        throws
    {
        let read = try raw.prepare(select)
        _ = try read.step()
        var bytes = read.blob(0) ?? []
        read.reset()
        edit(&bytes)
        let write = try raw.prepare(update)
        try write.bind(bytes, at: 1)
        try write.step()
    }
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
