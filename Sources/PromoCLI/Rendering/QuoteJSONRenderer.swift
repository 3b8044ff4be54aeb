import PromoKit

/// Writes a quote as its documented one-line JSON object (docs/FORMAT.md, "Results").
///
///     {"order":"A-1001","currency":"CNY","subtotal":"128.00","promotions":[...],...}
///
/// It keeps the text of the last evaluation time, since every quote of a command has the
/// same one. A quote without an explanation is laid out straight into bytes, piece by piece
/// (``append(_:to:)``): each piece makes room for the most it can take, then writes
/// without a check per byte. One with an explanation goes through a ``JSONWriter``
/// (``renderWithWriter(_:)``), which the tests hold the fast form against.
struct QuoteJSONRenderer {
  /// The evaluation time of the last quote rendered, whose text is ``lastInstantText``.
  private var lastInstant: Instant?
  /// The text of ``lastInstant``, kept: every quote of a command has the same one.
  private var lastInstantText = ""
  /// Where ``render(_:into:)`` lays out one line before appending it.
  private let line = ByteBuffer(capacity: 4_096)

  /// The quote as one line of JSON, with its newline, in UTF-8.
  mutating func render(_ quote: Quote) -> [UInt8] {
    var bytes: [UInt8] = []
    render(quote, into: &bytes)
    return bytes
  }

  /// Appends the quote as one line of JSON, with its newline, to `output`.
  ///
  /// - Complexity: O(*n*) in the length of the line.
  mutating func render(_ quote: Quote, into output: inout [UInt8]) {
    line.removeAll()
    append(quote, to: line)
    line.withBytes { output.append(contentsOf: $0) }
  }

  /// Appends the quote as one line of JSON, with its newline, to `buffer`: the form a
  /// stream uses, each line laid out after the last one in the chunk's bytes.
  ///
  /// - Complexity: O(*n*) in the length of the line.
  mutating func append(_ quote: Quote, to buffer: ByteBuffer) {
    guard quote.considered == nil else {
      buffer.append(renderWithWriter(quote))
      return
    }
    updateInstant(quote.evaluatedAt)
    // Read where it is: the parts copied out of a quote cost more than writing them.
    withUnsafePointer(to: quote) { Self.append($0, instant: lastInstantText, to: buffer) }
  }

