import Foundation
import Testing
import YadgStorage
import YadgTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Where `/photo open` writes a locked journal's photo, opened: private, and scrubbed afterwards.
struct OpenedPhotoFolderTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o777
    }

    @Test("The runtime folder when there is one (emptied at logout), else one of this user's in TMPDIR")
    func whichFolder() {
        let runtime = TemporaryFolder.make("yadg-runtime")
        defer { TemporaryFolder.remove(runtime) }
        #expect(
            OpenedPhotoFolder(variables: ["XDG_RUNTIME_DIR": runtime, "TMPDIR": "/var/tmp"])
                == OpenedPhotoFolder(path: runtime + "/yadg-photos", clearedAtLogout: true))
        // A runtime folder that is missing, relative or a link (not a folder of this user's own) is not used.
        symlink(runtime, runtime + "-link")
        defer { unlink(runtime + "-link") }
        for unusable in [runtime + "/missing", "relative/folder", runtime + "-link"] {
            #expect(
                OpenedPhotoFolder(variables: ["XDG_RUNTIME_DIR": unusable, "TMPDIR": "/var/tmp"])
                    == OpenedPhotoFolder(path: "/var/tmp/yadg-photos-\(getuid())", clearedAtLogout: false))
        }
        #expect(OpenedPhotoFolder(variables: [:]).path == "/tmp/yadg-photos-\(getuid())")
    }

    @Test("A photo is written into a 0700 folder as a 0600 file, whatever the umask")
    func privateFiles() throws {
        let root = TemporaryFolder.make()
        defer { TemporaryFolder.remove(root) }
        let folder = OpenedPhotoFolder(path: root + "/yadg-photos", clearedAtLogout: true)
        let previous = umask(0)
        defer { umask(previous) }
        let path = try folder.save(Array("picture".utf8), as: "4-1.png")
        #expect(path == root + "/yadg-photos/4-1.png")
        #expect(Self.mode(root + "/yadg-photos") == 0o700 && Self.mode(path) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("picture".utf8))
        // Opened again: the new bytes, and the old copy is not left longer than the new one.
        _ = try folder.save(Array("pic".utf8), as: "4-1.png")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("pic".utf8))
        // A folder made by someone else at the name beforehand is tightened only when it is ours.
        chmod(root + "/yadg-photos", 0o755)
        _ = try folder.save(Array("x".utf8), as: "5-1.png")
        #expect(Self.mode(root + "/yadg-photos") == 0o700)
    }

    @Test("Scrubbing overwrites every opened photo with zeros before it is removed, and the folder goes")
    func scrubbed() throws {
        let root = TemporaryFolder.make()
        defer { TemporaryFolder.remove(root) }
        let folder = OpenedPhotoFolder(path: root + "/yadg-photos", clearedAtLogout: true)
        let picture = Array("photo marker-7431 ".utf8) + [UInt8](repeating: 0x41, count: 40_000)
        let first = try folder.save(picture, as: "4-1.png")
        _ = try folder.save(picture, as: "4-2.jpg")
        // Held open as a viewer would hold it: it sees what was on disk after the scrub.
        let held = open(first, O_RDONLY)
        #expect(held >= 0)
        defer { close(held) }
        #expect(folder.scrub() == 2)
        #expect(!FileManager.default.fileExists(atPath: root + "/yadg-photos"))
        var left = [UInt8](repeating: 0xFF, count: picture.count + 10)
        let count = pread(held, &left, left.count, 0)
        #expect(count == picture.count)
        #expect(left.prefix(count).allSatisfy { $0 == 0 }, "the picture's bytes were left on disk")
        #expect(folder.scrub() == 0, "nothing to scrub twice")
    }

    @Test("A folder at the name that is a link, or a link inside it, is never written through")
    func neverThroughALink() throws {
        let root = TemporaryFolder.make()
        defer { TemporaryFolder.remove(root) }
        let elsewhere = root + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        symlink(elsewhere, root + "/yadg-photos")
        let linked = OpenedPhotoFolder(path: root + "/yadg-photos", clearedAtLogout: false)
        #expect(throws: POSIXError.self) { try linked.save(Array("picture".utf8), as: "4-1.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(linked.scrub() == 0)

        // A file name inside that is a link to another file: the link goes, the file is untouched.
        let folder = OpenedPhotoFolder(path: root + "/own", clearedAtLogout: false)
        _ = try folder.save([1], as: "1-1.png")
        let target = root + "/target"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        symlink(target, root + "/own/4-1.png")
        let path = try folder.save(Array("picture".utf8), as: "4-1.png")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("keep me".utf8))
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("picture".utf8))
        symlink(target, root + "/own/5-1.png")
        #expect(folder.scrub() == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("keep me".utf8))
    }
}
