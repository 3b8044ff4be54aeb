// The platform's C library, chosen in one place: every target that makes system calls
// (reading and writing files, locks, signals, the clock, threads) imports `PromoLibc`
// instead of choosing between Glibc, Musl and Darwin itself.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
