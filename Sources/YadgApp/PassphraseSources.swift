import YadgCore
import YadgSealing
import YadgTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where this run may get a locked journal's passphrase: typed on the terminal (the conversation,
/// or a one-shot command typed on one), or given to a script by `YADG_PASSPHRASE_FILE` or the
/// config's `passphrase_command`. Never an argument, never the environment's own value, never
/// stored by yadg.
public struct PassphraseSources: Sendable {
    /// Asks on the terminal; nil where nothing may be asked (pipes).
    public var ask: (@Sendable (String) -> PassphraseAnswer?)?
    /// A script's passphrase, read when first needed.
    public var given: (@Sendable () -> Passphrase?)?

    public init(
        ask: (@Sendable (String) -> PassphraseAnswer?)? = nil, given: (@Sendable () -> Passphrase?)? = nil
    ) {
        self.ask = ask
        self.given = given
    }

    /// The sources of a run: `terminal` when it may ask there. `warn` says why a file is not used.
    public static func load(
        environment: [String: String], config: [String: String], terminal: Bool, copy: Copy,
        warn: @escaping @Sendable (String) -> Void
    ) -> PassphraseSources {
        var sources = PassphraseSources()
        if terminal { sources.ask = { PassphrasePrompt.ask($0) } }
        let words = copy[LockCopy.self]
        if let path = environment["YADG_PASSPHRASE_FILE"], !path.isEmpty {
            sources.given = {
                switch readPassphrase(file: path) {
                case .success(let passphrase): return passphrase
                case .failure(.readableByOthers): warn(Copy.fill(words.fileTooOpen, ["path": path]))
                case .failure(.unreadable(let reason)):
                    warn(Copy.fill(words.fileUnreadable, ["path": path, "reason": reason]))
                }
                return nil
            }
        } else if let command = config["passphrase_command"], !command.isEmpty {
            sources.given = {
                guard let passphrase = runPassphraseCommand(command) else {
                    warn(words.commandFailed)
                    return nil
                }
                return passphrase
            }
        }
        return sources
    }

    enum PassphraseFileError: Error {
        case readableByOthers
        case unreadable(String)
    }

    /// The file's bytes, up to its first line end, read straight into zeroed memory. A file the
    /// group or others may read is not used (as ssh does with a key).
    static func readPassphrase(file path: String) -> Result<Passphrase, PassphraseFileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & 0o077 == 0 else { return .failure(.readableByOthers) }
        return .success(readLine(from: fd))
    }

    /// What a command prints on its first line, read straight into zeroed memory; nil when it
    /// cannot run or fails. Its standard input is /dev/null (a pipe's lines are yadg's), its
    /// errors go where yadg's go.
    static func runPassphraseCommand(_ command: String) -> Passphrase? {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        var pid = pid_t()
        let arguments = ["/bin/sh", "-c", command]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        close(pipeFDs[1])
        defer { close(pipeFDs[0]) }
        guard spawned == 0 else { return nil }
        let passphrase = readLine(from: pipeFDs[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited normally with 0 (WIFEXITED and WEXITSTATUS, which Swift does not import).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return passphrase
    }

    /// Bytes up to the first line end (or the end); more than the limit is refused as nothing.
    private static func readLine(from fd: Int32) -> Passphrase {
        let passphrase = SecretBytes.passphrase()
        var byte: UInt8 = 0
        var ended = false
        while read(fd, &byte, 1) == 1 {
            if ended { continue }  // drain: a command writing more is not left blocked
            if byte == 0x0A {
                ended = true
                continue
            }
            if !passphrase.append(byte) {
                passphrase.clear()
                ended = true
            }
        }
        passphrase.trimTrailing([0x0D])
        return passphrase
    }
}
