import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The You Are Doing Great backend's moments (the contract's subset), in memory, over real HTTP on
/// 127.0.0.1, misbehaving on request: down, an error status, rate-limited with Retry-After, slow,
/// garbage, or committing a create and then losing the reply.
public final class FixtureBackend: @unchecked Sendable {
    public enum Mode: Sendable, Equatable {
        case normal
        /// Reads the request and closes the connection: nothing is stored.
        case down
        case status(Int)
        case rateLimited(retryAfter: Int)
        /// Answers normally after a pause (milliseconds).
        case slow(Int)
        /// 200 with a body that is not JSON (a create is stored).
        case garbage
        /// Stores a create, then closes the connection without answering.
        case loseReply
        /// Creates and the timeline are kept for a paid plan: 402 with a plan-limit code.
        case planLimit
        /// A captive portal in the way: every request answered `200 text/html` with a login page;
        /// nothing reaches the server.
        case captivePortal
        /// The server stores a create or an update, and its JSON answer is cut short (the
        /// connection closes partway, with no length said).
        case truncated
        /// The server stores a create or an update and answers 200 with an empty body.
        case emptyOK
        /// The server stores a create or an update and answers 204, no body.
        case noContent
        /// The server stores a create and answers with another moment's item.
        case otherMoment
    }

    /// The login page a captive portal sends for every address.
    public static let loginPage =
        "<!DOCTYPE html><html><head><title>Hotel Wi-Fi</title></head><body><form>Room number: <input></form></body></html>"

    /// One stored moment, as the server keeps it.
    public struct Stored: Sendable, Equatable {
        public var user: String
        public var text: String
        public var isFavorite: Bool
        public var archived: Bool
        /// When it was created on the server, for the list's order.
        public var order = 0
        public var submittedAt = "2026-11-19T20:00:00.000Z"
    }

    private let lock = NSLock()
    private var mode = Mode.normal
    private var moments: [String: Stored] = [:]
    private var creates: [String: Int] = [:]
    /// `GET /user/me`'s `entitlement` per user, as JSON (absent: null).
    private var accounts: [String: String] = [:]
    /// `GET /user/me`'s whole body per user, in another server's shape (wins over `accounts`).
    private var accountBodies: [String: String] = [:]
    private var server: FixtureServer!

    public init() throws {
        server = try FixtureServer { [unowned self] in self.answer($0) }
    }

    /// The base URL, as `YADG_API_URL`.
    public var url: String { "http://127.0.0.1:\(server.port)/api/v1" }
    public var requests: [FixtureServer.Recorded] { server.requests }

    public func set(_ mode: Mode) { lock.withLock { self.mode = mode } }
    public var stored: [String: Stored] { lock.withLock { moments } }
    /// Create requests the server accepted (stored or answered), by id.
    public var createsByID: [String: Int] { lock.withLock { creates } }

    /// What `GET /user/me` says about this user's Premium (`entitlement`, as JSON; nil: none).
    public func setEntitlement(user: String, json: String?) { lock.withLock { accounts[user] = json } }

    /// `GET /user/me`'s whole body for this user, as another backend would write it.
    public func setAccountBody(user: String, json: String) { lock.withLock { accountBodies[user] = json } }

    /// The plans `GET /user/me` offers.
    public static let offerings =
        #"[{"plan":"yearly","price":"$29.99 / year","trialDays":7},{"plan":"monthly","price":"$4.99 / month"}]"#

    /// Puts a moment on the server as if another person had created it.
    public func seed(id: String, user: String, text: String) {
        lock.withLock { moments[id] = Stored(user: user, text: text, isFavorite: false, archived: false) }
    }

    static func praise(for text: String) -> String { "Server praise for \(text.prefix(60)), and you did it." }

