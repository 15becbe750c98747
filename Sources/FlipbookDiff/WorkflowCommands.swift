import Foundation

/// GitHub Actions workflow commands, written so that nothing from a scene, a golden or a report
/// can become one. The runner (github.com/actions/runner, src/Runner.Common/ActionCommand.cs)
/// reads a line as a command when, after leading spaces, it starts with "::" (the v2 form,
/// `::name key=value,key=value::data`, the properties ending at the next "::") or when it
/// contains "##[" anywhere (the v1 form, `##[name key=value;…]data`). It unescapes %0D, %0A
/// and %25 in data, and also %3A and %2C in property values; docs.github.com, "Workflow
/// commands for GitHub Actions", asks for the same escapes.
package enum WorkflowCommands {
    /// `::error file=…,line=…,title=…::message`, each part escaped.
    public static func error(title: String, message: String, file: String? = nil, line: Int? = nil) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapeProperty(file)) }
        if let line { properties.append("line=\(line)") }
        properties.append("title=" + escapeProperty(title))
        return "::error " + properties.joined(separator: ",") + "::" + escapeData(message)
    }

    /// Data after the command's "::": %, CR and LF escaped (the runner turns them back).
    public static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also ":" and "," (which would end the value or the properties).
    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Text printed while a CI system reads the log, made inert for every one Flipbook detects
    /// (CIEnvironment.isCI): no line can start a GitHub v2 command ("::" becomes ":%3A") or hold
    /// a "##…[" one anywhere — GitHub's v1 `##[name]`, Azure Pipelines' `##vso[` (read anywhere
    /// in a line: microsoft/azure-pipelines-agent, Command.cs, TryParse) and TeamCity's
    /// `##teamcity[` service messages — whose "##" becomes "#%23", in any letter case; a
    /// carriage return is written "%0D", so no text can rewrite the line it is on.
    public static func neutralize(_ text: String) -> String {
        guard text.contains("::") || text.contains("##") || text.contains("\r") else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            breakCommandPrefixes(String(line).replacingOccurrences(of: "\r", with: "%0D")).replacingOccurrences(of: "::", with: ":%3A")
        }
        // A trailing newline stays a newline.
        let last = lines.removeLast()
        return lines.map { $0 + "\n" }.joined() + last
    }

    /// `line` with every "##" that letters and "[" follow (`##[`, `##vso[`, `##TeamCity[`)
    /// written "#%23".
    static func breakCommandPrefixes(_ line: String) -> String {
        let u = Array(line.utf8)
        var out: [UInt8] = [], k = 0
        out.reserveCapacity(u.count)
        while k < u.count {
            if u[k] == UInt8(ascii: "#"), k + 1 < u.count, u[k + 1] == UInt8(ascii: "#") {
                var j = k + 2
                while j < u.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(u[j] | 0x20) { j += 1 }
                if j < u.count, u[j] == UInt8(ascii: "[") {
                    out += Array("#%23".utf8)
                    k += 2
                    continue
                }
            }
            out.append(u[k])
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Where Flipbook runs.
package enum CIEnvironment {
    /// Whether `environment` is a CI job's: `CI` set (GitHub Actions, GitLab, CircleCI, Travis,
    /// Buildkite and others set it), or a variable one runner sets whatever `CI` says — a job
    /// can unset `CI`, and Azure Pipelines does not set it: GITHUB_ACTIONS, TF_BUILD (Azure
    /// Pipelines), GITLAB_CI, CIRCLECI, TRAVIS, BITBUCKET_BUILD_NUMBER, JENKINS_URL, BUILDKITE,
    /// TEAMCITY_VERSION. Goldens are never recorded there.
    public static func isCI(_ environment: [String: String]) -> Bool {
        let v = environment["CI"] ?? ""
        if !v.isEmpty && v != "false" && v != "0" { return true }
        return runnerVariables.contains { !(environment[$0] ?? "").isEmpty }
    }

    /// The variables that mark a CI job however `CI` is set.
    package static let runnerVariables = ["GITHUB_ACTIONS", "TF_BUILD", "GITLAB_CI", "CIRCLECI", "TRAVIS", "BITBUCKET_BUILD_NUMBER",
                                         "JENKINS_URL", "BUILDKITE", "TEAMCITY_VERSION"]
}
