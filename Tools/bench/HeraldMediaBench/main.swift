runMediaBench(args: Array(CommandLine.arguments.dropFirst()))
