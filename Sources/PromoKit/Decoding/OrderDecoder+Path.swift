extension OrderDecoder {
  /// The orders in the file at `path` (one order object, or an array of them), read
  /// without Foundation: ``decodeFile(_:file:storeCurrency:)`` of its bytes, its messages
  /// naming `path`. A missing file, a folder or a file that cannot be read is a
  /// ``PromoError`` naming the path, as for the command line.
  ///
  ///     let orders = try OrderDecoder.decodeFile(atPath: "order.json", storeCurrency: catalog.currency)
  ///
  /// - Complexity: one read of the file, then O(*b*) for its *b* bytes.
  public static func decodeFile(atPath path: String, storeCurrency: Currency?) throws(PromoError) -> [Order] {
    try decodeFile(FileIO.readFile(atPath: path), file: path, storeCurrency: storeCurrency)
  }
}