  /// ``append(_:to:)`` for a quote without an explanation, whose evaluation time reads
  /// `instant`.
  @inline(__always)
  private static func append(_ quote: UnsafePointer<Quote>, instant: String, to buffer: ByteBuffer) {
    let number = RawWriter.numberBound
    // Each piece's bound: its literals (at most 32 bytes between two values), each
    // string escaped at its longest, each number at its longest.
    let currencyBound = quote.pointee.currency.map { RawWriter.quotedBound($0.code) } ?? 0
    buffer.write(atMost: 64 + RawWriter.quotedBound(quote.pointee.order) + currencyBound + number) { json in
      json.literal(#"{"order":"#)
      json.quoted(quote.pointee.order)
      if quote.pointee.currency != nil {
        json.literal(#","currency":"#)
        json.quoted(quote.pointee.currency!.code)
      }
      json.literal(#","subtotal":""#)
      json.money(quote.pointee.subtotal)
      json.literal(#"","promotions":["#)
    }
    quote.pointee.plan.applied.withUnsafeBufferPointer { Self.append(shares: $0, tiers: true, to: buffer) }
    buffer.write(atMost: 128 + RawWriter.quotedBound(instant) + 5 * number) { json in
      json.literal(#"],"discount":""#)
      json.money(quote.pointee.discount)
      json.literal(#"","total":""#)
      json.money(quote.pointee.total)
      json.literal(#"","evaluatedAt":"#)
      json.quoted(instant)
      if let shipping = quote.pointee.shipping {
        json.literal(#","shipping":{"amount":""#)
        json.money(shipping.amount)
        json.literal(#"","discount":""#)
        json.money(shipping.discount)
        json.literal(#"","total":""#)
        json.money(shipping.total)
        json.literal(#""}"#)
      }
    }
    if !quote.pointee.gifts.isEmpty {
      quote.pointee.gifts.withUnsafeBufferPointer { Self.append(gifts: $0, to: buffer) }
    }
    if quote.pointee.lines != nil {
      buffer.write(atMost: 16) { $0.literal(#","lines":["#) }
      quote.pointee.lines!.withUnsafeBufferPointer { lines in
        guard let start = lines.baseAddress else { return }
        for index in 0..<lines.count {
          Self.append(line: start + index, first: index == 0, to: buffer)
        }
      }
      buffer.write(atMost: 1) { $0.byte(UInt8(ascii: "]")) }
    }
    buffer.write(atMost: 2) { $0.literal("}\n") }
  }

  /// One line of the quote's `lines`: `{"sku":...,"promotions":[...]}`, after a comma
  /// unless it is the `first`. The line is read where it is, not copied.
  @inline(__always)
  private static func append(line: UnsafePointer<LineQuote>, first: Bool, to buffer: ByteBuffer) {
    // The line's discount: the sum of its shares (``LineQuote/discount``).
    var discount = line.pointee.subtotal
    discount.minorUnits = 0
    line.pointee.promotions.withUnsafeBufferPointer { shares in
      for index in shares.indices { discount.minorUnits += shares[index].discount.minorUnits }
    }
    let skuBound = line.pointee.sku.map(RawWriter.quotedBound) ?? 0
    buffer.write(atMost: 96 + skuBound + 4 * RawWriter.numberBound) { json in
      json.literal(first ? "{" : ",{")
      if line.pointee.sku != nil {
        json.literal(#""sku":"#)
        json.quoted(line.pointee.sku!)
        json.byte(UInt8(ascii: ","))
      }
      json.literal(#""quantity":"#)
      json.integer(line.pointee.quantity)
      json.literal(#","subtotal":""#)
      json.money(line.pointee.subtotal)
      json.literal(#"","discount":""#)
      json.money(discount)
      json.literal(#"","total":""#)
      json.money(line.pointee.subtotal.subtracting(discount))
      json.literal(#"","promotions":["#)
    }
    line.pointee.promotions.withUnsafeBufferPointer { append(shares: $0, tiers: false, to: buffer) }
    buffer.write(atMost: 2) { $0.literal("]}") }
  }

  /// `{"id":...,"discount":...}` for each promotion, comma-separated, read where they are;
  /// with `"tier":N` after the discount of a promotion that took a tier when `tiers` is
  /// set (the quote's promotions, not a line's shares).
  @inline(__always)
  private static func append(
    shares: UnsafeBufferPointer<AppliedPromotion>, tiers: Bool, to buffer: ByteBuffer
  ) {
    guard let start = shares.baseAddress else { return }
    for index in 0..<shares.count {
      let share = start + index
      buffer.write(atMost: 48 + RawWriter.quotedBound(share.pointee.id) + 2 * RawWriter.numberBound) { json in
        json.literal(index == 0 ? #"{"id":"# : #",{"id":"#)
        json.quoted(share.pointee.id)
        json.literal(#","discount":""#)
        json.money(share.pointee.discount)
        if tiers, let tier = share.pointee.tier {
          json.literal(#"","tier":"#)
          json.integer(Int64(tier))
          json.byte(UInt8(ascii: "}"))
        } else {
          json.literal(#""}"#)
        }
      }
    }
  }

  /// `,"gifts":[{"id":...,"sku":...,"quantity":N},...]` for a quote that grants gifts,
  /// read where they are.
  @inline(__always)
  private static func append(gifts: UnsafeBufferPointer<GrantedGift>, to buffer: ByteBuffer) {
    guard let start = gifts.baseAddress else { return }
    buffer.write(atMost: 16) { $0.literal(#","gifts":["#) }
    for index in 0..<gifts.count {
      let gift = start + index
      let bound = 48 + RawWriter.quotedBound(gift.pointee.id) + RawWriter.quotedBound(gift.pointee.sku)
      buffer.write(atMost: bound + RawWriter.numberBound) { json in
        json.literal(index == 0 ? #"{"id":"# : #",{"id":"#)
        json.quoted(gift.pointee.id)
        json.literal(#","sku":"#)
        json.quoted(gift.pointee.sku)
        json.literal(#","quantity":"#)
        json.integer(gift.pointee.quantity)
        json.byte(UInt8(ascii: "}"))
      }
    }
    buffer.write(atMost: 1) { $0.byte(UInt8(ascii: "]")) }
  }

  /// Keeps the text of `instant` unless it is the last one's.
  private mutating func updateInstant(_ instant: Instant) {
    if instant != lastInstant {
      lastInstant = instant
      lastInstantText = instant.description
    }
  }

  /// The quote as one line of JSON through a ``JSONWriter``: every quote, with its
  /// explanation when it has one.
  mutating func renderWithWriter(_ quote: Quote) -> [UInt8] {
    updateInstant(quote.evaluatedAt)
    var json = JSONWriter()
    json.beginObject()
    json.member("order", quote.order)
    if let currency = quote.currency { json.member("currency", currency.code) }
    json.member("subtotal", quote.subtotal)
    Self.write(shares: quote.plan.applied, tiers: true, to: &json)
    json.member("discount", quote.discount)
    json.member("total", quote.total)
    json.member("evaluatedAt", lastInstantText)
    if let shipping = quote.shipping { Self.write(shipping: shipping, to: &json) }
    if !quote.gifts.isEmpty { Self.write(gifts: quote.gifts, to: &json) }
    if let lines = quote.lines { Self.write(lines: lines, to: &json) }
    if let considered = quote.considered {
      Self.write(considered: considered, minorDigits: quote.subtotal.minorDigits, to: &json)
    }
    json.endObject()
    json.endLine()
    return json.bytes
  }
}
