#!/usr/bin/env python3
"""`flipbook schema` against a real validator (Debian's python3-jsonschema, draft 2020-12).

The schema is made from the field tables the decoder reads (SceneSchema), so its keys cannot
drift from the decoder's; what this checks is the rest: that it is a valid draft 2020-12
schema, that every scene the decoder accepts (every example, the scene `flipbook init` writes,
the scenes docs/scene-format.md shows) validates against it, and that bad input the decoder
refuses is refused by the schema too — an unknown field, a wrong type, a value outside its set
or range, a missing required field — at every level (top, canvas, view, layout, item, style,
script step, touch, effect).

  check_schema.py FLIPBOOK
"""
import copy, json, os, re, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import Checks
import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    flipbook = os.path.abspath(sys.argv[1])
    check = Checks("schema")
    out = subprocess.run([flipbook, "schema"], capture_output=True, text=True)
    check(out.returncode == 0 and out.stderr == "", f"flipbook schema exits 0 quietly (got {out.returncode}: {out.stderr.strip()})")
    again = subprocess.run([flipbook, "schema"], capture_output=True, text=True).stdout
    check(again == out.stdout, "flipbook schema prints the same bytes twice")
    schema = json.loads(out.stdout)
    check(schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema", "the schema names draft 2020-12")
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
        check(True, "")
    except jsonschema.SchemaError as e:
        check(False, f"the schema is not a valid draft 2020-12 schema: {e.message}")
    validator = jsonschema.Draft202012Validator(schema)

    def schema_errors(doc):
        return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:160]}" for e in validator.iter_errors(doc)]

    # Every scene the decoder accepts validates.
    good = {}
    for name in sorted(os.listdir(os.path.join(ROOT, "examples"))):
        if name.endswith(".json"):
            good["examples/" + name] = os.path.join(ROOT, "examples", name)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([flipbook, "init", "--ci", "github", os.path.join(tmp, "app")], capture_output=True, check=True)
        good["flipbook init's scenes/cards.json"] = os.path.join(tmp, "app", "scenes", "cards.json")
        doc = open(os.path.join(ROOT, "docs", "scene-format.md"), encoding="utf-8").read()
        for i, block in enumerate(re.findall(r"```json\n(.*?)```", doc, re.S)):
            try:
                scene = json.loads(block)
            except ValueError:
                continue  # a fragment, not a whole scene
            if isinstance(scene, dict) and "canvas" in scene:
                path = os.path.join(tmp, f"doc-{i}.json")
                with open(path, "w") as f:
                    f.write(block)
                good[f"docs/scene-format.md block {i}"] = path
        with_schema = json.load(open(good["examples/wallet-scroll.json"], encoding="utf-8"))
        with_schema = {"$schema": "./scene.schema.json", **with_schema}
        good["wallet-scroll with \"$schema\""] = os.path.join(tmp, "with-schema.json")
        with open(good["wallet-scroll with \"$schema\""], "w") as f:
            json.dump(with_schema, f)
        for label, path in good.items():
            decoded = subprocess.run([flipbook, "validate", path], capture_output=True, text=True)
            check(decoded.returncode == 0, f"{label}: flipbook validate accepts it ({decoded.stderr.strip()})")
            errors = schema_errors(json.load(open(path, encoding="utf-8")))
            check(not errors, f"{label} validates against the schema: {errors[:3]}")
        check(len(good) >= 23, f"at least the 22 examples and the starter scene were checked, got {len(good)}")

        # Bad input: each change to a valid scene is refused by the decoder and by the schema.
        def base(name):
            return json.load(open(os.path.join(ROOT, "examples", name + ".json"), encoding="utf-8"))

        def first_step(scene, action):
            return next(s for s in scene["script"] if s["action"] == action)

        cases = [
            ("an unknown top-level field", "wallet-scroll", lambda s: s.update(durration=3)),
            ("a missing duration", "wallet-scroll", lambda s: s.pop("duration")),
            ("fps as a string", "wallet-scroll", lambda s: s.update(fps="60")),
            ("fps out of range", "wallet-scroll", lambda s: s.update(fps=500)),
            ("a canvas scale of 4", "wallet-scroll", lambda s: s["canvas"].update(scale=4)),
            ("a colour name for the background", "wallet-scroll", lambda s: s["canvas"].update(background="white")),
            ("an unknown collection-view field", "wallet-scroll", lambda s: s["collectionView"].update(contentInsets={"top": 1})),
            ("an unknown layout type", "wallet-scroll", lambda s: s["collectionView"]["layout"].update(type="grid")),
            ("a flow field on a wallet layout", "wallet-scroll", lambda s: s["collectionView"]["layout"].update(itemSize={"width": 1, "height": 1})),
            ("an item without an id", "photos-grid", lambda s: first_item(s).pop("id")),
            ("an unknown item field", "photos-grid", lambda s: first_item(s).update(colour="#FF0000")),
            ("a style's unknown weight", "labels-and-shadows", lambda s: s["collectionView"].setdefault("cell", {}).update(titleWeight="heavy")),
            ("a shadow's unknown field", "labels-and-shadows", lambda s: s["collectionView"].setdefault("cell", {}).update(shadow={"blur": 3})),
            ("an unknown action", "wallet-scroll", lambda s: s["script"].append({"at": 1, "action": "scrollToItem"})),
            ("a step without \"at\"", "wallet-scroll", lambda s: s["script"].append({"action": "setContentOffset", "contentOffset": {"y": 0}})),
            ("SwiftUI's curve name", "scroll-physics", lambda s: s["script"].append({"at": 1, "action": "scrollTo", "contentOffset": {"y": 0}, "curve": "easeInOut"})),
            ("a field of another action", "scroll-physics", lambda s: s["script"].append({"at": 1, "action": "scrollTo", "contentOffset": {"y": 0}, "changes": []})),
            ("a tap without a point", "jiggle-reorder", lambda s: s["script"].append({"at": 1, "action": "tap"})),
            ("a drag's unknown field", "jiggle-reorder", lambda s: s["script"].append({"at": 1, "action": "drag", "from": {"x": 1, "y": 1}, "to": {"x": 2, "y": 2}, "speed": 3})),
            ("a finger out of range", "jiggle-reorder", lambda s: s["script"].append({"at": 1, "action": "tap", "point": {"x": 1, "y": 1}, "finger": 11})),
            ("a spring's unknown field", "animation-gallery", lambda s: s["script"].append({"at": 1, "action": "scrollTo", "contentOffset": {"y": 0}, "spring": {"bounce": 0.3}})),
            ("a batch update of an unknown kind", "animation-gallery", lambda s: s["script"].append({"at": 1, "action": "performBatchUpdates", "updates": [{"remove": "x"}]})),
            ("an unknown effect type", "wallet-move", lambda s: s.update(effect={"type": "walletSwap"})),
            ("an effect option of another effect", "wallet-move", lambda s: s["effect"].update(columns=3)),
            ("a compositional group without a direction", "app-store-feed", lambda s: compositional_group(s).pop("direction")),
            ("a content element's misspelt field", "labels-and-shadows", lambda s: first_item(s).setdefault("content", []).append({"text": "a", "height": 20, "fontsize": 12})),
            # Ranges the schema reads from the same declarations as the decoder (issue 59).
            ("a wallet cellSpace of 0", "wallet-scroll", lambda s: s["collectionView"]["layout"].update(cellSpace=0)),
            ("a flow line spacing past 10000", "jiggle-reorder", lambda s: s["collectionView"]["layout"].update(minimumLineSpacing=10001)),
            ("a flow header height below 0", "jiggle-reorder", lambda s: s["collectionView"]["layout"].update(headerHeight=-1)),
            ("a compositional group count of 0", "app-store-feed", lambda s: compositional_group(s).update(count=0)),
            ("a fractional width of 0", "app-store-feed", lambda s: compositional_group(s)["size"]["width"].update(fractionalWidth=0)),
            ("an inter-group spacing below 0", "app-store-feed", lambda s: s["collectionView"]["layout"]["sections"][0].update(interGroupSpacing=-1)),
            ("a pinch's completing scale of 1", "photos-pinch", lambda s: s["effect"].update(completingScale=1)),
            ("a tap held 11 s", "jiggle-reorder", lambda s: s["script"].append({"at": 1, "action": "tap", "point": {"x": 1, "y": 1}, "duration": 11})),
            ("a flick of 0 s", "jiggle-reorder", lambda s: s["script"].append({"at": 1, "action": "flick", "from": {"x": 1, "y": 1}, "velocity": {"y": 10}, "duration": 0})),
            ("a curve's y control point of 11", "scroll-physics", lambda s: s["script"].append({"at": 1, "action": "scrollTo", "contentOffset": {"y": 0}, "curve": [0.2, 11, 0.8, 1]})),
        ]
        for what, example, change in cases:
            scene = base(example)
            change(scene)
            path = os.path.join(tmp, "bad.json")
            with open(path, "w") as f:
                json.dump(scene, f)
            decoded = subprocess.run([flipbook, "validate", path], capture_output=True, text=True)
            check(decoded.returncode == 2, f"{what} ({example}): flipbook validate refuses it with exit 2, got {decoded.returncode}")
            check(bool(schema_errors(scene)), f"{what} ({example}): the schema refuses it")
    check.finish()


def first_item(scene):
    view = scene["collectionView"]
    items = view["items"] if "items" in view else view["sections"][0]["items"]
    return items[0] if isinstance(items, list) else items


def compositional_group(scene):
    layout = scene["collectionView"]["layout"]
    assert layout["type"] == "compositional", layout["type"]
    return layout["sections"][0]["group"]


if __name__ == "__main__":
    main()
