import YadgCore
import YadgHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One provider's HTTP contract: building the request and reading the reply, both pure.
public protocol PraiseEndpoint: Sendable {
    var name: String { get }
    func makeRequest(for request: PraiseRequest) throws -> HTTPRequest
    /// The praise text of a 2xx reply; throws ``PraiseProviderError/invalidReply`` otherwise.
    func parseResponse(_ response: HTTPResponse) throws -> String
    /// The request for a day's summary, or nil when the provider writes none (the backend).
    func makeSummaryRequest(for request: DaySummaryRequest) throws -> HTTPRequest?
    /// The request for an answer to an open question, or nil when the provider writes none.
    func makeAnswerRequest(for request: QuestionRequest) throws -> HTTPRequest?
    /// A request that only loads the model and its prompt, or nil when there is nothing to load.
    func makeWarmUpRequest() throws -> HTTPRequest?
    /// How a moment's praise is asked for: yadg's own opening when the model writes only what
    /// follows it (nil: the whole line), and how many candidates to ask for.
    func drafting(for request: PraiseRequest) -> (opening: String?, candidates: Int)
    /// The request for candidates that follow `opening` (or whole lines when nil); `count`
    /// candidates in one request where the API takes a count (`n`).
    func makeRequest(for request: PraiseRequest, opening: String?, count: Int) throws -> HTTPRequest
    /// Every candidate of a 2xx reply; throws ``PraiseProviderError/invalidReply`` when none.
    func parseCandidates(_ response: HTTPResponse) throws -> [String]
    /// The example replies the model is shown before a moment, in the mode it is asked in.
    func exampleReplies(opening: String?) -> [String]
}

extension PraiseEndpoint {
    public func drafting(for request: PraiseRequest) -> (opening: String?, candidates: Int) { (nil, 1) }
    public func makeRequest(for request: PraiseRequest, opening: String?, count: Int) throws -> HTTPRequest {
        try makeRequest(for: request)
    }
    public func parseCandidates(_ response: HTTPResponse) throws -> [String] { [try parseResponse(response)] }
    public func exampleReplies(opening: String?) -> [String] { [] }
    public func makeSummaryRequest(for request: DaySummaryRequest) throws -> HTTPRequest? { nil }
    public func makeAnswerRequest(for request: QuestionRequest) throws -> HTTPRequest? { nil }
    public func makeWarmUpRequest() throws -> HTTPRequest? { nil }
}

/// A chat-style model API: praise and day summaries are two prompts sent the same way.
protocol ChatEndpoint: PraiseEndpoint {
    var prompts: PraisePrompts { get }
    /// The request that sends these messages, asked for as `generation` says; `count` replies
    /// where the API takes a count; `grammar`, a GBNF grammar the reply must follow, where the API
    /// takes one (``ClauseGrammar``).
    func chat(_ messages: [[String: String]], _ generation: Generation, count: Int, grammar: String?) throws
        -> HTTPRequest
}

extension ChatEndpoint {
    func chat(_ messages: [[String: String]], _ generation: Generation) throws -> HTTPRequest {
        try chat(messages, generation, count: 1, grammar: nil)
    }

    public func makeRequest(for request: PraiseRequest) throws -> HTTPRequest {
        try chat(
            prompts.praiseMessages(for: request), prompts.praiseGeneration, count: 1,
            grammar: prompts.grammar?.text(opening: nil, moment: request.text))
    }

    /// In clause mode (a model on this machine, <doc:PraiseFromAModel>) a moment yadg can say back
    /// gets its opening, and the prompts' number of candidates.
    public func drafting(for request: PraiseRequest) -> (opening: String?, candidates: Int) {
        let opening = prompts.mode == .clause ? request.opening : nil
        return (opening, prompts.candidates)
    }

    public func exampleReplies(opening: String?) -> [String] {
        (opening == nil ? prompts.praiseExamples : prompts.clauseExamples).pairs.map(\.assistant)
    }

