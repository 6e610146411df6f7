import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// The `#` rule (``Hashtags``) on tricky lines, and the moods vocabulary.
struct HashtagRuleTests {
    let moods = TestSupport.resources.moods

    func read(_ line: String) -> Hashtags.Reading { Hashtags.read(line, moods: moods) }

    @Test(
        "Tricky lines",
        arguments: [
            // line, stored text, mood, tags
            ("made dinner for friends #grateful", "made dinner for friends", "grateful", []),
            ("#1 fan of my sister's band", "#1 fan of my sister's band", nil, []),
            ("finished the C# course", "finished the C# course", nil, []),
            ("closed issue #12 finally", "closed issue #12 finally", nil, []),
            ("fixed bug #4521", "fixed bug #4521", nil, []),
            ("ran 5k #calm #proud", "ran 5k", "calm", ["proud"]),
            ("went #running with Sam", "went #running with Sam", nil, ["running"]),
            ("went #running with Sam #Outdoors", "went #running with Sam", nil, ["running", "outdoors"]),
            ("baked bread 🍞 #Baking", "baked bread 🍞", nil, ["baking"]),
            ("party 🎉 #🎉", "party 🎉 #🎉", nil, []),
            ("read ## notes", "read ## notes", nil, []),
            ("see page.html#top", "see page.html#top", nil, []),
            ("did it #proud!", "did it", "proud", []),
            ("#calm", "", "calm", []),
            ("#calm #proud", "", "calm", ["proud"]),
            ("cleaned #Tired #tired #home", "cleaned", "tired", ["home"]),
            ("learned café words #café", "learned café words", nil, ["café"]),
            ("tidied #a-b_c2", "tidied", nil, ["a-b_c2"]),
            ("swam #" + String(repeating: "x", count: 41), "swam #" + String(repeating: "x", count: 41), nil, []),
            ("took a walk", "took a walk", nil, []),
        ] as [(String, String, String?, [String])])
    func trickyLines(line: String, text: String, mood: String?, tags: [String]) {
        let reading = read(line)
        #expect(reading.text == text)
        #expect(reading.mood == mood)
        #expect(reading.tags == tags)
    }

    @Test("A time expression may come before or after the #words")
    func withTimes() {
        let shell = TestSupport.shell()
        _ = shell.handle("took a walk #calm 2 hours ago")
        _ = shell.handle("took a walk 2 hours ago #calm #outside")
        let moments = try! shell.context.store.moments(happenedFrom: nil, before: nil, limit: 10)
        #expect(moments.map(\.text) == ["took a walk", "took a walk"])
        #expect(moments.map(\.mood) == ["calm", "calm"])
        #expect(moments.map(\.tags) == [["outside"], []])  // newest first
        #expect(moments.allSatisfy { $0.happenedAt == TestSupport.date("2026-11-19T13:04:00") })
    }

    @Test func vocabulary() throws {
        #expect(moods.moods.count == 20)
        #expect(moods.mood(named: "#Calm")?.symbol == "🍃")
        #expect(
            moods.moods.filter(\.isChallenging).map(\.name) == [
                "tired", "sad", "angry", "stressed", "anxious", "frustrated", "overwhelmed", "lonely", "scared",
                "worried",
            ])
        // Every symbol is one emoji two columns wide.
        for mood in moods.moods {
            #expect(mood.symbol.count == 1 && TextWidth.columns(mood.symbol) == 2, "\(mood.name)")
        }
        #expect(moods.suggestion(for: "tird")?.name == "tired")
        #expect(moods.suggestion(for: "gratefull")?.name == "grateful")
        #expect(moods.suggestion(for: "banana") == nil)
        #expect(moods.shown("glorious") == ("", "glorious"))
        #expect(throws: ResourceError.self) {
            try MoodVocabulary(json: #"[{"name":"Calm","label":"Calm","symbol":"x","kind":"bright"}]"#)
        }
        #expect(throws: ResourceError.self) {
            try MoodVocabulary(json: #"[{"name":"calm","label":"Calm","symbol":"x","kind":"bad"}]"#)
        }
    }
}

/// What Tab offers (``Completion``).
struct CompletionTests {
    let completion = Completion(
        commands: CommandTable.conversationNames, moods: TestSupport.resources.moods,
        tagsInUse: { ["garden", "family"] })

