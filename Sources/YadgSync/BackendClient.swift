import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The You Are Doing Great backend's moments, over the one HTTP transport. Every request carries
/// `x-user-id` (the anonymous id made on the first run) and nothing else that identifies anyone.
public struct BackendClient: Sendable {
    public let baseURL: String
    public let userID: String
    let transport: any HTTPTransport
    /// Seconds one request may take.
    let timeout: Double

    public init(baseURL: String, userID: String, transport: any HTTPTransport, timeout: Double = 10) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.userID = userID
        self.transport = transport
        self.timeout = timeout
    }

    /// How one send ended.
    public enum Outcome: Sendable, Equatable {
        /// The server has it (for a create or an update, what it said about the moment).
        case done(ServerMoment?)
        /// Not this time: try again later (`after`: seconds the server asked for).
        case retry(SyncError, after: Double?)
        /// The server refused it; a timer will not change its mind.
        case refused(SyncError)
    }

    /// Sends one operation. `moment` is the moment as stored now (a create sends it as it is).
    public func send(_ operation: SyncOperation, moment: Moment?) async -> Outcome {
        let id = operation.momentID.lowercasedText
        let request: HTTPRequest
        switch operation.kind {
        case .create:
            guard let moment else { return .done(nil) }
            let body = JSONText.object([
                ("id", JSONText.quote(id)), ("text", JSONText.quote(moment.text)),
                ("submittedAt", JSONText.quote(CivilTime.utcTimestamp(moment.submittedAt))),
                ("tz", JSONText.quote(moment.tz)), ("timeAgo", String(moment.timeAgo)),
            ])
            request = self.request("POST", "/moments", body: body)
        case .update:
            request = self.request("PUT", "/moments/" + id, body: operation.fields ?? "{}")
        case .delete:
            request = self.request("DELETE", "/moments/" + id, body: nil)
        }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch HTTPTransportError.cancelled {
            return .retry(.cancelled, after: nil)
        } catch HTTPTransportError.tooLarge {
            return .refused(.tooLarge)
        } catch HTTPTransportError.timedOut {
            return .retry(.timedOut, after: nil)
        } catch {
            return .retry(.unreachable, after: nil)
        }
        if Self.isPlanLimit(response) {
            // The plan's limit: asking again within the hour would bring the same answer.
            let after = RetryPolicy.serverDelay(headers: response.headers, now: Date()) ?? 0
            return .retry(.planLimit, after: max(after, 3600))
        }
        switch response.status {
        case 200..<300:
            switch Self.answer(response, for: operation, serverID: moment?.serverId) {
            case .success(let server): return .done(server)
            case .failure(let problem):
                return .retry(problem, after: RetryPolicy.serverDelay(headers: response.headers, now: Date()))
            }
        case 404 where operation.kind == .delete:
            return .done(nil)  // nothing there to archive
        case 408, 429, 500...599:
            let after = RetryPolicy.serverDelay(headers: response.headers, now: Date())
            return .retry(.answered(response.status), after: after)
        default:
            return .refused(.refused(response.status))
        }
    }

    /// Delete my data: archives each of these moments on the server (`DELETE /moments/{id}`), a few
    /// at a time. Returns how many the server archived (a 404 means it never had it); the first
    /// request that fails ends it with the reason, and deletion on this machine does not go ahead.
    public func archive(_ ids: [UUID]) async -> Result<Int, SyncError> {
        var archived = 0
        for batch in stride(from: 0, to: ids.count, by: 8).map({ ids[$0..<min($0 + 8, ids.count)] }) {
            let outcomes = await withTaskGroup(of: Result<Bool, SyncError>.self) { group in
                for id in batch {
                    group.addTask {
                        let request = self.request("DELETE", "/moments/" + id.lowercasedText, body: nil)
                        guard let response = try? await self.transport.send(request) else {
                            return .failure(.unreachable)
                        }
                        switch response.status {
                        case 200..<300:
                            // Only the server's own answer counts: a login page's 200 archived nothing.
                            let archive = SyncOperation(
                                sequence: 0, momentID: id, kind: .delete, fields: nil, attempts: 0)
                            return Self.answer(response, for: archive, serverID: nil).map { _ in true }
                        case 404: return .success(false)
                        default: return .failure(.answered(response.status))
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes {
                switch outcome {
                case .success(let did): archived += did ? 1 : 0
                case .failure(let problem): return .failure(problem)
                }
            }
        }
        return .success(archived)
    }

    /// One page of a paginated list (`GET /moments`, `GET /timeline`): its rows and the next page's
    /// cursor (nil on the last page).
    func page(_ list: String, after cursor: String?) async -> Result<([JSONValue], String?), SyncError> {
        var path = "/\(list)?limit=100"
        if let cursor { path += "&cursor=" + QueryText.percentEncoded(cursor) }
        guard let response = try? await transport.send(request("GET", path, body: nil)) else {
            return .failure(.unreachable)
        }
        if Self.isPlanLimit(response) { return .failure(.planLimit) }
        guard (200..<300).contains(response.status) else { return .failure(.answered(response.status)) }
        guard Self.isJSON(response) else { return .failure(.notTheAnswer(response.body.isEmpty ? .empty : .notJSON)) }
        guard let object = JSONValue.parse(response.body), let rows = object["data"]?.array else {
            return .failure(.notTheAnswer(.unreadable))
        }
        let next = object["hasNextPage"]?.bool == true ? object["nextCursor"]?.string : nil
        return .success((rows, next))
    }

    /// `yadg sync --pull`: every page of the server's moments, added to `queue` where this machine
    /// lacks them (each through `checking`, the crisis check). How many were added and known.
    public func pull(into queue: any SyncQueue, checking: @Sendable (Moment) -> Moment) async
        -> Result<(added: Int, known: Int), SyncError>
    {
        var cursor: String?
        var (added, known) = (0, 0)
        var pages = 0
        repeat {
            pages += 1
            switch await page("moments", after: cursor) {
            case .failure(let problem): return .failure(problem)
            case .success(let (rows, next)):
                let moments = rows.compactMap(Self.moment).map(checking)
                // Not kept (the store refuses writes): nothing is lost, the server still has them
                // and the next pull adds them. They are counted as known here, which overstates.
                let new = (try? queue.insertSynced(moments)) ?? 0
                added += new
                known += moments.count - new
                cursor = next
            }
        } while cursor != nil && pages < 10_000  // a server whose cursor never ends is not followed forever
        return .success((added, known))
    }

    /// A moment of the server's list, as this machine keeps it (synced already). Every string is
    /// sanitised when shown, like any stored text.
    static func moment(_ row: JSONValue) -> Moment? {
        guard let id = (row["clientId"]?.string ?? row["id"]?.string).flatMap(UUID.init(uuidString:)),
            let text = row["text"]?.string, !text.isEmpty, text.count <= CommandContext.maxTextLength,
            let submitted = row["submittedAt"]?.string.flatMap({ CivilTime.parse($0) })
        else { return nil }
        let timeAgo = max(0, row["timeAgo"]?.int ?? 0)
        let happened =
            row["happenedAt"]?.string.flatMap { CivilTime.parse($0) }
            ?? submitted.addingTimeInterval(-Double(timeAgo))
        var moment = Moment(
            id: id, serverId: row["id"]?.string, text: text, submittedAt: submitted, happenedAt: happened,
            tz: row["tz"]?.string.flatMap { Zone(identifier: $0)?.identifier } ?? "UTC", offlinePraise: "",
            aiPraise: (row["praise"] ?? row["aiPraise"])?.string.flatMap {
                PraiseReplyValidator.accept($0, moment: text)
            },
            action: row["action"]?.string ?? "other",
            tags: row["tags"]?.array?.compactMap(\.string) ?? [],
            isFavorite: row["isFavorite"]?.bool ?? false, isSynced: true,
            archivedAt: row["archivedAt"]?.string.flatMap { CivilTime.parse($0) })
        moment.timeAgo = timeAgo
        moment.said = SaidTime(.clock)
        return moment
    }

    /// The server keeps this for a paid plan: 402, or 403/429 whose error code names the plan
    /// (`{"error":{"code":"plan_limit"}}`), as the Sync article's contract says.
    static func isPlanLimit(_ response: HTTPResponse) -> Bool {
        if response.status == 402 { return true }
        guard response.status == 403 || response.status == 429,
            let object = JSONValue.parse(response.body)
        else { return false }
        let code = (object["error"]?["code"] ?? object["code"])?.string
        return code.map { $0.lowercased().replacing("-", with: "_") == "plan_limit" } ?? false
    }

    func request(_ method: String, _ path: String, body: String?) -> HTTPRequest {
        var headers = [("x-user-id", userID)]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        return HTTPRequest(
            method: method, url: baseURL + path, headers: headers, body: Data((body ?? "").utf8), timeout: timeout)
    }

    /// The response says it is JSON (`application/json`, or a `+json` type), as the contract's are.
    static func isJSON(_ response: HTTPResponse) -> Bool {
        let mediaType = (response.headers["content-type"] ?? "").split(separator: ";").first.map {
            $0.trimmedWhitespace.lowercased()
        }
        return mediaType.map { $0 == "application/json" || $0.hasSuffix("+json") } ?? false
    }

    /// What a 2xx says, when it is the server's answer about this moment: the contract's JSON
    /// (`application/json`) naming it — `{"item": {…}}` (or the moment itself) whose `id` or
    /// `clientId` is the moment's id, or the server id it was given — and, for an archive, a `204`
    /// with nothing in it. Anything else (a captive portal's login page, a body cut short, an
    /// empty 200, another moment's) may never have reached the server: it is a failure, tried again
    /// on the backoff schedule, never marked synced (<doc:Sync>, "Sending").
    static func answer(_ response: HTTPResponse, for operation: SyncOperation, serverID: String?) -> Result<
        ServerMoment?, SyncError
    > {
        if operation.kind == .delete && response.status == 204 { return .success(nil) }
        guard !response.body.isEmpty else { return .failure(.notTheAnswer(.empty)) }
        guard isJSON(response) else { return .failure(.notTheAnswer(.notJSON)) }
        guard let object = JSONValue.parse(response.body) else { return .failure(.notTheAnswer(.unreadable)) }
        let item = object["item"]?.object != nil ? object["item"]! : object
        let named = [item["id"]?.string, item["clientId"]?.string].compactMap { $0?.lowercased() }
        let ours = [operation.momentID.lowercasedText, serverID?.lowercased()].compactMap { $0 }
        guard named.contains(where: ours.contains) else { return .failure(.notTheAnswer(.otherMoment)) }
        guard operation.kind != .delete else { return .success(nil) }
        let praise = item["praise"]?.string ?? item["aiPraise"]?.string
        return .success(
            ServerMoment(
                serverID: item["id"]?.string, praise: praise.flatMap { PraiseReplyValidator.accept($0) },
                tags: item["tags"]?.array?.compactMap { $0.string.map(TerminalSanitizer.clean) },
                action: item["action"]?.string.map(TerminalSanitizer.clean)))
    }
}
