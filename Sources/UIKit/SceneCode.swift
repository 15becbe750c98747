import Foundation
import FlipbookCore
import FlipbookAnimation
import FlipbookLayout
import FlipbookSimulation

/// A moment of a UIKit scene's script: a step of values (a scroll, a batch update of the
/// scene's items), or your UIKit code at a time.
public struct SceneStep {
    enum Kind {
        case value(ScriptStep)
        case code(time: Double, body: () -> Void)
    }
    let kind: Kind

    /// A step of values, as a scene file's.
    public static func step(_ step: ScriptStep) -> SceneStep { SceneStep(kind: .value(step)) }

    /// Your UIKit code at `time` seconds into the scene, run when the simulation gets there —
    /// what an app does in a button's action or a gesture's handler: change its data and call
    /// `performBatchUpdates` (with `insertItems`, `deleteItems`, `moveItem`, `reloadItems` and the
    /// section calls),
    /// `setContentOffset(_:animated:)`, `scrollToItem(at:at:animated:)`,
    /// `setCollectionViewLayout(_:animated:)`, or change the layout's properties and
    /// `invalidateLayout()`, inside `UIView.animate` for its duration, curve or spring.
    /// Each call becomes the scene's own action at that moment, animated from what is on screen.
    ///
    /// The code changes your objects, so a scene with code runs once: make it again (as
    /// `FlipbookCommand.main(scenes:)` does, from its closure) to run it again.
    public static func at(_ time: Double, _ body: @escaping () -> Void) -> SceneStep { SceneStep(kind: .code(time: time, body: body)) }
}

