// FlipbookDiff: two renders in, a verdict and a report out. It reads what a render wrote
// (timeline.json or keyframes.json, and frame PNGs), compares the timelines item by item
// (semantic diff, in scroll views' content coordinates, with the looks) and the frames pixel
// by pixel, keeps goldens (GoldenStore), and writes report.json, report.html and junit.xml.
// Nothing here renders: `flipbook check` renders with FlipbookRender, then compares here.
