import Foundation
import Testing
import YadgTestSupport

@testable import YadgCore

/// The conversation as a person has it: greetings, questions about last week, corrections of the
/// last moment in words, and leaving; none of it saved as a win. Thu 2026-11-19 15:04, New York.
struct ConversationTranscriptTests {
    static let words = TestSupport.resources.copy[ConversationCopy.self]

    /// A shell with five moments over a week, and what it saved.
    static func seeded(mode: Shell.Mode = .conversation) -> (Shell, InMemoryMomentStore) {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: mode)
        for line in [
            "called mom 3 days ago", "went for a run yesterday", "took a walk yesterday evening",
            "watered the plants this morning", "took a walk 2 hours ago",
        ] {
            _ = shell.handle(line)
        }
        return (shell, store)
    }

    @Test("Small talk is answered, never saved or sent; the first answer says what to type; no answer twice in a row")
    func smallTalk() throws {
        let store = InMemoryMomentStore()
        let shell = TestSupport.shell(store: store, mode: .conversation)
        let first = shell.handle("hi")
        #expect(first.lines.count == 2 && first.lines[1].text == Self.words.firstHint)
        #expect(Self.words.answers[.greeting]!.contains(first.lines[0].text))
        #expect(first.effects.isEmpty && first.events == [.smallTalk(first.lines.plainText)])
        var previous = first.lines[0].text
        for line in Array(repeating: "hello!", count: 20) {
            let reply = shell.handle(line)
            #expect(reply.lines.count == 1 && reply.lines[0].text != previous)
            previous = reply.lines[0].text
        }
        for line in ["thanks!", "ok", "lol", "how are you?", "Good morning", "heyyy"] {
            #expect(shell.handle(line).events.first.map { if case .smallTalk = $0 { true } else { false } } == true)
        }
        #expect(try store.allMoments().isEmpty)
    }

    @Test("Questions are answered from the moments, with the list's usual rows, and never logged")
    func questions() throws {
        let (shell, store) = Self.seeded()
        let before = try store.allMoments().count
        expectTranscript(
            shell.handle("when did I last call mom?").lines.plainText,
            """
            The last time was 3 days ago:

            Monday, Nov 16, 2026
              1  called mom
                 3 days ago · "\(try store.moment(ref: 1)!.praise)"
            """)
        let walks = shell.handle("how many walks did I take this week?")
        #expect(walks.lines.first?.text == "2 moments this week with “walks”:")
        #expect(walks.lines.plainText.contains("took a walk") && !walks.lines.plainText.contains("went for a run"))
        guard case .answer(let sentence, let moments)? = walks.events.first else {
            Issue.record("no answer event")
            return
        }
        #expect(sentence == "2 moments this week with “walks”:" && moments.map(\.ref) == [5, 3])
        #expect(shell.handle("what did I do yesterday").lines.first?.text == "Here's what you logged yesterday:")
        #expect(shell.handle("did I water the plants today?").lines.first?.text == "Yes, today:")
        #expect(
            shell.handle("did I meditate today?").lines.plainText
                == "I don't see “meditate” today. If you did it, type it and I'll keep it.")
        #expect(
            shell.handle("what was my best day?").lines.first?.text
                == "Your fullest day was Nov 19, 2026, with 2 moments:")
        #expect(shell.handle("how was my week?").lines.plainText == Self.words.openQuestion)
        #expect(
            shell.handle("when did I last go skydiving?").lines.plainText
                == "I couldn't find “skydiving” in your moments. /find skydiving looks through every word.")
        #expect(try store.allMoments().count == before)
    }

    @Test("An open question: with a model, the past week's moments at once and a request with no crisis moment")
    func openQuestionWithAModel() throws {
        let (shell, _) = Self.seeded()
        _ = shell.handle("I want to die 2 days ago")
        #expect(shell.handle("how was my week?").effects.isEmpty, "no model set up: nothing asked")
        shell.aiChanged(to: shell.facts.ai, answersQuestions: true)
        let reply = shell.handle("how was my week?")
        #expect(reply.lines.first?.text == "Here's what you logged over the past week:")
        #expect(reply.lines.plainText.contains("called mom") && reply.lines.plainText.contains("I want to die"))
        guard case .answerWithModel(let request)? = reply.effects.first else {
            Issue.record("no request")
            return
        }
        #expect(request.question == "how was my week?" && request.period == "over the past week")
        #expect(
            request.moments == [
                "took a walk", "watered the plants", "took a walk", "went for a run", "called mom",
            ])
        // A week of nothing but crisis moments asks nothing.
        var answering = AppFacts()
        answering.modelAnswers = true
        let lonely = TestSupport.shell(
            store: InMemoryMomentStore(), mode: .conversation, configuration: Shell.Configuration(facts: answering))
        _ = lonely.handle("I want to die")
        #expect(lonely.handle("how was my week?").effects.isEmpty)
    }

    @Test("Corrections in words act on the last moment and say what they did, as their command does")
    func corrections() throws {
        let (shell, store) = Self.seeded()
        #expect(shell.handle("actually it was yesterday").lines.plainText == "Set #5 \"took a walk\" to yesterday")
        #expect(try store.moment(ref: 5)?.said == SaidTime(.day, "yesterday"))
        #expect(shell.handle("star it").lines.plainText == "★ #5 \"took a walk\" is a favourite.")
        #expect(shell.handle("that was for #outside").lines.plainText == "Tagged #5 \"took a walk\" #outside.")
        #expect(shell.handle("I felt proud").lines.plainText == "🏅 Proud, noted for #5 \"took a walk\".")
        #expect(shell.handle("add a note: with Sam").lines.plainText == "Note added to #5 \"took a walk\".")
        let walk = try #require(try store.moment(ref: 5))
        #expect(walk.isFavorite && walk.tags == ["outside"] && walk.mood == "proud" && walk.note == "with Sam")
        // `undo that` takes back the last thing done: the note, and only the note.
        #expect(shell.handle("undo that").lines.plainText == "Took back the note change on #5 \"took a walk\".")
        let undone = try #require(try store.moment(ref: 5))
        #expect(undone.note == nil && undone.mood == "proud" && undone.isFavorite && undone.archivedAt == nil)
        #expect(shell.handle("delete that").lines.plainText == "Deleted #5 \"took a walk\". /undo brings it back.")
        #expect(try store.moment(ref: 5)?.archivedAt != nil)
        #expect(shell.handle("undo").lines.plainText == "Brought back #5 \"took a walk\".")
        #expect(try store.moment(ref: 5)?.archivedAt == nil)
        #expect(shell.handle("delete #1").lines.plainText == "Deleted #1 \"called mom\". /undo brings it back.")
        #expect(try store.allMoments().count == 5, "nothing new was saved")
    }

    @Test("Moments that sound like commands or questions are logged at once, as always")
    func lookAlikesAreMoments() throws {
        let shell = TestSupport.shell(store: InMemoryMomentStore(), mode: .conversation)
        for line in [
            "asked my boss for a raise", "answered mom's question", "quit smoking", "helped a friend",
            "said thanks to the barista", "deleted old photos", "finally said hi to my neighbour",
        ] {
            let reply = shell.handle(line)
            #expect(reply.lines.first?.text.hasPrefix("Moment logged") == true, "\(line)")
            #expect(reply.praiseRequests.count == 1)
        }
        // `I felt proud` with no moment just before it is a moment of its own.
        #expect(TestSupport.shell().handle("I felt proud").events.contains { $0.isLogged })
    }

    @Test("exit and help: in the conversation they leave and help; in a pipe they are refused, unless --literal")
    func leavingAndHelp() throws {
        let talk = TestSupport.shell(mode: .conversation)
        #expect(talk.handle("exit").quit && talk.handle("bye").quit && talk.handle("q").quit)
        #expect(talk.handle("?").lines.first?.text == talk.handle("/help").lines.first?.text)
        let store = InMemoryMomentStore()
        let piped = TestSupport.shell(store: store, mode: .piped)
        let exit = piped.handle("exit")
        #expect(!exit.quit && exit.failure?.message == Copy.fill(Self.words.leaveInPipe, ["line": "exit"]))
        #expect(exit.events == [.notLogged(input: "exit", reason: .conversationWord)])
        #expect(piped.handle("help").failure?.message == Copy.fill(Self.words.helpInPipe, ["line": "help"]))
        let literal = TestSupport.shell(store: store, mode: .piped, configuration: Shell.Configuration(literal: true))
        #expect(literal.handle("exit").events.contains { $0.isLogged })
        #expect(literal.handle("when did I last call mom?").events.contains { $0.isLogged })
        #expect(try store.allMoments().map(\.text) == ["exit", "when did I last call mom?"])
    }
}
