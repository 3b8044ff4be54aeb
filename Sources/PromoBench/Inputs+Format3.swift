/// The inputs of the format-3 selection row: orders with shipping and customers, and a
/// store of 60,000 format-3 promotions, working or switched off.
extension Inputs {
  var format3Orders: String { folder + "/orders-format3-5k.jsonl" }
  var format3StoreOn: String { folder + "/store-format3-60k-working.json" }
  var format3StoreOff: String { folder + "/store-format3-60k-switched-off.json" }

  /// Writes the format-3 inputs that are not there yet.
  func generateFormat3() {
    write(format3Orders) { output in Self.format3Orders(count: 5_000, lines: 8, into: output) }
    write(format3StoreOn) { output in Self.format3Store(count: 60_000, active: true, into: output) }
    write(format3StoreOff) { output in Self.format3Store(count: 60_000, active: false, into: output) }
  }

  /// Orders of `lines` lines over 5,000 SKUs in 50 categories, each with shipping, one in
  /// five from a member.
  static func format3Orders(count: Int, lines: Int, into output: (String) -> Void) {
    var random = Sequence(state: 17)
    var chunk = ""
    for index in 0..<count {
      var items: [String] = []
      for _ in 0..<lines {
        items.append(
          #"{"sku":"sku-\#(random.next(5_000))","categories":["cat-\#(random.next(50))"],"unitPrice":"\#(1 + random.next(200)).\#(cents(random.next(100)))","quantity":\#(1 + random.next(4))}"#
        )
      }
      let customer = random.next(5) == 0 ? #","customer":{"id":"c-\#(index)","groups":["member"]}"# : ""
      chunk +=
        #"{"id":"F-\#(index)","shipping":"\#(random.next(20)).00"\#(customer),"items":[\#(items.joined(separator: ","))]}"#
        + "\n"
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk)
  }

  /// A store of `count` format-3 promotions, as a marketplace has them: item deals on 1 to
  /// 3 SKUs (a unit limit on some, buy/get across lines on others), discounts and
  /// thresholds targeted at SKUs (quantity minimums, repeating thresholds), a few on
  /// categories, shipping deals, one in twenty for members, and one in 500 untargeted.
  static func format3Store(count: Int, active: Bool, into output: (String) -> Void) {
    var random = Sequence(state: 19)
    output(#"{"version":3,"currency":"CNY","promotions":["#)
    var chunk = ""
    let switchOff = active ? "" : #","active":false"#
    for index in 0..<count {
      let stackable = random.next(3) == 0 ? "" : #","stackable":true"#
      let members = random.next(20) == 0 ? #","customerGroups":["member"]"# : ""
      let roll = random.next(1_000)
      var target = ""
      if roll < 998 {
        target =
          roll % 50 == 0
          ? #","target":{"categories":["cat-\#(random.next(50))"]}"#
          : #","target":{"skus":[\#(Set((0...random.next(3)).map { _ in "\"sku-\(random.next(5_000))\"" }).sorted().joined(separator: ","))]}"#
      }
      let body: String
      switch random.next(100) {
      case 0..<45:
        let limit = random.next(3) == 0 ? #","maximumQuantity":\#(1 + random.next(3))"# : ""
        switch random.next(4) {
        case 0: body = #""kind":"item"\#(target),"percentOff":"\#(5 + random.next(46))"\#(limit)"#
        case 1: body = #""kind":"item"\#(target),"fixedPrice":"\#(1 + random.next(50)).00"\#(limit)"#
        case 2:
          body =
            #""kind":"item"\#(target),"buy":1,"get":1,"acrossLines":true,"percentOff":"50"\#(limit)"#
        default: body = #""kind":"item"\#(target),"amountOff":"\#(1 + random.next(9)).00"\#(limit)"#
        }
      case 45..<70:
        body =
          random.next(2) == 0
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
        guard random.next(20) == 0 else {
          body = #""kind":"discount"\#(target),"percentOff":"\#(1 + random.next(10))""#
          break
        }
        switch random.next(3) {
        case 0: body = #""kind":"shipping","minimumAmount":"\#(random.next(300)).00","percentOff":"100""#
        case 1: body = #""kind":"shipping","amountOff":"\#(1 + random.next(10)).00""#
        default: body = #""kind":"shipping","minimumAmount":"\#(random.next(200)).00","fixedPrice":"5.00""#
        }
      }
      let promotion = #"{"id":"f\#(index)"\#(members),\#(body)\#(stackable)\#(switchOff)}"#
      chunk += (index > 0 ? "," : "") + promotion + "\n"
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk + "]}\n")
  }
}
