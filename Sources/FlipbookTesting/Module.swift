// FlipbookTesting: `flipbook check` from a Swift test. The same goldens (GoldenStore, with
// golden.json), the same comparison and the same report as the command line; recording modes
// after swift-snapshot-testing's (github.com/pointfreeco/swift-snapshot-testing, `record`:
// missing, all, never), never recording under CI.
