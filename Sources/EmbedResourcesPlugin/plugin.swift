import Foundation
import PackagePlugin

/// Turns the package's top-level `Resources/` and `Prompts/` folders into generated Swift, so the
/// built `yadg` binary carries its praise pool, copy and prompts and works when copied alone.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["Resources", "Prompts"].map { root.appending(path: $0) }
        var inputs: [URL] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path())) ?? []
            inputs += names.sorted().filter { !$0.hasPrefix(".") }.map { folder.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding Resources/ and Prompts/",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
