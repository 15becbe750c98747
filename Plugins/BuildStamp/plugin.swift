// Stamps the `flipbook` command with the commit it is built from, for `flipbook --version`: a
// build command (SwiftPM's own plugin API; nothing fetched) runs /bin/sh, which asks git for
// the checkout's commit and writes BuildStamp.swift. It runs again when .git/HEAD or
// .git/index change (a commit, a checkout, staging), so an incremental build names the commit
// too. Without git or a .git folder (a source archive, the Dockerfile's copy) the commit is
// "unknown".
import Foundation
import PackagePlugin

@main
struct BuildStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildStamp.swift")
        let package = context.package.directoryURL
        let inputs = ["HEAD", "index"].map { package.appending(path: ".git/\($0)") }
            .filter { FileManager.default.fileExists(atPath: $0.path(percentEncoded: false)) }
        let script = """
            commit=$(git -C "$1" rev-parse HEAD 2>/dev/null || echo unknown)
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
              commit="$commit+changes"
            fi
            text="// Written by the BuildStamp plugin at build time.
            package let buildCommit = \\"$commit\\""
            if [ "$(cat "$2" 2>/dev/null)" != "$text" ]; then printf '%s\\n' "$text" > "$2"; else touch "$2"; fi
            """
        return [.buildCommand(displayName: "Stamping the build with its commit", executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "stamp", package.path(percentEncoded: false), output.path(percentEncoded: false)],
                              inputFiles: inputs, outputFiles: [output])]
    }
}
