import PromoKit

/// The commands `promo` knows, and their options: the single source for parsing and help.
public enum CommandTable {
  /// `--store FILE`, accepted by every command that uses the store.
  static let store = OptionSpec(
    "--store", value: "FILE", "the promotion store (default: $PROMO_STORE, else ./promotions.json)")
  /// `--help`, accepted by every command.
  static let help = OptionSpec("--help", "show this help")
  /// `--quiet`, accepted by every command that prints results.
  static let quiet = OptionSpec(
    "--quiet", "print nothing on standard output, for scripts that need the exit status alone")
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
    usage:
      "price ORDER.json... [--at TIME] [--format text|json] [--explain] [--lines [--fail-fast]] [--store FILE]",
    arguments: [
      ArgumentSpec(
        "ORDER.json...",
        "order files (one order or an array each; JSON Lines with --lines); - reads standard input",
        completes: .files)
    ],
    options: [
      at, format,
      OptionSpec("--explain", "list every promotion of the store with its outcome for the order"),
      OptionSpec(
        "--lines", "read JSON Lines (one order per line) as a stream; print each result as it is computed"),
      OptionSpec("--fail-fast", "with --lines, stop at the first bad line"),
      store, quiet, help,
    ],
    minimumArguments: 1, maximumArguments: .max,
    discussion: """
      Finds, for each order, the plan with the lowest total: no promotion, one working \
      promotion, or a stackable discount followed by a stackable threshold (whose minimum is \
      tested after the discount). Ties go to fewer promotions, then to the lowest ids. \
      Without --lines, every input is read and checked before anything is printed. With \
      --lines, a bad line is reported with its line number, the other lines are still \
      priced, and the status is 65 at the end.
      """,
    examples: [
      "price order.json",
      "price --at 2026-11-22T12:00:00+08:00 --format json orders/*.json",
      "price --explain - < order.json",
      "price --lines --format json orders.jsonl > results.jsonl",
    ])

  /// `--lock-timeout SECONDS`, accepted by every command that writes the store.
  static let lockTimeout = OptionSpec(
    "--lock-timeout", value: "SECONDS", "wait at most SECONDS for the store's lock (default 10)")

  /// The options that set a promotion's fields, shared by `add` and `update`.
  static let fieldOptions: [OptionSpec] = [
    OptionSpec("--id", value: "ID", "the id: 1 to 64 characters of A-Z a-z 0-9 . _ -"),
    OptionSpec(
      "--kind", value: "KIND", choices: PromotionKind.allCases.map(\.rawValue), "discount or threshold"),
    OptionSpec("--percent-off", value: "P", "take P percent off (above 0, at most 100, 4 decimal places)"),
    OptionSpec("--amount-off", value: "A", "take the fixed sum A off"),
    OptionSpec("--minimum", value: "A", "for a threshold: the least amount it applies to"),
    OptionSpec("--name", value: "N", "a name for people"),
    OptionSpec("--starts-at", value: "T", "the window's first instant, RFC 3339 with an offset"),
    OptionSpec("--ends-at", value: "T", "the window's end (exclusive), RFC 3339 with an offset"),
    OptionSpec("--inactive", "switched off"),
    OptionSpec("--stackable", "may be combined with one promotion of the other kind"),
  ]

  /// `promo list`.
  public static let list = CommandSpec(
    name: "list",
    summary: "list the promotions of the store, with their status",
    usage:
      "list [--working | --effective] [--kind discount|threshold] [--at TIME] [--format text|json] [--store FILE]",
    options: [
      OptionSpec("--working", "only promotions that are switched on and inside their window"),
      OptionSpec("--effective", "only promotions inside their window, switched on or not"),
      OptionSpec(
        "--kind", value: "KIND", choices: PromotionKind.allCases.map(\.rawValue),
        "only discounts or only thresholds"),
      at, format, store, quiet, help,
    ],
    discussion: """
      The status of each promotion at the evaluation time is working, inactive (switched \
      off), not-started or ended. With --format json, each promotion is one line in the \
      store's own form plus a "status" key.
      """,
    examples: ["list", "list --working --format json", "list --kind threshold --at 2026-12-24T00:00:00Z"])

  /// `promo show`.
  public static let show = CommandSpec(
    name: "show",
    summary: "show one promotion",
    usage: "show ID [--at TIME] [--format text|json] [--store FILE]",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [at, format, store, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["show autumn-20", "show autumn-20 --format json"])

  /// `promo add`.
  public static let add = CommandSpec(
    name: "add",
    summary: "add a promotion (or several from a file); creates the store if needed",
    usage: """
      add --id ID --kind KIND (--percent-off P | --amount-off A) [--minimum A] [--name N] \
      [--starts-at T] [--ends-at T] [--inactive] [--stackable] | --file FILE|-
      """,
    options: fieldOptions + [
      OptionSpec(
        "--file", value: "FILE", "add the promotion or array of promotions in FILE (- for standard input)"),
      store, lockTimeout, quiet, help,
    ],
    discussion: """
      Either the field options or --file, not both. Several promotions from a file are \
      added all or nothing. A missing store is created (its folder must exist).
      """,
    examples: [
      "add --id autumn-20 --kind discount --percent-off 20 --stackable --ends-at 2026-12-01T00:00:00+08:00",
      "add --id spend100-save15 --kind threshold --minimum 100 --amount-off 15",
      "add --file new-promotions.json",
    ])

  /// `promo update`.
  public static let update = CommandSpec(
    name: "update",
    summary: "change fields of a promotion",
    usage: "update ID [field options of add] [--no-starts-at] [--no-ends-at] [--active] [--no-stackable]",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: fieldOptions + [
      OptionSpec("--no-starts-at", "clear the window's start"),
      OptionSpec("--no-ends-at", "clear the window's end"),
      OptionSpec("--active", "switched on"),
      OptionSpec("--no-stackable", "may not be combined"),
      store, lockTimeout, quiet, help,
    ],
    minimumArguments: 1, maximumArguments: 1,
    discussion: """
      The promotion is checked as a whole after the change. Setting --percent-off drops \
      amountOff and the other way round; --kind discount drops the minimum; --name "" \
      drops the name; --id renames it.
      """,
    examples: ["update autumn-20 --percent-off 25", "update flash --no-ends-at --stackable"])

  /// `promo delete`.
  public static let delete = CommandSpec(
    name: "delete",
    summary: "delete a promotion",
    usage: "delete ID [--store FILE]",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [store, lockTimeout, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["delete summer-15"])

  /// `promo enable`.
  public static let enable = CommandSpec(
    name: "enable",
    summary: "switch a promotion on",
    usage: "enable ID [--store FILE]",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [store, lockTimeout, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["enable staff-30"])

  /// `promo disable`.
  public static let disable = CommandSpec(
    name: "disable",
    summary: "switch a promotion off",
    usage: "disable ID [--store FILE]",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [store, lockTimeout, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["disable flash-40-off"])

  /// `promo validate`.
  public static let validate = CommandSpec(
    name: "validate",
    summary: "check a store and report every problem (and warnings)",
    usage: "validate [FILE] [--at TIME] [--store FILE]",
    arguments: [ArgumentSpec("FILE", "the store to check (default: the store in use)", completes: .files)],
    options: [at, store, quiet, help],
    maximumArguments: 1,
    discussion: """
      Every problem is one line on standard error; the status is 65 if there is any. \
      Warnings (a window already ended at the evaluation time, a promotion that makes \
      qualifying orders free, two promotions the same but for their id) are reported too, \
      but do not fail the check.
      """,
    examples: ["validate", "validate promotions.json && git commit"])

  /// `promo init`.
  public static let initialize = CommandSpec(
    name: "init",
    summary: "create an empty store (refused if one exists)",
    usage: "init [--currency CODE] [--store FILE]",
    options: [
      OptionSpec("--currency", value: "CODE", "the ISO 4217 currency of every amount (such as CNY)"),
      store, lockTimeout, quiet, help,
    ],
    examples: ["init --currency CNY", "init --store shop/promotions.json"])

  /// `promo help`.
  public static let helpCommand = CommandSpec(
    name: "help",
    summary: "show help for promo or one of its commands",
    usage: "help [COMMAND]",
    arguments: [ArgumentSpec("COMMAND", "the command to describe", completes: .commands)],
    options: [OptionSpec("--man", "print the manual page, promo(1), in roff for man"), help],
    maximumArguments: 1,
    examples: ["help", "help price", "help --man | man -l -"])

  /// `promo completions`.
  public static let completions = CommandSpec(
    name: "completions",
    summary: "print a completion script for bash, zsh or fish",
    usage: "completions bash|zsh|fish",
    arguments: [ArgumentSpec("SHELL", "bash, zsh or fish", completes: .choices(CompletionScripts.shells))],
    options: [help],
    minimumArguments: 1, maximumArguments: 1,
    discussion: """
      The script completes commands, options, option values, promotion ids (read from the \
      store in use) and file names. It is generated from the same table as the parser, so \
      it cannot drift from it. `make install` puts it where each shell looks.
      """,
    examples: [
      "completions bash > ~/.local/share/bash-completion/completions/promo",
      "completions zsh > \"${fpath[1]}/_promo\"",
      "completions fish > ~/.config/fish/completions/promo.fish",
    ])

  /// Every command, in the order help lists them.
  public static let commands: [CommandSpec] = [
    price, list, show, add, update, delete, enable, disable, validate, initialize, completions, helpCommand,
  ]

  /// The command named `name`, if there is one.
  public static func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }
}
