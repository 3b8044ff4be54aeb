/// Four version-3 store shapes other than the bench's own, drawn from the run's seed: a
/// store fast only on the shape of its own benchmark shows here.
extension Shape {
  /// The four shapes for `seed`.
  static func versionThreeShapes(seed: UInt64) -> [Shape] {
    [plain(seed: seed), itemDeals(seed: seed), format3Deals(seed: seed), coupons(seed: seed)]
  }

  /// 100,000 untargeted discounts and thresholds: fixed sums and percentages, a third of
  /// the percentages capped, a third of all not stackable; orders of 0–4 lines.
  static func plain(seed: UInt64) -> Shape {
    Shape(
      name: "shape-plain", title: "100,000 untargeted discounts and thresholds (v3), orders of 0–4 lines",
      version: 3, count: 100_000, seed: seed,
      promotion: { random, index, _ in
        let stackable = random.oneIn(3) ? "" : #","stackable":true"#
        let benefit = orderBenefit(&random)
        return random.oneIn(2)
          ? #"{"id":"u\#(index)","kind":"discount",\#(benefit)\#(stackable)}"#
          : #"{"id":"u\#(index)","kind":"threshold","minimumAmount":"\#(random.next(2_000)).\#(Inputs.cents(random.next(100)))",\#(benefit)\#(stackable)}"#
      },
      order: { random, index, _ in Inputs.plainOrder(&random, index) })
  }

  /// A sum off (1–300) or a percentage off (1–40, in halves), capped one time in three.
  static func orderBenefit(_ random: inout Inputs.Sequence) -> String {
    guard random.oneIn(2) else {
      return #""amountOff":"\#(1 + random.next(300)).\#(Inputs.cents(random.next(100)))""#
    }
    let cap = random.oneIn(3) ? #","maximumDiscount":"\#(10 + random.next(190)).00""# : ""
    return #""percentOff":"\#(1 + random.next(40))\#(random.oneIn(2) ? ".5" : "")"\#(cap)"#
  }

  /// 20,000 item deals on 1–3 of 5,000 SKUs (three in five), 1–2 of 50 categories, or both;
  /// every benefit kind; orders of 20 lines.
  static func itemDeals(seed: UInt64) -> Shape {
    Shape(
      name: "shape-items", title: "20,000 item deals by SKU and category (v3), orders of 20 lines",
      version: 3, count: 20_000, seed: seed,
      promotion: { random, index, _ in
        let stackable = random.oneIn(2) ? #","stackable":true"# : ""
        let categories = #""categories":["cat-\#(random.next(50))"]"#
        let target: String
        switch random.next(10) {
        case 0..<6: target = #"{"skus":[\#(skus(&random, upTo: 3))]}"#
        case 6..<9: target = "{\(categories)}"
        default: target = #"{"skus":[\#(skus(&random, upTo: 2))],\#(categories)}"#
        }
        return #"{"id":"k\#(index)","kind":"item","target":\#(target),\#(itemBenefit(&random))\#(stackable)}"#
      },
      order: { random, index, _ in itemOrder(&random, index, lines: 20) })
  }

  /// An item deal's benefit: a percentage, a sum per unit, a fixed price or a buy/get.
  static func itemBenefit(_ random: inout Inputs.Sequence) -> String {
    switch random.next(4) {
    case 0: #""percentOff":"\#(5 + random.next(46))""#
    case 1: #""amountOff":"\#(random.next(10)).\#(Inputs.cents(1 + random.next(99)))""#
    case 2: #""fixedPrice":"\#(1 + random.next(50)).00""#
    default:
      #""buy":\#(1 + random.next(3)),"get":\#(1 + random.next(2)),"percentOff":"\#(random.oneIn(2) ? 50 : 100)""#
    }
  }

  /// 60,000 format-3 deals: discounts, thresholds and quantity thresholds targeted at SKUs
  /// or categories, untargeted repeating thresholds, item deals with unit limits, shipping
  /// deals; one in twenty for members; three in five stackable. Orders of 8 lines with
  /// shipping, one in five from a member.
  static func format3Deals(seed: UInt64) -> Shape {
    Shape(
      name: "shape-format3",
      title: "60,000 format-3 deals (v3), orders of 8 lines with shipping", version: 3,
      count: 60_000, seed: seed,
      promotion: { random, index, _ in
        let stackable = random.next(5) < 3 ? #","stackable":true"# : ""
        let members = random.oneIn(20) ? #","customerGroups":["member"]"# : ""
        return #"{"id":"g\#(index)"\#(members),\#(format3DealBody(&random))\#(stackable)}"#
      },
      order: { random, index, _ in format3Order(&random, index, lines: 8) })
  }

