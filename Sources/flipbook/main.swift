// The `flipbook` executable: everything lives in FlipbookCLI so tests can run it in-process.
import Foundation
import FlipbookCLI

exit(CLI.main(CommandLine.arguments))