    public func makeRequest(for request: PraiseRequest, opening: String?, count: Int) throws -> HTTPRequest {
        // A llama.cpp server on this machine is also sent the grammar of the words it may write.
        let grammar = prompts.grammar?.text(opening: opening, moment: request.text)
        guard let opening else {
            return try chat(prompts.praiseMessages(for: request), prompts.praiseGeneration, count: count, grammar: grammar)
        }
        return try chat(
            prompts.clauseMessages(opening: opening, feeling: request.feeling), prompts.clauseGeneration, count: count,
            grammar: grammar)
    }

    public func makeSummaryRequest(for request: DaySummaryRequest) throws -> HTTPRequest? {
        try chat(prompts.summaryMessages(for: request), prompts.summaryGeneration)
    }

    public func makeAnswerRequest(for request: QuestionRequest) throws -> HTTPRequest? {
        try chat(prompts.answerMessages(for: request), prompts.answerGeneration)
    }

    /// The praise prompt with a fixed moment and one token to write: the model is loaded, and
    /// the prompt's shared beginning (system message and examples) is in its cache.
    public func makeWarmUpRequest() throws -> HTTPRequest? {
        if prompts.mode == .clause {
            var generation = prompts.clauseGeneration
            generation.maxTokens = 1
            return try chat(prompts.clauseMessages(opening: PraisePrompts.warmUpMoment, feeling: nil), generation)
        }
        let request = PraiseRequest(
            momentID: UUID(), text: PraisePrompts.warmUpMoment, when: "just now", submittedAt: Date(),
            happenedAt: Date(), tz: "UTC")
        var generation = prompts.praiseGeneration
        generation.maxTokens = 1
        return try chat(prompts.praiseMessages(for: request), generation)
    }

    /// The messages as the body's `messages` list.
    static func json(_ messages: [[String: String]]) -> JSONValue {
        .array(messages.map { .object($0.mapValues(JSONValue.string)) })
    }
}

/// How a model is asked for a moment's praise (<doc:PraiseFromAModel>).
public enum PraiseMode: String, Sendable, CaseIterable {
    /// The whole line: a hosted model says who did what reliably, and reads best in its own words.
    case line
    /// yadg writes the first clause (``MomentRetelling``), the model what follows: a small model
    /// on this machine swaps who did what, the tense and the object when it writes the whole line.
    case clause
}

/// The prompts for praise, decoded from `Prompts/`: templates, few-shot examples, and how the
/// model is asked (``Generation``).
public struct PraisePrompts: Sendable {
    /// The moment of a warm-up request: nothing of the person's.
    public static let warmUpMoment = "warm-up"

    public let system: PromptTemplate
    public let user: PromptTemplate
    public let summarySystem: PromptTemplate
    public let summaryUser: PromptTemplate
    public var praiseExamples = PromptExamples("")
    public var summaryExamples = PromptExamples("")
    public var praiseGeneration: Generation
    public var summaryGeneration: Generation
    /// A week's summary: its own words, asked like a day's (``summaryGeneration``).
    public var weekSystem = PromptTemplate("")
    public var weekUser = PromptTemplate("")
    public var weekExamples = PromptExamples("")
    /// Open questions about one's moments (<doc:PraiseFromAModel>).
    public var answerSystem = PromptTemplate("")
    public var answerUser = PromptTemplate("")
    public var answerGeneration = Generation(settings: [:], overrides: [:], local: false)
    /// Whole lines, or yadg's opening and the model's continuation (`praise_mode`; by default
    /// clause for a model on this machine, line for a hosted one).
    public var mode = PraiseMode.line
    /// Candidates asked for each moment (`candidates`, 1 to 3; by default 3 on this machine, 1
    /// hosted): the best that passes is shown.
    public var candidates = 1
    public var clauseSystem = PromptTemplate("")
    public var clauseUser = PromptTemplate("")
    public var clauseExamples = PromptExamples("")
    public var clauseGeneration = Generation(settings: [:], overrides: [:], local: false)
    /// The grammar of the words a model may write (`Resources/praise-clause.gbnf`): kept only for a
    /// llama.cpp server on this machine (``AISettings/sendsGrammar``), nil for every other provider.
    public var grammar: ClauseGrammar? = nil

