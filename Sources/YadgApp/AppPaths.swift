import YadgStorage

/// Where yadg keeps things: XDG folders, or everything in `$YADG_HOME` when set.
public struct AppPaths: Sendable {
    public let dataDirectory: String
    public let stateDirectory: String
    public let configDirectory: String

    public var database: String { dataDirectory + "/moments.db" }
    public var history: String { stateDirectory + "/history" }
    /// The person's own settings, written by hand (never by yadg).
    public var config: String { configDirectory + "/config" }
    /// yadg's own settings (`/settings ai`, the first run's answer), written by yadg alone.
    public var settings: String { configDirectory + "/settings" }

    public init(environment: [String: String]) {
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

    /// Delete my data, for these folders.
    public var eraser: LocalDataEraser {
        LocalDataEraser(
            dataDirectory: dataDirectory, stateDirectory: stateDirectory, configDirectory: configDirectory,
            database: database, history: history, settingsFile: settings)
    }
}
