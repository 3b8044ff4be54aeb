import PromoLibc

/// The store of the store rows: 100,000 discounts and thresholds as the selection store
/// has them (version 1), each with a name, a third with a window, drawn from the run's seed.
extension Inputs {
  /// The store rows' store.
  var namedStore: String { folder + "/store-named-100k.json" }

  /// Writes the named store unless the one there was drawn from this seed (a stamp file
  /// records it), and returns its path. The store is written compact; the store rows have
  /// `promo` rewrite it in its own form before they time anything.
  func generateNamedStore() -> String {
    let stamp = namedStore + ".stamp"
    let wanted = "seed \(seed)"
    if Self.firstLine(stamp) == wanted { return namedStore }
    unlink(stamp)
    complain("promo-bench: writing the named store (\(wanted))")
    var random = Sequence(seed: seed, salt: 4)
    rewrite(
      namedStore, header: #"{"version":1,"currency":"CNY","promotions":["# + "\n", count: 100_000,
      footer: "]}\n"
    ) { index in
      let promotion = Shape.selectionPromotion(&random, index)
      let window = Self.window(&random)
      return (index > 0 ? ",\n" : "") + #"{"id":"p\#(index)","name":"\#(Self.name(index))","#
        + promotion.dropFirst(#"{"id":"p\#(index)","#.count).dropLast() + window + "}"
    }
    rewrite(stamp) { $0(wanted + "\n") }
    return namedStore
  }

  /// The name of promotion `index`: English or Chinese, with its number.
  static func name(_ index: Int) -> String {
    let adjectives = ["Autumn", "Members'", "Weekend", "Flash", "Clearance", "Spring", "New year", "Night"]
    let events = [
      "sale", "deal", "offer", "双十一大促", "年货节", "会员日特惠", "special", "bonanza", "周末狂欢", "price cut",
    ]
    return
      "\(adjectives[index % adjectives.count]) \(events[index / adjectives.count % events.count]) \(index)"
  }

  /// One time in three a window around the row's instant (2026-11-22): open now (half of
  /// them), ended, or not yet started; otherwise none.
  static func window(_ random: inout Sequence) -> String {
    guard random.oneIn(3) else { return "" }
    switch random.next(4) {
    case 0, 1:
      return
        #","startsAt":"2026-11-\#(cents(1 + random.next(21)))T00:00:00+08:00","endsAt":"2026-12-\#(cents(1 + random.next(28)))T00:00:00+08:00""#
    case 2:
      return #","endsAt":"2026-11-\#(cents(1 + random.next(20)))T\#(cents(random.next(24))):00:00+08:00""#
    default:
      return #","startsAt":"2026-12-\#(cents(1 + random.next(28)))T00:00:00Z""#
    }
  }
}
