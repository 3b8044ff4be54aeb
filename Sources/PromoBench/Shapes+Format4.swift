/// Two store shapes of format 4, drawn from the run's seed: deals in layers, tier ladders,
/// bundles and buy-one-set-get-another at 60,000 promotions, and a coupon layer of 100,000
/// single-use codes.
extension Shape {
  /// The two shapes for `seed`.
  static func format4Shapes(seed: UInt64) -> [Shape] {
    [format4Deals(seed: seed), couponLayer(seed: seed)]
  }

  /// 60,000 format-4 deals on 1–3 of 5,000 SKUs or one of 50 categories: tier ladders
  /// (amounts or units, 2–4 tiers), bundles, buy/gets with a get target, single prices with
  /// a limit across lines, discounts and thresholds in layers 1–4 (some leaving out the lines
  /// on sale), tier ladders of a category in layers 2–4 (one in a hundred of them shop-wide),
  /// shipping deals; combining with all, none, or some classes. Orders of 8 lines with shipping, one in five from a member.
  static func format4Deals(seed: UInt64) -> Shape {
    Shape(
      name: "shape-format4",
      title: "60,000 format-4 deals: tiers, bundles, get targets, layers (v4), orders of 8 lines",
      version: 4, count: 60_000, seed: seed,
      promotion: { random, index, _ in
        let members = random.oneIn(20) ? #","customerGroups":["member"]"# : ""
        return #"{"id":"f\#(index)"\#(members),\#(format4DealBody(&random))\#(combination(&random))}"#
      },
      order: { random, index, _ in format3Order(&random, index, lines: 8) })
  }

  /// What a format-4 deal combines with: every class (half), none, or one or two classes.
  static func combination(_ random: inout Inputs.Sequence) -> String {
    switch random.next(8) {
    case 0..<4: #","stackable":true"#
    case 4: ""
    case 5: #","combinesWith":["order","shipping"]"#
    case 6: #","combinesWith":["item","order"]"#
    default: #","combinesWith":["shipping"]"#
    }
  }

  /// A format-4 deal from `kind` on.
  static func format4DealBody(_ random: inout Inputs.Sequence) -> String {
    let target = dealTarget(&random)
    switch random.next(100) {
    case 0..<12:
      return
        #""kind":"item",\#(target),"bundle":{"quantity":\#(2 + random.next(3)),"price":"\#(10 + random.next(200)).00"}"#
    case 12..<22:
      return
        #""kind":"item",\#(target),"getTarget":{"skus":[\#(skus(&random, upTo: 1))]},"buy":\#(1 + random.next(3)),"get":1"#
    case 22..<32:
      return
        #""kind":"item",\#(target),"fixedPrice":"\#(1 + random.next(50)).00","maximumQuantity":\#(1 + random.next(3)),"acrossLines":true"#
    case 32..<52:
      return #""kind":"threshold",\#(target),\#(tiers(&random))"#
    case 52..<66:
      let layer = random.oneIn(2) ? #","layer":\#(1 + random.next(4))"# : ""
      let excluding = random.oneIn(3) ? #","excludeDiscountedLines":true"# : ""
      return #""kind":"discount",\#(target),\#(orderBenefit(&random))\#(layer)\#(excluding)"#
    case 66..<80:
      return
        #""kind":"threshold",\#(target),"layer":\#(2 + random.next(3)),"minimumAmount":"\#(20 + random.next(400)).00","amountOff":"\#(1 + random.next(20)).00""#
    case 80..<92:
      // A shop-wide tier ladder one time in a hundred (a marketplace has few), else one of
      // a category.
      let scope = random.oneIn(100) ? "" : #""target":{"categories":["cat-\#(random.next(50))"]},"#
      return #""kind":"threshold",\#(scope)"layer":\#(2 + random.next(3)),\#(tiers(&random))"#
    default:
      return shippingDeal(&random)
    }
  }

  /// A tier ladder of 2–4 tiers, by amounts (three in four) or units, each taking a sum or
  /// a percentage off, sometimes capped.
  static func tiers(_ random: inout Inputs.Sequence) -> String {
    let byUnits = random.oneIn(4)
    var minimum = byUnits ? 1 + random.next(3) : 30 + random.next(200)
    var rungs: [String] = []
    for _ in 0..<(2 + random.next(3)) {
      let reach = byUnits ? #""minimumQuantity":\#(minimum)"# : #""minimumAmount":"\#(minimum).00""#
      let off =
        random.oneIn(2)
        ? #""amountOff":"\#(1 + random.next(30)).00""# : #""percentOff":"\#(2 + random.next(25))""#
      rungs.append("{\(reach),\(off)}")
      minimum += byUnits ? 1 + random.next(3) : 20 + random.next(200)
    }
    let cap = random.oneIn(3) ? #","maximumDiscount":"\#(20 + random.next(100)).00""# : ""
    return #""tiers":[\#(rungs.joined(separator: ","))]\#(cap)"#
  }

  /// 100,000 single-use coupons in layer 3 (half thresholds, half capped percentages; a
  /// coupon combines with order and shipping deals, or with shipping only) after a shop's
  /// layer-1 discount and layer-2 tier ladder, and free shipping over 99 that combines with
  /// order deals; every order (0–4 lines, with shipping) presents one of the codes.
  static func couponLayer(seed: UInt64) -> Shape {
    Shape(
      name: "shape-coupon-layer",
      title: "100,000 coupon codes in layer 3 after a shop's two layers (v4), one code an order",
      version: 4, count: 100_003, seed: seed, ordersPerStore: true,
      promotion: { random, index, _ in
        switch index {
        case 0: return #"{"id":"shop-5","kind":"discount","percentOff":"5","stackable":true}"#
        case 1:
          return
            #"{"id":"shop-tiers","kind":"threshold","tiers":[{"minimumAmount":"100.00","amountOff":"10.00"},{"minimumAmount":"200.00","amountOff":"25.00"}],"stackable":true}"#
        case 2:
          return
            #"{"id":"ship-free-99","kind":"shipping","minimumAmount":"99.00","percentOff":"100","combinesWith":["order"]}"#
        default: break
        }
        let code = couponCode(index - 3, seed: seed)
        let combines = random.oneIn(2) ? #""order","shipping""# : #""shipping""#
        guard random.oneIn(2) else {
          return
            #"{"id":"c\#(index)","kind":"discount","code":"\#(code)","layer":3,"percentOff":"\#(5 + random.next(36))","maximumDiscount":"\#(10 + random.next(91)).00","combinesWith":[\#(combines)]}"#
        }
        let minimum = 50 + random.next(450)
        return
          #"{"id":"c\#(index)","kind":"threshold","code":"\#(code)","layer":3,"minimumAmount":"\#(minimum).00","amountOff":"\#(5 + random.next(minimum / 2)).00","combinesWith":[\#(combines)]}"#
      },
      order: { random, index, count in
        var order = Inputs.plainOrder(&random, index)
        var code = couponCode(Int(random.next(UInt64(count - 3))), seed: seed)
        if random.oneIn(5) { code = code.lowercased() }
        order.removeLast()
        return order + #","shipping":"\#(random.next(15)).00","codes":["\#(code)"]}"#
      })
  }
}
