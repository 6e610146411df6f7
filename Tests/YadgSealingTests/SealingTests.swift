import Testing
import YadgSealing

/// The journal's key and the boxes sealed to it, attacked as someone holding the file would.
struct JournalKeyTests {
    @Test("The passphrase opens the secret key; another passphrase, or a changed record, opens nothing")
    func openingTheKey() throws {
        let (record, secret) = try #require(JournalKeys.create(passphrase: .passphrase("correct horse battery")))
        guard case .opened(let opened) = JournalKeys.open(record, passphrase: .passphrase("correct horse battery"))
        else { Issue.record("the right passphrase did not open the key"); return }
        #expect(opened.publicKey == secret.publicKey)
        for wrong in ["correct horse batterx", "Correct horse battery", "correct horse battery ", "x"] {
            guard case .wrongPassphrase = JournalKeys.open(record, passphrase: .passphrase(wrong)) else {
                Issue.record("\(wrong) was not refused")
                return
            }
        }
        var flipped = record
        flipped.wrappedSecret[30] ^= 1
        guard case .wrongPassphrase = JournalKeys.open(flipped, passphrase: .passphrase("correct horse battery")) else {
            Issue.record("a changed wrapped key opened")
            return
        }
        var cut = record
        cut.wrappedSecret.removeLast()
        guard case .damaged = JournalKeys.open(cut, passphrase: .passphrase("correct horse battery")) else {
            Issue.record("a cut record was not damage")
            return
        }
        var greedy = record
        greedy.memLimit = Int.max
        guard case .damaged = JournalKeys.open(greedy, passphrase: .passphrase("correct horse battery")) else {
            Issue.record("a record asking for all memory was not damage")
            return
        }
    }

    @Test("A record whose public key is another journal's does not open")
    func swappedPublicKey() throws {
        let (record, _) = try #require(JournalKeys.create(passphrase: .passphrase("one passphrase here")))
        let (other, _) = try #require(JournalKeys.create(passphrase: .passphrase("another passphrase")))
        var mixed = record
        mixed.publicKey = other.publicKey
        guard case .wrongPassphrase = JournalKeys.open(mixed, passphrase: .passphrase("one passphrase here")) else {
            Issue.record("a pieced-together record opened")
            return
        }
    }

    @Test("Changing the passphrase keeps the key pair: boxes sealed before still open")
    func rewrapping() throws {
        let (record, secret) = try #require(JournalKeys.create(passphrase: .passphrase("old passphrase")))
        let (dataKey, box) = DataKey.make(sealingTo: record.publicKey)
        let sealed = dataKey.seal(Array("a quiet win".utf8), context: Array("row-1".utf8))
        let rewrapped = try #require(JournalKeys.wrap(secret, under: .passphrase("new passphrase")))
        #expect(rewrapped.publicKey == record.publicKey)
        #expect(rewrapped.salt != record.salt)
        guard case .wrongPassphrase = JournalKeys.open(rewrapped, passphrase: .passphrase("old passphrase")) else {
            Issue.record("the old passphrase still opened")
            return
        }
        guard case .opened(let opened) = JournalKeys.open(rewrapped, passphrase: .passphrase("new passphrase")) else {
            Issue.record("the new passphrase did not open")
            return
        }
        let reopened = try #require(DataKey.open(id: dataKey.id, sealedBox: box, with: opened))
        #expect(reopened.open(sealed, context: Array("row-1".utf8)) == Array("a quiet win".utf8))
    }
}

