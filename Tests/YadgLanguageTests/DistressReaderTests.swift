import Testing

@testable import YadgLanguage

/// How the reader's phrase kinds reach a verdict, on a small reader of its own (the shipped
/// resource is tested on its corpus in YadgCoreTests).
struct DistressReaderTests {
    static func reader(model: LinearModel? = nil) -> DistressReader {
        let lexicon = Lexicon(
            spellings: ["wanna": ["want", "to"]], forms: ["died": "die", "dying": "die", "killed": "kill"],
            vocabulary: ["die", "kill", "myself", "want", "days", "without", "used"], typoTargets: ["die", "kill"],
            notTypos: ["will", "bill", "fill", "hill", "mill", "pill", "till", "dice", "dime", "dine", "diet", "dies"])
        return try! DistressReader(
            lexicon: lexicon,
            classes: ["die": ["die", "dead"], "self": ["myself"], "want": ["want", "wish"], "number": ["a"]],
            phrases: [
                .crisis: ["<want> ~ <die>", "kill <self>"],
                .concern: ["no way out"],
                .milestone: ["<number> days without ~ kill <self>"],
                .clear: ["die for", "kill it"],
                .touch: ["die|dead|kill"],
                .planTouch: ["bridge"],
                .recoveryFrame: ["used to"],
                .topicFrame: ["podcast"],
                .danger: ["next time"],
            ],
            emoji: ["🔪": "knife"], model: model)
    }

    static func verdict(_ line: String, model: LinearModel? = nil) -> Distress { reader(model: model).read(line).verdict }

    @Test("A crisis phrase makes a crisis; a family word left standing, a concern; nothing, ordinary")
    func kinds() {
        #expect(Self.verdict("i wanna die") == .crisis)
        #expect(Self.verdict("no way out") == .concern)
        #expect(Self.verdict("thinking about death and the dead") == .concern)
        #expect(Self.verdict("took a walk") == .ordinary)
    }

    @Test("A clear phrase sets aside what it covers, and only that")
    func clears() {
        #expect(Self.verdict("this cake is to die for") == .ordinary)
        #expect(Self.verdict("killed it at trivia") == .ordinary)
        #expect(Self.verdict("i want to die for real") == .crisis)  // `die for` does not cover `want to die`
    }

    @Test("A milestone sets aside what it covers and makes the line a milestone")
    func milestones() {
        #expect(Self.verdict("a days without wanting to kill myself") == .milestone)
        #expect(Self.verdict("a days without wanting to kill myself. want to die") == .crisis)
    }

    @Test("A recovery frame sets aside its sentence; a topic frame all but a crisis phrase; danger undoes both")
    func frames() {
        #expect(Self.verdict("i used to want to die") == .milestone)
        #expect(Self.verdict("i used to want to die. next time") == .milestone)
        #expect(Self.verdict("i used to want to die, next time") == .crisis)
        #expect(Self.verdict("a podcast about death") == .ordinary)
        #expect(Self.verdict("a podcast about how i want to die") == .crisis)
    }

    @Test("A plan touch word marks the line, without making it a concern")
    func planTouch() {
        let reading = Self.reader().read("going to the bridge tomorrow")
        #expect(reading.verdict == .ordinary && reading.touches)
        #expect(!Self.reader().read("going to the shop tomorrow").touches)
    }

    @Test("The model raises a line the phrases are silent about, never one they explained, never lowers one")
    func model() {
        let model = LinearModel(weights: ["w:gone": 3], bias: -1, threshold: 1.5, classNames: ["die", "number", "self", "want"])
        #expect(Self.verdict("soon i will be gone", model: model) == .concern)
        #expect(Self.verdict("soon i will be gone, this cake is to die for", model: model) == .ordinary)
        #expect(Self.verdict("i wanna die", model: model) == .crisis)
        #expect(Self.verdict("took a walk", model: model) == .ordinary)
    }

    @Test("Evidence names each phrase that spoke and whether it was set aside")
    func evidence() {
        #expect(Self.reader().read("killed it at trivia").evidence.isEmpty)
        let reading = Self.reader().read("killed it at trivia", explaining: true)
        #expect(reading.evidence.map(\.description).contains("clear: kill it ← kill it"))
        #expect(reading.evidence.map(\.description).contains("touch (set aside): die|dead|kill ← kill"))
    }
}
