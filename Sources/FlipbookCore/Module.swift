// FlipbookCore: the value types every stage shares — geometry, colour, the timeline
// (TimelineFrame, DrawItem, ElementKind, GestureState), number formatting, InputError and the
// scene limits — and the two primitives everything else stands on: Directory (files through
// directory handles, never through a link) and Cancellation (stop between frames). No file
// formats. Geometry mirrors CoreGraphics names (CGPoint, CGRect, UIEdgeInsets) so an iOS
// developer can read layout code without a glossary. Points, origin top-left, y down.
