import PromoTestSupport
import Testing

@Suite("The seeded generator is deterministic")
struct SplitMix64Tests {
  @Test("the same seed gives the same sequence; the known first output of seed 0")
  func deterministic() {
    var first = SplitMix64(seed: 42)
    var second = SplitMix64(seed: 42)
    let a = (0..<100).map { _ in first.next() }
    let b = (0..<100).map { _ in second.next() }
    #expect(a == b)
    var zero = SplitMix64(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    var other = SplitMix64(seed: 43)
    #expect(other.next() != a[0])
  }
}
