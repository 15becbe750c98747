// The `uikit-examples` command: Flipbook's CLI with scenes made from the UIKit example code in
// examples/uikit, registered by name as a team registers its own (docs/uikit.md):
//   swift run -c release uikit-examples render mail-inbox --format gif
import FlipbookCLI
import UIKitExampleScenes

FlipbookCommand.main(scenes: UIKitExampleScenes.all)
