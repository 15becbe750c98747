// The `flipbook` executable: everything lives in FlipbookCLI so tests can run it in-process,
// and a package with types of its own gets the same command (FlipbookCommand).
import FlipbookCLI

FlipbookCommand.main()
