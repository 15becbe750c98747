// An App Store "Today"-like feed written as an iOS app writes it: a compositional layout of
// full-width story cards under a header, a diffable data source keyed by story ids, and cells
// and a header whose labels stack views and Auto Layout place. Nothing here knows Flipbook:
// examples/uikit-scenes makes scenes from it.
import UIKit

struct TodayStory: Hashable, Identifiable {
    let id: String
    var caption: String
    var title: String
    var subtitle: String
    /// The card's artwork: a large emoji on the card's colour.
    var art: String
    var color: UIColor
}

final class TodayCardCell: UICollectionViewCell {
    static let inset: CGFloat = 20
    static let cornerRadius: CGFloat = 16

    let artLabel = UILabel()
    let captionLabel = UILabel()
    let titleLabel = UILabel()
    let subtitleLabel = UILabel()
    let headlineStack = UIStackView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = TodayCardCell.cornerRadius
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.18
        layer.shadowRadius = 12
        layer.shadowOffset = CGSize(width: 0, height: 6)

        captionLabel.font = .systemFont(ofSize: 13, weight: .semibold)
        captionLabel.textColor = UIColor(white: 1, alpha: 0.75)
        titleLabel.font = .systemFont(ofSize: 28, weight: .bold)
        titleLabel.textColor = .white
        titleLabel.numberOfLines = 2
        subtitleLabel.font = .preferredFont(forTextStyle: .subheadline)
        subtitleLabel.textColor = UIColor(white: 1, alpha: 0.85)
        subtitleLabel.numberOfLines = 2
        artLabel.font = .systemFont(ofSize: 120)
        artLabel.textAlignment = .center

        headlineStack.axis = .vertical
        headlineStack.spacing = 4
        headlineStack.alignment = .leading
        headlineStack.addArrangedSubview(captionLabel)
        headlineStack.addArrangedSubview(titleLabel)

        for view in [artLabel, headlineStack, subtitleLabel] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let inset = TodayCardCell.inset
        NSLayoutConstraint.activate([
            headlineStack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: inset),
            headlineStack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: inset),
            headlineStack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
            artLabel.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
            artLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor, constant: 20),
            subtitleLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: inset),
            subtitleLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
            subtitleLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -inset),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(with story: TodayStory) {
        backgroundColor = story.color
        captionLabel.text = story.caption.uppercased()
        titleLabel.text = story.title
        subtitleLabel.text = story.subtitle
        artLabel.text = story.art
    }
}

final class TodayHeaderView: UICollectionReusableView {
    let dateLabel = UILabel()
    let titleLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        dateLabel.font = .systemFont(ofSize: 13, weight: .semibold)
        dateLabel.textColor = .secondaryLabel
        titleLabel.font = .systemFont(ofSize: 34, weight: .bold)
        for view in [dateLabel, titleLabel] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        NSLayoutConstraint.activate([
            dateLabel.leadingAnchor.constraint(equalTo: leadingAnchor),
            dateLabel.bottomAnchor.constraint(equalTo: titleLabel.topAnchor),
            titleLabel.leadingAnchor.constraint(equalTo: leadingAnchor),
            titleLabel.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

public final class TodayViewController: UIViewController {
    enum Section { case today }

    public private(set) var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, TodayStory.ID>!
    var stories: [TodayStory.ID: TodayStory] = [:]

    static let cardHeight: CGFloat = 412
    static let cardSpacing: CGFloat = 24
    static let headerHeight: CGFloat = 76

    static let sampleStories = [
        TodayStory(id: "premiere", caption: "World Premiere", title: "The Game Everyone Is Talking About",
                   subtitle: "Build a kingdom, one tile at a time.", art: "🏰", color: UIColor(red: 0.23, green: 0.35, blue: 0.75, alpha: 1)),
        TodayStory(id: "tips", caption: "Tips & Tricks", title: "Get More From Your Photos",
                   subtitle: "Five edits that make any picture pop.", art: "📸", color: UIColor(red: 0.85, green: 0.42, blue: 0.20, alpha: 1)),
        TodayStory(id: "app-of-the-day", caption: "App of the Day", title: "Sleep Better Tonight",
                   subtitle: "Wind down with stories and sounds.", art: "🌙", color: UIColor(red: 0.16, green: 0.18, blue: 0.30, alpha: 1)),
        TodayStory(id: "collection", caption: "Collection", title: "Cook Like a Pro",
                   subtitle: "Recipes, timers and shopping lists.", art: "🍳", color: UIColor(red: 0.20, green: 0.55, blue: 0.40, alpha: 1)),
    ]

    /// The story that arrives while the feed is open (`addBreakingStory()`).
    static let breakingStory = TodayStory(id: "breaking", caption: "Now Available", title: "A New Season Begins",
                                          subtitle: "New levels, new friends, same great game.", art: "🚀",
                                          color: UIColor(red: 0.55, green: 0.25, blue: 0.60, alpha: 1))

    public override func viewDidLoad() {
        super.viewDidLoad()
        for story in TodayViewController.sampleStories { stories[story.id] = story }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        collectionView.backgroundColor = .systemBackground
        view.addSubview(collectionView)

        let cardRegistration = UICollectionView.CellRegistration<TodayCardCell, TodayStory.ID> { [unowned self] cell, _, id in
            if let story = self.stories[id] { cell.configure(with: story) }
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<TodayHeaderView>(elementKind: UICollectionView.elementKindSectionHeader) { header, _, _ in
            header.dateLabel.text = "FRIDAY, DECEMBER 5"
            header.titleLabel.text = "Today"
        }
        dataSource = UICollectionViewDiffableDataSource<Section, TodayStory.ID>(collectionView: collectionView) { collectionView, indexPath, id in
            collectionView.dequeueConfiguredReusableCell(using: cardRegistration, for: indexPath, item: id)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, TodayStory.ID>()
        snapshot.appendSections([.today])
        snapshot.appendItems(TodayViewController.sampleStories.map(\.id))
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func makeLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                         heightDimension: .absolute(TodayViewController.cardHeight)),
                                                     subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = TodayViewController.cardSpacing
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 20, bottom: 24, trailing: 20)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(TodayViewController.headerHeight)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// A story arrives: it is inserted second, animated, as the feed updates while open.
    public func addBreakingStory() {
        let story = TodayViewController.breakingStory
        stories[story.id] = story
        var snapshot = dataSource.snapshot()
        if let first = snapshot.itemIdentifiers.first {
            snapshot.insertItems([story.id], afterItem: first)
        } else {
            snapshot.appendItems([story.id])
        }
        dataSource.apply(snapshot)
    }
}
