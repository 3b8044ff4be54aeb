/// Item promotions that target the same lines (one SKU, one category, or every line),
/// indexed by benefit kind so that the best of them on a line is found without a pass over
/// them.
///
/// On a line of `q` units at `u` (amount `L`), within one kind the best is found from one
/// value:
///
/// - `percentOff r`: `round(L × r)` grows with `r`, so the largest rate is best; the rates
///   that round to the same discount are a suffix of the sorted rates;
/// - `amountOff a` (per unit): `q × min(a, u)` grows with `a` up to `u`; every sum from
///   `min(largest, u)` on gives the best;
/// - `fixedPrice f`: `q × max(u − f, 0)` shrinks as `f` grows; only the least price can be
///   best (when it is below `u`);
/// - `buy b get g` at `r`: for one shape `(b, g)` the units got are fixed by `q`, and then
///   the largest rate is best; the shapes are compared one by one, only those with
///   `b + g <= q` (the others get no unit).
///
/// Ties go to the lowest weight (the rules' positions in id order), kept as suffix minima
/// over each kind's sorted values.
///
/// - Complexity: O(*k* log *k*) to build for *k* rules; ``best(unitPrice:quantity:lineAmount:)``
///   is O(log *k* + *s* log *k*) for *s* buy-get shapes with `b + g <= q`.
struct ItemRuleGroup: Sendable {
  /// Rates sorted ascending, with the least weight of each suffix.
  private struct Ladder: Sendable {
    var values: [Int128] = []
    var suffixMinimum: [Int32] = []

    /// Sorts `entries` by value and keeps the suffix minima of their weights.
    init(_ entries: [(value: Int128, weight: Int32)]) {
      let sorted = entries.sorted { $0.value < $1.value }
      values = sorted.map(\.value)
      suffixMinimum = sorted.map(\.weight)
      var index = suffixMinimum.count - 2
      while index >= 0 {
        suffixMinimum[index] = min(suffixMinimum[index], suffixMinimum[index + 1])
        index -= 1
      }
    }

    var largest: Int128? { values.last }

    /// The least weight of the entries whose value is at least `value`.
    func lowestWeight(from value: Int128) -> Int32? {
      var low = 0
      var high = values.count
      while low < high {
        let middle = (low + high) >> 1
        if values[middle] < value { low = middle + 1 } else { high = middle }
      }
      return low < values.count ? suffixMinimum[low] : nil
    }
  }

  /// The buy-get rules of one shape.
  private struct Shape: Sendable {
    var buy: Int64
    var get: Int64
    var rates: Ladder
  }

  private let percentages: Ladder
  private let perUnit: Ladder
  /// The least fixed price and the least weight of the rules with it.
  private let leastPrice: (price: Int128, weight: Int32)?
  /// The buy-get shapes by ascending `buy + get`.
  private let shapes: [Shape]

  /// Whether the group has no rule.
  var isEmpty: Bool {
    percentages.values.isEmpty && perUnit.values.isEmpty && leastPrice == nil && shapes.isEmpty
  }

  /// Indexes the rules at `positions` of `rules` (their weights are their positions).
  init(_ positions: [Int], of rules: [ItemRule]) {
    var percentages: [(value: Int128, weight: Int32)] = []
    var perUnit: [(value: Int128, weight: Int32)] = []
    var leastPrice: (price: Int128, weight: Int32)?
    var shapes: [Int64: [(value: Int128, weight: Int32)]] = [:]
    var shapeTerms: [Int64: (buy: Int64, get: Int64)] = [:]
    for position in positions {
      let weight = Int32(position)
      switch rules[position].reduction {
      case .percent(let rate): percentages.append((Int128(rate.tenThousandths), weight))
      case .perUnit(let sum): perUnit.append((sum.minorUnits, weight))
      case .fixedPrice(let price):
        if let least = leastPrice,
          least.price < price.minorUnits
            || (least.price == price.minorUnits && least.weight < weight)
        {
          break
        }
        leastPrice = (price.minorUnits, weight)
      case .buyGet(let terms):
        let key = terms.buy << 32 | terms.get
        shapes[key, default: []].append((Int128(terms.percentOff.tenThousandths), weight))
        shapeTerms[key] = (terms.buy, terms.get)
      }
    }
    self.percentages = Ladder(percentages)
    self.perUnit = Ladder(perUnit)
    self.leastPrice = leastPrice
    self.shapes = shapes.map { key, entries in
      Shape(buy: shapeTerms[key]!.buy, get: shapeTerms[key]!.get, rates: Ladder(entries))
    }.sorted { ($0.buy + $0.get, $0.buy) < ($1.buy + $1.get, $1.buy) }
  }

  /// The most a rule of the group takes off a line of `quantity` units at `unitPrice`
  /// (amount `lineAmount`), and the least weight of the rules taking that off; `nil` when
  /// none takes off more than 0.
  ///
  /// - Complexity: O(log *k* + *s* log *k*).
  func best(unitPrice: Int128, quantity: Int64, lineAmount: Int128) -> (discount: Int128, weight: Int32)? {
    var best: (discount: Int128, weight: Int32)?
    func offer(_ discount: Int128, _ weight: @autoclosure () -> Int32?) {
      guard discount > 0 else { return }
      if let current = best, discount < current.discount { return }
      guard let weight = weight() else { return }
      if let current = best, discount == current.discount && weight > current.weight { return }
      best = (discount, weight)
    }
    if let rate = percentages.largest {
      let discount = RateArithmetic.apply(Int64(rate), to: lineAmount)
      offer(
        discount,
        RateArithmetic.leastRate(reaching: discount, on: lineAmount).flatMap {
          percentages.lowestWeight(from: Int128($0))
        })
    }
    if let sum = perUnit.largest {
      let off = min(sum, unitPrice)
      offer(off * Int128(quantity), perUnit.lowestWeight(from: off))
    }
    if let least = leastPrice {
      offer(max(unitPrice - least.price, 0) * Int128(quantity), least.weight)
    }
    for shape in shapes {
      let group = shape.buy + shape.get
      if group > quantity { break }
      let amount = unitPrice * Int128(quantity / group * shape.get)
      let discount = RateArithmetic.apply(Int64(shape.rates.largest!), to: amount)
      offer(
        discount,
        RateArithmetic.leastRate(reaching: discount, on: amount).flatMap {
          shape.rates.lowestWeight(from: Int128($0))
        })
    }
    return best
  }
}
