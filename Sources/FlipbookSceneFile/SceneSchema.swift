import FlipbookCore
import FlipbookJSON
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// The fields of every object of a scene file (docs/scene-format.md): the decoder reads each
/// object through its table here (`JSONField.object(_:)`), and `flipbook schema` writes the same
/// tables as a JSON Schema (`SceneDecoder.schema()`), so an editor offers exactly the keys the
/// decoder accepts. The decoder still checks what a schema cannot say (an id that must exist,
/// "either … or …", sizes in pixels); the types here say what each field holds.
enum SceneSchema {
    typealias F = FieldSpec

    static let offsetLimit = -SceneLimits.maxOffset...SceneLimits.maxOffset
    static let seconds = FieldType.nonNegative(max: SceneLimits.maxDuration)
    static let itemID = FieldType.anyOf([.nonEmptyString, .integer(-999_999_999_999_999...999_999_999_999_999)])

    // MARK: - Top level

    static let root = FieldTable([
        F("name", .nonEmptyString, "Scene name (keyframes, output and golden folders); default: the file name without .json"),
        F("canvas", .reference("canvas"), "The picture: size in points, scale, background", required: true),
        F("fps", .integer(SceneLimits.fpsRange), "Frames per second (default 60)"),
        F("duration", .positive(max: SceneLimits.maxDuration), "Seconds rendered", required: true),
        F("collectionView", .reference("collectionView"), "The main collection view", required: true),
        F("script", .array(.reference("step"), count: 0...SceneLimits.maxScriptSteps), "Timed actions and touches"),
        F("comment", .any, "Ignored"),
        F("$schema", .string, "Where an editor finds this schema (flipbook schema > scene.schema.json); ignored"),
        F("touchSampleRate", .integer(SceneLimits.touchSampleRateRange), "Hz at which fingers are sampled (default 120)"),
        F("displayRefreshRate", .integer(SceneLimits.displayRefreshRateRange), "Hz of display-link callbacks (default 60)"),
        F("effect", .reference("effect"), "An interaction effect driven by the touches"),
        F("views", .array(.reference("collectionView"), count: 0...16), "More scroll views after the main one, each with its own id"),
        F("chrome", .array(.reference("item"), count: 0...1000), "Fixed items drawn above every view; each needs x, y, width and height"),
        F("templates", .entries(.reference("templateFields")), "Named item templates an item takes with \"template\": name"),
    ])

    static let canvas = FieldTable([
        F("width", .positive(max: SceneLimits.maxCanvasPoints), "Width in points", required: true),
        F("height", .positive(max: SceneLimits.maxCanvasPoints), "Height in points", required: true),
        F("scale", .integer(SceneLimits.scaleRange), "Pixels per point (default 2)"),
        F("background", .color, "Behind everything (default #F2F2F7)"),
    ])

    // MARK: - Geometry

    static let rect = FieldTable([
        F("x", .number, "Default 0"), F("y", .number, "Default 0"),
        F("width", .nonNegative(max: SceneLimits.maxItemPoints), required: true),
        F("height", .nonNegative(max: SceneLimits.maxItemPoints), required: true),
    ])
    static let size = FieldTable([
        F("width", .positive(max: SceneLimits.maxItemPoints), required: true),
        F("height", .positive(max: SceneLimits.maxItemPoints), required: true),
    ])
    static let insets = FieldTable(["top", "left", "bottom", "right"].map {
        F($0, .nonNegative(max: SceneLimits.maxCanvasPoints), "Points (default 0)")
    })
    /// A content offset; either component may be left out (but not both).
    static let offset = FieldTable([F("x", .number(offsetLimit)), F("y", .number(offsetLimit))])
    /// An offset or velocity of a touch (`pull`'s `by`, `flick`'s `velocity`).
    static let delta = FieldTable([F(TouchFields.deltaX), F(TouchFields.deltaY)])
    /// A point on the canvas (a finger may start up to half a canvas outside it).
    static let touchPoint = FieldTable([F("x", .number, required: true), F("y", .number, required: true)])
    static let waypoint = touchPoint.adding([
        F(TouchFields.moveDuration),
        F("curve", .reference("curve"), "Default linear"),
    ])
    static let hold = FieldTable([F(TouchFields.hold, required: true)])
    /// The fields of a point, size or rect property value (`changes`, `addAnimation` values).
    static let pointValue = FieldTable([F("x", .number, required: true), F("y", .number, required: true)])
    static let sizeValue = FieldTable([F("width", .number, required: true), F("height", .number, required: true)])
    static let rectValue = FieldTable([F("x", .number, "Default 0"), F("y", .number, "Default 0"),
                                       F("width", .number, required: true), F("height", .number, required: true)])

