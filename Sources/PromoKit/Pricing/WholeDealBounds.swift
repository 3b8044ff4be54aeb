/// A bound on what the deals of one layer that act on every line (whose base is what the
/// whole order has left) could take, found without a pass over them: what the layered
/// search asks again and again, on ever smaller amounts, when a layer has many such deals
/// (a marketplace's shop-wide tier ladders).
///
/// It knows no kinds of benefit: each deal is fed to it as the pieces of its bound
/// (``DealTerms/wholeBoundPieces(units:)``), each from the amount it is reached at up:
///
/// - a **sum**: at most that sum (and never more than the amount);
/// - a **rate** with a cap: at most that share of the amount, and the cap;
/// - a rate that also takes at most its share of what is left when its layer is reached
///   (a percentage; ``DealTerms/mostOff(ofAtMost:)``).
///
/// On an amount, the pieces reached are those whose amount is at most it: a prefix of the
/// pieces in the order of those amounts. The most of each kind of piece over each prefix is
/// kept (the largest sum, the largest rate and the largest cap), so that a question is one
/// binary search. Taking the largest rate and the largest cap from two pieces may give more
/// than any one piece takes: the answer bounds what the deals take, it is not what one of
/// them takes.
///
///     let bounds = WholeDealBounds([.init(reach: 10_000, sum: 1_500)])
///     bounds.most(whole: 12_000, left: 9_000)   // (most: 1_500, onWhole: 1_500)
///
/// - Complexity: O(*p* log *p*) to build for *p* pieces; each question is O(log *p*).
struct WholeDealBounds: Sendable {
  /// One piece of a deal's bound: from the amount `reach` up, at most `sum`, or at most
  /// `rate` of the amount (in ten-thousandths of a percent) and `cap`.
  struct Piece: Sendable {
    var reach: Int128
    var sum: Int128 = 0
    var rate: Int64 = 0
    var cap: Int128 = .max
    /// Whether the rate takes at most its share of what is left when its layer is reached.
    var sharesLeft = false
  }

  /// The amounts the pieces are reached at, ascending.
  private var reaches: [Int128] = []
  /// Over the pieces up to each one: the largest sum; the largest rate and cap of the rates
  /// that do not share what is left; the same of those that do.
  private var mostSum: [Int128] = []
  private var mostRate: [Int64] = []
  private var mostCap: [Int128] = []
  private var mostShareRate: [Int64] = []
  private var mostShareCap: [Int128] = []

  /// The bounds of `pieces`.
  init(_ pieces: [Piece]) {
    let sorted = pieces.sorted { $0.reach < $1.reach }
    var (sum, rate, cap, shareRate, shareCap): (Int128, Int64, Int128, Int64, Int128) = (0, 0, 0, 0, 0)
    for piece in sorted {
      sum = max(sum, piece.sum)
      if piece.rate > 0 {
        if piece.sharesLeft {
          (shareRate, shareCap) = (max(shareRate, piece.rate), max(shareCap, piece.cap))
        } else {
          (rate, cap) = (max(rate, piece.rate), max(cap, piece.cap))
        }
      }
      reaches.append(piece.reach)
      mostSum.append(sum)
      mostRate.append(rate)
      mostCap.append(cap)
      mostShareRate.append(shareRate)
      mostShareCap.append(shareCap)
    }
  }

  /// At least what any of the deals takes off `whole` (`onWhole`), and at least what any
  /// takes when its layer is reached with between `left` and `whole` left, no more than
  /// `left` (`most`): `left` is at most `whole`.
  ///
  /// - Complexity: O(log *p*) for *p* pieces.
  func most(whole: Int128, left: Int128) -> (most: Int128, onWhole: Int128) {
    // The pieces reached on `whole`: those before the first reached only above it.
    var (low, high) = (0, reaches.count)
    while low < high {
      let middle = (low + high) / 2
      if reaches[middle] <= whole { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return (0, 0) }
    let last = low - 1
    let sum = mostSum[last]
    let rated = min(Percentage.rounded(whole, tenThousandths: mostRate[last]), mostCap[last])
    let shared = min(Percentage.rounded(whole, tenThousandths: mostShareRate[last]), mostShareCap[last])
    let sharedOfLeft = min(Percentage.rounded(left, tenThousandths: mostShareRate[last]), mostShareCap[last])
    let onWhole = min(whole, max(sum, rated, shared))
    return (min(left, onWhole, max(sum, rated, sharedOfLeft)), onWhole)
  }
}
