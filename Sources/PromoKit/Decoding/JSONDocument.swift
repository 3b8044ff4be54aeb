/// Parses a file's bytes as strict JSON, turning a syntax error into a located
/// ``PromoError`` (`file: line:column: what is wrong`).
enum JSONDocument {
  /// The root node of `bytes`, or an ``PromoError/Category/invalidData`` error naming
  /// `file` and the line and column of the problem.
  static func parse(_ bytes: [UInt8], file: String, lineOffset: Int = 0) throws(PromoError) -> JSONNode {
    do {
      return try JSONParser.parse(bytes)
    } catch {
      var location = SourceLocation(offset: error.offset, in: bytes)
      location.line += lineOffset
      return try fail(PromoError(.invalidData, file: file, position: location.description, error.message))
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
