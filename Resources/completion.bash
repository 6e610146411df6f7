# bash completion for yadg, printed by `yadg completions bash`.
# Install: save it as ~/.local/share/bash-completion/completions/yadg (or, system-wide,
# /usr/share/bash-completion/completions/yadg); or add `source <(yadg completions bash)` to ~/.bashrc.
# What Tab offers comes from yadg itself (`yadg __complete`), so it never drifts from the commands.
_yadg() {
    local cur=${COMP_WORDS[COMP_CWORD]} yadg=${COMP_WORDS[0]/#\~/$HOME}
    local answer line word IFS=$'\n'
    COMPREPLY=()
    answer=$("$yadg" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
    if [[ $answer == ":files" ]]; then
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
        return 0
    fi
    for line in $answer; do
        word=${line%%$'\t'*}
        # A word starting with # would start a comment: it goes in escaped.
        [[ $word == \#* ]] && word="\\$word"
        COMPREPLY+=("$word")
    done
}
complete -F _yadg yadg
