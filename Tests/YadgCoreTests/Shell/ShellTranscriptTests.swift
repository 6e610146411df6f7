import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// Lines in, exact text out, with a fixed clock (Thu 2026-11-19 15:04 New York), a seeded
/// generator and the in-memory store.
struct ShellTranscriptTests {
    @Test func loggingPrintsTheCardAfterSaving() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        let reply = shell.handle("took a walk 2 hours ago")
        guard case .logged(let moment) = reply.events.first else {
            Issue.record("not logged: \(reply)")
            return
        }
        #expect(
            reply.lines.plainText == """
                Moment logged  #1
                  took a walk
                  2 hours ago · 1:04 PM
                  \(moment.offlinePraise)
                """)
        #expect(TestSupport.resources.praise.lines[.movement]!.contains(moment.offlinePraise))
        #expect(try store.moment(id: moment.id) == moment)
        #expect(moment.id.uuidString == "00000000-0000-4000-8000-000000000001")
        #expect(moment.timeAgo == 7200)
        #expect(moment.action == "movement")
        #expect(moment.tz == "America/New_York")
        #expect(try store.stateValue(.hasCompletedFirstLog) == "1")
        #expect(try store.stateValue(.recentPraise) == moment.offlinePraise)
    }

    @Test func seededRunsGiveTheSameTranscript() {
        let lines = ["did the dishes", "called mom yesterday evening", "read 2 chapters"]
        let first = TestSupport.shell(seed: 3)
        let second = TestSupport.shell(seed: 3)
        #expect(lines.map { first.handle($0).lines } == lines.map { second.handle($0).lines })
    }

    @Test func consecutiveMomentsNeverRepeatAPraiseLine() {
        let shell = TestSupport.shell()
        var previous = ""
        for _ in 0..<50 {
            guard case .logged(let moment) = shell.handle("did the dishes").events.first else {
                Issue.record("not logged")
                return
            }
            #expect(moment.offlinePraise != previous)
            previous = moment.offlinePraise
        }
    }

    @Test func futureIsNotLogged() throws {
        let store = InMemoryMomentStore()
        let reply = TestSupport.shell(store: store).handle("going to clean the garage in 10 minutes")
        #expect(
            reply.lines.plainText
                == "That sounds like it hasn't happened yet, so it's not a win yet. Log it once it's done and I'll cheer."
        )
        #expect(reply.events == [.notLogged(input: "going to clean the garage in 10 minutes", reason: .future)])
        #expect(reply.failure != nil)
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).isEmpty)
        #expect(try store.stateValue(.hasCompletedFirstLog) == nil)
    }

    @Test func tooLongIsRefusedKindly() throws {
        let long = String(repeating: "a", count: 1001)
        let piped = TestSupport.shell().handle(long)
        #expect(piped.lines.plainText == "That's a lot for one moment. Could you keep it under 1000 characters?")
        #expect(piped.events == [.notLogged(input: long, reason: .tooLong)])
        let conversation = TestSupport.shell(mode: .conversation).handle(long)
        #expect(conversation.lines.last?.text == "Your line is still in history: press ↑ to get it back.")
        #expect(
            TestSupport.shell().handle(String(repeating: "é", count: 1000)).events.first.map {
                if case .logged = $0 { true } else { false }
            } == true)
    }

    @Test func blankLines() {
        #expect(TestSupport.shell().handle("   ") == ShellReply())
        let shell = TestSupport.shell(mode: .conversation)
        let phrases = TestSupport.resources.homePhrases
        let first = shell.currentHomePhrase().text
        let next = shell.handle("").lines
        #expect(next.count == 1)
        #expect(next[0].text == phrases[(phrases.firstIndex(of: first)! + 1) % phrases.count])
    }

    @Test func onlyATimeIsNotAMoment() {
        let reply = TestSupport.shell().handle("2 hours ago")
        #expect(reply.lines.plainText == "Tell me what you did, too, like: took a walk 2 hours ago")
        #expect(reply.events == [.notLogged(input: "2 hours ago", reason: .noText)])
    }

    @Test func unknownCommandSuggests() {
        let reply = TestSupport.shell().handle("/momnts")
        #expect(reply.lines.plainText == "I don't know /momnts. Did you mean /moments?")
        #expect(reply.failure?.message == "I don't know /momnts. Did you mean /moments?")
    }

    @Test func momentsByDay() {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, seed: 11)
        #expect(
            shell.handle("/moments").lines.plainText == """
                Moments

                No moments yet… but you're here, so that's one.
                Log your first moment (just type it)
                """)
        let logged = [
            "took a walk 2 hours ago", "called mom yesterday evening", "read a book 3 days ago", "drank water",
        ]
        .map { line -> Moment in
            guard case .logged(let m) = shell.handle(line).events.first else { fatalError(line) }
            return m
        }
        #expect(
            shell.handle("/moments").lines.plainText == """
                Moments

                Today
                  4  drank water
                     just now · "\(logged[3].offlinePraise)"
                  1  took a walk
                     2 hours ago · "\(logged[0].offlinePraise)"

                Yesterday
                  2  called mom
                     yesterday evening · "\(logged[1].offlinePraise)"

                Monday, Nov 16, 2026
                  3  read a book
                     3 days ago · "\(logged[2].offlinePraise)"
                """)
        #expect(shell.handle("/today").lines.plainText.contains("called mom") == false)
        #expect(shell.handle("/moments today").lines == shell.handle("/today").lines)
    }

    @Test func help() {
        #expect(
            TestSupport.shell().handle("/help").lines.plainText == """
                Type what you did, big or small, and press Enter. For example: took a walk 2
                hours ago
                Ask about your moments too (what did I do yesterday?), or fix the last one in
                words (actually it was last night, undo that).

                Commands:
                  /help             show what you can do; /help export shows one command
                  /moments          your moments by day: /moments today, yesterday, week, all,
                                    favs, a day (/moments nov 3) or a period (/moments last
                                    month)
                  /today            view today's moments
                  /find             find moments with some words or a tag: /find walk, /find
                                    #proud
                  /fav              mark a moment as a favourite: /fav 2
                  /unfav            unmark a favourite: /unfav 2
                  /delete           delete a moment (/undo brings it back): /delete 2
                  /undo             take back the last thing you did (again for the one before)
                  /edit             change a moment's text: /edit 2 took a long walk
                  /mood             how a moment felt: /mood calm (or #calm in a line); /mood
                                    lists them
                  /note             add a note to your last moment: /note it was sunny (/note 2
                                    … for another)
                  /tag              add tags to your last moment: /tag #garden (/tag 2 … for
                                    another)
                  /photo            attach a photo to your last moment: /photo
                                    ~/Pictures/walk.jpg (/photo open 2 shows them)
                  /journey          your days with a short summary each (/journey more, /journey
                                    weeks)
                  /week             your week, Monday to Sunday (/week last, /week 3, /week of
                                    Nov 3)
                  /onthisday        moments from this day a month, six months and years ago
                  /calendar         a month with a mark on days that have moments: /calendar
                                    october
                  /stats            totals, recent weeks and your most common kinds of wins
                  /export           save your moments to a file: /export json (or csv, md)
                  /when             change when the last moment happened: /when 2 hours ago
                                    (/when #3 ... for another)
                  /did              log a moment step by step
                  /settings         your subscription, your data, support and AI: /settings ai
                  /premium          what Premium adds; /premium start opens the purchase page
                  /restore          check again whether you have Premium
                  /manage           manage your subscription in the browser
                  /support          where to get help
                  /privacy          what stays on this machine and what leaves it
                  /lock             seal what you write with a passphrase; logging still needs
                                    none (/lock --change to change it)
                  /unlock           open a locked journal for this conversation (/unlock
                                    --remove takes the lock away)
                  /terms            the terms of use
                  /delete-my-data   remove everything yadg keeps here (asks first)
                  /quit             leave (Ctrl-D works too)
                """)
    }

    @Test("/help keeps its column of commands at 60 and 80 columns: a summary wraps under itself")
    func helpAtNarrowWidths() {
        for width in [60, 80] {
            let shell = TestSupport.shell()
            shell.width = width
            let lines = shell.handle("/help").lines.map(\.text)
            #expect(lines.allSatisfy { TextWidth.columns($0) <= width }, "\(width)")
            let rows = lines.drop { $0 != "Commands:" }.dropFirst()
            #expect(
                rows.allSatisfy { $0.hasPrefix("  /") || $0.hasPrefix(String(repeating: " ", count: 20)) }, "\(width)")
        }
    }

    @Test func homeShowsTheFirstLogHintUntilTheFirstSave() {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        let phrase = shell.currentHomePhrase().text
        #expect(shell.isFirstLogPending)
        #expect(
            shell.home().plainText == """
                You Are Doing Great
                \(phrase)

                I Did a Thing — type what you did. Big or small, it counts.
                /help for commands · Ctrl-D to leave

                Hey… installing the app counts too. Wanna log that tiny win?
                """)
        _ = shell.handle("I installed this app. A tiny step, but it counts.")
        #expect(!shell.isFirstLogPending)
        #expect(!shell.home().plainText.contains("installing the app"))
        // The flag is stored, so a new session (any mode) sees it too.
        #expect(!TestSupport.shell(store: store, mode: .piped).isFirstLogPending)
    }

    @Test func quit() {
        let reply = TestSupport.shell().handle("/quit")
        #expect(reply.quit)
        #expect(reply.lines.plainText == "Take care. You're doing great.")
    }

    @Test func aFailingStoreMeansNoAcknowledgement() {
        let shell = Shell(
            store: FailingStore(), clock: FixedClock(TestSupport.date("2026-11-19T15:04:00")),
            timeZone: TestSupport.newYork, resources: TestSupport.resources, rng: SplitMix64(seed: 1), mode: .piped)
        let reply = shell.handle("did the dishes")
        #expect(reply.events == [.notLogged(input: "did the dishes", reason: .saveFailed)])
        #expect(!reply.lines.plainText.contains("Moment logged"))
    }
}

