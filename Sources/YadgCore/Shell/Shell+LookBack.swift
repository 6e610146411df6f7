import Foundation

/// The look-back commands: Moments ranges, `/find`, row commands, Journey, calendar, stats.
extension Shell {
    var today: LocalDay { LocalDay(number: TimeWords.dayNumber(clock.now(), zone)) }

    private func startOfDay(_ day: LocalDay) -> Date {
        TimeContext(now: clock.now(), zone: zone).instant(day: day.number)
    }

    /// `/moments [today|yesterday|week|all]`: newest first, by day.
    func momentsView(range: String) -> ShellReply {
        reading {
            let now = clock.now()
            var start: Date?
            var end: Date?
            var limit = 50
            switch range {
            case "today": start = startOfDay(today)
            case "yesterday":
                start = startOfDay(LocalDay(number: today.number - 1))
                end = startOfDay(today)
            case "week": start = startOfDay(LocalDay(number: today.number - today.weekday))
            case "all": limit = 200
            case "": break
            default:
                var reply = ShellReply(lines: [StyledLine(copy.momentsUnknownRange)], failure: copy.momentsUnknownRange)
                reply.isUsageError = true
                return reply
            }
            let moments = try store.moments(happenedFrom: start, before: end, limit: limit)
            var lines = MomentsByDayView.render(moments, now: now, zone: zone, copy: copy, width: width)
            if moments.isEmpty && !range.isEmpty, lines.count > 2 {
                lines = [lines[0], StyledLine(""), StyledLine(copy.momentsNothingInRange)]
            }
            if range == "all", moments.count == limit, let total = try? store.totals(recentFrom: "~").moments,
                total > limit
            {
                lines.append(StyledLine(""))
                lines.append(
                    StyledLine(
                        Copy.fill(copy.momentsShowingNewest, ["shown": String(limit), "total": String(total)]), .dim))
            }
            return ShellReply(lines: lines, events: [.moments(moments)])
        }
    }

    func find(_ words: String) -> ShellReply {
        reading {
            let terms = words.split(separator: " ").map(String.init)
            guard !terms.isEmpty else { return ShellReply(lines: [StyledLine(copy.findNeedsWords)]) }
            let moments = try store.moments(containing: terms, limit: 50)
            guard !moments.isEmpty else {
                return ShellReply(
                    lines: [StyledLine(Copy.fill(copy.findNothing, ["words": words]))], events: [.moments([])])
            }
            var lines = MomentsByDayView.render(moments, now: clock.now(), zone: zone, copy: copy, width: width)
            lines[0] = StyledLine(Copy.fill(copy.findTitle, ["words": words]), .title)
            return ShellReply(lines: lines, events: [.moments(moments)])
        }
    }

    /// A reply that ends a command early (a bad row number, say).
    struct EarlyReply: Error {
        let reply: ShellReply
    }

