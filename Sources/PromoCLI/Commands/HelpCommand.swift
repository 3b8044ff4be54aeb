import PromoKit

/// `promo help [COMMAND]`: the overview, or one command's help, on standard output.
enum HelpCommand {
  static func run(_ context: CommandContext) throws(PromoError) {
    if context.arguments.flag("--man") {
      context.stdout.write(ManPage.render())
      return
    }
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

/// `promo completions bash|zsh|fish`: the completion script on standard output.
enum CompletionsCommand {
  static func run(_ context: CommandContext) throws(PromoError) {
    let shell = context.arguments.positionals[0]
    guard CompletionScripts.shells.contains(shell) else {
      throw PromoError(
        .usage,
        "no completions for \"\(shell)\"; choose one of \(CompletionScripts.shells.joined(separator: ", "))")
    }
    context.stdout.write(CompletionScripts.script(for: shell))
  }
}
