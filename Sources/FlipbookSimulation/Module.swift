// FlipbookSimulation: a Scene in, a Timeline out. The scene model (values with public
// initialisers and `validate()`, the one gate for scenes from files and from code), the
// UIKit-like runtime (CollectionView, ScrollView, gesture recognizers, display links) and the
// Simulator, which plays the script on the fixed step. Knows nothing of files:
// FlipbookSceneFile reads scenes, FlipbookRender draws timelines.
