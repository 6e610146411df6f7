import YadgCore
import YadgSealing
import YadgStorage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `/photo open`: a moment's photos where a viewer can open them. A plain photo is shown where it
/// is; a sealed one (a locked journal's) is opened with the secret key — asked for once on a
/// terminal, like a view's — into a private folder (``OpenedPhotoFolder``), and opened in the
/// viewer on a terminal. The opened copies are scrubbed when the conversation ends, at `/lock`
/// and by Delete my data; a pipe's or a one-shot run's stay for the viewer until then.
extension App {
    func openPhotos(of id: UUID) -> ShellReply {
        let words = copy[PhotoCopy.self]
        let moment: Moment
        do {
            guard let found = try store.moment(id: id) else { return .failed(copy[StorageCopy.self].readFailed) }
            moment = found
        } catch {
            return shell.context.storeFailure(error, reading: true)
        }
        let extras = shell.context.extrasShown
        var lines: [StyledLine] = []
        var opened: [String] = []
        for (index, name) in moment.photos.enumerated() {
            guard PhotoShelf.isSealed(name) else {
                lines.append(StyledLine(Copy.fill(words.opened, ["path": extras.photoPath(name)]), .primary))
                opened.append(extras.photoPath(name))
                continue
            }
            guard let paths = environment.paths, let sealed = store as? SQLiteMomentStore else {
                return .failed(copy[StorageCopy.self].readFailed)
            }
            let secret: JournalSecretKey
            switch secretKey(of: sealed) {
            case .success(let key): secret = key
            case .failure(let refusal): return refusal.reply
            }
            guard let picture = PhotoShelf(dataDirectory: paths.dataDirectory).opened(name, with: secret) else {
                return shell.context.storeFailure(MomentStoreError.sealDamaged(reference: moment.ref), reading: true)
            }
            do {
                let path = try openedPhotos.save(picture.bytes, as: "\(moment.ref)-\(index + 1).\(picture.kind)")
                opened.append(path)
                let template = shell.context.mode == .conversation ? words.openedCopy : words.openedCopyKept
                lines.append(StyledLine(Copy.fill(template, ["path": path]), .primary))
            } catch {
                return .failed(
                    Copy.fill(words.openFailed, ["path": extras.photoPath(name), "reason": SystemError.words(error)]))
            }
        }
        if !json && outputIsTerminal && shell.context.mode == .conversation {
            let opener = LinkOpener(variables: environment.variables)
            for path in opened { _ = opener.openFile(path) }
        }
        return ShellReply(lines: lines, events: [.command(name: "photo", output: lines.plainText)])
    }

    /// Where this run writes opened photos.
    var openedPhotos: OpenedPhotoFolder { OpenedPhotoFolder(variables: environment.variables) }

    /// Scrubs every opened photo (the conversation's end, `/lock`, Delete my data).
    func scrubOpenedPhotos() {
        openedPhotos.scrub()
    }

    /// The journal's secret key: held, from a script's passphrase, or asked for once where this
    /// run may ask; else the reply that says the journal is locked (or the passphrase was wrong).
    private func secretKey(of store: SQLiteMomentStore) -> Result<JournalSecretKey, ShellReplyError> {
        for attempt in 0..<2 {
            do {
                return .success(try store.secretKeyForReading())
            } catch {
                let refused = shell.context.storeFailure(error, reading: true)
                guard attempt == 0 else { return .failure(ShellReplyError(refused)) }
                let opening = openedToRetry(refused)
                if !opening.retry { return .failure(ShellReplyError(opening.reply)) }
            }
        }
        return .failure(ShellReplyError(.failed(copy[StorageCopy.self].readFailed)))
    }
}
