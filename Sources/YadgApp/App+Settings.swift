import YadgAI
import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `/settings ai`: the model servers running on this machine are looked for (a short, bounded
/// search, only now), the choices offered, and the one made written to yadg's own settings file.
extension App {
    func offerAIChoices(pick: String?) -> ShellReply {
        let candidates = LocalModelFinder.candidates(environment: environment.variables)
        let finder = LocalModelFinder(candidates: candidates, transport: CurlTransport())
        // A pick that names no server on this machine (none, configured) needs no look.
        let needsLook = !settings.networkOff && !["none", "off", "configured"].contains(pick ?? "")
        let found = needsLook ? (waitFor(seconds: 1) { await finder.find() } ?? []) : []
        return chooseAI(in: shell.offerAIChoices(found: found, pick: pick))
    }

    /// Writes the reply's AI choice, if it made one; says so when it could not be written.
    func chooseAI(in reply: ShellReply) -> ShellReply {
        for case .chooseAI(let choice) in reply.effects {
            guard let paths = environment.paths else { continue }
            do {
                try SettingsFile(path: paths.settings).write(choice)
            } catch {
                return .failed(Copy.fill(copy[AIChoiceCopy.self].saveFailed, ["reason": "\(error)"]))
            }
        }
        return reply
    }
}
