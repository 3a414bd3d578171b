import RillCLI

RillCommand.main(Array(CommandLine.arguments.dropFirst()))
