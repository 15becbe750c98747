import XCTest
import UIKit
import Flipbook

/// JPEG images (libjpeg-turbo, Sources/CJPEG): Tests/FlipbookUIKitTests/Images/red-blue.jpg is
/// 40 × 20 pixels, its left half red and its right half blue (made with Pillow at quality 95,
/// no chroma subsampling; a progressive copy beside it). Drawn in an image view at scale 1,
/// the halves land where they are, within JPEG's error; a broken or huge file is one line
/// naming why; a name that finds no file is one line naming it.
final class JPEGImageTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Images").path

    final class Photo: UICollectionViewCell {
        nonisolated(unsafe) static var file = "red-blue.jpg"
        let photo = UIImageView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            photo.image = UIImage(contentsOfFile: JPEGImageTests.folder + "/" + Photo.file)
            photo.contentMode = .scaleToFill
            contentView.addSubview(photo)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testAJPEGIsDrawnWhereItsPixelsAre() throws {
        for file in ["red-blue.jpg", "red-blue-progressive.jpg"] {
            Photo.file = file
            let (frame, r) = try renderOneCell(Photo.self, size: CGSize(width: 60, height: 40), scale: 1)
            func near(_ c: (Int, Int, Int), _ e: (Int, Int, Int)) -> Bool { abs(c.0 - e.0) <= 8 && abs(c.1 - e.1) <= 8 && abs(c.2 - e.2) <= 8 }
            XCTAssertTrue(near(r.rgb(15, 20), (255, 0, 0)), "\(file): red half \(r.rgb(15, 20))")
            XCTAssertTrue(near(r.rgb(45, 20), (0, 0, 255)), "\(file): blue half \(r.rgb(45, 20))")
            XCTAssertTrue(near(r.rgb(5, 20), (255, 255, 255)), "\(file): the cell around it")
            // The animated SVG embeds the file's own bytes as a JPEG.
            let svg = String(decoding: try AnimatedSVGFormat().renderTimeline(Timeline(scene: "t", fps: 60, canvas: Canvas(width: 60, height: 40, scale: 1), frames: [frame]),
                                                                                options: RenderOptions())[0].bytes, as: UTF8.self)
            XCTAssertTrue(svg.contains("href=\"data:image/jpeg;base64,"), file)
        }
    }

    func testABrokenOrHugeJPEGIsOneLine() throws {
        let good = try Data(contentsOf: URL(fileURLWithPath: JPEGImageTests.folder + "/red-blue.jpg"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-jpeg-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The start of a JPEG, then bytes that are no marker.
        let broken = dir.appendingPathComponent("broken.jpg").path
        _ = FileManager.default.createFile(atPath: broken, contents: Data([0xFF, 0xD8, 0xFF, 0x00, 0x13, 0x37]))
        XCTAssertThrowsError(try ImageStore.read(broken)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(broken): cannot decode the JPEG: "), "\(error)")
        }
        // The same file claiming 5000 × 5000 pixels in its frame header (SOF0: FF C0, length,
        // precision, then height and width), refused before anything is decoded.
        var huge = [UInt8](good)
        let sof = try XCTUnwrap((0..<huge.count - 1).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        huge.replaceSubrange(sof + 5..<sof + 9, with: [0x13, 0x88, 0x13, 0x88])
        let big = dir.appendingPathComponent("huge.jpg").path
        _ = FileManager.default.createFile(atPath: big, contents: Data(huge))
        XCTAssertThrowsError(try ImageStore.read(big)) { error in
            XCTAssertEqual("\(error)", "\(big): expected a JPEG of at most 4096 x 4096 pixels, got 5000 x 5000")
        }
        // Neither a PNG nor a JPEG.
        let text = dir.appendingPathComponent("notes.png").path
        _ = FileManager.default.createFile(atPath: text, contents: Data("hello".utf8))
        XCTAssertThrowsError(try ImageStore.read(text)) { error in
            XCTAssertEqual("\(error)", "\(text): expected a PNG or JPEG file (it starts with neither's signature)")
        }
    }

    final class Missing: UICollectionViewCell {
        let photo = UIImageView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        override init(frame: CGRect) {
            super.init(frame: frame)
            photo.image = UIImage(named: "no-such-picture")
            contentView.addSubview(photo)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testANameThatFindsNoImageIsNamed() throws {
        XCTAssertThrowsError(try renderOneCell(Missing.self, size: CGSize(width: 20, height: 20), scale: 1)) { error in
            XCTAssertTrue("\(error)".contains("UIImage(named: \"no-such-picture\") found no PNG or JPEG of that name in "), "\(error)")
        }
        // A package's resources: UIImage(named:in:compatibleWith:) looks in the bundle's folder.
        let bundle = try XCTUnwrap(Bundle(path: JPEGImageTests.folder))
        XCTAssertEqual(UIImage(named: "red-blue", in: bundle, compatibleWith: nil)?.size, CGSize(width: 40, height: 20))
    }
}