    /// `local`: the model runs on this machine (its own temperature); `overrides`: the config
    /// file's values (`temperature`, `max_tokens`, `stop`; `summary_…` for summaries).
    public init(
        system: PromptTemplate, user: PromptTemplate, summarySystem: PromptTemplate = PromptTemplate(""),
        summaryUser: PromptTemplate = PromptTemplate(""), overrides: [String: String] = [:], local: Bool = false
    ) {
        self.system = system
        self.user = user
        self.summarySystem = summarySystem
        self.summaryUser = summaryUser
        // Generation reads only its own names; the summary's carry a `summary_` prefix in the config.
        praiseGeneration = Generation(settings: system.settings, overrides: overrides, local: local)
        var summaryOverrides: [String: String] = [:]
        for name in Generation.settingNames { summaryOverrides[name] = overrides["summary_" + name] }
        summaryGeneration = Generation(settings: summarySystem.settings, overrides: summaryOverrides, local: local)
    }

    /// The prompts from their files (`praise-system.md`, `praise-user.md`, `praise-examples.md`
    /// and the summary's three), as `text` reads each by name.
    public static func read(
        _ text: (String) -> String, overrides: [String: String] = [:], local: Bool
    ) -> PraisePrompts {
        var prompts = PraisePrompts(
            system: PromptTemplate(text("praise-system.md")), user: PromptTemplate(text("praise-user.md")),
            summarySystem: PromptTemplate(text("summary-system.md")),
            summaryUser: PromptTemplate(text("summary-user.md")), overrides: overrides, local: local)
        prompts.praiseExamples = PromptExamples(text("praise-examples.md"))
        prompts.summaryExamples = PromptExamples(text("summary-examples.md"))
        prompts.weekSystem = PromptTemplate(text("week-system.md"))
        prompts.weekUser = PromptTemplate(text("week-user.md"))
        prompts.weekExamples = PromptExamples(text("week-examples.md"))
        prompts.answerSystem = PromptTemplate(text("answer-system.md"))
        prompts.answerUser = PromptTemplate(text("answer-user.md"))
        var answerOverrides: [String: String] = [:]
        for name in Generation.settingNames { answerOverrides[name] = overrides["answer_" + name] }
        prompts.answerGeneration = Generation(
            settings: prompts.answerSystem.settings, overrides: answerOverrides, local: local)
        prompts.clauseSystem = PromptTemplate(text("praise-clause-system.md"))
        prompts.clauseUser = PromptTemplate(text("praise-clause-user.md"))
        prompts.clauseExamples = PromptExamples(text("praise-clause-examples.md"))
        prompts.clauseGeneration = Generation(
            settings: prompts.clauseSystem.settings, overrides: overrides, local: local)
        prompts.mode =
            overrides["praise_mode"].flatMap { PraiseMode(rawValue: $0.lowercased()) } ?? (local ? .clause : .line)
        if prompts.clauseSystem.text.isEmpty { prompts.mode = .line }
        prompts.candidates = overrides["candidates"].flatMap(Int.init).map { min(max($0, 1), 3) } ?? (local ? 3 : 1)
        return prompts
    }

    /// System message, the examples, then yadg's opening for the model to go on from.
    func clauseMessages(opening: String, feeling: String?) -> [[String: String]] {
        let feeling = feeling.flatMap { Hashtags.isTagWord($0) ? $0 : nil }
        let message = clauseUser.filled(["opening": Self.asData(opening), "feeling": feeling ?? ""])
        return [["role": "system", "content": clauseSystem.text]] + clauseExamples.messages
            + [["role": "user", "content": message]]
    }

