/// A JSON syntax error: where it is (a byte offset) and what is wrong.
package struct JSONSyntaxError: Error, Sendable, Equatable {
  /// The byte offset of the offending text.
  package var offset: Int
  /// What is wrong, in words, with a hint where one helps.
  package var message: String
  /// For a duplicate key: the byte offset of its first use.
  package var earlierOffset: Int?
  /// Whether the text goes on after one complete JSON value (a JSON Lines file read as
  /// one document, say).
  package var isContentAfterValue = false

  /// Creates a syntax error.
  package init(offset: Int, message: String, earlierOffset: Int? = nil) {
    self.offset = offset
    self.message = message
    self.earlierOffset = earlierOffset
  }
}
