import Dispatch
import YadgCore
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Piped lines: each is a moment or a command; results as they are committed. Lines already
/// waiting share one transaction (group commit) and are acknowledged after it commits.
extension App {
    /// At most this many waiting lines share one commit…
    static let linesPerCommit = 512
    /// …and a commit waits at most this long for the lines before it, so acknowledgements keep
    /// flowing. Each commit writes every page its rows touched in the indexes, so bigger commits
    /// write far less: at 20 ms a 10,000-line pipe made 73 commits and wrote 21,700 pages; at 50 ms
    /// about 20 commits of 512 lines, as the storage floor does.
    static let commitEvery: UInt64 = 50_000_000  // ns
    /// Batches whose commits may be under way while the next is read. Two kept the reading
    /// waiting a little less often on a slow sync (0.92–0.98 of one's time, within the noise),
    /// but held acknowledgements back a batch longer: a pipe killed mid-stream had acknowledged a
    /// fifth of the lines it had stored, against about half with one (`CrashSafetyTests`).
    static let batchesCommitting = 1

    /// A script that asked for AI praise gets it: the end of a pipe waits while the queue drains at
    /// the provider's pace (each answer within one deadline of the last), showing on a terminal's
    /// stderr how many lines it waits for. `--no-wait`: one deadline in all.
    func waitForPraise(_ coordinator: PraiseCoordinator) {
        guard waitsForQueuedPraise else { return coordinator.waitForAll(seconds: praiseWait) }
        let progress = copy[LoggingCopy.self].waitingForPraise
        let (output, showsProgress) = (self.output, errorIsTerminal && !json)
        var shown = false
        coordinator.waitForQueue(perAnswer: praiseWait) { remaining in
            guard showsProgress, remaining > 1 else { return }
            output.err(StderrMessages.progress(Copy.fill(progress, ["count": String(remaining)])))
            shown = true
        }
        if shown { output.err(StderrMessages.progressCleared) }
    }

    /// Lines that were not logged get one line each on stderr, and the exit status is 1.
    ///
    /// A batch's commit is made on the store's batch thread while the next waiting lines are read
    /// (<doc:Storage>, "Batches"): its acknowledgements go out once it is made, in order, before
    /// anything else is shown, and before the pipe waits for more input.
    public func readPipe(_ input: any LineBatches = WaitingLinesReader()) -> Int32 {
        var status: Int32 = 0
        var lineNumber = 0
        var logged: [Moment] = []
        // Only a run that may sync needs the moments it logged (to say which did not reach the
        // backend): a long pipe otherwise kept a copy of every one.
        let keepsLogged = syncQueue != nil
        let coordinator = printingCoordinator(labelsEveryLine: true)
        defer {
            if let coordinator { waitForPraise(coordinator) }
            syncBeforeExit(logged: logged)
        }
        /// Batches whose commits are being made, oldest first, not acknowledged yet.
        var committing: [HandledLines] = []
        /// Shows replies in order, all in one write; true when one of them quits.
        func acknowledge(_ replies: [ShellReply]) -> Bool {
            // Praise is asked for after the cards are out, so it never comes before its card.
            var acknowledged: [UInt8] = []
            acknowledged.reserveCapacity(replies.count * 160)  // a card is about a hundred bytes
            var toPraise: [Moment] = []
            let policy = pipePolicy(requestPraise: { toPraise.append($0) })
            var quit = false
            var followed: [(ShellReply, shown: ShellReply)] = []
            for handled in replies where !quit {
                lineNumber += 1
                let reply = resolve(handled, policy)
                shown(reply, into: &acknowledged)
                followed.append((handled, reply))
                if let failure = reply.failure {
                    // The weightiest cause wins: data that cannot be used over a line not logged.
                    status = max(status, reply.exitStatus.rawValue)
                    output.err(StderrMessages.failure(failure.message, line: lineNumber))
                }
                quit = reply.quit
            }
            if !acknowledged.isEmpty { output.out(String(decoding: acknowledged, as: UTF8.self)) }
            for (handled, reply) in followed { followUp(handled, shown: reply, policy) }
            if keepsLogged { logged += toPraise }
            if let coordinator { toPraise.forEach { coordinator.request(for: $0) } }
            return quit
        }
        /// Waits for the batches being committed and acknowledges them, oldest first, until at
        /// most `kept` are left; true when one of them quits.
        func settle(keeping kept: Int = 0) -> Bool {
            while committing.count > kept {
                if acknowledge(committed(committing.removeFirst())) { return true }
            }
            return false
        }
        while true {
            // Before waiting for input, what is committed is said.
            if !input.hasWaitingLine, settle() { return status }
            guard let waiting = input.nextLines(limit: Self.linesPerCommit) else { break }
            for group in Self.runsOfMoments(waiting) {
                var rest = group[...]
                while !rest.isEmpty {
                    let handled = handle(rest)
                    rest = rest.dropFirst(handled.replies.count)
                    if handled.commit == nil || handled.replies.contains(where: \.quit) {
                        // After every batch before it (none of which quits: one that does is
                        // acknowledged at once).
                        if settle() || acknowledge(committed(handled)) { return status }
                    } else {
                        committing.append(handled)
                        if settle(keeping: Self.batchesCommitting) { return status }
                    }
                }
            }
        }
        _ = settle()
        return status
    }

