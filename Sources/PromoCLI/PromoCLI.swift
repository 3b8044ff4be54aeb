import PromoKit

/// The `promo` command line: parses arguments, calls the library, renders the result and
/// maps errors to exit statuses. It holds no pricing rule.
///
///     let status = PromoCLI.run(arguments: ["price", "order.json"], stdin: StandardInput(),
///                               stdout: FileDescriptorOutput(descriptor: 1),
///                               stderr: FileDescriptorOutput(descriptor: 2))
public enum PromoCLI {
  /// The version `promo --version` prints.
  public static let version = "0.1.0"

  /// Runs one command line (without the program name) and returns its exit status.
  ///
  /// Errors are written to `stderr` as one line, `promo: <file>: <where>: <what>`; standard
  /// output then carries nothing. The stores the command reads, and what it prepares from
  /// them, go to `kept` when given (a process about to end), and are freed on return
  /// otherwise.
  public static func run(
    arguments: [String], environment: [String: String] = [:], stdin: TextInput, stdout: TextOutput,
    stderr: TextOutput, clock: @escaping @Sendable () -> Instant = SystemClock.now,
    keepingUntilExit kept: KeptUntilExit? = nil
  ) -> Int32 {
    do {
      let status = try dispatch(
        arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr, clock: clock,
        kept: kept)
      stdout.flush()
      switch stdout.failure {
      case nil:
        stderr.flush()
        return status
      case .closedByReader:
        // The reader has all it wanted (`promo ... | head -1`): stop quietly, as `rg` does.
        // A `diff --fail-on-change` verdict is not output, so it stands.
        stderr.flush()
        return status == ExitStatus.changed ? status : ExitStatus.success
      case .failed(let reason):
        stderr.write(ErrorLine.render(PromoError(.outputFailed, file: "stdout", "cannot write: \(reason)")))
        stderr.flush()
        return ExitStatus.of(PromoError(.outputFailed, ""))
      }
    } catch {
      stderr.write(ErrorLine.render(error))
      stderr.flush()
      return ExitStatus.of(error)
    }
  }

  private static func dispatch(
    _ arguments: [String], environment: [String: String], stdin: TextInput, stdout: TextOutput,
    stderr: TextOutput, clock: @escaping @Sendable () -> Instant, kept: KeptUntilExit?
  ) throws(PromoError) -> Int32 {
    var arguments = arguments
    // `promo --store FILE -q COMMAND ...` is read as `promo COMMAND ... --store FILE -q`.
    var leading: [String] = []
    while let first = arguments.first, arguments.count > 1 {
      let name = ParsedArguments.shortNames[first] ?? first
      var taken = 0
      for option in CommandTable.leadingOptions {
        if name == option.name { taken = option.takesValue ? 2 : 1 }
        if option.takesValue && name.hasPrefix(option.name + "=") { taken = 1 }
      }
      guard taken > 0, arguments.count > taken else { break }
      leading += arguments.prefix(taken)
      arguments.removeFirst(taken)
    }
    arguments += leading
    guard let name = arguments.first else {
      // No command at all: a short usage where errors go, and the usage status.
      stderr.write(HelpRenderer.shortUsage())
      return ExitStatus.of(PromoError(.usage, ""))
    }
    switch name {
    case "--version", "version":
      return try showVersion(arguments, to: stdout)
    case "--help", "-h":
      stdout.write(HelpRenderer.overview())
      return ExitStatus.success
    default: break
    }
    guard let command = CommandTable.command(named: name) else {
      if name.hasPrefix("-") {
        throw PromoError(
          .usage,
          "unknown option \"\(name)\" before a command; usage: promo COMMAND [OPTIONS] (see 'promo help')")
      }
      var message = "unknown command \"\(name)\""
      if let suggestion = KeySuggestion.nearest(to: name, in: CommandTable.commands.map(\.name)) {
        message += "; did you mean \"\(suggestion)\"?"
      } else {
        message += "; see 'promo help'"
      }
      throw PromoError(.usage, message)
    }
    let parsed = try ParsedArguments(Array(arguments.dropFirst()), for: command)
    if parsed.flag("--help") {
      stdout.write(HelpRenderer.help(for: command))
      return ExitStatus.success
    }
    // `--quiet`: results go nowhere; errors still go to standard error.
    let output: TextOutput = parsed.flag("--quiet") ? DiscardedOutput() : stdout
    let context = CommandContext(
      arguments: parsed, environment: environment, stdin: stdin, stdout: output, stderr: stderr, clock: clock,
      keptUntilExit: kept)
    switch command.name {
    case CommandTable.price.name: return try PriceCommand.run(context)
    case CommandTable.diff.name: return try DiffCommand.run(context)
    case CommandTable.report.name: return try ReportCommand.run(context)
    case CommandTable.list.name: try ReadCommands.list(context)
    case CommandTable.show.name: try ReadCommands.show(context)
    case CommandTable.validate.name: return try ValidateCommand.run(context)
    case CommandTable.add.name: try WriteCommands.add(context)
    case CommandTable.update.name: try WriteCommands.update(context)
    case CommandTable.delete.name: try WriteCommands.delete(context)
    case CommandTable.enable.name: try WriteCommands.setActive(true, context)
    case CommandTable.disable.name: try WriteCommands.setActive(false, context)
    case CommandTable.export.name: return try ExportCommand.run(context)
    case CommandTable.initialize.name: try WriteCommands.initialize(context)
    case CommandTable.completions.name: try CompletionsCommand.run(context)
    case CommandTable.helpCommand.name: try HelpCommand.run(context)
    default: throw PromoError(.usage, "\(command.name) is not available in this build")
    }
    return ExitStatus.success
  }

  /// `promo --version` (or `promo version`): the version on standard output; anything after
  /// it is a usage error (64), as for every other command.
  private static func showVersion(_ arguments: [String], to stdout: TextOutput) throws(PromoError) -> Int32 {
    if arguments.count > 1 {
      throw PromoError(
        .usage, "\(arguments[0]) takes no arguments, not \"\(arguments[1])\"; usage: promo --version")
    }
    stdout.write("promo \(version)\n")
    return ExitStatus.success
  }
}

/// The exit statuses of docs/FORMAT.md's table.
public enum ExitStatus {
  /// Success.
  public static let success: Int32 = 0
  /// The request could not be met: `diff --fail-on-change` found a change.
  public static let changed: Int32 = 1
  /// An input was not valid data: a bad store, order or line (65).
  public static let invalidData: Int32 = 65

  /// The status for an error of each category.
  public static func of(_ error: PromoError) -> Int32 {
    switch error.category {
    case .notFound, .alreadyExists: 1
    case .usage: 64
    case .invalidData: invalidData
    case .missing, .unreadable: 66
    case .unwritable: 73
    case .lockTimeout: 75
    case .outputFailed: 74
    }
  }
}