/// The UIKit app behind a scene (Scene.host): it owns what running the app's code writes — the
/// code steps' bodies, the recording of the step that runs, the screen, the images a cell asked
/// for and did not find, which delegate callbacks the delegate turned out not to implement —
/// and answers each code step with value commands (`HostCommand`).
///
/// While it runs app code on a thread it is that thread's running host (`UIKitHost.running`),
/// as UIKit keeps the current animation block per thread: UIKit's class methods
/// (`UIView.animate`, `UIImage(named:)`, `UIScreen.main`) find it there. Nothing is written to
/// a global, so scenes simulated on other threads at the same time do not meet.
package final class UIKitHost: SceneHost, @unchecked Sendable {
    private var steps: [SceneCode] = []
    /// The code step running now (set while it runs; nested for completions run inside it).
    var recording: SceneRecording?
    /// The screen the app's views are loaded for: the scene's canvas (`UIScreen.main` while
    /// the host runs).
    let screen: UIScreen
    /// What app code did while a cell was made that cannot be drawn (an image asked for by name
    /// and not found, a constraint UIKit raises on); `Scene.item(of:)` collects them.
    var refusals: [String] = []
    /// UIActions made without an identifier so far (UIAction.madeIdentifier()).
    var actionCount = 0
    /// What UIKit would log and carry on from (a constraint it breaks), each line once, in the
    /// order met: the CLI prints them as warnings after the scene.
    package private(set) var warnings: [String] = []
    func warn(_ line: String) { if !warnings.contains(line) { warnings.append(line) } }

    /// App code did something UIKit would raise on or Flipbook cannot draw: in a code step the
    /// step fails with `message`; while a scene's cell is made, the cell's problems get it.
    static func refuse(_ message: String) {
        if let recording = SceneRecording.current { recording.fail(message) } else { running?.refusals.append(message) }
    }
    /// Set by a delegate protocol's default implementation when it runs (the delegate has none of its own).
    var unimplementedCallbackRan = false
    /// What the scene keeps alive with its views (the view controller it was made from): a
    /// collection view holds its data source and delegate weakly.
    var owner: AnyObject?
    /// The app's views the scene is of, with what making the scene met in them that cannot be
    /// drawn: a collection view (its layout reports the first problem when the simulation
    /// reaches it), or a view controller's scroll views with their scene views' ids (refused by
    /// `validate()`).
    private enum Views {
        case collectionView(UICollectionView, problems: [String])
        case scrollViews([(view: UIScrollView, id: String)], problems: [String])
    }
    private var views: Views?
    package var collectionView: UICollectionView? {
        if case .collectionView(let cv, _) = views { return cv }
        return nil
    }

    init(canvas: Canvas? = nil) {
        screen = canvas.map { UIScreen(scale: CGFloat($0.scale), bounds: CGRect(x: 0, y: 0, width: $0.width, height: $0.height)) } ?? UIScreen.main
    }

    /// A UIKit scene's script as the scene's steps: each code step one of this host's.
    func steps(_ script: [SceneStep]) -> [ScriptStep] {
        script.map { step in
            switch step.kind {
            case .value(let s): s
            case .code(let time, let body): ScriptStep(time: time, action: self.step(body))
            }
        }
    }

    /// A code step of this host's that runs `body` once.
    func step(_ body: @escaping () -> Void) -> Action {
        steps.append(SceneCode(body))
        return .code(CodeStep(id: steps.count - 1))
    }

    package func run(_ step: CodeStep, in context: CodeContext) throws -> [HostCommand] {
        guard steps.indices.contains(step.id) else { throw SceneCodeProblem(message: "no code step \(step.id) in this scene's host") }
        return try steps[step.id].run(context, host: self)
    }

    /// The scene is of `cv`: the host lays out the scene's main view with its layout object and
    /// drives its selection, recognizers and delegate.
    func host(_ cv: UICollectionView, problems: [String]) { views = .collectionView(cv, problems: problems) }

    /// The scene is of these scroll views (Scene.ofScrollViews): the host tells each one's
    /// delegate its callbacks.
    func host(_ scrollViews: [(view: UIScrollView, id: String)], problems: [String]) { views = .scrollViews(scrollViews, problems: problems) }

    package func layout(ofView index: Int) -> (any CollectionViewLayout)? {
        guard index == 0, case .collectionView(let cv, let problems) = views else { return nil }
        return UIKitLayout(collectionView: cv, problems: problems)
    }

    package func makeEffect() -> (any Effect)? {
        switch views {
        case .collectionView(let cv, _): return UIKitInteractionsEffect(cv)
        case .scrollViews(let scrollViews, _): return UIKitScrollViewsEffect(scrollViews)
        case nil: return nil
        }
    }

    package var problem: (path: String, message: String)? {
        guard case .scrollViews(_, let problems) = views, let first = problems.first else { return nil }
        return ("$.collectionView", first)
    }

    /// Runs `body` with this host as the thread's running host (restored after).
    func whileRunning<R>(_ body: () throws -> R) rethrows -> R {
        let outer = UIKitHost.runningHost.value
        UIKitHost.runningHost.value = self
        defer { UIKitHost.runningHost.value = outer }
        return try body()
    }

    /// The host running app code on this thread now, if any.
    static var running: UIKitHost? { runningHost.value }
    private static let runningHost = ThreadLocal<UIKitHost>()

    /// The host of a simulation's scene (a UIKit scene has one from the start).
    static func of(_ simulator: Simulator) -> UIKitHost? { simulator.scene.host as? UIKitHost }
}

/// A code step's body, run once.
final class SceneCode {
    let body: () -> Void
    private var ran = false
    init(_ body: @escaping () -> Void) { self.body = body }

    func run(_ context: CodeContext, host: UIKitHost) throws -> [HostCommand] {
        guard !ran else { throw SceneCodeProblem(message: "this scene's code already ran (it changed your objects): make the scene again to run it again") }
        ran = true
        return try SceneRecording.record(host: host, context, body)
    }
}

struct SceneCodeProblem: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The UIKit calls a code step makes, as the scene's actions. Set while a step runs; UIKit's
/// methods consult it (before the scene, with none, they change only the objects).
final class SceneRecording {
    /// The recording of the code step running on this thread, if any.
    static var current: SceneRecording? { UIKitHost.running?.recording }

