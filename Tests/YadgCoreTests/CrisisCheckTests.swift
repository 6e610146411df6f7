import Foundation
import Testing
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
        "didn't hurt myself today", "went a week without self harm",
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
        #expect(Self.check.matches(line), "should be caught: \(line)")
    }

    @Test(arguments: negatives)
    func notCaught(_ line: String) {
        #expect(!Self.check.matches(line), "is a win: \(line)")
    }

    @Test("A mention of suicide prevention is caught: the gentle reply is right either way")
    func preventionIsCaught() {
        #expect(Self.check.matches("helped with a suicide prevention walk fundraiser"))
    }

    @Test func folding() {
        let words = CrisisCheck.fold(
            "Don’t self-HARMING, wanna", spellings: WordTable(["wanna": ["want", "to"]]),
            forms: WordTable(["harming": "harm"]),
            keepMarks: false)
        #expect(words == ["dont", "self", "harm", "want", "to"])
    }
}
