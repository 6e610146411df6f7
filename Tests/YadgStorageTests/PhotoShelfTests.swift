import Foundation
import Testing
import YadgCore
import YadgTestSupport

@testable import YadgStorage

/// `/photo`'s copies: private, named by content, stored once, the original untouched.
struct PhotoShelfTests {
    /// A real 1×1 PNG (the smallest a viewer opens), and the start of a JPEG.
    static let png = Data(
        [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0,
            1, 8, 2, 0, 0, 0,
        ]
            + Array(repeating: 0x42, count: 40))
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x11, count: 60))

    @Test func sha256KnownAnswers() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("The same photo twice is stored once, privately, and the original is untouched")
    func samePhotoTwice() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let data = folder + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try Self.png.write(to: URL(fileURLWithPath: folder + "/walk.png"))
        try Self.png.write(to: URL(fileURLWithPath: folder + "/copy of walk.png"))
        chmod(folder + "/walk.png", 0o644)
        let before = try FileManager.default.attributesOfItem(atPath: folder + "/walk.png")
        let shelf = PhotoShelf(dataDirectory: data)
        let first = try shelf.keep("walk.png", home: "/nowhere", currentDirectory: folder).get()
        let second = try shelf.keep(folder + "/copy of walk.png", home: "/nowhere", currentDirectory: "/").get()
        #expect(first == "photos/" + SHA256.hex(Self.png) + ".png")
        #expect(second == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/photos") == [String(first.dropFirst(7))])
        #expect(try Data(contentsOf: URL(fileURLWithPath: data + "/" + first)) == Self.png)
        #expect(Self.mode(data + "/" + first) == 0o600)
        #expect(Self.mode(data + "/photos") == 0o700)
        let after = try FileManager.default.attributesOfItem(atPath: folder + "/walk.png")
        #expect(after[.posixPermissions] as? Int == 0o644)
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
        #expect(try shelf.keep("~/walk.png", home: folder, currentDirectory: "/").get() == first)
        let jpeg = try { () throws -> String in
            try Self.jpeg.write(to: URL(fileURLWithPath: folder + "/b.jpg"))
            return try shelf.keep("b.jpg", home: "/", currentDirectory: folder).get()
        }()
        #expect(jpeg.hasSuffix(".jpg") && jpeg != first)
    }

    @Test("A missing file, a folder, a file that is not a photo, one too large: said, nothing kept")
    func refusals() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        var shelf = PhotoShelf(dataDirectory: folder + "/data")
        shelf.limit = 64
        try "just words".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        try (Self.png + Data(count: 64)).write(to: URL(fileURLWithPath: folder + "/big.png"))
        func keep(_ path: String) -> PhotoError? {
            if case .failure(let problem) = shelf.keep(path, home: folder, currentDirectory: folder) {
                problem
            } else {
                nil
            }
        }
        #expect(keep("gone.jpg") == .missing(path: "gone.jpg"))
        #expect(keep("~") == .folder(path: "~"))
        #expect(keep("notes.txt") == .notAPhoto(path: "notes.txt"))
        #expect(keep("big.png") == .tooLarge(path: "big.png", limitMB: 0))
        #expect(keep("/dev/null") == .notAPhoto(path: "/dev/null"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/data/photos"))
        let words = TestSupport.resources.copy
        #expect(
            PhotoError.tooLarge(path: "big.png", limitMB: 25).message(words)
                == "big.png is over 25 MB, which is more than I keep for one photo. A smaller copy would work.")
        #expect(
            PhotoError.missing(path: "a\u{1B}[2Jb.jpg").message(words)
                == "I couldn't find ab.jpg. Nothing was changed.")
    }

    @Test("Each kind of photo is known by its first bytes")
    func kinds() {
        func kind(_ bytes: [UInt8]) -> String? { PhotoShelf.imageKind(Data(bytes)) }
        #expect(kind(Array(Self.png)) == "png")
        #expect(kind(Array(Self.jpeg)) == "jpg")
        #expect(kind(Array("GIF89a....".utf8)) == "gif")
        #expect(kind(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "webp")
        #expect(kind([0, 0, 0, 0x18] + Array("ftypheic....".utf8)) == "heic")
        #expect(kind([0, 0, 0, 0x18] + Array("ftypavif....".utf8)) == "avif")
        #expect(kind([0, 0, 0, 0x18] + Array("ftypisom....".utf8)) == nil)
        #expect(kind(Array("%PDF-1.7".utf8)) == nil)
        #expect(kind([]) == nil)
    }

    static func mode(_ path: String) -> Int {
        var info = stat()
        stat(path, &info)
        return Int(info.st_mode & 0o777)
    }
}

/// The server's tags join the person's own; it never received those.
struct SyncedTagsTests {
    @Test func serverTagsJoinOwnTags() throws {
        let store = try SQLiteMomentStore.inMemory(syncs: true)
        let now = Date()
        let moment = Moment(
            id: UUID(), text: "took a walk", submittedAt: now, happenedAt: now, tz: "UTC", offlinePraise: "Nice.",
            action: "movement", tags: ["outside"], mood: "calm")
        try store.insert(moment, state: [:])
        let operation = try #require(try store.dueOperations(now: now, includingHeld: false, limit: 10).first)
        let stored = try store.completed(
            operation, server: ServerMoment(serverID: "s1", tags: ["small-win", "outside"]))
        #expect(stored?.tags == ["outside", "small-win"])
        #expect(stored?.mood == "calm")
        // A mood or a note changes nothing the backend holds: nothing is queued for it.
        var changed = try #require(stored)
        changed.mood = "proud"
        changed.note = "sunny"
        try store.update(changed)
        #expect(try store.dueOperations(now: now, includingHeld: false, limit: 10).isEmpty)
    }
}