    @Test func candidates() {
        #expect(completion.candidates(before: "/mom").matches == ["/moments"])
        #expect(completion.candidates(before: "/mo").matches == ["/moments", "/mood"])
        #expect(completion.candidates(before: "/mood ca").matches == ["calm"])
        #expect(completion.candidates(before: "/mood 3 t") == ("t", ["tired"]))
        #expect(completion.candidates(before: "watered the plants #g") == ("#g", ["#garden", "#grateful"]))
        #expect(completion.candidates(before: "/find #fam").matches == ["#family"])
        #expect(completion.candidates(before: "#pro").matches == ["#proud"])
        #expect(completion.candidates(before: "took a wa").matches.isEmpty)
        #expect(completion.candidates(before: "").matches.isEmpty)
        // The words each command declares, from the same table as the shells' completion.
        #expect(completion.candidates(before: "/moments ").matches == ["today", "yesterday", "week", "all", "favs"])
        #expect(completion.candidates(before: "/moments y") == ("y", ["yesterday"]))
        #expect(completion.candidates(before: "/settings onthisday o").matches == ["on", "off"])
        #expect(completion.candidates(before: "/calendar nov").matches == ["november"])
        #expect(completion.candidates(before: "/journey w").matches == ["weeks"])
        #expect(completion.candidates(before: "/edit 2 took a w").matches.isEmpty)
        #expect(completion.candidates(before: "/sync --").matches.isEmpty, "not in the conversation")
    }
}

