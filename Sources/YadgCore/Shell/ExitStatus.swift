/// The statuses a `yadg` process ends with, one for each kind of outcome a script may act on.
/// The manual's EXIT STATUS table is made from this list and `help.exitStatuses` in copy.json,
/// and the end-to-end tests hold each to it.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything asked was done.
    case ok = 0
    /// Something was not done: a piped line not logged (a plan, only a time, too long), a command
    /// with nothing to act on, an address that could not be reached.
    case notDone = 1
    /// A wrong use: an unknown option or command, arguments a command does not take.
    case usage = 2
    /// Data could not be used or written: the moments damaged, lost, written by a newer yadg, or
    /// not writable (a read-only home, a full disk), or standard output or an export file could
    /// not be written. Every moment acknowledged was saved (a pipe whose disk frees mid-way logs
    /// the lines after, so "nothing more was written" would not be true).
    case data = 3
    /// A server was asked and said no, or did not answer (sync, restore, Premium, Delete my data
    /// on the backend). Nothing changed here.
    case server = 4
    /// Interrupted (Ctrl-C): the status shells give a process ended by SIGINT. Every moment
    /// acknowledged before was saved.
    case interrupted = 130
}

extension ShellReply {
    /// Why a reply failed, for the exit status of a one-shot run or a pipe.
    public enum FailureCause: Sendable, Equatable {
        case notDone, usage, data, server
        /// What was asked for is sealed and no passphrase opened it: nothing was shown. The
        /// conversation asks for the passphrase and tries the line again.
        case locked

        public var exitStatus: ExitStatus {
            switch self {
            case .notDone, .locked: .notDone
            case .usage: .usage
            case .data: .data
            case .server: .server
            }
        }
    }

    /// The reply with its failure's cause set (nothing changes for a reply that did not fail).
    public func failing(because cause: FailureCause) -> ShellReply {
        var reply = self
        reply.failure?.cause = cause
        return reply
    }

    /// What a process that showed this reply ends with.
    public var exitStatus: ExitStatus { failure?.cause.exitStatus ?? .ok }
}
