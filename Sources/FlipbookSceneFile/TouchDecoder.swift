import FlipbookCore
import FlipbookJSON
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation
import FlipbookEffects

/// The numbers of the touch steps, declared once: TouchDecoder reads each (its range, its
/// default) and SceneSchema.touches lists it. Times are seconds.
enum TouchFields {
    typealias N = NumberField<Void>
    static let seconds = 0...SceneLimits.maxDuration
    static let tapDuration = N("duration", nil, 0...10, default: 0.08, "Seconds the finger stays down")
    static let doubleTapDuration = N("duration", nil, 0...10, default: 0.08, "Each tap's seconds down")
    /// Within UIKit's 0.35 s for a double tap by default.
    static let doubleTapInterval = N("interval", nil, 0...10, excludingLowerBound: true, default: 0.15,
                                     "From the first tap's lift to the second's touch-down")
    static let hold = N("hold", nil, seconds, "Seconds the finger stays")
    static let longPressHold = N("hold", nil, seconds, "Seconds before the finger moves or lifts")
    /// A waypoint's or a touchMove's time to get there.
    static let moveDuration = N("duration", nil, seconds, default: 0.25, "Seconds to get there")
    static let dragDuration = N("duration", nil, seconds, default: 0.5)
    static let holdBefore = N("holdBefore", nil, seconds, default: 0)
    static let holdAfter = N("holdAfter", nil, seconds, default: 0)
    static let flickDuration = N("duration", nil, 0...10, excludingLowerBound: true, default: 0.1)
    static let pullDuration = N("duration", nil, seconds, default: 0.6)
    static let pullHold = N("hold", nil, seconds, default: 0.2, "Seconds held before the release")
    static let twoFingerDuration = N("duration", nil, seconds, excludingLowerBound: true, default: 0.5)
    static let deltaX = N("x", nil, SceneLimits.touchDeltas, default: 0)
    static let deltaY = N("y", nil, SceneLimits.touchDeltas, default: 0)
    static let angle = N("angle", nil, SceneLimits.rotationDegrees, default: 0, "Degrees")
    static let fromAngle = N("fromAngle", nil, SceneLimits.rotationDegrees, default: 0, "Degrees")
    static let toAngle = N("toAngle", nil, SceneLimits.rotationDegrees, default: 0, "Degrees")
}

/// Decodes the touch steps of a script (`touch`, `tap`, `longPress`, `drag`, `flick`, `pull`)
/// into tracks (Scene.validate checks that one finger never touches twice at once).
enum TouchDecoder {
    /// Gestures, each one finger track or two (their fields: SceneSchema.touches).
    static let actions = ["touch", "tap", "doubleTap", "longPress", "drag", "flick", "pull", "pinch", "rotate"]
    /// Low-level steps, assembled per finger in time order.
    static let lowLevel = ["touchDown", "touchMove", "touchUp"]

    /// A low-level step waiting to be assembled.
    struct LowLevelStep {
        var time: Double
        var action: String
        var finger: Int
        var point: Point
        var duration: Double
        var curve: TimingCurve
        var field: JSONField
    }

    static func lowLevelStep(_ o: JSONObject, action: String, time: Double, canvas: Canvas) throws -> LowLevelStep {
        try o.onlyKeys(SceneSchema.touch(action).names, common: ["at", "action", "comment"], action: action)
        var step = LowLevelStep(time: time, action: action, finger: try o.optional("finger")?.integer(in: SceneLimits.fingers) ?? 1,
                                point: .zero, duration: 0, curve: .linear, field: o.field)
        switch action {
        case "touchDown": step.point = try point(o.required("point"), canvas: canvas)
        case "touchMove":
            step.point = try point(o.required("to"), canvas: canvas)
            step.duration = try o.number(orDefault: TouchFields.moveDuration)
            step.curve = try o.optional("curve").map(SceneDecoder.decodeCurve) ?? .linear
        default: break
        }
        return step
    }

