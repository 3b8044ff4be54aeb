import PromoKit

extension CommandTable {
  /// The field options of store format 4, shared by `add` and `update`: which classes a
  /// promotion combines with, its layer, a buy/get's get target, leaving out lines on sale,
  /// and the benefits a bundle, tiers and a gift.
  static let format4Options: [OptionSpec] = [
    OptionSpec(
      "--combines-with", value: "CLASSES", completes: .choices(classLists),
      "the classes it may be applied with, comma-separated: item, order, shipping (not with --stackable)"),
    OptionSpec(
      "--layer", value: "N",
      "for a discount or threshold: its layer of the order stage, 1 to 9 (default: discount 1, threshold 2)"),
    OptionSpec(
      "--get-sku", value: "S", repeatable: true,
      "with --buy/--get: the units got come from the SKU S (repeatable); the units bought from the target"),
    OptionSpec(
      "--get-category", value: "C", repeatable: true,
      "with --buy/--get: the units got come from the category C (repeatable)"),
    OptionSpec(
      "--exclude-discounted-lines",
      "for a discount or threshold: leave out the lines that took an item deal (not on sale items)"),
    OptionSpec("--bundle", value: "N", "item promotions: any N of the targeted units (2 to 100) ..."),
    OptionSpec("--bundle-price", value: "P", "... for P together (with --bundle)"),
    OptionSpec(
      "--tier", value: "MIN=OFF", repeatable: true,
      "for a threshold: a tier, from MIN take OFF (10% or an amount); 2 to 20 of them, in rising order"),
    OptionSpec("--tier-quantity", "with --tier: each MIN is a number of units, not an amount"),
    OptionSpec("--gift-sku", value: "S", "for a gift: the SKU it grants (1 to 64 characters)"),
    OptionSpec("--gift-quantity", value: "N", "for a gift: the units it grants (1 to 1000, default 1)"),
    OptionSpec("--gift-name", value: "T", "for a gift: what the goods are called, for people"),
  ]

  /// Every value `--combines-with` may take, offered by completion: each non-empty list of
  /// classes in the store's order (`item`, `item,order`, ...).
  static let classLists: [String] = {
    let classes = PromotionClass.allCases.map(\.rawValue)
    return (1..<(1 << classes.count)).map { bits in
      classes.indices.filter { bits & (1 << $0) != 0 }.map { classes[$0] }.joined(separator: ",")
    }
  }()

  /// The options that set each kind of benefit: those of one family cannot be given with
  /// those of another (`--bundle` with `--percent-off`, `--tier` with `--gift-sku`).
  static let benefitFamilies: [[String]] = [
    ["--percent-off", "--amount-off", "--fixed-price", "--buy", "--get"],
    ["--bundle", "--bundle-price"],
    ["--tier", "--tier-quantity"],
    ["--gift-sku", "--gift-quantity", "--gift-name"],
  ]

  /// Field options of store format 4 that contradict each other or another option.
  static let format4ExclusivePairs: [(String, String)] = {
    var pairs = [
      ("--combines-with", "--stackable"), ("--combines-with", "--no-stackable"),
      ("--combines-with", "--no-combines-with"), ("--stackable", "--no-combines-with"),
      ("--layer", "--no-layer"), ("--get-sku", "--no-get-target"), ("--get-category", "--no-get-target"),
      ("--exclude-discounted-lines", "--no-exclude-discounted-lines"), ("--tier", "--no-tiers"),
      ("--tier-quantity", "--no-tiers"),
    ]
    for (index, family) in benefitFamilies.enumerated() {
      for other in benefitFamilies[(index + 1)...] {
        for first in family { pairs += other.map { (first, $0) } }
      }
    }
    return pairs
  }()
}
