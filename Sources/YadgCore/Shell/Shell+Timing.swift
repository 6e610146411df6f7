import Foundation

/// `/when` (re-time the last moment) and `/did` (the guided flow of the app's Log Moment screen).
extension Shell {
    /// The steps of `/did`.
    enum GuidedLog: Equatable {
        case askingText
        case askingWhen(text: String)
        case confirming(text: String, happenedAt: Date, said: SaidTime)
    }

    /// `/when 5 hours ago`: moves the last moment to that time.
    func retimeLastMoment(_ expression: String) -> ShellReply {
        guard !expression.isEmpty else { return ShellReply(lines: [StyledLine(copy.whenNeedsExpression)]) }
        guard var moment = (try? store.lastSubmittedMoment()) ?? nil else {
            return ShellReply(lines: [StyledLine(copy.whenNoMoment)])
        }
        let now = clock.now()
        switch readWhen(expression, now: now) {
        case .unclear:
            let message = Copy.fill(copy.whenUnclear, ["expression": expression])
            return ShellReply(lines: [StyledLine(message)], failure: message)
        case .future:
            let message = Copy.fill(copy.whenFuture, ["text": moment.text])
            return ShellReply(lines: [StyledLine(message)], failure: message)
        case .at(let date, let said):
            moment.happenedAt = date
            moment.said = said
            moment.timeAgo = max(0, Int(moment.submittedAt.timeIntervalSince(date).rounded()))
            do {
                try store.update(moment)
            } catch {
                return ShellReply(lines: [StyledLine(copy.saveFailed)], failure: copy.saveFailed)
            }
            return ShellReply(lines: [
                StyledLine(Copy.fill(copy.whenSet, ["when": whenWords(date, said, now)]), .primary)
            ])
        }
    }

    /// "just now", "yesterday · 8:30 PM", or a day or period as said ("last week").
    func whenWords(_ date: Date, _ said: SaidTime, _ now: Date) -> String {
        if let words = said.words { return words }
        let isNow = abs(now.timeIntervalSince(date)) < 60
        return isNow ? TimeWords.relative(date, now: now, in: zone) : TimeWords.when(date, now: now, in: zone)
    }

    enum WhenAnswer: Equatable {
        case at(Date, SaidTime)
        case future
        case unclear
    }

    /// Reads an answer that is only a time: any expression ("yesterday evening", "now"), or a short
    /// amount meaning that long ago ("5 h", "20 min", "an hour").
    func readWhen(_ answer: String, now: Date) -> WhenAnswer {
        for candidate in [answer, answer + " ago"] {
            let parsed = parser.parse(candidate, now: now, timeZone: zone)
            guard parsed.kind != .none, parsed.text.isEmpty else { continue }
            return parsed.kind == .future ? .future : .at(parsed.happenedAt, parsed.said)
        }
        return .unclear
    }

    /// Starts `/did`.
    func startGuidedLog() -> ShellReply {
        guidedLog = .askingText
        return ShellReply(lines: [StyledLine(copy.didAskText, .primary)])
    }

    /// The next answer in `/did`.
    func continueGuidedLog(_ line: String, step: GuidedLog) -> ShellReply {
        let answer = line.trimmingCharacters(in: .whitespaces)
        let now = clock.now()
        switch step {
        case .askingText:
            guard !answer.isEmpty else { return cancelGuidedLog() }
            let parsed = parser.parse(answer, now: now, timeZone: zone)
            if parsed.kind == .past && !parsed.text.isEmpty {
                // The answer already says when: go straight to saving.
                return confirm(text: parsed.text, at: parsed.happenedAt, said: parsed.said, now: now)
            }
            guidedLog = .askingWhen(text: answer)
            return ShellReply(lines: [StyledLine(copy.didAskWhen, .dim)])
        case .askingWhen(let text):
            if answer.isEmpty { return confirm(text: text, at: now, said: .now, now: now) }
            switch readWhen(answer, now: now) {
            case .at(let date, let said): return confirm(text: text, at: date, said: said, now: now)
            case .future: return ShellReply(lines: [StyledLine(copy.didFutureWhen)])
            case .unclear: return ShellReply(lines: [StyledLine(copy.didUnclearWhen)])
            }
        case .confirming(let text, let date, let said):
            guard answer.isEmpty else { return ShellReply(lines: [StyledLine(copy.didConfirm, .dim)]) }
            guidedLog = nil
            return save(text: text, happenedAt: date, said: said, input: text, now: now)
        }
    }

    func cancelGuidedLog() -> ShellReply {
        guidedLog = nil
        return ShellReply(lines: [StyledLine(copy.didCancelled, .dim)])
    }

    private func confirm(text: String, at date: Date, said: SaidTime, now: Date) -> ShellReply {
        guidedLog = .confirming(text: text, happenedAt: date, said: said)
        return ShellReply(lines: [
            StyledLine("  \(text) · \(whenWords(date, said, now))"), StyledLine(copy.didConfirm, .dim),
        ])
    }
}