    /// The host whose step this is (completions become its steps).
    let host: UIKitHost
    /// The main view's item ids as the recorded updates leave them.
    var ids: [[String]]
    /// Its section ids likewise.
    var sectionIDs: [String]
    var actions: [Action] = []
    /// Changes to views, made at once (snapshot views, a layout transition, a moved scroll view).
    var viewCommands: [HostCommand] = []
    var problem: String?
    /// The cells the code was handed (cellForItem, visibleCells), by view and item.
    var reachedCells: [(UICollectionView, String)] = []
    /// UIView.animate blocks around the call, innermost last.
    var timings: [AnimationTiming] = []
    /// Calls inside performBatchUpdates, applied together when it returns.
    var batch: [Update]?
    /// While setCollectionViewLayout swaps the object (its own invalidation is not another change).
    var swappingLayout = false

    enum Update {
        case insert(IndexPath), delete(IndexPath), move(IndexPath, IndexPath), reload(IndexPath)
        case insertSection(Int), deleteSection(Int), moveSection(Int, Int), reloadSection(Int)
    }

    /// The moment the code runs at (its cells on screen are worked out when code reads them).
    private let context: CodeContext
    /// The scene's time the code runs at, in seconds.
    var time: Double { context.time }
    /// The items on screen when the code runs, in drawing order, with their frames in content
    /// coordinates.
    var visible: [(id: String, frame: Rect)] { context.visibleItems }
    private(set) lazy var visibleFrames: [String: Rect] = Dictionary(visible.map { ($0.id, $0.frame) }, uniquingKeysWith: { a, _ in a })

    /// A snapshot view's change, made in the simulation as the code makes it.
    func snapshot(_ command: SnapshotCommand) { viewCommands.append(.snapshot(command)) }
    /// A step of the view's interactive layout transition.
    func transition(_ command: TransitionCommand) { viewCommands.append(.transition(command)) }
    /// Whether the code moved a snapshot view or a scene's scroll view (a change UIView.animate
    /// draws; setting one where it is already is no change, as in UIKit).
    var movedView = false

    /// A scene's scroll view set to a new frame: the view moves there, animated inside
    /// UIView.animate (from where it is on screen), else at once.
    func moved(_ view: UIScrollView, _ scene: (id: String, frame: CGRect)) {
        movedView = true
        let f = view.frame
        guard f.size == scene.frame.size else {
            return fail("\(scene.id): a scroll view's size changed during the scene is not drawn yet (its position is)")
        }
        viewCommands.append(.moveView(id: scene.id, offset: Point(x: Double(f.minX - scene.frame.minX), y: Double(f.minY - scene.frame.minY)),
                                      timing: timings.last))
    }

    init(host: UIKitHost, _ context: CodeContext) {
        self.host = host
        self.context = context
        ids = context.itemIDs
        sectionIDs = context.sectionIDs
    }

    /// Runs `body` as a code step of `host`: its calls, as the commands they amount to (the
    /// views' changes, then the actions).
    static func record(host: UIKitHost, _ context: CodeContext, _ body: () -> Void) throws -> [HostCommand] {
        let recording = SceneRecording(host: host, context)
        let outer = host.recording
        host.recording = recording
        defer { host.recording = outer }
        host.whileRunning(body)
        // Cells the code reached may have been restyled: drawn again from their views.
        for (cv, id) in recording.reachedCells { cv.drawnContent["cell|" + id] = nil }
        if let problem = recording.problem { throw SceneCodeProblem(message: problem) }
        return recording.viewCommands + recording.actions.map { .action($0) }
    }

    func fail(_ message: String) { if problem == nil { problem = message } }

    /// Runs `completion` when the changes recorded from action `first` on end: with the last batch
    /// update among them (the longest, as the block's animations share one timing), or, with
    /// none, when an animation of `timing` would.
    func run(_ completion: @escaping (Bool) -> Void, afterChangesSince first: Int, timing: AnimationTiming) {
        let then = later { completion(true) }
        if let k = actions.indices.last, k >= first, case .performBatchUpdates(let changes, let t, let c) = actions[k] {
            actions[k] = .performBatchUpdates(changes, timing: t, completion: c + [then])
        } else {
            actions.append(.animate(Transaction(timing: timing, delay: 0, changes: [], nested: [], completion: [then])))
        }
    }