    /// System message, then the question with its moments.
    func answerMessages(for request: QuestionRequest) -> [[String: String]] {
        let lines = request.moments.map { "- " + Self.asData($0) }
        let message = answerUser.filled([
            "question": Self.asData(request.question), "period": request.period,
            "moments": lines.joined(separator: "\n"),
        ])
        return [["role": "system", "content": answerSystem.text], ["role": "user", "content": message]]
    }

    /// Text written by the person, as data inside a prompt: no controls, tags or line breaks.
    static func asData(_ text: String) -> String {
        String(
            TerminalSanitizer.clean(text).replacing("<", with: "").replacing(">", with: "").replacing("\n", with: " ")
                .prefix(1000))
    }

    /// System message, the examples, then the moment's message.
    func praiseMessages(for request: PraiseRequest) -> [[String: String]] {
        [["role": "system", "content": system.text]] + praiseExamples.messages
            + [["role": "user", "content": userMessage(for: request)]]
    }

    /// System message, the examples, then the day's (or the week's) message.
    func summaryMessages(for request: DaySummaryRequest) -> [[String: String]] {
        let (system, examples) =
            request.period == .week ? (weekSystem, weekExamples) : (summarySystem, summaryExamples)
        return [["role": "system", "content": system.text]] + examples.messages
            + [["role": "user", "content": summaryMessage(for: request)]]
    }

    /// The moments as "- text" lines inside the summary prompt, cleaned like a moment.
    func summaryMessage(for request: DaySummaryRequest) -> String {
        let lines = request.moments.map { text in
            "- "
                + TerminalSanitizer.clean(text).replacing("<", with: "")
                .replacing(">", with: "").replacing("\n", with: " ")
        }
        let moments = lines.joined(separator: "\n")
        return request.period == .week
            ? weekUser.filled(["week": request.day, "moments": moments])
            : summaryUser.filled(["day": request.day, "moments": moments])
    }

    /// The user message: the moment delimited as data, with tags and controls taken out of it.
    func userMessage(for request: PraiseRequest) -> String {
        let text = TerminalSanitizer.clean(request.text).replacing("<", with: "")
            .replacing(">", with: "").replacing("\n", with: " ")
        // The feeling is a word from the closed list, but an imported file could hold anything:
        // only a single plain word goes.
        let feeling = request.feeling.flatMap { Hashtags.isTagWord($0) ? $0 : nil }
        return user.filled(["moment": String(text.prefix(1000)), "when": request.when, "feeling": feeling ?? ""])
    }
}

/// OpenAI-compatible chat completions (OpenAI, LM Studio, vLLM, llama.cpp, Ollama's /v1).
public struct OpenAIChatEndpoint: ChatEndpoint {
    public let baseURL: String
    public let model: String
    public let apiKey: String?
    public let prompts: PraisePrompts
    public var name: String { "openai" }

    public init(baseURL: String, model: String, apiKey: String?, prompts: PraisePrompts) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.prompts = prompts
    }

    func chat(_ messages: [[String: String]], _ generation: Generation, count: Int, grammar: String?) throws
        -> HTTPRequest
    {
        var body: [String: JSONValue] = [
            "model": .string(model), "messages": Self.json(messages), "temperature": .double(generation.temperature),
            "max_tokens": .int(generation.maxTokens), "stream": false,
        ]
        if count > 1 { body["n"] = .int(count) }
        // llama.cpp's servers (llama-server, llama-cpp-python) read `grammar`; OpenAI refuses it.
        if let grammar { body["grammar"] = .string(grammar) }
        if !generation.stop.isEmpty { body["stop"] = .array(generation.stop.map(JSONValue.string)) }
        var headers = [("Content-Type", "application/json")]
        if let apiKey, !apiKey.isEmpty { headers.append(("Authorization", "Bearer \(apiKey)")) }
        return HTTPRequest(
            url: joined(baseURL, "chat/completions"), headers: headers,
            body: Data(JSONValue.object(body).encoded.utf8))
    }

    public func parseResponse(_ response: HTTPResponse) throws -> String {
        guard let object = JSONValue.parse(response.body), let choice = object["choices"]?.array?.first,
            let content = choice["message"]?["content"]?.string
        else { throw PraiseProviderError.invalidReply }
        if let finish = choice["finish_reason"]?.string, finish == "length" || finish == "content_filter" {
            throw PraiseProviderError.invalidReply
        }
        return content
    }

    /// Every choice that ended of itself (not cut at the length, not filtered).
    public func parseCandidates(_ response: HTTPResponse) throws -> [String] {
        guard let object = JSONValue.parse(response.body), let choices = object["choices"]?.array else {
            throw PraiseProviderError.invalidReply
        }
        let contents = choices.compactMap { choice -> String? in
            if let finish = choice["finish_reason"]?.string, finish == "length" || finish == "content_filter" {
                return nil
            }
            return choice["message"]?["content"]?.string
        }
        guard !contents.isEmpty else { throw PraiseProviderError.invalidReply }
        return contents
    }
}

