import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP server on 127.0.0.1 that speaks the three praise contracts and misbehaves on request,
/// for tests over real sockets. The first path segment picks the behaviour, so a provider's base
/// URL chooses it: `http://127.0.0.1:PORT/status-500/v1` answers every request with a 500.
///
/// Behaviours: `ok`, `delay-<ms>`, `status-<code>`, `flaky-<n>` (n × 500, then ok),
/// `retry-after-<s>` (one 429 with Retry-After, then ok), `quota` (429 insufficient_quota),
/// `stall` (headers, then silence), `hang` (no answer at all), `truncated`, `malformed`,
/// `disconnect`, `escape` (escape sequences in the praise), `huge` (1 MB body), `question`.
/// The reply's shape follows the path's end: `chat/completions` (OpenAI), `api/chat` (Ollama),
/// `moments` (yadg backend).
public final class FixtureServer: @unchecked Sendable {
    public struct Recorded: Sendable {
        public let method: String
        public let path: String
        public let headers: [String: String]
        public let body: String
    }

    public let port: Int
    public static let praise = "You did that for yourself, and it counts. Nice work."
    private let listener: Int32
    private let lock = NSLock()
    private var recorded: [Recorded] = []
    private var counts: [String: Int] = [:]
    /// Answers every request instead of the behaviours when set: status, body, extra header lines
    /// (a `Content-Type` there replaces JSON's); nil closes the connection without an answer, and a
    /// status below 0 sends the body as the whole response, as it is.
    private let route: (@Sendable (Recorded) -> (Int, String, String)?)?

    public init(route: (@Sendable (Recorded) -> (Int, String, String)?)? = nil) throws {
        self.route = route
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in self.acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:PORT/<behaviour>`.
    public func url(_ behaviour: String) -> String { "http://127.0.0.1:\(port)/\(behaviour)" }

    /// Requests received so far, oldest first.
    public var requests: [Recorded] { lock.withLock { recorded } }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 { return }
            Thread { self.serve(client) }.start()
        }
    }

    /// The most requests of one behaviour the server was answering at the same time.
    public func peakInFlight(_ behaviour: String) -> Int { lock.withLock { peaks[behaviour] ?? 0 } }
    private var inFlight: [String: Int] = [:]
    private var peaks: [String: Int] = [:]

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let (method, path, headers, body) = readRequest(fd) else { return }
        let behaviour = path.split(separator: "/").first.map(String.init) ?? "ok"
        lock.withLock {
            inFlight[behaviour, default: 0] += 1
            peaks[behaviour] = max(peaks[behaviour] ?? 0, inFlight[behaviour]!)
        }
        defer { lock.withLock { inFlight[behaviour, default: 1] -= 1 } }
        if let route {
            let request = Recorded(method: method, path: path, headers: headers, body: body)
            lock.withLock { recorded.append(request) }
            guard let (status, body, extra) = route(request) else { return }
            if status < 0 { send(fd, body) } else { respond(fd, status, body, extra: extra) }
            return
        }
        let count: Int = lock.withLock {
            recorded.append(Recorded(method: method, path: path, headers: headers, body: body))
            counts[behaviour, default: 0] += 1
            return counts[behaviour]!
        }
        let shape = path.hasSuffix("api/chat") ? "ollama" : path.hasSuffix("moments") ? "yadg" : "openai"
        func ok(_ text: String = Self.praise) { respond(fd, 200, Self.reply(text, shape: shape)) }

        switch behaviour {
        case "ok": ok()
        case "escape": ok("\u{1B}]52;c;ZXZpbA==\u{07}Nice \u{1B}[31mwork\u{1B}[0m on your walk.\u{1B}[2J")
        case "question": ok("Did that feel good?")
        case "dayecho": ok("Day: Tuesday, Nov 20 (M)easure day for you.")
        case "quota":
            respond(fd, 429, #"{"error":{"message":"You exceeded your current quota","code":"insufficient_quota"}}"#)
        case "truncated":
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"choices\":[")
        case "malformed": respond(fd, 200, "{not json at all")
        case "disconnect": return
        case "huge": respond(fd, 200, String(repeating: "x", count: 1_048_576))
        case "stall":
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
            sleep(30)
        case "hang": sleep(30)
        default:
            let (kind, number) = Self.split(behaviour)
            switch kind {
            case "delay":
                usleep(UInt32(number) * 1000)
                ok()
            case "status": respond(fd, number, #"{"error":{"message":"failure \#(number)"}}"#)
            case "flaky": count <= number ? respond(fd, 500, #"{"error":"busy"}"#) : ok()
            case "retry-after":
                count == 1 ? respond(fd, 429, #"{"error":"slow down"}"#, extra: "Retry-After: \(number)\r\n") : ok()
            default: respond(fd, 404, #"{"error":"unknown behaviour"}"#)
            }
        }
    }

    static func split(_ behaviour: String) -> (String, Int) {
        guard let dash = behaviour.lastIndex(of: "-"), let n = Int(behaviour[behaviour.index(after: dash)...]) else {
            return (behaviour, 0)
        }
        return (String(behaviour[..<dash]), n)
    }

    static func reply(_ text: String, shape: String) -> String {
        let quoted = String(data: try! JSONSerialization.data(withJSONObject: [text], options: []), encoding: .utf8)!
            .dropFirst().dropLast()
        switch shape {
        case "ollama":
            return
                #"{"model":"m","message":{"role":"assistant","content":\#(quoted)},"done":true,"done_reason":"stop"}"#
        case "yadg":
            return #"{"item":{"id":"x","text":"t","praise":\#(quoted),"action":"exercise","tags":[]}}"#
        default:
            return
                #"{"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":\#(quoted)},"finish_reason":"stop"}]}"#
        }
    }

    private func respond(_ fd: Int32, _ status: Int, _ body: String, extra: String = "") {
        let bytes = Array(body.utf8)
        let type = extra.lowercased().contains("content-type:") ? "" : "Content-Type: application/json\r\n"
        // A 204 has no body, and says no length.
        let length = status == 204 ? "" : "Content-Length: \(bytes.count)\r\n"
        send(fd, "HTTP/1.1 \(status) X\r\n\(type)\(length)\(extra)Connection: close\r\n\r\n" + body)
    }

    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            offset += n
        }
    }

    private func readRequest(_ fd: Int32) -> (String, String, [String: String], String)? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 8192)
        var headerEnd: Int?
        while headerEnd == nil {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return nil }
            data += buffer[0..<n]
            if let range = data.firstRange(of: Array("\r\n\r\n".utf8)) { headerEnd = range.upperBound }
        }
        let head = String(decoding: data[..<headerEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while data.count - headerEnd! < length {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        let body = String(decoding: data[headerEnd!...], as: UTF8.self)
        return (String(requestLine[0]), String(requestLine[1]), headers, body)
    }
}
