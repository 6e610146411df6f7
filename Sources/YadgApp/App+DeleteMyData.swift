import YadgAI
import YadgCore
import YadgStorage
import YadgSync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Delete my data: with a backend, every moment it has is archived there first (if that fails,
/// nothing is deleted, so it can be tried again); then every file yadg wrote on this machine is
/// removed, kill-safely (``LocalDataEraser``). Nothing is sent or saved in this run afterwards, and
/// the next run is a first run.
extension App {
    func deleteMyData() -> ShellReply {
        let words = copy[DeleteMyDataCopy.self]
        guard let paths = environment.paths else { return .failed(copy[StorageCopy.self].saveFailed) }
        var lines: [StyledLine] = []
        if settings.backendURL != nil {
            guard let client = backendClient else { return .failed(words.serverOff) }
            let onServer: [UUID]
            do {
                onServer = try store.idsOnServer()
            } catch {
                return shell.context.storeFailure(error, reading: true)
            }
            switch waitFor({ await client.archive(onServer) }) ?? .failure(.cancelled) {
            case .failure(let problem):
                return ShellReply.failed(Copy.fill(words.serverFailed, ["reason": problem.words(copy)]))
                    .failing(because: .server)
            case .success(let count):
                lines.append(
                    StyledLine(
                        count > 0 ? Copy.fill(words.serverArchived, ["count": String(count)]) : words.serverArchivedNone
                    ))
            }
        }
        let eraser = paths.eraser
        let handWritten = eraser.handWrittenFiles()
        session.dataDeleted = true  // from here on, nothing is sent or saved in this run
        scrubOpenedPhotos()
        // Under the database's write lock: another yadg's write waits for it, then finds the file
        // gone and refuses, instead of committing into the unlinked file.
        let report = (store as? SQLiteMomentStore)?.holdingWriteLock { eraser.erase() } ?? eraser.erase()
        if let (path, reason) = report.failed.first {
            // The marker stays and the next start finishes the deletion, so nothing more may be
            // saved in this run: it would be acknowledged and then removed.
            var reply = ShellReply.failed(Copy.fill(words.failed, ["path": path, "reason": reason]))
            reply.effects = [.quit]
            return reply
        }
        lines.insert(StyledLine(report.removed.isEmpty ? words.nothingFound : words.done, .primary), at: 0)
        if !report.removed.isEmpty {
            lines.append(StyledLine(Copy.fill(words.removed, ["files": report.removed.joined(separator: ", ")]), .dim))
        }
        if !handWritten.isEmpty {
            lines.append(StyledLine(Copy.fill(words.kept, ["files": handWritten.joined(separator: ", ")]), .dim))
        }
        lines.append(StyledLine(words.fresh, .secondary))
        let message = lines.map(\.text).joined(separator: "\n")
        return ShellReply(
            lines: lines, events: [.command(name: "delete-my-data", output: message)], effects: [.quit])
    }
}
