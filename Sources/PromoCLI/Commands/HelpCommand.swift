import PromoKit

/// `promo help [COMMAND]`: the overview, or one command's help, on standard output.
enum HelpCommand {
  static func run(_ context: CommandContext) throws(PromoError) {
    guard let name = context.arguments.positionals.first else {
      context.stdout.write(HelpRenderer.overview())
      return
    }
    guard let command = CommandTable.command(named: name) else {
      throw PromoError(.usage, "no help for \"\(name)\": there is no such command; see 'promo help'")
    }
    context.stdout.write(HelpRenderer.help(for: command))
  }
}
