/// The commands `promo` knows, and their options: the single source for parsing and help.
public enum CommandTable {
  /// `--store FILE`, accepted by every command that uses the store.
  static let store = OptionSpec(
    "--store", value: "FILE", "the promotion store (default: $PROMO_STORE, else ./promotions.json)")
  /// `--help`, accepted by every command.
  static let help = OptionSpec("--help", "show this help")
  /// `--at TIME`.
  static let at = OptionSpec(
    "--at", value: "TIME", "evaluate dates at TIME, RFC 3339 with an offset (default: now)")
  /// `--format text|json`.
  static let format = OptionSpec(
    "--format", value: "FORMAT", choices: ["text", "json"],
    "text for people (default), json for one object per line")

  /// `promo price`.
  public static let price = CommandSpec(
    name: "price",
    summary: "price orders with the best plan the promotions allow",
    usage: "price ORDER.json... [--at TIME] [--format text|json] [--explain] [--store FILE]",
    arguments: [
      ArgumentSpec("ORDER.json...", "order files (one order or an array each); - reads standard input")
    ],
    options: [
      at, format,
      OptionSpec("--explain", "list every promotion of the store with its outcome for the order"),
      store, help,
    ],
    minimumArguments: 1, maximumArguments: .max,
    discussion: """
      Finds, for each order, the plan with the lowest total: no promotion, one working \
      promotion, or a stackable discount followed by a stackable threshold (whose minimum is \
      tested after the discount). Ties go to fewer promotions, then to the lowest ids. Every \
      input is read and checked before anything is printed.
      """,
    examples: [
      "price order.json",
      "price --at 2026-11-22T12:00:00+08:00 --format json orders/*.json",
      "price --explain - < order.json",
    ])

  /// `promo help`.
  public static let helpCommand = CommandSpec(
    name: "help",
    summary: "show help for promo or one of its commands",
    usage: "help [COMMAND]",
    arguments: [ArgumentSpec("COMMAND", "the command to describe")],
    options: [help],
    maximumArguments: 1,
    examples: ["help", "help price"])

  /// Every command, in the order help lists them.
  public static let commands: [CommandSpec] = [price, helpCommand]

  /// The command named `name`, if there is one.
  public static func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }
}