/// A store whose writes always fail, as a full disk would.
final class FailingStore: MomentHistory, @unchecked Sendable {
    func batch<T>(_ body: () throws -> T) throws -> T { try body() }
    var writeRefusal: MomentStoreError? { nil }
    struct DiskFull: Error {}
    func insert(_ moment: Moment, state: StateChanges) throws -> Bool { throw DiskFull() }
    func update(_ moment: Moment) throws { throw DiskFull() }
    func setAIPraise(_ praise: String, for id: UUID) throws { throw DiskFull() }
    func moment(id: UUID) throws -> Moment? { nil }
    func moment(ref: Int) throws -> Moment? { nil }
    func moments(happenedFrom start: Date?, before end: Date?, limit: Int) throws -> [Moment] { [] }
    func lastSubmittedMoment() throws -> Moment? { nil }
    func stateValue(_ key: StateKey) throws -> String? { nil }
    func setState(_ values: StateChanges) throws { throw DiskFull() }
    func insert(_ moments: [Moment]) throws -> Int { throw DiskFull() }
    func moments(containing words: [String], tagged tags: [String], limit: Int) throws -> [Moment] { throw DiskFull() }
    func tagsInUse(limit: Int) throws -> [String] { throw DiskFull() }
    func days(before: LocalDay?, limit: Int) throws -> [LocalDay] { throw DiskFull() }
    func days(from: LocalDay, to: LocalDay) throws -> [LocalDay] { throw DiskFull() }
    func moments(onDays days: [LocalDay]) throws -> [Moment] { throw DiskFull() }
    func moments(onDays days: [LocalDay], firstOfEach limit: Int) throws -> (
        moments: [Moment], counts: [LocalDay: Int]
    ) { throw DiskFull() }
    func totals(recentFrom: LocalDay?) throws -> MomentTotals { throw DiskFull() }
    func allMoments() throws -> [Moment] { throw DiskFull() }
    func daySummary(for day: LocalDay) throws -> DaySummary? { throw DiskFull() }
    func saveDaySummary(_ summary: DaySummary) throws { throw DiskFull() }
    func weekSummary(for monday: LocalDay) throws -> DaySummary? { throw DiskFull() }
    func saveWeekSummary(_ summary: DaySummary) throws { throw DiskFull() }
}