    /// The moment a reference names: its short number (`12` or `#12`, the same in every list and
    /// session) or `last`, the moment just logged.
    private func moment(reference: String, command: CommandName) -> Result<Moment, EarlyReply> {
        let text = reference.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            return .failure(EarlyReply(reply: failure(Copy.fill(copy.referenceNeeded, ["command": command.rawValue]))))
        }
        let found: Moment??
        if text.lowercased() == "last" {
            found = try? store.lastSubmittedMoment()
        } else if let n = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), n >= 1 {
            found = try? store.moment(ref: n)
        } else {
            found = nil
        }
        guard let found = found ?? nil, found.archivedAt == nil else {
            return .failure(EarlyReply(reply: failure(Copy.fill(copy.referenceUnknown, ["reference": text]))))
        }
        return .success(found)
    }

    private func failure(_ message: String) -> ShellReply {
        ShellReply(lines: [StyledLine(message)], failure: message)
    }

    private func saved(_ moment: Moment, _ message: String) -> ShellReply {
        do {
            try store.update(moment)
        } catch {
            return failure(self.message(for: error))
        }
        return ShellReply(lines: [StyledLine(message, .primary)])
    }

    func setFavorite(_ reference: String, _ favorite: Bool) -> ShellReply {
        switch moment(reference: reference, command: favorite ? .fav : .unfav) {
        case .failure(let early): return early.reply
        case .success(var m):
            if !favorite && !m.isFavorite {
                return ShellReply(lines: [StyledLine(Copy.fill(copy.unfavNotFavorite, ["text": m.text]))])
            }
            m.isFavorite = favorite
            return saved(m, Copy.fill(favorite ? copy.favDone : copy.unfavDone, ["text": m.text]))
        }
    }

    func delete(_ reference: String) -> ShellReply {
        switch moment(reference: reference, command: .delete) {
        case .failure(let early): return early.reply
        case .success(var m):
            m.archivedAt = clock.now()
            let reply = saved(m, Copy.fill(copy.deleteDone, ["text": m.text]))
            if reply.failure == nil { deleted.append(m) }
            return reply
        }
    }

    func undo() -> ShellReply {
        guard var m = deleted.popLast() else { return ShellReply(lines: [StyledLine(copy.undoNothing)]) }
        m.archivedAt = nil
        return saved(m, Copy.fill(copy.undoDone, ["text": m.text]))
    }

    func edit(_ arguments: String) -> ShellReply {
        let parts = arguments.split(separator: " ", maxSplits: 1).map(String.init)
        switch moment(reference: parts.first ?? "", command: .edit) {
        case .failure(let early): return early.reply
        case .success(var m):
            let text = parts.count > 1 ? MomentTextRule.normalizeWhitespace(parts[1].unicodeScalars) : ""
            guard !text.isEmpty else { return failure(copy.editNeedsText) }
            guard text.count <= Self.maxTextLength else {
                return failure(Copy.fill(copy.notLoggedTooLong, ["limit": String(Self.maxTextLength)]))
            }
            m.text = text
            // Once a moment held crisis language it stays private, whatever it is edited to.
            m = resources.crisis.flagged(m)
            let reply = saved(m, Copy.fill(copy.editDone, ["text": text]))
            guard m.isCrisis, reply.failure == nil else { return reply }
            return ShellReply(lines: reply.lines + crisisLines())
        }
    }

    /// `/journey`: seven days with moments at a time, newest first; `/journey more` continues.
    func journey(more: Bool) -> ShellReply {
        let page = JourneyPage(before: more ? journeyCursor : nil, isFirst: !more)
        let reply = journey(page: page)
        if case .journey(let days)? = reply.events.first, let last = days.last { journeyCursor = last.day.text }
        return reply
    }

    /// Renders one Journey page. It moves nothing, so it can run again when summaries arrive.
    public func journey(page: JourneyPage) -> ShellReply {
        reading {
            let pageSize = 7
            let before = page.before
            let days = try store.days(before: before, limit: pageSize + 1).compactMap(LocalDay.init)
            let shown = Array(days.prefix(pageSize))
            let moments = try store.moments(onDays: shown.map(\.text))
            var byDay: [String: [Moment]] = [:]
            // Moments stored before the flag existed (or before the phrase set grew) are checked again.
            for m in moments { byDay[m.localDay, default: []].append(resources.crisis.flagged(m)) }
            var entries: [JourneyView.Day] = []
            var stale: [JourneyView.Day] = []
            for day in shown {
                let dayMoments = byDay[day.text] ?? []
                let fingerprint = DayDigest.fingerprint(dayMoments)
                let heavy = JourneyView.Day(day: day, moments: dayMoments, summary: copy.journeyHeavyDay)
                if heavy.isHeavy {
                    entries.append(heavy)
                } else if let cached = (try? store.daySummary(for: day.text)) ?? nil, cached.fingerprint == fingerprint {
                    entries.append(JourneyView.Day(day: day, moments: dayMoments, summary: cached.text))
                } else {
                    let entry = JourneyView.Day(
                        day: day, moments: dayMoments, summary: DayDigest.offlineSummary(for: dayMoments, copy: copy))
                    entries.append(entry)
                    stale.append(entry)
                }
            }
            let lines = JourneyView.render(
                entries, copy: copy, width: width, firstPage: page.isFirst, hasMore: days.count > pageSize)
            var reply = ShellReply(lines: lines, events: [.journey(entries)])
            reply.summaryRequests = stale
            reply.journeyPage = page
            return reply
        }
    }

    /// Runs a view; a read that fails is said, never shown as an empty view.
    func reading(_ body: () throws -> ShellReply) -> ShellReply {
        do {
            return try body()
        } catch {
            return failure(readMessage(for: error))
        }
    }

    func calendar(_ argument: String) -> ShellReply {
        reading {
            guard let (year, month) = CalendarView.month(argument, today: today) else {
                return failure(Copy.fill(copy.calendarUnknownMonth, ["month": argument]))
            }
            let first = LocalDay(number: CivilTime.daysFromCivil(year: year, month: month, day: 1))
            let last = LocalDay(number: first.number + AmountOfTime.daysIn(month: month, year: year) - 1)
            let marked = Set(
                try store.days(from: first.text, to: last.text).compactMap(LocalDay.init).map(\.number))
            let lines = CalendarView.render(year: year, month: month, marked: marked, today: today, copy: copy)
            return ShellReply(lines: lines, events: [.command(name: "calendar", output: lines.plainText)])
        }
    }

    func stats() -> ShellReply {
        reading {
            let weeks = 4
            let from = LocalDay(number: today.number - today.weekday - 7 * (weeks - 1))
            let totals = try store.totals(recentFrom: from.text)
            let lines = StatsView.render(totals, today: today, weeks: weeks, copy: copy, width: width)
            return ShellReply(lines: lines, events: [.stats(totals)])
        }
    }

    func export(_ argument: String) -> ShellReply {
        let name = argument.lowercased().isEmpty ? "json" : argument.lowercased()
        guard let format = ExportFormat(rawValue: name == "markdown" ? "md" : name) else {
            return failure(Copy.fill(copy.exportUnknownFormat, ["format": argument]))
        }
        var reply = ShellReply()
        reply.export = format
        return reply
    }
}
