import Foundation
import Flipbook

/// `flipbook init`: starts visual checks in an app's repository — a starter scene, Git LFS for
/// the goldens' PNGs, and docs/ci.md's workflow for GitHub Actions or GitLab CI, pinned to the
/// commit this binary was built from. Nothing existing is overwritten (a file already there is
/// an error naming it, and then nothing is written); nothing is written through a link.
enum InitTemplates {
    /// docs/ci.md's workflows, as its code blocks show them (Tests/ci checks they are the same).
    static let placeholderCommit = "0123456789abcdef0123456789abcdef01234567"
    static let github = #"""
---
name: animations
"on":
  pull_request:
  push:
    branches: [main]

env:
  FLIPBOOK_GIT: https://example.com/your-org/flipbook.git
  FLIPBOOK_COMMIT: "0123456789abcdef0123456789abcdef01234567"

jobs:
  build:
    runs-on: ubuntu-24.04
    container: swift:6.1-bookworm
    steps:
      - name: Cached Flipbook
        id: cache
        uses: actions/cache@v5
        with:
          path: /opt/flipbook
          key: flipbook-${{ env.FLIPBOOK_COMMIT }}-bookworm
      - name: Build Flipbook
        if: steps.cache.outputs.cache-hit != 'true'
        run: |
          git init -q /tmp/flipbook
          cd /tmp/flipbook
          git fetch -q --depth 1 "$FLIPBOOK_GIT" "$FLIPBOOK_COMMIT"
          git checkout -q FETCH_HEAD
          cd -
          apt-get update -q
          apt-get install -y -q --no-install-recommends \
            $(/tmp/flipbook/scripts/setup.sh --print build)
          swift build -c release --package-path /tmp/flipbook --product flipbook
          mkdir -p /opt/flipbook
          cp /tmp/flipbook/.build/release/flipbook \
            /tmp/flipbook/scripts/setup.sh /opt/flipbook/
      - uses: actions/upload-artifact@v6
        with:
          name: flipbook
          path: /opt/flipbook

  check:
    needs: build
    runs-on: ubuntu-24.04
    container: swift:6.1-bookworm
    strategy:
      fail-fast: false
      matrix:
        shard: [1, 2, 3]
    steps:
      - name: Git LFS, for the goldens
        run: |
          apt-get update -q
          apt-get install -y -q --no-install-recommends git-lfs
      - uses: actions/checkout@v5
        with:
          lfs: true
      - uses: actions/download-artifact@v7
        with:
          name: flipbook
          path: /opt/flipbook
      - name: Flipbook's libraries and fonts
        run: |
          chmod +x /opt/flipbook/flipbook /opt/flipbook/setup.sh
          apt-get install -y -q --no-install-recommends \
            $(/opt/flipbook/setup.sh --print runtime)
      - name: Check the animations
        run: >-
          /opt/flipbook/flipbook check scenes/*.json --golden goldens
          --shard "${{ matrix.shard }}/3" -o "report-${{ matrix.shard }}"
      - uses: actions/upload-artifact@v6
        if: always()
        with:
          name: report-${{ matrix.shard }}
          path: report-${{ matrix.shard }}

  report:
    needs: [build, check]
    if: always()
    runs-on: ubuntu-24.04
    container: swift:6.1-bookworm
    steps:
      - uses: actions/download-artifact@v7
        with:
          name: flipbook
          path: /opt/flipbook
      - name: Flipbook's libraries
        run: |
          chmod +x /opt/flipbook/flipbook /opt/flipbook/setup.sh
          apt-get update -q
          apt-get install -y -q --no-install-recommends \
            $(/opt/flipbook/setup.sh --print runtime)
      - uses: actions/download-artifact@v7
        with:
          pattern: report-*
      - name: Merge the shards' reports
        run: >-
          /opt/flipbook/flipbook report merge
          report-1 report-2 report-3 -o report
      - uses: actions/upload-artifact@v6
        if: always()
        with:
          name: report
          path: report

"""#
    static let gitlab = #"""
---
variables:
  FLIPBOOK_GIT: https://example.com/your-org/flipbook.git
  FLIPBOOK_COMMIT: "0123456789abcdef0123456789abcdef01234567"

stages: [build, check, report]

build:
  stage: build
  image: swift:6.1-bookworm
  cache:
    key: flipbook-$FLIPBOOK_COMMIT-bookworm
    paths: [.flipbook/]
  script:
    - |
      if [ ! -x .flipbook/flipbook ]; then
        git init -q /tmp/fb
        git -C /tmp/fb fetch -q --depth 1 "$FLIPBOOK_GIT" "$FLIPBOOK_COMMIT"
        git -C /tmp/fb checkout -q FETCH_HEAD
        apt-get update -q
        apt-get install -y -q --no-install-recommends \
          $(/tmp/fb/scripts/setup.sh --print build)
        swift build -c release --package-path /tmp/fb --product flipbook
        mkdir -p .flipbook
        cp /tmp/fb/.build/release/flipbook /tmp/fb/scripts/setup.sh .flipbook/
      fi
  artifacts:
    paths: [.flipbook/]

.runtime:
  image: swift:6.1-bookworm
  before_script:
    - apt-get update -q
    - >-
      apt-get install -y -q --no-install-recommends
      $(.flipbook/setup.sh --print runtime)

check:
  extends: .runtime
  stage: check
  needs: [build]
  parallel: 3
  script:
    - >-
      .flipbook/flipbook check scenes/*.json --golden goldens
      --shard "$CI_NODE_INDEX/$CI_NODE_TOTAL" -o "report-$CI_NODE_INDEX"
  artifacts:
    when: always
    paths: [report-*/]
    reports:
      junit: report-*/junit.xml

