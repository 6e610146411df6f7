/// yadg(1), made from `Resources/yadg.1.in` by filling its `@SECTION@` lines from the command
/// table and the copy, so a command, an option or an exit status cannot ship without its page.
/// `swift run yadg-dist manual` writes the result to `Resources/yadg.1`; a test compares the two.
public enum ManualPage {
    public static func render(template: String, copy: Copy) -> String {
        let help = copy[HelpCopy.self]
        let sections: [String: [String]] = [
            "@COMMANDS@": CommandTable.specs.filter(\.asSubcommand).flatMap { command($0, help: help, slash: false) },
            "@CONVERSATION@": CommandTable.specs.filter { $0.inConversation && !$0.asSubcommand }.flatMap {
                command($0, help: help, slash: true)
            },
            "@OPTIONS@": ShellCompletion.globalOptions.flatMap { option($0, help: help) },
            "@EXIT_STATUS@": ExitStatus.allCases.flatMap { status in
                [".TP", ".B \(status.rawValue)", escaped(help.exitStatuses[String(status.rawValue)] ?? "")]
            },
        ]
        var lines: [String] = []
        for line in template.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".\\\"") { continue }  // the template's own comments
            if let filled = sections[String(line)] {
                lines += filled
            } else {
                lines.append(String(line).replacing("@VERSION@", with: YadgVersion.number))
            }
        }
        return asciiOnly(lines.joined(separator: "\n"))
    }

    /// Every character outside ASCII as roff's `\[u2026]`, so the page renders the same whatever
    /// encoding `man` guesses.
    public static func asciiOnly(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// `.TP` / `.B moments` `[today|yesterday|week|all]` / what it does, then its options.
    static func command(_ spec: CommandSpec, help: HelpCopy, slash: Bool) -> [String] {
        let completion = spec.completion
        var synopsis = ".B " + escaped((slash ? "/" : "") + spec.name)
        if !completion.words.isEmpty {
            synopsis += " \\fR[" + completion.words.map { "\\fI" + escaped($0) + "\\fR" }.joined(separator: "|") + "]"
        } else if completion.sources.contains(.files) {
            synopsis += " \\fIFILE\\fR"
        } else if completion.sources.contains(.months) {
            synopsis += " \\fR[\\fIMONTH\\fR]"
        }
        var lines = [".TP", synopsis, escaped(help.summaries[spec.name] ?? "")]
        if !spec.aliases.isEmpty {
            lines += [
                ".br",
                "Also "
                    + spec.aliases.map { "\\fB" + escaped((slash ? "/" : "") + $0) + "\\fR" }
                    .joined(separator: ", ") + ".",
            ]
        }
        if !completion.options.isEmpty {
            lines.append(".RS")
            for option in completion.options { lines += self.option(option, help: help) }
            lines.append(".RE")
        }
        return lines
    }

    static func option(_ option: ArgumentCompletion.Option, help: HelpCopy) -> [String] {
        var head = ".B " + escaped(option.name)
        if let argument = option.argument { head = ".BI \"" + escaped(option.name) + " \" " + argument }
        return [".TP", head, escaped(help.options[option.name] ?? "")]
    }

    /// Text made safe for roff: backslashes and hyphens escaped, and a line never starting with a
    /// control character.
    public static func escaped(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
