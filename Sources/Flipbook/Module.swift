// Flipbook: the one module a client imports. It re-exports every stage, so
// `import Flipbook` gives the scene model, layouts, animation, the simulator, the effects,
// scene-file decoding, the renderers and the render comparison (docs/library.md shows them in use).
@_exported import FlipbookCore
@_exported import FlipbookJSON
@_exported import FlipbookLayout
@_exported import FlipbookAnimation
@_exported import FlipbookSimulation
@_exported import FlipbookEffects
@_exported import FlipbookGraphics
@_exported import FlipbookSceneFile
@_exported import FlipbookRender
@_exported import FlipbookDiff