    private func item(_ id: String, _ m: Stored) -> String {
        let object: [String: Any] = [
            "item": [
                "id": id, "text": m.text, "praise": Self.praise(for: m.text), "tags": ["small-win"],
                "action": "exercise", "isFavorite": m.isFavorite,
            ] as [String: Any]
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The answer of a server that stored the change but says so badly, in `mode`; nil when it
    /// answers well. A status below 0 sends the text as the whole response (FixtureServer).
    private func misbehaved(_ mode: Mode, _ id: String, _ stored: Stored) -> (Int, String, String)? {
        let answer = item(id, stored)
        switch mode {
        case .otherMoment: return (200, item(UUID().uuidString.lowercased(), stored), "")
        case .truncated:
            let cut = answer.prefix(answer.count / 2)
            return (-1, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n" + cut, "")
        case .emptyOK: return (200, "", "")
        case .noContent: return (204, "", "")
        default: return nil
        }
    }

    private func answer(_ request: FixtureServer.Recorded) -> (Int, String, String)? {
        let mode = lock.withLock { self.mode }
        switch mode {
        case .down: return nil
        case .status(let code): return (code, #"{"error":{"code":"x","message":"failure"}}"#, "")
        case .rateLimited(let seconds): return (429, #"{"error":"slow down"}"#, "Retry-After: \(seconds)\r\n")
        case .slow(let ms): usleep(UInt32(ms) * 1000)
        case .planLimit where request.path.contains("/moments") || request.path.contains("/timeline"):
            if request.method == "POST" || request.method == "GET" {
                return (402, #"{"error":{"code":"plan_limit","message":"Upgrade for more"}}"#, "")
            }
        case .captivePortal: return (200, Self.loginPage, "Content-Type: text/html; charset=utf-8\r\n")
        case .normal, .garbage, .loseReply, .planLimit, .truncated, .emptyOK, .noContent, .otherMoment: break
        }
        let user = request.headers["x-user-id"] ?? ""
        let pathAndQuery = request.path.split(separator: "?", maxSplits: 1).map(String.init)
        let parts = pathAndQuery[0].split(separator: "/").map(String.init)  // api, v1, moments, {id}
        var query: [String: String] = [:]
        for pair in (pathAndQuery.count > 1 ? pathAndQuery[1] : "").split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { query[kv[0]] = kv[1].removingPercentEncoding }
        }
        if request.method == "GET", parts.count == 4, parts[2] == "user", parts[3] == "me" {
            let entitlement = lock.withLock { accounts[user] } ?? "null"
            if mode == .garbage { return (200, "{{{", "") }
            if let body = lock.withLock({ accountBodies[user] }) { return (200, body, "") }
            return (200, #"{"id":"\#(user)","entitlement":\#(entitlement),"offerings":\#(Self.offerings)}"#, "")
        }
        guard parts.count >= 3, parts[2] == "moments" || parts[2] == "timeline" else { return (404, "{}", "") }
        let body = (try? JSONSerialization.jsonObject(with: Data(request.body.utf8))) as? [String: Any] ?? [:]
        return lock.withLock { () -> (Int, String, String)? in
            switch (request.method, parts.count) {
            case ("POST", 3):
                guard let id = body["id"] as? String, let text = body["text"] as? String else {
                    return (400, #"{"error":"bad request"}"#, "")
                }
                if let existing = moments[id] {
                    guard existing.user == user else { return (409, #"{"error":"taken"}"#, "") }
                    creates[id, default: 0] += 1
                    if let misbehaving = misbehaved(mode, id, existing) { return misbehaving }
                    return (200, item(id, existing), "")
                }
                var stored = Stored(user: user, text: text, isFavorite: false, archived: false)
                stored.order = moments.count
                stored.submittedAt = body["submittedAt"] as? String ?? stored.submittedAt
                moments[id] = stored
                creates[id, default: 0] += 1
                if mode == .loseReply { return nil }
                if let misbehaving = misbehaved(mode, id, stored) { return misbehaving }
                return (201, mode == .garbage ? "<<not json" : item(id, stored), "")
            case ("PUT", 4):
                guard var existing = moments[parts[3]], existing.user == user else { return (404, "{}", "") }
                if let favorite = body["isFavorite"] as? Bool { existing.isFavorite = favorite }
                if let text = body["text"] as? String { existing.text = text }
                if body.keys.contains("archivedAt"), body["archivedAt"] is NSNull { existing.archived = false }
                moments[parts[3]] = existing
                if let misbehaving = misbehaved(mode, parts[3], existing) { return misbehaving }
                return (200, item(parts[3], existing), "")
            case ("DELETE", 4):
                guard var existing = moments[parts[3]], existing.user == user else { return (404, "{}", "") }
                existing.archived = true
                moments[parts[3]] = existing
                return (204, "", "")
            case ("GET", 3) where parts[2] == "moments":
                // Newest first, `limit` a page, the cursor an offset.
                let mine = moments.filter { $0.value.user == user }.sorted { $0.value.order > $1.value.order }
                let offset = Int(query["cursor"] ?? "0") ?? 0
                let limit = min(Int(query["limit"] ?? "20") ?? 20, 100)
                let page = mine.dropFirst(offset).prefix(limit)
                let rows: [[String: Any]] = page.map { id, m in
                    [
                        "id": id, "text": m.text, "submittedAt": m.submittedAt, "tz": "America/New_York",
                        "timeAgo": 0, "praise": Self.praise(for: m.text), "isFavorite": m.isFavorite,
                        "archivedAt": m.archived ? "2026-11-20T10:00:00.000Z" as Any : NSNull(), "tags": [String](),
                    ]
                }
                let hasNext = offset + limit < mine.count
                let object: [String: Any] = [
                    "data": rows, "hasNextPage": hasNext, "nextCursor": hasNext ? String(offset + limit) : NSNull(),
                ]
                let data = try! JSONSerialization.data(withJSONObject: object)
                return (200, String(decoding: data, as: UTF8.self), "")
            case ("GET", _) where parts.count == 3 && parts[2] == "timeline":
                // One summary per day of this person's moments (the day of submittedAt), newest first.
                var counts: [String: Int] = [:]
                for m in moments.values where m.user == user {
                    counts[String(m.submittedAt.prefix(10)), default: 0] += 1
                }
                let rows: [[String: Any]] = counts.keys.sorted(by: >).map { day in
                    [
                        "date": day, "momentCount": counts[day]!,
                        "summaryText": "Server summary of \(counts[day]!) moments.",
                    ]
                }
                let data = try! JSONSerialization.data(withJSONObject: ["data": rows, "hasNextPage": false])
                return (200, String(decoding: data, as: UTF8.self), "")
            default:
                return (405, "{}", "")
            }
        }
    }
}
