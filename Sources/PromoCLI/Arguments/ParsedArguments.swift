import PromoKit

/// The arguments of one command after parsing: its option values, flags and positionals.
public struct ParsedArguments: Sendable {
  /// The command they were parsed for.
  public let command: CommandSpec
  /// The positional arguments, in order.
  public private(set) var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Parses `arguments` (those after the command's name) against `command`.
  ///
  /// Accepts `--name value`, `--name=value`, flags, `--` (everything after it is
  /// positional) and `-` (standard input) as a positional. An unknown option, a missing or
  /// unexpected value, a value outside the choices, or a wrong count of positionals is a
  /// ``PromoError/Category/usage`` error naming the option. A repeatable option keeps
  /// every value; any other option given twice takes its last value.
  public init(_ arguments: [String], for command: CommandSpec) throws(PromoError) {
    self.command = command
    var remaining = arguments[...]
    var onlyPositionals = false
    while var argument = remaining.popFirst() {
      if !onlyPositionals, let long = Self.shortNames[argument] { argument = long }
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      let name: String
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
      }
      guard let option = command.option(named: name) else {
        throw Self.unknownOption(name, command: command)
      }
      guard option.takesValue else {
        if inlineValue != nil { throw PromoError(.usage, "\(name) takes no value") }
        flags.insert(name)
        continue
      }
      guard let value = inlineValue ?? remaining.popFirst() else {
        throw PromoError(.usage, "\(name) needs a value: \(name) \(option.valueName ?? "")")
      }
      if option.valueName == "FILE" && value.isEmpty {
        throw PromoError(.usage, "\(name) needs a file name, not an empty one")
      }
      if !option.choices.isEmpty && !option.choices.contains(value) {
        throw PromoError(
          .usage, "\(name): must be one of \(option.choices.joined(separator: ", ")), not \"\(value)\"")
      }
      if option.isRepeatable {
        values[name, default: []].append(value)
      } else {
        values[name] = [value]
      }
    }
    if flags.contains("--help") { return }
    if positionals.count > command.maximumArguments {
      let extra = positionals[command.maximumArguments]
      throw PromoError(.usage, "unexpected argument \"\(extra)\"; usage: promo \(command.usage)")
    }
    if positionals.count < command.minimumArguments {
      let missing = command.arguments[min(positionals.count, command.arguments.count - 1)].name
      throw PromoError(.usage, "missing \(missing); usage: promo \(command.usage)")
    }
  }

  /// The one-letter spellings of long options, accepted by every command that has the
  /// long one (and by the completion scripts).
  public static let shortNames = ["-h": "--help", "-q": "--quiet"]

  private static func unknownOption(_ name: String, command: CommandSpec) -> PromoError {
    var message = "unknown option \(name) for \(command.name)"
    if let suggestion = KeySuggestion.nearest(to: name, in: command.options.map(\.name)) {
      message += "; did you mean \(suggestion)?"
    } else {
      message += "; see 'promo help \(command.name)'"
    }
    return PromoError(.usage, message)
  }

  /// The value of an option, if it was given (the last, if given more than once).
  public func value(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeatable option, in the order given.
  public func values(_ name: String) -> [String] { values[name] ?? [] }

  /// Whether a flag was given.
  public func flag(_ name: String) -> Bool { flags.contains(name) }
}
