import Glibc
import RillCLI

exit(RillCommand.run(Array(CommandLine.arguments.dropFirst())))