    // MARK: - Collection views

    static let collectionView = FieldTable([
        F("id", .nonEmptyString, "Id of the view (default \"collectionView\")"),
        F("frame", .object(rect), "Where the view sits on the canvas (default: the whole canvas)"),
        F("contentInset", .object(insets), "UIScrollView.contentInset"),
        F("contentOffset", .object(offset), "Initial offset (default: minus the insets)"),
        F("backgroundColor", .color, "Default #FFFFFF"),
        F("layout", .reference("layout"), "The layout: {\"type\": …, fields}", required: true),
        F("items", .anyOf([.array(.reference("itemEntry"), count: 0...SceneLimits.maxItems), .reference("repeatedItem")]),
          "The items of a single section (or one item with \"repeat\")"),
        F("sections", .array(.object(section), count: 1...1000), "Several sections"),
        F("cell", .reference("cellStyle"), "How cells are drawn"),
        F("header", .reference("supplementaryStyle"), "How section headers are drawn"),
        F("footer", .reference("supplementaryStyle"), "How section footers are drawn"),
        F("sectionBackground", .reference("supplementaryStyle"), "How section backgrounds (decoration items) are drawn"),
        F("isPagingEnabled", .bool, "UIScrollView.isPagingEnabled (default false)"),
        F("bounces", .bool, "Rubber band past the edges (default true)"),
        F("alwaysBounceVertical", .bool, "Default false"),
        F("alwaysBounceHorizontal", .bool, "Default false"),
        F("scrollEnabled", .bool, "Whether a finger scrolls the view (default true)"),
        F("decelerationRate", .anyOf([.names(["normal", "fast"]), .number(SceneLimits.decelerationRates)]),
          "Velocity kept per millisecond after a release: \"normal\" (0.998), \"fast\" (0.99) or a rate"),
    ])

    static let section = FieldTable([
        F("id", .nonEmptyString, "Default \"section<i>\""),
        F("header", .string, "The section header's title"),
        F("footer", .string, "The section footer's title"),
        F("items", .anyOf([.array(.reference("itemEntry"), count: 0...SceneLimits.maxItems), .reference("repeatedItem")]), required: true),
    ])

    // MARK: - Items

    static let item = FieldTable([
        F("id", itemID, "Stable identity, unique in the scene", required: true),
        F("title", .string, "The cell's title label"),
        F("subtitle", .string, "A second, smaller label (or secondaryText)"),
        F("secondaryText", .string, "UIListContentConfiguration's name for subtitle"),
        F("color", .color, "Cell fill (default: a system colour by position)"),
        F("width", .anyOf([.positive(max: SceneLimits.maxItemPoints), .names(["fit"])]), "Per-item width, or \"fit\" the title (with height)"),
        F("height", .positive(max: SceneLimits.maxItemPoints), "Per-item height (with width)"),
        F("x", .number(offsetLimit), "Per-item origin (absolute layout)"),
        F("y", .number(offsetLimit), "Per-item origin (absolute layout)"),
        F("style", .reference("cellStyle"), "Per-item look"),
        F("content", .array(.reference("content"), count: 0...1000), "Text, blocks and images inside the item"),
        F("accessories", .array(.names(CellAccessory.self), count: 0...5), "A list row's UICellAccessory glyphs"),
        F("image", .nonEmptyString, "A list row's PNG image, relative to the scene's folder"),
        F("leadingSwipeActions", .reference("swipeActions"), "UISwipeActionsConfiguration from the leading edge"),
        F("trailingSwipeActions", .reference("swipeActions"), "UISwipeActionsConfiguration from the trailing edge"),
        F("zIndex", .integer(SceneLimits.zIndexRange), "Draw order among the items, over the layout's"),
    ])

