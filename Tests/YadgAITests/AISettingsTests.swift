import Testing
import YadgAI

struct AISettingsTests {
    @Test func nothingConfiguredMeansNoProvider() {
        #expect(AISettings.resolve(environment: [:], config: [:]).provider == .none)
        #expect(
            AISettings.resolve(environment: ["YADG_AI": "off", "OPENAI_API_KEY": "k"], config: [:]).provider == .none)
    }

    @Test("The environment wins over the config file")
    func environmentOverConfig() {
        let config = AISettings.parseConfig(
            """
            # my settings
            provider = ollama
            model = "qwen2.5"
            base_url = http://127.0.0.1:11434/v1
            timeout = 20
            """)
        #expect(
            config == [
                "provider": "ollama", "model": "qwen2.5", "base_url": "http://127.0.0.1:11434/v1", "timeout": "20",
            ])
        let fromFile = AISettings.resolve(environment: [:], config: config)
        #expect(
            fromFile.provider == .ollama && fromFile.model == "qwen2.5" && fromFile.timeout == 20 && fromFile.explicit)
        let overridden = AISettings.resolve(
            environment: [
                "YADG_AI_PROVIDER": "openai", "YADG_AI_MODEL": "gpt-4o-mini", "YADG_AI_API_KEY": "sk-1",
                "YADG_AI_BASE_URL": "http://127.0.0.1:1234/v1",
            ], config: config)
        var expected = AISettings(
            provider: .openai, baseURL: "http://127.0.0.1:1234/v1", model: "gpt-4o-mini", apiKey: "sk-1", timeout: 20,
            explicit: true)
        expected.timeoutIsSet = true  // `timeout = 20` in the config file
        #expect(overridden == expected)
    }

    @Test("A key in the environment alone is detected, not chosen: it needs consent")
    func detectedProvider() {
        let settings = AISettings.resolve(environment: ["OPENAI_API_KEY": "sk-x"], config: [:])
        #expect(settings.provider == .openai && !settings.explicit && settings.apiKey == "sk-x")
        #expect(settings.baseURL == "https://api.openai.com/v1")
        let backend = AISettings.resolve(environment: ["YADG_API_URL": "http://127.0.0.1:3000/api/v1"], config: [:])
        #expect(backend.provider == .yadg && backend.explicit)
    }

    @Test(arguments: [
        (nil as String?, "http://127.0.0.1:11434"), ("127.0.0.1", "http://127.0.0.1:11434"),
        ("0.0.0.0:9999", "http://127.0.0.1:9999"), ("https://ollama.local:443/", "https://ollama.local:443"),
        ("\"localhost:11434\"", "http://localhost:11434"),
    ])
    func ollamaHost(raw: String?, url: String) {
        #expect(AISettings.ollamaHost(raw) == url)
    }
}

struct ModelPaceTests {
    @Test("A model on this machine gets one request at a time, a hosted one three, unless set")
    func requestsInFlight() {
        let local = AISettings.resolve(
            environment: ["YADG_AI_PROVIDER": "openai", "YADG_AI_BASE_URL": "http://127.0.0.1:8080/v1"], config: [:])
        #expect(local.isOnThisMachine && local.requestsInFlight == 1)
        let ollama = AISettings.resolve(environment: ["YADG_AI_PROVIDER": "ollama"], config: [:])
        #expect(ollama.isOnThisMachine && ollama.requestsInFlight == 1)
        let hosted = AISettings.resolve(environment: ["OPENAI_API_KEY": "sk-x"], config: [:])
        #expect(!hosted.isOnThisMachine && hosted.requestsInFlight == 3)
        let set = AISettings.resolve(
            environment: ["YADG_AI_PROVIDER": "ollama", "YADG_AI_CONCURRENCY": "2"], config: ["concurrency": "5"])
        #expect(set.requestsInFlight == 2)
        #expect(
            AISettings.resolve(environment: ["YADG_AI_PROVIDER": "ollama"], config: ["concurrency": "99"])
                .requestsInFlight == 16)
        let options = AISettings.resolve(
            environment: [:],
            config: ["provider": "ollama", "temperature": "0.4", "summary_max_tokens": "60", "model": "x"])
        #expect(options.modelOptions == ["temperature": "0.4", "summary_max_tokens": "60"])
    }
}