/// Every richness command as a transcript, at Thu 2026-11-19 15:04 in New York.
struct RichnessTranscriptTests {
    @Test("A line without #words shows exactly the card it always did")
    func nothingNewWithoutExtras() {
        let plain = TestSupport.shell().handle("took a walk 2 hours ago")
        #expect(
            plain.lines.plainText == """
                Moment logged  #1
                  took a walk
                  2 hours ago · 1:04 PM
                  Nice move, champ.
                """)
        #expect(plain.praiseRequests.first?.mood == nil && plain.praiseRequests.first?.tags == [])
    }

    @Test("#grateful stores the mood, shows its symbol, and the request for praise carries it")
    func moodInALine() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        let reply = shell.handle("made dinner for friends #grateful")
        #expect(reply.lines.map(\.text).prefix(2) == ["Moment logged  #1", "  🙏 made dinner for friends"])
        let saved = try #require(try store.lastSubmittedMoment())
        #expect(saved.text == "made dinner for friends" && saved.mood == "grateful")
        #expect(
            PraiseRequest(moment: saved, now: Date(), zone: TestSupport.newYork, words: TestSupport.timeWords)?.feeling
                == "grateful")
    }

    @Test("A challenging mood gets a hard-day line that still celebrates the win")
    func hardDay() throws {
        let pool = TestSupport.resources.praise
        #expect(pool.hardDay.count >= 5)
        for seed in UInt64(1)...6 {
            let reply = TestSupport.shell(seed: seed).handle("did the dishes #tired")
            let praise = try #require(reply.lines.last?.text.trimmingCharacters(in: .whitespaces))
            #expect(pool.hardDay.contains(praise), "\(praise)")
        }
        let bright = TestSupport.shell().handle("did the dishes #proud").lines.last?.text ?? ""
        #expect(!pool.hardDay.contains(bright.trimmingCharacters(in: .whitespaces)))
    }

    @Test func moodCommand() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        #expect(shell.handle("/mood calm").lines.plainText == "Log a moment first, then say how it felt: /mood calm")
        _ = shell.handle("took a walk")
        _ = shell.handle("called mom")
        #expect(
            shell.handle("/mood").lines.plainText == """
                How did it feel?
                  🤩 amazed  🙏 grateful  😊 happy  🏅 proud  🌱 hopeful  😌 content
                  🌊 peaceful  🎉 excited  😄 joyful  🍃 calm  😴 tired  😢 sad  😠 angry
                  😣 stressed  😰 anxious  😤 frustrated  🌀 overwhelmed  💙 lonely  😨 scared
                  😟 worried
                /mood calm sets it for your last moment (/mood 2 calm for another), or add #calm at the end of a line.
                """)
        #expect(shell.handle("/mood Calm").lines.plainText == "🍃 Calm, noted for #2 \"called mom\".")
        #expect(shell.handle("/mood 1 #tired").lines.plainText == "😴 Tired, noted for #1 \"took a walk\".")
        #expect(try store.moment(ref: 1)?.mood == "tired" && store.moment(ref: 2)?.mood == "calm")
        #expect(shell.handle("/mood 1 tird").lines.plainText == "\"tird\" isn't one of the moods. Did you mean tired?")
        #expect(
            shell.handle("/mood 1 glorious").lines.plainText == "\"glorious\" isn't one of the moods. /mood lists them."
        )
        #expect(
            shell.handle("/mood 9 calm").lines.plainText == "There's no moment 9. /moments shows each moment's number.")
        #expect(
            shell.handle("/mood 1").lines.plainText == "Which feeling? For example: /mood 2 calm. /mood lists them.")
        #expect(shell.handle("/mood 1 none").lines.plainText == "The mood of #1 \"took a walk\" is cleared.")
        #expect(try store.moment(ref: 1)?.mood == nil)
        #expect(
            shell.handle("/moments").lines.plainText == """
                Moments

                Today
                  2  🍃 called mom
                     just now · "That was a kind way to spend a moment."
                  1  took a walk
                     just now · "Nice move, champ."
                """)
    }

    @Test func noteCommand() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        #expect(
            shell.handle("/note sunny").lines.plainText == "Log a moment first, then add a note: /note it was sunny")
        _ = shell.handle("took a walk")
        _ = shell.handle("called mom")
        #expect(
            shell.handle("/note").lines.plainText
                == "Add a few words: /note it was sunny (or /note 2 … for another moment).")
        #expect(shell.handle("/note she  laughed a lot").lines.plainText == "Note added to #2 \"called mom\".")
        #expect(shell.handle("/note 1 the park was quiet").lines.plainText == "Note added to #1 \"took a walk\".")
        #expect(shell.handle("/note #1 the park was empty").lines.plainText == "Note updated for #1 \"took a walk\".")
        #expect(try store.moment(ref: 2)?.note == "she laughed a lot")
        #expect(try store.moment(ref: 1)?.note == "the park was empty")
        #expect(
            shell.handle("/moments").lines.plainText == """
                Moments

                Today
                  2  called mom
                     just now · "That was a kind way to spend a moment."
                     ✎ she laughed a lot
                  1  took a walk
                     just now · "Nice move, champ."
                     ✎ the park was empty
                """)
        #expect(shell.handle("/note 1 none").lines.plainText == "Note removed from #1 \"took a walk\".")
        #expect(shell.handle("/note 1 none").lines.plainText == "#1 \"took a walk\" has no note.")
        #expect(try store.moment(ref: 1)?.note == nil)
        let long = shell.handle("/note " + String(repeating: "a", count: 1001))
        #expect(long.failure?.message == "That's a lot for one moment. Could you keep it under 1000 characters?")
    }

    @Test("A note in crisis language keeps the moment private and says where help is")
    func noteInCrisis() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("made tea")
        let reply = shell.handle("/note I want to kill myself")
        #expect(reply.lines.plainText.contains("It sounds really heavy, and you deserve support right now."))
        #expect(try store.lastSubmittedMoment()?.isCrisis == true)
        #expect(try store.lastSubmittedMoment()?.offlinePraise == "")
    }

    @Test("/find #tag finds by tag or mood; a # inside words is plain text")
    func findByTag() {
        let shell = TestSupport.shell()
        _ = shell.handle("weeded the beds #garden")
        _ = shell.handle("planted tulips #garden #proud")
        _ = shell.handle("closed issue #12")
        #expect(
            shell.handle("/find #garden").lines.plainText == """
                Moments with "#garden"

                Today
                  2  🏅 planted tulips #garden
                     just now · "Nice. That's worth noticing."
                  1  weeded the beds #garden
                     just now · "Future you is already grateful."
                """)
        #expect(shell.handle("/find #proud").lines.map(\.text).contains("  2  🏅 planted tulips #garden"))
        #expect(shell.handle("/find tulips #garden").lines.count == 5)
        #expect(shell.handle("/find #12").lines.map(\.text).contains("  3  closed issue #12"))
        #expect(shell.handle("/find #knitting").lines.plainText == "I couldn't find \"#knitting\" in your moments.")
    }

    @Test("/photo asks the application to copy the file, and attaches what it kept")
    func photoCommand() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        #expect(
            shell.handle("/photo a.jpg").lines.plainText
                == "Log a moment first, then add a photo: /photo ~/Pictures/walk.jpg")
        _ = shell.handle("took a walk")
        let id = try #require(try store.lastSubmittedMoment()?.id)
        #expect(shell.handle("/photo").lines.plainText == "Which photo? For example: /photo ~/Pictures/walk.jpg")
        #expect(shell.handle("/photo ~/My\\ Walk.jpg").effects == [.keepPhoto(source: "~/My Walk.jpg", momentID: id)])
        #expect(shell.handle("/photo 1 '/tmp/a b.png'").effects == [.keepPhoto(source: "/tmp/a b.png", momentID: id)])
        #expect(
            shell.handle("/photo file:///tmp/a%20b.png").effects == [.keepPhoto(source: "/tmp/a b.png", momentID: id)])
        #expect(
            shell.photoKept(.success("photos/ab.jpg"), for: id).lines.plainText
                == "📷 Photo added to #1 \"took a walk\" (1 in all).")
        #expect(
            shell.photoKept(.success("photos/ab.jpg"), for: id).lines.plainText
                == "That photo is already with #1 \"took a walk\".")
        #expect(
            shell.photoKept(.failure(.missing(path: "x.jpg")), for: id).failure?.message
                == "I couldn't find x.jpg. Nothing was changed.")
        #expect(try store.lastSubmittedMoment()?.photos == ["photos/ab.jpg"])
        #expect(
            shell.handle("/moments").lines.map(\.text).suffix(2) == [
                "     just now · \"Nice move, champ.\" · 📷 1", "     📷 photos/ab.jpg",
            ])
    }

    @Test("/photo open asks the application for a moment's photos; a sealed one's line says how to open it")
    func photoOpen() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        #expect(
            shell.handle("/photo open").lines.plainText
                == "Log a moment first, then add a photo: /photo ~/Pictures/walk.jpg")
        _ = shell.handle("took a walk")
        let id = try #require(try store.lastSubmittedMoment()?.id)
        #expect(shell.handle("/photo open").failure?.message == "\"took a walk\" has no photos. /photo PATH adds one.")
        _ = shell.photoKept(.success("photos/0f3c.sealed"), for: id)
        #expect(shell.handle("/photo open").effects == [.openPhotos(momentID: id)])
        #expect(shell.handle("/photo OPEN #1").effects == [.openPhotos(momentID: id)])
        #expect(shell.handle("/photo open 7").effects.isEmpty)
        // Anything else after open is a file's name.
        #expect(shell.handle("/photo open.jpg").effects == [.keepPhoto(source: "open.jpg", momentID: id)])
        #expect(shell.handle("/photo open day.jpg").effects == [.keepPhoto(source: "open day.jpg", momentID: id)])
        #expect(shell.handle("/photo open 1 x.jpg").effects == [.keepPhoto(source: "open 1 x.jpg", momentID: id)])
        // The view never shows a sealed file's name as if a viewer could open it.
        #expect(shell.handle("/moments").lines.map(\.text).last == "     📷 sealed · /photo open 1")
    }

    @Test("The Journey names the day by its moods when there are any; /stats counts them")
    func journeyAndStats() {
        let shell = TestSupport.shell()
        _ = shell.handle("took a walk #calm")
        _ = shell.handle("answered emails #tired")
        _ = shell.handle("made soup #calm")
        #expect(shell.handle("/journey").lines.map(\.text).contains("Nov 19, 2026  🍃 Calm · 😴 Tired"))
        let stats = shell.handle("/stats").lines.plainText
        #expect(stats.hasSuffix("How your moments felt\n🍃 calm 2 · 😴 tired 1"))
        let plain = TestSupport.shell()
        _ = plain.handle("took a walk")
        #expect(!plain.handle("/stats").lines.plainText.contains("felt"))
    }

    @Test("/edit with #words at the end adds the mood and tags")
    func editAddsExtras() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("took a walk #outside")
        #expect(
            shell.handle("/edit 1 took a long walk #proud #park").lines.plainText
                == "Changed #1 to \"took a long walk\". /undo changes it back.")
        let moment = try #require(try store.moment(ref: 1))
        #expect(moment.text == "took a long walk" && moment.mood == "proud" && moment.tags == ["outside", "park"])
    }

    @Test("A line of only #words is not a moment")
    func onlyTags() {
        let reply = TestSupport.shell().handle("#calm")
        #expect(reply.failure?.message == "Tell me what you did, too, like: made tea #calm")
        #expect(reply.events == [.notLogged(input: "#calm", reason: .noText)])
    }
}