    /// What an item entry adds in a list (docs/scene-format.md#item-templates).
    static let templating = [
        F("template", .nonEmptyString, "Takes the fields of templates[name]"),
        F("repeat", .integer(1...SceneLimits.maxItems), "Stands for n items; {i} in strings is the copy's index"),
    ]

    /// An item's fields where a repeat may cycle them: each as its value or an array of values.
    static func cycling(_ table: FieldTable) -> FieldTable {
        FieldTable(table.fields.map { f in
            var f = f
            f.isRequired = false
            if !ItemTemplates.arrayFields.contains(f.name) { f.type = .anyOf([f.type, .array(f.type, count: 1...SceneLimits.maxItems)]) }
            return f
        })
    }

    static let swipeActions = FieldTable([
        F("actions", .array(.object(contextualAction), count: 0...5), "The first is the outermost", required: true),
        F("performsFirstActionWithFullSwipe", .bool, "Default true"),
    ])
    static let contextualAction = FieldTable([
        F("title", .string), F("image", .nonEmptyString, "A PNG relative to the scene's folder"),
        F("backgroundColor", .color), F("style", .names(ContextualAction.Style.self), "Default normal"),
    ])

    static let textFields = [
        FieldSpec(ContentSpec.Fields.fontSize),
        F("weight", .names(FontWeight.self), "Default regular"),
        F("align", .names(["left", "center", "right"]), "Default left"),
        F("color", .color, "Default #000000"),
        F("numberOfLines", .integer(ContentSpec.Fields.numberOfLines), "Default 1 (0: as many as fit)"),
        F("lineBreakMode", .names(LineBreakMode.self), "Default byTruncatingTail"),
        F("italic", .bool, "Default false: Inter's italic face"),
    ]
    static let content = FieldTable([
        F("text", .string, "A label"),
        F("rect", .color, "A filled block"),
        F("image", .nonEmptyString, "A PNG relative to the scene's folder"),
        F("contentMode", .names(ContentMode.self), "How an image fills its frame (default scaleAspectFill)"),
        FieldSpec(ContentSpec.Fields.cornerRadius),
    ] + placement.fields + textFields)
    /// Where an element sits inside an item: x or right, y or bottom, width?, height.
    static let placement = FieldTable(ContentSpec.Fields.placement.map { FieldSpec($0, required: $0.name == "height") })

    // MARK: - Looks

    static let cellStyle = FieldTable([
        F("cornerRadius", .number(CellStyle.Limits.cornerRadius), "Default 12"),
        F("corners", .names(["all", "top", "bottom", "none"]), "Which corners are rounded"),
        F("maskedCorners", .array(.names(["layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"]), count: 0...4),
          "CACornerMask's names (min Y is the top)"),
        F("shadow", .anyOf([.bool, .null, .object(shadow)]), "true: the card shadow; false or null: none; or CALayer's shadow fields"),
        F("border", .nullable(.color), "CALayer.borderColor (default #00000026)"),
        F("borderWidth", .number(CellStyle.Limits.borderWidth), "Default: one device pixel"),
        F("clipsToBounds", .bool, "Clip content to the rounded shape (default true)"),
        F("titleSize", .positive(max: CellStyle.Limits.textSize.upperBound), "Default 17"),
        F("titleColor", .nullable(.color), "null: black or white by the fill"),
        F("titleAlignment", .names(["left", "center", "right"]), "Default left"),
        F("titleWeight", .names(FontWeight.self), "Default bold"),
        F("titleNumberOfLines", .integer(CellStyle.Limits.numberOfLines), "Default 1"),
        F("titleLineBreakMode", .names(LineBreakMode.self), "Default byTruncatingTail"),
        F("subtitleSize", .positive(max: CellStyle.Limits.textSize.upperBound), "Default 13"),
        F("subtitleColor", .nullable(.color), "null: the title colour at 70 % opacity"),
        F("contentInsets", .object(insets), "Around the labels"),
        F("highlightedColor", .nullable(.color), "A cell's fill while a finger rests on it (after 150 ms), until it lifts or scrolls"),
    ])
    /// A header's, footer's or section background's look, which also takes a fill.
    static let supplementaryStyle = cellStyle.adding([F("backgroundColor", .nullable(.color), "Makes it opaque")])
    static let shadow = FieldTable([
        F("color", .color, "Default #000000"),
        F("opacity", .number(CellStyle.Limits.shadowOpacity), "Default 0.16"),
        F("offset", .object(shadowOffset), "Default {width 0, height 2}"),
        F("radius", .number(CellStyle.Limits.shadowRadius), "Default 4"),
    ])
    static let shadowOffset = FieldTable([F("width", .number(CellStyle.Limits.shadowOffset)), F("height", .number(CellStyle.Limits.shadowOffset))])

