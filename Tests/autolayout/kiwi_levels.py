#!/usr/bin/env python3
"""Solves the Auto Layout systems KiwiComparisonTests writes with kiwisolver (nucleic's
Cassowary) and compares, level by level, the error each solution leaves: at each UIKit priority
(750, 500, 250) the sum of its constraints' violations, then the views' stays (how far they
moved from where they were, Flipbook's weakest wish). Frames are not compared: two layouts with
the same errors are a tie. kiwi's strengths are weighted tiers (strong 1e6 x medium, ...), so
each priority gets a tier 1000x the next: 750 -> 1e9, 500 -> 1e6, 250 -> 1e3, stays 1.

Prints "N systems: M disagreements beyond ties" first, then one line per disagreement."""
import json
import sys

import kiwisolver as kiwi

STRENGTH = {750.0: kiwi.strength.create(1000, 0, 0), 500.0: kiwi.strength.create(0, 1000, 0),
            250.0: kiwi.strength.create(0, 0, 1000)}
LEVELS = [750.0, 500.0, 250.0]


def attribute(box, name):
    x, y, w, h = box
    return {"leading": x, "trailing": x + w, "top": y, "bottom": y + h, "width": w, "height": h,
            "centerX": x + 0.5 * w, "centerY": y + 0.5 * h}[name]


def content(system):
    return (0, 0, system["width"], system["height"])


def sides(c, boxes, system):
    """The constraint's two sides over `boxes`: numbers, or kiwi expressions of its variables."""
    lhs = attribute(boxes[c["first"]], c["firstAttribute"])
    if c.get("second") is None:
        return lhs, c["constant"]
    other = content(system) if c["second"] < 0 else boxes[c["second"]]
    return lhs, c["multiplier"] * attribute(other, c["secondAttribute"]) + c["constant"]


def violation(c, boxes, system):
    lhs, rhs = sides(c, boxes, system)
    d = lhs - rhs
    return {"==": abs(d), ">=": max(0.0, -d), "<=": max(0.0, d)}[c["relation"]]


def errors(system, boxes):
    """The errors per level: the three priorities, then the stays."""
    out = [0.0] * (len(LEVELS) + 1)
    for c in system["constraints"]:
        if c["priority"] < 1000:
            out[LEVELS.index(c["priority"])] += violation(c, boxes, system)
    out[-1] = sum(abs(v) for box in boxes for v in box)
    return out


def kiwi_solve(system):
    s = kiwi.Solver()
    boxes = [tuple(kiwi.Variable(f"v{i}.{k}") for k in "xywh") for i in range(system["views"])]
    for x, y, w, h in boxes:
        s.addConstraint(w >= 0)
        s.addConstraint(h >= 0)
        for v in (x, y, w, h):
            s.addConstraint((v == 0) | kiwi.strength.create(0, 0, 1))
    for c in system["constraints"]:
        lhs, rhs = sides(c, boxes, system)
        k = {"==": lhs == rhs, ">=": lhs >= rhs, "<=": lhs <= rhs}[c["relation"]]
        s.addConstraint(k if c["priority"] >= 1000 else k | STRENGTH[c["priority"]])
    s.updateVariables()
    return [tuple(v.value() for v in box) for box in boxes]


def main():
    systems = json.load(open(sys.argv[1]))
    lines = []
    for n, system in enumerate(systems):
        ours = errors(system, [tuple(f) for f in system["frames"]])
        theirs = errors(system, kiwi_solve(system))
        tolerance = [1e-6 * max(1.0, a, b) for a, b in zip(ours, theirs)]
        if any(abs(a - b) > t for a, b, t in zip(ours, theirs, tolerance)):
            lines.append(f"system {n}: errors per level (750, 500, 250, stays) Flipbook {ours}, kiwi {theirs}")
    print(f"{len(systems)} systems: {len(lines)} disagreements beyond ties")
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
