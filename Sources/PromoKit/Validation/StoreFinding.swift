/// One problem or warning of a store, with the line and column it is at in the file: what
/// `promo validate --format json` and `--format github` report.
///
///     let (catalog, findings) = StoreFinding.all(in: bytes, file: "promotions.json", at: now)
///     findings.first?.line   // 12
package struct StoreFinding: Sendable, Hashable {
  /// Whether the finding fails the check.
  package enum Severity: String, Sendable, Hashable {
    /// A problem: the store is refused.
    case error
    /// Legal but probably a mistake: reported, the store is still valid.
    case warning
  }

  /// Whether it fails the check.
  package var severity: Severity
  /// The JSON path (`promotions[2].endsAt`, `top level`), or `nil` for a syntax error.
  package var path: String?
  /// The 1-based line of the key or value it is about (of the syntax error).
  package var line: Int
  /// The 1-based column, counted in Unicode scalars.
  package var column: Int
  /// What kind of finding it is.
  package var code: StoreFindingCode
  /// What is wrong, without the hint.
  package var message: String
  /// What to do about it, when the message has a hint (the text after its first `; `).
  package var hint: String?

  /// A finding whose `text` is `message[; hint]`, as the one-line error form writes it.
  package init(
    severity: Severity, path: String?, location: SourceLocation, code: StoreFindingCode, text: String
  ) {
    self.severity = severity
    self.path = path
    line = location.line
    column = location.column
    self.code = code
    let utf8 = Array(text.utf8)
    if let split = utf8.indices.dropLast().first(where: {
      utf8[$0] == UInt8(ascii: ";") && utf8[$0 + 1] == 32
    }) {
      message = String(decoding: utf8[..<split], as: UTF8.self)
      hint = String(decoding: utf8[(split + 2)...], as: UTF8.self)
    } else {
      message = text
      hint = nil
    }
  }

  /// The store in `bytes` (when it has no problem) and every finding about it, in the
  /// order `promo validate` reports them: the problems as the store decoder finds them,
  /// then, for a valid store, the audit's warnings at `instant`.
  ///
  /// - Complexity: O(*b* + *f* log *b*) for *b* bytes and *f* findings.
  package static func all(
    in bytes: [UInt8], file: String, at instant: Instant
  ) -> (catalog: Catalog?, findings: [StoreFinding]) {
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      // The message is the one the decoder gives (with the place of a key's first use).
      let finding = StoreFinding(
        severity: .error, path: nil, location: SourceLocation(offset: error.offset, in: bytes),
        code: .invalidJSON, text: syntaxMessage(bytes))
      return (nil, [finding])
    }
    let lines = LineStarts(bytes)
    var reader = SchemaReader()
    let read = StoreDecoder.read(root, reader: &reader)
    var findings = reader.problems.map { problem in
      StoreFinding(
        severity: .error, path: problem.path.description,
        location: lines.location(of: root.offset(of: problem.path.description), in: bytes),
        code: problem.code ?? .wrongType, text: problem.message)
    }
    let catalog = findings.isEmpty ? read : nil
    if let catalog {
      for warning in StoreAudit.warnings(for: catalog, at: instant) {
        findings.append(
          StoreFinding(
            severity: .warning, path: warning.position,
            location: lines.location(of: root.offset(of: warning.position), in: bytes),
            code: warning.code ?? .sameTerms, text: warning.message))
      }
    }
    return (catalog, findings)
  }

  /// The message of the syntax error in `bytes`, as the decoder words it.
  private static func syntaxMessage(_ bytes: [UInt8]) -> String {
    do {
      _ = try JSONDocument.parse(bytes, file: "")
      return "not valid JSON"
    } catch {
      return error.message
    }
  }
}

/// Where each line of a text starts, so that many offsets are turned into lines and columns
/// without a pass over the text for each.
private struct LineStarts {
  /// The offset of the first byte of each line.
  private var starts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
  }

  /// The line and column (in Unicode scalars) of `offset`.
  func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
    // The last line that starts at or before `offset`.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var column = 1
    for byte in bytes[starts[low]..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
    return SourceLocation(line: low + 1, column: column)
  }
}

extension JSONNode {
  /// The byte offset of what a JSON path written as text (`promotions[2].endsAt`) names in
  /// this tree: the key of a member, an element of an array, or, for a part the tree does
  /// not have (a missing key), the deepest value on the way to it.
  ///
  /// A key is matched as the longest member key that the rest of the path starts with,
  /// followed by `.`, `[` or the end, so a key with a dot in it is still found.
  package func offset(of path: String) -> Int {
    var node = self
    var offset = node.offset
    var rest = Substring(path == "top level" ? "" : path)
    while !rest.isEmpty {
      if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
          case .array(let elements) = node.value, elements.indices.contains(index)
        else { break }
        node = elements[index]
        offset = node.offset
        rest = rest[rest.index(after: close)...]
      } else {
        guard case .object(let members) = node.value else { break }
        let matches = members.filter { member in
          guard rest.hasPrefix(member.key) else { return false }
          let after = rest.dropFirst(member.key.count)
          return after.isEmpty || after.first == "." || after.first == "["
        }
        guard let member = matches.max(by: { $0.key.count < $1.key.count }) else { break }
        node = member.value
        offset = member.keyOffset
        rest = rest.dropFirst(member.key.count)
      }
      if rest.first == "." { rest = rest.dropFirst() }
    }
    return offset
  }
}