    /// A completion handler as a code step of its own, run when the animation it follows ends.
    func later(_ body: @escaping () -> Void) -> Action { host.step(body) }

    /// An animated change's timing: the enclosing UIView.animate's, else Core Animation's default.
    var timing: AnimationTiming { timings.last ?? .standard }

    /// One batch update of `updates` on `cv`: UIKit's index paths (deletes, reloads and move
    /// sources in the data before, inserts and move targets after) as the items' ids.
    func commit(_ updates: [Update], in cv: UICollectionView, completion: ((Bool) -> Void)?, timing: AnimationTiming? = nil) {
        func id(_ ip: IndexPath, _ call: String) -> String? {
            guard ip.section >= 0, ip.section < ids.count, ip.item >= 0, ip.item < ids[ip.section].count else {
                fail("\(call): no item at [\(ip.section), \(ip.item)] (the data has \(ids.map(\.count)) items)")
                return nil
            }
            return ids[ip.section][ip.item]
        }
        // The layout is asked again in any case (an empty batch is how an app animates new sizes).
        var changes: [BatchChange] = [.layout(LayoutPatch { _ in })]
        var used = Set(ids.joined())
        var usedSections = Set(sectionIDs)
        /// An id for an item the data source has now at `ip` (a diffable source's identifier,
        /// else "<section>-<item>", made unique).
        func newItemID(_ ip: IndexPath) -> String {
            var newID = cv.itemIdentifier?(ip) ?? "\(ip.section)-\(ip.item)"
            if cv.itemIdentifier == nil {
                let base = newID
                var n = 2
                while used.contains(newID) { newID = "\(base).\(n)"; n += 1 }
            }
            used.insert(newID)
            return newID
        }
        /// The section at `s` of the data after the update, made from the data source as the
        /// scene's sections are.
        func newSection(_ s: Int, _ call: String) -> SectionSpec? {
            // The data source's data is the data after the update (the view's counts are not yet).
            let sectionCount = cv.dataSource?.numberOfSections(in: cv) ?? 0
            guard s >= 0, s < sectionCount, let source = cv.dataSource else {
                fail("\(call): no section \(s) (the data source reports \(sectionCount))")
                return nil
            }
            var id = "section\(s)", n = 2
            while usedSections.contains(id) { id = "section\(s).\(n)"; n += 1 }
            usedSections.insert(id)
            let items = (0..<source.collectionView(cv, numberOfItemsInSection: s)).map { i -> ItemSpec in
                let ip = IndexPath(item: i, section: s)
                let (item, problems) = Scene.item(of: cv, at: ip, id: newItemID(ip), attributes: nil)
                for p in problems { fail("cell \(item.id): " + p) }
                return item
            }
            return SectionSpec(id: id, items: items)
        }
        func section(_ s: Int, _ call: String) -> Int? {
            guard s >= 0, s < ids.count else {
                fail("\(call): no section \(s) (the data has \(ids.count))")
                return nil
            }
            return s
        }
        for u in updates {
            switch u {
            case .insertSection(let s):
                if let spec = newSection(s, "insertSections") { changes.append(.insertSection(spec, at: s)) }
            case .deleteSection(let s):
                if let s = section(s, "deleteSections") { changes.append(.deleteSection(s)) }
            case .moveSection(let from, let to):
                if let from = section(from, "moveSection") { changes.append(.moveSection(from, to: to)) }
            case .reloadSection(let s):
                // UIKit's reloadSections makes the section again: its old cells fade out as the
                // new ones fade in, in its place.
                guard let s = section(s, "reloadSections"), let spec = newSection(s, "reloadSections") else { continue }
                changes.append(.deleteSection(s))
                changes.append(.insertSection(spec, at: s))
            case .delete(let ip):
                if let i = id(ip, "deleteItems") { changes.append(.delete(id: i)) }
            case .move(let from, let to):
                if let i = id(from, "moveItem") { changes.append(.move(id: i, to: ItemIndexPath(to))) }
            case .reload(let ip):
                guard let i = id(ip, "reloadItems") else { continue }
                // The cell is made again; frames from here draw it.
                if let cell = cv.dataSource?.collectionView(cv, cellForItemAt: ip) { cv.cells[i] = cell }
                cv.drawnContent["cell|" + i] = nil
                cv.fittedSizes[i] = nil
                changes.append(.reload(id: i, ItemPatch()))
            case .insert(let ip):
                let (item, problems) = Scene.item(of: cv, at: ip, id: newItemID(ip), attributes: nil)
                for p in problems { fail("cell \(item.id): " + p) }
                changes.append(.insert(item, at: ItemIndexPath(ip)))
            }
        }
        if let problem = BatchUpdateCheck.problem(changes, sections: ids) {
            fail(BatchUpdateCheck.message(problem, at: 0))
            return
        }
        if changes.contains(where: \.changesSections) {
            sectionIDs = SectionPlan(changes, sectionCount: ids.count).reorder(sectionIDs) { $0.id }
            // Headers and footers are asked for again at their sections' new places.
            cv.supplementaryViews = [:]
            cv.drawnContent = cv.drawnContent.filter { $0.key.hasPrefix("cell|") }
        }
        _ = BatchUpdateCheck.apply(changes, to: &ids)
        if changes.count > 1 { cv.dataChangedByCode = true }
        let then = completion.map { c in [later { c(true) }] } ?? []
        actions.append(.performBatchUpdates(changes, timing: timing ?? self.timing, completion: then))
    }

