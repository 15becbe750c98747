// A Mail-like inbox written as an iOS app writes it: a list layout with swipe actions, a
// diffable data source keyed by message ids, and a list cell subclass whose labels Auto Layout
// places. Nothing here knows Flipbook: examples/uikit-scenes makes scenes from it (the view
// controller is public as a feature module's is, so that target can make it).
import UIKit

struct MailMessage: Hashable, Identifiable {
    let id: String
    var sender: String
    var subject: String
    var preview: String
    var date: String
    var isUnread = true
    var isFlagged = false
}

final class MailMessageCell: UICollectionViewListCell {
    static let inset: CGFloat = 16
    static let dotSize: CGFloat = 10
    static let dotGap: CGFloat = 8
    static let verticalInset: CGFloat = 10
    static let lineGap: CGFloat = 2

    let unreadDot = UIView()
    let flagDot = UIView()
    let senderLabel = UILabel()
    let dateLabel = UILabel()
    let subjectLabel = UILabel()
    let previewLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        unreadDot.backgroundColor = .systemBlue
        unreadDot.layer.cornerRadius = MailMessageCell.dotSize / 2
        flagDot.backgroundColor = .systemOrange
        flagDot.layer.cornerRadius = MailMessageCell.dotSize / 2
        senderLabel.font = .preferredFont(forTextStyle: .headline)
        dateLabel.font = .preferredFont(forTextStyle: .subheadline)
        dateLabel.textColor = .secondaryLabel
        subjectLabel.font = .preferredFont(forTextStyle: .subheadline)
        previewLabel.font = .preferredFont(forTextStyle: .subheadline)
        previewLabel.textColor = .secondaryLabel
        previewLabel.numberOfLines = 2
        for view in [unreadDot, flagDot, senderLabel, dateLabel, subjectLabel, previewLabel] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        dateLabel.setContentHuggingPriority(.required, for: .horizontal)
        dateLabel.setContentCompressionResistancePriority(.required, for: .horizontal)

        let inset = MailMessageCell.inset
        NSLayoutConstraint.activate([
            unreadDot.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: inset),
            unreadDot.centerYAnchor.constraint(equalTo: senderLabel.centerYAnchor),
            unreadDot.widthAnchor.constraint(equalToConstant: MailMessageCell.dotSize),
            unreadDot.heightAnchor.constraint(equalToConstant: MailMessageCell.dotSize),
            flagDot.centerXAnchor.constraint(equalTo: unreadDot.centerXAnchor),
            flagDot.centerYAnchor.constraint(equalTo: subjectLabel.centerYAnchor),
            flagDot.widthAnchor.constraint(equalToConstant: MailMessageCell.dotSize),
            flagDot.heightAnchor.constraint(equalToConstant: MailMessageCell.dotSize),

            senderLabel.leadingAnchor.constraint(equalTo: unreadDot.trailingAnchor, constant: MailMessageCell.dotGap),
            senderLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: MailMessageCell.verticalInset),
            dateLabel.leadingAnchor.constraint(greaterThanOrEqualTo: senderLabel.trailingAnchor, constant: 8),
            dateLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
            dateLabel.centerYAnchor.constraint(equalTo: senderLabel.centerYAnchor),

            subjectLabel.leadingAnchor.constraint(equalTo: senderLabel.leadingAnchor),
            subjectLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
            subjectLabel.topAnchor.constraint(equalTo: senderLabel.bottomAnchor, constant: MailMessageCell.lineGap),
            previewLabel.leadingAnchor.constraint(equalTo: senderLabel.leadingAnchor),
            previewLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
            previewLabel.topAnchor.constraint(equalTo: subjectLabel.bottomAnchor, constant: MailMessageCell.lineGap),
            previewLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -MailMessageCell.verticalInset),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(with message: MailMessage) {
        senderLabel.text = message.sender
        dateLabel.text = message.date
        subjectLabel.text = message.subject
        previewLabel.text = message.preview
        unreadDot.isHidden = !message.isUnread
        flagDot.isHidden = !message.isFlagged
    }
}

public final class MailInboxViewController: UIViewController {
    enum Section { case inbox }

