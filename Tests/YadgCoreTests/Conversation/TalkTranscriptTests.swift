import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// Other people's words in the conversation: how-to and app questions answered from copy, history
/// questions over every moment, corrections of a moment named by its words, and what did not
/// happen never praised as done. Thu 2026-11-19 15:04, New York.
struct TalkTranscriptTests {
    static let copy = TestSupport.resources.copy
    static let howTo = copy[HowToCopy.self].answers
    static let conversation = copy[ConversationCopy.self]
    static let notAWin = copy[NotAWinCopy.self].lines

    static func shell(
        _ lines: [String] = [], mode: Shell.Mode = .conversation, configuration: Shell.Configuration = .init()
    ) -> (Shell, InMemoryMomentStore) {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: mode, configuration: configuration)
        for line in lines { _ = shell.handle(line) }
        return (shell, store)
    }

    @Test(
        "How-to and app questions are answered from copy, each ending where the person can act; none is saved",
        arguments: [
            ("how do I export", "export"), ("can I export to csv", "export"), ("how do i delte stuff", "delete"),
            ("where is my data stored", "data"), ("does this sync to my phone", "sync"),
            ("is there a dark mode", "colors"), ("can my boss see this", "privacy"), ("do u sell my data", "privacy"),
            ("what version is this", "version"), ("are you a bot", "ai"), ("how do i close this thing", "leave"),
            ("is there a way to set reminders", "reminders"), ("show my streak", "scores"), ("ls", "shell"),
            ("can you merge those two", "merge"), ("fix the typo in the last one", "typo"),
            ("ctrl-c doesn't work", "leave"), ("can I use this offline?", "offline"),
            ("where are the settings", "settings"), ("how to turn off the praise messages", "settings"),
            ("how much space does it take on disk", "space"), ("what language is this written in", "built"),
            ("is anything sent to the cloud", "sync"),
        ])
    func howToAnswers(line: String, topic: String) throws {
        var facts = AppFacts()
        facts.databasePath = "/home/sam/.local/share/yadg/moments.sqlite"
        facts.version = "0.1.0 (abc1234)"
        let (shell, store) = Self.shell(configuration: Shell.Configuration(facts: facts))
        let reply = shell.handle(line)
        let expected = try Copy.fill(
            #require(Self.howTo[topic]), ["folder": "/home/sam/.local/share/yadg", "version": "0.1.0 (abc1234)"])
        #expect(reply.lines.plainText == expected)
        #expect(reply.events == [.answer(expected, [])])
        #expect(try store.allMoments().isEmpty)
    }

    @Test("Each how-to answer names a command, a setting or a place to go: where the person can act")
    func answersEndWhereOneCanAct() {
        for (topic, answer) in Self.howTo {
            let acts = answer.contains("/") || answer.contains("yadg ") || answer.contains("NO_COLOR")
                || answer.contains("Ctrl-D") || answer.lowercased().contains("type")
            #expect(acts, "\(topic): \(answer)")
        }
    }

    @Test("Leaving the way shells and editors do: exit(), :q, ^C, gotta go")
    func leaving() {
        for line in ["exit()", "quit()", ":q", ":wq", "^C", "logout", "gotta go, bye!", "ok im done for now"] {
            let (shell, _) = Self.shell()
            #expect(shell.handle(line).quit, "\(line)")
        }
    }

    @Test("History questions reach every moment, by stem and by words that mean the same, over all time with no period")
    func historyQuestions() throws {
        let (shell, _) = Self.shell([
            "cleaned the fridge 3 days ago", "jogged around the park yesterday", "did the dishes this morning",
        ])
        let since = shell.handle("how long since I cleaned the fridge")
        #expect(since.lines.first?.text == "The last time was 3 days ago:")
        #expect(since.lines.plainText.contains("cleaned the fridge"))
        let dishes = shell.handle("did I already log the dishes")
        #expect(dishes.lines.first?.text == "Yes, the last time was this morning:")
        #expect(dishes.lines.plainText.contains("did the dishes"))
        let runs = shell.handle("how many runs did I do?")
        #expect(runs.lines.first?.text == "1 moment so far with “runs”:")
        #expect(runs.lines.plainText.contains("jogged around the park"))
        let first = shell.handle("what was the first thing I ever saved")
        #expect(first.lines.first?.text == "Your very first moment was 3 days ago:")
        #expect(first.lines.plainText.contains("cleaned the fridge"))
        // What is left of `I've` asks about nothing; asked politely, it is still a count (talk set c36).
        let polite = shell.handle("Could you tell me how many times I've cleaned the fridge?")
        #expect(polite.lines.first?.text == "1 moment so far with “cleaned fridge”:")
        let none = shell.handle("did I call grandma?")
        #expect(none.lines.plainText == "I don't see “call grandma” in your moments yet. If you did it, type it and I'll keep it.")
    }

    @Test("Corrections in words never become moments (issue 39): a favourite, a time said again and again, a lone time")
    func correctionsInWords() throws {
        let (shell, store) = Self.shell(["took a walk"])
        #expect(shell.handle("make that a favourite").lines.plainText == "★ #1 \"took a walk\" is a favourite.")
        _ = shell.handle("called mom")
        #expect(shell.handle("oops I meant 8am").lines.plainText == "Set #2 \"called mom\" to 8:00 AM")
        #expect(shell.handle("no, at 8").lines.plainText == "Set #2 \"called mom\" to 8:00 AM")
        #expect(shell.handle("oh and it was at 9").lines.plainText == "Set #2 \"called mom\" to 9:00 AM")
        _ = shell.handle("watered the plants")
        #expect(shell.handle("2 hours ago").lines.plainText == "Set #3 \"watered the plants\" to 2 hours ago · 1:04 PM")
        #expect(try store.allMoments().map(\.text).sorted() == ["called mom", "took a walk", "watered the plants"])
        #expect(try store.moment(ref: 1)?.isFavorite == true)
    }

    @Test("A moment named by its words, the one before the last, the duplicate; words of its text replaced")
    func namedCorrections() throws {
        let (shell, store) = Self.shell(["went to the gym", "took a walk", "read a book", "read a book"])
        #expect(shell.handle("pls remove the duplicate").lines.plainText.hasPrefix("Deleted #4 \"read a book\""))
        #expect(shell.handle("remove the gym one").lines.plainText.hasPrefix("Deleted #1 \"went to the gym\""))
        #expect(!shell.handle("unstar the walk one").events.contains { $0.isLogged })
        #expect(shell.handle("change \"book\" to \"novel\"").lines.plainText.hasPrefix("Changed #3 to \"read a novel\""))
        #expect(shell.handle("I meant chapter not novel").lines.plainText.hasPrefix("Changed #3 to \"read a chapter\""))
        let missing = shell.handle("that should say 10k not 5k")
        #expect(missing.lines.plainText.hasPrefix("I don't see “5k” in “read a chapter”."))
        #expect(try store.allMoments().filter { $0.archivedAt == nil }.map(\.text).sorted() == ["read a chapter", "took a walk"])
    }

    @Test("A new time for a moment named by its words, a starred time, a mood for the last one named (talk set c6)")
    func namedTimes() throws {
        let (shell, store) = Self.shell(["went to the gym", "did the laundry", "read a book"])
        #expect(shell.handle("the gym one was at 6pm, fix it").lines.plainText == "Set #1 \"went to the gym\" to yesterday · 6:00 PM")
        #expect(shell.handle("move the laundry one to yesterday").lines.plainText.hasPrefix("Set #2 \"did the laundry\" to yesterday"))
        #expect(shell.handle("*8am").lines.plainText == "Set #3 \"read a book\" to 8:00 AM")
        #expect(!shell.handle("the swim one was at 9").events.contains { $0.isLogged })
        #expect(!shell.handle("set mood on the last one to happy").events.contains { $0.isLogged })
        #expect(try store.moment(ref: 3)?.mood == "happy")
        // `/when` itself: `#2` names a moment, a bare number is a time's.
        #expect(shell.handle("/when #2 3pm").lines.plainText.hasPrefix("Set #2 \"did the laundry\" to"))
        #expect(shell.handle("/when 2 hours ago").lines.plainText.hasPrefix("Set #3 \"read a book\" to 2 hours ago"))
        #expect(try store.allMoments().count == 3)
    }

    @Test("A starred word puts a word of the last moment right: the one named after `not`, or the nearest in spelling (talk sets c16, c17)")
    func starredWords() throws {
        let (shell, store) = Self.shell(["called my mum for her brithday", "ate more than i planned"])
        #expect(shell.handle("*then not than").lines.plainText.hasPrefix("Changed #2 to \"ate more then i planned\""))
        #expect(shell.handle("*birthday").lines.plainText.hasPrefix("I can't tell which word of “ate more then i planned”"))
        #expect(try store.allMoments().count == 2)
        let (first, _) = Self.shell(["called my mum for her brithday"])
        #expect(first.handle("*birthday").lines.plainText.hasPrefix("Changed #1 to \"called my mum for her birthday\""))
        // A word equally near two words is not guessed: `*mat` after `fed the bat and the rat`.
        let (other, _) = Self.shell(["fed the bat and the rat"])
        #expect(other.handle("*mat").lines.plainText.hasPrefix("I can't tell which word"))
    }

    @Test("Moments named in more ways: the bit about, a name without `one` when the fix is asked, that last one, should say, the one I deleted (talk sets c20, c21)")
    func moreNamedCorrections() throws {
        let (shell, store) = Self.shell(["went for a run", "sang with the choir", "had a coffee with Ann", "fixed the fence"])
        #expect(shell.handle("the coffee one should say tea").lines.plainText.hasPrefix("Changed #3 to \"had a tea with Ann\""))
        #expect(shell.handle("the run was yesterday, fix it").lines.plainText.hasPrefix("Set #1 \"went for a run\" to yesterday"))
        #expect(shell.handle("the bit about the choir was yesterday, not today").lines.plainText.hasPrefix("Set #2 \"sang with the choir\" to yesterday"))
        #expect(shell.handle("that last one was yesterday, not today").lines.plainText.hasPrefix("Set #4 \"fixed the fence\" to yesterday"))
        #expect(shell.handle("star that one ⭐").lines.plainText.hasPrefix("★ #4 \"fixed the fence\" is a favourite"))
        #expect(shell.handle("spelling mistake in the last one, it's gate not fence").lines.plainText.hasPrefix("Changed #4 to \"fixed the gate\""))
        #expect(shell.handle("/delete 4").lines.plainText.hasPrefix("Deleted #4"))
        #expect(!shell.handle("put the one I deleted back").events.contains { $0.isLogged })
        #expect(try store.allMoments().filter { $0.archivedAt == nil }.count == 4)
        // Said without asking for the fix, a name without `one` is a moment's own words.
        #expect(shell.handle("the run was on tuesday").events.contains { $0.isLogged })
    }

    @Test("A hand on the keyboard is chatter, a word with a vowel may be a win (talk set c24)")
    func keyboardMash() throws {
        let (shell, store) = Self.shell([])
        #expect(!shell.handle("jfjdkdkdk").events.contains { $0.isLogged })
        #expect(!shell.handle("sdfghjkl").events.contains { $0.isLogged })
        #expect(shell.handle("stretched").events.contains { $0.isLogged })
        #expect(try store.allMoments().map(\.text) == ["stretched"])
    }

    @Test("A correction reads only what asks for it: a win after a comma is a moment, several named moments are asked about with the command meant")
    func correctionsThatAreWins() throws {
        let (shell, store) = Self.shell(["went to the gym at 7am", "went to the gym again"])
        let before = try #require(try store.moment(ref: 2)).happenedAt
        #expect(shell.handle("it was 2 hours, longest hike ever").events.contains { $0.isLogged })
        #expect(try store.moment(ref: 2)?.happenedAt == before)
        #expect(shell.handle("the gym one was at 6pm").lines.plainText.contains("/when #2 at 6pm"))
        #expect(shell.handle("the big one was at 6pm, nailed it").events.contains { $0.isLogged })
        #expect(shell.handle("s/o to mom/dad for babysitting").events.contains { $0.isLogged })
        #expect(!shell.handle("remember to put the bins out").events.contains { $0.isLogged })
        #expect(!shell.handle("/when #0 3pm").events.contains { $0.isLogged })
        #expect(shell.handle("it was 2 hours, not bad for a first go").events.contains { $0.isLogged })
        #expect(shell.handle("it was 2 hours, not bad").events.contains { $0.isLogged })
        #expect(!shell.handle("how do i export? tried everything").events.contains { $0.isLogged })
        #expect(try store.moment(ref: 2)?.happenedAt == before)
    }

    @Test("A moment named by its words and its day: the walk from monday, not today's (talk sets c7, c8, c13)")
    func namedByDay() throws {
        let (shell, store) = Self.shell([])
        #expect(shell.handle("went for a walk on monday").events.contains { $0.isLogged })
        #expect(shell.handle("went for a walk this morning").events.contains { $0.isLogged })
        _ = shell.handle("/fav 1")
        _ = shell.handle("/fav 2")
        #expect(!shell.handle("unstar the walk from monday").events.contains { $0.isLogged })
        #expect(try store.moment(ref: 1)?.isFavorite == false)
        #expect(try store.moment(ref: 2)?.isFavorite == true)
        // `take the star off` names the mark, so the last moment (talk set c43).
        #expect(!shell.handle("take the star off").events.contains { $0.isLogged })
        #expect(try store.moment(ref: 2)?.isFavorite == false)
        #expect(!shell.handle("remove the walk from tuesday").events.contains { $0.isLogged })
        #expect(try store.allMoments().filter { $0.archivedAt == nil }.count == 2)
    }

    @Test("sed's s/old/new/ puts words right in the last moment; a to-do told as done is a moment (talk set c9)")
    func substitutionsAndDoneTodos() throws {
        let (shell, store) = Self.shell(["ran 10k by the river"])
        #expect(shell.handle("s/10k/5k/").lines.plainText.hasPrefix("Changed #1 to \"ran 5k by the river\""))
        #expect(shell.handle("todo list from monday: all ticked off").events.contains { $0.isLogged })
        #expect(!shell.handle("remember to buy milk").events.contains { $0.isLogged })
        #expect(try store.allMoments().map(\.text).sorted() == ["ran 5k by the river", "todo list from monday: all ticked off"])
    }

    @Test("An error pasted from another window is not kept, colon and past tense and all; a fix told after `error` is (talk set c38)")
    func pastedErrors() throws {
        let (shell, store) = Self.shell()
        for pasted in ["error: failed to push some refs to 'origin'", "Segmentation fault (core dumped)", "TypeError: Cannot read properties of undefined (reading 'map')"] {
            let reply = shell.handle(pasted)
            #expect(reply.lines.plainText == (try #require(Self.howTo["pasted"])), "\(pasted)")
            #expect(!reply.events.contains { $0.isLogged })
        }
        #expect(shell.handle("error in the invoice fixed before the client saw it").events.contains { $0.isLogged })
        #expect(try store.allMoments().map(\.text) == ["error in the invoice fixed before the client saw it"])
    }

    @Test("`teh -> the` puts a word right; a line said to dictation is read with the marks it names (talk set c31)")
    func arrowsAndDictation() throws {
        let (shell, store) = Self.shell(["fixed teh sink"])
        #expect(shell.handle("teh -> the").lines.plainText.hasPrefix("Changed #1 to \"fixed the sink\""))
        #expect(!shell.handle("thank you so much period").events.contains { $0.isLogged })
        #expect(!shell.handle("good morning comma how are you").events.contains { $0.isLogged })
        #expect(shell.handle("walked the dog comma then made dinner period").events.contains { $0.isLogged })
        // `my period` names a thing, and `a comma` too: never a mark said to dictation.
        #expect(shell.handle("finally got my period").events.contains { $0.isLogged })
        #expect(shell.handle("put back every comma in the essay").events.contains { $0.isLogged })
        #expect(
            try store.allMoments().map(\.text).sorted() == [
                "finally got my period", "fixed the sink", "put back every comma in the essay",
                "walked the dog, then made dinner.",
            ])
    }

    @Test(
        "What did not happen is not praised as done (issue 39): a kind line, then how to keep it",
        arguments: [
            ("didn't go to the gym", "negated"), ("forgot to eat lunch", "negated"), ("bad day", "hardday"),
            ("I feel like a failure", "feeling"), ("so tired", "feeling"), ("skipped my run", "negated"),
        ])
    func notAWin(line: String, kind: String) throws {
        let (shell, store) = Self.shell()
        let reply = shell.handle(line)
        #expect(try #require(Self.notAWin[kind]).contains(reply.lines[0].text))
        #expect(reply.lines.count == 2 && reply.lines[1].text == Self.conversation.keepHint)
        #expect(reply.events == [.notLogged(input: line, reason: .notAWin)])
        #expect(reply.praiseRequests.isEmpty)
        #expect(try store.allMoments().isEmpty)
        // Kept on the person's word: logged as said, and its card praises nothing.
        let kept = shell.handle("keep it")
        #expect(kept.lines.plainText.hasPrefix("Moment logged"))
        #expect(kept.lines.plainText.contains(Self.conversation.keptInstead))
        #expect(kept.praiseRequests.isEmpty)
        #expect(try store.allMoments().first?.offlinePraise == Self.conversation.keptInstead)
    }

    @Test("A call for help offers /help and where support is; a to-do is a plan; wins that say not stay wins")
    func helpPlansAndAbstaining() throws {
        let (shell, store) = Self.shell()
        for line in ["help me", "I need help"] {
            let reply = shell.handle(line)
            #expect(reply.lines.plainText == Self.notAWin["help"]![0], "\(line)")
            #expect(reply.lines.plainText.contains("/help") && reply.lines.plainText.contains("988"))
        }
        #expect(shell.handle("need to call mom").lines.plainText == Self.copy[LoggingCopy.self].future)
        for line in ["didn't smoke today", "didn't check slack all weekend", "skipped dessert", "quit sugar for a week"] {
            #expect(shell.handle(line).events.contains { $0.isLogged }, "\(line)")
        }
        #expect(try store.allMoments().count == 4)
        #expect(shell.handle("keep it").lines.plainText == Self.conversation.nothingToKeep)
    }

    @Test("A to-do is not a win yet, and keep it keeps it on the person's word (issue 39)")
    func keepingAToDo() throws {
        let (shell, store) = Self.shell()
        #expect(shell.handle("need to call mom").lines.plainText == Self.copy[LoggingCopy.self].future)
        #expect(try store.allMoments().isEmpty)
        let kept = shell.handle("keep it")
        #expect(kept.lines.plainText.hasPrefix("Moment logged"))
        #expect(kept.praiseRequests.isEmpty)
        #expect(try store.allMoments().map(\.text) == ["need to call mom"])
        #expect(try store.allMoments().first?.offlinePraise == Self.conversation.keptInstead)
        // Only the line just answered can be kept.
        #expect(shell.handle("keep it").lines.plainText == Self.conversation.nothingToKeep)
    }

    @Test("In a pipe, a line that did not happen is not logged, with its reason, and --literal logs it")
    func notAWinInAPipe() throws {
        let (shell, store) = Self.shell(mode: .piped)
        let reply = shell.handle("didn't go to the gym")
        #expect(reply.events == [.notLogged(input: "didn't go to the gym", reason: .notAWin)])
        #expect(reply.failure != nil)
        let literal = TestSupport.shell(store: store, mode: .piped, configuration: Shell.Configuration(literal: true))
        #expect(literal.handle("didn't go to the gym").events.contains { $0.isLogged })
        #expect(try store.allMoments().count == 1)
    }
}
