import CLibEdit
import YadgCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What moves on the screen, and the lines that may still be redrawn where they are.
///
/// A line printed before the prompt is addressed by how many rows above the prompt it is. That
/// holds only while nothing is printed above the prompt, no key is typed, and the terminal keeps
/// its size: each place remembers the counts of the first two, and a resize forgets them all.
struct MovingState {
    struct Place {
        var rowsAbove: Int
        var keys: Int
        var generation: Int
    }

    struct Animation {
        var place: Place
        var frames: [String]
        var index = 0
        /// Breathing repeats until then; a fade runs once.
        var until: Date?
        /// The frame that stays when it stops.
        var rest: String
    }

    /// Keys read so far.
    var keysTyped = 0
    /// Counts prints above the prompt and submitted lines: each moves every row.
    var generation = 0
    var places: [String: Place] = [:]
    var breathing: Animation?
    var fading: Animation?
    /// The waiting pulse's frame, while the prompt shows it.
    var pulse: Int?

    mutating func forgetPlaces() {
        places = [:]
        breathing = nil
        fading = nil
    }
}

extension EditLineReader {
    /// Home's phrase, `rowsAbove` rows above the prompt about to be drawn, breathes until a key,
    /// anything printed, or ``Motion/breathingSeconds``.
    public func breathe(_ text: String, rowsAbove: Int) {
        guard motion.enabled, fitsOneRow(text) else { return }
        let place = MovingState.Place(rowsAbove: rowsAbove, keys: moving.keysTyped, generation: moving.generation)
        moving.breathing = MovingState.Animation(
            place: place, frames: motion.breathing(text), until: Date().addingTimeInterval(Motion.breathingSeconds),
            rest: motion.rest(text))
    }

    /// Remembers where a line just printed is (`rowsAbove` rows above the prompt about to be
    /// drawn), so a message posted with the same key may replace it.
    public func place(_ key: String, rowsAbove: Int) {
        guard motion.enabled else { return }
        moving.places[key] = MovingState.Place(
            rowsAbove: rowsAbove, keys: moving.keysTyped, generation: moving.generation)
    }

    var isMoving: Bool {
        motion.enabled
            && (moving.breathing != nil || moving.fading != nil || outbox.isWaiting || moving.pulse != nil)
    }

    /// Draws the next frame of whatever moves. True when the prompt changed (libedit redraws it
    /// with the line, the cursor where it was).
    func drawFrame() -> Bool {
        if var breathing = moving.breathing {
            if let until = breathing.until, Date() > until || !isValid(breathing.place) {
                settleBreathing()
            } else {
                draw(breathing.frames[breathing.index % breathing.frames.count], at: breathing.place)
                breathing.index += 1
                moving.breathing = breathing
            }
        }
        drawFrameOfFade()
        let glyph = "›"
        if outbox.isWaiting {
            let frames = motion.waitingPrompts(glyph)
            let next = ((moving.pulse ?? -1) + 1) % frames.count
            moving.pulse = next
            setPrompt(frames[next])
            return true
        }
        guard moving.pulse != nil else { return false }
        moving.pulse = nil
        restorePrompt()
        return true
    }

    /// Starts the fade of `text` where the line placed under `key` is, when it is still there and
    /// nothing was typed since. False: print it above instead.
    func replaceInPlace(_ key: String, with text: String) -> Bool {
        guard let place = moving.places.removeValue(forKey: key), isValid(place), fitsOneRow(text) else { return false }
        let frames = motion.fadeIn(text)
        moving.fading = MovingState.Animation(place: place, frames: frames, rest: frames.last ?? "")
        // The first frame at once: the offline line is replaced the moment the praise arrives.
        drawFrameOfFade()
        return true
    }

    /// The fade's next frame, if one is running.
    private func drawFrameOfFade() {
        guard var fading = moving.fading else { return }
        draw(fading.frames[fading.index], at: fading.place)
        fading.index += 1
        moving.fading = fading.index < fading.frames.count ? fading : nil
    }

    /// Ends every animation in its resting frame, where the rows are still where they were.
    /// - Parameter cursorRowsBelowPrompt: where the cursor is, when libedit no longer knows (a
    ///   line just ended); nil to ask libedit.
    func settleMotion(cursorRowsBelowPrompt rows: Int? = nil) {
        settleBreathing(cursorRowsBelowPrompt: rows)
        if let fading = moving.fading, isValid(fading.place, ignoringKeys: true) {
            draw(fading.rest, at: fading.place, cursorRowsBelowPrompt: rows)
        }
        moving.fading = nil
    }

    /// Home's phrase back in its own colour, and still.
    func settleBreathing(cursorRowsBelowPrompt rows: Int? = nil) {
        if let breathing = moving.breathing, isValid(breathing.place, ignoringKeys: true) {
            draw(breathing.rest, at: breathing.place, cursorRowsBelowPrompt: rows)
        }
        moving.breathing = nil
    }

    func restorePrompt() {
        moving.pulse = nil
        setPrompt(promptText)
    }

    private func setPrompt(_ text: String) {
        free(promptStorage)
        promptStorage = strdup(text)
    }

    private func isValid(_ place: MovingState.Place, ignoringKeys: Bool = false) -> Bool {
        place.generation == moving.generation && (ignoringKeys || place.keys == moving.keysTyped)
    }

    private func fitsOneRow(_ text: String) -> Bool { TextWidth.columns(text) < columns }

    /// Rewrites the row `place` names, and puts the cursor back exactly where libedit left it.
    private func draw(_ frame: String, at place: MovingState.Place, cursorRowsBelowPrompt rows: Int? = nil) {
        let up = place.rowsAbove + (rows ?? cursorRowsBelowPrompt)
        // A row scrolled off the top cannot be reached: moving up would land on another.
        guard up >= 1, up < Int(yadg_terminal_rows(1)) else { return }
        fputs("\u{1B}7\u{1B}[\(up)A\r\u{1B}[2K" + frame + "\u{1B}8", yadg_stdout())
        fflush(yadg_stdout())
    }
}
