/// The bench's own shapes (the selection, items and format-3 stores it has always had),
/// drawn from fixed seeds: the same bytes on every run.
extension Shape {
  /// 100,000 untargeted discounts and thresholds (version 1): half each, half stackable,
  /// percentages and fixed sums, minimums 0–2,000; orders half by amount, half of 1–4 lines.
  static let selection = Shape(
    name: "selection", title: "100,000 discounts and thresholds (v1), orders of 0–4 lines",
    version: 1, count: 100_000, seed: 7,
    promotion: { random, index, _ in selectionPromotion(&random, index) },
    order: { random, index, _ in Inputs.plainOrder(&random, index) })

  /// One promotion of the selection store.
  static func selectionPromotion(_ random: inout Inputs.Sequence, _ index: Int) -> String {
    let stackable = random.oneIn(2) ? #","stackable":true"# : ""
    let benefit =
      random.oneIn(2)
      ? #""percentOff":"\#(1 + random.next(40)).\#(random.next(10))""#
      : #""amountOff":"\#(1 + random.next(300)).\#(Inputs.cents(random.next(100)))""#
    return random.oneIn(2)
      ? #"{"id":"p\#(index)","kind":"discount",\#(benefit)\#(stackable)}"#
      : #"{"id":"p\#(index)","kind":"threshold","minimumAmount":"\#(random.next(2_000)).00",\#(benefit)\#(stackable)}"#
  }

  /// 20,000 item promotions (version 2): three quarters on 1–3 of 5,000 SKUs, nearly a
  /// quarter on 1–2 of 50 categories, 1% untargeted, every benefit kind, one in 200 an order
  /// discount or threshold; orders of 20 lines.
  static let items = Shape(
    name: "items", title: "20,000 item promotions (v2), orders of 20 lines", version: 2,
    count: 20_000, seed: 13,
    promotion: { random, index, _ in
      random.oneIn(200) ? orderDeal(&random, index) : itemPromotion(&random, index)
    },
    order: { random, index, _ in itemOrder(&random, index, lines: 20) })

  /// An item promotion of the items store.
  static func itemPromotion(_ random: inout Inputs.Sequence, _ index: Int) -> String {
    let stackable = random.oneIn(2) ? #","stackable":true"# : ""
    var target = ""
    switch random.next(100) {
    case 0..<75: target = #","target":{"skus":[\#(skus(&random, upTo: 3))]}"#
    case 75..<99:
      let categories = Set((0...random.next(2)).map { _ in "\"cat-\(random.next(50))\"" })
      target = #","target":{"categories":[\#(categories.sorted().joined(separator: ","))]}"#
    default: break
    }
    let benefit: String
    switch random.next(20) {
    case 0..<7: benefit = #""percentOff":"\#(5 + random.next(46))""#
    case 7..<12: benefit = #""amountOff":"\#(random.next(10)).\#(Inputs.cents(1 + random.next(99)))""#
    case 12..<16: benefit = #""fixedPrice":"\#(1 + random.next(50)).00""#
    default:
      benefit =
        #""buy":\#(1 + random.next(3)),"get":\#(1 + random.next(2)),"percentOff":"\#(random.oneIn(2) ? 50 : 100)""#
    }
    return #"{"id":"i\#(index)","kind":"item"\#(target),\#(benefit)\#(stackable)}"#
  }

  /// An untargeted discount or threshold of the items store.
  static func orderDeal(_ random: inout Inputs.Sequence, _ index: Int) -> String {
    let stackable = random.oneIn(2) ? #","stackable":true"# : ""
    let benefit =
      random.oneIn(2)
      ? #""percentOff":"\#(1 + random.next(30))""# : #""amountOff":"\#(1 + random.next(200)).00""#
    return random.oneIn(2)
      ? #"{"id":"d\#(index)","kind":"discount",\#(benefit)\#(stackable)}"#
      : #"{"id":"t\#(index)","kind":"threshold","minimumAmount":"\#(random.next(3_000)).00",\#(benefit)\#(stackable)}"#
  }

  /// 1 to `upTo` distinct SKUs of 5,000, quoted, sorted and joined by commas.
  static func skus(_ random: inout Inputs.Sequence, upTo: UInt64) -> String {
    Set((0...random.next(upTo)).map { _ in "\"sku-\(random.next(5_000))\"" }).sorted().joined(
      separator: ",")
  }

  /// An order of `lines` lines over 5,000 SKUs, each line in 1 or 2 of 50 categories.
  static func itemOrder(_ random: inout Inputs.Sequence, _ index: Int, lines: Int) -> String {
    var items: [String] = []
    for _ in 0..<lines {
      var categories = ["\"cat-\(random.next(50))\""]
      let second = "\"cat-\(random.next(50))\""
      if random.oneIn(2) && second != categories[0] { categories.append(second) }
      items.append(
        #"{"sku":"sku-\#(random.next(5_000))","categories":[\#(categories.joined(separator: ","))],"unitPrice":"\#(1 + random.next(200)).\#(Inputs.cents(random.next(100)))","quantity":\#(1 + random.next(6))}"#
      )
    }
    return #"{"id":"I-\#(index)","items":[\#(items.joined(separator: ","))]}"#
  }

