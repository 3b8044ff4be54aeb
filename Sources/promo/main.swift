import PromoCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let status = PromoCLI.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
  stdin: StandardInput(), stdout: FileDescriptorOutput(descriptor: 1),
  stderr: FileDescriptorOutput(descriptor: 2))
exit(status)
