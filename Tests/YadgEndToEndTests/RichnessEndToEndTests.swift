import Foundation
import Testing
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Moods, tags, notes and photos through the real binary: pipes, one-shot views, export and
/// import, and the conversation on a pseudo-terminal.
struct RichnessEndToEndTests {
    /// A 1×1 PNG.
    static let png = Data(
        [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0,
            1, 8, 2, 0, 0, 0,
        ]
            + Array(repeating: 0x42, count: 40))

    @Test("Piped: #words, /note and /photo (kept once, refusals said), then the views, export and a round trip")
    func pipedRichness() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        try Self.png.write(to: URL(fileURLWithPath: home + "/walk.png"))
        try "words".write(toFile: home + "/notes.txt", atomically: true, encoding: .utf8)
        // 30 MB that starts like a JPEG, as a sparse file: refused by its size before it is read.
        FileManager.default.createFile(atPath: home + "/big.jpg", contents: Data([0xFF, 0xD8, 0xFF, 0xE0]))
        truncate(home + "/big.jpg", 30 * 1024 * 1024)
        let piped = """
            made dinner for friends #grateful
            /note we laughed a lot
            /photo ~/walk.png
            /photo '\(home)/walk.png'
            /photo ~/missing.jpg
            /photo ~
            /photo ~/notes.txt
            /photo ~/big.jpg
            fixed issue #12 at work #proud #work
            C# homework done

            """
        let result = try YadgProcess.run(stdin: piped, home: home, env: ["YADG_AI_PROVIDER": "none"])
        #expect(result.status == 1)
        let stored = try FileManager.default.contentsOfDirectory(atPath: home + "/photos")
        #expect(stored.count == 1 && stored[0].hasSuffix(".png"))
        let photo = "photos/" + stored[0]
        expectTranscript(
            result.stdout,
            """
            Moment logged  #1
              🙏 made dinner for friends
              just now · 3:04 PM
              Fueling yourself well. Nice.
            Note added to #1 "made dinner for friends".
            📷 Photo added to #1 "made dinner for friends" (1 in all).
            That photo is already with #1 "made dinner for friends".
            Moment logged  #2
              🏅 fixed issue #12 at work #work
              just now · 3:04 PM
              Solid effort. You earned a breather.
            Moment logged  #3
              C# homework done
              just now · 3:04 PM
              Every page and lesson counts.

            """)
        #expect(
            result.stderr == """
                yadg: line 5: I couldn't find ~/missing.jpg. Nothing was changed.
                yadg: line 6: ~ is a folder. Give me one photo in it, like ~/walk.jpg.
                yadg: line 7: ~/notes.txt doesn't look like a photo I know (JPEG, PNG, GIF, WebP, HEIC or AVIF). Nothing was changed.
                yadg: line 8: ~/big.jpg is over 25 MB, which is more than I keep for one photo. A smaller copy would work.

                """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/" + photo)) == Self.png)
        #expect(PhotoModes.of(home + "/" + photo) == 0o600 && PhotoModes.of(home + "/photos") == 0o700)
        #expect(
            YadgProcess.query("SELECT ref, text, mood, tags, note, photos FROM moments ORDER BY ref", home: home) == [
                ["1", "made dinner for friends", "grateful", "", "we laughed a lot", photo],
                ["2", "fixed issue #12 at work", "proud", "work", "NULL", ""],
                ["3", "C# homework done", "NULL", "", "NULL", ""],
            ])

        let moments = try YadgProcess.run(["moments"], home: home)
        expectTranscript(
            moments.stdout,
            """
            Moments

            Today
              3  C# homework done
                 just now · "Every page and lesson counts."
              2  🏅 fixed issue #12 at work #work
                 just now · "Solid effort. You earned a breather."
              1  🙏 made dinner for friends
                 just now · "Fueling yourself well. Nice." · 📷 1
                 ✎ we laughed a lot
                 📷 \(home)/\(photo)

            """)
        let found = try YadgProcess.run(["find", "#work"], home: home)
        #expect(found.stdout.contains("  2  🏅 fixed issue #12 at work #work") && !found.stdout.contains("dinner"))
        let json = try YadgProcess.run(["--json", "moments"], home: home)
        #expect(json.stdout.contains(#""mood":"grateful","note":"we laughed a lot","photos":["\#(photo)"]"#))
        #expect(json.stdout.contains(#""mood":"proud","tags":["work"]}"#))
        let markdown = try YadgProcess.run(["export", "--format", "md"], home: home)
        #expect(
            markdown.stdout.contains(
                """
                - 3:04 PM — 🙏 made dinner for friends  
                  _Fueling yourself well. Nice._  
                  ✎ we laughed a lot  
                  [📷 photo](<\(home)/\(photo)>)
                """))
        let csv = try YadgProcess.run(["export", "--format", "csv"], home: home)
        #expect(csv.stdout.contains(",grateful,,we laughed a lot,\(photo)\r\n"))

        // Every field travels: export, import into an empty home, export again, byte for byte.
        let file = home + "/all.json"
        #expect(try YadgProcess.run(["export", "--output", file], home: home).status == 0)
        let other = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(other) }
        let imported = try YadgProcess.run(["import", file], home: other)
        #expect(imported.status == 0)
        // The export names the photo; the picture itself stays behind, and the import says so.
        #expect(
            imported.stdout.hasSuffix(
                "A photo they name is not here (\(photo)); an export holds its name, not the picture. Copy it into \(other)/photos to see it.\n"
            ), "\(imported.stdout)")
        #expect(
            try YadgProcess.run(["export"], home: other).stdout == (try String(contentsOfFile: file, encoding: .utf8)))
        #expect(
            try YadgProcess.run(["stats"], home: other).stdout.hasSuffix(
                "How your moments felt\n🙏 grateful 1 · 🏅 proud 1\n"))

        // Delete my data takes the photos too.
        #expect(try YadgProcess.run(["delete-my-data", "--yes"], home: home).status == 0)
        #expect(!FileManager.default.fileExists(atPath: home + "/photos"))
        #expect(FileManager.default.fileExists(atPath: home + "/walk.png"), "the original is the person's own")
    }

    @Test("A photo yadg may not read is said, and nothing changes")
    func unreadablePhoto() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        try Self.png.write(to: URL(fileURLWithPath: home + "/secret.png"))
        chmod(home + "/secret.png", 0o000)
        let stdin = "took a walk\n/photo ~/secret.png\n"
        if getuid() == 0 {
            // The other user owns the home, but not the photo.
            for path in [home] + (try FileManager.default.subpathsOfDirectory(atPath: home)).map({ home + "/" + $0 })
            where !path.hasSuffix("secret.png") {
                chown(path, 65534, 65534)
            }
            chmod(home + "/secret.png", 0o600)
        }
        let result = try YadgProcess.runAsAnotherUser(stdin: stdin, home: home, env: ["YADG_AI_PROVIDER": "none"])
        #expect(result.stdout.hasPrefix("Moment logged  #1\n"))
        #expect(
            result.stderr
                == "yadg: line 2: I can't read ~/secret.png (its permissions keep me out). Nothing was changed.\n")
        #expect(YadgProcess.query("SELECT photos FROM moments", home: home) == [[""]])
        #expect(!FileManager.default.fileExists(atPath: home + "/photos"))
    }

    @Test("/did offers a feeling and a note, each skipped with Enter; Tab completes moods and tags")
    func guidedAndTab() throws {
        let home = YadgProcess.makeHome()
        defer { TemporaryFolder.remove(home) }
        _ = try YadgProcess.run(stdin: "weeded the beds #garden\n", home: home, env: ["YADG_AI_PROVIDER": "none"])
        let terminal = try PseudoTerminal.pastOnboarding(
            home: home, extra: ["TERM": "xterm", "NO_COLOR": "1", "YADG_AI_PROVIDER": "none"])
        defer { terminal.close() }
        terminal.type("/did\r")
        try terminal.waitFor("What did you do?")
        terminal.type("watered the plants\r")
        try terminal.waitFor("Enter to keep")
        terminal.type("\r")
        try terminal.waitFor("How did it feel? (Enter to skip)")
        try terminal.waitFor("😟 worried")
        terminal.type("#gra\t")  // only one mood starts so
        try terminal.waitFor("› #grateful ")
        terminal.type("\r")
        try terminal.waitFor("A note to keep with it? (Enter to skip)")
        terminal.type("the basil is back\r")
        try terminal.waitFor("✎ the basil is back")
        terminal.type("\r")
        try terminal.waitFor("Moment logged  #3")

        // The same flow, every optional step skipped with Enter.
        let mark = terminal.screenText.count
        terminal.type("/did\r")
        try terminal.waitFor("What did you do?", after: mark)
        terminal.type("stretched\r")
        try terminal.waitFor("Enter to keep", after: mark)
        terminal.type("\r")
        try terminal.waitFor("How did it feel?", after: mark)
        terminal.type("\r")
        try terminal.waitFor("A note to keep with it?", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Save this moment", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Moment logged  #4", after: mark)
        try terminal.waitFor("  stretched\n", after: mark)

        // Tab: a tag already used, then a mood after /mood.
        terminal.type("planted tulips #gar\t")
        try terminal.waitFor("› planted tulips #garden ")
        terminal.type("\r")
        try terminal.waitFor("Moment logged  #5")
        terminal.type("/mood 4 ca\t")
        try terminal.waitFor("› /mood 4 calm ")
        terminal.type("\r")
        try terminal.waitFor("🍃 Calm, noted for #4 \"stretched\".")
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(
            YadgProcess.query("SELECT ref, text, mood, tags, note FROM moments WHERE ref > 2 ORDER BY ref", home: home)
                == [
                    ["3", "watered the plants", "grateful", "", "the basil is back"],
                    ["4", "stretched", "calm", "", "NULL"],
                    ["5", "planted tulips", "NULL", "garden", "NULL"],
                ])
    }
}

enum PhotoModes {
    static func of(_ path: String) -> Int {
        var info = stat()
        stat(path, &info)
        return Int(info.st_mode & 0o777)
    }
}
