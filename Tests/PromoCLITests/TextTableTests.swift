import PromoKit
import PromoTestSupport
import Testing

@testable import PromoCLI

/// The table renderer writes bytes directly; it must give exactly what the first renderer,
/// over strings, gave (``TextTable/referenceRender(indent:)``).
@Suite("The byte table renderer agrees with the string one")
struct TextTableTests {
  /// Cells of every kind the tables hold: plain words, amounts, percentages, signs, group
  /// separators, spaces at either end, empty cells, wide characters, combining marks,
  /// non-ASCII digits, control characters.
  static let pieces = [
    "", " ", "  ", "-", "+", ",", ".", "%", "0", "7", "12", "1,000", "12.50", "20%", "-3.5", "abc", "x y",
    "满100减15", "汉字", "e\u{301}", "é", "١٢", "½", "\u{1B}[1m", "\n", "\t", "\u{7F}", "\u{202E}", "🎉", "a ",
    " b", "WINDOW (+08:00)", "11-01..12-01",
  ]

  @Test("random tables of every alignment, with and without an indent")
  func randomTables() {
    var random = SplitMix64(seed: 20)
    for _ in 0..<3_000 {
      let columns = 1 + Int(random.next() % 6)
      let alignments: [TextTable.Alignment] = (0..<columns).map { _ in
        [.left, .right, .decimal][Int(random.next() % 3)]
      }
      var table = TextTable(alignments)
      for _ in 0..<Int(random.next() % 6) {
        // Rows may be shorter than the table: their missing cells are empty.
        let count = Int(random.next() % UInt64(columns + 1))
        table.append(
          (0..<count).map { _ in
            (0..<Int(random.next() % 3)).map { _ in
              Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            }
            .joined()
          })
      }
      let indent = ["", "  ", "    ", "> "][Int(random.next() % 4)]
      #expect(table.render(indent: indent) == table.referenceRender(indent: indent))
    }
  }

  @Test("random tables written row by row as bytes render as the same tables of strings")
  func rowsAsBytes() {
    var random = SplitMix64(seed: 25)
    for _ in 0..<3_000 {
      let columns = 1 + Int(random.next() % 6)
      let alignments: [TextTable.Alignment] = (0..<columns).map { _ in
        [.left, .right, .decimal][Int(random.next() % 3)]
      }
      var strings = TextTable(alignments)
      var bytes = TextTable(alignments)
      var rows = TextTable.Rows()
      for _ in 0..<Int(random.next() % 8) {
        // Rows may be shorter than the table: their missing cells are empty.
        let count = Int(random.next() % UInt64(columns + 1))
        let row = (0..<count).map { _ in
          (0..<Int(random.next() % 3)).map { _ in
            Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
          }
          .joined()
        }
        strings.append(row)
        for cell in row {
          rows.text.appendUTF8(of: cell)
          rows.endCell()
        }
        rows.endRow()
        // Rows go into the table a few at a time.
        if random.next() % 3 == 0 { bytes.append(&rows) }
      }
      bytes.append(&rows)
      let indent = ["", "  ", "> "][Int(random.next() % 3)]
      let expected = strings.referenceRender(indent: indent)
      #expect(bytes.render(indent: indent) == expected)
      #expect(strings.render(indent: indent) == expected)
      // Handed on in small pieces of whole lines, the text is the same.
      var pieces: [UInt8] = []
      bytes.renderBytes(indent: indent, pieceSize: 1 + Int(random.next() % 64)) { piece in
        #expect(piece.last == 0x0A)
        pieces.append(contentsOf: piece)
      }
      #expect(String(decoding: pieces, as: UTF8.self) == expected)
    }
  }

  @Test("CJK ideographs and full-width forms, counted two columns without their category, are no marks")
  func wideWithoutCategory() {
    for value in Array(0x4E00...0x9FFF) + Array(0xFF00...0xFF60) {
      guard let scalar = Unicode.Scalar(UInt32(value)) else {
        Issue.record("U+\(String(value, radix: 16)) is not a scalar")
        continue
      }
      let category = scalar.properties.generalCategory
      #expect(category != .nonspacingMark && category != .enclosingMark && category != .format)
      #expect(TextWidth.columns(of: scalar) == 2)
    }
  }
}