struct DataKeyTests {
    @Test("A row opens only whole, unchanged, under its own context and key")
    func rowsOpenOnlyWhole() throws {
        let (record, secret) = try #require(JournalKeys.create(passphrase: .passphrase("a long passphrase")))
        let (writer, box) = DataKey.make(sealingTo: record.publicKey)
        let message = Array("secret win marker-7431".utf8)
        let sealed = writer.seal(message, context: Array("moment-a".utf8))
        #expect(!sealed.contains(subsequence: Array("marker-7431".utf8)))
        let reader = try #require(DataKey.open(id: writer.id, sealedBox: box, with: secret))
        #expect(reader.open(sealed, context: Array("moment-a".utf8)) == message)
        #expect(writer.open(sealed, context: Array("moment-a".utf8)) == message, "the run that wrote it reads it")
        #expect(reader.open(sealed, context: Array("moment-b".utf8)) == nil, "moved to another row")
        #expect(reader.open(Array(sealed.dropLast()), context: Array("moment-a".utf8)) == nil, "cut")
        for index in [0, 5, 30, sealed.count - 1] {
            var changed = sealed
            changed[index] ^= 0x40
            #expect(reader.open(changed, context: Array("moment-a".utf8)) == nil, "byte \(index) changed")
        }
        let (stranger, _) = DataKey.make(sealingTo: record.publicKey)
        #expect(stranger.open(sealed, context: Array("moment-a".utf8)) == nil, "another run's key")
    }

    @Test("Two seals of the same words never look alike, and a box opens only with its journal's key")
    func noncesAndKeyPairs() throws {
        let (record, _) = try #require(JournalKeys.create(passphrase: .passphrase("first journal")))
        let (_, otherSecret) = try #require(JournalKeys.create(passphrase: .passphrase("second journal")))
        let (writer, box) = DataKey.make(sealingTo: record.publicKey)
        let a = writer.seal(Array("same".utf8), context: [])
        let b = writer.seal(Array("same".utf8), context: [])
        #expect(a != b)
        #expect(Array(a[1..<25]) != Array(b[1..<25]), "each seal has its own nonce")
        #expect(DataKey.open(id: writer.id, sealedBox: box, with: otherSecret) == nil)
        var changedBox = box
        changedBox[40] ^= 1
        #expect(DataKey.open(id: writer.id, sealedBox: changedBox, with: otherSecret) == nil)
    }

    @Test("A sealed file opens with the secret key and its own name only")
    func sealedFiles() throws {
        let (record, secret) = try #require(JournalKeys.create(passphrase: .passphrase("photo passphrase")))
        let photo =
            [UInt8](repeating: 0xFF, count: 3) + Array("JFIF marker-7431".utf8) + [UInt8](repeating: 7, count: 5000)
        let sealed = SealedFile.seal(photo, to: record.publicKey, context: "photos/a.sealed")
        #expect(SealedFile.isSealed(sealed))
        #expect(!sealed.contains(subsequence: Array("marker-7431".utf8)))
        #expect(SealedFile.open(sealed, with: secret, context: "photos/a.sealed") == photo)
        #expect(SealedFile.open(sealed, with: secret, context: "photos/b.sealed") == nil)
        #expect(
            SealedFile.open(Array(sealed.prefix(sealed.count - 10)), with: secret, context: "photos/a.sealed") == nil)
    }
}

struct SecretBytesTests {
    @Test("Backspace takes off a whole character; the count of characters is of scalars")
    func typing() {
        let typed = SecretBytes.passphrase()
        for byte in Array("né☕".utf8) { typed.append(byte) }
        #expect(typed.characterCount == 3)
        typed.removeLastCharacter()
        #expect(typed.withUnsafeBytes { Array($0) } == Array("né".utf8))
        typed.removeLastCharacter()
        #expect(typed.withUnsafeBytes { Array($0) } == Array("n".utf8))
        typed.clear()
        #expect(typed.isEmpty)
    }

    @Test("A passphrase longer than the limit is not kept whole")
    func limit() {
        let typed = SecretBytes.passphrase()
        var kept = 0
        for _ in 0..<(SecretBytes.maximumBytes + 10) where typed.append(UInt8(ascii: "a")) { kept += 1 }
        #expect(kept == SecretBytes.maximumBytes)
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<$0 + subsequence.count]) == subsequence }
    }
}