    /// The layout's attributes changed (new properties, a new layout object): every item
    /// animates to them, as an invalidation inside an animation block does.
    func layoutChanged(animated: Bool) {
        let t: AnimationTiming = animated ? timing : .curve(.linear, duration: 0)
        // A batch update just made in this block asks the layout again already (reloadData or
        // layoutIfNeeded after performBatchUpdates, as apps write it).
        if case .performBatchUpdates(_, let previous, _)? = actions.last, previous == t { return }
        actions.append(.performBatchUpdates([.layout(LayoutPatch { _ in })], timing: t, completion: []))
    }
}

extension UICollectionView {
    /// Inside a scene's code step (SceneStep.at), the updates animate together from what is on
    /// screen, and `completion` runs when they end; before the scene, the data is as `updates`
    /// leaves it.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard let r = SceneRecording.current else {
            updates?()
            completion?(true)
            return
        }
        let outer = r.batch
        r.batch = []
        updates?()
        let recorded = r.batch ?? []
        r.batch = outer
        if outer == nil { r.commit(recorded, in: self, completion: completion) } else { r.batch! += recorded }
    }

    public func insertItems(at indexPaths: [IndexPath]) { record(indexPaths.map { .insert($0) }) }
    public func deleteItems(at indexPaths: [IndexPath]) { record(indexPaths.map { .delete($0) }) }
    public func reloadItems(at indexPaths: [IndexPath]) { record(indexPaths.map { .reload($0) }) }
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record([.move(indexPath, newIndexPath)]) }

    /// The index path of the item `cell` was made for, as the data is now (nil for another cell).
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        cell.sceneItemID.flatMap { cells[$0] === cell ? indexPath(forItemID: $0) : nil }
    }

    /// Section changes, as item changes: in a batch update with them, or one of their own.
    /// Indices are UIKit's: before the update for deletes, reloads and move sources, after it
    /// for inserts and move targets.
    public func insertSections(_ sections: IndexSet) { record(sections.map { .insertSection($0) }) }
    public func deleteSections(_ sections: IndexSet) { record(sections.map { .deleteSection($0) }) }
    public func reloadSections(_ sections: IndexSet) { record(sections.map { .reloadSection($0) }) }
    public func moveSection(_ section: Int, toSection newSection: Int) { record([.moveSection(section, newSection)]) }

    private func record(_ updates: [SceneRecording.Update]) {
        guard let r = SceneRecording.current else { return }
        if r.batch != nil { r.batch! += updates } else { r.commit(updates, in: self, completion: nil) }
    }

    /// Inside a scene's code step, scrolls there (animated: over the enclosing UIView.animate's
    /// timing, else 0.25 s ease-in-out); before the scene, sets where it starts.
    public func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard let r = SceneRecording.current else { self.contentOffset = contentOffset; return }
        let x = Double(contentOffset.x), y = Double(contentOffset.y)
        guard x.isFinite && y.isFinite else {
            r.fail("UIScrollView.setContentOffset(_:animated:): expected a point of finite numbers, got (\(UIKitNumber.text(x)), \(UIKitNumber.text(y)))")
            return
        }
        r.actions.append(animated ? .scrollTo(x: x, y: y, timing: r.timing) : .setContentOffset(x: x, y: y))
    }

    /// UICollectionView.ScrollPosition: where scrollToItem puts the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// Scrolls so the item sits at `position` (its edge or centre against the view's, within
    /// the content), as UIKit's scrollToItem does.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard let a = layoutAttributesForItem(at: indexPath) else {
            SceneRecording.current?.fail("scrollToItem: no item at [\(indexPath.section), \(indexPath.item)]")
            return
        }
        let inset = adjustedContentInset, size = bounds.size, content = collectionViewLayout.collectionViewContentSize
        var offset = contentOffset
        if position.contains(.top) { offset.y = a.frame.minY }
        if position.contains(.centeredVertically) { offset.y = a.frame.midY - size.height / 2 }
        if position.contains(.bottom) { offset.y = a.frame.maxY - size.height }
        if position.contains(.left) { offset.x = a.frame.minX }
        if position.contains(.centeredHorizontally) { offset.x = a.frame.midX - size.width / 2 }
        if position.contains(.right) { offset.x = a.frame.maxX - size.width }
        offset.x = min(max(offset.x, -inset.left), max(-inset.left, content.width + inset.right - size.width))
        offset.y = min(max(offset.y, -inset.top), max(-inset.top, content.height + inset.bottom - size.height))
        setContentOffset(offset, animated: animated)
    }

    /// Swaps the layout object; inside a scene's code step, the items animate to the new
    /// layout's attributes (over the enclosing UIView.animate's timing, else 0.25 s) or jump.
    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        SceneRecording.current?.swappingLayout = true
        collectionViewLayout = layout
        SceneRecording.current?.swappingLayout = false
        SceneRecording.current?.layoutChanged(animated: animated)
    }

    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        let first = SceneRecording.current?.actions.count ?? 0
        setCollectionViewLayout(layout, animated: animated)
        guard let completion else { return }
        guard let r = SceneRecording.current else { return completion(true) }
        r.run(completion, afterChangesSince: first, timing: animated ? r.timing : .curve(.linear, duration: 0))
    }
}

