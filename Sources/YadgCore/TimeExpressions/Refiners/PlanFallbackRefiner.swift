/// A plan's intent words ("I'll", "going to") or a trailing "later" stand for the time only when
/// nothing else in the line says when: "I'll call mom tomorrow" is read by "tomorrow", and keeps
/// "I'll" in its text.
struct PlanFallbackRefiner: TimeMatchRefiner {
    func refine(_ matches: [TimeMatch], tokens: [TimeToken], context: TimeContext) -> [TimeMatch] {
        guard matches.contains(where: { $0.family != "plan" }) else { return matches }
        return matches.filter { $0.family != "plan" }
    }
}
