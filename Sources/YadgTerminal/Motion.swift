import YadgCore

/// The app's calm motion, as frames: the Home phrase breathing, the prompt's quiet pulse while a
/// praise is on its way, and the AI praise fading in where the offline line was. Only on a colour
/// terminal, and never with `YADG_REDUCE_MOTION=1` (pipes, `NO_COLOR` and `TERM=dumb` have no
/// colour, so they have no motion either).
public struct Motion: Sendable {
    public let style: TerminalStyle
    public let enabled: Bool

    public init(style: TerminalStyle, enabled: Bool) {
        self.style = style
        self.enabled = enabled && style.usesColor
    }

    public static func detect(style: TerminalStyle, environment: [String: String]) -> Motion {
        Motion(style: style, enabled: environment["YADG_REDUCE_MOTION"] != "1")
    }

    /// Seconds between frames.
    public static let frameInterval = 0.11
    /// How long Home breathes if nobody types.
    public static let breathingSeconds = 6.0

    /// The Home phrase from bright to faint and back, one slow breath (13 frames, ~1.4 s).
    public func breathing(_ text: String) -> [String] {
        let levels: [Double] = [1, 0.92, 0.82, 0.72, 0.63, 0.56, 0.52, 0.56, 0.63, 0.72, 0.82, 0.92, 1]
        return levels.map { shade(lavender, $0, palette: lavenderRamp) + TerminalSanitizer.clean(text) + style.reset }
    }

    /// The phrase at rest, as Home prints it.
    public func rest(_ text: String) -> String { style.render(StyledLine(text, .secondary)) }

    /// A line fading in, dim to its full colour (6 frames, ~0.7 s).
    public func fadeIn(_ text: String) -> [String] {
        let clean = TerminalSanitizer.clean(text)
        let levels: [Double] = [0.35, 0.5, 0.65, 0.8, 0.92]
        return ["\u{1B}[2m" + clean + style.reset]
            + levels.map { shade(lavender, $0, palette: lavenderRamp) + clean + style.reset }
            + [rest(text)]
    }

    /// The prompt's chevron, pulsing gently between its colour and a fainter one (the same width,
    /// so the line being typed never moves). `\u{1}` marks invisible sequences for libedit.
    public func waitingPrompts(_ glyph: String) -> [String] {
        let levels: [Double] = [1, 0.85, 0.7, 0.55, 0.45, 0.55, 0.7, 0.85]
        return levels.map {
            "\u{1}" + shade(amber, $0, palette: amberRamp) + "\u{1}" + glyph + "\u{1}" + style.reset + "\u{1} "
        }
    }

    private let lavender = (168.0, 139.0, 250.0)
    private let amber = (255.0, 184.0, 76.0)
    /// 256-colour steps from faint to full, for terminals without 24-bit colour.
    private let lavenderRamp = [60, 97, 98, 141]
    private let amberRamp = [94, 136, 178, 215]

    private func shade(_ rgb: (Double, Double, Double), _ level: Double, palette: [Int]) -> String {
        switch style.colorMode {
        case .none: return ""
        case .trueColor:
            let (r, g, b) = (Int(rgb.0 * level), Int(rgb.1 * level), Int(rgb.2 * level))
            return "\u{1B}[38;2;\(r);\(g);\(b)m"
        case .ansi256:
            // 0.45…1 onto the ramp.
            let index = min(palette.count - 1, max(0, Int(((level - 0.45) / 0.55) * Double(palette.count - 1) + 0.5)))
            return "\u{1B}[38;5;\(palette[index])m"
        }
    }
}