extension UIView {
    /// UIView.AnimationOptions: the curve bits UIKit reads (others are accepted and change nothing here).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The curve these options name (curveEaseInOut when none).
        var curve: TimingCurve {
            switch rawValue >> 16 & 0xF {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInEaseOut
            }
        }
    }

    /// Inside a scene's code step, the collection view calls in `animations` animate over
    /// `duration` with the options' curve, after `delay`; `completion` runs when they end.
    /// Before the scene, `animations` and `completion` run at once.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        if let problem = timingProblem("UIView.animate(withDuration:delay:options:animations:completion:)", duration: duration, delay: delay) {
            SceneRecording.current?.fail(problem)
            return
        }
        run(.curve(options.curve, duration: max(0, duration)), delay: delay, animations, completion)
    }

    /// What UIKit's animation arguments may not be here: a duration or delay that is not a
    /// finite number ≥ 0 (NaN was silently 0 s), named by the method that was called.
    static func timingProblem(_ method: String, duration: TimeInterval, delay: TimeInterval) -> String? {
        for (name, v) in [("duration", duration), ("delay", delay)] where !(v.isFinite && v >= 0) {
            return "\(method): \(name): expected a finite number ≥ 0, got \(UIKitNumber.text(v))"
        }
        return nil
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// The spring form: UIKit's damping ratio and initial velocity over `duration`.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let method = "UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)"
        var problem = timingProblem(method, duration: duration, delay: delay)
        // Apple: "To smoothly decelerate the animation without oscillation, use a value of 1.
        // Employ a damping ratio closer to zero to increase oscillation" — a ratio in (0, 1].
        if problem == nil, !(dampingRatio.isFinite && dampingRatio > 0) {
            problem = "\(method): usingSpringWithDamping: expected a number > 0, got \(UIKitNumber.text(Double(dampingRatio)))"
        }
        if problem == nil, !velocity.isFinite {
            problem = "\(method): initialSpringVelocity: expected a finite number, got \(UIKitNumber.text(Double(velocity)))"
        }
        if let problem {
            SceneRecording.current?.fail(problem)
            return
        }
        let spring = Spring.uiView(duration: max(1e-3, duration), dampingRatio: Double(max(1e-3, dampingRatio)), initialVelocity: Double(velocity))
        run(.spring(spring, duration: max(0, duration)), delay: delay, animations, completion)
    }

    class func run(_ timing: AnimationTiming, delay: TimeInterval, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        guard let r = SceneRecording.current else {
            animations()
            completion?(true)
            return
        }
        if delay > 0 { r.fail("UIView.animate with a delay during the scene is not drawn yet: give the code step the later time instead") }
        let first = r.actions.count
        let moved = r.movedView
        r.movedView = false
        r.timings.append(timing)
        animations()
        r.timings.removeLast()
        let movedHere = r.movedView
        r.movedView = moved || movedHere
        // A block that made no call Flipbook draws set view properties (a cell's alpha, a
        // subview's frame), which are not animated yet: stop rather than draw them unmoved.
        if r.actions.count == first && !movedHere && r.problem == nil {
            r.fail("UIView.animate in a code step made no change Flipbook draws (setting a view's properties is not animated yet): animate the layout (performBatchUpdates, invalidateLayout, setCollectionViewLayout, setContentOffset) or the scene's items with the script; see docs/uikit.md")
        }
        if let completion { r.run(completion, afterChangesSince: first, timing: timing) }
    }
}

