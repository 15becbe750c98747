// FlipbookRender: timelines in, files out. Each item's looks are lowered once to draw
// primitives (DrawList); every backend — a FrameFormat, TimelineFormat or AnimationFormat —
// consumes primitives only. The pipeline (RenderPipeline) runs per-frame formats in parallel
// and writes all files into a staging directory that replaces the output only when everything
// succeeded. With FlipbookGraphics, the only module that imports Cairo.
