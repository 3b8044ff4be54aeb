import PromoKit

/// Help text, generated from the command table.
enum HelpRenderer {
  /// The overview: what promo is, its commands and where to read more.
  /// What `promo` without a command prints on standard error: the usage line, the
  /// commands, and where to read more.
  static func shortUsage() -> String {
    """
    usage: promo COMMAND [ARGUMENTS] [OPTIONS]
    commands: \(CommandTable.commands.map(\.name).joined(separator: ", "))
    'promo help' describes them, 'promo help COMMAND' one of them.

    """
  }

  /// What `promo help` and `promo --help` print: every command with its summary, the
  /// global options, where the store is, and the exit statuses.
  static func overview() -> String {
    var output = """
      promo \(PromoCLI.version): keeps a merchant's promotions and prices orders against them

      usage: promo COMMAND [ARGUMENTS] [OPTIONS]

      commands:

      """
    var table = TextTable([.left, .left])
    for command in CommandTable.commands { table.append([command.name, command.summary]) }
    output += table.render(indent: "  ")
    output += """

      options:
        --help, -h   show help (also: promo help COMMAND)
        --version    print the version

      The store is --store FILE, else $PROMO_STORE, else ./promotions.json.
      Exit status: 0 success, 1 no such id, id exists, diff found a change or
      export --strict left a promotion out,
      64 usage, 65 bad data, 66 missing or unreadable file, 73 store not writable,
      74 output not writable, 75 store lock busy.

      """
    return output
  }

  /// The help of one command: usage, arguments, every option, discussion and examples.
  static func help(for command: CommandSpec) -> String {
    var output = "usage: promo \(command.usage)\n\n\(command.summary)\n"
    if !command.discussion.isEmpty {
      output += "\n" + wrap(command.discussion, width: 78) + "\n"
    }
    if !command.arguments.isEmpty {
      output += "\narguments:\n"
      var table = TextTable([.left, .left])
      for argument in command.arguments { table.append([argument.name, argument.summary]) }
      output += table.render(indent: "  ")
    }
    output += "\noptions:\n"
    var table = TextTable([.left, .left])
    for option in command.options {
      let name = option.valueName.map { "\(option.name) \($0)" } ?? option.name
      table.append([name, option.summary])
    }
    output += table.render(indent: "  ")
    if !command.examples.isEmpty {
      output += "\nexamples:\n"
      for example in command.examples { output += "  promo \(example)\n" }
    }
    return output
  }

  /// `text` broken into lines of at most `width` characters, at spaces.
  static func wrap(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}

/// The manual page, promo(1), in roff, generated from the command table like the help.
enum ManPage {
  /// The whole page.
  static func render() -> String {
    var page = """
      .TH PROMO 1 "" "promo \(PromoCLI.version)" "User Commands"
      .SH NAME
      promo \\- keep a merchant's promotions and price orders against them
      .SH SYNOPSIS
      .B promo
      .I COMMAND
      .RI [ ARGUMENTS ]
      .RI [ OPTIONS ]
      .SH DESCRIPTION
      \(escape(description))
      .PP
      \(escape("The store is --store FILE, else $PROMO_STORE, else ./promotions.json. Every error is one line on standard error: promo: <file>: <where>: <what is wrong>."))
      .SH COMMANDS

      """
    for command in CommandTable.commands {
      page += ".SS \(escape(command.usage))\n\(escape(command.summary)).\n"
      if !command.discussion.isEmpty { page += ".PP\n\(escape(command.discussion))\n" }
      for argument in command.arguments {
        page += ".TP\n.I \(escape(argument.name))\n\(escape(argument.summary))\n"
      }
      for option in command.options {
        let value = option.valueName.map { " \\fI\(escape($0))\\fR" } ?? ""
        page += ".TP\n\\fB\(escape(option.name))\\fR\(value)\n\(escape(option.summary))\n"
      }
      if !command.examples.isEmpty {
        page += ".PP\nExamples:\n.PP\n.RS\n.nf\n"
        for example in command.examples { page += "promo \(escape(example))\n" }
        page += ".fi\n.RE\n"
      }
    }
    page += """
      .SH ENVIRONMENT
      .TP
      .B PROMO_STORE
      \(escape("the store to use when --store is not given"))
      .TP
      .B NO_COLOR
      \(escape("when set (to anything), text output is never coloured"))
      .SH FILES
      .TP
      .I promotions.json
      \(escape("the default store"))
      .TP
      .I promotions.json.lock
      \(escape("the lock file writers take with flock(2); add *.lock to .gitignore"))
      .SH EXIT STATUS
      .TP
      .B 0
      success
      .TP
      .B 1
      \(escape("the request could not be met: an id that does not exist, or already exists; diff --fail-on-change found a change; export --strict left out a promotion the feed cannot express"))
      .TP
      .B 64
      \(escape("usage error: unknown command or option, missing or malformed argument"))
      .TP
      .B 65
      \(escape("data error: invalid JSON, schema violation, overflow, currency mismatch"))
      .TP
      .B 66
      \(escape("an input file or the store does not exist or cannot be read"))
      .TP
      .B 73
      \(escape("the store cannot be written"))
      .TP
      .B 74
      \(escape("standard output could not be written (a full disk, say)"))
      .TP
      .B 75
      \(escape("the store lock could not be had in time"))

      """
    return page
  }

  /// What promo is, made from the kinds it has (every ``PromotionKind``, by an exhaustive
  /// switch) and pointing at `price` for the plans, so that it cannot lag behind either.
  static var description: String {
    let kinds = PromotionKind.allCases.map { kind -> String in
      switch kind {
      case .item: "item deals on order lines (kind item)"
      case .discount: "discounts on the whole order (kind discount)"
      case .threshold: "threshold deals from a minimum (kind threshold)"
      case .shipping: "deals on the order's shipping (kind shipping)"
      case .gift: "gifts with purchase, which grant goods and take nothing off (kind gift)"
      }
    }
    return "promo keeps promotions (\(kinds.joined(separator: ", ")); each with a window, an on/off switch "
      + "and the classes of deals it combines with) in a JSON store, and prices orders against them exactly: decimal money in "
      + "minor units, the best plan the rules allow (as price describes below), never a greedy guess."
  }

  /// `text` safe in roff: backslashes and hyphens escaped, and a leading `.` or `'`
  /// guarded so that it is not read as a request.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      default: result.append(character)
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
