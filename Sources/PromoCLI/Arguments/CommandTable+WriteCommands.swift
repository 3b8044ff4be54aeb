import PromoKit

/// The commands that change the store: `add`, `update`, `delete`, `enable`, `disable` and
/// `init`.
extension CommandTable {
  /// `promo add`.
  public static let add = CommandSpec(
    name: "add",
    summary: "add a promotion (or several from a file); creates the store if needed",
    alternativeUsage: "add --file FILE|- [--store FILE] [--lock-timeout SECONDS] [--quiet]",
    options: addOptions,
    // The field options' pairs that add has, and --file against every field option.
    exclusive: exclusiveFieldPairs.filter { pair in
      addOptions.contains { $0.name == pair.0 } && addOptions.contains { $0.name == pair.1 }
    } + fieldOptions.map { ("--file", $0.name) },
    discussion: """
      Either the field options or --file, not both. The benefit is one of --percent-off, \
      --amount-off, --fixed-price, --buy and --get (with an optional --percent-off), \
      --bundle and --bundle-price, or --tier (repeated, each MIN=OFF: 100=10% or \
      200=25.00, MIN a number of units with --tier-quantity); a gift has none and grants \
      --gift-sku instead. Several promotions from a file are added all or nothing. A \
      missing store is created (its folder must exist) as version 3; a store that gets a \
      field of a later format (format 2: an item promotion, a code, a cap; format 3: a \
      shipping deal, customer groups, a target on an order deal, a quantity minimum or \
      limit, a repeating threshold, a buy/get across lines; format 4: a gift, \
      --combines-with, --layer, tiers, a bundle, a get target, \
      --exclude-discounted-lines, --across-lines on a deal that is not a buy/get) is \
      written at that version, and the command says so.
      """,
    examples: [
      "add --id autumn-20 --kind discount --percent-off 20 --stackable --ends-at 2026-12-01T00:00:00+08:00",
      "add --id spend100-save15 --kind threshold --minimum 100 --amount-off 15",
      "add --id tea-2nd-half --kind item --category tea --buy 1 --get 1 --percent-off 50 --stackable",
      "add --id mug-19 --kind item --sku mug-white --sku mug-blue --fixed-price 19.00",
      "add --id VIP10 --kind discount --percent-off 10 --maximum-discount 50 --code VIP10",
      "add --id free-ship-99 --kind shipping --minimum 99 --percent-off 100 --combines-with item,order",
      "add --id WELCOME10 --kind discount --percent-off 10 --code WELCOME10 --combines-with shipping",
      "add --id every100-10 --kind threshold --minimum 100 --amount-off 10 --repeat --maximum-discount 30",
      "add --id members-tea --kind threshold --category tea --minimum-quantity 3 --percent-off 20 --customer-group member",
      "add --id spend-tiers --kind threshold --tier 100=10.00 --tier 200=25.00 --stackable",
      "add --id tea-any-3-50 --kind item --category tea --bundle 3 --bundle-price 50",
      "add --id buy2tea-mug-free --kind item --category tea --buy 2 --get 1 --get-sku mug-white",
      "add --id mugs-2-per-order --kind item --category mug --fixed-price 19.00 --maximum-quantity 2 --across-lines",
      "add --id SHOP5 --kind discount --percent-off 5 --code SHOP5 --layer 3 --stackable",
      "add --id cup-over-199 --kind gift --minimum 199 --gift-sku cup-free --gift-name \"Tea cup\"",
      "add --file new-promotions.json",
    ])

  /// `promo delete`.
  public static let delete = CommandSpec(
    name: "delete",
    summary: "delete a promotion",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [store, lockTimeout, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["delete summer-15"])

  /// `promo enable`.
  public static let enable = CommandSpec(
    name: "enable",
    summary: "switch a promotion on",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [store, lockTimeout, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["enable staff-30"])

  /// `promo disable`.
  public static let disable = CommandSpec(
    name: "disable",
    summary: "switch a promotion off",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [store, lockTimeout, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["disable flash-40-off"])

  /// `promo update`.
  public static let update = CommandSpec(
    name: "update",
    summary: "change fields of a promotion",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: fieldOptions + clearingOptions + [store, lockTimeout, quiet, help],
    exclusive: exclusiveFieldPairs,
    minimumArguments: 1, maximumArguments: 1,
    discussion: """
      The promotion is checked as a whole after the change. A benefit option replaces the \
      benefit (--percent-off drops amountOff, and so on; --buy or --get keep the other \
      count and the percentage of a buy-get, --bundle or --bundle-price the other half of \
      a bundle, and --gift-quantity or --gift-name the rest of a gift; --tier replaces \
      every tier); --sku replaces the target's SKUs, --category its categories, --get-sku \
      and --get-category the get target's, and --customer-group the customer groups; \
      --combines-with replaces --stackable and --stackable replaces combinesWith; changing \
      --kind keeps every other field, and a field the new kind cannot have is refused with \
      the option that clears it (--no-minimum, --no-target, --no-layer, ...); --name "" \
      and --gift-name "" drop the name; --id renames it.
      """,
    examples: [
      "update autumn-20 --percent-off 25", "update flash --no-ends-at --stackable",
      "update mug-19 --sku mug-white --sku mug-red", "update VIP10 --no-code",
      "update WELCOME10 --combines-with shipping,item", "update SHOP5 --layer 4",
      "update spend-tiers --tier 100=10.00 --tier 200=25.00 --tier 300=40.00",
      "update spend100-save15 --kind discount --no-minimum",
    ])

  /// `promo init`.
  public static let initialize = CommandSpec(
    name: "init",
    summary: "create an empty store (refused if one exists)",
    options: [
      OptionSpec("--currency", value: "CODE", "the ISO 4217 currency of every amount (such as CNY)"),
      OptionSpec(
        "--rounding", value: "RULE", choices: PercentageRounding.allCases.map(\.rawValue),
        "how every percentage is rounded to the minor unit: half-up (the default), half-even or down (a version-4 store)"
      ),
      store, lockTimeout, quiet, help,
    ],
    discussion: """
      The store is version 3, or version 4 with --rounding: a store is written at a later \
      version once it holds something of that format, and never at an earlier one.
      """,
    examples: [
      "init --currency CNY", "init --currency CNY --rounding half-even", "init --store shop/promotions.json",
    ])
}