    // MARK: - Timing

    static let spring = FieldTable(Spring.Fields.all.map { FieldSpec($0) })
    /// A name, or [x1, y1, x2, y2] (JSON Schema's prefixItems would tell x from y: the decoder
    /// checks each x against TimingCurve.controlPointXRange).
    static let curve = FieldType.anyOf([.names(TimingCurve.named.map(\.name)), .array(.number(TimingCurve.controlPointYRange), count: 4...4)])

    // MARK: - Script

    /// Fields every script step may have besides its action's own.
    static let stepFields = [F("at", seconds, "Seconds from the start", required: true), F("comment", .any, "Ignored")]

    static let timing = [
        F(ActionDecoder.TimingFields.duration),
        F("curve", .reference("curve"), "Default easeInEaseOut"),
        F("spring", .object(spring), "A spring instead of a curve"),
    ]
    static let completion = F("completion", .array(.reference("completionAction"), count: 0...SceneLimits.maxScriptSteps),
                              "Actions run when the animation ends")

    /// The actions of `ActionDecoder`, by name: their own fields.
    static let actions: [(name: String, table: FieldTable)] = [
        ("setContentOffset", FieldTable([F("contentOffset", .object(offset), required: true)])),
        ("scrollTo", FieldTable([F("contentOffset", .object(offset), required: true)] + timing)),
        ("set", FieldTable([F("changes", .array(.object(change), count: 0...SceneLimits.maxItems), required: true)])),
        ("animate", animate),
        ("addAnimation", FieldTable([
            F("item", itemID, "The item animated (or allCells)"), F("allCells", .bool, "Every cell"),
            F("key", .nonEmptyString, "Default \"animation\""),
            F("property", .names(ItemProperty.self), required: true),
            F("values", .array(.any, count: 1...SceneLimits.maxKeyframeValues), "Values of the property's kind", required: true),
            F("keyTimes", .array(.number(0...1))), F("calculationMode", .names(KeyframeAnimation<PropertyValue>.CalculationMode.self)),
            F("timingFunctions", .array(.reference("curve"))), F("timingFunction", .reference("curve")),
            F("duration", .positive(max: SceneLimits.maxDuration), required: true), F("beginTime", seconds),
            F("repeatCount", .anyOf([.nonNegative(max: SceneLimits.maxRepeatCount), .names(["infinity"])])), F("autoreverses", .bool),
            F("fillMode", .names(KeyframeAnimation<PropertyValue>.FillMode.self)), F("additive", .bool),
        ])),
        ("removeAnimation", FieldTable([F("item", itemID), F("allCells", .bool), F("key", .nonEmptyString)])),
        ("performBatchUpdates", FieldTable([
            F("updates", .array(.anyOf(updates.map { .object($0) }), count: 0...SceneLimits.maxItems), required: true),
        ] + timing + [completion])),
    ]

    /// `{"item": id, property: value, …, "hidden": bool}`.
    static let change = FieldTable([F("item", itemID, required: true), F("hidden", .bool)] + ItemProperty.allCases.map { p in
        F(p.rawValue, propertyValue(p))
    })
    static let animate = FieldTable(timing + [
        F(ActionDecoder.TimingFields.delay),
        F("changes", .array(.anyOf([.object(change), .object(nestedAnimation)]), count: 0...SceneLimits.maxItems), required: true),
        completion,
    ])
    /// `{"animate": {…}}` among an animation's changes: a nested animation block.
    static let nestedAnimation = FieldTable([F("animate", .reference("nestedAnimation"), required: true)])
    static let nestedAnimationFields = animate.adding([F("overrideInheritedDuration", .bool), F("overrideInheritedCurve", .bool)])

