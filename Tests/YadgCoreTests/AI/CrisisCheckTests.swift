import Foundation
import Testing
import YadgLanguage
import YadgResources
import YadgTestSupport

@testable import YadgCore

/// The crisis phrase set (`Resources/crisis.json`) on lines people might really write. Every
/// positive must be caught; every negative is a win that must still be praised.
struct CrisisCheckTests {
    static let check = TestSupport.resources.crisis

    static let positives = [
        "I want to die", "i want to die", "I WANT TO DIE", "honestly i just want to die",
        "I want to just die today", "wanna die", "I wanted to die this morning",
        "thinking about ending it all", "I want to end it all", "part of me wants to end it all",
        "I'm going to end my life", "thinking about ending my life", "planning to end my own life",
        "I want to kill myself", "i want to kms", "kms", "Thinking of killing myself", "want to unalive myself",
        "I could kill my stupid self", "I'm suicidal", "feeling suicidal again", "had suicidal thoughts",
        "thought about suicide", "thinking about sucide", "Suicide feels like the only way",
        "I don't want to be here anymore", "I dont want to be here anymore", "I don’t want to be here anymore",
        "i really don't want to be here", "I don't want to be alive", "I just don't want to live anymore",
        "I don't want to exist", "I don't want to wake up tomorrow", "I hope I don't wake up",
        "there's no reason to live", "I have no reason to live", "nothing to live for",
        "life isn't worth living", "my life is not worth living", "there's no point in living",
        "so tired of living", "I can't go on", "I cannot go on like this", "I can’t keep going",
        "I cant live like this anymore", "I'm giving up on life", "I gave up on life today",
        "I hurt myself again", "I keep hurting myself", "I want to harm myself", "relapsed into self harm",
        "self-harm urges today", "selfharm", "self harmed last night", "I cut myself last night",
        "I've been cutting myself", "want to slit my wrists", "thinking of taking an overdose",
        "I overdosed", "everyone would be better off without me", "I'd be better off dead",
        "I wish I was dead", "I wish I were dead", "I wish I was never born", "I wish I wasn't alive",
        "I want to hang myself", "I'm ready to die", "want to take my own life", "want to disappear forever",
    ]

    /// Recovery milestones: wins, cheered, kept on this machine.
    static let milestones = [
        "didn't hurt myself today", "went a week without self harm", "90 days without hurting myself",
        "wanted to cut and called a friend instead", "three years since my attempt and glad I'm here",
        "the urge came and it passed", "I used to want to die every day",
    ]

    static let negatives = [
        "I killed it at the gym", "killed it in my presentation", "crushed my workout, dead tired now",
        "I'm dying to see the new movie", "the cake was to die for", "laughed so hard I almost died",
        "my phone died but I still made it to work", "ended the day with a cup of tea", "ended my shift early",
        "finished the end of my book", "reached the end of the trail", "cut myself some slack today",
        "cut myself a slice of cake", "cut myself off from doomscrolling", "cut my own hair",
        "hurt my back but still went for a walk", "helped a friend who was hurting",
        "took my life back from a bad job", "started a new chapter of my life", "live music with friends",
        "watched Suicide Squad with my brother", "killing myself laughing at that show",
        "decided to end it with my toxic ex", "ended an old subscription", "no reason to skip breakfast",
        "nothing to worry about, finished my taxes", "the harm reduction training went well",
        "signed up for a first aid course", "I went to therapy", "asked for help today",
        "called my mom", "took a walk", "did the dishes", "drank a glass of water", "went to bed early",
        "made my bed", "got out of bed", "fed the cat", "paid a bill", "replied to an email",
        "I can go on a hike tomorrow", "I can keep going with the project", "kept going on my run",
        "I want to dye my hair", "want to do it again", "beat the final boss", "murdered that karaoke song",
        "the plants were dying so I watered them", "watched a movie about a dying star",
        "survived a hard day", "I'm here and I'm trying", "I want to be here for my kids",
        "I do want to live fully", "wrote down why I want to live well", "the hang gliding lesson was great",
        "I hung my paintings", "finished my self-review at work", "ended up going for a run anyway",
        "cleaned up the overdue library books", "killed the weeds in the garden", "murder mystery night",
        "finished season 2 of Dead to Me", "end of year review done", "ending the week strong",
    ]

    @Test func phraseCounts() {
        #expect(Self.positives.count >= 60)
        #expect(Self.negatives.count >= 60)
    }

    @Test(arguments: positives)
    func caught(_ line: String) {
        let caught = Self.check.matches(line)
        #expect(caught, "should be caught: \(line)")
    }

    @Test(arguments: milestones)
    func milestone(_ line: String) {
        let sensitivity = Self.check.read(line).sensitivity
        #expect(sensitivity == .milestone, "a milestone: \(line)")
    }

