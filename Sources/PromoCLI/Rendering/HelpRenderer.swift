/// Help text, generated from the command table.
enum HelpRenderer {
  /// The overview: what promo is, its commands and where to read more.
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
      Exit status: 0 success, 1 no such id or id exists, 64 usage, 65 bad data,
      66 missing or unreadable file, 73 store not writable, 75 store lock busy.

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