  /// 60,000 format-3 promotions (version 3), as a marketplace has them: item deals on 1–3
  /// SKUs (unit limits on some, buy/get across lines on others), discounts and thresholds
  /// targeted at SKUs (quantity minimums, repeating thresholds), a few on categories, a few
  /// dozen shipping deals, one in twenty for members, one in 500 untargeted; orders of 8
  /// lines with shipping, one in five from a member.
  static let format3 = Shape(
    name: "format3", title: "60,000 format-3 promotions (v3), orders of 8 lines with shipping", version: 3,
    count: 60_000, seed: 19,
    promotion: { random, index, _ in format3Promotion(&random, index) },
    order: { random, index, _ in format3Order(&random, index, lines: 8) })

  /// One promotion of the bench's own format-3 store.
  static func format3Promotion(_ random: inout Inputs.Sequence, _ index: Int) -> String {
    let stackable = random.oneIn(3) ? "" : #","stackable":true"#
    let members = random.oneIn(20) ? #","customerGroups":["member"]"# : ""
    let roll = random.next(1_000)
    var target = ""
    if roll < 998 {
      target =
        roll % 50 == 0
        ? #","target":{"categories":["cat-\#(random.next(50))"]}"#
        : #","target":{"skus":[\#(skus(&random, upTo: 3))]}"#
    }
    let body: String
    switch random.next(100) {
    case 0..<45:
      let limit = random.oneIn(3) ? #","maximumQuantity":\#(1 + random.next(3))"# : ""
      switch random.next(4) {
      case 0: body = #""kind":"item"\#(target),"percentOff":"\#(5 + random.next(46))"\#(limit)"#
      case 1: body = #""kind":"item"\#(target),"fixedPrice":"\#(1 + random.next(50)).00"\#(limit)"#
      case 2: body = #""kind":"item"\#(target),"buy":1,"get":1,"acrossLines":true,"percentOff":"50"\#(limit)"#
      default: body = #""kind":"item"\#(target),"amountOff":"\#(1 + random.next(9)).00"\#(limit)"#
      }
    case 45..<70:
      body =
        random.oneIn(2)
        ? #""kind":"discount"\#(target),"percentOff":"\#(1 + random.next(30))""#
        : #""kind":"discount"\#(target),"amountOff":"\#(1 + random.next(50)).00""#
    case 70..<97:
      switch random.next(3) {
      case 0:
        body =
          #""kind":"threshold"\#(target),"minimumQuantity":\#(2 + random.next(4)),"percentOff":"\#(5 + random.next(20))""#
      case 1:
        body =
          #""kind":"threshold"\#(target),"minimumAmount":"\#(50 + random.next(200)).00","repeat":true,"amountOff":"\#(5 + random.next(20)).00","maximumDiscount":"\#(30 + random.next(70)).00""#
      default:
        body =
          #""kind":"threshold"\#(target),"minimumAmount":"\#(random.next(500)).00","amountOff":"\#(1 + random.next(60)).00""#
      }
    default:
      // Shipping deals are never targeted: a few dozen in all.
      guard random.oneIn(20) else {
        body = #""kind":"discount"\#(target),"percentOff":"\#(1 + random.next(10))""#
        break
      }
      body = shippingDeal(&random)
    }
    return #"{"id":"f\#(index)"\#(members),\#(body)\#(stackable)}"#
  }

  /// The body (from `kind` on) of a shipping deal: free over a minimum, a sum off, or a
  /// fixed price over a minimum.
  static func shippingDeal(_ random: inout Inputs.Sequence) -> String {
    switch random.next(3) {
    case 0: #""kind":"shipping","minimumAmount":"\#(random.next(300)).00","percentOff":"100""#
    case 1: #""kind":"shipping","amountOff":"\#(1 + random.next(10)).00""#
    default: #""kind":"shipping","minimumAmount":"\#(random.next(200)).00","fixedPrice":"5.00""#
    }
  }

  /// An order of `lines` lines over 5,000 SKUs in 50 categories, with shipping, one in five
  /// from a member.
  static func format3Order(_ random: inout Inputs.Sequence, _ index: Int, lines: Int) -> String {
    var items: [String] = []
    for _ in 0..<lines {
      items.append(
        #"{"sku":"sku-\#(random.next(5_000))","categories":["cat-\#(random.next(50))"],"unitPrice":"\#(1 + random.next(200)).\#(Inputs.cents(random.next(100)))","quantity":\#(1 + random.next(4))}"#
      )
    }
    let customer = random.oneIn(5) ? #","customer":{"id":"c-\#(index)","groups":["member"]}"# : ""
    return
      #"{"id":"F-\#(index)","shipping":"\#(random.next(20)).00"\#(customer),"items":[\#(items.joined(separator: ","))]}"#
  }
}

/// The switched-off format-3 promotion row's store.
extension Shape {
  /// The selection store's 100,000 promotions re-written as version 3, with one switched-off
  /// shipping deal added at the end; its orders are the selection row's.
  static let selectionWithInactiveShipping = Shape(
    name: "inactive-format3",
    title: "the selection store as v3 with one switched-off shipping deal", version: 3,
    count: 100_001, seed: selection.seed,
    promotion: { random, index, count in
      index == count - 1
        ? #"{"id":"ship-off","kind":"shipping","amountOff":"5.00","active":false}"#
        : selectionPromotion(&random, index)
    },
    order: { random, index, _ in Inputs.plainOrder(&random, index) })
}
