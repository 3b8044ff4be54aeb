import PromoKit

/// The lines of `promo validate --format json` and `--format github`: one per problem or
/// warning of a store, located by line and column.
package enum FindingRenderer {
  /// One JSON object and a line break (`schemas/validate-result.schema.json`):
  /// `{"severity","file","line","column","path","code","message","hint"}`, `path` `null`
  /// for a syntax error and `hint` `null` when there is none.
  package static func json(_ finding: StoreFinding, file: String) -> String {
    var json = JSONWriter()
    json.beginObject()
    json.member("severity", finding.severity.rawValue)
    json.member("file", file)
    json.key("line")
    json.integer(Int64(finding.line))
    json.key("column")
    json.integer(Int64(finding.column))
    json.key("path")
    if let path = finding.path { json.string(path) } else { json.null() }
    json.member("code", finding.code.rawValue)
    json.member("message", finding.message)
    json.key("hint")
    if let hint = finding.hint { json.string(hint) } else { json.null() }
    json.endObject()
    json.endLine()
    return json.text
  }

  /// The last line of `--format json`: `{"summary":{"errors":N,"warnings":M}}`.
  package static func jsonSummary(errors: Int, warnings: Int) -> String {
    var json = JSONWriter()
    json.beginObject()
    json.key("summary")
    json.beginObject()
    json.key("errors")
    json.integer(Int64(errors))
    json.key("warnings")
    json.integer(Int64(warnings))
    json.endObject()
    json.endObject()
    json.endLine()
    return json.text
  }

  /// One GitHub Actions workflow command, which the runner turns into an annotation on
  /// the file's line: `::error file=promotions.json,line=12,col=5,title=promo validate::`
  /// followed by the path, the message and the hint.
  package static func github(_ finding: StoreFinding, file: String) -> String {
    let properties = [
      "file=" + escapeProperty(file), "line=\(finding.line)", "col=\(finding.column)",
      "title=" + escapeProperty("promo validate"),
    ]
    var text = finding.path.map { "\($0): " } ?? ""
    text += finding.message
    if let hint = finding.hint { text += "; " + hint }
    return "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(text))\n"
  }

  /// A message in a workflow command: `%`, CR and LF written as `%25`, `%0D` and `%0A`.
  package static func escapeData(_ text: String) -> String {
    escape(text, also: [])
  }

  /// A property value in a workflow command: as a message, and `:` and `,` as `%3A` and
  /// `%2C`, which would otherwise end it.
  package static func escapeProperty(_ text: String) -> String {
    escape(text, also: [":", ","])
  }

  private static func escape(_ text: String, also: [Unicode.Scalar]) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      case ":" where also.contains(scalar): result += "%3A"
      case "," where also.contains(scalar): result += "%2C"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