/// Ollama's native chat API (`POST /api/chat`, not streamed).
public struct OllamaChatEndpoint: ChatEndpoint {
    public let host: String
    public let model: String
    public let prompts: PraisePrompts
    public var name: String { "ollama" }

    public init(host: String, model: String, prompts: PraisePrompts) {
        self.host = host
        self.model = model
        self.prompts = prompts
    }

    /// Ollama's native API writes one reply a request: `count` is asked for in turn. It takes no
    /// GBNF grammar (its `format` is a JSON schema), so none is sent.
    func chat(_ messages: [[String: String]], _ generation: Generation, count: Int, grammar: String?) throws
        -> HTTPRequest
    {
        var options: [String: JSONValue] = [
            "temperature": .double(generation.temperature), "num_predict": .int(generation.maxTokens),
        ]
        if !generation.stop.isEmpty { options["stop"] = .array(generation.stop.map(JSONValue.string)) }
        let body: JSONValue = [
            "model": .string(model), "messages": Self.json(messages), "stream": false, "options": .object(options),
        ]
        return HTTPRequest(
            url: joined(host, "api/chat"), headers: [("Content-Type", "application/json")],
            body: Data(body.encoded.utf8))
    }

    public func parseResponse(_ response: HTTPResponse) throws -> String {
        guard let object = JSONValue.parse(response.body), object["error"] == nil,
            let content = object["message"]?["content"]?.string
        else { throw PraiseProviderError.invalidReply }
        if object["done_reason"]?.string == "length" { throw PraiseProviderError.invalidReply }
        return content
    }
}

/// The You Are Doing Great backend: `POST {base}/moments` with the client UUID and `x-user-id`;
/// the praise comes back in `item.praise` (<doc:Providers>). The user id goes to this backend only.
public struct YadgBackendEndpoint: PraiseEndpoint {
    public let baseURL: String
    public let userID: String
    public var name: String { "yadg" }

    public init(baseURL: String, userID: String) {
        self.baseURL = baseURL
        self.userID = userID
    }

    public func makeRequest(for request: PraiseRequest) throws -> HTTPRequest {
        let body: JSONValue = [
            "id": .string(request.momentID.lowercasedText), "text": .string(request.text),
            "submittedAt": .string(CivilTime.utcTimestamp(request.submittedAt)), "tz": .string(request.tz),
            "timeAgo": .int(max(0, Int(request.submittedAt.timeIntervalSince(request.happenedAt).rounded()))),
        ]
        return HTTPRequest(
            url: joined(baseURL, "moments"),
            headers: [("Content-Type", "application/json"), ("x-user-id", userID)],
            body: Data(body.encoded.utf8))
    }

    public func parseResponse(_ response: HTTPResponse) throws -> String {
        guard let object = JSONValue.parse(response.body), let item = object["item"], item.object != nil,
            let praise = item["praise"]?.string ?? item["aiPraise"]?.string
        else { throw PraiseProviderError.invalidReply }
        return praise
    }
}

/// `base` and `path` with exactly one slash between them.
func joined(_ base: String, _ path: String) -> String {
    (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/" + path
}
