// CoreGraphics: `import CoreGraphics`, as iOS code writes it, resolves here. On Linux the CG
// geometry types are Foundation's and CGAffineTransform, CGPath and CGColor are the UIKit
// module's (Sources/UIKit), so this module only re-exports the UIKit module, which re-exports
// Foundation; the CG names Linux's Foundation lacks (CGSize.equalTo and the like) are in
// Sources/UIKit/Geometry.swift.
@_exported import UIKit
