import YadgApp
import YadgTerminal

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

// Without a UTF-8 locale, libedit drops every non-ASCII character typed (see the Terminal article in YadgTerminal) and
// cannot show the prompt; with no LANG set at all it crashed. Fall back to C.UTF-8 then.
setlocale(LC_CTYPE, "")
// Compared as bytes: Foundation's string search would cost more than the rest of this file.
if !String(cString: nl_langinfo(nl_item(CODESET))).uppercased().utf8.filter({ $0 != UInt8(ascii: "-") })
    .elementsEqual("UTF8".utf8)
{
    setlocale(LC_CTYPE, "C.UTF-8")
}
// A closed pipe is reported by write() as EPIPE, and Output ends quietly then.
signal(SIGPIPE, SIG_IGN)
// A conversation is about to start: keys typed before its prompt wait, unechoed, for the line editor.
let arguments = Array(CommandLine.arguments.dropFirst())
if isatty(1) == 1, arguments.allSatisfy({ $0 == "--no-ai" }) { EarlyKeys.hold() }

let status = YadgCommand(arguments: arguments, environment: ProcessEnvironment.current()).run()
// The run is over: moments are committed and the store closed. A request may still be on its own
// thread (a model's warm-up, a praise nobody waits for any more), and exit()'s teardown of the TLS
// libraries libcurl loaded, under a thread still inside them, crashed. So the terminal is given
// back and output flushed here, and the process ends without the libraries' exit-time destructors.
EarlyKeys.release()
fflush(nil)
_exit(status)
