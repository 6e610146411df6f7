/// The kinds of win the local classifier tells apart; each has its own offline praise lines.
public enum PraiseCategory: String, Sendable, CaseIterable, Codable {
    case movement, chores, social, selfCare = "self-care", work, creativity, rest, food, learning, kindness, other
}
