#ifndef YADG_CLIBEDIT_SHIM_H
#define YADG_CLIBEDIT_SHIM_H
// Non-variadic wrappers around libedit's variadic el_set/el_get/history, which Swift cannot call,
// plus accessors for the C standard streams (Swift 6 rejects the `stdin`/`stdout` globals).
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>
#include <sys/ioctl.h>
#include <unistd.h>

typedef char *(*yadg_prompt_fn)(EditLine *);
typedef int (*yadg_getc_fn)(EditLine *, wchar_t *);
typedef unsigned char (*yadg_editor_fn)(EditLine *, int);

static inline FILE *yadg_stdin(void) { return stdin; }
static inline FILE *yadg_stdout(void) { return stdout; }
static inline FILE *yadg_stderr(void) { return stderr; }

/// The prompt function; `\1` marks the start and end of invisible (colour) sequences.
static inline int yadg_el_set_prompt(EditLine *el, yadg_prompt_fn fn) { return el_set(el, EL_PROMPT_ESC, fn, '\1'); }
static inline int yadg_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int yadg_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int yadg_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int yadg_el_set_getcfn(EditLine *el, yadg_getc_fn fn) { return el_set(el, EL_GETCFN, fn); }
static inline int yadg_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *yadg_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int yadg_el_addfn(EditLine *el, const char *name, const char *help, yadg_editor_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int yadg_el_bind(EditLine *el, const char *key, const char *name) {
    return el_set(el, EL_BIND, key, name, NULL);
}
/// Turns off ISIG while editing so Ctrl-C reaches our own binding instead of raising SIGINT.
static inline int yadg_el_setty_no_isig(EditLine *el) { return el_set(el, EL_SETTY, "-d", "-isig", NULL); }
/// The settings libedit gives the terminal between two lines (its "execute" mode): no line mode, no
/// echo, and no signal keys, so a Ctrl-C typed ahead while a line is answered reaches the next prompt
/// (and abandons what was typed there) instead of flushing the keys before it and ending the run.
static inline int yadg_el_setty_quiet_between_lines(EditLine *el) { return el_set(el, EL_SETTY, "-x", "-icanon", "-echo", "-isig", NULL); }
static inline int yadg_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
static inline int yadg_el_columns(EditLine *el) {
    int cols = 0;
    if (el_get(el, EL_GETTC, "co", &cols) != 0) return 80;
    return cols;
}

/// Bytes waiting to be read from `fd` (FIONREAD; ioctl is variadic), 0 when unknown.
static inline int yadg_pending_input(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : 0;
}

/// The terminal's width in columns (TIOCGWINSZ; ioctl is variadic), or 80 when unknown.
static inline int yadg_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}

/// The terminal's height in rows, or 24 when unknown.
static inline int yadg_terminal_rows(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) return size.ws_row;
    return 24;
}

static inline int yadg_history_setsize(History *h, int size) { HistEvent ev; return history(h, &ev, H_SETSIZE, size); }
static inline int yadg_history_setunique(History *h, int on) { HistEvent ev; return history(h, &ev, H_SETUNIQUE, on); }
static inline int yadg_history_enter(History *h, const char *line) { HistEvent ev; return history(h, &ev, H_ENTER, line); }

#endif