extension DispatchQueue {
    /// Inside a scene's code step, on the main queue: `work` runs as a code step `deadline`
    /// from now in the scene's time (to the millisecond: the wall clock moves between your
    /// `.now()` and this call), as `dispatch_after` on the main queue runs it on a device.
    /// Otherwise Dispatch's own `asyncAfter(deadline:qos:flags:execute:)`.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        // (DispatchQueue.main is a new object each time it is read on Linux: compared by label.)
        guard let r = SceneRecording.current, label == DispatchQueue.main.label else {
            nonisolated(unsafe) let work = work
            asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: { work() })
            return
        }
        let nanoseconds = Double(Int64(bitPattern: deadline.uptimeNanoseconds &- DispatchTime.now().uptimeNanoseconds))
        let delay = max(0, (nanoseconds / 1e6).rounded() / 1000)
        r.actions.append(.animate(Transaction(timing: .curve(.linear, duration: delay), delay: 0, changes: [], nested: [],
                                              completion: [r.later(work)])))
    }
}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/animationcurve, UIKit's raw values.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn, easeOut, linear
        var timingCurve: TimingCurve {
            switch self {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }
}

/// https://developer.apple.com/documentation/uikit/uiviewanimatingposition
public enum UIViewAnimatingPosition: Int, Sendable { case end = 0, start, current }
/// https://developer.apple.com/documentation/uikit/uiviewanimatingstate
public enum UIViewAnimatingState: Int, Sendable { case inactive = 0, active, stopped }

/// An animator (https://developer.apple.com/documentation/uikit/uiviewpropertyanimator): its
/// animations run as `UIView.animate` runs them, over its curve or spring, when it starts —
/// the same changes Flipbook draws there, the completions called with `.end`. Scrubbing it
/// (`fractionComplete`, `pauseAnimation`, reversing) is interactive and not drawn yet: one
/// line naming the member.
open class UIViewPropertyAnimator: NSObject {
    public let duration: TimeInterval
    private let timing: AnimationTiming
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    public private(set) var state = UIViewAnimatingState.inactive
    open var isInterruptible = true
    open var isUserInteractionEnabled = true
    open var isReversed = false {
        didSet { if isReversed { UIKitHost.refuse("UIViewPropertyAnimator.isReversed is not drawn yet") } }
    }
    open var fractionComplete: CGFloat = 0 {
        didSet { if fractionComplete != 0 { UIKitHost.refuse("UIViewPropertyAnimator.fractionComplete (scrubbing) is not drawn yet") } }
    }
    open var isRunning: Bool { state == .active }

