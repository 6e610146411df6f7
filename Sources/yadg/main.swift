import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Without a locale, libedit drops every non-ASCII character typed (terminal.md §2).
setlocale(LC_CTYPE, "")
// A closed pipe is reported by write() as EPIPE, and Output ends quietly then.
signal(SIGPIPE, SIG_IGN)

exit(
    YadgCommand(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        .run())
