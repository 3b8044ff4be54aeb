/// Parses a file's bytes as strict JSON, turning a syntax error into a located
/// ``PromoError`` (`file: line:column: what is wrong`).
enum JSONDocument {
  /// The root node of `bytes`, or an ``PromoError/Category/invalidData`` error naming
  /// `file` and the line and column of the problem.
  ///
  /// `lineOffset` is added to every line number (for a line of a stream); `hintAfterValue`
  /// is added to the message when the text goes on after one complete value.
  static func parse(
    _ bytes: [UInt8], file: String, lineOffset: Int = 0, hintAfterValue: String? = nil
  ) throws(PromoError) -> JSONNode {
    do {
      return try JSONParser.parse(bytes)
    } catch {
      func located(_ offset: Int) -> SourceLocation {
        var location = SourceLocation(offset: offset, in: bytes)
        location.line += lineOffset
        return location
      }
      var message = error.message
      if let earlier = error.earlierOffset { message += " (first at \(located(earlier)))" }
      if error.isContentAfterValue, let hintAfterValue { message += "; " + hintAfterValue }
      return try fail(
        PromoError(.invalidData, file: file, position: located(error.offset).description, message))
    }
  }

  private static func fail(_ error: PromoError) throws(PromoError) -> JSONNode { throw error }

  /// The problems a ``SchemaReader`` collected, as errors about `file`.
  static func errors(_ reader: SchemaReader, file: String, prefix: String? = nil) -> [PromoError] {
    reader.problems.map { problem in
      let position = prefix.map { "\($0): \(problem.path)" } ?? problem.path.description
      return PromoError(.invalidData, file: file, position: position, problem.message)
    }
  }
}
