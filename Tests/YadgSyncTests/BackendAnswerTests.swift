import Foundation
import Testing
import YadgCore
import YadgHTTP

@testable import YadgSync

/// What counts as the server's answer about a moment (<doc:Sync>, "Sending"): its JSON, naming it.
struct BackendAnswerTests {
    static let id = UUID(uuidString: "6f1c1d9e-8d2a-4c1b-9a57-1c2d3e4f5a6b")!
    static func operation(_ kind: SyncOperation.Kind) -> SyncOperation {
        SyncOperation(sequence: 1, momentID: id, kind: kind, fields: nil, attempts: 0)
    }
    static func response(_ status: Int, _ type: String?, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: type.map { ["content-type": $0] } ?? [:], body: Data(body.utf8))
    }

    @Test("The contract's JSON naming the moment, by its id, its server id or clientId, in any JSON type")
    func answers() throws {
        let named =
            #"{"item":{"id":"6F1C1D9E-8D2A-4C1B-9A57-1C2D3E4F5A6B","praise":"Nice walk, and it counts.","tags":["walk"]}}"#
        let created = BackendClient.answer(
            Self.response(201, "application/json; charset=utf-8", named), for: Self.operation(.create), serverID: nil)
        #expect(try created.get()?.tags == ["walk"])
        let byServerID = #"{"item":{"id":"srv-12","isFavorite":true}}"#
        #expect(
            (try? BackendClient.answer(
                Self.response(200, "application/json", byServerID), for: Self.operation(.update), serverID: "srv-12"
            ).get()) != nil)
        let byClientID = #"{"id":"srv-12","clientId":"6f1c1d9e-8d2a-4c1b-9a57-1c2d3e4f5a6b"}"#
        #expect(
            (try? BackendClient.answer(
                Self.response(200, "application/vnd.yadg+json", byClientID), for: Self.operation(.create), serverID: nil
            ).get()) != nil)
        let archived = BackendClient.answer(Self.response(204, nil, ""), for: Self.operation(.delete), serverID: nil)
        #expect(throws: Never.self) { try archived.get() }
    }

    @Test(
        "Anything else is not the answer, and says why",
        arguments: [
            (200, "text/html" as String?, "<html>Log in to the Wi-Fi</html>", SyncError.NotTheAnswer.notJSON),
            (200, nil, #"{"item":{"id":"6f1c1d9e-8d2a-4c1b-9a57-1c2d3e4f5a6b"}}"#, .notJSON),
            (200, "application/json", #"{"item":{"id":"6f1c1d9e-8d2a"#, .unreadable),
            (200, "application/json", "", .empty),
            (204, nil, "", .empty),
            (200, "application/json", #"{"ok":true}"#, .otherMoment),
            (201, "application/json", #"{"item":{"id":"00000000-0000-4000-8000-000000000001"}}"#, .otherMoment),
        ])
    func notAnswers(status: Int, type: String?, body: String, why: SyncError.NotTheAnswer) {
        let answer = BackendClient.answer(
            Self.response(status, type, body), for: Self.operation(.create), serverID: nil)
        #expect(throws: SyncError.notTheAnswer(why)) { try answer.get() }
    }

    @Test("Each reason reads back from the code the store keeps")
    func codesRoundTrip() {
        for why in SyncError.NotTheAnswer.allCases {
            #expect(SyncError(code: SyncError.notTheAnswer(why).code) == .notTheAnswer(why))
        }
    }
}
