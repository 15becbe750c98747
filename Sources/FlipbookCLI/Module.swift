// FlipbookCLI: the `flipbook` command — one declarative option table per command
// (Commands.swift: parsing, help and the README's usage lines), exit codes, progress and
// budgets. Lives in a library so tests can run it in-process and a package can run it with
// types of its own (FlipbookCommand.swift); Sources/flipbook/main.swift only calls
// `FlipbookCommand.main()`.
