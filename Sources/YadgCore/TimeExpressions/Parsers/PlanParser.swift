#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Plans without a date (<doc:TimeSemantics>, §5): "I'll go for a run later", "gonna call mom",
/// "going to clean the garage", "will fix the sink soon". Not a win yet: the same kind message as
/// other future phrases. A plan is said by its first words ("I'll", "I will", "will", "gonna",
/// "going to" and a verb, "I'm about to") or by "later" / "soon" at the very end; "went to the gym
/// and it was going to rain" is a win, because the intent is not where the line starts. "ill"
/// without its apostrophe is not read: it is also a word ("ill but still went for a walk").
struct PlanParser: TimeExpressionFamily {
    var triggers: [String] {
        ["later", "soon", "i'll", "i’ll", "will", "gonna", "going", "about", "we'll", "we’ll"]
    }

    func matches(in t: [TimeToken], at starts: [Int], context: TimeContext) -> [TimeMatch] {
        let plan = TimeMeaning.future(context.now.addingTimeInterval(3600))
        var found: [TimeMatch] = []
        // "… later", "… soon" at the end (but "2 hours later", "a bit later" tell a sequence).
        var last = t.count - 1
        while last >= 0, t[last].kind == .punctuation { last -= 1 }
        if last >= 1, let word = t.word(last), word == "later" || word == "soon",
            TimeUnit.read(t.word(last - 1)) == nil, !["bit", "little", "much", "not"].contains(t.word(last - 1) ?? ""),
            t.integer(last - 1) == nil
        {
            // The trailing word is what is cut; "I'll" stays in the text, as with any other time.
            return [TimeMatch(tokens: last..<(last + 1), meaning: plan, family: "plan")]
        }
        // The intent at the start: "I'll", "I will", "will", "gonna", "I'm gonna", "going to <verb>".
        var i = 0
        if ["i", "we", "i'm", "im", "i’m", "we're"].contains(t.word(0) ?? "") { i = 1 }
        // "I'll be honest, …", "I'll admit …" introduce what was done; "will power" is a noun.
        let aside =
            t.word(i + 1) == "admit" || t.word(i + 1) == "say" || (t.word(i + 1) == "be" && t.word(i + 2) == "honest")
        if aside { return found }
        switch t.word(i) {
        case "i'll"?, "i’ll"?, "we'll"?, "we’ll"?, "gonna"?:
            found.append(TimeMatch(tokens: 0..<(i + 1), meaning: plan, family: "plan"))
        case "will"? where i == 1:
            found.append(TimeMatch(tokens: 0..<(i + 1), meaning: plan, family: "plan"))
        case "going"?, "about"?:
            // "going to clean" is a plan; "going to the gym", "going to bed" say where.
            guard t.word(i + 1) == "to", let verb = t.word(i + 2),
                !["the", "a", "an", "my", "bed", "work", "school", "church", "sleep"].contains(verb)
            else { break }
            found.append(TimeMatch(tokens: 0..<(i + 2), meaning: plan, family: "plan"))
        default:
            break
        }
        return found
    }
}