    // Designated, as UIKit's (a subclass calls them); each sets the timing and takes the block.
    private init(duration: TimeInterval, timing: AnimationTiming, animations: (() -> Void)?) {
        self.duration = duration
        self.timing = timing
        super.init()
        if let animations { self.animations.append(animations) }
    }

    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        timing = .curve(curve.timingCurve, duration: max(0, duration))
        super.init()
        if let animations { self.animations.append(animations) }
    }

    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        let x = TimingCurve.controlPointXRange
        func clamped(_ v: CGFloat) -> Double { min(x.upperBound, max(x.lowerBound, Double(v))) }
        self.duration = duration
        timing = .curve(TimingCurve(controlPoints: clamped(point1.x), Double(point1.y), clamped(point2.x), Double(point2.y)), duration: max(0, duration))
        super.init()
        if !(x.contains(Double(point1.x)) && x.contains(Double(point2.x))) {
            UIKitHost.refuse("UIViewPropertyAnimator(duration:controlPoint1:controlPoint2:): a control point's x must be from 0 to 1")
        }
        if let animations { self.animations.append(animations) }
    }

    /// UIKit's damping ratio over `duration`, as `UIView.animate(…usingSpringWithDamping:…)`.
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        timing = .spring(Spring.uiView(duration: max(1e-3, duration), dampingRatio: Double(min(1, max(1e-3, ratio)))), duration: max(0, duration))
        super.init()
        if !(ratio.isFinite && ratio > 0) {
            UIKitHost.refuse("UIViewPropertyAnimator(duration:dampingRatio:): dampingRatio: expected a number > 0, got \(UIKitNumber.text(Double(ratio)))")
        }
        if let animations { self.animations.append(animations) }
    }

    open func addAnimations(_ animation: @escaping () -> Void) { animations.append(animation) }
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        if delayFactor != 0 { UIKitHost.refuse("UIViewPropertyAnimator.addAnimations(_:delayFactor:) with a delay is not drawn yet") }
        animations.append(animation)
    }
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Runs the animations now, as UIView.animate would with the animator's timing.
    open func startAnimation() {
        guard state == .inactive else { return }
        if let problem = UIView.timingProblem("UIViewPropertyAnimator.startAnimation()", duration: duration, delay: 0) {
            return UIKitHost.refuse(problem)
        }
        state = .active
        let all = animations, done = completions
        animations = []
        UIView.run(timing, delay: 0, { all.forEach { $0() } }) { [weak self] _ in
            self?.state = .inactive
            done.forEach { $0(.end) }
        }
    }
    open func startAnimation(afterDelay delay: TimeInterval) {
        if delay != 0 { return UIKitHost.refuse("UIViewPropertyAnimator.startAnimation(afterDelay:) with a delay is not drawn yet: give the code step the later time instead") }
        startAnimation()
    }
    open func pauseAnimation() { UIKitHost.refuse("UIViewPropertyAnimator.pauseAnimation() is not drawn yet") }
    open func stopAnimation(_ withoutFinishing: Bool) { UIKitHost.refuse("UIViewPropertyAnimator.stopAnimation(_:) is not drawn yet") }
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) { UIKitHost.refuse("UIViewPropertyAnimator.finishAnimation(at:) is not drawn yet") }
    open func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) {
        UIKitHost.refuse("UIViewPropertyAnimator.continueAnimation(withTimingParameters:durationFactor:) is not drawn yet")
    }

    /// Made and started at once (https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/runningpropertyanimator(withduration:delay:options:animations:completion:)).
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                                            animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, timing: .curve(options.curve, duration: max(0, duration)), animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }
}
