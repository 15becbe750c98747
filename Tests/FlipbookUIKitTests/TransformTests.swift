import XCTest
@testable import UIKit

/// CGAffineTransform and CATransform3D against numbers worked out by hand from the matrices
/// Apple documents (row vectors: x' = a·x + c·y + tx, y' = b·x + d·y + ty).
final class TransformTests: XCTestCase {
    func assertPoint(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-9, file: file, line: line)
    }

    func testAffineBasics() {
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertFalse(CGAffineTransform(translationX: 1, y: 0).isIdentity)
        // A quarter turn takes +x to +y: clockwise on a y-down screen.
        assertPoint(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), 0, 1)
        // concatenating applies self first: (1, 1) scaled to (2, 3), then moved to (12, 23).
        let t = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 10, y: 20))
        assertPoint(CGPoint(x: 1, y: 1).applying(t), 12, 23)
        // translatedBy puts the translation first: (0, 0) moves to (10, 0), then doubles to (20, 0).
        assertPoint(CGPoint.zero.applying(CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)), 20, 0)
        // rotated(by:) too: (1, 0) turns to (0, 1), then the existing translation moves it to (5, 1).
        assertPoint(CGPoint(x: 1, y: 0).applying(CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)), 5, 1)
        assertPoint(CGPoint(x: 1, y: 1).applying(CGAffineTransform.identity.scaledBy(x: 3, y: 4)), 3, 4)
        // A size ignores the translation.
        XCTAssertEqual(CGSize(width: 2, height: 1).applying(CGAffineTransform(a: 1, b: 0, c: 0, d: 2, tx: 100, ty: 100)), CGSize(width: 2, height: 2))
    }

    func testInverseAndRects() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 3, y: 4)
        let back = p.applying(t).applying(t.inverted())
        assertPoint(back, 3, 4)
        let i = t.concatenating(t.inverted())
        for (v, e) in [(i.a, 1.0), (i.b, 0), (i.c, 0), (i.d, 1), (i.tx, 0), (i.ty, 0)] { XCTAssertEqual(v, e, accuracy: 1e-12) }
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
        XCTAssertEqual(singular.inverted(), singular, "CGAffineTransformInvert returns a singular matrix unchanged")
        // A 2 × 2 square turned 45°: its corners reach ±√2 across and 2√2 down.
        let r = CGRect(x: 0, y: 0, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        XCTAssertEqual(r.minX, -2.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(r.maxX, 2.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(r.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(r.maxY, 2 * 2.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                       CGRect(x: 2, y: 1, width: 4, height: 6))
    }

    func testTransform3D() {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        // About z, the 3-D rotation is the affine one.
        let z = CATransform3DMakeRotation(0.7, 0, 0, 1)
        let affine = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.7))
        for (a, b) in zip(z.rows.joined(), affine.rows.joined()) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        XCTAssertTrue(CATransform3DIsAffine(affine))
        // A quarter turn about +y takes +x to −z (right-handed): row [1 0 0 1] × M = (m11, m12, m13).
        let y = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        XCTAssertEqual(y.m11, 0, accuracy: 1e-12)
        XCTAssertEqual(y.m13, -1, accuracy: 1e-12)
        // The axis is normalised; a zero axis gives the identity.
        XCTAssertEqual(CATransform3DMakeRotation(0.3, 0, 0, 5), CATransform3DMakeRotation(0.3, 0, 0, 1))
        XCTAssertEqual(CATransform3DMakeRotation(0.3, 0, 0, 0), CATransform3DIdentity)
        // Translate puts the translation first: (0,0,0) → (10,0,0) → doubled (20,0,0).
        let ts = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0)
        XCTAssertEqual(ts.m41, 20)
        // An inverse undoes a perspective matrix.
        var p = CATransform3DRotate(CATransform3DMakeTranslation(3, -4, 5), 0.4, 1, 1, 0)
        p.m34 = -1.0 / 500
        let product = CATransform3DConcat(p, CATransform3DInvert(p))
        for (a, b) in zip(product.rows.joined(), CATransform3DIdentity.rows.joined()) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        XCTAssertFalse(CATransform3DIsAffine(p))
        XCTAssertEqual(CGAffineTransform(CATransform3DMakeTranslation(7, 8, 9)), CGAffineTransform(translationX: 7, y: 8))
    }

    /// What Flipbook draws of an attribute transform: the exact rotation and uniform scale as
    /// such; anything else (a squash, a perspective) as the whole matrix, mapped.
    func testTransformsFlipbookDrawsAndRefuses() throws {
        guard case .success(let t) = UIKitLayout.transform(CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: -0.5).scaledBy(x: 2, y: 2))) else {
            return XCTFail("a rotation and a uniform scale are drawn")
        }
        XCTAssertEqual(t.rotation, -0.5, accuracy: 1e-12)
        XCTAssertEqual(t.scale, 2, accuracy: 1e-12)
        guard case .failure(let squash) = UIKitLayout.transform(CATransform3DMakeScale(1, 0.5, 1)) else { return XCTFail("a squash is refused") }
        XCTAssertTrue(squash.message.contains("non-uniform scale"), squash.message)
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 400
        // m34 alone moves no point of the plane z = 0: nothing to map.
        guard case .success(let flat) = UIKitLayout.transform(persp) else { return XCTFail("m34 alone is flat") }
        XCTAssertEqual(flat, .identity)
        // Turned about y first, x reaches z and the perspective divides by w = 1 − x·sin(30°)/400.
        let turned = CATransform3DRotate(persp, .pi / 6, 0, 1, 0)
        guard case .failure(let p) = UIKitLayout.transform(turned) else { return XCTFail("a perspective is mapped, not a similarity") }
        XCTAssertTrue(p.message.contains("perspective"), p.message)
        let m = try XCTUnwrap(UIKitLayout.general(turned)?.m)
        XCTAssertEqual(abs(m[3]), sin(Double.pi / 6) / 400, accuracy: 1e-12)
        XCTAssertEqual(m[0], cos(Double.pi / 6), accuracy: 1e-12)
        XCTAssertEqual(UIKitLayout.general(CATransform3DMakeScale(1, 0.5, 1))?.m[5], 0.5)
        var broken = CATransform3DIdentity
        broken.m14 = .nan
        XCTAssertNil(UIKitLayout.general(broken), "a term that is not finite is refused")
    }

    func testIndexPathAndInsets() {
        let ip = IndexPath(item: 4, section: 2)
        XCTAssertEqual(ip.item, 4)
        XCTAssertEqual(ip.row, 4)
        XCTAssertEqual(ip.section, 2)
        XCTAssertEqual(IndexPath(row: 4, section: 2), ip)
        XCTAssertEqual(UIEdgeInsets.zero, UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4).trailing, 4)
        XCTAssertEqual(UIScrollView.DecelerationRate.fast.rawValue, 0.99)
    }
}
