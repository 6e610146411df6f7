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
        // The commit `yadg --version` names: the tool reads it from .git's files (no git needed),
        // and the build runs again when HEAD or a branch moves.
        let git = root.appending(path: ".git")
        // Files only (a branch named a/b is a folder a with a file b); in a worktree `.git` is a
        // file naming the real folder, and the commit is still read, if not watched.
        func isFile(_ url: URL) -> Bool {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path(), isDirectory: &folder) && !folder.boolValue
        }
        let gitInputs = ["HEAD", "packed-refs"].map { git.appending(path: $0) }.filter(isFile)
        let branches =
            ((try? FileManager.default.subpathsOfDirectory(atPath: git.appending(path: "refs/heads").path())) ?? [])
            .filter { isFile(git.appending(path: "refs/heads/" + $0)) }
        return [
            .buildCommand(
                displayName: "Embedding Resources/ and Prompts/",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: [output.path(), "--git", git.path()] + inputs.map { $0.path() },
                inputFiles: inputs + gitInputs + branches.map { git.appending(path: "refs/heads/" + $0) },
                outputFiles: [output]
            )
        ]
    }
}