    static func propertyValue(_ p: ItemProperty) -> FieldType {
        switch p.valueKind {
        case .number: return .number
        case .point: return .object(pointValue)
        case .size: return .object(sizeValue)
        case .rect: return .object(rectValue)
        case .color: return .color
        }
    }

    static let indexPath = FieldTable([F("section", sectionIndex, "Default 0"), F("item", .integer(0...SceneLimits.maxItems), required: true)])
    static let updates: [FieldTable] = [deleteUpdate, insertUpdate, moveUpdate, reloadUpdate, layoutUpdate,
                                        insertSectionUpdate, deleteSectionUpdate, moveSectionUpdate]
    static let sectionIndex = FieldType.integer(SceneLimits.sectionIndices)
    static let insertedSection = FieldTable([
        F("id", .nonEmptyString, "A section id no other section has", required: true),
        F("header", .string, "The section header's title"), F("footer", .string, "The section footer's title"),
        F("items", .array(.reference("item"), count: 0...SceneLimits.maxItems), required: true),
    ])
    static let insertSectionUpdate = FieldTable([F("insertSection", .object(insertedSection), required: true),
                                                 F("at", sectionIndex, "Its index after the update", required: true)])
    static let deleteSectionUpdate = FieldTable([F("deleteSection", sectionIndex, "Its index before the update", required: true)])
    static let moveSectionUpdate = FieldTable([F("moveSection", sectionIndex, "Its index before the update", required: true),
                                               F("to", sectionIndex, "Its index after the update", required: true)])
    static let deleteUpdate = FieldTable([F("delete", itemID, required: true)])
    static let insertUpdate = FieldTable([F("insert", .reference("item"), required: true), F("to", .object(indexPath), required: true)])
    static let moveUpdate = FieldTable([F("move", itemID, required: true), F("to", .object(indexPath), required: true)])
    static let reloadUpdate = FieldTable([
        F("reload", itemID, required: true), F("title", .string), F("subtitle", .string), F("secondaryText", .string),
        F("color", .color), F("width", .positive(max: SceneLimits.maxItemPoints)), F("height", .positive(max: SceneLimits.maxItemPoints)),
    ])
    static let layoutUpdate = FieldTable([F("layout", .entries(.any), "The main layout's fields to change", required: true)])

    /// The touches of `TouchDecoder`, by name: their own fields.
    static let touches: [(name: String, table: FieldTable)] = {
        let finger = F("finger", .integer(SceneLimits.fingers), "Default 1")
        let fingers = F("fingers", .array(.integer(SceneLimits.fingers), count: 2...2), "Default [1, 2]")
        let point = FieldType.object(touchPoint)
        let path = FieldType.array(.anyOf([.object(waypoint), .object(hold)]), count: 1...SceneLimits.maxWaypoints)
        let distance = FieldType.number(1...(2 * SceneLimits.maxCanvasPoints))
                return [
            ("touch", FieldTable([finger, F("from", point, required: true), F("path", path, required: true)])),
            ("tap", FieldTable([finger, F("point", point, required: true), F(TouchFields.tapDuration)])),
            ("doubleTap", FieldTable([finger, F("point", point, required: true), F(TouchFields.doubleTapDuration), F(TouchFields.doubleTapInterval)])),
            ("longPress", FieldTable([finger, F("point", point, required: true), F(TouchFields.longPressHold, required: true), F("path", path)])),
            ("drag", FieldTable([finger, F("from", point, required: true), F("to", point, required: true), F(TouchFields.dragDuration),
                                 F("curve", .reference("curve"), "Default easeInEaseOut"), F(TouchFields.holdBefore), F(TouchFields.holdAfter)])),
            ("flick", FieldTable([finger, F("from", point, required: true), F("velocity", .object(delta), "Points per second", required: true),
                                  F(TouchFields.flickDuration)])),
            ("pull", FieldTable([finger, F("from", point, required: true), F("by", .object(delta), required: true), F(TouchFields.pullDuration),
                                 F("curve", .reference("curve"), "Default easeOut"), F(TouchFields.pullHold)])),
            ("pinch", FieldTable([fingers, F("center", point, required: true), F("fromDistance", distance, required: true),
                                  F("toDistance", distance, required: true), F(TouchFields.angle), F(TouchFields.twoFingerDuration),
                                  F("curve", .reference("curve"), "Default easeInEaseOut")])),
            ("rotate", FieldTable([fingers, F("center", point, required: true), F("distance", distance, required: true), F(TouchFields.fromAngle),
                                   F(TouchFields.toAngle), F(TouchFields.twoFingerDuration), F("curve", .reference("curve"), "Default easeInEaseOut")])),
            ("touchDown", FieldTable([finger, F("point", point, required: true)])),
            ("touchMove", FieldTable([finger, F("to", point, required: true), F(TouchFields.moveDuration), F("curve", .reference("curve"), "Default linear")])),
            ("touchUp", FieldTable([finger])),
        ]
    }()

