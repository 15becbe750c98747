// MJRefresh: the FlipbookMJRefresh product, MJRefresh's pull-to-refresh header API
// (https://github.com/CoderMJLee/MJRefresh, MIT) over the UIKit module, so that an app's code
// that puts an MJRefreshNormalHeader on a scroll view compiles on Linux and is drawn in a scene
// of its scroll views as MJRefreshNormalHeader draws (Flipbook's RefreshHeader, which cites
// MJRefresh's sources for each number). Written for Flipbook against MJRefresh's public
// headers; no MJRefresh code is here. What it has: MJRefreshNormalHeader(refreshingBlock:),
// `mj_header`, `endRefreshing()`, `isRefreshing` and `state` (docs/uikit.md).
