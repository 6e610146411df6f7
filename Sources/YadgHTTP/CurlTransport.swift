import CCurl
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// HTTP over libcurl's easy interface, one blocking transfer per request on its own thread.
///
/// libcurl itself is loaded on first use (see the CCurl shim), so runs without AI never load it.
///
/// Why not URLSession: FoundationNetworking busy-polls while a request is pending (about 4 s of
/// CPU for a 5 s wait here), which drains laptops while someone sits with their praise. A thread
/// blocked in `curl_easy_perform` costs nothing while it waits.
public final class CurlTransport: HTTPTransport {
    /// Largest response body accepted; a larger one fails the request.
    let maxBodyBytes: Int

    public init(maxBodyBytes: Int = 256 * 1024) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Loads libcurl and runs `curl_global_init`, once, the first time a request is sent (a
    /// Swift static is initialised exactly once, thread-safely). False when libcurl is missing.
    private static let loaded: Bool = yadg_curl_load() == 1

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard Self.loaded else { throw HTTPTransportError.failed }
        let transfer = Transfer(request: request, maxBodyBytes: maxBodyBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let started = DetachedThread.start(stackSize: 512 * 1024) {
                    continuation.resume(with: transfer.perform())
                }
                if !started { continuation.resume(throwing: HTTPTransportError.failed) }
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// The state of one transfer, reached from libcurl's callbacks through an unretained pointer.
final class Transfer: @unchecked Sendable {
    let request: HTTPRequest
    let maxBodyBytes: Int
    private let cancelled = Atomic<Bool>(false)
    // Touched only on the transfer's thread.
    var body = Data()
    var headers: [String: String] = [:]
    var tooLarge = false

    init(request: HTTPRequest, maxBodyBytes: Int) {
        self.request = request
        self.maxBodyBytes = maxBodyBytes
    }

    func cancel() { cancelled.store(true, ordering: .relaxed) }
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func perform() -> Result<HTTPResponse, any Error> {
        if isCancelled { return .failure(HTTPTransportError.cancelled) }
        guard let curl = yadg_curl_easy_init() else { return .failure(HTTPTransportError.failed) }
        defer { yadg_curl_easy_cleanup(curl) }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers { list = yadg_curl_slist_append(list, "\(name): \(value)") }
        list = yadg_curl_slist_append(list, "Expect:")  // no 100-continue round trip
        defer { yadg_curl_slist_free_all(list) }

        let me = Unmanaged.passUnretained(self).toOpaque()
        yadg_curl_set_string(curl, CURLOPT_URL, request.url)
        yadg_curl_set_string(curl, CURLOPT_CUSTOMREQUEST, request.method)
        yadg_curl_set_headers(curl, list)
        if request.method != "GET" {
            // COPYPOSTFIELDS copies the bytes, so the buffer need not outlive this call.
            let bytes = request.body.map { CChar(bitPattern: $0) } + [0]
            bytes.withUnsafeBufferPointer { _ = yadg_curl_set_body(curl, $0.baseAddress, request.body.count) }
        }
        yadg_curl_set_long(curl, CURLOPT_TIMEOUT_MS, Int(request.timeout * 1000))
        yadg_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, Int(min(request.timeout, 10) * 1000))
        yadg_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        yadg_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0)
        yadg_curl_set_string(curl, CURLOPT_USERAGENT, "yadg")
        yadg_curl_set_write(curl, transferWrite, me)
        yadg_curl_set_header_callback(curl, transferHeader, me)
        yadg_curl_set_progress(curl, transferProgress, me)

        let code = yadg_curl_easy_perform(curl)
        if isCancelled { return .failure(HTTPTransportError.cancelled) }
        if tooLarge { return .failure(HTTPTransportError.tooLarge) }
        switch code {
        case CURLE_OK:
            return .success(HTTPResponse(status: yadg_curl_status(curl), headers: headers, body: body))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(HTTPTransportError.timedOut)
        default:
            return .failure(HTTPTransportError.failed)
        }
    }
}

private func transfer(_ pointer: UnsafeMutableRawPointer?) -> Transfer {
    Unmanaged<Transfer>.fromOpaque(pointer!).takeUnretainedValue()
}

/// Collects the body; returning less than given makes libcurl stop (too large, or cancelled).
private func transferWrite(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
    _ context: UnsafeMutableRawPointer?
) -> Int {
    let t = transfer(context)
    let length = size * count
    guard !t.isCancelled, t.body.count + length <= t.maxBodyBytes, let data else {
        t.tooLarge = true
        return 0
    }
    t.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
    return length
}

/// Collects headers ("Name: value"), lower-casing names; a new status line starts over.
private func transferHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
    _ context: UnsafeMutableRawPointer?
) -> Int {
    let t = transfer(context)
    let length = size * count
    guard let data else { return length }
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    if line.hasPrefix("HTTP/") { t.headers = [:] }
    if let colon = line.firstIndex(of: ":") {
        let name = HeaderText.trimmed(line[..<colon]).lowercased()
        t.headers[name] = HeaderText.trimmed(line[line.index(after: colon)...])
    }
    return length
}

/// Called about once a second while idle: a non-zero return aborts a cancelled transfer.
private func transferProgress(
    _ context: UnsafeMutableRawPointer?, _ a: curl_off_t, _ b: curl_off_t,
    _ c: curl_off_t, _ d: curl_off_t
) -> Int32 {
    transfer(context).isCancelled ? 1 : 0
}
