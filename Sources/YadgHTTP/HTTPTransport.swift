#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HTTP request, as plain values.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: String
    public var headers: [(String, String)]
    public var body: Data
    /// Seconds this attempt may take in all.
    public var timeout: Double

    public init(
        method: String = "POST", url: String, headers: [(String, String)] = [], body: Data = Data(),
        timeout: Double = 10
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body && a.timeout == b.timeout
            && a.headers.map { "\($0.0): \($0.1)" } == b.headers.map { "\($0.0): \($0.1)" }
    }

    /// The value of a header, ignoring case.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}

/// One HTTP response. Header names are lower-cased.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a request got no response.
public enum HTTPTransportError: Error, Sendable, Equatable {
    case timedOut
    case cancelled
    /// Refused, reset, cut off mid-body, or a TLS failure.
    case failed
    /// The answer was larger than this client accepts: asking again would bring the same.
    case tooLarge
}

/// Sends HTTP requests. `CurlTransport` is the only code that touches the network.
///
/// Contract: returns any status (non-2xx is not an error); throws ``HTTPTransportError`` when no
/// whole response arrived within `request.timeout`; a cancelled task ends the request promptly.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
