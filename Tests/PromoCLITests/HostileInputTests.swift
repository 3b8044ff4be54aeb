import Foundation
import PromoLibc
import Testing

/// One hostile or malformed input: the files it writes into a scratch copy of the sample
/// store's folder, the command it runs there, the exact status, and a piece of the one
/// error line that locates the problem, or (`isWholeLine`) that whole line, word for word.
struct HostileCase: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  let files: [String: [UInt8]]
  let status: Int32
  let location: String
  /// Whether `location` is the whole error line (without its line break), not a piece.
  let isWholeLine: Bool

  var testDescription: String { name }

  init(
    _ name: String, _ arguments: [String], files: [String: [UInt8]] = [:], status: Int32, at location: String,
    isWholeLine: Bool = false
  ) {
    self.name = name
    self.arguments = arguments
    self.files = files
    self.status = status
    self.location = location
    self.isWholeLine = isWholeLine
  }

  /// An order file `o.json` with `text`, priced against the sample store.
  static func order(_ name: String, _ text: String, at location: String) -> HostileCase {
    HostileCase(name, price("o.json"), files: ["o.json": Array(text.utf8)], status: 65, at: location)
  }

  /// An order file `o.json` with `text`, priced against the sample store, refused with
  /// exactly the error `line`.
  static func order(_ name: String, _ text: String, line: String) -> HostileCase {
    HostileCase(
      name, price("o.json"), files: ["o.json": Array(text.utf8)], status: 65, at: line, isWholeLine: true)
  }

  /// An order file `o.json` with raw `bytes`.
  static func orderBytes(_ name: String, _ bytes: [UInt8], at location: String) -> HostileCase {
    HostileCase(name, price("o.json"), files: ["o.json": bytes], status: 65, at: location)
  }

  /// A store `s.json` with `text`, used to price a good order and by a writing command;
  /// both fail with an error line holding `location`, or being exactly it (`isWholeLine`).
  static func store(_ name: String, _ text: String, at location: String, isWholeLine: Bool = false)
    -> [HostileCase]
  {
    [
      HostileCase(
        name + " (price)", ["price", "--store", "s.json", "--at", at, Self.goodOrder],
        files: ["s.json": Array(text.utf8)],
        status: 65, at: location, isWholeLine: isWholeLine),
      HostileCase(
        name + " (add)",
        ["add", "--store", "s.json", "--id", "new", "--kind", "discount", "--percent-off", "5"],
        files: ["s.json": Array(text.utf8)], status: 65, at: location, isWholeLine: isWholeLine),
    ]
  }

  static let at = "2026-11-22T12:00:00+08:00"
  static let goodOrder = "good.json"

  static func price(_ file: String) -> [String] { ["price", file, "--at", at] }

  static func promotion(_ fields: String) -> String {
    #"{"version":1,"currency":"CNY","promotions":[{"id":"p","kind":"discount","percentOff":"5"},{\#(fields)}]}"#
  }

  /// A version-2 store with one good promotion and `fields` as a second one.
  static func promotion2(_ fields: String) -> String {
    #"{"version":2,"currency":"CNY","promotions":[{"id":"p","kind":"discount","percentOff":"5"},{\#(fields)}]}"#
  }

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

  /// More format-2 stores that break one rule each (kinds, targets, benefits, caps, codes,
  /// versions), with the whole error line they must give.
  static let format2StoreLines: [(String, String, String)] = [
    (
      "v1: target", promotion(#""id":"q","kind":"discount","percentOff":"5","target":{"skus":["a"]}"#),
      #"promo: s.json: promotions[1].target: target needs store version 3, but this store is version 1; set "version": 3 to use it"#
    ),
    (
      "v1: fixedPrice", promotion(#""id":"q","kind":"discount","fixedPrice":"5""#),
      #"promo: s.json: promotions[1].fixedPrice: fixedPrice needs store version 2, but this store is version 1; set "version": 2 to use it"#
    ),
    (
      "v1: buy and get", promotion(#""id":"q","kind":"discount","buy":1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy needs store version 2, but this store is version 1; set "version": 2 to use it"#
    ),
    (
      "v1: get alone", promotion(#""id":"q","kind":"discount","percentOff":"5","get":1"#),
      #"promo: s.json: promotions[1].get: get needs store version 2, but this store is version 1; set "version": 2 to use it"#
    ),
    (
      "item: get 0", promotion2(#""id":"q","kind":"item","buy":1,"get":0"#),
      #"promo: s.json: promotions[1].get: get must be a whole number from 1 to 1000, not 0"#
    ),
    (
      "item: buy 1001", promotion2(#""id":"q","kind":"item","buy":1001,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy must be a whole number from 1 to 1000, not 1001"#
    ),
    (
      "item: buy -1", promotion2(#""id":"q","kind":"item","buy":-1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy must be a whole number from 1 to 1000, not -1"#
    ),
    (
      "item: get 1.5", promotion2(#""id":"q","kind":"item","buy":1,"get":1.5"#),
      #"promo: s.json: promotions[1].get: get must be a whole number, not 1.5"#
    ),
    (
      "item: buy-get percent above 100",
      promotion2(#""id":"q","kind":"item","buy":1,"get":1,"percentOff":"100.01""#),
      #"promo: s.json: promotions[1].percentOff: percentOff must be greater than 0 and at most 100, not 100.01"#
    ),
    (
      "item: buy-get percent with 5 places",
      promotion2(#""id":"q","kind":"item","buy":1,"get":1,"percentOff":"50.00001""#),
      #"promo: s.json: promotions[1].percentOff: percentOff 50.00001 has more than 4 decimal places"#
    ),
    (
      "item: buy-get and fixed price",
      promotion2(#""id":"q","kind":"item","buy":1,"get":1,"fixedPrice":"1""#),
      #"promo: s.json: promotions[1].fixedPrice: a promotion has exactly one of buy and fixedPrice, not both"#
    ),
    (
      "item: amount and fixed price", promotion2(#""id":"q","kind":"item","fixedPrice":"1","amountOff":"1""#),
      #"promo: s.json: promotions[1].fixedPrice: a promotion has exactly one of amountOff and fixedPrice, not both"#
    ),
    (
      "item: fixed price not a decimal", promotion2(#""id":"q","kind":"item","fixedPrice":"abc""#),
      #"promo: s.json: promotions[1].fixedPrice: fixedPrice "abc" is not a decimal number; write it like "12.50""#
    ),
    (
      "item: amount off too precise", promotion2(#""id":"q","kind":"item","amountOff":"1.001""#),
      #"promo: s.json: promotions[1].amountOff: amountOff 1.001 has 3 decimal places; CNY has 2"#
    ),
    (
      "item: kind in capitals", promotion2(#""id":"q","kind":"Item","percentOff":"5""#),
      #"promo: s.json: promotions[1].kind: kind must be "item", "discount", "threshold", "shipping" or "gift", not "Item"; did you mean "item"?"#
    ),
    (
      "threshold: fixed price",
      promotion2(#""id":"q","kind":"threshold","minimumAmount":"1","fixedPrice":"1""#),
      #"promo: s.json: promotions[1].fixedPrice: fixedPrice is only for item and shipping promotions, not for a threshold; use percentOff or amountOff, or make the kind "item""#
    ),
    (
      "discount: buy-get", promotion2(#""id":"q","kind":"discount","buy":1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy is only for item promotions, not for a discount; use percentOff or amountOff, or make the kind "item""#
    ),
    (
      "threshold: target",
      promotion2(
        #""id":"q","kind":"threshold","minimumAmount":"1","percentOff":"5","target":{"categories":["a"]}"#),
      #"promo: s.json: promotions[1].target: target needs store version 3, but this store is version 2; set "version": 3 to use it"#
    ),
    (
      "cap on a threshold's amount off",
      promotion2(#""id":"q","kind":"threshold","minimumAmount":"1","amountOff":"5","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage) or a repeating threshold"#
    ),
    (
      "cap on buy-get", promotion2(#""id":"q","kind":"item","buy":1,"get":1,"maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage) or a repeating threshold"#
    ),
    (
      "cap on a fixed price", promotion2(#""id":"q","kind":"item","fixedPrice":"1","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage) or a repeating threshold"#
    ),
    (
      "negative cap", promotion2(#""id":"q","kind":"discount","percentOff":"5","maximumDiscount":"-1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount must be greater than 0, not -1"#
    ),
    (
      "cap over 10^12",
      promotion2(#""id":"q","kind":"discount","percentOff":"5","maximumDiscount":"1000000000000.01""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount 1000000000000.01 is too large: at most 1000000000000"#
    ),
    (
      "cap without a benefit", promotion2(#""id":"q","kind":"discount","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].percentOff: missing the benefit: add "percentOff" (a percentage) or "amountOff" (a fixed sum)"#
    ),
    (
      "empty categories", promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"categories":[]}"#),
      #"promo: s.json: promotions[1].target.categories: categories must not be empty; leave it out instead"#
    ),
    (
      "empty sku", promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"skus":[""]}"#),
      #"promo: s.json: promotions[1].target.skus: skus has an empty string; every entry needs at least one character"#
    ),
    (
      "duplicate category",
      promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"categories":["a","b","a"]}"#),
      #"promo: s.json: promotions[1].target.categories: categories has "a" twice; entries must be distinct"#
    ),
    (
      "1001 categories",
      promotion2(
        #""id":"q","kind":"item","percentOff":"5","target":{"categories":[\#((0...1000).map { "\"c\($0)\"" }.joined(separator: ","))]}"#
      ),
      #"promo: s.json: promotions[1].target.categories: categories has 1001 entries; at most 1000 are allowed"#
    ),
    (
      "target null", promotion2(#""id":"q","kind":"item","percentOff":"5","target":null"#),
      #"promo: s.json: promotions[1].target: target must be an object, not null"#
    ),
    (
      "skus not an array", promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"skus":"a"}"#),
      #"promo: s.json: promotions[1].target.skus: skus must be an array of strings, not a string"#
    ),
    (
      "code with a dot", promotion2(#""id":"q","kind":"discount","percentOff":"5","code":"A.B""#),
      #"promo: s.json: promotions[1].code: code "A.B" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#
    ),
    (
      "non-ASCII code", promotion2(#""id":"q","kind":"discount","percentOff":"5","code":"CAFÉ""#),
      #"promo: s.json: promotions[1].code: code "CAFÉ" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#
    ),
    (
      "code null", promotion2(#""id":"q","kind":"discount","percentOff":"5","code":null"#),
      #"promo: s.json: promotions[1].code: code must be a string, not null"#
    ),
    (
      "version 0", #"{"version":0,"promotions":[]}"#,
      #"promo: s.json: version: version must be 1, 2, 3 or 4, not 0"#
    ),
    (
      "version 2.5", #"{"version":2.5,"promotions":[]}"#,
      #"promo: s.json: version: version must be 1, 2, 3 or 4, not 2.5"#
    ),
    (
      "version 5 with item promotions",
      #"{"version":5,"promotions":[{"id":"q","kind":"item","percentOff":"5","code":"A"}]}"#,
      #"promo: s.json: version: store version 5 is newer than this promo understands (it reads versions 1 to 4); upgrade promo to use this store"#
    ),
    (
      "version of 20 digits", #"{"version":99999999999999999999,"promotions":[]}"#,
      #"promo: s.json: version: store version 99999999999999999999 is newer than this promo understands (it reads versions 1 to 4); upgrade promo to use this store"#
    ),
  ]

  /// A version-3 store with one good promotion and `fields` as a second one.
  static func promotion3(_ fields: String) -> String {
    #"{"version":3,"currency":"CNY","promotions":[{"id":"p","kind":"discount","percentOff":"5"},{\#(fields)}]}"#
  }

  /// Format-3 stores that break one rule each (shipping, quantities, repeats, across
  /// lines, unit limits, customer groups), with the whole error line they must give.
  static let format3StoreLines: [(String, String, String)] = [
    (
      "shipping: target", promotion3(#""id":"q","kind":"shipping","percentOff":"5","target":{"skus":["a"]}"#),
      #"promo: s.json: promotions[1].target: target is for item, discount and threshold promotions; a shipping promotion acts on the order's shipping (remove target)"#
    ),
    (
      "shipping: buy-get", promotion3(#""id":"q","kind":"shipping","buy":1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy is only for item promotions, not for a shipping promotion; use percentOff or amountOff, or make the kind "item""#
    ),
    (
      "shipping: no benefit", promotion3(#""id":"q","kind":"shipping""#),
      #"promo: s.json: promotions[1].percentOff: missing the benefit: add "percentOff", "amountOff" or "fixedPrice" (what the shipping then costs)"#
    ),
    (
      "shipping: minimumQuantity",
      promotion3(#""id":"q","kind":"shipping","amountOff":"5","minimumQuantity":2"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity is only for threshold promotions; remove it or make the kind "threshold""#
    ),
    (
      "shipping: repeat",
      promotion3(#""id":"q","kind":"shipping","amountOff":"5","minimumAmount":"10","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: repeat is only for threshold promotions ("10 off every 100"); remove it or make the kind "threshold""#
    ),
    (
      "shipping: cap on amount",
      promotion3(#""id":"q","kind":"shipping","amountOff":"5","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage) or a repeating threshold"#
    ),
    (
      "discount: minimumQuantity",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","minimumQuantity":2"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity is only for threshold promotions; remove it or make the kind "threshold""#
    ),
    (
      "item: minimumQuantity", promotion3(#""id":"q","kind":"item","percentOff":"5","minimumQuantity":2"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity is only for threshold promotions; remove it or make the kind "threshold""#
    ),
    (
      "threshold: minimumQuantity 0",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":0"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number from 1 to 1000000, not 0"#
    ),
    (
      "threshold: minimumQuantity too big",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":1000001"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number from 1 to 1000000, not 1000001"#
    ),
    (
      "threshold: minimumQuantity fraction",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":1.5"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number, not 1.5"#
    ),
    (
      "threshold: minimumQuantity string",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":"2""#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number, not a string"#
    ),
    (
      "threshold: repeat with percent",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumAmount":"100","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: a repeating threshold takes amountOff once for every full minimum; give amountOff instead of a percentage"#
    ),
    (
      "threshold: repeat with both minimums",
      promotion3(
        #""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"100","minimumQuantity":2,"repeat":true"#
      ),
      #"promo: s.json: promotions[1].repeat: a repeating threshold counts one minimum: give minimumAmount or minimumQuantity, not both"#
    ),
    (
      "threshold: repeat every 0",
      promotion3(#""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"0","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: a repeating threshold needs a minimumAmount above 0 (the step it counts)"#
    ),
    (
      "threshold: repeat not boolean",
      promotion3(#""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"10","repeat":"yes""#),
      #"promo: s.json: promotions[1].repeat: repeat must be true or false, not a string"#
    ),
    (
      "discount: repeat", promotion3(#""id":"q","kind":"discount","amountOff":"5","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: repeat is only for threshold promotions ("10 off every 100"); remove it or make the kind "threshold""#
    ),
    (
      "item: acrossLines without buy",
      promotion3(#""id":"q","kind":"item","percentOff":"5","acrossLines":true"#),
      #"promo: s.json: promotions[1].acrossLines: acrossLines on a percentOff, amountOff or fixedPrice item deal needs maximumQuantity (the most units it covers in the order)"#
    ),
    (
      "discount: acrossLines", promotion3(#""id":"q","kind":"discount","percentOff":"5","acrossLines":true"#),
      #"promo: s.json: promotions[1].acrossLines: acrossLines is only for an item promotion with buy and get, or with a maximumQuantity (it counts the units of all its lines together)"#
    ),
    (
      "item: acrossLines not boolean", promotion3(#""id":"q","kind":"item","buy":1,"get":1,"acrossLines":1"#),
      #"promo: s.json: promotions[1].acrossLines: acrossLines must be true or false, not a number"#
    ),
    (
      "discount: maximumQuantity",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","maximumQuantity":2"#),
      #"promo: s.json: promotions[1].maximumQuantity: maximumQuantity is only for item promotions (the most units of a line it covers)"#
    ),
    (
      "item: maximumQuantity 0", promotion3(#""id":"q","kind":"item","percentOff":"5","maximumQuantity":0"#),
      #"promo: s.json: promotions[1].maximumQuantity: maximumQuantity must be a whole number from 1 to 1000000, not 0"#
    ),
    (
      "item: maximumQuantity too big",
      promotion3(#""id":"q","kind":"item","percentOff":"5","maximumQuantity":1000001"#),
      #"promo: s.json: promotions[1].maximumQuantity: maximumQuantity must be a whole number from 1 to 1000000, not 1000001"#
    ),
    (
      "customerGroups empty", promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":[]"#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups must not be empty; leave it out to admit every customer"#
    ),
    (
      "customerGroups duplicate",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":["a","a"]"#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups has "a" twice; names must be distinct"#
    ),
    (
      "customerGroups empty name",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":[""]"#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups has an empty string; every name needs at least one character"#
    ),
    (
      "customerGroups not array",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":"member""#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups must be an array of strings, not a string"#
    ),
    (
      "customerGroups number",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":[1]"#),
      #"promo: s.json: promotions[1].customerGroups[0]: customerGroups[0] must be a string, not a number"#
    ),
    (
      "discount: empty target", promotion3(#""id":"q","kind":"discount","percentOff":"5","target":{}"#),
      #"promo: s.json: promotions[1].target: a target needs "skus" or "categories" (or remove target to act on every line)"#
    ),
    (
      "threshold: no minimum", promotion3(#""id":"q","kind":"threshold","percentOff":"5""#),
      #"promo: s.json: promotions[1].minimumAmount: a threshold promotion needs "minimumAmount" (the least amount it applies to) or "minimumQuantity" (the least units)"#
    ),
  ]

  /// Orders with format-3 fields (shipping, customer) that break one rule each, with the
  /// whole error line they must give; every store version reads these fields.
  static let format3OrderLines: [(String, String, String)] = [
    (
      "order: shipping negative",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":"-1"}"#,
      #"promo: o.json: shipping: shipping must be at least 0, not -1"#
    ),
    (
      "order: shipping too precise",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":"1.001"}"#,
      #"promo: o.json: shipping: shipping 1.001 has 3 decimal places; CNY has 2"#
    ),
    (
      "order: shipping too large",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":"1000000000001"}"#,
      #"promo: o.json: shipping: shipping 1000000000001 is too large: at most 1000000000000"#
    ),
    (
      "order: shipping null",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":null}"#,
      #"promo: o.json: shipping: shipping must be a decimal, written as a number or a string like "12.50", not null"#
    ),
    (
      "order: shipping boolean",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":true}"#,
      #"promo: o.json: shipping: shipping must be a decimal, written as a number or a string like "12.50", not a boolean"#
    ),
    (
      "order: customer not object",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":"c-1"}"#,
      #"promo: o.json: customer: a customer must be an object, not a string"#
    ),
    (
      "order: customer unknown key",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"id":"c","group":["a"]}}"#,
      #"promo: o.json: customer.group: unknown key "group" in customer; did you mean "groups"?"#
    ),
    (
      "order: customer groups duplicate",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"groups":["a","a"]}}"#,
      #"promo: o.json: customer.groups: groups has "a" twice; entries must be distinct"#
    ),
    (
      "order: customer groups empty name",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"groups":[""]}}"#,
      #"promo: o.json: customer.groups: groups has an empty string; every entry needs at least one character"#
    ),
    (
      "order: customer groups not array",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"groups":"member"}}"#,
      #"promo: o.json: customer.groups: groups must be an array of strings, not a string"#
    ),
    (
      "order: customer id number",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"id":7}}"#,
      #"promo: o.json: customer.id: id must be a string, not a number"#
    ),
  ]

  static let all: [HostileCase] = {
    var cases: [HostileCase] = [
      // Orders: syntax.
      .order("empty order file", "", at: "o.json: 1:1"),
      .order("only white space", " \n\t \n", at: "o.json: 1:1"),
      .order("truncated inside a string", #"{"amount": "1"#, at: "o.json: 1:12"),
      .order("truncated after a colon", #"{"amount":"#, at: "o.json: 1:11"),
      .order("truncated array", #"[{"amount":"1.00"}"#, at: "o.json: 1:19"),
      .order("trailing comma in object", #"{"amount":"1.00",}"#, at: "o.json: 1:17"),
      .order("trailing comma in items", #"{"items":[{"unitPrice":"1","quantity":1},]}"#, at: "o.json: 1:41"),
      .order("duplicate key", #"{"amount":"1.00","amount":"2.00"}"#, at: "o.json: 1:18"),
      .order("line comment", "{\"amount\":\"1.00\" // cheap\n}", at: "o.json: 1:18"),
      .order("block comment", #"/* order */ {"amount":"1.00"}"#, at: "o.json: 1:1"),
      .order("single quotes", #"{'amount':'1.00'}"#, at: "o.json: 1:2"),
      .order("NaN literal", #"{"amount":NaN}"#, at: "o.json: 1:11"),
      .order("leading zero", #"{"amount":01.5}"#, at: "o.json: 1:11"),
      .order("lone surrogate escape", #"{"id":"\ud800","amount":"1.00"}"#, at: "o.json: 1:8"),
      .order("bad escape", #"{"id":"\x41","amount":"1.00"}"#, at: "o.json: 1:8"),
      .order("two values", #"{"amount":"1.00"} {"amount":"2.00"}"#, at: "o.json: 1:19"),
      .orderBytes(
        "byte-order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"amount":"1.00"}"#.utf8), at: "o.json: 1:1"),
      .orderBytes(
        "invalid UTF-8 in a string",
        Array(#"{"id":""#.utf8) + [0xC3, 0x28] + Array(#"","amount":"1"}"#.utf8), at: "o.json: 1:8"),
      .orderBytes(
        "overlong UTF-8", Array(#"{"id":""#.utf8) + [0xC0, 0xAF] + Array(#"","amount":"1"}"#.utf8),
        at: "o.json: 1:8"),
      .orderBytes(
        "invalid byte outside strings", [0xFF] + Array(#"{"amount":"1.00"}"#.utf8), at: "o.json: 1:1"),
      .orderBytes(
        "NUL byte in a string", Array(#"{"id":"a"#.utf8) + [0] + Array(#"","amount":"1"}"#.utf8),
        at: "o.json: 1:9"),
      .orderBytes("NUL byte outside strings", Array(#"{"amount":"1.00"}"#.utf8) + [0], at: "o.json: 1:18"),
      .order("deep nesting", String(repeating: "[", count: 100_000), at: "o.json: 1:65"),
      .order("deep nesting in objects", String(repeating: #"{"a":"#, count: 10_000), at: "o.json: 1:321"),
      // Orders: content.
      .order("top-level number", "42", at: "o.json: top level"),
      .order("top-level null", "null", at: "o.json: top level"),
      .order("array of non-objects", #"[{"amount":"1.00"}, 7]"#, at: "o.json: [1]"),
      .order("amount of wrong type", #"{"amount":true}"#, at: "o.json: amount"),
      .order("amount as object", #"{"amount":{"value":"1.00"}}"#, at: "o.json: amount"),
      .order("negative amount", #"{"amount":"-1.00"}"#, at: "o.json: amount"),
      .order("amount over 10^12", #"{"amount":"1000000000000.01"}"#, at: "o.json: amount"),
      .order("amount 1e400", #"{"amount":1e400}"#, at: "o.json: amount"),
      .order("amount 1e-400", #"{"amount":1e-400}"#, at: "o.json: amount"),
      .order("huge exponent", #"{"amount":1e99999999999999999999}"#, at: "o.json: amount"),
      .order("over-precise amount", #"{"amount":"0.001"}"#, at: "o.json: amount"),
      .order("decimal with plus sign", #"{"amount":"+1.00"}"#, at: "o.json: amount"),
      .order("decimal with spaces", #"{"amount":" 1.00"}"#, at: "o.json: amount"),
      .order("items not an array", #"{"items":{"sku":"a"}}"#, at: "o.json: items"),
      .order("item not an object", #"{"items":["tea"]}"#, at: "o.json: items[0]"),
      .order(
        "quantity as string", #"{"items":[{"unitPrice":"1","quantity":"2"}]}"#,
        at: "o.json: items[0].quantity"),
      .order(
        "fractional quantity", #"{"items":[{"unitPrice":"1","quantity":1.5}]}"#,
        at: "o.json: items[0].quantity"),
      .order(
        "zero quantity", #"{"items":[{"unitPrice":"1","quantity":0}]}"#, at: "o.json: items[0].quantity"),
      .order(
        "quantity over 10^6", #"{"items":[{"unitPrice":"1","quantity":1000001}]}"#,
        at: "o.json: items[0].quantity"),
      .order(
        "negative unit price", #"{"items":[{"unitPrice":"-0.01","quantity":1}]}"#,
        at: "o.json: items[0].unitPrice"),
      .order("missing unit price", #"{"items":[{"quantity":1}]}"#, at: "o.json: items[0].unitPrice"),
      .order("currency mismatch", #"{"currency":"USD","amount":"1.00"}"#, at: "o.json: currency"),
      .order("lower-case currency", #"{"currency":"cny","amount":"1.00"}"#, at: "o.json: currency"),
      .order("two-letter currency", #"{"currency":"CN","amount":"1.00"}"#, at: "o.json: currency"),
      .order("non-ASCII currency", #"{"currency":"ÇNY","amount":"1.00"}"#, at: "o.json: currency"),
      .order("numeric currency", #"{"currency":156,"amount":"1.00"}"#, at: "o.json: currency"),
      .order("unknown key", #"{"amount":"1.00","discount":"5"}"#, at: "o.json: discount"),
      .order("both items and amount", #"{"amount":"1.00","items":[]}"#, at: "o.json: amount"),
      .order("neither items nor amount", #"{"id":"x"}"#, at: "o.json: items"),
      .order(
        "$schema inside an item", #"{"items":[{"$schema":"x","unitPrice":"1","quantity":1}]}"#,
        at: "o.json: items[0].$schema"),
      .order(
        "unit price just over 10^12", #"{"items":[{"unitPrice":"1000000000000.01","quantity":1}]}"#,
        at: "o.json: items[0].unitPrice"),
      .order("id not a string", #"{"id":7,"amount":"1.00"}"#, at: "o.json: id"),
      .order("null for an optional key", #"{"id":null,"amount":"1.00"}"#, at: "o.json: id"),
      // Orders: format 2.
      .order("codes not an array", #"{"codes":"VIP10","amount":"1.00"}"#, at: "o.json: codes"),
      .order("code with a space", #"{"codes":["VIP 10"],"amount":"1.00"}"#, at: "o.json: codes[0]"),
      .order(
        "17 codes", #"{"codes":[\#((0...16).map { "\"C\($0)\"" }.joined(separator: ","))],"amount":"1.00"}"#,
        at: "o.json: codes"),
      .order(
        "categories not an array", #"{"items":[{"unitPrice":"1","quantity":1,"categories":"tea"}]}"#,
        at: "o.json: items[0].categories"),
      .order(
        "duplicate category", #"{"items":[{"unitPrice":"1","quantity":1,"categories":["tea","tea"]}]}"#,
        at: "o.json: items[0].categories"),
      .order(
        "empty category", #"{"items":[{"unitPrice":"1","quantity":1,"categories":[""]}]}"#,
        at: "o.json: items[0].categories"),
      .order(
        "17 categories",
        #"{"items":[{"unitPrice":"1","quantity":1,"categories":[\#((0...16).map { "\"c\($0)\"" }.joined(separator: ","))]}]}"#,
        at: "o.json: items[0].categories"),
      .order(
        "10001 items",
        #"{"items":[\#(Array(repeating: #"{"unitPrice":"1","quantity":1}"#, count: 10_001).joined(separator: ","))]}"#,
        at: "o.json: items"),
      .order(
        "empty code", #"{"codes":[""],"amount":"1.00"}"#,
        line: #"promo: o.json: codes[0]: code "" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#),
      .order(
        "code of 33 characters", #"{"codes":["\#(String(repeating: "C", count: 33))"],"amount":"1.00"}"#,
        line:
          "promo: o.json: codes[0]: code \"\(String(repeating: "C", count: 33))\" must be 1 to 32 characters of A-Z a-z 0-9 _ -"
      ),
      .order(
        "code not a string", #"{"codes":[10],"amount":"1.00"}"#,
        line: #"promo: o.json: codes[0]: codes[0] must be a string, not a number"#),
      .order(
        "codes null", #"{"codes":null,"amount":"1.00"}"#,
        line: #"promo: o.json: codes: codes must be an array of strings, not null"#),
      .order(
        "non-ASCII code", #"{"codes":["CAFÉ"],"amount":"1.00"}"#,
        line: #"promo: o.json: codes[0]: code "CAFÉ" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#),
      .order(
        "category not a string", #"{"items":[{"unitPrice":"1","quantity":1,"categories":[1]}]}"#,
        line: #"promo: o.json: items[0].categories[0]: categories[0] must be a string, not a number"#),
      .order(
        "categories null", #"{"items":[{"unitPrice":"1","quantity":1,"categories":null}]}"#,
        line: #"promo: o.json: items[0].categories: categories must be an array of strings, not null"#),
      .order(
        "categories on the order", #"{"categories":["tea"],"amount":"1.00"}"#,
        line: #"promo: o.json: categories: unknown key "categories" at the top level; did you mean "codes"?"#),
      .order(
        "code instead of codes", #"{"code":"VIP10","amount":"1.00"}"#,
        line: #"promo: o.json: code: unknown key "code" at the top level; did you mean "codes"?"#),
    ]
    for (name, text, location) in badStores { cases += store(name, text, at: location) }
    for (name, text, line) in format2StoreLines + format3StoreLines {
      cases += store(name, text, at: line, isWholeLine: true)
    }
    for (name, text, line) in format3OrderLines { cases.append(.order(name, text, line: line)) }
    cases += [
      // The file system.
      HostileCase("order is a folder", price("folder"), status: 66, at: "folder: is a folder"),
      HostileCase("order missing", price("nope.json"), status: 66, at: "nope.json: no such file"),
      HostileCase(
        "store is a folder", ["price", "--store", "folder", goodOrder], status: 66, at: "folder: is a folder"),
      HostileCase(
        "store missing", ["price", "--store", "nope.json", goodOrder], status: 66,
        at: "nope.json: no promotion store"),
      HostileCase(
        "add into a missing folder",
        ["add", "--store", "no/such/s.json", "--id", "x", "--kind", "discount", "--percent-off", "1"],
        status: 73, at: "no/such/s.json: cannot create the store: the folder no/such does not exist"),
      HostileCase(
        "add below a file",
        ["add", "--store", "good.json/s.json", "--id", "x", "--kind", "discount", "--percent-off", "1"],
        status: 73, at: "good.json/s.json.lock: cannot create"),
      // Arguments.
      HostileCase("unknown command", ["frobnicate"], status: 64, at: "promo: unknown command"),
      HostileCase(
        "unknown option", ["price", goodOrder, "--fast"], status: 64, at: "promo: unknown option --fast"),
      HostileCase(
        "option without value", ["price", goodOrder, "--store"], status: 64,
        at: "promo: --store needs a value"),
      HostileCase("bad --at", ["price", goodOrder, "--at", "yesterday"], status: 64, at: "promo: --at: "),
      HostileCase(
        "--at out of range", ["price", goodOrder, "--at", "2026-02-29T00:00:00Z"], status: 64,
        at: "promo: --at: "),
      HostileCase("bad --format", ["list", "--format", "xml"], status: 64, at: "promo: --format must be"),
      HostileCase(
        "negative lock timeout", ["delete", "p", "--lock-timeout", "-1"], status: 64,
        at: "promo: --lock-timeout: "),
      HostileCase("extra argument", ["show", "a", "b"], status: 64, at: "promo: unexpected argument"),
      HostileCase("stdin twice", ["price", "-", "-"], status: 64, at: "promo: standard input"),
      // Requests that cannot be met.
      HostileCase(
        "delete unknown id", ["delete", "nope"], status: 1, at: "promotions.json: no promotion has the id"),
      HostileCase(
        "add existing id", ["add", "--id", "autumn-20", "--kind", "discount", "--percent-off", "1"],
        status: 1,
        at: "promotions.json: a promotion with the id"),
      HostileCase(
        "update into an empty window", ["update", "autumn-20", "--starts-at", "2027-01-01T00:00:00Z"],
        status: 65,
        at: "--starts-at: endsAt 2026-12-01T00:00:00+08:00 must be after startsAt 2027-01-01T00:00:00Z (the "
          + "window is startsAt <= T < endsAt); endsAt is the promotion's: change it with --ends-at or clear it "
          + "with --no-ends-at"),
      HostileCase(
        "update to end before the window starts",
        ["update", "autumn-20", "--ends-at", "2026-10-01T00:00:00Z"],
        status: 65,
        at: "--ends-at: endsAt 2026-10-01T00:00:00Z must be after startsAt 2026-11-01T00:00:00+08:00 (the "
          + "window is startsAt <= T < endsAt); startsAt is the promotion's: change it with --starts-at or "
          + "clear it with --no-starts-at"),
      HostileCase(
        "delete in a missing store", ["delete", "p", "--store", "none.json"], status: 66,
        at: "none.json: no promotion store"),
      HostileCase(
        "enable in a missing folder", ["enable", "p", "--store", "no/such/s.json"], status: 66,
        at: "no/such/s.json: no promotion store"),
      HostileCase("init on a folder", ["init", "--store", "folder"], status: 73, at: "folder: is a folder"),
      // A folder promo may not write in (tests run as root: a read-only file system stands in).
      HostileCase(
        "add in an unwritable folder",
        ["add", "--store", "/sys/promo.json", "--id", "x", "--kind", "discount", "--percent-off", "1"],
        status: 73, at: "/sys/promo.json.lock: cannot create the lock file"),
      HostileCase(
        "order file over the size limit", price("huge.json"),
        files: ["huge.json": [UInt8](repeating: 0x20, count: (64 << 20) + 1)], status: 65,
        at: "huge.json: is larger than 64 MiB"),
      HostileCase(
        "empty store name", ["list", "--store="], status: 64, at: "promo: --store needs a file name"),
    ]
    return cases
  }()
}

@Suite("The bad-input catalogue: every hostile input fails cleanly, located, and changes nothing")
struct HostileInputTests {
  /// How many cases the catalogue holds: a case that vanishes fails the run.
  static let expectedCaseCount = 380

  @Test("the catalogue holds exactly its cases, each under its own name")
  func catalogueSize() {
    #expect(HostileCase.all.count == Self.expectedCaseCount)
    #expect(Set(HostileCase.all.map(\.name)).count == HostileCase.all.count)
  }

  @Test(arguments: HostileCase.all)
  func hostile(_ testCase: HostileCase) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: PromoBinary.fixtures.appendingPathComponent("promotions.json"),
      to: folder.appendingPathComponent("promotions.json"))
    try Data(#"{"id":"G-1","amount":"128.00"}"#.utf8).write(
      to: folder.appendingPathComponent(HostileCase.goodOrder))
    for (name, bytes) in testCase.files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    let snapshot = try Self.contents(of: folder)

    let result = try PromoBinary.run(testCase.arguments, in: folder)

    #expect(result.status == testCase.status)
    #expect(result.stdout.isEmpty, "stdout must carry nothing on failure")
    #expect(result.stderr.hasPrefix("promo: "))
    #expect(result.stderr.hasSuffix("\n") && result.stderr.dropLast().contains("\n") == false, "one line")
    if testCase.isWholeLine {
      #expect(result.stderr == testCase.location + "\n", "the exact error line")
    } else {
      #expect(result.stderr.contains(testCase.location), "located: \(result.stderr)")
    }
    // Nothing changed on disk: not even a lock file was created.
    #expect(try Self.contents(of: folder) == snapshot, "a failed command changes nothing on disk")
  }

  static func contents(of folder: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let url = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        contents[name] = try Data(contentsOf: url)
      }
    }
    return contents
  }
}