    @Test(arguments: negatives)
    func notCaught(_ line: String) {
        let caught = Self.check.matches(line)
        #expect(!caught, "is a win: \(line)")
    }

    @Test("Suicide prevention work is a win; the word alone, or said of oneself, is not")
    func prevention() {
        #expect(Self.check.read("helped with a suicide prevention walk fundraiser").sensitivity == .ordinary)
        #expect(Self.check.read("suicide hotline").sensitivity >= .concern)
        #expect(Self.check.read("thinking about suicide again").sensitivity == .crisis)
    }

    @Test("Three outcomes: a crisis, a concern the reader cannot clear, an ordinary line")
    func outcomes() {
        #expect(Self.check.read("gonna kill myself tonight").sensitivity == .crisis)
        #expect(Self.check.read("everything feels hopeless").sensitivity == .concern)
        #expect(Self.check.read("dead tired after the marathon").sensitivity == .ordinary)
    }

    @Test("Misspellings, slang and emoji beside the words")
    func tolerant() {
        for line in [
            "i want to dei", "wnat to kil myself", "suicidl thoughts all day", "self harmd agian", "thinkin bout endin it 😔",
            "gonna top meself this arvo", "🔪🩸 again. couldnt stop",
        ] {
            let caught = Self.check.matches(line)
            #expect(caught, "\(line)")
        }
        for line in ["dyed my hair purple", "finished the DEI training"] {
            let caught = Self.check.matches(line)
            #expect(!caught, "\(line)")
        }
    }

    @Test("A person's crisis.json adds phrases and can never remove, clear or empty the built-in ones")
    func additions() throws {
        let builtIn = EmbeddedResources.text("Resources/crisis.json")!
        let emptied = """
            {"crisis": [], "concern": [], "clear": ["want to die", "kill myself"], "milestones": ["want to die"],
             "touch": [], "spellings": {"die": "dance"}}
            """
        let check = try CrisisCheck(json: builtIn, additions: emptied)
        #expect(check.read("I want to die").sensitivity == .crisis)
        #expect(check.read("gonna kill myself").sensitivity == .crisis)
        let added = try CrisisCheck(json: builtIn, additions: #"{"crisis": ["purple elephants"]}"#)
        #expect(added.read("thinking of purple elephants again").sensitivity == .crisis)
        #expect(try CrisisCheck(json: builtIn).read("thinking of purple elephants again").sensitivity == .ordinary)
    }
}

/// The crisis reader's derived resources are what the repository's tool makes of its sources, byte
/// for byte: a reviewer reads `crisis.json`, the corpora and the model's file, and CI holds the
/// rest to them.
struct CrisisResourceTests {
    @Test("Resources/crisis-reader.txt is what crisis.json compiles to (`yadg-train compile`)")
    func compiledReader() throws {
        let compiled = try CrisisCheck.compile(json: EmbeddedResources.text("Resources/crisis.json")!)
        #expect(compiled == EmbeddedResources.text("Resources/crisis-reader.txt"))
    }

    @Test("Every phrase of crisis.json compiles")
    func phrasesCompile() throws {
        try TestSupport.resources.crisis.reader.compileAll()
    }

    @Test("Resources/crisis-model.tsv is what `yadg-train fit` writes from the corpora")
    func modelReproduced() throws {
        let reader = try CrisisCheck(json: EmbeddedResources.text("Resources/crisis.json")!).reader
        let records =
            TestSupport.corpus("crisis.jsonl") + TestSupport.corpus("crisis-training.jsonl")
            + TestSupport.corpus("ordinary.jsonl")
        let fitted = reader.fitModel(records)
        #expect(fitted == EmbeddedResources.text("Resources/crisis-model.tsv"), "run `swift run yadg-train fit`")
    }

    @Test("The training sets by other hands: the reader stays at or above the floor it reached on them")
    func trainingFloor() {
        let score = CrisisScore(TestSupport.corpus("crisis-training.jsonl"), reader: TestSupport.resources.crisis.reader)
        let crisis = Double(score.met["crisis"] ?? 0) / Double(score.total["crisis"] ?? 1)
        let ok = Double(score.met["ok"] ?? 0) / Double(score.total["ok"] ?? 1)
        #expect(crisis >= 0.965, "\(score)")
        #expect(ok >= 0.965, "\(score)")
    }

    @Test("Everyday lines from the repository's other corpora are read as ordinary")
    func ordinaryLines() {
        for record in TestSupport.corpus("ordinary.jsonl") {
            let sensitivity = TestSupport.resources.crisis.read(record.text).sensitivity
            #expect(sensitivity <= .milestone, "\(record.text)")
        }
    }
}
