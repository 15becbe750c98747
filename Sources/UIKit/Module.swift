// UIKit: the FlipbookUIKit product, UIKit's collection-view API on Linux, so that an app's own
// UICollectionViewLayout subclasses, attributes and data sources compile unchanged (`import
// UIKit` and all) and are what Flipbook draws. It sits above the value core: its classes are
// adapted to Flipbook's layouts and scenes (UIKitLayout, Scene(name:canvas:fps:duration:collectionView:))
// and never reach the value types, the timeline or the renderer. Names, signatures and defaults
// are UIKit's, each cited to Apple's page; what is not here is a compile error, and what Flipbook
// cannot draw yet is a one-line error naming it (docs/uikit.md).
//
// Like UIKit, it re-exports Foundation (CGFloat, CGPoint, CGSize, CGRect, IndexPath, NSObject).
@_exported import Foundation
