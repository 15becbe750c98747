"""The examples that the per-example checks (PNG round trip, video, animated SVG) run on.

`make test` (FLIPBOOK_TEST_TIER=test, what CI runs) uses COVERING: one example for every layout
type, every effect type and every kind of script action in examples/, the cheapest where several
would do, plus labels-and-shadows (text and shadow looks) — about half the frames of all 22.
`make test-all` (FLIPBOOK_TEST_TIER=all, the nightly job) uses every example.

Run as a script it is the check that COVERING still covers: a new example with a layout, an
effect or an action that no covering example has fails it, naming what to add.
Usage: examples.py   (run by `make test`; prints "N passed, M failed")"""
import glob, json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

COVERING = [
    "animation-gallery",   # absolute layout; animate, addAnimation: curves, springs, key frames
    "app-store-feed",      # compositional: orthogonal groupPagingCentered, visibleItemsTransform
    "drag-between-views",  # dragAndDrop between two views
    "expand-collapse",     # expandCollapse
    "jiggle-reorder",      # jiggleReorder, touches
    "labels-and-shadows",  # text wrapping and truncation, borders, shadows, masked corners
    "mail-swipe",          # list (plain), swipe actions
    "photos-pinch",        # pinchColumns, pinch
    "pull-for-more-vc",    # pullForMore in a view controller, chrome
    "settings-list",       # list (insetGrouped), accessories, performBatchUpdates
    "tag-reorder",         # tagReorder
    "wallet-move",         # wallet layout and effect: long press, drag, auto-scroll, drop
]


def tier():
    """The tier a check runs in: FLIPBOOK_TEST_TIER, which scripts/run-tests.py sets."""
    return os.environ.get("FLIPBOOK_TEST_TIER", "test")


def all_examples():
    return sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ROOT, "examples", "*.json")))


def examples(in_tier=None):
    """The example names (no folder, no .json) the per-example checks of `in_tier` (default:
    this process's tier) run on."""
    return all_examples() if (in_tier or tier()) == "all" else list(COVERING)


def kinds(path):
    """The layout types, effect types and script actions a scene file uses."""
    doc = json.load(open(path, encoding="utf-8"))
    found = set()
    views = [doc.get("collectionView", {})] + list(doc.get("views", []) or [])
    for v in views:
        layout = v.get("layout", {}) if isinstance(v, dict) else {}
        if isinstance(layout, dict) and "type" in layout:
            found.add("layout " + layout["type"])
    effect = doc.get("effect")
    if isinstance(effect, dict) and "type" in effect:
        found.add("effect " + effect["type"])
    for step in doc.get("script", []):
        if isinstance(step, dict) and "action" in step:
            found.add("action " + step["action"])
    return found


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from checks import Checks
    check = Checks("examples")
    names = all_examples()
    for name in COVERING:
        check(name in names, f"covering example {name} exists in examples/")
    covered = set().union(*(kinds(os.path.join(ROOT, "examples", n + ".json")) for n in COVERING if n in names))
    for name in names:
        missing = kinds(os.path.join(ROOT, "examples", name + ".json")) - covered
        check(not missing, f"{name} uses {', '.join(sorted(missing))}, which no covering example has: add it to COVERING in Tests/support/examples.py")
    print(f"covering: {len(COVERING)} of {len(names)} examples, {len(covered)} layouts, effects and actions")
    check.finish()
