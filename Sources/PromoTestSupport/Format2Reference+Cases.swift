extension Format2Reference {
  /// The generated cases of store format `format` (1 or 2), one a seed of `seeds`, that
  /// the reference prices (those it refuses left out), each with its seed and pricing.
  package static func pricedCases(format: Int, seeds: some Sequence<UInt64>) throws(RefError)
    -> [(seed: UInt64, testCase: RefCase, pricing: RefPricing)]
  {
    var cases: [(seed: UInt64, testCase: RefCase, pricing: RefPricing)] = []
    for seed in seeds {
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase(format: format)
      let verdict = try price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes)
      if case .priced(let pricing) = verdict { cases.append((seed, testCase, pricing)) }
    }
    return cases
  }
}
