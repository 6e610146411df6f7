# fish completion for yadg, printed by `yadg completions fish`.
# Install: save it as ~/.config/fish/completions/yadg.fish (or, system-wide,
# /usr/share/fish/vendor_completions.d/yadg.fish); or run `yadg completions fish | source`.
# What Tab offers comes from yadg itself (`yadg __complete`), so it never drifts from the commands.
function __yadg_complete
    set -l current (commandline -ct)
    set -l tokens (commandline -opc)
    set -l answer ($tokens[1] __complete $tokens[2..-1] "$current" 2>/dev/null)
    if test "$answer[1]" = ":files"
        __fish_complete_path "$current"
        return
    end
    printf '%s\n' $answer
end
complete -c yadg -f -a '(__yadg_complete)'
