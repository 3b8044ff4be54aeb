/// One option a command accepts: a flag (`--explain`) or an option with a value
/// (`--at TIME`).
public struct OptionSpec: Sendable {
  /// The option as typed, with its dashes: `--at`.
  public let name: String
  /// The placeholder of its value (`TIME`), or `nil` for a flag.
  public let valueName: String?
  /// One line on what it does.
  public let summary: String
  /// The values it accepts, when they are a fixed set (`text`, `json`).
  public let choices: [String]
  /// Whether it may be given more than once, each value counting (`--code A --code B`).
  public let isRepeatable: Bool
  /// Whether the usage line shows it as required (no brackets).
  public let isRequired: Bool
  /// What a shell may offer for its value: `completes` if the table gives it, else its
  /// choices, file names for a `FILE` or a `STORE`, or nothing.
  public let completion: Completion

  /// Creates an option description. `completes` says what a shell may offer for the value
  /// when the choices and the value's name do not say it well enough (a store is a JSON
  /// file).
  public init(
    _ name: String, value: String? = nil, choices: [String] = [], repeatable: Bool = false,
    required: Bool = false, completes: Completion? = nil, _ summary: String
  ) {
    self.name = name
    self.valueName = value
    self.summary = summary
    self.choices = choices
    self.isRepeatable = repeatable
    self.isRequired = required
    if let completes {
      self.completion = completes
    } else if !choices.isEmpty {
      self.completion = .choices(choices)
    } else {
      self.completion = value == "FILE" || value == "STORE" ? .files : .none
    }
  }

  /// The option as a usage line shows it: `[--at TIME]`, `[--format text|json]`,
  /// `[--code CODE]...`.
  public var usage: String {
    var text = name
    if let valueName { text += " " + (choices.isEmpty ? valueName : choices.joined(separator: "|")) }
    return (isRequired ? text : "[" + text + "]") + (isRepeatable ? "..." : "")
  }

  /// Whether it takes a value.
  public var takesValue: Bool { valueName != nil }
}

/// What a shell may offer to complete an argument or an option's value.
public enum Completion: Sendable, Hashable {
  /// Nothing: free text, such as a time or an amount.
  case none
  /// File names.
  case files
  /// File names, JSON files (`*.json`) first: a store, a file of promotions. Shells that
  /// can offer the JSON files alone do, and fall back to every file when there is none.
  case jsonFiles
  /// The ids of the promotions in the store in use.
  case ids
  /// The names of `promo`'s commands.
  case commands
  /// One of a fixed set of words.
  case choices([String])
}

/// One positional argument a command accepts.
public struct ArgumentSpec: Sendable {
  /// Its placeholder: `ORDER.json...`.
  public let name: String
  /// One line on what it is.
  public let summary: String
  /// What a shell may offer for it.
  public let completion: Completion

  /// Creates an argument description.
  public init(_ name: String, _ summary: String, completes completion: Completion = .none) {
    self.name = name
    self.summary = summary
    self.completion = completion
  }
}

/// Everything the parser, the help and the documentation know about one command.
///
/// The command table (``CommandTable``) is the single source: parsing, `promo help` and
/// the usage lines all read it, so they cannot drift apart.
public struct CommandSpec: Sendable {
  /// The command's name: `price`.
  public let name: String
  /// One line on what it does.
  public let summary: String
  /// The usage line after `promo `, made from the arguments and options (see
  /// ``usage``); a command may add its own forms (`add ... | --file FILE`).
  private let extraUsage: String?
  /// Its positional arguments.
  public let arguments: [ArgumentSpec]
  /// Its options, in the order help lists them.
  public let options: [OptionSpec]
  /// Pairs of its options that cannot be given together: the command refuses them (a
  /// usage error), and completion does not offer one after the other.
  public let exclusivePairs: [(String, String)]
  /// The most positional arguments it takes (`Int.max` for any number).
  public let maximumArguments: Int
  /// The fewest positional arguments it takes.
  public let minimumArguments: Int
  /// A few lines that say more than the summary.
  public let discussion: String
  /// Example command lines, without the leading `promo `.
  public let examples: [String]

  /// Creates a command description.
  public init(
    name: String, summary: String, alternativeUsage: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], exclusive exclusivePairs: [(String, String)] = [],
    minimumArguments: Int = 0, maximumArguments: Int = 0, discussion: String = "", examples: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.extraUsage = alternativeUsage
    self.arguments = arguments
    self.options = options
    self.exclusivePairs = exclusivePairs
    self.minimumArguments = minimumArguments
    self.maximumArguments = maximumArguments
    self.discussion = discussion
    self.examples = examples
  }

  /// The usage line after `promo `, generated from the table so that it cannot drift:
  /// the command, its arguments (optional ones in brackets), then every option but
  /// `--help`.
  public var usage: String {
    var parts = [name]
    for (index, argument) in arguments.enumerated() {
      parts.append(index < minimumArguments ? argument.name : "[" + argument.name + "]")
    }
    parts += options.filter { $0.name != "--help" }.map(\.usage)
    var line = parts.joined(separator: " ")
    if let extraUsage { line += " | " + extraUsage }
    return line
  }

  /// The options that cannot be given with the option named `name`, in the order of
  /// ``exclusivePairs``.
  public func options(excludedBy name: String) -> [String] {
    exclusivePairs.compactMap { pair in
      if pair.0 == name { return pair.1 }
      return pair.1 == name ? pair.0 : nil
    }
  }

  /// The option named `name`, if the command has it.
  public func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }
}