/// `/when` and `/did`, at Thu 2026-11-19 15:04 New York.
struct ShellTimingTests {
    @Test func whenRetimesTheLastMoment() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        #expect(
            shell.handle("/when 2 hours ago").lines.plainText
                == "There's no moment to change yet. Log one first: just type what you did.")
        _ = shell.handle("took a walk")
        #expect(shell.handle("/when 5 hours ago").lines.plainText == "Set #1 \"took a walk\" to 5 hours ago · 10:04 AM")
        let moment = try #require(try store.lastSubmittedMoment())
        #expect(moment.happenedAt == TestSupport.date("2026-11-19T10:04:00"))
        #expect(moment.timeAgo == 5 * 3600)
        #expect(
            shell.handle("/when yesterday evening").lines.plainText == "Set #1 \"took a walk\" to yesterday evening")
        #expect(shell.handle("/when now").lines.plainText == "Set #1 \"took a walk\" to just now")
        #expect(shell.handle("/when 20 min").lines.plainText == "Set #1 \"took a walk\" to 20 min ago · 2:44 PM")
        let unclear = shell.handle("/when sometime")
        #expect(
            unclear.lines.plainText
                == "I couldn't tell when \"sometime\" was. Try /when 2 hours ago or /when yesterday evening.")
        #expect(unclear.failure != nil)
        #expect(
            shell.handle("/when tomorrow").lines.plainText == "That's still ahead, so I left \"took a walk\" as it was."
        )
        #expect(try store.lastSubmittedMoment()?.happenedAt == TestSupport.date("2026-11-19T14:44:00"))
    }

    @Test(
        "Told in the past, a window still ahead lands on yesterday: the card names the day, /when another in one step")
    func pastLineMovedBackSaysItsDay() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, now: "2026-11-19T14:00:00", mode: .conversation)
        let reply = shell.handle("went for a run in the evening")
        guard case .logged(let moment) = reply.events.first else {
            Issue.record("not logged: \(reply.lines.plainText)")
            return
        }
        #expect(
            reply.lines.plainText == """
                Moment logged  #1
                  went for a run
                  yesterday evening
                  \(moment.offlinePraise)
                  Another day? /when Tuesday evening
                  /today to view today's moments
                """)
        // Yesterday evening, 17:00 to midnight, at its middle.
        #expect(moment.happenedAt == TestSupport.date("2026-11-18T20:30:00"))
        #expect(moment.said == SaidTime(.period, "yesterday evening"))
        // A clock time says its day by itself, and gets the same hint.
        #expect(
            shell.handle("made dinner at 6").lines.plainText.hasSuffix(
                "yesterday · 6:00 PM\n  \(try #require(try store.lastSubmittedMoment()).offlinePraise)\n  Another day? /when Tuesday at 6:00 PM"
            ))
        // The fix is one step, and /when reads its answer as told in the past.
        #expect(shell.handle("/when Tuesday evening").lines.plainText == "Set #2 \"made dinner\" to Tuesday evening")
        #expect(try store.lastSubmittedMoment()?.happenedAt == TestSupport.date("2026-11-17T20:30:00"))
        #expect(shell.handle("/when in the evening").lines.plainText == "Set #2 \"made dinner\" to yesterday evening")
        #expect(try store.lastSubmittedMoment()?.happenedAt == TestSupport.date("2026-11-18T20:30:00"))
        #expect(
            shell.handle("actually it was after work").lines.plainText
                == "Set #2 \"made dinner\" to yesterday after work")
        // A window that has begun needs no other day, and no hint.
        #expect(!shell.handle("had lunch at noon").lines.plainText.contains("Another day"))
    }

    @Test("A line told in the past is never answered as a plan; one told as intent never logged")
    func tenseDecidesPlanOrPast() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, now: "2026-11-19T07:55:00")
        // Piped: the card names the day, with no hint (the pipe prints no hints).
        #expect(
            shell.handle("took the kids to the park after school").lines.plainText.hasPrefix(
                "Moment logged  #1\n  took the kids to the park\n  yesterday after school\n"))
        for plan in [
            "planning to swim before work tomorrow", "need to take my meds at 6pm", "gonna do yoga this morning",
        ] {
            let reply = shell.handle(plan)
            #expect(reply.events == [.notLogged(input: plan, reason: .future)], "\(plan)")
        }
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).count == 1)
    }

    @Test func didIsTheGuidedFlow() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        #expect(shell.handle("/did").lines.plainText == "Nice — that counts. What did you do?")
        #expect(
            shell.handle("watered the plants").lines.plainText
                == "⏱ Happened just now — Enter to keep, or say when (e.g. 2 hours ago)")
        #expect(
            shell.handle("whenever").lines.plainText
                == "I couldn't tell when that was. Try 2 hours ago, yesterday evening, or 20 min.")
        #expect(
            shell.handle("5 h").lines.plainText == """
                  watered the plants · 5 hours ago · 10:04 AM
                How did it feel? (Enter to skip)
                  🤩 amazed  🙏 grateful  😊 happy  🏅 proud  🌱 hopeful  😌 content
                  🌊 peaceful  🎉 excited  😄 joyful  🍃 calm  😴 tired  😢 sad  😠 angry
                  😣 stressed  😰 anxious  😤 frustrated  🌀 overwhelmed  💙 lonely  😨 scared
                  😟 worried
                """)
        #expect(
            shell.handle("peacefull").lines.plainText == """
                "peacefull" isn't one of the moods. Did you mean peaceful?
                How did it feel? (Enter to skip)
                """)
        #expect(shell.handle("#Peaceful").lines.plainText == "A note to keep with it? (Enter to skip)")
        #expect(
            shell.handle("the basil  is back").lines.plainText == """
                  🌊 watered the plants · 5 hours ago · 10:04 AM
                  ✎ the basil is back
                Save this moment — press Enter, or /cancel to let it go
                """)
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).isEmpty, "nothing saved before Enter")
        let saved = shell.handle("")
        #expect(saved.lines.first?.text == "Moment logged  #1")
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).map(\.text) == ["watered the plants"])
        #expect(try store.lastSubmittedMoment()?.happenedAt == TestSupport.date("2026-11-19T10:04:00"))
        #expect(try store.lastSubmittedMoment()?.mood == "peaceful")
        #expect(try store.lastSubmittedMoment()?.note == "the basil is back")
        // Back to normal: the next line is a moment.
        #expect(shell.handle("did the dishes").lines.first?.text == "Moment logged  #2")
    }

    @Test func didKeepsNowOnEnterAndCanBeCancelled() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store)
        _ = shell.handle("/did")
        _ = shell.handle("stretched")
        #expect(shell.handle("").lines.first?.text == "  stretched · just now")
        // Enter skips the feeling and the note: nothing is asked again, nothing added.
        #expect(shell.handle("").lines.plainText == "A note to keep with it? (Enter to skip)")
        #expect(shell.handle("").lines.first?.text == "  stretched · just now")
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).isEmpty)
        _ = shell.handle("")
        #expect(try store.lastSubmittedMoment()?.happenedAt == TestSupport.date("2026-11-19T15:04:00"))
        #expect(try store.lastSubmittedMoment()?.mood == nil)
        #expect(try store.lastSubmittedMoment()?.note == nil)
        _ = shell.handle("/did")
        _ = shell.handle("read a chapter")
        #expect(shell.handle("/cancel").lines.plainText == "No problem, nothing was saved.")
        #expect(try store.moments(happenedFrom: nil, before: nil, limit: 10).count == 1)
    }

    @Test("A time in the answer skips the time question")
    func didWithATimeInTheText() {
        let shell = TestSupport.shell()
        _ = shell.handle("/did")
        #expect(shell.handle("called mom yesterday at 6pm").lines.first?.text == "  called mom · yesterday · 6:00 PM")
    }
}