report:
  extends: .runtime
  stage: report
  needs: [build, check]
  when: always
  script:
    - .flipbook/flipbook report merge report-1 report-2 report-3 -o report
  artifacts:
    when: always
    paths: [report/]

"""#
    /// docs/writing-a-scene.md's scene (Tests/ci checks it is the same), under scenes/cards.json.
    static let starterScene = #"""
{
  "canvas": {"width": 375, "height": 667, "scale": 2},
  "duration": 3,
  "collectionView": {
    "layout": {"type": "flow", "itemSize": {"width": 335, "height": 96},
               "minimumLineSpacing": 12, "sectionInset": {"top": 64, "left": 20, "bottom": 20, "right": 20}},
    "items": {"repeat": 12, "id": "card{i}", "title": "Card {i+1}", "subtitle": "Press, then scroll",
              "color": ["#E53935", "#1E88E5", "#43A047", "#FB8C00"]}
  },
  "script": [
    {"at": 0.3, "action": "animate", "duration": 0.25, "changes": [{"item": "card0", "scale": 0.94, "alpha": 0.8}]},
    {"at": 0.6, "action": "animate", "spring": {"dampingRatio": 0.6}, "duration": 0.5,
     "changes": [{"item": "card0", "scale": 1, "alpha": 1}]},
    {"at": 1.4, "action": "flick", "from": {"x": 187, "y": 520}, "velocity": {"x": 0, "y": -1800}}
  ]
}

"""#
    static let gitattributes = "goldens/**/*.png filter=lfs diff=lfs merge=lfs -text\n"
    /// The folders the workflows write reports to (`report`, `report-1`…), anchored at the
    /// repository's root: "report*/" ignored any folder starting with "report" at any depth
    /// (an app's Sources/reporting/).
    static let gitignore = "flipbook-report/\n/report/\n/report-*/\n"
}

extension CLI {
    static func initialize(_ args: [String], console: Console) throws -> Int32 {
        let o = try Commands.initialize.parse(args)
        if o.help { console.out(Commands.initialize.help); return ExitCode.success }
        guard o.positional.count <= 1 else { throw UsageError(message: "init takes at most one DIR", command: "init") }
        guard let ci = o.string("--ci") else { throw UsageError(message: "init needs --ci github or --ci gitlab", command: "init") }
        guard ci == "github" || ci == "gitlab" else {
            throw UsageError(message: "--ci expects github or gitlab, got '\(ci)'" + Spelling.suggestion(ci, among: ["github", "gitlab"], quote: "'"), command: "init")
        }
        let root = try Directory.open(o.positional.first ?? ".", create: true).0
        let pinned = buildCommit.range(of: "^[0-9a-f]{40}$", options: .regularExpression) != nil
        var workflow = ci == "github" ? InitTemplates.github : InitTemplates.gitlab
        if pinned { workflow = workflow.replacingOccurrences(of: InitTemplates.placeholderCommit, with: buildCommit) }
        let workflowPath = ci == "github" ? ".github/workflows/animations.yml" : ".gitlab-ci.yml"
        // Appended to when there, created when not; the others must be new.
        let files: [(path: String, text: String, append: Bool)] = [
            ("scenes/cards.json", InitTemplates.starterScene, false),
            (workflowPath, workflow, false),
            (".gitattributes", InitTemplates.gitattributes, true),
            (".gitignore", InitTemplates.gitignore, true),
        ]
        // Everything is checked before anything is written.
        var plans: [(dir: [String], name: String, text: String)] = []
        for f in files {
            var parts = f.path.split(separator: "/").map(String.init)
            let name = parts.removeLast()
            var dir = root
            var missing = false
            for p in parts where !missing {
                switch dir.kind(of: p) {
                case nil: missing = true
                case .directory?: dir = try dir.directory(p)
                default: throw FileError(dir.child(p), "is not a folder; init writes \(f.path)", refused: true)
                }
            }
            var text = f.text
            if !missing, let kind = dir.kind(of: name) {
                guard kind == .file else { throw FileError(dir.child(name), "is not a regular file; nothing was written", refused: true) }
                guard f.append else { throw FileError(dir.child(name), "exists already; nothing was written (init only adds files)", refused: true) }
                let old = String(decoding: try dir.read(name, maxBytes: 1 << 20), as: UTF8.self)
                let lines = Set(old.split(separator: "\n").map(String.init))
                let new = f.text.split(separator: "\n").map(String.init).filter { !lines.contains($0) }
                if new.isEmpty { continue }
                text = old + (old.isEmpty || old.hasSuffix("\n") ? "" : "\n") + new.joined(separator: "\n") + "\n"
            }
            plans.append((parts, name, text))
        }
        for plan in plans {
            var dir = root
            for p in plan.dir { dir = try dir.directory(p, create: true) }
            if dir.kind(of: plan.name) == nil { try dir.create(plan.name, Array(plan.text.utf8)) } else { try dir.replace(plan.name, Array(plan.text.utf8)) }
            console.out("wrote \(dir.child(plan.name))\n")
        }
        if !pinned {
            console.out("note: this flipbook was not built from a clean checkout (commit \(buildCommit)): set FLIPBOOK_COMMIT in \(workflowPath) to the commit you pin\n")
        }
        console.out("""
            next: flipbook check scenes/*.json --golden goldens --record, then commit scenes/, goldens/ (git lfs install first), \(workflowPath)

            """)
        return ExitCode.success
    }
}
