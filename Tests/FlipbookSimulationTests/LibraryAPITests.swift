import Foundation
import XCTest
import Flipbook

/// The library half: scenes built in code go through the same checks as files, effects
/// installed by hand live as long as their simulator, and the layouts and scroll-view options
/// that no example uses behave as UIKit's do.
final class LibraryAPITests: XCTestCase {
    func cards(_ n: Int) -> [ItemSpec] { (0..<n).map { ItemSpec(id: "c\($0)", color: .white) } }

    func scene(layout: any CollectionViewLayout = WalletLayout(), items: [ItemSpec]? = nil) -> Scene {
        let cv = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667), layout: layout,
                                    sections: [SectionSpec(id: "s", items: items ?? cards(5))])
        return Scene(name: "t", canvas: Canvas(width: 375, height: 667, scale: 1), fps: 30, duration: 1, collectionView: cv)
    }

    func validationError(_ s: Scene) -> String? {
        do { try s.validate(); return nil } catch { return "\(error)" }
    }

    func testImportingFlipbookKeepsTheStandardLibrarysMeanings() {
        // Strideable's signed difference, not a distance that Flipbook's paced key frames use.
        XCTAssertEqual((3.0).distance(to: 1.0), -2.0)
        XCTAssertEqual((3.0).euclideanDistance(to: 1.0), 2.0)
        XCTAssertEqual(Point(x: 0, y: 0).euclideanDistance(to: Point(x: 3, y: 4)), 5.0)
    }

    func testSceneBuiltInCodeGetsTheDecodersChecks() {
        // The crash from the review: a pull-for-more effect without its "more" view.
        var s = scene()
        s.effect = PullForMoreEffect.Options()
        XCTAssertThrowsError(try Simulator(scene: s)) { e in
            XCTAssertEqual("\(e)", #"scene "t": $.effect.more: missing required field (the id of the view shown after the swap)"#)
        }
        s.effect = WalletEffect.Options()
        XCTAssertNil(validationError(s))
        s.collectionView.layout = FlowLayout()
        XCTAssertEqual(validationError(s), #"scene "t": $.effect.type: the "wallet" effect needs collectionView.layout.type "wallet""#)

        var w = WalletLayout()
        w.cellSpace = 1e-17  // the SIGILL of the reliability probe
        XCTAssertEqual(validationError(scene(layout: w)), #"scene "t": $.collectionView.layout.cellSpace: expected a number from 0.01 to 10000"#)
        w = WalletLayout()
        w.cellHeight = 1e308  // found by flipbook-fuzz's code-built scenes: a shadow mask of 1e308 px trapped
        XCTAssertEqual(validationError(scene(layout: w)), #"scene "t": $.collectionView.layout.cellHeight: expected a number > 0 and ≤ 10000"#)
        var nan = scene()
        nan.collectionView.frame.size.width = .nan
        XCTAssertEqual(validationError(nan), #"scene "t": $.collectionView.frame.width: expected a number from 0 to 65536"#)
        nan.collectionView.frame.size.width = 1e308
        XCTAssertEqual(validationError(nan), #"scene "t": $.collectionView.frame.width: expected a number from 0 to 65536"#, "the decoder's range")
        nan.collectionView.frame.size.width = 100
        nan.collectionView.decelerationRate = -1e308
        XCTAssertEqual(validationError(nan), #"scene "t": $.collectionView.decelerationRate: expected "normal", "fast" or a rate per millisecond from 0.5 to 0.9999"#)
        var badStep = scene()
        badStep.script = [ScriptStep(time: 0.5, action: .set([PropertyChange(item: "nope", values: [(.alpha, .number(0))])]))]
        XCTAssertEqual(validationError(badStep), #"scene "t": $.script[0].changes[0].item: unknown item id "nope""#)
        var twoFingers = scene()
        let p = Point(x: 10, y: 10)
        twoFingers.touches = [TouchTrack(downTime: 0, downPoint: p, segments: [.init(to: p, duration: 1)], path: "$.script[0]"),
                              TouchTrack(downTime: 0.5, downPoint: p, segments: [.init(to: p, duration: 1)], path: "$.script[1]")]
        XCTAssertEqual(validationError(twoFingers)?.hasPrefix(#"scene "t": $.script[1]: finger 1 goes down at 0.5 s while it is still down from $.script[0]"#), true)
    }

    func testGeneratedIDsCannotCollideWithUserIDs() {
        // Section "s" with a header draws "s.header"; an item of that id would be a second
        // draw item with the same id on one frame.
        var s = scene(layout: FlowLayout(headerReferenceSize: Size(width: 0, height: 30)),
                      items: [ItemSpec(id: "s.header", color: .white)])
        XCTAssertEqual(validationError(s), #"scene "t": $.collectionView.sections[0].items[0].id: ids ending in ".header" are Flipbook's own (headers, footers, snapshots), got "s.header""#)
        s.collectionView.sections[0].items = [ItemSpec(id: "a", color: .white), ItemSpec(id: "a", color: .white)]
        XCTAssertEqual(validationError(s), #"scene "t": $.collectionView.sections[0].items[1].id: duplicate id "a" (first used at $.collectionView.sections[0].items[0].id)"#)
    }

    /// A long section's ids and fields are checked on two threads; the problem reported is
    /// still the first in item order, and an item's id before its own fields.
    func testLongSectionsReportTheFirstProblem() {
        let n = 2 * Parallel.minimumCount
        let items = (0..<n).map { ItemSpec(id: "i\($0)", title: "t", color: .white) }
        func problem(_ change: (inout [ItemSpec]) -> Void) -> String? {
            var changed = items
            change(&changed)
            return validationError(scene(items: changed))
        }
        let bad = "x\u{0}"
        let place = "$.collectionView.sections[0].items"
        XCTAssertNil(problem { _ in })
        XCTAssertEqual(problem { $0[n - 2].id = "i5"; $0[n - 1].title = bad },
                       #"scene "t": \#(place)[\#(n - 2)].id: duplicate id "i5" (first used at \#(place)[5].id)"#)
        XCTAssertEqual(problem { $0[n - 2].title = bad; $0[n - 1].id = "i5" },
                       #"scene "t": \#(place)[\#(n - 2)].title: expected text without NUL or Unicode noncharacters, got U+0 at character 2"#)
        XCTAssertEqual(problem { $0[n - 2].title = bad; $0[n - 2].id = "i5" },
                       #"scene "t": \#(place)[\#(n - 2)].id: duplicate id "i5" (first used at \#(place)[5].id)"#)
    }

    /// An effect whose closures capture it unowned, installed with nothing else holding it.
    final class CountTaps: Effect {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter }
        final class Counter { var taps = 0 }
        func attach(to simulator: Simulator) {
            let tap = TapGestureRecognizer(name: "count", view: { simulator.collectionView.spec.frame })
            tap.action = { [unowned self] r in if r.state == .ended { self.counter.taps += 1 } }
            simulator.gestures.add(tap)
        }
    }

    func testHandInstalledEffectIsKeptAliveBySimulator() throws {
        var s = scene()
        let p = Point(x: 100, y: 100)
        s.touches = [TouchTrack(downTime: 0.2, downPoint: p, segments: [.init(to: p, duration: 0.05)])]
        let counter = CountTaps.Counter()
        let sim = try Simulator(scene: s)
        sim.install(CountTaps(counter))  // no other reference: the simulator keeps it
        let timeline = try sim.record()
        XCTAssertEqual(timeline.frames.count, 30)
        XCTAssertEqual(counter.taps, 1)
        XCTAssertEqual(sim.effects.count, 1)
    }

    /// A recognizer of one's own: GestureRecognizer is open, its hooks overridable.
    final class TwoFingerlessSwipe: GestureRecognizer {
        override func touchMoved(to p: Point, time t: Double) {
            if state == .possible, p.x - startLocation.x > 50 { transition(to: .ended) }
        }
    }

    func testCustomGestureRecognizerSubclass() throws {
        var s = scene()
        s.collectionView.scrollEnabled = false
        s.touches = [TouchTrack(downTime: 0.1, downPoint: Point(x: 50, y: 300), segments: [.init(to: Point(x: 200, y: 300), duration: 0.3)])]
        let sim = try Simulator(scene: s)
        let swipe = TwoFingerlessSwipe(name: "swipe", view: { sim.collectionView.spec.frame })
        var endedAt: Double?
        swipe.action = { r in if r.state == .ended { endedAt = r.time } }
        sim.gestures.add(swipe)
        _ = try sim.record()
        // The finger passes x = 100 (50 pt moved) at 0.1 + 0.3·(50/150) = 0.2 s; touches are sampled at 120 Hz.
        let t = try XCTUnwrap(endedAt)
        XCTAssertEqual(t, 0.2, accuracy: 1.0 / 120 + 1e-9)
    }

    func testAbsoluteLayoutPlacesItemsWhereTheDataSourceSays() {
        var l = AbsoluteLayout(itemSize: Size(width: 40, height: 30))
        // 200 items on a 20-column grid with a few tall ones, origins given per item.
        var origins: [Point] = [], sizes: [Size] = []
        for i in 0..<200 {
            origins.append(Point(x: Double(i % 20) * 50, y: Double(i / 20) * 45))
            sizes.append(i % 37 == 0 ? Size(width: 40, height: 120) : Size(width: 40, height: 30))
        }
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 375, height: 667), itemCounts: [200],
                                itemSizes: [sizes], itemOrigins: [origins]))
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 23))?.frame, Rect(x: 150, y: 45, width: 40, height: 30))
        // The far right column ends at 19·50 + 40; the tall item 185 (row 9, y 405) ends lowest, at 525.
        XCTAssertEqual(l.collectionViewContentSize, Size(width: 19 * 50 + 40, height: 405 + 120))
        // Rect queries against a brute-force scan, including a tall item reaching down into the rect.
        for rect in [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 100, width: 300, height: 10),
                     Rect(x: 0, y: 300, width: 1000, height: 60), Rect(x: 0, y: 2000, width: 10, height: 10)] {
            let expected = (0..<200).filter { Rect(origin: origins[$0], size: sizes[$0]).intersects(rect) }
            XCTAssertEqual(l.layoutAttributesForElements(in: rect).map(\.indexPath.item), expected, "\(rect)")
        }
        // Between rows 4 (180-210) and 5 (225-255) at x 700 only the tall item 74 (135-255) reaches.
        XCTAssertEqual(l.layoutAttributesForElements(in: Rect(x: 690, y: 215, width: 60, height: 5)).map(\.indexPath.item), [74])
    }

    func testFlowLayoutFootersFollowTheirSection() {
        var l = FlowLayout(itemSize: Size(width: 100, height: 50), minimumLineSpacing: 10, minimumInteritemSpacing: 10,
                           sectionInset: EdgeInsets(top: 5, left: 0, bottom: 7, right: 0),
                           headerReferenceSize: Size(width: 0, height: 20), footerReferenceSize: Size(width: 0, height: 30))
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 320, height: 600), itemCounts: [4, 1]))
        // Section 0: header 0-20, inset 5, two lines (3 items fit in 320: 100+10+100+10+100) 25-75, 85-135, inset 7, footer 142-172.
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: ItemIndexPath(item: 0, section: 0))?.frame,
                       Rect(x: 0, y: 142, width: 320, height: 30))
        // Section 1 starts after it: header 172-192, its item at 197, footer 254-284.
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: ItemIndexPath(item: 0, section: 1))?.frame.minY, 172)
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 0, section: 1))?.frame.minY, 197)
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: ItemIndexPath(item: 0, section: 1))?.frame,
                       Rect(x: 0, y: 254, width: 320, height: 30))
        XCTAssertEqual(l.collectionViewContentSize.height, 284)
        let kinds = l.layoutAttributesForElements(in: Rect(x: 0, y: 140, width: 320, height: 50)).map(\.representedElementCategory)
        XCTAssertEqual(kinds, [.supplementaryView(kind: .sectionFooter), .supplementaryView(kind: .sectionHeader)])
    }

    /// A flow list 20 cards long, pulled down 300 pt from the top with the finger.
    func pulledList(bounces: Bool) throws -> [Double] {
        var s = scene(layout: FlowLayout(itemSize: Size(width: 375, height: 100)), items: cards(20))
        s.duration = 2
        s.collectionView.bounces = bounces
        s.touches = [TouchTrack(downTime: 0.1, downPoint: Point(x: 187, y: 200),
                                segments: [.init(to: Point(x: 187, y: 500), duration: 0.5), .init(to: Point(x: 187, y: 500), duration: 0.2)])]
        return try Simulator.run(s).frames.map(\.contentOffset.y)
    }

    func testBouncesFalseStopsAtTheEdge() throws {
        let stiff = try pulledList(bounces: false)
        XCTAssertEqual(stiff.min(), 0, "no rubber band: the offset never goes past the top")
        XCTAssertEqual(stiff.max(), 0)
        let elastic = try pulledList(bounces: true)
        // With bounces the same pull goes past the top by the rubber band of the 290 pt pulled
        // after the pan began: (1 − 1/(290·0.55/667 + 1))·667 = 128.1 pt.
        XCTAssertEqual(elastic.min()!, -(1 - 1 / (290 * 0.55 / 667 + 1)) * 667, accuracy: 0.01)
        XCTAssertEqual(elastic.last!, 0, accuracy: 1e-6, "and bounces back")
    }

    func testHorizontalScrollingDeceleratesAlongX() throws {
        // A row of 30 cards 100 pt apart: content 3000 pt wide in a 375 pt view.
        let items = (0..<30).map { ItemSpec(id: "c\($0)", color: .white, size: Size(width: 90, height: 200), origin: Point(x: Double($0) * 100, y: 0)) }
        var s = scene(layout: AbsoluteLayout(), items: items)
        s.duration = 6  // long enough for the deceleration to die out (0.998^5700 ≈ 1e-5)
        s.touches = [TouchTrack(downTime: 0.2, downPoint: Point(x: 300, y: 100), segments: [.init(to: Point(x: 180, y: 100), duration: 0.1)])]
        let frames = try Simulator.run(s).frames
        let xs = frames.map(\.contentOffset.x)
        XCTAssertTrue(frames.allSatisfy { $0.contentOffset.y == 0 }, "a horizontal flick leaves y alone")
        // Released at 0.3 s at 1200 pt/s: it rests at x0 − v0/(1000·ln 0.998) = x0 + 599.4 pt.
        let x0 = xs[9]  // 0.3 s at 30 fps
        XCTAssertEqual(x0, 120 - 10, accuracy: 1e-6, "dragged 120 pt, less the 10 pt before the pan began")
        XCTAssertEqual(xs.last!, x0 - 1200 / (1000 * log(0.998)), accuracy: 0.5)
        XCTAssertTrue(zip(xs[9...], xs[10...]).allSatisfy { $1 >= $0 }, "moves one way only")
    }

    /// A still between two frames is the state at exactly that time, not the nearest frame.
    func testStateAtTimesBetweenFrames() throws {
        var s = scene(layout: FlowLayout(itemSize: Size(width: 375, height: 100)), items: cards(20))
        s.script = [ScriptStep(time: 0.1, action: .scrollTo(x: nil, y: 200, timing: .curve(.easeInEaseOut, duration: 0.25)))]
        let frames = try Simulator.run(s, at: [0.3, 0.2345])
        XCTAssertEqual(frames.map(\.time), [0.2345, 0.3])
        XCTAssertEqual(frames.map(\.index), [8, 9], "labelled with the first frame at or after it (30 fps)")
        for f in frames {
            let expected = 200 * TimingCurve.easeInEaseOut.value(at: (f.time - 0.1) / 0.25)
            XCTAssertEqual(f.contentOffset.y, expected, accuracy: 1e-9, "at \(f.time) s")
        }
    }
}

