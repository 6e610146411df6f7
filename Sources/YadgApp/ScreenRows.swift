import YadgCore
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where printed lines sit above the prompt, counted in terminal rows, so the editor can redraw
/// one in place (Home's phrase breathing, the AI praise fading in over the offline line).
enum ScreenRows {
    /// Rows the lines after `index` take at `width` (a line wider than the terminal takes several).
    static func below(_ index: Int, of lines: [StyledLine], width: Int) -> Int {
        let width = max(1, width)
        var rows = 0
        for line in Array(lines.dropFirst(index + 1)).wrapped(to: width) {
            let columns = TextWidth.columns(line.text)
            rows += max(1, (columns + width - 1) / width)
        }
        return rows
    }

    /// After a card was written: where its offline praise line is, so the AI praise may take its
    /// place. Only a line that fits one row is placed.
    static func placeOfflinePraise(of reply: ShellReply, in editor: EditLineReader, blankAfter: Bool) {
        guard let moment = reply.events.lazy.compactMap({ if case .logged(let m) = $0 { m } else { nil } }).first,
            !moment.offlinePraise.isEmpty,
            let index = reply.lines.firstIndex(where: {
                $0.text == "  " + moment.offlinePraise && $0.style == .secondary
            })
        else { return }
        let width = EditLineReader.currentColumns
        guard TextWidth.columns(reply.lines[index].text) < width else { return }
        editor.place(
            moment.id.uuidString, rowsAbove: below(index, of: reply.lines, width: width) + (blankAfter ? 2 : 1))
    }
}
