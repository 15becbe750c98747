import XCTest
import UIKit
import Flipbook

/// A check names a view inside a cell by the property that holds it: a label whose text
/// changed is "\"0-0\" › titleLabel: text \"Up\" → \"Down\"", not "content changed"; the name
/// survives the golden's keyframes.json.
final class ViewNamesTests: XCTestCase {
    final class MovieCell: UICollectionViewCell {
        let titleLabel = UILabel()
        let posterView = UIView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            posterView.backgroundColor = .systemBlue
            posterView.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            titleLabel.frame = CGRect(x: 60, y: 10, width: 200, height: 22)
            contentView.addSubview(posterView)
            contentView.addSubview(titleLabel)
            let unnamed = UILabel(frame: CGRect(x: 60, y: 34, width: 200, height: 20))
            unnamed.text = "2026"
            contentView.addSubview(unnamed)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        let title: String, poster: UIColor
        init(title: String, poster: UIColor) { self.title = title; self.poster = poster }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "movie", for: indexPath) as! MovieCell
            cell.titleLabel.text = indexPath.item == 0 ? title : "Other"
            cell.posterView.backgroundColor = poster
            return cell
        }
    }

    func timeline(title: String, poster: UIColor) throws -> Timeline {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 375, height: 60)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
        cv.register(MovieCell.self, forCellWithReuseIdentifier: "movie")
        let source = Source(title: title, poster: poster)
        cv.dataSource = source
        return try Simulator.run(Scene(name: "movies", canvas: Canvas(width: 375, height: 300, scale: 1, background: .white), duration: 0.1,
                                       collectionView: cv))
    }

    func testAChangedLabelIsNamedByItsProperty() throws {
        let before = try timeline(title: "Up", poster: .systemBlue)
        let after = try timeline(title: "Down", poster: .systemRed)
        // Through the golden's file, as `check` reads it.
        let golden = try KeyframesJSONFormat.read(Array(KeyframesJSONFormat.text(before).utf8), file: "keyframes.json")
        let lines = SemanticDiff.compare(golden, after).items.map { $0.summary(fps: 60) }
        XCTAssertEqual(lines.count, 2, "\(lines)")
        let first = try XCTUnwrap(lines.first { $0.hasPrefix("\"0-0\"") })
        XCTAssertTrue(first.hasPrefix("\"0-0\" › posterView: background #007AFF → #FF3B30; › titleLabel: text \"Up\" → \"Down\" at frames"), first)
        let other = try XCTUnwrap(lines.first { $0.hasPrefix("\"0-1\"") })
        XCTAssertTrue(other.hasPrefix("\"0-1\" › posterView: background #007AFF → #FF3B30 at frames"), other)
        // The unnamed label is named by its place: contentView's second UILabel... unchanged here,
        // so it is not mentioned.
        XCTAssertFalse(first.contains("UILabel["), first)
        let look = try KeyframesJSONFormat.text(before)
        XCTAssertTrue(look.contains("\"view\":\"contentView › UILabel[1]\""), "the unnamed label by its class and place")
        XCTAssertTrue(look.contains("\"view\":\"titleLabel\""))
    }
}