    public private(set) var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, MailMessage.ID>!
    var messages: [MailMessage.ID: MailMessage] = [:]

    static let sampleMessages = [
        MailMessage(id: "m0", sender: "Tim Apple", subject: "Keynote rehearsal moved to 10:00",
                    preview: "Hi team, we are moving tomorrow's rehearsal an hour earlier so that the demo stations can be checked twice.", date: "9:41"),
        MailMessage(id: "m1", sender: "Flipbook CI", subject: "main: all checks passed",
                    preview: "14,380 checks passed in 5 minutes. No frame of any golden changed.", date: "9:12", isUnread: false),
        MailMessage(id: "m2", sender: "Design Review", subject: "Swipe actions, second pass",
                    preview: "The Flag button should be covered gradually as the row moves on, not vanish in one frame.", date: "8:30"),
        MailMessage(id: "m3", sender: "Newsletter", subject: "This week in Swift",
                    preview: "Typed throws in practice, a new collection-view sample, and what changed in the toolchain.", date: "Yesterday", isUnread: false),
        MailMessage(id: "m4", sender: "Ana", subject: "Lunch?",
                    preview: "The place on the corner has the soup again. Twelve thirty?", date: "Yesterday"),
        MailMessage(id: "m5", sender: "App Store Connect", subject: "Your build is ready to test",
                    preview: "Build 1.4 (212) has finished processing and is available to your internal testers.", date: "Monday", isUnread: false),
        MailMessage(id: "m6", sender: "Calendar", subject: "Invitation: Sprint planning",
                    preview: "Thursday 10:00 – 11:00, room Cupertino. Please bring the burndown chart.", date: "Monday", isUnread: false),
        MailMessage(id: "m7", sender: "GitHub", subject: "[flipbook] Pull request merged",
                    preview: "Merged the change that makes a diffable apply animate its differences.", date: "Sunday", isUnread: false),
    ]

    public override func viewDidLoad() {
        super.viewDidLoad()
        for message in MailInboxViewController.sampleMessages { messages[message.id] = message }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        collectionView.backgroundColor = .systemBackground
        view.addSubview(collectionView)

        let registration = UICollectionView.CellRegistration<MailMessageCell, MailMessage.ID> { [unowned self] cell, _, id in
            if let message = self.messages[id] { cell.configure(with: message) }
        }
        dataSource = UICollectionViewDiffableDataSource<Section, MailMessage.ID>(collectionView: collectionView) { collectionView, indexPath, id in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, MailMessage.ID>()
        snapshot.appendSections([.inbox])
        snapshot.appendItems(MailInboxViewController.sampleMessages.map(\.id))
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func makeLayout() -> UICollectionViewLayout {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.trailingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
            guard let id = self.dataSource.itemIdentifier(for: indexPath), let message = self.messages[id] else { return nil }
            let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, completion in
                self.delete(id)
                completion(true)
            }
            let flag = UIContextualAction(style: .normal, title: message.isFlagged ? "Unflag" : "Flag") { [unowned self] _, _, completion in
                self.update(id) { $0.isFlagged.toggle() }
                completion(true)
            }
            flag.backgroundColor = .systemOrange
            return UISwipeActionsConfiguration(actions: [delete, flag])
        }
        configuration.leadingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
            guard let id = self.dataSource.itemIdentifier(for: indexPath), let message = self.messages[id] else { return nil }
            let read = UIContextualAction(style: .normal, title: message.isUnread ? "Read" : "Unread") { [unowned self] _, _, completion in
                self.update(id) { $0.isUnread.toggle() }
                completion(true)
            }
            read.backgroundColor = .systemBlue
            return UISwipeActionsConfiguration(actions: [read])
        }
        return UICollectionViewCompositionalLayout.list(using: configuration)
    }

    func delete(_ id: MailMessage.ID) {
        messages[id] = nil
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([id])
        dataSource.apply(snapshot)
    }

    func update(_ id: MailMessage.ID, _ change: (inout MailMessage) -> Void) {
        guard var message = messages[id] else { return }
        change(&message)
        messages[id] = message
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([id])
        dataSource.apply(snapshot)
    }
}
