import Foundation
import YadgCore
import YadgResources

// yadg's own packaging, run from the package folder (see Distribution.swift):
//   swift run yadg-dist manual                      write Resources/yadg.1 from Resources/yadg.1.in
//   swift run yadg-dist install [--prefix P] [--binary B]
//   swift run yadg-dist uninstall [--prefix P]
//   swift run yadg-dist deb [--binary B] [--output DIR]

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    Distribution.fail(Distribution.usage, status: 2)
}
arguments.removeFirst()
var options: [String: String] = [:]
while let name = arguments.first, name.hasPrefix("--"), arguments.count >= 2 {
    options[String(name.dropFirst(2))] = arguments[1]
    arguments.removeFirst(2)
}
guard arguments.isEmpty, Set(options.keys).isSubset(of: ["prefix", "binary", "output"]) else {
    Distribution.fail(Distribution.usage, status: 2)
}
switch command {
case "manual": Distribution.writeManual()
case "install": Distribution.install(prefix: options["prefix"] ?? Distribution.defaultPrefix, binary: options["binary"])
case "uninstall": Distribution.uninstall(prefix: options["prefix"] ?? Distribution.defaultPrefix)
case "deb": Distribution.buildDebian(binary: options["binary"], output: options["output"] ?? ".")
default: Distribution.fail(Distribution.usage, status: 2)
}
