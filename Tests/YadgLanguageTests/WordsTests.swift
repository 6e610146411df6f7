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

    @Test("A star between two letters is dropped: a word starred out to pass a filter is still that word")
    func starredOut() {
        #expect(Words("su*cide note").folded == ["sucide", "note"])
        #expect(Words("k*ll myself, unal*ve").folded == ["kll", "myself", "unalve"])
        #expect(Words("*birthday, 5*3").folded == ["birthday", "5", "3"])
        #expect(Words("été s*ad").folded == ["été", "sad"])
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