    /// Waiting lines split so that each command stands alone and the lines between commands (moments,
    /// and the answers of `/did`) form runs that can be committed together.
    static func runsOfMoments(_ lines: [String]) -> [[String]] {
        var runs: [[String]] = []
        var run: [String] = []
        for line in lines {
            if line.trimmedWhitespace.hasPrefix("/") {
                if !run.isEmpty { runs.append(run) }
                runs.append([line])
                run = []
            } else {
                run.append(line)
            }
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }

    /// Lines handled together, and the commit their acknowledgement waits for (none when they
    /// were handled one by one, each committed as it was handled).
    struct HandledLines {
        let lines: ArraySlice<String>
        let replies: [ShellReply]
        let commit: (any BatchCommit)?
    }

    /// Handles the first of `lines` in one transaction (group commit), as many as fit in
    /// ``commitEvery``; returns their replies, to be shown only once the commit is made.
    private func handle(_ lines: ArraySlice<String>) -> HandledLines {
        guard lines.count > 1, store.writeRefusal == nil, let first = lines.first else {
            return HandledLines(lines: lines.prefix(1), replies: lines.prefix(1).map(shell.handle), commit: nil)
        }
        var replies: [ShellReply] = []
        replies.reserveCapacity(lines.count)
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.commitEvery
        do {
            let (_, commit) = try store.batchCommittingLater {
                for line in lines {
                    replies.append(shell.handle(line))
                    if DispatchTime.now().uptimeNanoseconds > deadline { break }
                }
            }
            return HandledLines(lines: lines.prefix(replies.count), replies: replies, commit: commit)
        } catch {
            // The batch could not begin (writes refused, say), so nothing was handled in it: the
            // first line is handled alone, and says why. (What fails later, its commit reports.)
            return HandledLines(lines: lines.prefix(1), replies: [shell.handle(first)], commit: nil)
        }
    }

    /// A batch's replies once its commit is made; if it could not be, every moment in it is
    /// reported as not logged.
    private func committed(_ batch: HandledLines) -> [ShellReply] {
        do {
            // Numbered as stored: another writer may have taken the numbers this batch counted on.
            let shift = try batch.commit?.wait() ?? 0
            return shift == 0 ? batch.replies : batch.replies.map { $0.renumbered(by: shift, copy: copy) }
        } catch {
            let message = shell.message(for: error)
            return zip(batch.lines, batch.replies).map { line, reply in
                guard reply.events.contains(where: \.isLogged) else { return reply }
                let failed = ShellReply(
                    lines: [StyledLine(message)], events: [.notLogged(input: line, reason: .saveFailed)],
                    failure: .init(message))
                return error is MomentStoreError ? failed.failing(because: .data) : failed
            }
        }
    }
}
