/// Commands that fail before or instead of their work: files and folders missing or of the
/// wrong kind, bad arguments, and requests that cannot be met.
extension HostileCase {
  /// The file system, arguments, and requests that cannot be met.
  static let commandCases: [HostileCase] = [
    // The file system.
    HostileCase("order is a folder", price("folder"), status: 66, at: "folder: is a folder"),
    HostileCase("order missing", price("nope.json"), status: 66, at: "nope.json: no such file"),
    HostileCase(
      "store is a folder", ["price", "--store", "folder", goodOrder], status: 66, at: "folder: is a folder"),
    HostileCase(
      "store missing", ["price", "--store", "nope.json", goodOrder], status: 66,
      at: "nope.json: no promotion store"),
    HostileCase(
      "add into a missing folder",
      ["add", "--store", "no/such/s.json", "--id", "x", "--kind", "discount", "--percent-off", "1"],
      status: 73, at: "no/such/s.json: cannot create the store: the folder no/such does not exist"),
    HostileCase(
      "add below a file",
      ["add", "--store", "good.json/s.json", "--id", "x", "--kind", "discount", "--percent-off", "1"],
      status: 73, at: "good.json/s.json.lock: cannot create"),
    // Arguments.
    HostileCase("unknown command", ["frobnicate"], status: 64, at: "promo: unknown command"),
    HostileCase(
      "unknown option", ["price", goodOrder, "--fast"], status: 64, at: "promo: unknown option --fast"),
    HostileCase(
      "option without value", ["price", goodOrder, "--store"], status: 64,
      at: "promo: --store needs a value"),
    HostileCase("bad --at", ["price", goodOrder, "--at", "yesterday"], status: 64, at: "promo: --at: "),
    HostileCase(
      "--at out of range", ["price", goodOrder, "--at", "2026-02-29T00:00:00Z"], status: 64,
      at: "promo: --at: "),
    HostileCase("bad --format", ["list", "--format", "xml"], status: 64, at: "promo: --format: must be"),
    HostileCase(
      "negative lock timeout", ["delete", "p", "--lock-timeout", "-1"], status: 64,
      at: "promo: --lock-timeout: "),
    HostileCase("extra argument", ["show", "a", "b"], status: 64, at: "promo: unexpected argument"),
    HostileCase("stdin twice", ["price", "-", "-"], status: 64, at: "promo: standard input"),
    // Requests that cannot be met.
    HostileCase(
      "delete unknown id", ["delete", "nope"], status: 1, at: "promotions.json: no promotion has the id"),
    HostileCase(
      "add existing id", ["add", "--id", "autumn-20", "--kind", "discount", "--percent-off", "1"],
      status: 1,
      at: "promotions.json: a promotion with the id"),
    HostileCase(
      "update into an empty window", ["update", "autumn-20", "--starts-at", "2027-01-01T00:00:00Z"],
      status: 65,
      at: "--starts-at: endsAt 2026-12-01T00:00:00+08:00 must be after startsAt 2027-01-01T00:00:00Z (the "
        + "window is startsAt <= T < endsAt); endsAt is the promotion's: change it with --ends-at or clear it "
        + "with --no-ends-at"),
    HostileCase(
      "update to end before the window starts",
      ["update", "autumn-20", "--ends-at", "2026-10-01T00:00:00Z"],
      status: 65,
      at: "--ends-at: endsAt 2026-10-01T00:00:00Z must be after startsAt 2026-11-01T00:00:00+08:00 (the "
        + "window is startsAt <= T < endsAt); startsAt is the promotion's: change it with --starts-at or "
        + "clear it with --no-starts-at"),
    HostileCase(
      "delete in a missing store", ["delete", "p", "--store", "none.json"], status: 66,
      at: "none.json: no promotion store"),
    HostileCase(
      "enable in a missing folder", ["enable", "p", "--store", "no/such/s.json"], status: 66,
      at: "no/such/s.json: no promotion store"),
    HostileCase("init on a folder", ["init", "--store", "folder"], status: 73, at: "folder: is a folder"),
    // A folder promo may not write in (tests run as root: a read-only file system stands in).
    HostileCase(
      "add in an unwritable folder",
      ["add", "--store", "/sys/promo.json", "--id", "x", "--kind", "discount", "--percent-off", "1"],
      status: 73, at: "/sys/promo.json.lock: cannot create the lock file"),
    HostileCase(
      "order file over the size limit", price("huge.json"),
      files: ["huge.json": [UInt8](repeating: 0x20, count: (64 << 20) + 1)], status: 65,
      at: "huge.json: is larger than 64 MiB"),
    HostileCase(
      "empty store name", ["list", "--store="], status: 64, at: "promo: --store needs a file name"),
  ]
}
