import Foundation
import Testing

/// The documentation a newcomer starts from, read as text against the sources: each DocC catalog
/// has a root page that curates every type of its module, and the journey of a line names only
/// files, types and members that exist. A file moved or a type renamed fails here until the page
/// says where it went.
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let journey = "Sources/YadgApp/YadgApp.docc/ALinesJourney.md"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appending(path: path), encoding: .utf8)
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appending(path: path).path)
    }

    /// Every file under `folder` whose name ends with `suffix`, as paths from the package's root.
    static func files(under folder: String, endingWith suffix: String) -> [String] {
        let found =
            FileManager.default.enumerator(atPath: root.appending(path: folder).path)?
            .compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(suffix) }.map { folder + "/" + $0 }.sorted()
    }

    static func matches(_ pattern: String, in text: String, options: NSRegularExpression.Options = []) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: options)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { i in
                Range(match.range(at: i), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The modules that have a documentation catalog, `Sources/<Module>/<Module>.docc`.
    static var catalogs: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Sources").path)) ?? []
        return folders.filter { exists("Sources/\($0)/\($0).docc") }.sorted()
    }

    /// The types a module declares at the top level with `public` or `package` access: what its
    /// documentation lists.
    static func topLevelTypes(of module: String) throws -> Set<String> {
        var names: Set<String> = []
        for file in files(under: "Sources/" + module, endingWith: ".swift") {
            let pattern =
                #"^(?:@\w+(?:\([^)]*\))? )*(?:public|package) (?:(?:final|indirect) )?(?:struct|enum|class|protocol|actor|typealias) (\w+)"#
            for match in matches(pattern, in: try text(file), options: .anchorsMatchLines) { names.insert(match[1]) }
        }
        return names
    }

    /// Every type or extension name, and every member name, declared anywhere in `Sources` or `Tests`.
    static let declared: (types: Set<String>, members: Set<String>) = {
        // Module names too (`CLibEdit`, `YadgResources`): every folder under Sources.
        var types = Set(
            (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Sources").path)) ?? [])
        var members: Set<String> = []
        for file in files(under: "Sources", endingWith: ".swift") + files(under: "Tests", endingWith: ".swift") {
            let source = (try? text(file)) ?? ""
            for match in matches(#"\b(?:struct|enum|class|protocol|actor|typealias|extension) (\w+)"#, in: source) {
                types.insert(match[1])
            }
            for match in matches(#"\b(?:func|var|let|case) (\w+)"#, in: source) { members.insert(match[1]) }
        }
        return (types, members)
    }()

    @Test("Every DocC catalog has a root page named for its module, with curated Topics")
    func everyCatalogHasARootPage() throws {
        #expect(Self.catalogs.count >= 9, "\(Self.catalogs)")
        for module in Self.catalogs {
            let path = "Sources/\(module)/\(module).docc/\(module).md"
            guard Self.exists(path) else {
                Issue.record("\(module) has no root page at \(path)")
                continue
            }
            let page = try Self.text(path)
            #expect(page.hasPrefix("# ``\(module)``\n"), "\(path) does not start with # ``\(module)``")
            #expect(page.contains("\n## Topics\n"), "\(path) has no Topics")
            #expect(Self.matches(#"\n### "#, in: page).count >= 2, "\(path) has fewer than two groups")
        }
    }

    @Test("Each root page lists every public type of its module, each listed type exists, and its articles are there")
    func rootPagesCurateEveryType() throws {
        for module in Self.catalogs {
            let catalog = "Sources/\(module)/\(module).docc"
            guard Self.exists("\(catalog)/\(module).md") else { continue }
            let page = try Self.text("\(catalog)/\(module).md")
            let listed = Set(Self.matches(#"\n- ``(\w+)``"#, in: page).map { $0[1] })
            let types = try Self.topLevelTypes(of: module)
            for missing in types.subtracting(listed).sorted() {
                Issue.record("\(module)'s root page does not list its type \(missing)")
            }
            for stale in listed.subtracting(types).sorted() {
                Issue.record("\(module)'s root page lists \(stale), which \(module) does not declare")
            }
            for article in Self.matches(#"<doc:(\w+)>"#, in: page).map({ $0[1] }) {
                #expect(Self.exists("\(catalog)/\(article).md"), "\(module)'s root page links <doc:\(article)>")
            }
            // Every article of the catalog is reachable from its root.
            for file in Self.files(under: catalog, endingWith: ".md") where !file.hasSuffix("/\(module).md") {
                let article = String(file.split(separator: "/").last!.dropLast(3))
                #expect(page.contains("<doc:\(article)>"), "\(module)'s root page does not link <doc:\(article)>")
            }
        }
    }

    @Test("The journey of a line names only files that exist")
    func journeyPathsExist() throws {
        let page = try Self.text(Self.journey)
        let paths = Set(Self.matches(#"(?:Sources|Tests)/[A-Za-z0-9_+./-]+\.(?:swift|md|h)"#, in: page).map { $0[0] })
        #expect(paths.count >= 30, "the page names too few files to be followed: \(paths.count)")
        for path in paths.sorted() {
            #expect(Self.exists(path), "\(Self.journey) names \(path), which does not exist")
        }
    }

    @Test("The journey of a line names only types and members that are declared")
    func journeyNamesExist() throws {
        let page = try Self.text(Self.journey)
        // `Type`, `Type.member(…)`, ``Type/member(…)``: code voice that names a type, checked
        // with its arguments left out; file names, SQL and C names are not.
        var names: Set<String> = []
        for match in Self.matches(#"``([^`]+)``|`([^`\n]+)`"#, in: page) {
            var name = match[1].isEmpty ? match[2] : match[1]
            if name.hasSuffix(".swift") || name.hasSuffix(".md") || name.hasSuffix(".h") { continue }
            while let open = name.firstIndex(of: "("), let close = name[open...].firstIndex(of: ")") {
                name.removeSubrange(open...close)
            }
            guard
                Self.matches(#"^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(?:[./][A-Za-z][A-Za-z0-9]*)*$"#, in: name).count == 1
            else { continue }
            names.insert(name)
        }
        #expect(names.count >= 40, "the page names too few types to be followed: \(names.count)")
        for name in names.sorted() {
            let parts = name.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
            let isType = Self.declared.types.contains(parts[0])
            #expect(isType, "\(Self.journey) names \(parts[0]), which is not declared")
            for member in parts.dropFirst() {
                let known = Self.declared.members.contains(member) || Self.declared.types.contains(member)
                #expect(known, "\(Self.journey) names \(name): no \(member) is declared")
            }
        }
    }
}
