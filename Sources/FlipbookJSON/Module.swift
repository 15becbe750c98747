// FlipbookJSON: JSON with positions. The parser keeps each value's line and column (and can
// keep long arrays of flat objects compact); JSONField and JSONObject read a parsed document
// while tracking the JSON path, so every check can fail with one line naming the file, the
// path, the position and what was expected ("did you mean" included); JSONWriter writes the
// one number format every output uses. Knows JSON, not scenes.
