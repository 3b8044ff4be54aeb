/// A bound on what the later layers of a chain could take together, from the groups an
/// order's lines fall into: two lines share a group when an order deal acts on both, so a
/// deal acts on lines of one group. The deals of one group take, all layers together, at
/// most what its lines have left, and a layer gives one deal at most, so one group. The
/// bound is what the best way of giving each layer to a group (or to none) could take, each
/// group the sum of its layers' largest bounds but no more than its lines have left (so
/// all of it no more than the whole).
///
/// Where one line is the best of several layers (a dear teapot that a discount, a
/// threshold and a coupon each target), the layers' own bounds
/// (``LayeredDeals/mostFrom(_:amounts:whole:in:)``) count what it has left once for each
/// of them; this counts it once. It knows nothing of kinds of deal: it is fed each deal's
/// layer, lines (or more lines, which only makes the groups coarser) and bound.
///
///     let deals: [(Int, TargetedLines, Int128)] =
///       [(0, .mask(0b011), 3_000), (1, .mask(0b011), 3_000), (1, .mask(0b100), 500)]
///     let groups = LineGroupBound.Groups(lineCount: 3, lineSets: deals.map(\.1))!
///     let bound = LineGroupBound(groups: groups, layerCount: 2) { add in
///       for (layer, lines, bound) in deals { _ = add(layer, lines, bound) }
///     }
///     bound?.most(from: 0, amounts: [2_000, 2_000, 1_000], unlessReaching: .max)   // 4_000
///
/// - Complexity: O(*L* + *g* *r*) a bound, for *L* lines, *g* groups and *r* layers, and
///   O(*g* 3^*r*) when a simple way of giving the layers does not take what is asked.
struct LineGroupBound {
  /// The lines of an order in groups: two lines share a group when one of the given sets
  /// of lines holds both.
  struct Groups {
    /// The groups, as bits of their lines.
    let groups: [UInt64]
    /// The group of each line; -1 for a line of no set.
    let indexOfLine: [Int]

    /// The groups that `lineSets` make of the lines of an order of `lineCount` lines (a
    /// set of every line makes none); `nil` for an order of more than 64 lines, whose sets
    /// of lines are not bits.
    ///
    /// - Complexity: O(*s* + *L*) for *s* sets and *L* lines, and O(*L*) for each set that
    ///   joins groups.
    init?(lineCount: Int, lineSets: some Sequence<TargetedLines>) {
      guard lineCount <= 64 else { return nil }
      // Each line's group, as the bits of the lines in it (0: in no set).
      var groupOfLine = [UInt64](filled: 0, count: lineCount)
      for case .mask(let bits) in lineSets
      where bits != 0 && bits & ~groupOfLine[bits.trailingZeroBitCount] != 0 {
        // Its lines join one group, with every line of their groups.
        var joined = bits
        TargetedLines.mask(bits).forEach(count: lineCount) { joined |= groupOfLine[$0] }
        TargetedLines.mask(joined).forEach(count: lineCount) { groupOfLine[$0] = joined }
      }
      var indexOfLine = [Int](filled: -1, count: lineCount)
      var groups: [UInt64] = []
      for (line, group) in groupOfLine.enumerated() where group != 0 {
        if let index = groups.firstIndex(of: group) {
          indexOfLine[line] = index
        } else {
          indexOfLine[line] = groups.count
          groups.append(group)
        }
      }
      (self.groups, self.indexOfLine) = (groups, indexOfLine)
    }

    /// The group that holds every line of `lines`; `nil` for every line, or for lines of
    /// no one group.
    @inline(__always)
    func group(holding lines: TargetedLines) -> Int? {
      guard case .mask(let bits) = lines, bits != 0 else { return nil }
      let index = indexOfLine[bits.trailingZeroBitCount]
      return index >= 0 && bits & ~groups[index] == 0 ? index : nil
    }
  }

  /// With more layers of deals than this from the first asked, there is no bound.
  static let layersAtMost = 5
  /// With more groups of lines than this, there is no bound.
  static let groupsAtMost = 16
  /// The groups of the order's lines.
  let groups: Groups
  /// The largest bound of each layer's deals on each group's lines, at
  /// `layer * groups.groups.count + group`.
  private let most: [Int128]
  /// Whether each layer has a deal that could take something.
  private let hasDeals: [Bool]

