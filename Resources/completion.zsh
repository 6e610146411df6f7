#compdef yadg
# zsh completion for yadg, printed by `yadg completions zsh`.
# Install: save it as _yadg in a folder on your $fpath (for example ~/.zfunc, with
# `fpath=(~/.zfunc $fpath)` before `compinit` in ~/.zshrc); or add `source <(yadg completions zsh)`
# to ~/.zshrc after `compinit`.
# What Tab offers comes from yadg itself (`yadg __complete`), so it never drifts from the commands.
_yadg() {
    local -a lines described plain
    local line word
    lines=("${(@f)$(${~words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    if [[ ${lines[1]} == ":files" ]]; then
        _files
        return
    fi
    for line in $lines; do
        [[ -z $line ]] && continue
        word=${line%%$'\t'*}
        if [[ $line == *$'\t'* ]]; then
            described+=("${word//:/\\:}:${line#*$'\t'}")
        else
            plain+=("$word")
        fi
    done
    # Commands and options with what they do; tags, moods and values as they are. yadg has
    # matched them to the word already (a # in it would read as a pattern here), so -U.
    (( ${#described} )) && _describe -t commands yadg described
    (( ${#plain} )) && compadd -U -- "${plain[@]}"
    return 0
}
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
    _yadg "$@"
else
    compdef _yadg yadg
fi