    /// Turns touchDown / touchMove / touchUp steps into tracks. A finger must go down before it
    /// moves or lifts, cannot go down twice, and a move or lift cannot start before the previous
    /// move ends. A finger still down at the end of the scene lifts at `sceneEnd`.
    static func assemble(_ steps: [LowLevelStep], sceneEnd: Double) throws -> [TouchTrack] {
        var open: [Int: TouchTrack] = [:]
        var done: [TouchTrack] = []
        for s in steps.enumerated().sorted(by: { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }).map(\.element) {
            let at = NumberFormat.short(s.time)
            switch s.action {
            case "touchDown":
                if let t = open[s.finger] {
                    throw s.field.error("finger \(s.finger) goes down at \(at) s while it is still down from \(t.path)")
                }
                open[s.finger] = TouchTrack(finger: s.finger, downTime: s.time, downPoint: s.point, segments: [], path: s.field.path)
            default:
                guard var t = open[s.finger] else {
                    throw s.field.error("finger \(s.finger) \(s.action == "touchUp" ? "goes up" : "moves") at \(at) s before it went down (add a touchDown first)")
                }
                let end = t.upTime
                if s.time < end - FrameClock.epsilon {
                    throw s.field.error("starts at \(at) s, before finger \(s.finger)'s previous move ends at \(NumberFormat.short(end)) s")
                }
                if s.time > end + FrameClock.epsilon {
                    t.segments.append(.init(to: t.location(at: end), duration: s.time - end, curve: .linear))
                }
                if s.action == "touchMove" {
                    t.segments.append(.init(to: s.point, duration: s.duration, curve: s.curve))
                    open[s.finger] = t
                } else {
                    done.append(t)
                    open[s.finger] = nil
                }
            }
        }
        for finger in open.keys.sorted() {
            var t = open[finger]!
            if sceneEnd > t.upTime { t.segments.append(.init(to: t.location(at: t.upTime), duration: sceneEnd - t.upTime, curve: .linear)) }
            done.append(t)
        }
        return done
    }

    static func point(_ f: JSONField, canvas: Canvas, allowing extra: [String] = []) throws -> Point {
        let o = try f.object(allowed: SceneSchema.touchPoint.names + extra)
        // Fingers may start a little off the canvas edge (an edge swipe), not far outside it.
        let mx = canvas.width * 0.5, my = canvas.height * 0.5
        let x = try o.required("x").number(in: -mx...(canvas.width + mx), "an x within half a canvas of the canvas (−\(NumberFormat.short(mx)) to \(NumberFormat.short(canvas.width + mx)))")
        let y = try o.required("y").number(in: -my...(canvas.height + my), "a y within half a canvas of the canvas (−\(NumberFormat.short(my)) to \(NumberFormat.short(canvas.height + my)))")
        return Point(x: x, y: y)
    }

    static func delta(_ f: JSONField) throws -> Point {
        let o = try f.object(SceneSchema.delta)
        return Point(x: try o.number(orDefault: TouchFields.deltaX), y: try o.number(orDefault: TouchFields.deltaY))
    }

    /// A waypoint list: [{"x", "y", "duration"?, "curve"?} | {"hold": seconds}].
    static func waypoints(_ f: JSONField, from start: Point, canvas: Canvas) throws -> [TouchTrack.Segment] {
        var out: [TouchTrack.Segment] = []
        var current = start
        for wf in try f.array(minCount: 1, maxCount: SceneLimits.maxWaypoints) {
            if case .object(let m) = wf.node.value, m.contains(where: { $0.key == "hold" }) {
                let o = try wf.object(SceneSchema.hold)
                out.append(.init(to: current, duration: try o.required(TouchFields.hold.name).number(TouchFields.hold), curve: .linear))
                continue
            }
            let o = try wf.object(SceneSchema.waypoint)
            let to = try point(wf, canvas: canvas, allowing: ["duration", "curve"])
            let d = try o.number(orDefault: TouchFields.moveDuration)
            let c = try o.optional("curve").map(SceneDecoder.decodeCurve) ?? .linear
            out.append(.init(to: to, duration: d, curve: c))
            current = to
        }
        return out
    }

    /// `pinch` and `rotate`: two fingers about a centre (TouchTrack.twoFingers); angles in degrees.
    static func twoFingerTracks(_ o: JSONObject, action: String, time: Double, canvas: Canvas) throws -> [TouchTrack] {
        try o.onlyKeys(SceneSchema.touch(action).names, common: ["at", "action", "comment"], action: action)
        var fingers = (1, 2)
        if let f = o.optional("fingers") {
            let ids = try f.array(minCount: 2, maxCount: 2).map { try $0.integer(in: SceneLimits.fingers) }
            if ids[0] == ids[1] { throw f.error("expected two different fingers, got \(ids[0]) twice") }
            fingers = (ids[0], ids[1])
        }
        let center = try point(o.required("center"), canvas: canvas)
        let maxDistance = 2 * max(canvas.width, canvas.height)
        func distance(_ key: String) throws -> Double {
            // Fingers at one point have no distance to scale: a pinch needs them apart.
            try o.required(key).number(in: 1...maxDistance, "a distance between the fingers from 1 to \(NumberFormat.short(maxDistance)) pt")
        }
        func degrees(_ field: NumberField<Void>) throws -> Double { try o.number(orDefault: field) * .pi / 180 }
        let duration = try o.number(orDefault: TouchFields.twoFingerDuration)
        let curve = try o.optional("curve").map(SceneDecoder.decodeCurve) ?? .easeInEaseOut
        if action == "pinch" {
            let angle = try degrees(TouchFields.angle)
            return TouchTrack.twoFingers(fingers: fingers, at: time, center: center, fromDistance: try distance("fromDistance"),
                                         toDistance: try distance("toDistance"), fromAngle: angle, toAngle: angle, duration: duration,
                                         curve: curve, path: o.path)
        }
        let d = try distance("distance")
        return TouchTrack.twoFingers(fingers: fingers, at: time, center: center, fromDistance: d, toDistance: d,
                                     fromAngle: try degrees(TouchFields.fromAngle), toAngle: try degrees(TouchFields.toAngle), duration: duration, curve: curve, path: o.path)
    }

