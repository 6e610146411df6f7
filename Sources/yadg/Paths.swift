/// Where yadg keeps things: XDG folders, or everything in `$YADG_HOME` when set.
struct Paths {
    let dataDirectory: String
    let stateDirectory: String
    let configDirectory: String

    var database: String { dataDirectory + "/moments.db" }
    var history: String { stateDirectory + "/history" }

    init(environment: [String: String]) {
        if let home = environment["YADG_HOME"], !home.isEmpty {
            dataDirectory = home
            stateDirectory = home
            configDirectory = home
            return
        }
        let userHome = environment["HOME"] ?? "."
        func xdg(_ variable: String, _ fallback: String) -> String {
            let base = environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? userHome + "/" + fallback
            return base + "/yadg"
        }
        dataDirectory = xdg("XDG_DATA_HOME", ".local/share")
        stateDirectory = xdg("XDG_STATE_HOME", ".local/state")
        configDirectory = xdg("XDG_CONFIG_HOME", ".config")
    }
}
