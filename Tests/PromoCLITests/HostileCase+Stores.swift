/// Stores that break one rule each, up to format 2, with the place the error must name.
extension HostileCase {
  /// A row of ``badStores``: a version-1 store whose second promotion, `q`, has `fields`
  /// (its keys after `id`), refused at that promotion's `field`.
  static func bad(_ name: String, _ fields: String, at field: String) -> (String, String, String) {
    (name, promotion(#""id":"q","# + fields), "s.json: promotions[1].\(field)")
  }

  /// A row of ``badStores`` with a version-2 store.
  static func bad2(_ name: String, _ fields: String, at field: String) -> (String, String, String) {
    (name, promotion2(#""id":"q","# + fields), "s.json: promotions[1].\(field)")
  }

  /// Stores that break one rule each (their text, their versions, then a promotion's keys
  /// and values, up to format 2), with where the error must point: each is both read
  /// (price) and refused for writing (add) without being touched.
  static let badStores: [(String, String, String)] = [
    ("empty store file", "", "s.json: 1:1"),
    ("store truncated", #"{"version":1,"promotions":["#, "s.json: 1:28"),
    ("store is an array", "[]", "s.json: top level"),
    ("store without version", #"{"promotions":[]}"#, "s.json: version"),
    ("version as string", #"{"version":"1","promotions":[]}"#, "s.json: version"),
    ("newer version", #"{"version":5,"promotions":[],"rules":[]}"#, "s.json: version"),
    ("promotions not an array", #"{"version":1,"promotions":{}}"#, "s.json: promotions"),
    ("promotions missing", #"{"version":1}"#, "s.json: promotions"),
    (
      "duplicate ids", promotion(#""id":"p","kind":"discount","percentOff":"6""#),
      "s.json: promotions[1].id"
    ),
    bad(
      "timestamp without offset", #""kind":"discount","percentOff":"6","startsAt":"2026-11-01T00:00:00""#,
      at: "startsAt"),
    bad("month 13", #""kind":"discount","percentOff":"6","endsAt":"2026-13-01T00:00:00Z""#, at: "endsAt"),
    bad("February 30", #""kind":"discount","percentOff":"6","endsAt":"2026-02-30T00:00:00Z""#, at: "endsAt"),
    bad("hour 24", #""kind":"discount","percentOff":"6","endsAt":"2026-02-03T24:00:00Z""#, at: "endsAt"),
    bad("year 0", #""kind":"discount","percentOff":"6","endsAt":"0000-01-01T00:00:00Z""#, at: "endsAt"),
    bad(
      "offset out of range", #""kind":"discount","percentOff":"6","endsAt":"2026-01-01T00:00:00+24:00""#,
      at: "endsAt"),
    (
      "empty window",
      promotion(
        #""id":"q","kind":"discount","percentOff":"6","startsAt":"2026-01-01T08:00:00+08:00","endsAt":"2026-01-01T00:00:00Z""#
      ), "s.json: promotions[1].endsAt"
    ),
    bad("percentOff 0", #""kind":"discount","percentOff":"0""#, at: "percentOff"),
    bad("percentOff above 100", #""kind":"discount","percentOff":"100.0001""#, at: "percentOff"),
    bad("percentOff with 5 places", #""kind":"discount","percentOff":"1.00001""#, at: "percentOff"),
    bad("amountOff 0", #""kind":"discount","amountOff":"0.00""#, at: "amountOff"),
    bad("amountOff over 10^12", #""kind":"discount","amountOff":1000000000001"#, at: "amountOff"),
    bad("both benefits", #""kind":"discount","amountOff":"1","percentOff":"1""#, at: "amountOff"),
    bad("no benefit", #""kind":"discount""#, at: "percentOff"),
    bad(
      "minimum on a discount", #""kind":"discount","amountOff":"1","minimumAmount":"5""#, at: "minimumAmount"),
    bad("threshold without minimum", #""kind":"threshold","amountOff":"1""#, at: "minimumAmount"),
    bad("negative minimum", #""kind":"threshold","amountOff":"1","minimumAmount":"-1""#, at: "minimumAmount"),
    (
      "id of 65 characters",
      promotion(#""id":"\#(String(repeating: "a", count: 65))","kind":"discount","amountOff":"1""#),
      "s.json: promotions[1].id"
    ),
    ("empty id", promotion(#""id":"","kind":"discount","amountOff":"1""#), "s.json: promotions[1].id"),
    bad("unknown kind", #""kind":"coupon","amountOff":"1""#, at: "kind"),
    bad("active as string", #""kind":"discount","amountOff":"1","active":"true""#, at: "active"),
    bad(
      "misspelt key", #""kind":"discount","amountOff":"1","startAt":"2026-01-01T00:00:00Z""#, at: "startAt"),
    ("store currency invalid", #"{"version":1,"currency":"EURO","promotions":[]}"#, "s.json: currency"),
    bad("v1: kind item", #""kind":"item","percentOff":"5""#, at: "kind"),
    bad("v1: code", #""kind":"discount","percentOff":"5","code":"A""#, at: "code"),
    bad(
      "v1: maximumDiscount", #""kind":"discount","percentOff":"5","maximumDiscount":"1""#,
      at: "maximumDiscount"),
    bad2("item: no benefit", #""kind":"item""#, at: "percentOff"),
    bad2(
      "item: percent and fixed price", #""kind":"item","percentOff":"5","fixedPrice":"1""#, at: "fixedPrice"),
    bad2("item: amount and buy-get", #""kind":"item","amountOff":"1","buy":1,"get":1"#, at: "amountOff"),
    bad2("item: buy without get", #""kind":"item","buy":2"#, at: "get"),
    bad2("item: get without buy", #""kind":"item","get":2"#, at: "buy"),
    bad2("item: buy 0", #""kind":"item","buy":0,"get":1"#, at: "buy"),
    bad2("item: get 1001", #""kind":"item","buy":1,"get":1001"#, at: "get"),
    bad2("item: buy 1.5", #""kind":"item","buy":1.5,"get":1"#, at: "buy"),
    bad2("item: buy as string", #""kind":"item","buy":"2","get":1"#, at: "buy"),
    bad2("item: buy-get percent 0", #""kind":"item","buy":1,"get":1,"percentOff":"0""#, at: "percentOff"),
    bad2("item: negative fixed price", #""kind":"item","fixedPrice":"-1""#, at: "fixedPrice"),
    bad2("item: fixed price too precise", #""kind":"item","fixedPrice":"1.001""#, at: "fixedPrice"),
    bad2("item: fixed price over 10^12", #""kind":"item","fixedPrice":"1000000000000.01""#, at: "fixedPrice"),
    bad2(
      "item: maximumDiscount", #""kind":"item","percentOff":"5","maximumDiscount":"1""#, at: "maximumDiscount"
    ),
    bad2("item: minimumAmount", #""kind":"item","percentOff":"5","minimumAmount":"1""#, at: "minimumAmount"),
    bad2("discount: fixed price", #""kind":"discount","fixedPrice":"1""#, at: "fixedPrice"),
    bad2("threshold: buy-get", #""kind":"threshold","minimumAmount":"1","buy":1,"get":1"#, at: "buy"),
    bad2("discount: target", #""kind":"discount","percentOff":"5","target":{"skus":["a"]}"#, at: "target"),
    bad2(
      "cap on an amount off", #""kind":"discount","amountOff":"5","maximumDiscount":"1""#,
      at: "maximumDiscount"),
    bad2("cap of 0", #""kind":"discount","percentOff":"5","maximumDiscount":"0""#, at: "maximumDiscount"),
    bad2(
      "cap too precise", #""kind":"discount","percentOff":"5","maximumDiscount":"0.001""#,
      at: "maximumDiscount"),
    bad2("target empty object", #""kind":"item","percentOff":"5","target":{}"#, at: "target"),
    bad2("target not an object", #""kind":"item","percentOff":"5","target":["a"]"#, at: "target"),
    bad2("target unknown key", #""kind":"item","percentOff":"5","target":{"sku":["a"]}"#, at: "target.sku"),
    bad2("empty skus", #""kind":"item","percentOff":"5","target":{"skus":[]}"#, at: "target.skus"),
    bad2("duplicate sku", #""kind":"item","percentOff":"5","target":{"skus":["a","a"]}"#, at: "target.skus"),
    bad2(
      "empty category", #""kind":"item","percentOff":"5","target":{"categories":[""]}"#,
      at: "target.categories"),
    bad2("sku not a string", #""kind":"item","percentOff":"5","target":{"skus":[1]}"#, at: "target.skus[0]"),
    (
      "1001 skus",
      promotion2(
        #""id":"q","kind":"item","percentOff":"5","target":{"skus":[\#((0...1000).map { "\"s\($0)\"" }.joined(separator: ","))]}"#
      ), "s.json: promotions[1].target.skus"
    ),
    bad2("empty code", #""kind":"discount","percentOff":"5","code":"""#, at: "code"),
    bad2("code with a space", #""kind":"discount","percentOff":"5","code":"A B""#, at: "code"),
    (
      "code of 33 characters",
      promotion2(
        #""id":"q","kind":"discount","percentOff":"5","code":"\#(String(repeating: "C", count: 33))""#),
      "s.json: promotions[1].code"
    ),
    bad2("code not a string", #""kind":"discount","percentOff":"5","code":10"#, at: "code"),
  ]
}
