import Testing

@testable import YadgLanguage

/// One tokenizer and one folding policy for every reader of language.
struct WordsTests {
    @Test("Lower case, apostrophes dropped inside words, other marks break words")
    func folding() {
        #expect(Words("Don’t self-HARM, wanna").folded == ["dont", "self", "harm", "wanna"])
        #expect(Words("I can't").folded == ["i", "cant"])
    }

    @Test("A sentence's end is kept between sentences, never first, last or twice")
    func sentences() {
        #expect(Words("did the dishes. still sad!! ok?").folded == ["did", "the", "dishes", ".", "still", "sad", ".", "ok"])
        #expect(Words("...hello...").folded == ["hello"])
        #expect(Words("ran 2.5k today").folded == ["ran", "2", "5k", "today"])
    }

    @Test("Capitals of two letters or more are marked: an acronym is never a misspelling")
    func shouting() {
        let words = Words("did the DEI training with Amy")
        #expect(words.shouted == [false, false, true, false, false, false])
    }

    @Test("An emoji that stands for a word becomes it; others break words")
    func emoji() {
        let words = Words("🔪🩸 again 🎉", emoji: ["🔪": "knife", "🩸": "blood"])
        #expect(words.folded == ["knife", "blood", "again"])
    }

    @Test("Letters beyond ASCII are read as letters and lower-cased")
    func unicode() {
        #expect(Words("ÉTÉ déjà vu").folded == ["été", "déjà", "vu"])
    }
}
