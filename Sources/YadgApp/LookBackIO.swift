import YadgCore
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

/// The file and network side of the look-back commands: export and import files, and Journey
/// summaries written by the AI provider (cached per day until the day changes).
enum LookBackIO {
    /// A kind, one-line reason, for stderr.
    struct ImportFileError: Error {
        let message: String
    }

    /// Why an export was not written: the store could not be read (said as the store says it),
    /// or the file could not be written.
    enum ExportError: Error {
        case store(any Error)
        case writing(String)
    }

    /// Writes an export; `path` nil means `output`. Deleted moments only `withDeleted` (their
    /// `archivedAt` marks them). Returns the count written.
    static func export(
        _ format: ExportFormat, to path: String?, withDeleted: Bool = false, store: any MomentHistory, zone: Zone,
        copy: Copy, extras: ExtrasShown, output: any OutputSink, outputIsTerminal: Bool
    ) -> Result<Int, ExportError> {
        let moments: [Moment]
        do {
            moments = try store.allMoments().filter { withDeleted || $0.archivedAt == nil }
        } catch {
            return .failure(.store(error))
        }
        let text = MomentExport.render(moments, as: format, zone: zone, copy: copy, extras: extras)
        guard let path else {
            // CSV shown on a terminal is for reading: stored escape sequences are not run. JSON
            // stays exact (it is escaped), and so does CSV into a pipe or a file.
            output.out(format == .csv && outputIsTerminal ? TerminalSanitizer.clean(text) : text)
            return .success(moments.count)
        }
        // Private, like everything yadg writes; the old file stays whole until the new one is
        // durable beside it and renamed over it, so "Exported" is said only of a file that is there.
        do {
            try PrivateFiles.replace(path, with: Data(text.utf8))
        } catch {
            let reason = (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? "\(error)"
            return .failure(.writing(Copy.fill(copy[ExportCopy.self].failed, ["path": path, "reason": reason])))
        }
        return .success(moments.count)
    }

    /// `yadg-export-2026-11-19.json` in `folder`, or `…-2.json`, `…-3.json` when that is taken:
    /// an export never writes over an earlier one unasked.
    static func freshExportPath(_ format: ExportFormat, today: LocalDay, folder: String) -> String {
        let base = folder + "/yadg-export-\(today.text)"
        var candidate = base + "." + format.rawValue
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = base + "-\(number)." + format.rawValue
            number += 1
        }
        return candidate
    }

    /// A path as typed, made whole: `~` is the home folder, a relative path is in `folder`.
    static func absolutePath(_ path: String, home: String, folder: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// Reads yadg's JSON export into the store; idempotent on ids.
    /// Photos a moment names are looked for in `dataDirectory`: those not there are named (an
    /// export carries its photos' names, not the pictures).
    static func importFile(
        _ path: String, store: any MomentHistory, copy: Copy, crisis: CrisisCheck, dataDirectory: String? = nil
    ) -> Result<String, ImportFileError> {
        let words = copy[ImportCopy.self]
        func failed(_ reason: String) -> Result<String, ImportFileError> {
            .failure(ImportFileError(message: Copy.fill(words.failed, ["path": path, "reason": reason])))
        }
        guard FileManager.default.fileExists(atPath: path) else { return failed(words.noSuchFile) }
        guard FileManager.default.isReadableFile(atPath: path) else { return failed(words.notReadable) }
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            if path.lowercased().hasSuffix(".csv") || text.hasPrefix("id,happenedAt,") {
                return failed(words.csvNotImported)
            }
            let moments = try MomentExport.decode(text, crisis: crisis)
            let added = try store.insert(moments)
            var said = Copy.fill(
                copy[ImportCopy.self].done,
                ["count": String(added), "path": path, "skipped": String(moments.count - added)])
            let photos = moments.flatMap(\.photos)
            if let dataDirectory, !photos.isEmpty {
                let missing = photos.filter { !FileManager.default.fileExists(atPath: dataDirectory + "/" + $0) }
                if !missing.isEmpty {
                    let shown = missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
                    said +=
                        "\n"
                        + Copy.fill(
                            missing.count == 1 ? words.photosMissingOne : words.photosMissing,
                            ["count": String(missing.count), "files": shown, "folder": dataDirectory + "/photos"])
                }
            }
            return .success(said)
        } catch {
            return .failure(
                ImportFileError(
                    message: Copy.fill(
                        copy[ImportCopy.self].failed, ["path": path, "reason": reason(error, copy: copy)])))
        }
    }