    /// `doubleTap`: two taps of one finger at one point, `interval` seconds from the first
    /// lifting to the second touching down (within UIKit's 0.35 s by default).
    static func doubleTapTracks(_ o: JSONObject, time: Double, canvas: Canvas) throws -> [TouchTrack] {
        try o.onlyKeys(SceneSchema.touch("doubleTap").names, common: ["at", "action", "comment"], action: "doubleTap")
        let finger = try o.optional("finger")?.integer(in: SceneLimits.fingers) ?? 1
        let p = try point(o.required("point"), canvas: canvas)
        let duration = try o.number(orDefault: TouchFields.doubleTapDuration)
        let interval = try o.number(orDefault: TouchFields.doubleTapInterval)
        return [time, time + duration + interval].map { down in
            TouchTrack(finger: finger, downTime: down, downPoint: p, segments: [.init(to: p, duration: duration, curve: .linear)], path: o.path)
        }
    }

    static func track(_ o: JSONObject, action: String, time: Double, canvas: Canvas) throws -> TouchTrack {
        try o.onlyKeys(SceneSchema.touch(action).names, common: ["at", "action", "comment"], action: action)
        let finger = try o.optional("finger")?.integer(in: SceneLimits.fingers) ?? 1
        func curve(_ key: String, _ d: TimingCurve) throws -> TimingCurve { try o.optional(key).map(SceneDecoder.decodeCurve) ?? d }
        var t = TouchTrack(finger: finger, downTime: time, downPoint: .zero, segments: [], path: o.path)
        switch action {
        case "touch":
            t.downPoint = try point(o.required("from"), canvas: canvas)
            t.segments = try waypoints(o.required("path"), from: t.downPoint, canvas: canvas)
        case "tap":
            t.downPoint = try point(o.required("point"), canvas: canvas)
            t.segments = [.init(to: t.downPoint, duration: try o.number(orDefault: TouchFields.tapDuration), curve: .linear)]
        case "longPress":
            t.downPoint = try point(o.required("point"), canvas: canvas)
            let hold = try o.required(TouchFields.longPressHold.name, "seconds before the finger moves or lifts").number(TouchFields.longPressHold)
            t.segments = [.init(to: t.downPoint, duration: hold, curve: .linear)]
            if let p = o.optional("path") { t.segments += try waypoints(p, from: t.downPoint, canvas: canvas) }
        case "drag":
            t.downPoint = try point(o.required("from"), canvas: canvas)
            let to = try point(o.required("to"), canvas: canvas)
            let before = try o.number(orDefault: TouchFields.holdBefore)
            let after = try o.number(orDefault: TouchFields.holdAfter)
            if before > 0 { t.segments.append(.init(to: t.downPoint, duration: before, curve: .linear)) }
            t.segments.append(.init(to: to, duration: try o.number(orDefault: TouchFields.dragDuration), curve: try curve("curve", .easeInEaseOut)))
            if after > 0 { t.segments.append(.init(to: to, duration: after, curve: .linear)) }
        case "flick":
            // A straight, constant-speed stroke that lifts while moving: it releases with `velocity`.
            let from = try point(o.required("from"), canvas: canvas)
            let vf = try o.required("velocity", "points per second")
            let v = try delta(vf)
            let d = try o.number(orDefault: TouchFields.flickDuration)
            let flick = TouchTrack.flick(finger: finger, at: time, from: from, velocity: v, duration: d)
            let to = flick.segments[0].to
            let mx = canvas.width * 1.5, my = canvas.height * 1.5
            guard to.x >= -mx, to.x <= mx + canvas.width, to.y >= -my, to.y <= my + canvas.height else {
                throw vf.error("expected a velocity that keeps the finger near the canvas over \(NumberFormat.short(d)) s, got (\(NumberFormat.short(v.x)), \(NumberFormat.short(v.y))) pt/s")
            }
            t.downPoint = from
            t.segments = flick.segments
        default:  // pull: drag by `by`, hold, release with no velocity
            t.downPoint = try point(o.required("from"), canvas: canvas)
            let by = try delta(o.required("by"))
            let to = Point(x: t.downPoint.x + by.x, y: t.downPoint.y + by.y)
            t.segments = [.init(to: to, duration: try o.number(orDefault: TouchFields.pullDuration), curve: try curve("curve", .easeOut)),
                          .init(to: to, duration: try o.number(orDefault: TouchFields.pullHold), curve: .linear)]
        }
        return t
    }
}