  /// A deal's target: one of 50 categories (one deal in ten), else 1–3 SKUs.
  static func dealTarget(_ random: inout Inputs.Sequence) -> String {
    random.oneIn(10)
      ? #""target":{"categories":["cat-\#(random.next(50))"]}"#
      : #""target":{"skus":[\#(skus(&random, upTo: 3))]}"#
  }

  /// A format-3 deal from `kind` on.
  static func format3DealBody(_ random: inout Inputs.Sequence) -> String {
    let target = dealTarget(&random)
    switch random.next(100) {
    case 0..<30:
      let limit = random.oneIn(2) ? #","maximumQuantity":\#(1 + random.next(3))"# : ""
      return #""kind":"item",\#(target),\#(itemBenefit(&random))\#(limit)"#
    case 30..<50:
      return #""kind":"discount",\#(target),\#(orderBenefit(&random))"#
    case 50..<64:
      return
        #""kind":"threshold",\#(target),"minimumAmount":"\#(20 + random.next(400)).00","amountOff":"\#(1 + random.next(20)).00""#
    case 64..<78:
      let benefit =
        random.oneIn(2)
        ? #""percentOff":"\#(5 + random.next(20))""# : #""amountOff":"\#(1 + random.next(15)).00""#
      return #""kind":"threshold",\#(target),"minimumQuantity":\#(2 + random.next(5)),\#(benefit)"#
    case 78..<92:
      let cap = random.oneIn(2) ? #","maximumDiscount":"\#(30 + random.next(120)).00""# : ""
      let minimum =
        random.oneIn(4)
        ? #""minimumQuantity":\#(3 + random.next(8))"# : #""minimumAmount":"\#(50 + random.next(250)).00""#
      return #""kind":"threshold",\#(minimum),"repeat":true,"amountOff":"\#(2 + random.next(28)).00"\#(cap)"#
    default:
      return shippingDeal(&random)
    }
  }

  /// 100,000 single-use coupons (a promotion and a code each: half thresholds, half capped
  /// percentages, half stackable) and two automatic deals; every order (0–4 lines) presents
  /// one of the store's codes, one in five in lower case.
  static func coupons(seed: UInt64) -> Shape {
    Shape(
      name: "shape-coupons",
      title: "100,000 single-use coupon codes and 2 automatic deals (v3), one code an order",
      version: 3, count: 100_002, seed: seed, ordersPerStore: true,
      promotion: { random, index, _ in
        if index == 0 { return #"{"id":"auto-5","kind":"discount","percentOff":"5","stackable":true}"# }
        if index == 1 {
          return
            #"{"id":"auto-300-30","kind":"threshold","minimumAmount":"300.00","amountOff":"30.00","stackable":true}"#
        }
        let code = couponCode(index - 2, seed: seed)
        let stackable = random.oneIn(2) ? #","stackable":true"# : ""
        guard random.oneIn(2) else {
          return
            #"{"id":"c\#(index)","kind":"discount","code":"\#(code)","percentOff":"\#(5 + random.next(36))","maximumDiscount":"\#(10 + random.next(91)).00"\#(stackable)}"#
        }
        let minimum = 50 + random.next(450)
        return
          #"{"id":"c\#(index)","kind":"threshold","code":"\#(code)","minimumAmount":"\#(minimum).00","amountOff":"\#(5 + random.next(minimum / 2)).00"\#(stackable)}"#
      },
      order: { random, index, count in
        var order = Inputs.plainOrder(&random, index)
        var code = couponCode(Int(random.next(UInt64(count - 2))), seed: seed)
        if random.oneIn(5) { code = code.lowercased() }
        order.removeLast()
        return order + #","codes":["\#(code)"]}"#
      })
  }

  /// The code of coupon `index`: 10 characters of a 32-letter alphabet, distinct for
  /// distinct indexes below 2^50 (an odd multiplier modulo 2^50 is a bijection).
  static func couponCode(_ index: Int, seed: UInt64) -> String {
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    var value = (UInt64(index) &* 0x5851_F42D_4C95_7F2D &+ seed &* 0x1405_7B7E_F767_814F) & ((1 << 50) - 1)
    var code = ""
    for _ in 0..<10 {
      code.append(alphabet[Int(value & 31)])
      value >>= 5
    }
    return code
  }
}
