// QuartzCore: `import QuartzCore`, as iOS code writes it for CALayer and CATransform3D,
// resolves here: both are the UIKit module's (Sources/UIKit), which this module re-exports.
@_exported import UIKit
