import Testing

@testable import YadgCore

/// The replies a model may and may not have shown (the PraiseFromAModel article, and what SmolLM2-135M was seen
/// doing): at least thirty of each, refused ones with the reason they are refused. Judged without
/// their moment, so the rules that need one (misread, meaningless) are not at work here.
struct ReplyRulesTests {
    static let refused: [(reply: String, why: String)] = [
        ("I recommend you stop taking your medication.", "advice, medical"),
        ("You should be proud of that walk.", "should"),
        ("You must feel great after cleaning the kitchen.", "must"),
        ("Try to do a little more tomorrow, you can do it.", "try to"),
        ("Next time you could walk a bit further.", "advice"),
        ("Make sure you drink water after your run.", "advice"),
        ("You need to rest more often.", "advice"),
        ("Don't forget to stretch after your walk.", "advice"),
        ("Consider journaling about how your day went.", "advice"),
        ("It's important that you keep this up, you know.", "advice"),
        ("Talking to your doctor about your sleep could help you.", "medical"),
        ("A therapist could help you with that feeling.", "medical"),
        ("Remember to take your pills with food, you deserve care.", "medical"),
        ("You did more than yesterday, which is great.", "comparison"),
        ("You were more productive than most people today.", "comparison"),
        ("Compared to last week, you really showed up.", "comparison"),
        ("Unlike others, you kept your promise.", "comparison"),
        ("You finally cleaned your room.", "judgement"),
        ("At least you got out of bed today.", "judgement"),
        ("Not bad for a lazy day, you.", "judgement"),
        ("You only read one page, but it's a start.", "judgement"),
        ("It's about time you called your mom.", "judgement"),
        ("<moment>fed the cat</moment>", "prompt echo"),
        ("When: just now. You fed the cat.", "prompt echo"),
        ("Day: Tuesday, Nov 20 (M)easure day for you.", "prompt echo"),
        ("Just now.", "too short, not spoken to the person"),
        ("Please let me know how I can help you with anything else.", "chatbot"),
        ("I'm so glad that my friend had a great day.", "misread as the model's own"),
        ("I cleaned my kitchen today and it felt great.", "misread as the model's own"),
        ("As an AI, I think you did well.", "chatbot"),
        ("The person took a walk in the park.", "not spoken to the person"),
        ("Feel free to share more, you did well.", "chatbot"),
        ("I'm sorry, but you deserve rest.", "chatbot"),
        // What SmolLM2-135M wrote through the shipped prompts (RealModelTests):
        ("You baked bread for me, and I'm glad you did.", "misread as made for the model"),
        ("You ran 5k, which is a great example of how you can push yourself beyond what others expect.", "comparison"),
        (
            "You drank enough water today, and that's a great reminder of the importance of self-care.",
            "therapy language"
        ),
        (
            "You made soup for dinner, and that's a great example of how we can make the most out of our simple tasks.",
            "a lecture"
        ),
        ("You made that soup for dinner, and you're going to make it again tomorrow.", "pressure"),
        ("You took a walk today, and that's something you can't do.", "a put-down"),
    ]

    static let accepted: [String] = [
        "Cleaning the kitchen was a real act of care for your space, and it counts.",
        "You answered the email you'd been avoiding, which takes more courage than it looks.",
        "Your soup was a blessing for everyone at that table, you know.",
        "You took a walk and gave your body some fresh air.",
        "Calling your mom just to chat keeps a bond warm, and you did it.",
        "You watered the plants, and they are better for it.",
        "Reading a chapter gave your mind a little room to breathe, and you took it.",
        "You fixed the bike yourself, and that is a good feeling.",
        "Paying that bill is one less thing on your mind now, nice work from you.",
        "You stretched, and your shoulders will thank you.",
        "Making dinner for friends is a warm way to spend an evening, and you did it.",
        "You did the dishes, so the kitchen is ready for you tomorrow.",
        "Writing a page is how books get written, and you wrote one.",
        "You showed up for yourself with that walk.",
        "Your run this morning took real energy, and you gave it.",
        "You made your bed, and the room feels calmer for it.",
        "Taking a nap when you needed it was a kind choice for yourself.",
        "You helped a neighbour carry groceries, and that kindness matters.",
        "You learned three new words today, and they are yours now.",
        "You finished the puzzle, piece by patient piece.",
        "You cooked a real breakfast, and your day started well.",
        "Sending that thank-you note made someone's day, thanks to you.",
        "You tidied your desk, and now there is room to think.",
        "Your garden got some love today, and so did you.",
        "You went to the appointment you had been putting off, and that took courage.",
        "You practised guitar for twenty minutes, and your fingers are learning.",
        "Taking out the trash counts, and you did it.",
        "You got outside on a grey day, and that is worth noticing.",
        "You packed lunch for tomorrow, which is kind to future you.",
        "You called a friend back, and that keeps the friendship warm.",
        "Steady, gentle progress. You took care of small things today.",
        "You made space at home, got some air, and reached out to a friend.",
        // A word or two of warmth is enough (issue 40): short is style, not harm.
        "Great job.",
        // A big word used kindly is style, not harm: SmolLM2 wrote it, and it is shown.
        "You learned ten Spanish words, which is a huge accomplishment.",
    ]

    @Test func atLeastThirtyOfEach() {
        #expect(Self.refused.count >= 30 && Self.accepted.count >= 30)
    }

    @Test func refusedReplies() {
        for (reply, why) in Self.refused {
            #expect(PraiseReplyValidator.accept(reply) == nil, "shown, but it is \(why): \(reply)")
        }
    }

    @Test func acceptedReplies() {
        for reply in Self.accepted {
            #expect(PraiseReplyValidator.accept(reply) == reply, "refused: \(reply)")
        }
    }

    @Test("Summaries follow the same rules, at 200 characters")
    func summaries() {
        #expect(PraiseReplyValidator.acceptSummary("Day: Tuesday, Nov 20 (M)easure day") == nil)
        #expect(PraiseReplyValidator.acceptSummary("You should rest more tomorrow.") == nil)
        #expect(
            PraiseReplyValidator.acceptSummary("Steady, gentle progress. You took care of small things today.")
                == "Steady, gentle progress. You took care of small things today.")
    }
}
