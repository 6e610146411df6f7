import Foundation
import Testing
import YadgAI
import YadgCore
import YadgTerminal
import YadgTestSupport

@testable import YadgApp

/// The AI settings a run reads are the ones in force now: `/settings ai` changes them for every
/// copy of the app at once. (The conversation's closures and its background work hold copies;
/// before, the conversation copied the app and went on reading the settings from before the choice.)
struct CurrentSettingsTests {
    @Test("After /settings ai, every copy of the app, and Settings, read the choice just written")
    func choiceReachesEveryCopy() throws {
        let folder = TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let variables = ["YADG_HOME": folder]
        let paths = AppPaths(environment: variables)
        try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
        let store = InMemoryMomentStore()
        let hosted = AISettings.resolve(environment: ["OPENAI_API_KEY": "sk-test"], config: [:])
        #expect(hosted.provider == .openai && hosted.requestsInFlight == 3)
        let app = App(
            shell: TestSupport.shell(store: store, mode: .conversation), store: store,
            style: TerminalStyle.detect(isTerminal: false, environment: [:]),
            clock: FixedClock(TestSupport.date("2026-11-19T15:04:00")), settings: hosted,
            configDirectory: paths.configDirectory, output: AppTests.CollectedOutput(),
            environment: AppEnvironment(paths: paths, variables: variables))
        let heldByTheConversation = app
        let server = LocalModelServer(
            kind: "ollama", baseURL: "http://127.0.0.1:11434", model: "llama3.2", name: "Ollama")
        try SettingsFile(path: paths.settings).write(.local(server))
        app.reloadAISettings()
        #expect(heldByTheConversation.settings.provider == .ollama)
        #expect(heldByTheConversation.settings.requestsInFlight == 1, "a model on this machine: one at a time")
        #expect(app.shell.facts.ai.provider == "ollama")
    }
}