    static func action(_ name: String) -> FieldTable { actions.first { $0.name == name }!.table }
    static func touch(_ name: String) -> FieldTable { touches.first { $0.name == name }!.table }
}

extension SceneDecoder {
    /// The scene format as a JSON Schema (draft 2020-12) for editors: the field tables the
    /// decoder reads, with the layouts and effects registered on this decoder.
    public func schema() throws -> String {
        typealias S = SceneSchema
        let step = FieldType.tagged(key: "action", variants: (S.actions + S.touches).map { ($0.name, $0.table.adding(S.stepFields)) })
        let completionAction = FieldType.tagged(key: "action", variants: S.actions.map { ($0.name, $0.table.adding([FieldSpec("comment", .any)])) })
        let layout = FieldType.tagged(key: "type", variants: layouts.map { ($0.typeName, $0.fieldTable) })
        let effect = FieldType.tagged(key: "type", variants: effects.map { ($0.typeName, $0.fieldTable) })
        let cycled = S.cycling(S.item)
        return try JSONSchema(
            id: "urn:flipbook:scene",
            title: "Flipbook scene",
            summary: "A Flipbook scene file (docs/scene-format.md): a canvas, collection views with their layouts and items, and a timed script.",
            root: S.root,
            definitions: [
                ("canvas", .object(S.canvas), "The picture: size in points, scale and background"),
                ("collectionView", .object(S.collectionView), "A collection view: frame, scrolling, layout, items and looks"),
                ("layout", layout, "A layout of a registered type, by \"type\""),
                ("effect", effect, "An interaction effect of a registered type, by \"type\""),
                ("item", .object(S.item), "An item (a cell)"),
                ("itemEntry", .anyOf([.reference("item"), .reference("templatedItem"), .reference("repeatedItem")]),
                 "An item, or one that takes a template or repeats"),
                ("templatedItem", .object(cycled.adding([S.templating[0].required, S.templating[1]])),
                 "An item that takes a template's fields (a repeat may cycle a field through an array)"),
                ("repeatedItem", .object(cycled.adding([S.templating[0], S.templating[1].required])),
                 "An item that stands for n items; in every string {i} is the copy's index, and a field given as an array is cycled"),
                ("templateFields", .object(cycled), "Item fields a template gives the items that name it"),
                ("content", .object(S.content), "Text, a block or an image inside an item: exactly one of text, rect and image"),
                ("swipeActions", .object(S.swipeActions), "UISwipeActionsConfiguration"),
                ("cellStyle", .object(S.cellStyle), "How an item is drawn (CALayer's and UILabel's names)"),
                ("supplementaryStyle", .object(S.supplementaryStyle), "How a header, footer or section background is drawn"),
                ("curve", S.curve, "A Core Animation curve name or cubic Bézier control points [x1, y1, x2, y2]"),
                ("step", step, "A script step: an action or a touch at a time"),
                ("completionAction", completionAction, "An action run when an animation completes"),
                ("compositionalGroup", .object(CompositionalLayout.groupTable), "NSCollectionLayoutGroup: a direction, a size and items (or nested groups)"),
                ("nestedAnimation", .object(S.nestedAnimationFields), "A nested animation block: inherits the outer duration and curve unless it overrides them"),
            ]).document()
    }
}

extension SceneSchema {
    /// The fields of options read through `SceneDecoder.decodeNumbers`, each in its range.
    static func table<Root>(_ numbers: [NumberField<Root>]) -> FieldTable {
        FieldTable(numbers.map { FieldSpec($0) })
    }
}
