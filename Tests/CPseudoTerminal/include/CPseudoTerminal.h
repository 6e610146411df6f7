#ifndef YADG_CPSEUDOTERMINAL_H
#define YADG_CPSEUDOTERMINAL_H
/// Opens a pseudo-terminal pair of `rows`×`cols`. Returns the master fd and stores the slave's
/// path in `name` (at least 128 bytes); -1 on failure. For the interactive end-to-end tests.
int yadg_open_pty(char *name, int rows, int cols);
/// Sets the pseudo-terminal's size (the child must be sent SIGWINCH to notice).
int yadg_resize_pty(int master, int rows, int cols);
#endif
