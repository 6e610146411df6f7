#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/photo PATH`: attaches a copy of a photo to the last moment (`/photo 3 PATH` for another).
/// The copy is made by the application (``Effect/keepPhoto(source:momentID:)``); the original is
/// never touched, and ``Shell/photoKept(_:for:)`` says what became of it.
struct PhotoCommand: ShellCommand {
    static let spec = CommandSpec(
        "photo", takesArguments: true, asSubcommand: false, crisisWords: .runsAsTyped,
        completion: ArgumentCompletion(sources: [.files]))

    let reference: String?
    let path: String
    /// `/photo open [N]`: the photos of a moment, written out where a viewer opens them.
    let opens: Bool

    init(_ arguments: CommandArguments) {
        // `open`, alone or before a moment's number; anything else is a file's path (`/photo open.jpg`,
        // `/photo open day.jpg`).
        let afterOpen = String(arguments.text.trimmedWhitespace.dropFirst(4))
        let opening = CommandContext.leadingReference(afterOpen)
        opens = arguments.words.first?.lowercased() == "open" && opening.rest.isEmpty
        let (reference, rest) = opens ? opening : CommandContext.leadingReference(arguments.text)
        self.reference = reference
        path = opens ? "" : Self.unquoted(rest)
    }

    func run(in context: inout CommandContext) -> ShellReply {
        let words = context.copy[PhotoCopy.self]
        if opens { return open(in: context) }
        guard !path.isEmpty else { return .failed(words.needsPath) }
        switch context.moment(reference: reference, command: Self.spec.name, noMoment: words.noMoment) {
        case .failure(let early): return early.reply
        case .success(let moment):
            return ShellReply(effects: [.keepPhoto(source: path, momentID: moment.id)])
        }
    }

    /// `/photo open [N]`: the moment's photos for a viewer (a sealed one is opened into a private
    /// folder by the application, ``Effect/openPhotos(momentID:)``).
    private func open(in context: CommandContext) -> ShellReply {
        let words = context.copy[PhotoCopy.self]
        switch context.moment(reference: reference, command: Self.spec.name, noMoment: words.noMoment) {
        case .failure(let early): return early.reply
        case .success(let moment):
            guard !moment.photos.isEmpty else { return .failed(Copy.fill(words.noPhotos, ["text": moment.text])) }
            return ShellReply(effects: [.openPhotos(momentID: moment.id)])
        }
    }

    /// A path as a terminal pastes or drops it: in quotes, with `\ ` for spaces, or as a
    /// `file://` URL.
    static func unquoted(_ typed: String) -> String {
        let path = typed.trimmedWhitespace
        if path.count >= 2, let first = path.first, first == "'" || first == "\"", path.last == first {
            return String(path.dropFirst().dropLast())
        }
        if path.hasPrefix("file://"), let url = URL(string: path), url.isFileURL { return url.path }
        // `\ ` and any other backslash-escaped character stand for themselves.
        var out = ""
        var escaped = false
        for character in path {
            if escaped || character != "\\" { out.append(character) }
            escaped = !escaped && character == "\\"
        }
        return out
    }

    /// The reply once the application tried to keep the photo.
    static func kept(_ result: Result<String, PhotoError>, for id: UUID, in context: inout CommandContext)
        -> ShellReply
    {
        let words = context.copy[PhotoCopy.self]
        switch result {
        case .failure(let problem):
            return .failed(problem.message(context.copy))
        case .success(let stored):
            guard let before = (try? context.store.moment(id: id)) ?? nil else {
                return .failed(context.copy[StorageCopy.self].saveFailed)
            }
            guard !before.photos.contains(stored) else {
                return ShellReply(lines: [StyledLine(Copy.fill(words.alreadyThere, dictionary: context.named(before)))])
            }
            var moment = before
            moment.photos.append(stored)
            let said = context.named(moment).merging(["count": String(moment.photos.count)]) { a, _ in a }
            return context.changed(before, to: moment, Copy.fill(words.added, dictionary: said))
        }
    }
}

/// Why a photo could not be attached.
public enum PhotoError: Error, Equatable, Sendable {
    case missing(path: String)
    case folder(path: String)
    case unreadable(path: String)
    case tooLarge(path: String, limitMB: Int)
    case notAPhoto(path: String)
    case diskFull
    /// The copy could not be written; `reason` is the system's words.
    case notSaved(reason: String)

    public func message(_ copy: Copy) -> String {
        let words = copy[PhotoCopy.self]
        func fill(_ template: String, _ path: String, _ extra: [String: String] = [:]) -> String {
            Copy.fill(template, dictionary: extra.merging(["path": TerminalSanitizer.clean(path)]) { a, _ in a })
        }
        switch self {
        case .missing(let path): return fill(words.missing, path)
        case .folder(let path): return fill(words.folder, path)
        case .unreadable(let path): return fill(words.unreadable, path)
        case .tooLarge(let path, let limit): return fill(words.tooLarge, path, ["limit": String(limit)])
        case .notAPhoto(let path): return fill(words.notAPhoto, path)
        case .diskFull: return words.diskFull
        case .notSaved(let reason): return Copy.fill(words.notSaved, ["reason": TerminalSanitizer.clean(reason)])
        }
    }
}

/// `/photo`.
public struct PhotoCopy: CopySection {
    public static let key = "photo"
    public let added: String
    public let alreadyThere: String
    public let needsPath: String
    public let noMoment: String
    public let missing: String
    public let folder: String
    public let unreadable: String
    public let tooLarge: String
    public let notAPhoto: String
    public let diskFull: String
    public let notSaved: String
    public let noPhotos, opened, openedCopy, openedCopyKept, openFailed: String

    public init(_ words: CopyWords) throws {
        added = try words.text("added")
        alreadyThere = try words.text("alreadyThere")
        needsPath = try words.text("needsPath")
        noMoment = try words.text("noMoment")
        missing = try words.text("missing")
        folder = try words.text("folder")
        unreadable = try words.text("unreadable")
        tooLarge = try words.text("tooLarge")
        notAPhoto = try words.text("notAPhoto")
        diskFull = try words.text("diskFull")
        notSaved = try words.text("notSaved")
        noPhotos = try words.text("noPhotos")
        opened = try words.text("opened")
        openedCopy = try words.text("openedCopy")
        openedCopyKept = try words.text("openedCopyKept")
        openFailed = try words.text("openFailed")
    }
}