  /// A bound for `layerCount` layers of deals on the lines of `groups`, from the deals
  /// `forEachDeal` calls its argument with: each deal's layer index, the lines it acts on
  /// (or more lines) and what it could take. `nil` when a deal acts on every line, or on
  /// lines of no one group: it would draw on every group, whose own bounds then seldom
  /// bind, and the bound is not worth working out.
  ///
  /// - Complexity: O(*d*) for *d* deals.
  init?(
    groups: Groups, layerCount: Int,
    forEachDeal: ((_ layer: Int, _ lines: TargetedLines, _ bound: Int128) -> Bool) -> Void
  ) {
    let count = groups.groups.count
    guard count <= Self.groupsAtMost else { return nil }
    var most = [Int128](filled: 0, count: layerCount * count)
    var actsOnEveryLine = false
    forEachDeal { layer, lines, bound in
      guard bound > 0 else { return true }
      guard let group = groups.group(holding: lines) else {
        actsOnEveryLine = true
        return false
      }
      most[layer * count + group] = max(most[layer * count + group], bound)
      return true
    }
    guard !actsOnEveryLine else { return nil }
    (self.groups, self.most) = (groups, most)
    hasDeals = (0..<layerCount).map { layer in (0..<count).contains { most[layer * count + $0] > 0 } }
  }

  /// The most the deals of the layer indexes from `first` on could take together on what
  /// the lines have left, `amounts`; `nil` when a simple way of giving the layers to groups
  /// (each in turn to the group it adds the most to) takes `need` already (so the most
  /// does too), or when more than ``layersAtMost`` of those layers have deals.
  ///
  /// - Complexity: O(*L* + *g* *r*) for *L* lines, *g* groups and *r* layers with deals,
  ///   and O(*g* 3^*r*) when the simple way does not take `need`.
  func most(from first: Int, amounts: [Int128], unlessReaching need: Int128) -> Int128? {
    // The layers with deals, each a bit of a set of layers.
    var layers = InlineArray<5, Int>(repeating: 0)
    var layerCount = 0
    for layer in first..<max(first, hasDeals.count) where hasDeals[layer] {
      guard layerCount < Self.layersAtMost else { return nil }
      layers[layerCount] = layer
      layerCount += 1
    }
    let groupCount = groups.groups.count
    var left = InlineArray<16, Int128>(repeating: 0)
    for index in 0..<groupCount {
      TargetedLines.mask(groups.groups[index]).forEach(count: amounts.count) { left[index] += amounts[$0] }
    }
    // Each layer given, one after the other, to the group it adds the most to: when that
    // takes `need`, so does the best way.
    var given = left
    var reached: Int128 = 0
    for bit in 0..<layerCount {
      var (gain, group): (Int128, Int) = (0, -1)
      for index in 0..<groupCount where min(most[layers[bit] * groupCount + index], given[index]) > gain {
        (gain, group) = (min(most[layers[bit] * groupCount + index], given[index]), index)
      }
      guard group >= 0 else { continue }
      given[group] -= gain
      reached += gain
      if reached >= need { return nil }
    }
    return bestGiving(layers, count: layerCount, left: left)
  }

  /// What the best way of giving each of the first `count` of `layers` to a group, whose
  /// lines have `left`, or to none takes.
  ///
  /// - Complexity: O(*g* 3^*r*) for *g* groups and *r* = `count`.
  private func bestGiving(_ layers: InlineArray<5, Int>, count layerCount: Int, left: InlineArray<16, Int128>)
    -> Int128
  {
    let all = 1 << layerCount
    let groupCount = groups.groups.count
    // The most each set of layers given to the groups so far takes (-1: no way yet), and
    // what one group takes with each set.
    var taken = InlineArray<32, Int128>(repeating: -1)
    var sums = InlineArray<32, Int128>(repeating: 0)
    taken[0] = 0
    for index in 0..<groupCount where left[index] > 0 {
      for set in 1..<all {
        sums[set] = sums[set & (set - 1)] + most[layers[set.trailingZeroBitCount] * groupCount + index]
      }
      guard sums[all - 1] > 0 else { continue }
      // Each set given so far, from the largest (a set it adds to is larger: already seen
      // in this group's pass), adds each set of the layers still free given to this group.
      for used in stride(from: all - 1, through: 0, by: -1) where taken[used] >= 0 {
        let free = (all - 1) ^ used
        var set = free
        while set != 0 {
          taken[used | set] = max(taken[used | set], taken[used] + min(left[index], sums[set]))
          set = (set - 1) & free
        }
      }
    }
    var result: Int128 = 0
    for used in 0..<all { result = max(result, taken[used]) }
    return result
  }
}

extension ExactPlanSearch {
  /// The groups of the order's lines that no order deal spans: those its blocks' lines make
  /// (a deal's lines are in its block's); `nil` for an order given as an amount or of more
  /// than 64 lines.
  ///
  /// - Complexity: O(*b* + *L*) the first time, for *b* blocks and *L* lines; O(1) after.
  func groupsOfLines() -> LineGroupBound.Groups? {
    if let known = lineGroups { return known }
    let groups = items.flatMap { items in
      LineGroupBound.Groups(lineCount: items.count, lineSets: blocks.lazy.map(\.lines))
    }
    lineGroups = .some(groups)
    return groups
  }
}