    /// Why an import failed, in a sentence: what this yadg checks, a file that is not JSON, or
    /// which moment lacks or garbles which field (never a decoder's own words).
    private static func reason(_ error: any Error, copy: Copy) -> String {
        if let problem = error as? ImportError { return problem.message(copy) }
        let words = copy[ImportCopy.self]
        guard let decoding = error as? DecodingError else { return words.notJSON }
        func place(_ path: [any CodingKey], _ last: (any CodingKey)? = nil) -> (number: String, field: String)? {
            let keys = path + (last.map { [$0] } ?? [])
            guard keys.first?.stringValue == "moments", keys.count >= 2, let index = keys[1].intValue else {
                return nil
            }
            let field = keys.dropFirst(2).map(\.stringValue).joined(separator: ".")
            return (String(index + 1), field.isEmpty ? "fields" : field)
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            guard let at = place(context.codingPath, key) else { return words.wrongShape }
            return Copy.fill(words.missingField, ["number": at.number, "field": at.field])
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard let at = place(context.codingPath) else { return words.wrongShape }
            return Copy.fill(words.wrongField, ["number": at.number, "field": at.field])
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else { return words.notJSON }
            guard let at = place(context.codingPath) else { return words.wrongShape }
            return Copy.fill(words.wrongField, ["number": at.number, "field": at.field])
        @unknown default:
            return words.notJSON
        }
    }

    /// Asks the provider for the summaries of stale days and weeks, at most `inFlight` at a time
    /// (the same bound as praise: a model on this machine answers one at a time), and caches the
    /// ones the policy accepts. Calls `arrived` for each as it comes. Returns when all are done or
    /// failed.
    static func writeSummaries(
        _ targets: [SummaryTarget], writer: any DaySummaryWriter, store: any MomentHistory, words: TimeWords,
        inFlight: Int = 1, crisis: Lazy<CrisisCheck>? = nil,
        arrived: @escaping @Sendable (SummaryTarget, String) -> Void = { _, _ in },
        planLimited: @escaping @Sendable () -> Void = {}
    ) async {
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for target in targets {
                guard let request = DaySummaryRequest(target, words: words) else { continue }
                if running >= max(1, inFlight) {
                    await group.next()
                    running -= 1
                }
                running += 1
                group.addTask {
                    let raw: String
                    do {
                        raw = try await writer.summary(for: request)
                    } catch PraiseProviderError.quotaExhausted {
                        return planLimited()
                    } catch {
                        return
                    }
                    guard let text = PraiseReplyValidator.acceptSummary(raw, crisis: crisis?.value) else { return }
                    // Not cached (the store refuses writes): the summary is shown all the same, and
                    // is asked for again the next time its page is shown.
                    try? target.cache(text, in: store)
                    arrived(target, text)
                }
            }
        }
    }

    /// The same, blocking the calling thread (pipes wait for all; one-shot commands at most
    /// `seconds`, then leave what is still on its way for next time).
    static func writeSummariesAndWait(
        _ targets: [SummaryTarget], writer: any DaySummaryWriter, store: any MomentHistory, words: TimeWords,
        inFlight: Int = 1, seconds: Double? = nil, crisis: Lazy<CrisisCheck>? = nil,
        planLimited: @escaping @Sendable () -> Void = {}
    ) {
        _ = waitFor(seconds: seconds) {
            await writeSummaries(
                targets, writer: writer, store: store, words: words, inFlight: inFlight, crisis: crisis,
                planLimited: planLimited)
        }
    }
}
