import PromoKit
import PromoTestSupport
import Testing

/// Unknown keys in a store: refused at their path, each with the known key it most likely
/// means (KeySuggestion: near keys, abbreviations, and always some key).
extension StoreDecoderTests {
  // MARK: Unknown keys

  @Test("an unknown promotion key names the nearest known key")
  func unknownKeySuggestion() {
    let text = Self.store([
      #"{"id": "a", "kind": "discount", "percentOff": "10"}"#,
      #"{"id": "b", "kind": "discount", "percentOff": "10"}"#,
      #"{"id": "c", "kind": "discount", "percentOff": "10", "startAt": "2026-11-01T00:00:00Z"}"#,
    ])
    let found = problem(text)
    #expect(found?.message == #"unknown key "startAt" in promotions[2]; did you mean "startsAt"?"#)
    #expect(found?.position == "promotions[2].startAt")
    #expect(found?.category == .invalidData)
    #expect(
      found?.description
        == #"promotions.json: promotions[2].startAt: unknown key "startAt" in promotions[2]; did you mean "startsAt"?"#
    )
  }

  @Test(
    "typos map to their keys",
    arguments: [
      ("percent_off", "percentOff"), ("PercentOff", "percentOff"), ("amountoff", "amountOff"),
      ("minimumAmout", "minimumAmount"), ("endAt", "endsAt"), ("stackabel", "stackable"), ("activ", "active"),
      ("Name", "name"), ("kinds", "kind"),
    ])
  func typoSuggestions(typo: String, known: String) {
    let found = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 5, "\#(typo)": 1}"#]))
    #expect(found?.message == #"unknown key "\#(typo)" in promotions[0]; did you mean "\#(known)"?"#)
    #expect(found?.position == "promotions[0].\(typo)")
  }

  @Test("an unknown key with no near match still names the closest known key")
  func unknownKeyWithoutNearMatch() throws {
    let found = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 5, "xyzzyqwerty": 1}"#]))
    #expect(found?.position == "promotions[0].xyzzyqwerty")
    let closest = try #require(KeySuggestion.closest(to: "xyzzyqwerty", in: StoreDecoder.promotionKeys))
    #expect(StoreDecoder.promotionKeys.contains(closest))
    #expect(found?.message == #"unknown key "xyzzyqwerty" in promotions[0]; did you mean "\#(closest)"?"#)
    #expect(found?.message.contains("known keys") == false)
    let top = problem(#"{"version": 1, "zzzzzzzzzzzz": 1, "promotions": []}"#)
    #expect(top?.position == "zzzzzzzzzzzz")
    #expect(top?.message.hasPrefix(#"unknown key "zzzzzzzzzzzz" at the top level; did you mean ""#) == true)
    #expect(top?.message.contains("known keys") == false)
    #expect(top?.message.contains("$schema") == false)
  }

  @Test("abbreviations name the key they abbreviate")
  func abbreviationSuggestions() {
    for (short, known) in [
      ("pct", "percentOff"), ("min", "minimumAmount"), ("ed", "endsAt"), ("stk", "stackable"),
    ] {
      let found = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 5, "\#(short)": 1}"#]))
      #expect(found?.message == #"unknown key "\#(short)" in promotions[0]; did you mean "\#(known)"?"#)
    }
  }

  @Test("KeySuggestion finds near keys and ignores far ones")
  func keySuggestion() {
    #expect(KeySuggestion.nearest(to: "startAt", in: StoreDecoder.promotionKeys) == "startsAt")
    #expect(KeySuggestion.nearest(to: "STARTS_AT", in: StoreDecoder.promotionKeys) == "startsAt")
    #expect(KeySuggestion.nearest(to: "zzzzzzzzzz", in: StoreDecoder.promotionKeys) == nil)
    #expect(KeySuggestion.nearest(to: "x", in: []) == nil)
  }

  @Test("KeySuggestion.closest always answers: an abbreviation first, else the fewest edits")
  func keySuggestionClosest() {
    let keys = StoreDecoder.promotionKeys
    #expect(KeySuggestion.closest(to: "qty", in: OrderDecoder.itemKeys) == "quantity")
    #expect(KeySuggestion.closest(to: "QTY", in: OrderDecoder.itemKeys) == "quantity")
    // An abbreviation wins over a key fewer edits away ("ed" is one edit from "id").
    #expect(KeySuggestion.nearest(to: "ed", in: keys) == "id")
    #expect(KeySuggestion.closest(to: "ed", in: keys) == "endsAt")
    // Of several keys it abbreviates, the shortest.
    #expect(KeySuggestion.closest(to: "amt", in: ["amountOff", "amount", "name"]) == "amount")
    // Near keys are found as before.
    #expect(KeySuggestion.closest(to: "startAt", in: keys) == "startsAt")
    #expect(KeySuggestion.closest(to: "STARTS_AT", in: keys) == "startsAt")
    #expect(KeySuggestion.closest(to: "stackabel", in: keys) == "stackable")
    // However far, some key is named.
    #expect(KeySuggestion.closest(to: "zzzzzzzzzz", in: keys).map(keys.contains) == true)
    #expect(KeySuggestion.closest(to: "x", in: ["only"]) == "only")
    #expect(KeySuggestion.closest(to: "x", in: []) == nil)
  }
}
