/// One piece of what a plain order deal takes off a base `B`, valid on an interval of
/// bases: what the index of plain deals (``PlainDealIndex``) is fed, so that it knows
/// nothing of the kinds of benefit. Each benefit says which pieces it is
/// (``DealTerms/amountPieces``): a fixed sum is one piece, an uncapped percentage one, a
/// capped percentage two (below its cap, and from where it takes its cap).
///
///     .sum(1_500, from: 10_000)                       // 15.00 off from 100.00 up
///     .rateBelow(200_000, from: nil, below: 25_000)   // 20% of bases under 250.00
enum AmountPiece: Sendable, Equatable {
  /// `min(sum, B)` on every base from `from` up (every base when `nil`).
  case sum(Int128, from: Int128?)
  /// `round(B × rate)` (a rate in ten-thousandths of a percent) on every base from `from` up.
  case rate(Int64, from: Int128?)
  /// `round(B × rate)` on the bases from `from` up to `below`, exclusive.
  case rateBelow(Int64, from: Int128?, below: Int128)
}