/// Scene.validate is the one gate: what a scene built in code can break is refused with the
/// field's path before the simulator or a renderer could trap on it.
final class ValidationGateTests: XCTestCase {
    func scene() -> Scene {
        let cv = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667), layout: WalletLayout(),
                                    sections: [SectionSpec(id: "s", items: (0..<4).map { ItemSpec(id: "c\($0)", color: .white) })])
        return Scene(name: "t", canvas: Canvas(width: 375, height: 667, scale: 1), fps: 30, duration: 1, collectionView: cv)
    }

    func refusal(_ s: Scene, line: UInt = #line) -> String {
        do {
            _ = try Simulator.run(s)
            XCTFail("accepted", line: line)
            return ""
        } catch let e as InputError {
            return "\(e)"
        } catch {
            XCTFail("\(error) is not an InputError", line: line)
            return ""
        }
    }

    /// Every numeric part of every animatable property, set, animated, key-framed or reloaded
    /// from code with NaN, ±∞ or a value out of the decoder's range, is refused naming the field
    /// (ItemProperty.problem(with:), the rule the decoder reads too), before anything renders.
    func testNonFiniteValuesInChangesAndPatchesAreRefusedByName() {
        let bad: [Double] = [.nan, .infinity, -.infinity]
        func values(_ p: ItemProperty, _ v: Double) -> [(String, PropertyValue)] {
            switch p.valueKind {
            case .number: return [("", .number(v))]
            case .point: return [(".x", .point(Point(x: v, y: 0))), (".y", .point(Point(x: 0, y: v)))]
            case .size: return [(".width", .size(Size(width: v, height: 10))), (".height", .size(Size(width: 10, height: v)))]
            case .rect: return [(".x", .rect(Rect(x: v, y: 0, width: 1, height: 1))), (".width", .rect(Rect(x: 0, y: 0, width: v, height: 1)))]
            case .color: return [("", .color(Color(red: v, green: 0, blue: 0, alpha: 1)))]
            }
        }
        var cases = 0
        for p in ItemProperty.allCases {
            for v in bad + [-1e9] {
                for (field, value) in values(p, v) {
                    if v == -1e9, p == .rotation || field == ".x" || field == ".y" { continue }  // within range for these
                    var s = scene()
                    s.script = [ScriptStep(time: 0, action: .set([PropertyChange(item: "c1", values: [(p, value)])]))]
                    XCTAssertTrue(refusal(s).hasPrefix(#"scene "t": $.script[0].changes[0].\#(p.rawValue)\#(field): expected "#), "\(p) \(v): \(refusal(s))")
                    s.script = [ScriptStep(time: 0, action: .animate(Transaction(changes: [PropertyChange(item: "c1", values: [(p, value)])])))]
                    XCTAssertTrue(refusal(s).contains(".changes[0].\(p.rawValue)\(field): expected "), "\(p) \(v) animated: \(refusal(s))")
                    let animation = KeyframeAnimation<PropertyValue>(values: [value, value], duration: 1)
                    s.script = [ScriptStep(time: 0, action: .addAnimation(item: "c1", KeyframeSpec(key: "k", property: p, animation: animation), beginOffset: 0))]
                    XCTAssertTrue(refusal(s).contains("$.script[0].values[0]\(field): expected "), "\(p) \(v) key frames: \(refusal(s))")
                    cases += 3
                }
            }
        }
        XCTAssertGreaterThan(cases, 60)
        // A reload's patch: size, colour and content by the item's own rules.
        for (patch, field) in [(ItemPatch(size: Size(width: .nan, height: 10)), ".width"),
                               (ItemPatch(color: Color(red: 0, green: .infinity, blue: 0, alpha: 1)), ".color"),
                               (ItemPatch(content: [ContentSpec(kind: .text(TextElement(text: "x", frame: .zero, fontSize: .infinity)), height: 20)]),
                                ".content[0].fontSize")] {
            var s = scene()
            s.script = [ScriptStep(time: 0, action: .performBatchUpdates([.reload(id: "c1", patch)], timing: .standard, completion: []))]
            // Named as the file names them: the update's own fields.
            XCTAssertTrue(refusal(s).hasPrefix(#"scene "t": $.script[0].updates[0]\#(field): expected "#), refusal(s))
        }
    }

    func testStylesContentAnimationsAndEffectOptionsAreChecked() {
        var s = scene()
        s.collectionView.cell.titleSize = .nan  // the review's frame rendered without titles
        XCTAssertEqual(refusal(s), #"scene "t": $.collectionView.cell.titleSize: expected a number > 0 and ≤ 200"#)
        s = scene()
        s.collectionView.sections[0].items[1].style = CellStyle()
        s.collectionView.sections[0].items[1].style!.shadow = Shadow(radius: -3)
        XCTAssertEqual(refusal(s), #"scene "t": $.collectionView.sections[0].items[1].style.shadow.radius: expected a number from 0 to 100"#)
        s = scene()
        s.collectionView.sections[0].items[0].content = [ContentSpec(kind: .text(TextElement(text: "x", frame: .zero, fontSize: .infinity)), height: 20)]
        XCTAssertEqual(refusal(s), #"scene "t": $.collectionView.sections[0].items[0].content[0].fontSize: expected a number > 0 and ≤ 500"#)
        // A key-frame animation whose values were emptied after init once trapped "Index out of range".
        var pulse = KeyframeAnimation<PropertyValue>(values: [.number(1), .number(0)], duration: 0.5)
        pulse.values = []
        s = scene()
        s.script = [ScriptStep(time: 0.1, action: .addAnimation(item: "c0", KeyframeSpec(key: "k", property: .alpha, animation: pulse), beginOffset: 0),
                               path: "$.script[0]")]
        XCTAssertEqual(refusal(s), #"scene "t": $.script[0].values: expected at least one value"#)
        XCTAssertNil(pulse.value(at: 0.2), "sampled without validation: no value, no trap")
        XCTAssertNil(pulse.sample(progress: 0.5))
        var mismatched = KeyframeAnimation<Double>(values: [0, 1, 2], duration: 1)
        mismatched.keyTimes = [0, 1]
        XCTAssertEqual(mismatched.problem()?.property, "keyTimes")
        XCTAssertNil(mismatched.value(at: 0.5))
        var spring = Spring()
        spring.mass = 0
        s = scene()
        s.script = [ScriptStep(time: 0.1, action: .scrollTo(x: nil, y: 100, timing: .spring(spring, duration: 1)), path: "$.script[0]")]
        XCTAssertEqual(refusal(s), #"scene "t": $.script[0].spring.mass: expected a finite number > 0"#)
        // An effect option out of the range the scene-file decoder reads (NumberField: one table).
        var wallet = WalletEffect.Options()
        wallet.minimumPressDuration = 1e9
        s = scene()
        s.effect = wallet
        XCTAssertEqual(refusal(s), #"scene "t": $.effect.minimumPressDuration: expected a number from 0 to 10, got 1000000000"#)
        let file = try? SceneDecoder().decode(Array(#"{"canvas": {"width": 100, "height": 100}, "duration": 1, "collectionView": {"layout": {"type": "wallet"}, "items": [{"id": "a"}]}, "effect": {"type": "wallet", "minimumPressDuration": 11}}"#.utf8), file: "w.json")
        XCTAssertNil(file, "the decoder reads the same range")
        // The expand-collapse and pull-for-more options too (they had a range in the decoder
        // and only a sign in validation): the same words from code and from a file.
        var fold = ExpandCollapseEffect.Options()
        fold.item = "c0"
        fold.duration = 61
        s = scene()
        s.effect = fold
        XCTAssertEqual(refusal(s), #"scene "t": $.effect.duration: expected a number from 0 to 60, got 61"#)
        fold.duration = 0.3
        fold.expandedHeight = 0
        s.effect = fold
        XCTAssertEqual(refusal(s), #"scene "t": $.effect.expandedHeight: expected a number > 0 and ≤ 100000, got 0"#)
        let folded = #"{"canvas": {"width": 100, "height": 100}, "duration": 1, "collectionView": {"layout": {"type": "list"}, "items": [{"id": "a"}]}, "effect": {"type": "expandCollapse", "item": "a", "duration": 61}}"#
        XCTAssertThrowsError(try SceneDecoder().decode(Array(folded.utf8), file: "f.json")) { e in
            XCTAssertEqual((e as? InputError)?.path, "$.effect.duration")
            XCTAssertEqual((e as? InputError)?.message, "expected a number from 0 to 60, got 61")
        }
        XCTAssertEqual(ExpandCollapseEffect.Options.fieldTable["duration"]?.summary, "Default 0.3", "the schema's hover text from the same declaration")
    }

    /// Effects and recognizers refer back to the simulator unowned: a finished simulation, its
    /// effects and its recognizers are freed (tag-reorder and jiggle-reorder kept theirs alive).
    func testSimulatorsAndEffectsAreFreedForEveryExample() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 15)
        for name in names {
            weak var simulator: Simulator?
            var effects: [() -> AnyObject?] = []
            func play() throws {
                let sim = try Simulator(scene: try loadExample(name))
                _ = try sim.record(frames: 0...min(30, sim.scene.frameCount - 1))
                simulator = sim
                for e in sim.effects { weak var w = e as AnyObject; effects.append { w } }
            }
            try play()
            XCTAssertNil(simulator, "\(name): the simulator is freed")
            for (i, e) in effects.enumerated() { XCTAssertNil(e(), "\(name): effect \(i) is freed") }
        }
    }
}
