/// The deals of one layer a chain may take next, from the one that could take the most down:
/// the gathered deals (with their bounds), then the stackable plain deals on `whole`, what
/// is left (each taking what it says; of plain deals taking the same, only the lowest id:
/// they are alike in every other way). A plain iterator rather than a closure, so that the
/// search's recursion copies none of the layers' lists.
///
/// - Complexity: O(1) a gathered deal; O(log *p*) a plain deal of *p*.
struct LayerCandidates {
  private let gathered: [DealTaking]
  private var position = 0
  private let plainSet: PlainOrderDeals.DealSet?
  private let whole: Int128
  /// The most a plain deal handed out may take (``ExactPlanSearch/mostTaken(in:whole:)``).
  private let ceiling: Int128?
  /// The last plain deal handed out's take; `nil` before the first.
  private var plainTaken: Int128?
  /// Whether no deal is left to hand out.
  private var isFinished = false

  init(gathered: [DealTaking], plainSet: PlainOrderDeals.DealSet?, whole: Int128, ceiling: Int128? = nil) {
    (self.gathered, self.plainSet, self.whole, self.ceiling) = (gathered, plainSet, whole, ceiling)
  }

  /// Skips the deals that could take no more than the last one handed out: the rest of the
  /// gathered deals when it was one of them (the plain deals, ordered on their own, come
  /// next), or every deal left when it was a plain deal.
  mutating func cutOff() {
    if plainTaken == nil {
      position = gathered.count
    } else {
      isFinished = true
    }
  }

  /// The next deal and what it could take; `nil` after the last.
  mutating func next(in search: ExactPlanSearch) -> (deal: OrderDealNumber, bound: Int128)? {
    guard !isFinished else { return nil }
    if position < gathered.count {
      position += 1
      return (gathered[position - 1].deal, gathered[position - 1].taken)
    }
    guard let plain = search.plain, let plainSet else { return nil }
    let found =
      if let notAbove = plainTaken.map({ $0 - 1 }) ?? ceiling {
        plain.greatest(in: plainSet, at: whole, notAbove: notAbove)
      } else {
        plain.best(in: plainSet, at: whole)
      }
    guard let (terms, taken) = found else { return nil }
    plainTaken = taken
    return (search.adopt(terms), taken)
  }
}
